//! Draws in the search: repetitions (on the path and in the game before the root), the
//! fifty-move rule, insufficient material, and a repetition one reversible move away.

use super::Worker;
use vidle_core::Position;
use vidle_core::attacks::between;

impl Worker {
    /// A draw by repetition, by the fifty-move rule or by insufficient material. A position
    /// that occurred before on the search path after the root is a draw at once (if it is good
    /// for one side to repeat once, it will be as good to repeat again). A position that occurs
    /// again only from the root or the game before it is a draw only when that makes it the
    /// third time: a second occurrence there is no draw yet, and the opponent may still play
    /// on from it (as Stockfish rules; counting it a draw let the engine call lost positions
    /// level because one of its lines went back to a position of the game once).
    pub(super) fn is_draw(&self, pos: &Position, ply: usize) -> bool {
        if pos.halfmove_clock() >= 100 {
            // Mate on the hundredth half-move still counts as mate.
            return !pos.is_check() || pos.has_legal_moves();
        }
        if pos.is_insufficient_material() {
            return true;
        }
        let window = (pos.halfmove_clock() as usize).min(self.plies_from_null[ply]);
        let n = self.keys.len();
        // keys[n - 1] is this position; compare with the same side to move, 4, 6, ... plies back.
        let mut back = 4;
        let mut earlier = 0;
        while back <= window && back < n {
            if self.keys[n - 1 - back] == pos.key() {
                if back < ply {
                    return true;
                }
                earlier += 1;
                if earlier == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Whether the side to move can bring back, by one reversible move, a position that would
    /// then be a draw by `is_draw`'s rule: one met on the search path after the root, or one
    /// of the root or the game before it that had already occurred twice (see [`crate::cycle`]).
    pub(super) fn upcoming_repetition(&self, pos: &Position, ply: usize) -> bool {
        let window = (pos.halfmove_clock() as usize).min(self.plies_from_null[ply]);
        let n = self.keys.len();
        if window < 3 || n < 4 {
            return false;
        }
        let key = pos.key();
        let table = crate::cycle::table();
        // Odd distances: the other side was to move there, so one move of ours reaches it.
        let mut back = 3;
        while back <= window && back < n {
            let earlier = n - 1 - back;
            if let Some((a, b)) = table.lookup(key ^ self.keys[earlier])
                && (between(a, b) & pos.occupied()).is_empty()
            {
                // Both directions share one entry: the piece must stand on one square, ours.
                let from = if pos.piece_at(a).is_some() { a } else { b };
                let ours = pos.piece_at(from).is_some_and(|p| p.color == pos.turn());
                if ours
                    && (back < ply
                        || self.keys[..earlier]
                            .iter()
                            .rev()
                            .skip(3)
                            .step_by(2)
                            .take((window - back).saturating_sub(2) / 2)
                            .any(|&k| k == self.keys[earlier]))
                {
                    return true;
                }
            }
            back += 2;
        }
        false
    }
}
