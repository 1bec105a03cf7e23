//! Perft benchmark (placeholder while the harness is written).
fn main() {}
