//! The full-screen board's own state and input: the input line (editing, history, completion of
//! commands and moves), click-click moves with the mouse, the promotion chooser, the message log
//! and the engine's live line. What a line or a click means for the game is decided elsewhere
//! (the shared command parser and controller, the game session).

use crate::analysis::Progress;
use crate::play::command::complete;
use crate::play::controller::Job;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use vidle_core::attacks::{pawn_attacks, piece_attacks};
use vidle_core::notation::{castle_king_target, parse_move};
use vidle_core::{Bitboard, CastlingSide, Color, Move, Position, Role, Square};

/// The input line with its history.
#[derive(Debug, Default)]
pub struct LineEditor {
    chars: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// Position in the history while recalling (`history.len()` = the line being typed).
    recall: usize,
}

impl LineEditor {
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The cursor's column (characters before it).
    pub fn cursor_column(&self) -> usize {
        self.cursor
    }

    pub fn set(&mut self, text: &str) {
        self.chars = text.chars().collect();
        self.cursor = self.chars.len();
    }

    pub fn insert(&mut self, c: char) {
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Takes the line (into the history when not empty).
    pub fn submit(&mut self) -> String {
        let text = self.text();
        if !text.trim().is_empty() && self.history.last() != Some(&text) {
            self.history.push(text.clone());
        }
        self.recall = self.history.len();
        self.set("");
        text
    }

    fn recall(&mut self, older: bool) {
        let next = if older {
            self.recall.checked_sub(1)
        } else {
            (self.recall < self.history.len()).then_some(self.recall + 1)
        };
        let Some(next) = next else { return };
        self.recall = next;
        let text = self.history.get(next).cloned().unwrap_or_default();
        self.set(&text);
    }

    /// Completes the word before the cursor from `moves` and the command words; returns the
    /// candidates when there are several (the common start is filled in).
    pub fn complete(&mut self, moves: &[String]) -> Vec<String> {
        let before: String = self.chars[..self.cursor].iter().collect();
        let start = before.rfind(' ').map_or(0, |i| i + 1);
        let word = &before[start..];
        let found = complete(word, moves);
        let Some(first) = found.first() else { return Vec::new() };
        let common = found.iter().fold(first.to_string(), |acc, c| {
            acc.chars().zip(c.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a).collect()
        });
        let word_chars = word.chars().count();
        for c in common.chars().skip(word_chars) {
            self.insert(c);
        }
        if found.len() == 1 {
            if self.cursor == self.chars.len() {
                self.insert(' ');
            }
            Vec::new()
        } else {
            found.iter().map(|s| s.to_string()).collect()
        }
    }

    /// Applies an editing key; returns whether it was one.
    pub fn edit(&mut self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.chars.len(),
            KeyCode::Char('u') if ctrl => self.set(""),
            KeyCode::Char(c) if !ctrl => self.insert(c),
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
            }
            KeyCode::Delete if self.cursor < self.chars.len() => {
                self.chars.remove(self.cursor);
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.chars.len(),
            KeyCode::Up => self.recall(true),
            KeyCode::Down => self.recall(false),
            _ => return false,
        }
        true
    }
}

/// The engine's live (or last) line, as the engine panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thinking {
    pub job: Job,
    pub depth: u32,
    /// In White's point of view (`+0.3`, `#5`, `-#3`).
    pub score: String,
    pub nodes: u64,
    /// The main line in SAN.
    pub pv: Vec<String>,
    pub running: bool,
}

/// Everything the screen shows that is not the game itself.
#[derive(Debug, Default)]
pub struct Ui {
    pub line: LineEditor,
    /// Messages, oldest first.
    pub log: Vec<String>,
    /// Lines the message panel is scrolled back from the latest.
    pub scroll: usize,
    pub thinking: Option<Thinking>,
    /// The square of the piece clicked first.
    pub selected: Option<Square>,
    /// Where the selected piece can go.
    pub targets: Bitboard,
    /// A promotion waiting for its piece: the legal promotions of one click-click move.
    pub promotion: Option<Vec<Move>>,
    /// Figurines (else letters), coloured squares (else brackets mark the squares).
    pub unicode: bool,
    pub colour: bool,
    /// How far the analysis running in the background has got.
    pub analysing: Option<Progress>,
    /// The position shown while stepping through an analysed game (plies from the start),
    /// else `None`: the position on the board now.
    pub ply: Option<usize>,
    /// The one move chosen while the engine thinks, played when its move arrives.
    pub premove: Option<Premove>,
}

/// A move chosen while the engine thinks (as on lichess and the web page): kept, and played as
/// soon as the engine has moved if it is legal then, else dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Premove {
    /// Clicked: a piece's square and its target (a pawn reaching the last rank becomes a queen).
    Squares(Square, Square),
    /// Typed on the input line, read when the engine has moved.
    Typed(String),
}

impl Premove {
    /// The premove as the status line and the messages name it (`e2-e4`, or what was typed).
    pub fn describe(&self) -> String {
        match self {
            Premove::Squares(from, to) => format!("{from}-{to}"),
            Premove::Typed(text) => text.clone(),
        }
    }
}

/// Where `player`'s piece on `sq` might go once the opponent has moved, whatever the opponent
/// does: its moves on a board with nothing else on it, a pawn's captures and steps, castling by
/// the king's target or the rook. Whether the move is legal is seen when it is played.
pub fn premove_targets(pos: &Position, player: Color, sq: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(sq).filter(|p| p.color == player) else {
        return Bitboard::EMPTY;
    };
    match piece.role {
        Role::Pawn => {
            let (step, start): (i8, u8) = if player == Color::White { (1, 1) } else { (-1, 6) };
            let mut to = pawn_attacks(player, sq);
            let ahead = |n: i8| {
                let rank = sq.rank() as i8 + step * n;
                (0..8).contains(&rank).then(|| Square::from_coords(sq.file(), rank as u8))
            };
            for s in ahead(1).into_iter().chain(ahead(2).filter(|_| sq.rank() == start)) {
                to = to.with(s);
            }
            to
        }
        Role::King => {
            let mut to = piece_attacks(Role::King, sq, Bitboard::EMPTY);
            let back = player.back_rank();
            for (side, file) in [(CastlingSide::King, 6), (CastlingSide::Queen, 2)] {
                if let Some(rook) = pos.castling_rook(player, side) {
                    to = to.with(rook).with(Square::from_coords(file, back));
                }
            }
            to
        }
        role => piece_attacks(role, sq, Bitboard::EMPTY),
    }
}

/// What a click on the board asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Click {
    /// Nothing to do for the game (a piece selected or the selection cleared).
    Nothing,
    Play(Move),
}

/// The squares a click may name as a move's target: its own, and for castling (stored as the
/// king taking its rook) the king's destination too.
fn click_targets(m: Move) -> [Square; 2] {
    if m.is_castle() { [m.to(), castle_king_target(m)] } else { [m.to(), m.to()] }
}

/// Legal moves of `pos` from `from` whose target is the clicked square `to`.
fn moves_between(pos: &Position, from: Square, to: Square) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .filter(|&m| m.from() == from && click_targets(m).contains(&to))
        .collect()
}

impl Ui {
    pub fn new(unicode: bool, colour: bool) -> Ui {
        Ui { unicode, colour, ..Ui::default() }
    }

    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.targets = Bitboard::EMPTY;
        self.promotion = None;
    }

    /// A click on `sq`: the first click picks one of `player`'s pieces, the second its target.
    /// A move with several promotions waits in [`Ui::promotion`] for [`Ui::promote`].
    pub fn click(&mut self, pos: &Position, player: Color, sq: Square) -> Click {
        if let Some(from) = self.selected {
            let moves = moves_between(pos, from, sq);
            match moves.len() {
                0 => {}
                1 => {
                    self.clear_selection();
                    return Click::Play(moves[0]);
                }
                _ => {
                    self.targets = Bitboard::EMPTY;
                    self.promotion = Some(moves);
                    return Click::Nothing;
                }
            }
        }
        self.clear_selection();
        if pos.piece_at(sq).is_some_and(|p| p.color == player) && Some(sq) != self.selected {
            self.selected = Some(sq);
            for m in pos.legal_moves().iter().filter(|m| m.from() == sq) {
                for t in click_targets(m) {
                    self.targets = self.targets.with(t);
                }
            }
        }
        Click::Nothing
    }

    /// A click on `sq` while the engine thinks: the first click picks one of `player`'s pieces
    /// and shows where it might go, the second keeps the premove (replacing any other).
    pub fn premove_click(&mut self, pos: &Position, player: Color, sq: Square) {
        if let Some(from) = self.selected
            && self.targets.contains(sq)
        {
            self.clear_selection();
            self.premove = Some(Premove::Squares(from, sq));
            return;
        }
        let again = self.selected == Some(sq);
        self.clear_selection();
        let targets = premove_targets(pos, player, sq);
        if !again && !targets.is_empty() {
            self.selected = Some(sq);
            self.targets = targets;
        }
    }

    /// The squares of a clicked premove, for the board to mark.
    pub fn premove_squares(&self) -> Bitboard {
        match &self.premove {
            Some(Premove::Squares(from, to)) => Bitboard::from_square(*from).with(*to),
            _ => Bitboard::EMPTY,
        }
    }

    /// Takes the premove and reads it in `pos` (the player's turn now): the move to play, or
    /// what to call the premove that is not legal now; `None` when there is none.
    pub fn take_premove(&mut self, pos: &Position) -> Option<Result<Move, String>> {
        let premove = self.premove.take()?;
        let m = match &premove {
            Premove::Squares(from, to) => moves_between(pos, *from, *to)
                .into_iter()
                .find(|m| m.promotion_role().is_none_or(|r| r == Role::Queen)),
            Premove::Typed(text) => parse_move(pos, text).ok(),
        };
        Some(m.ok_or_else(|| premove.describe()))
    }

    /// Picks the promotion piece by its key (`q`, `r`, `b`, `n`; Enter for a queen); `None`
    /// for another key.
    pub fn promote(&mut self, key: KeyCode) -> Option<Move> {
        let role = match key {
            KeyCode::Char('q' | 'Q' | 'd' | 'D') | KeyCode::Enter => Role::Queen,
            KeyCode::Char('r' | 'R' | 'v' | 'V') => Role::Rook,
            KeyCode::Char('b' | 'B' | 's' | 'S') => Role::Bishop,
            KeyCode::Char('n' | 'N' | 'j' | 'J') => Role::Knight,
            _ => return None,
        };
        let m = self.promotion.as_ref()?.iter().copied().find(|m| m.promotion_role() == Some(role));
        self.clear_selection();
        m
    }

    /// Steps through a game of `plies` half-moves with ← → (a move back, forward), ↑ ↓ (ten),
    /// Home and End; stepping past the end shows the board now again. Returns whether `key`
    /// was one of these.
    pub fn step(&mut self, key: KeyCode, plies: usize) -> bool {
        let at = self.ply.unwrap_or(plies);
        let to = match key {
            KeyCode::Left => at.saturating_sub(1),
            KeyCode::Right => at + 1,
            KeyCode::Up => at.saturating_sub(10),
            KeyCode::Down => at + 10,
            KeyCode::Home => 0,
            KeyCode::End => plies,
            _ => return false,
        };
        self.ply = (to < plies).then_some(to);
        true
    }

    /// Adds a message to the log (kept to the last few hundred lines).
    pub fn say(&mut self, text: String) {
        self.scroll = 0;
        self.log.push(text);
        if self.log.len() > 500 {
            self.log.drain(..100);
        }
    }
}
