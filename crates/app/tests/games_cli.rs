//! `vidle games` and `vidle play --resume` on a store of the test's own; play without a usable
//! store (a file that is not a database) goes on and says so once.

use std::process::Output;

mod data_dir;
use data_dir::{DataDir, run_vidle, text};

fn vidle(data: &DataDir, args: &[&str], input: &str) -> Output {
    run_vidle(data, None, args, "en", input)
}

#[test]
fn games_are_listed_shown_exported_continued_and_deleted() {
    let data = DataDir::new();
    let none = vidle(&data, &["play", "--plain", "--resume"], "");
    assert!(!none.status.success());
    assert!(text(&none).contains("no unfinished game"), "{}", text(&none));

    let play = &["play", "--plain", "--depth", "1", "--level", "club", "--clock", "5+0"];
    let first = vidle(&data, play, "e4\nquit\n");
    assert!(first.status.success(), "{}", text(&first));
    let second = vidle(&data, play, "d4\nresign\nquit\n");
    assert!(second.status.success(), "{}", text(&second));

    let list = text(&vidle(&data, &["games"], ""));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert!(lines[0].contains("opponent") && lines[0].contains("result"), "{list}");
    assert!(lines[1].starts_with(" 2 ") || lines[1].starts_with("2 "), "newest first:\n{list}");
    assert!(lines[1].contains("Vidle (club)") && lines[1].contains("0-1 lost"), "{list}");
    assert!(lines[2].contains("unfinished"), "{list}");

    let show = vidle(&data, &["games", "show", "1"], "");
    let pgn = text(&show);
    assert!(show.status.success(), "{pgn}");
    assert!(pgn.contains("[Black \"Vidle (club)\"]") && pgn.contains("1. e4"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"300+0\"]") && pgn.contains(" *"), "{pgn}");

    let file = data.path().join("two.pgn");
    let file_arg = file.to_str().expect("utf-8 path");
    let export = vidle(&data, &["games", "export", "2", "--out", file_arg], "");
    assert!(export.status.success(), "{}", text(&export));
    let saved = std::fs::read_to_string(&file).expect("exported");
    assert!(
        saved.contains("[Termination \"White resigns\"]") && saved.contains("1. d4"),
        "{saved}"
    );

    // The last unfinished game continues where it stood, with its level and clock.
    let resumed = vidle(&data, &["play", "--plain", "--resume"], "quit\n");
    let out = text(&resumed);
    assert!(resumed.status.success(), "{out}");
    assert!(out.contains("Game 1 continues."), "{out}");
    assert!(out.contains("1. e4"), "{out}");
    let cont = text(&vidle(&data, &["games", "continue", "2", "--plain"], "quit\n"));
    assert!(cont.contains("Game 2 is over (0-1)"), "{cont}");
    // A --save file that cannot be written is found out before a resumed game starts too.
    let no_dir = data.path().join("no-such-dir").join("x.pgn");
    let args = ["play", "--plain", "--resume", "1", "--save", no_dir.to_str().expect("utf-8")];
    let bad = vidle(&data, &args, "quit\n");
    assert!(!bad.status.success() && text(&bad).contains("--save"), "{}", text(&bad));

    let del = vidle(&data, &["games", "delete", "1"], "");
    assert!(del.status.success() && text(&del).contains("Game 1 deleted."), "{}", text(&del));
    let gone = vidle(&data, &["games", "show", "1"], "");
    assert!(!gone.status.success());
    assert!(text(&gone).contains("There is no game 1."), "{}", text(&gone));
    assert_eq!(text(&vidle(&data, &["games"], "")).lines().count(), 2);
}

#[test]
fn play_goes_on_without_a_store_that_cannot_be_used() {
    let data = DataDir::new();
    let bad = data.path().join("not-a-store.sqlite");
    std::fs::write(&bad, "[Event \"a PGN file\"]\n".repeat(100)).expect("write");
    let run = |args: &[&str], input: &str| run_vidle(&data, Some(&bad), args, "en", input);
    let play = run(&["play", "--plain", "--depth", "1"], "e4\nd4\nquit\n");
    let out = text(&play);
    assert!(play.status.success(), "{out}");
    assert_eq!(out.matches("Games are not kept this time").count(), 1, "said once:\n{out}");
    assert!(out.contains("not an SQLite database"), "{out}");
    assert!(out.contains("You played e4") && out.contains("You played d4"), "{out}");
    let list = run(&["games"], "");
    assert!(!list.status.success());
    assert!(text(&list).contains("is not a Vidle game store"), "{}", text(&list));
    assert_eq!(std::fs::read(&bad).expect("read").len(), 2100, "the file is left as it was");
}

/// A finished game against a level moves the player's rating (Glicko-2 over the terminal's
/// rated games), shown when the game ends and by `vidle games rating`; an unfinished game does
/// not count.
#[test]
fn the_rating_follows_the_results_against_the_levels() {
    let data = DataDir::new();
    let empty = text(&vidle(&data, &["games", "rating"], ""));
    assert!(empty.contains("No rating yet"), "{empty}");
    let lost =
        vidle(&data, &["play", "--plain", "--depth", "1", "--level", "club"], "d4\nresign\nquit\n");
    let after = vidle::rating::history([(1700, 0.0)]).expect("rated")[0];
    let line = format!("Your rating: {:.0} ± {:.0} (after 1 game)", after.rating, after.rd);
    assert!(text(&lost).contains(&line), "{line}\n{}", text(&lost));
    // Unfinished: not rated.
    vidle(&data, &["play", "--plain", "--depth", "1", "--level", "casual"], "e4\nquit\n");
    let lost = vidle(
        &data,
        &["play", "--plain", "--depth", "1", "--level", "beginner"],
        "e4\nresign\nquit\n",
    );
    let two = vidle::rating::history([(1700, 0.0), (800, 0.0)]).expect("rated");
    let line = format!("Your rating: {:.0} ± {:.0} (after 2 games)", two[1].rating, two[1].rd);
    assert!(text(&lost).contains(&line), "{line}\n{}", text(&lost));
    let rating = text(&vidle(&data, &["games", "rating"], ""));
    assert!(rating.contains(&line), "{line}\n{rating}");
    assert!(rating.contains("is nearest to it (about"), "provisional after two games:\n{rating}");
    assert_eq!(rating.lines().filter(|l| l.contains(" ± ")).count(), 3, "{rating}");
}
