//! Build → write → read: every move of the source games is found again with its weight.

mod common;

use common::{fixture, shared_data};
use std::path::Path;
use vidle_book::pgn::PgnReader;
use vidle_book::{Book, BookBuilder, BuildOptions, MergeMode};
use vidle_core::notation::parse_move;
use vidle_core::{Game, Position};

#[test]
fn every_game_move_is_in_the_built_book() {
    // The first 30 games of dortmund.pgn (Latin-1, CRLF, annotated).
    every_game_move_is_in_the_book_built_from(&fixture("pgn/dortmund.pgn"), 30, 600);
}

#[test]
fn every_game_move_is_in_the_book_built_from_all_of_dortmund() {
    if let Some(path) = shared_data("pgn/dortmund.pgn", "the book round trip of all 347 games") {
        every_game_move_is_in_the_book_built_from(&path, 347, 9000);
    }
}

fn every_game_move_is_in_the_book_built_from(path: &Path, games: u64, min_moves: usize) {
    let opts = BuildOptions { min_games: 1, max_ply: 30, ..Default::default() };
    let mut builder = BookBuilder::new(opts);
    builder.add_pgn(std::fs::File::open(path).unwrap(), &mut |_| {}).unwrap();
    let (built, summary) = builder.finish();
    assert_eq!(summary.games_read, games);
    assert_eq!(summary.games_skipped(), 0, "{:?}", summary.skip_examples);
    let book = Book::from_bytes(&built.to_bytes()).unwrap();
    assert_eq!(book.raw_entries(), built.raw_entries());
    assert!(book.warnings().is_empty());

    let mut checked = 0;
    for g in PgnReader::new(std::fs::File::open(path).unwrap()).with_max_moves(30) {
        let g = g.unwrap();
        let result = g.tag("Result").unwrap_or("*").to_string();
        let mut game = Game::new(Position::startpos());
        for (ply, san) in g.moves.iter().enumerate() {
            let m = parse_move(game.position(), san).unwrap();
            let mover_lost = matches!((result.as_str(), ply % 2), ("1-0", 1) | ("0-1", 0));
            let found = book.entries_in_game(&game).iter().any(|b| b.mv == m);
            // A move only ever played by losers has weight 0 and is left out, as in Polyglot.
            assert!(found || mover_lost, "{san} at ply {ply} of game line {}", g.line);
            checked += 1;
            assert!(game.play(m));
        }
    }
    assert!(checked > min_moves, "{checked}");
}

#[test]
fn merge_prefers_first_or_sums() {
    let a = Book::default_book();
    let start = Position::startpos();
    let pgn = "[Result \"1-0\"]\n1. a4 *\n[Result \"1-0\"]\n1. a4 *\n[Result \"1-0\"]\n1. a4 *\n";
    let mut builder = BookBuilder::new(BuildOptions::default());
    builder.add_pgn(pgn.as_bytes(), &mut |_| {}).unwrap();
    let (b, _) = builder.finish();
    assert_eq!(b.len(), 1);
    let first = Book::merge(a, &b, MergeMode::PreferFirst);
    assert_eq!(first.entries(&start), a.entries(&start));
    let second = Book::merge(&b, a, MergeMode::PreferFirst);
    assert_eq!(second.entries(&start).len(), 1);
    let sum = Book::merge(a, &b, MergeMode::Sum);
    assert_eq!(sum.entries(&start).len(), a.entries(&start).len() + 1);
    assert_eq!(sum.len(), a.len() + 1);
}

#[test]
fn real_files_fen_starts_and_chess960_skips() {
    // The first 12 games of world_matches.pgn and all 20 Chess960 games.
    let wm = fixture("pgn/world_matches.pgn");
    fen_starts_and_chess960_skips(&wm, &fixture("pgn/chess960rwch.pgn"), 12);
}

#[test]
fn all_world_match_games_fen_starts_and_chess960_skips() {
    let check = "the book build of all 580 world-championship games";
    if let Some(wm) = shared_data("pgn/world_matches.pgn", check) {
        fen_starts_and_chess960_skips(&wm, &fixture("pgn/chess960rwch.pgn"), 580);
    }
}

fn fen_starts_and_chess960_skips(wm: &Path, c960: &Path, wm_games: u64) {
    let mut builder = BookBuilder::new(BuildOptions { min_games: 1, ..Default::default() });
    builder.add_pgn(std::fs::File::open(wm).unwrap(), &mut |_| {}).unwrap();
    builder.add_pgn(std::fs::File::open(c960).unwrap(), &mut |_| {}).unwrap();
    let (book, s) = builder.finish();
    assert_eq!(s.games_read, wm_games + 20);
    assert_eq!(s.games_used, wm_games, "{:?}", s.skip_examples);
    assert_eq!(s.skipped.get("non-standard variant"), Some(&20));
    // Game 2 of world_matches.pgn starts from a FEN (Lewis - Deschapelles, 17. f4, a win).
    let fen = "r1b2k2/pp2q1b1/2pp3r/4pp2/2B1P3/2N3Q1/PPP2PPP/3R1RK1 w - - 0 17";
    let pos = vidle_core::parse_fen(fen).unwrap();
    let moves = book.entries(&pos);
    assert_eq!(moves.len(), 1);
    assert_eq!(vidle_core::notation::to_san(&pos, moves[0].mv), "f4");
    assert_eq!(moves[0].weight, 2);
}
