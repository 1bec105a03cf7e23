//! The store's tables and their versions. The database's `user_version` is the number of
//! migrations applied: a new file (version 0) gets all of them, an older one the missing ones,
//! each in its own transaction with the version it reaches, so that a migration is applied
//! whole or not at all. A file from a newer program (a higher version) is refused, not guessed.

use rusqlite::{Connection, TransactionBehavior};

/// The migrations in order; the schema version of a store is how many of them it has had.
/// Never edit one that was released: add the next.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: the games. Times are Unix seconds (UTC). Moves are UCI, space-separated (castling as
    // king-takes-rook in Chess960 games, as UCI writes it). `result` is `*` while the game is
    // on; `ending` says why it ended in a form the program reads back (`rules`, `resign:white`,
    // `time:black`, `agreed`, `limit`); `termination` is the PGN tag's English text. The clock
    // columns hold the remaining times when the last move was made. AUTOINCREMENT: the id of a
    // deleted game is never given to another.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        front_end TEXT NOT NULL CHECK (front_end IN ('terminal', 'web')),
        web_id TEXT UNIQUE,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        human TEXT NOT NULL CHECK (human IN ('white', 'black')),
        level INTEGER,
        start_fen TEXT,
        chess960 INTEGER NOT NULL DEFAULT 0,
        time_control TEXT,
        white_ms INTEGER,
        black_ms INTEGER,
        depth INTEGER,
        movetime_ms INTEGER,
        result TEXT NOT NULL DEFAULT '*' CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')),
        ending TEXT,
        termination TEXT,
        moves TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX games_by_created ON games (created);",
    // 2: the exercises made of the player's mistakes and blunders in an analysed game (one per
    // ply of a game; deleted with the game, which needs `PRAGMA foreign_keys`, set by
    // `Store::open`). `fen` is the position before the move; moves are UCI (as the analysis
    // writes them) and SAN. Scores are from the mover's point of view, as UCI writes them
    // (`cp 35`, `mate -2`): `best_score` after the engine's move, `played_score` after the
    // player's; `loss` is how much worse the played move is, in centipawns with each score held
    // within ±1000 (a mate counts as 1000), the range the judgement reads.
    // `tries` and `solved` count the attempts and the solved ones; `last_tried` is when the
    // last attempt was made (Unix seconds), NULL before the first.
    "CREATE TABLE exercises (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        fen TEXT NOT NULL,
        played TEXT NOT NULL,
        played_san TEXT NOT NULL,
        best TEXT NOT NULL,
        best_san TEXT NOT NULL,
        best_score TEXT NOT NULL,
        played_score TEXT NOT NULL,
        loss INTEGER NOT NULL,
        judgement TEXT NOT NULL CHECK (judgement IN ('mistake', 'blunder')),
        created INTEGER NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        last_tried INTEGER,
        UNIQUE (game_id, ply)
    );",
];

/// The schema version this program writes.
pub const VERSION: u32 = MIGRATIONS.len() as u32;

/// Why the schema could not be brought up to date.
#[derive(Debug)]
pub enum MigrateError {
    /// The file was written by a newer program (its version).
    Newer(u32),
    /// SQLite's error.
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for MigrateError {
    fn from(e: rusqlite::Error) -> Self {
        MigrateError::Sql(e)
    }
}

/// The schema version of the open database.
pub fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Applies the migrations the database lacks.
pub fn migrate(conn: &mut Connection) -> Result<(), MigrateError> {
    loop {
        // Read inside the write transaction: two programs opening a new store at once apply
        // each migration once.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let v = version(&tx)?;
        if v > VERSION {
            return Err(MigrateError::Newer(v));
        }
        if v == VERSION {
            return Ok(());
        }
        tx.execute_batch(MIGRATIONS[v as usize])?;
        tx.pragma_update(None, "user_version", v + 1)?;
        tx.commit()?;
    }
}
