//! `GET /api/book?fen=FEN`: the opening explorer ([`crate::explorer`]) for any position the page
//! shows, the game's current one or one it steps back to. Stateless: the position is the query.

use super::error::ApiError;
use super::state::AppState;
use crate::explorer::{ExploreError, ExplorerEntry, Spot, explore};
use crate::i18n::{Msg, Text};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The longest FEN accepted (a real one is under 100 characters).
const MAX_FEN: usize = 200;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookQuery {
    /// The position (default: the start position).
    fen: Option<String>,
}

/// One book move as the page shows it: the explorer's entry and the squares of its arrow.
#[derive(Serialize)]
pub struct BookMoveView {
    #[serde(flatten)]
    entry: ExplorerEntry,
    from: String,
    /// The king's destination for castling (the board's convention), else the move's.
    to: String,
}

/// The book moves of a position, highest weight first.
#[derive(Serialize)]
pub struct BookView {
    fen: String,
    total_weight: u64,
    moves: Vec<BookMoveView>,
}

pub async fn book(
    State(state): State<Arc<AppState>>,
    query: Result<Query<BookQuery>, QueryRejection>,
) -> Result<Json<BookView>, ApiError> {
    let Query(q) = query.map_err(|e| {
        ApiError::bad_request("bad_query", &format!("Bad query: {}", e.body_text()))
    })?;
    let spot = match q.fen.as_deref() {
        Some(f) if f.chars().count() > MAX_FEN => {
            return Err(ApiError::bad_request(
                "field_too_long",
                &format!("'fen' is too long: at most {MAX_FEN} characters"),
            ));
        }
        Some(f) => Spot::from_fen(f).map_err(|e| {
            let why = match e {
                ExploreError::BadFen(why) => why,
                other => other.to_string(),
            };
            ApiError::worded(
                StatusCode::BAD_REQUEST,
                "bad_fen",
                Text::new(Msg::ErrBadFen).arg("why", why),
            )
        })?,
        None => Spot::start(),
    };
    let book = state
        .book()
        .map_err(|why| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "book_unreadable", why))?;
    let e = explore(book.book(), &spot);
    let moves = e
        .moves
        .into_iter()
        .map(|entry| BookMoveView {
            from: entry.mv.from().to_string(),
            to: super::game::shown_target(entry.mv, false).to_string(),
            entry,
        })
        .collect();
    Ok(Json(BookView {
        fen: vidle_core::fen::to_fen(&spot.pos, false),
        total_weight: e.total_weight,
        moves,
    }))
}
