//! Attack tables: leapers computed at compile time, sliders by fancy magic bitboards whose tables
//! `build.rs` generates.

use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                out[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

static KNIGHT: [u64; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u64; 64] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN: [[u64; 64]; 2] =
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Empty-board slider attacks, for quick "could this line matter at all" tests.
const fn ray_table(dirs: &[(i8, i8); 4]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let (mut f, mut r) = ((sq % 8) as i8 + dirs[d].0, (sq / 8) as i8 + dirs[d].1);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                out[sq] |= 1 << (r * 8 + f);
                f += dirs[d].0;
                r += dirs[d].1;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

static ROOK_RAYS: [u64; 64] = ray_table(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
static BISHOP_RAYS: [u64; 64] = ray_table(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);

/// Empty-board attacks by colour, role index and square; zero for kings and indices above 5.
static CHECK_RAYS: [[[u64; 64]; 8]; 2] = {
    let mut out = [[[0; 64]; 8]; 2];
    let mut sq = 0;
    while sq < 64 {
        let mut c = 0;
        while c < 2 {
            out[c][Role::Pawn as usize][sq] = PAWN[c][sq];
            out[c][Role::Knight as usize][sq] = KNIGHT[sq];
            out[c][Role::Bishop as usize][sq] = BISHOP_RAYS[sq];
            out[c][Role::Rook as usize][sq] = ROOK_RAYS[sq];
            out[c][Role::Queen as usize][sq] = BISHOP_RAYS[sq] | ROOK_RAYS[sq];
            c += 1;
        }
        sq += 1;
    }
    out
};

/// The squares a piece of `color` and role index `role` on `sq` attacks on an empty board,
/// empty for kings (which never give check; hence the name) and indices above 5. A piece on
/// `sq` checks a king it "attacks" here exactly when `between` them is empty.
#[inline]
pub fn check_rays(color: Color, role: usize, sq: Square) -> Bitboard {
    Bitboard(CHECK_RAYS[color.index()][role & 7][sq.index()])
}

/// Rook attacks from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index()])
}

/// Bishop attacks from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// The squares a knight on `sq` attacks (2 to 8 of them).
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// The squares adjacent to `sq`, which a king there attacks (3 to 8 of them).
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
fn magic_index(m: &Magic, occ: Bitboard) -> usize {
    m.offset + ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
}

/// The squares a rook on `sq` attacks given the occupancy `occ`: along each rank and file
/// up to and including the first occupied square, of either colour (a magic lookup).
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(SLIDER_ATTACKS[magic_index(&ROOK_MAGICS[sq.index()], occ)])
}

/// The squares a bishop on `sq` attacks given the occupancy `occ`: along each diagonal up
/// to and including the first occupied square, of either colour (a magic lookup).
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(SLIDER_ATTACKS[magic_index(&BISHOP_MAGICS[sq.index()], occ)])
}

/// The squares a queen on `sq` attacks given `occ`: rook and bishop attacks together.
#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// Attacks of a non-pawn piece of `role` on `sq` (pawns need a colour: use [`pawn_attacks`]).
#[inline]
pub fn piece_attacks(role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => Bitboard::EMPTY,
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` if they are aligned; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// Whether `a`, `b` and `c` lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_slide(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = Square::from_coords(f as u8, r as u8);
                out = out.with(s);
                if occ.contains(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn magics_match_slow_rays() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            let sq = Square::from_index_masked((x >> 58) as u32);
            let rd = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            let bd = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            assert_eq!(rook_attacks(sq, occ), slow_slide(sq, occ, &rd));
            assert_eq!(bishop_attacks(sq, occ), slow_slide(sq, occ, &bd));
            assert_eq!(rook_rays(sq), slow_slide(sq, Bitboard::EMPTY, &rd));
            assert_eq!(bishop_rays(sq), slow_slide(sq, Bitboard::EMPTY, &bd));
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, Square::parse("c3").unwrap()).count(), 8);
        assert!(between(a1, Square::parse("b3").unwrap()).is_empty());
        assert!(line(a1, Square::parse("b3").unwrap()).is_empty());
        assert_eq!(line(Square::parse("b1").unwrap(), Square::parse("e4").unwrap()).count(), 7);
    }
}
