//! Probe latency of the embedded book: median and 99th percentile of `Book::entries` (key,
//! binary search, move decoding and legality check) over positions in and out of the book.
//!
//! `cargo run --release -p vidle-book --example probe_latency`

use std::time::Instant;
use vidle_book::{Book, BookRng, ChooseOptions};
use vidle_core::Position;

fn main() {
    let t = Instant::now();
    let book = Book::default_book();
    println!(
        "parse embedded book ({} entries): {:.2} ms",
        book.len(),
        t.elapsed().as_secs_f64() * 1e3
    );

    // Positions along book lines (hits) and after random moves (mostly misses).
    let mut rng = BookRng::seeded(1);
    let mut positions = Vec::new();
    for _ in 0..2000 {
        let mut pos = Position::startpos();
        for _ in 0..((rng.next_u64() % 20) + 1) {
            let next = match book.choose(&pos, &ChooseOptions::default(), &mut rng) {
                Some(m) => m,
                None => {
                    let legal = pos.legal_moves();
                    match legal.get((rng.next_u64() % legal.len().max(1) as u64) as usize) {
                        Some(m) => m,
                        None => break,
                    }
                }
            };
            pos = pos.played(next);
        }
        positions.push(pos);
    }
    let mut times = Vec::with_capacity(positions.len() * 50);
    let mut hits = 0usize;
    for _ in 0..50 {
        for p in &positions {
            let t = Instant::now();
            let moves = book.entries(p);
            times.push(t.elapsed().as_nanos());
            hits += usize::from(!moves.is_empty());
        }
    }
    times.sort_unstable();
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize];
    println!(
        "{} probes ({:.0}% found moves): median {} ns, p99 {} ns, max {} ns",
        times.len(),
        100.0 * hits as f64 / times.len() as f64,
        q(0.5),
        q(0.99),
        q(1.0)
    );
}
