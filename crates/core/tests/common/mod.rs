//! Shared helpers for the integration tests: locating ../shared/data.
#![allow(dead_code)]

use std::path::PathBuf;

/// The third-party data directory: `$VIDLE_SHARED_DATA`, or `../shared/data` beside the repository.
pub fn data_dir() -> PathBuf {
    if let Ok(p) = std::env::var("VIDLE_SHARED_DATA") {
        return PathBuf::from(p);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

pub fn read_data(rel: &str) -> String {
    let p = data_dir().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Perft suite lines: (fen, [(depth, nodes)]).
pub fn perft_suite(rel: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    read_data(rel)
        .lines()
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

/// A tiny deterministic PRNG (SplitMix64) so every randomized test is reproducible from its seed.
#[derive(Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0; the tiny modulo bias does not matter for tests).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

/// Non-empty, trimmed lines of a data file.
pub fn data_lines(rel: &str) -> Vec<String> {
    read_data(rel).lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect()
}

/// The SAN moves of each game in a PGN file (tags, comments, move numbers and results removed).
pub fn pgn_games(rel: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    for line in read_data(rel).lines() {
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
