//! The HTTP and WebSocket API: typed requests, validated before anything changes.

use super::error::ApiError;
use super::game::{GameView, capitalised};
use super::request::{IdPath, JsonBody, MoveRequest, NewGameRequest, build_game};
use super::secret::GameId;
use super::state::{AppState, Entry, SocketSlot, lock, maybe_start_engine};
use axum::Json;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use vidle_core::Color;
use vidle_core::notation::{to_san, to_uci};
use vidle_engine::Score;

const HINT_MOVETIME_MS: u64 = 700;
const DRAW_MOVETIME_MS: u64 = 400;
/// The engine accepts a draw when its own score is at most this (centipawns).
const DRAW_ACCEPT_CP: i32 = 0;

type Shared = State<Arc<AppState>>;

fn find(state: &AppState, id: GameId) -> Result<Arc<Entry>, ApiError> {
    state.get(id).ok_or_else(|| ApiError::not_found(&format!("There is no game {id}.")))
}

pub async fn create_game(
    State(state): Shared,
    JsonBody(req): JsonBody<NewGameRequest>,
) -> Result<Response, ApiError> {
    let game = build_game(req)?;
    let entry = state.insert(game)?;
    maybe_start_engine(&entry);
    Ok((StatusCode::CREATED, Json(entry.view())).into_response())
}

pub async fn get_game(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
    lock(&entry.game).check_flag();
    Ok(Json(entry.view()))
}

pub async fn make_move(
    State(state): Shared,
    IdPath(id): IdPath,
    body: Result<JsonBody<MoveRequest>, ApiError>,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
    let JsonBody(req) = body?;
    req.check()?;
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
    Ok(Json(entry.view()))
}

pub async fn undo(State(state): Shared, IdPath(id): IdPath) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
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
    Ok(Json(entry.view()))
}

#[derive(Serialize)]
pub struct HintView {
    pub san: String,
    pub uci: String,
    pub from: String,
    pub to: String,
}

pub async fn hint(State(state): Shared, IdPath(id): IdPath) -> Result<Json<HintView>, ApiError> {
    let entry = find(&state, id)?;
    if !lock(&entry.game).is_human_turn() {
        return Err(ApiError::conflict("not_your_turn", "Hints are for your own move."));
    }
    let (game, result) = entry.analyse(HINT_MOVETIME_MS).await?;
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

pub async fn resign(State(state): Shared, IdPath(id): IdPath) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
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
    Ok(Json(entry.view()))
}

#[derive(Serialize)]
pub struct DrawView {
    pub accepted: bool,
    pub message: String,
    pub game: GameView,
}

pub async fn offer_draw(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<DrawView>, ApiError> {
    let entry = find(&state, id)?;
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
    let (_, result) = entry.analyse(DRAW_MOVETIME_MS).await?;
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
    Ok(Json(DrawView { accepted, message, game: entry.view() }))
}

pub async fn pgn_file(State(state): Shared, IdPath(id): IdPath) -> Result<Response, ApiError> {
    let entry = find(&state, id)?;
    let text = lock(&entry.game).pgn();
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"vidle-{}.pgn\"", &entry.id.to_string()[..8]),
            ),
        ],
        text,
    )
        .into_response())
}

/// Messages a page may send on its WebSocket at most (it sends none; pings are small).
const MAX_WS_MESSAGE: usize = 4096;

pub async fn websocket(
    State(state): Shared,
    IdPath(id): IdPath,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let entry = find(&state, id)?;
    let ws = ws.map_err(|e| ApiError::bad_request("not_websocket", &e.body_text()))?;
    let slot = entry.open_socket()?;
    Ok(ws
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .on_upgrade(move |socket| serve_socket(socket, entry, slot)))
}

async fn serve_socket(mut socket: WebSocket, entry: Arc<Entry>, slot: SocketSlot) {
    let mut events = entry.events.subscribe();
    let mut closed = entry.closed.subscribe();
    // A page that comes back (reload, reconnect) resumes a search that a closed page stopped.
    maybe_start_engine(&entry);
    let mut open = socket.send(Message::Text(entry.state_message().into())).await.is_ok();
    while open && !*closed.borrow_and_update() {
        tokio::select! {
            ev = events.recv() => match ev {
                Ok(text) => open = socket.send(Message::Text(text.into())).await.is_ok(),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    open = socket.send(Message::Text(entry.state_message().into())).await.is_ok();
                }
                Err(_) => open = false,
            },
            _ = closed.changed() => {}
            // Anything the page sends is ignored: only requests count as using the game.
            msg = socket.recv() => {
                if matches!(msg, Some(Ok(Message::Close(_)) | Err(_)) | None) {
                    open = false;
                }
            }
        }
    }
    if open {
        // Evicted: the page is told why its game is gone.
        let gone = serde_json::json!({
            "type": "gone",
            "message": "The server needed room and closed this game, the least recently used.",
        });
        let _ = socket.send(Message::Text(gone.to_string().into())).await;
        let _ = socket.send(Message::Close(None)).await;
    }
    drop(slot);
    if entry.sockets() == 0 {
        // The last page showing this game has gone: free the engine.
        entry.cancel_search();
    }
}
