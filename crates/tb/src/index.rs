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

use crate::board::{Board, Step, sym};
use crate::keep::Keep;
use crate::material::Material;
use std::sync::OnceLock;

const MAX_GROUP: usize = 7;

/// `C(n, k)` for `n <= 64`, `k <= MAX_GROUP`, computed at compile time.
const BINOMIALS: [[u64; MAX_GROUP + 1]; 65] = {
    let mut t = [[0u64; MAX_GROUP + 1]; 65];
    let mut n = 0;
    while n < 65 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
};

fn binomials() -> &'static [[u64; MAX_GROUP + 1]; 65] {
    &BINOMIALS
}

/// The rank of a group of identical pieces on the squares of `bits` (each less `offset`): the
/// combinatorial number `Σ C(s_k, k + 1)` of its squares in ascending order, which is the order
/// a bitboard's bits are read in.
#[inline(always)]
fn group_rank(mut bits: u64, offset: u32) -> u64 {
    // Two pieces (the common case: two rooks, bishops, knights or pawns): no loop.
    if bits.count_ones() == 2 {
        let lo = (bits.trailing_zeros() - offset) as u64;
        let hi = (63 - bits.leading_zeros() - offset) as u64;
        return lo + hi * (hi - 1) / 2;
    }
    let mut rank = 0;
    let mut k = 1;
    while bits != 0 {
        rank += BINOMIALS[(bits.trailing_zeros() - offset) as usize][k];
        bits &= bits - 1;
        k += 1;
    }
    rank
}

/// Groups with at most this many combinations are decoded by a table (rank → squares): two or
/// three identical pieces (`C(64, 3)` = 41,664 entries, 325 KiB).
const RANK_TABLE_MAX: u64 = 1 << 16;

/// Every combination of `count` squares of the domain (48 for pawns, 64 otherwise) as a
/// bitboard of squares less the offset, by rank; empty where the table would be larger than
/// [`RANK_TABLE_MAX`]. Built once per process for each (pawns, count).
fn rank_table(pawns: bool, count: usize) -> &'static [u64] {
    static T: [[OnceLock<Vec<u64>>; MAX_GROUP + 1]; 2] =
        [const { [const { OnceLock::new() }; MAX_GROUP + 1] }; 2];
    T[pawns as usize][count].get_or_init(|| {
        let domain = if pawns { 48 } else { 64 };
        let size = BINOMIALS[domain][count];
        if count < 2 || size > RANK_TABLE_MAX {
            return Vec::new();
        }
        let mut table = vec![0u64; size as usize];
        // Every subset of `count` squares, in increasing order of its bitboard (Gosper's hack).
        let mut bits: u128 = (1 << count) - 1;
        while bits < 1 << domain {
            table[group_rank(bits as u64, 0) as usize] = bits as u64;
            let c = bits & bits.wrapping_neg();
            let r = bits + c;
            bits = (((r ^ bits) >> 2) / c) | r;
        }
        table
    })
}

/// `SQUARE_SYM[t][s]`: square `s` under symmetry `t` (see [`sym::square`]), as a table: the
/// indexer maps single squares instead of transforming whole bitboards.
const SQUARE_SYM: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut s = 0;
        while s < 64 {
            let mut x = s as u32;
            if f & sym::FILE as usize != 0 {
                x ^= 7;
            }
            if f & sym::RANK as usize != 0 {
                x ^= 56;
            }
            if f & sym::DIAG as usize != 0 {
                x = (x & 7) << 3 | x >> 3;
            }
            t[f][s] = x as u8;
            s += 1;
        }
        f += 1;
    }
    t
};

/// Flag in [`KING_SYM`]: both kings on the a1–h8 diagonal after the symmetry, so the diagonal
/// transposition gives a second image and the smaller index is canonical.
const BOTH_ON_DIAGONAL: u8 = 8;

/// `KING_SYM[wk][bk]`: the symmetry that brings a pawnless position's kings into the canonical
/// king-pair set, plus [`BOTH_ON_DIAGONAL`] where the transposed image is as good.
const KING_SYM: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut wk = 0;
    while wk < 64 {
        let mut bk = 0;
        while bk < 64 {
            let mut t = 0u8;
            if wk % 8 > 3 {
                t |= sym::FILE;
            }
            if wk / 8 > 3 {
                t |= sym::RANK;
            }
            let w = SQUARE_SYM[t as usize][wk] as usize;
            if w / 8 > w % 8 {
                t |= sym::DIAG;
            }
            let w = SQUARE_SYM[t as usize][wk] as usize;
            if w / 8 == w % 8 {
                let k = SQUARE_SYM[t as usize][bk] as usize;
                if k / 8 > k % 8 {
                    t |= sym::DIAG;
                } else if k / 8 == k % 8 {
                    t |= BOTH_ON_DIAGONAL;
                }
            }
            table[wk][bk] = t;
            bk += 1;
        }
        wk += 1;
    }
    table
};

/// The king pairs of one symmetry class: index → squares and squares → index.
#[derive(Debug)]
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

/// A place value of the index, with division by it (for decoding) without a division
/// instruction: `n / d` is the high word of `n · ⌈2^64 / d⌉` for every 32-bit `n` and `d`
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019); `d = 1` (the last
/// group's place value) is the identity, and larger indices divide plainly.
#[derive(Clone, Copy, Debug)]
struct Divisor {
    d: u64,
    /// `⌈2^64 / d⌉`, or 0 where `d` is 1 or does not fit in 32 bits.
    m: u64,
}

impl Divisor {
    fn new(d: u64) -> Divisor {
        let m = if d > 1 && d <= u32::MAX as u64 { u64::MAX / d + 1 } else { 0 };
        Divisor { d, m }
    }

    /// The place value itself.
    #[inline]
    fn get(self) -> u64 {
        self.d
    }

    /// `(n / d, n % d)`.
    #[inline]
    fn div_rem(self, n: u64) -> (u64, u64) {
        let q = if self.m != 0 && n <= u32::MAX as u64 {
            ((self.m as u128 * n as u128) >> 64) as u64
        } else if self.d == 1 {
            n
        } else {
            n / self.d
        };
        (q, n - q * self.d)
    }
}

/// One group of identical pieces in the index.
#[derive(Clone, Copy, Debug)]
struct Group {
    color: usize,
    role: usize,
    count: usize,
    /// Number of combinations, `C(domain, count)`.
    size: u64,
    /// Place value of this group's rank in the index: the product of the later groups' sizes.
    mult: Divisor,
    /// Squares by rank ([`rank_table`]); empty for single pieces and large groups.
    table: &'static [u64],
}

/// The index of one endgame (normalised material).
#[derive(Clone, Debug)]
pub struct Layout {
    /// The endgame indexed, exactly as given (stored tables use the normalised material).
    pub material: Material,
    pawns: bool,
    groups: Vec<Group>,
    /// Place value of the king pair: the product of all groups' sizes.
    kk_mult: Divisor,
    kings: &'static KingPairs,
    /// Positions per side to move, broken ones included.
    pub size: u64,
    /// `step_mult[color][role]`: the place value of a piece that is alone in its group (not a
    /// king), else 0. Moving such a piece from `a` to `b` without changing the symmetry adds
    /// `(b - a) · step_mult` to the index.
    step_mult: [[u64; 6]; 2],
    /// `group_mult[color][role]`: the place value of the group of that colour and role.
    group_mult: [[u64; 6]; 2],
}

impl Layout {
    /// The index of `material`: the king pair (462 pairs without pawns, 1806 with), then one
    /// digit per group, white's queens, rooks, bishops, knights, pawns, then black's.
    pub fn new(material: Material) -> Layout {
        let pawns = material.has_pawns();
        let mut groups = Vec::new();
        for color in 0..2 {
            for role in [4, 3, 2, 1, 0] {
                let count = material.counts[color][role] as usize;
                if count > 0 {
                    let domain = if role == 0 { 48 } else { 64 };
                    groups.push(Group {
                        color,
                        role,
                        count,
                        size: binomials()[domain][count],
                        mult: Divisor::new(1),
                        table: rank_table(role == 0, count),
                    });
                }
            }
        }
        let mut mult = 1;
        for g in groups.iter_mut().rev() {
            g.mult = Divisor::new(mult);
            mult *= g.size;
        }
        let kings = king_pairs(pawns);
        let size = kings.pairs.len() as u64 * mult;
        let mut step_mult = [[0; 6]; 2];
        let mut group_mult = [[0; 6]; 2];
        for g in &groups {
            group_mult[g.color][g.role] = g.mult.get();
            if g.count == 1 {
                step_mult[g.color][g.role] = g.mult.get();
            }
        }
        let kk_mult = Divisor::new(mult);
        Layout { material, pawns, groups, kk_mult, kings, size, step_mult, group_mult }
    }

    /// The radices of the index's digits, most significant first: the king pairs, then each
    /// group's combinations (their product is [`Layout::size`]).
    pub fn digits(&self) -> Vec<u64> {
        std::iter::once(self.kings.pairs.len() as u64)
            .chain(self.groups.iter().map(|g| g.size))
            .collect()
    }

    /// Which entries of one side to move a sub-table needs when the only moves that reach it
    /// are promotions of `color` to `role`: with pawns (ranks are never mirrored) and that piece
    /// alone in its group, the promoted piece stands on `color`'s last rank, one index in eight
    /// ([`Keep::Rank`]); otherwise every entry ([`Keep::All`]).
    pub fn promotion_keep(&self, color: usize, role: usize) -> Keep {
        let place = self.step_mult[color][role];
        if !self.pawns || place == 0 {
            return Keep::All;
        }
        Keep::Rank { place, first: if color == 0 { 56 } else { 0 } }
    }

    /// Whether the material has pawns. Then only the file mirror identifies boards, and two
    /// distinct boards one move (or un-move) away from the same board never share an index: the
    /// king of the side that did not move stands on the same square in both, and no square is
    /// its own mirror image. Without pawns (eight symmetries, diagonal squares fixed by one of
    /// them) neighbours must be deduplicated by index.
    #[inline]
    pub fn has_pawns(&self) -> bool {
        self.pawns
    }

    /// The index of `next`: the board at index `idx` (as [`Layout::decode`] returns it) after a
    /// piece of `color` made `step`, and whether another board one step from the same board may
    /// have the same index (only where `next` was brought back into the canonical set by a
    /// symmetry, and never with pawns: see [`Layout::has_pawns`]). Distinct boards that need no
    /// symmetry have distinct indices, so callers deduplicate only the others.
    ///
    /// When `next` needs no symmetry (with pawns: the white king on files a–d; without: the
    /// kings in the canonical triangle and not both on the diagonal, where the smaller of two
    /// images counts), the index changes by arithmetic: a king step changes the king-pair
    /// number, any other step its group's rank (for a group of several identical pieces, the
    /// rank of the group's bitboard before and after). Otherwise a full [`Layout::encode`].
    #[inline(always)]
    pub fn encode_step(&self, idx: u64, color: usize, step: Step, next: &Board) -> (u64, bool) {
        let wk = next.bb[0][5].trailing_zeros() as usize;
        let bk = next.bb[1][5].trailing_zeros() as usize;
        let identity = if self.pawns { wk % 8 <= 3 } else { KING_SYM[wk][bk] == 0 };
        if !identity {
            return (self.encode(next), !self.pawns);
        }
        (self.step_index(idx, color, step, next, wk, bk), false)
    }

    /// Whether a board one step from a board of this table may share its index with another
    /// such board: the flag [`Layout::encode_step`] returns, without the index.
    #[inline]
    pub fn may_repeat(&self, next: &Board) -> bool {
        let wk = next.bb[0][5].trailing_zeros() as usize;
        let bk = next.bb[1][5].trailing_zeros() as usize;
        !self.pawns && KING_SYM[wk][bk] != 0
    }

    /// [`Layout::encode_step`] where `next` (kings on `wk` and `bk`) needs no symmetry.
    #[inline(always)]
    fn step_index(
        &self,
        idx: u64,
        color: usize,
        step: Step,
        next: &Board,
        wk: usize,
        bk: usize,
    ) -> u64 {
        let delta = if step.role == 5 {
            let (old_wk, old_bk) =
                if color == 0 { (step.from as usize, bk) } else { (wk, step.from as usize) };
            let old = self.kings.index[old_wk][old_bk] as i64;
            (self.kings.index[wk][bk] as i64 - old) * self.kk_mult.get() as i64
        } else {
            let m = self.step_mult[color][step.role];
            if m != 0 {
                (step.to as i64 - step.from as i64) * m as i64
            } else {
                let m = self.group_mult[color][step.role] as i64;
                let offset = if step.role == 0 { 8 } else { 0 };
                let now = next.bb[color][step.role];
                let before = now ^ (1u64 << step.to) ^ (1u64 << step.from);
                (group_rank(now, offset) as i64 - group_rank(before, offset) as i64) * m
            }
        };
        let i = (idx as i64 + delta) as u64;
        debug_assert_eq!(i, self.encode(next), "{step:?} from index {idx}");
        i
    }

    /// The index of a position of this material, exactly as oriented (colours not flipped).
    #[inline]
    pub fn encode(&self, b: &Board) -> u64 {
        let wk = b.bb[0][5].trailing_zeros() as usize;
        if self.pawns {
            return self.encode_with(b, if wk % 8 > 3 { sym::FILE } else { 0 });
        }
        let bk = b.bb[1][5].trailing_zeros() as usize;
        let t = KING_SYM[wk][bk];
        if t & BOTH_ON_DIAGONAL != 0 {
            // Both kings on the diagonal: the transposed image is as good; take the smaller.
            let t = t & !BOTH_ON_DIAGONAL;
            return self.encode_with(b, t).min(self.encode_with(b, t | sym::DIAG));
        }
        self.encode_with(b, t)
    }

    #[inline]
    fn encode_with(&self, b: &Board, t: u8) -> u64 {
        let map = &SQUARE_SYM[t as usize];
        let wk = map[b.bb[0][5].trailing_zeros() as usize];
        let bk = map[b.bb[1][5].trailing_zeros() as usize];
        let kk = self.kings.index[wk as usize][bk as usize];
        debug_assert_ne!(kk, NO_PAIR, "kings adjacent or not normalised");
        let mut idx = kk as u64 * self.kk_mult.get();
        for g in &self.groups {
            let bits = b.bb[g.color][g.role];
            let offset = if g.role == 0 { 8 } else { 0 };
            let rank = if g.count == 1 {
                (map[bits.trailing_zeros() as usize] - offset) as u64
            } else {
                group_rank(if t == 0 { bits } else { sym::bitboard(t, bits) }, offset as u32)
            };
            idx += rank * g.mult.get();
        }
        idx
    }

    /// The position at `idx`, or `None` for a broken index (pieces overlap, or not canonical).
    #[inline]
    pub fn decode(&self, idx: u64) -> Option<Board> {
        let mut b = Board::default();
        self.decode_into(idx, &mut b).then_some(b)
    }

    /// [`Layout::decode`] into `b`, built where the caller keeps it (see
    /// [`Decoder::decode_into`]): false for a broken index, where `b` holds no position.
    #[inline]
    pub fn decode_into(&self, idx: u64, b: &mut Board) -> bool {
        self.decode_raw_into(idx, b) && self.canonical(b, idx)
    }

    /// Whether `b`, decoded from `idx`, is the canonical board of its index. A decoded king pair
    /// is canonical by construction; only with both kings on the diagonal does the transposed
    /// image compete (`encode` takes the smaller index).
    #[inline]
    fn canonical(&self, b: &Board, idx: u64) -> bool {
        if self.pawns {
            return true;
        }
        let (wk, bk) = (b.bb[0][5].trailing_zeros(), b.bb[1][5].trailing_zeros());
        !(wk / 8 == wk % 8 && bk / 8 == bk % 8) || self.encode(b) == idx
    }

    /// Like [`Layout::decode`] without the canonical check (overlaps are still rejected).
    #[cfg(test)]
    fn decode_raw(&self, idx: u64) -> Option<Board> {
        let mut b = Board::default();
        self.decode_raw_into(idx, &mut b).then_some(b)
    }

    /// [`Layout::decode_into`] without the canonical check.
    #[inline]
    fn decode_raw_into(&self, idx: u64, b: &mut Board) -> bool {
        if idx >= self.size {
            return false;
        }
        let Some((mut occ, last_rank)) = self.decode_prefix_into(idx, b) else { return false };
        match self.groups.last() {
            Some(last) => place(last, last_rank, b, &mut occ),
            None => true,
        }
    }

    /// The kings and every group but the last of `idx` (`idx < size`) placed on `b`; the
    /// squares they take and the last group's rank, or `None` where they overlap.
    #[inline]
    fn decode_prefix_into(&self, idx: u64, b: &mut Board) -> Option<(u64, u64)> {
        *b = Board::default();
        let mut occ = 0u64;
        let (kk, mut rest) = self.kk_mult.div_rem(idx);
        for g in &self.groups[..self.groups.len().saturating_sub(1)] {
            let (rank, r) = g.mult.div_rem(rest);
            rest = r;
            if !place(g, rank, b, &mut occ) {
                return None;
            }
        }
        let (wk, bk) = self.kings.pairs[kk as usize];
        for (c, k) in [(0, wk), (1, bk)] {
            let bit = 1u64 << k;
            if occ & bit != 0 {
                return None;
            }
            occ |= bit;
            b.bb[c][5] = bit;
        }
        Some((occ, rest))
    }
}

/// Places group `g` at combination `rank` on `b`; false where it overlaps `occ`.
#[inline]
fn place(g: &Group, mut rank: u64, b: &mut Board, occ: &mut u64) -> bool {
    let offset = if g.role == 0 { 8 } else { 0 };
    let mut bits = 0u64;
    if g.count == 1 {
        bits = 1u64 << (rank as usize + offset);
    } else if let Some(&t) = g.table.get(rank as usize) {
        bits = t << offset;
    } else {
        let bin = binomials();
        let mut top = if g.role == 0 { 48 } else { 64 };
        for k in (1..=g.count).rev() {
            // Largest s with C(s, k) <= rank.
            let mut s = top - 1;
            while bin[s][k] > rank {
                s -= 1;
            }
            rank -= bin[s][k];
            top = s;
            bits |= 1u64 << (s + offset);
        }
    }
    if *occ & bits != 0 {
        return false;
    }
    *occ |= bits;
    b.bb[g.color][g.role] = bits;
    true
}

/// Decodes a run of indices that mostly share every digit but the last (the forward pass over
/// consecutive indices, or a pawn slice's list in index order): the kings and all groups but
/// the last are decoded once per value of those digits and kept, and only the last group (whose
/// place value is 1) is placed for each index. The same boards as [`Layout::decode`]; in no
/// particular order (a retrograde frontier) it would only add a division.
pub struct Decoder<'a> {
    layout: &'a Layout,
    /// The last group's number of combinations: `idx / span` is the shared digits.
    span: Divisor,
    /// The shared digits decoded last (`u64::MAX`: none yet), and their board and squares.
    key: u64,
    prefix: Option<(Board, u64)>,
}

impl<'a> Decoder<'a> {
    /// A decoder of `layout`'s indices, nothing cached yet.
    pub fn new(layout: &'a Layout) -> Decoder<'a> {
        let span = layout.groups.last().map_or(1, |g| g.size);
        Decoder { layout, span: Divisor::new(span), key: u64::MAX, prefix: None }
    }

    /// [`Layout::decode`] of `idx`.
    #[inline]
    pub fn decode(&mut self, idx: u64) -> Option<Board> {
        let mut b = Board::default();
        self.decode_into(idx, &mut b).then_some(b)
    }

    /// [`Decoder::decode`] into `b` (whatever it holds where there is no board): false where
    /// there is none.
    ///
    /// The board is built where the caller keeps it. Returned by value, it was copied whole
    /// right after its last piece was placed (one word written), and with AVX-512 the copy's
    /// 64-byte read could not be served from that pending write: half of this function's time
    /// went waiting for it (`perf annotate`, the forward pass of KBBvKP).
    #[inline]
    pub fn decode_into(&mut self, idx: u64, b: &mut Board) -> bool {
        let layout = self.layout;
        if idx >= layout.size {
            return false;
        }
        let Some(last) = layout.groups.last() else { return layout.decode_into(idx, b) };
        let (key, rank) = self.span.div_rem(idx);
        if key != self.key {
            self.key = key;
            let mut prefix = Board::default();
            self.prefix = layout.decode_prefix_into(idx, &mut prefix).map(|(occ, _)| (prefix, occ));
        }
        let Some((prefix, mut occ)) = self.prefix else { return false };
        *b = prefix;
        place(last, rank, b, &mut occ) && layout.canonical(b, idx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_divide_exactly() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for d in (1..2000).chain([48, 64, 462, 1806, 2016, 41664, 1 << 20, u32::MAX as u64]) {
            let div = Divisor::new(d);
            for n in [0, 1, d - 1, d, d + 1, u32::MAX as u64, u32::MAX as u64 + 7] {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
            for _ in 0..50 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let n = x >> 32;
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn rank_tables_invert_the_group_rank() {
        for (pawns, count, domain) in [(false, 2, 64), (false, 3, 64), (true, 2, 48), (true, 3, 48)]
        {
            let table = rank_table(pawns, count);
            assert_eq!(table.len() as u64, BINOMIALS[domain][count]);
            for (rank, &bits) in table.iter().enumerate() {
                assert_eq!(bits.count_ones() as usize, count);
                assert!((bits as u128) < 1u128 << domain);
                assert_eq!(group_rank(bits, 0), rank as u64);
            }
        }
        assert!(rank_table(false, 4).is_empty(), "C(64, 4) is decoded by search");
    }

    #[test]
    fn classic_king_pair_counts() {
        assert_eq!(king_pairs(false).pairs.len(), 462);
        assert_eq!(king_pairs(true).pairs.len(), 1806);
    }

    #[test]
    fn decode_accepts_exactly_the_canonical_indices() {
        for name in ["KQvKR", "KBBvK", "KPvKP", "KRPvK", "KNNNvK"] {
            let layout = Layout::new(name.parse().unwrap());
            let step = if layout.size > 5_000_000 { 7 } else { 1 };
            for idx in (0..layout.size).step_by(step) {
                let canonical = layout.decode_raw(idx).filter(|b| layout.encode(b) == idx);
                assert_eq!(layout.decode(idx), canonical, "{name} {idx}");
            }
        }
    }

    #[test]
    fn the_decoder_agrees_with_decode() {
        for name in ["KQvKR", "KBBvK", "KPvKP", "KRPvK", "KRRvKP", "KQvK"] {
            let layout = Layout::new(name.parse().unwrap());
            let mut dec = Decoder::new(&layout);
            let mut x = 0x2545_F491_4F6C_DD1Du64;
            let mut idx = 0;
            let mut boards = 0;
            // Runs of consecutive indices, gaps, and jumps back.
            while idx < layout.size + 3 {
                let b = dec.decode(idx);
                assert_eq!(b, layout.decode(idx), "{name} {idx}");
                boards += b.is_some() as u64;
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // About 4,000 runs of 6 on average over the table.
                let jump = layout.size / 2_000;
                idx = match x % 8 {
                    0 => idx.saturating_sub(x % (jump / 2)),
                    1 => idx + x % jump,
                    _ => idx + 1,
                };
            }
            assert!(boards > 1000, "{name}: {boards} boards checked");
        }
    }

    #[test]
    fn step_arithmetic_agrees_with_full_encoding() {
        for name in ["KQvKR", "KBBvK", "KRvKP", "KPvKP", "KQPvK", "KRRvKR"] {
            let layout = Layout::new(name.parse().unwrap());
            let mut steps = 0;
            for idx in (0..layout.size).step_by(1009) {
                let Some(b) = layout.decode(idx) else { continue };
                for c in 0..2 {
                    b.for_each_move(c, |next, class, step| {
                        if class == crate::board::MoveClass::Quiet {
                            let (i, may_repeat) = layout.encode_step(idx, c, step, next);
                            assert_eq!(i, layout.encode(next));
                            assert_eq!(may_repeat, layout.may_repeat(next));
                            assert_eq!(b.stepped(c, step), *next);
                            steps += 1;
                        }
                    });
                    b.for_each_unmove(c, true, |prev, step| {
                        let back = step.reversed();
                        assert_eq!(layout.encode_step(idx, c, back, prev).0, layout.encode(prev));
                    });
                }
            }
            assert!(steps > 10_000, "{name}: {steps}");
        }
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
