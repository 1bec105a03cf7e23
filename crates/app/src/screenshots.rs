//! The terminal screenshots in `docs/screenshots/` (tests only): a screen drawn by the tests
//! is kept as text, and where it has colours as an HTML page that shows them. A file is
//! rewritten only when its picture changed, so a clean checkout stays clean.

use ratatui::buffer::Buffer;
use ratatui::style::{Color as Tint, Modifier};

/// Writes `docs/screenshots/NAME` when its content differs from `content`.
pub(crate) fn keep(name: &str, content: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(content) {
        std::fs::write(&path, content).unwrap();
    }
}

/// The lines of a drawn screen, without the spaces at their ends.
pub(crate) fn text(buf: &Buffer) -> String {
    let a = buf.area;
    (a.y..a.bottom())
        .map(|y| {
            let line: String = (a.x..a.right()).map(|x| buf[(x, y)].symbol()).collect();
            format!("{}\n", line.trim_end())
        })
        .collect()
}

/// The colour of xterm's 256-colour palette number `n` (the 6×6×6 cube), as CSS.
fn xterm(n: u8) -> Option<String> {
    let level = [0, 95, 135, 175, 215, 255];
    let n = usize::from(n.checked_sub(16).filter(|&n| n < 216)?);
    Some(format!("#{:02x}{:02x}{:02x}", level[n / 36], level[n / 6 % 6], level[n % 6]))
}

fn css(t: Tint) -> Option<String> {
    match t {
        Tint::Indexed(n) => xterm(n),
        Tint::Red => Some("#cd3131".into()),
        _ => None,
    }
}

const PAGE: &str = "<!doctype html><meta charset=\"utf-8\"><title>vidle</title>\n<pre style=\"\
                    background:#1e1e1e;color:#d4d4d4;font:15px/1.2 'DejaVu Sans Mono',monospace;\
                    padding:8px;display:inline-block\">";

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `sym` in a span of the given colours and weight (none when it has no style).
fn span(out: &mut String, sym: &str, fg: Option<String>, bg: Option<String>, bold: bool) {
    let mut style = String::new();
    if let Some(f) = fg {
        style.push_str(&format!("color:{f};"));
    }
    if let Some(b) = bg {
        style.push_str(&format!("background:{b};"));
    }
    if bold {
        style.push_str("font-weight:bold;");
    }
    if style.is_empty() {
        out.push_str(&escape(sym));
    } else {
        out.push_str(&format!("<span style=\"{style}\">{}</span>", escape(sym)));
    }
}

/// A drawn screen as an HTML page, cell by cell in its colours.
pub(crate) fn html(buf: &Buffer) -> String {
    let mut out = String::from(PAGE);
    let a = buf.area;
    for y in a.y..a.bottom() {
        for x in a.x..a.right() {
            let c = &buf[(x, y)];
            let (mut fg, mut bg) = (css(c.fg), css(c.bg));
            if c.modifier.contains(Modifier::REVERSED) {
                (fg, bg) = (bg.or(Some("#1e1e1e".into())), fg.or(Some("#d4d4d4".into())));
            }
            span(&mut out, c.symbol(), fg, bg, c.modifier.contains(Modifier::BOLD));
        }
        out.push('\n');
    }
    out.push_str("</pre>\n");
    out
}

/// The `ESC [ … m` sequences of `s` (the line-mode board's colours) and the text between them.
fn ansi_parts(s: &str) -> impl Iterator<Item = (Option<&str>, &str)> {
    let mut rest = s;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if let Some(after) = rest.strip_prefix("\x1b[") {
            let end = after.find('m').expect("an escape sequence ends with m");
            rest = &after[end + 1..];
            return Some((Some(&after[..end]), ""));
        }
        let end = rest.find('\x1b').unwrap_or(rest.len());
        let (text, more) = rest.split_at(end);
        rest = more;
        Some((None, text))
    })
}

/// Terminal output without its colour sequences.
pub(crate) fn strip_ansi(s: &str) -> String {
    ansi_parts(s).map(|(_, text)| text).collect()
}

/// Terminal output in colour (xterm's 256 colours, as the line-mode board uses them) as an
/// HTML page.
pub(crate) fn ansi_html(s: &str) -> String {
    let mut out = String::from(PAGE);
    let (mut fg, mut bg, mut bold) = (None, None, false);
    for (seq, text) in ansi_parts(s) {
        match seq.map(|q| q.split(';').collect::<Vec<_>>()).as_deref() {
            Some(["38", "5", n]) => fg = n.parse().ok().and_then(xterm),
            Some(["48", "5", n]) => bg = n.parse().ok().and_then(xterm),
            Some(["1"]) => bold = true,
            Some(["0"] | [""]) => (fg, bg, bold) = (None, None, false),
            Some(other) => panic!("an escape sequence the screenshots do not know: {other:?}"),
            None => span(&mut out, text, fg.clone(), bg.clone(), bold),
        }
    }
    out.push_str("</pre>\n");
    out
}

#[test]
fn colour_sequences_become_spans() {
    let s = "a\x1b[48;5;180m\x1b[38;5;16m♚\x1b[0m<b\n";
    assert_eq!(strip_ansi(s), "a♚<b\n");
    let page = ansi_html(s);
    assert!(
        page.ends_with(
            "a<span style=\"color:#000000;background:#d7af87;\">♚</span>&lt;b\n</pre>\n"
        ),
        "{page}"
    );
}
