//! Endgame practice over HTTP (`/api/practice`): an exercise made (its table generated in the
//! server's own data directory), moves judged, the reply, hint, undo, the end, and bad requests.

use serde_json::{Value, json};

mod web_common;

use web_common::server;

const KRVK: &str = "8/8/8/8/8/1k6/8/R3K3 w - - 0 1";

#[test]
fn an_exercise_over_http() {
    let s = server();
    let r = s.post("/api/practice", &json!({"fen": KRVK, "seed": 1}).to_string());
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["goal"], "mate");
    assert_eq!(v["user"], "white");
    assert_eq!(v["material"], "KRvK");
    assert_eq!(v["intro"]["key"], "PracticeIntro");
    assert_eq!(v["status"], json!({"key": "PracticeStatusMate", "args": {"n": "12"}}));
    assert!(v["legal"].as_array().unwrap().contains(&json!("e1d2")), "{v}");
    let url = |what: &str| format!("/api/practice/{id}/{what}");

    // A slower move: its feedback and the defender's reply.
    let v = s.post(&url("move"), r#"{"move": "Kd2"}"#).json();
    let verdict = &v["feedback"]["args"]["verdict"];
    assert_eq!(verdict["key"], "PracticeSlower", "{v}");
    assert_eq!(verdict["args"]["n"], "2");
    assert_eq!(verdict["args"]["best"], "Rc1");
    assert_eq!(v["reply"]["san"], "Kc4");
    assert_eq!(v["reply"]["uci"], "b3c4");
    assert_eq!(v["status"]["args"]["n"], "13");

    // Hint and undo.
    let h = s.post(&url("hint"), "").json();
    assert_eq!(h["text"]["key"], "PracticeHint", "{h}");
    assert!(h["uci"].as_str().is_some_and(|u| u.len() == 4), "{h}");
    let v = s.post(&url("undo"), "").json();
    assert_eq!(v["feedback"], Value::Null);
    assert_eq!(v["fen"], KRVK);
    let r = s.post(&url("undo"), "");
    assert_eq!((r.status, r.error_code().as_str()), (409, "nothing_to_undo"), "{}", r.body);

    // Bad moves leave the exercise as it was.
    let r = s.post(&url("move"), r#"{"move": "Ke9"}"#);
    assert_eq!((r.status, r.error_code().as_str()), (400, "bad_move"), "{}", r.body);
    let r = s.post(&url("move"), r#"{"mov": "Kd2"}"#);
    assert_eq!((r.status, r.error_code().as_str()), (400, "bad_json"), "{}", r.body);
    assert_eq!(s.get(&format!("/api/practice/{id}")).json()["fen"], KRVK);

    // The rook left to the king: the win is gone, the king takes, the game is dead.
    let v = s.post(&url("move"), r#"{"move": "a1a2"}"#).json();
    assert_eq!(v["feedback"]["args"]["verdict"]["key"], "PracticeThrowsWin", "{v}");
    assert_eq!(v["reply"]["san"], "Kxa2");
    assert_eq!(v["ended"]["key"], "PracticeEndDead");
    assert_eq!(v["legal"], json!([]));
    assert_eq!(v["summary"]["key"], "PracticeSummary");
    let r = s.post(&url("move"), r#"{"move": "Kd2"}"#);
    assert_eq!((r.status, r.error_code().as_str()), (409, "exercise_over"), "{}", r.body);
}

#[test]
fn bad_exercises_are_refused() {
    let s = server();
    for (body, status, code) in [
        ("{}", 400, "bad_exercise"),
        (r#"{"material": "KRvK", "fen": "8/8/8/8/8/1k6/8/R3K3 w - - 0 1"}"#, 400, "bad_exercise"),
        (r#"{"material": "KXvK"}"#, 400, "bad_exercise"),
        (r#"{"material": "KQRRvKRR"}"#, 400, "bad_exercise"),
        (r#"{"fen": "not a fen"}"#, 400, "bad_exercise"),
        (r#"{"material": "KQRvKR"}"#, 503, "no_tables"),
        (r#"{"material": "KRvK", "level": 3}"#, 400, "bad_json"),
    ] {
        let r = s.post("/api/practice", body);
        assert_eq!((r.status, r.error_code().as_str()), (status, code), "{body}: {}", r.body);
        assert!(r.json()["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let r = s.post("/api/practice", r#"{"material": "KXvK"}"#);
    assert_eq!(r.json()["error"]["text"]["key"], "PracticeErrMaterial");
    let r = s.get("/api/practice/00000000000000000000000000000000");
    assert_eq!(r.status, 404, "{}", r.body);
    let r = s.get("/api/practice/nonsense");
    assert_eq!((r.status, r.error_code().as_str()), (400, "bad_id"), "{}", r.body);
    // A random position of the material, the same for the same seed.
    let a = s.post("/api/practice", r#"{"material": "KQvK", "seed": 4}"#).json();
    let b = s.post("/api/practice", r#"{"material": "KQvK", "seed": 4}"#).json();
    assert_eq!(a["fen"], b["fen"]);
    assert_ne!(a["id"], b["id"]);
    assert_eq!(a["goal"], "mate");
}

#[test]
fn the_practice_page_is_served() {
    let s = server();
    let r = s.get("/practice");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.header("content-type").is_some_and(|t| t.starts_with("text/html")));
    assert!(r.body.contains("/practice.js") && r.body.contains("data-i18n=\"PracticeNew\""));
    let r = s.get("/practice.js");
    assert_eq!(r.status, 200);
    assert!(r.body.contains("/api/practice"), "{}", &r.body[..200]);
}
