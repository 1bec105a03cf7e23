//! `vidle book build` must give the same entries as `polyglot make-book` for the same input and
//! settings. Runs only where the `polyglot` program is installed (Debian package `polyglot`;
//! .ci/run installs it), otherwise says "skipped: ...": on the PGN fixtures of tests/data, and
//! on the full files of ../shared/data where they are.

mod common;

use common::{fixture, scratch_dir, shared_data};
use std::path::{Path, PathBuf};
use std::process::Command;
use vidle_book::{Book, BookBuilder, BuildOptions, Entry};
use vidle_core::Color;

fn polyglot() -> Option<PathBuf> {
    let candidates = ["polyglot", "/usr/games/polyglot"];
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|p| Command::new(p).arg("make-book").arg("-h").output().is_ok())
}

/// Our book's entries and Polyglot's, each sorted (Polyglot orders equal weights arbitrarily).
fn both(
    pg: &Path,
    pgn: &Path,
    args: &[&str],
    opts: BuildOptions,
    dir: &Path,
) -> (Vec<Entry>, Vec<Entry>) {
    let out = dir.join("polyglot.bin");
    let _ = std::fs::remove_file(&out);
    let status = Command::new(pg)
        .arg("make-book")
        .arg("-pgn")
        .arg(pgn)
        .arg("-bin")
        .arg(&out)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run polyglot");
    assert!(out.exists(), "polyglot wrote no book: {}", String::from_utf8_lossy(&status.stdout));
    let mut theirs = Book::open(&out).unwrap().raw_entries().to_vec();
    let mut builder = BookBuilder::new(opts);
    builder.add_pgn(std::fs::File::open(pgn).unwrap(), &mut |_| {}).unwrap();
    let (book, summary) = builder.finish();
    assert_eq!(summary.games_skipped(), 0, "{:?}", summary.skip_examples);
    let mut ours = Book::from_bytes(&book.to_bytes()).unwrap().raw_entries().to_vec();
    theirs.sort();
    ours.sort();
    (ours, theirs)
}

/// The games of `src` without a FEN tag (Polyglot ignores the tag and so fails on them).
fn without_fen_games(src: &Path, dst: &Path) {
    let bytes = std::fs::read(src).unwrap();
    let text: String = bytes.iter().map(|&b| char::from(b)).collect(); // Latin-1 view
    let mut out = String::new();
    for (i, chunk) in text.split("[Event ").enumerate() {
        if i == 0 || !chunk.contains("[FEN ") {
            if i > 0 {
                out.push_str("[Event ");
            }
            out.push_str(chunk);
        }
    }
    let latin1: Vec<u8> = out.chars().map(|c| c as u32 as u8).collect();
    std::fs::write(dst, latin1).unwrap();
}

#[test]
fn same_entries_as_polyglot_make_book() {
    let check = "the comparison with polyglot make-book";
    let pg = polyglot();
    if !vidle_core::testdata::skip_unless(
        pg.is_some(),
        check,
        "the polyglot program is not installed",
    ) {
        return;
    }
    let pg = pg.unwrap();
    let dir = scratch_dir("polyglot");
    // The fixtures (subsets of the files below), then the full files where they are.
    let small = [
        fixture("pgn/dortmund.pgn"),
        fixture("pgn/world_matches.pgn"),
        fixture("openings/8moves_v3.pgn"),
    ];
    compare_on(&pg, None, &small, &dir);
    let full =
        ["pgn/eco.pgn", "pgn/dortmund.pgn", "pgn/world_matches.pgn", "openings/8moves_v3.pgn"]
            .map(|rel| shared_data(rel, &format!("{check} on the full {rel}")));
    if let [Some(eco), Some(dortmund), Some(wm), Some(eight)] = full {
        compare_on(&pg, Some(&eco), &[dortmund, wm, eight], &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Compares on `eco` (if given), `dortmund`, `world_matches` (its games without a FEN tag),
/// `eight` (openings) and a file of 20,000 generated games, under several settings.
fn compare_on(pg: &Path, eco: Option<&PathBuf>, [dortmund, wm, eight]: &[PathBuf; 3], dir: &Path) {
    let (dortmund, eight) = (dortmund.as_path(), eight.as_path());
    let wm_plain = dir.join("world_matches_nofen.pgn");
    without_fen_games(wm, &wm_plain);
    // 18000 games start 1. e4: Polyglot halves a position's counts at 16384 occurrences.
    let halving = dir.join("halving.pgn");
    let mut text = String::new();
    let lines = ["1. e4 e5 2. Nf3", "1. d4 d5", "1. e4 c5", "1. c4"];
    let results = ["1-0", "0-1", "1/2-1/2", "*"];
    for i in 0..20_000usize {
        let r = results[(i * 7 + i / 3) % 4];
        text.push_str(&format!(
            "[Result \"{r}\"]\n\n{} {r}\n\n",
            lines[if i % 5 != 0 { 0 } else { (i / 5) % 4 }]
        ));
    }
    std::fs::write(&halving, text).unwrap();
    let d = BuildOptions::default();
    let mut cases: Vec<(&Path, Vec<&str>, BuildOptions)> = Vec::new();
    if let Some(eco) = eco.map(PathBuf::as_path) {
        cases.push((eco, vec![], d.clone()));
        cases.push((
            eco,
            vec!["-min-game", "1", "-max-ply", "12"],
            BuildOptions { min_games: 1, max_ply: 12, ..d },
        ));
    }
    cases.extend([
        (dortmund, vec!["-min-game", "1"], BuildOptions { min_games: 1, ..d.clone() }),
        (
            dortmund,
            vec!["-only-white", "-min-game", "2"],
            BuildOptions { min_games: 2, only: Some(Color::White), ..d.clone() },
        ),
        (dortmund, vec!["-only-black"], BuildOptions { only: Some(Color::Black), ..d.clone() }),
        (
            dortmund,
            vec!["-min-score", "50", "-min-game", "1"],
            BuildOptions { min_games: 1, min_score: 0.5, ..d.clone() },
        ),
        (dortmund, vec!["-uniform"], BuildOptions { uniform: true, ..d.clone() }),
        (&wm_plain, vec!["-min-game", "1"], BuildOptions { min_games: 1, ..d.clone() }),
        (eight, vec![], d.clone()),
        (&halving, vec![], d),
    ]);
    for (pgn, args, opts) in cases {
        let (ours, theirs) = both(pg, pgn, &args, opts, dir);
        assert!(!theirs.is_empty());
        let only_ours = ours.iter().filter(|e| theirs.binary_search(e).is_err()).count();
        let only_theirs = theirs.iter().filter(|e| ours.binary_search(e).is_err()).count();
        assert_eq!(
            (only_ours, only_theirs),
            (0, 0),
            "{} {args:?}: {} entries vs polyglot's {}",
            pgn.display(),
            ours.len(),
            theirs.len()
        );
        println!("{} {args:?}: {} entries, identical", pgn.display(), ours.len());
    }
}
