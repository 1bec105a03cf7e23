//! Basic chess types: colours, roles, pieces, squares, files and ranks.

use std::fmt;
use std::ops::Not;

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, who moves first; index 0.
    White = 0,
    /// Black; index 1.
    Black = 1,
}

impl Color {
    /// Both colours in index order, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black: the index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `White` for `true`.
    #[inline]
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// The rank index (0..8) of this side's back rank.
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// +1 for white (pawns move up the board), -1 for black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The FEN side-to-move letter, `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The English name, capitalised (`"White"`, `"Black"`), for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece, independent of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A pawn; index 0.
    Pawn = 0,
    /// A knight; index 1.
    Knight = 1,
    /// A bishop; index 2.
    Bishop = 2,
    /// A rook; index 3.
    Rook = 3,
    /// A queen; index 4.
    Queen = 4,
    /// The king; index 5.
    King = 5,
}

impl Role {
    /// All six roles in index order, pawn first.
    pub const ALL: [Role; 6] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// 0 (pawn) to 5 (king): the index into per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with index `i` (0 pawn … 5 king); `None` for 6 and above.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// The upper-case English letter (`P` for pawns).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case English letter.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role for an English piece letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The role for a Czech piece letter (K král, D dáma, V věž, S střelec, J jezdec, P pěšec).
    pub const fn from_czech_char(c: char) -> Option<Role> {
        match c {
            'K' => Some(Role::King),
            'D' => Some(Role::Queen),
            'V' => Some(Role::Rook),
            'S' => Some(Role::Bishop),
            'J' => Some(Role::Knight),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// The Czech piece letter.
    pub const fn czech_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'J',
            Role::Bishop => 'S',
            Role::Rook => 'V',
            Role::Queen => 'D',
            Role::King => 'K',
        }
    }
}

/// A coloured piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What kind of piece it is, pawn to king.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role` (every combination is valid).
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// 0..12: colour * 6 + role.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.role as usize
    }

    /// The FEN letter: upper case for white.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter: upper case white, lower case black (`N` white knight,
    /// `q` black queen); `None` for any other character.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(Color::from_white(c.is_ascii_uppercase()), role)),
            None => None,
        }
    }

    /// Unicode chess symbol (the solid glyphs for black).
    pub const fn unicode(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }
}

/// A square, 0 = a1, 1 = b1, …, 63 = h8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1, index 0: white's queen-side corner.
    pub const A1: Square = Square(0);
    /// b1, index 1.
    pub const B1: Square = Square(1);
    /// c1, index 2: where the white king lands castling queen side.
    pub const C1: Square = Square(2);
    /// d1, index 3: where the white rook lands castling queen side.
    pub const D1: Square = Square(3);
    /// e1, index 4: the white king's square in standard chess.
    pub const E1: Square = Square(4);
    /// f1, index 5: where the white rook lands castling king side.
    pub const F1: Square = Square(5);
    /// g1, index 6: where the white king lands castling king side.
    pub const G1: Square = Square(6);
    /// h1, index 7: white's king-side corner.
    pub const H1: Square = Square(7);
    /// a8, index 56: black's queen-side corner.
    pub const A8: Square = Square(56);
    /// e8, index 60: the black king's square in standard chess.
    pub const E8: Square = Square(60);
    /// h8, index 63: black's king-side corner.
    pub const H8: Square = Square(63);

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square with index `index & 63`: never out of range, so no check is needed.
    #[inline]
    pub const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// From file and rank, each 0..8 (checked by masking).
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    /// The index 0..64, suitable for indexing `[T; 64]` without a bounds check.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square mirrored vertically (a1 <-> a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The rank from `color`'s point of view (0 = own back rank).
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// The square `delta` steps away in index space, if it stays on the board
    /// (the caller guarantees no file wrap-around).
    #[inline]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let i = self.0 as i16 + delta as i16;
        if i >= 0 && i < 64 { Some(Square(i as u8)) } else { None }
    }

    /// Parses `e4` style names.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        if file < 8 && rank < 8 { Some(Square::from_coords(file, rank)) } else { None }
    }

    /// The file letter, `a` to `h`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `8`.
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Which side of the king a castling rook stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// The rook on the h-file side of the king (`O-O`): the king goes to g, the rook to f.
    King,
    /// The rook on the a-file side of the king (`O-O-O`): the king goes to c, the rook to d.
    Queen,
}

impl CastlingSide {
    /// The file the king lands on (g or c).
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        }
    }

    /// The file the rook lands on (f or d).
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 5,
            CastlingSide::Queen => 3,
        }
    }
}
