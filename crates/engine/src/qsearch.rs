//! Quiescence search: the end of every line of the principal variation search (`search.rs`),
//! resolving captures and promotions until the position is quiet enough to evaluate.

use crate::history::CorrKeys;
use crate::movepick::MovePicker;
use crate::score::{DRAW, INFINITY, MAX_PLY, from_tt, mated_in, to_tt};
use crate::search::{Ctx, NO_EVAL, Worker};
use crate::see::{see_ge, value};
use crate::threats::attacked_by_them;
use crate::tt::Bound;
use vidle_core::{Bitboard, Position};

impl Worker {
    /// Quiescence search: captures and queen promotions (with stand pat, delta and SEE
    /// pruning) until the position is quiet; every evasion when in check.
    pub fn qsearch<const PV: bool>(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.visit(ctx, ply);
        if self.stopped {
            return 0;
        }
        let in_check = if ply == 0 { pos.is_check() } else { self.in_check[ply] };
        debug_assert_eq!(in_check, pos.is_check());
        if pos.is_insufficient_material() || (pos.halfmove_clock() >= 100 && !in_check) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(pos, ply) };
        }

        let hit = ctx.tt.probe(pos.key());
        if !PV && let Some(h) = hit {
            let s = from_tt(h.score, ply);
            if match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            } {
                return s;
            }
        }

        // Stand pat: out of check the side to move may decline every capture.
        let static_eval;
        let raw_eval;
        let mut best_score;
        if in_check {
            static_eval = NO_EVAL;
            raw_eval = NO_EVAL;
            best_score = -INFINITY;
        } else {
            (raw_eval, static_eval) = self.static_eval(pos, ply, hit, &CorrKeys::of(pos));
            best_score = static_eval;
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }
        let futility_base = static_eval + self.p.qs_futility_margin;

        let (checkers, threats) = if in_check {
            (pos.checkers(), attacked_by_them(pos))
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };
        let mut picker = MovePicker::quiescence(pos, hit.and_then(|h| h.mv), checkers, threats);
        let mut best_move = None;
        let mut moves = 0;
        while let Some(m) = picker.next(pos, &self.history) {
            moves += 1;
            if !in_check {
                // Delta pruning: even winning the captured piece leaves us below alpha.
                let gain = pos.captured_role(m).map_or(0, value);
                if !m.is_promotion() && futility_base + gain <= alpha {
                    best_score = best_score.max(futility_base + gain);
                    continue;
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.played(m);
            ctx.tt.prefetch(child.key());
            let check = pos.gives_check(m);
            self.push(pos, &child, ply, pos.piece_at(m.from()).map(|p| (p, m)), check);
            let score = -self.qsearch::<PV>(ctx, &child, -beta, -alpha, ply + 1);
            self.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && moves == 0 {
            return mated_in(ply);
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        let tt_pv = PV || hit.is_some_and(|h| h.pv);
        ctx.tt.store(pos.key(), best_move, to_tt(best_score, ply), raw_eval, 0, bound, tt_pv);
        best_score
    }
}
