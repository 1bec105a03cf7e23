//! The input bytes choose a start position and the moves of a playout. At every position: each
//! generated move is legal by `is_legal` and is not repeated, the incremental key equals the key
//! computed from scratch, noisy + quiet moves are the legal moves, and FEN round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_core::fen::to_fen;
use vidle_core::{MoveList, parse_fen};

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, moves)) = data.split_first() else { return };
    let mut pos = parse_fen(FENS[which as usize % FENS.len()]).unwrap();
    for &choice in moves {
        let legal = pos.legal_moves();
        assert_eq!(pos.key(), pos.compute_key());
        let fen = to_fen(&pos, true);
        assert_eq!(parse_fen(&fen), Ok(pos), "{fen}");
        let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
        pos.noisy_moves(&mut noisy);
        pos.quiet_moves(&mut quiet);
        assert_eq!(noisy.len() + quiet.len(), legal.len());
        for (i, m) in legal.iter().enumerate() {
            assert!(pos.is_legal(m), "{m:?} in {fen}");
            assert!(noisy.contains(m) != quiet.contains(m), "{m:?} in {fen}");
            assert!(!legal.iter().skip(i + 1).any(|x| x == m), "{m:?} twice in {fen}");
        }
        if legal.is_empty() {
            return;
        }
        pos = pos.played(legal.get(choice as usize % legal.len()).unwrap());
    }
});
