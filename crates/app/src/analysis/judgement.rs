//! Winning chances and the judgement of a move, following lichess.
//!
//! Source: lichess's server code (lila, `modules/analyse/src/main/Advice.scala` and
//! `modules/tree/src/main/WinPercent.scala`, AGPL; read for the method, the code here is ours).
//! A centipawn score becomes winning chances between −1 and 1 by a logistic curve,
//! `2 / (1 + e^(−0.00368208 · cp)) − 1`, with the score first held within ±1000 cp; a mate counts
//! as 1 for the side that mates. A move between two centipawn scores is judged by how much of
//! the mover's winning chances it gave away: 0.3 or more a blunder, 0.2 a mistake, 0.1 an
//! inaccuracy (on the −1…1 scale; 5, 10 and 15 points of win percentage). Where a mate is
//! involved, lichess judges by what happened to it instead: a move that lets the opponent
//! force mate, or that throws away the mover's own forced mate, is a blunder, softened to a
//! mistake or an inaccuracy when the position stays (or already was) lost or won by more than
//! 7 or 10 pawns; a slower mate is no error.

use super::{Eval, Side};
use serde::Serialize;
use vidle_core::Color;

/// Centipawn scores are held within this before they become winning chances.
pub const CP_CEILING: i32 = 1000;

/// The slope of lichess's logistic curve, fitted by lichess to its games.
const SLOPE: f64 = 0.003_682_08;

/// What a bad move is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// `?!`: 0.1 to 0.2 winning chances lost (5 to 10 points of win percentage), or a mate
    /// allowed or thrown away while the mover is 10 pawns or more down or up anyway.
    Inaccuracy,
    /// `?`: 0.2 to 0.3 winning chances lost, or a mate allowed or thrown away with a margin of
    /// more than 7 (and under 10) pawns.
    Mistake,
    /// `??`: 0.3 winning chances or more lost, or a mate allowed or thrown away with 7 pawns'
    /// margin or less (or the mover's own mate turned into the opponent's).
    Blunder,
}

impl Judgement {
    /// The PGN numeric annotation glyph: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The glyph: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The word, capitalised as at the start of a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// Winning chances of a centipawn score (White's view in, White's view out), −1 to 1.
pub fn cp_winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CP_CEILING, CP_CEILING));
    2.0 / (1.0 + (-SLOPE * cp).exp()) - 1.0
}

/// Winning chances for White, −1 to 1: the logistic curve for centipawns, ±1 for a mate.
pub fn winning_chances(eval: Eval) -> f64 {
    match (eval, eval.mating_side()) {
        (Eval::Cp(cp), _) => cp_winning_chances(cp),
        (_, Some(Side::White)) => 1.0,
        _ => -1.0,
    }
}

/// The judgement of a move by `mover` that took the evaluation from `before` to `after`
/// (both from White's point of view), or `None` for a good move.
pub fn judge(before: Eval, after: Eval, mover: Color) -> Option<Judgement> {
    let sign = if mover == Color::White { 1.0 } else { -1.0 };
    match (before, after) {
        (Eval::Cp(b), Eval::Cp(a)) => {
            let lost = sign * (cp_winning_chances(b) - cp_winning_chances(a));
            if lost >= 0.3 {
                Some(Judgement::Blunder)
            } else if lost >= 0.2 {
                Some(Judgement::Mistake)
            } else if lost >= 0.1 {
                Some(Judgement::Inaccuracy)
            } else {
                None
            }
        }
        _ => judge_mate(before, after, mover),
    }
}

/// The judgement when `before` or `after` is a mate: a mate for the opponent that appears, or
/// a mate for the mover that vanishes, graded by the centipawn score on the other side.
fn judge_mate(before: Eval, after: Eval, mover: Color) -> Option<Judgement> {
    let me = Side::from(mover);
    let mate_for = |e: Eval| e.mating_side().map(|s| s == me);
    // Centipawns from the mover's point of view (0 when the evaluation is a mate).
    let cp = |e: Eval| match e {
        Eval::Cp(c) if mover == Color::White => c,
        Eval::Cp(c) => -c,
        _ => 0,
    };
    let grade = |margin: i32| {
        if margin > 999 {
            Judgement::Inaccuracy
        } else if margin > 700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }
    };
    match (mate_for(before), mate_for(after)) {
        // The opponent can now force mate: how lost was the mover already?
        (None, Some(false)) => Some(grade(-cp(before))),
        // The mover's forced mate is gone: how won is the position still?
        (Some(true), None) => Some(grade(cp(after))),
        (Some(true), Some(false)) => Some(Judgement::Blunder),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judgements_by_lost_chances() {
        // Equal to +2 pawns for Black's move: Black lost 0.3524 winning chances.
        assert_eq!(judge(Eval::Cp(0), Eval::Cp(200), Color::Black), Some(Judgement::Blunder));
        // The same swing is a gain for White.
        assert_eq!(judge(Eval::Cp(200), Eval::Cp(0), Color::Black), None);
        assert_eq!(judge(Eval::Cp(200), Eval::Cp(0), Color::White), Some(Judgement::Blunder));
        // From 0.00 by White: to −2.00 the chances fall to −0.3524 (blunder), to −1.20 to
        // −0.2174 (mistake), to −0.55 to −0.1009 (inaccuracy), to −0.54 to −0.0991 (nothing).
        let by_white = |cp| judge(Eval::Cp(0), Eval::Cp(cp), Color::White);
        assert_eq!(by_white(-200), Some(Judgement::Blunder));
        assert_eq!(by_white(-120), Some(Judgement::Mistake));
        assert_eq!(by_white(-55), Some(Judgement::Inaccuracy));
        assert_eq!(by_white(-54), None);
        // Far beyond the ceiling nothing changes.
        assert_eq!(judge(Eval::Cp(3000), Eval::Cp(1200), Color::White), None);
    }

    #[test]
    fn judgements_with_mates() {
        let b = Color::Black;
        // Letting White mate from an equal position; from −8 and −12 pawns (Black's view).
        assert_eq!(judge(Eval::Cp(0), Eval::Mate(1), b), Some(Judgement::Blunder));
        assert_eq!(judge(Eval::Cp(800), Eval::Mate(3), b), Some(Judgement::Mistake));
        assert_eq!(judge(Eval::Cp(1200), Eval::Mate(3), b), Some(Judgement::Inaccuracy));
        // Black's own mate thrown away, leaving +5 and +11 pawns for Black.
        assert_eq!(judge(Eval::Mate(-2), Eval::Cp(-500), b), Some(Judgement::Blunder));
        assert_eq!(judge(Eval::Mate(-2), Eval::Cp(-1100), b), Some(Judgement::Inaccuracy));
        assert_eq!(judge(Eval::Mate(-2), Eval::Mate(4), b), Some(Judgement::Blunder));
        // A slower mate, a mate given, escaping a mate: no error.
        assert_eq!(judge(Eval::Mate(-2), Eval::Mate(-5), b), None);
        let mated = Eval::Checkmate { winner: Side::Black };
        assert_eq!(judge(Eval::Mate(-1), mated, b), None);
        assert_eq!(judge(Eval::Mate(3), Eval::Cp(-50), b), None);
    }

    #[test]
    fn winning_chances_by_hand() {
        // 2 / (1 + e^(−0.368208)) − 1 = 0.182052…
        assert!((winning_chances(Eval::Cp(100)) - 0.182_052).abs() < 1e-5);
        assert!((winning_chances(Eval::Cp(-100)) + 0.182_052).abs() < 1e-5);
        // Held at ±1000: 2 / (1 + e^(−3.68208)) − 1 = 0.950895…
        assert!((winning_chances(Eval::Cp(5000)) - 0.950_895).abs() < 1e-5);
        assert_eq!(winning_chances(Eval::Cp(0)), 0.0);
        assert_eq!(winning_chances(Eval::Mate(7)), 1.0);
        assert_eq!(winning_chances(Eval::Mate(-1)), -1.0);
        assert_eq!(winning_chances(Eval::Checkmate { winner: Side::Black }), -1.0);
    }
}
