//! Lazy SMP: the main search thread and its helpers share the transposition table and search
//! the same root independently; helpers start at staggered depths so that they fill the table
//! with useful entries ahead of the main thread. Only the main thread reports and decides.

use crate::iterate::{IterResult, IterSpec};
use crate::score::MAX_PLY;
use crate::search::{Ctx, Worker};
use crate::time::TimeManager;
use crate::{Score, SearchEvent, SearchInfo, SearchLimits, SearchResult, Signals};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use vidle_core::{Game, Move, MoveList};

/// How often a finished search polls for `stop`/`ponderhit` while it must hold its move.
const HOLD_POLL: Duration = Duration::from_millis(1);

/// Everything one search needs.
pub struct Job {
    pub game: Game,
    pub limits: SearchLimits,
    pub tt: Arc<crate::tt::Tt>,
    pub signals: Arc<Signals>,
    pub move_overhead_ms: u64,
    pub multipv: usize,
    pub start: Instant,
    /// Tables probed inside the search (at nodes with few enough pieces).
    pub tablebase: Option<Arc<dyn crate::Tablebase>>,
    pub tb_probe_depth: i32,
    /// Syzygy tables probed inside the search, with `SyzygyProbeLimit` and `SyzygyProbeDepth`.
    pub syzygy: Option<Arc<dyn crate::Tablebase>>,
    pub syzygy_limit: u32,
    pub syzygy_depth: i32,
    /// Probes already made at the root (counted in `tbhits`).
    pub root_tbhits: u64,
    /// Evaluate with the network (`Use NNUE`).
    pub use_nnue: bool,
    /// The engine's network (`EvalFile`, else the one built in).
    pub net: Arc<crate::nnue::Network>,
    /// The search parameters (the hidden tuning options).
    pub params: crate::params::SearchParams,
}

/// Runs a search to its end; returns the workers (with their histories) and the result.
/// `BestMove` is always the last event sent.
pub fn run(
    job: Job,
    mut workers: Vec<Box<Worker>>,
    threads: usize,
    mut on_event: Box<dyn FnMut(SearchEvent) + Send>,
) -> (Vec<Box<Worker>>, SearchResult) {
    while workers.len() < threads.max(1) {
        workers.push(Worker::boxed());
    }
    for w in workers.iter_mut() {
        w.use_nnue = job.use_nnue;
    }
    let root = *job.game.position();
    let legal = root.legal_moves();
    let mut allowed = legal.clone();
    if !job.limits.searchmoves.is_empty() {
        allowed.retain(|m| job.limits.searchmoves.contains(&m));
        if allowed.is_empty() {
            allowed = legal.clone();
        }
    }

    let result = if legal.is_empty() {
        let info = SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: if root.is_check() { Score::Mate(0) } else { Score::Cp(0) },
            bound: None,
            nodes: 0,
            nps: 0,
            time_ms: 0,
            hashfull: 0,
            tbhits: 0,
            pv: Vec::new(),
        };
        on_event(SearchEvent::Info(info.clone()));
        IterResult { info: Some(info), ..Default::default() }
    } else {
        job.tt.new_search();
        search_threads(&job, &mut workers, &allowed, &mut *on_event)
    };

    // In `go infinite` and while pondering the move must wait for `stop` or `ponderhit`.
    while job.signals.hold.load(Ordering::SeqCst) && !job.signals.stop.load(Ordering::SeqCst) {
        std::thread::sleep(HOLD_POLL);
    }
    let ponder = result.ponder.or_else(|| result.best.and_then(|b| ponder_from_tt(&job, b)));
    on_event(SearchEvent::BestMove { best: result.best, ponder });
    (workers, SearchResult { best: result.best, ponder, info: result.info })
}

fn search_threads(
    job: &Job,
    workers: &mut [Box<Worker>],
    allowed: &MoveList,
    on_event: &mut dyn FnMut(SearchEvent),
) -> IterResult {
    let root = *job.game.position();
    let game_keys: Vec<u64> = job.game.positions().iter().map(|p| p.key()).collect();
    let counters: Vec<AtomicU64> = workers.iter().map(|_| AtomicU64::new(0)).collect();
    let tbhits = AtomicU64::new(job.root_tbhits);
    let syzygy = job.syzygy.as_deref().filter(|t| t.max_pieces() > 0 && job.syzygy_limit > 0);
    let tb = (job.tablebase.is_some() || syzygy.is_some()).then(|| crate::search::TbProbe {
        tables: job.tablebase.as_deref(),
        max_pieces: job.tablebase.as_deref().map_or(0, |t| t.max_pieces()),
        min_depth: job.tb_probe_depth,
        syzygy,
        syzygy_pieces: syzygy.map_or(0, |t| t.max_pieces().min(job.syzygy_limit)),
        syzygy_depth: job.syzygy_depth,
        hits: &tbhits,
    });
    let time = TimeManager::new(&job.limits, root.turn(), job.move_overhead_ms, job.start);
    let max_depth = job.limits.depth.map_or(MAX_PLY as i32, |d| d.clamp(1, MAX_PLY as u32) as i32);
    let ctx_for = |i: usize| Ctx {
        tt: &job.tt,
        net: &job.net,
        signals: &job.signals,
        time,
        is_main: i == 0,
        nodes_out: &counters[i],
        all_nodes: &counters,
        node_limit: job.limits.nodes,
        report: None,
        tb,
    };
    let (main, helpers) = workers.split_at_mut(1);
    std::thread::scope(|s| {
        let ctx_for = &ctx_for;
        for (i, w) in helpers.iter_mut().enumerate() {
            let keys = &game_keys;
            s.spawn(move || {
                let ctx = ctx_for(i + 1);
                w.prepare(keys, allowed, &job.params);
                let spec = IterSpec {
                    max_depth,
                    multipv: 1,
                    mate: None,
                    first_depth: 1 + (i as i32 + 1) % 2,
                };
                w.iterate(&ctx, &root, allowed, &spec);
            });
        }
        let w = &mut main[0];
        // The main thread reports through `ctx.report` (info lines from iterative deepening,
        // `currmove` from the root of the search); `on_event` is `FnMut`, hence the cell, which
        // is never borrowed twice at once since reporting never re-enters the search.
        let sink = std::cell::RefCell::new(on_event);
        let report = |e| {
            if let Ok(mut f) = sink.try_borrow_mut() {
                f(e);
            }
        };
        let ctx = Ctx { report: Some(&report), ..ctx_for(0) };
        w.prepare(&game_keys, allowed, &job.params);
        let spec =
            IterSpec { max_depth, multipv: job.multipv, mate: job.limits.mate, first_depth: 1 };
        let r = w.iterate(&ctx, &root, allowed, &spec);
        // Helpers search until told; the main thread's decision ends the search for all.
        // While holding (infinite/ponder) the helpers keep working until stop/ponderhit.
        while job.signals.hold.load(Ordering::SeqCst) && !job.signals.stop.load(Ordering::SeqCst) {
            std::thread::sleep(HOLD_POLL);
        }
        job.signals.stop.store(true, Ordering::SeqCst);
        r
    })
}

/// A ponder move when the PV is only one move long: the TT move of the position after `best`.
fn ponder_from_tt(job: &Job, best: Move) -> Option<Move> {
    let after = job.game.position().played(best);
    let m = job.tt.probe(after.key())?.mv?;
    after.is_legal(m).then_some(m)
}
