//! Perft: counting leaf nodes of the legal move tree, the standard check of a move generator.

use crate::mv::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaf count at `depth`, bulk-counted: the last ply's moves are counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos.legal_moves().iter().map(|m| perft(&pos.played(m), depth - 1)).sum(),
    }
}

/// [`perft`] that gives up (`None`) once `stop` is set, checked at every node above the last
/// two plies, so that a deep count can be abandoned within milliseconds.
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for m in pos.legal_moves().iter() {
        nodes += perft_until(&pos.played(m), depth - 1, stop)?;
    }
    Some(nodes)
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
