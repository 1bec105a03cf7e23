//! A game: a start position plus the moves played, with the end-of-game rules that need history
//! (threefold repetition) as well as those that do not.

use crate::fen::{self, FenError};
use crate::mv::Move;
use crate::notation;
use crate::position::Position;
use crate::types::Color;
use std::fmt;

/// How a game has ended (or `None` from [`Game::status`] while it goes on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate (the side not to move).
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// The current position has occurred three times (see [`Game::repetitions`]): a draw,
    /// declared without a claim.
    ThreefoldRepetition,
    /// 100 plies without a capture or pawn move (halfmove clock 100 or more) and no mate on
    /// the board: a draw, declared without a claim.
    FiftyMoves,
    /// Neither side can ever mate (see [`Position::is_insufficient_material`]): a draw.
    InsufficientMaterial,
}

impl Outcome {
    /// The side that won, for a checkmate; `None` for every draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The PGN result string.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::Stalemate => write!(f, "stalemate"),
            Outcome::ThreefoldRepetition => write!(f, "draw by threefold repetition"),
            Outcome::FiftyMoves => write!(f, "draw by the fifty-move rule"),
            Outcome::InsufficientMaterial => write!(f, "draw by insufficient material"),
        }
    }
}

/// The status of a single position, ignoring history.
pub fn position_status(pos: &Position) -> Option<Outcome> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Outcome::Checkmate { winner: !pos.turn() }
        } else {
            Outcome::Stalemate
        });
    }
    if pos.is_insufficient_material() {
        return Some(Outcome::InsufficientMaterial);
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Outcome::FiftyMoves);
    }
    None
}

/// A game from a start position.
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// `positions[i]` is the position before `moves[i]`; the last is the current one.
    positions: Vec<Position>,
}

impl Game {
    /// A game starting at `start`, with no moves played.
    pub fn new(start: Position) -> Game {
        Game { start, moves: Vec::new(), positions: vec![start] }
    }

    /// A game from a FEN.
    ///
    /// # Errors
    /// As [`fen::parse_fen`].
    pub fn from_fen(text: &str) -> Result<Game, FenError> {
        Ok(Game::new(fen::parse_fen(text)?))
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position, after all the moves played.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays a move after checking that it is legal; returns whether it was.
    pub fn play(&mut self, m: Move) -> bool {
        if !self.position().is_legal(m) {
            return false;
        }
        let next = self.position().played(m);
        self.moves.push(m);
        self.positions.push(next);
        true
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred (same key and same legal moves; the key
    /// covers pieces, side to move, castling rights and a legal en passant capture).
    pub fn repetitions(&self) -> usize {
        let cur = self.position();
        let window = cur.halfmove_clock() as usize;
        self.positions
            .iter()
            .rev()
            .take(window + 1)
            .step_by(2)
            .filter(|p| same_ignoring_clocks(p, cur))
            .count()
    }

    /// The game's end, if it has ended: checkmate and stalemate first, then the draws.
    pub fn status(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = position_status(pos) {
            return Some(o);
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        None
    }

    /// The moves in SAN with move numbers (`1. e4 e5 2. Nf3`).
    pub fn san_line(&self) -> String {
        let mut out = String::new();
        for (i, (&m, pos)) in self.moves.iter().zip(&self.positions).enumerate() {
            if pos.turn() == Color::White || i == 0 {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&pos.fullmove_number().to_string());
                out.push_str(if pos.turn() == Color::White { ". " } else { "... " });
            } else {
                out.push(' ');
            }
            out.push_str(&notation::to_san(pos, m));
        }
        out
    }
}

/// The same position for the repetition rule: everything but the clocks (the key decides; the
/// occupancy and rights are compared too, so a key collision cannot fake a repetition).
fn same_ignoring_clocks(a: &Position, b: &Position) -> bool {
    a.key() == b.key()
        && a.occupied() == b.occupied()
        && a.turn() == b.turn()
        && a.castling_rooks() == b.castling_rooks()
        && a.ep_square() == b.ep_square()
}
