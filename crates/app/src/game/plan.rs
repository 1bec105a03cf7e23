//! The searches a game session asks for, and what comes back from them.

use vidle_core::{Game, Move};
use vidle_engine::{Engine, OptionError, SearchEvent, SearchInfo, SearchLimits, TbOutcome};

/// Thinking time for a hint, in every front end.
pub const HINT_MOVETIME_MS: u64 = 1000;
/// Thinking time for judging a draw offer, in every front end.
pub const DRAW_MOVETIME_MS: u64 = 500;

/// One search to run for a session: the position, the limits and the engine settings.
#[derive(Debug, Clone)]
pub struct SearchPlan {
    pub game: Game,
    pub limits: SearchLimits,
    /// Limited strength at this Elo; `None` for full strength.
    pub elo: Option<u32>,
    /// Whether the engine answers from its opening book.
    pub own_book: bool,
    pub chess960: bool,
}

impl SearchPlan {
    /// Gives `engine` the settings of this search (strength, book, Chess960 notation).
    ///
    /// # Errors
    /// An Elo the engine does not accept (the strength is then unchanged).
    pub fn configure(&self, engine: &mut Engine) -> Result<(), OptionError> {
        engine.set_own_book(self.own_book);
        engine.set_chess960(self.chess960);
        engine.set_strength(self.elo)
    }

    /// An empty outcome for this search, to be filled from its events.
    pub fn outcome(&self) -> SearchOutcome {
        SearchOutcome { game_len: self.game.moves().len(), ..SearchOutcome::default() }
    }
}

/// What a search reported, gathered from its events ([`SearchOutcome::update`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Moves of the game when the search started (a stale answer is recognised by it).
    pub game_len: usize,
    pub best: Option<Move>,
    /// The last complete line of the main variation.
    pub info: Option<SearchInfo>,
    pub from_book: bool,
    /// Set when our tablebases decided the root.
    pub tablebase: Option<TbOutcome>,
    /// Whether the search has ended ([`SearchEvent::BestMove`] came).
    pub done: bool,
}

impl SearchOutcome {
    /// Takes in one event; returns `true` once the search has ended.
    pub fn update(&mut self, ev: &SearchEvent) -> bool {
        match ev {
            SearchEvent::Info(info) if info.bound.is_none() && info.multipv == 1 => {
                self.info = Some(info.clone());
            }
            SearchEvent::BookMove(_) => self.from_book = true,
            SearchEvent::Tablebase(o) => self.tablebase = Some(*o),
            SearchEvent::BestMove { best, .. } => {
                self.best = *best;
                self.done = true;
            }
            _ => {}
        }
        self.done
    }
}
