//! The analysed game as PGN: every move with an `[%eval …]` comment (the form lichess and
//! ChessBase read), bad moves with their NAG (`$6` ?!, `$2` ?, `$4` ??), a word on what they were
//! and the engine's better move as a variation.
//!
//! A move that gives checkmate gets no `[%eval]`: there is no position left to evaluate and
//! `#` in its SAN says it all (lichess does the same); a stalemate is `[%eval 0.00]`.

use super::{Analysis, Eval, GameRecord, MoveAnalysis, Side};

use crate::game::pgn::{push_tag, wrap};

/// Centipawns as pawns with two decimals: `0.17`, `-0.05`, `12.00`.
pub fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let abs = cp.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The `[%eval …]` command of an evaluation (White's point of view): `[%eval 0.17]`,
/// `[%eval -1.30]`, `[%eval #3]`, `[%eval #-3]`; `None` for a checkmate on the board.
pub fn eval_command(eval: Eval) -> Option<String> {
    match eval {
        Eval::Cp(cp) => Some(format!("[%eval {}]", pawns(cp))),
        Eval::Mate(n) => Some(format!("[%eval #{n}]")),
        Eval::Checkmate { .. } => None,
    }
}

/// The tags written first, in this order, as PGN's seven-tag roster asks (with these
/// placeholders when the game has none).
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The annotated game as PGN text: the game's own tags (the seven-tag roster first, `SetUp` added
/// where a `FEN` tag lacks it, `Annotator` where none is given), then the movetext.
pub fn annotated_pgn(record: &GameRecord, analysis: &Analysis) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| push_tag(&mut out, name, value);
    for (name, placeholder) in ROSTER {
        let value = if name == "Result" { Some(record.result.as_str()) } else { record.tag(name) };
        tag(name, value.unwrap_or(placeholder));
    }
    for (name, value) in &record.tags {
        if !ROSTER.iter().any(|(n, _)| n == name) {
            tag(name, value);
        }
    }
    if record.tag("FEN").is_some() && record.tag("SetUp").is_none() {
        tag("SetUp", "1");
    }
    if record.tag("Annotator").is_none() {
        tag("Annotator", "Vidle");
    }
    out.push('\n');
    let mut tokens = movetext_tokens(&analysis.moves, &record.comments);
    tokens.push(record.result.clone());
    out.push_str(&wrap(&tokens));
    out.push_str("\n\n");
    out
}

/// The game's own comments that come after `plies` moves, as words, without any `[%eval …]`
/// command of theirs (the analysis writes its own).
fn own_comment(comments: &[(usize, String)], plies: usize) -> Vec<String> {
    let mut words = Vec::new();
    for (_, text) in comments.iter().filter(|(at, _)| *at == plies) {
        let mut rest = text.as_str();
        let mut kept = String::new();
        while let Some(i) = rest.find("[%eval") {
            kept.push_str(&rest[..i]);
            rest = rest[i..].find(']').map_or("", |j| &rest[i + j + 1..]);
        }
        kept.push_str(rest);
        // A brace would end the comment early.
        words.extend(kept.replace(['{', '}'], "").split_whitespace().map(String::from));
    }
    words
}

/// The movetext as tokens that a line break may separate; the game's own comments (`comments`,
/// by the moves before each) stay where they were, before the analysis's words.
fn movetext_tokens(moves: &[MoveAnalysis], comments: &[(usize, String)]) -> Vec<String> {
    let mut tokens = Vec::new();
    // Black's move needs its number after a comment or variation (and first of all).
    let mut interrupted = true;
    let before = own_comment(comments, 0);
    if !before.is_empty() {
        tokens.push("{".to_string());
        tokens.extend(before);
        tokens.push("}".to_string());
    }
    for (i, m) in moves.iter().enumerate() {
        push_numbered(&mut tokens, m.move_number, m.side, interrupted, &m.san);
        interrupted = false;
        if let Some(j) = m.judgement {
            tokens.push(format!("${}", j.nag()));
        }
        let mut comment = own_comment(comments, i + 1);
        comment.extend(eval_command(m.eval));
        let better = m.judgement.and(m.best.as_ref()).filter(|b| **b != m.san);
        if let (Some(j), Some(best)) = (m.judgement, better) {
            comment.push(format!("{}.", j.name()));
            comment.push(best.clone());
            comment.extend(["was", "best."].map(String::from));
        }
        if !comment.is_empty() {
            tokens.push("{".to_string());
            tokens.extend(comment);
            tokens.push("}".to_string());
            interrupted = true;
        }
        if better.is_some() && !m.line.is_empty() {
            let start = tokens.len();
            let (mut number, mut side) = (m.move_number, m.side);
            for (i, san) in m.line.iter().enumerate() {
                push_numbered(&mut tokens, number, side, i == 0, san);
                if side == Side::Black {
                    number += 1;
                }
                side = if side == Side::White { Side::Black } else { Side::White };
            }
            tokens[start].insert(0, '(');
            if let Some(last) = tokens.last_mut() {
                last.push(')');
            }
            interrupted = true;
        }
    }
    tokens
}

/// A move with its number where PGN wants one ([`crate::game::pgn::push_numbered`]).
fn push_numbered(tokens: &mut Vec<String>, number: u32, side: Side, interrupted: bool, san: &str) {
    crate::game::pgn::push_numbered(tokens, number, side == Side::White, interrupted, san);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_commands() {
        assert_eq!(eval_command(Eval::Cp(17)).unwrap(), "[%eval 0.17]");
        assert_eq!(eval_command(Eval::Cp(-5)).unwrap(), "[%eval -0.05]");
        assert_eq!(eval_command(Eval::Cp(-130)).unwrap(), "[%eval -1.30]");
        assert_eq!(eval_command(Eval::Cp(1234)).unwrap(), "[%eval 12.34]");
        assert_eq!(eval_command(Eval::Cp(0)).unwrap(), "[%eval 0.00]");
        assert_eq!(eval_command(Eval::Mate(3)).unwrap(), "[%eval #3]");
        assert_eq!(eval_command(Eval::Mate(-3)).unwrap(), "[%eval #-3]");
        assert_eq!(eval_command(Eval::Checkmate { winner: Side::White }), None);
    }

    #[test]
    fn long_lines_wrap_between_tokens() {
        let tokens: Vec<String> = (0..40).map(|i| format!("[%eval {i}.00]")).collect();
        let text = wrap(&tokens);
        let width = crate::game::pgn::LINE_WIDTH;
        assert!(text.lines().all(|l| l.len() <= width && l.ends_with(']')), "{text}");
        assert_eq!(text.split_whitespace().count(), 80);
    }
}
