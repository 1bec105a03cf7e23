//! One game against the engine, as both front ends play it: the moves with undo and redo, both
//! clocks, the strength level, book and tablebase use, hints, draw offers, resignation, the end
//! of the game (decided in one place, [`GameSession::check_end`]) and the PGN record.
//!
//! The session does no I/O and owns no engine: it says which search to run ([`SearchPlan`]),
//! and the front end runs it (the terminal on its own engine, the web server in its pool), feeds
//! the events into a [`SearchOutcome`] and hands that back. So the terminal (`play/`) and the web
//! server (`web/`) are renderers of the same rules and behave the same by construction; a
//! full-screen terminal can redraw from [`GameSession`] at any time (the clocks count from an
//! `Instant`).

pub mod captured;
pub mod draw;
mod file;
pub mod pgn;
mod plan;
pub mod setup;
pub mod stored;
pub mod strength;

pub use file::{FileError, FileWhy};
pub use plan::{HINT_MOVETIME_MS, SearchOutcome, SearchPlan};

use crate::clock::Clock;
use crate::openings;
use pgn::PgnHeaders;
use strength::Strength;
use vidle_core::notation::to_san;
use vidle_core::{Color, Game, Move, Outcome, Position};
use vidle_engine::{Score, SearchLimits, TbOutcome};

/// Plies a game may have: a longer game ends as a draw (no real game comes near; it bounds the
/// memory and the replies of one game), and a longer PGN is refused by the web server.
pub const MAX_PLIES: usize = 1000;
/// Thinking time per engine move without a clock or a depth limit.
pub const DEFAULT_MOVETIME_MS: u64 = 2000;
/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// Checkmate, stalemate, repetition, fifty moves, insufficient material.
    Rules(Outcome),
    Resigned(Color),
    LostOnTime(Color),
    DrawAgreed,
    /// The game reached [`MAX_PLIES`].
    MoveLimit,
}

impl EndReason {
    /// In English, as the PGN `Termination` tag and the web page give it: "checkmate, White
    /// wins", "White resigns", "draw agreed".
    pub fn english(self) -> String {
        match self {
            EndReason::Rules(o) => o.to_string(),
            EndReason::Resigned(c) => format!("{} resigns", color_word(c)),
            EndReason::LostOnTime(c) => format!("{} lost on time", color_word(c)),
            EndReason::DrawAgreed => "draw agreed".into(),
            EndReason::MoveLimit => {
                format!("draw: the limit of {} moves is reached", MAX_PLIES / 2)
            }
        }
    }
}

/// The end of a game: the PGN result and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    pub reason: EndReason,
}

/// Why the session refused a request; the front ends word it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    NotYourTurn,
    IllegalMove,
    /// The player's time had run out when the move came (the game is now lost on time).
    TimeOut,
    NothingToUndo,
    NothingToRedo,
    /// The engine declined a draw on this move already.
    DrawAlreadyDeclined,
    /// The game changed while the engine was searching (a stale answer).
    GameChanged,
}

/// How the session was set up.
#[derive(Debug, Clone)]
pub struct Setup {
    pub game: Game,
    pub human: Color,
    pub strength: Strength,
    /// Depth limit of the engine's own moves.
    pub depth: Option<u32>,
    /// Thinking time per engine move without a clock ([`DEFAULT_MOVETIME_MS`] when `None` and
    /// no depth is given).
    pub movetime_ms: Option<u64>,
    pub clock: Option<Clock>,
    pub chess960: bool,
}

/// The engine's move, as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineMove {
    pub mv: Move,
    /// SAN in the position before the move.
    pub san: String,
    pub book: bool,
    /// The last score of the search (side to move's view) and its depth.
    pub score: Option<(Score, u32)>,
    /// The side that moved.
    pub mover: Color,
    /// Set when our tablebases decided the move.
    pub tablebase: Option<TbOutcome>,
}

impl EngineMove {
    /// The mate the engine announces (in moves), when its score is a mate for itself and the
    /// move does not already mate.
    pub fn announced_mate(&self, gives_mate: bool) -> Option<i32> {
        match self.score {
            Some((Score::Mate(n), _)) if n > 1 || (n == 1 && !gives_mate) => Some(n),
            _ => None,
        }
    }
}

/// A suggested move for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    pub san: String,
    /// From the opening book (no score then).
    pub book: bool,
    /// The score as people read it (White's point of view), when the search gave one.
    pub score: Option<String>,
}

/// One game against the engine.
#[derive(Debug, Clone)]
pub struct GameSession {
    game: Game,
    redo: Vec<Move>,
    human: Color,
    strength: Strength,
    depth: Option<u32>,
    movetime_ms: Option<u64>,
    clock: Option<Clock>,
    chess960: bool,
    ended: Option<Ending>,
    /// Plies (indices into the move list) the engine played from its opening book.
    book_plies: Vec<usize>,
    /// The ply at which the engine last declined a draw (no repeated offers on the same move).
    draw_declined_at: Option<usize>,
    /// The game's length when the engine last offered a draw itself (it stands while the game
    /// is that long).
    engine_offer: Option<usize>,
    /// The engine's own scores after its recent searched moves: (ply, centipawns).
    engine_scores: Vec<(usize, i32)>,
    /// The result a loaded game was given (shown when it is loaded).
    loaded_result: Option<String>,
}

pub fn color_word(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

fn win_for(c: Color) -> &'static str {
    if c == Color::White { "1-0" } else { "0-1" }
}

impl GameSession {
    pub fn new(setup: Setup) -> GameSession {
        let chess960 = setup.chess960 || setup.game.start().castling_needs_chess960();
        let mut s = GameSession {
            game: setup.game,
            redo: Vec::new(),
            human: setup.human,
            strength: setup.strength,
            depth: setup.depth,
            movetime_ms: setup.movetime_ms,
            clock: setup.clock,
            chess960,
            ended: None,
            book_plies: Vec::new(),
            draw_declined_at: None,
            engine_offer: None,
            engine_scores: Vec::new(),
            loaded_result: None,
        };
        s.check_end();
        s
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn human(&self) -> Color {
        self.human
    }

    pub fn strength(&self) -> Strength {
        self.strength
    }

    pub fn set_strength(&mut self, s: Strength) {
        self.strength = s;
    }

    pub fn chess960(&self) -> bool {
        self.chess960
    }

    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    pub fn ended(&self) -> Option<Ending> {
        self.ended
    }

    /// The engine's thinking time per move without a clock (`None` with a depth limit only).
    pub fn movetime_ms(&self) -> Option<u64> {
        match (self.movetime_ms, self.depth) {
            (Some(ms), _) => Some(ms),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_MOVETIME_MS),
        }
    }

    /// Whether the engine played ply `i` (an index into the move list) from its book.
    pub fn is_book_ply(&self, i: usize) -> bool {
        self.book_plies.contains(&i)
    }

    /// The result a loaded game carried, if any.
    pub fn loaded_result(&self) -> Option<&str> {
        self.loaded_result.as_deref()
    }

    pub fn is_human_turn(&self) -> bool {
        self.ended.is_none() && self.game.position().turn() == self.human
    }

    pub fn engine_to_move(&self) -> bool {
        self.ended.is_none() && self.game.position().turn() != self.human
    }

    /// Ends the game if the rules (or the move limit) say it has ended. The one place that does.
    fn check_end(&mut self) {
        if self.ended.is_some() {
            return;
        }
        if let Some(o) = self.game.status() {
            self.finish(o.result(), EndReason::Rules(o));
        } else if self.game.moves().len() >= MAX_PLIES {
            self.finish("1/2-1/2", EndReason::MoveLimit);
        }
    }

    pub(super) fn finish(&mut self, result: &'static str, reason: EndReason) {
        self.ended = Some(Ending { result, reason });
        if let Some(c) = &mut self.clock {
            c.pause();
        }
    }

    /// Ends the game on time if the running clock has reached zero; returns whether it did.
    pub fn check_flag(&mut self) -> bool {
        if self.ended.is_some() {
            return false;
        }
        let Some(loser) = self.clock.as_ref().and_then(Clock::flagged) else { return false };
        self.finish(win_for(!loser), EndReason::LostOnTime(loser));
        true
    }

    /// Stops the clocks without charging anyone more (an abandoned search, a closed page).
    pub fn pause_clock(&mut self) {
        if let Some(c) = &mut self.clock {
            c.pause();
        }
    }

    /// Plays `m` for whoever is to move: charges the mover's clock (a move after the flag fell
    /// loses on time), starts the other clock, clears the redo list and checks the end.
    fn play(&mut self, m: Move) -> Result<(), Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.game.position().is_legal(m) {
            return Err(Refusal::IllegalMove);
        }
        let mover = self.game.position().turn();
        if let Some(c) = &mut self.clock
            && !c.charge(mover)
        {
            self.finish(win_for(!mover), EndReason::LostOnTime(mover));
            return Err(Refusal::TimeOut);
        }
        let ply = self.game.moves().len();
        self.game.play(m);
        self.redo.clear();
        // Marks from an undone line no longer apply to the moves that replace it.
        self.book_plies.retain(|&p| p < ply);
        self.draw_declined_at = None;
        if let Some(c) = &mut self.clock {
            c.start(!mover);
        }
        self.check_end();
        Ok(())
    }

    /// The player's move.
    pub fn play_human(&mut self, m: Move) -> Result<(), Refusal> {
        self.check_flag();
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.is_human_turn() {
            return Err(Refusal::NotYourTurn);
        }
        self.play(m)
    }

    /// The search for the engine's own move, when it is the engine's turn: its strength, the
    /// book on, the clock's times (or the session's movetime and depth). Starts the engine's
    /// clock when the game has begun (the first move of a game is not timed).
    pub fn engine_plan(&mut self) -> Option<SearchPlan> {
        if !self.engine_to_move() {
            return None;
        }
        let turn = self.game.position().turn();
        let mut limits = SearchLimits { depth: self.depth, ..Default::default() };
        match &mut self.clock {
            Some(c) => {
                if !self.game.moves().is_empty() && c.running() != Some(turn) {
                    c.start(turn);
                }
                let ms = |side| c.remaining(side).as_millis() as u64;
                limits.wtime = Some(ms(Color::White));
                limits.btime = Some(ms(Color::Black));
                let inc = c.increment().as_millis() as u64;
                limits.winc = Some(inc);
                limits.binc = Some(inc);
            }
            None => limits.movetime = self.movetime_ms(),
        }
        Some(SearchPlan {
            game: self.game.clone(),
            limits,
            elo: self.strength.0,
            own_book: true,
            chess960: self.chess960,
        })
    }

    /// Plays the engine's answer to [`GameSession::engine_plan`]. `None` when the search gave no
    /// legal move for this position (the game has ended, or changed meanwhile) or the engine's
    /// time ran out (the game is then over).
    pub fn engine_played(&mut self, outcome: &SearchOutcome) -> Option<EngineMove> {
        if !self.engine_to_move() || outcome.game_len != self.game.moves().len() {
            return None;
        }
        let pos = *self.game.position();
        let m = outcome.best.filter(|&m| pos.is_legal(m))?;
        let ply = self.game.moves().len();
        self.play(m).ok()?;
        if outcome.from_book {
            self.book_plies.push(ply);
        }
        let searched = outcome.info.as_ref().filter(|_| !outcome.from_book);
        let pv = searched.map_or(&[][..], |i| i.pv.as_slice());
        self.after_engine_move(searched.map(|i| i.score), pv, ply);
        Some(EngineMove {
            mv: m,
            san: to_san(&pos, m),
            book: outcome.from_book,
            score: outcome.info.as_ref().map(|i| (i.score, i.depth)),
            mover: pos.turn(),
            tablebase: outcome.tablebase,
        })
    }

    /// The search for a hint: the same for every front end (full strength, book on, a fixed
    /// time), only on the player's turn.
    pub fn hint_plan(&self) -> Result<SearchPlan, Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.is_human_turn() {
            return Err(Refusal::NotYourTurn);
        }
        Ok(self.analysis_plan(HINT_MOVETIME_MS, true))
    }

    /// The hint from the search of [`GameSession::hint_plan`]; `None` when it found no move for
    /// the current position.
    pub fn hint(&self, outcome: &SearchOutcome) -> Option<Hint> {
        let pos = self.game.position();
        if outcome.game_len != self.game.moves().len() {
            return None;
        }
        let m = outcome.best.filter(|&m| pos.is_legal(m))?;
        Some(Hint {
            mv: m,
            san: to_san(pos, m),
            book: outcome.from_book,
            score: if outcome.from_book {
                None
            } else {
                outcome.info.as_ref().map(|i| i.score.for_people(pos.turn()))
            },
        })
    }

    pub(super) fn analysis_plan(&self, movetime_ms: u64, own_book: bool) -> SearchPlan {
        SearchPlan {
            game: self.game.clone(),
            limits: SearchLimits { movetime: Some(movetime_ms), ..Default::default() },
            elo: None,
            own_book,
            chess960: self.chess960,
        }
    }

    /// The player resigns.
    pub fn resign(&mut self) -> Result<(), Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        self.finish(win_for(!self.human), EndReason::Resigned(self.human));
        Ok(())
    }

    /// Takes back to the player's previous turn (their move and the engine's reply); the game
    /// is open again unless the rules end it. The player's clock runs again at once (the time
    /// spent is not given back, as on lichess), except before the first move, which is not
    /// timed. Undo is always allowed: there are no rated games yet, and the PGN keeps only the
    /// moves that stand.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let mut taken = Vec::new();
        while let Some(m) = self.game.undo() {
            taken.push(m);
            if self.game.position().turn() == self.human {
                break;
            }
        }
        if taken.is_empty() {
            return Err(Refusal::NothingToUndo);
        }
        self.redo.extend(taken);
        let len = self.game.moves().len();
        self.book_plies.retain(|&p| p < len);
        self.engine_scores.retain(|&(p, _)| p < len);
        self.ended = None;
        self.draw_declined_at = None;
        self.engine_offer = None;
        self.pause_clock();
        self.check_end();
        if self.ended.is_none() && len > 0 {
            let to_move = self.game.position().turn();
            if let Some(c) = &mut self.clock {
                c.start(to_move);
            }
        }
        Ok(())
    }

    /// Replays what [`GameSession::undo`] took back, up to the player's next turn.
    pub fn redo(&mut self) -> Result<(), Refusal> {
        let Some(m) = self.redo.pop() else { return Err(Refusal::NothingToRedo) };
        self.game.play(m);
        while self.game.position().turn() != self.human {
            match self.redo.pop() {
                Some(m) => {
                    self.game.play(m);
                }
                None => break,
            }
        }
        self.check_end();
        Ok(())
    }

    /// A new game from `start` (the player's colour changed when `human` is given).
    pub fn new_game(&mut self, start: Position, human: Option<Color>) {
        if let Some(h) = human {
            self.human = h;
        }
        self.replace_game(Game::new(start), self.chess960);
        self.loaded_result = None;
    }

    /// Continues a game read from PGN: its moves, its variant, the result it carried.
    pub fn load(&mut self, loaded: pgn::LoadedGame) {
        self.replace_game(loaded.game, loaded.chess960);
        self.loaded_result = loaded.result;
    }

    fn replace_game(&mut self, game: Game, chess960: bool) {
        self.chess960 = chess960 || game.start().castling_needs_chess960();
        self.game = game;
        self.redo.clear();
        self.book_plies.clear();
        self.draw_declined_at = None;
        self.engine_offer = None;
        self.engine_scores.clear();
        self.ended = None;
        if let Some(c) = &mut self.clock {
            c.reset();
        }
        self.check_end();
    }

    /// The PGN headers: players, date, result, termination, time control, opening, variant.
    pub fn headers(&self) -> PgnHeaders {
        let vidle = format!("Vidle ({})", self.strength.name());
        let (white, black) = if self.human == Color::White {
            ("Player".to_string(), vidle)
        } else {
            (vidle, "Player".to_string())
        };
        PgnHeaders {
            event: "Vidle game".into(),
            white,
            black,
            result: self.ended.map_or("*", |e| e.result).to_string(),
            date: pgn::today(),
            termination: self.ended.map(|e| e.reason.english()),
            time_control: self.clock.as_ref().map(Clock::pgn_time_control),
            opening: openings::name_of(&self.game).map(|o| (o.eco.to_string(), o.name.to_string())),
            chess960: self.chess960,
        }
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        pgn::write_pgn(&self.game, &self.headers())
    }
}

/// Whether playing `pv` on from `game` reaches a position that occurred before (in the game or
/// earlier in the line): the search's draw score then comes from a repetition it can force.
#[cfg(test)]
mod tests;
