//! Input buckets by king square (the "HalfKA" family of inputs, in a small form): a network may
//! keep a separate set of accumulator weights for each region of the board its own king stands
//! in, so that a piece's weight can depend on where that side's king is (a pawn shield means
//! something else in front of a castled king than in front of an empty corner).
//!
//! Each side sees the board from its own side (Black's squares flipped vertically, as without
//! buckets) and, in a network with king buckets, also mirrored left to right (files a↔h) when
//! its king stands on files e–h: every side's king is then on files a–d, which halves the
//! squares a bucket map needs and lets the king's two wings share what they learn. Castling
//! rights and en passant are no inputs, so the mirror loses nothing.
//!
//! A side's inputs are `bucket × 768 + feature`, where `bucket` is the map's entry for its
//! king's (mirrored) square and `feature` the piece's index among the 768 of a network without
//! buckets (its square mirrored too). A network without king buckets ([`KingInputs::NONE`],
//! file versions 1 to 3) has one set of 768 and no mirror.
//!
//! A move of a king that changes its side's bucket or mirror changes every input of that side:
//! that side's accumulator is then refreshed from a cache that holds, for each side and key,
//! the accumulator of the pieces it last summed there (`layer.rs`, `RefreshCache`), adding and
//! subtracting only the pieces that differ; the other side is updated as after any move.

use super::INPUTS;

/// The most king buckets a network may have.
pub const MAX_KING_BUCKETS: usize = 16;

/// The king bucket counts [`KingInputs::preset`] knows a map for (`vidle train --king-buckets`).
pub const KING_PRESETS: [usize; 5] = [1, 2, 4, 8, 16];

/// How a network's inputs depend on each side's king: the number of buckets (0 for none) and
/// which bucket each king square is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingInputs {
    /// Buckets; 0 for a network without king buckets (and without the mirror).
    count: u8,
    /// The bucket of each king square (a1 = 0, h8 = 63) as the side sees the board, mirrored
    /// to files a–d; the entries of files e–h repeat their mirror image's and are not read.
    map: [u8; 64],
}

impl KingInputs {
    /// No king buckets: 768 inputs per side, no mirror (the networks up to vidle-5).
    pub const NONE: KingInputs = KingInputs { count: 0, map: [0; 64] };

    /// The map of `count` buckets (one of [`KING_PRESETS`]), from the squares where a king
    /// shelters to the open board. With the mirror, the files are a–d:
    /// - 1: one bucket (the mirror alone);
    /// - 2: the first rank; the rest;
    /// - 4: a1–b1 (a king castled short or long, mirrored); c1–d1 (at home); the second rank;
    ///   the rest;
    /// - 8: a1, b1, c1, d1 each; a2–b2; c2–d2; ranks 3–4; ranks 5–8;
    /// - 16: each square of ranks 1–2; then for ranks 3, 4, 5–6 and 7–8 the files a–b and c–d.
    pub fn preset(count: usize) -> Option<KingInputs> {
        let bucket = |file: usize, rank: usize| -> usize {
            match count {
                1 => 0,
                2 => usize::from(rank > 0),
                4 => match rank {
                    0 => file / 2,
                    1 => 2,
                    _ => 3,
                },
                8 => match rank {
                    0 => file,
                    1 => 4 + file / 2,
                    2 | 3 => 6,
                    _ => 7,
                },
                _ => match rank {
                    0 | 1 => rank * 4 + file,
                    2 | 3 => 8 + (rank - 2) * 2 + file / 2,
                    4 | 5 => 12 + file / 2,
                    _ => 14 + file / 2,
                },
            }
        };
        if !KING_PRESETS.contains(&count) {
            return None;
        }
        let mut map = [0u8; 64];
        for (sq, m) in map.iter_mut().enumerate() {
            let (file, rank) = (sq % 8, sq / 8);
            *m = bucket(file.min(7 - file), rank) as u8;
        }
        Some(KingInputs { count: count as u8, map })
    }

    /// A map read from a file: `count` buckets (1 to [`MAX_KING_BUCKETS`]) and each square's
    /// bucket. The entries of files e–h are set to their mirror image's.
    ///
    /// # Errors
    /// A count out of range or an entry of files a–d not below it, named.
    pub fn from_map(count: usize, map: &[u8; 64]) -> Result<KingInputs, String> {
        if !(1..=MAX_KING_BUCKETS).contains(&count) {
            return Err(format!("{count} king buckets, this build reads 1 to {MAX_KING_BUCKETS}"));
        }
        let mut out = KingInputs { count: count as u8, map: *map };
        for (sq, &b) in map.iter().enumerate() {
            if sq % 8 >= 4 {
                out.map[sq] = map[sq ^ 7];
            } else if usize::from(b) >= count {
                return Err(format!("king square {sq} is in bucket {b}, of {count} king buckets"));
            }
        }
        Ok(out)
    }

    /// Bytes of [`KingInputs::header`]: the `u32` count and the 64-byte map.
    pub const HEADER_BYTES: usize = 68;

    /// The count (`u32`, little endian) and the map, as the network files store them after
    /// their buckets word (the engine's version 4, the trainer's float weights version 3).
    pub fn header(&self) -> [u8; Self::HEADER_BYTES] {
        let mut out = [0u8; Self::HEADER_BYTES];
        out[..4].copy_from_slice(&(self.count() as u32).to_le_bytes());
        out[4..].copy_from_slice(&self.map);
        out
    }

    /// Reads [`KingInputs::header`]'s bytes (checked by [`KingInputs::from_map`]).
    ///
    /// # Errors
    /// As [`KingInputs::from_map`].
    pub fn from_header(bytes: &[u8; Self::HEADER_BYTES]) -> Result<KingInputs, String> {
        let count = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let map: &[u8; 64] = bytes[4..].try_into().expect("64 bytes");
        KingInputs::from_map(count as usize, map)
    }

    /// Buckets; 0 for none.
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// The map as a file stores it (meaningless for [`KingInputs::NONE`]).
    pub fn map(&self) -> &[u8; 64] {
        &self.map
    }

    /// Input rows per side: 768 per bucket (768 without buckets).
    pub fn rows(&self) -> usize {
        INPUTS * self.count().max(1)
    }

    /// For a side whose own king stands on `king` (0–63, as that side sees the board): the
    /// first input row of its bucket and the mask that mirrors a feature's file (7, or 0).
    #[inline(always)]
    pub fn key(&self, king: usize) -> (usize, usize) {
        if self.count == 0 {
            return (0, 0);
        }
        let flip = if king & 7 >= 4 { 7 } else { 0 };
        (usize::from(self.map[king ^ flip]) * INPUTS, flip)
    }

    /// The input row of `feature` (one of the 768, as the side sees the board) for a side whose
    /// [`KingInputs::key`] is `key`: the feature's square index is its low six bits, so
    /// `^ flip` mirrors the file.
    #[inline(always)]
    pub fn row(key: (usize, usize), feature: usize) -> usize {
        key.0 + (feature ^ key.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_use_every_bucket_and_mirror() {
        for n in KING_PRESETS {
            let k = KingInputs::preset(n).expect("a preset");
            assert_eq!(k.count(), n);
            let mut used = vec![false; n];
            for sq in 0..64 {
                used[usize::from(k.map()[sq])] = true;
                assert_eq!(k.map()[sq], k.map()[sq ^ 7], "{n}: square {sq}");
                // A king on e1 and one on d1 see the same bucket, each mirrored to files a–d.
                assert_eq!(k.key(sq).0, k.key(sq ^ 7).0);
                assert_eq!(k.key(sq).1, if sq % 8 >= 4 { 7 } else { 0 });
            }
            assert!(used.iter().all(|&u| u), "{n}: {used:?}");
            assert_eq!(KingInputs::from_map(n, k.map()), Ok(k));
            assert_eq!(KingInputs::from_header(&k.header()), Ok(k));
        }
        assert_eq!(KingInputs::preset(3), None);
        assert_eq!(KingInputs::NONE.key(60), (0, 0));
        // 8 buckets: g1 is b1 mirrored, bucket 1; e4 is d4, bucket 6.
        let k8 = KingInputs::preset(8).unwrap();
        assert_eq!(k8.key(6), (INPUTS, 7));
        assert_eq!(k8.key(28), (6 * INPUTS, 7));
        assert_eq!(KingInputs::row(k8.key(6), 6), INPUTS + 1);
    }

    #[test]
    fn bad_maps_are_refused() {
        assert!(KingInputs::from_map(0, &[0; 64]).unwrap_err().contains("0 king buckets"));
        assert!(KingInputs::from_map(17, &[0; 64]).unwrap_err().contains("17 king buckets"));
        let mut map = [0u8; 64];
        map[3] = 4;
        assert!(KingInputs::from_map(4, &map).unwrap_err().contains("bucket 4"));
        // Files e–h are not read: their entries follow files a–d.
        let mut map = [0u8; 64];
        map[7] = 200;
        assert_eq!(KingInputs::from_map(2, &map).unwrap().map()[7], 0);
    }
}
