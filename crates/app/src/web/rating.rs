//! `GET /api/rating?ids=…`: the player's Glicko-2 rating (`crate::rating`) from the finished
//! games among `ids` against a limited level, in the order they ended. The ids are the games'
//! secrets, as for `GET /api/games`: the page sends the ids of the games it created, so the
//! rating is that browser's, and the server never lists games it was not asked for.

use super::error::ApiError;
use super::saved::MAX_LISTED;
use super::secret::GameId;
use super::state::AppState;
use crate::game::strength::LEVELS;
use crate::i18n::{Msg, Text};
use crate::rating::{self, RatingError};
use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// `GET /api/rating?ids=ID,ID`.
#[derive(Debug, Deserialize)]
pub struct RatingQuery {
    /// Comma-separated game ids.
    #[serde(default)]
    ids: String,
}

/// The rating from the rated games among the ids.
#[derive(Debug, Serialize)]
pub struct RatingView {
    /// The rating; `null` before the first rated game.
    rating: Option<f64>,
    /// Its deviation (one standard deviation).
    rd: Option<f64>,
    /// The volatility σ.
    volatility: Option<f64>,
    /// The rated games: finished, against a named level below full strength.
    games: usize,
    /// The level to play next (`club`…), and its Elo; `null` before the first rated game.
    next_level: Option<&'static str>,
    next_elo: Option<u32>,
    /// "Your rating: 1523 ± 84 (after 12 games); next: Club (1700)" (or "No rating yet…").
    text: Text,
    /// Why that level; `null` before the first rated game.
    why: Option<Text>,
}

fn bad(code: &'static str, text: Text) -> ApiError {
    ApiError::worded(StatusCode::BAD_REQUEST, code, text)
}

/// The ids of a query: every one well formed, each counted once, at most [`MAX_LISTED`].
pub(super) fn parse_ids(text: &str) -> Result<Vec<GameId>, ApiError> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let Some(id) = GameId::parse(part) else {
            let shown = super::request::quoted(part, 40);
            return Err(bad("bad_id", Text::new(Msg::ErrBadGameId).arg("id", shown)));
        };
        if seen.insert(id) {
            out.push(id);
        }
        if out.len() > MAX_LISTED {
            return Err(bad("too_many_ids", Text::new(Msg::ErrTooManyIds).arg("n", MAX_LISTED)));
        }
    }
    Ok(out)
}

/// The rating of the games among `ids`: 400 for a malformed or unknown id, or too many.
pub async fn rating(
    State(state): State<Arc<AppState>>,
    Query(q): Query<RatingQuery>,
) -> Result<Json<RatingView>, ApiError> {
    let ids = parse_ids(&q.ids)?;
    let Some(store) = state.store() else {
        return Err(ApiError::worded(
            StatusCode::SERVICE_UNAVAILABLE,
            "no_store",
            Text::new(Msg::ErrNoStore),
        ));
    };
    let store_error = |e: crate::store::StoreError| {
        eprintln!("vidle serve: {e}");
        ApiError::worded(StatusCode::INTERNAL_SERVER_ERROR, "store", Text::new(Msg::ErrStoreRead))
    };
    let results = {
        let store = store.lock();
        let mut rows = HashSet::new();
        for id in &ids {
            match store.get_web(&id.to_string()).map_err(store_error)? {
                Some((row, _)) => rows.insert(row),
                None => {
                    let text = Text::new(Msg::ErrNoGame).arg("id", id);
                    return Err(bad("unknown_id", text));
                }
            };
        }
        let all = store.rated_results().map_err(store_error)?;
        all.into_iter().filter(|r| rows.contains(&r.id)).collect::<Vec<_>>()
    };
    // `rated_results` is oldest first (by finish time, then row): the order Glicko-2 wants.
    let history = rating::history(results.iter().map(|r| (r.level_elo, r.score))).map_err(
        |e: RatingError| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "rating", &e.to_string()),
    )?;
    let games = history.len();
    let Some(&now) = history.last() else {
        return Ok(Json(RatingView {
            rating: None,
            rd: None,
            volatility: None,
            games: 0,
            next_level: None,
            next_elo: None,
            text: rating::rating_text(rating::START, 0),
            why: None,
        }));
    };
    let next = rating::suggest_level(now);
    let next_level = LEVELS.iter().find(|(_, e)| *e == Some(next.elo)).map(|(name, _)| *name);
    Ok(Json(RatingView {
        rating: Some(now.rating),
        rd: Some(now.rd),
        volatility: Some(now.volatility),
        games,
        next_level,
        next_elo: Some(next.elo),
        text: rating::rating_text(now, games),
        why: Some(rating::suggestion_text(now)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_counted_once_and_bounded() {
        let a = "0123456789abcdef0123456789abcdef";
        assert_eq!(parse_ids("").map(|v| v.len()), Ok(0));
        assert_eq!(parse_ids(&format!("{a},{a}")).map(|v| v.len()), Ok(1));
        assert_eq!(parse_ids("junk").map_err(|e| e.code), Err("bad_id"));
        let many: Vec<String> = (0..=MAX_LISTED).map(|i| format!("{i:032x}")).collect();
        assert_eq!(parse_ids(&many.join(",")).map_err(|e| e.code), Err("too_many_ids"));
        assert_eq!(parse_ids(&many[..MAX_LISTED].join(",")).map(|v| v.len()), Ok(MAX_LISTED));
    }
}
