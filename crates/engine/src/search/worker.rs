//! The search worker's housekeeping: building and clearing it, preparing a search, the path's
//! stacks (push and pop), the principal variation, node counting and time checks, the static
//! evaluation with correction history, and quiet-move history rewards.

use super::*;

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
    pub(super) fn report_currmove(&self, ctx: &Ctx<'_>, depth: i32, mv: Move, number: i32) {
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

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
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
            debug_assert_eq!(e, self.acc.net().evaluate(pos), "incremental and full evaluation");
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
    pub(super) fn conts(&self, ply: usize) -> Conts {
        [
            self.moved[ply],
            if ply >= 1 { self.moved[ply - 1] } else { None },
            if ply >= 3 { self.moved[ply - 3] } else { None },
        ]
    }

    /// A quiet move caused a cutoff: killer, countermove, a history bonus `b` (butterfly and
    /// continuation); the quiets tried before it get the same as a malus.
    pub(super) fn reward_quiet(
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
