//! The server's engines: a fixed pool shared by all games. A game holds no engine and no thread
//! while it waits for its player; each search is a job, run by the first free engine, queued in
//! arrival order while every engine is busy. Engines are created on their first job, so an idle
//! server holds no transposition table at all.

use super::secret::GameId;
use crate::analysis::{Analysis, AnalysisError, Progress};
use crate::engine_files::{EngineFiles, engine_for};
use crate::game::{SearchOutcome, SearchPlan};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::oneshot;
use vidle_core::Color;
use vidle_engine::{Engine, SearchEvent, SearchLimits};

/// Engines at most by default (each holds a 16 MB transposition table and searches on one core).
pub const MAX_DEFAULT_ENGINES: usize = 8;

/// Locks a mutex, carrying on with the data if a panicking thread poisoned it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The default pool size: one engine per core, at most [`MAX_DEFAULT_ENGINES`].
pub fn default_engines() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, MAX_DEFAULT_ENGINES)
}

/// What a job is for.
pub enum Work {
    /// The engine's move in a game: events go to `events`, [`SearchEvent::BestMove`] last.
    Play {
        /// Where the search's events go, in order.
        events: tokio::sync::mpsc::UnboundedSender<SearchEvent>,
    },
    /// A search whose outcome is wanted at the end (hints, judging a draw offer).
    Analyse {
        /// Receives the outcome once the search has ended.
        reply: oneshot::Sender<SearchOutcome>,
    },
    /// The post-game analysis of the plan's whole game, every position searched with the plan's
    /// limits at full strength; `progress` hears after each position. Cancelling the ticket
    /// stops it after the position being searched.
    Review {
        /// Called after each position is searched (for the page's progress bar).
        progress: Box<dyn Fn(Progress) + Send>,
        /// Receives the analysis, or why it could not be made.
        reply: oneshot::Sender<Result<Analysis, AnalysisError>>,
    },
}

/// One search to run: the game session's plan.
pub struct Job {
    /// The game it belongs to: an engine that changes games forgets what it learnt.
    pub game_id: GameId,
    /// The position, limits and strength to search with (from the game session).
    pub plan: SearchPlan,
    /// What the result is for.
    pub work: Work,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Queued,
    Running,
    Done,
    Cancelled,
}

/// A handle on a submitted job, to cancel it (queued: it never runs; running: it is stopped).
pub struct Ticket {
    phase: Mutex<Phase>,
    changed: Condvar,
}

impl Ticket {
    fn new() -> Arc<Ticket> {
        Arc::new(Ticket { phase: Mutex::new(Phase::Queued), changed: Condvar::new() })
    }

    /// Cancels the job unless it has finished.
    pub fn cancel(&self) {
        let mut p = lock(&self.phase);
        if *p != Phase::Done {
            *p = Phase::Cancelled;
            self.changed.notify_all();
        }
    }

    fn finish(&self) {
        let mut p = lock(&self.phase);
        if *p == Phase::Running {
            *p = Phase::Done;
            self.changed.notify_all();
        }
    }

    /// Queued → running; false if it was cancelled meanwhile.
    fn begin(&self) -> bool {
        let mut p = lock(&self.phase);
        if *p == Phase::Queued {
            *p = Phase::Running;
            true
        } else {
            false
        }
    }

    fn cancelled(&self) -> bool {
        *lock(&self.phase) == Phase::Cancelled
    }

    /// Waits until the running job finishes or is cancelled; true if cancelled.
    fn wait_end(&self) -> bool {
        let mut p = lock(&self.phase);
        while *p == Phase::Running {
            p = self.changed.wait(p).unwrap_or_else(|e| e.into_inner());
        }
        *p == Phase::Cancelled
    }
}

struct Shared {
    queue: Mutex<VecDeque<(Job, Arc<Ticket>, Instant)>>,
    ready: Condvar,
    busy: AtomicUsize,
    created: AtomicUsize,
}

/// A fixed number of engine threads taking jobs from one queue.
pub struct EnginePool {
    shared: Arc<Shared>,
    size: usize,
}

/// Counters for tests and the curious.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolStats {
    /// Engine threads (the pool's size).
    pub size: usize,
    /// Engines created so far (each on its thread's first job).
    pub created: usize,
    /// Jobs running now.
    pub busy: usize,
    /// Jobs waiting for an engine.
    pub queued: usize,
}

impl EnginePool {
    /// A pool of `size` engine threads. With 0 there are no engines: searches never run and
    /// analyses fail at once (for tests of everything around the engine).
    pub fn new(size: usize) -> EnginePool {
        EnginePool::with_files(size, EngineFiles::default())
    }

    /// A pool whose engines use `files` (a book, a tablebase directory) instead of the defaults.
    pub fn with_files(size: usize, files: EngineFiles) -> EnginePool {
        let files = Arc::new(files);
        let shared = Arc::new(Shared {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            busy: AtomicUsize::new(0),
            created: AtomicUsize::new(0),
        });
        let mut started = 0;
        for i in 0..size {
            let s = Arc::clone(&shared);
            let f = Arc::clone(&files);
            let spawned =
                std::thread::Builder::new().name(format!("vidle-engine-{i}")).spawn(move || {
                    worker(&s, &f);
                });
            match spawned {
                Ok(_) => started += 1,
                Err(e) => tracing::error!("cannot start an engine thread: {e}"),
            }
        }
        EnginePool { shared, size: started }
    }

    /// The number of engine threads (each creates its engine on its first job).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The pool now: its size, engines created, jobs running and waiting.
    pub fn stats(&self) -> PoolStats {
        PoolStats {
            size: self.size,
            created: self.shared.created.load(Ordering::SeqCst),
            busy: self.shared.busy.load(Ordering::SeqCst),
            queued: lock(&self.shared.queue).len(),
        }
    }

    /// Queues a job; `None` (the job dropped) when the pool has no engines.
    pub fn submit(&self, job: Job) -> Option<Arc<Ticket>> {
        if self.size == 0 {
            return None;
        }
        let ticket = Ticket::new();
        lock(&self.shared.queue).push_back((job, Arc::clone(&ticket), Instant::now()));
        self.shared.ready.notify_one();
        Some(ticket)
    }
}

/// The clock kept running while the job waited in the queue: the side to move has that much
/// less time now.
fn charge_wait(limits: &mut SearchLimits, mover: Color, waited_ms: u64) {
    let t = if mover == Color::White { &mut limits.wtime } else { &mut limits.btime };
    if let Some(ms) = t {
        *ms = ms.saturating_sub(waited_ms).max(1);
    }
}

fn worker(shared: &Shared, files: &EngineFiles) {
    let mut engine: Option<Engine> = None;
    let mut last_game: Option<GameId> = None;
    loop {
        let (job, ticket, queued_at) = {
            let mut q = lock(&shared.queue);
            loop {
                if let Some(j) = q.pop_front() {
                    break j;
                }
                q = shared.ready.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        if !ticket.begin() {
            continue; // cancelled while queued; dropping the job closes its channels
        }
        shared.busy.fetch_add(1, Ordering::SeqCst);
        let engine = engine.get_or_insert_with(|| {
            shared.created.fetch_add(1, Ordering::SeqCst);
            // `serve` opened the files once at startup, so this does not fail in practice.
            engine_for(files).unwrap_or_else(|e| {
                tracing::error!("{e}; using the defaults");
                crate::engine_files::engine_with_book(true)
            })
        });
        if last_game != Some(job.game_id) {
            engine.new_game();
            last_game = Some(job.game_id);
        }
        let plan = job.plan;
        if let Err(e) = plan.configure(engine) {
            tracing::warn!("engine settings: {e}");
        }
        let mut limits = plan.limits.clone();
        let waited = queued_at.elapsed().as_millis() as u64;
        charge_wait(&mut limits, plan.game.position().turn(), waited);
        let (events, reply) = match job.work {
            Work::Play { events } => (Some(events), None),
            Work::Analyse { reply } => (None, Some(reply)),
            Work::Review { progress, reply } => {
                let result = crate::analysis::analyse(&plan.game, limits, engine, &mut |p| {
                    progress(p);
                    !ticket.cancelled()
                });
                // The tables now hold the analysis, not the game's own search.
                last_game = None;
                ticket.finish();
                let _ = reply.send(result);
                shared.busy.fetch_sub(1, Ordering::SeqCst);
                continue;
            }
        };
        let outcome = Arc::new(Mutex::new(plan.outcome()));
        let (t, o) = (Arc::clone(&ticket), Arc::clone(&outcome));
        engine.start(
            &plan.game,
            limits,
            Box::new(move |ev| {
                let last = lock(&o).update(&ev);
                if let Some(tx) = &events {
                    let _ = tx.send(ev);
                }
                if last {
                    t.finish();
                }
            }),
        );
        if ticket.wait_end() {
            engine.stop();
        }
        engine.wait();
        if let Some(reply) = reply {
            let _ = reply.send(lock(&outcome).clone());
        }
        shared.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::{Game, Position};

    fn plan(game: Game, limits: SearchLimits) -> SearchPlan {
        SearchPlan { game, limits, elo: None, own_book: false, chess960: false }
    }

    fn analyse(pool: &EnginePool, id: u128) -> oneshot::Receiver<SearchOutcome> {
        let (reply, rx) = oneshot::channel();
        let limits = SearchLimits { depth: Some(3), ..Default::default() };
        let job = Job {
            game_id: GameId(id),
            plan: plan(Game::new(Position::startpos()), limits),
            work: Work::Analyse { reply },
        };
        pool.submit(job).expect("pool has engines");
        rx
    }

    #[test]
    fn jobs_queue_behind_a_busy_engine_and_cancelled_ones_never_run() {
        let pool = EnginePool::new(1);
        assert_eq!(pool.stats().created, 0, "no engine before the first job");
        // An endless search holds the only engine until it is cancelled.
        let (events, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let limits = SearchLimits { infinite: true, ..Default::default() };
        let play = Job {
            game_id: GameId(1),
            plan: plan(
                Game::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
                    .expect("fen"),
                limits,
            ),
            work: Work::Play { events },
        };
        let running = pool.submit(play).expect("submitted");
        let queued = analyse(&pool, 2);
        let dropped = {
            let (reply, rx) = oneshot::channel();
            let job = Job {
                game_id: GameId(3),
                plan: plan(Game::new(Position::startpos()), SearchLimits::default()),
                work: Work::Analyse { reply },
            };
            pool.submit(job).expect("submitted").cancel();
            rx
        };
        // Until the endless search has finished its second iteration (30 s at most, for a busy
        // machine): the only engine is then running it, and both later jobs must still wait.
        let deadline = Instant::now() + std::time::Duration::from_secs(30);
        let depth = loop {
            match rx.try_recv() {
                Ok(SearchEvent::Info(i)) if i.depth >= 2 => break i.depth,
                Ok(SearchEvent::BestMove { .. }) => panic!("the endless search ended by itself"),
                Ok(_) => {}
                Err(tokio::sync::mpsc::error::TryRecvError::Empty) => {
                    let s = pool.stats();
                    assert!(Instant::now() < deadline, "no search after 30 s: {s:?}");
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                Err(e) => panic!("the search's events ended: {e}"),
            }
        };
        let s = pool.stats();
        assert_eq!((s.size, s.created, s.busy, s.queued), (1, 1, 1, 2), "depth {depth}: {s:?}");
        running.cancel();
        let r = queued.blocking_recv().expect("the queued analysis ran");
        assert!(r.best.is_some());
        assert!(dropped.blocking_recv().is_err(), "a cancelled job never runs");
        // The cancelled search still ended with its best move.
        let mut last = None;
        while let Ok(ev) = rx.try_recv() {
            last = Some(ev);
        }
        assert!(matches!(last, Some(SearchEvent::BestMove { .. })));
        assert_eq!(pool.stats().created, 1);
    }

    #[test]
    fn no_engines_means_no_jobs() {
        let pool = EnginePool::new(0);
        let (reply, _rx) = oneshot::channel();
        let job = Job {
            game_id: GameId(1),
            plan: plan(Game::new(Position::startpos()), SearchLimits::default()),
            work: Work::Analyse { reply },
        };
        assert!(pool.submit(job).is_none());
    }

    #[test]
    fn queue_time_is_charged_to_the_mover() {
        let mut l = SearchLimits { wtime: Some(5000), btime: Some(4000), ..Default::default() };
        charge_wait(&mut l, Color::Black, 1500);
        assert_eq!((l.wtime, l.btime), (Some(5000), Some(2500)));
        charge_wait(&mut l, Color::White, 9000);
        assert_eq!(l.wtime, Some(1));
    }
}
