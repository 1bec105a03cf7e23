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
