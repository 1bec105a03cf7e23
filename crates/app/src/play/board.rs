//! Drawing the board in the terminal: Unicode pieces on coloured squares (ANSI), or plain ASCII.

use vidle_core::{Bitboard, Color, Move, Position, Role, Square};

use crate::i18n::Lang;

/// How to draw.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub unicode: bool,
    pub colour: bool,
    pub lang: Lang,
}

const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;137m";
const LAST: &str = "\x1b[48;5;143m";
const CHECK: &str = "\x1b[48;5;167m";
const WHITE_FG: &str = "\x1b[38;5;231m";
const BLACK_FG: &str = "\x1b[38;5;16m";
const RESET: &str = "\x1b[0m";

fn piece_glyph(pos: &Position, sq: Square, style: &Style) -> String {
    match pos.piece_at(sq) {
        None => {
            if style.colour {
                "   ".into()
            } else {
                " . ".into()
            }
        }
        Some(p) if style.unicode => {
            // On coloured squares the solid glyphs read best for both sides; colour tells them apart.
            let glyph = if style.colour {
                vidle_core::Piece::new(Color::Black, p.role).unicode()
            } else {
                p.unicode()
            };
            if style.colour {
                let fg = if p.color == Color::White { WHITE_FG } else { BLACK_FG };
                format!("{fg} {glyph} ")
            } else {
                format!(" {glyph} ")
            }
        }
        Some(p) => {
            let c = style.lang.piece_letter(p.role);
            let c = if p.color == Color::White { c } else { c.to_ascii_lowercase() };
            format!(" {c} ")
        }
    }
}

/// Renders the board seen from `view`, with the side panel lines.
pub fn render(
    pos: &Position,
    view: Color,
    last: Option<Move>,
    side: &[String],
    style: &Style,
) -> String {
    let mut out = String::new();
    let highlight: Bitboard = last.map_or(Bitboard::EMPTY, |m| {
        Bitboard::from_square(m.from()) | Bitboard::from_square(m.to())
    });
    let check_sq = pos.is_check().then(|| pos.king(pos.turn()));
    let ranks: Vec<u8> =
        if view == Color::White { (0..8).rev().collect() } else { (0..8).collect() };
    let files: Vec<u8> =
        if view == Color::White { (0..8).collect() } else { (0..8).rev().collect() };
    for (row, &rank) in ranks.iter().enumerate() {
        out.push_str(&format!(" {} ", rank + 1));
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            let glyph = piece_glyph(pos, sq, style);
            if style.colour {
                let bg = if Some(sq) == check_sq {
                    CHECK
                } else if highlight.contains(sq) {
                    LAST
                } else if (file + rank) % 2 == 1 {
                    LIGHT
                } else {
                    DARK
                };
                out.push_str(bg);
                out.push_str(&glyph);
                out.push_str(RESET);
            } else {
                // " x " becomes "(x)" for the king in check and "[x]" for the last move.
                let inner = glyph.trim_matches(' ');
                let inner = if inner.is_empty() { "." } else { inner };
                let g = if Some(sq) == check_sq {
                    format!("({inner})")
                } else if highlight.contains(sq) {
                    format!("[{inner}]")
                } else {
                    glyph
                };
                out.push_str(&g);
            }
        }
        if let Some(line) = side.get(row) {
            out.push_str("   ");
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &file in &files {
        out.push_str(&format!(" {} ", (b'a' + file) as char));
    }
    out.push('\n');
    for line in side.iter().skip(8) {
        out.push_str(&format!("{:27}{line}\n", ""));
    }
    out
}

/// Captured pieces as glyphs or letters, e.g. "♟♟♞".
pub fn pieces_text(roles: &[Role], color: Color, style: &Style) -> String {
    roles
        .iter()
        .map(|&r| {
            if style.unicode {
                vidle_core::Piece::new(color, r).unicode()
            } else {
                let c = style.lang.piece_letter(r);
                if color == Color::White { c } else { c.to_ascii_lowercase() }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_board_from_both_sides() {
        let pos = Position::startpos();
        let style = Style { unicode: false, colour: false, lang: Lang::En };
        let w = render(&pos, Color::White, None, &[], &style);
        assert!(w.lines().next().unwrap().starts_with(" 8  r  n  b  q  k"), "{w}");
        let b = render(&pos, Color::Black, None, &[], &style);
        assert!(b.lines().next().unwrap().starts_with(" 1  R  N  B  K  Q"), "{b}");
        let cs = Style { lang: Lang::Cs, ..style };
        assert!(render(&pos, Color::White, None, &[], &cs).contains(" V  J  S  D  K"));
    }
}
