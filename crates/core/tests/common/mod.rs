//! Shared helpers for the integration tests: the fixtures in tests/data and the full files in
//! ../shared/data (through `vidle_core::testdata`), and a seeded PRNG.
#![allow(dead_code)]

#[allow(unused_imports)]
pub use vidle_core::testdata::Rng;
use vidle_core::testdata::{read_fixture, read_text, shared_data};

/// Perft suite lines: (fen, [(depth, nodes)]).
pub type PerftSuite = Vec<(String, Vec<(u32, u64)>)>;

/// A perft suite from the repository's fixtures (tests/data).
pub fn perft_suite(rel: &str) -> PerftSuite {
    parse_perft_suite(&read_fixture(rel))
}

/// The full perft suite from ../shared/data, or `None` (with a "skipped" line) without it.
pub fn shared_perft_suite(rel: &str, check: &str) -> Option<PerftSuite> {
    shared_data(rel, check).map(|p| parse_perft_suite(&read_text(&p)))
}

fn parse_perft_suite(text: &str) -> PerftSuite {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let n = it.next().unwrap().parse().unwrap();
                    (d, n)
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Non-empty, trimmed lines of a fixture.
pub fn data_lines(rel: &str) -> Vec<String> {
    lines_of(&read_fixture(rel))
}

/// Non-empty, trimmed lines of a full file in ../shared/data, or `None` without it.
pub fn shared_lines(rel: &str, check: &str) -> Option<Vec<String>> {
    shared_data(rel, check).map(|p| lines_of(&read_text(&p)))
}

fn lines_of(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect()
}

/// The SAN moves of each game in a PGN fixture.
pub fn pgn_games(rel: &str) -> Vec<Vec<String>> {
    games_of(&read_fixture(rel))
}

/// The SAN moves of each game of a full PGN file in ../shared/data, or `None` without it.
pub fn shared_pgn_games(rel: &str, check: &str) -> Option<Vec<Vec<String>>> {
    shared_data(rel, check).map(|p| games_of(&read_text(&p)))
}

/// The SAN moves of each game (tags, comments, move numbers and results removed).
fn games_of(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if !moves.is_empty() {
                games.push(std::mem::take(&mut moves));
            }
            continue;
        }
        for tok in line.split_whitespace() {
            // "12." and "12...e5" carry a move number; "0-0" does not.
            let tok = tok.rfind('.').map_or(tok, |i| &tok[i + 1..]);
            if tok.is_empty() || matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            moves.push(tok.to_string());
        }
    }
    if !moves.is_empty() {
        games.push(moves);
    }
    games
}

/// Every `n`-th item (at least one), so a CI run samples the whole file.
pub fn spread<T: Clone>(items: &[T], count: usize) -> Vec<T> {
    let step = (items.len() / count.max(1)).max(1);
    items.iter().step_by(step).take(count).cloned().collect()
}
