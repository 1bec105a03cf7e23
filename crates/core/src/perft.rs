//! Perft: counting leaf nodes of the legal move tree, the standard check of a move generator.

use crate::mv::Move;
use crate::position::Position;

/// Leaf count at `depth`, bulk-counted: the last ply's moves are counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos.legal_moves().iter().map(|m| perft(&pos.played(m), depth - 1)).sum(),
    }
}

/// Leaf count at `depth` with every move played, including the leaves (exercises `play`).
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            // Each leaf is played on a copy like any other move (keys and all), but
            // without a call that returns 1: `black_box` stands in for whoever would look at the
            // position, so the optimiser cannot drop the work.
            let moves = pos.legal_moves();
            for m in moves.iter() {
                let mut next = *pos;
                next.play_unchecked(m);
                std::hint::black_box(&next);
            }
            moves.len() as u64
        }
        _ => {
            let mut nodes = 0;
            for m in pos.legal_moves().iter() {
                let mut next = *pos;
                next.play_unchecked(m);
                nodes += perft_full(&next, depth - 1);
            }
            nodes
        }
    }
}

/// Per-root-move counts (`divide`).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves().iter().map(|m| (m, perft(&pos.played(m), depth - 1))).collect()
}
