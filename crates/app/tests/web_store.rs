//! The web server's games survive `kill -9`: a game played on one `vidle serve` is found where
//! it stood by the next one on the same data directory (`GET /api/game/{id}`), plays on, and is
//! summed up by `GET /api/games?ids=…`; `vidle games` lists it too.

use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

mod web_common;
use web_common::data_dir::{DataDir, OwnData};
use web_common::{Client, UNKNOWN_ID, id_of};

/// `vidle serve` on a free port with `data` as its data directory.
fn serve(data: &DataDir) -> (Child, Client) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["serve", "--port", "0"])
        .own_data(data)
        .env_remove("VIDLE_STORE")
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
    (child, Client { port, extra: String::new() })
}

#[test]
fn a_web_game_survives_kill_9_and_plays_on() {
    let data = DataDir::new();
    let (mut first, c) = serve(&data);
    let g = c.new_game(json!({"movetime_ms": 50, "level": "beginner", "time_control": "5+0"}));
    let id = id_of(&g);
    let r = c.post(&format!("/api/game/{id}/move"), r#"{"move": "e4"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    let before = c.wait_for(&id, |g| g["phase"] == "your_move");
    first.kill().expect("SIGKILL");
    let _ = first.wait();

    let (mut second, c) = serve(&data);
    let r = c.get(&format!("/api/game/{id}"));
    assert_eq!(r.status, 200, "the game is read back: {}", r.body);
    let after = r.json();
    assert_eq!(after["fen"], before["fen"], "where it stood");
    let ucis = |g: &serde_json::Value| -> Vec<String> {
        g["moves"].as_array().expect("moves").iter().map(|m| m["uci"].to_string()).collect()
    };
    assert_eq!(ucis(&after), ucis(&before));
    assert_eq!(after["phase"], "your_move");
    let r = c.post(&format!("/api/game/{id}/move"), r#"{"move": "d4"}"#);
    assert_eq!(r.status, 200, "plays on: {}", r.body);
    let g = c.wait_for(&id, |g| g["phase"] == "your_move");
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(4), "{g}");
    let r = c.post(&format!("/api/game/{id}/resign"), "");
    assert_eq!(r.status, 200, "{}", r.body);

    let list = c.get(&format!("/api/games?ids={id},{UNKNOWN_ID},junk")).json();
    let games = list.as_array().expect("a list");
    assert_eq!(games.len(), 1, "only the stored game among the ids: {list}");
    assert_eq!(games[0]["id"], id.as_str());
    assert_eq!((games[0]["plies"].as_u64(), games[0]["result"].as_str()), (Some(4), Some("0-1")));
    assert_eq!(c.get("/api/games").json(), json!([]), "no ids, no games");
    assert_eq!(c.get(&format!("/api/game/{UNKNOWN_ID}")).status, 404);
    second.kill().expect("SIGKILL");
    let _ = second.wait();

    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .env_remove("VIDLE_STORE")
        .args(["games", "--lang", "en"])
        .output()
        .expect("vidle games");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains("0-1 lost") && text.contains("Vidle (beginner)"), "{text}");
}
