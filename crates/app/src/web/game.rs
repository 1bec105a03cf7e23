//! One browser game: the rules state, the player's settings, the clocks and the end of the game,
//! with the JSON views the page draws from. No I/O and no engine here (see `state.rs`).

use super::error::ApiError;
use super::secret::GameId;
use crate::clock::Clock;
use crate::openings;
use crate::pgn::{self, PgnHeaders};
use crate::play::strength::Strength;
use serde::Serialize;
use std::collections::BTreeMap;
use vidle_core::notation::{castle_king_target, parse_move, to_san, to_uci};
use vidle_core::{Color, Game, Move, Position, Role, Square, fen};
use vidle_engine::{Score, SearchInfo};

/// Plies a game may have: a pasted game with more is refused, and a game played that long ends
/// as a draw (no real game comes near; it bounds the memory and the replies of one game).
pub const MAX_PLIES: usize = 1000;

/// How a game ended: the PGN result and the reason in words.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Ending {
    pub result: String,
    pub reason: String,
}

/// A game played in one browser tab.
#[derive(Debug)]
pub struct WebGame {
    pub game: Game,
    pub human: Color,
    pub level: String,
    pub strength: Strength,
    pub clock: Option<Clock>,
    pub chess960: bool,
    /// Thinking time per engine move when there is no clock.
    pub movetime_ms: u64,
    pub ended: Option<Ending>,
    /// Bumped whenever a running search becomes stale (undo, resign, new position, closed tab).
    pub search_id: u64,
    pub thinking: bool,
    pub last_info: Option<InfoView>,
    /// The ply at which the engine last declined a draw (no repeated offers on the same move).
    pub draw_declined_at: Option<usize>,
    /// Plies (indices into the move list) the engine played from its opening book.
    pub book_plies: Vec<usize>,
}

/// The engine's current thinking, for the page.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct InfoView {
    pub depth: u32,
    pub seldepth: u32,
    /// Score from White's point of view in centipawns (mates are ±100000 minus the distance).
    pub white_cp: i32,
    /// The score as a chess player reads it from White's side: `+0.35`, `#3`, `#-2`.
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
        let sign = if pos.turn() == Color::White { 1 } else { -1 };
        let (white_cp, text) = match info.score {
            Score::Cp(cp) => (cp * sign, format!("{:+.2}", f64::from(cp * sign) / 100.0)),
            Score::Mate(n) => {
                let n = n * sign;
                let cp = if n > 0 { MATE_CP - n } else { -MATE_CP - n };
                (cp, if n > 0 { format!("#{n}") } else { format!("#-{}", -n) })
            }
        };
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
    pub opening: Option<OpeningView>,
    pub captured: Captured,
    /// Material on the board, White minus Black, in pawns.
    pub material: i32,
    pub clock: Option<ClockView>,
    pub info: Option<InfoView>,
    /// Every legal move with its tablebase result, best first, when tables cover the position.
    pub tablebase: Vec<String>,
    /// The opening-book moves of the current position (SAN), shown beside the opening name.
    pub book_moves: Vec<String>,
}

/// Pieces each side has captured (the opponent's pieces missing from the board), as role letters.
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

pub fn color_name(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

fn role_value(r: Role) -> i32 {
    match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

impl WebGame {
    pub fn new(
        game: Game,
        human: Color,
        level: String,
        strength: Strength,
        clock: Option<Clock>,
        chess960: bool,
        movetime_ms: u64,
    ) -> WebGame {
        let mut g = WebGame {
            game,
            human,
            level,
            strength,
            clock,
            chess960,
            movetime_ms,
            ended: None,
            search_id: 0,
            thinking: false,
            last_info: None,
            book_plies: Vec::new(),
            draw_declined_at: None,
        };
        g.check_end();
        g
    }

    pub fn is_human_turn(&self) -> bool {
        self.ended.is_none() && self.game.position().turn() == self.human
    }

    pub fn engine_to_move(&self) -> bool {
        self.ended.is_none() && self.game.position().turn() != self.human
    }

    /// Ends the game if the rules say it has ended.
    pub fn check_end(&mut self) {
        if self.ended.is_some() {
            return;
        }
        if let Some(o) = self.game.status() {
            let mut reason = o.to_string();
            if let Some(first) = reason.get(0..1) {
                reason = first.to_uppercase() + reason.get(1..).unwrap_or("");
            }
            self.ended = Some(Ending { result: o.result().to_string(), reason });
            if let Some(c) = &mut self.clock {
                c.pause();
            }
        } else if self.game.moves().len() >= MAX_PLIES {
            self.finish(
                "1/2-1/2",
                format!("Draw: the server's limit of {} moves is reached", MAX_PLIES / 2),
            );
        }
    }

    pub fn finish(&mut self, result: &str, reason: String) {
        self.ended = Some(Ending { result: result.to_string(), reason });
        if let Some(c) = &mut self.clock {
            c.pause();
        }
    }

    /// Ends the game on time if the running clock has reached zero; returns whether it did.
    pub fn check_flag(&mut self) -> bool {
        if self.ended.is_some() {
            return false;
        }
        let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged()) else { return false };
        self.finish(
            if loser == Color::White { "0-1" } else { "1-0" },
            format!("{} lost on time", capitalised(color_name(loser))),
        );
        true
    }

    /// Plays a legal move for whoever is to move, running the clocks.
    pub fn play(&mut self, m: Move) -> Result<(), ApiError> {
        let mover = self.game.position().turn();
        if let Some(c) = &mut self.clock
            && !c.charge(mover)
        {
            self.finish(
                if mover == Color::White { "0-1" } else { "1-0" },
                format!("{} lost on time", capitalised(color_name(mover))),
            );
            return Err(ApiError::conflict("game_over", "Time has run out."));
        }
        let ply = self.game.moves().len();
        if !self.game.play(m) {
            return Err(ApiError::bad_request("illegal_move", "That move is not legal here."));
        }
        // Marks from an undone line no longer apply to the moves that replace it.
        self.book_plies.retain(|&p| p < ply);
        self.draw_declined_at = None;
        if let Some(c) = &mut self.clock {
            c.start(!mover);
        }
        self.check_end();
        Ok(())
    }

    /// Finds the legal move that goes from `from` to `to` (castling as the king's target or as
    /// king takes rook), with the promotion piece when one is needed.
    pub fn resolve(&self, from: &str, to: &str, promotion: Option<&str>) -> Result<Move, ApiError> {
        let bad = |what: &str, v: &str| {
            ApiError::bad_request("bad_square", &format!("'{v}' is not a square ({what})"))
        };
        let f = Square::parse(from).ok_or_else(|| bad("from", from))?;
        let t = Square::parse(to).ok_or_else(|| bad("to", to))?;
        let promo = match promotion {
            None | Some("") => None,
            Some(p) => match p.chars().next().and_then(Role::from_char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if p.len() == 1 || p.eq_ignore_ascii_case(role_word(r)) =>
                {
                    Some(r)
                }
                _ => {
                    return Err(ApiError::bad_request(
                        "bad_promotion",
                        &format!("'{p}' is not a promotion piece: use q, r, b or n"),
                    ));
                }
            },
        };
        let pos = self.game.position();
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
                None => format!("there is no piece on {f}"),
                Some(p) if p.color != pos.turn() => {
                    format!("the piece on {f} is not yours to move")
                }
                Some(_) => format!("{f}-{t} is not a legal move here"),
            };
            return Err(ApiError::bad_request("illegal_move", &what));
        }
        if candidates.iter().any(|m| m.promotion_role().is_some()) {
            let Some(r) = promo else {
                return Err(ApiError::bad_request(
                    "promotion_required",
                    "Choose a piece to promote to (q, r, b or n).",
                ));
            };
            return candidates
                .into_iter()
                .find(|m| m.promotion_role() == Some(r))
                .ok_or_else(|| ApiError::bad_request("bad_promotion", "No such promotion."));
        }
        if promo.is_some() {
            return Err(ApiError::bad_request("bad_promotion", "That move is not a promotion."));
        }
        // Prefer a plain king move over castling when both land on the same square (Chess960).
        Ok(candidates.iter().copied().find(|m| !m.is_castle()).unwrap_or(candidates[0]))
    }

    /// Parses a move typed by the player (SAN, UCI, Czech letters).
    pub fn parse_text(&self, text: &str) -> Result<Move, ApiError> {
        parse_move(self.game.position(), text.trim())
            .map_err(|e| ApiError::bad_request("illegal_move", &e.to_string()))
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let (white, black) = if self.human == Color::White {
            ("Player".to_string(), format!("Vidle ({})", self.level))
        } else {
            (format!("Vidle ({})", self.level), "Player".to_string())
        };
        let h = PgnHeaders {
            event: "Vidle in the browser".into(),
            white,
            black,
            result: self.ended.as_ref().map_or("*".into(), |e| e.result.clone()),
            date: String::new(),
            termination: self.ended.as_ref().map(|e| e.reason.clone()),
            time_control: self.clock.as_ref().map(|c| c.pgn_time_control()),
            opening: openings::name_of(&self.game).map(|o| (o.eco.into(), o.name.into())),
            chess960: self.chess960,
        };
        pgn::write_pgn(&self.game, &h)
    }

    pub fn view(&self, id: GameId) -> GameView {
        let pos = *self.game.position();
        let mut dests: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut promotions: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let human_turn = self.is_human_turn();
        if human_turn {
            for m in pos.legal_moves().iter() {
                let from = m.from().to_string();
                let mut targets = vec![m.to()];
                if m.is_castle() && !self.chess960 {
                    targets.push(castle_king_target(m));
                }
                for t in targets {
                    let list = dests.entry(from.clone()).or_default();
                    let t = t.to_string();
                    if m.promotion_role().is_some() {
                        let p = promotions.entry(from.clone()).or_default();
                        if !p.contains(&t) {
                            p.push(t.clone());
                        }
                    }
                    if !list.contains(&t) {
                        list.push(t);
                    }
                }
            }
        }
        let moves = self
            .game
            .moves()
            .iter()
            .zip(self.game.positions())
            .enumerate()
            .map(|(i, (&m, p))| {
                let to = shown_target(m, self.chess960);
                MoveView {
                    san: to_san(p, m),
                    uci: to_uci(m, self.chess960),
                    from: m.from().to_string(),
                    to: to.to_string(),
                    fen: fen::to_fen(&p.played(m), self.chess960),
                    book: self.book_plies.contains(&i),
                }
            })
            .collect();
        let phase = if self.ended.is_some() {
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
            fen: fen::to_fen(&pos, self.chess960),
            start_fen: fen::to_fen(self.game.start(), self.chess960),
            turn: color_name(pos.turn()),
            human: color_name(self.human),
            level: self.level.clone(),
            chess960: self.chess960,
            moves,
            dests,
            promotions,
            check: pos.is_check().then(|| pos.king(pos.turn()).to_string()),
            ended: self.ended.clone(),
            phase,
            status: self.status_text(),
            opening: openings::name_of(&self.game)
                .map(|o| OpeningView { eco: o.eco, name: o.name }),
            captured: self.captured(),
            material: self.material(),
            clock: self.clock.as_ref().map(ClockView::new),
            info: self.last_info.clone(),
            tablebase: crate::tb_panel::lines(&pos),
            book_moves: vidle_book::Book::default_book()
                .entries_in_game(&self.game)
                .iter()
                .map(|b| vidle_core::notation::to_san(&pos, b.mv))
                .collect(),
        }
    }

    fn status_text(&self) -> String {
        if let Some(e) = &self.ended {
            return format!("{} — {}", e.reason, e.result.replace("1/2", "½"));
        }
        let pos = self.game.position();
        let check = if pos.is_check() { " Check!" } else { "" };
        if self.is_human_turn() {
            format!("Your move ({}).{check}", color_name(self.human))
        } else {
            format!("Vidle is thinking…{check}")
        }
    }

    fn captured(&self) -> Captured {
        let start = self.game.start();
        let now = self.game.position();
        let lost = |c: Color| -> Vec<char> {
            let mut v = Vec::new();
            for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
                let missing = start.pieces(c, r).count().saturating_sub(now.pieces(c, r).count());
                v.extend(std::iter::repeat_n(r.char(), missing as usize));
            }
            v
        };
        // White has captured Black's missing pieces and the other way round.
        Captured { white: lost(Color::Black), black: lost(Color::White) }
    }

    fn material(&self) -> i32 {
        let pos = self.game.position();
        let side = |c: Color| -> i32 {
            Role::ALL.iter().map(|&r| role_value(r) * pos.pieces(c, r).count() as i32).sum()
        };
        side(Color::White) - side(Color::Black)
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
