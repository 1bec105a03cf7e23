//! The fuzz targets' properties (fuzz/fuzz_targets) as seeded randomized tests, so CI checks them
//! without nightly: playouts from random choices keep every generator invariant, and random UCI
//! text parses only to legal moves that write back to the same text.

mod common;

use common::Rng;
use vidle_core::fen::to_fen;
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::perft::{perft, perft_full};
use vidle_core::{MoveList, Position, parse_fen_relaxed};

/// One position's invariants (the `playout` fuzz target's checks).
fn check_position(pos: &Position) {
    let legal = pos.legal_moves();
    assert_eq!(pos.key(), pos.compute_key(), "{pos:?}");
    let fen = to_fen(pos, true);
    assert_eq!(parse_fen_relaxed(&fen).as_ref(), Ok(pos), "{fen}");
    let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    pos.noisy_moves(&mut noisy);
    pos.quiet_moves(&mut quiet);
    assert_eq!(noisy.len() + quiet.len(), legal.len(), "{fen}");
    assert_eq!(legal.len() as u64, pos.count_legal(), "{fen}");
    for (i, m) in legal.iter().enumerate() {
        assert!(pos.is_legal(m), "{m:?} in {fen}");
        assert!(noisy.contains(m) != quiet.contains(m), "{m:?} in {fen}");
        assert!(!legal.iter().skip(i + 1).any(|x| x == m), "{m:?} twice in {fen}");
        assert_eq!(pos.gives_check(m), pos.played(m).is_check(), "{m:?} in {fen}");
    }
}

#[test]
fn random_playouts_keep_invariants() {
    let mut starts: Vec<String> = common::perft_suite("perft/standard.epd")
        .into_iter()
        .chain(common::spread(&common::perft_suite("perft/fischer960.epd"), 100))
        .map(|(fen, _)| fen)
        .collect();
    starts.extend(common::spread(&common::data_lines("openings/2moves_v1.epd"), 100));
    let mut rng = Rng(0x1A7);
    let mut positions = 0;
    for fen in &starts {
        for _ in 0..3 {
            let mut pos = parse_fen_relaxed(fen).unwrap();
            for _ in 0..150 {
                check_position(&pos);
                positions += 1;
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos = pos.played(legal.get(rng.below(legal.len())).unwrap());
            }
        }
    }
    assert!(positions > 50_000, "{positions}");
}

#[test]
fn bulk_and_full_perft_agree() {
    for (fen, counts) in common::spread(&common::perft_suite("perft/fischer960.epd"), 50) {
        let pos = parse_fen_relaxed(&fen).unwrap();
        for &(depth, n) in counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(perft(&pos, depth), n, "{fen}");
            assert_eq!(perft_full(&pos, depth), n, "{fen}");
        }
    }
}

#[test]
fn random_uci_text() {
    let positions = [
        Position::startpos(),
        parse_fen_relaxed("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap(),
        parse_fen_relaxed("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1").unwrap(),
        parse_fen_relaxed("4k3/1P6/8/3Pp3/8/8/8/R3K2R w KQ e6 0 1").unwrap(),
    ];
    let alphabet: Vec<char> = "abcdefghi0123456789qrbnkpQ -é".chars().collect();
    let mut rng = Rng(0x0C1);
    let mut parsed = 0;
    for i in 0..300_000 {
        let pos = &positions[i % positions.len()];
        let len = 3 + rng.below(4);
        // Mostly plausible text: squares, sometimes a piece letter, sometimes noise.
        let text: String = (0..len)
            .map(|k| match (k % 2, rng.below(8)) {
                (_, 0) => alphabet[rng.below(alphabet.len())],
                (0, _) => (b'a' + rng.below(8) as u8) as char,
                (_, _) if k == 4 => ['q', 'r', 'b', 'n'][rng.below(4)],
                _ => (b'1' + rng.below(8) as u8) as char,
            })
            .collect();
        for chess960 in [false, true] {
            if let Ok(m) = parse_uci(pos, &text, chess960) {
                parsed += 1;
                assert!(pos.is_legal(m));
                if !m.is_castle() || chess960 {
                    assert_eq!(to_uci(m, chess960), text);
                }
            }
        }
    }
    assert!(parsed > 200, "{parsed}");
}
