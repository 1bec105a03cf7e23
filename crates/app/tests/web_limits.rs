//! `vidle serve` left on a network: idle and half-sent connections, quotas per client, games in
//! play kept through a flood of new ones, WebSockets that stop answering. Deadlines are set
//! short by the server's options; every wait is on a condition, with a generous limit.

mod web_common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use web_common::{id_of, server_with};

/// How long any wait below may take before the test fails (far above every deadline set).
const PATIENCE: Duration = Duration::from_secs(20);

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(PATIENCE)).expect("timeout");
    s
}

/// Reads until the server closes the connection (or resets it); what it sent. Panics when the
/// connection is still open after [`PATIENCE`].
fn read_until_closed(s: &mut TcpStream) -> Vec<u8> {
    let t0 = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return got,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::ConnectionReset) => return got,
            Err(e) => panic!("still open after {:?}: {e}", t0.elapsed()),
        }
    }
}

#[test]
fn half_sent_heads_idle_connections_and_slow_bodies_are_closed() {
    let s = server_with(&["--header-timeout", "300ms", "--body-timeout", "300ms"]);
    // Half a request head, then nothing: closed after the head deadline.
    let mut half = connect(s.port);
    half.write_all(b"GET /api/messages HTTP/1.1\r\nHost: 127.0").expect("write");
    let answer = read_until_closed(&mut half);
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"), "no answer to half a head");
    // A connection that sends nothing at all.
    let mut silent = connect(s.port);
    read_until_closed(&mut silent);
    // A keep-alive connection, idle after its answer.
    let mut kept = connect(s.port);
    let req = format!("GET /api/messages HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", s.port);
    kept.write_all(req.as_bytes()).expect("write");
    let answer = String::from_utf8_lossy(&read_until_closed(&mut kept)).into_owned();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // A body that stops short of its length: 408 with a JSON error.
    let mut slow = connect(s.port);
    let head = format!(
        "POST /api/game HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"level\"",
        s.port
    );
    slow.write_all(head.as_bytes()).expect("write");
    let answer = String::from_utf8_lossy(&read_until_closed(&mut slow)).into_owned();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("body_timeout"), "{answer}");
    // The server goes on.
    assert_eq!(s.get("/api/messages").status, 200);
}

#[test]
fn idle_connections_do_not_keep_a_player_out() {
    // A head deadline far longer than the test: only the cap can make room.
    let s = server_with(&["--max-connections", "100", "--header-timeout", "60s"]);
    let mut idle = Vec::new();
    for i in 0..300 {
        let mut c = connect(s.port);
        if i % 2 == 0 {
            c.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").expect("write");
        }
        idle.push(c);
    }
    // A player's request is answered at once, though 300 connections are waiting.
    let t0 = Instant::now();
    let r = s.get("/api/messages");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(t0.elapsed() < PATIENCE);
    // The oldest idle connections were closed to make room.
    read_until_closed(&mut idle[0]);
    read_until_closed(&mut idle[1]);
    // A game made through all this plays on.
    let id = id_of(&s.new_game(json!({})));
    let r = s.post(&format!("/api/game/{id}/move"), r#"{"move":"e4"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn quotas_answer_429_with_retry_after() {
    let s = server_with(&["--games-per-minute", "3", "--requests-per-minute", "30"]);
    for _ in 0..3 {
        s.new_game(json!({}));
    }
    let r = s.post("/api/game", "{}");
    assert_eq!((r.status, r.error_code().as_str()), (429, "too_many_games"), "{}", r.body);
    let wait: u64 = r.header("retry-after").and_then(|v| v.parse().ok()).expect("Retry-After");
    assert!((1..=20).contains(&wait), "one game every 20 s: {wait}");
    assert_eq!(r.json()["error"]["text"]["key"], "ErrTooManyGames", "{}", r.body);
    // Other requests go on until the request quota is spent too.
    let mut refused = None;
    for _ in 0..60 {
        let r = s.get("/api/messages");
        if r.status != 200 {
            refused = Some(r);
            break;
        }
    }
    let r = refused.expect("30 requests a minute");
    assert_eq!((r.status, r.error_code().as_str()), (429, "too_many_requests"), "{}", r.body);
    let wait: u64 = r.header("retry-after").and_then(|v| v.parse().ok()).expect("Retry-After");
    assert!((1..=2).contains(&wait), "one request every 2 s: {wait}");
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn page(port: u16, id: &str) -> Ws {
    let url = format!("ws://127.0.0.1:{port}/api/game/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
    let hello = ws.next().await.expect("hello").expect("message");
    assert!(hello.to_text().is_ok_and(|t| t.contains("\"state\"")), "{hello:?}");
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_play_survives_a_flood_of_new_games() {
    let s = tokio::task::spawn_blocking(|| server_with(&["--max-games", "5"])).await.expect("s");
    let c = s.client.clone();
    let ours = id_of(&c.new_game(json!({})));
    let mut ws = page(s.port, &ours).await;
    // Someone else makes 30 games: four fit, the rest are refused with a reason.
    let flood = tokio::task::spawn_blocking(move || {
        (0..30).map(|_| c.post("/api/game", "{}")).collect::<Vec<_>>()
    })
    .await
    .expect("flood");
    let made = flood.iter().filter(|r| r.status == 201).count();
    assert_eq!(made, 4);
    let refused = flood.iter().find(|r| r.status != 201).expect("refused");
    assert_eq!((refused.status, refused.error_code().as_str()), (503, "server_full"));
    assert!(refused.header("retry-after").is_some(), "{}", refused.headers);
    assert!(refused.json()["error"]["message"].as_str().is_some_and(|m| m.contains('5')));
    // Our game is still there and its page still live: a move is pushed to it.
    let c = s.client.clone();
    let path = format!("/api/game/{ours}/move");
    let moved = tokio::task::spawn_blocking(move || c.post(&path, r#"{"move":"e4"}"#));
    assert_eq!(moved.await.expect("move").status, 200);
    let pushed = tokio::time::timeout(PATIENCE, async {
        while let Some(Ok(m)) = ws.next().await {
            let v: Value = serde_json::from_str(m.to_text().unwrap_or("null")).unwrap_or_default();
            assert_ne!(v["type"], "gone", "{v}");
            if v["state"]["moves"].as_array().is_some_and(|m| !m.is_empty()) {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(pushed, Ok(true));
}

/// Opens a game's WebSocket by hand and never answers anything after the handshake.
fn silent_page(port: u16, id: &str) -> TcpStream {
    let mut c = connect(port);
    let req = format!(
        "GET /api/game/{id}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    c.write_all(req.as_bytes()).expect("write");
    let mut head = [0u8; 12];
    c.read_exact(&mut head).expect("answer");
    assert_eq!(&head, b"HTTP/1.1 101", "{}", String::from_utf8_lossy(&head));
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_that_stop_answering_pings_are_closed() {
    let s = tokio::task::spawn_blocking(|| server_with(&["--ping-interval", "500ms"]))
        .await
        .expect("s");
    let c = s.client.clone();
    let id =
        tokio::task::spawn_blocking(move || id_of(&c.new_game(json!({})))).await.expect("game");
    // A page that answers: it sees several pings and stays open.
    let mut live = page(s.port, &id).await;
    // Seven silent pages fill the game's eight places; each is closed after missing a ping.
    let port = s.port;
    let gid = id.clone();
    let silent = tokio::task::spawn_blocking(move || {
        let mut socks: Vec<TcpStream> = (0..7).map(|_| silent_page(port, &gid)).collect();
        for sock in &mut socks {
            read_until_closed(sock);
        }
    });
    let mut pings = 0;
    let t0 = Instant::now();
    while pings < 4 {
        let m = tokio::time::timeout(PATIENCE, live.next()).await.expect("in time");
        match m {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Close(_)) | Err(_)) | None => panic!("closed after {pings} pings"),
            Some(Ok(_)) => {}
        }
        assert!(t0.elapsed() < PATIENCE);
    }
    silent.await.expect("silent pages closed");
    // Their places are free again: seven new pages fit beside the live one.
    let mut more = Vec::new();
    for _ in 0..7 {
        more.push(page(s.port, &id).await);
    }
    live.send(Message::Close(None)).await.expect("close");
}
