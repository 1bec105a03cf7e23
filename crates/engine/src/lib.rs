//! Vidle engine facade: one `Engine` that front ends (UCI, terminal, web) drive with typed events.
//!
//! The search runs on its own thread (plus helper threads for Lazy SMP); progress comes back
//! through a callback as [`SearchEvent`]s, and [`SearchEvent::BestMove`] is always the last event
//! of a search. Everything below the facade (evaluation, transposition table, move picker,
//! search) is private so it can change without breaking front ends, except two narrow doors
//! for the trainer, tuner and data generation (`vidle-train`): [`net_format`] (the network
//! file format) and [`tuning`] (the hand-crafted evaluation's weights and trace).
//!
//! ```
//! use vidle_engine::{Engine, SearchLimits};
//! let mut engine = Engine::new();
//! let game = vidle_core::Game::new(vidle_core::Position::startpos());
//! let result = engine.search_blocking(&game, SearchLimits { depth: Some(3), ..Default::default() });
//! assert!(result.best.is_some());
//! ```

pub mod bench;
mod cycle;
mod eval;
mod events;
mod history;
mod iterate;
mod movepick;
pub mod net_format;
mod nnue;
mod options;
mod params;
mod qsearch;
mod root;
mod score;
mod search;
mod see;
mod smp;
mod strength;
mod threats;
mod time;
mod tt;
pub mod tuning;

pub use bench::{BenchResult, bench};
pub use events::{
    Bound, Score, SearchEvent, SearchInfo, SearchLimits, SearchResult, TbClass, TbOutcome,
};
pub use nnue::{
    EMBEDDED_FILE as NNUE_EMBEDDED_FILE, MAX_BUCKETS as NNUE_MAX_BUCKETS, NetError,
    SIZES as NNUE_SIZES,
};
pub use options::{
    DEFAULT_USE_NNUE, EngineOption, LoadError, LoadFailure, OptionError, OptionKind, OptionSpec,
    hardware_threads,
};
pub use strength::{MAX_ELO, MIN_ELO};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use vidle_core::{Game, Move};

/// An opening book the engine consults before searching (when `OwnBook` is on). The engine
/// knows no book format; the application supplies one (Polyglot, in `vidle-book`).
pub trait OpeningBook: Send + Sync {
    /// A book move for the game's current position (legal), or `None` when out of book.
    fn pick(&self, game: &Game) -> Option<Move>;
}

/// Endgame tablebases as the engine uses them at the root. The engine knows no file format; the
/// application supplies one (`vidle-tb`).
pub trait Tablebase: Send + Sync {
    /// The most pieces (kings included) any available table covers.
    fn max_pieces(&self) -> u32;
    /// Every legal move with its exact result for the side to move, or `None` when the position
    /// or a successor is not covered. Wins that the fifty-move rule would turn into draws are
    /// reported as draws.
    fn root_moves(&self, pos: &vidle_core::Position) -> Option<Vec<(Move, TbOutcome)>>;

    /// The value of `pos` for the side to move, for probes inside the search: `Win(p)` mates in
    /// `p` plies, `Loss(p)` is mated in `p` plies, `Draw` also for wins and losses the fifty-move
    /// rule spoils (counted from a halfmove clock of zero: the search probes only right after a
    /// capture or pawn move). `None` when not covered or on any error. Must be fast and
    /// thread-safe: every search thread calls it.
    fn probe(&self, pos: &vidle_core::Position) -> Option<TbOutcome> {
        let _ = pos;
        None
    }

    /// Problems found since the last call (a table file missing, unreadable or corrupt), one
    /// line each; the engine reports them as `info string`s.
    fn take_messages(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Opens the Syzygy directories named by the `SyzygyPath` option (separated by `:`, or `;` on
/// Windows); the flag is `Syzygy50MoveRule`. The tables answer [`Tablebase::probe`] with
/// `Win(p)`/`Loss(p)` where `p` is at least [`SYZYGY_FAR`] (WDL tables know no distance), and
/// [`Tablebase::root_moves`] with the plies to the next capture or pawn move (DTZ) in place of
/// the distance to mate, counting the fifty-move rule from the position's halfmove clock.
pub type SyzygyLoader = fn(&str, bool) -> Result<Arc<dyn Tablebase>, LoadFailure>;

/// A distance that stands for "won (or lost), distance unknown": the search scores it below
/// every mate (see `search::tb_score`). Syzygy's WDL tables answer with it, and our own tables
/// where the DTM file does not store the side to move.
pub const SYZYGY_FAR: u32 = 10_000;

/// Opens the tablebase directory named by the `TablebasePath` option.
pub type TablebaseLoader = fn(&str) -> Result<Arc<dyn Tablebase>, LoadFailure>;

/// Opens a book file named by the `BookFile` option.
pub type BookLoader = fn(&str) -> Result<Arc<dyn OpeningBook>, LoadFailure>;

/// Shared slot through which a weakened search hands its chosen move to [`Engine::wait`].
type ChosenSlot = Arc<std::sync::Mutex<Option<Move>>>;

/// Where a search sends its events (the front end's callback, possibly wrapped).
type EventSink = Box<dyn FnMut(SearchEvent) + Send>;
use root::RootTables;

/// Flags shared between the facade and the search threads.
#[derive(Debug, Default)]
pub(crate) struct Signals {
    /// Set by `stop` (or by the search itself when a limit is reached).
    pub stop: AtomicBool,
    /// True while pondering (or in `go infinite`): the search must not stop by itself and
    /// `bestmove` waits for `ponderhit`/`stop`.
    pub hold: AtomicBool,
    /// True while pondering: time limits are not applied until `ponderhit` clears it.
    pub pondering: AtomicBool,
}

/// The chess engine: options, transposition table, and at most one running search.
pub struct Engine {
    settings: options::Settings,
    tt: Arc<tt::Tt>,
    signals: Arc<Signals>,
    /// Per-thread search state (histories), handed to the search thread and back, so that it
    /// survives between moves of a game without locks.
    workers: Option<Vec<Box<search::Worker>>>,
    handle: Option<JoinHandle<(Vec<Box<search::Worker>>, SearchResult)>>,
    last_result: SearchResult,
    book: Option<Arc<dyn OpeningBook>>,
    book_loader: Option<BookLoader>,
    tablebase: Option<Arc<dyn Tablebase>>,
    tablebase_loader: Option<TablebaseLoader>,
    syzygy: Option<Arc<dyn Tablebase>>,
    syzygy_loader: Option<SyzygyLoader>,
    rng: strength::Rng,
    /// Set when the last search was weakened: the move it chose instead of the best one.
    chosen: Option<ChosenSlot>,
    /// The network this engine evaluates with (`EvalFile`; the one built in by default).
    /// Each engine has its own: the web server's pool may hold engines with different ones.
    net: Arc<nnue::Network>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with default options (16 MB hash, one thread).
    pub fn new() -> Engine {
        let settings = options::Settings::default();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Engine {
            tt: Arc::new(tt::Tt::new(settings.hash_mb)),
            workers: Some(vec![search::Worker::boxed()]),
            settings,
            signals: Arc::new(Signals::default()),
            handle: None,
            last_result: SearchResult::default(),
            book: None,
            book_loader: None,
            tablebase: None,
            tablebase_loader: None,
            syzygy: None,
            syzygy_loader: None,
            rng: strength::Rng::new(seed),
            chosen: None,
            net: nnue::embedded(),
        }
    }

    /// Evaluates with `net` from the next search on (what `EvalFile` does with a file). A
    /// different network clears the transposition table: entries scored by the old one would
    /// steer the next search.
    pub fn set_network(&mut self, net: Arc<nnue::Network>) {
        if !Arc::ptr_eq(&net, &self.net) {
            self.wait();
            self.tt.clear();
            self.net = net;
        }
    }

    /// The network this engine evaluates with.
    pub fn network(&self) -> &Arc<nnue::Network> {
        &self.net
    }

    /// The `eval` command's text: the hand-crafted evaluation term by term, then this
    /// engine's network's verdict (what the search uses while `Use NNUE` is on, as it is by
    /// default).
    pub fn eval_text(&self, pos: &vidle_core::Position) -> String {
        let mut text = eval::trace_text(pos);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let nn = self.net.evaluate(pos);
        let white = if pos.turn() == vidle_core::Color::White { nn } else { -nn };
        text.push_str(&format!(
            "NNUE ({} hidden units, {} output buckets): {white} cp for White; {nn} cp for the \
             side to move\n",
            self.net.hidden(),
            self.net.buckets()
        ));
        text
    }

    /// Installs the book used when `OwnBook` is on (`None` removes it).
    pub fn set_book(&mut self, book: Option<Arc<dyn OpeningBook>>) {
        self.book = book;
    }

    /// Installs the tablebases consulted at the root (`None` removes them).
    pub fn set_tablebase(&mut self, tb: Option<Arc<dyn Tablebase>>) {
        self.tablebase = tb;
    }

    /// Installs the function that opens directories named by the `TablebasePath` option.
    pub fn set_tablebase_loader(&mut self, loader: TablebaseLoader) {
        self.tablebase_loader = Some(loader);
    }

    /// Installs the function that opens directories named by the `SyzygyPath` option.
    pub fn set_syzygy_loader(&mut self, loader: SyzygyLoader) {
        self.syzygy_loader = Some(loader);
    }

    /// Problems the Syzygy tables reported since the last call (the UCI front end prints them
    /// after `setoption`; a search reports them itself).
    pub fn syzygy_messages(&self) -> Vec<String> {
        self.syzygy.as_ref().map_or_else(Vec::new, |t| t.take_messages())
    }

    /// (Re)opens the Syzygy tables of `SyzygyPath`; an error leaves none.
    fn load_syzygy(&mut self) -> Result<(), OptionError> {
        self.wait();
        self.syzygy = None;
        let path = self.settings.syzygy_path.trim();
        if path.is_empty() || path == "<empty>" {
            return Ok(());
        }
        let loader = self
            .syzygy_loader
            .ok_or(OptionError::NotBuiltIn { name: "SyzygyPath", what: "Syzygy" })?;
        let loaded = loader(path, self.settings.syzygy_50_move_rule)
            .map_err(|e| LoadError::option_error("SyzygyPath", path, e))?;
        self.syzygy = Some(loaded);
        Ok(())
    }

    /// Installs the function that opens files named by the `BookFile` option.
    pub fn set_book_loader(&mut self, loader: BookLoader) {
        self.book_loader = Some(loader);
    }

    /// The search parameters now in force, by name: the hidden tuning options and their
    /// values (the UCI command `params` prints them).
    pub fn search_params(&self) -> Vec<(&'static str, i32)> {
        self.settings.params.named()
    }

    /// Whether Chess960 castling notation was requested (`UCI_Chess960`).
    pub fn chess960(&self) -> bool {
        self.settings.chess960
    }

    /// Forgets everything learnt in the previous game: transposition table and histories.
    pub fn new_game(&mut self) {
        self.wait();
        self.tt.clear();
        if let Some(ws) = &mut self.workers {
            for w in ws.iter_mut() {
                w.clear();
            }
        }
    }

    fn resize_workers(&mut self) {
        let n = self.settings.threads;
        if let Some(ws) = &mut self.workers {
            ws.truncate(n);
            while ws.len() < n {
                ws.push(search::Worker::boxed());
            }
        }
    }

    /// Starts searching the current position of `game`; returns at once. Events go to
    /// `on_event` from the search thread, [`SearchEvent::BestMove`] last. A search still running
    /// is stopped first.
    pub fn start(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        on_event: Box<dyn FnMut(SearchEvent) + Send>,
    ) {
        self.stop();
        self.wait();
        self.chosen = None;
        let mut limits = limits;
        let mut on_event = self.report_syzygy_messages(on_event);

        // Step 1. The opening book answers at once (not in analysis or restricted searches).
        if let Some(m) = self.book_move(game, &limits) {
            let result = SearchResult { best: Some(m), ponder: None, info: None };
            let events = vec![
                SearchEvent::BookMove(m),
                SearchEvent::BestMove { best: Some(m), ponder: None },
            ];
            self.answer_at_once(result, events, on_event);
            return;
        }
        // Step 2. Our tablebases at the root: a win or a loss is answered at once; in a drawn
        // position only the drawing moves are searched.
        let covered = match self.our_tables_at_root(game, &mut limits, on_event) {
            RootTables::Answered => return,
            RootTables::Searched { covered, on_event: e } => {
                on_event = e;
                covered
            }
        };
        // Step 2b. Syzygy at the root, where our tables do not answer.
        let mut root_tbhits = 0;
        if !covered {
            (root_tbhits, on_event) = self.syzygy_at_root(game, &mut limits, on_event);
        }
        // Step 3. Limited strength: a capped search over several lines, then a human-like pick.
        let (multipv, on_event) = self.weaken(&mut limits, on_event);

        let workers = self.workers.take().unwrap_or_default();
        let signals = Arc::new(Signals::default());
        signals.pondering.store(limits.ponder, Ordering::SeqCst);
        signals.hold.store(limits.ponder || limits.infinite, Ordering::SeqCst);
        self.signals = Arc::clone(&signals);
        let job = smp::Job {
            game: game.clone(),
            limits,
            tt: Arc::clone(&self.tt),
            signals,
            move_overhead_ms: self.settings.move_overhead_ms,
            multipv,
            start: std::time::Instant::now(),
            tablebase: self.tablebase.clone().filter(|tb| tb.max_pieces() > 0),
            tb_probe_depth: self.settings.tb_probe_depth,
            syzygy: self.syzygy.clone(),
            syzygy_limit: self.settings.syzygy_probe_limit,
            syzygy_depth: self.settings.syzygy_probe_depth,
            root_tbhits,
            use_nnue: self.settings.use_nnue,
            net: self.net.clone(),
            params: self.settings.params,
        };
        let threads = self.settings.threads;
        self.handle = Some(std::thread::spawn(move || smp::run(job, workers, threads, on_event)));
    }

    /// Asks a running search to stop; it then sends its best move. Returns at once.
    pub fn stop(&self) {
        self.signals.hold.store(false, Ordering::SeqCst);
        self.signals.pondering.store(false, Ordering::SeqCst);
        self.signals.stop.store(true, Ordering::SeqCst);
    }

    /// The opponent played the move we pondered: the clock now runs. Returns at once.
    pub fn ponderhit(&self) {
        self.signals.pondering.store(false, Ordering::SeqCst);
        self.signals.hold.store(false, Ordering::SeqCst);
    }

    /// Whether a search is running (it may be finished but not yet joined).
    pub fn is_searching(&self) -> bool {
        self.handle.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Waits for a running search to end (it must end by itself or by [`Engine::stop`]).
    pub fn wait(&mut self) {
        if let Some(h) = self.handle.take() {
            match h.join() {
                Ok((workers, result)) => {
                    // A book answer hands back no workers: keep the ones we have.
                    if !workers.is_empty() || self.workers.is_none() {
                        self.workers = Some(workers);
                    }
                    self.last_result = result;
                    if let Some(slot) = &self.chosen
                        && let Ok(chosen) = slot.lock()
                        && chosen.is_some()
                    {
                        self.last_result.best = *chosen;
                    }
                }
                Err(_) => {
                    // The search thread panicked (a bug); start again with fresh state rather
                    // than taking the front end down with it.
                    self.workers = None;
                    self.last_result = SearchResult::default();
                }
            }
        }
        if self.workers.is_none() {
            self.workers = Some(Vec::new());
            self.resize_workers();
        }
    }

    /// Searches and waits for the result (no events). `infinite` and `ponder` are ignored,
    /// as nothing could stop them.
    pub fn search_blocking(&mut self, game: &Game, mut limits: SearchLimits) -> SearchResult {
        limits.infinite = false;
        limits.ponder = false;
        self.start(game, limits, Box::new(|_| {}));
        self.wait();
        self.last_result.clone()
    }

    /// The result of the last finished search.
    pub fn last_result(&self) -> &SearchResult {
        &self.last_result
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Threads` above what the machine runs at once gives that many workers, not more.
    #[test]
    fn threads_are_capped_by_the_hardware() {
        let mut engine = Engine::new();
        engine.set(EngineOption::Threads(256)).expect("in range");
        let workers = engine.workers.as_ref().map_or(0, Vec::len);
        assert_eq!(workers, 256.min(hardware_threads()));
        engine.set(EngineOption::Threads(1)).expect("in range");
        assert_eq!(engine.workers.as_ref().map_or(0, Vec::len), 1);
    }

    /// The time manager's node shares: every node below the root is counted under exactly one
    /// root move (only the root's own visits are not), and the best move's share is read back.
    #[test]
    fn root_moves_account_for_the_search_nodes() {
        let mut engine = Engine::new();
        let game =
            Game::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .expect("test FEN");
        let limits = SearchLimits { depth: Some(9), ..Default::default() };
        let best = engine.search_blocking(&game, limits).best.expect("a move");
        let worker = &engine.workers.as_ref().expect("workers back")[0];
        let below: u64 = worker.root_nodes.iter().sum();
        assert!(below < worker.nodes && below + 200 > worker.nodes, "{below} of {}", worker.nodes);
        let share = worker.root_node_share(best);
        assert!(share > 0 && share <= 1000, "{share}");
        let moves = game.position().legal_moves();
        let total: u64 = moves.iter().map(|m| worker.root_node_share(m)).sum();
        // Each share is rounded down: at most one thousandth lost per move.
        assert!((1000 - moves.len() as u64..=1000).contains(&total), "{total}");
    }
}
