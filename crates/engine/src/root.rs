//! Before the search: what answers at the root without one (the opening book, our tablebases'
//! won or lost positions), what narrows it (a drawn position of our tables, Syzygy's moves that
//! keep the result), and the limited-strength wrapper that weakens the move it returns. Each
//! step is a method of [`Engine`] that [`Engine::start`] calls in turn; the ones that change
//! what the front end sees wrap its event sink.

use crate::{
    ChosenSlot, Engine, EventSink, SearchEvent, SearchInfo, SearchLimits, SearchResult, Tablebase,
    TbOutcome, strength,
};
use std::sync::Arc;
use vidle_core::{Game, Move};

/// What our tables did at the root.
pub(crate) enum RootTables {
    /// The position is won or lost: the table's move was sent without a search.
    Answered,
    /// A search follows: over the drawing moves when `covered` (the sink then announces the
    /// draw first), over every move otherwise.
    Searched {
        /// Our tables cover the position (it is a draw).
        covered: bool,
        /// The sink to search with.
        on_event: EventSink,
    },
}

impl Engine {
    /// Wraps `on_event` so that problems the Syzygy tables ran into are reported before the
    /// answer.
    pub(crate) fn report_syzygy_messages(&self, on_event: EventSink) -> EventSink {
        let Some(sz) = self.syzygy.clone() else { return on_event };
        let mut inner = on_event;
        Box::new(move |ev| {
            if matches!(ev, SearchEvent::BestMove { .. }) {
                for m in sz.take_messages() {
                    inner(SearchEvent::Message(m));
                }
            }
            inner(ev);
        })
    }

    /// The book's move for `game`, when `OwnBook` is on and the search is neither infinite
    /// (analysis) nor restricted to some moves.
    pub(crate) fn book_move(&self, game: &Game, limits: &SearchLimits) -> Option<Move> {
        if !self.settings.own_book || limits.infinite || !limits.searchmoves.is_empty() {
            return None;
        }
        self.book.as_ref().and_then(|b| b.pick(game)).filter(|&m| game.position().is_legal(m))
    }

    /// Answers without a search: `events` are sent from a thread of their own (as a search's
    /// would be) and `result` is the search's result.
    pub(crate) fn answer_at_once(
        &mut self,
        result: SearchResult,
        events: Vec<SearchEvent>,
        mut on_event: EventSink,
    ) {
        self.last_result = result.clone();
        self.handle = Some(std::thread::spawn(move || {
            for ev in events {
                on_event(ev);
            }
            (Vec::new(), result)
        }));
    }

    /// Our tablebases at the root: with a win or a loss the table's move is played at once
    /// (fastest mate, longest resistance); in a drawn position only the non-losing moves are
    /// searched, so the engine keeps playing for practical chances.
    pub(crate) fn our_tables_at_root(
        &mut self,
        game: &Game,
        limits: &mut SearchLimits,
        on_event: EventSink,
    ) -> RootTables {
        let moves = if limits.infinite {
            None
        } else {
            self.tablebase
                .as_ref()
                .and_then(|tb| tb_root_moves(tb.as_ref(), game.position(), &limits.searchmoves))
        };
        let Some(mut moves) = moves else {
            return RootTables::Searched { covered: false, on_event };
        };
        moves.sort_by_key(|&(_, o)| std::cmp::Reverse(o.rank()));
        let (best, outcome) = moves[0];
        if outcome != TbOutcome::Draw {
            let info = SearchInfo {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: outcome.score(),
                bound: None,
                nodes: 0,
                nps: 0,
                time_ms: 0,
                hashfull: 0,
                tbhits: moves.len() as u64,
                pv: vec![best],
            };
            let result = SearchResult { best: Some(best), ponder: None, info: Some(info.clone()) };
            let events = vec![
                SearchEvent::Tablebase(outcome),
                SearchEvent::Info(info),
                SearchEvent::BestMove { best: Some(best), ponder: None },
            ];
            self.answer_at_once(result, events, on_event);
            return RootTables::Answered;
        }
        limits.searchmoves =
            moves.iter().filter(|(_, o)| *o == TbOutcome::Draw).map(|&(m, _)| m).collect();
        let mut inner = on_event;
        let mut announced = false;
        let on_event: EventSink = Box::new(move |ev| {
            if !announced {
                announced = true;
                inner(SearchEvent::Tablebase(TbOutcome::Draw));
            }
            inner(ev);
        });
        RootTables::Searched { covered: true, on_event }
    }

    /// Syzygy at the root, where our tables do not answer: only the moves that keep the best
    /// result within the fifty-move rule (per `Syzygy50MoveRule`) are searched, ordered by DTZ
    /// (as Stockfish's `Tablebases::root_probe`). Returns the probes made (for `tbhits`) and
    /// the sink, which announces the result first when the tables answered.
    pub(crate) fn syzygy_at_root(
        &self,
        game: &Game,
        limits: &mut SearchLimits,
        on_event: EventSink,
    ) -> (u64, EventSink) {
        let moves = match &self.syzygy {
            Some(sz)
                if !limits.infinite
                    && game.position().occupied().count()
                        <= sz.max_pieces().min(self.settings.syzygy_probe_limit) =>
            {
                tb_root_moves(sz.as_ref(), game.position(), &limits.searchmoves)
            }
            _ => None,
        };
        let Some(mut moves) = moves else { return (0, on_event) };
        let root_tbhits = moves.len() as u64;
        moves.sort_by_key(|&(_, o)| std::cmp::Reverse(o.rank()));
        let class = moves[0].1.class();
        let total = moves.len() as u32;
        moves.retain(|(_, o)| o.class() == class);
        let kept = moves.len() as u32;
        limits.searchmoves = moves.iter().map(|&(m, _)| m).collect();
        let mut inner = on_event;
        let mut announced = false;
        let on_event: EventSink = Box::new(move |ev| {
            if !announced {
                announced = true;
                inner(SearchEvent::SyzygyRoot { class, kept, total });
            }
            inner(ev);
        });
        (root_tbhits, on_event)
    }

    /// Limited strength (`UCI_LimitStrength`): the search is capped in depth and nodes and
    /// looks at several lines, and the sink picks a human-like move among them when the search
    /// ends (recorded for [`Engine::wait`]). Returns the number of lines to search and the
    /// sink; without limited strength, `MultiPV` and `on_event` unchanged.
    pub(crate) fn weaken(
        &mut self,
        limits: &mut SearchLimits,
        on_event: EventSink,
    ) -> (usize, EventSink) {
        let mut multipv = self.settings.multipv;
        if !self.settings.limit_strength {
            return (multipv, on_event);
        }
        let plan = strength::plan(self.settings.elo);
        limits.depth = Some(limits.depth.map_or(plan.depth, |d| d.min(plan.depth)));
        limits.nodes = Some(limits.nodes.map_or(plan.nodes, |n| n.min(plan.nodes)));
        multipv = multipv.max(plan.multipv);
        let shown = self.settings.multipv;
        let slot: ChosenSlot = Arc::default();
        self.chosen = Some(Arc::clone(&slot));
        let mut rng = strength::Rng::new(self.rng.next_u64());
        let mut inner = on_event;
        let mut lines: Vec<SearchInfo> = Vec::new();
        let on_event: EventSink = Box::new(move |ev| match ev {
            SearchEvent::Info(info) => {
                if info.bound.is_none() {
                    let i = info.multipv as usize;
                    if lines.len() < i {
                        lines.resize(i, info.clone());
                    }
                    lines[i - 1] = info.clone();
                }
                if info.multipv as usize <= shown {
                    inner(SearchEvent::Info(info));
                }
            }
            SearchEvent::BestMove { best, ponder } => {
                let pick = strength::choose(&lines, &plan, &mut rng).or(best);
                if let Ok(mut s) = slot.lock() {
                    *s = pick;
                }
                let ponder = if pick == best {
                    ponder
                } else {
                    // The line of the move played is the last one shown, as GUIs expect.
                    let line = lines.iter().find(|l| l.pv.first() == pick.as_ref());
                    if let Some(l) = line {
                        inner(SearchEvent::Info(SearchInfo { multipv: 1, ..l.clone() }));
                    }
                    line.and_then(|l| l.pv.get(1).copied())
                };
                inner(SearchEvent::BestMove { best: pick, ponder });
            }
            other => inner(other),
        });
        (multipv, on_event)
    }
}

/// The tablebase results for the root moves (only those in `searchmoves` when it is given), or
/// `None` when the tables do not cover the position.
pub(crate) fn tb_root_moves(
    tb: &dyn Tablebase,
    pos: &vidle_core::Position,
    searchmoves: &[Move],
) -> Option<Vec<(Move, TbOutcome)>> {
    if pos.occupied().count() > tb.max_pieces() || pos.castling_rooks().is_nonempty() {
        return None;
    }
    let mut moves = tb.root_moves(pos)?;
    if !searchmoves.is_empty() {
        moves.retain(|(m, _)| searchmoves.contains(m));
    }
    (!moves.is_empty()).then_some(moves)
}
