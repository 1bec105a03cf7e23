//! The session's rules without an engine: searches are answered by hand.

use super::*;
use draw::offer_band;
use plan::DRAW_MOVETIME_MS;
use vidle_core::notation::parse_san;
use vidle_engine::{SearchEvent, SearchInfo};

fn session(fen: &str, human: Color) -> GameSession {
    GameSession::new(Setup {
        game: Game::from_fen(fen).expect("test FEN"),
        human,
        strength: Strength(Some(800)),
        depth: None,
        movetime_ms: None,
        clock: None,
        chess960: false,
    })
}

fn info(score: Score) -> SearchInfo {
    SearchInfo {
        depth: 5,
        seldepth: 5,
        multipv: 1,
        score,
        bound: None,
        nodes: 1,
        nps: 1,
        time_ms: 1,
        hashfull: 0,
        tbhits: 0,
        pv: Vec::new(),
    }
}

fn answer(plan: &SearchPlan, best: Option<Move>, score: Option<Score>) -> SearchOutcome {
    let mut o = plan.outcome();
    if let Some(s) = score {
        o.update(&SearchEvent::Info(info(s)));
    }
    assert!(o.update(&SearchEvent::BestMove { best, ponder: None }));
    o
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn draw_offers_follow_one_rule() {
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("the player's move");
    assert!(!plan.own_book && plan.elo.is_none(), "judged at full strength without the book");
    assert_eq!(plan.limits.movetime, Some(DRAW_MOVETIME_MS));
    // No score: declined, and not offered again on the same move.
    let a = s.answer_draw(&answer(&plan, None, None)).expect("answered");
    assert!(!a.accepted);
    assert_eq!(s.draw_plan().err(), Some(Refusal::DrawAlreadyDeclined));
    // Move 1, the player (side to move) better by 0.3: no draw in the opening of a playable
    // game, at any level (it used to be accepted, and White could draw every game).
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    assert!(!s.answer_draw(&answer(&plan, None, Some(Score::Cp(30)))).expect("answer").accepted);
    // Before move 30 a clearly lost engine takes it.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    assert!(s.answer_draw(&answer(&plan, None, Some(Score::Cp(300)))).expect("answer").accepted);
    let e = s.ended().expect("ended");
    assert_eq!((e.result, e.reason), ("1/2-1/2", EndReason::DrawAgreed));
    // So does one whose search proves a draw: 0.00 with a line that repeats a position.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    let mut out = plan.outcome();
    let mut line = Vec::new();
    let mut p = *s.position();
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        let m = parse_san(&p, san).expect("legal");
        line.push(m);
        p = p.played(m);
    }
    out.update(&SearchEvent::Info(SearchInfo { pv: line.clone(), ..info(Score::Cp(0)) }));
    out.update(&SearchEvent::BestMove { best: Some(line[0]), ponder: None });
    assert!(s.answer_draw(&out).expect("answer").accepted, "a forced repetition");
    // 0.00 without a repetition in the line is only a level position: declined.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    assert!(!s.answer_draw(&answer(&plan, None, Some(Score::Cp(0)))).expect("answer").accepted);
    // From move 30 the level decides: full strength takes a draw when 0.25 worse, the
    // beginner (800) only from 2.75 down.
    let late = "r4rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R4RK1 w - - 0 30";
    let mut strong = session(late, Color::White);
    strong.strength = Strength(None);
    let plan = strong.draw_plan().expect("plan");
    assert!(strong.answer_draw(&answer(&plan, None, Some(Score::Cp(30)))).expect("a").accepted);
    let mut weak = session(late, Color::White);
    let plan = weak.draw_plan().expect("plan");
    assert!(!weak.answer_draw(&answer(&plan, None, Some(Score::Cp(30)))).expect("a").accepted);
    let mut weak = session(late, Color::White);
    let plan = weak.draw_plan().expect("plan");
    assert!(weak.answer_draw(&answer(&plan, None, Some(Score::Cp(280)))).expect("a").accepted);
    // The engine mates: declined.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    assert!(!s.answer_draw(&answer(&plan, None, Some(Score::Mate(-3)))).expect("a").accepted);
    // A stale answer changes nothing.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    let e4 = parse_san(s.position(), "e4").expect("e4");
    s.play_human(e4).expect("legal");
    assert_eq!(s.answer_draw(&answer(&plan, None, Some(Score::Cp(0)))), Err(Refusal::GameChanged));
}

/// Plays the player's `human` moves, each answered by the engine's next move of `engine` with
/// its search's `score`; returns whether the engine's draw offer stands after each answer.
fn offers_after(s: &mut GameSession, human: &[&str], engine: &[&str], score: Score) -> Vec<bool> {
    let mut stands = Vec::new();
    for (h, e) in human.iter().zip(engine) {
        let m = parse_san(s.position(), h).expect("the player's move");
        s.play_human(m).expect("legal");
        let plan = s.engine_plan().expect("the engine's turn");
        let m = parse_san(s.position(), e).expect("the engine's move");
        s.engine_played(&answer(&plan, Some(m), Some(score))).expect("played");
        stands.push(s.engine_offers_draw());
    }
    stands
}

const WHITE_WALK: [&str; 7] = ["Kd1", "Kc1", "Kb1", "Ka1", "Ka2", "Kb2", "Kc2"];
const BLACK_WALK: [&str; 7] = ["Kd8", "Kc8", "Kb8", "Ka8", "Ka7", "Kb7", "Kc7"];

/// The engine offers a draw itself from move 30 once its last six scores are level for its
/// level (a weaker one also when somewhat worse); the player takes it with `draw` and declines
/// it with any move; before move 30 it offers none.
#[test]
fn the_engine_offers_draws_as_its_level_would() {
    let late = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 30";
    // Full strength, level (+0.05 for the engine, Black): the sixth such move offers.
    let mut s = session(late, Color::White);
    s.strength = Strength(None);
    let stands = offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(5));
    assert_eq!(stands, [false, false, false, false, false, true]);
    // Any move of the player's declines it; it is not repeated at once.
    let more = offers_after(&mut s, &WHITE_WALK[6..], &BLACK_WALK[6..], Score::Cp(5));
    assert_eq!(more, [false]);
    // Taken: the game is drawn by agreement.
    let mut s = session(late, Color::White);
    s.strength = Strength(None);
    offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(5));
    assert!(s.accept_engine_offer());
    let e = s.ended().expect("ended");
    assert_eq!((e.result, e.reason), ("1/2-1/2", EndReason::DrawAgreed));
    assert!(!s.accept_engine_offer(), "nothing stands after the end");
    // 0.40 worse: full strength plays on, the beginner (800) offers.
    let mut s = session(late, Color::White);
    s.strength = Strength(None);
    let stands = offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(-40));
    assert!(!stands.contains(&true));
    let mut s = session(late, Color::White);
    let stands = offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(-40));
    assert_eq!(stands.last(), Some(&true));
    // Clearly better, even the beginner plays on.
    let mut s = session(late, Color::White);
    let stands = offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(100));
    assert!(!stands.contains(&true));
    // Before move 30, no offer for a level position.
    let early = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 20";
    let mut s = session(early, Color::White);
    let stands = offers_after(&mut s, &WHITE_WALK[..6], &BLACK_WALK[..6], Score::Cp(0));
    assert!(!stands.contains(&true));
    assert!(!s.accept_engine_offer());
    assert_eq!(offer_band(None), (-15, 15));
    assert_eq!(offer_band(Some(1700)), (-152, 42));
}

/// Undo gives the move back to the player and their clock runs on at once (it used to stand
/// still until the next move, so the player thought for free).
#[test]
fn undo_restarts_the_players_clock() {
    use crate::clock::fake::FakeTime;
    use std::time::Duration;
    let time = FakeTime::new();
    let mut s = session(START, Color::White);
    s.clock = Some(Clock::parse("1+0").expect("clock").with_time_source(time.source()));
    let e4 = parse_san(s.position(), "e4").expect("e4");
    s.play_human(e4).expect("legal");
    // The engine's reply after 2 s of its time.
    let plan = s.engine_plan().expect("the engine's turn");
    time.advance(Duration::from_secs(2));
    let e5 = parse_san(s.position(), "e5").expect("e5");
    s.engine_played(&answer(&plan, Some(e5), Some(Score::Cp(0)))).expect("played");
    time.advance(Duration::from_secs(3));
    assert_eq!(s.undo(), Ok(()));
    assert_eq!(s.game().moves().len(), 0, "back to the start");
    // Before the first move nothing is timed.
    assert_eq!(s.clock().expect("clock").running(), None);
    // Undo in the middle of a game: White's clock runs at once.
    let mut s = session(START, Color::White);
    s.clock = Some(Clock::parse("1+0").expect("clock").with_time_source(time.source()));
    for (san, human) in [("e4", true), ("e5", false), ("Nf3", true), ("Nc6", false)] {
        let m = parse_san(s.position(), san).expect(san);
        if human {
            s.play_human(m).expect("legal");
        } else {
            let plan = s.engine_plan().expect("the engine's turn");
            s.engine_played(&answer(&plan, Some(m), Some(Score::Cp(0)))).expect("played");
        }
    }
    assert_eq!(s.undo(), Ok(()));
    assert_eq!(s.game().moves().len(), 2);
    let clock = s.clock().expect("clock");
    assert_eq!(clock.running(), Some(Color::White), "the player's clock runs after undo");
    let left = clock.remaining(Color::White);
    time.advance(Duration::from_millis(1500));
    let now = s.clock().expect("clock").remaining(Color::White);
    assert_eq!(now, left - Duration::from_millis(1500));
}

#[test]
fn engine_moves_hints_undo_and_the_record() {
    let mut s = session(START, Color::White);
    assert!(s.engine_plan().is_none(), "the player moves first");
    assert_eq!(s.hint_plan().expect("hint").limits.movetime, Some(HINT_MOVETIME_MS));
    let e4 = parse_san(s.position(), "e4").expect("e4");
    assert_eq!(s.play_human(e4), Ok(()));
    assert_eq!(s.play_human(e4), Err(Refusal::NotYourTurn));
    let plan = s.engine_plan().expect("the engine's turn");
    assert_eq!((plan.elo, plan.own_book), (Some(800), true));
    let c5 = parse_san(s.position(), "c5").expect("c5");
    let mut out = plan.outcome();
    out.update(&SearchEvent::BookMove(c5));
    out.update(&SearchEvent::BestMove { best: Some(c5), ponder: None });
    let em = s.engine_played(&out).expect("played");
    assert!(em.book && s.is_book_ply(1) && em.san == "c5");
    // A second answer to the same plan is stale.
    assert!(s.engine_played(&out).is_none());
    // A hint in a book position says so and gives no score.
    let plan = s.hint_plan().expect("hint");
    let nf3 = parse_san(s.position(), "Nf3").expect("Nf3");
    let mut out = plan.outcome();
    out.update(&SearchEvent::BookMove(nf3));
    out.update(&SearchEvent::BestMove { best: Some(nf3), ponder: None });
    let h = s.hint(&out).expect("a hint");
    assert_eq!((h.san.as_str(), h.book, h.score.clone()), ("Nf3", true, None));
    // Searched hints give the score from White's side.
    let h = s.hint(&answer(&plan, Some(nf3), Some(Score::Cp(-150)))).expect("hint");
    assert_eq!(h.score.as_deref(), Some("-1.5"));
    assert_eq!(s.undo(), Ok(()));
    assert_eq!(s.game().moves().len(), 0);
    assert!(!s.is_book_ply(1));
    assert_eq!(s.redo(), Ok(()));
    assert_eq!(s.game().moves().len(), 2);
    assert_eq!(s.resign(), Ok(()));
    assert_eq!(s.resign(), Err(Refusal::GameOver));
    let pgn = s.pgn();
    for tag in
        ["[Result \"0-1\"]", "[Termination \"White resigns\"]", "[Black \"Vidle (beginner)\"]"]
    {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(!pgn.contains("[Date \"????"), "{pgn}");
}

#[test]
fn the_end_is_decided_once_and_chess960_is_kept() {
    // Fool's mate by the player as Black.
    let mut s =
        session("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", Color::Black);
    let qh4 = parse_san(s.position(), "Qh4#").expect("mate");
    s.play_human(qh4).expect("legal");
    let e = s.ended().expect("mate ends it");
    assert_eq!(e.result, "0-1");
    assert!(s.engine_plan().is_none() && s.hint_plan().is_err());
    // A Chess960 game loaded from PGN keeps its Variant tag when saved again.
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n";
    let loaded = pgn::load_game(text).expect("a game");
    let mut s = session(START, Color::White);
    s.load(loaded);
    assert!(s.chess960());
    assert!(s.pgn().contains("[Variant \"Chess960\"]"), "{}", s.pgn());
}
