//! Stable-toolchain fuzzing of the book crate's readers (the cargo-fuzz targets in fuzz/ need
//! nightly): 100,000+ mutated Polyglot books and PGN texts, from valid seeds (pieces of the
//! GNU Chess book; the PGN fixtures and broken games), seeded and so reproducible. Asserts no
//! panic, that a book only ever yields legal moves, and that the PGN reader always makes
//! progress. `--nocapture` shows the inputs a second.

mod common;

use std::time::Instant;
use vidle_book::format::ENTRY_SIZE;
use vidle_book::pgn::PgnReader;
use vidle_book::{Book, BookBuilder, BookRng, BuildOptions, ChooseOptions};
use vidle_core::notation::parse_san;
use vidle_core::testdata::{Rng, fuzz_inputs, mutate, read_fixture};
use vidle_core::{Game, Position};

fn report(what: &str, inputs: usize, started: Instant, accepted: usize) {
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{what}: {inputs} inputs in {secs:.2} s ({:.0}/s), {accepted} accepted",
        inputs as f64 / secs
    );
}

/// The positions of the first moves of a few openings (the book has entries for them).
fn opening_positions() -> Vec<Position> {
    let mut out = vec![Position::startpos()];
    for line in ["e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O", "d4 d5 c4 e6 Nc3 Nf6", "e4 c5 Nf3 d6 d4"] {
        let mut game = Game::new(Position::startpos());
        for san in line.split(' ') {
            let m = parse_san(game.position(), san).unwrap();
            assert!(game.play(m));
            out.push(*game.position());
        }
    }
    out
}

#[test]
fn polyglot_reader_survives_mutated_books() {
    let book = Book::default_book();
    let bytes = book.to_bytes();
    let positions = opening_positions();
    // Seeds: runs of entries around each position's key, so that lookups find mutated entries.
    let seeds: Vec<Vec<u8>> = positions
        .iter()
        .map(|p| {
            let key = vidle_book::polyglot_key(p);
            let at = book.raw_entries().partition_point(|e| e.key < key);
            let (from, to) = (at.saturating_sub(8), (at + 24).min(book.len()));
            bytes[from * ENTRY_SIZE..to * ENTRY_SIZE].to_vec()
        })
        .collect();
    let inputs = fuzz_inputs();
    let mut rng = Rng(0xB00C);
    let mut pick = BookRng::seeded(1);
    let started = Instant::now();
    let mut accepted = 0;
    for _ in 0..inputs {
        let mut data = seeds[rng.below(seeds.len())].clone();
        let other = &seeds[rng.below(seeds.len())];
        mutate(&mut rng, &mut data, other, &[], 8);
        // Most inputs keep whole entries, so that the entries themselves are read.
        if rng.chance(3, 4) {
            data.truncate(data.len() / ENTRY_SIZE * ENTRY_SIZE);
        }
        let Ok(book) = Book::from_bytes(&data) else { continue };
        accepted += 1;
        let pos = &positions[rng.below(positions.len())];
        let legal = pos.legal_moves();
        assert!(book.lookup(pos).moves.iter().all(|b| legal.contains(b.mv)));
        if let Some(m) = book.choose(pos, &ChooseOptions::default(), &mut pick) {
            assert!(legal.contains(m), "{m:?}");
        }
    }
    report("Polyglot", inputs, started, accepted);
    assert!(accepted > inputs / 2, "only {accepted} mutated books read");
}

#[test]
fn pgn_reader_survives_mutated_text() {
    // Seeds: single games of the fixtures (CRLF, Latin-1, FEN starts, Chess960, annotations,
    // variations) and games broken in the ways the reader has to recover from.
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for rel in ["pgn/dortmund.pgn", "pgn/world_matches.pgn", "pgn/chess960rwch.pgn"] {
        let bytes = std::fs::read(common::fixture(rel)).unwrap();
        let text: String = bytes.iter().map(|&b| char::from(b)).collect(); // Latin-1 view
        for game in text.split("\n[Event ").skip(1).take(8) {
            let game = format!("[Event {game}");
            seeds.push(game.chars().map(|c| c as u32 as u8).collect());
        }
    }
    let openings = read_fixture("openings/8moves_v3.pgn");
    seeds.extend(openings.split("\n[Event ").take(10).map(|g| g.as_bytes().to_vec()));
    for broken in [
        "1. e4 ( e5 2. Nf3 *\n\n[Event \"x\"]\n\n1. d4 *",
        "[Event \"x\"]\n1. e4 {no end\n\n[Event \"y\"]\n1. c4 1-0",
        "% escape\n1. e4 $1 e5!? (1... c5 (1... e6)) 2. Nf3 ; to eol\n1/2-1/2",
    ] {
        seeds.push(broken.as_bytes().to_vec());
    }
    let inputs = fuzz_inputs();
    let mut rng = Rng(0x9614);
    let started = Instant::now();
    let (mut games, mut used) = (0, 0);
    let opts = BuildOptions { min_games: 1, max_ply: 40, ..Default::default() };
    let mut builder = BookBuilder::new(opts);
    for _ in 0..inputs {
        let mut data = seeds[rng.below(seeds.len())].clone();
        let other = &seeds[rng.below(seeds.len())];
        mutate(&mut rng, &mut data, other, b"[]{}()\"\\;%$!?.*-/ \n\r\t0123456789NBRQKOx+#=", 6);
        let mut n = 0;
        for game in PgnReader::new(&data[..]).with_max_moves(40) {
            let game = game.expect("reading from memory cannot fail");
            n += 1;
            assert!(n <= data.len() + 1, "the reader must make progress");
            // Replaying the moves (SAN, FEN tags) is the builder's part of reading.
            used += usize::from(builder.add_game(&game));
        }
        games += n;
    }
    report("PGN", inputs, started, games);
    assert!(games > inputs / 2 && used > inputs / 10, "{games} games, {used} used");
}
