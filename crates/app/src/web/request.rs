//! Request decoding: bodies, ids and fields are checked here, with their limits, before any game
//! changes. Every failure is an [`ApiError`] (the JSON error form).

use crate::i18n::{Msg, Text};
const BAD: StatusCode = StatusCode::BAD_REQUEST;
use super::conn::BodyDeadline;
use super::error::ApiError;
use super::game::{MAX_PLIES, WebGame, capitalised};
use super::secret::GameId;
use crate::clock::Clock;
use crate::game::setup::{self, Start, StartError, Started};
use crate::game::strength::Strength;
use crate::game::{GameSession, Setup};
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::time::Duration;
use vidle_core::Color;

/// Request bodies are at most this long (a pasted PGN of a long game is a few kilobytes).
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// Words (colour, level, time control, start) are at most this long.
const MAX_WORD: usize = 32;
/// A FEN is at most this long (the longest real one is under 100 characters).
const MAX_FEN: usize = 256;
/// Thinking time per engine move without a clock, unless the request sets one.
const DEFAULT_MOVETIME_MS: u64 = 1500;
const MOVETIME_RANGE_MS: std::ops::RangeInclusive<u64> = 50..=60_000;

/// At most `max` characters of `s`, for messages that quote what was sent.
pub fn quoted(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// A JSON request body of type `T` (an empty body reads as `{}`).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let deadline = req.extensions().get::<BodyDeadline>().map_or(Duration::MAX, |d| d.0);
        let read = tokio::time::timeout(deadline, Bytes::from_request(req, state)).await;
        let read = read.map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                &format!("The request's body did not arrive within {} s.", deadline.as_secs_f64()),
            )
        })?;
        let body = read.map_err(|r| {
            if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    &format!("Requests are limited to {} KB.", MAX_BODY_BYTES / 1024),
                )
            } else {
                ApiError::new(r.status(), "bad_body", &capitalised(&r.body_text()))
            }
        })?;
        parse_json(&body).map(JsonBody)
    }
}

/// Parses a body as `T`; whitespace alone reads as `{}`.
pub fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let text = if body.iter().all(u8::is_ascii_whitespace) { &b"{}"[..] } else { body };
    serde_json::from_slice(text).map_err(|e| {
        ApiError::bad_request(
            "bad_json",
            &format!("Malformed request: {}", quoted(&e.to_string(), 200)),
        )
    })
}

/// The game id of a `/api/game/{id}/…` path.
pub struct IdPath(pub GameId);

impl<S: Send + Sync> FromRequestParts<S> for IdPath {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::bad_request("bad_id", "That is not a game id."))?;
        parse_id(&text).map(IdPath)
    }
}

pub fn parse_id(text: &str) -> Result<GameId, ApiError> {
    GameId::parse(text).ok_or_else(|| {
        ApiError::bad_request("bad_id", &format!("'{}' is not a game id", quoted(text, 40)))
    })
}

fn check_len(field: &str, value: Option<&str>, max: usize) -> Result<(), ApiError> {
    match value {
        Some(v) if v.chars().count() > max => Err(ApiError::bad_request(
            "field_too_long",
            &format!("'{field}' is too long: at most {max} characters"),
        )),
        _ => Ok(()),
    }
}

/// The deepest search a new game may ask for.
const MAX_DEPTH: u32 = 30;

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    /// `white`, `black` or `random` (default white).
    pub color: Option<String>,
    /// A level name (beginner … max) or an Elo (default club, `strength::DEFAULT_LEVEL`).
    pub level: Option<String>,
    /// `MINUTES+SECONDS`; none or empty for no clock.
    pub time_control: Option<String>,
    /// `standard` (default), `chess960`, `fen` or `pgn`.
    pub start: Option<String>,
    pub fen: Option<String>,
    pub pgn: Option<String>,
    /// Chess960 start position number 0..959 (random when missing).
    pub chess960_number: Option<u32>,
    /// Engine thinking time per move without a clock.
    pub movetime_ms: Option<u64>,
    /// Depth limit of the engine's moves (1..=30); with it and no `movetime_ms`, the engine
    /// searches to that depth however long it takes.
    pub depth: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub from: Option<String>,
    pub to: Option<String>,
    pub promotion: Option<String>,
    /// A move in text: SAN (`Nf3`, `exd8=Q`), UCI (`g1f3`) or with Czech letters.
    #[serde(rename = "move")]
    pub text: Option<String>,
}

impl MoveRequest {
    /// Checks the lengths of the fields.
    pub fn check(&self) -> Result<(), ApiError> {
        check_len("move", self.text.as_deref(), MAX_WORD)?;
        check_len("from", self.from.as_deref(), MAX_WORD)?;
        check_len("to", self.to.as_deref(), MAX_WORD)?;
        check_len("promotion", self.promotion.as_deref(), MAX_WORD)
    }
}

/// A random number below `n` from the system's generator.
fn random_below(n: u64) -> u64 {
    let mut b = [0u8; 8];
    if super::secret::fill(&mut b).is_err() {
        return 0;
    }
    u64::from_le_bytes(b) % n
}

/// Builds a game from a request, or says what is wrong with it.
pub fn build_game(req: NewGameRequest) -> Result<WebGame, ApiError> {
    for (field, value) in [
        ("color", &req.color),
        ("level", &req.level),
        ("time_control", &req.time_control),
        ("start", &req.start),
    ] {
        check_len(field, value.as_deref(), MAX_WORD)?;
    }
    check_len("fen", req.fen.as_deref(), MAX_FEN)?;
    let human = match req.color.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some("random") => Color::from_white(random_below(2) == 0),
        Some(c) => {
            return Err(ApiError::bad_request(
                "bad_color",
                &format!("'{c}' is not a colour: use white, black or random"),
            ));
        }
    };
    let strength = match req.level {
        None => Ok(crate::game::strength::DEFAULT_LEVEL),
        Some(level) => Strength::parse(&level),
    }
    .map_err(|e| {
        let text = Text::new(Msg::ErrBadLevel).arg_text("why", crate::i18n::level_error(&e));
        ApiError::worded(BAD, "bad_level", text)
    })?;
    let clock = match req.time_control.as_deref().map(str::trim) {
        None | Some("") | Some("none") => None,
        Some(tc) => Some(Clock::parse(tc).map_err(|e| {
            ApiError::worded(
                BAD,
                "bad_time_control",
                Text::new(Msg::ErrBadTimeControl).arg("why", e),
            )
        })?),
    };
    if let Some(d) = req.depth
        && !(1..=MAX_DEPTH).contains(&d)
    {
        return Err(ApiError::bad_request(
            "bad_depth",
            &format!("depth {d} is outside 1..={MAX_DEPTH}"),
        ));
    }
    let movetime_ms = req.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS);
    if !MOVETIME_RANGE_MS.contains(&movetime_ms) {
        return Err(ApiError::bad_request(
            "bad_movetime",
            &format!(
                "movetime_ms {movetime_ms} is outside {}..={}",
                MOVETIME_RANGE_MS.start(),
                MOVETIME_RANGE_MS.end()
            ),
        ));
    }
    let start = req.start.as_deref().map(str::to_ascii_lowercase);
    let start = start.as_deref().unwrap_or(if req.pgn.is_some() {
        "pgn"
    } else if req.fen.is_some() {
        "fen"
    } else {
        "standard"
    });
    let start = match start {
        "standard" => Start::Standard,
        "chess960" => {
            Start::Chess960(req.chess960_number.unwrap_or_else(|| random_below(960) as u32))
        }
        "fen" => Start::Fen(req.fen.as_deref().unwrap_or("")),
        "pgn" => Start::Pgn(req.pgn.as_deref().unwrap_or("")),
        other => {
            return Err(ApiError::bad_request(
                "bad_start",
                &format!("'{other}' is not a start: use standard, chess960, fen or pgn"),
            ));
        }
    };
    let Started { game, chess960, .. } = setup::start(start).map_err(|e| match e {
        StartError::Chess960Number(n) => ApiError::bad_request(
            "bad_chess960_number",
            &format!("Chess960 position {n} does not exist: use 0..959"),
        ),
        StartError::FenMissing => ApiError::worded(BAD, "bad_fen", Msg::ErrFenMissing.into()),
        StartError::BadFen(why) => {
            ApiError::worded(BAD, "bad_fen", Text::new(Msg::ErrBadFen).arg("why", why))
        }
        StartError::PgnMissing => ApiError::worded(BAD, "bad_pgn", Msg::ErrPgnMissing.into()),
        StartError::BadPgn(e) => {
            let why = quoted(&e, 200);
            ApiError::worded(BAD, "bad_pgn", Text::new(Msg::ErrBadPgn).arg("why", why))
        }
        StartError::TooLong { plies } => {
            let text = Text::new(Msg::ErrGameTooLong).arg("n", MAX_PLIES).arg("plies", plies);
            ApiError::worded(BAD, "game_too_long", text)
        }
    })?;
    Ok(WebGame::new(GameSession::new(Setup {
        game,
        human,
        strength,
        depth: req.depth,
        movetime_ms: (req.depth.is_none() || req.movetime_ms.is_some()).then_some(movetime_ms),
        clock,
        chess960,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_quotes() {
        assert_eq!(quoted("abcdef", 3), "abc…");
        assert_eq!(quoted("ab", 3), "ab");
        assert_eq!(quoted("ééé", 2), "éé…");
        let req = |json: &str| build_game(parse_json(json.as_bytes())?);
        let long = format!(r#"{{"level": "{}"}}"#, "x".repeat(33));
        assert_eq!(req(&long).err().map(|e| e.code), Some("field_too_long"));
        let fen = format!(r#"{{"fen": "{}"}}"#, "8/".repeat(200));
        assert_eq!(req(&fen).err().map(|e| e.code), Some("field_too_long"));
        // 1001 plies of knights going back and forth (no repetition ends a PGN import).
        let mut moves = String::new();
        for i in 0..1001 {
            moves.push_str(["Nf3 ", "Nf6 ", "Ng1 ", "Ng8 "][i % 4]);
        }
        let pgn = serde_json::json!({ "pgn": moves }).to_string();
        let e = req(&pgn).expect_err("refused");
        assert_eq!(e.code, "game_too_long", "{e:?}");
        assert!(e.message.contains("1001 plies"), "{e:?}");
        let pgn = serde_json::json!({ "pgn": moves.rsplit_once('N').map(|x| x.0) }).to_string();
        let g = req(&pgn).expect("1000 plies are taken");
        assert_eq!(g.session.game().moves().len(), 1000);
        let ended = g.session.ended();
        assert!(ended.is_some_and(|e| e.result == "1/2-1/2"), "{ended:?}");
    }
}
