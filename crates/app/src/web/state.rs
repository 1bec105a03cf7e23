//! The server's games and their engines. Each game owns one engine on a worker thread that takes
//! commands in order (so a stop can never overtake the start it is meant to cancel); search
//! events come back on a channel and are pushed to the game's WebSocket subscribers.

use super::game::{InfoView, WebGame};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, oneshot};
use vidle_core::{Color, Game};
use vidle_engine::{Engine, SearchEvent, SearchLimits, SearchResult};

/// Games kept at most; the longest-idle game without an open page makes room for a new one.
pub const MAX_GAMES: usize = 64;
/// A game with no open page is forgotten after this long.
const IDLE_GAME_TTL: Duration = Duration::from_secs(30 * 60);
/// How often clocks are checked for a fallen flag and idle games are collected.
const SWEEP_INTERVAL: Duration = Duration::from_millis(250);

/// Locks a mutex, carrying on with the data if a panicking thread poisoned it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

enum EngineCmd {
    /// Starts a search whose events go to `events`.
    Start {
        game: Game,
        limits: SearchLimits,
        elo: Option<u32>,
        chess960: bool,
        events: tokio::sync::mpsc::UnboundedSender<SearchEvent>,
    },
    Stop,
    /// A short full-strength search (hints, judging a draw offer).
    Analyse {
        game: Game,
        limits: SearchLimits,
        chess960: bool,
        reply: oneshot::Sender<SearchResult>,
    },
}

fn engine_worker(rx: mpsc::Receiver<EngineCmd>) {
    // The built-in opening book is on for play; analysis (hints, draw offers) searches instead.
    let mut engine = crate::book_source::engine_with_book(true);
    let configure = |engine: &mut Engine, elo: Option<u32>, chess960: bool| {
        // These options may not exist in every engine build; play then goes on at full strength.
        let _ =
            engine.set_option("UCI_LimitStrength", if elo.is_some() { "true" } else { "false" });
        if let Some(e) = elo {
            let _ = engine.set_option("UCI_Elo", &e.to_string());
        }
        let _ = engine.set_option("UCI_Chess960", if chess960 { "true" } else { "false" });
    };
    for cmd in rx {
        match cmd {
            EngineCmd::Start { game, limits, elo, chess960, events } => {
                configure(&mut engine, elo, chess960);
                engine.start(
                    &game,
                    limits,
                    Box::new(move |ev| {
                        let _ = events.send(ev);
                    }),
                );
            }
            EngineCmd::Stop => engine.stop(),
            EngineCmd::Analyse { game, limits, chess960, reply } => {
                configure(&mut engine, None, chess960);
                let _ = engine.set_option("OwnBook", "false");
                let _ = reply.send(engine.search_blocking(&game, limits));
                let _ = engine.set_option("OwnBook", "true");
            }
        }
    }
    engine.stop();
    engine.wait();
}

/// One game with its engine and its subscribers.
pub struct Entry {
    pub id: u64,
    pub game: Mutex<WebGame>,
    engine: Mutex<mpsc::Sender<EngineCmd>>,
    pub events: broadcast::Sender<String>,
    pub sockets: AtomicUsize,
    last_seen: Mutex<Instant>,
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Push<'a> {
    State { state: Box<super::game::GameView> },
    Info { info: &'a InfoView },
}

impl Entry {
    fn new(id: u64, game: WebGame) -> Arc<Entry> {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name(format!("vidle-web-engine-{id}"))
            .spawn(move || engine_worker(rx));
        if let Err(e) = spawned {
            eprintln!("vidle serve: cannot start an engine thread: {e}");
        }
        let (events, _) = broadcast::channel(256);
        Arc::new(Entry {
            id,
            game: Mutex::new(game),
            engine: Mutex::new(tx),
            events,
            sockets: AtomicUsize::new(0),
            last_seen: Mutex::new(Instant::now()),
        })
    }

    fn send(&self, cmd: EngineCmd) {
        let _ = lock(&self.engine).send(cmd);
    }

    pub fn touch(&self) {
        *lock(&self.last_seen) = Instant::now();
    }

    /// The game as the page sees it, as a WebSocket message.
    pub fn publish_state(&self) {
        let view = lock(&self.game).view(self.id);
        if let Ok(text) = serde_json::to_string(&Push::State { state: Box::new(view) }) {
            let _ = self.events.send(text);
        }
    }

    /// Stops a running search and forgets its result (undo, resignation, closed page).
    pub fn cancel_search(&self) {
        let mut g = lock(&self.game);
        if g.thinking {
            g.search_id += 1;
            g.thinking = false;
            if let Some(c) = &mut g.clock {
                c.pause();
            }
            drop(g);
            self.send(EngineCmd::Stop);
        }
    }

    /// A short full-strength search of the current position.
    pub async fn analyse(&self, movetime_ms: u64) -> Option<(Game, SearchResult)> {
        let (game, chess960) = {
            let g = lock(&self.game);
            (g.game.clone(), g.chess960)
        };
        let (reply, rx) = oneshot::channel();
        let limits = SearchLimits { movetime: Some(movetime_ms), ..Default::default() };
        self.send(EngineCmd::Analyse { game: game.clone(), limits, chess960, reply });
        rx.await.ok().map(|r| (game, r))
    }
}

/// Starts the engine on its move if it is the engine's turn and it is not already thinking.
pub fn maybe_start_engine(entry: &Arc<Entry>) {
    let (game, limits, id, elo, chess960) = {
        let mut g = lock(&entry.game);
        if !g.engine_to_move() || g.thinking {
            return;
        }
        g.search_id += 1;
        g.thinking = true;
        g.last_info = None;
        let turn = g.game.position().turn();
        let mut limits = SearchLimits::default();
        let has_moves = !g.game.moves().is_empty();
        match &mut g.clock {
            Some(c) => {
                if has_moves {
                    // Restarts the engine's clock after a reconnect paused it.
                    c.start(turn);
                }
                let ms = |c: &crate::clock::Clock, side| c.remaining(side).as_millis() as u64;
                limits.wtime = Some(ms(c, Color::White));
                limits.btime = Some(ms(c, Color::Black));
                let inc = c.increment().as_millis() as u64;
                limits.winc = Some(inc);
                limits.binc = Some(inc);
            }
            None => limits.movetime = Some(g.movetime_ms),
        }
        (g.game.clone(), limits, g.search_id, g.strength.0, g.chess960)
    };
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let pos = *game.position();
    entry.send(EngineCmd::Start { game, limits, elo, chess960, events: tx });
    entry.publish_state();
    let entry = Arc::clone(entry);
    tokio::spawn(async move {
        let mut from_book = false;
        while let Some(ev) = rx.recv().await {
            match ev {
                SearchEvent::BookMove(_) => from_book = true,
                SearchEvent::Info(info) if info.bound.is_none() => {
                    let view = InfoView::new(&pos, &info);
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
                SearchEvent::BestMove { best, .. } => {
                    {
                        let mut g = lock(&entry.game);
                        if g.search_id != id || !g.thinking {
                            return;
                        }
                        g.thinking = false;
                        match best {
                            Some(m) if g.game.position().is_legal(m) => {
                                let ply = g.game.moves().len();
                                if g.play(m).is_err() {
                                    g.check_flag();
                                } else if from_book {
                                    g.book_plies.push(ply);
                                }
                            }
                            _ => g.check_end(),
                        }
                    }
                    entry.publish_state();
                    return;
                }
                _ => {}
            }
        }
    });
}

/// All games of one server.
pub struct AppState {
    games: Mutex<HashMap<u64, Arc<Entry>>>,
    next_id: AtomicU64,
}

impl AppState {
    pub fn new() -> Arc<AppState> {
        // Ids start at a value that differs between runs, so a page left open across a restart
        // does not pick up someone else's game.
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_micros() as u64 % 1_000_000_000);
        Arc::new(AppState { games: Mutex::new(HashMap::new()), next_id: AtomicU64::new(seed + 1) })
    }

    pub fn get(&self, id: u64) -> Option<Arc<Entry>> {
        let e = lock(&self.games).get(&id).cloned();
        if let Some(e) = &e {
            e.touch();
        }
        e
    }

    /// Adds a game; `None` when the server is full of games that all have an open page.
    pub fn insert(&self, game: WebGame) -> Option<Arc<Entry>> {
        let mut games = lock(&self.games);
        if games.len() >= MAX_GAMES {
            let victim = games
                .values()
                .filter(|e| e.sockets.load(Ordering::SeqCst) == 0)
                .min_by_key(|e| *lock(&e.last_seen))
                .map(|e| e.id)?;
            games.remove(&victim);
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let entry = Entry::new(id, game);
        games.insert(id, Arc::clone(&entry));
        Some(entry)
    }

    /// Ends games whose clock has run out and forgets long-idle ones; runs forever.
    pub async fn sweep(self: Arc<AppState>) {
        let mut tick = tokio::time::interval(SWEEP_INTERVAL);
        loop {
            tick.tick().await;
            let entries: Vec<Arc<Entry>> = lock(&self.games).values().cloned().collect();
            for e in &entries {
                let flagged = lock(&e.game).check_flag();
                if flagged {
                    e.send(EngineCmd::Stop);
                    {
                        let mut g = lock(&e.game);
                        g.search_id += 1;
                        g.thinking = false;
                    }
                    e.publish_state();
                }
            }
            lock(&self.games).retain(|_, e| {
                e.sockets.load(Ordering::SeqCst) > 0 || lock(&e.last_seen).elapsed() < IDLE_GAME_TTL
            });
        }
    }
}
