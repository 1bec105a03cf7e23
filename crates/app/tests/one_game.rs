//! One scripted game through both front ends: `vidle play` driven by piped lines, and the web
//! API's router in-process. Both are renderers of the same game session, so every outcome must
//! be the same: the draw offer answers, the hint, the engine's move, the end of the game, undo,
//! resignation and the PGN record (headers, moves, result).
//!
//! The position is chosen so that every answer is certain whatever the search's timing: White
//! (the player) is in check with one legal move (Kh2), Black (the engine) is winning and then
//! has one mate (Qh6#).

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, header};
use serde_json::{Value, json};
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::sync::Arc;
use tower::ServiceExt;
use vidle::web::{Access, AppState, Conn, Limits, router};

mod data_dir;
use data_dir::{DataDir, OwnData};

const FEN: &str = "6k1/8/3q4/8/5p2/8/6P1/r6K w - - 0 1";
const PORT: u16 = 8960;

/// What a front end showed, step by step, in words both can be reduced to.
#[derive(Debug, Default, PartialEq, Eq)]
struct Outcomes {
    /// Answers to the two draw offers: `declined`, then `already declined`.
    draws: Vec<String>,
    hint: String,
    engine_move: String,
    /// Result and reason after the engine's move, then after the resignation.
    endings: Vec<(String, String)>,
    pgn: String,
}

fn terminal() -> Outcomes {
    let dir = std::env::temp_dir().join(format!("vidle-one-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let save = dir.join("game.pgn");
    let data = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .args(["play", "--fen", FEN, "--color", "white", "--depth", "3", "--level", "max"])
        .arg("--save")
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let script = "draw\ndraw\nhint\nKh2\nundo\nresign\nquit\n";
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script");
    let out = child.wait_with_output().expect("vidle ran");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let mut o = Outcomes::default();
    for line in text.lines() {
        if line.contains("Vidle declines the draw") {
            o.draws.push("declined".into());
        } else if line.contains("Vidle has just declined") {
            o.draws.push("already declined".into());
        } else if let Some(rest) = line.strip_prefix("Hint: ") {
            o.hint = rest.split_whitespace().next().unwrap_or("").to_string();
        } else if line.contains("announces mate") || line.contains("score #") {
            // After a mating move the score and an announcement would only repeat it.
            panic!("a mate announced after the mate:\n{text}");
        } else if let Some(rest) = line.strip_prefix("Vidle plays ") {
            o.engine_move = rest.split_whitespace().next().unwrap_or("").to_string();
        } else if let Some(rest) = line.strip_prefix("Game over: ") {
            // "checkmate, Black wins (0-1)"
            let (why, result) = rest.rsplit_once(" (").expect("a result");
            o.endings.push((result.trim_end_matches(')').to_string(), capitalised(why)));
        }
    }
    o.pgn = std::fs::read_to_string(&save).expect("the saved game");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.pgn.contains("[Termination \"White resigns\"]"), "{text}\n{}", o.pgn);
    o
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// The web API in-process, with one engine.
struct Web {
    rt: tokio::runtime::Runtime,
    app: axum::Router,
}

impl Web {
    fn new() -> Web {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let app = {
            let _guard = rt.enter();
            let state = AppState::new(Limits { max_games: 4, engines: 1, ..Limits::default() });
            let access = Access::new(Ipv4Addr::LOCALHOST.into(), PORT, None, &[]);
            router(state, Arc::new(access))
        };
        Web { rt, app }
    }

    /// Sends a request; the status and the body (JSON when it is JSON, else a string).
    fn send(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let local = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), PORT);
        let mut b = Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, format!("127.0.0.1:{PORT}"))
            .extension(ConnectInfo(Conn { local: Some(local), remote: None }));
        if method == "POST" {
            b = b.header(header::CONTENT_TYPE, "application/json");
        }
        let body = body.map_or_else(String::new, |v| v.to_string());
        let req = b.body(Body::from(body)).expect("request");
        let app = self.app.clone();
        self.rt.block_on(async move {
            let Ok(res) = app.oneshot(req).await;
            let status = res.status().as_u16();
            let bytes = axum::body::to_bytes(res.into_body(), 1 << 20).await.expect("body");
            let value = serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
            (status, value)
        })
    }

    fn post(&self, path: &str) -> (u16, Value) {
        self.send("POST", path, Some(json!({})))
    }

    /// Waits for the engine's move: the game's state once it is not thinking any more.
    fn settled(&self, id: &str) -> Value {
        for _ in 0..600 {
            let (_, g) = self.send("GET", &format!("/api/game/{id}"), None);
            if g["phase"] != "thinking" && g["phase"] != "waiting" {
                return g;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("the engine did not move");
    }
}

fn ending(g: &Value) -> (String, String) {
    let e = &g["ended"];
    (e["result"].as_str().unwrap_or("").into(), e["reason"].as_str().unwrap_or("").into())
}

fn web() -> Outcomes {
    let w = Web::new();
    let (status, g) = w.send(
        "POST",
        "/api/game",
        Some(json!({"start": "fen", "fen": FEN, "color": "white", "depth": 3, "level": "max"})),
    );
    assert_eq!(status, 201, "{g}");
    let id = g["id"].as_str().expect("an id").to_string();
    let p = |what: &str| format!("/api/game/{id}/{what}");
    let mut o = Outcomes::default();
    let (_, d) = w.post(&p("draw"));
    assert_eq!(d["accepted"], false, "{d}");
    o.draws.push("declined".into());
    let (status, d) = w.post(&p("draw"));
    assert_eq!((status, d["error"]["code"].as_str()), (409, Some("draw_already_declined")));
    o.draws.push("already declined".into());
    let (_, h) = w.post(&p("hint"));
    o.hint = h["san"].as_str().expect("a hint").to_string();
    let (status, g) = w.send("POST", &p("move"), Some(json!({"move": "Kh2"})));
    assert_eq!(status, 200, "{g}");
    let g = w.settled(&id);
    o.engine_move = g["moves"][1]["san"].as_str().expect("the engine's move").to_string();
    o.endings.push(ending(&g));
    let (status, g) = w.post(&p("undo"));
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(0), "{g}");
    let (_, g) = w.post(&p("resign"));
    o.endings.push(ending(&g));
    let (_, pgn) = w.send("GET", &p("pgn"), None);
    o.pgn = pgn.as_str().expect("PGN text").to_string();
    o
}

#[test]
fn one_scripted_game_gives_the_same_outcomes_in_the_terminal_and_on_the_web() {
    let t = terminal();
    let w = web();
    assert_eq!(t.draws, ["declined", "already declined"]);
    assert_eq!(t.hint, "Kh2");
    assert_eq!(t.engine_move, "Qh6#");
    let mate = ("0-1".to_string(), "Checkmate, Black wins".to_string());
    let resigned = ("0-1".to_string(), "White resigns".to_string());
    assert_eq!(t.endings, [mate, resigned]);
    for tag in ["[Result \"0-1\"]", "[White \"Player\"]", "[Black \"Vidle (max)\"]", FEN] {
        assert!(t.pgn.contains(tag), "{tag} in\n{}", t.pgn);
    }
    assert!(!t.pgn.contains("????.??.??"), "dated:\n{}", t.pgn);
    // Everything the terminal showed, the web page showed too, and the records are the same.
    assert_eq!(t, w);
}
