//! Full-perft speed ratios of vidle against shakmaty and cozy-chess, measured interleaved:
//! `cargo run --release -p vidle-core --example perft_ratio [rounds]`.
//!
//! Each round times one full perft (every leaf move made) per library, one after the other, and
//! the best time of each over all rounds is kept. On a loaded machine the three then see the same
//! conditions, so the ratios hold steady to about 1% where criterion's separate runs (see
//! `benches/perft.rs`) move by 10–30%. Shallower than the bench: startpos d4, Kiwipete d3.

use std::hint::black_box;
use std::time::Instant;

fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            shakmaty_full(&next, depth - 1)
        })
        .sum()
}

fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_full(&next, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(25);
    let cases = [
        ("startpos d4", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
        ("kiwipete d3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
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
            nodes[0] = vidle_core::perft::perft_full(black_box(&vidle), depth);
            best[0] = best[0].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[1] = shakmaty_full(black_box(&shakmaty), depth);
            best[1] = best[1].min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            nodes[2] = cozy_full(black_box(&cozy), depth);
            best[2] = best[2].min(t.elapsed().as_secs_f64());
        }
        assert!(nodes.iter().all(|&n| n == nodes[0]), "{name}: node counts differ: {nodes:?}");
        let mnps = |i: usize| nodes[i] as f64 / best[i] / 1e6;
        println!(
            "{name} full, M nodes/s (best of {rounds}): vidle {:.1}, shakmaty {:.1}, cozy-chess {:.1}; \
             vidle/shakmaty {:.2}, vidle/cozy {:.2}",
            mnps(0),
            mnps(1),
            mnps(2),
            best[1] / best[0],
            best[2] / best[0]
        );
    }
}
