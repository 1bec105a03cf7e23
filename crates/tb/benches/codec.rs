//! Block codec comparison for the table files: total size of all 3–4-piece tables (DTM + DTZ)
//! against the time to check and decompress one block (what an uncached probe pays), for zstd at
//! a few levels and lz4_flex, at a few block sizes.
//!
//! `VIDLE_TB_DIR=DIR cargo bench -p vidle-tb --bench codec`, where DIR holds the 35 tables
//! (`vidle tb gen --dir DIR --max-pieces 4`). Sizes and compression times are printed to stderr,
//! decode times by criterion (`codec/<codec>-<block entries>`).

use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;
use std::hint::black_box;
use std::time::{Duration, Instant};
use vidle_tb::Material;
use vidle_tb::format::{self, MetricKind};

#[derive(Clone, Copy)]
enum Codec {
    Zstd(i32),
    Lz4,
}

impl Codec {
    fn name(self) -> String {
        match self {
            Codec::Zstd(l) => format!("zstd{l}"),
            Codec::Lz4 => "lz4".into(),
        }
    }

    fn compress(self, raw: &[u8]) -> Vec<u8> {
        match self {
            Codec::Zstd(l) => zstd::bulk::compress(raw, l).unwrap(),
            Codec::Lz4 => lz4_flex::block::compress(raw),
        }
    }

    fn decompress(self, packed: &[u8], len: usize) -> Vec<u8> {
        match self {
            Codec::Zstd(_) => zstd::bulk::decompress(packed, len).unwrap(),
            Codec::Lz4 => lz4_flex::block::decompress(packed, len).unwrap(),
        }
    }
}

const CONFIGS: &[(Codec, usize)] = &[
    (Codec::Zstd(1), 8192),
    (Codec::Zstd(3), 8192),
    (Codec::Zstd(6), 8192),
    (Codec::Zstd(12), 8192),
    (Codec::Lz4, 8192),
    (Codec::Zstd(12), 4096),
    (Codec::Zstd(12), 32768),
    (Codec::Zstd(3), 32768),
    (Codec::Lz4, 32768),
];

/// Every table's entries as stored: (entry width, raw bytes of both sides).
fn load_tables() -> Vec<(u8, Vec<u8>)> {
    let dir = vidle_tb::default_dir();
    let mut out = Vec::new();
    for m in (3..=4).flat_map(Material::all_with) {
        for metric in [MetricKind::Dtm, MetricKind::Dtz] {
            let path = format::table_path(&dir, &m, metric);
            let (_, codes) = format::read_table(&path)
                .unwrap_or_else(|e| panic!("{e} (set VIDLE_TB_DIR to all 3-4-piece tables)"));
            let width = vidle_tb::write::entry_width(&codes);
            let all: Vec<u16> = codes[0].iter().chain(codes[1].iter()).copied().collect();
            out.push((width, vidle_tb::write::raw_block(&all, None, width)));
        }
    }
    out
}

fn codecs(c: &mut Criterion) {
    let tables = load_tables();
    let raw_total: usize = tables.iter().map(|(_, r)| r.len()).sum();
    eprintln!("{} tables, {:.1} MiB uncompressed", tables.len(), raw_total as f64 / 1048576.0);
    let mut g = c.benchmark_group("codec");
    g.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for &(codec, entries) in CONFIGS {
        let start = Instant::now();
        // (packed block, unpacked length) for every block of every table.
        let blocks: Vec<(Vec<u8>, usize)> = tables
            .par_iter()
            .flat_map_iter(|(width, raw)| raw.chunks(entries * *width as usize))
            .map(|chunk| (codec.compress(chunk), chunk.len()))
            .collect();
        let seconds = start.elapsed().as_secs_f64();
        let packed: usize = blocks.iter().map(|(b, _)| b.len() + 16).sum();
        eprintln!(
            "{}-{entries}: {:.2} MiB ({} blocks, index included), compressed in {seconds:.1} s",
            codec.name(),
            packed as f64 / 1048576.0,
            blocks.len()
        );
        // A fixed spread of blocks, decoded the way the prober does: checksum, then decompress.
        let sample: Vec<&(Vec<u8>, usize)> = blocks.iter().step_by(blocks.len() / 509).collect();
        let crcs: Vec<u32> = sample.iter().map(|(b, _)| crc32fast::hash(b)).collect();
        let mut i = 0;
        g.bench_function(format!("{}-{entries}", codec.name()), |b| {
            b.iter(|| {
                i = (i + 1) % sample.len();
                let (packed, len) = sample[i];
                assert_eq!(crc32fast::hash(packed), crcs[i]);
                black_box(codec.decompress(packed, *len))
            });
        });
    }
    g.finish();
}

criterion_group!(benches, codecs);
criterion_main!(benches);
