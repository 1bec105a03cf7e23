use super::start::missing_tables;
use super::*;
use crate::i18n::Lang;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A temporary table directory with KRvK and KQvK, made once for all the tests (a second).
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("vidle-practice-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for m in ["KRvK", "KQvK"] {
            ensure_tables(&dir, m.parse().unwrap(), false, |_| {}).expect("tables made");
        }
        dir
    })
}

fn tables() -> Arc<Tablebases> {
    crate::tb_source::shared(dir())
}

fn from_fen(fen: &str) -> Practice {
    Practice::new(tables(), None, Some(fen), &Options::default()).expect(fen)
}

fn en(t: crate::i18n::Text) -> String {
    t.render(Lang::En)
}

#[test]
fn verdicts_follow_the_change_of_dtm() {
    use TbValue::{Draw, Loss, Win};
    assert_eq!(verdict(Win(23), Win(23)), Verdict::Best);
    assert_eq!(verdict(Win(23), Win(29)), Verdict::Slower(3));
    assert_eq!(verdict(Win(23), Draw), Verdict::ThrowsWin);
    assert_eq!(verdict(Win(23), Loss(4)), Verdict::LosesWin);
    assert_eq!(verdict(Draw, Draw), Verdict::Best);
    assert_eq!(verdict(Draw, Loss(6)), Verdict::Loses);
    assert_eq!(verdict(Loss(10), Loss(10)), Verdict::Best);
    assert_eq!(verdict(Loss(10), Loss(6)), Verdict::Faster(2));
    assert_eq!(after_reply(Win(23)), Win(21));
    assert_eq!(after_reply(Loss(2)), Loss(0));
}

#[test]
fn missing_tables_are_listed_then_made_once() {
    let dir = std::env::temp_dir().join(format!("vidle-practice-make-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let m: Material = "KvKR".parse().unwrap();
    let norm = m.normalized().0;
    assert_eq!(missing_tables(&dir, m), vec![norm]);
    let mut announced = Vec::new();
    ensure_tables(&dir, m, false, |t| announced = t.to_vec()).unwrap();
    assert_eq!(announced, vec![norm]);
    assert!(missing_tables(&dir, m).is_empty());
    let mut again = false;
    ensure_tables(&dir, m, false, |_| again = true).unwrap();
    assert!(!again, "tables present: nothing made");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Python-chess's Gaviota DTM (signed plies for the side to move) of each FEN, or `None` when
/// python-chess or the tables are missing (said so).
fn gaviota_dtm(fens: &[String]) -> Option<Vec<i32>> {
    use std::io::Write;
    use vidle_core::testdata::{shared_data, skip_unless};
    let gdir = shared_data("gaviota", "the practice's feedback against Gaviota")?;
    let python = vidle_tb::reference::gaviota_available();
    if !skip_unless(python, "the practice's feedback against Gaviota", "python-chess is missing") {
        return None;
    }
    let script = "import sys, chess, chess.gaviota\n\
        tb = chess.gaviota.open_tablebase(sys.argv[1])\n\
        for line in sys.stdin:\n    print(tb.probe_dtm(chess.Board(line.strip())))\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&gdir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3");
    let mut stdin = child.stdin.take().unwrap();
    for f in fens {
        writeln!(stdin, "{f}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<i32> = text.lines().map(|l| l.trim().parse().expect(l)).collect();
    assert_eq!(values.len(), fens.len(), "python-chess answered {text}");
    Some(values)
}

/// Every move of hand-picked KRvK and KQvK positions: the feedback's value is the table's,
/// its verdict follows from the values, and (where python-chess and Gaviota's tables are there)
/// from Gaviota's DTM too.
#[test]
fn feedback_matches_the_tables_on_hand_picked_positions() {
    let cases = [
        // The rook next to the black king hangs; the rest wins at various speeds.
        ("8/8/8/8/8/1k6/8/R3K3 w - - 0 1", &["Ra2", "Ra3+", "Ra4"][..]),
        // So does the queen next to it (its king is far).
        ("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", &["Qd4+", "Qe5+"][..]),
    ];
    for (fen, hanging) in cases {
        let mut p = from_fen(fen);
        assert_eq!(p.goal(), Goal::Mate);
        let pos = *p.position();
        let mut seen = Vec::new();
        for m in pos.legal_moves().iter() {
            let san = to_san(&pos, m);
            let f = p.play_user_move(&san).unwrap();
            p.undo().unwrap();
            let child = pos.played(m);
            let table = tables().probe_dtm(&child).unwrap().unwrap().parent();
            assert_eq!(f.after, table, "{fen} {san}");
            assert_eq!(f.before, p.start_value());
            assert_eq!(f.verdict, verdict(f.before, f.after), "{fen} {san}");
            seen.push((san, child, f));
        }
        let throws: Vec<&str> = seen
            .iter()
            .filter(|(_, _, f)| f.verdict == Verdict::ThrowsWin)
            .map(|(s, _, _)| s.as_str())
            .collect();
        assert_eq!(throws, hanging, "{fen}");
        assert!(seen.iter().any(|(_, _, f)| f.verdict == Verdict::Best));
        assert!(seen.iter().any(|(_, _, f)| matches!(f.verdict, Verdict::Slower(n) if n > 0)));

        // Gaviota's DTM of each move (the checkmates left out: Gaviota scores them 0).
        let moves: Vec<_> = seen.iter().filter(|(_, c, _)| !c.is_checkmate()).collect();
        let fens: Vec<String> =
            moves.iter().map(|(_, c, _)| vidle_core::fen::to_fen(c, false)).collect();
        let Some(dtm) = gaviota_dtm(&fens) else { continue };
        let of_move = |g: i32| match g {
            0 => TbValue::Draw,
            g if g < 0 => TbValue::Win((-g) as u16 + 1),
            g => TbValue::Loss(g as u16 + 1),
        };
        let best = dtm.iter().map(|&g| of_move(g)).max().unwrap();
        for ((san, _, f), &g) in moves.iter().zip(&dtm) {
            assert_eq!(f.after, of_move(g), "{fen} {san}: Gaviota {g}");
            assert_eq!(f.verdict, verdict(best, of_move(g)), "{fen} {san}");
        }
    }
}

/// A whole KRvK exercise played with the hint's move every time: every move is best, and the
/// mate comes exactly at the starting distance.
#[test]
fn best_play_mates_at_the_starting_distance() {
    let opts = Options { seed: 3, ..Options::default() };
    let mut p = Practice::new(tables(), Some("KRvK"), None, &opts).unwrap();
    let start = p.start_value();
    let TbValue::Win(_) = start else { panic!("{start:?}") };
    assert!(start.moves() >= 8, "default --min-mate: half of KRvK's 16, got {start:?}");
    let mut played: u16 = 0;
    while p.ended().is_none() {
        let (hint, _) = p.hint().unwrap().expect("a hint while it goes on");
        let before = p.value_now();
        let f = p.play_user_move(&hint).unwrap();
        assert_eq!(f.verdict, Verdict::Best, "{hint}");
        played += 1;
        let text = en(f.text());
        if p.ended().is_none() {
            let want = format!("{hint}: best: mate in {} → {}", before.moves(), before.moves() - 1);
            assert_eq!(text, want);
            let reply = p.defender_move().unwrap().expect("a reply");
            assert_eq!(reply.value.moves(), before.moves() - 1);
        } else {
            assert_eq!(text, format!("{hint}: best: checkmate!"));
        }
    }
    assert_eq!(p.ended(), Some(End::Mate));
    assert_eq!(played, start.moves());
    let s = p.summary();
    assert_eq!((s.moves, s.best, s.lost, s.blunders), (u32::from(played), u32::from(played), 0, 0));
    let n = start.moves();
    assert!(en(s.text()).ends_with(&format!("You mated in {n} (best play: mate in {n}).")));
}

/// The moves of `p`'s position whose value for the player `choose` selects (given the best).
fn pick(p: &Practice, choose: impl Fn(TbValue, TbValue) -> bool) -> Vec<String> {
    let pos = p.position();
    let moves = tables().root_moves(pos).unwrap().unwrap();
    let best = moves[0].1;
    moves.iter().filter(|&&(_, v)| choose(best, v)).map(|&(m, _)| to_san(pos, m)).collect()
}

#[test]
fn a_slow_move_and_a_drawing_blunder_get_their_feedback() {
    let mut p = from_fen("8/8/8/8/8/1k6/8/R3K3 w - - 0 1");
    let start = p.start_value();
    // A move two moves slower than the best, after which (and the reply) the rook can be lost.
    let slow_moves =
        pick(&p, |best, v| matches!((best, v), (TbValue::Win(b), TbValue::Win(a)) if a == b + 4));
    let mut chosen = None;
    for slow in slow_moves {
        let f = p.play_user_move(&slow).unwrap();
        let r = p.defender_move().unwrap().unwrap();
        if !pick(&p, |_, v| v == TbValue::Draw).is_empty() {
            chosen = Some((slow, f, r));
            break;
        }
        p.undo();
    }
    let (slow, f, r) = chosen.expect("a slow move after which a blunder is possible");
    assert_eq!(p.summary().moves, 1);
    assert_eq!(f.verdict, Verdict::Slower(2));
    let best_to = start.moves() - 1;
    let to = best_to + 2;
    let want = format!(
        "{slow}: slower: the win is 2 moves longer, mate in {to} instead of {best_to} (best: {})",
        f.best
    );
    assert_eq!(en(f.text()), want);
    let cs = f.text().render(Lang::Cs);
    assert!(cs.contains("výhra je o 2 tahy delší"), "{cs}");
    assert_eq!(r.value, TbValue::Win(2 * to - 1));
    assert_eq!(en(r.text()), format!("Vidle replies {} (you mate in {to})", r.san));

    // A move that lets the draw in (the rook left to the king, or stalemate).
    let blunder = pick(&p, |_, v| v == TbValue::Draw).remove(0);
    let f = p.play_user_move(&blunder).unwrap();
    assert_eq!(p.feedback(), Some(&f));
    assert_eq!(f.verdict, Verdict::ThrowsWin);
    assert!(
        en(f.text()).starts_with(&format!("{blunder}: that throws away the win: draw (best: "))
    );
    if p.ended().is_none() {
        // The defender keeps the draw (takes the rook).
        let r = p.defender_move().unwrap().unwrap();
        assert_eq!(r.value, TbValue::Draw);
    }
    let s = p.summary();
    assert_eq!((s.moves, s.best, s.lost, s.blunders), (2, 0, 2, 1));
    assert_eq!(s.now, TbValue::Draw);
    let text = en(s.text());
    assert!(text.starts_with("Summary: 2 moves played, 0 of them best; 2 moves lost against best play; 1 move that threw away the result."), "{text}");

    // Undo takes back the blunder and its reply: the win is there again.
    assert_eq!(p.undo(), Some(blunder));
    assert_eq!(p.ended(), None);
    assert_eq!(p.value_now(), TbValue::Win(2 * to - 1));
    assert_eq!(p.summary().blunders, 0);
}

#[test]
fn the_defender_resists_longest_and_a_lost_player_is_judged_by_resistance() {
    // Black to move in KQvK: the player resists, the defender (White) mates fastest.
    let mut p = from_fen("8/8/8/3k4/8/8/8/Q3K3 b - - 0 1");
    assert_eq!(p.goal(), Goal::Resist);
    let best = p.hint().unwrap().unwrap().0;
    let f = p.play_user_move(&best).unwrap();
    assert_eq!(f.verdict, Verdict::Best);
    assert!(en(f.text()).contains("best defence: mated in"), "{}", en(f.text()));
    let r = p.defender_move().unwrap().unwrap();
    // The fastest mate: the value drops by exactly one move.
    assert_eq!(r.value.moves() + 1, f.before.moves());
    let opts = Options { seed: 1, ..Options::default() };
    // The defender in a won exercise keeps the longest loss at every reply.
    let mut w = Practice::new(tables(), Some("KQvK"), None, &opts).unwrap();
    let hint = w.hint().unwrap().unwrap().0;
    w.play_user_move(&hint).unwrap();
    let before = *w.position();
    let r = w.defender_move().unwrap().unwrap();
    let longest = tables().root_moves(&before).unwrap().unwrap()[0].1;
    assert_eq!(
        r.value,
        TbValue::Win(match longest {
            TbValue::Loss(d) => d - 1,
            v => panic!("{v:?}"),
        })
    );
}

#[test]
fn the_draw_exercise_gives_the_weaker_side_a_drawn_position() {
    let opts = Options { draw: true, seed: 9, ..Options::default() };
    let mut p = Practice::new(tables(), Some("KRvK"), None, &opts).unwrap();
    assert_eq!(p.user(), Color::Black);
    assert_eq!(p.goal(), Goal::Hold);
    assert_eq!(en(p.intro()), "Practice KRvK: you play Black; hold the draw.");
    // Czech names the side as its role ("jako Černý"); "za" would need "za černé".
    assert_eq!(p.intro().render(Lang::Cs), "Cvičení KRvK: hrajete jako Černý; udržte remízu.");
    // In KRvK the only draw is taking the rook: the hint does, and the game is dead.
    let (hint, value) = p.hint().unwrap().unwrap();
    assert!(hint.contains('x'), "{hint}");
    assert_eq!(value, TbValue::Draw);
    let f = p.play_user_move(&hint).unwrap();
    assert_eq!(en(f.text()), format!("{hint}: best: holds the draw"));
    assert_eq!(p.ended(), Some(End::Dead));
    assert_eq!(p.defender_move().unwrap(), None);
    assert!(en(p.summary().text()).ends_with("Result: draw (draw at the start)."));
}

#[test]
fn the_seed_repeats_the_exercise() {
    let start = |seed| {
        let opts = Options { seed, ..Options::default() };
        *Practice::new(tables(), Some("KQvK"), None, &opts).unwrap().position()
    };
    assert_eq!(start(5), start(5));
    assert!((0..4).any(|s| start(s) != start(5)));
    // The material as typed: KvKQ gives Black the queen and the move.
    let opts = Options { seed: 2, ..Options::default() };
    let p = Practice::new(tables(), Some("KvKQ"), None, &opts).unwrap();
    assert_eq!(p.user(), Color::Black);
    assert_eq!(p.goal(), Goal::Mate);
}

#[test]
fn the_fifty_move_rule_is_noted_not_played() {
    let p = from_fen("8/8/8/8/8/1k6/8/R3K3 w - - 90 80");
    assert!(p.beyond_fifty_moves());
    assert!(
        en(p.fifty_warning().unwrap()).starts_with("Note: mate in 12 needs more than the 50 moves")
    );
    assert!(from_fen("8/8/8/8/8/1k6/8/R3K3 w - - 0 1").fifty_warning().is_none());
    // The clock passes 100 plies with the player's move: the reply says so, once.
    let mut p = from_fen("8/8/8/8/8/1k6/8/R3K3 w - - 99 80");
    p.play_user_move("Kd2").unwrap();
    assert!(p.defender_move().unwrap().unwrap().fifty);
    let hint = p.hint().unwrap().unwrap().0;
    p.play_user_move(&hint).unwrap();
    assert!(!p.defender_move().unwrap().unwrap().fifty);
    assert_eq!(p.ended(), None, "a winning exercise goes on");
}

#[test]
fn bad_input_gives_clear_errors() {
    let new = |m: Option<&str>, fen: Option<&str>, opts: &Options| {
        Practice::new(tables(), m, fen, opts).err().map(|e| en(e.text()))
    };
    let o = Options::default();
    let err = |m: &str| new(Some(m), None, &o).unwrap();
    assert_eq!(err("KXvK"), "'KXvK' is no endgame: write it like KRvK or KBNvK (one king a side)");
    assert_eq!(
        err("KQRRvKRR"),
        "KQRRvKRR: practice covers endgames of 3 to 5 pieces (kings included)"
    );
    assert_eq!(
        err("KQRvKR2"),
        "'KQRvKR2' is no endgame: write it like KRvK or KBNvK (one king a side)"
    );
    assert_eq!(err("KvK"), "KvK: practice covers endgames of 3 to 5 pieces (kings included)");
    let high = Options { min_mate: Some(30), ..Options::default() };
    assert_eq!(
        new(Some("KRvK"), None, &high).unwrap(),
        "KRvK: the longest mate is in 16 moves, shorter than --min-mate 30"
    );
    let fen = |f: &str| new(None, Some(f), &o).unwrap();
    assert!(fen("not a fen").starts_with("--fen: malformed FEN"), "{}", fen("not a fen"));
    // White to move with Black in check: illegal.
    assert!(fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").starts_with("--fen: "));
    assert_eq!(
        fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
        "the tables hold no positions with castling rights"
    );
    assert_eq!(fen("R5k1/8/6K1/8/8/8/8/8 b - - 0 1"), "the game is already over in this position");
    assert_eq!(
        fen("4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1"),
        format!("no table covers this position (tables in {})", dir().display())
    );
    let mut p = from_fen("8/8/8/8/8/1k6/8/R3K3 w - - 0 1");
    let e = p.play_user_move("Ke8").unwrap_err();
    assert_eq!(en(e.text()), "Ke8 is illegal: no king can move to e8");
    let e = p.play_user_move("xyz").unwrap_err();
    assert!(en(e.text()).contains("xyz"), "{}", en(e.text()));
    // The exercise goes on after bad input.
    assert!(p.play_user_move("Kd2").is_ok());
    // Czech words too.
    let cz = PracticeError::Pieces("KQRRvKRR".parse().unwrap()).text().render(Lang::Cs);
    assert_eq!(cz, "KQRRvKRR: cvičit lze koncovky se 3 až 5 kameny (i s králi)");
}

#[test]
fn nothing_to_practise_is_said() {
    let dir = std::env::temp_dir().join(format!("vidle-practice-knk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let m: Material = "KNvK".parse().unwrap();
    ensure_tables(&dir, m, false, |_| {}).unwrap();
    let e = Practice::new(crate::tb_source::shared(&dir), Some("KNvK"), None, &Options::default());
    let text = en(e.err().unwrap().text());
    assert_eq!(text, "KNvK: White wins no position, so there is nothing to practise (try --draw)");
    let _ = std::fs::remove_dir_all(&dir);
}
