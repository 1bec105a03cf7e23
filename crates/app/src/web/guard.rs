//! Who may use the server: every request passes these checks before any handler runs.
//!
//! 1. **Host** (DNS rebinding): the `Host` header must name this computer as the server is reached:
//!    `localhost`, a loopback address, the address the connection came in on, this computer's
//!    name when the server listens beyond loopback, or a name given with `--allow-host`.
//! 2. **Origin** (cross-site requests): a request that carries `Origin` must come from a page of
//!    this server (`http(s)://` + its `Host`). Browsers send `Origin` on every cross-site `POST`
//!    and WebSocket, so no other site can drive the server; `curl` sends none and is served.
//! 3. **Token**: a server listening beyond loopback requires a secret token, as notebook servers
//!    do: `?token=` in the address (a page request then sets a cookie and redirects to the same
//!    address without it), the cookie, or `Authorization: Token …` / `Bearer …`.
//! 4. **JSON only**: a `POST` must say `Content-Type: application/json` (a cross-site form or a
//!    `text/plain` body cannot be sent without one).

use super::error::ApiError;
use super::secret::same_secret;
use axum::extract::connect_info::Connected;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::IncomingStream;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The two ends of a connection: the local address it came in on (which of this computer's
/// addresses the client used, for the Host check) and the client's (for its quotas).
#[derive(Debug, Clone, Copy)]
pub struct Conn {
    /// This side's address and port of the connection; `None` when the system did not say.
    pub local: Option<SocketAddr>,
    /// The client's address and port; `None` when unknown (requests made in-process).
    pub remote: Option<SocketAddr>,
}

impl Connected<IncomingStream<'_, tokio::net::TcpListener>> for Conn {
    fn connect_info(stream: IncomingStream<'_, tokio::net::TcpListener>) -> Conn {
        Conn { local: stream.io().local_addr().ok(), remote: Some(*stream.remote_addr()) }
    }
}

/// The access rules of one server.
#[derive(Debug, Clone)]
pub struct Access {
    /// Required from every request when set (the server listens beyond loopback).
    token: Option<String>,
    /// Host names accepted besides IP addresses (lowercase): `localhost` and the extra names.
    names: Vec<String>,
    /// The cookie that carries the token (named after the port: one per server).
    cookie: String,
}

impl Access {
    /// Rules for a server on `host`:`port`; `token` must be set when `host` is not loopback.
    pub fn new(host: IpAddr, port: u16, token: Option<String>, extra_names: &[String]) -> Access {
        let mut names = vec!["localhost".to_string()];
        if !host.is_loopback()
            && let Some(h) = machine_name()
        {
            names.push(format!("{h}.local"));
            names.push(h);
        }
        names.extend(extra_names.iter().map(|n| n.trim().trim_end_matches('.').to_lowercase()));
        Access { token, names, cookie: format!("vidle-token-{port}") }
    }

    /// The secret token every request must carry, `None` when none is required (a server that
    /// listens on loopback only).
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// Whether the name in a `Host` header (port removed, lowercase) is one of ours, for a
    /// connection that came in on `local`.
    fn host_allowed(&self, name: &str, local: Option<IpAddr>) -> bool {
        let ip = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name)
            .parse::<IpAddr>()
            .ok()
            .map(|ip| ip.to_canonical());
        match ip {
            Some(ip) => ip.is_loopback() || local.is_some_and(|l| l.to_canonical() == ip),
            None => self.names.iter().any(|n| n == name),
        }
    }

    fn token_in(&self, req: &Request) -> Option<String> {
        if let Some(t) = query_param(req.uri().query().unwrap_or(""), "token") {
            return Some(t);
        }
        for v in req.headers().get_all(header::AUTHORIZATION) {
            let v = v.to_str().unwrap_or("");
            for scheme in ["Token ", "Bearer ", "token ", "bearer "] {
                if let Some(t) = v.strip_prefix(scheme) {
                    return Some(t.trim().to_string());
                }
            }
        }
        cookie(req.headers(), &self.cookie)
    }
}

/// This computer's name, where the system says it simply (Linux).
fn machine_name() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").ok()?;
    let name = name.trim().to_lowercase();
    (!name.is_empty()).then_some(name)
}

/// The host name of a `Host` header value: lowercase, port removed, IPv6 brackets kept.
pub fn host_name(host: &str) -> String {
    let host = host.trim();
    let name = match host.rsplit_once(':') {
        Some((n, p))
            if p.bytes().all(|c| c.is_ascii_digit()) && (!n.contains(':') || n.ends_with(']')) =>
        {
            n
        }
        _ => host,
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The value of `name` in a query string (percent-decoding only what a token can hold).
fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == name).then(|| v.to_string())
    })
}

/// The query string without `name`.
fn query_without(query: &str, name: &str) -> String {
    query
        .split('&')
        .filter(|kv| !kv.is_empty() && kv.split_once('=').map_or(*kv, |(k, _)| k) != name)
        .collect::<Vec<_>>()
        .join("&")
}

fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get_all(header::COOKIE).iter().find_map(|v| {
        v.to_str().ok()?.split(';').find_map(|c| {
            let (k, v) = c.trim().split_once('=')?;
            (k == name).then(|| v.to_string())
        })
    })
}

/// Whether `origin` (an `Origin` header) is a page of the server reached as `host`.
fn same_origin(origin: &str, host: Option<&str>) -> bool {
    let Some(host) = host else { return false };
    let rest = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://"));
    rest.is_some_and(|authority| authority.eq_ignore_ascii_case(host.trim()))
}

/// Whether a `Content-Type` value is JSON (`application/json`, parameters allowed).
pub fn is_json(content_type: Option<&HeaderValue>) -> bool {
    let Some(v) = content_type.and_then(|v| v.to_str().ok()) else { return false };
    let essence = v.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

fn forbidden(api: bool, code: &'static str, message: &str) -> Response {
    if api {
        ApiError::new(StatusCode::FORBIDDEN, code, message).into_response()
    } else {
        (
            StatusCode::FORBIDDEN,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("403 Forbidden: {message}\n"),
        )
            .into_response()
    }
}

/// The checks of this module, as an axum middleware.
pub async fn guard(State(access): State<Arc<Access>>, req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let host = req.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("\u{0}"));
    if let Some(h) = host {
        let local = req.extensions().get::<ConnectInfo<Conn>>().and_then(|c| c.0.local);
        if !access.host_allowed(&host_name(h), local.map(|a| a.ip())) {
            return forbidden(
                api,
                "bad_host",
                "This server does not answer to that host name (see --allow-host).",
            );
        }
    }
    if let Some(origin) = req.headers().get(header::ORIGIN)
        && !same_origin(origin.to_str().unwrap_or(""), host)
    {
        return forbidden(api, "bad_origin", "Requests from other sites are refused.");
    }
    let mut set_cookie = None;
    if let Some(token) = access.token() {
        let given = access.token_in(&req);
        if !given.is_some_and(|g| same_secret(g.as_bytes(), token.as_bytes())) {
            return forbidden(
                api,
                "bad_token",
                "This server needs its token: open the address `vidle serve` printed, with ?token=.",
            );
        }
        let query = req.uri().query().unwrap_or("");
        if query_param(query, "token").is_some() {
            let value = format!("{}={token}; Path=/; HttpOnly; SameSite=Strict", access.cookie);
            if !api && req.method() == Method::GET {
                // The page keeps the token in a cookie; the address bar loses it.
                let rest = query_without(query, "token");
                let to = if rest.is_empty() {
                    req.uri().path().to_string()
                } else {
                    format!("{}?{rest}", req.uri().path())
                };
                return (
                    StatusCode::SEE_OTHER,
                    [(header::LOCATION, to), (header::SET_COOKIE, value)],
                )
                    .into_response();
            }
            set_cookie = Some(value);
        }
    }
    if req.method() == Method::POST && !is_json(req.headers().get(header::CONTENT_TYPE)) {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the request as JSON, with Content-Type: application/json.",
        )
        .into_response();
    }
    let mut res = next.run(req).await;
    if let Some(v) = set_cookie.and_then(|v| HeaderValue::from_str(&v).ok()) {
        res.headers_mut().append(header::SET_COOKIE, v);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names() {
        assert_eq!(host_name("127.0.0.1:8960"), "127.0.0.1");
        assert_eq!(host_name("LocalHost"), "localhost");
        assert_eq!(host_name("[::1]:80"), "[::1]");
        assert_eq!(host_name("[::1]"), "[::1]");
        assert_eq!(host_name("evil.example.:80"), "evil.example");
        let local = Access::new("127.0.0.1".parse().expect("ip"), 1, None, &[]);
        for ok in ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"] {
            assert!(local.host_allowed(ok, None), "{ok}");
        }
        for bad in ["evil.example", "192.168.1.5", "localhost.evil.example", ""] {
            assert!(!local.host_allowed(bad, None), "{bad}");
        }
        // Beyond loopback: the address the connection came in on, and names given.
        let lan: IpAddr = "192.168.1.5".parse().expect("ip");
        let open = Access::new(
            "0.0.0.0".parse().expect("ip"),
            1,
            Some("t".into()),
            &["Chess.Example.".into()],
        );
        assert!(open.host_allowed("192.168.1.5", Some(lan)));
        assert!(open.host_allowed("192.168.1.5", Some("::ffff:192.168.1.5".parse().expect("ip"))));
        assert!(!open.host_allowed("192.168.1.6", Some(lan)));
        assert!(open.host_allowed("chess.example", Some(lan)));
        assert!(!open.host_allowed("evil.example", Some(lan)));
    }

    #[test]
    fn origins_and_content_types() {
        assert!(same_origin("http://127.0.0.1:8960", Some("127.0.0.1:8960")));
        assert!(same_origin("https://LOCALHOST:8960", Some("localhost:8960")));
        assert!(!same_origin("http://evil.example", Some("127.0.0.1:8960")));
        assert!(!same_origin("http://127.0.0.1:8961", Some("127.0.0.1:8960")));
        assert!(!same_origin("null", Some("127.0.0.1:8960")));
        assert!(!same_origin("http://127.0.0.1:8960", None));
        let v = |s: &'static str| HeaderValue::from_static(s);
        assert!(is_json(Some(&v("application/json"))));
        assert!(is_json(Some(&v("Application/JSON; charset=utf-8"))));
        assert!(!is_json(Some(&v("text/plain"))));
        assert!(!is_json(Some(&v("application/x-www-form-urlencoded"))));
        assert!(!is_json(Some(&v("application/jsonp"))));
        assert!(!is_json(None));
    }

    #[test]
    fn tokens_in_queries_and_cookies() {
        assert_eq!(query_param("a=1&token=xyz&b", "token").as_deref(), Some("xyz"));
        assert_eq!(query_param("tokens=1", "token"), None);
        assert_eq!(query_without("movetime=150&token=xyz", "token"), "movetime=150");
        assert_eq!(query_without("token=xyz", "token"), "");
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, HeaderValue::from_static("a=1; vidle-token-9=abc"));
        assert_eq!(cookie(&h, "vidle-token-9").as_deref(), Some("abc"));
        assert_eq!(cookie(&h, "vidle-token-8"), None);
    }
}
