//! The exercises kept with the games (`exercises` table, schema 2): one per mistake or blunder
//! of the player in an analysed game, keyed by the game and the ply, deleted with the game.
//! What makes them and judges the answers is `crate::mistakes`; this file only writes and reads
//! them.

use super::{Store, StoreError, now_secs};
use crate::analysis::Judgement;
use rusqlite::{OptionalExtension, Row, params};
use vidle_engine::Score;

/// An exercise as an analysis makes it (the store adds its game, times and counts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewExercise {
    /// 1-based half-move of the game the mistake was made at.
    pub ply: u32,
    /// The position before the move (FEN; Shredder castling in Chess960 games).
    pub fen: String,
    /// The move played, in UCI.
    pub played: String,
    /// The move played, in English SAN.
    pub played_san: String,
    /// The engine's move, in UCI.
    pub best: String,
    /// The engine's move, in English SAN.
    pub best_san: String,
    /// The score after the engine's move, from the mover's point of view.
    pub best_score: Score,
    /// The score after the move played, from the mover's point of view.
    pub played_score: Score,
    /// Centipawns the move played gave away (each score held within ±1000, a mate as 1000).
    pub loss: i32,
    /// Mistake or blunder.
    pub judgement: Judgement,
}

/// An exercise as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredExercise {
    /// The store's id of the exercise.
    pub id: i64,
    /// The id of its game.
    pub game_id: i64,
    /// What the analysis made.
    pub exercise: NewExercise,
    /// When it was first made (Unix seconds, UTC).
    pub created: i64,
    /// Attempts made.
    pub tries: u32,
    /// Attempts that found a good move.
    pub solved: u32,
    /// When the last attempt was made; `None` before the first.
    pub last_tried: Option<i64>,
}

/// A score as the table keeps it: `cp 35`, `mate -2` (UCI's words).
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// [`score_text`] read back; anything else is 0 centipawns.
pub fn parse_score(text: &str) -> Score {
    let mut words = text.split_whitespace();
    match (words.next(), words.next().and_then(|n| n.parse().ok())) {
        (Some("mate"), Some(n)) => Score::Mate(n),
        (Some("cp"), Some(cp)) => Score::Cp(cp),
        _ => Score::Cp(0),
    }
}

fn judgement_text(j: Judgement) -> &'static str {
    if j == Judgement::Blunder { "blunder" } else { "mistake" }
}

/// The columns every read selects, in the order [`exercise_of_row`] reads them.
const COLUMNS: &str = "id, game_id, ply, fen, played, played_san, best, best_san, best_score, \
     played_score, loss, judgement, created, tries, solved, last_tried";

/// The order exercises are practised in: never solved first, then the least recently tried
/// (never tried before all), then by game and ply.
const ORDER: &str = "ORDER BY solved > 0, COALESCE(last_tried, 0), game_id, ply";

fn exercise_of_row(r: &Row<'_>) -> rusqlite::Result<StoredExercise> {
    let judgement: String = r.get(11)?;
    Ok(StoredExercise {
        id: r.get(0)?,
        game_id: r.get(1)?,
        exercise: NewExercise {
            ply: r.get(2)?,
            fen: r.get(3)?,
            played: r.get(4)?,
            played_san: r.get(5)?,
            best: r.get(6)?,
            best_san: r.get(7)?,
            best_score: parse_score(&r.get::<_, String>(8)?),
            played_score: parse_score(&r.get::<_, String>(9)?),
            loss: r.get(10)?,
            judgement: if judgement == "blunder" { Judgement::Blunder } else { Judgement::Mistake },
        },
        created: r.get(12)?,
        tries: r.get(13)?,
        solved: r.get(14)?,
        last_tried: r.get(15)?,
    })
}

impl Store {
    /// Keeps the exercises of an analysis of game `game_id`, in one transaction: an exercise at
    /// a ply the game already has one at is updated (its tries and solved count stay while its
    /// position and move are the same), a new one is added, and the game's exercises at other
    /// plies are removed (the analysis no longer finds a mistake there). Returns how many the
    /// game has now.
    ///
    /// # Errors
    /// What SQLite said (the game is not in the store, among others).
    pub fn keep_exercises(
        &self,
        game_id: i64,
        exercises: &[NewExercise],
    ) -> Result<usize, StoreError> {
        let err = |e: rusqlite::Error| self.error(&e);
        // `&self`: the store is shared read-only by its users; no other transaction is open on
        // this connection while this one runs (every other write is one statement).
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        {
            let mut upsert = tx
                .prepare(
                    "INSERT INTO exercises (game_id, ply, fen, played, played_san, best, \
                     best_san, best_score, played_score, loss, judgement, created) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) \
                     ON CONFLICT (game_id, ply) DO UPDATE SET \
                     tries = CASE WHEN fen = excluded.fen AND played = excluded.played \
                         THEN tries ELSE 0 END, \
                     solved = CASE WHEN fen = excluded.fen AND played = excluded.played \
                         THEN solved ELSE 0 END, \
                     last_tried = CASE WHEN fen = excluded.fen AND played = excluded.played \
                         THEN last_tried ELSE NULL END, \
                     fen = excluded.fen, played = excluded.played, \
                     played_san = excluded.played_san, best = excluded.best, \
                     best_san = excluded.best_san, best_score = excluded.best_score, \
                     played_score = excluded.played_score, loss = excluded.loss, \
                     judgement = excluded.judgement",
                )
                .map_err(err)?;
            let now = now_secs();
            for e in exercises {
                upsert
                    .execute(params![
                        game_id,
                        e.ply,
                        e.fen,
                        e.played,
                        e.played_san,
                        e.best,
                        e.best_san,
                        score_text(e.best_score),
                        score_text(e.played_score),
                        e.loss,
                        judgement_text(e.judgement),
                        now
                    ])
                    .map_err(err)?;
            }
            let plies: Vec<String> = exercises.iter().map(|e| e.ply.to_string()).collect();
            tx.execute(
                &format!(
                    "DELETE FROM exercises WHERE game_id = ?1 AND ply NOT IN ({})",
                    plies.join(", ")
                ),
                [game_id],
            )
            .map_err(err)?;
        }
        let n: i64 = tx
            .query_row("SELECT COUNT(*) FROM exercises WHERE game_id = ?1", [game_id], |r| r.get(0))
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(n as usize)
    }

    /// Exercises in the order they are practised (never solved first, then the least recently
    /// tried): of one game, or of all games; at most `limit`.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn exercises(
        &self,
        game_id: Option<i64>,
        limit: usize,
    ) -> Result<Vec<StoredExercise>, StoreError> {
        let err = |e: rusqlite::Error| self.error(&e);
        let mut stmt = self
            .conn
            .prepare(&format!(
                "SELECT {COLUMNS} FROM exercises WHERE ?1 IS NULL OR game_id = ?1 {ORDER} LIMIT ?2"
            ))
            .map_err(err)?;
        let rows = stmt
            .query_map(params![game_id, limit.min(i64::MAX as usize) as i64], exercise_of_row)
            .map_err(err)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(err)
    }

    /// The exercise of game `game_id` at `ply`.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn exercise(&self, game_id: i64, ply: u32) -> Result<Option<StoredExercise>, StoreError> {
        self.conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM exercises WHERE game_id = ?1 AND ply = ?2"),
                params![game_id, ply],
                exercise_of_row,
            )
            .optional()
            .map_err(|e| self.error(&e))
    }

    /// Counts an attempt at exercise `id` (solved or not) made now; returns whether it was
    /// there.
    ///
    /// # Errors
    /// What SQLite said.
    pub fn exercise_tried(&self, id: i64, solved: bool) -> Result<bool, StoreError> {
        let n = self
            .conn
            .execute(
                "UPDATE exercises SET tries = tries + 1, solved = solved + ?2, last_tried = ?3 \
                 WHERE id = ?1",
                params![id, i64::from(solved), now_secs()],
            )
            .map_err(|e| self.error(&e))?;
        Ok(n > 0)
    }
}
