use super::*;
use crate::analysis::{MoveAnalysis, SideSummary};
use crate::i18n::{Lang, localise_moves};
use crate::store::StoredExercise;
use vidle_core::notation::parse_move;

/// `1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#` with a hand-written analysis (not searched):
/// Black's 3... Nf6 a blunder (g6 better), White's 2. Qh5 called a mistake and Black's
/// 1... e5 an inaccuracy, to see whose moves and which judgements make exercises.
fn scholars_mate() -> (Game, Analysis) {
    let mut game = Game::new(Position::startpos());
    let sans = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    for san in sans {
        let m = parse_move(game.position(), san).expect("legal");
        game.play(m);
    }
    let evals = [
        Eval::Cp(30),
        Eval::Cp(30),
        Eval::Cp(-120),
        Eval::Cp(10),
        Eval::Cp(20),
        Eval::Mate(1),
        Eval::Checkmate { winner: Side::White },
    ];
    let judgements = [
        None,
        Some(Judgement::Inaccuracy),
        Some(Judgement::Mistake),
        None,
        None,
        Some(Judgement::Blunder),
        None,
    ];
    let best = [None, Some("c5"), Some("Nf3"), None, None, Some("g6"), None];
    let moves = (0..7)
        .map(|i| MoveAnalysis {
            ply: i + 1,
            move_number: (i / 2 + 1) as u32,
            side: if i % 2 == 0 { Side::White } else { Side::Black },
            san: sans[i].to_string(),
            uci: String::new(),
            eval: evals[i],
            win_chances: crate::analysis::judgement::winning_chances(evals[i]),
            judgement: judgements[i],
            best: best[i].map(str::to_string),
            line: Vec::new(),
            accuracy: 50.0,
        })
        .collect();
    let side = SideSummary { inaccuracies: 0, mistakes: 0, blunders: 0, accuracy: None };
    (game, Analysis { start_eval: Eval::Cp(20), moves, white: side.clone(), black: side })
}

fn stored(x: NewExercise) -> StoredExercise {
    StoredExercise {
        id: 1,
        game_id: 7,
        exercise: x,
        created: 0,
        tries: 0,
        solved: 0,
        last_tried: None,
    }
}

#[test]
fn the_players_mistakes_and_blunders_become_exercises() {
    let (game, a) = scholars_mate();
    let black = from_analysis(&game, &a, Color::Black);
    // 1... e5 is only an inaccuracy; 2. Qh5 is White's.
    assert_eq!(black.len(), 1, "{black:?}");
    let x = &black[0];
    assert_eq!(x.ply, 6);
    assert_eq!(x.fen, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    assert_eq!((x.played.as_str(), x.played_san.as_str()), ("g8f6", "Nf6"));
    assert_eq!((x.best.as_str(), x.best_san.as_str()), ("g7g6", "g6"));
    // Black's point of view: −0.20 before (after the better move), mated in 1 after.
    assert_eq!((x.best_score, x.played_score), (Score::Cp(-20), Score::Mate(-1)));
    assert_eq!(x.loss, -20 + 1000);
    assert_eq!(x.judgement, Judgement::Blunder);
    assert_eq!(loss_text(x), "−0.2 → #−1");

    let white = from_analysis(&game, &a, Color::White);
    assert_eq!(white.len(), 1);
    assert_eq!((white[0].ply, white[0].best_san.as_str()), (3, "Nf3"));
    // From +0.30 to −1.20: 1.5 pawns lost.
    assert_eq!((white[0].loss, loss_text(&white[0])), (150, "−1.5".to_string()));
    let said = prompt(&stored(white[0].clone()), Some(7)).render(Lang::En);
    assert_eq!(said, "Game 7, move 2: you played Qh5 here (mistake, −1.5). Find a better move.");
    let cs = localise_moves(prompt(&stored(black[0].clone()), Some(7)), Lang::Cs).render(Lang::Cs);
    assert_eq!(
        cs,
        "Partie 7, tah 3: tady jste zahráli Jf6 (hrubá chyba, −0.2 → #−1). Najděte lepší tah."
    );
    let web = prompt(&stored(black[0].clone()), None).render(Lang::En);
    assert_eq!(web, "Move 3: you played Nf6 here (blunder, −0.2 → #−1). Find a better move.");
}

#[test]
fn answers_are_judged_against_the_better_move() {
    let (game, a) = scholars_mate();
    let x = from_analysis(&game, &a, Color::Black).remove(0);
    let p = Puzzle::of(&x).expect("reads back");
    assert_eq!(p.side(), Color::Black);
    let mut engine = Engine::new();
    let answer = |text: &str, engine: &mut Engine| {
        let m = parse_move(&p.position, text).expect("legal");
        (check(&p, m, engine), m)
    };
    let (v, m) = answer("g6", &mut engine);
    assert_eq!(v, Verdict::Best);
    assert!(v.solved());
    assert_eq!(v.text(&p, m).render(Lang::En), "g6: solved, the engine's move.");
    let (v, m) = answer("Nf6", &mut engine);
    assert_eq!(v, Verdict::Again);
    assert!(!v.solved());
    assert_eq!(
        v.text(&p, m).render(Lang::En),
        "Nf6 is the move you played in the game; the better move was g6."
    );
    // a6 still lets Qxf7# happen: the search sees the mate.
    let (v, m) = answer("a6", &mut engine);
    let Verdict::Worse { score, .. } = v else { panic!("a6: {v:?}") };
    assert_eq!(score, Score::Mate(-1));
    let said = v.text(&p, m).render(Lang::En);
    assert!(said.starts_with("a6 is not good enough (#−1); the better move was g6 ("), "{said}");
}

#[test]
fn another_move_as_good_as_the_best_solves_it() {
    // White mates at once with Qh7# or Qb8#… any mate is as good as the engine's.
    let fen = "6k1/5ppp/8/8/8/8/1Q3PPP/3R2K1 w - - 0 1";
    let pos = parse_fen(fen).expect("fen");
    let best = parse_move(&pos, "Rd8#").expect("legal");
    let x = NewExercise {
        ply: 1,
        fen: fen.into(),
        played: "b2b3".into(),
        played_san: "Qb3".into(),
        best: to_uci(best, false),
        best_san: "Rd8#".into(),
        best_score: Score::Mate(1),
        played_score: Score::Cp(500),
        loss: 500,
        judgement: Judgement::Mistake,
    };
    let p = Puzzle::of(&x).expect("reads back");
    let mut engine = Engine::new();
    let other = parse_move(&pos, "Qb8").expect("legal");
    let v = check(&p, other, &mut engine);
    assert_eq!(v, Verdict::AsGood { score: Score::Mate(1), best_score: Score::Mate(1) });
    assert!(v.solved());
    assert_eq!(
        v.text(&p, other).render(Lang::En),
        "Qb8#: solved, as good as the engine's Rd8# (#1 against #1)."
    );
}

#[test]
fn a_damaged_exercise_does_not_read_back() {
    let (game, a) = scholars_mate();
    let mut x = from_analysis(&game, &a, Color::Black).remove(0);
    x.best_san = "Qxh7".into();
    assert!(Puzzle::of(&x).is_none());
    x.fen = "not a fen".into();
    assert!(Puzzle::of(&x).is_none());
}
