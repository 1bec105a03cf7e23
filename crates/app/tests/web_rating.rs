//! `GET /api/rating?ids=…`: the Glicko-2 rating of the finished games among the ids against a
//! named level, in the order they ended, as `vidle::rating::history` computes it; bad ids are
//! refused with a 400 that says which.

use serde_json::{Value, json};
use vidle::rating;

mod web_common;
use web_common::data_dir::{DataDir, OwnData};
use web_common::{Client, UNKNOWN_ID, id_of, server};

/// A game at `level` where the player makes one move and resigns: a loss, quickly.
fn lost_game(c: &Client, level: &str) -> String {
    let g = c.new_game(json!({"movetime_ms": 50, "level": level, "color": "white"}));
    let id = id_of(&g);
    let r = c.post(&format!("/api/game/{id}/move"), r#"{"move": "e4"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    c.wait_for(&id, |g| g["phase"] == "your_move");
    let r = c.post(&format!("/api/game/{id}/resign"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() < 1e-9)
}

#[test]
fn the_rating_is_glicko_2_over_the_finished_games_among_the_ids() {
    let s = server();
    let none = s.get("/api/rating?ids=").json();
    assert_eq!((none["games"].as_u64(), &none["rating"]), (Some(0), &Value::Null), "{none}");
    assert_eq!(none["text"]["key"], "RatingNone", "{none}");

    let beginner = lost_game(&s, "beginner");
    let casual = lost_game(&s, "casual");
    // Neither counts: one at full strength (no Elo), one still on.
    let max = lost_game(&s, "max");
    let on = id_of(&s.new_game(json!({"movetime_ms": 50, "level": "club"})));
    let other = lost_game(&s, "expert"); // another browser's game: not among the ids

    let r = s.get(&format!("/api/rating?ids={beginner},{casual},{max},{on},{beginner}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let got = r.json();
    let want = rating::history([(800, 0.0), (1400, 0.0)]).expect("history");
    let last = want.last().expect("two games");
    assert_eq!(got["games"].as_u64(), Some(2), "{got}");
    assert!(close(&got["rating"], last.rating), "{got} vs {last:?}");
    assert!(close(&got["rd"], last.rd), "{got} vs {last:?}");
    assert!(close(&got["volatility"], last.volatility), "{got} vs {last:?}");
    let next = rating::suggest_level(*last);
    assert_eq!(got["next_elo"].as_u64(), Some(u64::from(next.elo)), "{got}");
    assert!(got["next_level"].is_string(), "{got}");
    assert_eq!(got["text"], serde_json::to_value(rating::rating_text(*last, 2)).expect("text"));
    assert_eq!(got["why"], serde_json::to_value(rating::suggestion_text(*last)).expect("text"));

    // The other game moves the rating only when asked for.
    let all = s.get(&format!("/api/rating?ids={beginner},{casual},{other}")).json();
    let want = rating::history([(800, 0.0), (1400, 0.0), (2300, 0.0)]).expect("history");
    assert!(close(&all["rating"], want[2].rating), "{all}");
}

#[test]
fn bad_ids_are_refused_with_a_reason() {
    let s = server();
    let r = s.get("/api/rating?ids=junk");
    assert_eq!((r.status, r.error_code()), (400, "bad_id".to_string()), "{}", r.body);
    assert!(r.body.contains("junk"), "names the id: {}", r.body);
    let r = s.get(&format!("/api/rating?ids={UNKNOWN_ID}"));
    assert_eq!((r.status, r.error_code()), (400, "unknown_id".to_string()), "{}", r.body);
    assert!(r.body.contains(UNKNOWN_ID), "names the id: {}", r.body);
    let many: Vec<String> = (0..=200).map(|i| format!("{i:032x}")).collect();
    let r = s.get(&format!("/api/rating?ids={}", many.join(",")));
    assert_eq!((r.status, r.error_code()), (400, "too_many_ids".to_string()), "{}", r.body);
}

#[test]
fn a_server_without_a_store_says_it_cannot_rate() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let data = DataDir::new();
    // The store's file is a directory: the server serves on without a store.
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["serve", "--port", "0"])
        .own_data(&data)
        .env("VIDLE_STORE", data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start vidle serve");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    out.read_line(&mut line).expect("banner");
    let port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    let c = Client { port, extra: String::new() };
    let id = id_of(&c.new_game(json!({"movetime_ms": 50})));
    let r = c.get(&format!("/api/rating?ids={id}"));
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!((r.status, r.error_code()), (503, "no_store".to_string()), "{}", r.body);
    assert_eq!(r.json()["error"]["text"]["key"], "ErrNoStore", "{}", r.body);
}
