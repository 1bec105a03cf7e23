//! `GET /api/rating?ids=…`: the Glicko-2 rating of the finished games among the ids against a
//! named level, in the order they ended, as `vidle::rating::history` computes it; bad ids are
//! refused with a 400 that says which.

use serde_json::{Value, json};
use vidle::rating;

mod web_common;
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
