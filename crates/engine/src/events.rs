//! What a search is asked for and what it reports: limits, scores, progress and the final
//! answer, as typed values that every front end renders its own way.

use vidle_core::{Color, Move};

/// A score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in `n` moves (not plies); negative when the side to move is being mated.
    Mate(i32),
}

/// Which side of the aspiration window a reported score lies on when the search failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// Progress of one iteration (one `info` line in UCI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth of the iteration in plies (UCI `depth`); 0 when the root has no legal
    /// move, 1 when the tablebases decided the root without searching.
    pub depth: u32,
    /// Selective depth (UCI `seldepth`): the deepest ply the main thread has reached in this
    /// search, quiescence included, counted as ply + 1 (as Stockfish does); never decreases
    /// between iterations.
    pub seldepth: u32,
    /// 1-based index of this line when searching several (MultiPV).
    pub multipv: u32,
    /// The line's value for the side to move; only a bound on it while `bound` is set.
    pub score: Score,
    /// `None` for an exact score; set while an aspiration window fails.
    pub bound: Option<Bound>,
    /// Nodes visited so far by all search threads together, quiescence included.
    pub nodes: u64,
    /// Nodes per second: `nodes * 1000 / time_ms` (with `time_ms` taken as at least 1).
    pub nps: u64,
    /// Milliseconds since the search started (UCI `time`).
    pub time_ms: u64,
    /// Per mille of the transposition table used by this search.
    pub hashfull: u32,
    /// Successful tablebase probes (ours and Syzygy): one per root move probed at the root, plus
    /// those of every thread inside the search.
    pub tbhits: u64,
    /// The principal variation from the root, starting with the move this line plays; empty
    /// when the root has no legal move.
    pub pv: Vec<Move>,
}

/// What a running search reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchEvent {
    /// Progress (UCI `info`): each MultiPV line after every completed iteration, bounded lines
    /// when an aspiration window fails after the first second, and a final set if stopped early.
    Info(SearchInfo),
    /// Free text (UCI `info string`): problems the Syzygy tables ran into.
    Message(String),
    /// Our tablebases decided the root: `Win`/`Loss` (from the side to move's point of view)
    /// when the table's move is played at once, `Draw` when only the drawing moves are searched.
    Tablebase(TbOutcome),
    /// The Syzygy tables (where ours do not cover the position) restricted the root to the
    /// `kept` of `total` legal moves that keep the best result, `class`: a win, draw or loss
    /// for the side to move.
    SyzygyRoot {
        /// The best result any root move keeps, for the side to move.
        class: TbClass,
        /// Root moves that keep `class`: the only ones searched.
        kept: u32,
        /// Root moves the tables scored (every legal one, or those of `searchmoves`).
        total: u32,
    },
    /// The move comes from the opening book (sent just before `BestMove`, no search done).
    BookMove(Move),
    /// The root move now being searched (UCI `currmove`), sent once a search has run for a
    /// second; `number` counts the root moves of this iteration from 1.
    CurrMove {
        /// The iteration's nominal depth in plies.
        depth: u32,
        /// The root move about to be searched.
        mv: Move,
        /// 1-based (UCI `currmovenumber`), counting the moves this pass searched: it restarts
        /// with each aspiration re-search and each MultiPV line (which skips earlier lines' moves).
        number: u32,
    },
    /// The final answer; always the last event of a search. `best` is `None` only when the
    /// position has no legal move.
    BestMove {
        /// The move to play (UCI `bestmove`); under limited strength, the move picked among the
        /// candidate lines, not necessarily the search's best.
        best: Option<Move>,
        /// The reply expected (UCI `ponder`): the played line's second move, else the
        /// transposition table's move after `best`; `None` when neither is known.
        ponder: Option<Move>,
    },
}

/// Limits of one search, as UCI `go` gives them. Times are in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration in plies (`go depth`), clamped to 1..=128; iterations end at 124 anyway.
    pub depth: Option<u32>,
    /// Stop once all threads together have visited this many nodes (`go nodes`); the main thread
    /// checks at every node of its own, so the count may overshoot a little.
    pub nodes: Option<u64>,
    /// Search this long (`go movetime`), less `Move Overhead` (at least 1 ms); the clock fields
    /// are then ignored.
    pub movetime: Option<u64>,
    /// White's remaining clock (`go wtime`); only the side to move's clock is used.
    pub wtime: Option<u64>,
    /// Black's remaining clock (`go btime`); only the side to move's clock is used.
    pub btime: Option<u64>,
    /// White's increment per move (`go winc`); three quarters of it is budgeted for each move.
    pub winc: Option<u64>,
    /// Black's increment per move (`go binc`); three quarters of it is budgeted for each move.
    pub binc: Option<u64>,
    /// Moves until the next time control (`go movestogo`), clamped to 1..=50; without it the
    /// clock is shared as if 25 moves remained.
    pub movestogo: Option<u32>,
    /// Search for a mate in this many moves; stops once one is proven.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Pondering: the clock does not run until `ponderhit`.
    pub ponder: bool,
    /// Restrict the root to these moves (illegal ones are ignored).
    pub searchmoves: Vec<Move>,
}

/// The outcome of [`Engine::search_blocking`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchResult {
    /// The move to play (the picked one under limited strength); `None` when the root has no
    /// legal move, or after a search thread panicked.
    pub best: Option<Move>,
    /// The reply expected after `best`, as in [`SearchEvent::BestMove`].
    pub ponder: Option<Move>,
    /// The last complete `info` of the main line.
    pub info: Option<SearchInfo>,
}

/// A tablebase result for the side to move at the root, after one of its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TbOutcome {
    /// The mover mates in this many plies (counted from the root position).
    Win(u32),
    /// Best play draws; so do wins and losses the fifty-move rule spoils.
    Draw,
    /// The mover is mated in this many plies.
    Loss(u32),
}

impl TbOutcome {
    /// Ordering key: faster wins first, then draws, then slower losses.
    pub(crate) fn rank(self) -> (i8, i64) {
        match self {
            TbOutcome::Win(p) => (1, -(p as i64)),
            TbOutcome::Draw => (0, 0),
            TbOutcome::Loss(p) => (-1, p as i64),
        }
    }

    /// As a UCI-style score in moves.
    pub fn score(self) -> Score {
        match self {
            TbOutcome::Win(p) => Score::Mate(p.div_ceil(2) as i32),
            TbOutcome::Draw => Score::Cp(0),
            TbOutcome::Loss(p) => Score::Mate(-((p / 2) as i32)),
        }
    }

    /// The result without its distance.
    pub fn class(self) -> TbClass {
        match self {
            TbOutcome::Win(_) => TbClass::Win,
            TbOutcome::Draw => TbClass::Draw,
            TbOutcome::Loss(_) => TbClass::Loss,
        }
    }
}

/// A result without its distance: what the Syzygy tables keep at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TbClass {
    /// The side to move wins with best play.
    Win,
    /// Best play draws (including wins and losses the fifty-move rule spoils, where it applies).
    Draw,
    /// The side to move loses with best play.
    Loss,
}

impl TbClass {
    /// `win`, `draw` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            TbClass::Win => "win",
            TbClass::Draw => "draw",
            TbClass::Loss => "loss",
        }
    }
}

impl Score {
    /// This score (side to move's point of view, as the engine reports it) from White's point
    /// of view.
    pub fn white_view(self, side_to_move: Color) -> Score {
        match (side_to_move, self) {
            (Color::White, s) => s,
            (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
            (Color::Black, Score::Mate(n)) => Score::Mate(-n),
        }
    }

    /// The one way a person reads a score (lichess's convention): White's point of view, pawns
    /// with one decimal (`+1.2`, `-0.4`, `0.0`), mates as `#5` (White mates) or `-#3` (Black
    /// mates). `self` is from the side to move's point of view, as the engine reports it; UCI
    /// keeps that convention and does not use this.
    pub fn for_people(self, side_to_move: Color) -> String {
        // Mate(0): the side to move is already mated, which `white_view` cannot turn (−0 is 0).
        if self == Score::Mate(0) {
            return if side_to_move == Color::White { "-#0" } else { "#0" }.to_string();
        }
        match self.white_view(side_to_move) {
            Score::Cp(cp) => {
                // Rounded to tenths first, so that -0.04 is "0.0", not "-0.0".
                let tenths = (f64::from(cp) / 10.0).round() as i64;
                if tenths == 0 {
                    "0.0".to_string()
                } else {
                    let sign = if tenths > 0 { '+' } else { '-' };
                    let t = tenths.unsigned_abs();
                    format!("{sign}{}.{}", t / 10, t % 10)
                }
            }
            Score::Mate(n) if n > 0 => format!("#{n}"),
            Score::Mate(n) => format!("-#{}", n.unsigned_abs()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_for_people_are_from_whites_side() {
        let cases = [
            (Score::Cp(123), Color::White, "+1.2"),
            (Score::Cp(123), Color::Black, "-1.2"),
            (Score::Cp(-4), Color::White, "0.0"),
            (Score::Cp(5), Color::Black, "-0.1"),
            (Score::Cp(0), Color::Black, "0.0"),
            (Score::Cp(-250), Color::White, "-2.5"),
            (Score::Mate(5), Color::White, "#5"),
            (Score::Mate(3), Color::Black, "-#3"),
            (Score::Mate(-2), Color::Black, "#2"),
            (Score::Mate(-1), Color::White, "-#1"),
            // Mated on the board: Black mated is White's win, and the other way round.
            (Score::Mate(0), Color::Black, "#0"),
            (Score::Mate(0), Color::White, "-#0"),
        ];
        for (score, turn, text) in cases {
            assert_eq!(score.for_people(turn), text, "{score:?} {turn:?}");
        }
    }
}
