//! Internal score scale, mate scores, and their conversion for the TT and for front ends.
//!
//! Scores are centipawn-like `i32`s. A mate found `ply` plies from the root scores
//! `MATE - ply` (negative when being mated), so shorter mates score higher. In the TT a mate
//! score is stored relative to the node ("mate in n from here") and converted back when read at
//! another ply, otherwise a transposition at a different distance from the root would report
//! the wrong mate length.

use crate::Score;

/// Larger than any score.
pub const INFINITY: i32 = 32_001;
/// Mate at the root (no mate is ever that short; mate in 0 plies means "checkmated here").
pub const MATE: i32 = 32_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const DRAW: i32 = 0;

/// Score for being mated at `ply`.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as stored in the TT: mate distances counted from the node at `ply`.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the TT at `ply`, with mate distances counted from the root again.
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score for front ends: mates in moves, from the side to move's view.
pub fn to_public(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_mate_conversion_round_trips() {
        for ply in [0, 1, 7, 40] {
            for s in [0, 150, -150, MATE - 3 - ply as i32, -MATE + 8 + ply as i32] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // Mated 5 plies from the root, seen at ply 3: mated in 2 plies from that node.
        assert_eq!(to_tt(mated_in(5), 3), mated_in(2));
        // Read back at ply 10 it is mated at ply 12.
        assert_eq!(from_tt(mated_in(2), 10), mated_in(12));
    }

    #[test]
    fn public_mate_counts_moves() {
        assert_eq!(to_public(MATE - 1), Score::Mate(1));
        assert_eq!(to_public(MATE - 3), Score::Mate(2));
        assert_eq!(to_public(MATE - 5), Score::Mate(3));
        assert_eq!(to_public(-MATE), Score::Mate(0));
        assert_eq!(to_public(-MATE + 2), Score::Mate(-1));
        assert_eq!(to_public(-MATE + 4), Score::Mate(-2));
        assert_eq!(to_public(35), Score::Cp(35));
    }
}
