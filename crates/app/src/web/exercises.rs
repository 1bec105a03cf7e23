//! Learn from your mistakes over HTTP: the JSON face of `crate::mistakes` for the web games a
//! browser owns. The ids are the games' secrets, as for `GET /api/games` and `GET /api/rating`:
//! the page sends the ids of the games it created, so it sees that browser's exercises only.
//! The exercises themselves are made when a game is analysed (`POST /api/game/{id}/analyse`).
//!
//! - `GET /api/exercises?ids=ID,ID`: the exercises of those games, never solved and least
//!   recently tried first. The engine's move is not in the list: the answer says it.
//! - `POST /api/exercises/check` `{"game": ID, "ply": 6, "move": "g6"}` (SAN or UCI): the
//!   judgement of the answer (a short search, [`crate::mistakes::CHECK_NODES`]), counted in the
//!   store.

use super::error::ApiError;
use super::request::{JsonBody, quoted};
use super::secret::GameId;
use super::state::AppState;
use crate::analysis::Judgement;
use crate::i18n::{self, Msg, Text};
use crate::mistakes::{self, Puzzle, Verdict};
use crate::store::{Store, StoreError, StoredExercise};
use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use tokio::sync::Semaphore;
use vidle_core::notation::{parse_move, to_san, to_uci};
use vidle_engine::Engine;

/// Exercises listed of one game at most.
const MAX_PER_GAME: usize = 200;
/// Answers judged at once (each a short search on a thread of its own); more wait their turn.
const CHECKS_AT_ONCE: usize = 2;

/// `GET /api/exercises?ids=ID,ID`.
#[derive(Debug, Deserialize)]
pub struct ExercisesQuery {
    /// Comma-separated game ids.
    #[serde(default)]
    ids: String,
}

/// One exercise as the page shows it.
#[derive(Debug, Serialize)]
pub struct ExerciseView {
    /// The game's id.
    game: String,
    /// The half-move of the mistake (1-based).
    ply: u32,
    /// The position before it; the player is to move.
    fen: String,
    /// The player's colour: `white` or `black`.
    side: &'static str,
    /// The player's legal moves there, in UCI (the board's destinations).
    legal: Vec<String>,
    /// The move played, in UCI and SAN.
    played: String,
    played_san: String,
    /// `mistake` or `blunder`.
    judgement: Judgement,
    /// What it cost (`−3.2`, `+0.3 → #−1`).
    loss: String,
    /// Attempts made, attempts solved, when last tried (Unix seconds).
    tries: u32,
    solved: u32,
    last_tried: Option<i64>,
    /// "Move 3: you played Nf6 here (blunder, −0.2 → #−1). Find a better move."
    text: Text,
}

/// `POST /api/exercises/check`.
#[derive(Debug, Deserialize)]
pub struct CheckRequest {
    /// The game's id.
    game: String,
    /// The half-move of the exercise.
    ply: u32,
    /// The answer, SAN or UCI.
    #[serde(rename = "move")]
    answer: String,
}

/// The judgement of an answer.
#[derive(Debug, Serialize)]
pub struct CheckView {
    /// Whether the answer solves the exercise.
    solved: bool,
    /// `best`, `as_good`, `again` (the move played in the game) or `worse`.
    verdict: &'static str,
    /// The answer in UCI and SAN.
    uci: String,
    san: String,
    /// The engine's move in UCI and SAN.
    best: String,
    best_san: String,
    /// "a6 is not good enough (#−1); the better move was g6 (−0.2)."
    text: Text,
}

fn bad(code: &'static str, text: Text) -> ApiError {
    ApiError::worded(StatusCode::BAD_REQUEST, code, text)
}

fn no_store() -> ApiError {
    ApiError::worded(StatusCode::SERVICE_UNAVAILABLE, "no_store", Msg::ErrNoStoreExercises.into())
}

fn store_error(e: &StoreError) -> ApiError {
    tracing::error!("game store: {e}");
    ApiError::worded(StatusCode::INTERNAL_SERVER_ERROR, "store", Msg::ErrStoreRead.into())
}

/// The store row of web game `id`: 400 when there is none.
fn row_of(store: &Store, id: GameId) -> Result<i64, ApiError> {
    match store.get_web(&id.to_string()).map_err(|e| store_error(&e))? {
        Some((row, _)) => Ok(row),
        None => Err(bad("unknown_id", Text::new(Msg::ErrNoGame).arg("id", id))),
    }
}

/// Whether a FEN's castling field names rook files (Shredder-FEN: a Chess960 game), so that
/// its moves are written as Chess960 UCI.
fn chess960_fen(fen: &str) -> bool {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    castling.chars().any(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c))
}

fn view(id: GameId, e: &StoredExercise) -> ExerciseView {
    let x = &e.exercise;
    let white = x.fen.split_whitespace().nth(1) != Some("b");
    let chess960 = chess960_fen(&x.fen);
    let legal = Puzzle::of(x).map_or_else(Vec::new, |p| {
        p.position.legal_moves().iter().map(|m| to_uci(m, chess960)).collect()
    });
    ExerciseView {
        game: id.to_string(),
        ply: x.ply,
        fen: x.fen.clone(),
        side: if white { "white" } else { "black" },
        legal,
        played: x.played.clone(),
        played_san: x.played_san.clone(),
        judgement: x.judgement,
        loss: mistakes::loss_text(x),
        tries: e.tries,
        solved: e.solved,
        last_tried: e.last_tried,
        text: mistakes::prompt(e, None),
    }
}

/// Keeps the player's mistakes in an analysis of web game `id` as exercises of its stored
/// row, when the store holds the game as analysed (the same number of moves). A store that
/// fails is said in the server's log; the analysis is answered all the same.
pub fn keep(state: &AppState, id: GameId, game: &vidle_core::Game, a: &crate::analysis::Analysis) {
    let Some(store) = state.store() else { return };
    let store = store.lock();
    let kept = store.get_web(&id.to_string()).and_then(|found| match found {
        Some((row, g)) if g.moves.len() == game.moves().len() => {
            store.keep_exercises(row, &mistakes::from_analysis(game, a, g.human)).map(Some)
        }
        _ => Ok(None),
    });
    if let Err(e) = kept {
        tracing::error!("game store: the exercises of an analysis are not kept: {e}");
    }
}

/// The exercises of the games among `ids`: 400 for a malformed or unknown id, or too many.
pub async fn list(
    State(state): State<Arc<AppState>>,
    Query(q): Query<ExercisesQuery>,
) -> Result<Json<Vec<ExerciseView>>, ApiError> {
    let ids = super::rating::parse_ids(&q.ids)?;
    let store = state.store().ok_or_else(no_store)?;
    let store = store.lock();
    let mut all = Vec::new();
    for id in ids {
        let row = row_of(&store, id)?;
        let found = store.exercises(Some(row), MAX_PER_GAME).map_err(|e| store_error(&e))?;
        all.extend(found.into_iter().map(|e| (id, e)));
    }
    // The store's order across the games: never solved, then the least recently tried.
    all.sort_by_key(|(_, e)| {
        (e.solved > 0, e.last_tried.unwrap_or(0), e.created, e.game_id, e.exercise.ply)
    });
    Ok(Json(all.iter().map(|(id, e)| view(*id, e)).collect()))
}

/// Judges an answer to an exercise and counts the attempt.
pub async fn check(
    State(state): State<Arc<AppState>>,
    body: Result<JsonBody<CheckRequest>, ApiError>,
) -> Result<Json<CheckView>, ApiError> {
    let JsonBody(req) = body?;
    let Some(id) = GameId::parse(&req.game) else {
        let shown = quoted(&req.game, 40);
        return Err(bad("bad_id", Text::new(Msg::ErrBadGameId).arg("id", shown)));
    };
    let store = state.store().ok_or_else(no_store)?.clone();
    let exercise = {
        let store = store.lock();
        let row = row_of(&store, id)?;
        store.exercise(row, req.ply).map_err(|e| store_error(&e))?
    };
    let Some(exercise) = exercise else {
        let text = Text::new(Msg::ErrNoExercise).arg("id", id).arg("ply", req.ply);
        return Err(ApiError::worded(StatusCode::NOT_FOUND, "no_exercise", text));
    };
    let Some(p) = Puzzle::of(&exercise.exercise) else {
        let text = Text::new(Msg::ExerciseUnreadable).arg("game", id).arg("ply", req.ply);
        return Err(ApiError::worded(StatusCode::CONFLICT, "bad_exercise", text));
    };
    let answer = parse_move(&p.position, &quoted(&req.answer, 32))
        .map_err(|e| bad("illegal_move", i18n::move_error(&e, false)))?;

    static CHECKS: OnceLock<Semaphore> = OnceLock::new();
    let permit = CHECKS
        .get_or_init(|| Semaphore::new(CHECKS_AT_ONCE))
        .acquire()
        .await
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", &e.to_string()))?;
    let puzzle = p.clone();
    let verdict =
        tokio::task::spawn_blocking(move || mistakes::check(&puzzle, answer, &mut Engine::new()))
            .await
            .map_err(|e| {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", &e.to_string())
            })?;
    drop(permit);
    store.lock().exercise_tried(exercise.id, verdict.solved()).map_err(|e| store_error(&e))?;
    let chess960 = chess960_fen(&exercise.exercise.fen);
    Ok(Json(CheckView {
        solved: verdict.solved(),
        verdict: match verdict {
            Verdict::Best => "best",
            Verdict::AsGood { .. } => "as_good",
            Verdict::Again => "again",
            Verdict::Worse { .. } => "worse",
        },
        uci: to_uci(answer, chess960),
        san: to_san(&p.position, answer),
        best: exercise.exercise.best.clone(),
        best_san: to_san(&p.position, p.best),
        text: verdict.text(&p, answer),
    }))
}
