//! The board at every window size (the square size chosen, clicks mapped back, the highlights
//! filling whole squares, a resize redrawn) and premoves: kept while the engine thinks, played
//! when its move arrives, dropped when illegal then, cancelled by Esc or a right click.

use super::input::{Premove, Ui};
use super::tests::{
    coloured, controller, engine_answers, has_files, lines, render, screen, sq, typed,
};
use super::view::{self, Geometry, MIN_H, MIN_W, PANEL_W};
use super::{App, premove_now};
use crate::game::strength::{CZECH_LEVELS, LEVELS};
use crate::i18n::Lang;
use crate::play::controller::{Controller, Output};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::Color as Tint;
use vidle_core::{Color, Square};
use vidle_engine::Engine;

const LAST: Tint = Tint::Indexed(143);
const PREMOVE: Tint = Tint::Indexed(139);

/// Window sizes and the square (width, height) each is to get.
const SIZES: [(u16, u16, (u16, u16)); 6] = [
    (MIN_W, MIN_H, (3, 1)),
    (80, 24, (3, 1)),
    (100, 30, (5, 2)),
    (120, 40, (7, 3)),
    (200, 60, (13, 6)),
    (300, 90, (21, 10)),
];

fn at(w: u16, h: u16) -> Geometry {
    Geometry::of(Rect::new(0, 0, w, h)).unwrap()
}

/// Every cell of `square`, as drawn on the screen of `g`.
fn cells(g: &Geometry, square: Square, view: Color) -> Vec<(u16, u16)> {
    let top = g.square_cell(square, view);
    let (w, h) = g.square;
    (0..h).flat_map(|dy| (0..w).map(move |dx| (top.x + dx, top.y + dy))).collect()
}

#[test]
fn the_largest_square_that_fits_with_the_panel_is_chosen() {
    assert_eq!(Geometry::of(Rect::new(0, 0, MIN_W - 1, MIN_H)), None);
    assert_eq!(Geometry::of(Rect::new(0, 0, MIN_W, MIN_H - 1)), None);
    for (w, h, square) in SIZES {
        let g = at(w, h);
        assert_eq!(g.square, square, "{w}×{h}");
        assert_eq!(g.square.0, 2 * g.square.1 + 1, "about square for 1:2 cells");
        // Everything on the screen, the panel at least PANEL_W wide beside the board.
        assert!(g.moves.x > g.board.right() - 1 && g.moves.width >= PANEL_W, "{w}×{h}: {g:?}");
        assert!(g.moves.right() <= w && g.input.bottom() <= h, "{w}×{h}: {g:?}");
        assert!(g.captured.height >= 2 && g.captured.bottom() <= g.status.y, "{w}×{h}: {g:?}");
        assert_eq!(g.bottom_clock.y, g.board.bottom(), "{w}×{h}");
        // The squares and the letters under them fill the board's inside.
        assert_eq!(g.board.width, 8 * g.square.0 + 5, "{w}×{h}");
        assert_eq!(g.board.height, 8 * g.square.1 + 3, "{w}×{h}");
        // One size larger does not fit.
        let (sw, sh) = (g.square.0 + 2, g.square.1 + 1);
        let wider = 8 * sw + 5 + 1 + PANEL_W > w;
        let taller = 8 * sh + 3 + 6 > h;
        assert!(wider || taller, "{w}×{h}: {sw}×{sh} would fit too");
    }
}

#[test]
fn every_cell_of_every_square_maps_back_at_every_size() {
    for (w, h, _) in SIZES {
        let g = at(w, h);
        for view in [Color::White, Color::Black] {
            let mut seen = 0;
            for i in 0..64u8 {
                let s = Square::new(i).unwrap();
                for (x, y) in cells(&g, s, view) {
                    assert!(g.board.contains((x, y).into()), "{w}×{h} {s}");
                    assert_eq!(g.square_at(x, y, view), Some(s), "{w}×{h} {s} at {x},{y}");
                    seen += 1;
                }
            }
            let (sw, sh) = g.square;
            assert_eq!(seen, 64 * sw * sh, "{w}×{h}");
            // The border, the rank numbers, the file letters and the panel are no square.
            let b = g.board;
            for (x, y) in [(b.x, b.y), (b.x + 1, b.y + 1), (b.x + 3, b.bottom() - 2)] {
                assert_eq!(g.square_at(x, y, view), None, "{w}×{h} at {x},{y}");
            }
            assert_eq!(g.square_at(b.right() - 2, b.y + 1, view), None, "the margin");
            assert_eq!(g.square_at(g.moves.x + 2, g.moves.y + 2, view), None);
        }
    }
}

#[test]
fn the_board_is_drawn_whole_at_every_size_and_redrawn_on_a_resize() {
    let mut c = controller(None, Color::White, Some("5+0"));
    typed(&mut c, "e4");
    let mut t = Terminal::new(TestBackend::new(MIN_W, MIN_H)).unwrap();
    for (w, h, _) in SIZES {
        // The same terminal, resized: the next draw takes the new size.
        t.backend_mut().resize(w, h);
        t.draw(|f| view::draw(f, &c, &coloured())).unwrap();
        let buf = t.backend().buffer().clone();
        assert_eq!((buf.area.width, buf.area.height), (w, h));
        let g = at(w, h);
        let text = screen(&buf);
        // The piece in the middle of its square; the last move fills both its squares.
        let e4 = g.square_centre(sq("e4"), Color::White);
        assert_eq!(buf[(e4.x, e4.y)].symbol(), "♟", "{w}×{h}\n{text}");
        for name in ["e2", "e4"] {
            for (x, y) in cells(&g, sq(name), Color::White) {
                assert_eq!(buf[(x, y)].bg, LAST, "{w}×{h} {name} at {x},{y}\n{text}");
            }
        }
        let pieces = text.chars().filter(|ch| ('\u{2654}'..='\u{265F}').contains(ch)).count();
        assert_eq!(pieces, 32, "{w}×{h}\n{text}");
        // Rank numbers beside each rank's middle row, file letters under each file's middle.
        for rank in 0..8u8 {
            let mid = g.square_centre(Square::from_coords(0, rank), Color::White);
            let digit = (rank + 1).to_string();
            assert_eq!(buf[(g.board.x + 1, mid.y)].symbol(), digit, "{w}×{h}\n{text}");
        }
        let letters_row = g.board.bottom() - 2;
        for file in 0..8u8 {
            let mid = g.square_centre(Square::from_coords(file, 0), Color::White);
            let letter = ((b'a' + file) as char).to_string();
            assert_eq!(buf[(mid.x, letters_row)].symbol(), letter, "{w}×{h}\n{text}");
        }
        let rows = lines(&buf);
        assert_eq!(rows.iter().filter(|l| has_files(l, "a b c d e f g h")).count(), 1);
        assert!(text.contains("1. e4") && text.contains("5:00"), "{w}×{h}\n{text}");
    }
}

/// Above the smallest size the clock lines hold every level's name whole, in both languages,
/// and the clock with it.
#[test]
fn every_level_name_fits_whole_beside_the_clock() {
    let names = LEVELS.iter().map(|(n, _)| (Lang::En, *n));
    for (lang, level) in names.chain(CZECH_LEVELS.iter().map(|n| (Lang::Cs, *n))) {
        for (w, h, _) in &SIZES[2..] {
            let mut c = controller(None, Color::White, Some("5+0"));
            c.lang = lang;
            typed(&mut c, &format!("level {level}"));
            let text = screen(&render(&c, &coloured(), *w, *h));
            let whole = format!("Vidle ({level})");
            let line = text.lines().find(|l| l.contains(&whole));
            assert!(line.is_some_and(|l| l.contains(" 5:00")), "{lang:?} {level} {w}×{h}\n{text}");
        }
    }
}

fn app(c: Controller) -> App {
    App { c, engine: Engine::new(), ui: Ui::new(true, true), search: None, review: None }
}

fn mouse(kind: MouseEventKind, g: &Geometry, square: &str) -> Event {
    let cell = g.square_centre(sq(square), Color::White);
    let (column, row) = (cell.x, cell.y);
    Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
}

fn said(c: &mut Controller) -> String {
    let texts = c.drain().into_iter().filter_map(|o| match o {
        Output::Text(t) => Some(t),
        _ => None,
    });
    texts.collect::<Vec<_>>().join("\n")
}

/// After 1. e4, the engine to move, the player clicks a premove at a large size; it is shown,
/// and played as soon as the engine has answered.
#[test]
fn a_clicked_premove_is_shown_and_played_when_the_engine_has_moved() {
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "e4");
    let mut a = app(c);
    let area = Rect::new(0, 0, 200, 60);
    let g = Geometry::of(area).unwrap();
    let left = MouseEventKind::Down(MouseButton::Left);
    assert!(a.on_event(mouse(left, &g, "g1"), area));
    assert_eq!(a.ui.selected, Some(sq("g1")), "the knight is picked while the engine thinks");
    assert!(a.ui.targets.contains(sq("f3")) && a.ui.targets.contains(sq("e2")));
    // A first premove, replaced by a second: only one is kept.
    a.on_event(mouse(left, &g, "h3"), area);
    a.on_event(mouse(left, &g, "g1"), area);
    a.on_event(mouse(left, &g, "f3"), area);
    assert_eq!(a.ui.premove, Some(Premove::Squares(sq("g1"), sq("f3"))));
    assert_eq!(a.c.s.game().moves().len(), 1, "nothing is played before the engine moves");
    let buf = render(&a.c, &a.ui, 200, 60);
    let text = screen(&buf);
    for name in ["g1", "f3"] {
        for (x, y) in cells(&g, sq(name), Color::White) {
            assert_eq!(buf[(x, y)].bg, PREMOVE, "{name} at {x},{y}\n{text}");
        }
    }
    assert!(text.contains("premove g1-f3"), "{text}");
    engine_answers(&mut a.c, "e5");
    premove_now(&mut a.c, &mut a.ui);
    let game = a.c.s.game();
    assert_eq!(game.moves().len(), 3, "the premove is played at once");
    assert_eq!(game.moves()[2].to(), sq("f3"));
    assert_eq!(a.ui.premove, None);
    assert!(said(&mut a.c).contains("You played Nf3"));
}

/// A piece dragged to its square (pressed on one, let go on another) is moved, at any size;
/// let go where it was pressed, it stays picked for a second click.
#[test]
fn a_piece_dragged_is_moved_or_premoved() {
    let mut a = app(controller(None, Color::White, None));
    let area = Rect::new(0, 0, 120, 40);
    let g = Geometry::of(area).unwrap();
    let (down, up) =
        (MouseEventKind::Down(MouseButton::Left), MouseEventKind::Up(MouseButton::Left));
    a.on_event(mouse(down, &g, "e2"), area);
    a.on_event(mouse(up, &g, "e4"), area);
    assert_eq!(a.c.s.game().moves().len(), 1, "e2-e4 dragged");
    assert_eq!(a.c.s.game().moves()[0].to(), sq("e4"));
    // The engine to move: let go where it was pressed, the bishop stays picked.
    a.on_event(mouse(down, &g, "f1"), area);
    a.on_event(mouse(up, &g, "f1"), area);
    assert_eq!(a.ui.selected, Some(sq("f1")), "a click, not a drag");
    assert_eq!(a.ui.premove, None);
    // A premove may aim at its own pawn (it may be taken by then); once the engine has moved
    // before the second click, the bishop's targets are its legal moves.
    assert!(a.ui.targets.contains(sq("g2")) && a.ui.targets.contains(sq("c4")));
    engine_answers(&mut a.c, "Nf6");
    premove_now(&mut a.c, &mut a.ui);
    assert_eq!(a.ui.selected, Some(sq("f1")));
    assert!(a.ui.targets.contains(sq("c4")) && !a.ui.targets.contains(sq("g2")));
    a.on_event(mouse(down, &g, "c4"), area);
    assert_eq!(a.c.s.game().moves().len(), 3, "2. Bc4 by the second click");
    // The engine to move: a drag keeps a premove.
    a.on_event(mouse(down, &g, "d2"), area);
    a.on_event(mouse(up, &g, "d4"), area);
    assert_eq!(a.ui.premove, Some(Premove::Squares(sq("d2"), sq("d4"))));
}

#[test]
fn a_premove_illegal_once_the_engine_has_moved_is_dropped_with_a_message() {
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "e4");
    let mut ui = coloured();
    let pos = *c.s.position();
    ui.premove_click(&pos, Color::White, sq("e4"));
    ui.premove_click(&pos, Color::White, sq("e5"));
    assert_eq!(ui.premove, Some(Premove::Squares(sq("e4"), sq("e5"))));
    // 1… e5 blocks the pawn.
    engine_answers(&mut c, "e5");
    said(&mut c);
    premove_now(&mut c, &mut ui);
    assert_eq!(c.s.game().moves().len(), 2, "nothing more is played");
    assert_eq!(ui.premove, None);
    assert!(said(&mut c).contains("Premove e4-e5 dropped"));
}

#[test]
fn a_typed_premove_is_played_or_dropped_and_esc_or_a_right_click_cancels_one() {
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "e4");
    let mut a = app(c);
    assert!(a.on_line("Nf3"));
    assert_eq!(a.ui.premove, Some(Premove::Typed("Nf3".into())));
    assert_eq!(a.c.s.game().moves().len(), 1);
    assert!(said(&mut a.c).contains("Premove Nf3: played when Vidle has moved"));
    // What is no move at all is said at once and kept as no premove.
    a.on_line("xyzzy");
    assert_eq!(a.ui.premove, Some(Premove::Typed("Nf3".into())), "the premove kept");
    assert!(!said(&mut a.c).contains("Premove xyzzy"));
    engine_answers(&mut a.c, "d5");
    premove_now(&mut a.c, &mut a.ui);
    assert_eq!(a.c.s.game().moves().len(), 3, "Nf3 played");
    // A capture of a pawn that is gone once the engine has moved: 2… dxe4.
    a.on_line("exd5");
    engine_answers(&mut a.c, "dxe4");
    said(&mut a.c);
    premove_now(&mut a.c, &mut a.ui);
    let text = said(&mut a.c);
    assert!(text.contains("Premove exd5 dropped"), "{text}");
    assert_eq!(a.c.s.game().moves().len(), 4, "exd5 is not played after 2… dxe4");
    // Esc cancels a premove, and so does a right click.
    typed(&mut a.c, "d4");
    a.on_line("Bg5");
    assert!(a.ui.premove.is_some());
    a.on_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert_eq!(a.ui.premove, None);
    a.on_line("Bg5");
    let area = Rect::new(0, 0, 100, 30);
    let g = Geometry::of(area).unwrap();
    a.on_event(mouse(MouseEventKind::Down(MouseButton::Right), &g, "a1"), area);
    assert_eq!(a.ui.premove, None);
    engine_answers(&mut a.c, "Nf6");
    premove_now(&mut a.c, &mut a.ui);
    assert_eq!(a.c.s.game().moves().len(), 6, "no premove is played once cancelled");
}
