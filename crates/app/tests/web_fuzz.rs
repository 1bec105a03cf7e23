//! The web API's request decoding under 100,000+ random and mutated requests, on stable Rust
//! (the same harness as `fuzz/fuzz_targets/web_request.rs`): bodies of every endpoint, paths and
//! ids, query strings and headers, through the whole router in-process. No request may panic,
//! every API error must be the JSON error form, and the access checks must hold (see
//! `vidle::web::fuzzing`). Seeded, so a failure repeats; `VIDLE_FUZZ_SEED` and
//! `VIDLE_FUZZ_CASES` change the run.

use axum::http::Method;
use std::time::Instant;
use vidle::web::fuzzing::{Harness, Input, TOKEN};
use vidle_core::testdata::Rng;

/// One item of a non-empty list.
fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

/// Valid requests of every endpoint: method, target (`{id}`: a game that exists), body.
const VALID: &[(&str, &str, &str)] = &[
    ("POST", "/api/game", "{}"),
    ("POST", "/api/game", r#"{"color": "black", "level": "club", "time_control": "5+3"}"#),
    ("POST", "/api/game", r#"{"color": "random", "level": "1500", "movetime_ms": 100}"#),
    ("POST", "/api/game", r#"{"start": "chess960", "chess960_number": 518}"#),
    ("POST", "/api/game", r#"{"start": "fen", "fen": "7k/P7/8/8/8/8/8/K7 w - - 0 1"}"#),
    ("POST", "/api/game", r#"{"fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}"#),
    ("POST", "/api/game", r#"{"pgn": "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"}"#),
    ("POST", "/api/game", r#"{"start": "pgn", "pgn": "1. d4 d5 2. c4 e6 1/2-1/2"}"#),
    ("POST", "/api/game/{id}/move", r#"{"from": "e2", "to": "e4"}"#),
    ("POST", "/api/game/{id}/move", r#"{"move": "Nf3"}"#),
    ("POST", "/api/game/{id}/move", r#"{"move": "Jf3"}"#),
    ("POST", "/api/game/{id}/move", r#"{"from": "a7", "to": "a8", "promotion": "q"}"#),
    ("POST", "/api/game/{id}/move", r#"{"from": "e1", "to": "h1"}"#),
    ("POST", "/api/game/{id}/undo", ""),
    ("POST", "/api/game/{id}/hint", "{}"),
    ("POST", "/api/game/{id}/draw", ""),
    ("POST", "/api/game/{id}/resign", "{}"),
    ("GET", "/api/game/{id}", ""),
    ("GET", "/api/game/{id}/pgn", ""),
    ("GET", "/api/game/{id}/ws", ""),
    ("GET", "/", ""),
    ("GET", "/app.js", ""),
    ("GET", "/?movetime=150", ""),
];

/// Pieces that tend to break parsers.
const TOKENS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "true",
    "-1",
    "0",
    "1e999",
    "18446744073709551616",
    "\\u0000",
    "\\ud800",
    "\u{0}",
    "é",
    "\u{202e}",
    "9999999999999999999999",
    "\"move\"",
    "\"from\"",
    "\"pgn\"",
    "\"fen\"",
    "\"level\"",
    "\"color\"",
    "\"start\"",
    "\"chess960_number\"",
    "O-O-O",
    "e8=Q",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "1-0",
    "*",
    "{comment",
    "(",
    ")",
    "%",
    "\n\n",
    " ",
    "KQkq",
    "HAha",
    "-",
    "/",
    "..",
    "%00",
    "%2F",
    "%ff",
    "?",
    "&",
    "=",
    "#",
];

fn mutate_bytes(rng: &mut Rng, data: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(4) {
        let len = data.len();
        let at = rng.below(len + 1);
        match rng.below(8) {
            0 if len > 0 => data[at.min(len - 1)] ^= 1 << rng.below(8),
            1 => data.insert(at, rng.next_u64() as u8),
            2 if len > 0 => {
                let end = (at + 1 + rng.below(8)).min(len);
                data.drain(at.min(end)..end);
            }
            3 => {
                let t = pick(rng, TOKENS).as_bytes();
                data.splice(at..at, t.iter().copied());
            }
            4 if len > 0 => {
                let from = rng.below(len);
                let end = (from + 1 + rng.below(16)).min(len);
                let piece = data[from..end].to_vec();
                data.splice(at..at, piece);
            }
            5 => data.truncate(at),
            6 => {
                let other = pick(rng, VALID).2.as_bytes();
                let cut = rng.below(other.len() + 1);
                data.truncate(at);
                data.extend_from_slice(&other[cut..]);
            }
            _ => {
                let t = pick(rng, TOKENS).as_bytes();
                if len > 0 {
                    let end = (at + 1 + rng.below(4)).min(len);
                    data.splice(at.min(end)..end, t.iter().copied());
                }
            }
        }
    }
}

/// A game id, often not quite one.
fn id_like(rng: &mut Rng, real: &str) -> String {
    let mut id = real.to_string();
    match rng.below(10) {
        0..=4 => return "{id}".to_string(),
        5 => id = id.to_uppercase(),
        6 => id.truncate(rng.below(32)),
        7 => id.push_str(pick::<&str>(rng, TOKENS)),
        8 => {
            let i = rng.below(32);
            id.replace_range(i..=i, pick::<&str>(rng, &["g", "0", "%41", "-", "é"]));
        }
        _ => {
            let odd = ["0", "999", "-1", "", "..", "%2e%2e", "00000000000000000000000000000000"];
            id = pick(rng, &odd).to_string();
        }
    }
    id
}

fn random_input(rng: &mut Rng, h: &Harness) -> Input {
    let (method, target, body) = *pick(rng, VALID);
    let mut body = body.as_bytes().to_vec();
    if rng.chance(85, 100) {
        mutate_bytes(rng, &mut body);
    }
    let mut target = target.to_string();
    if target.contains("{id}") && rng.chance(30, 100) {
        let n = rng.below(16);
        let id = id_like(rng, h.some_id(n));
        target = target.replace("{id}", &id);
    }
    if rng.chance(10, 100) {
        let mut t = target.into_bytes();
        mutate_bytes(rng, &mut t);
        target = String::from_utf8_lossy(&t).into_owned();
        if !target.starts_with('/') {
            target.insert(0, '/');
        }
    }
    if rng.chance(20, 100) {
        let q =
            pick(rng, &["token=", "token=x", "a=b&&c", "%zz", "token=&token=", "movetime=1", "="]);
        target = format!("{target}?{q}");
        if rng.chance(30, 100) {
            target.push_str(&format!("&token={TOKEN}"));
        }
    }
    let method = match rng.below(20) {
        0 => Method::PUT,
        1 => Method::DELETE,
        2 => Method::HEAD,
        3 => Method::GET,
        4 => Method::POST,
        _ => Method::from_bytes(method.as_bytes()).unwrap_or(Method::GET),
    };
    let content_type = match rng.below(12) {
        0 => None,
        1 => Some(b"text/plain".to_vec()),
        2 => Some(b"application/x-www-form-urlencoded".to_vec()),
        3 => Some(b"application/json; charset=utf-8".to_vec()),
        4 => Some(vec![rng.next_u64() as u8, b'/', rng.next_u64() as u8]),
        _ => Some(b"application/json".to_vec()),
    };
    let origin = match rng.below(14) {
        0 => Some(b"http://evil.example".to_vec()),
        1 => Some(b"null".to_vec()),
        2 => Some(b"http://127.0.0.1:8960".to_vec()),
        3 => Some(b"http://127.0.0.1:8961".to_vec()),
        4 => Some(vec![rng.next_u64() as u8; 3]),
        _ => None,
    };
    let host = match rng.below(14) {
        0 => Some(b"evil.example".to_vec()),
        1 => Some(b"localhost".to_vec()),
        2 => None,
        3 => Some(b"[::1]:8960".to_vec()),
        4 => Some(vec![rng.next_u64() as u8, b':', b'1']),
        _ => Some(b"127.0.0.1:8960".to_vec()),
    };
    let open_server = rng.chance(25, 100);
    let token = match rng.below(6) {
        0 => None,
        1 => Some(b"0123".to_vec()),
        _ => Some(TOKEN.as_bytes().to_vec()),
    };
    Input { open_server, method, target, content_type, origin, host, token, body }
}

#[test]
fn request_decoding_survives_random_and_mutated_input() {
    let seed = std::env::var("VIDLE_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(2026);
    let cases: u64 =
        std::env::var("VIDLE_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mut rng = Rng(seed | 1);
    let mut h = Harness::new();
    let t0 = Instant::now();
    for i in 0..cases {
        let input = if rng.chance(3, 100) {
            // Raw fuzzer-style bytes through the fuzz target's own decoding.
            let n = rng.below(64);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            Input::from_bytes(&bytes)
        } else {
            random_input(&mut rng, &h)
        };
        if let Err(e) = h.check(&input) {
            panic!("case {i} (seed {seed}): {e}\n{input:?}");
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    println!("{} requests in {secs:.1} s: {:?}", h.requests, h.outcomes);
    assert_eq!(h.requests, cases);
    if cases >= 100_000 {
        // The inputs reach the decoding, not only the access checks.
        for seen in
            ["201", "200", "400 bad_json", "400 bad_id", "404 not_found", "400 illegal_move"]
        {
            assert!(h.outcomes.get(seen).is_some_and(|&n| n >= 50), "{seen}: {:?}", h.outcomes);
        }
    }
}
