//! The Polyglot `.bin` file format: 16-byte big-endian entries and Polyglot's move encoding.
//!
//! ```text
//! offset size  field
//!  0      8    key     Polyglot hash of the position (see `key.rs`)
//!  8      2    move    bits 0-2 to file, 3-5 to rank, 6-8 from file, 9-11 from rank,
//!                      12-14 promotion (0 none, 1 N, 2 B, 3 R, 4 Q); castling is king takes
//!                      own rook (e1h1, e1a1, e8h8, e8a8)
//! 10      2    weight  2 per win + 1 per draw (as `polyglot make-book` computes it)
//! 12      4    learn   0 from book builders
//! ```
//! Entries are sorted by key (then, by convention, by weight, highest first).

use std::fmt;
use vidle_core::{Move, MoveKind, Position, Role, Square};

/// Size of one entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One book entry as stored in the file (no legality implied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entry {
    /// Polyglot hash of the position ([`crate::polyglot_key`]); 0 marks a header record.
    pub key: u64,
    /// The raw Polyglot move; decode it with [`decode_move`].
    pub raw_move: u16,
    /// Relative weight of the move; `polyglot make-book` writes 2 per win + 1 per draw.
    pub weight: u16,
    /// Learning data, opaque here; 0 from book builders.
    pub learn: u32,
}

impl Entry {
    /// Decodes 16 big-endian bytes.
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> Entry {
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[0..8]);
        Entry {
            key: u64::from_be_bytes(key),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    /// Encodes as 16 big-endian bytes.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut b = [0u8; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// Why a raw Polyglot move is not usable in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveDecodeError {
    /// Move 0 (a1a1), which the specification says to ignore.
    Null,
    /// A promotion field of 5, 6 or 7.
    BadPromotion(u16),
    /// Well-formed, but not a legal move in the position (for example a key collision).
    Illegal(String),
}

impl fmt::Display for MoveDecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveDecodeError::Null => write!(f, "null move (a1a1)"),
            MoveDecodeError::BadPromotion(raw) => {
                write!(f, "move {raw:#06x} has an invalid promotion field")
            }
            MoveDecodeError::Illegal(m) => write!(f, "{m} is not legal in this position"),
        }
    }
}

impl std::error::Error for MoveDecodeError {}

/// Polyglot's encoding of a move (castling as king takes rook, which is also our internal form).
pub fn encode_move(m: Move) -> u16 {
    let sq = |s: Square| (s.rank() as u16) << 3 | s.file() as u16;
    let promo = match m.kind() {
        MoveKind::Promotion(r) => match r {
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            _ => 4,
        },
        _ => 0,
    };
    sq(m.to()) | sq(m.from()) << 6 | promo << 12
}

/// The text form of a raw move without a position (`e1h1`, `e7e8q`), for messages.
pub fn raw_move_text(raw: u16) -> String {
    let sq = |bits: u16| Square::from_coords((bits & 7) as u8, (bits >> 3 & 7) as u8);
    let promo = match raw >> 12 & 7 {
        0 => "",
        1 => "n",
        2 => "b",
        3 => "r",
        4 => "q",
        _ => "?",
    };
    format!("{}{}{promo}", sq(raw >> 6), sq(raw))
}

/// Turns a raw Polyglot move into a legal move of `pos`, or says why it cannot.
///
/// Castling is recognised as the king moving onto its own rook (`e1h1`); the non-standard
/// `e1g1` form some tools write is accepted too, since a king never moves two squares otherwise.
///
/// # Errors
/// [`MoveDecodeError`] when the move is null, malformed, or not legal here.
pub fn decode_move(pos: &Position, raw: u16) -> Result<Move, MoveDecodeError> {
    let legal = pos.legal_moves();
    decode_move_in(pos, raw, &|m| legal.contains(m))
}

/// [`decode_move`] with the legality test supplied (so a caller decoding several moves of one
/// position generates the legal moves once).
pub(crate) fn decode_move_in(
    pos: &Position,
    raw: u16,
    is_legal: &dyn Fn(Move) -> bool,
) -> Result<Move, MoveDecodeError> {
    if raw & 0x0fff == 0 && raw >> 12 == 0 {
        return Err(MoveDecodeError::Null);
    }
    if raw & 0x8000 != 0 || raw >> 12 > 4 {
        return Err(MoveDecodeError::BadPromotion(raw));
    }
    let to = Square::from_coords((raw & 7) as u8, (raw >> 3 & 7) as u8);
    let from = Square::from_coords((raw >> 6 & 7) as u8, (raw >> 9 & 7) as u8);
    let illegal = || MoveDecodeError::Illegal(raw_move_text(raw));
    let us = pos.turn();
    let mover = pos.piece_at(from).filter(|p| p.color == us).ok_or_else(illegal)?;
    let candidate = match raw >> 12 {
        1 => Move::promotion(from, to, Role::Knight),
        2 => Move::promotion(from, to, Role::Bishop),
        3 => Move::promotion(from, to, Role::Rook),
        4 => Move::promotion(from, to, Role::Queen),
        _ if mover.role == Role::King => {
            let target = pos.piece_at(to);
            if target.is_some_and(|p| p.color == us && p.role == Role::Rook) {
                Move::castle(from, to)
            } else if from.rank() == to.rank() && from.file().abs_diff(to.file()) == 2 {
                // e1g1 style: find the castling rook on that side.
                let side = if to.file() > from.file() {
                    vidle_core::CastlingSide::King
                } else {
                    vidle_core::CastlingSide::Queen
                };
                let rook = pos.castling_rook(us, side).ok_or_else(illegal)?;
                Move::castle(from, rook)
            } else {
                Move::normal(from, to)
            }
        }
        _ if mover.role == Role::Pawn && Some(to) == pos.ep_square() => Move::en_passant(from, to),
        _ => Move::normal(from, to),
    };
    if is_legal(candidate) { Ok(candidate) } else { Err(illegal()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::notation::to_uci;

    #[test]
    fn entry_bytes_round_trip() {
        let e = Entry { key: 0x463b96181691fc9c, raw_move: 0x031c, weight: 7, learn: 0xdeadbeef };
        assert_eq!(Entry::from_bytes(&e.to_bytes()), e);
        assert_eq!(e.to_bytes()[0], 0x46);
    }

    #[test]
    fn every_legal_move_round_trips_through_the_encoding() {
        let fens = [
            vidle_core::fen::STARTPOS,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        for fen in fens {
            let pos = vidle_core::parse_fen(fen).unwrap();
            for m in pos.legal_moves().iter() {
                let raw = encode_move(m);
                assert_eq!(decode_move(&pos, raw), Ok(m), "{fen} {}", to_uci(m, true));
            }
        }
    }

    #[test]
    fn castling_is_king_takes_rook() {
        let pos = vidle_core::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let e1h1 = 4 << 6 | 7;
        let e1g1 = 4 << 6 | 6;
        let m = decode_move(&pos, e1h1).unwrap();
        assert!(m.is_castle());
        assert_eq!(decode_move(&pos, e1g1), Ok(m));
        assert_eq!(to_uci(m, false), "e1g1");
        assert_eq!(raw_move_text(e1h1), "e1h1");
    }

    #[test]
    fn every_raw_value_decodes_without_panicking() {
        let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
        let pos = vidle_core::parse_fen(fen).unwrap();
        let legal = pos.legal_moves();
        let mut decoded = std::collections::HashSet::new();
        for raw in 0..=u16::MAX {
            if let Ok(m) = decode_move(&pos, raw) {
                assert!(legal.contains(m), "{raw:#x}");
                decoded.insert(m);
            }
        }
        assert_eq!(decoded.len(), legal.len());
    }
}
