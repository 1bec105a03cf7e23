//! A set of squares as a 64-bit word (bit 0 = a1, bit 63 = h8).

use crate::types::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: bit `i` is set when the square with index `i` is in it (bit 0 = a1,
/// bit 63 = h8). As an iterator it yields and removes its squares, lowest index first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file, a1 to a8.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file, h1 to h8.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank, a1 to h1: white's back rank.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// The eighth rank, a8 to h8: black's back rank.
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    /// Ranks 1 and 8: the castling and promotion ranks, where no pawn can stand.
    pub const BACK_RANKS: Bitboard = Bitboard(0xFF | (0xFF << 56));
    /// The 32 light squares (b1, d1, …, h1, a2, …); a1 is dark.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The 32 dark squares (a1, c1, …, h8).
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The eight squares of file `file`, 0 = a to 7 = h (only its low three bits count).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << (file & 7))
    }

    /// The eight squares of rank `rank`, 0 = rank 1 to 7 = rank 8 (only its low three bits
    /// count).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * (rank & 7)))
    }

    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether at least one square is set.
    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The number of squares in the set, 0 to 64 (a population count).
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::from_index_masked(self.0.trailing_zeros())) }
    }

    /// The lowest square; meaningless (a1) when empty.
    #[inline]
    pub const fn lsb(self) -> Square {
        Square::from_index_masked(self.0.trailing_zeros())
    }

    /// The highest square; meaningless when empty.
    #[inline]
    pub const fn msb(self) -> Square {
        Square::from_index_masked(63 ^ self.0.leading_zeros())
    }

    /// The single square if exactly one is set.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() { self.first() } else { None }
    }

    /// A copy with `sq` added (a no-op if it is already in).
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// A copy with `sq` removed (a no-op if it is not in).
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square moved one rank up, towards rank 8 (white's pawn direction); squares on
    /// rank 8 drop off.
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down, towards rank 1 (black's pawn direction); squares
    /// on rank 1 drop off.
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Mirrored vertically (rank 1 <-> rank 8).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.contains(Square::from_coords(file, rank)) { 'X' } else { '.' };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
