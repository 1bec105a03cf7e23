//! `vidle serve`: play in the browser. A small axum server with a typed JSON API and a
//! WebSocket per game, over the same engine facade as UCI and terminal play; the page (with the
//! vendored chessground board) is embedded in the binary.

mod api;
mod assets;
mod error;
mod game;
mod state;

use axum::Router;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

pub use state::AppState;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on; the default keeps the server private to this computer.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8960)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// The whole application: API, WebSocket and the embedded page.
pub fn router(state: Arc<AppState>, loopback_only: bool) -> Router {
    let api = Router::new()
        .route("/api/game", post(api::create_game))
        .route("/api/game/{id}", get(api::get_game))
        .route("/api/game/{id}/move", post(api::make_move))
        .route("/api/game/{id}/undo", post(api::undo))
        .route("/api/game/{id}/hint", post(api::hint))
        .route("/api/game/{id}/resign", post(api::resign))
        .route("/api/game/{id}/draw", post(api::offer_draw))
        .route("/api/game/{id}/pgn", get(api::pgn_file))
        .route("/api/game/{id}/ws", get(api::websocket))
        .fallback(assets::static_file)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state);
    if loopback_only { api.layer(middleware::from_fn(local_host_only)) } else { api }
}

async fn method_not_allowed() -> Response {
    error::ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "Wrong HTTP method.")
        .into_response()
}

/// On a loopback address, only requests naming this computer are served: a web page elsewhere
/// cannot drive the server through DNS rebinding.
async fn local_host_only(req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let name = match host.rsplit_once(':') {
        Some((n, p)) if p.chars().all(|c| c.is_ascii_digit()) => n,
        _ => host,
    };
    if matches!(name, "127.0.0.1" | "localhost" | "[::1]" | "") {
        next.run(req).await
    } else {
        error::ApiError::new(StatusCode::FORBIDDEN, "bad_host", "This server is local only.")
            .into_response()
    }
}

/// Runs the server until interrupted.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr()?;
        let url = match local.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => format!("http://127.0.0.1:{}/", local.port()),
            _ => format!("http://{local}/"),
        };
        println!("Vidle is serving on {url} (Ctrl+C to stop)");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        if args.open {
            open_browser(&url);
        }
        let state = AppState::new();
        tokio::spawn(Arc::clone(&state).sweep());
        let app = router(state, args.host.is_loopback());
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
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
