//! PGN for a single game: writing with the seven-tag roster, and reading a game back (headers,
//! a FEN start, SAN movetext with comments, variations and NAGs skipped).

use std::fmt::Write as _;
use vidle_core::notation::{parse_san, to_san};
use vidle_core::{Color, Game, fen};

/// Headers beyond the start position and moves.
#[derive(Debug, Clone, Default)]
pub struct PgnHeaders {
    pub event: String,
    pub white: String,
    pub black: String,
    pub result: String,
    pub date: String,
    pub termination: Option<String>,
    pub time_control: Option<String>,
    pub opening: Option<(String, String)>,
    pub chess960: bool,
}

/// Writes a game as PGN.
pub fn write_pgn(game: &Game, h: &PgnHeaders) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{k} \"{v}\"]");
    };
    tag(&mut out, "Event", if h.event.is_empty() { "?" } else { &h.event });
    tag(&mut out, "Site", "Vidle");
    tag(&mut out, "Date", if h.date.is_empty() { "????.??.??" } else { &h.date });
    tag(&mut out, "Round", "-");
    tag(&mut out, "White", &h.white);
    tag(&mut out, "Black", &h.black);
    let result = if h.result.is_empty() { "*" } else { h.result.as_str() };
    tag(&mut out, "Result", result);
    let start = game.start();
    if h.chess960 {
        tag(&mut out, "Variant", "Chess960");
    }
    if *start != vidle_core::Position::startpos() || h.chess960 {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen::to_fen(start, false));
    }
    if let Some((eco, name)) = &h.opening {
        tag(&mut out, "ECO", eco);
        tag(&mut out, "Opening", name);
    }
    if let Some(tc) = &h.time_control {
        tag(&mut out, "TimeControl", tc);
    }
    if let Some(t) = &h.termination {
        tag(&mut out, "Termination", t);
    }
    tag(&mut out, "PlyCount", &game.moves().len().to_string());
    out.push('\n');

    let mut tokens = Vec::new();
    for (i, (&m, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
        if pos.turn() == Color::White {
            tokens.push(format!("{}.", pos.fullmove_number()));
        } else if i == 0 {
            tokens.push(format!("{}...", pos.fullmove_number()));
        }
        tokens.push(to_san(pos, m));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A game read from PGN, with its tags.
#[derive(Debug, Clone)]
pub struct ParsedGame {
    pub game: Game,
    pub tags: Vec<(String, String)>,
    pub result: Option<String>,
}

impl ParsedGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Reads the first game of a PGN text.
///
/// # Errors
/// Names the tag, the move (with its number) or the structure that is wrong.
pub fn read_pgn(text: &str) -> Result<ParsedGame, String> {
    let text = text.trim_start_matches('\u{feff}');
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let t = line.trim();
        if !in_moves && t.starts_with('[') {
            let inner = t.trim_start_matches('[').trim_end_matches(']');
            let (k, v) = inner.split_once(' ').ok_or_else(|| format!("malformed tag: {t}"))?;
            tags.push((k.to_string(), v.trim().trim_matches('"').replace("\\\"", "\"")));
        } else if t.is_empty() {
            if !movetext.trim().is_empty() {
                break; // end of the first game
            }
        } else if in_moves || !t.starts_with('[') {
            in_moves = true;
            if t.starts_with('%') {
                continue;
            }
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let fen_tag = tags.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")).map(|(_, v)| v.clone());
    let mut game = match fen_tag {
        Some(f) => Game::from_fen(&f).map_err(|e| format!("FEN tag: {e}"))?,
        None => Game::new(vidle_core::Position::startpos()),
    };
    let mut result = None;
    for token in movetext_tokens(&movetext)? {
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = Some(token);
            break;
        }
        let pos = *game.position();
        let m = parse_san(&pos, &token).map_err(|e| {
            format!(
                "move {}{} {token}: {e}",
                pos.fullmove_number(),
                if pos.turn() == Color::White { "." } else { "..." }
            )
        })?;
        game.play(m);
    }
    Ok(ParsedGame { game, tags, result })
}

/// Splits movetext into SAN tokens and results, dropping move numbers, comments, variations, NAGs.
fn movetext_tokens(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        let t = std::mem::take(cur);
        // A move number, alone or glued to the move ("12.", "12.Nf3", "12...Nf3").
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let t = if digits > 0 && t[digits..].starts_with('.') {
            t[digits..].trim_start_matches('.')
        } else {
            t.as_str()
        };
        if !t.is_empty() && !t.starts_with('$') {
            out.push(t.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut cur, &mut out);
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut cur, &mut out);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut cur, &mut out);
                depth += 1;
            }
            ')' => {
                cur.clear();
                depth = depth.checked_sub(1).ok_or("unbalanced ')' in movetext")?;
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut cur, &mut out);
                } else {
                    cur.clear();
                }
            }
            c => {
                if depth == 0 {
                    cur.push(c)
                }
            }
        }
    }
    flush(&mut cur, &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_read_back() {
        let text = "[Event \"t\"]\n[White \"a\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6\n3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 1-0\n";
        let parsed = read_pgn(text).unwrap();
        assert_eq!(parsed.game.moves().len(), 10);
        assert_eq!(parsed.result.as_deref(), Some("1-0"));
        assert_eq!(parsed.tag("white"), Some("a"));
        let h = PgnHeaders { result: "1-0".into(), white: "a".into(), ..Default::default() };
        let again = read_pgn(&write_pgn(&parsed.game, &h)).unwrap();
        assert_eq!(again.game.moves(), parsed.game.moves());
    }

    #[test]
    fn errors_name_the_move() {
        let err = read_pgn("1. e4 e5 2. Ke3 *").unwrap_err();
        assert!(err.contains("move 2. Ke3"), "{err}");
        assert!(read_pgn("[FEN \"8/8 w - -\"]\n\n*").unwrap_err().contains("FEN tag"));
    }
}
