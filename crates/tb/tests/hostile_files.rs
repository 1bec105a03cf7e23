//! Table files that are not what they claim: another endgame's file under a table's name,
//! bytes appended after the last block, a damaged table and a killed run's temporary files on
//! a resumed `gen`. Each is an error naming the file (or is regenerated), never a panic.

use std::path::Path;
use vidle_tb::format::{self, MetricKind};
use vidle_tb::{GenOptions, Material, Tablebases, TbError};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("vidle-tb-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn generate(dir: &Path, names: &[&str]) -> Vec<vidle_tb::GenReport> {
    let targets: Vec<Material> = names.iter().map(|n| n.parse().unwrap()).collect();
    vidle_tb::generate(&targets, &GenOptions::new(dir.to_path_buf(), 0, false), |_| {}).unwrap()
}

const KRK: &str = "8/8/1k6/5R2/8/8/K7/8 b - - 0 1";

#[test]
fn another_endgames_file_under_a_tables_name_is_refused() {
    let dir = temp_dir("swapped");
    generate(&dir, &["KQvK", "KRvK"]);
    let (kq, kr): (Material, Material) = ("KQvK".parse().unwrap(), "KRvK".parse().unwrap());
    for metric in [MetricKind::Dtm, MetricKind::Dtz] {
        std::fs::copy(format::table_path(&dir, &kq, metric), format::table_path(&dir, &kr, metric))
            .unwrap();
    }
    let pos = vidle_core::parse_fen(KRK).unwrap();
    let tb = Tablebases::open(&dir).unwrap();
    for probe in
        [tb.probe_dtm(&pos).map(|r| r.map(|_| ())), tb.probe_wdl(&pos).map(|r| r.map(|_| ()))]
    {
        let err = probe.expect("KRvK is covered").unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, TbError::BadHeader { .. } | TbError::Unusable(_)), "{text}");
        assert!(text.contains("KRvK.vdt") && text.contains("KQvK"), "{text}");
    }
    assert!(tb.root_moves(&pos).is_some_and(|r| r.is_err()));
    // The same bytes under their own name are fine.
    let t = tb.table(kq, MetricKind::Dtm).unwrap().unwrap();
    t.verify_blocks().unwrap();
}

#[test]
fn bytes_after_the_last_block_are_refused() {
    let dir = temp_dir("appended");
    generate(&dir, &["KRvK"]);
    let m: Material = "KRvK".parse().unwrap();
    let path = format::table_path(&dir, &m, MetricKind::Dtz);
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(format::decode_table(&bytes, "KRvK.vdtz").is_ok());
    bytes.extend_from_slice(b"extra");
    let err = format::decode_table(&bytes, "KRvK.vdtz").unwrap_err().to_string();
    assert!(err.contains("5 bytes after the last block"), "{err}");
    std::fs::write(&path, &bytes).unwrap();
    let tb = Tablebases::open(&dir).unwrap();
    let err = tb.table(m, MetricKind::Dtz).err().expect("refused").to_string();
    assert!(err.contains("KRvK.vdtz"), "{err}");
}

#[test]
fn a_resumed_gen_removes_stale_temporaries_and_redoes_damaged_tables() {
    let dir = temp_dir("resume");
    generate(&dir, &["KRvK"]);
    let m: Material = "KRvK".parse().unwrap();
    // A killed run's temporary file (a process id that cannot be running) and one of a live
    // process (ours: a second run on the same directory) which must stay.
    let stale = dir.join("KRvK.vdtm.4000000000-0.tmp");
    let stale_resolved = dir.join("resolved").join("KRvK.vdtm.4000000001-3.tmp");
    let live = dir.join(format!("KRvK.vdtz.{}-9.tmp", std::process::id()));
    let other = dir.join("notes.4000000000-0.tmp");
    for f in [&stale, &stale_resolved, &live, &other] {
        std::fs::write(f, b"partial").unwrap();
    }
    // An intact table is kept; a damaged block makes it be generated again.
    let reports = generate(&dir, &["KRvK"]);
    assert!(reports.iter().all(|r| r.kept), "intact tables are kept");
    assert!(!stale.exists() && !stale_resolved.exists(), "stale temporaries removed");
    assert!(live.exists() && other.exists(), "only the run's own tables' dead temporaries go");
    let path = format::table_path(&dir, &m, MetricKind::Dtm);
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let at = bad.len() - 3;
    bad[at] ^= 0x10;
    std::fs::write(&path, &bad).unwrap();
    let reports = generate(&dir, &["KRvK"]);
    let krk = reports.iter().find(|r| r.material == m).unwrap();
    assert!(!krk.kept, "a table with a bad checksum is not trusted");
    assert_eq!(std::fs::read(&path).unwrap(), good, "regenerated identically");
}
