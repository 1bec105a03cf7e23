//! How a game starts: the standard position, a Chess960 start, a FEN or a PGN game. One parser
//! for terminal play (`--fen`, `--chess960`) and the web page's new-game request, so both read a
//! set-up the same way (a FEN with Shredder castling letters, or with castling rooks where
//! standard chess cannot have them, is a Chess960 game in either). Reading files is the front
//! end's business; this module only sees text.

use super::MAX_PLIES;
use super::pgn;
use vidle_core::{Game, Position};

/// The start a player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start<'a> {
    /// The standard start position.
    Standard,
    /// Chess960 start position number 0–959 (518 is the standard array).
    Chess960(u32),
    /// A position in FEN (X-FEN or Shredder-FEN castling).
    Fen(&'a str),
    /// The text of a PGN file: its first readable game, continued from its last position.
    Pgn(&'a str),
}

/// Why a start cannot be set up; the front ends word it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// The FEN is empty.
    FenMissing,
    /// The FEN does not parse or is no legal position; what the reader said.
    BadFen(String),
    /// A Chess960 number above 959.
    Chess960Number(u32),
    /// The PGN text is empty.
    PgnMissing,
    /// No game in the PGN text could be read; what the reader said.
    BadPgn(String),
    /// The PGN game is longer than a game may be ([`MAX_PLIES`]).
    TooLong {
        /// Plies in the game read.
        plies: usize,
    },
}

/// A set-up game: the game and whether it is Chess960.
#[derive(Debug, Clone)]
pub struct Started {
    /// The game with its moves so far.
    pub game: Game,
    /// Whether castling follows Chess960 rules (and is written king takes rook).
    pub chess960: bool,
}

/// Sets up `start`.
///
/// # Errors
/// [`StartError`] names what is wrong with the FEN, the PGN or the Chess960 number.
pub fn start(start: Start<'_>) -> Result<Started, StartError> {
    let plain = |game, chess960| Ok(Started { game, chess960 });
    match start {
        Start::Standard => plain(Game::new(Position::startpos()), false),
        Start::Chess960(n) if n < 960 => {
            plain(Game::new(vidle_core::chess960::start_position(n)), true)
        }
        Start::Chess960(n) => Err(StartError::Chess960Number(n)),
        Start::Fen(f) => {
            let f = f.trim();
            if f.is_empty() {
                return Err(StartError::FenMissing);
            }
            let game = Game::from_fen(f).map_err(|e| StartError::BadFen(e.to_string()))?;
            let chess960 = fen_is_chess960(f, game.start());
            plain(game, chess960)
        }
        Start::Pgn(text) => {
            if text.trim().is_empty() {
                return Err(StartError::PgnMissing);
            }
            let loaded = pgn::load_game(text).map_err(StartError::BadPgn)?;
            let plies = loaded.game.moves().len();
            if plies > MAX_PLIES {
                return Err(StartError::TooLong { plies });
            }
            Ok(Started { game: loaded.game, chess960: loaded.chess960 })
        }
    }
}

/// Whether a FEN sets up a Chess960 game: Shredder castling letters (`HAha`), or castling
/// rights whose rooks or king stand where standard chess cannot have them.
pub fn fen_is_chess960(fen: &str, pos: &Position) -> bool {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    castling.chars().any(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c))
        || pos.castling_needs_chess960()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_and_its_errors() {
        let s = start(Start::Standard).unwrap();
        assert_eq!(*s.game.position(), Position::startpos());
        assert!(!s.chess960);
        assert!(start(Start::Chess960(0)).unwrap().chess960);
        assert_eq!(start(Start::Chess960(960)).unwrap_err(), StartError::Chess960Number(960));
        assert_eq!(start(Start::Fen("  ")).unwrap_err(), StartError::FenMissing);
        assert!(matches!(start(Start::Fen("8/8/8 w - - 0 1")), Err(StartError::BadFen(_))));
        assert_eq!(start(Start::Pgn("\n")).unwrap_err(), StartError::PgnMissing);
        assert!(matches!(start(Start::Pgn("1. e5 *")), Err(StartError::BadPgn(_))));
        let s = start(Start::Pgn("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n")).unwrap();
        assert_eq!(s.game.moves().len(), 3);
        assert!(!s.chess960);
    }

    #[test]
    fn a_chess960_fen_is_recognised_in_both_castling_notations() {
        // Shredder letters.
        let s =
            start(Start::Fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"))
                .unwrap();
        assert!(s.chess960);
        // X-FEN letters, but the king is not on e1: only Chess960 can castle from there.
        let s = start(Start::Fen("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1")).unwrap();
        assert!(s.chess960);
        // A standard position with X-FEN letters.
        let s = start(Start::Fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).unwrap();
        assert!(!s.chess960);
    }
}
