//! Stable-toolchain fuzzing of the text readers (the cargo-fuzz targets in fuzz/ need nightly):
//! 100,000+ mutated inputs each for FEN/EPD, SAN and UCI moves, from valid seeds (the perft and
//! Chess960 fixtures and the moves of their positions) with bit flips, byte changes,
//! insertions, deletions, truncation and splices (`vidle_core::testdata::mutate`), seeded and so
//! reproducible. Asserts no panic, and that whatever is accepted is right: a FEN round-trips,
//! a move is legal. `--nocapture` shows the inputs a second.

mod common;

use std::time::Instant;
use vidle_core::fen::{parse_epd, to_fen};
use vidle_core::notation::{parse_move, parse_san, parse_uci, to_san, to_uci};
use vidle_core::testdata::{Rng, fuzz_inputs, mutate};
use vidle_core::{Position, parse_fen};

fn report(what: &str, inputs: usize, started: Instant, accepted: usize) {
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{what}: {inputs} inputs in {secs:.2} s ({:.0}/s), {accepted} accepted",
        inputs as f64 / secs
    );
}

/// Every FEN of the fixtures, standard and Chess960.
fn seed_fens() -> Vec<String> {
    let mut fens: Vec<String> = ["perft/standard.epd", "perft/fischer960.epd"]
        .into_iter()
        .flat_map(common::perft_suite)
        .map(|(fen, _)| fen)
        .collect();
    fens.extend(common::data_lines("openings/FRC_openings.epd"));
    fens
}

/// Mutates a seed drawn from `seeds` (spliced with another) into text.
fn mutated(rng: &mut Rng, seeds: &[String], alphabet: &[u8]) -> String {
    let mut bytes = seeds[rng.below(seeds.len())].as_bytes().to_vec();
    let other = seeds[rng.below(seeds.len())].as_bytes();
    mutate(rng, &mut bytes, other, alphabet, 4);
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn fen_and_epd_readers_survive_mutated_input() {
    let seeds: Vec<String> = seed_fens()
        .into_iter()
        .flat_map(|f| [f.clone(), format!("{f} bm e4; id \"x\";"), format!("{f} ;D1 20")])
        .collect();
    let mut rng = Rng(0xF3A1);
    let inputs = fuzz_inputs();
    let started = Instant::now();
    let mut accepted = 0;
    for _ in 0..inputs {
        let text = mutated(&mut rng, &seeds, b"pnbrqkPNBRQK12345678/ -wbKQkqAHah0e3e6;\"");
        if let Ok(pos) = parse_fen(&text) {
            accepted += 1;
            for shredder in [false, true] {
                assert_eq!(parse_fen(&to_fen(&pos, shredder)), Ok(pos), "{text:?}");
            }
            assert_eq!(pos.key(), pos.compute_key(), "{text:?}");
        }
        let _ = parse_epd(&text);
    }
    report("FEN/EPD", inputs, started, accepted);
    assert!(accepted > inputs / 200, "only {accepted} mutated FENs parsed");
}

/// Positions with their legal moves' SAN and UCI texts (both castling notations).
fn positions_and_moves() -> Vec<(Position, Vec<String>, Vec<String>)> {
    seed_fens()
        .iter()
        .filter_map(|f| parse_fen(f).ok())
        .flat_map(|p| [p, p.legal_moves().iter().next().map_or(p, |m| p.played(m))])
        .map(|p| {
            let moves = p.legal_moves();
            let san = moves.iter().map(|m| to_san(&p, m)).collect();
            let uci = moves.iter().flat_map(|m| [to_uci(m, false), to_uci(m, true)]).collect();
            (p, san, uci)
        })
        .filter(|(_, san, _): &(Position, Vec<String>, Vec<String>)| !san.is_empty())
        .collect()
}

#[test]
fn san_reader_survives_mutated_input() {
    let cases = positions_and_moves();
    let mut rng = Rng(0x5A11);
    let inputs = fuzz_inputs();
    let started = Instant::now();
    let mut accepted = 0;
    for i in 0..inputs {
        let (pos, san, _) = &cases[i % cases.len()];
        // Czech piece letters, castling, checks, promotions and sloppy forms.
        let text = mutated(&mut rng, san, b"NBRQKDVSJOo0-x=+#!?abcdefgh12345678 ");
        for m in [parse_san(pos, &text), parse_move(pos, &text)].into_iter().flatten() {
            accepted += 1;
            assert!(pos.legal_moves().contains(m), "{text:?} gave {m:?} in {pos:?}");
        }
    }
    report("SAN", inputs, started, accepted);
    assert!(accepted > inputs / 10, "only {accepted} mutated SAN moves read");
}

#[test]
fn uci_move_reader_survives_mutated_input() {
    let cases = positions_and_moves();
    let mut rng = Rng(0x0C1);
    let inputs = fuzz_inputs();
    let started = Instant::now();
    let mut accepted = 0;
    for i in 0..inputs {
        let (pos, _, uci) = &cases[i % cases.len()];
        let text = mutated(&mut rng, uci, b"abcdefgh12345678qrbnkQ0-");
        for chess960 in [false, true] {
            if let Ok(m) = parse_uci(pos, &text, chess960) {
                accepted += 1;
                assert!(pos.legal_moves().contains(m), "{text:?} gave {m:?} in {pos:?}");
            }
        }
    }
    report("UCI move", inputs, started, accepted);
    assert!(accepted > inputs / 50, "only {accepted} mutated UCI moves read");
}
