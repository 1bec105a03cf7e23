//! The end of a node (step 12 of [`Worker::search`]): history for the opponent's move when
//! every move failed low, correction history, and the transposition table's entry.

use super::{Ctx, Frame, Worker, move_was_quiet};
use crate::history::{CorrKeys, bonus};
use crate::movepick::is_noisy;
use crate::score::{is_mate, to_tt};
use crate::tt::Bound;
use vidle_core::{Move, Position};

impl Worker {
    /// Steps 12a and 12b for a node whose moves were searched: `best` is the best score and
    /// the move that raised alpha, if one did.
    #[allow(clippy::too_many_arguments)] // the node's window and place, as `search` has them
    #[inline]
    pub(super) fn finish_node<const PV: bool>(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        f: &Frame,
        ckeys: &CorrKeys,
        best: (i32, Option<Move>),
        beta: i32,
        depth: i32,
        ply: usize,
    ) {
        let (best_score, best_move) = best;
        let Frame { tt_pv, raw_eval, static_eval, in_check, excluded, .. } = *f;
        // Step 12a. Every move failed low: the opponent's quiet move that led here was good for
        // them, so it earns a history bonus at their node.
        if best_move.is_none()
            && excluded.is_none()
            && ply >= 1
            && let Some((p, m)) = self.moved[ply]
            && move_was_quiet(pos, p, m)
        {
            let parent_conts = self.conts(ply - 1);
            let parent_threats = self.threats[ply - 1];
            self.history.update_quiet_all(
                !pos.turn(),
                p,
                (m, parent_threats),
                &parent_conts,
                bonus(&self.p, depth),
            );
        }

        // Step 12b. Store the result.
        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let store_eval = raw_eval;
        // Correction history learns from searches whose result says more than the bound
        // allows about the static eval, unless a capture or promotion decided it.
        if excluded.is_none()
            && !in_check
            && best_move.is_none_or(|m| !is_noisy(pos, m))
            && !is_mate(best_score)
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
        {
            self.history.update_correction(pos.turn(), ckeys, depth, best_score, static_eval);
        }
        if excluded.is_none() {
            let score = to_tt(best_score, ply);
            ctx.tt.store(pos.key(), best_move, score, store_eval, depth, bound, tt_pv);
        }
    }
}
