//! Learn from your mistakes: the player's mistakes and blunders in an analysed game become
//! exercises kept with the game in the store ([`from_analysis`], written by
//! `Store::keep_exercises`), and an answer to one is judged here ([`check`]). Free of I/O: the
//! terminal (`vidle games exercises`) and the web page (`/api/exercises`) are its renderers.
//!
//! An answer solves the exercise when it is the engine's move, or when it is as good: both the
//! engine's move and the answer are searched with the same small budget ([`CHECK_NODES`]) and
//! the answer solves it when the analysis would not call it an inaccuracy against the engine's
//! move (it gives away less than 0.1 winning chances, 5 points of win percentage: about half
//! a pawn in a level position; a slower mate is as good). The move played in the game never
//! solves its own exercise.

use crate::analysis::judgement::{CP_CEILING, judge};
use crate::analysis::{Analysis, Eval, Judgement, Side};
use crate::i18n::{Msg, Text};
use crate::store::{NewExercise, StoredExercise};
use vidle_core::fen::{parse_fen, to_fen};
use vidle_core::notation::{parse_san, to_san, to_uci};
use vidle_core::{Color, Game, Move, Position};
use vidle_engine::{Engine, Score, SearchLimits};

/// Nodes searched after the engine's move and after the answer, to compare them.
pub const CHECK_NODES: u64 = 200_000;

/// The exercises an analysis of `game` gives: each move of `human` judged a mistake or a
/// blunder, with the engine's better move (moves without one are left out).
pub fn from_analysis(game: &Game, a: &Analysis, human: Color) -> Vec<NewExercise> {
    let positions = game.positions();
    let shredder = game.start().castling_needs_chess960();
    let mut out = Vec::new();
    for (i, m) in a.moves.iter().enumerate() {
        let serious = matches!(m.judgement, Some(Judgement::Mistake | Judgement::Blunder));
        let (Some(pos), Some(best_san), Some(&played)) =
            (positions.get(i), m.best.as_deref(), game.moves().get(i))
        else {
            continue;
        };
        if !serious || m.side != Side::from(human) {
            continue;
        }
        let Ok(best) = parse_san(pos, best_san) else { continue };
        let before = if i == 0 { a.start_eval } else { a.moves[i - 1].eval };
        let mover = pos.turn();
        let chess960 = shredder || pos.castling_needs_chess960();
        let (best_score, played_score) = (mover_score(before, mover), after_move(m.eval, mover));
        out.push(NewExercise {
            ply: m.ply as u32,
            fen: to_fen(pos, chess960),
            played: to_uci(played, chess960),
            played_san: m.san.clone(),
            best: to_uci(best, chess960),
            best_san: to_san(pos, best),
            best_score,
            played_score,
            loss: held(best_score) - held(played_score),
            judgement: m.judgement.unwrap_or(Judgement::Mistake),
        });
    }
    out
}

/// An evaluation (White's point of view) as a score from `mover`'s; a checkmate on the board
/// is a mate in 0 for its winner.
fn mover_score(e: Eval, mover: Color) -> Score {
    let sign = if mover == Color::White { 1 } else { -1 };
    match e {
        Eval::Cp(cp) => Score::Cp(sign * cp),
        Eval::Mate(n) => Score::Mate(sign * n),
        Eval::Checkmate { winner } if winner == Side::from(mover) => Score::Mate(0),
        // The mover checkmated: never the case after the mover's own move, nor before it (the
        // position has a move); kept as mated at once.
        Eval::Checkmate { .. } => Score::Mate(-1),
    }
}

/// The evaluation after a move by `mover` as a score of the position before it, from the
/// mover's point of view: a mate the mover gives counts the move itself (mate in 2 after it is
/// mate in 3 before it; a checkmate on the board, mate in 1). Every score an exercise shows is
/// of the position before the move, so the engine's move and the player's compare.
fn after_move(e: Eval, mover: Color) -> Score {
    match mover_score(e, mover) {
        Score::Mate(n) if n >= 0 => Score::Mate(n + 1),
        s => s,
    }
}

/// A score held within ±[`CP_CEILING`], a mate counting as the ceiling.
fn held(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
        Score::Mate(n) if n >= 0 => CP_CEILING,
        Score::Mate(_) => -CP_CEILING,
    }
}

/// A score from the mover's point of view as the exercises show it: `+0.3`, `−3.2`, `#3`
/// (the mover mates in 3), `#−2` (the mover is mated in 2).
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => {
            format!("{}{:.1}", if cp < 0 { "−" } else { "+" }, f64::from(cp.abs()) / 100.0)
        }
        Score::Mate(n) if n < 0 => format!("#−{}", -n),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// What the played move cost: `−3.2` (pawns) between two centipawn scores, else the two
/// scores (`+0.3 → #−1`).
pub fn loss_text(e: &NewExercise) -> String {
    match (e.best_score, e.played_score) {
        (Score::Cp(_), Score::Cp(_)) => score_text(Score::Cp(-e.loss)),
        (b, p) => format!("{} → {}", score_text(b), score_text(p)),
    }
}

/// An exercise ready to be answered: its position and moves read back.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The position before the mistake; the player is to move.
    pub position: Position,
    /// The engine's move.
    pub best: Move,
    /// The move played in the game.
    pub played: Move,
}

impl Puzzle {
    /// The exercise's position and moves; `None` when they do not read back (a damaged row).
    pub fn of(e: &NewExercise) -> Option<Puzzle> {
        let position = parse_fen(&e.fen).ok()?;
        let best = parse_san(&position, &e.best_san).ok()?;
        let played = parse_san(&position, &e.played_san).ok()?;
        Some(Puzzle { position, best, played })
    }

    /// The player's colour.
    pub fn side(&self) -> Color {
        self.position.turn()
    }
}

/// The judgement of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The engine's move.
    Best,
    /// Another move, as good as the engine's: the scores after it and after the engine's
    /// move (the mover's point of view).
    AsGood {
        /// After the answer.
        score: Score,
        /// After the engine's move.
        best_score: Score,
    },
    /// The move played in the game again.
    Again,
    /// A worse move: the scores after it and after the engine's move.
    Worse {
        /// After the answer.
        score: Score,
        /// After the engine's move.
        best_score: Score,
    },
}

impl Verdict {
    /// Whether the answer solves the exercise.
    pub fn solved(self) -> bool {
        matches!(self, Verdict::Best | Verdict::AsGood { .. })
    }

    /// What the player is told about `answer` (English SAN in the texts' `move` and `best`).
    pub fn text(self, p: &Puzzle, answer: Move) -> Text {
        let said = to_san(&p.position, answer);
        let best = to_san(&p.position, p.best);
        match self {
            Verdict::Best => Text::new(Msg::ExerciseSolvedBest).arg("move", said),
            Verdict::AsGood { score, best_score } => Text::new(Msg::ExerciseSolvedGood)
                .arg("move", said)
                .arg("score", score_text(score))
                .arg("best", best)
                .arg("best_score", score_text(best_score)),
            Verdict::Again => Text::new(Msg::ExerciseAgain).arg("move", said).arg("best", best),
            Verdict::Worse { score, best_score } => Text::new(Msg::ExerciseWorse)
                .arg("move", said)
                .arg("score", score_text(score))
                .arg("best", best)
                .arg("best_score", score_text(best_score)),
        }
    }
}

/// Judges `answer` (a legal move of the puzzle's position) with `engine`: the engine's move
/// at once, the move played again at once, any other by a search of [`CHECK_NODES`] after it
/// and after the engine's move.
pub fn check(p: &Puzzle, answer: Move, engine: &mut Engine) -> Verdict {
    if answer == p.best {
        return Verdict::Best;
    }
    if answer == p.played {
        return Verdict::Again;
    }
    let mover = p.side();
    let best_eval = eval_after(&p.position, p.best, engine);
    let eval = eval_after(&p.position, answer, engine);
    let (score, best_score) = (after_move(eval, mover), after_move(best_eval, mover));
    if judge(best_eval, eval, mover).is_none() {
        Verdict::AsGood { score, best_score }
    } else {
        Verdict::Worse { score, best_score }
    }
}

/// The evaluation (White's point of view) after `m`: a checkmate or stalemate as it stands,
/// else a search of [`CHECK_NODES`] from a cleared table (the same answer every time). A
/// search that gave no score counts as level.
fn eval_after(pos: &Position, m: Move, engine: &mut Engine) -> Eval {
    let after = pos.played(m);
    if !after.has_legal_moves() {
        return if after.is_check() {
            Eval::Checkmate { winner: pos.turn().into() }
        } else {
            Eval::Cp(0)
        };
    }
    engine.new_game();
    let limits = SearchLimits { nodes: Some(CHECK_NODES), ..Default::default() };
    let result = engine.search_blocking(&Game::new(after), limits);
    result.info.map_or(Eval::Cp(0), |info| Eval::from_score(info.score, after.turn()))
}

/// "Game 3, move 12: you played Nf6 here (blunder, −3.2). Find a better move." (without the
/// game when `game` is `None`: the web page shows its own).
pub fn prompt(e: &StoredExercise, game: Option<i64>) -> Text {
    let x = &e.exercise;
    let word = if x.judgement == Judgement::Blunder { Msg::Blunder } else { Msg::Mistake };
    let number = parse_fen(&x.fen).map_or(x.ply.div_ceil(2), |p| u32::from(p.fullmove_number()));
    let text = match game {
        Some(game) => Text::new(Msg::ExercisePrompt).arg("game", game),
        None => Text::new(Msg::ExercisePromptMove),
    };
    text.arg("number", number)
        .arg("move", &x.played_san)
        .arg_text("judgement", word)
        .arg("loss", loss_text(x))
}

#[cfg(test)]
mod tests;
