//! The page and everything it loads, embedded in the binary so `vidle serve` works offline.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// Path, content type, bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    ("/", "text/html; charset=utf-8", include_bytes!("../../web/index.html")),
    ("/index.html", "text/html; charset=utf-8", include_bytes!("../../web/index.html")),
    ("/practice", "text/html; charset=utf-8", include_bytes!("../../web/practice.html")),
    ("/practice.js", "text/javascript; charset=utf-8", include_bytes!("../../web/practice.js")),
    ("/mistakes", "text/html; charset=utf-8", include_bytes!("../../web/mistakes.html")),
    ("/mistakes.js", "text/javascript; charset=utf-8", include_bytes!("../../web/mistakes.js")),
    ("/trainer.js", "text/javascript; charset=utf-8", include_bytes!("../../web/trainer.js")),
    ("/app.js", "text/javascript; charset=utf-8", include_bytes!("../../web/app.js")),
    ("/review.js", "text/javascript; charset=utf-8", include_bytes!("../../web/review.js")),
    ("/mygames.js", "text/javascript; charset=utf-8", include_bytes!("../../web/mygames.js")),
    ("/explorer.js", "text/javascript; charset=utf-8", include_bytes!("../../web/explorer.js")),
    ("/i18n.js", "text/javascript; charset=utf-8", include_bytes!("../../web/i18n.js")),
    ("/variation.js", "text/javascript; charset=utf-8", include_bytes!("../../web/variation.js")),
    ("/themes.js", "text/javascript; charset=utf-8", include_bytes!("../../web/themes.js")),
    ("/clocks.js", "text/javascript; charset=utf-8", include_bytes!("../../web/clocks.js")),
    ("/sound.js", "text/javascript; charset=utf-8", include_bytes!("../../web/sound.js")),
    ("/style.css", "text/css; charset=utf-8", include_bytes!("../../web/style.css")),
    ("/favicon.svg", "image/svg+xml", include_bytes!("../../web/favicon.svg")),
    (
        "/vendor/chessground/chessground.min.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.min.js"),
    ),
    (
        "/vendor/chessground/chessground.base.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.base.css"),
    ),
    (
        "/vendor/chessground/chessground.cburnett.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/chessground.cburnett.css"),
    ),
    (
        "/vendor/chessground/LICENSE",
        "text/plain; charset=utf-8",
        include_bytes!("../../web/vendor/chessground/LICENSE"),
    ),
    (
        "/vendor/README.md",
        "text/plain; charset=utf-8",
        include_bytes!("../../web/vendor/README.md"),
    ),
];

/// Serves an embedded file, or a 404 that says what was asked for.
pub async fn static_file(uri: Uri) -> Response {
    match FILES.iter().find(|(p, _, _)| *p == uri.path()) {
        Some((_, ty, bytes)) => {
            let headers = [
                (header::CONTENT_TYPE, *ty),
                (header::CACHE_CONTROL, "no-cache"),
                // No other site may frame the page (clickjacking), sniff types or see the
                // address (which may hold the token) as a referrer.
                (header::X_FRAME_OPTIONS, "DENY"),
                (header::CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::REFERRER_POLICY, "no-referrer"),
            ];
            (headers, *bytes).into_response()
        }
        None if uri.path().starts_with("/api/") => {
            super::error::ApiError::not_found(&format!("No API endpoint {}.", uri.path()))
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, format!("Not found: {}\n", uri.path())).into_response(),
    }
}
