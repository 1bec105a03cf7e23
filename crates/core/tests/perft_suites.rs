//! Perft on every position of the third-party suites, at every depth within a CI budget
//! (about a million leaves per position), and all depths in an ignored test. The standard suite
//! and an eighth of the Chess960 one are fixtures (tests/data); the full Chess960 suite comes
//! from ../shared/data and is skipped, saying so, without it.

mod common;
use vidle_core::perft::{perft, perft_full};
use vidle_core::{fen, parse_fen_relaxed};

const CI_NODE_BUDGET: u64 = 1_200_000;

/// Checks every position of a suite at every depth whose count is within `budget`, the
/// positions spread over one thread per core (the full-depth runs take many minutes).
fn run_suite(rel: &str, suite: &common::PerftSuite, budget: u64) {
    assert!(suite.len() > 100, "suite {rel} looks truncated");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let checked: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut checked = 0;
                    for (fen_text, counts) in suite.iter().skip(t).step_by(threads) {
                        let pos = parse_fen_relaxed(fen_text)
                            .unwrap_or_else(|e| panic!("{fen_text}: {e}"));
                        // Shredder-FEN inputs must round-trip.
                        if fen_text.contains(char::is_uppercase) {
                            let again = parse_fen_relaxed(&fen::to_fen(&pos, true)).unwrap();
                            assert!(again == pos, "{fen_text}: Shredder-FEN round trip");
                        }
                        for &(depth, expected) in counts {
                            if expected > budget {
                                continue;
                            }
                            assert_eq!(perft(&pos, depth), expected, "{fen_text} depth {depth}");
                            checked += 1;
                        }
                    }
                    checked
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a perft worker panicked")).sum()
    });
    assert!(checked >= suite.len() * 3, "too few depths checked: {checked}");
    eprintln!("{rel}: {checked} (position, depth) counts checked on {threads} threads");
}

#[test]
fn standard_suite_within_budget() {
    run_suite("perft/standard.epd", &common::perft_suite("perft/standard.epd"), CI_NODE_BUDGET);
}

#[test]
fn fischer960_suite_within_budget() {
    let rel = "perft/fischer960.epd";
    run_suite(rel, &common::perft_suite(rel), CI_NODE_BUDGET);
}

#[test]
fn fischer960_full_suite_within_budget() {
    let rel = "perft/fischer960.epd";
    let check = "the full Chess960 perft suite";
    if let Some(suite) = common::shared_perft_suite(rel, check) {
        run_suite(rel, &suite, CI_NODE_BUDGET);
    }
}

#[test]
fn full_perft_plays_every_leaf() {
    // The same counts with every leaf move made (exercises play and the key assertion).
    for (fen_text, counts) in common::perft_suite("perft/standard.epd").iter().take(40) {
        let pos = parse_fen_relaxed(fen_text).unwrap();
        for &(depth, expected) in counts.iter().filter(|(_, n)| *n < 200_000) {
            assert_eq!(perft_full(&pos, depth), expected, "{fen_text} depth {depth}");
        }
    }
}

#[test]
#[ignore = "full depths: minutes; run with --ignored and report"]
fn standard_suite_full_depth() {
    run_suite("perft/standard.epd", &common::perft_suite("perft/standard.epd"), u64::MAX);
}

#[test]
#[ignore = "full depths: hours; run with --ignored and report"]
fn fischer960_suite_full_depth() {
    let rel = "perft/fischer960.epd";
    if let Some(suite) = common::shared_perft_suite(rel, "the full Chess960 perft suite") {
        run_suite(rel, &suite, u64::MAX);
    }
}
