//! The table file format, shared by the writer (generator) and the reader (prober).
//!
//! ```text
//! offset  size  field
//!      0     8  magic "VIDLETB\x1a"
//!      8     2  format version (5; versions 2 to 4 are read too: see below)
//!     10     1  metric: 0 DTM, 1 DTZ
//!     11     1  entry width in bytes (1 or 2)
//!     12     1  codec: 0 raw, 1 zstd
//!     13     1  flags: bit 0 [`FLAG_EXIT_BOUND`]
//!     14     1  sides stored (version 5): bit 0 white to move, bit 1 black to move (0 before)
//!     15     1  reserved (0)
//!     16    12  material: counts[color][role], white then black, pawn..king
//!     28     8  positions per side to move (index size, broken indices included)
//!     36     4  entries per block
//!     40     4  number of blocks
//!     44    64  counts per side (white to move, black to move): win, draw, loss, illegal
//!    108     2  longest distance in plies
//!    110     1  n: digits of the index (0 before version 4: the standard order)
//!    111     n  their order in this file ([`crate::order::DigitOrder`]): the standard digit that
//!               comes first (most significant), second, …
//!  111+n 13-n   reserved (0)
//!    124     4  CRC-32 of bytes 0..124
//!    128  16·n  block index: offset u64, compressed length u32, CRC-32 u32 of the compressed bytes
//!      …     4  CRC-32 of the block index
//!      …        blocks
//! ```
//! Entries: white to move's whole index, then black to move's (of the sides stored), as
//! [`crate::value::Code`]s.
//! Entries of broken indices and illegal positions are "don't care": they repeat the value
//! before them in the block (or the block's first legal value), which lengthens the runs the
//! compressor sees; whether an index is a legal position is the index's business
//! ([`crate::index::Layout::decode`], [`crate::board::Board::legal_with`]), not the file's. Two-byte
//! entries are stored as byte planes per block: all low bytes, then all high bytes. Measured on
//! the five 5-piece tables of ../shared/data and KQvKP (README): 7–34 % smaller than version 1,
//! which stored illegal entries as 0 and two-byte entries interleaved. All integers are
//! little-endian. Files are written to a temporary `NAME.<pid>-<n>.tmp` and renamed when complete.
//!
//! Version 3 adds [`FLAG_EXIT_BOUND`] (set in DTM tables from 2026-11-22 on): an entry whose
//! value the position's best exit (capture or promotion) achieves is "don't care" as well,
//! bounded above: the writer may store any value that is not better for the side to move, and
//! the reader takes the better of the entry and the best exit ([`crate::probe::Tablebases`]
//! does; the generator reads its own full values from [`resolved_path`]). Syzygy's WDL tables
//! use the same idea. Measured
//! (README): all 35 3–4-piece DTM files 32.2 → 27.0 MB, the five 5-piece ones of ../shared/data
//! 282.9 → 164.3 MB.
//!
//! Version 4 adds the digit order (bytes 110..): the writer of a DTM file tries every order of
//! the index's digits on a sample of blocks and keeps the smallest ([`Encoding::search_order`]);
//! entry `i` of a side (standard index) is stored at `DigitOrder::to_file(i)`. Versions 2 and 3
//! are version 4 in the standard order.
//!
//! Version 5 adds the sides stored (byte 14). A big DTM table ([`one_sided`]: every 5-piece
//! table) keeps only the side to move whose entries compress smaller; a position of the other
//! side is valued by its moves, one ply, each probed in the stored side or in a smaller table
//! ([`crate::probe::Tablebases`] does this). Syzygy's DTZ tables use the same idea. Smaller
//! tables (where those moves' captures land) and every DTZ table keep both sides, so such a
//! probe never searches deeper than the promotions it meets. Older versions store both sides.

use rayon::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

use crate::error::TbError;
use crate::keep::{Keep, kept_entries};
use crate::material::Material;
use crate::order::DigitOrder;
use crate::value::{Code, ILLEGAL};

/// The first 8 bytes of every table file.
pub const MAGIC: [u8; 8] = *b"VIDLETB\x1a";
/// The format version the writer emits (header bytes 8..10); [`OLDEST_VERSION`] and later
/// are read.
pub const VERSION: u16 = 5;
/// The oldest version still read: version 2 is version 3 without flags (the byte was reserved).
pub const OLDEST_VERSION: u16 = 2;
/// Header flag: entries whose value an exit (a capture or a promotion, which leave the table)
/// achieves may hold any value not better for the side to move; the position's value is the
/// better of the entry and its best exit.
pub const FLAG_EXIT_BOUND: u8 = 1;
/// zstd level of the generator's own full copies of DTM tables ([`resolved_path`]): read back
/// only by later generation runs, so speed matters more than size.
pub const RESOLVED_ZSTD_LEVEL: i32 = 1;
/// Bytes of the fixed header, its CRC-32 included; the block index follows it.
pub const HEADER_LEN: usize = 128;
/// The most index digits a header's digit order holds (bytes 111..124).
const MAX_DIGITS: usize = 13;
/// Entries per block: 8 KiB of one-byte entries. A probe decompresses one block.
pub const BLOCK_ENTRIES: u32 = 8192;
/// Entries per block of small tables (at most [`SMALL_TABLE`] positions: every 3–4-piece table):
/// faster to decompress, which every probe of a bigger table pays too through its captures and
/// promotions ([`FLAG_EXIT_BOUND`]). 4096 entries cost those tables 7 % in size (2048: 19 %),
/// which the digit order about gives back (README, "Probe latency").
pub const SMALL_BLOCK_ENTRIES: u32 = 4096;
/// The most positions (both sides) of a table written in [`SMALL_BLOCK_ENTRIES`] blocks.
pub const SMALL_TABLE: u64 = 16 << 20;

/// Both sides to move stored (header byte 14).
pub const SIDES_BOTH: u8 = 3;

/// Whether the DTM file of a table of `size` index entries per side keeps one side to move only
/// (format version 5): every table above [`SMALL_TABLE`] positions. Measured on nine 5-piece
/// tables (`docs/lab/tb/2026-11-29-one-side.md`): the file keeps 36–46 % of the
/// two sides' bytes.
pub fn one_sided(size: u64) -> bool {
    2 * size > SMALL_TABLE
}

/// Entries per block of a table of `size` index entries per side (the header records it; the
/// reader takes any).
pub fn block_entries(size: u64) -> u32 {
    if 2 * size <= SMALL_TABLE { SMALL_BLOCK_ENTRIES } else { BLOCK_ENTRIES }
}
/// zstd level, chosen by measurement (`benches/codec.rs`, README): decompressing a block takes
/// the same ~25 µs at levels 1–12, so the level only trades file size against generation time.
/// Level 6 makes the 3–4-piece files 10% larger than level 12 (57.0 vs 51.8 MiB) and compresses
/// them ~5× faster (7 s vs 36 s of a full run); lz4_flex decodes 3.5× faster but is 2.6× larger.
pub const ZSTD_LEVEL: i32 = 6;

/// Header codec byte: blocks stored uncompressed.
pub const CODEC_RAW: u8 = 0;
/// Header codec byte: every block is one zstd frame of its own.
pub const CODEC_ZSTD: u8 = 1;

/// Which distance a table stores.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MetricKind {
    /// Distance to mate in plies, no fifty-move rule.
    Dtm = 0,
    /// Distance to the next capture or pawn move in plies; above 100: cursed win / blessed loss.
    Dtz = 1,
}

impl MetricKind {
    /// The file extension of this metric's tables, without the dot: `vdtm` or `vdtz`.
    pub fn extension(self) -> &'static str {
        match self {
            MetricKind::Dtm => "vdtm",
            MetricKind::Dtz => "vdtz",
        }
    }

    /// `DTM` or `DTZ`.
    pub fn name(self) -> &'static str {
        match self {
            MetricKind::Dtm => "DTM",
            MetricKind::Dtz => "DTZ",
        }
    }
}

/// The file name of a table (`KQvKR.vdtm`).
pub fn file_name(material: &Material, metric: MetricKind) -> String {
    format!("{material}.{}", metric.extension())
}

/// The material and metric that a table file's name (`KRvK.vdtm`) promises, if it is one.
pub fn name_identity(file_name: &str) -> Option<(Material, MetricKind)> {
    let (stem, ext) = file_name.rsplit_once('.')?;
    let metric = [MetricKind::Dtm, MetricKind::Dtz].into_iter().find(|m| m.extension() == ext)?;
    Some((stem.parse().ok()?, metric))
}

/// Where a table lives in a table directory: `DIR/KQvKR.vdtm` (see [`file_name`]).
pub fn table_path(dir: &Path, material: &Material, metric: MetricKind) -> PathBuf {
    dir.join(file_name(material, metric))
}

/// Where the generator keeps its full copy of a DTM table (no exit bound, every legal entry
/// exact): `DIR/resolved/KQvKR.vdtm`. Captures and promotions of bigger tables read these, so
/// that generating never has to resolve bounded entries; probing never needs them, and a table
/// whose copy is missing counts as unfinished for `vidle tb gen`.
pub fn resolved_path(dir: &Path, material: &Material) -> PathBuf {
    dir.join("resolved").join(file_name(material, MetricKind::Dtm))
}

/// The decoded header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Which distance the entries hold (byte 10).
    pub metric: MetricKind,
    /// Bytes per stored entry, 1 or 2 (two-byte entries as byte planes per block).
    pub width: u8,
    /// [`CODEC_RAW`] or [`CODEC_ZSTD`].
    pub codec: u8,
    /// [`FLAG_EXIT_BOUND`] or 0.
    pub flags: u8,
    /// The endgame, as generated: normalised, white the stronger side (not checked on read).
    pub material: Material,
    /// Index entries per side to move ([`crate::index::Layout::size`], broken indices included);
    /// must match the material.
    pub size: u64,
    /// Entries per block, the last block possibly short (the reader takes any nonzero value).
    pub block_entries: u32,
    /// Number of blocks: the stored entries ([`Header::entries`]) over `block_entries`, rounded up.
    pub blocks: u32,
    /// `counts[side] = [win, draw, loss, illegal]` over the index.
    pub counts: [[u64; 4]; 2],
    /// The longest win or loss in plies, over both sides' exact values (also where the file
    /// stores one side or bounds entries).
    pub max_distance: u16,
    /// The digit order of the entries ([`DigitOrder`]); empty: the standard order.
    pub order: Vec<u8>,
    /// Which sides to move the file stores: bit 0 white, bit 1 black ([`SIDES_BOTH`]).
    pub sides: u8,
}

impl Header {
    pub(crate) fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..8].copy_from_slice(&MAGIC);
        h[8..10].copy_from_slice(&VERSION.to_le_bytes());
        h[10] = self.metric as u8;
        h[11] = self.width;
        h[12] = self.codec;
        h[13] = self.flags;
        h[14] = self.sides;
        for c in 0..2 {
            h[16 + 6 * c..22 + 6 * c].copy_from_slice(&self.material.counts[c]);
        }
        h[28..36].copy_from_slice(&self.size.to_le_bytes());
        h[36..40].copy_from_slice(&self.block_entries.to_le_bytes());
        h[40..44].copy_from_slice(&self.blocks.to_le_bytes());
        for side in 0..2 {
            for k in 0..4 {
                let o = 44 + 32 * side + 8 * k;
                h[o..o + 8].copy_from_slice(&self.counts[side][k].to_le_bytes());
            }
        }
        h[108..110].copy_from_slice(&self.max_distance.to_le_bytes());
        h[110] = self.order.len() as u8;
        h[111..111 + self.order.len()].copy_from_slice(&self.order);
        let crc = crc32fast::hash(&h[..124]);
        h[124..128].copy_from_slice(&crc.to_le_bytes());
        h
    }

    /// Parses and checks a header (magic, version, checksum, consistency).
    pub fn parse(h: &[u8], table: &str) -> Result<Header, TbError> {
        let bad =
            |reason: &str| TbError::BadHeader { table: table.to_string(), reason: reason.into() };
        if h.len() < HEADER_LEN {
            return Err(bad("file too short"));
        }
        if h[0..8] != MAGIC {
            return Err(bad("wrong magic"));
        }
        let version = u16::from_le_bytes([h[8], h[9]]);
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(bad(&format!(
                "format version {version}, expected {OLDEST_VERSION} to {VERSION}: regenerate it \
                 with `vidle tb gen`"
            )));
        }
        if crc32fast::hash(&h[..124]) != u32::from_le_bytes(h[124..128].try_into().unwrap()) {
            return Err(bad("header checksum mismatch"));
        }
        let metric = match h[10] {
            0 => MetricKind::Dtm,
            1 => MetricKind::Dtz,
            _ => return Err(bad("unknown metric")),
        };
        let mut material = Material { counts: [[0; 6]; 2] };
        for c in 0..2 {
            material.counts[c].copy_from_slice(&h[16 + 6 * c..22 + 6 * c]);
        }
        let u64_at = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().unwrap());
        let u32_at = |o: usize| u32::from_le_bytes(h[o..o + 4].try_into().unwrap());
        let mut counts = [[0u64; 4]; 2];
        for (side, row) in counts.iter_mut().enumerate() {
            for (k, c) in row.iter_mut().enumerate() {
                *c = u64_at(44 + 32 * side + 8 * k);
            }
        }
        let mut header = Header {
            metric,
            width: h[11],
            codec: h[12],
            flags: h[13],
            material,
            size: u64_at(28),
            block_entries: u32_at(36),
            blocks: u32_at(40),
            counts,
            max_distance: u16::from_le_bytes([h[108], h[109]]),
            order: Vec::new(),
            sides: if version >= 5 { h[14] } else { SIDES_BOTH },
        };
        if !(1..=SIDES_BOTH).contains(&header.sides) || (version < 5 && h[14] != 0) {
            return Err(bad("unknown sides stored"));
        }
        if header.sides != SIDES_BOTH && metric != MetricKind::Dtm {
            return Err(bad("a DTZ table must store both sides"));
        }
        if !matches!(header.width, 1 | 2) || !matches!(header.codec, CODEC_RAW | CODEC_ZSTD) {
            return Err(bad("unknown entry width or codec"));
        }
        if header.flags & !FLAG_EXIT_BOUND != 0
            || (header.flags != 0 && (version < 3 || metric != MetricKind::Dtm))
        {
            return Err(bad("unknown flags"));
        }
        if material.counts[0][5] != 1 || material.counts[1][5] != 1 || material.total() > 7 {
            return Err(bad("impossible material"));
        }
        // A file renamed or copied over another table's name (checksums and all) must not be
        // read as that table: its positions would index past the expected layout.
        let file_name = table.rsplit(['/', '\\']).next().unwrap_or(table);
        if let Some((m, metric)) = name_identity(file_name)
            && (m != material || metric != header.metric)
        {
            return Err(bad(&format!(
                "the file holds {} {material}, not what its name says",
                header.metric.name()
            )));
        }
        let layout = crate::index::Layout::new(material);
        if header.size != layout.size {
            return Err(bad("index size does not match the material"));
        }
        let n = h[110] as usize;
        if version >= 4 && n > 0 {
            let perm = h.get(111..111 + n).filter(|_| n <= MAX_DIGITS).ok_or(bad("digit order"))?;
            if DigitOrder::new(&layout, perm).is_none() {
                return Err(bad("the digit order is not an order of the index's digits"));
            }
            header.order = perm.to_vec();
        }
        if header.block_entries == 0
            || header.blocks as u64 != header.entries().div_ceil(header.block_entries as u64)
        {
            return Err(bad("block count does not match the index size"));
        }
        Ok(header)
    }

    /// The order of the entries' index digits.
    pub fn digit_order(&self) -> DigitOrder {
        let layout = crate::index::Layout::new(self.material);
        DigitOrder::new(&layout, &self.order).unwrap_or_else(|| DigitOrder::identity(&layout))
    }

    /// Entries in block `b` (the last one may be short).
    pub fn block_len(&self, b: u32) -> usize {
        let start = b as u64 * self.block_entries as u64;
        (self.entries() - start).min(self.block_entries as u64) as usize
    }

    /// Whether the file stores the entries of `side` to move.
    pub fn stores(&self, side: usize) -> bool {
        self.sides >> side & 1 != 0
    }

    /// Entries in the file: the index size per side stored.
    pub fn entries(&self) -> u64 {
        self.size * self.sides.count_ones() as u64
    }

    /// Where the entries of `side` to move begin among the file's entries, if it stores them.
    pub fn first_entry(&self, side: usize) -> Option<u64> {
        self.stores(side).then(|| if side == 1 && self.stores(0) { self.size } else { 0 })
    }
}

/// One block's place in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockEntry {
    /// Byte offset of the compressed block from the start of the file.
    pub offset: u64,
    /// Compressed length in bytes.
    pub len: u32,
    /// CRC-32 of the compressed bytes.
    pub crc: u32,
}

/// Parses the block index that follows the header; checks its checksum and bounds.
pub fn parse_index(
    bytes: &[u8],
    header: &Header,
    file_len: u64,
    table: &str,
) -> Result<Vec<BlockEntry>, TbError> {
    let bad = |reason: &str| TbError::BadHeader { table: table.to_string(), reason: reason.into() };
    let n = header.blocks as usize;
    if bytes.len() < n * 16 + 4 {
        return Err(bad("block index truncated"));
    }
    let crc = u32::from_le_bytes(bytes[n * 16..n * 16 + 4].try_into().unwrap());
    if crc32fast::hash(&bytes[..n * 16]) != crc {
        return Err(bad("block index checksum mismatch"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let e = &bytes[i * 16..i * 16 + 16];
        let entry = BlockEntry {
            offset: u64::from_le_bytes(e[0..8].try_into().unwrap()),
            len: u32::from_le_bytes(e[8..12].try_into().unwrap()),
            crc: u32::from_le_bytes(e[12..16].try_into().unwrap()),
        };
        if entry.offset.checked_add(entry.len as u64).is_none_or(|end| end > file_len) {
            return Err(bad(&format!("block {i} lies outside the file")));
        }
        out.push(entry);
    }
    // The blocks end the file: bytes after them are not part of any table we wrote.
    let end = out
        .iter()
        .map(|e| e.offset + e.len as u64)
        .max()
        .unwrap_or(0)
        .max(prefix_len(header.blocks));
    if end != file_len {
        return Err(bad(&format!("{} bytes after the last block", file_len - end)));
    }
    Ok(out)
}

/// Bytes of the header plus the block index.
pub fn prefix_len(blocks: u32) -> u64 {
    HEADER_LEN as u64 + 16 * blocks as u64 + 4
}

/// A thread's zstd contexts: a compressor with its level, and a decompressor.
type ZstdContexts =
    (Option<(i32, zstd::bulk::Compressor<'static>)>, Option<zstd::bulk::Decompressor<'static>>);

thread_local! {
    /// Each thread's zstd contexts, kept between blocks: creating one per block cost 3 % of a
    /// 5-piece table's time (`perf`, mostly the compressor's match tables at level 6).
    static ZSTD_CONTEXTS: std::cell::RefCell<ZstdContexts> =
        const { std::cell::RefCell::new((None, None)) };
}

/// One block compressed by zstd at `level` (the same bytes as `zstd::bulk::compress`).
pub(crate) fn zstd_block(raw: &[u8], level: i32) -> Vec<u8> {
    ZSTD_CONTEXTS.with_borrow_mut(|(c, _)| {
        if c.as_ref().is_none_or(|(l, _)| *l != level) {
            *c = Some((level, zstd::bulk::Compressor::new(level).expect("zstd context")));
        }
        let (_, compressor) = c.as_mut().expect("set above");
        compressor.compress(raw).expect("zstd compresses")
    })
}

/// One zstd block decompressed, at most `capacity` bytes.
fn unzstd(raw: &[u8], capacity: usize) -> std::io::Result<Vec<u8>> {
    ZSTD_CONTEXTS.with_borrow_mut(|(_, d)| {
        if d.is_none() {
            *d = Some(zstd::bulk::Decompressor::new()?);
        }
        d.as_mut().expect("set above").decompress(raw, capacity)
    })
}

/// Checks and decompresses one block into codes.
pub fn decode_block(
    header: &Header,
    b: u32,
    entry: &BlockEntry,
    raw: &[u8],
    table: &str,
) -> Result<Vec<Code>, TbError> {
    let corrupt =
        |reason: String| TbError::CorruptBlock { table: table.to_string(), block: b, reason };
    if crc32fast::hash(raw) != entry.crc {
        return Err(corrupt("checksum mismatch".into()));
    }
    let n = header.block_len(b);
    let want = n * header.width as usize;
    let bytes = match header.codec {
        CODEC_ZSTD => unzstd(raw, want).map_err(|e| corrupt(e.to_string()))?,
        _ => raw.to_vec(),
    };
    if bytes.len() != want {
        return Err(corrupt(format!("{} bytes after decompression, expected {want}", bytes.len())));
    }
    // A zero entry never comes from the writer (codes start at DRAW = 1): read it as illegal.
    let code = |x: Code| if x == 0 { ILLEGAL } else { x };
    Ok(if header.width == 1 {
        bytes.iter().map(|&x| code(x as Code)).collect()
    } else {
        let (low, high) = bytes.split_at(n);
        low.iter().zip(high).map(|(&l, &h)| code(u16::from_le_bytes([l, h]))).collect()
    })
}

/// Parses and checks a whole table file: both sides' codes ([`ILLEGAL`] throughout a side the
/// file does not store).
pub fn decode_table(bytes: &[u8], table: &str) -> Result<(Header, [Vec<Code>; 2]), TbError> {
    decode_joined(bytes, table, Vec::new()).map(split_sides)
}

/// A joined table (white's entries, then black's) as one vector per side.
fn split_sides((header, mut all): (Header, Vec<Code>)) -> (Header, [Vec<Code>; 2]) {
    let black = all.split_off(header.size as usize);
    (header, [all, black])
}

/// [`decode_table`] into one vector, white's entries then black's, reusing the memory of `buf`
/// (the generator loads sub-tables into the buffers of the table before: no fresh pages).
pub fn decode_joined(
    bytes: &[u8],
    table: &str,
    buf: Vec<Code>,
) -> Result<(Header, Vec<Code>), TbError> {
    let header = Header::parse(bytes, table)?;
    let buf = decode_stored(bytes, table, &header, buf, [Some(Keep::All); 2])?;
    if header.order.is_empty() {
        return Ok((header, buf));
    }
    // Back to the standard order, which every reader of whole tables expects.
    let size = header.size as usize;
    let order = header.digit_order();
    let mut standard = vec![0; 2 * size];
    standard.par_chunks_mut(size).enumerate().for_each(|(side, out)| {
        let file = &buf[side * size..][..size];
        out.par_iter_mut()
            .enumerate()
            .for_each(|(i, c)| *c = file[order.to_file(i as u64) as usize]);
    });
    Ok((header, standard))
}

/// The entries of a table that `parts` keeps of each side to move (`None`: the side is left
/// out), in one vector: white's kept entries, then black's, decoded into `buf`'s memory. Only
/// the blocks holding kept entries are decoded; a side the file does not store reads as
/// [`ILLEGAL`]. The generator loads sub-tables this way: a table's moves reach one side of each
/// sub-table, and a promotion only the entries with the new piece on the last rank.
pub fn decode_parts(
    bytes: &[u8],
    table: &str,
    mut buf: Vec<Code>,
    parts: [Option<Keep>; 2],
) -> Result<(Header, Vec<Code>), TbError> {
    let header = Header::parse(bytes, table)?;
    if header.order.is_empty() {
        let buf = decode_stored(bytes, table, &header, buf, parts)?;
        return Ok((header, buf));
    }
    // Entries stored in another digit order: decode all, then pick.
    let (header, all) = decode_joined(bytes, table, Vec::new())?;
    let size = header.size;
    buf.clear();
    for (side, keep) in parts.iter().enumerate() {
        if let Some(keep) = keep {
            keep.for_each_run(0, size, |a, b| {
                let from = (side as u64 * size + a) as usize;
                buf.extend_from_slice(&all[from..][..(b - a) as usize]);
            });
        }
    }
    Ok((header, buf))
}

/// [`decode_parts`] with the entries in the file's digit order (`header`: the file's, parsed).
fn decode_stored(
    bytes: &[u8],
    table: &str,
    header: &Header,
    mut buf: Vec<Code>,
    parts: [Option<Keep>; 2],
) -> Result<Vec<Code>, TbError> {
    let index = parse_index(&bytes[HEADER_LEN..], header, bytes.len() as u64, table)?;
    let size = header.size;
    buf.clear();
    buf.resize(kept_entries(parts, size) as usize, 0);
    // One job per block holding kept entries: its block, where the side begins among the
    // file's entries, the side's indices it covers, and where their kept entries go.
    let block = header.block_entries as u64;
    let mut jobs = Vec::new();
    let mut rest = &mut buf[..];
    for (side, keep) in parts.iter().enumerate() {
        let Some(keep) = *keep else { continue };
        let (mut dst, r) = std::mem::take(&mut rest).split_at_mut(keep.len(size) as usize);
        rest = r;
        let Some(first) = header.first_entry(side) else {
            dst.fill(ILLEGAL);
            continue;
        };
        for b in first / block..(first + size).div_ceil(block) {
            let from = (b * block).max(first) - first;
            let to = ((b + 1) * block).min(first + size) - first;
            let n = keep.kept_before(to) - keep.kept_before(from);
            if n > 0 {
                let (d, r) = std::mem::take(&mut dst).split_at_mut(n as usize);
                dst = r;
                jobs.push((b as u32, first, from, to, keep, d));
            }
        }
    }
    jobs.into_par_iter().try_for_each(|(b, first, from, to, keep, dst)| {
        let e = &index[b as usize];
        let raw = &bytes[e.offset as usize..(e.offset + e.len as u64) as usize];
        let codes = decode_block(header, b, e, raw, table)?;
        let start = b as u64 * block;
        let mut w = 0;
        keep.for_each_run(from, to, |a, z| {
            let n = (z - a) as usize;
            dst[w..w + n].copy_from_slice(&codes[(first + a - start) as usize..][..n]);
            w += n;
        });
        debug_assert_eq!(w, dst.len());
        Ok(())
    })?;
    Ok(buf)
}

/// [`decode_parts`] of a file on disk.
pub fn read_table_parts(
    path: &Path,
    buf: Vec<Code>,
    parts: [Option<Keep>; 2],
) -> Result<(Header, Vec<Code>), TbError> {
    let table = path.display().to_string();
    let bytes = fs::read(path).map_err(|source| TbError::Io { table: table.clone(), source })?;
    decode_parts(&bytes, &table, buf, parts)
}

/// Reads a table file from disk completely.
pub fn read_table(path: &Path) -> Result<(Header, [Vec<Code>; 2]), TbError> {
    read_table_joined(path, Vec::new()).map(split_sides)
}

/// [`read_table`] into one vector (see [`decode_joined`]).
pub fn read_table_joined(path: &Path, buf: Vec<Code>) -> Result<(Header, Vec<Code>), TbError> {
    let table = path.display().to_string();
    let bytes = fs::read(path).map_err(|source| TbError::Io { table: table.clone(), source })?;
    decode_joined(&bytes, &table, buf)
}
