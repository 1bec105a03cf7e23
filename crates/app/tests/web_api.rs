//! API tests of `vidle serve`: every endpoint, and every kind of bad input answered with a JSON
//! error that leaves the game unchanged. Each test starts its own server on a free port.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

mod web_common;

use web_common::{Reply, UNKNOWN_ID, id_of, server};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A White-to-move middlegame position that is not in the built-in opening book, so the engine
/// searches rather than answering from the book at once.
const OUT_OF_BOOK: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";

#[test]
fn new_game_validation() {
    let s = server();
    let g = s.new_game(json!({}));
    assert_eq!(g["fen"], START);
    assert_eq!(g["human"], "white");
    assert_eq!(g["phase"], "your_move");
    assert_eq!(g["dests"]["g1"], json!(["f3", "h3"]));
    let bad = [
        ("{not json", "bad_json"),
        (r#"{"colour": "white"}"#, "bad_json"),
        (r#"{"color": 3}"#, "bad_json"),
        (r#"{"color": "green"}"#, "bad_color"),
        (r#"{"level": "grandmaster"}"#, "bad_level"),
        (r#"{"level": "5000"}"#, "bad_level"),
        (r#"{"time_control": "fast"}"#, "bad_time_control"),
        (r#"{"time_control": "0+5"}"#, "bad_time_control"),
        (r#"{"start": "fen", "fen": "not a fen"}"#, "bad_fen"),
        (r#"{"start": "fen", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}"#, "bad_fen"),
        (r#"{"start": "fen"}"#, "bad_fen"),
        (r#"{"start": "pgn", "pgn": "1. e4 e5 2. Ke3 *"}"#, "bad_pgn"),
        (r#"{"start": "pgn", "pgn": ""}"#, "bad_pgn"),
        (r#"{"start": "crazyhouse"}"#, "bad_start"),
        (r#"{"start": "chess960", "chess960_number": 960}"#, "bad_chess960_number"),
        (r#"{"movetime_ms": 0}"#, "bad_movetime"),
        (r#"[1, 2]"#, "bad_json"),
    ];
    for (body, code) in bad {
        let r = s.post("/api/game", body);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(r.error_code(), code, "{body}: {}", r.body);
        assert!(r.json()["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // Position 518 is the standard start; Chess960 games say so.
    let g = s.new_game(json!({"start": "chess960", "chess960_number": 518}));
    assert_eq!(g["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    assert_eq!(g["chess960"], true);
    let g = s.new_game(json!({"level": "club", "time_control": "5+3"}));
    assert_eq!(g["level"], "club");
    // A game that names no level is played at the default level, as in the terminal.
    let r = s.post("/api/game", "{}");
    assert_eq!((r.status, r.json()["level"].clone()), (201, json!("club")), "{}", r.body);
    assert_eq!(g["clock"]["white_ms"], 300_000);
    let g = s.new_game(json!({"pgn": "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"}));
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(4));
    assert_eq!(g["opening"]["eco"], "C44");
}

#[test]
fn moves_and_bad_moves() {
    let s = server();
    let g = s.new_game(json!({"movetime_ms": 100, "level": "beginner"}));
    let id = id_of(&g);
    let path = format!("/api/game/{id}/move");
    let bad = [
        (r#"{"from": "e2", "to": "e5"}"#, 400, "illegal_move"),
        (r#"{"from": "e7", "to": "e5"}"#, 400, "illegal_move"),
        (r#"{"from": "e3", "to": "e4"}"#, 400, "illegal_move"),
        (r#"{"from": "z9", "to": "e4"}"#, 400, "bad_square"),
        (r#"{"from": "e2", "to": "e4", "promotion": "q"}"#, 400, "bad_promotion"),
        (r#"{"move": "Ke2"}"#, 400, "illegal_move"),
        (r#"{"move": "hello"}"#, 400, "illegal_move"),
        (r#"{"from": "e2"}"#, 400, "bad_move_request"),
        (r#"{"move": "e4", "from": "e2", "to": "e4"}"#, 400, "bad_move_request"),
        (r#"{"move": "e4", "extra": 1}"#, 400, "bad_json"),
        ("{", 400, "bad_json"),
    ];
    for (body, status, code) in bad {
        let r = s.post(&path, body);
        assert_eq!((r.status, r.error_code().as_str()), (status, code), "{body}: {}", r.body);
    }
    assert_eq!(s.get(&format!("/api/game/{id}")).json()["fen"], START, "game unchanged");

    let r = s.post(&path, r#"{"from": "e2", "to": "e4"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    let g = r.json();
    assert_eq!(g["moves"][0]["san"], "e4");
    let later = s.get(&format!("/api/game/{id}")).json();
    assert!(later["seq"].as_u64() > g["seq"].as_u64(), "views are numbered in order: {later}");
    assert_eq!(g["dests"], json!({}), "no moves for the player while the engine thinks");
    // The engine replies; then a SAN move.
    s.wait_for(&id, |g| g["phase"] == "your_move");
    let r = s.post(&path, r#"{"move": "Nf3"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    let g = s.wait_for(&id, |g| g["phase"] == "your_move");
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(4));
    // The reply is either a book move, marked as such and without search output, or a searched
    // move whose last info line is kept for the page.
    if g["moves"][3]["book"] == true {
        assert!(g["info"].is_null(), "a book move has no search info: {g}");
        assert!(g["book_moves"].as_array().is_some());
    } else {
        assert_eq!(g["moves"][3]["book"], false, "{g}");
        assert!(g["info"]["depth"].as_u64().is_some(), "engine info kept: {g}");
    }
    assert_eq!(g["moves"][0]["book"], false, "the player's own moves are never book moves");

    // From the standard start the built-in book always has a move: the engine's first move as
    // White is played from it and marked.
    let g = s.new_game(json!({"color": "black", "movetime_ms": 100}));
    let g = s.wait_for(&id_of(&g), |g| g["phase"] == "your_move");
    assert_eq!(g["moves"][0]["book"], true, "{g}");
    assert!(g["info"].is_null(), "{g}");

    // Unknown and malformed ids.
    let r = s.get(&format!("/api/game/{UNKNOWN_ID}"));
    assert_eq!((r.status, r.error_code().as_str()), (404, "not_found"));
    assert_eq!(s.get("/api/game/abc").error_code(), "bad_id");
    assert_eq!(s.get("/api/game/999").error_code(), "bad_id");
    assert_eq!(s.get(&format!("/api/game/{}", UNKNOWN_ID.to_uppercase())).error_code(), "bad_id");
    assert_eq!(s.post("/api/game/abc/move", "{}").status, 400);
    assert_eq!(s.post("/api/game/1/undo", "").error_code(), "bad_id");
    assert_eq!(s.post(&format!("/api/game/{UNKNOWN_ID}/undo"), "").status, 404);
}

#[test]
fn promotion_castling_and_checkmate() {
    let s = server();
    let g = s.new_game(json!({"fen": "7k/P7/8/8/8/8/8/K7 w - - 0 1", "movetime_ms": 100}));
    let id = id_of(&g);
    assert_eq!(g["promotions"]["a7"], json!(["a8"]));
    let path = format!("/api/game/{id}/move");
    let r = s.post(&path, r#"{"from": "a7", "to": "a8"}"#);
    assert_eq!(r.error_code(), "promotion_required");
    let r = s.post(&path, r#"{"from": "a7", "to": "a8", "promotion": "k"}"#);
    assert_eq!(r.error_code(), "bad_promotion");
    let r = s.post(&path, r#"{"from": "a7", "to": "a8", "promotion": "n"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["moves"][0]["san"], "a8=N");

    // Castling by the king's target square and as king takes rook.
    for to in ["g1", "h1"] {
        let g = s.new_game(json!({"fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}));
        let r = s.post(
            &format!("/api/game/{}/move", id_of(&g)),
            &json!({"from": "e1", "to": to}).to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["moves"][0]["san"], "O-O");
        assert_eq!(r.json()["moves"][0]["to"], "g1");
    }

    let g = s.new_game(json!({"fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}));
    let id = id_of(&g);
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"move": "Ra8"}"#);
    let g = r.json();
    assert_eq!(g["phase"], "over");
    assert_eq!(g["ended"]["result"], "1-0");
    assert!(g["status"].as_str().is_some_and(|t| t.contains("Checkmate")), "{g}");
    assert_eq!(g["check"], "g8");
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"move": "Kf8"}"#);
    assert_eq!((r.status, r.error_code().as_str()), (409, "game_over"));
    assert_eq!(s.post(&format!("/api/game/{id}/resign"), "").error_code(), "game_over");
    assert_eq!(s.post(&format!("/api/game/{id}/draw"), "").error_code(), "game_over");
    let pgn = s.get(&format!("/api/game/{id}/pgn"));
    assert_eq!(pgn.status, 200);
    assert!(pgn.headers.to_ascii_lowercase().contains("application/x-chess-pgn"));
    assert!(
        pgn.body.contains("[Result \"1-0\"]") && pgn.body.contains("1. Ra8# 1-0"),
        "{}",
        pgn.body
    );
}

#[test]
fn undo_hint_draw_resign() {
    let s = server();
    let g = s.new_game(json!({"movetime_ms": 100}));
    let id = id_of(&g);
    let p = |a: &str| format!("/api/game/{id}/{a}");
    assert_eq!(s.post(&p("undo"), "").error_code(), "nothing_to_undo");
    let h = s.post(&p("hint"), "");
    assert_eq!(h.status, 200, "{}", h.body);
    let h = h.json();
    assert!(g["dests"][h["from"].as_str().unwrap_or("")].as_array().is_some(), "{h}");
    s.post(&p("move"), r#"{"move": "d4"}"#);
    s.wait_for(&id, |g| g["phase"] == "your_move");
    let r = s.post(&p("undo"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["fen"], START);
    assert_eq!(r.json()["moves"], json!([]));

    let d = s.post(&p("draw"), "");
    assert_eq!(d.status, 200, "{}", d.body);
    let d = d.json();
    if d["accepted"] == false {
        assert_eq!(s.post(&p("draw"), "").error_code(), "draw_already_declined");
        let r = s.post(&p("resign"), "");
        assert_eq!(r.status, 200);
        assert_eq!(r.json()["ended"]["result"], "0-1");
        assert_eq!(r.json()["ended"]["reason"], "White resigns");
    } else {
        assert_eq!(d["game"]["ended"]["result"], "1/2-1/2");
    }
    assert_eq!(s.post(&p("hint"), "").error_code(), "game_over");

    // While the engine thinks, the player can neither move nor ask for a hint.
    let g = s.new_game(
        json!({"color": "black", "movetime_ms": 20000, "start": "fen", "fen": OUT_OF_BOOK}),
    );
    let id = id_of(&g);
    assert_eq!(g["phase"], "thinking");
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"move": "a6"}"#);
    assert_eq!((r.status, r.error_code().as_str()), (409, "not_your_turn"));
    assert_eq!(s.post(&format!("/api/game/{id}/hint"), "").error_code(), "not_your_turn");
    assert_eq!(s.post(&format!("/api/game/{id}/draw"), "").error_code(), "not_your_turn");
    let r = s.post(&format!("/api/game/{id}/resign"), "");
    assert_eq!(r.json()["ended"]["result"], "1-0");
}

#[test]
fn routing_static_files_and_hosts() {
    let s = server();
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("chessground") && page.body.contains("/app.js"));
    for f in [
        "/app.js",
        "/style.css",
        "/favicon.svg",
        "/vendor/chessground/chessground.min.js",
        "/vendor/chessground/chessground.base.css",
        "/vendor/chessground/chessground.cburnett.css",
        "/vendor/chessground/LICENSE",
    ] {
        assert_eq!(s.get(f).status, 200, "{f}");
    }
    assert_eq!(s.get("/nope").status, 404);
    let r = s.get("/api/nope");
    assert_eq!((r.status, r.error_code().as_str()), (404, "not_found"));
    let r = s.get("/api/game");
    assert_eq!((r.status, r.error_code().as_str()), (405, "method_not_allowed"));
    // A page on another site must not drive the local server (DNS rebinding).
    let mut evil = s.raw("GET", "/api/game/1", "", "");
    assert_ne!(evil.status, 403);
    let mut stream = TcpStream::connect(("127.0.0.1", s.port)).expect("connect");
    let _ =
        stream.write_all(b"GET / HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n");
    evil.body.clear();
    let _ = stream.read_to_string(&mut evil.body);
    assert!(evil.body.starts_with("HTTP/1.1 403"), "{}", evil.body);
    // The WebSocket endpoint refuses plain requests and unknown games.
    let g = s.new_game(json!({}));
    let r = s.get(&format!("/api/game/{}/ws", id_of(&g)));
    assert_eq!(r.error_code(), "not_websocket");
    assert_eq!(s.get(&format!("/api/game/{UNKNOWN_ID}/ws")).status, 404);
    assert_eq!(s.get("/api/game/5/ws").error_code(), "bad_id");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_streams_thinking_and_a_closed_page_frees_the_search() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let s = tokio::task::spawn_blocking(server).await.expect("server");
    let port = s.port;
    let c = s.client.clone();
    let g = s.new_game(json!({"movetime_ms": 300, "start": "fen", "fen": OUT_OF_BOOK}));
    let id = id_of(&g);
    let url = format!("ws://127.0.0.1:{port}/api/game/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws connect");
    let first = ws.next().await.expect("hello").expect("message");
    let hello: Value = serde_json::from_str(first.to_text().unwrap_or("")).expect("json");
    assert_eq!(hello["type"], "state");
    assert_eq!(hello["state"]["id"], id);
    let c2 = c.clone();
    let r = tokio::task::spawn_blocking(move || {
        c2.post(&format!("/api/game/{id}/move"), r#"{"move": "a3"}"#).status
    })
    .await
    .expect("move");
    assert_eq!(r, 200);
    let (mut infos, mut replied) = (0, false);
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
        let Message::Text(t) = msg else { continue };
        let v: Value = serde_json::from_str(&t).expect("json");
        if v["type"] == "info" {
            infos += 1;
            assert!(v["info"]["pv"].as_array().is_some_and(|pv| !pv.is_empty()), "{v}");
        }
        if v["type"] == "state" && v["state"]["moves"].as_array().map(Vec::len) == Some(2) {
            replied = true;
            break;
        }
    }
    assert!(replied, "engine reply pushed");
    assert!(infos > 0, "thinking streamed");
    let _ = ws.close(None).await;

    // A long search, then the page goes away: the search stops and is not played.
    let c3 = c.clone();
    let g = tokio::task::spawn_blocking(move || {
        c3.new_game(
            json!({"color": "black", "movetime_ms": 30000, "start": "fen", "fen": OUT_OF_BOOK}),
        )
    })
    .await
    .expect("new game");
    let id = id_of(&g);
    assert_eq!(g["phase"], "thinking");
    let url = format!("ws://127.0.0.1:{port}/api/game/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws connect");
    let _ = ws.next().await;
    ws.send(Message::Close(None)).await.expect("close");
    drop(ws);
    let g = tokio::task::spawn_blocking(move || c.wait_for(&id, |g| g["phase"] == "waiting"))
        .await
        .expect("state");
    assert_eq!(g["moves"], json!([]));
    drop(s);
}

/// The message catalogue the page loads: one language at a time, by `?lang=` or else the
/// browser's `Accept-Language`, cacheable; and errors and states carry catalogue texts.
#[test]
fn message_catalogue_and_worded_answers() {
    let s = server();
    let cs = s.get("/api/messages?lang=cs");
    assert_eq!(cs.status, 200);
    assert!(cs.header("cache-control").is_some_and(|c| c.contains("max-age")), "{}", cs.headers);
    let cs = cs.json();
    assert_eq!(cs["lang"], "cs");
    assert_eq!(cs["messages"]["NewGame"], "Nová partie");
    assert_eq!(cs["messages"]["MoveIllegal"], "{text} není možný tah: {reason}");
    let en = s.get("/api/messages?lang=en").json();
    assert_eq!(en["messages"]["NewGame"], "New game");
    // Both languages have the same keys.
    let keys = |v: &Value| {
        let mut k: Vec<String> = v["messages"].as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&cs), keys(&en));
    assert!(keys(&en).len() > 150);
    let by_header =
        s.request("GET", "/api/messages", "", "Accept-Language: cs-CZ,cs;q=0.9,en;q=0.8\r\n");
    assert_eq!(by_header.json()["lang"], "cs");
    assert!(by_header.header("vary").is_some_and(|v| v.contains("Accept-Language")));
    assert_eq!(
        s.request("GET", "/api/messages", "", "Accept-Language: de\r\n").json()["lang"],
        "en"
    );
    assert_eq!(s.get("/api/messages?lang=xx").error_code(), "bad_lang");
    // A refused move carries its explanation as a text the page words in its language.
    let g = s.new_game(json!({}));
    assert_eq!(
        g["status_text"],
        json!({"key": "StatusYourMove", "args": {"color": {"key": "WhitePieces", "args": {}}}})
    );
    let r = s.post(&format!("/api/game/{}/move", id_of(&g)), r#"{"move":"Ke3"}"#);
    assert_eq!(r.error_code(), "illegal_move");
    let e = &r.json()["error"];
    assert_eq!(e["message"], "Ke3 is illegal: no king can move to e3");
    assert_eq!(e["text"]["key"], "MoveIllegal");
    assert_eq!(e["text"]["args"]["reason"]["key"], "WhyNoneCanReach");
    assert_eq!(e["text"]["args"]["reason"]["args"]["piece"]["key"], "King");
    let r = s.post(&format!("/api/game/{}/undo", id_of(&g)), "{}");
    assert_eq!(r.json()["error"]["text"]["key"], "ErrNothingToUndo");
}

/// A text `{key, args}` worded with a catalogue `{key: template}` as the page's `i18n.js` does
/// (a counted message is a list of forms; the test only needs the form for many).
fn word(messages: &Value, text: &Value) -> String {
    let key = text["key"].as_str().expect("a key");
    let template = &messages[key];
    let mut out = match template {
        Value::Array(forms) => forms.last().and_then(Value::as_str).unwrap_or(key).to_string(),
        t => t.as_str().unwrap_or_else(|| panic!("no message {key}")).to_string(),
    };
    if let Some(args) = text["args"].as_object() {
        for (name, arg) in args {
            let value = match arg {
                Value::String(s) => s.clone(),
                other => word(messages, other),
            };
            out = out.replace(&format!("{{{name}}}"), &value);
        }
    }
    out
}

/// The server's refusals as a Czech page shows them: each carries a catalogue text (so the page
/// words it in its language), worded without a doubled lead.
#[test]
fn refusals_are_worded_in_czech_for_the_page() {
    let s = server();
    let cs = s.get("/api/messages?lang=cs").json()["messages"].clone();
    let g = s.new_game(json!({}));
    let id = id_of(&g);
    let czech = |r: &Reply| -> String {
        let e = &r.json()["error"];
        assert!(e["text"].is_object(), "no text for the page: {e}");
        word(&cs, &e["text"])
    };
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"move":"Ke3"}"#);
    assert_eq!(czech(&r), "Ke3 není možný tah: král nemůže táhnout na e3");
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"from":"e2","to":"e5"}"#);
    assert_eq!(czech(&r), "e2-e5 tu není možný tah");
    let r = s.post(&format!("/api/game/{id}/undo"), "{}");
    assert_eq!(czech(&r), "Není tah, který by šel vrátit.");
    let r = s.post(&format!("/api/game/{id}/analyse"), "");
    assert_eq!(czech(&r), "Zatím není co rozebrat.");
    let r = s.get(&format!("/api/game/{id}/analysis"));
    assert_eq!((r.status, czech(&r)), (404, "Tato partie ještě nebyla rozebrána.".to_string()));
    let r = s.get(&format!("/api/game/{UNKNOWN_ID}"));
    assert_eq!(czech(&r), format!("Partie {UNKNOWN_ID} neexistuje."));
    let r = s.post("/api/game", r#"{"level":"velmistr"}"#);
    assert_eq!(r.error_code(), "bad_level");
    let level = czech(&r);
    assert!(level.starts_with("Chybná úroveň: neznámá úroveň 'velmistr'"), "{level}");
    assert!(level.contains("začátečník, nováček"), "{level}");
    // A Czech level name is a level.
    assert_eq!(s.post("/api/game", r#"{"level":"klubový"}"#).status, 201);
    let r = s.post("/api/game", r#"{"start":"fen","fen":"8/8/8/8 w - - 0 1"}"#);
    assert!(czech(&r).starts_with("Chybný FEN: "), "{}", czech(&r));
    let r = s.post("/api/game", r#"{"time_control":"fast"}"#);
    assert!(czech(&r).starts_with("Chybné tempo: "), "{}", czech(&r));
    // No lead is said twice ("Error: Error: …").
    for r in [
        s.post(&format!("/api/game/{id}/move"), r#"{"move":"Ke3"}"#),
        s.post("/api/game", r#"{"level":"x"}"#),
    ] {
        let en = r.json()["error"]["message"].as_str().unwrap_or_default().to_string();
        let lead = en.split(':').next().unwrap_or_default();
        assert_eq!(en.matches(lead).count(), 1, "a doubled lead: {en}");
    }
}

/// The web tablebase panel (`tablebase` of a game's state) with `serve --tb-dir`: the verdict
/// heading and every move with its value, as catalogue texts that a Czech and an English page
/// word in their language.
#[test]
fn tablebase_panel_in_both_languages() {
    let dir = std::env::temp_dir().join(format!("vidle-web-tb-{}", std::process::id()));
    let kqk: vidle_tb::Material = "KQvK".parse().unwrap();
    let opts = vidle_tb::GenOptions::new(dir.clone(), 0, false);
    vidle_tb::generate(&[kqk], &opts, |_| {}).unwrap();
    let s = web_common::server_with(&["--tb-dir", dir.to_str().unwrap()]);
    let fen = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1";
    let g = s.new_game(json!({"start": "fen", "fen": fen, "color": "white"}));
    let lines = g["tablebase"].as_array().cloned().unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    let (cs, en) = (s.get("/api/messages?lang=cs"), s.get("/api/messages?lang=en"));
    let (cs, en) = (cs.json()["messages"].clone(), en.json()["messages"].clone());
    let cs: Vec<String> = lines.iter().map(|t| word(&cs, t)).collect();
    let en: Vec<String> = lines.iter().map(|t| word(&en, t)).collect();
    // A heading, then the queen's and king's moves (KQ v K: 27 + 3 legal moves here).
    assert!(lines.len() > 20, "{en:?}");
    assert!(en[0].contains("White wins, mate in 6"), "{en:?}");
    assert!(cs[0].contains("vyhrává Bílý, mat v 6"), "{cs:?}");
    assert!(en.iter().any(|l| l.contains("Qc2") && l.contains("draw")), "{en:?}");
    assert!(cs.iter().any(|l| l.contains("Qc2") && l.contains("remíza")), "{cs:?}");
    assert!(cs.iter().all(|l| !l.contains('{')), "a placeholder left: {cs:?}");
}

/// `GET /api/book`: the explorer for the start (no query), for a FEN (with its en passant square,
/// as the page sends it), out of the book, and bad queries answered with a JSON error. A server
/// given `--book` explores that book.
#[test]
fn book_endpoint_lists_moves_with_weights_and_shares() {
    let s = server();
    let r = s.get("/api/book");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["fen"], START);
    let moves = v["moves"].as_array().expect("moves");
    assert!(moves.len() >= 5, "{v}");
    let total: f64 = moves.iter().map(|m| m["share"].as_f64().unwrap()).sum();
    assert!((total - 100.0).abs() < 1e-6, "{v}");
    let weights: u64 = moves.iter().map(|m| m["weight"].as_u64().unwrap()).sum();
    assert_eq!(v["total_weight"].as_u64(), Some(weights));
    let e4 = moves.iter().find(|m| m["san"] == "e4").expect("1. e4");
    assert_eq!(
        (e4["uci"].as_str(), e4["from"].as_str(), e4["to"].as_str()),
        (Some("e2e4"), Some("e2"), Some("e4"))
    );
    assert!(e4["continuations"].as_u64().unwrap() > 0, "{e4}");
    // After 1. e4 c5, by a FEN whose spaces and slashes are escaped.
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    let r = s.get(&format!("/api/book?fen={}", fen.replace('/', "%2F").replace(' ', "+")));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["moves"].as_array().unwrap().iter().any(|m| m["san"] == "Nf3"), "{}", r.body);
    let r = s.get(&format!("/api/book?fen={}", OUT_OF_BOOK.replace(' ', "%20")));
    assert_eq!((r.status, r.json()["moves"].clone()), (200, json!([])), "{}", r.body);
    for (query, code) in [
        ("fen=nonsense", "bad_fen"),
        ("fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-+0+1", "bad_fen"),
        ("colour=white", "bad_query"),
        (&format!("fen={}", "x".repeat(300)), "field_too_long"),
    ] {
        let r = s.get(&format!("/api/book?{query}"));
        assert_eq!((r.status, r.error_code()), (400, code.to_string()), "{query}: {}", r.body);
    }
    let r = s.post("/api/book", "");
    assert_eq!(r.status, 405, "{}", r.body);

    // A server with its own book: one move, 1. d4, whose learn field is shown.
    use vidle_book::{Book, Entry, encode_move, polyglot_key};
    use vidle_core::{Position, notation::parse_move};
    let dir = std::env::temp_dir().join(format!("vidle-web-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("d4.bin");
    let start = Position::startpos();
    let d4 = encode_move(parse_move(&start, "d4").unwrap());
    let key = polyglot_key(&start);
    Book::from_entries(vec![Entry { key, raw_move: d4, weight: 9, learn: 42 }])
        .save(&file)
        .unwrap();
    let s = web_common::server_with(&["--book", file.to_str().unwrap()]);
    let v = s.get("/api/book").json();
    assert_eq!(
        v["moves"],
        json!([{"san": "d4", "uci": "d2d4", "weight": 9, "share": 100.0,
        "learn": 42, "continuations": 0, "from": "d2", "to": "d4"}]),
        "{v}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
