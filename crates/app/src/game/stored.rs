//! A game session as the game store keeps it, and back: what the front ends write after each
//! move ([`GameSession::to_stored`]) and what `--resume`, `vidle games` and the web server's
//! restart read ([`GameSession::from_stored`]).
//!
//! The clock comes back with each side's time as it was when the last move was made: the time
//! the side to move spent on a move it never made (before a quit or a crash) is not charged.
//! Its clock starts again at once when it is the player's turn, and when the engine's search
//! starts otherwise (as after any move).

use super::pgn;
use super::strength::Strength;
use super::{EndReason, Ending, GameSession, Setup};
use crate::clock::Clock;
use crate::store::{FrontEnd, StoredClock, StoredGame};
use std::time::Duration;
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::{Color, Game, Position, fen};

/// Why a stored game cannot be played on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnreadableGame {
    /// The start position's FEN does not read (the reader's words).
    Fen(String),
    /// A move is not legal where it stands (its ply, from 1, and its text).
    Move { ply: usize, text: String },
    /// The time control does not read (the clock's words).
    Clock(String),
}

fn color_code(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

fn ending_code(r: EndReason) -> String {
    match r {
        EndReason::Rules(_) => "rules".into(),
        EndReason::Resigned(c) => format!("resign:{}", color_code(c)),
        EndReason::LostOnTime(c) => format!("time:{}", color_code(c)),
        EndReason::DrawAgreed => "agreed".into(),
        EndReason::MoveLimit => "limit".into(),
    }
}

/// The ending a code and result stand for; `rules` (and anything unknown) is decided again by
/// the rules when the game is set up.
fn ending_of(code: &str, result: &str) -> Option<Ending> {
    let result = match result {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" => "1/2-1/2",
        _ => return None,
    };
    let color = |s: &str| if s == "black" { Color::Black } else { Color::White };
    let reason = match code.split_once(':') {
        Some(("resign", c)) => EndReason::Resigned(color(c)),
        Some(("time", c)) => EndReason::LostOnTime(color(c)),
        _ if code == "agreed" => EndReason::DrawAgreed,
        _ if code == "limit" => EndReason::MoveLimit,
        _ => return None,
    };
    Some(Ending { result, reason })
}

impl GameSession {
    /// The game as the store keeps it (its times are the store's to set).
    pub fn to_stored(&self, front_end: FrontEnd) -> StoredGame {
        let h = self.headers();
        let start = self.game.start();
        let moves = self.game.moves().iter().map(|&m| to_uci(m, self.chess960)).collect();
        StoredGame {
            front_end,
            web_id: None,
            created: 0,
            updated: 0,
            white: h.white,
            black: h.black,
            human: self.human,
            level: self.strength.0,
            start_fen: (*start != Position::startpos() || self.chess960)
                .then(|| fen::to_fen(start, self.chess960)),
            chess960: self.chess960,
            clock: self.clock.as_ref().map(|c| StoredClock {
                spec: c.spec().to_string(),
                white_ms: c.remaining(Color::White).as_millis() as u64,
                black_ms: c.remaining(Color::Black).as_millis() as u64,
            }),
            depth: self.depth,
            movetime_ms: self.movetime_ms,
            result: h.result,
            ending: self.ended.map(|e| ending_code(e.reason)),
            termination: h.termination,
            moves,
        }
    }

    /// A session that plays on from a stored game: its moves, level, clock and ending.
    ///
    /// # Errors
    /// [`UnreadableGame`]: a start position, move or time control that does not read.
    pub fn from_stored(g: &StoredGame) -> Result<GameSession, UnreadableGame> {
        let start = match &g.start_fen {
            None => Position::startpos(),
            Some(f) => fen::parse_fen(f).map_err(|e| UnreadableGame::Fen(e.to_string()))?,
        };
        let mut game = Game::new(start);
        for (i, text) in g.moves.iter().enumerate() {
            let bad = || UnreadableGame::Move { ply: i + 1, text: text.clone() };
            let m = parse_uci(game.position(), text, g.chess960).map_err(|_| bad())?;
            if !game.play(m) {
                return Err(bad());
            }
        }
        let clock = match &g.clock {
            None => None,
            Some(c) => {
                let mut clock = Clock::parse(&c.spec).map_err(UnreadableGame::Clock)?;
                let ms = Duration::from_millis;
                clock.set_remaining(ms(c.white_ms), ms(c.black_ms));
                Some(clock)
            }
        };
        let mut s = GameSession::new(Setup {
            game,
            human: g.human,
            strength: Strength(g.level),
            depth: g.depth,
            movetime_ms: g.movetime_ms,
            clock,
            chess960: g.chess960,
        });
        if s.ended.is_none()
            && let Some(e) = g.ending.as_deref().and_then(|code| ending_of(code, &g.result))
        {
            s.finish(e.result, e.reason);
        }
        if s.ended.is_none() && !s.game.moves().is_empty() && s.is_human_turn() {
            let human = s.human;
            if let Some(c) = &mut s.clock {
                c.start(human);
            }
        }
        Ok(s)
    }

    /// The PGN of a stored game: its own players and the date it was played.
    ///
    /// # Errors
    /// As [`GameSession::from_stored`].
    pub fn stored_pgn(g: &StoredGame) -> Result<String, UnreadableGame> {
        let s = GameSession::from_stored(g)?;
        let mut h = s.headers();
        h.white.clone_from(&g.white);
        h.black.clone_from(&g.black);
        h.date = pgn::date_of(g.created);
        Ok(pgn::write_pgn(&s.game, &h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::fake::FakeTime;
    use vidle_core::notation::parse_san;

    fn play_san(s: &mut GameSession, san: &str) {
        let m = parse_san(s.position(), san).expect("test move");
        s.play(m).expect("legal");
    }

    fn clocked(fake: &FakeTime, human: Color) -> GameSession {
        GameSession::new(Setup {
            game: Game::new(Position::startpos()),
            human,
            strength: Strength(Some(1200)),
            depth: Some(7),
            movetime_ms: None,
            clock: Some(Clock::parse("3+2").expect("clock").with_time_source(fake.source())),
            chess960: false,
        })
    }

    #[test]
    fn a_session_reads_back_from_the_store_with_its_clock() {
        let fake = FakeTime::new();
        let mut s = clocked(&fake, Color::White);
        play_san(&mut s, "e4");
        fake.advance(Duration::from_secs(4));
        play_san(&mut s, "c5");
        fake.advance(Duration::from_secs(7));
        play_san(&mut s, "Nf3");
        let g = s.to_stored(FrontEnd::Terminal);
        assert_eq!(g.moves, ["e2e4", "c7c5", "g1f3"]);
        assert_eq!((g.level, g.depth, g.human), (Some(1200), Some(7), Color::White));
        let clock = g.clock.clone().expect("clock");
        assert_eq!((clock.white_ms, clock.black_ms), (175_000, 178_000));
        assert_eq!((g.start_fen.as_deref(), g.result.as_str()), (None, "*"));
        let back = GameSession::from_stored(&g).expect("reads back");
        assert_eq!(back.game().moves(), s.game().moves());
        let c = back.clock().expect("clock");
        assert_eq!(c.remaining(Color::White), Duration::from_millis(175_000));
        assert_eq!(c.remaining(Color::Black), Duration::from_millis(178_000));
        assert_eq!(c.running(), None, "the engine's clock starts with its search");
        assert_eq!(back.to_stored(FrontEnd::Terminal), g);
    }

    #[test]
    fn the_players_clock_runs_at_once_when_a_game_resumes_on_their_turn() {
        let fake = FakeTime::new();
        let mut s = clocked(&fake, Color::Black);
        play_san(&mut s, "d4");
        let back = GameSession::from_stored(&s.to_stored(FrontEnd::Terminal)).expect("reads");
        assert_eq!(back.clock().and_then(Clock::running), Some(Color::Black));
    }

    #[test]
    fn endings_that_the_rules_do_not_show_are_kept() {
        let mut s = clocked(&FakeTime::new(), Color::White);
        play_san(&mut s, "e4");
        s.resign().expect("resign");
        let g = s.to_stored(FrontEnd::Web);
        assert_eq!((g.result.as_str(), g.ending.as_deref()), ("0-1", Some("resign:white")));
        let back = GameSession::from_stored(&g).expect("reads");
        assert_eq!(back.ended(), s.ended());
        let pgn = GameSession::stored_pgn(&StoredGame { created: 86_400 * 365, ..g }).expect("pgn");
        assert!(pgn.contains("[Date \"1971.01.01\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"White resigns\"]"), "{pgn}");
        assert!(pgn.contains("1. e4 0-1"), "{pgn}");
    }

    #[test]
    fn a_chess960_game_keeps_its_start_and_castling() {
        // King on f1, rooks on b1 and g1: O-O is the king taking its rook, f1g1.
        let start = fen::parse_fen("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1")
            .expect("test FEN");
        let mut s = GameSession::new(Setup {
            game: Game::new(start),
            human: Color::White,
            strength: Strength(None),
            depth: None,
            movetime_ms: None,
            clock: None,
            chess960: true,
        });
        play_san(&mut s, "O-O");
        let g = s.to_stored(FrontEnd::Terminal);
        assert!(g.chess960 && g.start_fen.is_some());
        assert_eq!(g.moves, ["f1g1"], "king takes rook");
        let back = GameSession::from_stored(&g).expect("reads");
        assert_eq!(back.game().moves(), s.game().moves());
        assert_eq!(back.game().start(), &start);
        assert!(back.chess960());
    }

    #[test]
    fn a_stored_move_that_is_not_legal_is_named() {
        let mut g = clocked(&FakeTime::new(), Color::White).to_stored(FrontEnd::Terminal);
        g.moves = vec!["e2e4".into(), "e7e5".into(), "e1e3".into()];
        let e = GameSession::from_stored(&g).expect_err("illegal third move");
        assert_eq!(e, UnreadableGame::Move { ply: 3, text: "e1e3".into() });
        g.moves = vec!["zz".into()];
        assert!(matches!(GameSession::from_stored(&g), Err(UnreadableGame::Move { ply: 1, .. })));
        g.moves.clear();
        g.start_fen = Some("not a fen".into());
        assert!(matches!(GameSession::from_stored(&g), Err(UnreadableGame::Fen(_))));
    }
}
