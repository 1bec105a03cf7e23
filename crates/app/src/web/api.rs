//! The HTTP and WebSocket API: typed requests, validated before anything changes.

use super::error::ApiError;
use super::game::{GameView, WebGame, capitalised};
use super::state::{AppState, Entry, lock, maybe_start_engine};
use crate::clock::Clock;
use crate::pgn;
use crate::play::strength::{LEVELS, Strength};
use axum::Json;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use vidle_core::notation::{to_san, to_uci};
use vidle_core::{Color, Game, Position};
use vidle_engine::Score;

/// Thinking time per engine move without a clock, unless the request sets one.
const DEFAULT_MOVETIME_MS: u64 = 1500;
const MOVETIME_RANGE_MS: std::ops::RangeInclusive<u64> = 50..=60_000;
const HINT_MOVETIME_MS: u64 = 700;
const DRAW_MOVETIME_MS: u64 = 400;
/// The engine accepts a draw when its own score is at most this (centipawns).
const DRAW_ACCEPT_CP: i32 = 0;

type Shared = State<Arc<AppState>>;

fn parse_json<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    let text = if body.iter().all(u8::is_ascii_whitespace) { &b"{}"[..] } else { &body[..] };
    serde_json::from_slice(text)
        .map_err(|e| ApiError::bad_request("bad_json", &format!("Malformed request: {e}")))
}

fn find(state: &AppState, id: &str) -> Result<Arc<Entry>, ApiError> {
    let n: u64 = id
        .parse()
        .map_err(|_| ApiError::bad_request("bad_id", &format!("'{id}' is not a game id")))?;
    state.get(n).ok_or_else(|| ApiError::not_found(&format!("There is no game {n}.")))
}

fn view_of(entry: &Entry) -> GameView {
    lock(&entry.game).view(entry.id)
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    /// `white`, `black` or `random` (default white).
    pub color: Option<String>,
    /// A level name (beginner … max) or an Elo (default max).
    pub level: Option<String>,
    /// `MINUTES+SECONDS`; none or empty for no clock.
    pub time_control: Option<String>,
    /// `standard` (default), `chess960`, `fen` or `pgn`.
    pub start: Option<String>,
    pub fen: Option<String>,
    pub pgn: Option<String>,
    /// Chess960 start position number 0..959 (random when missing).
    pub chess960_number: Option<u32>,
    /// Engine thinking time per move without a clock.
    pub movetime_ms: Option<u64>,
}

fn random_below(n: u64) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    h.finish() % n
}

/// Builds a game from a validated request.
pub fn build_game(req: NewGameRequest) -> Result<WebGame, ApiError> {
    let human = match req.color.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some("random") => Color::from_white(random_below(2) == 0),
        Some(c) => {
            return Err(ApiError::bad_request(
                "bad_color",
                &format!("'{c}' is not a colour: use white, black or random"),
            ));
        }
    };
    let level_text = req.level.unwrap_or_else(|| "max".into());
    let strength = Strength::parse(&level_text)
        .map_err(|e| ApiError::bad_request("bad_level", &capitalised(&e)))?;
    let level = match LEVELS.iter().find(|(_, e)| *e == strength.0) {
        Some((n, _)) => n.to_string(),
        None => format!("Elo {}", strength.0.unwrap_or(0)),
    };
    let clock = match req.time_control.as_deref().map(str::trim) {
        None | Some("") | Some("none") => None,
        Some(tc) => {
            Some(Clock::parse(tc).map_err(|e| ApiError::bad_request("bad_time_control", &e))?)
        }
    };
    let movetime_ms = req.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS);
    if !MOVETIME_RANGE_MS.contains(&movetime_ms) {
        return Err(ApiError::bad_request(
            "bad_movetime",
            &format!(
                "movetime_ms {movetime_ms} is outside {}..={}",
                MOVETIME_RANGE_MS.start(),
                MOVETIME_RANGE_MS.end()
            ),
        ));
    }
    let start = req.start.as_deref().map(str::to_ascii_lowercase);
    let start = start.as_deref().unwrap_or(if req.pgn.is_some() {
        "pgn"
    } else if req.fen.is_some() {
        "fen"
    } else {
        "standard"
    });
    let (game, chess960) = match start {
        "standard" => (Game::new(Position::startpos()), false),
        "chess960" => {
            let n = match req.chess960_number {
                Some(n) if n < 960 => n,
                Some(n) => {
                    return Err(ApiError::bad_request(
                        "bad_chess960_number",
                        &format!("Chess960 position {n} does not exist: use 0..959"),
                    ));
                }
                None => random_below(960) as u32,
            };
            (Game::new(vidle_core::chess960::start_position(n)), true)
        }
        "fen" => {
            let f = req.fen.as_deref().map(str::trim).unwrap_or("");
            if f.is_empty() {
                return Err(ApiError::bad_request("bad_fen", "Paste a FEN to start from."));
            }
            let g = Game::from_fen(f)
                .map_err(|e| ApiError::bad_request("bad_fen", &format!("Bad FEN: {e}")))?;
            // A FEN with Shredder castling letters or unusual rook files is a Chess960 setup.
            let chess960 = fen_looks_960(f);
            (g, chess960)
        }
        "pgn" => {
            let text = req.pgn.as_deref().unwrap_or("");
            if text.trim().is_empty() {
                return Err(ApiError::bad_request("bad_pgn", "Paste a PGN to replay."));
            }
            let parsed = pgn::read_pgn(text)
                .map_err(|e| ApiError::bad_request("bad_pgn", &format!("Bad PGN: {e}")))?;
            let chess960 = parsed.tag("Variant").is_some_and(|v| v.to_lowercase().contains("960"));
            (parsed.game, chess960)
        }
        other => {
            return Err(ApiError::bad_request(
                "bad_start",
                &format!("'{other}' is not a start: use standard, chess960, fen or pgn"),
            ));
        }
    };
    Ok(WebGame::new(game, human, level, strength, clock, chess960, movetime_ms))
}

fn fen_looks_960(f: &str) -> bool {
    let castling = f.split_whitespace().nth(2).unwrap_or("-");
    castling.chars().any(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c))
}

pub async fn create_game(State(state): Shared, body: Bytes) -> Result<Response, ApiError> {
    let req: NewGameRequest = parse_json(&body)?;
    let game = build_game(req)?;
    let entry = state.insert(game).ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_games",
            "Too many games are open; close a tab and try again.",
        )
    })?;
    maybe_start_engine(&entry);
    Ok((StatusCode::CREATED, Json(view_of(&entry))).into_response())
}

pub async fn get_game(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, &id)?;
    lock(&entry.game).check_flag();
    Ok(Json(view_of(&entry)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub from: Option<String>,
    pub to: Option<String>,
    pub promotion: Option<String>,
    /// A move in text: SAN (`Nf3`, `exd8=Q`), UCI (`g1f3`) or with Czech letters.
    #[serde(rename = "move")]
    pub text: Option<String>,
}

pub async fn make_move(
    State(state): Shared,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, &id)?;
    let req: MoveRequest = parse_json(&body)?;
    {
        let mut g = lock(&entry.game);
        g.check_flag();
        if g.ended.is_some() {
            return Err(ApiError::conflict("game_over", "The game is over."));
        }
        if !g.is_human_turn() {
            return Err(ApiError::conflict("not_your_turn", "Wait for Vidle's move."));
        }
        let m = match (&req.text, &req.from, &req.to) {
            (Some(t), None, None) => g.parse_text(t)?,
            (None, Some(f), Some(t)) => g.resolve(f, t, req.promotion.as_deref())?,
            _ => {
                return Err(ApiError::bad_request(
                    "bad_move_request",
                    "Send either {\"move\": \"Nf3\"} or {\"from\": \"g1\", \"to\": \"f3\"}.",
                ));
            }
        };
        g.play(m)?;
    }
    entry.publish_state();
    maybe_start_engine(&entry);
    Ok(Json(view_of(&entry)))
}

pub async fn undo(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, &id)?;
    entry.cancel_search();
    {
        let mut g = lock(&entry.game);
        if g.game.moves().is_empty() {
            return Err(ApiError::conflict("nothing_to_undo", "There is no move to take back."));
        }
        // Take back to the player's previous turn: their move and the engine's reply.
        loop {
            if g.game.undo().is_none() {
                break;
            }
            if g.game.position().turn() == g.human {
                break;
            }
        }
        g.ended = None;
        g.last_info = None;
        g.draw_declined_at = None;
        if let Some(c) = &mut g.clock {
            c.pause();
        }
        g.check_end();
    }
    entry.publish_state();
    maybe_start_engine(&entry);
    Ok(Json(view_of(&entry)))
}

#[derive(Serialize)]
pub struct HintView {
    pub san: String,
    pub uci: String,
    pub from: String,
    pub to: String,
}

pub async fn hint(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<HintView>, ApiError> {
    let entry = find(&state, &id)?;
    if !lock(&entry.game).is_human_turn() {
        return Err(ApiError::conflict("not_your_turn", "Hints are for your own move."));
    }
    let (game, result) = entry
        .analyse(HINT_MOVETIME_MS)
        .await
        .ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "engine", "No engine."))?;
    let pos = *game.position();
    let m = result
        .best
        .filter(|&m| pos.is_legal(m))
        .ok_or_else(|| ApiError::conflict("no_hint", "There is no move to suggest."))?;
    let chess960 = lock(&entry.game).chess960;
    let to = super::game::shown_target(m, chess960);
    Ok(Json(HintView {
        san: to_san(&pos, m),
        uci: to_uci(m, chess960),
        from: m.from().to_string(),
        to: to.to_string(),
    }))
}

pub async fn resign(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, &id)?;
    entry.cancel_search();
    {
        let mut g = lock(&entry.game);
        if g.ended.is_some() {
            return Err(ApiError::conflict("game_over", "The game is already over."));
        }
        let human = g.human;
        let result = if human == Color::White { "0-1" } else { "1-0" };
        g.finish(result, format!("{} resigns", capitalised(super::game::color_name(human))));
    }
    entry.publish_state();
    Ok(Json(view_of(&entry)))
}

#[derive(Serialize)]
pub struct DrawView {
    pub accepted: bool,
    pub message: String,
    pub game: GameView,
}

pub async fn offer_draw(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<DrawView>, ApiError> {
    let entry = find(&state, &id)?;
    let ply = {
        let g = lock(&entry.game);
        if g.ended.is_some() {
            return Err(ApiError::conflict("game_over", "The game is over."));
        }
        if !g.is_human_turn() {
            return Err(ApiError::conflict("not_your_turn", "Offer a draw on your own move."));
        }
        if g.draw_declined_at == Some(g.game.moves().len()) {
            return Err(ApiError::conflict(
                "draw_already_declined",
                "Vidle has just declined; make a move first.",
            ));
        }
        g.game.moves().len()
    };
    let (_, result) = entry
        .analyse(DRAW_MOVETIME_MS)
        .await
        .ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "engine", "No engine."))?;
    // The score is the player's (side to move); the engine judges from its own side.
    let engine_cp = match result.info.map(|i| i.score) {
        Some(Score::Cp(cp)) => -cp,
        Some(Score::Mate(n)) => {
            if n > 0 {
                -100_000
            } else {
                100_000
            }
        }
        None => 1,
    };
    let accepted = engine_cp <= DRAW_ACCEPT_CP;
    let message;
    {
        let mut g = lock(&entry.game);
        if g.game.moves().len() != ply || g.ended.is_some() {
            return Err(ApiError::conflict("game_changed", "The game changed meanwhile."));
        }
        if accepted {
            g.finish("1/2-1/2", "Draw agreed".into());
            message = "Vidle accepts the draw.".to_string();
        } else {
            g.draw_declined_at = Some(ply);
            message = "Vidle declines the draw and plays on.".to_string();
        }
    }
    entry.publish_state();
    Ok(Json(DrawView { accepted, message, game: view_of(&entry) }))
}

pub async fn pgn_file(State(state): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let entry = find(&state, &id)?;
    let text = lock(&entry.game).pgn();
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"vidle-{}.pgn\"", entry.id),
            ),
        ],
        text,
    )
        .into_response())
}

pub async fn websocket(
    State(state): Shared,
    Path(id): Path<String>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let entry = find(&state, &id)?;
    let ws = ws.map_err(|e| ApiError::bad_request("not_websocket", &e.body_text()))?;
    Ok(ws.on_upgrade(move |socket| serve_socket(socket, entry)))
}

async fn serve_socket(mut socket: WebSocket, entry: Arc<Entry>) {
    let mut events = entry.events.subscribe();
    entry.sockets.fetch_add(1, Ordering::SeqCst);
    // A page that comes back (reload, reconnect) resumes a search that a closed page stopped.
    maybe_start_engine(&entry);
    let hello = serde_json::json!({ "type": "state", "state": view_of(&entry) }).to_string();
    let mut open = socket.send(Message::Text(hello.into())).await.is_ok();
    while open {
        tokio::select! {
            ev = events.recv() => match ev {
                Ok(text) => open = socket.send(Message::Text(text.into())).await.is_ok(),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    let text =
                        serde_json::json!({ "type": "state", "state": view_of(&entry) }).to_string();
                    open = socket.send(Message::Text(text.into())).await.is_ok();
                }
                Err(_) => open = false,
            },
            msg = socket.recv() => match msg {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => open = false,
                Some(Ok(_)) => entry.touch(),
            },
        }
    }
    if entry.sockets.fetch_sub(1, Ordering::SeqCst) == 1 {
        // The last page showing this game has gone: free the engine.
        entry.cancel_search();
    }
    entry.touch();
}
