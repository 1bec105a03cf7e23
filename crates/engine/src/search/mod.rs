//! Principal variation search with quiescence: the recursive part of the search. Iterative
//! deepening, aspiration windows and reporting are in `iterate.rs`.

use crate::Signals;
use crate::eval::{self, pawns::PawnTable};
use crate::history::{Conts, CorrKeys, History, bonus};
use crate::movepick::{MovePicker, is_noisy};
use crate::nnue::AccStack;
use crate::params::{PARAMS, SearchParams};
use crate::score::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, from_tt, is_mate, mated_in, to_tt};
use crate::see::see_ge;
use crate::threats::attacked_by_them;
use crate::time::TimeManager;
use crate::tt::{Bound, Tt, TtHit};
use std::sync::atomic::{AtomicU64, Ordering};
use vidle_core::{Bitboard, Color, Move, MoveList, Piece, Position, Role};

/// How often (in nodes) the main thread looks at the clock.
const TIME_CHECK_INTERVAL: u64 = 1024;
/// Root moves are reported (UCI `currmove`) only once a search has run this long.
const CURRMOVE_AFTER_MS: u64 = 1000;
/// Quiet moves remembered per node for history maluses.
const MAX_QUIETS_TRIED: usize = 64;
/// Noisy moves remembered per node for capture-history maluses.
const MAX_NOISY_TRIED: usize = 32;

mod draw;
mod extend;
mod finish;
mod prune;
use prune::{LateMove, MovePrune};
mod worker;

/// What a node knows before its moves (steps 3 and 4 of [`Worker::search`]): the table's word
/// and the evaluations, handed to the steps that live in their own files.
#[derive(Clone, Copy)]
struct Frame {
    /// The transposition table's entry for this position.
    hit: Option<TtHit>,
    /// The move searched first: the table's, or at the root the previous iteration's best.
    tt_move: Option<Move>,
    /// The table's score, adjusted to this ply.
    tt_score: Option<i32>,
    /// On a principal variation now or when the entry was stored.
    tt_pv: bool,
    /// The evaluation before correction history (what the table keeps).
    raw_eval: i32,
    /// The corrected static evaluation (`NO_EVAL` in check).
    static_eval: i32,
    /// The static evaluation, or the table's score where its bound allows.
    eval: i32,
    /// The static evaluation rose since this side's previous move.
    improving: bool,
    /// The side to move is in check.
    in_check: bool,
    /// The move a singular-extension test excludes at this node.
    excluded: Option<Move>,
}

/// Late-move reductions by depth and move number for the parameters `p`.
fn lmr_table(p: &SearchParams) -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let x = p.lmr_base_x100 as f64 / 100.0
                + (d as f64).ln() * (m as f64).ln() / (p.lmr_divisor_x100 as f64 / 100.0);
            *r = x as i32;
        }
    }
    t
}

/// Everything a search thread shares with the others or reads from its job.
pub struct Ctx<'a> {
    pub tt: &'a Tt,
    /// The engine's network, evaluated with when `Use NNUE` is on.
    pub net: &'a std::sync::Arc<crate::nnue::Network>,
    pub signals: &'a Signals,
    pub time: TimeManager,
    /// Only the main thread checks limits and reports.
    pub is_main: bool,
    /// This thread's published node count.
    pub nodes_out: &'a AtomicU64,
    /// Every thread's node count (for the `nodes` limit).
    pub all_nodes: &'a [AtomicU64],
    pub node_limit: Option<u64>,
    /// Tablebases for probes inside the search.
    pub tb: Option<TbProbe<'a>>,
    /// Where the main thread reports its info lines and the root move being searched (`None`
    /// for helpers).
    pub report: Option<&'a dyn Fn(crate::SearchEvent)>,
}

/// Tablebases as the search probes them.
#[derive(Clone, Copy)]
pub struct TbProbe<'a> {
    /// Our own tables (asked first), if any.
    pub tables: Option<&'a dyn crate::Tablebase>,
    /// The most pieces (kings included) the tables cover.
    pub max_pieces: u32,
    /// No probes with less remaining depth than this (`TablebaseProbeDepth`).
    pub min_depth: i32,
    /// Syzygy tables (asked where ours do not answer), if any.
    pub syzygy: Option<&'a dyn crate::Tablebase>,
    /// Syzygy probes only with at most this many pieces: min(`SyzygyProbeLimit`, largest table).
    pub syzygy_pieces: u32,
    /// `SyzygyProbeDepth`: at exactly `syzygy_pieces` pieces, no probes with less remaining depth.
    pub syzygy_depth: i32,
    /// Successful probes by all threads (`tbhits`).
    pub hits: &'a AtomicU64,
}

impl TbProbe<'_> {
    /// The tables' value of `pos` (reached by a capture or pawn move) at remaining `depth`:
    /// our tables first, then Syzygy with Stockfish's conditions. Counts the hit.
    #[inline]
    fn probe(&self, pos: &Position, depth: i32) -> Option<crate::TbOutcome> {
        let pieces = pos.occupied().count();
        let mut found = None;
        if let Some(t) = self.tables
            && depth >= self.min_depth
            && pieces <= self.max_pieces
        {
            found = t.probe(pos);
        }
        if found.is_none()
            && let Some(t) = self.syzygy
            && pieces <= self.syzygy_pieces
            && (pieces < self.syzygy_pieces || depth >= self.syzygy_depth)
            && pos.castling_rooks().is_empty()
        {
            found = t.probe(pos);
        }
        if found.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        found
    }
}

impl Ctx<'_> {
    /// Sends `ev` to the front end (the main thread only; helpers have no sink).
    pub fn emit(&self, ev: crate::SearchEvent) {
        if let Some(report) = self.report {
            report(ev);
        }
    }

    pub fn total_nodes(&self) -> u64 {
        self.all_nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Per-thread search state. Histories survive between searches of one game.
pub struct Worker {
    /// The search parameters of this search (the engine's, set by `prepare`).
    pub p: SearchParams,
    /// Late-move reductions by depth and move number, from `p`.
    lmr: Box<[[i32; 64]; 64]>,
    pub history: History,
    pub pawns: PawnTable,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Zobrist keys of the game and the search path, for repetition detection.
    pub keys: Vec<u64>,
    /// Root moves that may be searched (legal, `searchmoves`, not taken by earlier MultiPV lines).
    pub root_moves: MoveList,
    pub pv: Box<[[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2]>,
    pub pv_len: [usize; MAX_PLY + 2],
    eval_stack: [i32; MAX_PLY + 4],
    /// The move played to reach each ply and the piece that made it (`None` for a null move).
    moved: [Option<(Piece, Move)>; MAX_PLY + 4],
    plies_from_null: [usize; MAX_PLY + 4],
    /// Whether the side to move is in check at each ply, set by the parent from
    /// `Position::gives_check` (cheaper than the on-demand `is_check`, which the root uses).
    pub(crate) in_check: [bool; MAX_PLY + 4],
    /// The move a singular-extension test leaves out at each ply (`None`: a normal search).
    excluded: [Option<Move>; MAX_PLY + 4],
    /// Double singular extensions on the path to each ply.
    double_ext: [i32; MAX_PLY + 4],
    /// The squares the opponent attacks at each ply of the path (set before the moves are
    /// searched; the butterfly history is read and written with them).
    threats: [Bitboard; MAX_PLY + 4],
    /// The best root move of the last iteration, searched first.
    pub root_best: Option<Move>,
    /// The score of the root move that last raised alpha, and whether it failed high (a lower
    /// bound): what an unfinished iteration knows about the move it found.
    pub root_score: (i32, bool),
    /// The first move of the last main line reported (the UCI `info … pv` a GUI saw last).
    pub last_shown: Option<Move>,
    /// The depth of the iteration in progress (bounds singular extensions).
    root_depth: i32,
    /// The main line's score after the last completed depth, kept between the searches of a
    /// game: the time manager's score trend compares a search with the previous one.
    pub last_score: Option<i32>,
    /// Nodes spent under each root move in this search, by from-to square (the time manager
    /// spends less time when the best move took nearly all of them).
    pub root_nodes: Box<[u64; 4096]>,
    /// Evaluate with the network (`Use NNUE`) rather than the hand-crafted evaluation.
    pub use_nnue: bool,
    /// The network's accumulators along the search path.
    pub acc: AccStack,
}

/// Tablebase scores are exact: they are stored this much deeper than the node's depth so that
/// searched entries do not replace them.
const TB_DEPTH_BONUS: i32 = 6;
/// A tablebase win too long to express as a mate score (`MATE - ply` needs ply < MAX_PLY):
/// above any evaluation, below every mate.
const TB_WIN: i32 = MATE_BOUND - 1;

/// The search score of a tablebase result at `ply`: exact mate scores when the distance fits.
fn tb_score(outcome: crate::TbOutcome, ply: usize) -> i32 {
    use crate::TbOutcome::{Draw, Loss, Win};
    match outcome {
        Win(p) if ply + (p as usize) < MAX_PLY => MATE - (ply + p as usize) as i32,
        Win(_) => TB_WIN - ply as i32,
        Loss(p) if ply + (p as usize) < MAX_PLY => mated_in(ply + p as usize),
        Loss(_) => -TB_WIN + ply as i32,
        Draw => DRAW,
    }
}

/// Whether `m`, made by `piece`, which led to `child`, was quiet in the sense of
/// [`is_noisy`] (neither a capture nor a queen promotion), told from `child` alone: a pawn
/// captures exactly when it changes file, and any other piece's capture resets the halfmove
/// clock, which its quiet move does not.
#[inline]
fn move_was_quiet(child: &Position, piece: Piece, m: Move) -> bool {
    if piece.role == Role::Pawn {
        m.from().file() == m.to().file() && m.promotion_role() != Some(Role::Queen)
    } else {
        child.halfmove_clock() != 0
    }
}

/// A root move's slot in `Worker::root_nodes` (promotions to different pieces share one).
#[inline]
fn root_slot(m: Move) -> usize {
    m.from().index() * 64 + m.to().index()
}

/// Marks "no static eval" (in check).
pub(crate) const NO_EVAL: i32 = -INFINITY;

impl Worker {
    #[allow(clippy::too_many_arguments)] // the classic alpha-beta signature, kept flat for speed
    /// Alpha-beta search of `pos` at `ply` to `depth`; `PV` nodes have an open window.
    pub fn search<const PV: bool>(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        if root {
            self.root_depth = depth;
        }
        self.pv_len[ply] = 0;
        if depth <= 0 {
            return self.qsearch::<PV>(ctx, pos, alpha, beta, ply);
        }
        // Step 1. Limits.
        self.visit(ctx, ply);
        if self.stopped {
            return 0;
        }
        let in_check = if root { pos.is_check() } else { self.in_check[ply] };
        debug_assert_eq!(in_check, pos.is_check());

        // Step 2. Draws, the ply ceiling and mate distance pruning.
        if !root {
            if self.is_draw(pos, ply) {
                return DRAW;
            }
            // A move that repeats a position secures the draw: alpha is at least that.
            if alpha < DRAW && self.upcoming_repetition(pos, ply) {
                alpha = DRAW;
                if alpha >= beta {
                    return alpha;
                }
            }
            if ply >= MAX_PLY - 1 {
                return if in_check { DRAW } else { self.evaluate(pos, ply) };
            }
            // No mate found deeper can beat one already found shallower.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 3. Transposition table. A singular-extension test (a move excluded) searches a
        // different tree under the same key: it takes no cutoff from the table and stores none.
        let excluded = self.excluded[ply];
        let hit = ctx.tt.probe(pos.key());
        // At the root the previous iteration's best move comes first, whatever the TT holds.
        let tt_move = if root { self.root_best } else { None }.or(hit.and_then(|h| h.mv));
        let tt_score = hit.map(|h| from_tt(h.score, ply));
        // On a principal variation now or when the TT entry was stored ("TT PV"): such nodes
        // are reduced less.
        let tt_pv = PV || hit.is_some_and(|h| h.pv);
        if !PV
            && excluded.is_none()
            && let (Some(h), Some(s)) = (hit, tt_score)
            && h.depth >= depth
            && match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            }
        {
            return s;
        }

        // Step 3b. Tablebases, right after a capture or pawn move: with the halfmove clock at
        // zero the tables' fifty-move-aware value is exact, so it ends the search here.
        if !root
            && excluded.is_none()
            && let Some(tb) = ctx.tb
            && pos.halfmove_clock() == 0
            && let Some(outcome) = tb.probe(pos, depth)
        {
            let score = tb_score(outcome, ply);
            let stored_depth = (depth + TB_DEPTH_BONUS).min(MAX_PLY as i32);
            let key = pos.key();
            ctx.tt.store(key, None, to_tt(score, ply), NO_EVAL, stored_depth, Bound::Exact, tt_pv);
            return score;
        }

        // Step 4. Static evaluation (the TT keeps the raw one), plus what correction history
        // learnt about this pawn structure and these pieces, then replaced by the TT score when
        // its bound allows.
        // In check there is no static eval, so nothing to correct or learn from.
        let ckeys = if in_check { CorrKeys::NONE } else { CorrKeys::of(pos) };
        let (raw_eval, static_eval) =
            if in_check { (NO_EVAL, NO_EVAL) } else { self.static_eval(pos, ply, hit, &ckeys) };
        let mut eval = static_eval;
        if let (Some(h), Some(s)) = (hit, tt_score)
            && !in_check
            && !is_mate(s)
            && (h.bound == Bound::Exact
                || (h.bound == Bound::Lower && s > eval)
                || (h.bound == Bound::Upper && s < eval))
        {
            eval = s;
        }
        self.eval_stack[ply] = static_eval;
        // Against the eval two plies back, or four when that side was in check then.
        let earlier = match ply {
            0 | 1 => NO_EVAL,
            2 | 3 => self.eval_stack[ply - 2],
            _ if self.eval_stack[ply - 2] != NO_EVAL => self.eval_stack[ply - 2],
            _ => self.eval_stack[ply - 4],
        };
        let improving = !in_check && earlier != NO_EVAL && static_eval > earlier;
        self.history.reset_child_killers(ply);
        // Step 4b. The opponent's quiet move is judged by what it did to the static eval: the
        // two evals, each from its side to move's view, sum to what the move lost for its
        // player, so a move that gave little away earns butterfly history and one that threw
        // away a lot loses some (after Stockfish).
        if !in_check
            && excluded.is_none()
            && ply >= 1
            && self.eval_stack[ply - 1] != NO_EVAL
            && let Some((p, m)) = self.moved[ply]
            && move_was_quiet(pos, p, m)
        {
            let lost = self.eval_stack[ply - 1] + static_eval;
            let delta =
                (-self.p.eval_diff_mult * lost).clamp(-self.p.eval_diff_max, self.p.eval_diff_max);
            self.history.update_quiet(!pos.turn(), m, self.threats[ply - 1], delta);
        }

        // What the node knows now, for the steps in their own files (prune, finish).
        let frame = Frame {
            hit,
            tt_move,
            tt_score,
            tt_pv,
            raw_eval,
            static_eval,
            eval,
            improving,
            in_check,
            excluded,
        };
        if !PV
            && !in_check
            && excluded.is_none()
            && let Some(score) =
                self.prune_node(ctx, pos, &frame, alpha, beta, depth, ply, cut_node)
        {
            return score;
        }

        // Step 7. Internal iterative reduction: without a TT move this node was not searched
        // before; search it shallower rather than spend full depth on poor ordering.
        if depth >= self.p.iir_min_depth && tt_move.is_none() && (PV || cut_node) {
            depth -= 1;
        }

        // Step 8. The moves.
        let us = pos.turn();
        let killers = self.history.killers(ply);
        let counter = self.history.counter(self.moved[ply]);
        let conts = self.conts(ply);
        let checkers = if in_check { pos.checkers() } else { Bitboard::EMPTY };
        let threats = attacked_by_them(pos);
        self.threats[ply] = threats;
        let mut picker = MovePicker::new(tt_move, killers, counter, conts, checkers, threats);
        let single_reply = in_check && pos.count_legal() == 1;
        // A capture as the TT move makes the quiet alternatives less likely to matter.
        let tt_noisy = tt_move.is_some_and(|m| is_noisy(pos, m));
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut moves_searched = 0;
        let mut quiets_tried: [Option<(Piece, Move)>; MAX_QUIETS_TRIED] = [None; MAX_QUIETS_TRIED];
        let mut n_quiets = 0;
        let mut noisy_tried: [Option<(Piece, Move, Option<Role>)>; MAX_NOISY_TRIED] =
            [None; MAX_NOISY_TRIED];
        let mut n_noisy = 0;
        let lmp_limit = (self.p.lmp_base + depth * depth)
            / if improving { self.p.lmp_improving_divisor } else { self.p.lmp_divisor };

        while let Some(m) = picker.next(pos, &self.history) {
            if root {
                if !self.root_moves.contains(m) {
                    continue;
                }
                self.report_currmove(ctx, depth, m, moves_searched + 1);
            }
            if Some(m) == excluded {
                continue;
            }
            let quiet = !is_noisy(pos, m);
            let Some(mover) = pos.piece_at(m.from()) else {
                debug_assert!(false, "a legal move from an empty square");
                continue;
            };
            let victim = pos.captured_role(m);
            let hist =
                if quiet { self.history.quiet_score(us, mover, m, &conts, threats) } else { 0 };

            // Step 9. Pruning of late or losing moves, once a move that does not lose is known.
            if !root && best_score > -MATE_BOUND && pos.has_non_pawn_material(us) {
                let late = LateMove { quiet, hist, refutation: (killers, counter), moves_searched };
                match self.prune_move(pos, m, &late, lmp_limit, depth) {
                    MovePrune::Search => {}
                    MovePrune::Skip => continue,
                    MovePrune::SkipQuiets => {
                        picker.skip_quiets();
                        continue;
                    }
                }
            }

            let child = pos.played(m);
            ctx.tt.prefetch(child.key());
            // From tables, cheaper than `child.is_check()` now that checkers are not stored.
            let gives_check = pos.gives_check(m);

            // Futility pruning: a quiet move that cannot lift the eval near alpha.
            if !root
                && quiet
                && !in_check
                && !gives_check
                && best_score > -MATE_BOUND
                && depth <= self.p.fp_max_depth
                && static_eval + self.p.fp_base + self.p.fp_per_depth * depth <= alpha
            {
                picker.skip_quiets();
                continue;
            }

            // Step 10. Extensions: checks (bounded so that perpetual checks cannot explode the
            // tree) and the only legal reply to a check.
            let mut extension = 0;
            if (gives_check || single_reply)
                && (ply as i32) < self.p.max_check_extension_ply_factor * (depth + ply as i32)
            {
                extension = 1;
            }
            // Singular extension: when the TT move is the only one that holds the TT score (a
            // reduced search of the others fails low against a margin below it), it is
            // extended (two plies when they fail far below, a bounded number of times per
            // path). If the others also beat beta, the node is cut (multi-cut); if the TT score
            // alone beats beta, or the node is expected to fail high, the TT move is searched a
            // ply shallower.
            if !root
                && extension == 0
                && excluded.is_none()
                && Some(m) == tt_move
                && depth >= self.p.se_min_depth
                && let (Some(h), Some(tts)) = (hit, tt_score)
                && h.depth >= depth - self.p.se_tt_depth_margin
                && h.bound != Bound::Upper
                && tts.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
            {
                match self.singular::<PV>(ctx, pos, m, tts, beta, depth, ply, cut_node) {
                    Ok(e) => extension = e,
                    Err(score) => return score,
                }
            }
            let new_depth = depth - 1 + extension;
            self.push(pos, &child, ply, Some((mover, m)), gives_check);
            self.double_ext[ply + 1] += (extension >= 2) as i32;
            moves_searched += 1;
            let nodes_before = self.nodes;

            // Step 11. Late move reductions, then the PVS re-searches.
            let mut score;
            if depth >= self.p.lmr_min_depth
                && moves_searched > 1 + PV as i32
                && (quiet || !see_ge(pos, m, 0))
            {
                let mut r = self.lmr[depth.min(63) as usize][(moves_searched as usize).min(63)];
                r += (!tt_pv) as i32 + (!improving) as i32 + cut_node as i32 + tt_noisy as i32 - 1;
                r -= hist / self.p.lmr_history_divisor;
                if killers.contains(&Some(m)) || counter == Some(m) {
                    r -= 1;
                }
                if gives_check {
                    r -= 1;
                }
                let reduced = (new_depth - r.max(0)).clamp(1, new_depth.max(1));
                score =
                    -self.search::<false>(ctx, &child, -alpha - 1, -alpha, reduced, ply + 1, true);
                if score > alpha && reduced < new_depth {
                    // How far the reduced result beat the best so far sets the re-search depth.
                    let deeper = score
                        > best_score
                            + self.p.lmr_deeper_base
                            + self.p.lmr_deeper_per_depth * new_depth;
                    let shallower = score < best_score + self.p.lmr_shallower_margin;
                    let full = new_depth + deeper as i32 - shallower as i32;
                    if full > reduced {
                        score = -self.search::<false>(
                            ctx,
                            &child,
                            -alpha - 1,
                            -alpha,
                            full,
                            ply + 1,
                            !cut_node,
                        );
                    }
                }
            } else if !PV || moves_searched > 1 {
                score = -self.search::<false>(
                    ctx,
                    &child,
                    -alpha - 1,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !cut_node,
                );
            } else {
                score = alpha + 1; // forces the full-window search below
            }
            if PV && (moves_searched == 1 || score > alpha) {
                score = -self.search::<true>(ctx, &child, -beta, -alpha, new_depth, ply + 1, false);
            }
            self.pop();
            if root {
                self.root_nodes[root_slot(m)] += self.nodes - nodes_before;
            }
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if root {
                        self.root_score = (score, score >= beta);
                    }
                    if score >= beta {
                        let b = bonus(&self.p, depth);
                        if quiet {
                            self.reward_quiet(
                                ply,
                                us,
                                (mover, m, threats),
                                &conts,
                                b,
                                &quiets_tried[..n_quiets],
                            );
                        } else {
                            self.history.update_capture(mover, m, victim, b);
                        }
                        for &(p, nm, v) in noisy_tried[..n_noisy].iter().flatten() {
                            self.history.update_capture(p, nm, v, -b);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet && n_quiets < MAX_QUIETS_TRIED {
                quiets_tried[n_quiets] = Some((mover, m));
                n_quiets += 1;
            } else if !quiet && n_noisy < MAX_NOISY_TRIED {
                noisy_tried[n_noisy] = Some((mover, m, victim));
                n_noisy += 1;
            }
        }

        if moves_searched == 0 {
            // With a move excluded, that move was the only one: the test fails low.
            if excluded.is_some() {
                return alpha;
            }
            // No legal move (or every root move excluded, which the root never allows).
            return if in_check { mated_in(ply) } else { DRAW };
        }

        self.finish_node::<PV>(ctx, pos, &frame, &ckeys, (best_score, best_move), beta, depth, ply);
        best_score
    }
}

#[cfg(test)]
mod tests;
