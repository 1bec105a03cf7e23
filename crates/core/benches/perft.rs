//! Single-threaded perft, bulk-counted and full (every leaf move made), for vidle, cozy-chess and
//! shakmaty doing the same work in the same run. See README.md beside this file.
//!
//! `cargo bench -p vidle-core --bench perft` runs startpos depth 5 and Kiwipete depth 4;
//! `VIDLE_BENCH_DEEP=1` switches to the startpos depth 6 and Kiwipete depth 5 (minutes).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (name, FEN, depth, nodes) for the quick and the deep run.
fn cases() -> [(&'static str, &'static str, u32, u64); 2] {
    if std::env::var_os("VIDLE_BENCH_DEEP").is_some() {
        [("startpos-d6", STARTPOS, 6, 119_060_324), ("kiwipete-d5", KIWIPETE, 5, 193_690_690)]
    } else {
        [("startpos-d5", STARTPOS, 5, 4_865_609), ("kiwipete-d4", KIWIPETE, 4, 4_085_603)]
    }
}

/// The count of a made child: at depth 1 the leaf goes to `black_box` and counts 1, as in
/// `vidle_core::perft::perft_full`, so no library's compiler may drop the work of making it;
/// deeper, the recursion. (The interleaved examples have the same helper.)
#[inline(always)]
fn leaf_or<P>(depth: u32, next: &P, full: fn(&P, u32) -> u64) -> u64 {
    if depth == 1 {
        black_box(next);
        1
    } else {
        full(next, depth - 1)
    }
}

mod vidle {
    pub use vidle_core::perft::{perft as bulk, perft_full as full};
    pub fn setup(fen: &str) -> vidle_core::Position {
        vidle_core::parse_fen_relaxed(fen).unwrap()
    }
}

mod cozy {
    use cozy_chess::Board;

    pub fn setup(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    pub fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth <= 1 {
            if depth == 0 {
                return 1;
            }
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            return nodes;
        }
        board.generate_moves(|moves| {
            for m in moves {
                let mut next = board.clone();
                next.play_unchecked(m);
                nodes += bulk(&next, depth - 1);
            }
            false
        });
        nodes
    }

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for m in moves {
                let mut next = board.clone();
                next.play_unchecked(m);
                nodes += super::leaf_or(depth, &next, full);
            }
            false
        });
        nodes
    }
}

mod shak {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    pub fn setup(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    pub fn bulk(pos: &Chess, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => pos.legal_moves().len() as u64,
            _ => pos
                .legal_moves()
                .into_iter()
                .map(|m| {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    bulk(&next, depth - 1)
                })
                .sum(),
        }
    }

    pub fn full(pos: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                super::leaf_or(depth, &next, full)
            })
            .sum()
    }
}

fn perft_benches(c: &mut Criterion) {
    let deep = std::env::var_os("VIDLE_BENCH_DEEP").is_some();
    for (mode, is_full) in [("bulk", false), ("full", true)] {
        for (name, fen, depth, nodes) in cases() {
            let (v, z, s) = (vidle::setup(fen), cozy::setup(fen), shak::setup(fen));
            // The three agree before anything is timed.
            let counts = if is_full {
                [vidle::full(&v, depth), cozy::full(&z, depth), shak::full(&s, depth)]
            } else {
                [vidle::bulk(&v, depth), cozy::bulk(&z, depth), shak::bulk(&s, depth)]
            };
            assert_eq!(counts, [nodes; 3], "{mode} {name}");

            let mut group = c.benchmark_group(format!("{mode}/{name}"));
            group.throughput(Throughput::Elements(nodes));
            group.sample_size(10);
            if deep {
                group.measurement_time(std::time::Duration::from_secs(20));
            }
            group.bench_function(BenchmarkId::from_parameter("vidle"), |b| {
                b.iter(|| {
                    let p = black_box(&v);
                    if is_full { vidle::full(p, depth) } else { vidle::bulk(p, depth) }
                });
            });
            group.bench_function(BenchmarkId::from_parameter("cozy-chess"), |b| {
                b.iter(|| {
                    let p = black_box(&z);
                    if is_full { cozy::full(p, depth) } else { cozy::bulk(p, depth) }
                });
            });
            group.bench_function(BenchmarkId::from_parameter("shakmaty"), |b| {
                b.iter(|| {
                    let p = black_box(&s);
                    if is_full { shak::full(p, depth) } else { shak::bulk(p, depth) }
                });
            });
            group.finish();
        }
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
