//! The opening explorer: what the book says about a position, for a person to read. One function,
//! [`explore`], gives each book move with its weight, its share of the position's weight, the
//! book's learn field where the book has one, and how many book moves follow it; the front ends
//! only show the list (`vidle book explore`, the `book` command of `vidle play`, and
//! `GET /api/book` with the page's panel).

use crate::i18n::{Lang, Msg};
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;
use vidle_book::{Book, BookError, double_push_target, game_key, polyglot_key_with_ep};
use vidle_core::fen::Setup;
use vidle_core::notation::{MoveParseError, parse_move, to_san, to_uci};
use vidle_core::{Game, Move, Position};

/// The book an explorer reads: the built-in one or a file, shared cheaply between threads.
#[derive(Debug, Clone, Default)]
pub enum BookRef {
    /// The book embedded in the binary.
    #[default]
    BuiltIn,
    /// A book read from a file.
    File(Arc<Book>),
}

impl BookRef {
    /// The book at `path`, or the built-in one for `None`.
    ///
    /// # Errors
    /// The file cannot be read or is not a Polyglot book.
    pub fn open(path: Option<&Path>) -> Result<BookRef, BookError> {
        match path {
            None => Ok(BookRef::BuiltIn),
            Some(p) => Ok(BookRef::File(Arc::new(Book::open(p)?))),
        }
    }

    /// The book itself.
    pub fn book(&self) -> &Book {
        match self {
            BookRef::BuiltIn => Book::default_book(),
            BookRef::File(b) => b,
        }
    }
}

/// A position to explore, with its exact Polyglot key (the en passant file counts only after a
/// double push, which a bare [`Position`] does not remember).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// The position.
    pub pos: Position,
    /// Its Polyglot key.
    pub key: u64,
}

/// Why a position to explore cannot be set up.
#[derive(Debug, Clone, PartialEq)]
pub enum ExploreError {
    /// A FEN that cannot be read or is not a legal position (the FEN's problem).
    BadFen(String),
    /// A move that cannot be played (the text as typed, and why).
    BadMove(String, MoveParseError),
}

impl std::fmt::Display for ExploreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExploreError::BadFen(why) => write!(f, "bad FEN: {why}"),
            ExploreError::BadMove(text, why) => write!(f, "move '{text}': {why}"),
        }
    }
}

impl std::error::Error for ExploreError {}

impl Spot {
    /// The start position.
    pub fn start() -> Spot {
        let pos = Position::startpos();
        Spot { pos, key: polyglot_key_with_ep(&pos, None) }
    }

    /// A game's current position (en passant from its last move).
    pub fn of_game(game: &Game) -> Spot {
        Spot { pos: *game.position(), key: game_key(game) }
    }

    /// The position of a FEN (its en passant square counts).
    ///
    /// # Errors
    /// [`ExploreError::BadFen`].
    pub fn from_fen(fen: &str) -> Result<Spot, ExploreError> {
        let setup = Setup::parse(fen).map_err(|e| ExploreError::BadFen(e.to_string()))?;
        let pos = Position::from_setup(&setup).map_err(|e| ExploreError::BadFen(e.to_string()))?;
        Ok(Spot { pos, key: polyglot_key_with_ep(&pos, setup.ep) })
    }

    /// The position after `m` (legal here).
    pub fn after(&self, m: Move) -> Spot {
        let pos = self.pos.played(m);
        Spot { pos, key: polyglot_key_with_ep(&pos, double_push_target(&self.pos, m)) }
    }

    /// The position after the moves of `text` (SAN or UCI, space separated).
    ///
    /// # Errors
    /// [`ExploreError::BadMove`] for the first move that cannot be played.
    pub fn after_moves<'a>(
        &self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Spot, ExploreError> {
        let mut spot = *self;
        for text in moves {
            let m = parse_move(&spot.pos, text)
                .map_err(|e| ExploreError::BadMove(text.chars().take(40).collect(), e))?;
            spot = spot.after(m);
        }
        Ok(spot)
    }
}

/// One book move of a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplorerEntry {
    /// The move.
    #[serde(skip)]
    pub mv: Move,
    /// In SAN with English piece letters (`Nf3`).
    pub san: String,
    /// In UCI (`g1f3`; castling as the king's two-square move).
    pub uci: String,
    /// The book's weight for it (duplicate entries summed).
    pub weight: u16,
    /// Its share of the position's total weight, in percent (the chance the engine plays it).
    pub share: f64,
    /// The book's learn field, where the book has one (not 0); Polyglot leaves its meaning to
    /// the program that wrote it, so it is shown as it is.
    pub learn: Option<u32>,
    /// How many book moves the position after it has (0: the book ends there).
    pub continuations: usize,
}

/// What the book says about a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explorer {
    /// The book moves, highest weight first.
    pub moves: Vec<ExplorerEntry>,
    /// The sum of their weights.
    pub total_weight: u64,
    /// Entries under this position's key that are not legal moves here (skipped).
    pub rejected: usize,
}

/// The book moves of `spot`: each with SAN, weight, share and the count of book moves after it.
pub fn explore(book: &Book, spot: &Spot) -> Explorer {
    let lookup = book.lookup_key(&spot.pos, spot.key);
    let total_weight: u64 = lookup.moves.iter().map(|b| u64::from(b.weight)).sum();
    let moves = lookup
        .moves
        .iter()
        .map(|b| ExplorerEntry {
            mv: b.mv,
            san: to_san(&spot.pos, b.mv),
            uci: to_uci(b.mv, false),
            weight: b.weight,
            share: if total_weight == 0 {
                0.0
            } else {
                100.0 * f64::from(b.weight) / total_weight as f64
            },
            learn: (b.learn != 0).then_some(b.learn),
            continuations: {
                let next = spot.after(b.mv);
                book.lookup_key(&next.pos, next.key).moves.len()
            },
        })
        .collect();
    Explorer { moves, total_weight, rejected: lookup.rejected.len() }
}

/// The explorer as a table for the terminal, in `lang` (localised piece letters): move, weight,
/// share, the learn column only when a move has one, and the book moves after each.
pub fn table(e: &Explorer, lang: Lang) -> String {
    if e.moves.is_empty() {
        return lang.tr(Msg::ExplorerEmpty).to_string();
    }
    let learn = e.moves.iter().any(|m| m.learn.is_some());
    let mut out = format!(
        "{:<8} {:>7} {:>7}",
        lang.tr(Msg::ExplorerMove),
        lang.tr(Msg::ExplorerWeight),
        lang.tr(Msg::ExplorerShare)
    );
    if learn {
        out.push_str(&format!(" {:>10}", lang.tr(Msg::ExplorerLearn)));
    }
    out.push_str(&format!("  {}", lang.tr(Msg::ExplorerNext)));
    for m in &e.moves {
        out.push_str(&format!(
            "\n{:<8} {:>7} {:>6.1}%",
            lang.localise_san(&m.san),
            m.weight,
            m.share
        ));
        if learn {
            let l = m.learn.map_or_else(|| "-".to_string(), |l| l.to_string());
            out.push_str(&format!(" {l:>10}"));
        }
        out.push_str(&format!("  {}", m.continuations));
    }
    out
}

#[cfg(test)]
mod tests;
