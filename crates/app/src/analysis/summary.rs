//! The analysis as a person reads it on a terminal: each side's errors and accuracy, the bad
//! moves with the better one, and the evaluation graph in braille. Shared by `vidle analyse`
//! (in English) and the `analyse` command of terminal play (in the player's language, worded
//! by the message catalogue with its plural forms: `1 chyba`, `2 chyby`, `5 chyb`).

use super::{Analysis, Eval, GameRecord, Side, chart};
use crate::i18n::{Lang, Msg, Text};
use vidle_core::Color;

/// The summary for a person: each side's errors and accuracy, the bad moves, the graph.
pub fn summary(record: &GameRecord, analysis: &Analysis, lang: Lang) -> String {
    let mut s = sides(record, analysis, lang);
    for m in analysis.moves.iter().filter(|m| m.judgement.is_some()) {
        let j = m.judgement.map_or("", |j| j.glyph());
        let dots = if m.side == Side::White { "." } else { "..." };
        let san = lang.localise_san(&m.san);
        s.push_str(&format!("  {}{dots} {san}{j} ({})", m.move_number, shown(m.eval, lang)));
        if let Some(best) = m.best.as_ref().filter(|b| **b != m.san) {
            let best = lang.localise_san(best);
            s.push_str(&Text::new(Msg::SummaryBest).arg("move", best).render(lang));
        }
        s.push('\n');
    }
    let values = analysis.win_chances();
    let width = values.len().clamp(16, 64);
    let lines = chart::braille_chart(&values, width, 6);
    let last = lines.len().saturating_sub(1);
    let (white, black) = (lang.color(Color::White), lang.color(Color::Black));
    let pad = white.chars().count().max(black.chars().count()) + 1;
    for (i, line) in lines.iter().enumerate() {
        let label = match i {
            0 => white,
            _ if i == last => black,
            _ => "",
        };
        s.push_str(&format!("{label:<pad$}{line}\n"));
    }
    s
}

/// One line a side: its name, errors and accuracy.
pub fn sides(record: &GameRecord, analysis: &Analysis, lang: Lang) -> String {
    let mut s = String::new();
    for (side, tag, color) in
        [(Side::White, "White", Color::White), (Side::Black, "Black", Color::Black)]
    {
        let sum = analysis.side(side);
        let name = record.tag(tag).filter(|n| !n.is_empty() && *n != "?");
        let who = match name {
            Some(n) => Text::new(Msg::PlayerNamed).arg("color", lang.color(color)).arg("name", n),
            None => Text::new(Msg::Plain).arg("text", lang.color(color)),
        };
        let acc = match sum.accuracy {
            Some(a) => Text::new(Msg::AccuracyPercent).arg("n", format!("{a:.0}")),
            None => Msg::NoMovesYet.into(),
        };
        let line = Text::new(Msg::SummarySide)
            .arg_text("who", who)
            .arg_text("inaccuracies", count(Msg::CountInaccuracies, sum.inaccuracies))
            .arg_text("mistakes", count(Msg::CountMistakes, sum.mistakes))
            .arg_text("blunders", count(Msg::CountBlunders, sum.blunders))
            .arg_text("accuracy", acc);
        s.push_str(&line.render(lang));
        s.push('\n');
    }
    s
}

/// A counted message: `1 blunder`, `3 chyby`.
fn count(m: Msg, n: usize) -> Text {
    Text::new(m).arg("n", n)
}

/// An evaluation as people read it (lichess's convention, White's view): `+1.2`, `-0.3`,
/// `#5`, `-#3`, `mate` (`mat`) for a checkmate on the board.
pub fn shown(eval: Eval, lang: Lang) -> String {
    match eval {
        Eval::Cp(cp) => {
            let tenths = (cp.unsigned_abs() + 5) / 10;
            let sign = match (tenths, cp < 0) {
                (0, _) => "",
                (_, true) => "-",
                (_, false) => "+",
            };
            format!("{sign}{}.{}", tenths / 10, tenths % 10)
        }
        Eval::Mate(n) if n < 0 => format!("-#{}", -n),
        Eval::Mate(n) => format!("#{n}"),
        Eval::Checkmate { .. } => lang.tr(Msg::SummaryMate).to_string(),
    }
}
