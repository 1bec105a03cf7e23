//! The web server's games in the game store (`crate::store`): each game is written when it is
//! created and whenever its moves, ending or level change (before the new state is pushed to
//! its pages), so that after a crash or a restart `GET /api/game/{id}` finds it where it stood
//! and the page plays on. A game the server no longer holds in memory (a restart, an eviction)
//! is read back from the store under its own id. `GET /api/games?ids=…` sums up stored games
//! by id: the ids are the games' secrets, so a page lists only the games it knows.

use super::error::ApiError;
use super::secret::GameId;
use super::state::{AppState, lock};
use crate::game::{Ending, GameSession};
use crate::store::{FrontEnd, Store, StoreError, StoredGame};
use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use vidle_core::Move;

/// Ids one `GET /api/games` asks for at most.
pub const MAX_LISTED: usize = 200;

/// The store shared by all games of one server.
#[derive(Debug)]
pub struct WebStore(Mutex<Store>);

impl WebStore {
    /// The server's store on an open [`Store`].
    pub fn new(store: Store) -> Arc<WebStore> {
        Arc::new(WebStore(Mutex::new(store)))
    }

    /// The store itself, held while the guard lives.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        lock(&self.0)
    }

    /// The stored game with this web id, as a session to play on; `None` when there is none or
    /// it does not read back (said on standard error).
    pub fn load(&self, id: GameId) -> Option<(i64, GameSession)> {
        let found = lock(&self.0).get_web(&id.to_string());
        let (row, g) = match found {
            Ok(found) => found?,
            Err(e) => {
                tracing::error!("game store: {e}");
                return None;
            }
        };
        match GameSession::from_stored(&g) {
            Ok(s) => Some((row, s)),
            Err(e) => {
                let text = crate::i18n::unreadable_game(row, &e);
                tracing::warn!("{}", text.render(crate::i18n::Lang::En));
                None
            }
        }
    }
}

/// What was last written of one game, to write only on a change.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Written {
    moves: Vec<Move>,
    ended: Option<Ending>,
    level: Option<u32>,
}

/// One game's link to the store.
#[derive(Debug, Default)]
pub struct Saver {
    store: Option<Arc<WebStore>>,
    row: Option<i64>,
    written: Option<Written>,
}

impl Saver {
    /// A link to `store` for a game stored as `row` already (read back), or a new one.
    pub fn new(store: Option<Arc<WebStore>>, row: Option<i64>, s: &GameSession) -> Saver {
        let written = row.map(|_| written_of(s));
        Saver { store, row, written }
    }

    /// Writes the game if it changed since the last write. A failed write is said on standard
    /// error and the game is no longer kept (the server goes on).
    pub fn save(&mut self, id: GameId, s: &GameSession) {
        let Some(store) = &self.store else { return };
        let now = written_of(s);
        if self.written.as_ref() == Some(&now) {
            return;
        }
        let mut g = s.to_stored(FrontEnd::Web);
        g.web_id = Some(id.to_string());
        let result = write(&lock(&store.0), self.row, &g);
        match result {
            Ok(row) => {
                self.row = Some(row);
                self.written = Some(now);
            }
            Err(e) => {
                let id = super::log::short_id(&id.to_string());
                tracing::error!("game {id} is no longer kept: {e}");
                self.store = None;
            }
        }
    }
}

fn written_of(s: &GameSession) -> Written {
    Written { moves: s.game().moves().to_vec(), ended: s.ended(), level: s.strength().0 }
}

fn write(store: &Store, row: Option<i64>, g: &StoredGame) -> Result<i64, StoreError> {
    if let Some(row) = row
        && store.update(row, g)?
    {
        return Ok(row);
    }
    store.insert(g)
}

/// `GET /api/games?ids=ID,ID`.
#[derive(Debug, Deserialize)]
pub struct GamesQuery {
    /// Comma-separated game ids.
    #[serde(default)]
    ids: String,
}

/// One stored game, summed up for a list.
#[derive(Debug, Serialize)]
pub struct GameSummary {
    id: String,
    /// Unix seconds.
    created: i64,
    updated: i64,
    white: String,
    black: String,
    /// `white` or `black`.
    human: &'static str,
    /// The engine's Elo; `null` at full strength.
    level: Option<u32>,
    /// `*` while the game is on.
    result: String,
    termination: Option<String>,
    /// Plies played.
    plies: usize,
}

/// The stored games among `ids` (unknown or malformed ids are left out), newest first.
pub async fn list_games(
    State(state): State<Arc<AppState>>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let ids: Vec<GameId> = q.ids.split(',').filter_map(GameId::parse).take(MAX_LISTED).collect();
    let Some(store) = state.store() else { return Ok(Json(Vec::new())) };
    let store = lock(&store.0);
    let mut out = Vec::new();
    for id in ids {
        if let Ok(Some((_, g))) = store.get_web(&id.to_string()) {
            out.push(GameSummary {
                id: id.to_string(),
                created: g.created,
                updated: g.updated,
                human: if g.human == vidle_core::Color::White { "white" } else { "black" },
                level: g.level,
                plies: g.moves.len(),
                white: g.white,
                black: g.black,
                result: g.result,
                termination: g.termination,
            });
        }
    }
    out.sort_by(|a, b| b.created.cmp(&a.created).then(b.updated.cmp(&a.updated)));
    Ok(Json(out))
}
