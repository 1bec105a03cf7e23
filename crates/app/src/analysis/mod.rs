//! Post-game analysis, free of I/O: every position of a game evaluated by the engine at full
//! strength, each move judged by the winning chances it gave away (inaccuracy, mistake,
//! blunder, as lichess does), the engine's better move, an accuracy figure per side, and the
//! pieces the front ends show: the annotated PGN ([`annotate`]) and the evaluation graph
//! ([`chart`]).
//!
//! ```
//! use vidle::analysis::{self, GameRecord};
//! use vidle_engine::{Engine, SearchLimits};
//! let record = GameRecord::from_pgn_text("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")?;
//! let mut engine = Engine::new();
//! let limits = SearchLimits { depth: Some(4), ..Default::default() };
//! let a = analysis::analyse(&record.game, limits, &mut engine, &mut |_| true)?;
//! let nf6 = a.moves.iter().find(|m| m.san == "Nf6").unwrap();
//! assert_eq!(nf6.judgement, Some(analysis::Judgement::Blunder)); // 3... Nf6??
//! println!("{}", analysis::annotate::annotated_pgn(&record, &a));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Scores here are from White's point of view (the `[%eval]` convention); the engine reports
//! them from the side to move's.

/// Time per position of an analysis (`vidle analyse` without `--movetime` or `--depth`, the
/// post-game analysis of terminal and web play).
pub const DEFAULT_MOVETIME_MS: u64 = 300;

pub mod accuracy;
pub mod annotate;
pub mod chart;
pub mod judgement;
mod record;
pub mod summary;

pub use judgement::Judgement;
pub use record::{GameRecord, RecordError};

use serde::Serialize;
use std::fmt;
use vidle_core::notation::{to_san, to_uci};
use vidle_core::{Color, Game, Move, Position};
use vidle_engine::{Engine, Score, SearchLimits};

/// The most plies of the engine's line kept as the better move's variation.
pub const LINE_PLIES: usize = 6;

/// A side, for the JSON the web page reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side with the white pieces (`"white"` in JSON).
    White,
    /// The side with the black pieces (`"black"` in JSON).
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// An evaluation from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Eval {
    /// Centipawns; positive when White stands better.
    Cp(i32),
    /// Mate in this many moves (never 0): positive when White mates, negative when Black does.
    Mate(i32),
    /// The side to move is checkmated: the game is over.
    Checkmate {
        /// The side that gave the mate (not the side to move).
        winner: Side,
    },
}

impl Eval {
    /// A score from the side to move's point of view turned to White's.
    pub fn from_score(score: Score, turn: Color) -> Eval {
        let sign = if turn == Color::White { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Eval::Cp(sign * cp),
            // The engine never reports mate in 0 for a position with moves; keep the sign.
            Score::Mate(0) => Eval::Mate(sign),
            Score::Mate(n) => Eval::Mate(sign * n),
        }
    }

    /// The side that mates, when the evaluation is a mate (forced or given).
    pub fn mating_side(self) -> Option<Side> {
        match self {
            Eval::Cp(_) => None,
            Eval::Mate(n) => Some(if n > 0 { Side::White } else { Side::Black }),
            Eval::Checkmate { winner } => Some(winner),
        }
    }
}

/// How far the analysis has got: `done` of `total` positions evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Positions evaluated so far, 1 to `total`.
    pub done: usize,
    /// Positions in the game: the start position and one after each move (moves + 1).
    pub total: usize,
}

/// What the analysis says about one move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveAnalysis {
    /// 1-based count of half-moves from the start of the game.
    pub ply: usize,
    /// The move number as PGN writes it (`3` for `3. Bc4` and for `3... Nf6`).
    pub move_number: u32,
    /// The side that made the move.
    pub side: Side,
    /// The move in English SAN (`Nf6`, `Qxf7#`).
    pub san: String,
    /// The move in UCI notation (`g8f6`); castling as king-takes-rook when the game's castling
    /// rights need Chess960 notation (king off the e-file or rook off its corner).
    pub uci: String,
    /// The evaluation after the move.
    pub eval: Eval,
    /// [`judgement::winning_chances`] of `eval`, White's point of view, −1 to 1 (the chart's
    /// value).
    pub win_chances: f64,
    /// Inaccuracy, mistake or blunder; `None` for a good move.
    pub judgement: Option<Judgement>,
    /// The engine's move in the position before, in SAN (`None` when it was not searched).
    pub best: Option<String>,
    /// The engine's line from the position before, starting with `best`, at most
    /// [`LINE_PLIES`] moves in SAN.
    pub line: Vec<String>,
    /// The mover's accuracy on this move, 0 to 100 ([`accuracy::move_accuracy`]).
    pub accuracy: f64,
}

/// One side's totals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideSummary {
    /// Moves of this side judged [`Judgement::Inaccuracy`].
    pub inaccuracies: usize,
    /// Moves of this side judged [`Judgement::Mistake`].
    pub mistakes: usize,
    /// Moves of this side judged [`Judgement::Blunder`].
    pub blunders: usize,
    /// Accuracy over the game, 0 to 100 ([`accuracy::game_accuracy`]); `None` when the side
    /// made no move.
    pub accuracy: Option<f64>,
}

/// The analysis of a whole game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// The evaluation of the start position.
    pub start_eval: Eval,
    /// One entry per move of the game, in order (`moves[i].ply == i + 1`).
    pub moves: Vec<MoveAnalysis>,
    /// White's totals.
    pub white: SideSummary,
    /// Black's totals.
    pub black: SideSummary,
}

impl Analysis {
    /// The totals of `side`: [`Analysis::white`] or [`Analysis::black`].
    pub fn side(&self, side: Side) -> &SideSummary {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The graph's values: winning chances for White (−1 to 1) of the start position and
    /// after every move.
    pub fn win_chances(&self) -> Vec<f64> {
        std::iter::once(judgement::winning_chances(self.start_eval))
            .chain(self.moves.iter().map(|m| m.win_chances))
            .collect()
    }
}

/// Why an analysis could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The search of a position gave no score (a limit too small to finish one iteration).
    NoScore {
        /// Half-moves played before that position (0: the start position).
        ply: usize,
    },
    /// The limits would never end a search (no depth, nodes or movetime).
    Unlimited,
    /// The progress callback asked to stop.
    Stopped,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::NoScore { ply } => {
                write!(f, "the engine gave no score for the position after ply {ply}")
            }
            AnalysisError::Unlimited => write!(f, "give a movetime, a depth or a node limit"),
            AnalysisError::Stopped => write!(f, "the analysis was stopped"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The engine's verdict on one position.
struct PositionEval {
    eval: Eval,
    /// Best move and line, when the position was searched.
    line: Vec<Move>,
}

/// Analyses every move of `game` with `engine`, searching each position with `limits` (a
/// depth, node or time limit; nothing else is used). The engine's tables are cleared first and
/// it plays at full strength: callers leave `UCI_LimitStrength`, `OwnBook` and `MultiPV` at
/// their defaults. `progress` hears after each position and answers whether to go on (a web
/// page that went away answers `false`).
///
/// # Errors
/// [`AnalysisError`]: no limit, a search that ended without a score, or stopped by `progress`.
pub fn analyse(
    game: &Game,
    limits: SearchLimits,
    engine: &mut Engine,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<Analysis, AnalysisError> {
    let limits = SearchLimits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime,
        ..Default::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        return Err(AnalysisError::Unlimited);
    }
    engine.new_game();
    let positions = game.positions();
    let total = positions.len();
    let mut evals = Vec::with_capacity(total);
    let mut prefix = Game::new(*game.start());
    for (i, pos) in positions.iter().enumerate() {
        if i > 0 {
            prefix.play(game.moves()[i - 1]);
        }
        let last = i + 1 == total;
        evals.push(evaluate(&prefix, pos, last, &limits, engine, i)?);
        if !progress(Progress { done: i + 1, total }) {
            return Err(AnalysisError::Stopped);
        }
    }

    let mut moves = Vec::with_capacity(game.moves().len());
    for (i, (&m, pos)) in game.moves().iter().zip(positions).enumerate() {
        let (before, after) = (&evals[i], &evals[i + 1]);
        let mover = pos.turn();
        let best = before.line.first().copied();
        // A forced move cannot be a mistake, nor the engine's own choice; otherwise judge by
        // the winning chances lost.
        let forced = pos.count_legal() == 1;
        let judgement = if forced || best == Some(m) {
            None
        } else {
            judgement::judge(before.eval, after.eval, mover)
        };
        moves.push(MoveAnalysis {
            ply: i + 1,
            move_number: u32::from(pos.fullmove_number()),
            side: mover.into(),
            san: to_san(pos, m),
            uci: to_uci(m, pos.castling_needs_chess960() || game.start().castling_needs_chess960()),
            eval: after.eval,
            win_chances: judgement::winning_chances(after.eval),
            judgement,
            best: best.map(|b| to_san(pos, b)),
            line: san_line(pos, &before.line),
            accuracy: accuracy::move_accuracy(before.eval, after.eval, mover),
        });
    }
    let all: Vec<Eval> = evals.iter().map(|e| e.eval).collect();
    let (white_acc, black_acc) = accuracy::game_accuracy(game.start().turn(), &all);
    let summary = |side: Side, acc: Option<f64>| {
        let count = |j: Judgement| {
            moves.iter().filter(|m| m.side == side && m.judgement == Some(j)).count()
        };
        SideSummary {
            inaccuracies: count(Judgement::Inaccuracy),
            mistakes: count(Judgement::Mistake),
            blunders: count(Judgement::Blunder),
            accuracy: acc,
        }
    };
    let white = summary(Side::White, white_acc);
    let black = summary(Side::Black, black_acc);
    Ok(Analysis { start_eval: evals[0].eval, moves, white, black })
}

/// Evaluates the current position of `game` (`pos`): checkmate and stalemate without a search,
/// a game over by rule at its last position as a draw, anything else by the engine.
fn evaluate(
    game: &Game,
    pos: &Position,
    last: bool,
    limits: &SearchLimits,
    engine: &mut Engine,
    ply: usize,
) -> Result<PositionEval, AnalysisError> {
    if !pos.has_legal_moves() {
        let eval = if pos.is_check() {
            Eval::Checkmate { winner: (!pos.turn()).into() }
        } else {
            Eval::Cp(0)
        };
        return Ok(PositionEval { eval, line: Vec::new() });
    }
    if last && game.status().is_some() {
        // Drawn by repetition, the fifty-move rule or material: the game is over.
        return Ok(PositionEval { eval: Eval::Cp(0), line: Vec::new() });
    }
    let result = engine.search_blocking(game, limits.clone());
    let info = result.info.ok_or(AnalysisError::NoScore { ply })?;
    let mut line: Vec<Move> = info.pv;
    if let Some(best) = result.best
        && line.first() != Some(&best)
    {
        line = vec![best];
    }
    Ok(PositionEval { eval: Eval::from_score(info.score, pos.turn()), line })
}

/// The first [`LINE_PLIES`] moves of `line` in SAN, stopping at a move that is not legal.
fn san_line(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::new();
    for &m in line.iter().take(LINE_PLIES) {
        if !pos.is_legal(m) {
            break;
        }
        out.push(to_san(&pos, m));
        pos = pos.played(m);
    }
    out
}
