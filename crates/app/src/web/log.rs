//! `vidle serve`'s log on standard error: one line per request (method, path, status, time,
//! client, as `client.rs` names it) and one per failure, at a level set by `--log-level` or
//! `RUST_LOG`.
//!
//! Secrets stay out of it: the path is logged without its query string (where the access token
//! travels, `?token=`), never a header or cookie, and a game's id (which gives access to the
//! game) is cut to its first [`SHOWN_ID_CHARS`] characters.

use super::client::Client;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;
use tracing_subscriber::EnvFilter;

/// The levels `--log-level` accepts, least to most verbose.
pub const LEVELS: [&str; 6] = ["off", "error", "warn", "info", "debug", "trace"];

/// Characters of a game id a log line shows.
pub const SHOWN_ID_CHARS: usize = 6;

/// Longest path a log line shows (in characters); a longer one is cut and ends with `…`.
const MAX_PATH_CHARS: usize = 200;

/// The `--log-level` value parser: one of [`LEVELS`].
///
/// # Errors
/// `s` is not a level.
pub fn parse_level(s: &str) -> Result<String, String> {
    let l = s.trim().to_ascii_lowercase();
    if LEVELS.contains(&l.as_str()) {
        Ok(l)
    } else {
        Err(format!("'{s}' is not a log level (one of {})", LEVELS.join(", ")))
    }
}

/// Starts the log on standard error: `level` (from `--log-level`) when given, else `RUST_LOG`
/// when set (a bad one is said and `info` used), else `info`.
pub fn init(level: Option<&str>) {
    let filter = match (level, std::env::var("RUST_LOG")) {
        (Some(level), _) => EnvFilter::new(format!("warn,vidle={level}")),
        (None, Ok(env)) if !env.trim().is_empty() => EnvFilter::try_new(&env).unwrap_or_else(|e| {
            eprintln!("vidle serve: RUST_LOG '{env}' is not understood ({e}); logging at info");
            EnvFilter::new("warn,vidle=info")
        }),
        _ => EnvFilter::new("warn,vidle=info"),
    };
    // A second start (in-process tests) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .try_init();
}

/// A game id as a log shows it: its first [`SHOWN_ID_CHARS`] characters and `…`.
pub fn short_id(id: &str) -> String {
    match id.char_indices().nth(SHOWN_ID_CHARS) {
        Some((i, _)) => format!("{}…", &id[..i]),
        None => id.to_string(),
    }
}

/// A request path as a log shows it: game and practice ids shortened ([`short_id`]), cut to
/// [`MAX_PATH_CHARS`]. The query string is not part of a path.
pub fn shown_path(path: &str) -> String {
    let mut out = String::new();
    let mut after_games = false;
    for (i, seg) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if after_games && !seg.is_empty() {
            out.push_str(&short_id(seg));
        } else {
            out.push_str(seg);
        }
        after_games = i == 2 && path.starts_with("/api/") && matches!(seg, "game" | "practice");
    }
    match out.char_indices().nth(MAX_PATH_CHARS) {
        Some((i, _)) => format!("{}…", &out[..i]),
        None => out,
    }
}

/// The middleware: runs the request, then logs one line (a 5xx as an error).
pub async fn request(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = shown_path(req.uri().path());
    let client =
        req.extensions().get::<Client>().map_or_else(|| "-".to_string(), Client::to_string);
    let response = next.run(req).await;
    let status = response.status().as_u16();
    let ms = started.elapsed().as_millis();
    if response.status().is_server_error() {
        tracing::error!("{method} {path} {status} {ms} ms {client}");
    } else {
        tracing::info!("{method} {path} {status} {ms} ms {client}");
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_shortened_and_other_paths_kept() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(shown_path(&format!("/api/game/{id}/move")), "/api/game/012345…/move");
        assert_eq!(shown_path(&format!("/api/game/{id}")), "/api/game/012345…");
        assert_eq!(shown_path(&format!("/api/practice/{id}/hint")), "/api/practice/012345…/hint");
        assert_eq!(shown_path("/api/game"), "/api/game");
        assert_eq!(shown_path("/api/games"), "/api/games");
        assert_eq!(shown_path("/app.js"), "/app.js");
        assert_eq!(shown_path("/api/game/abc"), "/api/game/abc");
        assert_eq!(shown_path("/other/game/0123456789"), "/other/game/0123456789");
        assert_eq!(short_id("ééééééé"), "éééééé…");
        let long = format!("/{}", "x".repeat(500));
        assert_eq!(shown_path(&long).chars().count(), MAX_PATH_CHARS + 1);
    }

    #[test]
    fn levels() {
        assert_eq!(parse_level("DEBUG"), Ok("debug".to_string()));
        assert!(parse_level("loud").unwrap_err().contains("not a log level"));
    }
}
