//! Bulk-perft speed ratios (the last ply counted, not made) of vidle against shakmaty and
//! cozy-chess, measured interleaved as in `perft_ratio.rs`:
//! `cargo run --release -p vidle-core --example perft_ratio_bulk [rounds]`.
//!
//! A separate binary rather than a mode of `perft_ratio`: a second call site of shakmaty's
//! `play_unchecked` changed how LTO inlined it and slowed its full perft there by 10–15%.

use std::hint::black_box;
use std::time::Instant;

fn shakmaty_bulk(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            shakmaty_bulk(&next, depth - 1)
        })
        .sum()
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
            return false;
        }
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_bulk(&next, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(25);
    let cases = [
        ("startpos d5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
        ("Kiwipete d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ];
    for (name, fen, depth) in cases {
        let vidle = vidle_core::parse_fen(fen).expect("valid FEN");
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
            nodes[0] = vidle_core::perft::perft(black_box(&vidle), depth);
            best[0] = best[0].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[1] = shakmaty_bulk(black_box(&shakmaty), depth);
            best[1] = best[1].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[2] = cozy_bulk(black_box(&cozy), depth);
            best[2] = best[2].min(t.elapsed().as_secs_f64());
        }
        assert!(nodes.iter().all(|&n| n == nodes[0]), "{name}: node counts differ: {nodes:?}");
        let mnps = |i: usize| nodes[i] as f64 / best[i] / 1e6;
        println!(
            "{name} bulk, M nodes/s (best of {rounds}): vidle {:.1}, shakmaty {:.1}, cozy-chess {:.1}; \
             vidle/shakmaty {:.2}, vidle/cozy {:.2}",
            mnps(0),
            mnps(1),
            mnps(2),
            best[1] / best[0],
            best[2] / best[0]
        );
    }
}
