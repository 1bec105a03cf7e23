//! Endgame practice over HTTP (`/api/practice`): the JSON face of `crate::practice`, for the
//! page or any other client. Exercises are kept in this process (at most [`MAX_EXERCISES`], the
//! least recently used one dropped first) under random ids; every text is a catalogue text
//! (`{"key", "args"}`) the page renders in its language.
//!
//! - `POST /api/practice` `{"material": "KBNvK"}` or `{"fen": "..."}`, with `"draw"`,
//!   `"min_mate"`, `"seed"` as `vidle practice` takes them: 201 and the exercise's view.
//! - `GET /api/practice/{id}`: the view.
//! - `POST /api/practice/{id}/move` `{"move": "Kd3"}` (SAN or UCI): the view with the move's
//!   `feedback` and the defender's `reply`.
//! - `POST /api/practice/{id}/undo`, `POST /api/practice/{id}/hint`.

use super::error::ApiError;
use super::request::{IdPath, JsonBody, quoted};
use super::secret::GameId;
use crate::i18n::{Msg, Text};
use crate::practice::words::{end_text, status};
use crate::practice::{Goal, Options, Practice, PracticeError, ensure_tables, start};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::Instant;
use vidle_core::notation::to_uci;

/// Exercises kept at once.
pub const MAX_EXERCISES: usize = 256;
/// The most pieces whose missing tables the server makes (5-piece tables take minutes).
const MAX_MADE: u32 = 4;

type Store = HashMap<GameId, (Practice, Instant)>;

fn store() -> MutexGuard<'static, Store> {
    static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| Mutex::new(HashMap::new()));
    STORE.lock().unwrap_or_else(|e| e.into_inner())
}

/// `POST /api/practice`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct NewPractice {
    material: Option<String>,
    fen: Option<String>,
    draw: bool,
    min_mate: Option<u16>,
    seed: Option<u64>,
}

/// `POST /api/practice/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeMove {
    #[serde(rename = "move")]
    text: String,
}

/// A move with its words.
#[derive(Serialize)]
pub struct MoveView {
    san: String,
    uci: String,
    text: Text,
}

/// What a page shows of an exercise.
#[derive(Serialize)]
pub struct PracticeView {
    id: String,
    fen: String,
    material: String,
    /// `white` or `black`.
    user: &'static str,
    /// `mate`, `hold` or `resist`.
    goal: &'static str,
    intro: Text,
    /// The player's standing now ("you mate in 22").
    status: Text,
    fifty_warning: Option<Text>,
    /// The last move's feedback.
    feedback: Option<Text>,
    /// The defender's last reply.
    reply: Option<MoveView>,
    /// How it ended, if it has.
    ended: Option<Text>,
    summary: Text,
    /// The player's legal moves in UCI (empty when it is not the player's turn).
    legal: Vec<String>,
}

fn view(id: GameId, p: &Practice) -> PracticeView {
    let pos = p.position();
    let legal = if p.ended().is_none() && pos.turn() == p.user() {
        pos.legal_moves().iter().map(|m| to_uci(m, false)).collect()
    } else {
        Vec::new()
    };
    PracticeView {
        id: id.to_string(),
        fen: vidle_core::fen::to_fen(pos, false),
        material: p.material().to_string(),
        user: if p.user() == vidle_core::Color::White { "white" } else { "black" },
        goal: match p.goal() {
            Goal::Mate => "mate",
            Goal::Hold => "hold",
            Goal::Resist => "resist",
        },
        intro: p.intro(),
        status: status(p.value_now()),
        fifty_warning: p.fifty_warning(),
        feedback: p.feedback().map(|f| f.text()),
        reply: None,
        ended: p.ended().map(end_text),
        summary: p.summary().text(),
        legal,
    }
}

/// A practice error as an API error: bad input 400, a finished exercise 409, tables 503.
fn api_error(e: &PracticeError) -> ApiError {
    let (status, code) = match e {
        PracticeError::Move(_) => (StatusCode::BAD_REQUEST, "bad_move"),
        PracticeError::Ended => (StatusCode::CONFLICT, "exercise_over"),
        PracticeError::NotCovered(_) | PracticeError::Table(_) => {
            (StatusCode::SERVICE_UNAVAILABLE, "no_tables")
        }
        _ => (StatusCode::BAD_REQUEST, "bad_exercise"),
    };
    ApiError::worded(status, code, e.text())
}

fn not_found(id: GameId) -> ApiError {
    ApiError::worded(StatusCode::NOT_FOUND, "not_found", Text::new(Msg::ErrNoGame).arg("id", id))
}

/// `POST /api/practice`: a new exercise (its tables made first when missing, up to 4 pieces).
pub async fn create(JsonBody(req): JsonBody<NewPractice>) -> Result<Response, ApiError> {
    let text = |s: &Option<String>| s.as_deref().map(|t| quoted(t, 256));
    let (material, fen) = (text(&req.material), text(&req.fen));
    let m = match (&material, &fen) {
        (Some(m), None) => start::parse_material(m),
        (None, Some(f)) => start::from_fen(f).map(|p| start::material_of(&p)),
        _ => {
            return Err(ApiError::bad_request(
                "bad_exercise",
                "Send either {\"material\": \"KRvK\"} or {\"fen\": \"...\"}.",
            ));
        }
    }
    .map_err(|e| api_error(&e))?;
    let dir = crate::tb_panel::dir();
    if m.total() > MAX_MADE && !start::missing_tables(&dir, m).is_empty() {
        let e = PracticeError::NotCovered(dir.display().to_string());
        return Err(api_error(&e));
    }
    let opts = Options {
        draw: req.draw,
        min_mate: req.min_mate,
        seed: req.seed.unwrap_or_else(random_seed),
    };
    let made = tokio::task::spawn_blocking(move || {
        ensure_tables(&dir, m, false, |_| {})?;
        let tables = crate::tb_source::shared(&dir);
        Practice::new(tables, material.as_deref(), fen.as_deref(), &opts)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", &e.to_string()))?;
    let p = made.map_err(|e| api_error(&e))?;
    let id = GameId::random()
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "no_random", &e))?;
    let v = view(id, &p);
    let mut s = store();
    while s.len() >= MAX_EXERCISES {
        let Some(oldest) = s.iter().min_by_key(|(_, (_, t))| *t).map(|(k, _)| *k) else { break };
        s.remove(&oldest);
    }
    s.insert(id, (p, Instant::now()));
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

/// Runs `f` on the exercise `id`, marked as used.
fn with<R>(id: GameId, f: impl FnOnce(&mut Practice) -> R) -> Result<R, ApiError> {
    let mut s = store();
    let (p, used) = s.get_mut(&id).ok_or_else(|| not_found(id))?;
    *used = Instant::now();
    Ok(f(p))
}

/// `GET /api/practice/{id}`.
pub async fn get(IdPath(id): IdPath) -> Result<Json<PracticeView>, ApiError> {
    with(id, |p| Json(view(id, p)))
}

/// `POST /api/practice/{id}/move`: the player's move, judged, and the defender's reply.
pub async fn play(
    IdPath(id): IdPath,
    body: Result<JsonBody<PracticeMove>, ApiError>,
) -> Result<Json<PracticeView>, ApiError> {
    let JsonBody(req) = body?;
    let text = quoted(&req.text, 32);
    with(id, |p| {
        p.play_user_move(&text).map_err(|e| api_error(&e))?;
        let reply = p.defender_move().map_err(|e| api_error(&e))?;
        let mut v = view(id, p);
        v.reply = reply.map(|r| MoveView { uci: to_uci(r.mv, false), text: r.text(), san: r.san });
        Ok(Json(v))
    })?
}

/// `POST /api/practice/{id}/undo`: takes back the player's last move and its reply.
pub async fn undo(IdPath(id): IdPath) -> Result<Json<PracticeView>, ApiError> {
    with(id, |p| {
        p.undo().ok_or_else(|| {
            ApiError::worded(StatusCode::CONFLICT, "nothing_to_undo", Msg::ErrNothingToUndo.into())
        })?;
        Ok(Json(view(id, p)))
    })?
}

/// `POST /api/practice/{id}/hint`: one best move.
pub async fn hint(IdPath(id): IdPath) -> Result<Json<MoveView>, ApiError> {
    with(id, |p| {
        let pos = *p.position();
        match p.hint().map_err(|e| api_error(&e))? {
            Some((san, v)) => {
                let m = vidle_core::notation::parse_move(&pos, &san)
                    .map_err(|e| api_error(&PracticeError::Move(e)))?;
                let text =
                    Text::new(Msg::PracticeHint).arg("move", &san).arg_text("status", status(v));
                Ok(Json(MoveView { uci: to_uci(m, false), san, text }))
            }
            None => Err(api_error(&PracticeError::Ended)),
        }
    })?
}

/// A seed for an exercise nobody asked to repeat.
fn random_seed() -> u64 {
    GameId::random().map_or(0, |g| (g.0 % 1_000_000) as u64)
}
