//! A game to analyse, made from a game of the book crate's PGN reader: its tags, start position
//! (the `FEN` tag, standard or Chess960) and moves, checked move by move.

use std::fmt;
use vidle_book::pgn::{PgnGame, PgnReader};
use vidle_core::notation::{MoveParseError, parse_move};
use vidle_core::{Color, Game, Position, fen};

/// A game with the tags it was read with.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves replayed from the start position (the `FEN` tag's, else the standard one).
    pub game: Game,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`): the `Result` tag, else the game's own
    /// termination marker, else `*`.
    pub result: String,
    /// The game's own main-line comments: (how many moves come before it, its text). The
    /// annotated game keeps them beside the analysis.
    pub comments: Vec<(usize, String)>,
}

/// Why a game cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The text holds no game.
    NoGame,
    /// A comment or variation is never closed (the reader's message).
    Unclosed(String),
    /// A variant other than standard chess and Chess960.
    Variant(String),
    /// The `FEN` tag is not a legal position.
    Fen {
        /// The tag's value as written.
        fen: String,
        /// Why the FEN reader refused it.
        error: String,
    },
    /// A move is not legal or not readable; `number` as PGN writes it (`3.`, `3...`).
    Move {
        /// `3.` for a move of White's, `3...` for one of Black's.
        number: String,
        /// The move as written in the game.
        text: String,
        /// Why it could not be played.
        error: MoveParseError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NoGame => write!(f, "no game found"),
            RecordError::Unclosed(why) => write!(f, "{why}"),
            RecordError::Variant(v) => {
                write!(f, "variant \"{v}\" is not supported (only standard chess and Chess960)")
            }
            RecordError::Fen { fen, error } => write!(f, "FEN tag \"{fen}\": {error}"),
            RecordError::Move { number, text, error } => write!(f, "move {number} {text}: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// Replays a game read by [`PgnReader`].
    ///
    /// # Errors
    /// [`RecordError`]: an unclosed comment or variation, an unknown variant, a bad FEN tag, or
    /// the first move that is not legal.
    pub fn from_pgn(pgn: &PgnGame) -> Result<GameRecord, RecordError> {
        if let Some(why) = &pgn.error {
            return Err(RecordError::Unclosed(why.clone()));
        }
        if let Some(v) = pgn.tag("Variant") {
            let lower = v.trim().to_ascii_lowercase();
            let known =
                matches!(lower.as_str(), "" | "standard" | "chess" | "normal" | "from position")
                    || lower.contains("960")
                    || lower.starts_with("fischer");
            if !known {
                return Err(RecordError::Variant(v.to_string()));
            }
        }
        let start = match pgn.tag("FEN") {
            None => Position::startpos(),
            Some(text) => fen::parse_fen(text)
                .map_err(|e| RecordError::Fen { fen: text.to_string(), error: e.to_string() })?,
        };
        let mut game = Game::new(start);
        // Moves played before each token (the pieces of "e.p." are tokens but not moves).
        let mut plies_before = Vec::with_capacity(pgn.moves.len() + 1);
        for text in &pgn.moves {
            plies_before.push(game.moves().len());
            if matches!(text.as_str(), "e" | "p" | "ep") {
                continue; // the pieces of an "e.p." suffix
            }
            let pos = *game.position();
            let m = parse_move(&pos, text).map_err(|error| RecordError::Move {
                number: move_number(&pos),
                text: text.clone(),
                error,
            })?;
            game.play(m);
        }
        let result = pgn
            .tag("Result")
            .filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2" | "*"))
            .or(pgn.termination.as_deref())
            .unwrap_or("*")
            .to_string();
        plies_before.push(game.moves().len());
        let comments = pgn
            .comments
            .iter()
            .map(|(tokens, text)| (plies_before[(*tokens).min(pgn.moves.len())], text.clone()))
            .collect();
        Ok(GameRecord { tags: pgn.tags.clone(), game, result, comments })
    }

    /// The first game of a PGN text.
    ///
    /// # Errors
    /// As [`GameRecord::from_pgn`]; [`RecordError::NoGame`] for a text without one.
    pub fn from_pgn_text(text: &str) -> Result<GameRecord, RecordError> {
        match PgnReader::new(text.as_bytes()).next() {
            Some(Ok(pgn)) => GameRecord::from_pgn(&pgn),
            // Reading from memory cannot fail.
            Some(Err(_)) | None => Err(RecordError::NoGame),
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The move number of the side to move as PGN writes it: `3.` or `3...`.
pub fn move_number(pos: &Position) -> String {
    let dots = if pos.turn() == Color::White { "." } else { "..." };
    format!("{}{dots}", pos.fullmove_number())
}
