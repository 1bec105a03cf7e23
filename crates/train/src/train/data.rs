//! Training data for the network trainer: packed records ([`crate::packed`]) read from the
//! data directory's manifest or from chunk files, filtered, deduplicated, split into a training
//! and a held-out part, and turned into input features.

use crate::packed::{RECORD_LEN, Record};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use vidle_engine::net_format::{INPUTS, SCALE};

/// One packed record as stored.
pub type Raw = [u8; RECORD_LEN];

/// Which records training uses.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Drop records whose score is above this in absolute value (decided positions).
    pub max_score: Option<i16>,
    /// Keep one record per position (board, side to move, castling, en passant).
    pub dedup: bool,
    /// Stop after this many kept records (for training on a prefix: the data curve).
    pub limit: Option<usize>,
}

/// What loading found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoadStats {
    /// Chunk files read.
    pub files: usize,
    /// Records read.
    pub read: u64,
    /// Records the rules core refuses (a damaged file).
    pub bad: u64,
    /// In check, or the search's best move was a capture, a promotion or a winning capture.
    pub not_quiet: u64,
    /// Scores beyond [`Filter::max_score`].
    pub too_large: u64,
    /// Positions seen before (with [`Filter::dedup`]).
    pub duplicates: u64,
    /// Records kept.
    pub kept: u64,
}

/// The chunk files of a path: a directory's `manifest.tsv` in its order, or the file itself.
///
/// # Errors
/// A directory without a readable manifest.
pub fn chunk_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let manifest = path.join("manifest.tsv");
    let text =
        vidle_core::files::read_text_bounded(&manifest, vidle_core::files::MAX_TRAINING_FILE_BYTES)
            .map_err(|e| format!("{}: {e} (is this a datagen directory?)", manifest.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| l.split('\t').next())
        .filter(|name| !name.trim().is_empty())
        .map(|name| path.join(name))
        .collect())
}

/// The FNV offset basis: where [`hash_bytes`] starts unless a seed is folded in.
const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over `bytes` from the state `start`, then a final mix, so that the FNV state's weak
/// low bits do not matter.
fn hash_bytes(start: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = start;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// A key of the position part of a record (bytes 0..25), for deduplication.
fn position_key(raw: &Raw) -> u64 {
    hash_bytes(FNV_BASIS, raw[..25].iter().copied())
}

/// The key below which a uniformly spread 64-bit key is held out, for a fraction `holdout`.
fn holdout_cut(holdout: f64) -> u64 {
    (holdout.clamp(0.0, 1.0) * u64::MAX as f64) as u64
}

/// Reads the records of `paths` (directories or chunk files) that pass `filter`, in order.
///
/// # Errors
/// An unreadable file, or a file whose length is not a whole number of records.
pub fn load(paths: &[PathBuf], filter: &Filter) -> Result<(Vec<Raw>, LoadStats), String> {
    let mut stats = LoadStats::default();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    'files: for path in paths {
        for file in chunk_files(path)? {
            let bytes =
                vidle_core::files::read_bounded(&file, vidle_core::files::MAX_TRAINING_FILE_BYTES)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
            if !bytes.len().is_multiple_of(RECORD_LEN) {
                return Err(format!(
                    "{}: {} bytes is not a whole number of {RECORD_LEN}-byte records",
                    file.display(),
                    bytes.len()
                ));
            }
            stats.files += 1;
            for chunk in bytes.chunks_exact(RECORD_LEN) {
                let raw: Raw = chunk.try_into().expect("a whole record");
                stats.read += 1;
                let Ok(rec) = Record::from_bytes(&raw) else {
                    stats.bad += 1;
                    continue;
                };
                if !rec.quiet || rec.pos.is_check() {
                    stats.not_quiet += 1;
                    continue;
                }
                if filter.max_score.is_some_and(|m| rec.score.unsigned_abs() > m.unsigned_abs()) {
                    stats.too_large += 1;
                    continue;
                }
                if filter.dedup && !seen.insert(position_key(&raw)) {
                    stats.duplicates += 1;
                    continue;
                }
                out.push(raw);
                stats.kept += 1;
                if filter.limit.is_some_and(|l| out.len() >= l) {
                    break 'files;
                }
            }
        }
    }
    Ok((out, stats))
}

/// Splits records into a training and a held-out part: every position whose key falls in the
/// held-out fraction goes there, so that the same position (in different games) never lands in
/// both, and the split of a record does not depend on what else was loaded.
pub fn split(records: Vec<Raw>, holdout: f64, seed: u64) -> (Vec<Raw>, Vec<Raw>) {
    let cut = holdout_cut(holdout);
    records
        .into_iter()
        .partition(|r| (position_key(r) ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >= cut)
}

/// Splits chunk files into training and held-out ones by a seeded hash of each file's name
/// (its directory and file name, e.g. `seed-20261128/chunk-17.vpk`), so that whole games are
/// held out: no game has positions on both sides, and a file's side does not depend on what
/// else is loaded (a data curve's points share one held-out set).
pub fn split_files(files: Vec<PathBuf>, holdout: f64, seed: u64) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let cut = holdout_cut(holdout);
    let key = |path: &Path| -> u64 {
        let parts: Vec<_> = path.iter().rev().take(2).collect();
        // Each of the two parts followed by a '/'.
        let bytes = parts.into_iter().rev().flat_map(|p| p.as_encoded_bytes().iter().chain(b"/"));
        hash_bytes(FNV_BASIS ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), bytes.copied())
    };
    files.into_iter().partition(|f| key(f) >= cut)
}

/// The sentinel of an unused feature slot.
pub const NONE: u16 = INPUTS as u16;

/// A record as the network sees it: the features of the side to move's view and of the other
/// side's (see `nnue.rs`), and the training target, a probability from the side to move's
/// point of view.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// The active features from the side to move's view; the first `len` are used.
    pub us: [u16; 32],
    /// The same pieces from the other side's view.
    pub them: [u16; 32],
    /// The pieces on the board: how many features are active.
    pub len: usize,
    /// The square of the side to move's king as it sees the board, then the other side's king
    /// as that side sees it (0–63; for a network's king buckets, `KingInputs::key`).
    pub kings: [u8; 2],
    /// The training target: the side to move's expected result, 0 to 1.
    pub target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The pieces on the board of a record (its occupancy bitboard's population).
pub fn piece_count(raw: &Raw) -> usize {
    u64::from_le_bytes(raw[0..8].try_into().expect("8 bytes")).count_ones() as usize
}

/// Whether a record's position may be mirrored left to right (files a↔h) without changing its
/// value: chess is symmetric under that mirror except for castling, so only positions where no
/// rook holds a castling right qualify (en passant is not an input).
pub fn mirrorable(raw: &Raw) -> bool {
    (0..piece_count(raw).min(32)).all(|k| (raw[8 + k / 2] >> (4 * (k % 2))) & 7 != 6)
}

impl Sample {
    /// The active features of side `side`: 0 the side to move's ([`Sample::us`]), 1 the other
    /// side's ([`Sample::them`]).
    pub fn features(&self, side: usize) -> &[u16] {
        if side == 0 { &self.us[..self.len] } else { &self.them[..self.len] }
    }

    /// Decodes a record (already checked by [`load`]); `wdl` is the weight of the game's result
    /// in the target, the rest is the search score's `sigmoid(score / SCALE)`.
    pub fn new(raw: &Raw, wdl: f32) -> Sample {
        Sample::view(raw, wdl, false)
    }

    /// [`Sample::new`], with the board mirrored left to right (files a↔h) when `mirror` is set
    /// and the position is [`mirrorable`]: the same position as the other wing would see it,
    /// with the same target (data augmentation, `vidle train --mirror`).
    pub fn view(raw: &Raw, wdl: f32, mirror: bool) -> Sample {
        let file_flip: u16 = if mirror && mirrorable(raw) { 7 } else { 0 };
        let mut s = Sample { us: [NONE; 32], them: [NONE; 32], len: 0, kings: [0; 2], target: 0.0 };
        // Each side's own king, as that side sees the board (indexed by colour, White first).
        let mut own_king = [0u8; 2];
        let black_to_move = raw[24] & 0x80 != 0;
        let mut occ = u64::from_le_bytes(raw[0..8].try_into().expect("8 bytes"));
        let mut k = 0;
        while occ != 0 && k < 32 {
            let sq = occ.trailing_zeros() as u16 ^ file_flip;
            occ &= occ - 1;
            let nibble = u16::from((raw[8 + k / 2] >> (4 * (k % 2))) & 0xF);
            let role = match nibble & 7 {
                6 => 3, // a rook with its castling right
                r => r,
            };
            let black = nibble >> 3;
            if role == 5 {
                own_king[usize::from(black)] = (if black == 1 { sq ^ 56 } else { sq }) as u8;
            }
            let white_view = black * 384 + role * 64 + sq;
            let black_view = (1 - black) * 384 + role * 64 + (sq ^ 56);
            let (us, them) =
                if black_to_move { (black_view, white_view) } else { (white_view, black_view) };
            s.us[k] = us;
            s.them[k] = them;
            k += 1;
        }
        s.len = k;
        s.kings = if black_to_move { [own_king[1], own_king[0]] } else { own_king };
        let white_score = f32::from(i16::from_le_bytes([raw[28], raw[29]]));
        let white_result = f32::from(raw[30]) / 2.0;
        let (score, result) = if black_to_move {
            (-white_score, 1.0 - white_result)
        } else {
            (white_score, white_result)
        };
        s.target = (1.0 - wdl) * sigmoid(score / SCALE as f32) + wdl * result;
        s
    }
}
