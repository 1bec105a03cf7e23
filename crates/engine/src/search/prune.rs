//! Pruning in [`Worker::search`]: before the moves (steps 5 and 6: razoring, reverse futility
//! pruning, null move pruning and ProbCut, at nodes off the principal variation and not in
//! check), and of late or losing moves (step 9: late move pruning, history pruning, SEE).

use super::{Ctx, Frame, Worker};
use crate::movepick::MovePicker;
use crate::score::MATE_BOUND;
use crate::score::to_tt;
use crate::see::see_ge;
use crate::tt::Bound;
use vidle_core::{Bitboard, Move, Position};

/// What step 9 decides about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MovePrune {
    /// Search it.
    Search,
    /// Skip this move.
    Skip,
    /// Skip this move and every quiet move after it (late move pruning).
    SkipQuiets,
}

/// What step 9 knows of a move besides the move itself.
#[derive(Clone, Copy)]
pub(super) struct LateMove {
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    /// Its quiet-history score (0 for noisy moves).
    pub hist: i32,
    /// The node's killers and counter move: refutations are not history-pruned.
    pub refutation: ([Option<Move>; 2], Option<Move>),
    /// Moves searched at this node so far.
    pub moves_searched: i32,
}

impl Worker {
    /// Step 9, once a move that does not lose is known and the side has pieces: late quiet
    /// moves beyond `lmp_limit`, quiet moves whose history failed everywhere lately, and moves
    /// that lose material by more than a depth-dependent margin (static exchange).
    #[inline]
    pub(super) fn prune_move(
        &self,
        pos: &Position,
        m: Move,
        late: &LateMove,
        lmp_limit: i32,
        depth: i32,
    ) -> MovePrune {
        let LateMove { quiet, hist, refutation: (killers, counter), moves_searched } = *late;
        if quiet && moves_searched >= lmp_limit && depth <= self.p.lmp_max_depth {
            return MovePrune::SkipQuiets;
        }
        // History pruning: a quiet move that has failed everywhere lately.
        if quiet
            && depth <= self.p.hist_prune_max_depth
            && hist < -self.p.hist_prune_per_depth * depth
            && !killers.contains(&Some(m))
            && counter != Some(m)
        {
            return MovePrune::Skip;
        }
        let see_margin = if quiet {
            (depth <= self.p.see_quiet_max_depth).then(|| -self.p.see_quiet_per_depth * depth)
        } else {
            Some(-self.p.see_noisy_per_depth_sq * depth * depth)
        };
        if let Some(margin) = see_margin
            && !see_ge(pos, m, margin)
        {
            return MovePrune::Skip;
        }
        MovePrune::Search
    }

    /// Steps 5a to 6b; `Some(score)` ends the node with that score (0 when the search stopped).
    #[allow(clippy::too_many_arguments)] // the node's window and place, as `search` has them
    #[inline]
    pub(super) fn prune_node(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        f: &Frame,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let Frame { hit, tt_move, tt_score, tt_pv, raw_eval, static_eval, eval, improving, .. } =
            *f;
        // Step 5a. Razoring: so far below alpha at low depth that only a capture could
        // help; when quiescence agrees, the node fails low.
        if depth <= self.p.razor_max_depth
            && alpha.abs() < MATE_BOUND
            && eval + self.p.razor_margin_per_depth * depth < alpha
        {
            let s = self.qsearch::<false>(ctx, pos, alpha - 1, alpha, ply);
            if self.stopped {
                return Some(0);
            }
            if s < alpha {
                return Some(s);
            }
        }
        // Step 5b. Reverse futility pruning: far above beta, a quiet move will not drop it.
        if depth <= self.p.rfp_max_depth
            && eval.abs() < MATE_BOUND
            && eval - self.p.rfp_margin * depth + self.p.rfp_improving_margin * improving as i32
                >= beta
        {
            return Some(eval);
        }
        // Step 6. Null move pruning: if passing still fails high, a real move will too.
        // Not with pawns only (zugzwang), nor twice in a row.
        if depth >= self.p.nmp_min_depth
            && eval >= beta
            && static_eval >= beta
            && self.moved[ply].is_some()
            && beta.abs() < MATE_BOUND
            && pos.has_non_pawn_material(pos.turn())
        {
            let r = self.p.nmp_base_reduction
                + depth / self.p.nmp_depth_divisor
                + ((eval - beta) / self.p.nmp_eval_divisor).min(self.p.nmp_max_eval_reduction);
            let mut child = *pos;
            child.play_null();
            // Passing cannot put the opponent in check: the position was legal.
            self.push(pos, &child, ply, None, false);
            let score =
                -self.search::<false>(ctx, &child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
            self.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        // Step 6b. ProbCut: a capture that beats beta by a margin in quiescence and then in
        // a reduced search is taken to beat beta at full depth too. Skipped when the TT
        // already says, from enough depth, that nothing reaches that bound.
        let pc_beta = beta + self.p.probcut_margin;
        // The depth a ProbCut result stands for (its search was this deep from the child).
        let pc_depth = depth - self.p.probcut_reduction + 1;
        if depth >= self.p.probcut_min_depth
            && beta.abs() < MATE_BOUND
            && !matches!((hit, tt_score), (Some(h), Some(s))
                if h.depth >= pc_depth && s < pc_beta)
        {
            let mut picker = MovePicker::quiescence(pos, tt_move, Bitboard::EMPTY, Bitboard::EMPTY);
            while let Some(m) = picker.next(pos, &self.history) {
                if !see_ge(pos, m, pc_beta - static_eval) {
                    continue;
                }
                let child = pos.played(m);
                ctx.tt.prefetch(child.key());
                let check = pos.gives_check(m);
                self.push(pos, &child, ply, pos.piece_at(m.from()).map(|p| (p, m)), check);
                let mut s = -self.qsearch::<false>(ctx, &child, -pc_beta, -pc_beta + 1, ply + 1);
                if s >= pc_beta {
                    s = -self.search::<false>(
                        ctx,
                        &child,
                        -pc_beta,
                        -pc_beta + 1,
                        depth - self.p.probcut_reduction,
                        ply + 1,
                        !cut_node,
                    );
                }
                self.pop();
                if self.stopped {
                    return Some(0);
                }
                if s >= pc_beta {
                    let (key, score) = (pos.key(), to_tt(s, ply));
                    ctx.tt.store(key, Some(m), score, raw_eval, pc_depth, Bound::Lower, tt_pv);
                    return Some(s);
                }
            }
        }
        None
    }
}
