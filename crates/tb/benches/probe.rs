//! Probe latency: `probe_dtm` on a fixed sample of KQvKR and KRvKP positions, with the block
//! cached (warm), with the table open but its blocks dropped (cold block: read, checksum,
//! decompress), and through a freshly opened `Tablebases` (cold open: file, header, block index).
//!
//! `cargo bench -p vidle-tb --bench probe`. Tables come from `$VIDLE_TB_DIR` when it holds both
//! endgames, else they are generated into a temporary directory first (about half a minute).
//! When the directory also holds KRPvKR (a 5-piece table in 8192-entry blocks whose captures
//! and promotions lead into 4-piece tables), its positions are timed apart (`*-5`; with a
//! one-sided file, format version 5, `*-5-stored` and `*-5-moves`).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use vidle_core::{Color, Position};
use vidle_tb::format::{self, MetricKind};
use vidle_tb::index::Layout;
use vidle_tb::{GenOptions, Material, Tablebases};

const ENDGAMES: [&str; 2] = ["KQvKR", "KRvKP"];
/// Timed apart when present.
const FIVE: &str = "KRPvKR";
/// Positions per endgame in the sample, spread evenly over the index.
const SAMPLE: usize = 64;

fn table_dir() -> PathBuf {
    let have = |d: &PathBuf| {
        ENDGAMES.iter().all(|e| {
            format::table_path(d, &e.parse::<Material>().unwrap(), MetricKind::Dtm).exists()
        })
    };
    if let Some(d) = std::env::var_os("VIDLE_TB_DIR").map(PathBuf::from)
        && have(&d)
    {
        return d;
    }
    let d = std::env::temp_dir().join(format!("vidle-tb-bench-{}", std::process::id()));
    let targets: Vec<Material> = ENDGAMES.iter().map(|e| e.parse().unwrap()).collect();
    let opts = GenOptions::new(d.clone(), 0, false);
    vidle_tb::generate(&targets, &opts, |_| {}).expect("generate bench tables");
    d
}

/// Legal positions (side to move alternating) at evenly spaced indices of each endgame.
fn sample(endgames: &[&str]) -> Vec<Position> {
    let mut out = Vec::new();
    for &e in endgames {
        let layout = Layout::new(e.parse().unwrap());
        let step = layout.size / SAMPLE as u64;
        let mut idx = 0;
        let mut found = 0;
        while found < SAMPLE && idx < layout.size {
            if let Some(b) = layout.decode(idx) {
                let turn = if found % 2 == 0 { Color::White } else { Color::Black };
                if b.legal_with(turn.index()) {
                    out.push(vidle_core::parse_fen(&b.fen(turn)).unwrap());
                    found += 1;
                    idx += step;
                    continue;
                }
            }
            idx += 1;
        }
    }
    out
}

fn probes(c: &mut Criterion) {
    let dir = table_dir();
    let tb = Tablebases::open(&dir).unwrap();
    let five = format::table_path(&dir, &FIVE.parse::<Material>().unwrap(), MetricKind::Dtm);
    let mut g = c.benchmark_group("probe_dtm");
    if five.exists() {
        // A one-sided file (format version 5) values the side it does not store by its moves:
        // those positions are timed apart (`*-5-moves`) from the side stored (`*-5-stored`).
        let material: Material = FIVE.parse().unwrap();
        let header = tb.table(material, MetricKind::Dtm).unwrap().unwrap().header.clone();
        let all = sample(&[FIVE]);
        let groups: Vec<(&str, Vec<Position>)> = if header.sides == format::SIDES_BOTH {
            vec![("5", all)]
        } else {
            let (stored, moves) = all.into_iter().partition(|p| header.stores(p.turn().index()));
            vec![("5-stored", stored), ("5-moves", moves)]
        };
        for (label, positions) in groups {
            warm_and_cold(&mut g, &tb, &format!("-{label}"), &positions);
        }
    }
    let positions = sample(&ENDGAMES);
    for p in &positions {
        tb.probe_dtm(p).unwrap().unwrap();
    }
    warm_and_cold(&mut g, &tb, "", &positions);
    let mut i = 0;
    g.bench_function("cold-open", |b| {
        b.iter_batched(
            || {
                i = (i + 1) % positions.len();
                &positions[i]
            },
            |p| black_box(Tablebases::open(&dir).unwrap().probe_dtm(p)),
            BatchSize::PerIteration,
        );
    });
    g.finish();
}

/// `warm{suffix}` (blocks cached) and `cold-block{suffix}` (every cached block dropped before
/// each probe) over `positions` in turn.
fn warm_and_cold(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    tb: &Tablebases,
    suffix: &str,
    positions: &[Position],
) {
    let mut i = 0;
    g.bench_function(format!("warm{suffix}"), |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(tb.probe_dtm(&positions[i]))
        });
    });
    g.bench_function(format!("cold-block{suffix}"), |b| {
        b.iter_batched(
            || {
                tb.clear_cache();
                i = (i + 1) % positions.len();
                &positions[i]
            },
            |p| black_box(tb.probe_dtm(p)),
            BatchSize::PerIteration,
        );
    });
}

criterion_group!(benches, probes);
criterion_main!(benches);
