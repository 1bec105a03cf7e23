//! Random text as a UCI move, in both castling modes: errors, never panics; a parsed move is
//! legal and writes back to the same text (standard castling `e1h1` reads as `e1g1`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::parse_fen;

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = parse_fen(FENS[which as usize % FENS.len()]).unwrap();
    for chess960 in [false, true] {
        if let Ok(m) = parse_uci(&pos, text, chess960) {
            assert!(pos.is_legal(m));
            if !m.is_castle() || chess960 {
                assert_eq!(to_uci(m, chess960), text);
            }
        }
    }
});
