//! Helpers shared by the integration tests: generating into a temp dir and the reference oracles.
#![allow(dead_code, clippy::needless_range_loop)]

use rayon::prelude::*;
use shakmaty::{CastlingMode, Chess, fen::Fen};
use shakmaty_syzygy::{MaybeRounded, Tablebase};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use vidle_tb::board::Board;
use vidle_tb::format::{self, MetricKind};
use vidle_tb::index::Layout;
use vidle_tb::{GenOptions, Material, TbValue, Wdl};

pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// A fresh directory under the system temp dir, unique per test name and process.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vidle-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One shared directory of generated tables for all tests in a binary.
pub fn shared_tables(names: &[&str]) -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    // VIDLE_TB_TEST_DIR keeps generated tables between runs (generation resumes there).
    let dir = DIR
        .get_or_init(|| match std::env::var_os("VIDLE_TB_TEST_DIR") {
            Some(d) => PathBuf::from(d),
            None => temp_dir("shared"),
        })
        .clone();
    let targets: Vec<Material> = names.iter().map(|n| n.parse().unwrap()).collect();
    let opts = GenOptions { dir: dir.clone(), threads: 0, progress: false };
    // Tests run on parallel threads: one generates while the others wait, then find the tables
    // already there (generation skips finished tables).
    static GEN: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = GEN.lock().unwrap_or_else(|e| e.into_inner());
    vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    dir
}

/// Every valid index of a table with its board: `(side, board, fen)`.
pub fn positions(m: &Material) -> Vec<(usize, Board, String)> {
    let layout = Layout::new(*m);
    let mut out = Vec::new();
    for idx in 0..layout.size {
        let Some(b) = layout.decode(idx) else { continue };
        for side in 0..2 {
            if b.legal_with(side) {
                let turn =
                    if side == 0 { vidle_core::Color::White } else { vidle_core::Color::Black };
                out.push((side, b, b.fen(turn)));
            }
        }
    }
    out
}

pub fn syzygy() -> Tablebase<Chess> {
    let mut tb = Tablebase::new();
    tb.add_directory(data_dir().join("syzygy")).unwrap();
    tb
}

fn our_wdl(v: TbValue) -> i32 {
    match Wdl::from_dtz(v) {
        Wdl::Loss => -2,
        Wdl::BlessedLoss => -1,
        Wdl::Draw => 0,
        Wdl::CursedWin => 1,
        Wdl::Win => 2,
    }
}

/// Compares every legal position of `m` with Syzygy WDL and DTZ; returns (positions, mismatches
/// as text, at most 10).
pub fn compare_syzygy(dir: &Path, tb: &Tablebase<Chess>, m: &Material) -> (usize, Vec<String>) {
    compare_syzygy_sampled(dir, tb, m, 1)
}

/// [`compare_syzygy`] on every `step`-th index (both sides to move of each).
pub fn compare_syzygy_sampled(
    dir: &Path,
    tb: &Tablebase<Chess>,
    m: &Material,
    step: u64,
) -> (usize, Vec<String>) {
    let (_, dtz) = format::read_table(&format::table_path(dir, m, MetricKind::Dtz)).unwrap();
    let layout = Layout::new(*m);
    let step = step.max(1);
    let results: Vec<(usize, Vec<String>)> = (0..layout.size.div_ceil(step))
        .into_par_iter()
        .map(|k| k * step)
        .map(|idx| {
            let mut n = 0;
            let mut bad = Vec::new();
            let Some(b) = layout.decode(idx) else { return (0, bad) };
            for side in 0..2 {
                if !b.legal_with(side) {
                    continue;
                }
                n += 1;
                let ours = TbValue::from_code(dtz[side][idx as usize])
                    .expect("legal position has a value");
                let turn =
                    if side == 0 { vidle_core::Color::White } else { vidle_core::Color::Black };
                let fen = b.fen(turn);
                // Legal but unreachable checks (shakmaty: IMPOSSIBLE_CHECK) are still
                // probed: shakmaty rejects them unless told to ignore the check test.
                let pos: Chess = fen
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
                    .or_else(shakmaty::PositionError::ignore_impossible_check)
                    .unwrap();
                let wdl = tb.probe_wdl_after_zeroing(&pos).unwrap() as i32;
                let theirs = tb.probe_dtz(&pos).unwrap();
                let ok_wdl = wdl == our_wdl(ours);
                let ours_signed = match ours {
                    TbValue::Loss(0) => theirs.ignore_rounding().0, // mated: conventions differ
                    v => v.signed(),
                };
                // Syzygy's DTZ may differ by one ply where that cannot change the result (its
                // documented rounding, and its count when the loser's reply is a forced zeroing
                // move); the five-valued result must agree exactly.
                let ok_dtz = match theirs {
                    MaybeRounded::Precise(d) | MaybeRounded::Rounded(d) => {
                        (d.0 - ours_signed).abs() <= 1 && d.0.signum() == ours_signed.signum()
                    }
                };
                if !(ok_wdl && ok_dtz) {
                    bad.push(format!(
                        "{fen}: ours {ours:?} (wdl {}), syzygy wdl {wdl} dtz {theirs:?}",
                        our_wdl(ours)
                    ));
                }
            }
            (n, bad)
        })
        .collect();
    let n = results.iter().map(|r| r.0).sum();
    let all_bad: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    let nbad = all_bad.len();
    let mut bad: Vec<String> = all_bad.into_iter().take(10).collect();
    if nbad > 0 {
        bad.push(format!("{nbad} mismatches in {m}"));
    }
    (n, bad)
}

const GAVIOTA_SCRIPT: &str = r#"
import sys, chess, chess.gaviota
tb = chess.gaviota.open_tablebase(sys.argv[1])
out = []
for line in sys.stdin:
    b = chess.Board(line.strip())
    out.append(str(tb.probe_dtm(b)))
sys.stdout.write("\n".join(out) + "\n")
"#;

/// Gaviota DTM (signed plies, python-chess's convention) for each FEN, through python-chess;
/// `None` when python3 with `chess` is not available.
pub fn gaviota_dtm(fens: &[String]) -> Option<Vec<i32>> {
    let ok = Command::new("python3").args(["-c", "import chess.gaviota"]).status().ok()?.success();
    if !ok {
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", GAVIOTA_SCRIPT, data_dir().join("gaviota").to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let input = fens.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().ok()?;
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "gaviota script failed");
    Some(String::from_utf8(out.stdout).unwrap().lines().map(|l| l.parse().unwrap()).collect())
}

/// Compares DTM of the given positions (all, or every `step`-th) with Gaviota.
pub fn compare_gaviota(dir: &Path, m: &Material, step: usize) -> Option<(usize, Vec<String>)> {
    // Through the prober, which reads the table file and resolves its exit-bounded entries.
    let tb = vidle_tb::Tablebases::open(dir).unwrap();
    let all = positions(m);
    let sample: Vec<&(usize, Board, String)> = all.iter().step_by(step.max(1)).collect();
    let fens: Vec<String> = sample.iter().map(|p| p.2.clone()).collect();
    let theirs = gaviota_dtm(&fens)?;
    let mut bad = Vec::new();
    let mut nbad = 0;
    for ((side, b, fen), g) in sample.iter().map(|p| (p.0, p.1, &p.2)).zip(theirs) {
        let ours =
            TbValue::from_code(tb.code(&b, side, MetricKind::Dtm).unwrap().unwrap()).unwrap();
        // python-chess: plies, positive when the side to move mates, negative when it is mated.
        let ok = match ours {
            TbValue::Win(d) => g == d as i32,
            TbValue::Loss(d) => g == -(d as i32),
            TbValue::Draw => g == 0,
        };
        if !ok {
            nbad += 1;
            if bad.len() < 10 {
                bad.push(format!("{fen}: ours {ours:?}, gaviota {g}"));
            }
        }
    }
    if nbad > 0 {
        bad.push(format!("{nbad} mismatches in {m}"));
    }
    Some((fens.len(), bad))
}
