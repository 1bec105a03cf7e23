//! The interleaved timing loop shared by `perft_ratio.rs` and `perft_ratio_bulk.rs` (each binary
//! includes it and passes its own perft functions).

use std::hint::black_box;
use std::time::Instant;

/// One perft function per library: (vidle, shakmaty, cozy-chess).
pub type Perfts = (
    fn(&vidle_core::Position, u32) -> u64,
    fn(&shakmaty::Chess, u32) -> u64,
    fn(&cozy_chess::Board, u32) -> u64,
);

/// Times `perfts` on each `(name, fen, depth)` case, one library after the other in every round,
/// keeps each library's best time over the rounds (first program argument, default 25), checks
/// that the node counts agree, and prints M nodes/s and the ratios; `mode` labels the lines.
/// With `--deep` anywhere among the arguments every depth is two more than in `cases` (for full
/// perft the startpos d6 / Kiwipete d5, trees that no longer fit in the caches).
pub fn run(mode: &str, cases: &[(&str, &str, u32)], perfts: Perfts) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deep = args.iter().any(|a| a == "--deep");
    let rounds: usize =
        args.iter().find_map(|s| s.parse().ok()).unwrap_or(if deep { 5 } else { 25 });
    for &(name, fen, depth) in cases {
        let depth = depth + 2 * deep as u32;
        let vidle = vidle_core::parse_fen_relaxed(fen).expect("valid FEN");
        let shakmaty: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .expect("valid FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal position");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        let mut best = [f64::MAX; 3];
        let mut nodes = [0u64; 3];
        for _ in 0..rounds {
            let t = Instant::now();
            nodes[0] = (perfts.0)(black_box(&vidle), depth);
            best[0] = best[0].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[1] = (perfts.1)(black_box(&shakmaty), depth);
            best[1] = best[1].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[2] = (perfts.2)(black_box(&cozy), depth);
            best[2] = best[2].min(t.elapsed().as_secs_f64());
        }
        assert!(nodes.iter().all(|&n| n == nodes[0]), "{name}: node counts differ: {nodes:?}");
        let mnps = |i: usize| nodes[i] as f64 / best[i] / 1e6;
        println!(
            "{name} d{depth} {mode}, M nodes/s (best of {rounds}): vidle {:.1}, shakmaty {:.1}, cozy-chess {:.1}; \
             vidle/shakmaty {:.2}, vidle/cozy {:.2}",
            mnps(0),
            mnps(1),
            mnps(2),
            best[1] / best[0],
            best[2] / best[0]
        );
    }
}
