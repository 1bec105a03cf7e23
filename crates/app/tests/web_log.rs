//! `vidle serve`'s log on standard error (issue 85): one line per request with method, path,
//! status, time and client; the access token and full game ids never appear in it.

mod web_common;

use std::time::{Duration, Instant};
use web_common::{collect_stderr, id_of, server_with_env};

/// The log's request lines (those that end in a time and a client).
fn request_lines(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.contains(" ms 127.0.0.1:")).map(str::to_string).collect()
}

#[test]
fn one_line_per_request_without_secrets() {
    let mut s = server_with_env(&["--host", "0.0.0.0"], &[("RUST_LOG", "info")]);
    let url = s.banner.iter().find(|l| l.contains("127.0.0.1")).expect("address").clone();
    let token = url.split("?token=").nth(1).expect("token in the address").trim().to_string();
    let (text, reader) = collect_stderr(&mut s);

    let r = s.post(&format!("/api/game?token={token}"), "{}");
    assert_eq!(r.status, 201, "{}", r.body);
    let id = id_of(&r.json());
    assert_eq!(s.get(&format!("/api/game/{id}?token={token}")).status, 200);
    let cookie = format!("Cookie: vidle-token-{}={token}\r\n", s.port);
    assert_eq!(s.request("GET", &format!("/api/game/{id}/pgn"), "", &cookie).status, 200);
    assert_eq!(s.get("/api/games?token=wrong").status, 403);

    let deadline = Instant::now() + Duration::from_secs(20);
    let lines = loop {
        let lines = request_lines(&text.lock().unwrap());
        if lines.len() >= 4 || Instant::now() > deadline {
            break lines;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let short = format!("/api/game/{}…", &id[..6]);
    let expected = [
        "POST /api/game 201".to_string(),
        format!("GET {short} 200"),
        format!("GET {short}/pgn 200"),
        "GET /api/games 403".to_string(),
    ];
    assert_eq!(lines.len(), expected.len(), "{lines:#?}");
    for (line, want) in lines.iter().zip(&expected) {
        assert!(line.contains(want) && line.contains("INFO"), "{line:?} lacks {want:?}");
    }

    drop(s); // the server goes; its standard error ends
    reader.join().expect("reader");
    let all = text.lock().unwrap().clone();
    assert!(!all.contains(&token), "the token is in the log:\n{all}");
    assert!(!all.contains(&id), "a game id is in the log:\n{all}");
    assert!(!all.contains("token="), "a query string is in the log:\n{all}");
}

#[test]
fn the_log_level_flag_rules_over_rust_log() {
    let mut s = server_with_env(&["--log-level", "warn"], &[("RUST_LOG", "info")]);
    let (text, reader) = collect_stderr(&mut s);
    assert_eq!(s.get("/api/messages").status, 200);
    drop(s);
    reader.join().expect("reader");
    let all = text.lock().unwrap().clone();
    assert!(request_lines(&all).is_empty(), "{all}");

    let r = std::process::Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["serve", "--log-level", "loud"])
        .output()
        .expect("run");
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("not a log level"));
}
