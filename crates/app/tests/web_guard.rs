//! Robustness tests of `vidle serve`: what other sites, other computers and floods of requests
//! can and cannot do. Each test starts its own server on a free port.

mod web_common;

use futures_util::StreamExt;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::io::Read;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use web_common::{UNKNOWN_ID, id_of, server, server_with};

const EVIL: &str = "Origin: http://evil.example\r\n";

#[test]
fn posts_must_be_json() {
    let s = server();
    let id = id_of(&s.new_game(json!({})));
    for ct in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
    {
        let h = format!("Content-Type: {ct}\r\n");
        let r = s.request("POST", "/api/game", "{}", &h);
        assert_eq!((r.status, r.error_code().as_str()), (415, "unsupported_media_type"), "{ct}");
        assert!(r.json()["error"]["message"].as_str().is_some_and(|m| m.contains("JSON")));
        let r = s.request("POST", &format!("/api/game/{id}/move"), r#"{"move":"e4"}"#, &h);
        assert_eq!(r.status, 415, "{ct}: {}", r.body);
        let r = s.request("POST", &format!("/api/game/{id}/resign"), "", &h);
        assert_eq!(r.status, 415, "{ct}: {}", r.body);
    }
    // No content type at all is refused as well, even without a body.
    assert_eq!(s.request("POST", &format!("/api/game/{id}/resign"), "", "").status, 415);
    let g = s.get(&format!("/api/game/{id}")).json();
    assert_eq!((g["moves"].clone(), g["ended"].clone()), (json!([]), Value::Null), "unchanged");
    let h = "Content-Type: application/json; charset=utf-8\r\n";
    assert_eq!(s.request("POST", "/api/game", "{}", h).status, 201);
    assert_eq!(s.request("POST", &format!("/api/game/{id}/resign"), "", h).status, 200);
}

#[test]
fn other_sites_are_refused() {
    let s = server();
    let id = id_of(&s.new_game(json!({})));
    let r = s.raw("POST", "/api/game", "{}", EVIL);
    assert_eq!((r.status, r.error_code().as_str()), (403, "bad_origin"));
    for path in ["move", "resign", "undo", "draw", "hint"] {
        let r = s.raw("POST", &format!("/api/game/{id}/{path}"), r#"{"move":"e4"}"#, EVIL);
        assert_eq!((r.status, r.error_code().as_str()), (403, "bad_origin"), "{path}");
    }
    assert_eq!(s.raw("GET", &format!("/api/game/{id}"), "", EVIL).status, 403);
    assert_eq!(s.raw("POST", "/api/game", "{}", "Origin: null\r\n").status, 403);
    let other_port = format!("Origin: http://127.0.0.1:{}\r\n", s.port + 1);
    assert_eq!(s.raw("POST", "/api/game", "{}", &other_port).status, 403);
    assert!(s.get(&format!("/api/game/{id}")).json()["ended"].is_null(), "not resigned");
    // The server's own pages are welcome, by any name of this computer.
    let own = format!("Origin: http://127.0.0.1:{}\r\n", s.port);
    assert_eq!(s.raw("POST", "/api/game", "{}", &own).status, 201);
    let local = format!("Host: localhost:{0}\r\nOrigin: http://localhost:{0}\r\n", s.port);
    assert_eq!(s.raw("POST", "/api/game", "{}", &local).status, 201);
    // DNS rebinding: another name for this address is refused.
    let r = s.raw("POST", "/api/game", "{}", "Host: evil.example\r\n");
    assert_eq!((r.status, r.error_code().as_str()), (403, "bad_host"));
}

async fn ws_status(port: u16, id: &str, origin: Option<&str>) -> Result<(), u16> {
    let mut req =
        format!("ws://127.0.0.1:{port}/api/game/{id}/ws").into_client_request().expect("request");
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", HeaderValue::from_str(o).expect("header"));
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((mut ws, _)) => {
            let first = ws.next().await.expect("hello").expect("message");
            let v: Value = serde_json::from_str(first.to_text().unwrap_or("")).expect("json");
            assert_eq!(v["state"]["id"], id);
            Ok(())
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_from_other_sites_are_refused() {
    let s = tokio::task::spawn_blocking(server).await.expect("server");
    let c = s.client.clone();
    let id = tokio::task::spawn_blocking(move || id_of(&c.new_game(json!({})))).await.expect("id");
    assert_eq!(ws_status(s.port, &id, Some("http://evil.example")).await, Err(403));
    assert_eq!(ws_status(s.port, &id, Some("null")).await, Err(403));
    let own = format!("http://127.0.0.1:{}", s.port);
    assert_eq!(ws_status(s.port, &id, Some(&own)).await, Ok(()));
    assert_eq!(ws_status(s.port, &id, None).await, Ok(()));
    assert_eq!(ws_status(s.port, UNKNOWN_ID, None).await, Err(404));
}

#[test]
fn game_ids_are_long_and_random() {
    let s = server();
    let ids: Vec<String> = (0..40).map(|_| id_of(&s.new_game(json!({})))).collect();
    let distinct: HashSet<&String> = ids.iter().collect();
    assert_eq!(distinct.len(), ids.len());
    let values: Vec<u128> = ids
        .iter()
        .map(|id| {
            assert_eq!(id.len(), 32, "{id}");
            u128::from_str_radix(id, 16).expect("hex")
        })
        .collect();
    // Consecutive ids differ in about half of their 128 bits, never in only a few.
    for w in values.windows(2) {
        let bits = (w[0] ^ w[1]).count_ones();
        assert!((24..=104).contains(&bits), "{:x} {:x}", w[0], w[1]);
    }
}

#[test]
fn idle_games_hold_no_engine() {
    let s = server_with(&["--engines", "2"]);
    // The main thread, the runtime's workers (one per core), two engine threads, and a search
    // thread per engine while it searches; nothing per game.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let most = 1 + cores + 2 + 2 + 2;
    let first = id_of(&s.new_game(json!({})));
    let (threads0, rss0) = s.threads_and_rss_kb();
    for _ in 0..499 {
        s.new_game(json!({"level": "club", "time_control": "5+3"}));
    }
    let (threads1, rss1) = s.threads_and_rss_kb();
    assert!(threads1 <= most, "threads {threads0} -> {threads1}, at most {most}");
    // 500 games in a few megabytes (an engine's table alone is 16 MB).
    assert!(rss1 < rss0 + 40_000, "RSS {rss0} kB -> {rss1} kB");
    assert_eq!(s.get(&format!("/api/game/{first}")).status, 200, "all 500 kept");
    // Ten games whose engine is to move: their searches share the two engines.
    let busy: Vec<String> = (0..10)
        .map(|_| {
            id_of(&s.new_game(json!({"color": "black", "movetime_ms": 50, "start": "fen",
            "fen": "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"})))
        })
        .collect();
    let (threads2, _) = s.threads_and_rss_kb();
    assert!(threads2 <= most, "threads {threads0} -> {threads2}");
    for id in &busy {
        let g = s.wait_for(id, |g| g["phase"] == "your_move");
        assert_eq!(g["moves"].as_array().map(Vec::len), Some(1), "{g}");
    }
    let (threads3, _) = s.threads_and_rss_kb();
    assert!(threads3 <= most, "threads {threads0} -> {threads3}");
}

#[test]
fn pasted_games_and_bodies_have_limits() {
    let s = server();
    // A game over 1000 plies, in a body under the limit.
    let mut moves = String::new();
    for i in 0..1200 {
        moves.push_str(["Nf3 ", "Nf6 ", "Ng1 ", "Ng8 "][i % 4]);
    }
    let r = s.post("/api/game", &json!({"pgn": moves}).to_string());
    assert_eq!((r.status, r.error_code().as_str()), (400, "game_too_long"), "{}", r.body);
    let msg = r.json()["error"]["message"].as_str().unwrap_or("").to_string();
    assert!(msg.contains("1200 plies") && msg.contains("1000"), "{msg}");
    // The page words the refusal in its language from the text's key and arguments.
    let text = &r.json()["error"]["text"];
    assert_eq!(text["key"], "ErrGameTooLong", "{}", r.body);
    assert_eq!((&text["args"]["plies"], &text["args"]["n"]), (&json!("1200"), &json!("1000")));
    let cs = s.get("/api/messages?lang=cs").json();
    assert_eq!(
        cs["messages"]["ErrGameTooLong"],
        "Partie má {plies} půltahů; tady jich smí mít nejvýš {n}."
    );
    let r = s.post("/api/game", &json!({"fen": "8/".repeat(200)}).to_string());
    assert_eq!((r.status, r.error_code().as_str()), (400, "field_too_long"), "{}", r.body);
    let r = s.post("/api/game", &json!({"level": "x".repeat(10_000)}).to_string());
    assert_eq!(r.error_code(), "field_too_long");
    assert!(r.body.len() < 1000, "errors do not echo long input: {}", r.body.len());
    // The longest game taken, 1000 plies: its state is a bounded reply.
    let id = id_of(&s.new_game(json!({"pgn": moves.split_at(4000).0})));
    let r = s.get(&format!("/api/game/{id}"));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["moves"].as_array().map(Vec::len), Some(1000));
    assert!(r.body.len() < 512 * 1024, "{} bytes", r.body.len());
}

/// A body over 256 KB, in-process (over TCP the server may close before the client has sent
/// it all, and the reply can be lost to the connection's reset).
#[tokio::test]
async fn oversized_bodies_are_refused() {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let state = vidle::web::AppState::new(vidle::web::Limits {
        max_games: 8,
        engines: 0,
        ..Default::default()
    });
    let access = vidle::web::Access::new([127, 0, 0, 1].into(), 8960, None, &[]);
    let app = vidle::web::router(state, std::sync::Arc::new(access));
    let huge = json!({"start": "pgn", "pgn": "1. e4 e5 ".repeat(30_000)}).to_string();
    assert!(huge.len() > vidle::web::MAX_BODY_BYTES);
    let req = Request::post("/api/game")
        .header("content-type", "application/json")
        .header("host", "127.0.0.1:8960")
        .body(Body::from(huge))
        .expect("request");
    let res = app.oneshot(req).await.expect("response");
    assert_eq!(res.status().as_u16(), 413);
    let body = axum::body::to_bytes(res.into_body(), 1 << 20).await.expect("body");
    let v: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(v["error"]["code"], "body_too_large", "{v}");
}

#[test]
fn beyond_loopback_a_token_is_required() {
    let mut s = server_with(&["--host", "0.0.0.0", "--allow-host", "chess.example"]);
    let url = s.banner.iter().find(|l| l.contains("127.0.0.1")).expect("url").trim().to_string();
    assert!(s.banner[0].contains("0.0.0.0"), "{:?}", s.banner);
    let token = url.split("?token=").nth(1).expect("token in the address").to_string();
    assert!(token.len() >= 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    let mut err = s.stderr.take().expect("stderr");
    // Without the token: nothing, not even the page.
    let r = s.post("/api/game", "{}");
    assert_eq!((r.status, r.error_code().as_str()), (403, "bad_token"));
    assert_eq!(s.get("/").status, 403);
    assert_eq!(s.post("/api/game?token=wrong", "{}").status, 403);
    // With it: in the query, in a header, or in the cookie the page gets.
    assert_eq!(s.post(&format!("/api/game?token={token}"), "{}").status, 201);
    let auth = format!("Authorization: Token {token}\r\n");
    let r = s.raw("POST", "/api/game", "{}", &auth);
    assert_eq!(r.status, 201);
    let id = id_of(&r.json());
    let r = s.get(&format!("/?token={token}&movetime=150"));
    assert_eq!(r.status, 303, "{}", r.headers);
    assert_eq!(r.header("location").as_deref(), Some("/?movetime=150"));
    let cookie = r.header("set-cookie").expect("cookie");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "{cookie}");
    let cookie = format!("Cookie: {}\r\n", cookie.split(';').next().unwrap_or(""));
    let page = s.request("GET", "/?movetime=150", "", &cookie);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("/app.js"));
    assert_eq!(s.raw("GET", &format!("/api/game/{id}"), "", &cookie).status, 200);
    // The token does not replace the other checks.
    let r = s.raw("POST", "/api/game", "{}", &format!("{auth}Host: evil.example\r\n"));
    assert_eq!(r.error_code(), "bad_host");
    let r = s.raw("POST", "/api/game", "{}", &format!("{auth}Host: chess.example:80\r\n"));
    assert_eq!(r.status, 201, "--allow-host names are served: {}", r.body);
    assert_eq!(s.raw("POST", "/api/game", "{}", &format!("{auth}{EVIL}")).status, 403);
    drop(s);
    let mut warning = String::new();
    let _ = err.read_to_string(&mut warning);
    assert!(warning.contains("Warning") && warning.contains("token"), "{warning}");
}
