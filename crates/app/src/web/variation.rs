//! `POST /api/game/{id}/variation`: the analysis board's side lines. After a game has ended the
//! page lets the player try other moves from any position of it; the server, which alone knows
//! the rules, checks them. Stateless: each request names the branch point (`ply`, the plies of
//! the game before it) and the whole variation (`moves`), and gets back every move in SAN, the
//! position reached, its legal moves for the board and how it ends, and on request a short
//! search of it (`eval`). Refused while the game is being played: a side line or a score would
//! give the game away.

use super::error::ApiError;
use super::game::{Captured, Ending, InfoView, Targets, legal_targets, shown_target};
use super::request::{IdPath, JsonBody};
use super::state::{AppState, lock};
use crate::game::{EndReason, SearchPlan};
use crate::i18n::{self, Msg, Text};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use vidle_core::notation::{parse_move, to_san, to_uci};
use vidle_core::{Game, fen};
use vidle_engine::SearchLimits;

/// Plies a variation may have.
pub const MAX_VARIATION_PLIES: usize = 200;
/// A move of a variation is at most this long (`exd8=Q+` is 7).
const MAX_MOVE_TEXT: usize = 32;
/// The search of a variation's position: fixed nodes, a fraction of a second at full strength,
/// so that it costs the same on every machine and cannot hold an engine for long.
pub const EVAL_NODES: u64 = 300_000;

/// A variation: where it leaves the game and its moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariationRequest {
    /// Plies of the game before the variation (0: from the start position).
    ply: usize,
    /// The variation's moves in order, SAN or UCI (`Nf6`, `g8f6`, `e7e8q`).
    #[serde(default)]
    moves: Vec<String>,
    /// Also search the position the variation reaches ([`EVAL_NODES`], full strength).
    #[serde(default)]
    eval: bool,
}

/// One move of the variation as the page lists it.
#[derive(Debug, Serialize)]
pub struct VariationMove {
    pub san: String,
    pub uci: String,
    pub from: String,
    /// The king's destination for castling in standard chess (the board's convention).
    pub to: String,
    /// The position after the move.
    pub fen: String,
}

/// The variation as played out, and where it stands.
#[derive(Debug, Serialize)]
pub struct VariationView {
    pub ply: usize,
    /// The position the variation starts from.
    pub start_fen: String,
    pub moves: Vec<VariationMove>,
    /// The position the variation reaches.
    pub fen: String,
    pub turn: &'static str,
    /// Legal moves there (from → [to…]); empty when the variation has ended.
    pub dests: Targets,
    /// Targets of promoting pawn moves, by origin.
    pub promotions: Targets,
    /// The checked king's square.
    pub check: Option<String>,
    /// Pieces each side has taken from the game's start to the position reached.
    pub captured: Captured,
    /// Material there, White minus Black, in pawns.
    pub material: i32,
    /// Checkmate, stalemate or a draw by rule (repetitions count the game's positions too).
    pub ended: Option<Ending>,
    /// The short search's score and line, when asked (`eval`) and the variation goes on.
    pub eval: Option<InfoView>,
}

fn bad(code: &'static str, message: &str) -> ApiError {
    ApiError::bad_request(code, message)
}

pub async fn variation(
    State(state): State<Arc<AppState>>,
    IdPath(id): IdPath,
    body: Result<JsonBody<VariationRequest>, ApiError>,
) -> Result<Json<VariationView>, ApiError> {
    let entry = state.find(id).ok_or_else(|| {
        ApiError::worded(
            StatusCode::NOT_FOUND,
            "not_found",
            Text::new(Msg::ErrNoGame).arg("id", id),
        )
    })?;
    let JsonBody(req) = body?;
    if req.moves.len() > MAX_VARIATION_PLIES {
        return Err(bad(
            "variation_too_long",
            &format!("A variation has at most {MAX_VARIATION_PLIES} plies."),
        ));
    }
    if req.moves.iter().any(|m| m.chars().count() > MAX_MOVE_TEXT) {
        return Err(bad(
            "field_too_long",
            &format!("'moves' holds a move longer than {MAX_MOVE_TEXT} characters"),
        ));
    }
    let (mut line, chess960) = {
        let mut g = lock(&entry.game);
        g.session.check_flag();
        if g.session.ended().is_none() {
            return Err(ApiError::worded(
                StatusCode::CONFLICT,
                "game_in_play",
                Msg::ErrVariationInPlay.into(),
            ));
        }
        let game = g.session.game();
        if req.ply > game.moves().len() {
            return Err(bad(
                "bad_ply",
                &format!("'ply' is {}; the game has {} plies", req.ply, game.moves().len()),
            ));
        }
        let mut line = Game::new(*game.start());
        for &m in &game.moves()[..req.ply] {
            line.play(m);
        }
        (line, g.session.chess960())
    };
    let start_fen = fen::to_fen(line.position(), chess960);
    let mut moves = Vec::with_capacity(req.moves.len());
    for text in &req.moves {
        if line.status().is_some() {
            return Err(ApiError::worded(
                StatusCode::BAD_REQUEST,
                "variation_over",
                Text::new(Msg::ErrVariationOver).arg("move", text.as_str()),
            ));
        }
        let pos = *line.position();
        let m = parse_move(&pos, text).map_err(|e| {
            ApiError::worded(StatusCode::BAD_REQUEST, "illegal_move", i18n::move_error(&e, false))
        })?;
        line.play(m);
        moves.push(VariationMove {
            san: to_san(&pos, m),
            uci: to_uci(m, chess960),
            from: m.from().to_string(),
            to: shown_target(m, chess960).to_string(),
            fen: fen::to_fen(line.position(), chess960),
        });
    }
    let pos = *line.position();
    let ended = line.status().map(|o| {
        Ending::new(crate::game::Ending { result: o.result(), reason: EndReason::Rules(o) })
    });
    let (dests, promotions) =
        if ended.is_some() { Default::default() } else { legal_targets(&pos, chess960) };
    let captured = Captured::of(&line);
    let eval = if req.eval && ended.is_none() {
        let plan = SearchPlan {
            game: line,
            limits: SearchLimits { nodes: Some(EVAL_NODES), ..Default::default() },
            elo: None,
            own_book: false,
            chess960,
        };
        let outcome = entry.analyse(plan).await?;
        outcome.info.as_ref().map(|info| InfoView::new(&pos, info))
    } else {
        None
    };
    Ok(Json(VariationView {
        ply: req.ply,
        start_fen,
        moves,
        fen: fen::to_fen(&pos, chess960),
        turn: super::game::color_name(pos.turn()),
        dests,
        promotions,
        check: pos.is_check().then(|| pos.king(pos.turn()).to_string()),
        captured,
        material: crate::game::captured::material_balance(&pos),
        ended,
        eval,
    }))
}
