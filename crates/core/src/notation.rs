//! Move notation: SAN (writing, and reading with the common sloppy forms and Czech piece letters)
//! and UCI long algebraic (standard `e1g1` or Chess960 king-takes-rook castling).

use crate::bitboard::Bitboard;
use crate::mv::{Move, MoveKind};
use crate::position::Position;
use crate::types::{CastlingSide, Color, Role, Square};
use std::fmt;

/// Why a move in text could not be turned into a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not a move in any notation we read.
    Syntax {
        /// The text that was not understood (long algebraic normalised as for `Illegal`).
        text: String,
    },
    /// Well-formed, but no legal move matches; `reason` says what is wrong.
    Illegal {
        /// The move as parsed (long algebraic typed into [`parse_move`] is normalised first:
        /// `e7-e8=Q` becomes `e7e8q`).
        text: String,
        /// Why no legal move matches.
        reason: IllegalReason,
    },
    /// Several legal moves match; they are listed in SAN.
    Ambiguous {
        /// The move as given.
        text: String,
        /// The matching legal moves, in SAN (a pawn move to the last rank without a piece
        /// letter lists all four promotions).
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Syntax { text } => write!(f, "'{text}' is not a move"),
            MoveParseError::Illegal { text, reason } => write!(f, "{text} is illegal: {reason}"),
            MoveParseError::Ambiguous { text, candidates } => {
                write!(f, "{text} is ambiguous: {}", candidates.join(" or "))
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

/// Why a well-formed move is not legal: typed, so that front ends can word it in any language
/// (its `Display` is the English wording).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// Long algebraic from an empty square.
    NoPieceOn(Square),
    /// Long algebraic from a square of the side not to move.
    NotYours {
        /// The origin square given.
        square: Square,
        /// The side the piece there belongs to, i.e. the side not to move.
        owner: Color,
    },
    /// The side to move is in check and the move does not end it.
    InCheck(Color),
    /// Long algebraic: the piece cannot go there.
    CannotMoveThere {
        /// The role of the piece on the origin square.
        role: Role,
        /// The origin square (not the target).
        square: Square,
    },
    /// Castling is not possible (rights, pieces in the way, attacked squares).
    NoCastling,
    /// The side to move has no piece of that kind.
    NoSuchPiece {
        /// The side to move.
        color: Color,
        /// The role the move names (a pawn when it names none).
        role: Role,
    },
    /// A promotion piece was given for a move that does not reach the last rank.
    PromotionNotLastRank,
    /// No piece of that kind can reach the square.
    NoneCanReach {
        /// The role the move names (a pawn when it names none).
        role: Role,
        /// The target square.
        to: Square,
    },
}

fn role_word(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::NoPieceOn(sq) => write!(f, "there is no piece on {sq}"),
            IllegalReason::NotYours { square, owner } => {
                write!(f, "the piece on {square} belongs to {}", owner.name())
            }
            IllegalReason::InCheck(c) => {
                write!(f, "{} is in check and this does not get out of it", c.name())
            }
            IllegalReason::CannotMoveThere { role, square } => {
                write!(f, "the {} on {square} cannot move there", role_word(role))
            }
            IllegalReason::NoCastling => write!(f, "castling is not possible here"),
            IllegalReason::NoSuchPiece { color, role } => {
                write!(f, "{} has no {}", color.name(), role_word(role))
            }
            IllegalReason::PromotionNotLastRank => {
                write!(f, "only a pawn reaching the last rank promotes")
            }
            IllegalReason::NoneCanReach { role, to } => {
                write!(f, "no {} can move to {to}", role_word(role))
            }
        }
    }
}

fn castling_side(m: Move) -> CastlingSide {
    if m.to().file() > m.from().file() { CastlingSide::King } else { CastlingSide::Queen }
}

/// The square the king lands on when castling with `m`.
pub fn castle_king_target(m: Move) -> Square {
    Square::from_coords(castling_side(m).king_to_file(), m.from().rank())
}

/// SAN of a legal move, with `+` or `#`.
pub fn to_san(pos: &Position, m: Move) -> String {
    let mut s = san_without_suffix(pos, m);
    let after = pos.played(m);
    if after.is_check() {
        s.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    s
}

fn san_without_suffix(pos: &Position, m: Move) -> String {
    if m.is_castle() {
        return match castling_side(m) {
            CastlingSide::King => "O-O".into(),
            CastlingSide::Queen => "O-O-O".into(),
        };
    }
    let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let mut s = String::with_capacity(8);
    if role == Role::Pawn {
        if capture {
            s.push(m.from().file_char());
            s.push('x');
        }
    } else {
        s.push(role.upper_char());
        // Disambiguate among other pieces of the same role that can go to the same square.
        let others: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|o| {
                !o.is_castle()
                    && o.to() == m.to()
                    && o.from() != m.from()
                    && pos.role_at(o.from()) == Some(role)
            })
            .map(|o| o.from())
            .collect();
        if !others.is_empty() {
            let file_unique = others.iter().all(|o| o.file() != m.from().file());
            let rank_unique = others.iter().all(|o| o.rank() != m.from().rank());
            if file_unique {
                s.push(m.from().file_char());
            } else if rank_unique {
                s.push(m.from().rank_char());
            } else {
                s.push(m.from().file_char());
                s.push(m.from().rank_char());
            }
        }
        if capture {
            s.push('x');
        }
    }
    s.push_str(&m.to().to_string());
    if let MoveKind::Promotion(r) = m.kind() {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

/// UCI long algebraic notation. Castling is `e1g1` unless `chess960`, then king-takes-rook.
pub fn to_uci(m: Move, chess960: bool) -> String {
    let to = if m.is_castle() && !chess960 { castle_king_target(m) } else { m.to() };
    let mut s = format!("{}{}", m.from(), to);
    if let Some(r) = m.promotion_role() {
        s.push(r.char());
    }
    s
}

/// Parses a UCI move (`e2e4`, `e7e8q`; castling as `e1g1`, or as king-takes-rook `e1h1`, which is
/// the only form when `chess960`).
///
/// # Errors
/// [`MoveParseError::Syntax`] for text that is not of that form, [`MoveParseError::Illegal`] when
/// no legal move matches.
pub fn parse_uci(pos: &Position, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
    let syntax = || MoveParseError::Syntax { text: text.to_string() };
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(syntax());
    }
    let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
    let promo = match text.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
            _ => return Err(syntax()),
        },
    };
    let found = pos.legal_moves().iter().find(|m| {
        m.from() == from
            && m.promotion_role() == promo
            && (m.to() == to || (m.is_castle() && !chess960 && castle_king_target(*m) == to))
    });
    found.ok_or_else(|| MoveParseError::Illegal {
        text: text.to_string(),
        reason: illegal_reason(pos, from, to),
    })
}

fn illegal_reason(pos: &Position, from: Square, _to: Square) -> IllegalReason {
    match pos.piece_at(from) {
        None => IllegalReason::NoPieceOn(from),
        Some(p) if p.color != pos.turn() => {
            IllegalReason::NotYours { square: from, owner: p.color }
        }
        Some(_) if pos.is_check() => IllegalReason::InCheck(pos.turn()),
        Some(p) => IllegalReason::CannotMoveThere { role: p.role, square: from },
    }
}

/// What a SAN-like string asks for, before matching it against the legal moves.
struct SanPattern {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promo: Option<Role>,
    castle: Option<CastlingSide>,
}

fn promo_role(c: char) -> Option<Role> {
    let r = match c {
        'Q' | 'q' | 'D' => Role::Queen,
        'R' | 'r' | 'V' => Role::Rook,
        'B' | 'b' | 'S' => Role::Bishop,
        'N' | 'n' | 'J' => Role::Knight,
        _ => return None,
    };
    Some(r)
}

fn piece_letter(c: char) -> Option<Role> {
    match c {
        'N' | 'B' | 'R' | 'Q' | 'K' => Role::from_char(c),
        'J' | 'S' | 'V' | 'D' => Role::from_czech_char(c),
        _ => None,
    }
}

fn parse_san_pattern(text: &str) -> Option<SanPattern> {
    let mut t: String = text.trim().to_string();
    for suffix in ["e.p.", "ep"] {
        if let Some(s) = t.strip_suffix(suffix) {
            t = s.trim_end().to_string();
        }
    }
    let t: String = t.trim_end_matches(['+', '#', '!', '?']).to_string();
    let castle = match t.as_str() {
        "O-O" | "0-0" | "o-o" | "OO" | "00" => Some(CastlingSide::King),
        "O-O-O" | "0-0-0" | "o-o-o" | "OOO" | "000" => Some(CastlingSide::Queen),
        _ => None,
    };
    if let Some(side) = castle {
        return Some(SanPattern {
            role: Role::King,
            from_file: None,
            from_rank: None,
            to: Square::A1,
            promo: None,
            castle: Some(side),
        });
    }
    let mut chars: Vec<char> =
        t.chars().filter(|c| !matches!(c, 'x' | 'X' | ':' | '-' | '=' | '(' | ')' | '/')).collect();
    if chars.len() < 2 {
        return None;
    }
    // Promotion piece at the end (after a rank digit).
    let mut promo = None;
    if chars.len() >= 3
        && let Some(r) = promo_role(chars[chars.len() - 1])
        && chars[chars.len() - 2].is_ascii_digit()
    {
        promo = Some(r);
        chars.pop();
    }
    let n = chars.len();
    if n < 2 {
        return None;
    }
    let to = Square::parse(&chars[n - 2..].iter().collect::<String>())?;
    let prefix = &chars[..n - 2];
    let (role, disamb) = match prefix.first() {
        Some(&c) if piece_letter(c).is_some() => (piece_letter(c)?, &prefix[1..]),
        Some('P') => (Role::Pawn, &prefix[1..]),
        _ => (Role::Pawn, prefix),
    };
    let mut from_file = None;
    let mut from_rank = None;
    for &c in disamb {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                from_file = Some(c as u8 - b'a');
            }
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return None,
        }
    }
    Some(SanPattern { role, from_file, from_rank, to, promo, castle: None })
}

/// Parses a move a person typed: SAN with the usual variants (`Nf3`, `exd5`, `e8Q`, `e8=Q`,
/// `0-0`, `O-O-O`, missing or extra `+`/`x`), long algebraic (`g1f3`, `Ng1-f3`) and the Czech
/// piece letters (K, D, V, S, J).
///
/// # Errors
/// Says whether the text is not a move at all, matches no legal move (and why), or matches
/// several (listing them).
///
/// ```
/// use vidle_core::{Position, notation::parse_move};
/// let pos = Position::startpos();
/// assert!(parse_move(&pos, "Jf3").is_ok());
/// assert!(parse_move(&pos, "e5").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let trimmed = text.trim();
    if trimmed.len() >= 4
        && trimmed.is_ascii()
        && trimmed.as_bytes()[0].is_ascii_lowercase()
        && trimmed.as_bytes()[1].is_ascii_digit()
        && Square::parse(&trimmed[0..2]).is_some()
    {
        // Long algebraic: e2e4, e2-e4, e7e8q, e1g1 / e1h1.
        let compact: String = trimmed.chars().filter(|c| !matches!(c, '-' | 'x' | '=')).collect();
        let compact = compact.trim_end_matches(['+', '#']).to_lowercase();
        if let Ok(m) = parse_uci(pos, &compact, false) {
            return Ok(m);
        }
        if compact.len() >= 4 && Square::parse(&compact[2..4]).is_some() {
            // Well-formed long algebraic that is not legal.
            return parse_uci(pos, &compact, false);
        }
    }
    parse_san(pos, trimmed)
}

/// Parses SAN (with the variants listed at [`parse_move`], but not long algebraic).
///
/// # Errors
/// As [`parse_move`].
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let pat =
        parse_san_pattern(text).ok_or_else(|| MoveParseError::Syntax { text: text.to_string() })?;
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal
        .iter()
        .filter(|&m| {
            if let Some(side) = pat.castle {
                return m.is_castle() && castling_side(m) == side;
            }
            if m.is_castle() {
                return false;
            }
            pos.role_at(m.from()) == Some(pat.role)
                && m.to() == pat.to
                && pat.from_file.is_none_or(|f| m.from().file() == f)
                && pat.from_rank.is_none_or(|r| m.from().rank() == r)
                && (pat.promo.is_none() || m.promotion_role() == pat.promo)
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(MoveParseError::Illegal {
            text: text.to_string(),
            reason: san_illegal_reason(pos, &pat),
        }),
        _ => Err(MoveParseError::Ambiguous {
            text: text.to_string(),
            candidates: matches.iter().map(|&m| to_san(pos, m)).collect(),
        }),
    }
}

fn san_illegal_reason(pos: &Position, pat: &SanPattern) -> IllegalReason {
    if pat.castle.is_some() {
        return IllegalReason::NoCastling;
    }
    let us = pos.turn();
    if pos.pieces(us, pat.role).is_empty() {
        return IllegalReason::NoSuchPiece { color: us, role: pat.role };
    }
    if pos.is_check() {
        return IllegalReason::InCheck(us);
    }
    if pat.role == Role::Pawn && pat.promo.is_some() && !(Bitboard::BACK_RANKS).contains(pat.to) {
        return IllegalReason::PromotionNotLastRank;
    }
    IllegalReason::NoneCanReach { role: pat.role, to: pat.to }
}
