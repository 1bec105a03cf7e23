//! The table file writer: a solved table's codes into the format of [`crate::format`] (exit
//! bounds, digit order, one side or both), compressed block by block in parallel, written
//! atomically.

use rayon::prelude::*;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::format::{
    CODEC_RAW, CODEC_ZSTD, FLAG_EXIT_BOUND, Header, MetricKind, SIDES_BOTH, ZSTD_LEVEL,
    block_entries, prefix_len, table_path, zstd_block,
};
use crate::material::Material;
use crate::order::DigitOrder;
use crate::value::{Code, DRAW, ILLEGAL, TbValue};

/// Counts per side `[win, draw, loss, illegal]` and the longest distance.
pub fn summarize<C: AsRef<[Code]>>(codes: &[C; 2]) -> ([[u64; 4]; 2], u16) {
    let mut counts = [[0u64; 4]; 2];
    let mut max = 0;
    for side in 0..2 {
        for &c in codes[side].as_ref() {
            match TbValue::from_code(c) {
                Some(TbValue::Win(d)) => {
                    counts[side][0] += 1;
                    max = max.max(d);
                }
                Some(TbValue::Draw) => counts[side][1] += 1,
                Some(TbValue::Loss(d)) => {
                    counts[side][2] += 1;
                    max = max.max(d);
                }
                None => counts[side][3] += 1,
            }
        }
    }
    (counts, max)
}

/// Bytes per stored entry: 1 when every code fits, else 2.
pub fn entry_width<C: AsRef<[Code]>>(codes: &[C; 2]) -> u8 {
    if codes.iter().flat_map(|c| c.as_ref()).all(|&c| c == ILLEGAL || c < 256) { 1 } else { 2 }
}

/// The uncompressed bytes of one block of entries: illegal entries filled with the value before
/// them (the block's first legal value at its start), two-byte entries as a plane of low bytes
/// followed by a plane of high bytes. `bound[i]` marks an entry whose value its best exit
/// achieves ([`FLAG_EXIT_BOUND`]): it repeats the value before it too, unless that value is
/// better for the side to move, when it keeps its own.
pub fn raw_block(chunk: &[Code], bound: Option<&[bool]>, width: u8) -> Vec<u8> {
    let free = |i: usize| bound.is_some_and(|b| b[i]);
    let first = (0..chunk.len()).find(|&i| chunk[i] != ILLEGAL && !free(i));
    let mut prev =
        first.or_else(|| chunk.iter().position(|&c| c != ILLEGAL)).map_or(DRAW, |i| chunk[i]);
    let filled = chunk.iter().enumerate().map(|(i, &c)| {
        if c != ILLEGAL && !(free(i) && not_better(prev, c)) {
            prev = c;
        }
        prev
    });
    if width == 1 {
        return filled.map(|c| c as u8).collect();
    }
    let mut raw = vec![0u8; chunk.len() * 2];
    let (low, high) = raw.split_at_mut(chunk.len());
    for (i, c) in filled.enumerate() {
        [low[i], high[i]] = c.to_le_bytes();
    }
    raw
}

/// One bit per entry (index order), e.g. which entries are exit-bounded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// Bit `i` is `f(i)`, for `i < len` (computed in parallel).
    pub fn from_fn(len: usize, f: impl Fn(usize) -> bool + Sync) -> Bits {
        let words = (0..len.div_ceil(64))
            .into_par_iter()
            .map(|w| {
                let end = (w * 64 + 64).min(len);
                (w * 64..end).fold(0u64, |acc, i| acc | (f(i) as u64) << (i - w * 64))
            })
            .collect();
        Bits { words, len }
    }

    /// Bit `i`; false at and beyond the length.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] >> (i % 64) & 1 != 0
    }
}

/// Whether code `a` is no better than code `b` for the side to move (both values).
fn not_better(a: Code, b: Code) -> bool {
    match (TbValue::from_code(a), TbValue::from_code(b)) {
        (Some(a), Some(b)) => a <= b,
        _ => false,
    }
}

/// Blocks of a table on which [`Encoding::search_order`] compares the digit orders (spread
/// evenly; every block of a smaller table).
const ORDER_SAMPLE_BLOCKS: usize = 1024;

/// A one-sided table ([`Encoding::one_side`]) compresses only the side the order search's sample
/// finds smaller when its sampled blocks (at least [`ONE_SIDE_MIN_SAMPLE`] of each side) average
/// more than this factor apart; closer, both sides are compressed and compared in full. On the
/// nine 5-piece tables measured the smaller side held 36–46 % of both sides' bytes
/// (docs/lab/tb/2026-11-29-one-side.md).
const ONE_SIDE_MARGIN: f64 = 1.1;
const ONE_SIDE_MIN_SAMPLE: usize = 64;

/// How [`encode_table`] stores a table.
#[derive(Clone, Copy, Debug)]
pub struct Encoding<'a> {
    /// [`CODEC_RAW`] or [`CODEC_ZSTD`] (written to the header).
    pub codec: u8,
    /// zstd compression level; ignored for raw blocks.
    pub level: i32,
    /// `bounded[side]`: the positions whose value their best exit (a capture or promotion)
    /// achieves. Given (DTM only), those entries are bounded "don't care" and the file carries
    /// [`FLAG_EXIT_BOUND`].
    pub bounded: Option<&'a [Bits; 2]>,
    /// Store the entries in the order of the index digits that compresses a sample of blocks
    /// best (format version 4); else in the standard order.
    pub search_order: bool,
    /// Store only the side to move whose blocks take fewer bytes (format version 5; DTM only,
    /// see [`one_sided`]); else both.
    pub one_side: bool,
}

impl Encoding<'_> {
    /// zstd at [`ZSTD_LEVEL`], every entry exact.
    pub const ZSTD: Encoding<'static> = Encoding {
        codec: CODEC_ZSTD,
        level: ZSTD_LEVEL,
        bounded: None,
        search_order: false,
        one_side: false,
    };
    /// Uncompressed blocks, every entry exact, both sides in the standard order (tests).
    pub const RAW: Encoding<'static> = Encoding {
        codec: CODEC_RAW,
        level: 0,
        bounded: None,
        search_order: false,
        one_side: false,
    };
}

/// Serialises a finished table (blocks compressed in parallel).
pub fn encode_table<C: AsRef<[Code]> + Sync>(
    material: Material,
    metric: MetricKind,
    codes: &[C; 2],
    enc: Encoding<'_>,
) -> Vec<u8> {
    let codes = [codes[0].as_ref(), codes[1].as_ref()];
    let size = codes[0].len() as u64;
    let (counts, max_distance) = summarize(&codes);
    let width = entry_width(&codes);
    assert!(!enc.one_side || metric == MetricKind::Dtm, "only DTM tables store one side");
    let n = block_entries(size) as usize;
    let side_len = size as usize;
    // Block `b` of a file storing `sides` (white's entries, then black's) with the index digits
    // in `order`.
    let block = |b: usize, order: &DigitOrder, sides: &[usize]| -> Vec<u8> {
        let (lo, hi) = (b * n, (b * n + n).min(sides.len() * side_len));
        let mut chunk = Vec::with_capacity(hi - lo);
        let mut bound = Vec::with_capacity(if enc.bounded.is_some() { hi - lo } else { 0 });
        let mut g = lo;
        while g < hi {
            let (side, end) = (sides[g / side_len], hi.min((g / side_len + 1) * side_len));
            for i in order.standard_run((g % side_len) as u64, end - g) {
                chunk.push(codes[side][i as usize]);
                if let Some(bits) = enc.bounded {
                    bound.push(bits[side].get(i as usize));
                }
            }
            g = end;
        }
        let bound = enc.bounded.map(|_| &bound[..]);
        let raw = raw_block(&chunk, bound, width);
        match enc.codec {
            CODEC_ZSTD => zstd_block(&raw, enc.level),
            _ => raw,
        }
    };
    let layout = crate::index::Layout::new(material);
    let mut order = DigitOrder::identity(&layout);
    // The sampled blocks' compressed bytes with the chosen order, per side (blocks wholly of one
    // side), and how many blocks each sum holds.
    let mut sampled = [(0usize, 0usize); 2];
    if enc.search_order {
        // Every order on the same spread of blocks; the standard one wins ties.
        let count = (2 * side_len).div_ceil(n);
        let sample: Vec<usize> = (0..count).step_by((count / ORDER_SAMPLE_BLOCKS).max(1)).collect();
        let mut best = usize::MAX;
        for o in DigitOrder::all(&layout) {
            let lens: Vec<usize> =
                sample.par_iter().map(|&b| block(b, &o, &[0, 1]).len()).collect();
            let bytes = lens.iter().sum();
            if bytes < best {
                (best, order) = (bytes, o);
                sampled = [(0, 0); 2];
                for (&b, &len) in sample.iter().zip(&lens) {
                    let (first, last) = (b * n / side_len, ((b + 1) * n - 1) / side_len);
                    if first == last {
                        sampled[first].0 += len;
                        sampled[first].1 += 1;
                    }
                }
            }
        }
    }
    let all = |sides: &[usize]| -> Vec<Vec<u8>> {
        let count = (sides.len() * side_len).div_ceil(n);
        (0..count).into_par_iter().map(|b| block(b, &order, sides)).collect()
    };
    let (sides, blocks) = if enc.one_side {
        // The side whose blocks compress smaller. Where the order search's sample already tells
        // them apart by more than ONE_SIDE_MARGIN, only that side is compressed; otherwise both,
        // and the smaller is kept.
        let per_block = |(bytes, blocks): (usize, usize)| bytes as f64 / blocks.max(1) as f64;
        let (w, b) = (per_block(sampled[0]), per_block(sampled[1]));
        let clear = sampled[0].1 >= ONE_SIDE_MIN_SAMPLE && sampled[1].1 >= ONE_SIDE_MIN_SAMPLE;
        if clear && w > b * ONE_SIDE_MARGIN {
            (2, all(&[1]))
        } else if clear && b > w * ONE_SIDE_MARGIN {
            (1, all(&[0]))
        } else {
            let bytes = |blocks: &[Vec<u8>]| blocks.iter().map(Vec::len).sum::<usize>();
            let (white, black) = (all(&[0]), all(&[1]));
            if bytes(&black) < bytes(&white) { (2, black) } else { (1, white) }
        }
    } else {
        (SIDES_BOTH, all(&[0, 1]))
    };
    let header = Header {
        metric,
        width,
        codec: enc.codec,
        flags: if enc.bounded.is_some() { FLAG_EXIT_BOUND } else { 0 },
        material,
        size,
        block_entries: n as u32,
        blocks: blocks.len() as u32,
        counts,
        max_distance,
        order: if order.is_identity() { Vec::new() } else { order.perm().to_vec() },
        sides,
    };
    let mut out = header.to_bytes().to_vec();
    let mut offset = prefix_len(header.blocks);
    let mut index = Vec::with_capacity(blocks.len() * 16);
    for blk in &blocks {
        index.extend_from_slice(&offset.to_le_bytes());
        index.extend_from_slice(&(blk.len() as u32).to_le_bytes());
        index.extend_from_slice(&crc32fast::hash(blk).to_le_bytes());
        offset += blk.len() as u64;
    }
    out.extend_from_slice(&index);
    out.extend_from_slice(&crc32fast::hash(&index).to_le_bytes());
    for blk in blocks {
        out.extend_from_slice(&blk);
    }
    out
}

/// Writes a table file atomically (see [`write_file`]) into `dir`.
pub fn write_table<C: AsRef<[Code]> + Sync>(
    dir: &Path,
    material: Material,
    metric: MetricKind,
    codes: &[C; 2],
    enc: Encoding<'_>,
) -> io::Result<u64> {
    let bytes = encode_table(material, metric, codes, enc);
    write_file(&table_path(dir, &material, metric), &bytes)
}

/// Writes `bytes` to `path` atomically: a temporary name unique to this process and call
/// (`NAME.<pid>-<n>.tmp`), flushed, then renamed to `NAME`. Two writers of the same table (two
/// `gen` runs on one directory, two test threads) never share a temporary file; the last rename
/// wins and both wrote identical bytes.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<u64> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}-{n}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    Ok(bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_entries_repeat_their_neighbour_and_wide_entries_split_into_planes() {
        let x = ILLEGAL;
        assert_eq!(raw_block(&[x, 5, x, x, 7, x], None, 1), vec![5, 5, 5, 5, 7, 7]);
        assert_eq!(raw_block(&[x, x], None, 1), vec![DRAW as u8; 2]);
        assert_eq!(raw_block(&[0x0102, x, 0x0304], None, 2), vec![2, 2, 4, 1, 1, 3]);
    }

    /// A one-sided file keeps the side whose blocks compress smaller, whether the order search's
    /// sample decides it (sides far apart) or both sides are compressed in full (sides alike),
    /// and reads back as exactly that side's codes.
    #[test]
    fn one_sided_files_keep_the_smaller_side() {
        use crate::value::{loss, win};
        let m: Material = "KQvKR".parse().unwrap();
        let size = crate::index::Layout::new(m).size as usize;
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut noise = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x % 40) as u16;
            if x & 64 == 0 { win(d) } else { loss(d) }
        };
        let plain = vec![DRAW; size];
        let mixed: Vec<Code> = (0..size).map(|_| noise()).collect();
        let almost: Vec<Code> =
            mixed.iter().map(|&c| if c == win(0) { win(1) } else { c }).collect();
        let enc = Encoding { search_order: true, one_side: true, ..Encoding::ZSTD };
        for (codes, stored) in [
            ([&plain, &mixed], 0), // decided by the sample
            ([&mixed, &plain], 1),
            ([&mixed, &almost], 1), // alike: both compressed; `almost` has fewer distinct codes
        ] {
            let bytes = encode_table(m, MetricKind::Dtm, &[&codes[0][..], &codes[1][..]], enc);
            let (header, read) = crate::format::decode_table(&bytes, "KQvKR").unwrap();
            assert!(header.stores(stored) && !header.stores(1 - stored), "side {stored}");
            assert_eq!(read[stored], *codes[stored], "side {stored}");
        }
    }

    #[test]
    fn bounded_entries_repeat_their_neighbour_only_when_it_is_no_better() {
        use crate::value::{loss, win};
        let (x, d) = (ILLEGAL, DRAW);
        // Bounded: a draw after a loss may repeat the loss; a loss after a draw must stay.
        let codes = [loss(4), d, x, win(3), loss(2), d, loss(6)];
        let bound = [false, true, false, false, true, false, true];
        let got: Vec<Code> =
            raw_block(&codes, Some(&bound), 1).iter().map(|&c| c as Code).collect();
        assert_eq!(got, vec![loss(4), loss(4), loss(4), win(3), loss(2), d, loss(6)]);
        // A block that starts with bounded entries starts from its first exact one.
        let got = raw_block(&[d, loss(3)], Some(&[true, false]), 1);
        assert_eq!(got, vec![loss(3) as u8, loss(3) as u8]);
    }
}
