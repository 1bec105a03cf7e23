//! The packed training record: one position with its search score and game result in 32 bytes,
//! the layout of Vidle's self-play data (`vidle datagen`). It follows the idea of the packed
//! formats of the common NNUE trainers (an occupancy bitboard, then four bits per piece):
//!
//! ```text
//! offset size  field
//!      0    8  occupancy bitboard, little-endian, bit 0 = a1 ... bit 63 = h8
//!      8   16  one nibble per occupied square in ascending square order, low nibble first:
//!              bits 0-2 the role (0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king,
//!              6 a rook that still has its castling right), bit 3 the colour (1 = black)
//!     24    1  bit 7: black to move; bits 0-6: the en passant square (0-63), 64 for none
//!     25    1  halfmove clock (saturated at 255)
//!     26    2  fullmove number, little-endian
//!     28    2  the search score in centipawns from White's side, little-endian i16
//!              (mates clamped to ±3000 by the generator)
//!     30    1  the game's result: 0 Black won, 1 draw, 2 White won
//!     31    1  flags: bit 0 the search's best move was quiet (no capture or promotion);
//!              other bits 0
//! ```
//!
//! A Chess960 castling right is a rook marked 6 on any file, so the format holds both variants.

use vidle_core::fen::{CastlingToken, Setup};
use vidle_core::{Color, Piece, Position, Role, Square};

/// Bytes per record.
pub const RECORD_LEN: usize = 32;
/// The nibble of a rook with its castling right.
const CASTLING_ROOK: u8 = 6;

/// One training position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// The position.
    pub pos: Position,
    /// White's score in centipawns.
    pub score: i16,
    /// 0 Black won, 1 draw, 2 White won.
    pub result: u8,
    /// The search's best move was quiet.
    pub quiet: bool,
}

/// Why bytes are not a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedError(pub &'static str);

impl std::fmt::Display for PackedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a packed training record: {}", self.0)
    }
}

impl std::error::Error for PackedError {}

impl Record {
    /// The 32 bytes of the record.
    pub fn to_bytes(&self) -> [u8; RECORD_LEN] {
        let mut out = [0u8; RECORD_LEN];
        let pos = &self.pos;
        let occ = pos.occupied();
        out[0..8].copy_from_slice(&occ.0.to_le_bytes());
        let rooks = pos.castling_rooks();
        for (k, sq) in occ.into_iter().enumerate() {
            let Some(p) = pos.piece_at(sq) else { continue };
            let role = if rooks.contains(sq) && p.role == Role::Rook {
                CASTLING_ROOK
            } else {
                p.role as u8
            };
            let nibble = role | (u8::from(p.color == Color::Black) << 3);
            out[8 + k / 2] |= nibble << (4 * (k % 2));
        }
        let ep = pos.ep_square().map_or(64, |s| s.index() as u8);
        out[24] = ep | (u8::from(pos.turn() == Color::Black) << 7);
        out[25] = pos.halfmove_clock().min(255) as u8;
        out[26..28].copy_from_slice(&pos.fullmove_number().to_le_bytes());
        out[28..30].copy_from_slice(&self.score.to_le_bytes());
        out[30] = self.result;
        out[31] = u8::from(self.quiet);
        out
    }

    /// Reads a record, checking that it describes a legal position.
    ///
    /// # Errors
    /// A field out of range or a position the rules core refuses.
    pub fn from_bytes(b: &[u8; RECORD_LEN]) -> Result<Record, PackedError> {
        let occ = u64::from_le_bytes(b[0..8].try_into().expect("8 bytes"));
        if occ.count_ones() > 32 {
            return Err(PackedError("more than 32 pieces"));
        }
        let mut board = [None; 64];
        let mut castling = Vec::new();
        let mut bits = occ;
        let mut k = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let nibble = (b[8 + k / 2] >> (4 * (k % 2))) & 0xF;
            k += 1;
            let color = if nibble & 8 != 0 { Color::Black } else { Color::White };
            let role = match nibble & 7 {
                CASTLING_ROOK => {
                    castling.push(CastlingToken::File(color, (sq % 8) as u8));
                    Role::Rook
                }
                r => Role::from_index(r as usize).ok_or(PackedError("unknown piece"))?,
            };
            board[sq] = Some(Piece::new(color, role));
        }
        let ep = match b[24] & 0x7F {
            64 => None,
            s => Some(Square::new(s).ok_or(PackedError("bad en passant square"))?),
        };
        let setup = Setup {
            board,
            turn: if b[24] & 0x80 != 0 { Color::Black } else { Color::White },
            castling,
            ep,
            halfmove: u16::from(b[25]),
            fullmove: u16::from_le_bytes([b[26], b[27]]).max(1),
        };
        let pos = Position::from_setup(&setup).map_err(|_| PackedError("illegal position"))?;
        if b[30] > 2 {
            return Err(PackedError("result is not 0, 1 or 2"));
        }
        Ok(Record {
            pos,
            score: i16::from_le_bytes([b[28], b[29]]),
            result: b[30],
            quiet: b[31] & 1 != 0,
        })
    }
}

/// Reads every record of a packed file's bytes.
///
/// # Errors
/// A length that is not a multiple of 32, or a bad record (by its number).
pub fn read_all(bytes: &[u8]) -> Result<Vec<Record>, String> {
    if !bytes.len().is_multiple_of(RECORD_LEN) {
        return Err(format!("{} bytes is not a whole number of records", bytes.len()));
    }
    bytes
        .chunks_exact(RECORD_LEN)
        .enumerate()
        .map(|(i, c)| {
            Record::from_bytes(c.try_into().expect("32 bytes"))
                .map_err(|e| format!("record {i}: {e}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::parse_fen;

    #[test]
    fn records_round_trip() {
        for (fen, score, result) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 15, 1),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 7 31", -250, 0),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3000, 2),
            ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", -3000, 2),
            ("8/8/8/8/8/2k5/8/K7 b - - 99 300", 0, 1),
        ] {
            let pos = parse_fen(fen).unwrap();
            let r = Record { pos, score, result, quiet: score % 2 == 0 };
            let bytes = r.to_bytes();
            assert_eq!(Record::from_bytes(&bytes), Ok(r), "{fen}");
        }
    }

    #[test]
    fn bad_bytes_are_errors() {
        let pos = Position::startpos();
        let good = Record { pos, score: 0, result: 1, quiet: true }.to_bytes();
        let mut b = good;
        b[30] = 3;
        assert!(Record::from_bytes(&b).is_err());
        let mut b = good;
        b[24] = 63; // an en passant square that cannot be
        assert!(Record::from_bytes(&b).is_err());
        let mut b = good;
        b[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(Record::from_bytes(&b).is_err());
        assert!(read_all(&good[..31]).is_err());
        assert_eq!(read_all(&good).unwrap().len(), 1);
    }
}
