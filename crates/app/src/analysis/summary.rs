//! The analysis as a person reads it on a terminal: each side's errors and accuracy, the bad
//! moves with the better one, and the evaluation graph in braille. Shared by `vidle analyse`
//! and the `analyse` command of terminal play.

use super::{Analysis, Eval, GameRecord, Side, chart};

/// The summary for a person: each side's errors and accuracy, the bad moves, the graph.
pub fn summary(record: &GameRecord, analysis: &Analysis) -> String {
    let mut s = sides(record, analysis);
    for m in analysis.moves.iter().filter(|m| m.judgement.is_some()) {
        let j = m.judgement.map_or("", |j| j.glyph());
        let dots = if m.side == Side::White { "." } else { "..." };
        s.push_str(&format!("  {}{dots} {}{j} ({})", m.move_number, m.san, shown(m.eval)));
        if let Some(best) = m.best.as_ref().filter(|b| **b != m.san) {
            s.push_str(&format!(", best {best}"));
        }
        s.push('\n');
    }
    let values = analysis.win_chances();
    let width = values.len().clamp(16, 64);
    let lines = chart::braille_chart(&values, width, 6);
    let last = lines.len().saturating_sub(1);
    for (i, line) in lines.iter().enumerate() {
        let label = match i {
            0 => "White ",
            _ if i == last => "Black ",
            _ => "      ",
        };
        s.push_str(&format!("{label}{line}\n"));
    }
    s
}

/// One line a side: its name, errors and accuracy.
pub fn sides(record: &GameRecord, analysis: &Analysis) -> String {
    let mut s = String::new();
    for (side, tag) in [(Side::White, "White"), (Side::Black, "Black")] {
        let sum = analysis.side(side);
        let name = record.tag(tag).filter(|n| !n.is_empty() && *n != "?");
        let who = name.map_or(tag.to_string(), |n| format!("{tag} ({n})"));
        let acc = sum.accuracy.map_or("no moves".to_string(), |a| format!("accuracy {a:.0}%"));
        s.push_str(&format!(
            "{who}: {}, {}, {}, {acc}\n",
            plural(sum.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(sum.mistakes, "mistake", "mistakes"),
            plural(sum.blunders, "blunder", "blunders"),
        ));
    }
    s
}

/// An evaluation as people read it (lichess's convention, White's view): `+1.2`, `-0.3`,
/// `#5`, `-#3`, `mate` for a checkmate on the board.
pub fn shown(eval: Eval) -> String {
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
        Eval::Checkmate { .. } => "mate".to_string(),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
