//! Accuracy as lichess computes it.
//!
//! Source: lichess's server code (lila, `modules/analyse/src/main/AccuracyPercent.scala`, AGPL;
//! read for the method, the code here is ours), described at <https://lichess.org/page/accuracy>.
//!
//! - **Win percentage** of a position: `50 + 50 · w`, where `w` is the winning chances of the
//!   centipawn score ([`super::judgement::cp_winning_chances`], held within ±1000 cp). Lichess
//!   counts a mate here as the ceiling, ±1000 cp (so about 97.5 %, not 100 %), and so do we.
//! - **A move's accuracy** from the mover's win percentage before and after it: 100 when it did
//!   not fall, otherwise `103.1668 · e^(−0.04354 · drop) − 3.1669`, plus 1 (lichess's allowance
//!   for an imperfect analysis), held within 0…100. Losing 5 points costs about 19 %, 20 points
//!   about 57 %.
//! - **A side's accuracy over the game**: the mean of two means of its moves' accuracies, one
//!   weighted by how volatile the game was around each move, one harmonic (which punishes a
//!   few very bad moves). A move's weight is the standard deviation of the win percentages in a
//!   window of `clamp(moves / 10, 2, 8)` positions ending after it (the first moves, which have
//!   no full window behind them, share the first window), held within 0.5…12.
//!
//! Lichess starts every game from an assumed +0.15; we use the engine's evaluation of the
//! actual start position, since games here may start from any FEN.

use super::Eval;
use super::judgement::{CP_CEILING, cp_winning_chances};
use vidle_core::Color;

/// White's win percentage (0 to 100) of an evaluation, mates counted as ±1000 cp.
pub fn win_percent(eval: Eval) -> f64 {
    let cp = match (eval, eval.mating_side()) {
        (Eval::Cp(cp), _) => cp,
        (_, Some(super::Side::White)) => CP_CEILING,
        _ => -CP_CEILING,
    };
    50.0 + 50.0 * cp_winning_chances(cp)
}

/// A move's accuracy (0 to 100) from the mover's win percentages before and after it.
pub fn accuracy_from_win_percents(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The accuracy of a move by `mover` that took the evaluation from `before` to `after` (White's
/// point of view).
pub fn move_accuracy(before: Eval, after: Eval, mover: Color) -> f64 {
    let (b, a) = (win_percent(before), win_percent(after));
    match mover {
        Color::White => accuracy_from_win_percents(b, a),
        Color::Black => accuracy_from_win_percents(100.0 - b, 100.0 - a),
    }
}

/// White's and Black's accuracy over a game: `evals` are the evaluations of every position
/// (the start and after each move), `first` the side that made the first move. `None` for a
/// side without moves.
pub fn game_accuracy(first: Color, evals: &[Eval]) -> (Option<f64>, Option<f64>) {
    let wins: Vec<f64> = evals.iter().map(|&e| win_percent(e)).collect();
    let moves = wins.len().saturating_sub(1);
    if moves == 0 {
        return (None, None);
    }
    let window = (moves / 10).clamp(2, 8).min(wins.len());
    // One weight per move: the first `window - 1` moves use the first window, then it slides.
    let weights: Vec<f64> = (0..moves)
        .map(|i| {
            let end = (i + 2).max(window);
            std_dev(&wins[end - window..end]).clamp(0.5, 12.0)
        })
        .collect();
    let mut per_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for i in 0..moves {
        let mover = if i % 2 == 0 { first } else { !first };
        let (before, after) = match mover {
            Color::White => (wins[i], wins[i + 1]),
            Color::Black => (100.0 - wins[i], 100.0 - wins[i + 1]),
        };
        let slot = usize::from(mover == Color::Black);
        per_side[slot].push((accuracy_from_win_percents(before, after), weights[i]));
    }
    let [white, black] = per_side.map(|moves| side_accuracy(&moves));
    (white, black)
}

/// The mean of the weighted mean and the harmonic mean of (accuracy, weight) pairs.
fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weight;
    // A move of accuracy 0 makes the harmonic mean 0.
    let harmonic = if moves.iter().any(|&(a, _)| a <= 0.0) {
        0.0
    } else {
        moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a).sum::<f64>()
    };
    Some((weighted + harmonic) / 2.0)
}

/// The population standard deviation.
fn std_dev(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn move_accuracy_by_hand() {
        assert_eq!(accuracy_from_win_percents(40.0, 45.0), 100.0);
        assert_eq!(accuracy_from_win_percents(40.0, 40.0), 100.0);
        // 103.1668 · e^(−0.4354415) − 3.1669 + 1 = 64.5798
        assert!(close(accuracy_from_win_percents(60.0, 50.0), 64.5798));
        // A drop of 5 points: 80.8153; of 100: the raw value is below 0.
        assert!(close(accuracy_from_win_percents(55.0, 50.0), 80.8153));
        assert_eq!(accuracy_from_win_percents(100.0, 0.0), 0.0);
        // Win percentages of +1.00 (59.1026) and of a mate (97.5447).
        assert!(close(win_percent(Eval::Cp(100)), 59.1026));
        assert!(close(win_percent(Eval::Mate(4)), 97.5447));
        assert!(close(win_percent(Eval::Mate(-4)), 100.0 - 97.5447));
        // Black going from 0.00 to +1.00 (White's view) loses 9.1026 points: 67.2397.
        assert!(close(move_accuracy(Eval::Cp(0), Eval::Cp(100), Color::Black), 67.2397));
        assert_eq!(move_accuracy(Eval::Cp(0), Eval::Cp(100), Color::White), 100.0);
    }

    #[test]
    fn game_accuracy_by_hand() {
        // Five moves, White first: 0.00, +0.30, +1.00, −0.50, −0.40, +3.00. Window of 2
        // positions, weights (the spread of each pair of win percentages, held within 0.5…12)
        // 1.3794, 3.1719, 6.8461, 0.5, 12. White: accuracies 100, 54.6668, 100 with weights
        // 1.3794, 6.8461, 12: weighted mean 84.6552, harmonic 78.3441, so 81.4996. Black:
        // 76.0988 and 96.9737 with weights 3.1719 and 0.5: weighted 78.9413, harmonic
        // 85.2773, so 82.1093. (Computed separately in Python.)
        let evals = [0, 30, 100, -50, -40, 300].map(Eval::Cp);
        let (w, b) = game_accuracy(Color::White, &evals);
        assert!(close(w.unwrap(), 81.4996), "{w:?}");
        assert!(close(b.unwrap(), 82.1093), "{b:?}");
        // Black first: the same swings judged the other way round.
        let (w, b) = game_accuracy(Color::Black, &evals);
        assert!(close(w.unwrap(), 100.0), "{w:?}");
        assert!(close(b.unwrap(), 53.9967), "{b:?}");
        assert_eq!(game_accuracy(Color::White, &evals[..1]), (None, None));
        assert_eq!(game_accuracy(Color::White, &evals[..2]).1, None);
    }
}
