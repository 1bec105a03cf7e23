//! Endgame practice with perfect feedback (`vidle practice KBNvK`): a position from Vidle's own
//! DTM tables, the player's moves judged by the distance to mate they keep or lose, and a
//! defender that plays perfectly (the longest resistance, or a move that keeps the draw).
//!
//! Front-end independent: [`Practice`] holds the exercise, every word it says is a catalogue
//! [`Text`] (`words.rs`), and the terminal (`crate::practice_cmd`) only reads lines and prints.
//! Positions and tables come from `start.rs`.
//!
//! The fifty-move rule: the tables count moves to mate and ignore it, so the practice does too
//! when the player is winning (a note says when the clock passes 100 plies, and at the start
//! when the mate needs more than 50 moves); in a drawn exercise (`--draw`) it ends the exercise:
//! reaching it is holding the draw.

pub(crate) mod start;
pub(crate) mod words;

pub use start::{Options, ensure_tables};

use std::sync::Arc;
use vidle_core::notation::MoveParseError;
use vidle_core::notation::{parse_move, to_san};
use vidle_core::rng::SplitMix64;
use vidle_core::{Color, Move, Position};
use vidle_tb::{Material, Tablebases, TbValue};

/// Why an exercise cannot start or a move cannot be played; [`PracticeError::text`] words it.
#[derive(Debug, Clone, PartialEq)]
pub enum PracticeError {
    /// The endgame's name cannot be read (`KXvK`).
    Material(String),
    /// Not 3 to 5 pieces.
    Pieces(Material),
    /// The side asked for wins no position (`--draw`: holds no drawn one where a move loses).
    NothingToPractise {
        /// The endgame as typed.
        material: Material,
        /// The player's side.
        color: Color,
        /// A drawn exercise was asked for.
        draw: bool,
    },
    /// `--min-mate` above the table's longest mate.
    MinMate {
        /// The endgame as typed.
        material: Material,
        /// The longest mate of the table, in moves.
        longest: u16,
        /// What was asked.
        asked: u16,
    },
    /// Sampling found no position that fits.
    NotFound {
        /// The endgame as typed.
        material: Material,
        /// Positions tried.
        tries: u32,
    },
    /// `--fen` is no legal position (the reason in English, from the FEN reader).
    Fen(String),
    /// `--fen` has castling rights, which the tables leave out.
    Castling,
    /// `--fen` is mate or stalemate already.
    OverAlready,
    /// The typed move is not a move of the position.
    Move(MoveParseError),
    /// The exercise has ended (undo or quit).
    Ended,
    /// No table covers the position (the directory searched).
    NotCovered(String),
    /// A table could not be read or made.
    Table(String),
}

/// The player's aim, from the starting position's value for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Mate (the position is won).
    Mate,
    /// Hold the draw.
    Hold,
    /// Resist as long as possible (the position is lost).
    Resist,
}

/// How a move compares with the best one, by DTM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// As good as the best move: the same result at the same distance.
    Best,
    /// Still winning, this many moves slower.
    Slower(u16),
    /// Won before, drawn now.
    ThrowsWin,
    /// Won before, lost now.
    LosesWin,
    /// Drawn before, lost now.
    Loses,
    /// Lost before and still lost, this many moves sooner.
    Faster(u16),
}

/// What the practice says of one move of the player.
#[derive(Debug, Clone, PartialEq)]
pub struct Feedback {
    /// The move in SAN.
    pub san: String,
    /// How it compares with the best.
    pub verdict: Verdict,
    /// The position's value before the move, for the player.
    pub before: TbValue,
    /// The move's value for the player (what the position is worth with it played).
    pub after: TbValue,
    /// One best move in SAN (the first of the table's order).
    pub best: String,
}

/// The defender's reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The move played.
    pub mv: Move,
    /// In SAN.
    pub san: String,
    /// The position's value for the player after it.
    pub value: TbValue,
    /// The halfmove clock passed 100 plies (the fifty-move rule's limit) with the player's move
    /// or this reply.
    pub fifty: bool,
}

/// How an exercise ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The player mated.
    Mate,
    /// The player was mated.
    Mated,
    /// Stalemate.
    Stalemate,
    /// Neither side can mate (a capture left too little).
    Dead,
    /// The fifty-move rule, in a drawn exercise: the draw is held.
    Fifty,
}

/// One move of the player with what followed.
#[derive(Debug, Clone)]
struct Step {
    before: Position,
    user_move: Move,
    feedback: Feedback,
    reply: Option<Reply>,
}

/// The exercise's score so far ([`Practice::summary`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The player's moves.
    pub moves: u32,
    /// Of them as good as the best move.
    pub best: u32,
    /// Moves of mate (or of resistance) lost against best play by slower moves.
    pub lost: u32,
    /// Moves that threw away a result (win to draw or loss, draw to loss).
    pub blunders: u32,
    /// The starting value for the player.
    pub start: TbValue,
    /// The value for the player now.
    pub now: TbValue,
    /// How it ended; `None`: stopped.
    pub end: Option<End>,
}

/// One exercise: the position, the player's side, the moves so far and the tables that judge
/// them.
pub struct Practice {
    tables: Arc<Tablebases>,
    material: Material,
    user: Color,
    start: Position,
    start_value: TbValue,
    pos: Position,
    steps: Vec<Step>,
    rng: SplitMix64,
    end: Option<End>,
}

impl Practice {
    /// A new exercise from `tables`: a random position of `material` (as typed: the first side
    /// is White) when `fen` is `None`, else that position with its side to move as the player.
    /// The tables must be there ([`ensure_tables`]).
    ///
    /// # Errors
    /// Bad material or FEN, nothing to practise, no table ([`PracticeError`]).
    pub fn new(
        tables: Arc<Tablebases>,
        material: Option<&str>,
        fen: Option<&str>,
        opts: &Options,
    ) -> Result<Practice, PracticeError> {
        let mut rng = SplitMix64::new(opts.seed);
        let start = match fen {
            Some(f) => start::from_fen(f)?,
            None => {
                let m = start::parse_material(material.unwrap_or(""))?;
                start::random_position(&tables, m, opts, &mut rng)?
            }
        };
        let material = start::material_of(&start);
        let user = start.turn();
        let start_value = value(&tables, &start)?;
        let mut p = Practice {
            tables,
            material,
            user,
            start,
            start_value,
            pos: start,
            steps: Vec::new(),
            rng,
            end: None,
        };
        p.end = p.ending();
        if p.end.is_some() {
            return Err(PracticeError::OverAlready);
        }
        Ok(p)
    }

    /// The endgame as it stands on the board (White's pieces first).
    pub fn material(&self) -> Material {
        self.material
    }

    /// The player's side.
    pub fn user(&self) -> Color {
        self.user
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The last move played (the defender's reply, or the player's move it answered).
    pub fn last_move(&self) -> Option<Move> {
        let s = self.steps.last()?;
        Some(s.reply.as_ref().map_or(s.user_move, |r| r.mv))
    }

    /// The player's aim, from the starting value.
    pub fn goal(&self) -> Goal {
        match self.start_value {
            TbValue::Win(_) => Goal::Mate,
            TbValue::Draw => Goal::Hold,
            TbValue::Loss(_) => Goal::Resist,
        }
    }

    /// The starting value for the player.
    pub fn start_value(&self) -> TbValue {
        self.start_value
    }

    /// How the exercise ended, if it has.
    pub fn ended(&self) -> Option<End> {
        self.end
    }

    /// Whether the mate at the start needs more than the fifty-move rule's 50 moves (counted
    /// from the position's halfmove clock): the practice then says that it ignores the rule.
    pub fn beyond_fifty_moves(&self) -> bool {
        let left = 100u32.saturating_sub(u32::from(self.start.halfmove_clock()));
        matches!(self.start_value, TbValue::Win(d) if u32::from(d) > left)
    }

    /// The player's move `text` (SAN or UCI): played and judged against the best move by DTM.
    /// The defender answers with [`Practice::defender_move`].
    ///
    /// # Errors
    /// Not a legal move, the exercise has ended, or a table failed.
    pub fn play_user_move(&mut self, text: &str) -> Result<Feedback, PracticeError> {
        if self.end.is_some() {
            return Err(PracticeError::Ended);
        }
        if self.pos.turn() != self.user {
            // The defender owes a reply (a front end that did not ask for it): it comes first.
            self.defender_move()?;
        }
        let m = parse_move(&self.pos, text).map_err(PracticeError::Move)?;
        let moves = self.root_moves(&self.pos)?;
        let before = moves.first().map_or(TbValue::Draw, |&(_, v)| v);
        let after = moves.iter().find(|&&(mv, _)| mv == m).map_or(before, |&(_, v)| v);
        let best = moves.first().map_or_else(String::new, |&(mv, _)| to_san(&self.pos, mv));
        let feedback = Feedback {
            san: to_san(&self.pos, m),
            verdict: verdict(before, after),
            before,
            after,
            best,
        };
        let previous = self.pos;
        self.pos = self.pos.played(m);
        let step = Step { before: previous, user_move: m, feedback: feedback.clone(), reply: None };
        self.steps.push(step);
        self.end = self.ending();
        Ok(feedback)
    }

    /// The defender's reply when it is its turn and the exercise goes on: the move that keeps
    /// its best result (the longest loss, a draw, the fastest win), among equals in a draw the
    /// one that leaves the player the most losing moves, then one at random (by the seed).
    ///
    /// # Errors
    /// A table failed.
    pub fn defender_move(&mut self) -> Result<Option<Reply>, PracticeError> {
        if self.end.is_some() || self.pos.turn() == self.user || self.steps.is_empty() {
            return Ok(None);
        }
        let moves = self.root_moves(&self.pos)?;
        let Some(&(_, best)) = moves.first() else { return Ok(None) };
        let mut equal: Vec<Move> =
            moves.iter().filter(|&&(_, v)| v == best).map(|&(m, _)| m).collect();
        if best == TbValue::Draw && equal.len() > 1 {
            let mut scored = Vec::with_capacity(equal.len());
            for &m in &equal {
                let replies = self.root_moves(&self.pos.played(m))?;
                scored.push((replies.iter().filter(|(_, v)| *v < TbValue::Draw).count(), m));
            }
            let most = scored.iter().map(|&(n, _)| n).max().unwrap_or(0);
            equal = scored.into_iter().filter(|&(n, _)| n == most).map(|(_, m)| m).collect();
        }
        let m = equal[self.rng.below(equal.len())];
        let san = to_san(&self.pos, m);
        self.pos = self.pos.played(m);
        // The clock passed 100 plies during this move pair (the player's move or this reply).
        let clock_before = self.steps.last().map_or(0, |s| s.before.halfmove_clock());
        let fifty = clock_before < 100 && self.pos.halfmove_clock() >= 100;
        let reply = Reply { mv: m, san, value: child_value(best), fifty };
        if let Some(s) = self.steps.last_mut() {
            s.reply = Some(reply.clone());
        }
        self.end = self.ending();
        Ok(Some(reply))
    }

    /// The last move's feedback.
    pub fn feedback(&self) -> Option<&Feedback> {
        self.steps.last().map(|s| &s.feedback)
    }

    /// One best move for the player now, in SAN, with its value (the position's: the first of
    /// the table's order); `None` when the exercise has ended.
    ///
    /// # Errors
    /// A table failed.
    pub fn hint(&self) -> Result<Option<(String, TbValue)>, PracticeError> {
        if self.end.is_some() || self.pos.turn() != self.user {
            return Ok(None);
        }
        let moves = self.root_moves(&self.pos)?;
        Ok(moves.first().map(|&(m, v)| (to_san(&self.pos, m), v)))
    }

    /// The value for the player now.
    pub fn value_now(&self) -> TbValue {
        match self.steps.last() {
            None => self.start_value,
            Some(Step { reply: Some(r), .. }) => r.value,
            Some(Step { feedback, .. }) => feedback.after,
        }
    }

    /// Takes back the player's last move and the reply to it; returns the move taken back.
    pub fn undo(&mut self) -> Option<String> {
        let step = self.steps.pop()?;
        self.pos = step.before;
        self.end = None;
        Some(step.feedback.san)
    }

    /// The score so far (also in the middle: a stopped exercise).
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            moves: self.steps.len() as u32,
            best: 0,
            lost: 0,
            blunders: 0,
            start: self.start_value,
            now: self.value_now(),
            end: self.end,
        };
        for step in &self.steps {
            match step.feedback.verdict {
                Verdict::Best => s.best += 1,
                Verdict::Slower(n) | Verdict::Faster(n) => s.lost += u32::from(n),
                Verdict::ThrowsWin | Verdict::LosesWin | Verdict::Loses => s.blunders += 1,
            }
        }
        s
    }

    /// Every legal move of `pos` with its DTM value for the mover, best first.
    fn root_moves(&self, pos: &Position) -> Result<Vec<(Move, TbValue)>, PracticeError> {
        match self.tables.root_moves(pos) {
            Some(Ok(moves)) => Ok(moves),
            Some(Err(e)) => Err(PracticeError::Table(e.to_string())),
            None => Err(PracticeError::NotCovered(self.tables.dir().display().to_string())),
        }
    }

    /// How the game at the position now has ended, if it has.
    fn ending(&self) -> Option<End> {
        let pos = &self.pos;
        if pos.is_checkmate() {
            return Some(if pos.turn() == self.user { End::Mated } else { End::Mate });
        }
        if pos.is_stalemate() {
            return Some(End::Stalemate);
        }
        if pos.is_insufficient_material() {
            return Some(End::Dead);
        }
        (self.goal() == Goal::Hold && pos.halfmove_clock() >= 100).then_some(End::Fifty)
    }
}

/// The DTM value of `pos` for its side to move.
fn value(tables: &Tablebases, pos: &Position) -> Result<TbValue, PracticeError> {
    match tables.probe_dtm(pos) {
        Some(Ok(v)) => Ok(v),
        Some(Err(e)) => Err(PracticeError::Table(e.to_string())),
        None => Err(PracticeError::NotCovered(tables.dir().display().to_string())),
    }
}

/// The value of the position a move worth `v` leads to, for the other side (the inverse of
/// [`TbValue::parent`]).
fn child_value(v: TbValue) -> TbValue {
    match v {
        TbValue::Win(d) => TbValue::Loss(d.saturating_sub(1)),
        TbValue::Draw => TbValue::Draw,
        TbValue::Loss(d) => TbValue::Win(d.saturating_sub(1)),
    }
}

/// The mover's value after a move worth `v` and the opponent's best reply: two plies closer.
pub fn after_reply(v: TbValue) -> TbValue {
    match v {
        TbValue::Win(d) => TbValue::Win(d.saturating_sub(2)),
        TbValue::Draw => TbValue::Draw,
        TbValue::Loss(d) => TbValue::Loss(d.saturating_sub(2)),
    }
}

/// How a move worth `after` compares with the best, worth `before` (both for the mover).
pub fn verdict(before: TbValue, after: TbValue) -> Verdict {
    let moves = |plies: u16| plies / 2;
    match (before, after) {
        _ if before == after => Verdict::Best,
        (TbValue::Win(b), TbValue::Win(a)) => Verdict::Slower(moves(a.saturating_sub(b))),
        (TbValue::Win(_), TbValue::Draw) => Verdict::ThrowsWin,
        (TbValue::Win(_), TbValue::Loss(_)) => Verdict::LosesWin,
        (TbValue::Draw, _) => Verdict::Loses,
        (TbValue::Loss(b), TbValue::Loss(a)) => Verdict::Faster(moves(b.saturating_sub(a))),
        // A move better than the best cannot be: the tables disagree with themselves.
        (TbValue::Loss(_), _) => Verdict::Best,
    }
}

#[cfg(test)]
mod tests;
