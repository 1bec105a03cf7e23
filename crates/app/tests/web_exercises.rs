//! Learn from your mistakes on the web: analysing a game keeps the player's blunder as an
//! exercise, `GET /api/exercises?ids=…` lists the exercises of the games a browser owns and
//! `POST /api/exercises/check` judges an answer and counts it; bad requests say what is wrong.

use serde_json::json;

mod web_common;
use web_common::{UNKNOWN_ID, id_of, server};

const QH5: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

#[test]
fn an_analysed_blunder_is_an_exercise_to_solve() {
    let s = server();
    let id = id_of(&s.new_game(json!({"start": "pgn", "pgn": QH5, "color": "black"})));
    let list = |s: &web_common::Server| {
        let r = s.get(&format!("/api/exercises?ids={id}"));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json().as_array().expect("a list").clone()
    };
    assert!(list(&s).is_empty(), "nothing before the analysis");

    let analysed = s.post(&format!("/api/game/{id}/analyse"), "");
    assert_eq!(analysed.status, 200, "{}", analysed.body);
    let best = analysed.json()["analysis"]["moves"][5]["best"].as_str().expect("best").to_string();
    let got = list(&s);
    assert_eq!(got.len(), 1, "Black's one blunder: {got:?}");
    let x = &got[0];
    assert_eq!((x["game"].as_str(), x["ply"].as_u64()), (Some(id.as_str()), Some(6)), "{x}");
    assert_eq!((x["played_san"].as_str(), x["judgement"].as_str()), (Some("Nf6"), Some("blunder")));
    assert_eq!(x["side"], "black", "{x}");
    assert_eq!(x["fen"], "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    assert_eq!((x["tries"].as_u64(), x["solved"].as_u64()), (Some(0), Some(0)), "{x}");
    assert_eq!(x["text"]["key"], "ExercisePromptMove", "{x}");
    assert!(x.get("best").is_none(), "the answer is not given away: {x}");
    let legal = x["legal"].as_array().expect("the legal moves");
    assert!(legal.iter().any(|m| m == "g7g6") && legal.iter().any(|m| m == "g8f6"), "{x}");

    let check = |answer: &str| {
        let body = json!({"game": id, "ply": 6, "move": answer}).to_string();
        s.post("/api/exercises/check", &body)
    };
    let worse = check("a6");
    assert_eq!(worse.status, 200, "{}", worse.body);
    let v = worse.json();
    assert_eq!((v["solved"].as_bool(), v["verdict"].as_str()), (Some(false), Some("worse")), "{v}");
    assert_eq!(v["best_san"].as_str(), Some(best.as_str()), "{v}");
    assert_eq!(v["text"]["key"], "ExerciseWorse", "{v}");
    let solved = check(&best).json();
    assert_eq!(
        (solved["solved"].as_bool(), solved["verdict"].as_str()),
        (Some(true), Some("best"))
    );

    // Analysed again: the same exercise, its attempts kept.
    assert_eq!(s.post(&format!("/api/game/{id}/analyse"), "").status, 200);
    let got = list(&s);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0]["tries"].as_u64(), got[0]["solved"].as_u64()), (Some(2), Some(1)));

    // What cannot be judged is refused with a reason.
    let illegal = check("Ke2");
    assert_eq!((illegal.status, illegal.error_code()), (400, "illegal_move".to_string()));
    let body = json!({"game": id, "ply": 5, "move": "a6"}).to_string();
    let r = s.post("/api/exercises/check", &body);
    assert_eq!((r.status, r.error_code()), (404, "no_exercise".to_string()), "{}", r.body);
    let body = json!({"game": "junk", "ply": 6, "move": "a6"}).to_string();
    assert_eq!(s.post("/api/exercises/check", &body).error_code(), "bad_id");
    let body = json!({"game": UNKNOWN_ID, "ply": 6, "move": "a6"}).to_string();
    assert_eq!(s.post("/api/exercises/check", &body).error_code(), "unknown_id");
    assert_eq!(s.post("/api/exercises/check", "{\"ply\": 6}").status, 400);
    assert_eq!(s.get("/api/exercises?ids=junk").error_code(), "bad_id");
    assert_eq!(s.get(&format!("/api/exercises?ids={UNKNOWN_ID}")).error_code(), "unknown_id");
    // Another browser's game is not listed with these ids.
    let other = id_of(&s.new_game(json!({"start": "pgn", "pgn": QH5, "color": "black"})));
    assert_eq!(s.post(&format!("/api/game/{other}/analyse"), "").status, 200);
    assert_eq!(list(&s).len(), 1);
}

#[test]
fn the_mistakes_page_is_served() {
    let s = server();
    let r = s.get("/mistakes");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.header("content-type").is_some_and(|t| t.starts_with("text/html")));
    assert!(r.body.contains("/mistakes.js") && r.body.contains("data-i18n=\"MistakesNext\""));
    let r = s.get("/mistakes.js");
    assert_eq!(r.status, 200);
    assert!(r.body.contains("/api/exercises/check"), "{}", &r.body[..200]);
    assert_eq!(s.get("/trainer.js").status, 200);
    assert!(s.get("/").body.contains("href=\"/mistakes\""), "My games links to it");
}
