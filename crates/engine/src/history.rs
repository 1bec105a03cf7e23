//! Move-ordering statistics learnt during search: butterfly history (from-to, per colour),
//! killer moves per ply and countermoves (the reply that refuted the opponent's last move).

use crate::params::PARAMS;
use crate::score::MAX_PLY;
use vidle_core::{Color, Move, Piece};

/// A history update for a move searched at `depth`: deeper searches teach more.
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (PARAMS.history_bonus_per_depth * depth).min(PARAMS.history_bonus_max)
}

/// Adds `delta` with "gravity": entries saturate towards ±`history_max`, so old lessons fade
/// as new ones arrive and no entry can overflow.
#[inline]
fn apply(entry: &mut i16, delta: i32) {
    let max = PARAMS.history_max;
    let d = delta.clamp(-max, max);
    let v = *entry as i32;
    *entry = (v + d - v * d.abs() / max) as i16;
}

pub struct History {
    butterfly: Box<[[i16; 64 * 64]; 2]>,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    counters: Box<[[Option<Move>; 64]; 12]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[0; 64 * 64]; 2]),
            killers: [[None; 2]; MAX_PLY + 2],
            counters: Box::new([[None; 64]; 12]),
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Forgets killers (they are only meaningful within one search).
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    #[inline]
    pub fn quiet(&self, c: Color, m: Move) -> i32 {
        self.butterfly[c.index()][m.from().index() * 64 + m.to().index()] as i32
    }

    #[inline]
    pub fn update_quiet(&mut self, c: Color, m: Move, delta: i32) {
        apply(&mut self.butterfly[c.index()][m.from().index() * 64 + m.to().index()], delta);
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY + 1)]
    }

    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply.min(MAX_PLY + 1)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    /// Clears the killers of the ply below, so siblings' children start fresh.
    pub fn reset_child_killers(&mut self, ply: usize) {
        self.killers[(ply + 1).min(MAX_PLY + 1)] = [None; 2];
    }

    /// The countermove to the previous move `prev` (the piece now on its target square).
    #[inline]
    pub fn counter(&self, prev: Option<(Piece, Move)>) -> Option<Move> {
        prev.and_then(|(p, m)| self.counters[p.index()][m.to().index()])
    }

    pub fn set_counter(&mut self, prev: Option<(Piece, Move)>, reply: Move) {
        if let Some((p, m)) = prev {
            self.counters[p.index()][m.to().index()] = Some(reply);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::Square;

    #[test]
    fn history_saturates() {
        let mut h = History::default();
        let m = Move::normal(Square::E1, Square::E8);
        for _ in 0..1000 {
            h.update_quiet(Color::White, m, bonus(20));
        }
        let v = h.quiet(Color::White, m);
        assert!(v > 0 && v <= PARAMS.history_max, "{v}");
        for _ in 0..1000 {
            h.update_quiet(Color::White, m, -bonus(20));
        }
        assert!(h.quiet(Color::White, m) >= -PARAMS.history_max);
        assert!(h.quiet(Color::White, m) < 0);
    }
}
