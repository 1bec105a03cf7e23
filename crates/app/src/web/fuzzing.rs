//! Request decoding under arbitrary input, for the fuzz target (`fuzz/fuzz_targets/web_request.rs`)
//! and the seeded randomized test (`tests/web_fuzz.rs`): one request at a time through the whole
//! router in-process (no sockets, no engines), then the properties every answer must have.
//!
//! Properties: no panic; an API error (status 400 and up under `/api/`) is exactly
//! `{"error": {"code": "…", "message": "…"}}`; a `POST` without a JSON content type, with a
//! foreign `Origin` or `Host`, or without the token where one is needed never succeeds.

use super::secret::GameId;
use super::{Access, AppState, Conn, Limits, router};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, header};
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use tower::ServiceExt;

/// The token of the harness's second server (the one that requires a token).
pub const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef";
/// The port the harness's servers pretend to listen on.
pub const PORT: u16 = 8960;

/// One request: what the decoding sees.
#[derive(Debug, Clone)]
pub struct Input {
    /// The server that requires a token rather than the loopback one.
    pub open_server: bool,
    /// The request method (`GET`, `POST`, `PUT`, `DELETE` or `HEAD`).
    pub method: Method,
    /// Path and query, as sent (`{id}` stands for the id of a game that exists).
    pub target: String,
    /// The `Content-Type` header's bytes, `None` for no header.
    pub content_type: Option<Vec<u8>>,
    /// The `Origin` header's bytes, `None` for no header; a success with any Origin but
    /// `http://127.0.0.1:8960` breaks a property.
    pub origin: Option<Vec<u8>>,
    /// The `Host` header's bytes, `None` for no header; a success with `evil.example` breaks a
    /// property.
    pub host: Option<Vec<u8>>,
    /// Sent as `Authorization: Token …`.
    pub token: Option<Vec<u8>>,
    /// The request body, raw; its length also picks which game `{id}` names.
    pub body: Vec<u8>,
}

const METHODS: [&str; 5] = ["GET", "POST", "PUT", "DELETE", "HEAD"];
const CONTENT_TYPES: [&str; 4] =
    ["application/json", "text/plain", "application/json; charset=utf-8", "multipart/form-data"];
const ORIGINS: [&str; 3] = ["http://127.0.0.1:8960", "http://evil.example", "null"];
const HOSTS: [&str; 3] = ["127.0.0.1:8960", "localhost:8960", "evil.example"];

impl Input {
    /// Reads an input from fuzzer bytes: four selector bytes (server, token and method; content
    /// type; origin; host), then the target up to the first newline, then the body.
    pub fn from_bytes(data: &[u8]) -> Input {
        let sel = |i: usize| data.get(i).copied().unwrap_or(0) as usize;
        let pick = |s: usize, list: &[&str]| -> Option<Vec<u8>> {
            // 0: absent; 1..=len: the list; beyond: the selector byte itself as the value.
            match s % (list.len() + 2) {
                0 => None,
                k if k <= list.len() => Some(list[k - 1].as_bytes().to_vec()),
                _ => Some(vec![s as u8]),
            }
        };
        let rest = data.get(4..).unwrap_or(&[]);
        let (target, body) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let target = String::from_utf8_lossy(target).into_owned();
        Input {
            open_server: sel(0) & 0x80 != 0,
            method: Method::from_bytes(METHODS[sel(0) % METHODS.len()].as_bytes())
                .unwrap_or(Method::GET),
            target: if target.starts_with('/') { target } else { format!("/api/game/{target}") },
            content_type: pick(sel(1), &CONTENT_TYPES),
            origin: pick(sel(2), &ORIGINS),
            host: pick(sel(3), &HOSTS),
            token: (sel(0) & 0x40 == 0).then(|| TOKEN.as_bytes().to_vec()),
            body: body.to_vec(),
        }
    }
}

/// Two in-process servers without engines (one on loopback, one that requires [`TOKEN`]) and
/// the ids of games made so far.
pub struct Harness {
    rt: tokio::runtime::Runtime,
    servers: [Router; 2],
    /// Ids of games made on each server, the latest last.
    ids: [Vec<String>; 2],
    /// Requests checked since the harness was made (its own set-up not counted).
    pub requests: u64,
    /// Answers seen: "STATUS" or "STATUS error_code", with their counts.
    pub outcomes: std::collections::BTreeMap<String, u64>,
}

impl Harness {
    /// Both servers, each with one game already made, and no requests counted.
    ///
    /// # Panics
    /// When the tokio runtime cannot be built; in debug builds also when making a first game
    /// fails.
    pub fn new() -> Harness {
        let rt =
            tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        let server = |host: IpAddr, token: Option<String>| {
            // Room for every game a run makes: a full server refuses new games (all are in
            // play), and the inputs should reach the game's handlers.
            let state = AppState::new(Limits { max_games: 4096, engines: 0, ..Limits::default() });
            router(state, Arc::new(Access::new(host, PORT, token, &[])))
        };
        let servers = [
            server(Ipv4Addr::LOCALHOST.into(), None),
            server(Ipv4Addr::UNSPECIFIED.into(), Some(TOKEN.into())),
        ];
        let ids = [vec![GameId(7).to_string()], vec![GameId(7).to_string()]];
        let mut h = Harness { rt, servers, ids, requests: 0, outcomes: Default::default() };
        // One game on each server, so that `{id}` names a game from the first request on.
        for open_server in [false, true] {
            let new_game = Input {
                open_server,
                method: Method::POST,
                target: "/api/game".into(),
                content_type: Some(b"application/json".to_vec()),
                origin: None,
                host: None,
                token: Some(TOKEN.as_bytes().to_vec()),
                body: b"{}".to_vec(),
            };
            let made = h.check(&new_game);
            debug_assert!(made.is_ok(), "{made:?}");
        }
        h.requests = 0;
        h.outcomes.clear();
        h
    }

    /// An id of a game made on the loopback server (one of the latest).
    pub fn some_id(&self, n: usize) -> &str {
        let ids = &self.ids[0];
        &ids[n % ids.len()]
    }

    /// Sends one request and checks the answer; `Err` says which property failed.
    pub fn check(&mut self, input: &Input) -> Result<(), String> {
        self.requests += 1;
        let server = usize::from(input.open_server);
        let ids = &self.ids[server];
        let target = input.target.replace("{id}", &ids[input.body.len() % ids.len()]);
        let mut b = Request::builder().method(input.method.clone()).uri(&target);
        let headers = [
            (header::CONTENT_TYPE, &input.content_type),
            (header::ORIGIN, &input.origin),
            (header::HOST, &input.host),
        ];
        for (name, value) in headers {
            if let Some(v) = value {
                b = b.header(name, v.as_slice());
            }
        }
        if let Some(t) = &input.token {
            let mut v = b"Token ".to_vec();
            v.extend_from_slice(t);
            b = b.header(header::AUTHORIZATION, v);
        }
        let local = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), PORT);
        b = b.extension(ConnectInfo(Conn { local: Some(local), remote: None }));
        let Ok(req) = b.body(Body::from(input.body.clone())) else {
            return Ok(()); // not a request hyper would hand over (bad URI or header bytes)
        };
        let app = self.servers[server].clone();
        let (status, body) = self.rt.block_on(async move {
            let Ok(res) = app.oneshot(req).await;
            let status = res.status();
            let body = axum::body::to_bytes(res.into_body(), 8 << 20)
                .await
                .map_err(|e| format!("body: {e}"))?;
            Ok::<_, String>((status, body))
        })?;
        let text = String::from_utf8_lossy(&body);
        let code = serde_json::from_slice::<Value>(&body)
            .ok()
            .and_then(|v| v["error"]["code"].as_str().map(|c| format!(" {c}")))
            .unwrap_or_default();
        *self.outcomes.entry(format!("{}{code}", status.as_u16())).or_default() += 1;
        let api = target.starts_with("/api/");
        // (A reply to HEAD has no body.)
        let error = status.is_client_error() || status.is_server_error();
        if api && error && input.method != Method::HEAD {
            check_error_form(&body).map_err(|e| format!("{status} {target}: {e}: {text}"))?;
        }
        if status.is_success() {
            let is_json = input
                .content_type
                .as_ref()
                .and_then(|c| axum::http::HeaderValue::from_bytes(c).ok())
                .is_some_and(|c| super::guard::is_json(Some(&c)));
            if input.method == Method::POST && !is_json {
                return Err(format!("{status} {target}: a POST without JSON succeeded"));
            }
            if input.origin.as_deref().is_some_and(|o| o != ORIGINS[0].as_bytes()) {
                return Err(format!("{status} {target}: a foreign Origin succeeded"));
            }
            if input.host.as_deref().is_some_and(|h| h == HOSTS[2].as_bytes()) {
                return Err(format!("{status} {target}: a foreign Host succeeded"));
            }
            let token_ok = input.token.as_deref() == Some(TOKEN.as_bytes());
            if input.open_server && !token_ok && !target.contains("token=") {
                return Err(format!("{status} {target}: no token, yet served"));
            }
        }
        if status.as_u16() == 201
            && let Ok(v) = serde_json::from_slice::<Value>(&body)
            && let Some(id) = v["id"].as_str()
        {
            let ids = &mut self.ids[server];
            if ids.len() >= 16 {
                ids.remove(0);
            }
            ids.push(id.to_string());
        }
        Ok(())
    }
}

impl Default for Harness {
    fn default() -> Harness {
        Harness::new()
    }
}

/// Whether `body` is exactly the API's error form: a code, a message, perhaps a catalogue text.
pub fn check_error_form(body: &[u8]) -> Result<(), String> {
    let v: Value = serde_json::from_slice(body).map_err(|e| format!("not JSON ({e})"))?;
    let obj = v.as_object().filter(|o| o.len() == 1).ok_or("not a one-key object")?;
    let err = obj.get("error").and_then(Value::as_object).ok_or("no error object")?;
    let code = err.get("code").and_then(Value::as_str).ok_or("no code")?;
    let message = err.get("message").and_then(Value::as_str).ok_or("no message")?;
    // Optionally the message as a catalogue text, whose key must exist.
    let worded = match err.get("text") {
        None => 0,
        Some(t) => {
            let key = t.get("key").and_then(Value::as_str).ok_or("a text without a key")?;
            if !crate::i18n::Msg::ALL.iter().any(|m| m.key() == key) {
                return Err(format!("the text's key '{key}' is not in the catalogue"));
            }
            1
        }
    };
    if err.len() != 2 + worded || code.is_empty() || message.is_empty() {
        return Err("error needs exactly a code and a message (and perhaps a text)".into());
    }
    Ok(())
}
