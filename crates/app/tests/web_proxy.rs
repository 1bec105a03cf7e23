//! `vidle serve --trusted-proxy` (issue 85): behind a trusted reverse proxy the quotas and the
//! log count the client `X-Forwarded-For` names (its right-most entry that is not a proxy);
//! without the option, or from another peer, the header is ignored; a malformed one is logged
//! and the request counts as the proxy's. The tests connect from 127.0.0.1, as a proxy on the
//! same computer would.

mod web_common;

use std::time::{Duration, Instant};
use web_common::{Client, Reply, collect_stderr, server_with, server_with_env};

/// A new game "forwarded" for `xff` (no header when `None`).
fn new_game_for(c: &Client, xff: Option<&str>) -> Reply {
    let header = xff.map_or_else(String::new, |v| format!("X-Forwarded-For: {v}\r\n"));
    c.raw("POST", "/api/game", r#"{"level":"max","depth":1}"#, &header)
}

fn statuses(c: &Client, xff: Option<&str>, n: usize) -> Vec<u16> {
    (0..n).map(|_| new_game_for(c, xff).status).collect()
}

#[test]
fn quotas_count_the_forwarded_client_behind_a_trusted_proxy() {
    let s = server_with(&["--trusted-proxy", "127.0.0.1", "--games-per-minute", "2"]);
    // One client: two games a minute, then 429.
    assert_eq!(statuses(&s, Some("203.0.113.1"), 3), [201, 201, 429]);
    // Another client behind the same proxy has its own quota.
    assert_eq!(statuses(&s, Some("203.0.113.2"), 2), [201, 201]);
    // What a client wrote itself is left of what the proxy appended, and is not believed: this
    // is 203.0.113.3, whatever it claims.
    assert_eq!(statuses(&s, Some("203.0.113.2, 203.0.113.3"), 2), [201, 201]);
    // A chain of proxies: the right-most entry that is not a trusted proxy.
    assert_eq!(statuses(&s, Some("203.0.113.4, 127.0.0.1"), 3), [201, 201, 429]);
    // The proxy's own requests (no header) count as its own address.
    assert_eq!(statuses(&s, None, 3), [201, 201, 429]);
}

#[test]
fn without_the_option_nobody_can_choose_their_address() {
    // No trusted proxy, or one that is not the peer: every request is 127.0.0.1's.
    for args in [&[][..], &["--trusted-proxy", "192.0.2.1"][..]] {
        let mut all = args.to_vec();
        all.extend(["--games-per-minute", "2"]);
        let s = server_with(&all);
        let got: Vec<u16> = ["203.0.113.1", "203.0.113.2", "203.0.113.3"]
            .iter()
            .map(|a| new_game_for(&s, Some(a)).status)
            .collect();
        assert_eq!(got, [201, 201, 429], "{args:?}");
    }
}

#[test]
fn a_malformed_header_is_logged_and_counted_as_the_proxy() {
    let mut s = server_with_env(
        &["--trusted-proxy", "127.0.0.1", "--games-per-minute", "2"],
        &[("RUST_LOG", "info")],
    );
    let (log, reader) = collect_stderr(&mut s);
    // Served, but under the proxy's quota: the third is refused.
    assert_eq!(new_game_for(&s, Some("unknown")).status, 201);
    assert_eq!(new_game_for(&s, Some("203.0.113.9, ")).status, 201);
    assert_eq!(new_game_for(&s, Some("203.0.113.9é")).status, 429);
    // A well-formed one goes on as its client's.
    assert_eq!(new_game_for(&s, Some("203.0.113.9")).status, 201);
    let wanted = [
        "WARN X-Forwarded-For from the trusted proxy 127.0.0.1:",
        "'unknown' is not an IP address",
        "it has an empty entry",
        "it is not plain text",
        "POST /api/game 201",
        " ms 203.0.113.9 via 127.0.0.1:",
    ];
    let deadline = Instant::now() + Duration::from_secs(20);
    while !wanted.iter().all(|w| log.lock().unwrap().contains(w)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(s);
    reader.join().expect("reader");
    let text = log.lock().unwrap().clone();
    for w in wanted {
        assert!(text.contains(w), "{w:?} is not in the log:\n{text}");
    }
    // The proxy's own requests are logged as its address, never as what the header claimed.
    assert!(!text.contains("unknown via"), "{text}");
}
