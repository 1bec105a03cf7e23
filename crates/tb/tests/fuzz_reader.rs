//! Stable-toolchain fuzzing of the table file reader (the cargo-fuzz target in fuzz/ needs
//! nightly): 100,000+ mutations of the real KRvK DTM and DTZ files, seeded and so reproducible,
//! read as a whole (`decode_table`), through `TableFile` (header, block index, blocks) and
//! through the prober (`Tablebases`, from a file on disk). Asserts no panic: a damaged file is
//! an error, never a crash. `--nocapture` shows the inputs a second.

mod common;

use common::*;
use std::time::Instant;
use vidle_core::testdata::{Rng, fuzz_inputs, mutate};
use vidle_core::{Position, parse_fen};
use vidle_tb::format::{self, HEADER_LEN, MetricKind};
use vidle_tb::probe::{MemSource, TableFile};
use vidle_tb::{Material, Tablebases};

/// Rewrites the header, block index and block checksums so that a mutation gets past them to
/// the code behind (the codec, entry width, counts). Leaves what does not parse alone.
fn fix_checksums(b: &mut [u8]) {
    if b.len() < HEADER_LEN {
        return;
    }
    let crc = crc32fast::hash(&b[..124]);
    b[124..128].copy_from_slice(&crc.to_le_bytes());
    let n = u32::from_le_bytes(b[40..44].try_into().unwrap()) as usize;
    let end = HEADER_LEN + 16 * n;
    if n > 1 << 20 || end + 4 > b.len() {
        return;
    }
    for i in 0..n {
        let e = HEADER_LEN + 16 * i;
        let off = u64::from_le_bytes(b[e..e + 8].try_into().unwrap());
        let len = u32::from_le_bytes(b[e + 8..e + 12].try_into().unwrap()) as u64;
        if off.checked_add(len).is_some_and(|x| x <= b.len() as u64) {
            let crc = crc32fast::hash(&b[off as usize..(off + len) as usize]);
            b[e + 12..e + 16].copy_from_slice(&crc.to_le_bytes());
        }
    }
    let crc = crc32fast::hash(&b[HEADER_LEN..end]);
    b[end..end + 4].copy_from_slice(&crc.to_le_bytes());
}

#[test]
fn table_reader_survives_mutated_files() {
    let m: Material = "KRvK".parse().unwrap();
    let generated = shared_tables(&["KRvK"]);
    let seeds: Vec<(MetricKind, Vec<u8>)> = [MetricKind::Dtm, MetricKind::Dtz]
        .map(|k| (k, std::fs::read(format::table_path(&generated, &m, k)).unwrap()))
        .into();
    // The prober reads the mutated file from here, beside an intact copy of the other metric.
    let dir = temp_dir("fuzz");
    for (k, bytes) in &seeds {
        std::fs::write(format::table_path(&dir, &m, *k), bytes).unwrap();
    }
    let positions: Vec<Position> = [
        "8/8/8/8/8/2k5/8/KR6 w - - 0 1",
        "8/8/8/8/8/2k5/8/KR6 b - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "8/8/3k4/8/8/8/1R6/7K b - - 0 1",
    ]
    .map(|f| parse_fen(f).unwrap())
    .into();

    let inputs = fuzz_inputs();
    let mut rng = Rng(0x7AB1E);
    let started = Instant::now();
    let (mut opened, mut probed, mut values) = (0, 0, 0);
    for i in 0..inputs {
        let (kind, seed) = &seeds[rng.below(2)];
        let other = &seeds[rng.below(2)].1;
        let mut data = seed.clone();
        // Half of the mutations hit the header or block index, where the structure is.
        if rng.chance(1, 2) {
            let n = rng.below(HEADER_LEN + 64).min(data.len());
            let mut head = data[..n].to_vec();
            mutate(&mut rng, &mut head, &other[..n.min(other.len())], &[], 3);
            data.splice(..n, head);
        } else {
            mutate(&mut rng, &mut data, other, &[], 3);
        }
        // A third get valid checksums again, so that the reader looks past them.
        let fixed = rng.chance(1, 3);
        if fixed {
            fix_checksums(&mut data);
        }

        let _ = format::decode_table(&data, "KRvK");
        if let Ok(t) = TableFile::open(Box::new(MemSource(data.clone())), "KRvK") {
            opened += 1;
            for _ in 0..4 {
                let idx = rng.next_u64() % t.header.size.max(1);
                let _ = t.code(rng.below(2), idx);
            }
            if i % 16 == 0 {
                let _ = t.verify_blocks();
            }
        }
        if i % 16 == 0 {
            // Through a file on disk, as the engine probes.
            let path = format::table_path(&dir, &m, *kind);
            std::fs::write(&path, &data).unwrap();
            let tb = Tablebases::open(&dir).unwrap();
            for pos in &positions {
                probed += 1;
                values += usize::from(matches!(tb.probe_dtm(pos), Some(Ok(_))));
                values += usize::from(matches!(tb.probe_wdl(pos), Some(Ok(_))));
                let _ = tb.root_moves(pos);
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "table files: {inputs} inputs in {secs:.2} s ({:.0}/s), {opened} opened, {probed} probes \
         from disk, {values} values",
        inputs as f64 / secs
    );
    assert!(opened > inputs / 20 && values > 0, "{opened} opened, {values} values");
    let _ = std::fs::remove_dir_all(&dir);
}
