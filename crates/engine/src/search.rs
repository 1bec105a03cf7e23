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
use vidle_core::attacks::between;
use vidle_core::{Bitboard, Color, Move, MoveList, Piece, Position, Role};

/// How often (in nodes) the main thread looks at the clock.
const TIME_CHECK_INTERVAL: u64 = 1024;
/// Root moves are reported (UCI `currmove`) only once a search has run this long.
const CURRMOVE_AFTER_MS: u64 = 1000;
/// Quiet moves remembered per node for history maluses.
const MAX_QUIETS_TRIED: usize = 64;
/// Noisy moves remembered per node for capture-history maluses.
const MAX_NOISY_TRIED: usize = 32;

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
    pub fn boxed() -> Box<Worker> {
        Box::new(Worker {
            p: PARAMS,
            lmr: lmr_table(&PARAMS),
            history: History::default(),
            pawns: PawnTable::default(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys: Vec::with_capacity(1024),
            root_moves: MoveList::new(),
            pv: Box::new([[None; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            eval_stack: [NO_EVAL; MAX_PLY + 4],
            moved: [None; MAX_PLY + 4],
            plies_from_null: [0; MAX_PLY + 4],
            in_check: [false; MAX_PLY + 4],
            excluded: [None; MAX_PLY + 4],
            double_ext: [0; MAX_PLY + 4],
            threats: [Bitboard::EMPTY; MAX_PLY + 4],
            root_best: None,
            root_score: (0, false),
            last_shown: None,
            root_depth: 0,
            last_score: None,
            root_nodes: Box::new([0; 4096]),
            use_nnue: false,
            acc: AccStack::new(MAX_PLY + 4),
        })
    }

    /// Forgets the game (new game).
    pub fn clear(&mut self) {
        self.history.clear();
        self.pawns.clear();
        self.last_score = None;
    }

    /// Prepares a search from `root` with game history `game_keys` (oldest first, the root's
    /// own key last) and search parameters `params`.
    pub fn prepare(&mut self, game_keys: &[u64], root_moves: &MoveList, params: &SearchParams) {
        if self.p != *params {
            self.p = *params;
            self.lmr = lmr_table(params);
        }
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.keys.clear();
        self.keys.extend_from_slice(game_keys);
        // Reserve now so that the search itself never allocates.
        self.keys.reserve(MAX_PLY + 8);
        self.root_moves = root_moves.clone();
        self.history.clear_killers();
        self.plies_from_null = [0; MAX_PLY + 4];
        // The game's own moves count for repetitions (the position's clock bounds the window).
        self.plies_from_null[0] = game_keys.len();
        self.root_best = None;
        self.last_shown = None;
        self.moved = [None; MAX_PLY + 4];
        self.eval_stack = [NO_EVAL; MAX_PLY + 4];
        self.excluded = [None; MAX_PLY + 4];
        self.double_ext = [0; MAX_PLY + 4];
        self.root_nodes.fill(0);
    }

    /// The share (in 1/1000ths) of this search's nodes spent under root move `m`.
    pub fn root_node_share(&self, m: Move) -> u64 {
        let n = self.root_nodes[root_slot(m)];
        (n * 1000).checked_div(self.nodes).unwrap_or(0).min(1000)
    }

    /// Reports the root move about to be searched, once the search has taken a while.
    fn report_currmove(&self, ctx: &Ctx<'_>, depth: i32, mv: Move, number: i32) {
        if ctx.report.is_some() && ctx.time.elapsed_ms() >= CURRMOVE_AFTER_MS {
            ctx.emit(crate::SearchEvent::CurrMove {
                depth: depth as u32,
                mv,
                number: number as u32,
            });
        }
    }

    /// Counts a node and, on the main thread, checks the limits now and then.
    #[inline]
    pub(crate) fn visit(&mut self, ctx: &Ctx<'_>, ply: usize) {
        self.nodes += 1;
        ctx.nodes_out.store(self.nodes, Ordering::Relaxed);
        self.seldepth = self.seldepth.max(ply + 1);
        if let Some(limit) = ctx.node_limit
            && ctx.is_main
            && (ctx.total_nodes() >= limit)
        {
            ctx.signals.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes.is_multiple_of(TIME_CHECK_INTERVAL)
            && ctx.is_main
            && !ctx.signals.pondering.load(Ordering::Relaxed)
            && let Some(hard) = ctx.time.hard_ms
            && ctx.time.elapsed_ms() >= hard
        {
            ctx.signals.stop.store(true, Ordering::Relaxed);
        }
        if ctx.signals.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    /// A draw by repetition, by the fifty-move rule or by insufficient material. A position
    /// that occurred before on the search path after the root is a draw at once (if it is good
    /// for one side to repeat once, it will be as good to repeat again). A position that occurs
    /// again only from the root or the game before it is a draw only when that makes it the
    /// third time: a second occurrence there is no draw yet, and the opponent may still play
    /// on from it (as Stockfish rules; counting it a draw let the engine call lost positions
    /// level because one of its lines went back to a position of the game once).
    fn is_draw(&self, pos: &Position, ply: usize) -> bool {
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
    fn upcoming_repetition(&self, pos: &Position, ply: usize) -> bool {
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

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY);
        self.pv[ply][0] = Some(m);
        for i in 0..child_len {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// Enters a child position: keys for repetitions, the move that led there, whether it gives
    /// check; the child inherits the path's count of double extensions.
    #[inline]
    pub(crate) fn push(
        &mut self,
        parent: &Position,
        child: &Position,
        ply: usize,
        moved: Option<(Piece, Move)>,
        check: bool,
    ) {
        if self.use_nnue {
            self.acc.push(ply, parent, child);
        }
        self.keys.push(child.key());
        self.moved[ply + 1] = moved;
        self.in_check[ply + 1] = check;
        self.plies_from_null[ply + 1] =
            if moved.is_none() { 0 } else { self.plies_from_null[ply] + 1 };
        // A double extension adds to this after the push.
        self.double_ext[ply + 1] = self.double_ext[ply];
    }

    #[inline]
    pub(crate) fn pop(&mut self) {
        self.keys.pop();
    }

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

        if !PV && !in_check && excluded.is_none() {
            // Step 5a. Razoring: so far below alpha at low depth that only a capture could
            // help; when quiescence agrees, the node fails low.
            if depth <= self.p.razor_max_depth
                && alpha.abs() < MATE_BOUND
                && eval + self.p.razor_margin_per_depth * depth < alpha
            {
                let s = self.qsearch::<false>(ctx, pos, alpha - 1, alpha, ply);
                if self.stopped {
                    return 0;
                }
                if s < alpha {
                    return s;
                }
            }
            // Step 5b. Reverse futility pruning: far above beta, a quiet move will not drop it.
            if depth <= self.p.rfp_max_depth
                && eval.abs() < MATE_BOUND
                && eval - self.p.rfp_margin * depth + self.p.rfp_improving_margin * improving as i32
                    >= beta
            {
                return eval;
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
                let score = -self.search::<false>(
                    ctx,
                    &child,
                    -beta,
                    -beta + 1,
                    depth - r,
                    ply + 1,
                    !cut_node,
                );
                self.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
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
                let mut picker =
                    MovePicker::quiescence(pos, tt_move, Bitboard::EMPTY, Bitboard::EMPTY);
                while let Some(m) = picker.next(pos, &self.history) {
                    if !see_ge(pos, m, pc_beta - static_eval) {
                        continue;
                    }
                    let child = pos.played(m);
                    ctx.tt.prefetch(child.key());
                    let check = pos.gives_check(m);
                    self.push(pos, &child, ply, pos.piece_at(m.from()).map(|p| (p, m)), check);
                    let mut s =
                        -self.qsearch::<false>(ctx, &child, -pc_beta, -pc_beta + 1, ply + 1);
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
                        return 0;
                    }
                    if s >= pc_beta {
                        let (key, score) = (pos.key(), to_tt(s, ply));
                        ctx.tt.store(key, Some(m), score, raw_eval, pc_depth, Bound::Lower, tt_pv);
                        return s;
                    }
                }
            }
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
                if quiet && moves_searched >= lmp_limit && depth <= self.p.lmp_max_depth {
                    picker.skip_quiets();
                    continue;
                }
                // History pruning: a quiet move that has failed everywhere lately.
                if quiet
                    && depth <= self.p.hist_prune_max_depth
                    && hist < -self.p.hist_prune_per_depth * depth
                    && !killers.contains(&Some(m))
                    && counter != Some(m)
                {
                    continue;
                }
                let see_margin = if quiet {
                    (depth <= self.p.see_quiet_max_depth)
                        .then(|| -self.p.see_quiet_per_depth * depth)
                } else {
                    Some(-self.p.see_noisy_per_depth_sq * depth * depth)
                };
                if let Some(margin) = see_margin
                    && !see_ge(pos, m, margin)
                {
                    continue;
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
                let s_beta = tts - self.p.se_margin_per_depth * depth;
                self.excluded[ply] = Some(m);
                let s = self.search::<false>(
                    ctx,
                    pos,
                    s_beta - 1,
                    s_beta,
                    (depth - 1) / 2,
                    ply,
                    cut_node,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if s < s_beta {
                    extension = if !PV
                        && s < s_beta - self.p.se_double_margin
                        && self.double_ext[ply] < self.p.se_max_double
                    {
                        2
                    } else {
                        1
                    };
                } else if s_beta >= beta {
                    return s_beta;
                } else if tts >= beta || cut_node {
                    extension = -1;
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
                !us,
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
            self.history.update_correction(pos.turn(), &ckeys, depth, best_score, static_eval);
        }
        if excluded.is_none() {
            let score = to_tt(best_score, ply);
            ctx.tt.store(pos.key(), best_move, score, store_eval, depth, bound, tt_pv);
        }
        best_score
    }

    /// The static evaluation of `pos` at `ply`, from the side to move's view: the network's
    /// or the hand-crafted one's. With the network on, a position where one side has only its
    /// king is still evaluated by hand: its bare-king term leads the king hunt (KBNK takes up
    /// to 33 moves), which the network, trained on self-play that seldom reaches such endings,
    /// does not know (with it alone KBNK was given away in `mates_a_bare_king_…`).
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let bare_king =
            pos.by_color(Color::White).count() == 1 || pos.by_color(Color::Black).count() == 1;
        if self.use_nnue && !bare_king {
            let e = self.acc.evaluate(ply, pos);
            debug_assert_eq!(e, crate::nnue::evaluate(pos), "incremental and full evaluation");
            e
        } else {
            eval::evaluate(pos, &mut self.pawns)
        }
    }

    /// The raw static evaluation (the TT entry's when it has one) and the same plus the
    /// correction history under `keys`. Not for positions in check.
    pub(crate) fn static_eval(
        &mut self,
        pos: &Position,
        ply: usize,
        hit: Option<TtHit>,
        keys: &CorrKeys,
    ) -> (i32, i32) {
        let raw = match hit {
            Some(h) if h.eval != NO_EVAL && h.eval.abs() < MATE_BOUND => h.eval,
            _ => self.evaluate(pos, ply),
        };
        let corrected = (raw + self.history.correction(pos.turn(), keys))
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        (raw, corrected)
    }

    /// The moves one, two and four plies before a move made at `ply` (continuation history).
    #[inline]
    fn conts(&self, ply: usize) -> Conts {
        [
            self.moved[ply],
            if ply >= 1 { self.moved[ply - 1] } else { None },
            if ply >= 3 { self.moved[ply - 3] } else { None },
        ]
    }

    /// A quiet move caused a cutoff: killer, countermove, a history bonus `b` (butterfly and
    /// continuation); the quiets tried before it get the same as a malus.
    fn reward_quiet(
        &mut self,
        ply: usize,
        us: Color,
        (piece, m, threats): (Piece, Move, Bitboard),
        conts: &Conts,
        b: i32,
        tried: &[Option<(Piece, Move)>],
    ) {
        self.history.add_killer(ply, m);
        self.history.set_counter(self.moved[ply], m);
        self.history.update_quiet_all(us, piece, (m, threats), conts, b);
        for &(p, q) in tried.iter().flatten() {
            self.history.update_quiet_all(us, p, (q, threats), conts, -b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::parse_fen;

    /// Walks `moves` (UCI) from `pos`: the positions after each move.
    fn walk(mut pos: Position, moves: &str) -> Vec<Position> {
        let mut out = Vec::new();
        for text in moves.split_whitespace() {
            let m = vidle_core::notation::parse_uci(&pos, text, false).expect("test move");
            pos = pos.played(m);
            out.push(pos);
        }
        out
    }

    /// A worker that has searched `path` from the last position of `game` (both from the
    /// start position), with the position at the end of the path and its ply.
    fn worker_after(game: &str, path: &str) -> (Box<Worker>, Position, usize) {
        let start = Position::startpos();
        let mut game_pos = vec![start];
        game_pos.extend(walk(start, game));
        let root = *game_pos.last().expect("a root");
        let mut w = Worker::boxed();
        let keys: Vec<u64> = game_pos.iter().map(|p| p.key()).collect();
        w.prepare(&keys, &root.legal_moves(), &PARAMS);
        let line = walk(root, path);
        for (i, p) in line.iter().enumerate() {
            w.keys.push(p.key());
            w.plies_from_null[i + 1] = w.plies_from_null[i] + 1;
        }
        let last = *line.last().unwrap_or(&root);
        (w, last, line.len())
    }

    /// `is_draw` at the end of `path` (searched from the last game position), the game being
    /// `game` from the start position.
    fn draw_after(game: &str, path: &str) -> bool {
        let (w, pos, ply) = worker_after(game, path);
        w.is_draw(&pos, ply)
    }

    #[test]
    fn an_upcoming_repetition_is_seen_one_move_ahead() {
        let cycle = |game: &str, path: &str| {
            let (w, pos, ply) = worker_after(game, path);
            w.upcoming_repetition(&pos, ply)
        };
        // Black can play Ng8, back to a position met after the root: a draw in hand.
        assert!(cycle("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
        assert!(cycle("e2e4", "g8f6 g1f3 f6g8 f3g1 g8f6 g1f3"));
        // Back to the root, met once before: no draw yet.
        assert!(!cycle("", "g1f3 g8f6 f3g1"));
        // The same with that position twice in the game before: the third time, a draw.
        assert!(cycle("g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 f3g1"));
        // Nothing to go back to.
        assert!(!cycle("e2e4", "e7e5 g1f3 b8c6"));
    }

    #[test]
    fn repetitions_after_the_root_draw_at_once_before_it_only_the_third_time() {
        let out_and_back = "g1f3 g8f6 f3g1 f6g8";
        // The root position again, for the second time: play goes on.
        assert!(!draw_after("", out_and_back));
        // A position of the game before the root, met a second time: not yet a draw.
        assert!(!draw_after("g1f3", "g8f6 f3g1 f6g8 g1f3"));
        // The root's position for the third time (the game had it twice): a draw.
        assert!(draw_after(out_and_back, out_and_back));
        // A position first met after the root and then again: a draw at once.
        assert!(draw_after("", "g1f3 g8f6 f3g1 f6g8 g1f3"));
        assert!(draw_after("e2e4", "g8f6 g1f3 f6g8 f3g1 g8f6"));
        // No repetition at all.
        assert!(!draw_after("e2e4", "e7e5 g1f3 b8c6"));
    }

    #[test]
    fn a_move_is_told_quiet_from_the_position_it_led_to() {
        // Captures by every piece, en passant, promotions with and without capture, castling.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 7 20",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 7 20",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 3 30",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 3 30",
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 40",
        ] {
            let pos = parse_fen(fen).expect("test FEN");
            let moves = pos.legal_moves();
            assert!(!moves.is_empty());
            for m in moves.iter() {
                let piece = pos.piece_at(m.from()).expect("a mover");
                assert_eq!(
                    move_was_quiet(&pos.played(m), piece, m),
                    !is_noisy(&pos, m),
                    "{fen}: {m:?}"
                );
            }
        }
    }
}
