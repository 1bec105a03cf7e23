//! Terminal play's link to the game store: after every step of the game the controller hands
//! the session to [`Recorder::update`], which writes it when its moves, ending or level
//! changed (one statement, so one transaction, per change). A game is stored from its first
//! move; `new` and `load` start another row. When the store cannot be opened or written, play
//! goes on without it and says so once.

use crate::game::{Ending, GameSession};
use crate::i18n::{Msg, Text, store_error};
use crate::store::{FrontEnd, Store, StoreError};
use vidle_core::Move;

/// What was last written, to write only when something changed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Written {
    moves: Vec<Move>,
    ended: Option<Ending>,
    level: Option<u32>,
}

impl Written {
    fn of(s: &GameSession) -> Written {
        Written { moves: s.game().moves().to_vec(), ended: s.ended(), level: s.strength().0 }
    }
}

/// Writes the terminal's games to the store.
#[derive(Debug, Default)]
pub struct Recorder {
    store: Option<Store>,
    /// The current game's row, once written.
    id: Option<i64>,
    written: Option<Written>,
}

impl Recorder {
    /// A recorder that keeps nothing (tests of the front ends).
    pub fn off() -> Recorder {
        Recorder::default()
    }

    /// A recorder on an open store.
    pub fn on(store: Store) -> Recorder {
        Recorder { store: Some(store), id: None, written: None }
    }

    /// Opens the store in the data directory; when it cannot be used, a recorder that keeps
    /// nothing and the text that says so.
    pub fn open_default() -> (Recorder, Option<Text>) {
        match Store::open_default() {
            Ok(store) => (Recorder::on(store), None),
            Err(e) => (Recorder::off(), Some(off_text(&e))),
        }
    }

    /// The player's rating from the terminal's finished games against a level, and the level
    /// it suggests (two lines), when there is a store and at least one such game.
    pub fn rating_lines(&self) -> Option<Vec<Text>> {
        let results = self.store.as_ref()?.rated_results_of(Some(FrontEnd::Terminal)).ok()?;
        let (r, n) = crate::rating::latest(results.iter().map(|g| (g.level_elo, g.score))).ok()?;
        (n > 0).then(|| vec![crate::rating::rating_text(r, n), crate::rating::suggestion_text(r)])
    }

    /// The store, when there is one.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// The stored game `id` is the one being played (`--resume`): later changes update it.
    pub fn resumed(&mut self, id: i64, s: &GameSession) {
        self.id = Some(id);
        self.written = Some(Written::of(s));
    }

    /// A new game begins (`new`, `load`): the next write makes a new row.
    pub fn new_game(&mut self) {
        self.id = None;
        self.written = None;
    }

    /// Keeps the exercises made of the player's mistakes in an analysis of the game being
    /// played, with its stored row: `None` when there is no store or the game is not stored
    /// as it stands (the analysis was of other moves), else how many exercises it has now.
    pub fn keep_exercises(
        &self,
        s: &GameSession,
        a: &crate::analysis::Analysis,
    ) -> Option<Result<usize, StoreError>> {
        let (store, id) = (self.store.as_ref()?, self.id?);
        if self.written.as_ref()?.moves != s.game().moves() {
            return None;
        }
        let found = crate::mistakes::from_analysis(s.game(), a, s.human());
        Some(store.keep_exercises(id, &found))
    }

    /// Writes the session if it changed since the last write; the text to say when the store
    /// failed (it is then let go, so this is said once).
    pub fn update(&mut self, s: &GameSession) -> Option<Text> {
        let store = self.store.as_ref()?;
        let now = Written::of(s);
        if self.written.as_ref() == Some(&now) || (self.id.is_none() && now.moves.is_empty()) {
            return None;
        }
        let g = s.to_stored(FrontEnd::Terminal);
        let result = match self.id {
            Some(id) => store.update(id, &g).and_then(|found| {
                if found { Ok(id) } else { store.insert(&g) } // deleted meanwhile: stored anew
            }),
            None => store.insert(&g),
        };
        match result {
            Ok(id) => {
                self.id = Some(id);
                self.written = Some(now);
                None
            }
            Err(e) => {
                self.store = None;
                Some(Text::new(Msg::StoreWriteFailed).arg_text("why", store_error(&e)))
            }
        }
    }
}

/// "Your games are not kept this time: …".
pub fn off_text(e: &StoreError) -> Text {
    Text::new(Msg::StoreOff).arg_text("why", store_error(e))
}

/// The stored game `--resume` asks for (`which`: an id, or the last unfinished terminal game)
/// as a session to play on, with the line that says so; the recorder then writes to that game.
///
/// # Errors
/// The words of why it cannot be continued: no store, no such game, a game that does not read.
pub fn resume(
    recorder: &mut Recorder,
    which: Option<i64>,
    off: Option<Text>,
) -> Result<(GameSession, Text), Text> {
    let Some(store) = recorder.store() else {
        return Err(off.unwrap_or_else(|| Text::new(Msg::NoGameToResume)));
    };
    let id = match which {
        Some(id) => id,
        None => match store.last_unfinished(FrontEnd::Terminal).map_err(|e| store_error(&e))? {
            Some(id) => id,
            None => return Err(Text::new(Msg::NoGameToResume)),
        },
    };
    let Some(g) = store.get(id).map_err(|e| store_error(&e))? else {
        return Err(Text::new(Msg::ErrNoGame).arg("id", id));
    };
    let s = GameSession::from_stored(&g).map_err(|e| crate::i18n::unreadable_game(id, &e))?;
    recorder.resumed(id, &s);
    let said = match s.ended() {
        Some(e) => Text::new(Msg::GameResumedOver).arg("id", id).arg("result", e.result),
        None => Text::new(Msg::GameResumed).arg("id", id),
    };
    Ok((s, said))
}
