//! The analysis board's variations: `POST /api/game/{id}/variation` plays a side line from any
//! position of a finished game, checks every move, answers the legal moves of the position it
//! reaches and how it ends, searches it on request, and refuses it while the game is played.

use serde_json::{Value, json};

mod web_common;

use web_common::{Server, UNKNOWN_ID, id_of, server};

const QH5: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

fn variation(s: &Server, id: &str, body: Value) -> web_common::Reply {
    s.post(&format!("/api/game/{id}/variation"), &body.to_string())
}

/// The catalogue key of an error's worded text.
fn text_key(r: &web_common::Reply) -> String {
    r.json()["error"]["text"]["key"].as_str().unwrap_or_default().to_string()
}

#[test]
fn a_side_line_from_a_finished_game_is_played_out_in_san() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    assert_eq!(g["phase"], "over", "{g}");
    // After 3. Bc4 (ply 5) Black tries 3... g6 instead of the blunder, in SAN and in UCI.
    let r = variation(&s, &id, json!({"ply": 5, "moves": ["g6", "h5f3"]}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["ply"], 5);
    assert_eq!(v["start_fen"], g["moves"][4]["fen"], "{v}");
    let sans: Vec<&str> =
        v["moves"].as_array().expect("moves").iter().map(|m| m["san"].as_str().unwrap()).collect();
    assert_eq!(sans, ["g6", "Qf3"]);
    assert_eq!(v["moves"][0]["uci"], "g7g6");
    assert_eq!(v["turn"], "black", "{v}");
    assert_eq!(v["moves"][1]["fen"], v["fen"]);
    assert!(v["ended"].is_null() && v["check"].is_null() && v["eval"].is_null(), "{v}");
    // The legal moves of the position reached, for the board's drag targets.
    let knight = v["dests"]["g8"].as_array().expect("g8 moves");
    assert!(knight.contains(&json!("f6")) && knight.contains(&json!("h6")), "{v}");
    assert!(v["dests"]["e5"].is_null(), "a blocked pawn has no move: {v}");
}

#[test]
fn a_variation_that_mates_ends_and_takes_no_more_moves() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    // From the start: the same mate a move later, 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#.
    let line = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
    let r = variation(&s, &id, json!({"ply": 0, "moves": line}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["moves"][6]["san"], "Qxf7#", "{v}");
    assert_eq!(v["moves"][6]["to"], "f7");
    assert_eq!(v["ended"]["result"], "1-0", "{v}");
    assert_eq!(v["ended"]["reason_text"]["key"], "EndCheckmate", "{v}");
    assert_eq!(v["check"], "e8");
    assert_eq!((&v["captured"]["white"], &v["material"]), (&json!(["p"]), &json!(1)), "{v}");
    assert_eq!(v["dests"], json!({}), "no moves after mate: {v}");
    let mut more = line.to_vec();
    more.push("Ke7");
    let r = variation(&s, &id, json!({"ply": 0, "moves": more}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.error_code(), "variation_over");
    assert_eq!(text_key(&r), "ErrVariationOver");
}

#[test]
fn illegal_and_malformed_variations_are_refused_with_400() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    let cases = [
        // An illegal move, worded as a typed move is (the move and why).
        (json!({"ply": 0, "moves": ["e4", "Ke7"]}), "illegal_move"),
        (json!({"ply": 0, "moves": ["e2e5"]}), "illegal_move"),
        (json!({"ply": 0, "moves": ["zz9"]}), "illegal_move"),
        (json!({"ply": 8, "moves": []}), "bad_ply"),
        (json!({"ply": -1, "moves": []}), "bad_json"),
        (json!({"moves": ["e4"]}), "bad_json"),
        (json!({"ply": 0, "moves": "e4"}), "bad_json"),
        (json!({"ply": 0, "moves": [], "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}), "bad_json"),
        (json!({"ply": 0, "moves": ["e".repeat(33)]}), "field_too_long"),
        (json!({"ply": 0, "moves": vec!["Nf3"; 201]}), "variation_too_long"),
    ];
    for (body, code) in cases {
        let r = variation(&s, &id, body.clone());
        assert_eq!((r.status, r.error_code()), (400, code.to_string()), "{body}: {}", r.body);
    }
    let r = variation(&s, &id, json!({"ply": 0, "moves": ["e4", "Ke7"]}));
    assert_eq!(text_key(&r), "MoveIllegal", "{}", r.body);
    assert!(r.json()["error"]["message"].as_str().unwrap().contains("Ke7"), "{}", r.body);
    // Not JSON at all, an unknown game, a bad id, the wrong method.
    assert_eq!(s.post(&format!("/api/game/{id}/variation"), "{ply").error_code(), "bad_json");
    assert_eq!(variation(&s, UNKNOWN_ID, json!({"ply": 0})).status, 404);
    assert_eq!(variation(&s, "12", json!({"ply": 0})).error_code(), "bad_id");
    assert_eq!(s.get(&format!("/api/game/{id}/variation")).status, 405);
}

#[test]
fn no_variation_while_the_game_is_played_then_after_it_ends() {
    let s = server();
    let g = s.new_game(json!({"color": "white"}));
    let id = id_of(&g);
    let r = variation(&s, &id, json!({"ply": 0, "moves": ["e4"], "eval": true}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.error_code(), "game_in_play");
    assert_eq!(text_key(&r), "ErrVariationInPlay");
    let r = s.post(&format!("/api/game/{id}/resign"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = variation(&s, &id, json!({"ply": 0, "moves": ["e4"]}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["moves"][0]["san"], "e4");
}

#[test]
fn the_short_search_scores_the_position_the_variation_reaches() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    // 3... Nf6?? again in a variation: White mates at once, whatever the search's size.
    let r = variation(&s, &id, json!({"ply": 5, "moves": ["Nf6"], "eval": true}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let eval = &v["eval"];
    assert_eq!(eval["text"], "#1", "{v}");
    assert!(eval["white_cp"].as_i64().unwrap() > 90_000, "{v}");
    assert_eq!(eval["pv"][0], "Qxf7#", "{v}");
    // A variation that has ended is not searched.
    let r = variation(&s, &id, json!({"ply": 5, "moves": ["Nf6", "Qxf7#"], "eval": true}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["eval"].is_null(), "{}", r.body);
}

#[test]
fn promotions_and_castling_are_offered_as_the_board_wants_them() {
    let s = server();
    let g = s.new_game(json!({"start": "fen", "fen": "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"}));
    let id = id_of(&g);
    assert_eq!(s.post(&format!("/api/game/{id}/resign"), "").status, 200);
    let v = variation(&s, &id, json!({"ply": 0})).json();
    assert_eq!(v["promotions"], json!({"a7": ["a8"]}), "{v}");
    let king = v["dests"]["e1"].as_array().expect("king moves");
    assert!(king.contains(&json!("g1")) && king.contains(&json!("h1")), "castling both ways: {v}");
    let r = variation(&s, &id, json!({"ply": 0, "moves": ["a7a8n", "Kd7", "e1g1"]}));
    assert_eq!(r.status, 200, "{}", r.body);
    let sans: Vec<Value> =
        r.json()["moves"].as_array().unwrap().iter().map(|m| m["san"].clone()).collect();
    assert_eq!(sans, [json!("a8=N"), json!("Kd7"), json!("O-O")]);
    assert_eq!(r.json()["moves"][2]["to"], "g1");
}

#[test]
fn repetitions_count_the_game_before_the_branch() {
    let s = server();
    let g = s.new_game(json!({"start": "pgn", "pgn": "1. Nf3 Nf6 2. Ng1 Ng8 *", "color": "white"}));
    let id = id_of(&g);
    assert_eq!(s.post(&format!("/api/game/{id}/resign"), "").status, 200);
    let there_and_back = ["Nf3", "Nf6", "Ng1", "Ng8"];
    // From the start the start position comes back a second time: the variation goes on.
    let v = variation(&s, &id, json!({"ply": 0, "moves": there_and_back})).json();
    assert!(v["ended"].is_null(), "{v}");
    // From the game's end (the start position for the second time) it is the third time.
    let v = variation(&s, &id, json!({"ply": 4, "moves": there_and_back})).json();
    assert_eq!(v["ended"]["reason_text"]["key"], "EndThreefold", "{v}");
    assert_eq!(v["ended"]["result"], "1/2-1/2", "{v}");
}

#[test]
fn variations_count_against_the_request_quota() {
    let s = web_common::server_with(&["--requests-per-minute", "20"]);
    let g = s.new_game(json!({"start": "pgn", "pgn": QH5}));
    let id = id_of(&g);
    let refused = (0..40)
        .map(|_| variation(&s, &id, json!({"ply": 0, "moves": ["e4"]})))
        .find(|r| r.status != 200)
        .expect("20 requests a minute");
    assert_eq!((refused.status, refused.error_code().as_str()), (429, "too_many_requests"));
}
