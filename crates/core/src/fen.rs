//! FEN and EPD: parse (syntax errors), then validate (illegal-position errors), and write.
//!
//! Castling accepts X-FEN (`KQkq`, meaning the outermost rook on that side, or a file letter for an
//! inner rook) and Shredder-FEN (`HAha`). The en passant square is kept only when a legal en passant
//! capture exists, so equal positions have equal keys and FENs.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Piece, Role, Square};
use std::fmt;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A FEN that is not well-formed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenSyntaxError {
    /// The text is empty or only whitespace.
    Empty,
    /// Not 4 to 6 space-separated fields (EPD: fewer than 4); holds the number found.
    FieldCount(usize),
    /// The board field does not have 8 ranks separated by `/`; holds the number found.
    RankCount(usize),
    /// A rank of the board field does not describe exactly 8 squares.
    RankLength {
        /// The rank, 0-based: 0 is rank 1, so the first rank written in a FEN is 7.
        rank: u8,
        /// How many squares it describes (pieces plus the digits' empty squares).
        squares: usize,
        /// The rank's text as written.
        text: String,
    },
    /// A character in the board field that is neither a piece letter nor a digit 1–8.
    PieceChar {
        /// The rank it is on, 0-based (0 is rank 1).
        rank: u8,
        /// The offending character.
        c: char,
    },
    /// The side-to-move field is not `w` or `b` (either case); holds the field.
    Turn(String),
    /// The castling field is neither `-` nor at most four distinct letters from `KQkq`, `A`–`H`
    /// and `a`–`h`; holds the field.
    Castling(String),
    /// The en passant field is neither `-` nor a square name such as `e3` (only the syntax is
    /// checked here; see [`PositionError::EnPassant`]); holds the field.
    EnPassant(String),
    /// The halfmove clock is not a number from 0 to 65535; holds the field.
    Halfmove(String),
    /// The fullmove number is not a number from 0 to 65535 (0 is read as 1); holds the field.
    Fullmove(String),
}

impl fmt::Display for FenSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenSyntaxError::Empty => write!(f, "empty FEN"),
            FenSyntaxError::FieldCount(n) => {
                write!(f, "expected 4 to 6 space-separated fields, found {n}")
            }
            FenSyntaxError::RankCount(n) => {
                write!(f, "board field: expected 8 ranks separated by '/', found {n}")
            }
            FenSyntaxError::RankLength { rank, squares, text } => write!(
                f,
                "board field: rank {} ('{text}') describes {squares} squares instead of 8",
                rank + 1
            ),
            FenSyntaxError::PieceChar { rank, c } => {
                write!(f, "board field: invalid character '{c}' on rank {}", rank + 1)
            }
            FenSyntaxError::Turn(s) => {
                write!(f, "side-to-move field: expected 'w' or 'b', found '{s}'")
            }
            FenSyntaxError::Castling(s) => write!(f, "castling field: invalid '{s}'"),
            FenSyntaxError::EnPassant(s) => {
                write!(f, "en passant field: expected '-' or a square, found '{s}'")
            }
            FenSyntaxError::Halfmove(s) => {
                write!(f, "halfmove clock field: expected a number, found '{s}'")
            }
            FenSyntaxError::Fullmove(s) => {
                write!(f, "fullmove number field: expected a positive number, found '{s}'")
            }
        }
    }
}

/// A well-formed FEN describing a position that cannot occur in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// That side has no king.
    MissingKing(Color),
    /// That side has more than one king.
    TooManyKings(Color),
    /// A pawn of either side stands on rank 1 or 8; holds the lowest such square.
    PawnOnBackRank(Square),
    /// That side has more than 16 pieces.
    TooManyPieces(Color),
    /// That side has more than 8 pawns.
    TooManyPawns(Color),
    /// More pieces than the remaining pawns could have promoted to.
    TooManyPromoted(Color),
    /// The side not to move is in check, so its king could be captured.
    OpponentInCheck,
    /// The side to move is in check from three or more pieces.
    TooManyCheckers,
    /// Two pieces give check that no single move could have given together.
    ImpossibleCheck(&'static str),
    /// A castling right whose king or rook is not in place.
    CastlingRights {
        /// The side whose right it is.
        color: Color,
        /// Which right (`King-side`, `Queen-side` or the rook's file) and what is wrong with it.
        detail: String,
    },
    /// An impossible en passant square: not on the third rank of the side that just moved, no
    /// pawn of that side in front of it, or the two squares that pawn passed are not empty.
    EnPassant {
        /// The en passant square as written.
        square: Square,
        /// Which of those rules it breaks, in English.
        reason: &'static str,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", c.name()),
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            PositionError::PawnOnBackRank(s) => write!(f, "pawn on the first or last rank ({s})"),
            PositionError::TooManyPieces(c) => write!(f, "{} has more than 16 pieces", c.name()),
            PositionError::TooManyPawns(c) => write!(f, "{} has more than 8 pawns", c.name()),
            PositionError::TooManyPromoted(c) => {
                write!(f, "{} has more promoted pieces than missing pawns", c.name())
            }
            PositionError::OpponentInCheck => write!(f, "the side not to move is in check"),
            PositionError::TooManyCheckers => {
                write!(f, "the king is attacked by more than two pieces")
            }
            PositionError::ImpossibleCheck(why) => {
                write!(f, "no single move gives this double check: {why}")
            }
            PositionError::CastlingRights { color, detail } => {
                write!(
                    f,
                    "{} castling right without king and rook in place: {detail}",
                    color.name()
                )
            }
            PositionError::EnPassant { square, reason } => {
                write!(f, "impossible en passant square {square}: {reason}")
            }
        }
    }
}

/// Either kind of FEN error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a well-formed FEN.
    Syntax(FenSyntaxError),
    /// The FEN is well-formed, but its position cannot occur in a game.
    Illegal(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(e) => write!(f, "malformed FEN: {e}"),
            FenError::Illegal(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}
impl std::error::Error for FenSyntaxError {}
impl std::error::Error for PositionError {}

impl From<FenSyntaxError> for FenError {
    fn from(e: FenSyntaxError) -> Self {
        FenError::Syntax(e)
    }
}
impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Illegal(e)
    }
}

/// A castling token before it is matched against the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingToken {
    /// `K`/`k` or `Q`/`q`: the outermost rook on that side.
    Side(Color, CastlingSide),
    /// `A`–`H` / `a`–`h`: the rook on that file.
    File(Color, u8),
}

/// The fields of a FEN, syntactically valid but not yet checked for legality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces, indexed by [`Square::index`] (0 = a1 … 63 = h8).
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// The castling tokens in the order written: at most four, no duplicates, empty for `-`.
    pub castling: Vec<CastlingToken>,
    /// The en passant square as written, any square: whether it is possible is checked when the
    /// position is built ([`Position::from_setup`]).
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move; 0 when the field is missing.
    pub halfmove: u16,
    /// The move number, at least 1: a missing field or a 0 gives 1.
    pub fullmove: u16,
}

impl Setup {
    /// Parses the text of a FEN (4 to 6 fields; missing clocks default to `0 1`).
    pub fn parse(fen: &str) -> Result<Setup, FenSyntaxError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenSyntaxError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenSyntaxError::FieldCount(fields.len()));
        }
        Setup::from_fields(&fields)
    }

    /// Parses FEN fields (at least the first four must be present).
    pub fn from_fields(fields: &[&str]) -> Result<Setup, FenSyntaxError> {
        if fields.len() < 4 {
            return Err(FenSyntaxError::FieldCount(fields.len()));
        }
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenSyntaxError::Turn(other.to_string())),
        };
        let castling = parse_castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            s => Some(Square::parse(s).ok_or_else(|| FenSyntaxError::EnPassant(s.to_string()))?),
        };
        let halfmove = match fields.get(4) {
            Some(s) => s.parse().map_err(|_| FenSyntaxError::Halfmove(s.to_string()))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(s) => match s.parse::<u16>() {
                Ok(n) if n > 0 => n,
                // Some tools write 0; treat it as 1 rather than rejecting the whole position.
                Ok(_) => 1,
                Err(_) => return Err(FenSyntaxError::Fullmove(s.to_string())),
            },
            None => 1,
        };
        Ok(Setup { board, turn, castling, ep, halfmove, fullmove })
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 64], FenSyntaxError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenSyntaxError::RankCount(ranks.len()));
    }
    let mut board = [None; 64];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(p) = Piece::from_char(c) {
                if file < 8 {
                    board[Square::from_coords(file as u8, rank).index()] = Some(p);
                }
                file += 1;
            } else {
                return Err(FenSyntaxError::PieceChar { rank, c });
            }
        }
        if file != 8 {
            return Err(FenSyntaxError::RankLength {
                rank,
                squares: file,
                text: rank_text.to_string(),
            });
        }
    }
    Ok(board)
}

fn parse_castling(text: &str) -> Result<Vec<CastlingToken>, FenSyntaxError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for c in text.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let token = match c.to_ascii_lowercase() {
            'k' => CastlingToken::Side(color, CastlingSide::King),
            'q' => CastlingToken::Side(color, CastlingSide::Queen),
            f @ 'a'..='h' => CastlingToken::File(color, f as u8 - b'a'),
            _ => return Err(FenSyntaxError::Castling(text.to_string())),
        };
        if out.contains(&token) || out.len() >= 4 {
            return Err(FenSyntaxError::Castling(text.to_string()));
        }
        out.push(token);
    }
    Ok(out)
}

impl Position {
    /// Builds a position from a parsed setup, checking that it is legal.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup_checked(setup, true)
    }

    /// [`Position::from_setup`] that accepts double checks no single move could give
    /// ([`PositionError::ImpossibleCheck`]): perft suites hold such positions to exercise the
    /// move generator (`B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1`), and their moves are well defined.
    pub fn from_setup_relaxed(setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup_checked(setup, false)
    }

    fn from_setup_checked(setup: &Setup, check_origin: bool) -> Result<Position, PositionError> {
        let mut pos = Position::empty();
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                pos.put(sq, p);
            }
        }
        for color in Color::ALL {
            let kings = pos.pieces(color, Role::King).count();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color));
            }
            let side = pos.by_color(color);
            if side.count() > 16 {
                return Err(PositionError::TooManyPieces(color));
            }
            let pawns = pos.pieces(color, Role::Pawn).count();
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(color));
            }
            let extra = |r: Role, base: u32| pos.pieces(color, r).count().saturating_sub(base);
            let promoted = extra(Role::Queen, 1)
                + extra(Role::Rook, 2)
                + extra(Role::Bishop, 2)
                + extra(Role::Knight, 2);
            if promoted > 8 - pawns {
                return Err(PositionError::TooManyPromoted(color));
            }
        }
        if let Some(sq) = (pos.by_role(Role::Pawn) & Bitboard::BACK_RANKS).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        pos.set_turn(setup.turn);

        let mut rights = Bitboard::EMPTY;
        for &token in &setup.castling {
            rights = rights.with(castling_rook_for(&pos, token)?);
        }
        pos.set_castling(rights);

        // Not-to-move side in check?
        let them = !setup.turn;
        if pos.is_attacked_by(pos.king(them), setup.turn, pos.occupied()) {
            return Err(PositionError::OpponentInCheck);
        }
        if pos.checkers().count() > 2 {
            return Err(PositionError::TooManyCheckers);
        }
        if check_origin {
            impossible_double_check(&pos, setup.ep.is_some())?;
        }

        if let Some(ep) = setup.ep {
            validate_ep(&pos, ep)?;
            pos.set_ep_if_capturable(Some(ep));
        }
        pos.set_clocks(setup.halfmove, setup.fullmove);
        Ok(pos)
    }
}

/// A double check comes from one move: the piece that moved gives one check and uncovers the
/// other, which must come from a bishop, rook or queen (castling, promotion and en passant
/// included). So two checkers that are neither sliders are impossible, and so are two on one
/// line through the king (the nearer would block the farther, or the moving piece would have
/// passed through the king). An en passant capture can uncover lines in unusual ways, so the
/// line rule is not applied when the FEN names an en passant square.
fn impossible_double_check(pos: &Position, ep: bool) -> Result<(), PositionError> {
    let checkers = pos.checkers();
    let (Some(a), Some(b)) = (checkers.into_iter().next(), checkers.into_iter().nth(1)) else {
        return Ok(());
    };
    let sliders = pos.bishop_likes() | pos.rook_likes();
    if !sliders.contains(a) && !sliders.contains(b) {
        return Err(PositionError::ImpossibleCheck(
            "only a bishop, rook or queen can give a discovered check, and neither checker is one",
        ));
    }
    if !ep && crate::attacks::aligned(a, b, pos.king(pos.turn())) {
        return Err(PositionError::ImpossibleCheck(
            "both checkers are on one line through the king",
        ));
    }
    Ok(())
}

fn castling_rook_for(pos: &Position, token: CastlingToken) -> Result<Square, PositionError> {
    let (color, detail) = match token {
        CastlingToken::Side(c, s) => (c, format!("{:?}-side", s)),
        CastlingToken::File(c, f) => (c, format!("rook on the {}-file", (b'a' + f) as char)),
    };
    let err =
        |why: &str| PositionError::CastlingRights { color, detail: format!("{detail}: {why}") };
    let rank = color.back_rank();
    let king = pos.king(color);
    if king.rank() != rank {
        return Err(err("the king is not on its back rank"));
    }
    let rooks = pos.pieces(color, Role::Rook) & Bitboard::rank(rank);
    let rook = match token {
        CastlingToken::Side(_, CastlingSide::King) => {
            rooks.into_iter().filter(|r| r.file() > king.file()).last()
        }
        CastlingToken::Side(_, CastlingSide::Queen) => {
            rooks.into_iter().find(|r| r.file() < king.file())
        }
        CastlingToken::File(_, f) => {
            let sq = Square::from_coords(f, rank);
            if f == king.file() {
                return Err(err("the file is the king's"));
            }
            rooks.contains(sq).then_some(sq)
        }
    };
    rook.ok_or_else(|| err("no rook there"))
}

fn validate_ep(pos: &Position, ep: Square) -> Result<(), PositionError> {
    let us = pos.turn();
    let bad = |reason| Err(PositionError::EnPassant { square: ep, reason });
    if ep.relative_rank(us) != 5 {
        return bad("not on the third rank of the side that just moved");
    }
    let pawn_sq = Square::from_coords(ep.file(), ep.rank().wrapping_add_signed(-us.forward()));
    let origin = Square::from_coords(ep.file(), ep.rank().wrapping_add_signed(us.forward()));
    if !pos.pieces(!us, Role::Pawn).contains(pawn_sq) {
        return bad("no pawn that could just have moved two squares");
    }
    if pos.occupied().contains(ep) || pos.occupied().contains(origin) {
        return bad("the squares the pawn passed are not empty");
    }
    Ok(())
}

/// Parses a FEN into a legal position.
///
/// # Errors
/// [`FenError::Syntax`] names the malformed field; [`FenError::Illegal`] says why the position
/// cannot occur.
///
/// ```
/// let pos = vidle_core::fen::parse_fen(vidle_core::fen::STARTPOS).unwrap();
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert!(vidle_core::fen::parse_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
/// ```
pub fn parse_fen(fen: &str) -> Result<Position, FenError> {
    let setup = Setup::parse(fen)?;
    Ok(Position::from_setup(&setup)?)
}

/// [`parse_fen`] for move-generator tests: accepts the impossible double checks of perft
/// suites (see [`Position::from_setup_relaxed`]); every other rule holds.
pub fn parse_fen_relaxed(fen: &str) -> Result<Position, FenError> {
    let setup = Setup::parse(fen)?;
    Ok(Position::from_setup_relaxed(&setup)?)
}

fn board_field(pos: &Position) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The castling field: X-FEN (`KQkq`, file letters only for inner rooks) or Shredder-FEN.
pub fn castling_field(pos: &Position, shredder: bool) -> String {
    let mut s = String::new();
    for color in Color::ALL {
        let rank = color.back_rank();
        let king = pos.king(color);
        let rooks = pos.pieces(color, Role::Rook) & Bitboard::rank(rank);
        let rights = pos.castling_rooks() & Bitboard::rank(rank);
        let mut tokens: Vec<char> = Vec::new();
        // Order: king side first, then queen side (as in "KQkq" and "HAha").
        let mut ordered: Vec<Square> = rights.into_iter().collect();
        ordered.sort_by_key(|r| std::cmp::Reverse(r.file()));
        for r in ordered {
            let king_side = r.file() > king.file();
            let outermost = if king_side {
                rooks.into_iter().filter(|x| x.file() > king.file()).last() == Some(r)
            } else {
                rooks.into_iter().find(|x| x.file() < king.file()) == Some(r)
            };
            let c = if !shredder && outermost {
                if king_side { 'k' } else { 'q' }
            } else {
                (b'a' + r.file()) as char
            };
            tokens.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
        }
        s.extend(tokens);
    }
    if s.is_empty() { "-".to_string() } else { s }
}

/// The position as FEN; `shredder` selects Shredder-FEN castling letters.
pub fn to_fen(pos: &Position, shredder: bool) -> String {
    format!("{} {} {}", to_epd(pos, shredder), pos.halfmove_clock(), pos.fullmove_number())
}

/// The first four FEN fields (EPD without operations).
pub fn to_epd(pos: &Position, shredder: bool) -> String {
    let ep = pos.ep_square().map_or("-".to_string(), |s| s.to_string());
    format!("{} {} {} {}", board_field(pos), pos.turn().char(), castling_field(pos, shredder), ep)
}

/// An EPD record: a position and its operations (`bm Nf3; id "x";` → `("bm", "Nf3")`, …).
#[derive(Debug, Clone)]
pub struct Epd {
    /// The position of the four FEN fields and the clocks, if any were given.
    pub position: Position,
    /// The operations in order, as (opcode, operand) pairs; quotes around an operand are removed,
    /// and an operand may be empty or hold several words (`bm Nf3 Nc3`).
    pub ops: Vec<(String, String)>,
}

impl Epd {
    /// The operand of the first operation named `opcode`.
    pub fn op(&self, opcode: &str) -> Option<&str> {
        self.ops.iter().find(|(k, _)| k == opcode).map(|(_, v)| v.as_str())
    }
}

/// Parses an EPD line. Clocks may be given as `hmvc`/`fmvn` operations, or (as many suites do)
/// as two bare numbers after the four fields.
///
/// # Errors
/// As [`parse_fen`].
pub fn parse_epd(line: &str) -> Result<Epd, FenError> {
    let line = line.trim();
    let mut rest = line;
    let mut fields = Vec::with_capacity(6);
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    if fields.len() < 4 {
        return Err(FenSyntaxError::FieldCount(fields.len()).into());
    }
    // Optional bare clocks.
    for _ in 0..2 {
        let t = rest.trim_start();
        let end = t.find(char::is_whitespace).unwrap_or(t.len());
        if end > 0 && t[..end].bytes().all(|b| b.is_ascii_digit()) {
            fields.push(&t[..end]);
            rest = &t[end..];
        } else {
            break;
        }
    }
    let ops = parse_ops(rest);
    let mut owned: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
    if owned.len() == 4
        && let Some((_, v)) = ops.iter().find(|(k, _)| k == "hmvc")
    {
        owned.push(v.clone());
        if let Some((_, v)) = ops.iter().find(|(k, _)| k == "fmvn") {
            owned.push(v.clone());
        }
    }
    let refs: Vec<&str> = owned.iter().map(|s| s.as_str()).collect();
    let setup = Setup::from_fields(&refs)?;
    let position = Position::from_setup(&setup)?;
    Ok(Epd { position, ops })
}

fn parse_ops(text: &str) -> Vec<(String, String)> {
    let mut ops = Vec::new();
    let mut cur = String::new();
    let mut in_quote = false;
    let mut parts: Vec<String> = Vec::new();
    for c in text.chars() {
        match c {
            '"' => {
                in_quote = !in_quote;
                cur.push(c);
            }
            ';' if !in_quote => parts.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    parts.push(cur);
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let (k, v) = match p.find(char::is_whitespace) {
            Some(i) => (&p[..i], p[i..].trim()),
            None => (p, ""),
        };
        ops.push((k.to_string(), v.trim_matches('"').to_string()));
    }
    ops
}
/// The positions the FEN reader and writer define: the start position, and the `Debug` form.
impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        parse_fen(STARTPOS).expect("the start position is legal")
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", to_fen(self, false))
    }
}
