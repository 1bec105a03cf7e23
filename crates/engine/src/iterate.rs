//! Iterative deepening with aspiration windows, MultiPV, and the stopping rules between
//! iterations (soft time limit scaled by best-move stability, depth, mate limits).

use crate::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, to_public};
use crate::search::{Ctx, Worker};
use crate::{Bound, SearchEvent, SearchInfo};
use std::sync::atomic::Ordering;
use vidle_core::{Move, MoveList, Position};

/// Soft-limit scale (in %) by how many iterations in a row kept the same best move.
const STABILITY_SCALE: [u64; 5] = [150, 115, 100, 85, 75];
/// Soft-limit scale (in %) by how far the score fell: `100 + (FALL_PREV × the drop since the
/// previous search's score + FALL_ITER × the drop since FALL_BACK iterations ago) / FALL_DIV`,
/// clamped to `FALL_MIN..=FALL_MAX`. A falling score means trouble the search is finding:
/// it gets more time; a rising one, less.
const FALL_PREV: i64 = 8;
const FALL_ITER: i64 = 4;
const FALL_DIV: i64 = 5;
const FALL_BACK: usize = 3;
const FALL_MIN: i64 = 80;
const FALL_MAX: i64 = 140;

/// The soft-limit scale (in %) for `score` after `prev` (the last search's score, if any)
/// and `back` (the score FALL_BACK iterations ago, if any).
fn falling_scale(score: i32, prev: Option<i32>, back: Option<i32>) -> u64 {
    let usable = |s: i32| s.abs() < MATE_BOUND;
    if !usable(score) {
        return 100;
    }
    let drop = |s: Option<i32>| s.filter(|&s| usable(s)).map_or(0, |s| (s - score) as i64);
    (100 + (FALL_PREV * drop(prev) + FALL_ITER * drop(back)) / FALL_DIV).clamp(FALL_MIN, FALL_MAX)
        as u64
}

/// Soft-limit scale (in %) by the share of the search's nodes spent under the best move
/// (in 1/1000ths): `NODE_BASE - NODE_SLOPE × share / 1000`, at least `NODE_MIN`. A best
/// move that took nearly all the effort is clear (less time); one that took little of it had
/// rivals the search kept looking at (more time).
const NODE_BASE: u64 = 240;
const NODE_SLOPE: u64 = 200;
const NODE_MIN: u64 = 50;

/// The soft-limit scale (in %) for a best move that took `share` thousandths of the nodes.
fn node_scale(share: u64) -> u64 {
    NODE_BASE.saturating_sub(NODE_SLOPE * share.min(1000) / 1000).max(NODE_MIN)
}

/// Fail-high/low info lines are only worth showing once a search takes a while.
const BOUND_INFO_AFTER_MS: u64 = 1000;

/// What one thread's iterative deepening produced.
#[derive(Debug, Clone, Default)]
pub struct IterResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub info: Option<SearchInfo>,
    pub completed_depth: u32,
}

/// Settings of one iterative deepening run.
pub struct IterSpec {
    pub max_depth: i32,
    pub multipv: usize,
    /// Stop once a mate in this many moves (or fewer) is proven.
    pub mate: Option<u32>,
    /// Depth to start at (helpers of Lazy SMP start staggered).
    pub first_depth: i32,
}

impl Worker {
    /// Searches `root` (which has legal moves among `allowed`) deeper and deeper until a limit
    /// or `stop`; the main thread reports through `ctx.report`.
    #[allow(clippy::needless_range_loop)] // `pv_idx` is also the MultiPV number reported
    pub fn iterate(
        &mut self,
        ctx: &Ctx<'_>,
        root: &Position,
        allowed: &MoveList,
        spec: &IterSpec,
    ) -> IterResult {
        let mut result = IterResult { best: allowed.get(0), ..Default::default() };
        // The previous search's score, before this search's depths replace it.
        let prev_search_score = self.last_score;
        if self.use_nnue {
            self.acc.set_root(ctx.net.clone(), root);
        }
        let multipv = spec.multipv.clamp(1, allowed.len().max(1));
        let mut scores = vec![-INFINITY; multipv];
        let mut stability = 0usize;
        // The main line's score after each completed depth.
        let mut depth_scores = [0i32; MAX_PLY + 1];
        let mut depth = spec.first_depth.max(1);
        // The lines of the last completed depth and those of the depth in progress (main thread).
        let mut lines: Vec<SearchInfo> = Vec::new();
        let mut current: Vec<SearchInfo> = Vec::new();
        while depth <= spec.max_depth.min(MAX_PLY as i32 - 4) {
            let mut excluded = MoveList::new();
            current.clear();
            for pv_idx in 0..multipv {
                self.root_moves = allowed.clone();
                self.root_moves.retain(|m| !excluded.contains(m));
                self.root_best = if pv_idx == 0 { result.best } else { None };
                let score = self.aspiration(ctx, root, depth, scores[pv_idx], pv_idx);
                if self.stopped {
                    // A move that raised alpha in the unfinished iteration was fully searched
                    // and beat the previous best: take it.
                    let mut partial = None;
                    if pv_idx == 0
                        && self.pv_len[0] > 0
                        && let Some(m) = self.pv[0][0]
                    {
                        result.best = Some(m);
                        result.ponder = if self.pv_len[0] > 1 { self.pv[0][1] } else { None };
                        let (score, lower) = self.root_score;
                        let bound = lower.then_some(Bound::Lower);
                        partial = Some(self.info(ctx, depth, 0, score, bound, self.current_pv()));
                    }
                    if ctx.is_main {
                        self.report_final(ctx, &mut result, &lines, &current, partial, multipv);
                    }
                    break;
                }
                scores[pv_idx] = score;
                let pv = self.current_pv();
                if let Some(&Some(first)) = pv.first() {
                    excluded.push(first);
                    if pv_idx == 0 {
                        if result.best == Some(first) {
                            stability += 1;
                        } else {
                            stability = 0;
                        }
                        result.best = Some(first);
                        result.ponder = pv.get(1).copied().flatten();
                    }
                }
                if ctx.is_main {
                    let info = self.info(ctx, depth, pv_idx, score, None, pv);
                    if pv_idx == 0 {
                        result.info = Some(info.clone());
                    }
                    current.push(info.clone());
                    self.show(ctx, info);
                }
            }
            if self.stopped {
                break;
            }
            if ctx.is_main && multipv > 1 {
                self.order_lines(ctx, &mut result, &mut current);
                // Each line's next window is centred on its own score, in the new order.
                scores.sort_by(|a, b| b.cmp(a));
            }
            std::mem::swap(&mut lines, &mut current);
            result.completed_depth = depth as u32;
            let d = depth as usize;
            depth_scores[d] = scores[0];
            let back = (d > FALL_BACK && d - FALL_BACK >= spec.first_depth.max(1) as usize)
                .then(|| depth_scores[d - FALL_BACK]);
            let falling = falling_scale(scores[0], prev_search_score, back);
            self.last_score = Some(scores[0]);
            let nodes = result.best.map_or(100, |m| node_scale(self.root_node_share(m)));
            if ctx.is_main
                && self.should_stop_deepening(
                    ctx,
                    scores[0],
                    stability,
                    falling * nodes / 100,
                    spec,
                )
            {
                break;
            }
            depth += 1;
        }
        result
    }

    fn should_stop_deepening(
        &self,
        ctx: &Ctx<'_>,
        score: i32,
        stability: usize,
        scale: u64,
        spec: &IterSpec,
    ) -> bool {
        if let Some(n) = spec.mate
            && score >= MATE_BOUND
            && MATE - score < 2 * n as i32
        {
            return true;
        }
        if ctx.signals.pondering.load(Ordering::Relaxed) {
            return false;
        }
        if let Some(soft) = ctx.time.soft_ms {
            let scaled = soft * STABILITY_SCALE[stability.min(4)] / 100 * scale / 100;
            if ctx.time.elapsed_ms() >= scaled {
                return true;
            }
        }
        false
    }

    /// One depth of one PV line, with a window around the previous score that widens on
    /// failure (the first iterations use a full window).
    fn aspiration(
        &mut self,
        ctx: &Ctx<'_>,
        root: &Position,
        depth: i32,
        prev: i32,
        pv_idx: usize,
    ) -> i32 {
        let mut delta = self.p.asp_initial_window;
        let (mut alpha, mut beta) = if depth >= self.p.asp_min_depth && prev.abs() < MATE_BOUND {
            ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.search::<true>(ctx, root, alpha, beta, depth, 0, false);
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Some(Bound::Upper)
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                // Keep the move that failed high first in the re-search.
                if self.pv_len[0] > 0 {
                    self.root_best = self.pv[0][0];
                }
                Some(Bound::Lower)
            } else {
                return score;
            };
            if ctx.is_main && ctx.time.elapsed_ms() >= BOUND_INFO_AFTER_MS {
                let pv = self.current_pv();
                let info = self.info(ctx, depth, pv_idx, score, bound, pv);
                self.show(ctx, info);
            }
            delta = delta * self.p.asp_growth_x16 / 16;
        }
    }

    /// Reports a line, remembering the first move of the main line the GUI saw last.
    fn show(&mut self, ctx: &Ctx<'_>, info: SearchInfo) {
        if info.multipv == 1
            && let Some(&first) = info.pv.first()
        {
            self.last_shown = Some(first);
        }
        ctx.emit(SearchEvent::Info(info));
    }

    /// When a search stops inside an iteration, what was shown last may not agree with the move
    /// about to be played: the unfinished depth found a new best move, a fail-high line named a
    /// move the re-search did not confirm, or (MultiPV) the new depth's first lines sit beside
    /// the old depth's later ones and may name the same move. This reports the set of lines the
    /// search ends with — the new depth's finished lines, the new best move's line, then the
    /// old depth's lines for the moves not yet named, renumbered — so that the last `info … pv`
    /// starts with the best move and the last MultiPV set names distinct moves.
    fn report_final(
        &mut self,
        ctx: &Ctx<'_>,
        result: &mut IterResult,
        lines: &[SearchInfo],
        current: &[SearchInfo],
        partial: Option<SearchInfo>,
        multipv: usize,
    ) {
        let mixed = multipv > 1 && !current.is_empty();
        if !mixed && partial.is_none() && self.last_shown == result.best {
            return;
        }
        let mut set: Vec<SearchInfo> = current.to_vec();
        set.extend(partial);
        for old in lines {
            if set.len() >= multipv {
                break;
            }
            if !set.iter().any(|l| l.pv.first() == old.pv.first()) {
                set.push(old.clone());
            }
        }
        let now = self.info(ctx, 0, 0, 0, None, &[]);
        for (i, line) in set.iter_mut().enumerate() {
            line.multipv = i as u32 + 1;
            (line.nodes, line.nps, line.time_ms) = (now.nodes, now.nps, now.time_ms);
            (line.hashfull, line.tbhits) = (now.hashfull, now.tbhits);
        }
        if let Some(first) = set.first() {
            result.info = Some(first.clone());
        }
        for line in set {
            self.show(ctx, line);
        }
    }

    /// MultiPV lines best first: each line is searched with the moves of the lines before it
    /// left out, so a later line can come back with a higher score than an earlier one. When
    /// that happens the depth's lines are sorted (stably, by score), renumbered and shown again
    /// as one block, and the best move is the first line's, as the GUI then shows it.
    fn order_lines(&mut self, ctx: &Ctx<'_>, result: &mut IterResult, current: &mut [SearchInfo]) {
        let key = |l: &SearchInfo| std::cmp::Reverse(score_order(l.score));
        if current.is_sorted_by_key(key) {
            return;
        }
        current.sort_by_key(key);
        for (i, line) in current.iter_mut().enumerate() {
            line.multipv = i as u32 + 1;
        }
        if let Some(first) = current.first() {
            result.info = Some(first.clone());
            if let Some(&best) = first.pv.first() {
                result.best = Some(best);
                result.ponder = first.pv.get(1).copied();
            }
        }
        for line in current.iter() {
            self.show(ctx, line.clone());
        }
    }

    fn current_pv(&self) -> &[Option<Move>] {
        &self.pv[0][..self.pv_len[0]]
    }

    fn info(
        &self,
        ctx: &Ctx<'_>,
        depth: i32,
        pv_idx: usize,
        score: i32,
        bound: Option<Bound>,
        pv: &[Option<Move>],
    ) -> SearchInfo {
        let time_ms = ctx.time.elapsed_ms();
        let nodes = ctx.total_nodes();
        SearchInfo {
            depth: depth as u32,
            seldepth: self.seldepth as u32,
            multipv: pv_idx as u32 + 1,
            score: to_public(score),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            time_ms,
            hashfull: ctx.tt.hashfull(),
            tbhits: ctx.tb.map_or(0, |tb| tb.hits.load(Ordering::Relaxed)),
            pv: pv.iter().flatten().copied().collect(),
        }
    }
}

// `current_pv` returns Options so that the hot path never allocates; this keeps the helper
// honest about that in debug builds.
/// A score as a number that orders like the score: mates to give above every centipawn value
/// (the shorter the higher), mates to take below (the longer the higher).
fn score_order(s: crate::Score) -> i64 {
    const MATE: i64 = 1_000_000;
    match s {
        crate::Score::Cp(cp) => i64::from(cp),
        crate::Score::Mate(n) if n > 0 => MATE - i64::from(n),
        crate::Score::Mate(n) => -MATE - i64::from(n),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn falling_scores_get_more_time() {
        use super::falling_scale;
        assert_eq!(falling_scale(20, Some(20), Some(20)), 100);
        assert_eq!(falling_scale(20, None, None), 100);
        assert!(falling_scale(0, Some(30), Some(10)) > 100);
        assert!(falling_scale(50, Some(30), Some(10)) < 100);
        assert_eq!(falling_scale(-500, Some(500), None), super::FALL_MAX as u64);
        assert_eq!(falling_scale(500, Some(-500), None), super::FALL_MIN as u64);
        // Mate scores say nothing about trouble: no scaling.
        assert_eq!(falling_scale(super::MATE - 5, Some(0), None), 100);
        assert_eq!(falling_scale(0, Some(super::MATE - 5), None), 100);
    }

    #[test]
    fn a_clear_best_move_gets_less_time() {
        use super::{NODE_MIN, node_scale};
        assert_eq!(node_scale(0), super::NODE_BASE);
        assert_eq!(node_scale(700), 100);
        assert_eq!(node_scale(1000), NODE_MIN.max(super::NODE_BASE - super::NODE_SLOPE));
        assert!((0..1000).all(|s| node_scale(s) >= node_scale(s + 1)));
    }

    #[test]
    fn stability_scale_is_monotone() {
        assert!(super::STABILITY_SCALE.windows(2).all(|w| w[0] >= w[1]));
    }
}
