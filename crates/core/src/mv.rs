//! Moves packed into 16 bits; castling is "king takes own rook".

use crate::fixed_list::FixedList;
use crate::types::{Role, Square};
use std::fmt;
use std::num::NonZeroU16;

/// What a move does beyond moving a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture, including a pawn's single or double step (kind 0).
    Normal,
    /// An en passant capture (kind 1); `to` is the square the pawn lands on, not the captured
    /// pawn's square.
    EnPassant,
    /// The king moves onto its own rook's square (Chess960 style); `to` is the rook square.
    Castle,
    /// A pawn reaching the last rank, with or without a capture, and becoming this knight,
    /// bishop, rook or queen (kinds 4–7).
    Promotion(Role),
}

/// A move: bits 0–5 origin, 6–11 target, 12–15 kind (0 normal, 1 en passant, 2 castling,
/// 4–7 promotion to knight, bishop, rook, queen).
///
/// Zero is never a move (it would be a1a1), so `Option<Move>` is 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU16);

const KIND_EP: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PROMO: u16 = 4;

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        let raw = from.index() as u16 | (to.index() as u16) << 6 | kind << 12;
        match NonZeroU16::new(raw) {
            Some(nz) => Move(nz),
            // a1a1 with kind 0 is never constructed by the generators; keep it total anyway.
            None => Move(NonZeroU16::MAX),
        }
    }

    /// A plain move or capture from `from` to `to`; also a pawn's double step.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0)
    }

    /// An en passant capture by the pawn on `from`; `to` is the en passant square it lands on.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EP)
    }

    /// Castling, given as the king's square and its own rook's square.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE)
    }

    /// A promotion; `role` must be knight, bishop, rook or queen.
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, KIND_PROMO | (role as u16).wrapping_sub(1) & 3)
    }

    /// The move encoded by `raw`, if `raw` is non-zero (no legality implied; see
    /// `Position::is_legal`).
    #[inline]
    pub const fn from_u16(raw: u16) -> Option<Move> {
        match NonZeroU16::new(raw) {
            Some(nz) => Some(Move(nz)),
            None => None,
        }
    }

    /// The raw 16-bit encoding (see [`Move`]), never 0: what hash tables store.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// The origin square (bits 0–5); for castling, the king's square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0.get() as u32)
    }

    /// The target square (bits 6–11); for castling, the rook's square, not where the king
    /// lands (see `notation::castle_king_target`).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0.get() >> 6) as u32)
    }

    /// The kind, decoded from bits 12–15. Undefined nibbles (3, 8–15) decode to an arbitrary
    /// kind: check [`Move::has_valid_kind`] for codes from untrusted storage.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        let k = self.0.get() >> 12;
        if k & KIND_PROMO != 0 {
            MoveKind::Promotion(match k & 3 {
                0 => Role::Knight,
                1 => Role::Bishop,
                2 => Role::Rook,
                _ => Role::Queen,
            })
        } else if k == KIND_EP {
            MoveKind::EnPassant
        } else if k == KIND_CASTLE {
            MoveKind::Castle
        } else {
            MoveKind::Normal
        }
    }

    /// The raw kind nibble is one of the defined values (0, 1, 2, 4–7).
    #[inline]
    pub const fn has_valid_kind(self) -> bool {
        matches!(self.0.get() >> 12, 0 | 1 | 2 | 4..=7)
    }

    /// The piece a promotion turns into; `None` for any other kind of move.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Whether this is castling (kind 2, the king "takes" its own rook).
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0.get() >> 12 == KIND_CASTLE
    }

    /// Whether this is an en passant capture (kind 1).
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0.get() >> 12 == KIND_EP
    }

    /// Whether this is a promotion (bit 2 of the kind nibble set: kinds 4–7).
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0.get() >> 12 & KIND_PROMO != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Promotion(r) => write!(f, "{}", r.char()),
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castle => write!(f, "(castle)"),
            MoveKind::Normal => Ok(()),
        }
    }
}

/// A fixed-capacity list of moves (218 is the most any legal position has).
///
/// Built on [`FixedList`], so creating one (at every node of the search) writes nothing to its
/// 512 bytes of storage.
#[derive(Clone, Default)]
pub struct MoveList {
    moves: FixedList<Move, 256>,
}

impl MoveList {
    /// An empty list; nothing is written to its storage.
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: FixedList::new() }
    }

    /// Appends `m`. The storage holds 256 moves; further pushes wrap around and overwrite
    /// the first ones (no legal position has more than 218 moves).
    #[inline]
    pub fn push(&mut self, m: Move) {
        // 256 > 218, the maximum number of legal moves in any position.
        self.moves.push(m);
    }

    /// The number of moves pushed and not since removed.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list holds no moves (for the legal moves: checkmate or stalemate).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Empties the list; only the length is reset, the storage is not touched.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// The move at index `i`, or `None` if `i >= len()`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Move> {
        self.moves.get(i)
    }

    /// Swaps the moves at indices `a` and `b` (move ordering); both must be below `len()`.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        self.moves.swap(a, b);
    }

    /// Whether `m` is in the list (a linear scan).
    #[inline]
    pub fn contains(&self, m: Move) -> bool {
        self.moves.as_slice().contains(&m)
    }

    /// The moves in list order (generation order unless reordered).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.as_slice().iter().copied()
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, f: impl FnMut(Move) -> bool) {
        self.moves.retain(f);
    }

    /// The moves copied into a `Vec`, in list order.
    pub fn to_vec(&self) -> Vec<Move> {
        self.moves.as_slice().to_vec()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
