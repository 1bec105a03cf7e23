//! `vidle serve`: play in the browser. A small axum server with a typed JSON API and a
//! WebSocket per game, over the same engine facade as UCI and terminal play; the page (with the
//! vendored chessground board) is embedded in the binary.

mod api;
mod assets;
pub mod client;
pub mod conn;
mod error;
mod exercises;
mod explorer;
pub mod fuzzing;
mod game;
pub mod guard;
mod listen;
mod log;
pub mod pool;
mod practice;
pub mod quota;
mod rating;
mod request;
mod saved;
pub mod secret;
mod state;
mod variation;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

pub use client::TrustedProxies;
pub use conn::ConnLimits;
pub use game::MAX_PLIES;
pub use guard::{Access, Conn};
pub use quota::{QuotaRules, Quotas};
pub use request::MAX_BODY_BYTES;
pub use saved::WebStore;
pub use state::MAX_SOCKETS_PER_GAME;
pub use state::{AppState, DEFAULT_MAX_GAMES, DEFAULT_PING_INTERVAL, IN_PLAY, Limits};

/// The options of `vidle serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on; the default keeps the server private to this computer. Any other
    /// (0.0.0.0: every address) requires the token printed in the address.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8960)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Engines searching at once, shared by all games (default: one per core, at most 8).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub engines: Option<u16>,
    /// Most games kept; a new game beyond them replaces the least recently used one that no
    /// page shows and nobody played in the last hour, or is refused when there is none.
    #[arg(long, default_value_t = DEFAULT_MAX_GAMES, value_parser = parse_max_games)]
    pub max_games: usize,
    /// Most connections open at once (WebSockets included); a new one beyond them closes the
    /// one idle the longest, or is refused when all are busy. Kept under the descriptor limit.
    #[arg(long, default_value_t = conn::DEFAULT_MAX_CONNECTIONS, value_parser = parse_max_connections)]
    pub max_connections: usize,
    /// Most connections open at once from one client (an address; 0: no limit); a new one
    /// beyond them closes that client's own connection idle the longest, or is refused.
    #[arg(long, value_name = "N", default_value_t = conn::DEFAULT_MAX_PER_CLIENT)]
    pub max_connections_per_client: usize,
    /// Time a client has to send a request's head; also how long an idle connection stays open
    /// (10s, 500ms, 2m).
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,
    /// Time a client has to send a request's body once its head is in.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = parse_duration)]
    pub body_timeout: Duration,
    /// How often a page's WebSocket is pinged; a page that has not answered by the next ping is
    /// closed.
    #[arg(long, value_name = "TIME", default_value = "30s", value_parser = parse_duration)]
    pub ping_interval: Duration,
    /// Requests per minute from one client (an address; 0: no limit); past it, 429.
    #[arg(long, value_name = "N", default_value_t = quota::DEFAULT_REQUESTS_PER_MINUTE)]
    pub requests_per_minute: u32,
    /// New games per minute from one client (0: no limit); past it, 429.
    #[arg(long, value_name = "N", default_value_t = quota::DEFAULT_GAMES_PER_MINUTE)]
    pub games_per_minute: u32,
    /// A host name the page may be opened by besides this computer's addresses (a DNS name of
    /// this computer, a proxy's name); may be repeated.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,
    /// A reverse proxy (an address, or a network as 10.0.0.0/8) whose `X-Forwarded-For` names
    /// the client for the quotas and the log; may be repeated. Without it the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR", value_parser = client::Net::parse)]
    pub trusted_proxies: Vec<client::Net>,
    /// A Polyglot opening book for the engines instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
    /// A directory of Vidle tablebases (`vidle tb gen`) instead of the data directory.
    #[arg(long, value_name = "DIR")]
    pub tb_dir: Option<std::path::PathBuf>,
    /// How much the log on standard error says: off, error, warn, info (one line per request),
    /// debug or trace. Without it `RUST_LOG` decides (e.g. `RUST_LOG=vidle=debug`), else info.
    #[arg(long, value_name = "LEVEL", value_parser = log::parse_level)]
    pub log_level: Option<String>,
}

fn parse_max_games(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a number of games in 1..=100000")),
    }
}

fn parse_max_connections(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a number of connections in 1..=1000000")),
    }
}

/// A time as `10s`, `500ms` or `2m` (a bare number is seconds), from 10 ms to an hour.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (num, unit_ms) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1000)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60_000)
    } else {
        (t, 1000)
    };
    let ms = num.trim().parse::<u64>().ok().and_then(|n| n.checked_mul(unit_ms));
    match ms {
        Some(ms) if (10..=3_600_000).contains(&ms) => Ok(Duration::from_millis(ms)),
        _ => Err(format!("'{s}' is not a time from 10ms to 60m (write 10s, 500ms or 2m)")),
    }
}

/// The whole application behind the quotas per client (see [`quota`]), each request logged;
/// clients are named as [`client`] says (behind `trusted` proxies, by `X-Forwarded-For`).
pub fn router_with_quotas(
    state: Arc<AppState>,
    access: Arc<Access>,
    quotas: Arc<Quotas>,
    trusted: Arc<TrustedProxies>,
) -> Router {
    router(state, access)
        .layer(middleware::from_fn_with_state(quotas, quota::limit))
        .layer(middleware::from_fn(log::request))
        .layer(middleware::from_fn_with_state(trusted, client::identify))
}

/// The whole application: API, WebSocket and the embedded page, behind the access checks.
pub fn router(state: Arc<AppState>, access: Arc<Access>) -> Router {
    Router::new()
        .route("/api/messages", get(api::messages))
        .route("/api/book", get(explorer::book))
        .route("/api/game", post(api::create_game))
        .route("/api/games", get(saved::list_games))
        .route("/api/rating", get(rating::rating))
        .route("/api/exercises", get(exercises::list))
        .route("/api/exercises/check", post(exercises::check))
        .route("/api/game/{id}", get(api::get_game))
        .route("/api/game/{id}/move", post(api::make_move))
        .route("/api/game/{id}/undo", post(api::undo))
        .route("/api/game/{id}/hint", post(api::hint))
        .route("/api/game/{id}/resign", post(api::resign))
        .route("/api/game/{id}/draw", post(api::offer_draw))
        .route("/api/game/{id}/pgn", get(api::pgn_file))
        .route("/api/game/{id}/analyse", post(api::analyse))
        .route("/api/game/{id}/analyse/cancel", post(api::cancel_analysis))
        .route("/api/game/{id}/analysis", get(api::last_analysis))
        .route("/api/game/{id}/variation", post(variation::variation))
        .route("/api/game/{id}/ws", get(api::websocket))
        .route("/api/practice", post(practice::create))
        .route("/api/practice/{id}", get(practice::get))
        .route("/api/practice/{id}/move", post(practice::play))
        .route("/api/practice/{id}/undo", post(practice::undo))
        .route("/api/practice/{id}/hint", post(practice::hint))
        .fallback(assets::static_file)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(access, guard::guard))
}

async fn method_not_allowed() -> Response {
    error::ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "Wrong HTTP method.")
        .into_response()
}

/// Runs the server until interrupted.
///
/// # Errors
/// The address cannot be bound, the runtime cannot start, or no token can be made.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    log::init(args.log_level.as_deref());
    let files =
        crate::engine_files::EngineFiles { book: args.book.clone(), tb_dir: args.tb_dir.clone() };
    crate::engine_files::first_engine(&files).map_err(anyhow::Error::msg)?;
    let token = if args.host.is_loopback() {
        None
    } else {
        Some(secret::random_hex(24).map_err(anyhow::Error::msg)?)
    };
    let descriptors = conn::raise_descriptor_limit();
    let max_connections = conn::fitting_cap(args.max_connections, descriptors);
    if max_connections < args.max_connections {
        eprintln!(
            "vidle serve: at most {max_connections} connections at once (the limit of open files \
             is {}; raise it with ulimit -n)",
            descriptors.unwrap_or(0)
        );
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async {
        let addr = SocketAddr::new(args.host, args.port);
        let listener =
            conn::listen(addr).map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr()?;
        let (lines, url) = listen::banner(local, token.as_deref());
        println!("{}", lines.join("\n"));
        if token.is_some() {
            eprintln!("{}", listen::WARNING);
        }
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        if args.open {
            open_browser(&url);
        }
        let limits = Limits {
            max_games: args.max_games,
            engines: args.engines.map_or_else(pool::default_engines, usize::from),
            ping_interval: args.ping_interval,
        };
        // Games survive a restart in the game store; without one the server still serves.
        let store = match crate::store::Store::open_default() {
            Ok(store) => Some(WebStore::new(store)),
            Err(e) => {
                tracing::warn!("games are not kept this time: {e}");
                None
            }
        };
        let state = AppState::with_store(limits, files, store);
        tokio::spawn(Arc::clone(&state).sweep());
        let access = Access::new(args.host, local.port(), token, &args.allow_hosts);
        let quotas = Quotas::new(QuotaRules {
            requests_per_minute: args.requests_per_minute,
            games_per_minute: args.games_per_minute,
        });
        let trusted = Arc::new(TrustedProxies::new(args.trusted_proxies.clone()));
        let app =
            router_with_quotas(state, Arc::new(access), Arc::new(quotas), Arc::clone(&trusted));
        let conn_limits = ConnLimits {
            max_connections,
            max_per_client: args.max_connections_per_client,
            header_timeout: args.header_timeout,
            body_timeout: args.body_timeout,
        };
        conn::serve(listener, app, conn_limits, trusted, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok::<(), anyhow::Error>(())
    })
}

fn open_browser(url: &str) {
    let tries: &[(&str, &[&str])] = if cfg!(target_os = "macos") {
        &[("open", &[])]
    } else if cfg!(windows) {
        &[("cmd", &["/C", "start", ""])]
    } else {
        &[("xdg-open", &[]), ("sensible-browser", &[]), ("chromium", &[]), ("firefox", &[])]
    };
    for (cmd, pre) in tries {
        let spawned = std::process::Command::new(cmd)
            .args(*pre)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if spawned.is_ok() {
            return;
        }
    }
    eprintln!("vidle serve: could not open a browser; open {url} yourself");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_the_serve_options() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration(" 7 "), Ok(Duration::from_secs(7)));
        for bad in ["", "0", "5ms", "61m", "1h", "-1s", "ten", "99999999999999999999m"] {
            let e = parse_duration(bad).expect_err(bad);
            assert!(e.contains("10ms to 60m"), "{e}");
        }
        assert!(parse_max_connections("0").is_err() && parse_max_connections("64") == Ok(64));
    }
}
