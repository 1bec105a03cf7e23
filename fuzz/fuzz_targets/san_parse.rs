//! Random text as a move in a few positions: errors, never panics; a parsed move is legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_core::notation::{parse_move, parse_san};
use vidle_core::parse_fen;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3Pp3/8/8/8/R3K2R w KQ e6 0 1",
    "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = parse_fen(FENS[which as usize % FENS.len()]).unwrap();
    for result in [parse_move(&pos, text), parse_san(&pos, text)] {
        match result {
            Ok(m) => assert!(pos.is_legal(m), "{text:?} gave {m:?}"),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
