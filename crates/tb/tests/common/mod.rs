//! Helpers shared by the integration tests: generating into a temp dir and the reference oracles.
#![allow(dead_code, clippy::needless_range_loop)]

use shakmaty::Chess;
use shakmaty_syzygy::Tablebase;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use vidle_tb::board::Board;
use vidle_tb::index::Layout;
use vidle_tb::reference;
use vidle_tb::{GenOptions, Material};

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
    let opts = GenOptions::new(dir.clone(), 0, false);
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

/// The reference Syzygy tables of ../shared/data (or `$VIDLE_SHARED_DATA`); `None`, after a
/// "skipped: CHECK because ..." line, where they are not.
pub fn syzygy(check: &str) -> Option<Tablebase<Chess>> {
    let dir = vidle_core::testdata::shared_data("syzygy", check)?;
    Some(reference::open_syzygy(&dir).unwrap())
}

/// Whether the Gaviota comparison can run: the tables in ../shared/data and python3 with
/// python-chess; otherwise prints "skipped: CHECK because ..." (an error in CI).
pub fn gaviota_available(check: &str) -> bool {
    vidle_core::testdata::shared_data("gaviota", check).is_some()
        && vidle_core::testdata::skip_unless(
            reference::gaviota_available(),
            check,
            "python3 cannot import chess.gaviota (pip install chess)",
        )
}

/// A comparison as (positions, mismatch lines: the first examples and a count).
fn lines(m: &Material, c: reference::Comparison) -> (usize, Vec<String>) {
    let mut bad = c.examples;
    if c.mismatches > 0 {
        bad.push(format!("{} mismatches in {m}", c.mismatches));
    }
    (c.positions as usize, bad)
}

/// Every legal position of `m` against Syzygy WDL and DTZ.
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
    lines(m, reference::compare_syzygy(dir, tb, m, step).unwrap())
}

/// DTM of every `step`-th index against Gaviota (../shared/data/gaviota) through python-chess
/// (check [`gaviota_available`] first).
pub fn compare_gaviota(dir: &Path, m: &Material, step: usize) -> (usize, Vec<String>) {
    // Through the prober, which reads the table file and resolves its exit-bounded entries.
    let tb = vidle_tb::Tablebases::open(dir).unwrap();
    let gaviota = vidle_core::testdata::shared_data_dir().join("gaviota");
    lines(m, reference::compare_gaviota(&tb, &gaviota, m, step as u64).unwrap())
}
