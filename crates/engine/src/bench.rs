//! `bench`: a fixed search of fixed positions, the engine's functional signature. The node
//! count changes exactly when the search or evaluation changes, so commits carry it.
//!
//! The positions are embedded (CI must not depend on data files): the start position,
//! "Kiwipete", and a spread of middlegames and endgames picked from the Strategic Test Suite,
//! the Arasan 2024 suite, the Eigenmann Endgame Test and ECM-GCP (see ../shared/data/SOURCES.md).

use crate::nnue::Network;
use crate::{Engine, SearchLimits};
use std::sync::Arc;
use std::time::Instant;
use vidle_core::Game;

/// The depth `bench` searches when none is given.
pub const DEFAULT_DEPTH: u32 = 13;

/// The bench positions (FEN).
pub const POSITIONS: [&str; 40] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R b KQkq - 0 5",
    "5rk1/2p1q2p/1r2p2Q/3nNp2/8/6P1/1P3P1P/2RR2K1 w - - 0 1",
    "5r1k/1b3pp1/p3pb2/4N2q/3R1B2/4P3/1PB2PPP/1K4R1 b - - 0 1",
    "1r1r2k1/p1p1p3/4n1p1/5p2/8/R3B3/Pn2BPPP/4K2R b K - 0 1",
    "3q1rk1/5b2/5Rp1/p1p1p1P1/2P1PP2/1P4Qp/4B2K/8 b - - 0 1",
    "rnbq1rk1/2p1p1bp/p3pnp1/1p6/3P4/1QN1BN2/PP3PPP/R3KB1R w KQ - 0 1",
    "4r1k1/3q1ppb/2p5/2Pp1P1p/p2P3P/P3P1PB/5Q1K/4R3 w - - 0 1",
    "r4b1r/pp1k1pp1/4bn1p/3p4/4p3/1NN3P1/PPP1PPBP/3R1RK1 b - - 0 1",
    "r4rk1/1p2ppbp/1q1p2p1/p1nP1P2/2P3B1/5R2/PPRB2PP/1Q5K w - - 0 1",
    "4r3/p4rk1/1p4p1/3Rp1q1/4P2p/2Q2P2/P5PP/3R1K2 w - - 0 1",
    "r5k1/3pppbp/6p1/4n3/1q2P3/4B3/P4PPP/2RQ1K1R w - - 0 1",
    "2r1k3/p5pp/1p2p3/7P/P2B2Q1/1bP5/R4PPK/4q3 w - - 0 1",
    "3r4/6p1/5kBp/7P/6P1/4BP2/1p2K3/8 b - - 0 1",
    "3b1k2/1b3p1p/pP4p1/3p4/1p1PnBP1/1K3B2/PP2N2P/8 w - - 0 1",
    "r1br1k2/1pq2pb1/1np1p1pp/2N1N3/p2P1P1P/P3P1R1/1PQ3P1/1BR3K1 w - - 0 1",
    "b1r3k1/3n1pb1/p2q2p1/P2Pp2p/1p2P2P/1Rr1NN2/Q1B2PP1/3R2K1 b - - 0 1",
    "r5k1/1rpn1pbp/p2pp3/1p4Np/2PP4/1PN1P1P1/P4PK1/2RR4 w - - 0 1",
    "5rk1/1prn1qp1/p2p3p/3Ppp1P/7R/1NPQ1PP1/PP6/1K1R4 b - - 0 1",
    "3rr1k1/1p2bppp/p1p5/P2P3q/2B1PPb1/1P1R4/3B1QP1/4R1K1 w - - 0 1",
    "3r2k1/pb3Np1/4pq1p/2pp1n2/3P4/1PQ5/P4PPP/R2R2K1 b - - 0 1",
    "2b2rk1/r3q1pp/1nn1p3/3pP1NP/p1pP2Q1/2P1N3/1P1KBP2/R5R1 w - - 0 1",
    "5r2/1p4k1/pP1pP1pp/2rP2q1/4Qp2/3Bb3/P5PP/4RR1K w - - 0 1",
    "3r2k1/pb3qbp/1p1p3r/nN4p1/1BPPp3/4PpP1/P1Q2P1P/2RR1BK1 b - - 0 1",
    "8/3r4/pr1Pk1p1/8/7P/6P1/3R3K/5R2 w - - 0 1",
    "r4nk1/2pq1ppp/3p4/p3pNPQ/4P3/2PP1RP1/Pr3PK1/7R w - - 0 1",
    "r4k2/5Pp1/1n1b2p1/p2p2Pr/1ppP1NqP/8/PPQB1P2/2R1K2R w K - 0 1",
    "3b3r/1q3pk1/4b2p/3pPppQ/R1pP1P1P/1rP1N1P1/6N1/2R3K1 w - - 0 1",
    "8/7p/6p1/3Np1bk/4Pp2/1R3PPK/5r1P/8 w - - 0 1",
    "3r1k2/8/7R/8/8/pp1B4/P7/n1K5 w - - 0 1",
    "8/1Pk2Kpp/8/8/4nPP1/7P/8/8 b - - 0 1",
    "rk1b4/p2p2p1/1P6/2R2P2/8/2K5/8/5B2 w - - 0 1",
    "3k3K/p5P1/P3r3/8/1N6/8/8/8 w - - 0 1",
    "8/3Pb1p1/8/3P2P1/5P2/7k/4K3/8 w - - 0 1",
    "5r1r/1pkb4/5pB1/2P5/p3R2P/Pq6/1PQ2Pn1/K2R4 w - - 0 1",
    "3r1rk1/1b2bppp/2q1pn2/pp4Q1/3B1P2/PBN5/1PP3PP/R2R3K b - - 0 1",
    "5rk1/p1p1br2/1p1p2qp/4p3/2PPn1pP/3Q2P1/PPN1P1K1/2RR2B1 b - - 0 1",
    "8/p5Q1/2ppq2p/3n1ppk/3B4/2P2P1P/P5P1/6K1 w - - 0 1",
];

/// What `bench` measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions: the signature, deterministic for a given build.
    pub nodes: u64,
    /// Nodes per second over the summed search time.
    pub nps: u64,
    /// Milliseconds spent in the searches themselves (engine setup excluded), summed.
    pub time_ms: u64,
    /// Positions searched (FENs that do not parse are skipped).
    pub positions: usize,
    /// The depth in plies each position was searched to.
    pub depth: u32,
}

/// Searches every bench position to `depth` (default [`DEFAULT_DEPTH`]) on one thread, each
/// with a fresh 16 MB table and fresh histories, so the node count is deterministic. The time
/// (and so the speed) is that of the searches alone. The evaluation is the default one
/// ([`crate::DEFAULT_USE_NNUE`]: the network built in).
pub fn bench(depth: Option<u32>) -> BenchResult {
    bench_eval(depth, crate::DEFAULT_USE_NNUE.then(crate::nnue::embedded))
}

/// [`bench`] with the evaluation chosen: `Some(network)` evaluates with that network,
/// `None` with the hand-crafted evaluation.
pub fn bench_eval(depth: Option<u32>, net: Option<Arc<Network>>) -> BenchResult {
    run(&POSITIONS, depth.unwrap_or(DEFAULT_DEPTH), net)
}

/// [`bench`] over other positions with the hand-crafted evaluation (FENs that do not parse
/// are skipped).
pub fn bench_positions(fens: &[&str], depth: u32) -> BenchResult {
    run(fens, depth, None)
}

fn run(fens: &[&str], depth: u32, net: Option<Arc<Network>>) -> BenchResult {
    // Only the searches are timed: a fresh engine's table and threads are set up outside the
    // clock, as other engines' `bench` clear their tables outside theirs.
    let mut elapsed = std::time::Duration::ZERO;
    let mut nodes = 0;
    let mut positions = 0;
    for fen in fens {
        let Ok(game) = Game::from_fen(fen) else { continue };
        let mut engine = Engine::new();
        let nnue = net.is_some();
        engine.set(crate::EngineOption::UseNnue(nnue)).expect("a switch has no range to miss");
        if let Some(net) = &net {
            engine.set_network(net.clone());
        }
        let limits = SearchLimits { depth: Some(depth), ..Default::default() };
        let start = Instant::now();
        let result = engine.search_blocking(&game, limits);
        elapsed += start.elapsed();
        nodes += result.info.map_or(0, |i| i.nodes);
        positions += 1;
    }
    let time_ms = elapsed.as_millis() as u64;
    BenchResult { nodes, nps: nodes * 1000 / time_ms.max(1), time_ms, positions, depth }
}
