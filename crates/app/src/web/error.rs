//! API errors: every failure becomes a JSON body `{"error": {"code", "message"}}` with a fitting
//! HTTP status, and the game it concerned is left as it was.

use crate::i18n::{Lang, Text};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Error messages are at most this long.
pub const MAX_MESSAGE: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// The message as a catalogue text, for the page to show in its language.
    pub text: Option<Text>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

#[derive(Serialize)]
struct Inner<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a Text>,
}

impl ApiError {
    /// An error; a message quoting what was sent is cut to [`MAX_MESSAGE`] characters.
    pub fn new(status: StatusCode, code: &'static str, message: &str) -> ApiError {
        ApiError { status, code, message: super::request::quoted(message, MAX_MESSAGE), text: None }
    }

    /// An error worded by the catalogue: `message` is its English text, `text` goes to the page.
    pub fn worded(status: StatusCode, code: &'static str, text: Text) -> ApiError {
        ApiError { text: Some(text.clone()), ..ApiError::new(status, code, &text.render(Lang::En)) }
    }

    pub fn bad_request(code: &'static str, message: &str) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn conflict(code: &'static str, message: &str) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    pub fn not_found(message: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: Inner { code: self.code, message: &self.message, text: self.text.as_ref() },
        };
        (self.status, Json(body)).into_response()
    }
}
