//! Position ↔ index arithmetic with symmetry.
//!
//! Layout of one side to move's index (mixed radix, most significant first):
//! `kk · Π groups`, where `kk` numbers the pairs of king squares left after symmetry and every
//! group of identical pieces (same colour and role) is one combinatorial number over its squares
//! (`C(64, n)`, or `C(48, n)` for pawns, which never stand on the first or last rank).
//!
//! Symmetry: without pawns the white king is brought into the triangle a1–d1–d4 (8 symmetries);
//! when it stands on the a1–h8 diagonal the black king is brought on or below it, and when both
//! stand on it the smaller of the two diagonal images is the index. That gives the classic 462
//! king pairs. With pawns only the left–right mirror applies (white king on files a–d, 1806
//! pairs). Indices that decode to overlapping pieces, or that are not the canonical image of their
//! position, are "broken": the generator marks them illegal.

use crate::board::{Board, sym};
use crate::material::Material;
use std::sync::OnceLock;

const MAX_GROUP: usize = 7;

fn binomials() -> &'static [[u64; MAX_GROUP + 1]; 65] {
    static T: OnceLock<[[u64; MAX_GROUP + 1]; 65]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u64; MAX_GROUP + 1]; 65];
        for n in 0..65 {
            t[n][0] = 1;
            for k in 1..=MAX_GROUP {
                t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            }
        }
        t
    })
}

/// The king pairs of one symmetry class: index → squares and squares → index.
struct KingPairs {
    pairs: Vec<(u8, u8)>,
    index: [[u16; 64]; 64],
}

const NO_PAIR: u16 = u16::MAX;

fn adjacent_or_same(a: u32, b: u32) -> bool {
    (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
}

fn king_pairs(pawns: bool) -> &'static KingPairs {
    static P: [OnceLock<KingPairs>; 2] = [OnceLock::new(), OnceLock::new()];
    P[pawns as usize].get_or_init(|| {
        let mut kp = KingPairs { pairs: Vec::new(), index: [[NO_PAIR; 64]; 64] };
        for wk in 0..64u32 {
            let (f, r) = (wk % 8, wk / 8);
            let ok = if pawns { f <= 3 } else { f <= 3 && r <= f };
            if !ok {
                continue;
            }
            for bk in 0..64u32 {
                if adjacent_or_same(wk, bk) {
                    continue;
                }
                if !pawns && r == f && bk / 8 > bk % 8 {
                    continue;
                }
                kp.index[wk as usize][bk as usize] = kp.pairs.len() as u16;
                kp.pairs.push((wk as u8, bk as u8));
            }
        }
        kp
    })
}

/// One group of identical pieces in the index.
#[derive(Clone, Copy, Debug)]
struct Group {
    color: usize,
    role: usize,
    count: usize,
    /// Number of combinations, `C(domain, count)`.
    size: u64,
}

/// The index of one endgame (normalised material).
#[derive(Clone, Debug)]
pub struct Layout {
    pub material: Material,
    pawns: bool,
    groups: Vec<Group>,
    /// Positions per side to move, broken ones included.
    pub size: u64,
}

impl Layout {
    pub fn new(material: Material) -> Layout {
        let pawns = material.has_pawns();
        let mut groups = Vec::new();
        let mut size = king_pairs(pawns).pairs.len() as u64;
        for color in 0..2 {
            for role in [4, 3, 2, 1, 0] {
                let count = material.counts[color][role] as usize;
                if count > 0 {
                    let domain = if role == 0 { 48 } else { 64 };
                    let g = Group { color, role, count, size: binomials()[domain][count] };
                    size *= g.size;
                    groups.push(g);
                }
            }
        }
        Layout { material, pawns, groups, size }
    }

    /// The index of a position of this material, exactly as oriented (colours not flipped).
    pub fn encode(&self, b: &Board) -> u64 {
        let wk = b.bb[0][5].trailing_zeros();
        let bk = b.bb[1][5].trailing_zeros();
        if self.pawns {
            let t = if wk % 8 > 3 { sym::FILE } else { 0 };
            return self.encode_with(b, t);
        }
        let mut t = 0;
        if wk % 8 > 3 {
            t |= sym::FILE;
        }
        if wk / 8 > 3 {
            t |= sym::RANK;
        }
        let w = sym::square(t, wk);
        if w / 8 > w % 8 {
            t |= sym::DIAG;
        }
        let w = sym::square(t, wk);
        if w / 8 == w % 8 {
            let k = sym::square(t, bk);
            if k / 8 > k % 8 {
                t |= sym::DIAG;
            } else if k / 8 == k % 8 {
                // Both kings on the diagonal: the transposed image is as good; take the smaller.
                return self.encode_with(b, t).min(self.encode_with(b, t | sym::DIAG));
            }
        }
        self.encode_with(b, t)
    }

    fn encode_with(&self, b: &Board, t: u8) -> u64 {
        let wk = sym::square(t, b.bb[0][5].trailing_zeros());
        let bk = sym::square(t, b.bb[1][5].trailing_zeros());
        let kk = king_pairs(self.pawns).index[wk as usize][bk as usize];
        debug_assert_ne!(kk, NO_PAIR, "kings adjacent or not normalised");
        let bin = binomials();
        let mut idx = kk as u64;
        for g in &self.groups {
            let mut bits = sym::bitboard(t, b.bb[g.color][g.role]);
            let mut rank = 0u64;
            let mut k = 1;
            while bits != 0 {
                let mut s = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if g.role == 0 {
                    s -= 8;
                }
                rank += bin[s][k];
                k += 1;
            }
            idx = idx * g.size + rank;
        }
        idx
    }

    /// The position at `idx`, or `None` for a broken index (pieces overlap, or not canonical).
    pub fn decode(&self, idx: u64) -> Option<Board> {
        let b = self.decode_raw(idx)?;
        (self.encode(&b) == idx).then_some(b)
    }

    /// Like [`Layout::decode`] without the canonical check (overlaps are still rejected).
    fn decode_raw(&self, mut idx: u64) -> Option<Board> {
        if idx >= self.size {
            return None;
        }
        let bin = binomials();
        let mut b = Board::default();
        let mut occ = 0u64;
        for g in self.groups.iter().rev() {
            let mut rank = idx % g.size;
            idx /= g.size;
            let domain = if g.role == 0 { 48 } else { 64 };
            let mut top = domain;
            for k in (1..=g.count).rev() {
                // Largest s with C(s, k) <= rank.
                let mut s = top - 1;
                while bin[s][k] > rank {
                    s -= 1;
                }
                rank -= bin[s][k];
                top = s;
                let square = if g.role == 0 { s + 8 } else { s };
                let bit = 1u64 << square;
                if occ & bit != 0 {
                    return None;
                }
                occ |= bit;
                b.bb[g.color][g.role] |= bit;
            }
        }
        let (wk, bk) = king_pairs(self.pawns).pairs[idx as usize];
        for (c, k) in [(0, wk), (1, bk)] {
            let bit = 1u64 << k;
            if occ & bit != 0 {
                return None;
            }
            occ |= bit;
            b.bb[c][5] = bit;
        }
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_king_pair_counts() {
        assert_eq!(king_pairs(false).pairs.len(), 462);
        assert_eq!(king_pairs(true).pairs.len(), 1806);
    }

    #[test]
    fn every_symmetric_image_has_the_same_index() {
        for name in ["KQvKR", "KBBvK", "KPvKP", "KRPvK"] {
            let layout = Layout::new(name.parse().unwrap());
            let step = (layout.size / 5000).max(1);
            let mut valid = 0;
            for idx in (0..layout.size).step_by(step as usize) {
                let Some(b) = layout.decode(idx) else { continue };
                valid += 1;
                let ts: &[u8] =
                    if layout.pawns { &[0, sym::FILE] } else { &[0, 1, 2, 3, 4, 5, 6, 7] };
                for &t in ts {
                    let mut img = Board::default();
                    for c in 0..2 {
                        for r in 0..6 {
                            img.bb[c][r] = sym::bitboard(t, b.bb[c][r]);
                        }
                    }
                    assert_eq!(layout.encode(&img), idx, "{name} t={t}");
                }
            }
            assert!(valid > 1000, "{name}");
        }
    }
}
