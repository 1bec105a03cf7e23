//! Drawing the full-screen board: a pure function of the controller (the game session, the side
//! at the bottom, the language) and the screen's own state ([`Ui`]), so tests draw it into
//! ratatui's `TestBackend` and read the cells back.
//!
//! The squares have colours of their own (foreground and background both set), so the board
//! reads the same on dark and light terminals; everything else is in the terminal's own colours,
//! marked with bold and reverse video only.

use super::input::Ui;
use super::review;
use crate::clock::Clock;
use crate::i18n::{Lang, Msg, Text};
use crate::openings;
use crate::play::board;
use crate::play::controller::{Controller, Job};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use vidle_core::notation::to_san;
use vidle_core::{Bitboard, Color, Piece, Position, Square};

const LIGHT: Tint = Tint::Indexed(180);
const DARK: Tint = Tint::Indexed(137);
const LAST: Tint = Tint::Indexed(143);
const CHECK: Tint = Tint::Indexed(167);
const SELECTED: Tint = Tint::Indexed(110);
const PREMOVE: Tint = Tint::Indexed(139);
const WHITE_PIECE: Tint = Tint::Indexed(231);
const BLACK_PIECE: Tint = Tint::Indexed(16);

/// The side panel's (moves, engine, messages) least width: room for the moves with their
/// judgements and the engine's line. Every level name in both languages ("Černý · Vidle
/// (začátečník)") fits whole in the clock lines above and below a board larger than the smallest.
pub const PANEL_W: u16 = 24;
/// Lines besides the board: the two clocks, the pieces taken (two), the status and input lines.
const OTHER_H: u16 = 6;
/// The smallest screen the layout fits (squares of 3 × 1 cells).
pub const MIN_W: u16 = board_w(3) + 1 + PANEL_W;
pub const MIN_H: u16 = board_h(1) + OTHER_H;

/// The board's box for squares `w` cells wide: a border, the rank numbers (2 cells), 8 squares,
/// a margin, a border.
const fn board_w(w: u16) -> u16 {
    2 + 2 + 8 * w + 1
}

/// The board's box for squares `h` cells high: a border, 8 squares, the file letters, a border.
const fn board_h(h: u16) -> u16 {
    2 + 8 * h + 1
}

/// Where things are on a screen of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// A square's width and height in cells: 3 × 1, 5 × 2, 7 × 3 … (about square, a cell being
    /// twice as high as wide), the largest the screen holds with the side panel.
    pub square: (u16, u16),
    /// The clock line above the board (the side at the top).
    pub top_clock: Rect,
    pub board: Rect,
    pub bottom_clock: Rect,
    pub captured: Rect,
    pub moves: Rect,
    pub engine: Rect,
    pub messages: Rect,
    pub status: Rect,
    pub input: Rect,
}

/// The largest square (`h` rows, `2h + 1` columns) whose board fits `area` with the side panel.
pub fn square_size(area: Rect) -> Option<(u16, u16)> {
    let fits = |h: u16| {
        let w = 2 * h + 1;
        board_w(w) + 1 + PANEL_W <= area.width && board_h(h) + OTHER_H <= area.height
    };
    let mut best = None;
    let mut h = 1;
    while fits(h) {
        best = Some((2 * h + 1, h));
        h += 1;
    }
    best
}

impl Geometry {
    /// The layout of a screen of size `area`; `None` when it is too small.
    pub fn of(area: Rect) -> Option<Geometry> {
        let square = square_size(area)?;
        let (bw, bh) = (board_w(square.0), board_h(square.1));
        let (x, y) = (area.x, area.y);
        let main_h = area.height - 2;
        let right_x = x + bw + 1;
        let right_w = area.width - bw - 1;
        let engine_h = 5.min(main_h / 3);
        let messages_h = (main_h.saturating_sub(engine_h) / 2).max(3);
        let moves_h = main_h - engine_h - messages_h;
        Some(Geometry {
            square,
            top_clock: Rect::new(x, y, bw, 1),
            board: Rect::new(x, y + 1, bw, bh),
            bottom_clock: Rect::new(x, y + 1 + bh, bw, 1),
            captured: Rect::new(x, y + 2 + bh, bw, main_h.saturating_sub(bh + 2)),
            moves: Rect::new(right_x, y, right_w, moves_h),
            engine: Rect::new(right_x, y + moves_h, right_w, engine_h),
            messages: Rect::new(right_x, y + moves_h + engine_h, right_w, messages_h),
            status: Rect::new(x, y + main_h, area.width, 1),
            input: Rect::new(x, y + main_h + 1, area.width, 1),
        })
    }

    /// The layout with the analysis panel: it takes the engine panel's place and most of the
    /// messages' (which keep three lines).
    pub fn with_analysis(mut self) -> Geometry {
        let total = self.engine.height + self.messages.height;
        let panel = total.saturating_sub(5).clamp(self.engine.height.min(total), 12);
        self.engine.height = panel;
        self.messages.y = self.engine.y + panel;
        self.messages.height = total - panel;
        self
    }

    /// The top-left cell of `sq` when `view` is at the bottom.
    pub fn square_cell(&self, sq: Square, view: Color) -> Cell {
        let (col, row) = if view == Color::White {
            (sq.file(), 7 - sq.rank())
        } else {
            (7 - sq.file(), sq.rank())
        };
        let (w, h) = self.square;
        Cell::new(self.board.x + 3 + u16::from(col) * w, self.board.y + 1 + u16::from(row) * h)
    }

    /// The cell in the middle of `sq`, where its piece is drawn.
    pub fn square_centre(&self, sq: Square, view: Color) -> Cell {
        let cell = self.square_cell(sq, view);
        Cell::new(cell.x + self.square.0 / 2, cell.y + self.square.1 / 2)
    }

    /// The square under a screen cell, if any.
    pub fn square_at(&self, column: u16, row: u16, view: Color) -> Option<Square> {
        let x = column.checked_sub(self.board.x + 3)?;
        let y = row.checked_sub(self.board.y + 1)?;
        let (col, row) = (x / self.square.0, y / self.square.1);
        if col > 7 || row > 7 {
            return None;
        }
        let (col, row) = (col as u8, row as u8);
        Some(if view == Color::White {
            Square::from_coords(col, 7 - row)
        } else {
            Square::from_coords(7 - col, row)
        })
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame<'_>, c: &Controller, ui: &Ui) {
    let area = frame.area();
    let Some(g) = Geometry::of(area) else {
        let text = Text::new(Msg::WindowTooSmall)
            .arg("need", format!("{MIN_W}×{MIN_H}"))
            .arg("have", format!("{}×{}", area.width, area.height))
            .render(c.lang);
        frame.render_widget(Paragraph::new(text).wrap(Default::default()), area);
        return;
    };
    let buf = frame.buffer_mut();
    let analysis = c.analysis();
    let g = if analysis.is_some() { g.with_analysis() } else { g };
    draw_board(buf, &g, c, ui);
    draw_clocks(buf, &g, c);
    draw_captured(buf, g.captured, c, ui.unicode, ui.colour);
    draw_moves(buf, g.moves, c, ui);
    match analysis {
        Some(a) => {
            let ply = ui.ply.unwrap_or(a.moves.len());
            review::draw_panel(buf, g.engine, c, a, ply, ui.colour);
        }
        None => draw_engine(buf, g.engine, c, ui),
    }
    draw_messages(buf, g.messages, c, ui);
    draw_status(buf, g.status, c, ui);
    let prompt = "> ";
    let text = format!("{prompt}{}", ui.line.text());
    Paragraph::new(text).render_into(buf, g.input);
    let cursor_x = g.input.x + (prompt.len() + ui.line.cursor_column()) as u16;
    frame.set_cursor_position(Cell::new(cursor_x.min(g.input.right() - 1), g.input.y));
}

/// Rendering a widget into part of a buffer (ratatui's `Widget::render` by another name, so the
/// drawing functions can share one `&mut Buffer`).
trait RenderInto {
    fn render_into(self, buf: &mut Buffer, area: Rect);
}

impl<W: ratatui::widgets::Widget> RenderInto for W {
    fn render_into(self, buf: &mut Buffer, area: Rect) {
        self.render(area, buf);
    }
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// The position on the board: the one stepped to ([`Ui::ply`]), else the game's now.
fn shown_position<'a>(c: &'a Controller, ui: &Ui) -> &'a Position {
    let game = c.s.game();
    ui.ply.and_then(|k| game.positions().get(k)).unwrap_or(c.s.position())
}

fn draw_board(buf: &mut Buffer, g: &Geometry, c: &Controller, ui: &Ui) {
    let pos = shown_position(c, ui);
    Block::bordered().render_into(buf, g.board);
    let moves = c.s.game().moves();
    let plies = ui.ply.unwrap_or(moves.len()).min(moves.len());
    let last = plies.checked_sub(1).map_or(Bitboard::EMPTY, |i| {
        Bitboard::from_square(moves[i].from()) | Bitboard::from_square(moves[i].to())
    });
    let premove = ui.premove_squares();
    let check = pos.is_check().then(|| pos.king(pos.turn()));
    let (w, h) = g.square;
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let sq = Square::from_coords(file, rank);
            let cell = g.square_cell(sq, c.view);
            let centre = g.square_centre(sq, c.view);
            let mark = match () {
                _ if ui.selected == Some(sq) => Mark::Selected,
                _ if check == Some(sq) => Mark::Check,
                _ if premove.contains(sq) => Mark::Premove,
                _ if last.contains(sq) => Mark::Last,
                _ => Mark::None,
            };
            let (text, style) = square_look(pos, sq, c.lang, ui, mark);
            // The whole square in its colour, the piece (with its marks) in the middle.
            let fill = style.remove_modifier(Modifier::UNDERLINED);
            for y in cell.y..cell.y + h {
                buf.set_string(cell.x, y, " ".repeat(w.into()), fill);
            }
            buf.set_string(centre.x - 1, centre.y, text, style);
            // Rank numbers on the left, file letters below, each by its square's middle.
            if cell.x == g.board.x + 3 {
                buf.set_string(g.board.x + 1, centre.y, (rank + 1).to_string(), Style::new());
            }
            if cell.y + h == g.board.y + 1 + 8 * h {
                let letter = ((b'a' + file) as char).to_string();
                buf.set_string(centre.x, g.board.y + 1 + 8 * h, letter, Style::new());
            }
        }
    }
}

/// Why a square is highlighted, the first that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Selected,
    Check,
    Premove,
    Last,
    None,
}

/// The middle three cells of a square: the piece (or a dot on a square the selected piece can
/// reach) and the square's colours; without colours, brackets mark the last move, parentheses
/// the king in check, braces the selected piece and asterisks a premove.
fn square_look(pos: &Position, sq: Square, lang: Lang, ui: &Ui, mark: Mark) -> (String, Style) {
    let piece = pos.piece_at(sq);
    let target = ui.targets.contains(sq);
    let glyph = match piece {
        Some(p) if ui.unicode && ui.colour => Piece::new(Color::Black, p.role).unicode(),
        Some(p) if ui.unicode => p.unicode(),
        Some(p) => {
            let l = lang.piece_letter(p.role);
            if p.color == Color::White { l } else { l.to_ascii_lowercase() }
        }
        None if target => '·',
        None if ui.colour => ' ',
        None => '.',
    };
    if !ui.colour {
        let (open, close) = match mark {
            Mark::Selected => ('{', '}'),
            Mark::Check => ('(', ')'),
            Mark::Premove => ('*', '*'),
            Mark::Last => ('[', ']'),
            Mark::None if target && piece.is_some() => ('>', '<'),
            Mark::None => (' ', ' '),
        };
        return (format!("{open}{glyph}{close}"), Style::new());
    }
    let bg = match mark {
        Mark::Selected => SELECTED,
        Mark::Check => CHECK,
        Mark::Premove => PREMOVE,
        Mark::Last => LAST,
        Mark::None if (sq.file() + sq.rank()) % 2 == 1 => LIGHT,
        Mark::None => DARK,
    };
    let fg = match piece {
        Some(p) if p.color == Color::White => WHITE_PIECE,
        _ => BLACK_PIECE,
    };
    let mut style = Style::new().fg(fg).bg(bg);
    if target && piece.is_some() {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    (format!(" {glyph} "), style)
}

fn draw_clocks(buf: &mut Buffer, g: &Geometry, c: &Controller) {
    let bottom = c.view;
    for (side, rect) in [(!bottom, g.top_clock), (bottom, g.bottom_clock)] {
        let who = if side == c.s.human() {
            c.tr(Msg::You).to_string()
        } else {
            format!("Vidle ({})", crate::i18n::level_name(c.s.strength(), c.lang))
        };
        let mut name = format!(" {} · {who}", c.lang.color(side));
        let clock_text =
            c.s.clock().map(|clock| format!(" {} ", Clock::format(clock.remaining(side))));
        // The clock is never cut: a name too long for the line ("Černý · Vidle (začátečník)")
        // gives way, shortened with an ellipsis.
        let room = (rect.width as usize)
            .saturating_sub(clock_text.as_ref().map_or(0, |t| t.chars().count()));
        if name.chars().count() > room {
            name = name.chars().take(room.saturating_sub(1)).collect::<String>() + "…";
        }
        let mut spans = vec![Span::raw(name.clone())];
        if let (Some(clock), Some(text)) = (c.s.clock(), clock_text) {
            let t = clock.remaining(side);
            let running = clock.running() == Some(side) && c.s.ended().is_none();
            let mut style =
                if running { bold().add_modifier(Modifier::REVERSED) } else { Style::new() };
            if t.is_zero() {
                style = style.fg(Tint::Red).add_modifier(Modifier::BOLD);
            }
            let pad =
                (rect.width as usize).saturating_sub(name.chars().count() + text.chars().count());
            spans.push(Span::raw(" ".repeat(pad)));
            spans.push(Span::styled(text, style));
        }
        Paragraph::new(Line::from(spans)).render_into(buf, rect);
    }
}

fn draw_captured(buf: &mut Buffer, area: Rect, c: &Controller, unicode: bool, colour: bool) {
    let taken = crate::game::captured::captured(c.s.game());
    let balance = crate::game::captured::material_balance(c.s.position());
    let (white_lost, black_lost) = (&taken.by_black, &taken.by_white);
    // `--ascii` shows the pieces taken as letters too.
    let style = board::Style { unicode, colour, lang: c.lang };
    let mut lines = Vec::new();
    for (side, lost, owner) in
        [(Color::White, black_lost, Color::Black), (Color::Black, white_lost, Color::White)]
    {
        let ahead = if side == Color::White { balance } else { -balance };
        let plus = if ahead > 0 { format!(" +{ahead}") } else { String::new() };
        let took = Text::new(Msg::Took)
            .arg("color", c.lang.color(side))
            .arg("pieces", board::pieces_text(lost, owner, &style));
        lines.push(Line::from(format!(" {}{plus}", took.render(c.lang))));
    }
    Paragraph::new(lines).render_into(buf, area);
}

/// The moves panel: the opening's name, then one line per move number (`12. Nf3  Nc6`), the
/// latest at the bottom (or the move stepped to in view); judged moves carry their glyph.
fn draw_moves(buf: &mut Buffer, area: Rect, c: &Controller, ui: &Ui) {
    let game = c.s.game();
    let analysis = c.analysis();
    let mut rows: Vec<Vec<Span<'_>>> = Vec::new();
    let mut focus = None;
    for (i, (&m, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
        let san = c.lang.localise_san(&to_san(pos, m));
        let judged = analysis.and_then(|a| a.moves.get(i)).and_then(|a| a.judgement);
        let glyph = judged.map_or("", |j| j.glyph());
        let here = if ui.ply == Some(i + 1) {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        let pad = 8usize.saturating_sub(san.chars().count() + glyph.len());
        let mut spans = vec![Span::styled(san, here)];
        if let Some(j) = judged {
            spans.push(Span::styled(glyph, review::judgement_style(j, ui.colour)));
        }
        if pos.turn() == Color::White {
            spans.insert(0, Span::raw(format!("{:>3}. ", pos.fullmove_number())));
            spans.push(Span::raw(" ".repeat(pad)));
            rows.push(spans);
        } else if let Some(row) = rows.last_mut().filter(|_| i > 0) {
            row.push(Span::raw(" "));
            row.extend(spans);
        } else {
            spans.insert(0, Span::raw(format!("{:>3}. {:<8} ", pos.fullmove_number(), "…")));
            rows.push(spans);
        }
        if ui.ply == Some(i + 1) {
            focus = Some(rows.len() - 1);
        }
    }
    let inner = area.height.saturating_sub(2) as usize;
    let mut lines = Vec::new();
    if let Some(o) = openings::name_of(game) {
        let width = area.width.saturating_sub(2) as usize;
        for l in wrap(&format!("{} {}", o.eco, o.name), width) {
            lines.push(Line::styled(l, bold()));
        }
    }
    let room = inner.saturating_sub(lines.len());
    let mut skip = rows.len().saturating_sub(room);
    if let Some(f) = focus {
        skip = skip.min(f);
    }
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    let title = format!(" {} ", c.tr(Msg::MovesTitle));
    Paragraph::new(lines).block(Block::bordered().title(title)).render_into(buf, area);
}

/// The engine panel: the running (or last) search's depth, score in White's view, nodes and line,
/// and the tablebase verdict.
fn draw_engine(buf: &mut Buffer, area: Rect, c: &Controller, ui: &Ui) {
    let mut lines = Vec::new();
    let title = match &ui.thinking {
        Some(t) => {
            let what = match t.job {
                Job::EngineMove => "Vidle",
                Job::Hint => c.tr(Msg::HintTitle),
                Job::Draw => c.tr(Msg::DrawOfferTitle),
            };
            // Nothing searched yet, or a book move (no search at all): no "depth 0 0 nodes".
            // The score and line of the engine's own move stay hidden during the game unless
            // `eval` shows them (`Controller::reveals_eval`).
            let reveal = c.reveals_eval(t.job);
            if t.depth > 0 || t.nodes > 0 {
                let score = if reveal { t.score.as_str() } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{} {:<3}", c.tr(Msg::Depth), t.depth), Style::new()),
                    Span::styled(format!(" {score:>6} "), bold()),
                    Span::raw(format!(" {} {}", t.nodes, c.tr(Msg::Nodes))),
                ]));
                if reveal {
                    lines.push(Line::from(t.pv.join(" ")));
                }
            }
            let state = if t.running { c.tr(Msg::Thinking) } else { "" };
            format!(" {what} {state} ")
        }
        None => format!(" {} ", c.tr(Msg::EngineTitle)),
    };
    if let Some(tb) = &c.tablebase {
        lines.push(Line::styled(tb.clone(), bold()));
    }
    if let Some(p) = ui.analysing {
        // The last line of the panel, whatever is above it.
        let room = area.height.saturating_sub(3) as usize;
        lines.truncate(room);
        let width = area.width.saturating_sub(2) as usize;
        lines.push(review::progress_line(c, p, width, ui.unicode));
    }
    Paragraph::new(lines)
        .wrap(Default::default())
        .block(Block::bordered().title(title))
        .render_into(buf, area);
}

/// Splits `text` into lines of at most `width` characters, at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut cur = String::new();
        for word in line.split(' ') {
            let (cw, ww) = (cur.chars().count(), word.chars().count());
            if cw > 0 && cw + 1 + ww > width {
                out.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
            while cur.chars().count() > width.max(1) {
                let head: String = cur.chars().take(width.max(1)).collect();
                cur = cur.chars().skip(width.max(1)).collect();
                out.push(head);
            }
        }
        out.push(cur);
    }
    out
}

fn draw_messages(buf: &mut Buffer, area: Rect, c: &Controller, ui: &Ui) {
    let width = area.width.saturating_sub(2) as usize;
    let room = area.height.saturating_sub(2) as usize;
    let all: Vec<String> = ui.log.iter().flat_map(|m| wrap(m, width)).collect();
    // The latest lines that fit, or earlier ones while scrolled back (PgUp, PgDn).
    let scroll = ui.scroll.min(all.len().saturating_sub(room));
    let end = all.len() - scroll;
    let start = end.saturating_sub(room);
    let lines: Vec<Line<'_>> = all[start..end].iter().map(|l| Line::from(l.as_str())).collect();
    let more = if all.len() > room { "· PgUp PgDn " } else { "" };
    let title = format!(" {} {more}", c.tr(Msg::MessagesTitle));
    Paragraph::new(lines).block(Block::bordered().title(title)).render_into(buf, area);
}

fn draw_status(buf: &mut Buffer, area: Rect, c: &Controller, ui: &Ui) {
    let pos = c.s.position();
    let text = if ui.promotion.is_some() {
        c.tr(Msg::PromotePrompt).to_string()
    } else if let (Some(a), Some(ply)) = (c.analysis(), ui.ply) {
        let mut spans = review::verdict(c, a, ply, false).spans;
        spans.insert(0, Span::raw(" "));
        spans.push(Span::raw(format!(" · {}", c.tr(Msg::ReviewKeys))));
        let line = Line::from(spans).style(bold().add_modifier(Modifier::REVERSED));
        Paragraph::new(line).render_into(buf, area);
        return;
    } else if let Some(e) = c.s.ended() {
        c.game_over_text(e).render(c.lang)
    } else {
        let mut t = Text::new(Msg::ToMove).arg("color", c.lang.color(pos.turn())).render(c.lang);
        if pos.is_check() {
            t.push_str(&format!(" · {}", c.tr(Msg::Check)));
        }
        if pos.turn() == c.s.human() {
            t.push_str(&format!(" · {}", c.tr(Msg::TuiInputHelp)));
        } else if let Some(p) = &ui.premove {
            let kept = Text::new(Msg::PremoveKept).arg("move", p.describe()).render(c.lang);
            t.push_str(&format!(" · {kept}"));
        }
        t
    };
    Paragraph::new(Line::styled(format!(" {text}"), bold().add_modifier(Modifier::REVERSED)))
        .render_into(buf, area);
}
