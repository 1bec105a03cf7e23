//! What the practice says, as catalogue texts ([`Text`]) that any front end renders in its
//! language: the introduction, each move's feedback, the defender's replies, the end and the
//! summary, and the errors.

use super::{End, Feedback, Goal, Practice, PracticeError, Reply, Summary, Verdict, after_reply};
use crate::i18n::{Msg, Text, color_msg, move_error};
use vidle_tb::TbValue;

/// Mate in moves, as players count them (a win in `d` plies).
fn mate_in(v: TbValue) -> u16 {
    v.moves()
}

/// The player's standing in a few words: "you mate in 5", "draw", "you are mated in 3".
pub fn status(v: TbValue) -> Text {
    match v {
        TbValue::Win(_) => Text::new(Msg::PracticeStatusMate).arg("n", mate_in(v)),
        TbValue::Draw => Msg::PracticeStatusDraw.into(),
        TbValue::Loss(_) => Text::new(Msg::PracticeStatusMated).arg("n", v.moves()),
    }
}

impl Practice {
    /// "Practice KBNvK: you play White; mate in 23 with best play."
    pub fn intro(&self) -> Text {
        let v = self.start_value();
        let goal = match self.goal() {
            Goal::Mate => Text::new(Msg::PracticeGoalMate).arg("n", mate_in(v)),
            Goal::Hold => Msg::PracticeGoalHold.into(),
            Goal::Resist => Text::new(Msg::PracticeGoalResist).arg("n", v.moves()),
        };
        Text::new(Msg::PracticeIntro)
            .arg("material", self.material())
            .arg_text("color", color_msg(self.user()))
            .arg_text("goal", goal)
    }

    /// The note that the practice ignores the fifty-move rule, when the mate needs more.
    pub fn fifty_warning(&self) -> Option<Text> {
        self.beyond_fifty_moves()
            .then(|| Text::new(Msg::PracticeFiftyWarning).arg("n", mate_in(self.start_value())))
    }
}

impl Feedback {
    /// "Kd3: best: mate in 23 → 22", "Kc2: slower: the win is 3 moves longer, …".
    pub fn text(&self) -> Text {
        let to = after_reply(self.after);
        let best_to = after_reply(self.before);
        let verdict = match (self.verdict, self.after) {
            (Verdict::Best, TbValue::Win(1)) => Msg::PracticeBestMates.into(),
            (Verdict::Best, TbValue::Win(_)) => Text::new(Msg::PracticeBest)
                .arg("from", mate_in(self.before))
                .arg("to", mate_in(to)),
            (Verdict::Best, TbValue::Draw) => Msg::PracticeHolds.into(),
            (Verdict::Best, TbValue::Loss(_)) => Text::new(Msg::PracticeBestDefence)
                .arg("from", self.before.moves())
                .arg("to", to.moves()),
            (Verdict::Slower(n), _) => Text::new(Msg::PracticeSlower)
                .arg("n", n)
                .arg("to", mate_in(to))
                .arg("best_to", mate_in(best_to))
                .arg("best", &self.best),
            (Verdict::ThrowsWin, _) => Text::new(Msg::PracticeThrowsWin)
                .arg("best", &self.best)
                .arg("best_to", mate_in(best_to)),
            (Verdict::LosesWin, _) => {
                Text::new(Msg::PracticeLosesWin).arg("to", to.moves()).arg("best", &self.best)
            }
            (Verdict::Loses, _) => {
                Text::new(Msg::PracticeLoses).arg("to", to.moves()).arg("best", &self.best)
            }
            (Verdict::Faster(n), _) => Text::new(Msg::PracticeFaster)
                .arg("n", n)
                .arg("to", to.moves())
                .arg("best_to", best_to.moves())
                .arg("best", &self.best),
        };
        Text::new(Msg::PracticeFeedback).arg("move", &self.san).arg_text("verdict", verdict)
    }
}

impl Reply {
    /// "Vidle replies Ke7 (you mate in 22)".
    pub fn text(&self) -> Text {
        Text::new(Msg::PracticeReply).arg("move", &self.san).arg_text("status", status(self.value))
    }
}

/// How the exercise ended, in a sentence.
pub fn end_text(end: End) -> Text {
    match end {
        End::Mate => Msg::PracticeEndMate,
        End::Mated => Msg::PracticeEndMated,
        End::Stalemate => Msg::PracticeEndStalemate,
        End::Dead => Msg::PracticeEndDead,
        End::Fifty => Msg::PracticeEndFifty,
    }
    .into()
}

impl Summary {
    /// "Summary: 23 moves played, 21 of them best; 2 moves lost against best play; 0 moves that
    /// threw away the result. You mated in 25 (best play: mate in 23)."
    pub fn text(&self) -> Text {
        let result = match self.end {
            Some(End::Mate) => Text::new(Msg::PracticeResultMate)
                .arg("n", self.moves)
                .arg("best", mate_in(self.start)),
            Some(End::Mated) => Text::new(Msg::PracticeResultMated)
                .arg("n", self.moves)
                .arg_text("start", status(self.start)),
            Some(End::Stalemate | End::Dead | End::Fifty) => {
                Text::new(Msg::PracticeResultDraw).arg_text("start", status(self.start))
            }
            None => Text::new(Msg::PracticeResultStopped)
                .arg_text("status", status(self.now))
                .arg_text("start", status(self.start)),
        };
        Text::new(Msg::PracticeSummary)
            .arg_text(
                "moves",
                Text::new(Msg::PracticeSummaryMoves).arg("n", self.moves).arg("best", self.best),
            )
            .arg_text("lost", Text::new(Msg::PracticeSummaryLost).arg("n", self.lost))
            .arg_text("blunders", Text::new(Msg::PracticeSummaryBlunders).arg("n", self.blunders))
            .arg_text("result", result)
    }
}

impl PracticeError {
    /// The error in words.
    pub fn text(&self) -> Text {
        match self {
            PracticeError::Material(t) => Text::new(Msg::PracticeErrMaterial).arg("text", t),
            PracticeError::Pieces(m) => Text::new(Msg::PracticeErrPieces).arg("material", m),
            PracticeError::NothingToPractise { material, color, draw } => {
                let msg = if *draw { Msg::PracticeErrNoDraw } else { Msg::PracticeErrNoWin };
                Text::new(msg).arg("material", material).arg_text("color", color_msg(*color))
            }
            PracticeError::MinMate { material, longest, asked } => {
                Text::new(Msg::PracticeErrMinMate)
                    .arg("material", material)
                    .arg("longest", longest)
                    .arg("n", asked)
            }
            PracticeError::NotFound { material, tries } => {
                Text::new(Msg::PracticeErrNotFound).arg("material", material).arg("tries", tries)
            }
            PracticeError::Fen(why) => Text::new(Msg::PracticeErrFen).arg("why", why),
            PracticeError::Castling => Msg::PracticeErrCastling.into(),
            PracticeError::OverAlready => Msg::PracticeErrOverAlready.into(),
            PracticeError::Move(e) => move_error(e, true),
            PracticeError::Ended => Msg::PracticeOver.into(),
            PracticeError::NotCovered(dir) => Text::new(Msg::PracticeErrNotCovered).arg("dir", dir),
            PracticeError::Table(why) => Text::new(Msg::TbProblem).arg("why", why),
        }
    }
}
