use super::*;
use crate::i18n::Lang;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn the_papers_worked_example() {
    // Glickman, "Example of the Glicko-2 system": a player rated 1500, RD 200, volatility
    // 0.06 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), τ = 0.5.
    let player = Rating { rating: 1500.0, rd: 200.0, volatility: 0.06 };
    let games = [
        Opponent { rating: 1400.0, rd: 30.0, score: 1.0 },
        Opponent { rating: 1550.0, rd: 100.0, score: 0.0 },
        Opponent { rating: 1700.0, rd: 300.0, score: 0.0 },
    ];
    let r = player.update(&games);
    assert!(close(r.rating, 1464.06, 0.01), "{r:?}");
    assert!(close(r.rd, 151.52, 0.01), "{r:?}");
    assert!(close(r.volatility, 0.05999, 0.00001), "{r:?}");
}

#[test]
fn the_volatility_iteration_converges_on_both_branches() {
    // Δ² > φ² + v (a big surprise) takes the first bracket, a small one the stepping loop; both
    // end in a finite, positive volatility.
    for (phi, v, delta) in [(0.3, 0.2, 3.0), (1.15, 1.8, -0.5), (0.05, 40.0, 0.1)] {
        let s = new_volatility(0.06, phi, v, delta);
        assert!(s.is_finite() && s > 0.0 && s < 1.0, "{phi} {v} {delta}: {s}");
    }
    // A result exactly as expected leaves the volatility (nearly) where it was.
    let s = new_volatility(0.06, 0.5, 1.0, 0.0);
    assert!(close(s, 0.06, 0.001), "{s}");
    // A huge surprise raises it.
    assert!(new_volatility(0.06, 0.3, 0.2, 3.0) > 0.06);
}

#[test]
fn rd_grows_with_inactivity_up_to_a_new_players() {
    let mut r = Rating { rating: 1600.0, rd: 60.0, volatility: 0.06 };
    let mut last = r.rd;
    for _ in 0..10 {
        r = r.idle();
        assert!(r.rd > last, "{r:?}");
        assert_eq!(r.rating, 1600.0);
        last = r.rd;
    }
    assert_eq!(r.update(&[]), r.idle());
    for _ in 0..100_000 {
        r = r.idle();
    }
    assert_eq!(r.rd, START.rd);
}

#[test]
fn a_win_against_a_stronger_level_raises_more() {
    let me = Rating { rating: 1500.0, rd: 100.0, volatility: 0.06 };
    let win = |elo: f64| me.update(&[Opponent { rating: elo, rd: LEVEL_RD, score: 1.0 }]);
    let loss = |elo: f64| me.update(&[Opponent { rating: elo, rd: LEVEL_RD, score: 0.0 }]);
    let (weak, strong) = (win(1100.0), win(1900.0));
    assert!(weak.rating > me.rating && strong.rating > weak.rating, "{weak:?} {strong:?}");
    // And a loss to a weaker one costs more than to a stronger one.
    assert!(loss(1100.0).rating < loss(1900.0).rating);
    assert!(loss(1900.0).rating < me.rating);
    // A draw with an equal opponent leaves the rating where it was, but more certain.
    let d = me.update(&[Opponent { rating: 1500.0, rd: LEVEL_RD, score: 0.5 }]);
    assert!(close(d.rating, 1500.0, 1e-9) && d.rd < me.rd, "{d:?}");
}

#[test]
fn history_rates_each_game_as_its_own_period() {
    let h = history([(1400, 1.0), (1700, 0.0), (1700, 0.5)]).unwrap();
    assert_eq!(h.len(), 3);
    let first = START.update(&[Opponent { rating: 1400.0, rd: LEVEL_RD, score: 1.0 }]);
    assert_eq!(h[0], first);
    assert_eq!(h[1], first.update(&[Opponent { rating: 1700.0, rd: LEVEL_RD, score: 0.0 }]));
    assert!(h.windows(2).all(|w| w[1].rd < w[0].rd), "{h:?}");
    assert_eq!(history(std::iter::empty()).unwrap(), vec![]);
    assert_eq!(history([(1400, 1.0), (1400, 2.0)]), Err(RatingError::BadScore(1, 2.0)));
    assert!(history([(1400, f64::NAN)]).is_err());
    assert_eq!(RatingError::BadScore(1, 0.7).to_string(), "game 2: score 0.7 is not 0, 0.5 or 1");
}

#[test]
fn the_suggested_level_is_near_or_a_little_above() {
    let settled = |rating| Rating { rating, rd: 80.0, volatility: 0.06 };
    // 1523 + 100 is nearest to club (1700).
    let s = suggest_level(settled(1523.0));
    assert_eq!((s.level.name().as_str(), s.elo, s.provisional), ("club", 1700, false));
    assert!(close(s.expected, expected_score(1523.0, 1700.0), 1e-12) && s.expected < 0.5);
    // Provisional: the level nearest the rating itself (1500 is nearer 1400 than 1700).
    let s = suggest_level(Rating { rating: 1500.0, rd: 300.0, volatility: 0.06 });
    assert_eq!((s.level.name().as_str(), s.provisional), ("casual", true));
    // The ends of the ladder; `max` is never suggested.
    assert_eq!(suggest_level(settled(200.0)).level.name(), "beginner");
    assert_eq!(suggest_level(settled(3200.0)).level.name(), "master");
}

#[test]
fn the_rating_is_worded_in_english_and_czech() {
    let r = Rating { rating: 1523.4, rd: 84.2, volatility: 0.06 };
    assert_eq!(
        rating_text(r, 12).render(Lang::En),
        "Your rating: 1523 ± 84 (after 12 games); next: Club (1700)"
    );
    assert_eq!(
        rating_text(r, 1).render(Lang::En),
        "Your rating: 1523 ± 84 (after 1 game); next: Club (1700)"
    );
    assert_eq!(
        rating_text(r, 12).render(Lang::Cs),
        "Váš rating: 1523 ± 84 (po 12 partiích); další úroveň: Klubový hráč (1700)"
    );
    assert_eq!(
        rating_text(r, 1).render(Lang::Cs),
        "Váš rating: 1523 ± 84 (po 1 partii); další úroveň: Klubový hráč (1700)"
    );
    assert!(rating_text(r, 0).render(Lang::En).starts_with("No rating yet"));
    assert_eq!(
        suggestion_text(r).render(Lang::En),
        "Against Club (1700) you can expect about 27% of the points."
    );
    let new = Rating { rating: 1500.0, rd: 300.0, volatility: 0.06 };
    assert!(
        suggestion_text(new)
            .render(Lang::Cs)
            .contains("předběžný: nejblíž mu je úroveň Rekreační hráč (1400)")
    );
}

/// The scripted series of the note: 20 games against the levels, printed with the rating
/// after each (`cargo test -p vidle --lib rating::tests::scripted_series -- --nocapture`). A
/// player who beats casual and novice, splits with club and loses to strong ends near 1700.
#[test]
fn scripted_series() {
    let games: [(&str, f64); 20] = [
        ("casual", 1.0),
        ("club", 0.0),
        ("casual", 1.0),
        ("casual", 0.5),
        ("club", 1.0),
        ("strong", 0.0),
        ("club", 0.0),
        ("club", 1.0),
        ("novice", 1.0),
        ("club", 0.5),
        ("strong", 0.0),
        ("club", 1.0),
        ("club", 0.0),
        ("casual", 1.0),
        ("strong", 0.5),
        ("club", 1.0),
        ("club", 0.0),
        ("strong", 0.0),
        ("club", 1.0),
        ("club", 0.5),
    ];
    let elo = |name: &str| LEVELS.iter().find(|(n, _)| *n == name).and_then(|l| l.1).unwrap();
    let h = history(games.iter().map(|&(n, s)| (elo(n), s))).unwrap();
    println!("game  level    score  rating     RD  volatility  next");
    for (i, ((name, score), r)) in games.iter().zip(&h).enumerate() {
        let next = suggest_level(*r);
        println!(
            "{:>4}  {:<7} {:>5}  {:>6.0}  {:>5.0}  {:>10.6}  {} ({})",
            i + 1,
            name,
            score,
            r.rating,
            r.rd,
            r.volatility,
            next.level.name(),
            next.elo
        );
    }
    let last = h[h.len() - 1];
    println!("{}", rating_text(last, h.len()).render(Lang::En));
    println!("{}", suggestion_text(last).render(Lang::En));
    assert!((1550.0..1800.0).contains(&last.rating), "{last:?}");
    assert!(last.rd < 110.0, "{last:?}");
}
