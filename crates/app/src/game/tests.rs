//! The session's rules without an engine: searches are answered by hand.

use super::*;
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
    // The player (side to move) is better by 0.3: the engine is worse and accepts.
    let mut s = session(START, Color::White);
    let plan = s.draw_plan().expect("plan");
    assert!(s.answer_draw(&answer(&plan, None, Some(Score::Cp(30)))).expect("answer").accepted);
    let e = s.ended().expect("ended");
    assert_eq!((e.result, e.reason), ("1/2-1/2", EndReason::DrawAgreed));
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
