//! Learn from your mistakes in the terminal: `vidle games analyse` turns the player's blunder
//! into an exercise kept with the game, `vidle games exercises` poses it on a pipe and counts
//! the attempts, analysing again does not repeat it, deleting the game deletes it.

use std::process::Output;
use vidle::store::{FrontEnd, Store, StoredGame};
use vidle_core::Color;

mod data_dir;
use data_dir::{DataDir, run_vidle, text};

/// `vidle ARGS --lang LANG` on `store`, `input` on its standard input.
fn vidle(
    data: &DataDir,
    store: &std::path::Path,
    args: &[&str],
    lang: &str,
    input: &str,
) -> Output {
    run_vidle(data, Some(store), args, lang, input)
}

/// The scholar's mate with the player as Black: `3... Nf6??` lets `4. Qxf7#` happen.
fn scholars_mate() -> StoredGame {
    let moves = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7";
    StoredGame {
        front_end: FrontEnd::Terminal,
        web_id: None,
        created: 0,
        updated: 0,
        white: "Vidle (club)".into(),
        black: "Player".into(),
        human: Color::Black,
        level: Some(1700),
        start_fen: None,
        chess960: false,
        clock: None,
        depth: None,
        movetime_ms: None,
        result: "1-0".into(),
        ending: Some("rules".into()),
        termination: None,
        moves: moves.split(' ').map(str::to_string).collect(),
    }
}

#[test]
fn a_blunder_becomes_an_exercise_solved_on_a_pipe() {
    let data = DataDir::new();
    let file = data.path().join("games.sqlite");
    let id = Store::open(&file).expect("store").insert(&scholars_mate()).expect("a game");
    let id_arg = id.to_string();

    let none = vidle(&data, &file, &["games", "exercises"], "en", "");
    assert!(none.status.success(), "{}", text(&none));
    assert!(text(&none).contains("No exercises yet"), "{}", text(&none));
    let missing = vidle(&data, &file, &["games", "exercises", "--game", "99"], "en", "");
    assert!(!missing.status.success());
    assert!(text(&missing).contains("There is no game 99."), "{}", text(&missing));

    let analyse = &["games", "analyse", &id_arg, "--depth", "5"];
    let analysed = vidle(&data, &file, analyse, "en", "");
    let said = text(&analysed);
    assert!(analysed.status.success(), "{said}");
    assert!(said.contains("Your mistakes in this game: 1 exercise"), "{said}");

    // Nonsense, an illegal move (asked again each time), then a move that still loses.
    let first = vidle(&data, &file, &["games", "exercises"], "en", "Zz9\nKe2\na6\n");
    let out = text(&first);
    assert!(first.status.success(), "{out}");
    assert!(out.contains("1 exercise from your mistakes"), "{out}");
    assert!(
        out.contains("you played Nf6 here (blunder, ") && out.contains("Find a better move."),
        "{out}"
    );
    assert!(out.contains("Zz9") && out.contains("Ke2"), "each bad input named: {out}");
    let verdict = out.lines().find(|l| l.starts_with("a6 is not good enough")).expect(&out);
    assert!(verdict.contains("(#−1)"), "a6 allows the mate: {verdict}");
    // "…; the better move was g6 (−0.3)."
    let best = verdict.split("the better move was ").nth(1).expect(verdict);
    let best = best.split(' ').next().expect(verdict).trim_end_matches('.').to_string();
    assert!(out.contains("Tried 1, solved 0."), "{out}");

    // Analysed again: still one exercise, its attempt still counted.
    let again = vidle(&data, &file, analyse, "en", "");
    assert!(again.status.success(), "{}", text(&again));
    let kept = Store::open(&file).expect("store").exercises(None, 10).expect("read");
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!((kept[0].tries, kept[0].solved), (1, 0));

    // In Czech, with the engine's move in Czech letters (g6 has none; a move does).
    let cs = vidle(&data, &file, &["games", "exercises"], "cs", &format!("{best}\n"));
    let out = text(&cs);
    assert!(cs.status.success(), "{out}");
    assert!(out.contains("tady jste zahráli Jf6 (hrubá chyba, "), "{out}");
    assert!(out.contains("vyřešeno, tah počítače"), "{out}");
    assert!(out.contains("Zkoušeno 1, vyřešeno 1."), "{out}");
    let kept = Store::open(&file).expect("store").exercises(None, 10).expect("read");
    assert_eq!((kept[0].tries, kept[0].solved), (2, 1));
    assert!(kept[0].last_tried.is_some());

    // Deleting the game takes its exercises with it.
    let deleted = vidle(&data, &file, &["games", "delete", &id_arg], "en", "");
    assert!(deleted.status.success(), "{}", text(&deleted));
    let none = vidle(&data, &file, &["games", "exercises"], "en", "");
    assert!(text(&none).contains("No exercises yet"), "{}", text(&none));
}

/// `analyse` during terminal play keeps the player's mistakes with the game being played.
#[test]
fn analysing_in_play_keeps_the_players_mistakes() {
    let data = DataDir::new();
    let file = data.path().join("games.sqlite");
    // White mates with Rd8#; h3 throws the mate away in a level position: a blunder.
    let fen = "6k1/5ppp/8/8/8/8/r4PPP/3R2K1 w - - 0 1";
    let play = &["play", "--plain", "--depth", "1", "--color", "white", "--fen", fen];
    let played = vidle(&data, &file, play, "en", "h3\nanalyse\nquit\n");
    let out = text(&played);
    assert!(played.status.success(), "{out}");
    assert!(out.contains("Your mistakes in this game: 1 exercise"), "{out}");

    let solved = vidle(&data, &file, &["games", "exercises"], "en", "Rd8#\n");
    let out = text(&solved);
    assert!(out.contains("Game 1, move 1: you played h3 here (blunder, #1 → +"), "{out}");
    assert!(out.contains("Rd8#: solved, the engine's move."), "{out}");
    assert!(out.contains("Tried 1, solved 1."), "{out}");
}
