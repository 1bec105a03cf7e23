//! Times full and bulk perft on the start position and Kiwipete (quick speed check):
//! `cargo run --release -p vidle-core --example perft_speed`.

use std::time::Instant;
use vidle_core::parse_fen_relaxed;
use vidle_core::perft::{perft, perft_full};

fn main() {
    let cases = [
        ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ];
    for (name, fen, depth) in cases {
        let pos = parse_fen_relaxed(fen).expect("valid FEN");
        for (mode, f) in [("bulk", perft as fn(&_, u32) -> u64), ("full", perft_full)] {
            let mut best = f64::MAX;
            let mut nodes = 0;
            for _ in 0..5 {
                let t = Instant::now();
                nodes = f(&pos, depth);
                best = best.min(t.elapsed().as_secs_f64());
            }
            println!(
                "{name} d{depth} {mode}: {nodes} nodes, {:.1} M nodes/s (best of 5)",
                nodes as f64 / best / 1e6
            );
        }
    }
}
