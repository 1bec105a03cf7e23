//! The HTTP and WebSocket API: typed requests, validated before anything changes.

use super::error::ApiError;
use super::game::GameView;
use super::request::{IdPath, JsonBody, MoveRequest, NewGameRequest, build_game};
use super::secret::GameId;
use super::state::{AppState, Entry, SocketSlot, lock, maybe_start_engine};
use crate::analysis::DEFAULT_MOVETIME_MS as ANALYSIS_MOVETIME_MS;
use crate::analysis::{Analysis, GameRecord, annotate};
use crate::game::{Refusal, SearchPlan};
use crate::i18n::{Lang, Msg, Text};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use vidle_core::notation::to_uci;
use vidle_engine::SearchLimits;

type Shared = State<Arc<AppState>>;

fn find(state: &AppState, id: GameId) -> Result<Arc<Entry>, ApiError> {
    state.find(id).ok_or_else(|| {
        ApiError::worded(
            StatusCode::NOT_FOUND,
            "not_found",
            Text::new(Msg::ErrNoGame).arg("id", id),
        )
    })
}

/// `Retry-After` of a new game refused because every game is in play.
const SERVER_FULL_RETRY_SECS: u32 = 60;

pub async fn create_game(
    State(state): Shared,
    JsonBody(req): JsonBody<NewGameRequest>,
) -> Result<Response, ApiError> {
    let game = build_game(req)?;
    let entry = match state.insert(game) {
        Ok(e) => e,
        Err(e) if e.code == "server_full" => {
            // Every game is in play: the client may try again in a while.
            let mut res = e.into_response();
            res.headers_mut().insert(header::RETRY_AFTER, SERVER_FULL_RETRY_SECS.into());
            return Ok(res);
        }
        Err(e) => return Err(e),
    };
    maybe_start_engine(&entry);
    Ok((StatusCode::CREATED, Json(entry.view())).into_response())
}

pub async fn get_game(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
    lock(&entry.game).session.check_flag();
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
        g.session.check_flag();
        if g.session.ended().is_some() {
            return Err(refused(Refusal::GameOver));
        }
        if !g.session.is_human_turn() {
            return Err(refused(Refusal::NotYourTurn));
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
        g.session.play_human(m).map_err(refused)?;
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
        g.session.undo().map_err(refused)?;
        g.last_info = None;
    }
    entry.publish_state();
    maybe_start_engine(&entry);
    Ok(Json(entry.view()))
}

#[derive(Serialize)]
pub struct HintView {
    pub san: String,
    /// The move comes from the opening book (and has no score).
    pub book: bool,
    /// The score after the move, from White's side (`+0.4`, `#3`, `-#2`).
    pub score: Option<String>,
    pub uci: String,
    pub from: String,
    pub to: String,
}

pub async fn hint(State(state): Shared, IdPath(id): IdPath) -> Result<Json<HintView>, ApiError> {
    let entry = find(&state, id)?;
    let plan = lock(&entry.game).session.hint_plan().map_err(refused)?;
    let outcome = entry.analyse(plan).await?;
    let g = lock(&entry.game);
    let h = g
        .session
        .hint(&outcome)
        .ok_or_else(|| ApiError::worded(StatusCode::CONFLICT, "no_hint", Msg::ErrNoHint.into()))?;
    let chess960 = g.session.chess960();
    let to = super::game::shown_target(h.mv, chess960);
    Ok(Json(HintView {
        uci: to_uci(h.mv, chess960),
        from: h.mv.from().to_string(),
        to: to.to_string(),
        san: h.san,
        book: h.book,
        score: h.score,
    }))
}

/// The post-game analysis and the game annotated with it, as the page reads them.
#[derive(Serialize)]
pub struct AnalysisView {
    pub analysis: Analysis,
    /// The chart's values: White's winning chances (−1 to 1) at the start and after each move.
    pub chart: Vec<f64>,
    /// The annotated PGN, for the page's download.
    pub pgn: String,
}

/// Analyses the game so far (the whole game once it has ended): `POST /api/game/{id}/analyse`.
pub async fn analyse(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<AnalysisView>, ApiError> {
    let entry = find(&state, id)?;
    let (record, chess960) = record_of(&entry)?;
    if record.game.moves().is_empty() {
        return Err(ApiError::worded(StatusCode::CONFLICT, "no_moves", Msg::ErrNoMoves.into()));
    }
    let plan = SearchPlan {
        game: record.game.clone(),
        limits: SearchLimits { movetime: Some(ANALYSIS_MOVETIME_MS), ..Default::default() },
        elo: None,
        own_book: false,
        chess960,
    };
    let analysis = entry.review(plan).await?;
    super::exercises::keep(&state, id, &record.game, &analysis);
    Ok(Json(AnalysisView::new(&record, analysis)))
}

impl AnalysisView {
    fn new(record: &GameRecord, analysis: Analysis) -> AnalysisView {
        let pgn = annotate::annotated_pgn(record, &analysis);
        let chart = analysis.win_chances();
        AnalysisView { analysis, chart, pgn }
    }
}

/// The game as its PGN reads back (what an analysis is made of).
fn record_of(entry: &Entry) -> Result<(GameRecord, bool), ApiError> {
    let g = lock(&entry.game);
    let record = GameRecord::from_pgn_text(&g.pgn()).map_err(|e| {
        ApiError::worded(StatusCode::CONFLICT, "bad_game", Text::new(Msg::ErrBadGame).arg("why", e))
    })?;
    Ok((record, g.session.chess960()))
}

/// The last analysis of the game as it stands (a reloaded page shows it again):
/// `GET /api/game/{id}/analysis`; 404 when there is none.
pub async fn last_analysis(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<AnalysisView>, ApiError> {
    let entry = find(&state, id)?;
    let (record, _) = record_of(&entry)?;
    let analysis = entry.reviewed(record.game.moves()).ok_or_else(|| {
        ApiError::worded(StatusCode::NOT_FOUND, "no_analysis", Msg::ErrNoAnalysis.into())
    })?;
    Ok(Json(AnalysisView::new(&record, analysis)))
}

#[derive(Serialize)]
pub struct CancelView {
    /// An analysis was running and is stopped.
    pub cancelled: bool,
}

/// Stops the game's running analysis: `POST /api/game/{id}/analyse/cancel`. The request that
/// started it is answered `409 analysis_cancelled`; the game's search slot is free on return.
pub async fn cancel_analysis(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<CancelView>, ApiError> {
    let entry = find(&state, id)?;
    Ok(Json(CancelView { cancelled: entry.cancel_review().await }))
}

pub async fn resign(State(state): Shared, IdPath(id): IdPath) -> Result<Json<GameView>, ApiError> {
    let entry = find(&state, id)?;
    entry.cancel_search();
    lock(&entry.game).session.resign().map_err(refused)?;
    entry.publish_state();
    Ok(Json(entry.view()))
}

#[derive(Serialize)]
pub struct DrawView {
    pub accepted: bool,
    pub message: String,
    /// `message` as a catalogue text.
    pub text: Text,
    pub game: GameView,
}

pub async fn offer_draw(
    State(state): Shared,
    IdPath(id): IdPath,
) -> Result<Json<DrawView>, ApiError> {
    let entry = find(&state, id)?;
    // The engine's own offer stands: taken at once, no search.
    if lock(&entry.game).session.accept_engine_offer() {
        let text = Text::new(Msg::DrawTaken);
        let message = text.render(Lang::En);
        entry.publish_state();
        return Ok(Json(DrawView { accepted: true, message, text, game: entry.view() }));
    }
    let plan = lock(&entry.game).session.draw_plan().map_err(refused)?;
    let outcome = entry.analyse(plan).await?;
    let answer = lock(&entry.game).session.answer_draw(&outcome).map_err(refused)?;
    let accepted = answer.accepted;
    let text = Text::new(if accepted { Msg::DrawAccepted } else { Msg::DrawDeclined });
    let message = text.render(Lang::En);
    entry.publish_state();
    Ok(Json(DrawView { accepted, message, text, game: entry.view() }))
}

/// The API's answer to a request the game session refused.
fn refused(r: Refusal) -> ApiError {
    let (status, code, msg) = match r {
        Refusal::GameOver => (StatusCode::CONFLICT, "game_over", Msg::ErrGameOver),
        Refusal::NotYourTurn => (StatusCode::CONFLICT, "not_your_turn", Msg::ErrNotYourTurn),
        Refusal::IllegalMove => (StatusCode::BAD_REQUEST, "illegal_move", Msg::ErrIllegalMove),
        Refusal::TimeOut => (StatusCode::CONFLICT, "game_over", Msg::ErrTimeOut),
        Refusal::NothingToUndo => (StatusCode::CONFLICT, "nothing_to_undo", Msg::ErrNothingToUndo),
        Refusal::NothingToRedo => (StatusCode::CONFLICT, "nothing_to_redo", Msg::ErrNothingToRedo),
        Refusal::DrawAlreadyDeclined => {
            (StatusCode::CONFLICT, "draw_already_declined", Msg::ErrDrawDeclined)
        }
        Refusal::GameChanged => (StatusCode::CONFLICT, "game_changed", Msg::RefuseGameChanged),
    };
    ApiError::worded(status, code, msg.into())
}

/// The message catalogue in one language (`?lang=cs`, else the browser's `Accept-Language`,
/// else English), as `{"lang", "messages": {key: text}}`. The same for every game, so the
/// browser may keep it for an hour.
pub async fn messages(
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let asked = uri.query().unwrap_or("").split('&').find_map(|p| p.strip_prefix("lang="));
    let lang = match asked {
        Some(l) => Lang::parse(l).ok_or_else(|| {
            ApiError::bad_request("bad_lang", &format!("'{l}' is not a language: use en or cs"))
        })?,
        None => headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::of_accept_language)
            .unwrap_or(Lang::En),
    };
    let headers =
        [(header::CACHE_CONTROL, "public, max-age=3600"), (header::VARY, "Accept-Language")];
    Ok((headers, Json(crate::i18n::catalogue_json(lang))).into_response())
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
/// A WebSocket's read buffer. tungstenite's default, 128 KB, made each open page cost that
/// much; a page sends nothing but pongs.
const WS_READ_BUFFER: usize = 4096;
/// Bytes of outgoing messages gathered before they are written (a state message is about 2 KB).
const WS_WRITE_BUFFER: usize = 4096;
/// A page whose unsent messages pass this much is not reading: its socket fails and is closed.
const WS_MAX_WRITE_BUFFER: usize = 1 << 20;

pub async fn websocket(
    State(state): Shared,
    IdPath(id): IdPath,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let entry = find(&state, id)?;
    let ws = ws.map_err(|e| ApiError::bad_request("not_websocket", &e.body_text()))?;
    let slot = entry.open_socket()?;
    let ping = state.limits().ping_interval;
    Ok(ws
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .read_buffer_size(WS_READ_BUFFER)
        .write_buffer_size(WS_WRITE_BUFFER)
        .max_write_buffer_size(WS_MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| serve_socket(socket, entry, slot, ping)))
}

/// Why a page's socket ended.
#[derive(PartialEq, Eq)]
enum End {
    /// The page closed it, or it failed.
    Page,
    /// The page did not answer a ping within an interval, or did not take a message within one.
    Silent,
    /// The game was evicted.
    Evicted,
}

/// Sends `msg`, giving up after `within`.
async fn send(socket: &mut WebSocket, msg: Message, within: Duration) -> Result<(), End> {
    match tokio::time::timeout(within, socket.send(msg)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(End::Page),
        Err(_) => Err(End::Silent),
    }
}

/// A page's WebSocket: the game's events go out; every `ping` interval a ping does, and a page
/// that has sent nothing (no pong) since the previous one is closed.
async fn serve_socket(mut socket: WebSocket, entry: Arc<Entry>, slot: SocketSlot, ping: Duration) {
    let mut events = entry.events.subscribe();
    let mut closed = entry.closed.subscribe();
    // A page that comes back (reload, reconnect) resumes a search that a closed page stopped.
    maybe_start_engine(&entry);
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
    // A page that was slow to take a message still gets a whole interval to answer a ping.
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut answered = true;
    let mut end = send(&mut socket, Message::Text(entry.state_message().into()), ping).await.err();
    while end.is_none() {
        if *closed.borrow_and_update() {
            end = Some(End::Evicted);
            break;
        }
        end = tokio::select! {
            ev = events.recv() => match ev {
                Ok(text) => send(&mut socket, Message::Text(text.into()), ping).await.err(),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    send(&mut socket, Message::Text(entry.state_message().into()), ping).await.err()
                }
                Err(_) => Some(End::Page),
            },
            _ = closed.changed() => None,
            _ = pings.tick() => {
                if answered {
                    answered = false;
                    send(&mut socket, Message::Ping(Bytes::new()), ping).await.err()
                } else {
                    Some(End::Silent)
                }
            }
            // A pong (or anything else the page sends) shows it is there; only requests count
            // as using the game.
            msg = socket.recv() => match msg {
                Some(Ok(Message::Close(_)) | Err(_)) | None => Some(End::Page),
                Some(Ok(_)) => {
                    answered = true;
                    None
                }
            },
        };
    }
    if end == Some(End::Evicted) {
        // The page is told why its game is gone.
        let gone = serde_json::json!({
            "type": "gone",
            "message": "The server needed room and closed this game, the least recently used.",
            "text": Text::new(Msg::GameGone),
        });
        let _ = send(&mut socket, Message::Text(gone.to_string().into()), ping).await;
        let _ = send(&mut socket, Message::Close(None), ping).await;
    }
    drop(socket);
    drop(slot);
    if entry.sockets() == 0 {
        // The last page showing this game has gone: free the engine.
        entry.cancel_search();
    }
}
