//! One browser game: the rules state, the player's settings, the clocks and the end of the game,
//! with the JSON views the page draws from. No I/O and no engine here (see `state.rs`).

use super::error::ApiError;
use super::secret::GameId;
use crate::clock::Clock;
use crate::game::GameSession;
use crate::i18n::{self, Msg, Text, pieces_msg};
use crate::openings;
use axum::http::StatusCode;
use serde::Serialize;
use std::collections::BTreeMap;
use vidle_core::notation::{castle_king_target, parse_move, to_san, to_uci};
use vidle_core::{Color, Game, Move, Position, Role, Square, fen};
use vidle_engine::{Score, SearchInfo};

pub use crate::game::MAX_PLIES;

/// How a game ended, for the page: the PGN result and the reason in words.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Ending {
    pub result: String,
    pub reason: String,
    /// The reason as a catalogue text (the page shows it in its language).
    pub reason_text: Text,
}

impl Ending {
    pub(super) fn new(e: crate::game::Ending) -> Ending {
        Ending {
            result: e.result.to_string(),
            reason: capitalised(&e.reason.english()),
            reason_text: i18n::end_reason(e.reason),
        }
    }
}

fn bad(code: &'static str, text: Text) -> ApiError {
    ApiError::worded(StatusCode::BAD_REQUEST, code, text)
}

/// A game played in one browser tab: the shared game session, and the search running for it.
#[derive(Debug)]
pub struct WebGame {
    pub session: GameSession,
    /// Bumped whenever a running search becomes stale (undo, resign, new position, closed tab).
    pub search_id: u64,
    pub thinking: bool,
    pub last_info: Option<InfoView>,
}

/// The engine's current thinking, for the page.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct InfoView {
    pub depth: u32,
    pub seldepth: u32,
    /// Score from White's point of view in centipawns (mates are ±100000 minus the distance).
    pub white_cp: i32,
    /// The score as a chess player reads it, from White's side: `+0.4`, `#3`, `-#2`.
    pub text: String,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
    /// Move number and side to move of the position the line starts from.
    pub fullmove: u16,
    pub black_to_move: bool,
}

const MATE_CP: i32 = 100_000;

impl InfoView {
    /// Converts an engine report on `pos` (scores are from the side to move) for the page.
    pub fn new(pos: &Position, info: &SearchInfo) -> InfoView {
        let white_cp = match info.score.white_view(pos.turn()) {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE_CP - n,
            Score::Mate(n) => -MATE_CP - n,
        };
        let text = info.score.for_people(pos.turn());
        let mut pv = Vec::new();
        let mut p = *pos;
        for &m in &info.pv {
            if !p.is_legal(m) {
                break;
            }
            pv.push(to_san(&p, m));
            p = p.played(m);
        }
        InfoView {
            depth: info.depth,
            seldepth: info.seldepth,
            white_cp,
            text,
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time_ms,
            pv,
            fullmove: pos.fullmove_number(),
            black_to_move: pos.turn() == Color::Black,
        }
    }
}

/// One move of the game as the move list shows it.
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    pub san: String,
    pub uci: String,
    pub from: String,
    pub to: String,
    /// The position after the move (for stepping through the game).
    pub fen: String,
    /// The engine played this move from its opening book.
    pub book: bool,
}

impl ClockView {
    pub fn new(c: &Clock) -> ClockView {
        let ms = |side| c.remaining(side).as_millis() as u64;
        ClockView {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            increment_ms: c.increment().as_millis() as u64,
            running: c.running().map(color_name),
            spec: c.spec().to_string(),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub increment_ms: u64,
    pub running: Option<&'static str>,
    pub spec: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct OpeningView {
    pub eco: &'static str,
    pub name: &'static str,
}

/// Everything the page needs to draw a game.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub id: GameId,
    /// Increases with every view made (views are made under the game's lock, so a greater
    /// number is a state at least as new). The page drops a state older than the one it shows:
    /// an HTTP reply can arrive after the WebSocket already pushed the engine's answer.
    pub seq: u64,
    pub fen: String,
    pub start_fen: String,
    pub turn: &'static str,
    pub human: &'static str,
    pub level: String,
    pub chess960: bool,
    pub moves: Vec<MoveView>,
    /// Legal moves of the side to move as chessground wants them: from → [to…]. Empty when it is
    /// not the player's turn or the game is over.
    pub dests: BTreeMap<String, Vec<String>>,
    /// Squares to which a pawn move is a promotion, by origin (so the page asks for a piece).
    pub promotions: BTreeMap<String, Vec<String>>,
    pub check: Option<String>,
    pub ended: Option<Ending>,
    /// `your_move`, `thinking`, `waiting` or `over`.
    pub phase: &'static str,
    pub status: String,
    /// The status as a catalogue text.
    pub status_text: Text,
    pub opening: Option<OpeningView>,
    pub captured: Captured,
    /// Material on the board, White minus Black, in pawns.
    pub material: i32,
    pub clock: Option<ClockView>,
    pub info: Option<InfoView>,
    /// Every legal move with its tablebase result, best first, when tables cover the position.
    pub tablebase: Vec<Text>,
    /// The opening-book moves of the current position (SAN), shown beside the opening name.
    pub book_moves: Vec<String>,
    /// Whether the engine offers a draw (made with its last move; `POST …/draw` takes it, the
    /// player's next move declines it).
    pub draw_offered: bool,
    /// Whether the server holds an analysis of the game as it stands (the page then asks for it
    /// with `GET /api/game/{id}/analysis`, and only then).
    pub analysed: bool,
}

/// Pieces each side has captured in the game's moves, as role letters, most valuable first.
#[derive(Debug, Clone, Serialize)]
pub struct Captured {
    pub white: Vec<char>,
    pub black: Vec<char>,
}

/// The square a board shows `m` going to: castling as the king's two-square move in standard
/// chess, as king takes rook in Chess960.
pub fn shown_target(m: Move, chess960: bool) -> Square {
    if m.is_castle() && !chess960 { castle_king_target(m) } else { m.to() }
}

/// Squares each piece of the side to move can go to, as chessground wants them (from → [to…];
/// castling also as the king's two-square move in standard chess), and the targets of pawn
/// moves that promote (so the page asks for a piece).
pub type Targets = BTreeMap<String, Vec<String>>;

/// The legal moves of `pos` as [`Targets`]: every destination, and the promoting ones.
pub fn legal_targets(pos: &Position, chess960: bool) -> (Targets, Targets) {
    let mut dests = Targets::new();
    let mut promotions = Targets::new();
    for m in pos.legal_moves().iter() {
        let from = m.from().to_string();
        let mut targets = vec![m.to()];
        if m.is_castle() && !chess960 {
            targets.push(castle_king_target(m));
        }
        for t in targets {
            let t = t.to_string();
            if m.promotion_role().is_some() {
                let p = promotions.entry(from.clone()).or_default();
                if !p.contains(&t) {
                    p.push(t.clone());
                }
            }
            let list = dests.entry(from.clone()).or_default();
            if !list.contains(&t) {
                list.push(t);
            }
        }
    }
    (dests, promotions)
}

pub fn color_name(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

impl WebGame {
    pub fn new(session: GameSession) -> WebGame {
        WebGame { session, search_id: 0, thinking: false, last_info: None }
    }

    pub(super) fn game(&self) -> &Game {
        self.session.game()
    }

    /// Finds the legal move that goes from `from` to `to` (castling as the king's target or as
    /// king takes rook), with the promotion piece when one is needed.
    pub fn resolve(&self, from: &str, to: &str, promotion: Option<&str>) -> Result<Move, ApiError> {
        let not_square = |what: &str, v: &str| {
            bad("bad_square", Text::new(Msg::NotASquare).arg("text", v).arg("what", what))
        };
        let f = Square::parse(from).ok_or_else(|| not_square("from", from))?;
        let t = Square::parse(to).ok_or_else(|| not_square("to", to))?;
        let promo = match promotion {
            None | Some("") => None,
            Some(p) => match p.chars().next().and_then(Role::from_char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if p.len() == 1 || p.eq_ignore_ascii_case(role_word(r)) =>
                {
                    Some(r)
                }
                _ => {
                    return Err(bad(
                        "bad_promotion",
                        Text::new(Msg::BadPromotionPiece).arg("text", p),
                    ));
                }
            },
        };
        let pos = self.session.position();
        let legal = pos.legal_moves();
        let mut candidates: Vec<Move> =
            legal.iter().filter(|m| m.from() == f && m.to() == t).collect();
        if candidates.is_empty() {
            candidates = legal
                .iter()
                .filter(|m| m.from() == f && m.is_castle() && castle_king_target(*m) == t)
                .collect();
        }
        if candidates.is_empty() {
            let what = match pos.piece_at(f) {
                None => Text::new(Msg::WhyNoPieceOn).arg("square", f),
                Some(p) if p.color != pos.turn() => {
                    Text::new(Msg::WhyNotYourPiece).arg("square", f)
                }
                Some(_) => Text::new(Msg::MoveNotLegalHere).arg("from", f).arg("to", t),
            };
            return Err(bad("illegal_move", what));
        }
        if candidates.iter().any(|m| m.promotion_role().is_some()) {
            let Some(r) = promo else {
                return Err(bad("promotion_required", Msg::ChoosePromotion.into()));
            };
            return candidates
                .into_iter()
                .find(|m| m.promotion_role() == Some(r))
                .ok_or_else(|| bad("bad_promotion", Msg::NoSuchPromotion.into()));
        }
        if promo.is_some() {
            return Err(bad("bad_promotion", Msg::NotAPromotion.into()));
        }
        // Prefer a plain king move over castling when both land on the same square (Chess960).
        Ok(candidates.iter().copied().find(|m| !m.is_castle()).unwrap_or(candidates[0]))
    }

    /// Parses a move typed by the player (SAN, UCI, Czech letters).
    pub fn parse_text(&self, text: &str) -> Result<Move, ApiError> {
        parse_move(self.game().position(), text.trim())
            .map_err(|e| bad("illegal_move", i18n::move_error(&e, false)))
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        self.session.pgn()
    }

    pub fn view(&self, id: GameId) -> GameView {
        let pos = *self.game().position();
        let human_turn = self.session.is_human_turn();
        let (dests, promotions) = if human_turn {
            legal_targets(&pos, self.session.chess960())
        } else {
            Default::default()
        };
        let moves = self
            .game()
            .moves()
            .iter()
            .zip(self.game().positions())
            .enumerate()
            .map(|(i, (&m, p))| {
                let to = shown_target(m, self.session.chess960());
                MoveView {
                    san: to_san(p, m),
                    uci: to_uci(m, self.session.chess960()),
                    from: m.from().to_string(),
                    to: to.to_string(),
                    fen: fen::to_fen(&p.played(m), self.session.chess960()),
                    book: self.session.is_book_ply(i),
                }
            })
            .collect();
        let phase = if self.session.ended().is_some() {
            "over"
        } else if human_turn {
            "your_move"
        } else if self.thinking {
            "thinking"
        } else {
            "waiting"
        };
        static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        GameView {
            id,
            seq: SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            fen: fen::to_fen(&pos, self.session.chess960()),
            start_fen: fen::to_fen(self.game().start(), self.session.chess960()),
            turn: color_name(pos.turn()),
            human: color_name(self.session.human()),
            level: self.session.strength().name(),
            chess960: self.session.chess960(),
            moves,
            dests,
            promotions,
            check: pos.is_check().then(|| pos.king(pos.turn()).to_string()),
            ended: self.session.ended().map(Ending::new),
            phase,
            status: self.status_text().render(i18n::Lang::En),
            status_text: self.status_text(),
            opening: openings::name_of(self.game())
                .map(|o| OpeningView { eco: o.eco, name: o.name }),
            captured: self.captured(),
            material: self.material(),
            clock: self.session.clock().map(ClockView::new),
            info: self.last_info.clone(),
            tablebase: crate::tb_panel::lines(&pos),
            book_moves: vidle_book::Book::default_book()
                .entries_in_game(self.game())
                .iter()
                .map(|b| to_san(&pos, b.mv))
                .collect(),
            draw_offered: self.session.engine_offers_draw(),
            analysed: false,
        }
    }

    /// `Your move (white). Check!`, `Vidle is thinking…`, `Checkmate, White wins — 1-0`.
    fn status_text(&self) -> Text {
        if let Some(e) = self.session.ended() {
            let result = e.result.replace("1/2", "½");
            return Text::new(Msg::StatusOver)
                .arg_text(
                    "reason",
                    Text::new(Msg::Capitalised).arg_text("text", i18n::end_reason(e.reason)),
                )
                .arg("result", result);
        }
        let pos = self.game().position();
        let status = if self.session.is_human_turn() {
            Text::new(Msg::StatusYourMove).arg_text("color", pieces_msg(self.session.human()))
        } else {
            Text::new(Msg::StatusThinking)
        };
        if pos.is_check() {
            return Text::new(Msg::Joined)
                .arg_text("a", status)
                .arg("or", " ")
                .arg_text("b", Msg::Check);
        }
        status
    }

    fn captured(&self) -> Captured {
        Captured::of(self.game())
    }

    fn material(&self) -> i32 {
        crate::game::captured::material_balance(self.game().position())
    }
}

impl Captured {
    /// What each side has taken in `game`'s moves, the most valuable first (as the page lists).
    pub fn of(game: &Game) -> Captured {
        let taken = crate::game::captured::captured(game);
        let letters = |v: &[Role]| -> Vec<char> { v.iter().rev().map(|r| r.char()).collect() };
        Captured { white: letters(&taken.by_white), black: letters(&taken.by_black) }
    }
}

fn role_word(r: Role) -> &'static str {
    match r {
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        _ => "",
    }
}

pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
