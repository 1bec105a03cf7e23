//! Draws agreed between the player and the engine, both ways, as a person of the engine's level
//! would: the player's offer is judged by a search ([`GameSession::draw_plan`],
//! [`GameSession::answer_draw`]); the engine offers one itself after its move when the game has
//! gone level for long enough ([`GameSession::engine_offers_draw`]), and the player takes it
//! with the same `draw` command (any move declines it).

use super::plan::DRAW_MOVETIME_MS;
use super::{EndReason, GameSession, Refusal, SearchOutcome, SearchPlan};
use vidle_core::{Game, Move};
use vidle_engine::Score;

/// Before this move number the engine agrees to a draw only in a dead or a lost position (a
/// person does not agree a draw in the opening of a playable game), and offers none.
pub const DRAW_FROM_MOVE: u32 = 30;
/// Before [`DRAW_FROM_MOVE`], the engine's score at or below which it takes a draw anyway
/// (centipawns, its own view: clearly lost).
const DRAW_ACCEPT_LOST_CP: i32 = -300;
/// From [`DRAW_FROM_MOVE`] on, a full-strength engine takes a draw at or below this score.
const DRAW_ACCEPT_CP: i32 = -25;
/// The engine's own scores after this many of its moves in a row decide whether it offers.
const OFFER_AFTER_MOVES: usize = 6;
/// Its moves between two offers of its own (a declined offer is not repeated at once).
const OFFER_EVERY_MOVES: usize = 10;
/// A full-strength engine offers when each of those scores lies within this of 0.00.
const OFFER_LEVEL_CP: i32 = 15;

/// The engine's answer to a draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAnswer {
    pub accepted: bool,
}

/// The engine's view of its position (centipawns, its own side), a mate counted as ±100,000.
fn own_cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000,
        Score::Mate(_) => -100_000,
    }
}

/// The band of its own scores in which an engine of `elo` (`None`: full strength) offers a draw:
/// a full-strength engine only in a level position; a weaker one, as weaker players do, also
/// when it stands somewhat worse (it fears losing) and a little better (it fears the stronger
/// opponent): down to −0.15 − (2800 − Elo) / 8 and up to 0.15 + (2800 − Elo) / 40 pawns
/// (club, 1700: −1.52 … +0.42).
pub fn offer_band(elo: Option<u32>) -> (i32, i32) {
    let below = (2800 - elo.unwrap_or(2800).min(2800) as i32).max(0);
    (-OFFER_LEVEL_CP - below / 8, OFFER_LEVEL_CP + below / 40)
}

impl GameSession {
    /// The search that judges a draw offer: full strength, no book (a book move has no score),
    /// a fixed time; only on the player's turn and once per move. When the engine's own offer
    /// stands, [`GameSession::accept_engine_offer`] ends the game without one.
    pub fn draw_plan(&self) -> Result<SearchPlan, Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        if !self.is_human_turn() {
            return Err(Refusal::NotYourTurn);
        }
        if self.draw_declined_at == Some(self.game.moves().len()) {
            return Err(Refusal::DrawAlreadyDeclined);
        }
        Ok(self.analysis_plan(DRAW_MOVETIME_MS, false))
    }

    /// Answers a draw offer from the search of [`GameSession::draw_plan`], as a person of the
    /// level would:
    /// - a dead position (insufficient material) or one the search proves drawn (score exactly
    ///   0.00 with a line that repeats a position) is agreed at any move;
    /// - before move [`DRAW_FROM_MOVE`] otherwise only a clearly lost one (its own score at most
    ///   [`DRAW_ACCEPT_LOST_CP`], or being mated);
    /// - from that move on, when its score is at most [`DRAW_ACCEPT_CP`] at full strength, and
    ///   lower at weaker levels (they believe in their position longer: an eighth of a
    ///   centipawn less per Elo below 2800, −1.9 pawns at 1700, −2.75 at 800).
    ///
    /// A search that returned no score declines (the engine knows nothing that makes a draw
    /// good for it), so a draw is never agreed by accident.
    pub fn answer_draw(&mut self, outcome: &SearchOutcome) -> Result<DrawAnswer, Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::GameOver);
        }
        if outcome.game_len != self.game.moves().len() || !self.is_human_turn() {
            return Err(Refusal::GameChanged);
        }
        // The score is the player's (the side to move); the engine judges from its own side.
        let engine_cp = outcome.info.as_ref().map(|i| -own_cp(i.score));
        let pos = self.game.position();
        let proven = pos.is_insufficient_material()
            || (engine_cp == Some(0)
                && outcome.info.as_ref().is_some_and(|i| line_repeats(&self.game, &i.pv)));
        let threshold = if u32::from(pos.fullmove_number()) < DRAW_FROM_MOVE {
            DRAW_ACCEPT_LOST_CP
        } else {
            let elo = self.strength.0.unwrap_or(2800).min(2800) as i32;
            DRAW_ACCEPT_CP - (2800 - elo) / 8
        };
        let accepted = proven || engine_cp.is_some_and(|cp| cp <= threshold);
        if accepted {
            self.finish("1/2-1/2", EndReason::DrawAgreed);
        } else {
            self.draw_declined_at = Some(self.game.moves().len());
        }
        Ok(DrawAnswer { accepted })
    }

    /// Whether the engine's own draw offer stands (made with its last move; the player's next
    /// move declines it).
    pub fn engine_offers_draw(&self) -> bool {
        self.ended.is_none() && self.engine_offer == Some(self.game.moves().len())
    }

    /// Takes the engine's standing offer: the game ends, drawn by agreement. False (nothing
    /// changes) when no offer stands.
    pub fn accept_engine_offer(&mut self) -> bool {
        if !self.engine_offers_draw() {
            return false;
        }
        self.finish("1/2-1/2", EndReason::DrawAgreed);
        true
    }

    /// After the engine's move (`score`: its search's, from the side that moved; `None` for a
    /// book move): keeps the score and decides whether the engine offers a draw: from move
    /// [`DRAW_FROM_MOVE`] when its last [`OFFER_AFTER_MOVES`] scores all lie in [`offer_band`];
    /// at any move when the position is dead or the search proves a draw (0.00 with a line that
    /// repeats); never twice within [`OFFER_EVERY_MOVES`] of its moves.
    pub(super) fn after_engine_move(&mut self, score: Option<Score>, pv: &[Move], ply: usize) {
        self.engine_scores.retain(|&(p, _)| p < ply);
        let Some(score) = score else {
            self.engine_scores.clear(); // a book move: no view of the position yet
            return;
        };
        let cp = own_cp(score);
        self.engine_scores.push((ply, cp));
        if self.ended.is_some() {
            return;
        }
        let len = self.game.moves().len();
        let mut before = self.game.clone();
        before.undo();
        let proven = self.game.position().is_insufficient_material()
            || (cp == 0 && line_repeats(&before, pv));
        let recent = self.engine_offer.is_some_and(|p| len < p + 2 * OFFER_EVERY_MOVES);
        let (low, high) = offer_band(self.strength.0);
        let level = u32::from(self.game.position().fullmove_number()) >= DRAW_FROM_MOVE
            && self.engine_scores.len() >= OFFER_AFTER_MOVES
            && self.engine_scores[self.engine_scores.len() - OFFER_AFTER_MOVES..]
                .iter()
                .all(|&(_, s)| (low..=high).contains(&s));
        if (proven || level) && !recent {
            self.engine_offer = Some(len);
        }
    }
}

/// Whether playing `pv` from the game's position repeats a position (a drawing line).
fn line_repeats(game: &Game, pv: &[Move]) -> bool {
    let mut g = game.clone();
    for &m in pv {
        if !g.position().is_legal(m) {
            return false;
        }
        g.play(m);
        if g.repetitions() >= 2 {
            return true;
        }
    }
    false
}
