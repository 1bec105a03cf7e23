//! The server's games. A game is its rules state, its subscribers and at most one pending search
//! (a ticket in the engine pool); it holds no engine, so an idle game costs a few kilobytes. When
//! the table is full, the least recently used game that no page shows and nobody used in the
//! last hour makes room (its pages are told); when every game is in play, the new one is refused
//! (`503 server_full`), so that nobody's game is taken away because someone else made many.
//! Search events come back on a channel and are pushed to the game's WebSocket subscribers.

use super::error::ApiError;
use super::game::{GameView, InfoView, WebGame};
use super::pool::{EnginePool, Job, Ticket, Work};
use super::saved::{Saver, WebStore};
use super::secret::GameId;
use crate::analysis::{Analysis, AnalysisError, Progress};
use crate::engine_files::EngineFiles;
use crate::game::{SearchOutcome, SearchPlan};
use crate::i18n::{Msg, Text};
use axum::http::StatusCode;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, oneshot, watch};
use vidle_core::Move;
use vidle_engine::SearchEvent;

pub use super::pool::lock;

/// Games kept at most by default.
pub const DEFAULT_MAX_GAMES: usize = 1000;
/// WebSockets open on one game at most.
pub const MAX_SOCKETS_PER_GAME: usize = 8;
/// A game used this recently is never evicted to make room for another.
pub const IN_PLAY: Duration = Duration::from_secs(60 * 60);
/// A game with no open page is forgotten after this long.
const IDLE_GAME_TTL: Duration = Duration::from_secs(2 * 60 * 60);
/// How often clocks are checked for a fallen flag and idle games are collected.
const SWEEP_INTERVAL: Duration = Duration::from_millis(250);
/// How long a hint or a draw offer waits for a free engine before giving up.
const ANALYSIS_WAIT: Duration = Duration::from_secs(60);
/// How long a cancelled analysis may take to stop (it stops after the position being searched).
const CANCEL_WAIT: Duration = Duration::from_secs(5);

/// A page's WebSocket is pinged this often by default; one that has not answered by the next
/// ping is closed.
pub const DEFAULT_PING_INTERVAL: Duration = Duration::from_secs(30);

/// What one server allows.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Games kept at most (at least 1).
    pub max_games: usize,
    /// Engines in the pool (searches running at once).
    pub engines: usize,
    /// How often a page's WebSocket is pinged; it is closed when it has not answered by the
    /// next ping (or has not taken a message within this long).
    pub ping_interval: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: DEFAULT_MAX_GAMES,
            engines: super::pool::default_engines(),
            ping_interval: DEFAULT_PING_INTERVAL,
        }
    }
}

/// One game with its subscribers and its pending search.
pub struct Entry {
    pub id: GameId,
    pub game: Mutex<WebGame>,
    pool: Arc<EnginePool>,
    search: Mutex<Option<Arc<Ticket>>>,
    analysing: AtomicBool,
    /// The post-game analysis running now, to cancel it.
    review: Mutex<Option<Arc<Ticket>>>,
    /// The last finished analysis, with the moves it was made of (a reloaded page shows it).
    reviewed: Mutex<Option<(Vec<Move>, Analysis)>>,
    pub events: broadcast::Sender<String>,
    sockets: AtomicUsize,
    last_used: Mutex<Instant>,
    /// Set to true when the game is evicted: its pages are told and their sockets closed.
    pub closed: watch::Sender<bool>,
    /// The game's link to the game store (`saved.rs`).
    saver: Mutex<Saver>,
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Push<'a> {
    State {
        state: Box<GameView>,
    },
    Info {
        info: &'a InfoView,
    },
    /// How far the post-game analysis has got: `done` of `total` positions.
    AnalysisProgress {
        done: usize,
        total: usize,
    },
}

/// An open page of a game (a WebSocket); counted while it lives.
pub struct SocketSlot(Arc<Entry>);

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.0.sockets.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Clears the "analysis pending" mark of a game when the analysis ends, however it ends.
struct AnalysisSlot<'a>(&'a AtomicBool);

impl Drop for AnalysisSlot<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// The answer when no engine can take or finish a job.
fn unavailable(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message)
}

/// The same, worded by the catalogue (the page shows it in its language).
fn unavailable_text(code: &'static str, text: Text) -> ApiError {
    ApiError::worded(StatusCode::SERVICE_UNAVAILABLE, code, text)
}

impl Entry {
    fn new(id: GameId, game: WebGame, pool: Arc<EnginePool>) -> Arc<Entry> {
        let (events, _) = broadcast::channel(256);
        Arc::new(Entry {
            id,
            game: Mutex::new(game),
            pool,
            search: Mutex::new(None),
            analysing: AtomicBool::new(false),
            review: Mutex::new(None),
            reviewed: Mutex::new(None),
            events,
            sockets: AtomicUsize::new(0),
            last_used: Mutex::new(Instant::now()),
            closed: watch::Sender::new(false),
            saver: Mutex::new(Saver::default()),
        })
    }

    /// Marks the game as used now (eviction takes the least recently used).
    pub fn touch(&self) {
        *lock(&self.last_used) = Instant::now();
    }

    /// When the game was last used, if it may make room for another: no page shows it and
    /// nobody used it in the last [`IN_PLAY`].
    fn evictable_since(&self) -> Option<Instant> {
        let used = *lock(&self.last_used);
        (self.sockets() == 0 && used.elapsed() >= IN_PLAY).then_some(used)
    }

    pub fn sockets(&self) -> usize {
        self.sockets.load(Ordering::SeqCst)
    }

    /// Counts a new page of this game, unless it already has [`MAX_SOCKETS_PER_GAME`].
    pub fn open_socket(self: &Arc<Self>) -> Result<SocketSlot, ApiError> {
        let taken = self.sockets.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < MAX_SOCKETS_PER_GAME).then_some(n + 1)
        });
        match taken {
            Ok(_) => Ok(SocketSlot(Arc::clone(self))),
            Err(_) => Err(ApiError::worded(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_sockets",
                Text::new(Msg::ErrTooManyPages).arg("n", MAX_SOCKETS_PER_GAME),
            )),
        }
    }

    /// The game as the page sees it.
    pub fn view(&self) -> GameView {
        let (mut view, moves) = {
            let g = lock(&self.game);
            (g.view(self.id), g.game().moves().to_vec())
        };
        view.analysed = lock(&self.reviewed).as_ref().is_some_and(|(m, _)| *m == moves);
        view
    }

    /// The game as the page sees it, as a WebSocket message.
    pub fn state_message(&self) -> String {
        serde_json::to_string(&Push::State { state: Box::new(self.view()) }).unwrap_or_default()
    }

    /// Writes the game to the store if it changed, then pushes it to its pages.
    pub fn publish_state(&self) {
        self.save();
        let _ = self.events.send(self.state_message());
    }

    /// Writes the game to the store if it changed (its moves, ending or level).
    pub fn save(&self) {
        let g = lock(&self.game);
        lock(&self.saver).save(self.id, &g.session);
    }

    /// Stops a running search and forgets its result (undo, resignation, closed page, flag).
    pub fn cancel_search(&self) {
        let mut g = lock(&self.game);
        if g.thinking {
            g.search_id += 1;
            g.thinking = false;
            g.session.pause_clock();
        }
        drop(g);
        if let Some(t) = lock(&self.search).take() {
            t.cancel();
        }
    }

    /// Forgets the game: stops its search and closes its pages.
    fn close(&self) {
        self.cancel_search();
        self.closed.send_replace(true);
    }

    /// Takes the game's one slot for searches a request waits on (a hint, a draw offer, an
    /// analysis) and queues `job`; 409 `busy` when it is taken. The slot is free again when the
    /// returned guard is dropped.
    fn submit_one(&self, job: Job) -> Result<(AnalysisSlot<'_>, Arc<Ticket>), ApiError> {
        if self.analysing.swap(true, Ordering::SeqCst) {
            return Err(ApiError::worded(StatusCode::CONFLICT, "busy", Msg::ErrGameBusy.into()));
        }
        let slot = AnalysisSlot(&self.analysing);
        let ticket = self
            .pool
            .submit(job)
            .ok_or_else(|| unavailable("no_engine", "This server has no engine."))?;
        Ok((slot, ticket))
    }

    /// A search the game session asked for (a hint, judging a draw offer), queued like any
    /// search. One at a time per game.
    pub async fn analyse(&self, plan: SearchPlan) -> Result<SearchOutcome, ApiError> {
        let (reply, rx) = oneshot::channel();
        let job = Job { game_id: self.id, plan, work: Work::Analyse { reply } };
        let (_slot, ticket) = self.submit_one(job)?;
        match tokio::time::timeout(ANALYSIS_WAIT, rx).await {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(_)) => Err(unavailable("no_engine", "The engine gave no answer.")),
            Err(_) => {
                ticket.cancel();
                Err(unavailable_text("engines_busy", Msg::ErrEnginesBusy.into()))
            }
        }
    }
}

/// Cancels a job when the request waiting for it goes away (the page was closed).
struct CancelOnDrop(Arc<Ticket>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl Entry {
    /// The post-game analysis of the game in `plan` (full strength, the plan's limits), run as
    /// one job of the pool, its progress sent to the game's pages. One analysis or hint at a
    /// time per game; stopped when the caller stops waiting (the request was dropped).
    pub async fn review(&self, plan: SearchPlan) -> Result<Analysis, ApiError> {
        let (reply, rx) = oneshot::channel();
        let events = self.events.clone();
        let progress = Box::new(move |p: Progress| {
            let push = Push::AnalysisProgress { done: p.done, total: p.total };
            let _ = events.send(serde_json::to_string(&push).unwrap_or_default());
        });
        let job = Job { game_id: self.id, plan, work: Work::Review { progress, reply } };
        let moves = job.plan.game.moves().to_vec();
        let (_slot, ticket) = self.submit_one(job)?;
        *lock(&self.review) = Some(Arc::clone(&ticket));
        let _cancel = CancelOnDrop(ticket);
        let result = rx.await;
        *lock(&self.review) = None;
        match result {
            Ok(Ok(a)) => {
                *lock(&self.reviewed) = Some((moves, a.clone()));
                Ok(a)
            }
            Ok(Err(AnalysisError::Stopped)) => Err(ApiError::worded(
                StatusCode::CONFLICT,
                "analysis_cancelled",
                Msg::ErrAnalysisCancelled.into(),
            )),
            Ok(Err(e)) => {
                let text = Text::new(Msg::AnalysisFailedWhy).arg("why", e);
                Err(unavailable_text("analysis_failed", text))
            }
            Err(_) => Err(unavailable("no_engine", "The engine gave no answer.")),
        }
    }

    /// Cancels the running analysis, if any, and waits (a few seconds at most) until the game's
    /// search slot is free again, so that a hint asked right after finds it free. Returns
    /// whether an analysis was running.
    pub async fn cancel_review(&self) -> bool {
        let Some(ticket) = lock(&self.review).take() else { return false };
        ticket.cancel();
        let deadline = Instant::now() + CANCEL_WAIT;
        while self.analysing.load(Ordering::SeqCst) && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        true
    }

    /// The last finished analysis, when it was made of exactly `moves`.
    pub fn reviewed(&self, moves: &[Move]) -> Option<Analysis> {
        lock(&self.reviewed).as_ref().filter(|(m, _)| m.as_slice() == moves).map(|(_, a)| a.clone())
    }
}

/// Starts the engine on its move if it is the engine's turn and it is not already thinking. The
/// search is queued in the pool; its events are relayed to the game's pages.
pub fn maybe_start_engine(entry: &Arc<Entry>) {
    let (plan, id) = {
        let mut g = lock(&entry.game);
        if g.thinking {
            return;
        }
        let Some(plan) = g.session.engine_plan() else { return };
        g.search_id += 1;
        g.thinking = true;
        g.last_info = None;
        (plan, g.search_id)
    };
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let pos = *plan.game.position();
    let mut outcome = plan.outcome();
    let job = Job { game_id: entry.id, plan, work: Work::Play { events: tx } };
    let ticket = entry.pool.submit(job);
    if let Some(old) = std::mem::replace(&mut *lock(&entry.search), ticket) {
        old.cancel();
    }
    entry.publish_state();
    let entry = Arc::clone(entry);
    tokio::spawn(async move {
        while let Some(ev) = rx.recv().await {
            let done = outcome.update(&ev);
            if let SearchEvent::Info(info) = &ev
                && info.bound.is_none()
            {
                let view = InfoView::new(&pos, info);
                {
                    let mut g = lock(&entry.game);
                    if g.search_id != id {
                        return;
                    }
                    g.last_info = Some(view.clone());
                }
                if let Ok(text) = serde_json::to_string(&Push::Info { info: &view }) {
                    let _ = entry.events.send(text);
                }
            }
            if done {
                {
                    let mut g = lock(&entry.game);
                    if g.search_id != id || !g.thinking {
                        return;
                    }
                    g.thinking = false;
                    if g.session.engine_played(&outcome).is_none() {
                        g.session.check_flag();
                    }
                }
                entry.publish_state();
                return;
            }
        }
    });
}

/// All games of one server, and the engines they share.
pub struct AppState {
    games: Mutex<HashMap<GameId, Arc<Entry>>>,
    pool: Arc<EnginePool>,
    limits: Limits,
    /// The book the opening explorer reads (`--book`, else the built-in one), or why it
    /// cannot be read.
    book: Result<crate::explorer::BookRef, String>,
    /// Where games are kept across restarts (`vidle serve`; none in most tests).
    store: Option<Arc<WebStore>>,
}

impl AppState {
    /// A server within `limits` (`max_games` raised to at least 1) whose engines use the
    /// built-in book and the data directory's tablebases.
    pub fn new(limits: Limits) -> Arc<AppState> {
        AppState::with_files(limits, EngineFiles::default())
    }

    /// A server whose engines use `files` (a book, a tablebase directory).
    pub fn with_files(limits: Limits, files: EngineFiles) -> Arc<AppState> {
        AppState::with_store(limits, files, None)
    }

    /// A server that keeps its games in `store` (written as they are played, read back by id
    /// after a restart).
    pub fn with_store(
        limits: Limits,
        files: EngineFiles,
        store: Option<Arc<WebStore>>,
    ) -> Arc<AppState> {
        let limits = Limits { max_games: limits.max_games.max(1), ..limits };
        let book = crate::explorer::BookRef::open(files.book.as_deref())
            .map_err(|e| format!("--book: {e}"));
        Arc::new(AppState {
            games: Mutex::new(HashMap::new()),
            pool: Arc::new(EnginePool::with_files(limits.engines, files)),
            limits,
            book,
            store,
        })
    }

    /// The book of the opening explorer, or why it cannot be read.
    pub fn book(&self) -> Result<&crate::explorer::BookRef, &str> {
        self.book.as_ref().map_err(String::as_str)
    }

    /// What this server allows.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The game store, when the server keeps its games.
    pub fn store(&self) -> Option<&Arc<WebStore>> {
        self.store.as_ref()
    }

    /// The game with this id: held in memory, else read back from the store (a game from
    /// before a restart, or one evicted) and held again under its id.
    pub fn find(&self, id: GameId) -> Option<Arc<Entry>> {
        if let Some(e) = self.get(id) {
            return Some(e);
        }
        let (row, session) = self.store.as_ref()?.load(id)?;
        self.insert_as(Some((id, row)), WebGame::new(session)).ok()
    }

    /// The engines all games of this server share.
    pub fn pool(&self) -> &EnginePool {
        &self.pool
    }

    /// How many games are kept now (at most `max_games` of the [`Limits`]).
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The game with this id, marked as used.
    pub fn get(&self, id: GameId) -> Option<Arc<Entry>> {
        let e = lock(&self.games).get(&id).cloned();
        if let Some(e) = &e {
            e.touch();
        }
        e
    }

    /// Adds a game under a fresh random id. A full table first evicts its least recently used
    /// game among those no page shows and nobody used in the last [`IN_PLAY`].
    ///
    /// # Errors
    /// `503 server_full` when every game is in play; `503 no_random` without random numbers.
    pub fn insert(&self, game: WebGame) -> Result<Arc<Entry>, ApiError> {
        self.insert_as(None, game)
    }

    /// [`AppState::insert`] under a fresh id, or under the id of a game read back from the
    /// store with its row; the game is written to the store (a new one) or linked to its row.
    fn insert_as(
        &self,
        stored: Option<(GameId, i64)>,
        game: WebGame,
    ) -> Result<Arc<Entry>, ApiError> {
        let mut id = match stored {
            Some((id, _)) => id,
            None => GameId::random().map_err(|e| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "no_random",
                    &super::game::capitalised(&e),
                )
            })?,
        };
        let saver = Saver::new(self.store.clone(), stored.map(|(_, row)| row), &game.session);
        let mut games = lock(&self.games);
        if let Some(e) = stored.and_then(|_| games.get(&id)) {
            return Ok(Arc::clone(e)); // read back by two requests at once
        }
        while games.contains_key(&id) {
            id = GameId(id.0.wrapping_add(1)); // 2^-128: never, but never a clash either
        }
        while games.len() >= self.limits.max_games {
            let victim = games
                .values()
                .filter_map(|e| Some((e.evictable_since()?, e.id)))
                .min()
                .map(|(_, id)| id);
            let Some(e) = victim.and_then(|id| games.remove(&id)) else {
                return Err(ApiError::worded(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "server_full",
                    Text::new(Msg::ErrServerFull).arg("n", self.limits.max_games),
                ));
            };
            e.close();
        }
        let entry = Entry::new(id, game, Arc::clone(&self.pool));
        *lock(&entry.saver) = saver;
        games.insert(id, Arc::clone(&entry));
        drop(games);
        entry.save();
        Ok(entry)
    }

    /// Ends games whose clock has run out and forgets long-idle ones; runs forever.
    pub async fn sweep(self: Arc<AppState>) {
        let mut tick = tokio::time::interval(SWEEP_INTERVAL);
        loop {
            tick.tick().await;
            self.sweep_once();
        }
    }

    fn sweep_once(&self) {
        let entries: Vec<Arc<Entry>> = lock(&self.games).values().cloned().collect();
        for e in &entries {
            let flagged = lock(&e.game).session.check_flag();
            if flagged {
                e.cancel_search();
                e.publish_state();
            }
        }
        lock(&self.games).retain(|_, e| {
            let keep = e.sockets() > 0 || lock(&e.last_used).elapsed() < IDLE_GAME_TTL;
            if !keep {
                e.close();
            }
            keep
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::strength::Strength;
    use vidle_core::{Color, Game, Position};

    fn game() -> WebGame {
        WebGame::new(crate::game::GameSession::new(crate::game::Setup {
            game: Game::new(Position::startpos()),
            human: Color::White,
            strength: Strength(None),
            depth: None,
            movetime_ms: Some(100),
            clock: None,
            chess960: false,
        }))
    }

    fn age(e: &Entry, secs: u64) {
        *lock(&e.last_used) = Instant::now() - Duration::from_secs(secs);
    }

    #[test]
    fn only_games_out_of_play_make_room() {
        let state = AppState::new(Limits { max_games: 2, engines: 0, ..Limits::default() });
        let a = state.insert(game()).expect("a");
        let page = a.open_socket().expect("page");
        let b = state.insert(game()).expect("b");
        age(&a, 7200);
        age(&b, 7200);
        // B has no page and nobody used it for two hours: it makes room.
        let c = state.insert(game()).expect("c");
        assert!(state.get(b.id).is_none() && *b.closed.borrow(), "the pages of B are told");
        // A's page is open (however old its last move) and C was just made: a new game is
        // refused, with a reason, and both stay.
        age(&a, 7200);
        let full = state.insert(game()).map(|e| e.id).expect_err("full");
        assert_eq!((full.status, full.code), (StatusCode::SERVICE_UNAVAILABLE, "server_full"));
        assert!(full.message.contains('2'), "{}", full.message);
        age(&c, IN_PLAY.as_secs() - 60);
        assert!(state.insert(game()).is_err(), "C was used within the hour");
        assert!(state.get(a.id).is_some() && state.get(c.id).is_some());
        // Once A's page has gone and an hour has passed, A makes room.
        drop(page);
        age(&a, IN_PLAY.as_secs() + 1);
        age(&c, IN_PLAY.as_secs() + 60);
        let d = state.insert(game()).expect("d");
        assert!(state.get(c.id).is_none(), "C, the least recently used, goes first");
        assert!(state.get(d.id).is_some() && !*a.closed.borrow());
    }
}
