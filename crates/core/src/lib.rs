//! Vidle's chess rules: bitboards, legal move generation (standard and Chess960), FEN/EPD,
//! SAN and UCI notation, game-end rules and perft.
//!
//! ```
//! use vidle_core::{Position, perft::perft};
//! let pos = Position::startpos();
//! assert_eq!(perft(&pos, 3), 8_902);
//! ```

pub mod attacks;
pub mod bitboard;
pub mod chess960;
pub mod fen;
pub mod files;
pub mod fixed_list;
pub mod game;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rng;
pub mod testdata;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, parse_fen, parse_fen_relaxed};
pub use fixed_list::FixedList;
pub use game::{Game, Outcome};
pub use mv::{Move, MoveKind, MoveList};
pub use position::Position;
pub use types::{CastlingSide, Color, Piece, Role, Square};
