//! The game store: every game played in the terminal or on the web page, kept as it is played
//! in one SQLite file in the data directory (`$XDG_DATA_HOME/vidle/games.sqlite`, or
//! `$VIDLE_STORE`).
//!
//! Crash safety comes from SQLite: the file is in WAL mode (a write appends to the journal and
//! is committed by one record at its end) and every change of a game is one statement, so one
//! transaction. A process killed at any moment leaves the last committed state; at most the
//! write that was under way is lost. `synchronous = NORMAL` keeps a commit off the disk's
//! flush (a killed process loses nothing by it; a power cut may lose the last moves, never
//! the file's consistency).
//!
//! The store holds plain data ([`StoredGame`]: UCI moves, names, level, clock; the exercises
//! made of a game's mistakes, [`StoredExercise`]); turning it into a game to play on is
//! `game::stored`'s work. The words of its errors are in `i18n`.

mod exercises;
mod schema;
#[cfg(test)]
mod tests;

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::{Path, PathBuf};
use std::time::Duration;
use vidle_core::Color;

pub use exercises::{NewExercise, StoredExercise};
pub use schema::VERSION as SCHEMA_VERSION;

/// How long a write waits for another Vidle (a second terminal, the web server) to finish its
/// own before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Which front end played a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontEnd {
    /// `vidle play`.
    Terminal,
    /// `vidle serve`.
    Web,
}

impl FrontEnd {
    fn as_str(self) -> &'static str {
        match self {
            FrontEnd::Terminal => "terminal",
            FrontEnd::Web => "web",
        }
    }

    fn parse(s: &str) -> FrontEnd {
        if s == "web" { FrontEnd::Web } else { FrontEnd::Terminal }
    }
}

/// The clock of a stored game: its time control and each side's remaining time when the last
/// move was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClock {
    /// The time control as the player gave it (`5+3`).
    pub spec: String,
    /// White's remaining time in milliseconds.
    pub white_ms: u64,
    /// Black's remaining time in milliseconds.
    pub black_ms: u64,
}

/// One game as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// Which front end played it.
    pub front_end: FrontEnd,
    /// The web server's id of the game (web games only).
    pub web_id: Option<String>,
    /// When the game was first written (Unix seconds, UTC; set by the store).
    pub created: i64,
    /// When it was last written (Unix seconds, UTC; set by the store).
    pub updated: i64,
    /// The PGN's White player.
    pub white: String,
    /// The PGN's Black player.
    pub black: String,
    /// The player's colour.
    pub human: Color,
    /// The engine's strength in Elo; `None` at full strength.
    pub level: Option<u32>,
    /// The start position's FEN; `None` for the standard start.
    pub start_fen: Option<String>,
    /// A Chess960 game.
    pub chess960: bool,
    /// The clock, in games played with one.
    pub clock: Option<StoredClock>,
    /// The engine's depth limit.
    pub depth: Option<u32>,
    /// The engine's time per move without a clock.
    pub movetime_ms: Option<u64>,
    /// `*` while the game is on, else `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Why the game ended, as the program reads it back (`rules`, `resign:white`,
    /// `time:black`, `agreed`, `limit`).
    pub ending: Option<String>,
    /// Why the game ended, as the PGN's `Termination` tag says it (English).
    pub termination: Option<String>,
    /// The moves in UCI.
    pub moves: Vec<String>,
}

impl StoredGame {
    /// Whether the game has ended.
    pub fn finished(&self) -> bool {
        self.result != "*"
    }

    /// The player's score: 1 for a win, 0.5 for a draw, 0 for a loss; `None` while unfinished.
    pub fn player_score(&self) -> Option<f64> {
        player_score(&self.result, self.human)
    }
}

fn player_score(result: &str, human: Color) -> Option<f64> {
    let white = match result {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    Some(if human == Color::White { white } else { 1.0 - white })
}

/// A finished game against a limited-strength level, as a rating reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedResult {
    /// The id of the game.
    pub id: i64,
    /// The engine's level in Elo.
    pub level_elo: u32,
    /// The player's score: 1, 0.5 or 0.
    pub score: f64,
    /// When the game was last written, so when it ended (Unix seconds, UTC).
    pub finished: i64,
}

/// Why the store cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError {
    /// The store's file.
    pub file: String,
    /// What is wrong.
    pub why: StoreWhy,
}

/// What is wrong with a store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreWhy {
    /// The file is not an SQLite database (or is encrypted, or its header is destroyed).
    NotADatabase,
    /// The file is a database whose pages are damaged (SQLite's report).
    Damaged(String),
    /// A newer Vidle wrote the file (its schema version).
    Newer(u32),
    /// The path is a directory, FIFO or device.
    NotRegular,
    /// Anything else SQLite or the operating system said.
    Other(String),
}

impl std::error::Error for StoreError {}

/// The store's file: `$VIDLE_STORE` when set, else `games.sqlite` in Vidle's data directory
/// (`$XDG_DATA_HOME/vidle`, `~/.local/share/vidle`; `%APPDATA%\vidle` on Windows).
pub fn default_path() -> PathBuf {
    if let Some(p) = std::env::var_os("VIDLE_STORE").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let dir = if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        PathBuf::from(d)
    } else if let (true, Some(d)) = (cfg!(windows), std::env::var_os("APPDATA")) {
        PathBuf::from(d)
    } else {
        let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
        home.join(".local").join("share")
    };
    dir.join("vidle").join("games.sqlite")
}

/// Seconds since the Unix epoch.
pub fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// An open game store.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    file: String,
}

/// The columns every read selects, in the order [`game_of_row`] reads them.
const COLUMNS: &str = "id, front_end, web_id, created, updated, white, black, human, level, \
     start_fen, chess960, time_control, white_ms, black_ms, depth, movetime_ms, result, ending, \
     termination, moves";

impl Store {
    /// Opens the store at [`default_path`].
    ///
    /// # Errors
    /// As [`Store::open`].
    pub fn open_default() -> Result<Store, StoreError> {
        Store::open(&default_path())
    }

    /// Opens (or creates) the store at `path`, its directory too: WAL journal, a quick check
    /// of its pages, the schema brought up to date.
    ///
    /// # Errors
    /// The path is not a regular file; the file is not an SQLite database or is damaged; a
    /// newer Vidle wrote it; it cannot be created or written.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let file = path.display().to_string();
        let fail = |why| StoreError { file: file.clone(), why };
        let sql = |e: rusqlite::Error| fail(why_of(&e));
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(fail(StoreWhy::NotRegular));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(StoreWhy::Other(e.to_string())))?;
        }
        let mut conn = Connection::open(path).map_err(sql)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(sql)?;
        // The first statement that reads the file: a file that is not a database fails here.
        let mode: String =
            conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(sql)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(fail(StoreWhy::Other(format!("journal mode {mode}, not WAL"))));
        }
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(sql)?;
        // A game's exercises go with it (`ON DELETE CASCADE`): SQLite checks foreign keys only
        // on connections that ask.
        conn.pragma_update(None, "foreign_keys", "ON").map_err(sql)?;
        let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(sql)?;
        if check != "ok" {
            return Err(fail(StoreWhy::Damaged(check)));
        }
        schema::migrate(&mut conn).map_err(|e| match e {
            schema::MigrateError::Newer(v) => fail(StoreWhy::Newer(v)),
            schema::MigrateError::Sql(e) => sql(e),
        })?;
        Ok(Store { conn, file })
    }

    /// The store's file, as errors name it.
    pub fn file(&self) -> &str {
        &self.file
    }

    fn error(&self, e: &rusqlite::Error) -> StoreError {
        StoreError { file: self.file.clone(), why: why_of(e) }
    }

    /// Writes a new game; its `created` and `updated` are now. Returns its id.
    ///
    /// # Errors
    /// What SQLite said (a full disk, a read-only file, a web id already stored).
    pub fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        let places: Vec<String> = (4..4 + STATE_COLUMNS.len()).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "INSERT INTO games (front_end, web_id, created, updated, {}) VALUES (?1, ?2, ?3, ?3, {})",
            STATE_COLUMNS.join(", "),
            places.join(", ")
        );
        let head = [Value::from(g.front_end.as_str().to_string()), Value::from(g.web_id.clone())];
        let values = head.into_iter().chain([Value::from(now_secs())]).chain(state_values(g));
        self.conn.execute(&sql, rusqlite::params_from_iter(values)).map_err(|e| self.error(&e))?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Writes the game's state as it is now (one statement: one transaction); `updated` is now.
    /// The front end, web id and creation time stay. Returns whether the game was there.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn update(&self, id: i64, g: &StoredGame) -> Result<bool, StoreError> {
        let sets: Vec<String> =
            STATE_COLUMNS.iter().enumerate().map(|(i, c)| format!("{c} = ?{}", i + 3)).collect();
        let sql = format!("UPDATE games SET updated = ?2, {} WHERE id = ?1", sets.join(", "));
        let values = [Value::from(id), Value::from(now_secs())].into_iter().chain(state_values(g));
        let n = self
            .conn
            .execute(&sql, rusqlite::params_from_iter(values))
            .map_err(|e| self.error(&e))?;
        Ok(n > 0)
    }

    /// The game with this id.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn get(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        self.conn
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], game_of_row)
            .optional()
            .map_err(|e| self.error(&e))
            .map(|g| g.map(|(_, g)| g))
    }

    /// The web game with this web id, with its store id.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn get_web(&self, web_id: &str) -> Result<Option<(i64, StoredGame)>, StoreError> {
        self.conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM games WHERE web_id = ?1"),
                [web_id],
                game_of_row,
            )
            .optional()
            .map_err(|e| self.error(&e))
    }

    /// Games, newest first (by creation, then id), of one front end or all; at most `limit`.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn list(
        &self,
        front_end: Option<FrontEnd>,
        limit: usize,
    ) -> Result<Vec<(i64, StoredGame)>, StoreError> {
        let err = |e: rusqlite::Error| self.error(&e);
        let mut stmt = self
            .conn
            .prepare(&format!(
                "SELECT {COLUMNS} FROM games WHERE ?1 IS NULL OR front_end = ?1 \
                 ORDER BY created DESC, id DESC LIMIT ?2"
            ))
            .map_err(err)?;
        let rows = stmt
            .query_map(
                params![front_end.map(FrontEnd::as_str), limit.min(i64::MAX as usize) as i64],
                game_of_row,
            )
            .map_err(err)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(err)
    }

    /// The id of the most recently written unfinished game of a front end.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn last_unfinished(&self, front_end: FrontEnd) -> Result<Option<i64>, StoreError> {
        self.conn
            .query_row(
                "SELECT id FROM games WHERE front_end = ?1 AND result = '*' \
                 ORDER BY updated DESC, id DESC LIMIT 1",
                [front_end.as_str()],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.error(&e))
    }

    /// Deletes a game; returns whether it was there.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn delete(&self, id: i64) -> Result<bool, StoreError> {
        let n = self
            .conn
            .execute("DELETE FROM games WHERE id = ?1", [id])
            .map_err(|e| self.error(&e))?;
        Ok(n > 0)
    }

    /// The finished games against a limited-strength level (the engine's Elo known), oldest
    /// first: what a rating of the player is computed from.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn rated_results(&self) -> Result<Vec<RatedResult>, StoreError> {
        self.rated_results_of(None)
    }

    /// [`Store::rated_results`] of one front end's games (`None`: all): the terminal's rating
    /// counts the terminal's games, not those a club's players play on `vidle serve`.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn rated_results_of(
        &self,
        front_end: Option<FrontEnd>,
    ) -> Result<Vec<RatedResult>, StoreError> {
        let err = |e: rusqlite::Error| self.error(&e);
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, level, human, result, updated FROM games \
                 WHERE level IS NOT NULL AND result <> '*' AND (?1 IS NULL OR front_end = ?1) \
                 ORDER BY updated, id",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map(params![front_end.map(FrontEnd::as_str)], |r| {
                let human = color_of(&r.get::<_, String>(2)?);
                let result: String = r.get(3)?;
                Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?, human, result, r.get(4)?))
            })
            .map_err(err)?;
        let mut out = Vec::new();
        for row in rows {
            let (id, level_elo, human, result, finished) = row.map_err(err)?;
            if let Some(score) = player_score(&result, human) {
                out.push(RatedResult { id, level_elo, score, finished });
            }
        }
        Ok(out)
    }

    /// SQLite's full check of the file (`PRAGMA integrity_check`): `ok`, or what is wrong.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        let err = |e: rusqlite::Error| self.error(&e);
        let mut stmt = self.conn.prepare("PRAGMA integrity_check").map_err(err)?;
        let lines = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(err)?;
        Ok(lines.collect::<Result<Vec<_>, _>>().map_err(err)?.join("\n"))
    }
}

/// The columns a game's state is written to, by both [`Store::insert`] and [`Store::update`], in
/// the order of [`state_values`].
const STATE_COLUMNS: [&str; 15] = [
    "white",
    "black",
    "human",
    "level",
    "start_fen",
    "chess960",
    "time_control",
    "white_ms",
    "black_ms",
    "depth",
    "movetime_ms",
    "result",
    "ending",
    "termination",
    "moves",
];

/// The game's state in the order of [`STATE_COLUMNS`].
fn state_values(g: &StoredGame) -> [Value; 15] {
    let clock = g.clock.as_ref();
    [
        Value::from(g.white.clone()),
        Value::from(g.black.clone()),
        Value::from(color_str(g.human).to_string()),
        Value::from(g.level),
        Value::from(g.start_fen.clone()),
        Value::from(g.chess960),
        Value::from(clock.map(|c| c.spec.clone())),
        Value::from(clock.map(|c| c.white_ms as i64)),
        Value::from(clock.map(|c| c.black_ms as i64)),
        Value::from(g.depth),
        Value::from(g.movetime_ms.map(|m| m as i64)),
        Value::from(g.result.clone()),
        Value::from(g.ending.clone()),
        Value::from(g.termination.clone()),
        Value::from(g.moves.join(" ")),
    ]
}

fn color_str(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

fn color_of(s: &str) -> Color {
    if s == "black" { Color::Black } else { Color::White }
}

fn game_of_row(r: &Row<'_>) -> rusqlite::Result<(i64, StoredGame)> {
    let spec: Option<String> = r.get(11)?;
    let white_ms: Option<i64> = r.get(12)?;
    let black_ms: Option<i64> = r.get(13)?;
    let clock = spec.map(|spec| StoredClock {
        spec,
        white_ms: white_ms.unwrap_or(0).max(0) as u64,
        black_ms: black_ms.unwrap_or(0).max(0) as u64,
    });
    let moves: String = r.get(19)?;
    Ok((
        r.get(0)?,
        StoredGame {
            front_end: FrontEnd::parse(&r.get::<_, String>(1)?),
            web_id: r.get(2)?,
            created: r.get(3)?,
            updated: r.get(4)?,
            white: r.get(5)?,
            black: r.get(6)?,
            human: color_of(&r.get::<_, String>(7)?),
            level: r.get(8)?,
            start_fen: r.get(9)?,
            chess960: r.get(10)?,
            clock,
            depth: r.get(14)?,
            movetime_ms: r.get::<_, Option<i64>>(15)?.map(|m| m.max(0) as u64),
            result: r.get(16)?,
            ending: r.get(17)?,
            termination: r.get(18)?,
            moves: moves.split_whitespace().map(str::to_string).collect(),
        },
    ))
}

/// What an SQLite error means for the person who owns the file.
fn why_of(e: &rusqlite::Error) -> StoreWhy {
    use rusqlite::ErrorCode;
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreWhy::NotADatabase,
        Some(ErrorCode::DatabaseCorrupt) => StoreWhy::Damaged(e.to_string()),
        _ => StoreWhy::Other(e.to_string()),
    }
}
