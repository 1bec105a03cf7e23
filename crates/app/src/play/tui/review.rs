//! The analysis on the full-screen board: the panel with the evaluation graph (braille, the
//! shown move marked), each side's accuracy and errors and the shown move's verdict; the
//! analysis's progress bar; the colours of the judged moves in the moves panel.

use crate::analysis::summary::shown;
use crate::analysis::{Analysis, Judgement, MoveAnalysis, Progress, Side, chart};
use crate::i18n::Msg;
use crate::play::controller::Controller;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use vidle_core::Color;

/// How a judged move's glyph (`?!`, `?`, `??`) is drawn: lichess's colours, bold.
pub fn judgement_style(j: Judgement, colour: bool) -> Style {
    let style = Style::new().add_modifier(Modifier::BOLD);
    if !colour {
        return style;
    }
    style.fg(match j {
        Judgement::Inaccuracy => Tint::Indexed(74),
        Judgement::Mistake => Tint::Indexed(214),
        Judgement::Blunder => Tint::Indexed(167),
    })
}

/// The analysis's progress as a bar: `Analysis ████░░░░ 12/40`.
pub fn progress_line(c: &Controller, p: Progress, width: usize, unicode: bool) -> Line<'static> {
    let label = format!("{} ", c.tr(Msg::AnalysisLabel));
    let count = format!(" {}/{}", p.done, p.total);
    let bar_w = width.saturating_sub(label.chars().count() + count.chars().count());
    let filled = (bar_w * p.done).checked_div(p.total).unwrap_or(0).min(bar_w);
    let (full, empty) = if unicode { ('█', '░') } else { ('#', '-') };
    let bar: String = std::iter::repeat_n(full, filled)
        .chain(std::iter::repeat_n(empty, bar_w - filled))
        .collect();
    Line::from(vec![Span::raw(label), Span::raw(bar), Span::raw(count)])
}

/// The move `ply` half-moves from the start with its verdict: `12... Nf6?? -3.4, best Nc6`;
/// the start position's evaluation for ply 0.
pub fn verdict(c: &Controller, a: &Analysis, ply: usize, colour: bool) -> Line<'static> {
    let Some(m) = ply.checked_sub(1).and_then(|i| a.moves.get(i)) else {
        return Line::from(format!("{} {}", c.tr(Msg::StartEval), shown(a.start_eval, c.lang)));
    };
    let dots = if m.side == Side::White { "." } else { "..." };
    let mut spans =
        vec![Span::raw(format!("{}{dots} {}", m.move_number, c.lang.localise_san(&m.san)))];
    if let Some(j) = m.judgement {
        spans.push(Span::styled(j.glyph(), judgement_style(j, colour)));
    }
    spans.push(Span::raw(format!(" {}", shown(m.eval, c.lang))));
    if let Some(best) = better(m) {
        spans.push(Span::raw(format!(", {} {}", c.tr(Msg::Best), c.lang.localise_san(best))));
    }
    Line::from(spans)
}

/// The engine's move when the player's was judged worse.
fn better(m: &MoveAnalysis) -> Option<&str> {
    m.judgement.and(m.best.as_deref()).filter(|b| *b != m.san)
}

/// The analysis panel: the graph with the shown position's column in reverse video, a line a
/// side (accuracy, then the counts of `?!`, `?` and `??`), the shown move's verdict.
pub fn draw_panel(
    buf: &mut Buffer,
    area: Rect,
    c: &Controller,
    a: &Analysis,
    ply: usize,
    colour: bool,
) {
    let block = Block::bordered().title(format!(" {} ", c.tr(Msg::AnalysisLabel)));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let chart_h = inner.height.saturating_sub(3).max(1);
    let values = a.win_chances();
    let width = usize::from(inner.width);
    for (i, line) in chart::braille_chart(&values, width, usize::from(chart_h)).iter().enumerate() {
        buf.set_string(inner.x, inner.y + i as u16, line, Style::new());
    }
    // The first dot column that shows value `ply` (the chart spreads values over 2 · width).
    let column = (ply * 2 * width).div_ceil(values.len().max(1)) / 2;
    let x = inner.x + column.min(width - 1) as u16;
    for y in inner.y..inner.y + chart_h {
        buf[(x, y)].modifier.insert(Modifier::REVERSED);
    }
    let mut lines = Vec::new();
    for side in [Side::White, Side::Black] {
        let s = a.side(side);
        let colour_name =
            c.lang.color(if side == Side::White { Color::White } else { Color::Black });
        let acc = s.accuracy.map_or("–".to_string(), |x| format!("{x:.0}%"));
        let mut spans =
            vec![Span::raw(format!("{colour_name:<6} {} {acc:>4}", c.tr(Msg::Accuracy)))];
        for (j, n) in [
            (Judgement::Inaccuracy, s.inaccuracies),
            (Judgement::Mistake, s.mistakes),
            (Judgement::Blunder, s.blunders),
        ] {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(j.glyph(), judgement_style(j, colour)));
            spans.push(Span::raw(format!(" {n}")));
        }
        lines.push(Line::from(spans));
    }
    lines.push(verdict(c, a, ply, colour));
    let text_area = Rect::new(inner.x, inner.y + chart_h, inner.width, inner.height - chart_h);
    Paragraph::new(lines).render(text_area, buf);
}
