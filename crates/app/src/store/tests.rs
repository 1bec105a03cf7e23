use super::*;

/// A file in a directory of the test's own, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> TempFile {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("vidle-store-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempFile(dir.join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn sample() -> StoredGame {
    StoredGame {
        front_end: FrontEnd::Terminal,
        web_id: None,
        created: 0,
        updated: 0,
        white: "Player".into(),
        black: "Vidle (club)".into(),
        human: Color::White,
        level: Some(1700),
        start_fen: None,
        chess960: false,
        clock: Some(StoredClock { spec: "5+3".into(), white_ms: 291_500, black_ms: 300_000 }),
        depth: None,
        movetime_ms: Some(1500),
        result: "*".into(),
        ending: None,
        termination: None,
        moves: vec!["e2e4".into(), "e7e5".into()],
    }
}

#[test]
fn a_game_reads_back_as_written_and_updates_in_place() {
    let f = TempFile::new("games.sqlite");
    let store = Store::open(&f.0).expect("a new store in a new directory");
    let mut g = sample();
    let id = store.insert(&g).expect("insert");
    let (created, updated) = {
        let back = store.get(id).expect("read").expect("the game is there");
        assert_eq!(StoredGame { created: 0, updated: 0, ..back.clone() }, g);
        assert!(back.created > 0 && back.updated >= back.created);
        (back.created, back.updated)
    };
    g.moves.push("g1f3".into());
    g.result = "1-0".into();
    g.ending = Some("resign:black".into());
    g.termination = Some("Black resigns".into());
    g.clock = None;
    assert!(store.update(id, &g).expect("update"));
    drop(store);
    // Reopened: the change is in the file.
    let store = Store::open(&f.0).expect("reopen");
    let back = store.get(id).expect("read").expect("still there");
    assert_eq!(back.moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!((back.result.as_str(), back.ending.as_deref()), ("1-0", Some("resign:black")));
    assert_eq!(back.clock, None);
    assert_eq!(back.created, created, "creation time kept");
    assert!(back.updated >= updated);
    assert_eq!(store.get(id + 1).expect("read"), None);
    assert!(!store.update(id + 1, &g).expect("update of a missing game"));
}

#[test]
fn lists_newest_first_and_finds_the_last_unfinished_game() {
    let f = TempFile::new("games.sqlite");
    let store = Store::open(&f.0).expect("open");
    let a = store.insert(&sample()).expect("a");
    let b = store.insert(&StoredGame { result: "0-1".into(), ..sample() }).expect("b");
    let web = StoredGame { front_end: FrontEnd::Web, web_id: Some("xyz".into()), ..sample() };
    let c = store.insert(&web).expect("c");
    let ids: Vec<i64> = store.list(None, 10).expect("list").iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [c, b, a]);
    let term = store.list(Some(FrontEnd::Terminal), 10).expect("list");
    assert_eq!(term.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [b, a]);
    assert_eq!(store.list(None, 1).expect("list").len(), 1);
    assert_eq!(store.last_unfinished(FrontEnd::Terminal).expect("query"), Some(a));
    assert_eq!(store.get_web("xyz").expect("query").map(|(id, _)| id), Some(c));
    assert!(store.delete(a).expect("delete"));
    assert!(!store.delete(a).expect("delete again"));
    assert_eq!(store.last_unfinished(FrontEnd::Terminal).expect("query"), None);
    // A deleted id is never reused.
    assert!(store.insert(&sample()).expect("d") > c);
}

#[test]
fn rated_results_are_finished_games_against_a_level_from_the_players_side() {
    let f = TempFile::new("games.sqlite");
    let store = Store::open(&f.0).expect("open");
    let game =
        |human, level, result: &str| StoredGame { human, level, result: result.into(), ..sample() };
    let won_black = store.insert(&game(Color::Black, Some(1200), "0-1")).expect("insert");
    store.insert(&game(Color::White, None, "1-0")).expect("full strength: no rating");
    store.insert(&game(Color::White, Some(1700), "*")).expect("unfinished: no rating");
    let lost = store.insert(&game(Color::White, Some(1700), "0-1")).expect("insert");
    let drawn = store.insert(&game(Color::Black, Some(2000), "1/2-1/2")).expect("insert");
    let r = store.rated_results().expect("query");
    let got: Vec<(i64, u32, f64)> = r.iter().map(|r| (r.id, r.level_elo, r.score)).collect();
    assert_eq!(got, [(won_black, 1200, 1.0), (lost, 1700, 0.0), (drawn, 2000, 0.5)]);
    assert!(r.iter().all(|r| r.finished > 0));
}

#[test]
fn a_new_or_empty_file_gets_the_whole_schema() {
    let f = TempFile::new("games.sqlite");
    std::fs::create_dir_all(f.0.parent().expect("dir")).expect("dir");
    // An empty file is an empty database to SQLite (version 0).
    std::fs::write(&f.0, b"").expect("empty file");
    let store = Store::open(&f.0).expect("an empty file is migrated");
    assert_eq!(schema::version(&store.conn).expect("version"), SCHEMA_VERSION);
    assert_eq!(store.integrity_check().expect("check"), "ok");
    store.insert(&sample()).expect("the table is there");
    drop(store);
    // Opening again applies nothing twice.
    let store = Store::open(&f.0).expect("reopen");
    assert_eq!(store.list(None, 10).expect("list").len(), 1);
}

#[test]
fn a_store_from_a_newer_vidle_is_refused() {
    let f = TempFile::new("games.sqlite");
    drop(Store::open(&f.0).expect("open"));
    let conn = Connection::open(&f.0).expect("raw");
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1).expect("set version");
    drop(conn);
    let e = Store::open(&f.0).expect_err("a newer schema");
    assert_eq!(e.why, StoreWhy::Newer(SCHEMA_VERSION + 1));
    assert!(e.to_string().contains("newer Vidle"), "{e}");
}

#[test]
fn a_file_that_is_not_a_store_gives_a_clear_error() {
    let f = TempFile::new("games.sqlite");
    std::fs::create_dir_all(f.0.parent().expect("dir")).expect("dir");
    std::fs::write(&f.0, "this is a PGN file, not a database\n".repeat(200)).expect("write");
    let e = Store::open(&f.0).expect_err("text is no database");
    assert_eq!(e.why, StoreWhy::NotADatabase);
    assert!(e.to_string().contains("not an SQLite database"), "{e}");
    assert!(e.to_string().contains(&f.0.display().to_string()), "{e}");
    let dir = f.0.parent().expect("dir");
    let e = Store::open(dir).expect_err("a directory");
    assert_eq!(e.why, StoreWhy::NotRegular);
}

#[test]
fn a_store_with_damaged_pages_gives_a_clear_error() {
    let f = TempFile::new("games.sqlite");
    {
        let store = Store::open(&f.0).expect("open");
        for _ in 0..200 {
            store.insert(&sample()).expect("insert");
        }
    }
    // Fold the journal into the file, then overwrite the pages after the first (the schema)
    // with noise, keeping the header: SQLite sees a database whose pages are wrong.
    let conn = Connection::open(&f.0).expect("raw");
    conn.pragma_update(None, "journal_mode", "DELETE").expect("checkpoint");
    let page: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).expect("page size");
    let page = page as usize;
    drop(conn);
    let mut bytes = std::fs::read(&f.0).expect("read");
    assert!(bytes.len() > 3 * page, "the games fill several pages");
    for (i, b) in bytes[page..].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37) ^ 0x5a;
    }
    std::fs::write(&f.0, bytes).expect("write");
    let e = Store::open(&f.0).expect_err("damaged pages");
    assert!(matches!(e.why, StoreWhy::Damaged(_)), "{e:?}");
    assert!(e.to_string().contains("is damaged"), "{e}");
}

fn mistake(ply: u32, played: &str) -> NewExercise {
    NewExercise {
        ply,
        fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3".into(),
        played: played.into(),
        played_san: "Nf6".into(),
        best: "g7g6".into(),
        best_san: "g6".into(),
        best_score: vidle_engine::Score::Cp(-20),
        played_score: vidle_engine::Score::Mate(-1),
        loss: 980,
        judgement: crate::analysis::Judgement::Blunder,
    }
}

#[test]
fn a_version_1_store_is_upgraded_and_keeps_its_games() {
    let f = TempFile::new("games.sqlite");
    std::fs::create_dir_all(f.0.parent().expect("dir")).expect("dir");
    {
        // The file as the first released schema left it, with a game in it.
        let conn = Connection::open(&f.0).expect("raw");
        conn.execute_batch(schema::MIGRATIONS[0]).expect("schema 1");
        conn.pragma_update(None, "user_version", 1).expect("version 1");
        conn.execute(
            "INSERT INTO games (front_end, created, updated, white, black, human, moves) \
             VALUES ('terminal', 1, 1, 'Player', 'Vidle', 'black', 'e2e4 e7e5')",
            [],
        )
        .expect("a game of schema 1");
    }
    let store = Store::open(&f.0).expect("upgraded");
    assert_eq!(schema::version(&store.conn).expect("version"), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 2);
    let (id, g) = store.list(None, 10).expect("list").pop().expect("the old game is there");
    assert_eq!(g.moves, ["e2e4", "e7e5"]);
    assert_eq!(store.keep_exercises(id, &[mistake(6, "g8f6")]).expect("the new table"), 1);
    assert_eq!(store.integrity_check().expect("check"), "ok");
}

#[test]
fn exercises_are_kept_once_per_ply_and_go_with_their_game() {
    let f = TempFile::new("games.sqlite");
    let store = Store::open(&f.0).expect("open");
    let game = store.insert(&sample()).expect("a game");
    let other = store.insert(&sample()).expect("another");
    assert_eq!(store.keep_exercises(game, &[mistake(6, "g8f6"), mistake(8, "a7a6")]).unwrap(), 2);
    assert_eq!(store.keep_exercises(other, &[mistake(4, "g8f6")]).unwrap(), 1);
    let six = store.exercise(game, 6).expect("read").expect("kept");
    assert_eq!(six.exercise, mistake(6, "g8f6"));
    assert_eq!((six.tries, six.solved, six.last_tried), (0, 0, None));
    assert!(store.exercise_tried(six.id, false).expect("tried"));
    assert!(store.exercise_tried(six.id, true).expect("tried"));

    // Analysed again: no second row; the counts stay while the mistake is the same one; the
    // ply the analysis no longer calls a mistake goes.
    let again = mistake(6, "g8f6");
    assert_eq!(store.keep_exercises(game, std::slice::from_ref(&again)).expect("again"), 1);
    let six = store.exercise(game, 6).expect("read").expect("still kept");
    assert_eq!((six.tries, six.solved), (2, 1));
    assert!(six.last_tried.is_some());
    assert_eq!(store.exercise(game, 8).expect("read"), None);
    // A different move at the same ply (the game was taken back and played on): a new start.
    store.keep_exercises(game, &[mistake(6, "d8e7")]).expect("changed");
    let six = store.exercise(game, 6).expect("read").expect("kept");
    assert_eq!((six.tries, six.solved, six.last_tried), (0, 0, None));
    assert_eq!(six.exercise.played, "d8e7");

    // Never solved and least recently tried first.
    store.exercise_tried(six.id, true).expect("solved");
    let order: Vec<i64> = store.exercises(None, 10).unwrap().iter().map(|e| e.game_id).collect();
    assert_eq!(order, [other, game]);
    assert_eq!(store.exercises(Some(game), 10).unwrap().len(), 1);

    // Deleting the game deletes its exercises, and only its.
    assert!(store.delete(game).expect("delete"));
    assert_eq!(store.exercise(game, 6).expect("read"), None);
    let left: Vec<i64> = store.exercises(None, 10).unwrap().iter().map(|e| e.game_id).collect();
    assert_eq!(left, [other]);
    // An analysis without mistakes leaves the game none.
    assert_eq!(store.keep_exercises(other, &[]).expect("none"), 0);
    assert!(store.exercises(None, 10).expect("read").is_empty());
    // An exercise needs its game.
    assert!(store.keep_exercises(game, &[mistake(6, "g8f6")]).is_err());
}
