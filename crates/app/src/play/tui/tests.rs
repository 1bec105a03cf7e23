//! The full-screen board drawn into ratatui's `TestBackend` and read back cell by cell; the
//! input line, clicks and promotions.

use super::input::{Click, LineEditor, Thinking, Ui};
use super::view::{self, Geometry};
use crate::clock::Clock;
use crate::clock::fake::FakeTime;
use crate::game::strength::Strength;
use crate::game::{GameSession, Setup};
use crate::i18n::Lang;
use crate::play::command::Command;
use crate::play::controller::{Controller, Job};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier};
use vidle_core::notation::parse_move;
use vidle_core::{Color, Game, Move, Position, Role, Square, parse_fen};

const W: u16 = 100;
const H: u16 = 30;

pub(super) fn controller(fen: Option<&str>, human: Color, clock: Option<&str>) -> Controller {
    controller_with_clock(fen, human, clock.map(|c| Clock::parse(c).unwrap()))
}

fn controller_with_clock(fen: Option<&str>, human: Color, clock: Option<Clock>) -> Controller {
    let game = match fen {
        Some(f) => Game::from_fen(f).unwrap(),
        None => Game::new(Position::startpos()),
    };
    let s = GameSession::new(Setup {
        game,
        human,
        strength: Strength(Some(1700)),
        depth: Some(1),
        movetime_ms: None,
        clock,
        chess960: false,
    });
    Controller::with_session(s, Lang::En, None)
}

/// Types a line through the shared parser and controller.
pub(super) fn typed(c: &mut Controller, line: &str) {
    c.handle(Command::parse(line).unwrap());
}

/// The engine's move, as if its search had answered `san`.
pub(super) fn engine_answers(c: &mut Controller, san: &str) {
    let p = c.engine_search().expect("the engine is to move");
    let mut outcome = p.plan.outcome();
    outcome.best = Some(parse_move(c.s.position(), san).unwrap());
    outcome.done = true;
    c.finish(&p, &outcome);
}

pub(super) fn render(c: &Controller, ui: &Ui, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, c, ui)).unwrap();
    t.backend().buffer().clone()
}

pub(super) fn lines(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (a.y..a.bottom())
        .map(|y| (a.x..a.right()).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

pub(super) fn screen(buf: &Buffer) -> String {
    lines(buf).join("\n")
}

fn geometry() -> Geometry {
    Geometry::of(Rect::new(0, 0, W, H)).unwrap()
}

pub(super) fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The piece glyph drawn on `square` (the cell in its middle) and its colours.
fn on_square(buf: &Buffer, square: &str, view: Color) -> (String, Tint, Tint) {
    let cell = geometry().square_centre(sq(square), view);
    let c = &buf[(cell.x, cell.y)];
    (c.symbol().to_string(), c.fg, c.bg)
}

/// Whether `line` holds the file letters `files` (`"a b c d e f g h"`), however far apart.
pub(super) fn has_files(line: &str, files: &str) -> bool {
    line.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ").contains(files)
}

pub(super) fn coloured() -> Ui {
    Ui::new(true, true)
}

#[test]
fn after_e4_the_board_the_moves_and_the_clocks() {
    let mut c = controller(None, Color::White, Some("0.25+0"));
    typed(&mut c, "e4");
    let buf = render(&c, &coloured(), W, H);
    let text = screen(&buf);
    let (glyph, fg, bg) = on_square(&buf, "e4", Color::White);
    assert_eq!(glyph, "♟", "a pawn on e4:\n{text}");
    assert_eq!(fg, Tint::Indexed(231), "drawn as a white piece");
    assert_eq!(bg, Tint::Indexed(143), "the last move is highlighted");
    assert_eq!(on_square(&buf, "e2", Color::White).2, Tint::Indexed(143));
    assert_eq!(on_square(&buf, "e2", Color::White).0, " ", "e2 is empty");
    let (g, fg, _) = on_square(&buf, "e8", Color::White);
    assert_eq!((g.as_str(), fg), ("♚", Tint::Indexed(16)), "the black king on e8");
    assert!(text.contains("1. e4"), "the moves panel:\n{text}");
    assert!(text.contains("King's Pawn"), "the opening's name:\n{text}");
    // White has moved: White's clock still shows the full 15 seconds, Black's runs.
    assert!(text.contains("0:15"), "{text}");
    assert!(text.contains("0:14"), "Black's clock has started:\n{text}");
    // One board: the file letters appear once, White at the bottom (rank 8 above rank 1).
    let files = lines(&buf).iter().filter(|l| has_files(l, "a b c d e f g h")).count();
    assert_eq!(files, 1, "{text}");
    let rows = lines(&buf);
    let rank = |r: &str| rows.iter().position(|l| l.starts_with(&format!("│{r} "))).unwrap();
    assert!(rank("8") < rank("1"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
}

#[test]
fn flipped_for_black_with_check_and_captures() {
    // 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ (Black: the player; White, the engine, is in check).
    let mut c = controller(None, Color::Black, None);
    engine_answers(&mut c, "e4");
    typed(&mut c, "d5");
    engine_answers(&mut c, "exd5");
    typed(&mut c, "Qxd5");
    engine_answers(&mut c, "Nc3");
    typed(&mut c, "Qe5+");
    let buf = render(&c, &coloured(), W, H);
    let text = screen(&buf);
    let rows = lines(&buf);
    let rank = |r: &str| rows.iter().position(|l| l.starts_with(&format!("│{r} "))).unwrap();
    assert!(rank("1") < rank("8"), "Black at the bottom:\n{text}");
    assert!(rows.iter().any(|l| has_files(l, "h g f e d c b a")), "{text}");
    // The top-left square is h1 for Black: the white king's side.
    let g = geometry();
    assert_eq!(g.square_at(g.board.x + 3, g.board.y + 1, Color::Black), Some(sq("h1")));
    assert_eq!(on_square(&buf, "e1", Color::Black).2, Tint::Indexed(167), "the king in check");
    assert!(text.contains("Check!"), "{text}");
    // Each side's captures, labelled: White took a pawn, Black took a pawn back.
    assert!(text.contains("White took: ♟"), "{text}");
    assert!(text.contains("Black took: ♙"), "{text}");
    assert!(text.contains("3. Nc3"), "{text}");
    assert!(text.contains("Qe5+"), "{text}");
}

#[test]
fn engine_panel_tablebase_messages_and_game_over() {
    let mut c = controller(Some("7k/8/8/8/8/8/8/K5R1 w - - 0 1"), Color::White, Some("1+0"));
    let mut ui = coloured();
    ui.thinking = Some(Thinking {
        job: Job::EngineMove,
        depth: 17,
        score: "+0.3".into(),
        nodes: 123_456,
        pv: vec!["Nf3".into(), "Nc6".into()],
        running: true,
    });
    c.tablebase = Some("White mates in 9 (tablebase)".into());
    ui.say("You played a4".into());
    // During the game the engine's own score and line are hidden (lichess does the same),
    // the depth and nodes shown; `eval` shows them.
    let hidden = screen(&render(&c, &ui, W, H));
    assert!(hidden.contains("depth 17") && hidden.contains("123456"), "{hidden}");
    assert!(!hidden.contains("+0.3") && !hidden.contains("Nf3 Nc6"), "{hidden}");
    typed(&mut c, "eval");
    assert!(c.show_eval);
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("thinking"), "{text}");
    assert!(text.contains("depth 17"), "{text}");
    assert!(text.contains("+0.3"), "{text}");
    assert!(text.contains("Nf3 Nc6"), "{text}");
    // A book move (or a search with nothing to say yet) shows no "depth 0 0 nodes".
    let mut quiet = coloured();
    quiet.thinking = Some(Thinking {
        job: Job::EngineMove,
        depth: 0,
        score: String::new(),
        nodes: 0,
        pv: Vec::new(),
        running: false,
    });
    let book = screen(&render(&c, &quiet, W, H));
    assert!(!book.contains("depth 0") && !book.contains(" 0 nodes"), "{book}");
    assert!(text.contains("White mates in 9"), "{text}");
    assert!(text.contains("You played a4"), "{text}");
    typed(&mut c, "resign");
    c.announce_end();
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("Game over: White resigns (0-1)"), "{text}");
}

#[test]
fn messages_show_the_latest_and_scroll_back() {
    let c = controller(None, Color::White, None);
    let mut ui = coloured();
    for i in 1..=40 {
        ui.say(format!("message number {i}"));
    }
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("message number 40") && !text.contains("message number 1 "), "{text}");
    ui.scroll = 10;
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("message number 30") && !text.contains("message number 31"), "{text}");
    ui.scroll = 1000;
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("message number 1 "), "scrolled back to the first:\n{text}");
    ui.say("new".into());
    assert_eq!(ui.scroll, 0, "a new message shows the latest again");
}

#[test]
fn a_flag_that_fell_is_shown_as_lost_on_time() {
    use std::time::Duration;
    let time = FakeTime::new();
    let clock = Clock::parse("0.001+0").unwrap().with_time_source(time.source());
    let mut c = controller_with_clock(None, Color::Black, Some(clock));
    engine_answers(&mut c, "e4");
    time.advance(Duration::from_millis(60) - Duration::from_nanos(1));
    assert!(!c.s.check_flag(), "a nanosecond of Black's 60 ms is left");
    let text = screen(&render(&c, &coloured(), W, H));
    assert!(!text.contains("lost on time"), "{text}");
    time.advance(Duration::from_nanos(1));
    assert!(c.s.check_flag(), "Black's 60 ms ran out");
    let buf = render(&c, &coloured(), W, H);
    let text = screen(&buf);
    assert!(text.contains("Black lost on time (1-0)"), "{text}");
    assert!(text.contains("0:00.0"), "{text}");
}

#[test]
fn ascii_letters_brackets_and_a_small_window() {
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "Nf3");
    let ui = Ui::new(false, false);
    let buf = render(&c, &ui, W, H);
    let g = geometry();
    let cell = g.square_centre(sq("f3"), Color::White);
    let three: String = (0..3).map(|i| buf[(cell.x - 1 + i, cell.y)].symbol()).collect();
    assert_eq!(three, "[N]", "{}", screen(&buf));
    let cell = g.square_centre(sq("e7"), Color::White);
    assert_eq!(buf[(cell.x, cell.y)].symbol(), "p");
    let small = screen(&render(&c, &ui, 40, 10));
    assert!(small.contains("too small"), "{small}");
    // The pieces taken are letters too (`--ascii` used to show ♟ in the "took" lines).
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "e4");
    engine_answers(&mut c, "d5");
    typed(&mut c, "exd5");
    let text = screen(&render(&c, &ui, W, H));
    assert!(text.contains("took: p"), "{text}");
    assert!(!text.chars().any(|ch| ('\u{2654}'..='\u{265F}').contains(&ch)), "{text}");
}

#[test]
fn click_click_moves_castling_and_promotion() {
    let pos = Position::startpos();
    let mut ui = coloured();
    assert_eq!(ui.click(&pos, Color::White, sq("e7")), Click::Nothing);
    assert_eq!(ui.selected, None, "the opponent's pieces are not picked");
    ui.click(&pos, Color::White, sq("e2"));
    assert_eq!(ui.selected, Some(sq("e2")));
    assert!(ui.targets.contains(sq("e4")) && ui.targets.contains(sq("e3")));
    let m = parse_move(&pos, "e4").unwrap();
    assert_eq!(ui.click(&pos, Color::White, sq("e4")), Click::Play(m));
    assert_eq!(ui.selected, None);
    // Castling by the king's destination.
    let pos = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    ui.click(&pos, Color::White, sq("e1"));
    let castle = parse_move(&pos, "O-O").unwrap();
    assert_eq!(ui.click(&pos, Color::White, sq("g1")), Click::Play(castle));
    // A promotion waits for its piece: Esc-free choice by key, Enter for a queen.
    let pos = parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    ui.click(&pos, Color::White, sq("b7"));
    assert_eq!(ui.click(&pos, Color::White, sq("b8")), Click::Nothing);
    assert!(ui.promotion.is_some());
    let m = ui.promote(KeyCode::Char('n')).unwrap();
    assert_eq!(m.promotion_role(), Some(Role::Knight));
    assert!(ui.promotion.is_none());
    ui.click(&pos, Color::White, sq("b7"));
    ui.click(&pos, Color::White, sq("b8"));
    assert_eq!(ui.promote(KeyCode::Char('x')), None, "another key does not choose");
    assert_eq!(ui.promote(KeyCode::Enter).and_then(Move::promotion_role), Some(Role::Queen));
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn input_line_edits_recalls_and_completes() {
    let mut l = LineEditor::default();
    for ch in "e3".chars() {
        l.edit(&key(KeyCode::Char(ch)));
    }
    l.edit(&key(KeyCode::Backspace));
    l.edit(&key(KeyCode::Char('4')));
    assert_eq!(l.submit(), "e4");
    l.set("undo");
    l.submit();
    l.edit(&key(KeyCode::Up));
    assert_eq!(l.text(), "undo");
    l.edit(&key(KeyCode::Up));
    assert_eq!(l.text(), "e4");
    l.edit(&key(KeyCode::Down));
    assert_eq!(l.text(), "undo");
    l.edit(&key(KeyCode::Down));
    assert_eq!(l.text(), "");
    let moves: Vec<String> = ["Nf3", "Nh3", "Nc3", "e4"].iter().map(|s| s.to_string()).collect();
    l.set("Nf");
    assert!(l.complete(&moves).is_empty());
    assert_eq!(l.text(), "Nf3 ");
    l.set("re");
    let found = l.complete(&moves);
    assert_eq!(l.text(), "re", "redo and resign share 're'");
    assert!(found.contains(&"redo".to_string()) && found.contains(&"resign".to_string()));
    l.set("hi");
    l.complete(&moves);
    assert_eq!(l.text(), "hint ");
}

/// A known analysis of `1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#` (written by hand, not
/// searched), handed to the controller as the `analyse` command's job would be.
pub(super) fn analysed_scholars_mate(lang: Lang) -> Controller {
    use crate::analysis::{Analysis, Eval, Judgement, MoveAnalysis, Side, SideSummary};
    use crate::play::controller::Step;
    let mut c = controller(None, Color::White, None);
    c.lang = lang;
    for (white, black) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6")] {
        typed(&mut c, white);
        engine_answers(&mut c, black);
    }
    typed(&mut c, "Qxf7#");
    let Step::Analyse(job) = c.handle(Command::parse("analyse").unwrap()) else {
        panic!("analyse hands back a job");
    };
    let evals = [
        Eval::Cp(30),
        Eval::Cp(30),
        Eval::Cp(0),
        Eval::Cp(10),
        Eval::Cp(20),
        Eval::Mate(1),
        Eval::Checkmate { winner: Side::White },
    ];
    let sans = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let moves = sans
        .iter()
        .zip(evals)
        .enumerate()
        .map(|(i, (san, eval))| MoveAnalysis {
            ply: i + 1,
            move_number: (i / 2 + 1) as u32,
            side: if i % 2 == 0 { Side::White } else { Side::Black },
            san: san.to_string(),
            uci: String::new(),
            eval,
            win_chances: crate::analysis::judgement::winning_chances(eval),
            judgement: (i == 5).then_some(Judgement::Blunder),
            best: (i == 5).then(|| "g6".to_string()),
            line: Vec::new(),
            accuracy: 50.0,
        })
        .collect();
    let side = |blunders, accuracy| SideSummary {
        inaccuracies: 0,
        mistakes: 0,
        blunders,
        accuracy: Some(accuracy),
    };
    let a =
        Analysis { start_eval: Eval::Cp(20), moves, white: side(0, 91.4), black: side(1, 38.6) };
    c.analysed(*job, Ok(a), false);
    c
}

#[test]
fn the_analysis_panel_shows_the_graph_accuracy_and_judged_moves() {
    let mut c = analysed_scholars_mate(Lang::En);
    let said: Vec<String> = c
        .drain()
        .into_iter()
        .filter_map(|o| match o {
            crate::play::controller::Output::Text(t) => Some(t),
            crate::play::controller::Output::Board => None,
        })
        .collect();
    assert!(said.iter().any(|m| m.contains("accuracy 91%")), "each side's line: {said:?}");
    let mut ui = coloured();
    let buf = render(&c, &ui, W, H);
    let text = screen(&buf);
    assert!(text.contains(" Analysis "), "the panel:\n{text}");
    assert!(!text.contains(" Engine "), "it takes the engine panel's place:\n{text}");
    assert!(text.contains("White  accuracy  91%"), "{text}");
    assert!(text.contains("Black  accuracy  39%"), "{text}");
    assert!(text.contains("?? 1"), "Black's blunder counted:\n{text}");
    // The graph: braille with dots (the start, and the mate at the end, above the middle).
    let braille = text.chars().filter(|&ch| ('\u{2801}'..='\u{28ff}').contains(&ch)).count();
    assert!(braille > 40, "a graph of dots:\n{text}");
    // The judged move in the moves panel, its glyph in the blunder colour.
    let rows = lines(&buf);
    let (y, row) = rows.iter().enumerate().find(|(_, l)| l.contains("Nf6??")).expect(&text);
    let x = (row[..row.find("Nf6??").unwrap()].chars().count() + 3) as u16;
    assert_eq!(buf[(x, y as u16)].fg, Tint::Indexed(167), "?? drawn red:\n{text}");
    // The last move is marked on the graph (its column in reverse video); the verdict of the
    // last move is shown.
    assert!(text.contains("4. Qxf7# mate"), "{text}");

    // Stepping back a move shows the board before Qxf7# (a pawn on f7, the queen on h5), the
    // blunder's verdict with the better move, and its column marked.
    assert!(ui.step(KeyCode::Left, 7));
    assert_eq!(ui.ply, Some(6));
    let buf = render(&c, &ui, W, H);
    let text = screen(&buf);
    assert_eq!(on_square(&buf, "f7", Color::White).0, "♟", "{text}");
    assert_eq!(on_square(&buf, "h5", Color::White).0, "♛", "{text}");
    assert!(text.contains("3... Nf6?? #1, best g6"), "{text}");
    let marked = |buf: &Buffer| -> Vec<u16> {
        let panel = geometry().with_analysis().engine;
        (panel.x..panel.right())
            .filter(|&x| buf[(x, panel.y + 1)].modifier.contains(Modifier::REVERSED))
            .collect()
    };
    let at_six = marked(&buf);
    assert_eq!(at_six.len(), 1, "one column marked:\n{text}");
    assert!(ui.step(KeyCode::Home, 7));
    let at_start = marked(&render(&c, &ui, W, H));
    assert!(at_start[0] < at_six[0], "the start is left of move 6");
    // Past the end: the board now again.
    assert!(ui.step(KeyCode::End, 7));
    assert_eq!(ui.ply, None);
    assert!(!ui.step(KeyCode::Char('x'), 7));
}

#[test]
fn the_analysis_progress_bar() {
    let c = controller(None, Color::White, None);
    let mut ui = coloured();
    ui.analysing = Some(crate::analysis::Progress { done: 3, total: 12 });
    let text = screen(&render(&c, &ui, W, H));
    let line = text.lines().find(|l| l.contains("Analysis ")).expect(&text);
    assert!(line.contains("3/12"), "{line}");
    let full = line.chars().filter(|&ch| ch == '█').count();
    let empty = line.chars().filter(|&ch| ch == '░').count();
    assert!(full > 0 && empty > 0, "{line}");
    assert_eq!((full * 4 + 2) / (full + empty), 1, "a quarter filled: {line}");
}

/// A long level name never cuts the engine's clock (it read "Vidle (beginner) 0:5", in Czech
/// "Vidle (klubový) 5:"): the name gives way, with an ellipsis.
#[test]
fn long_level_names_leave_the_clock_whole() {
    for (lang, level) in [(Lang::En, "beginner"), (Lang::Cs, "začátečník"), (Lang::Cs, "klubový")]
    {
        let mut c = controller(None, Color::White, Some("5+0"));
        c.lang = lang;
        typed(&mut c, &format!("level {level}"));
        let text = screen(&render(&c, &coloured(), W, H));
        let line = text
            .lines()
            .find(|l| l.contains("Vidle (") || l.contains("Vidle…") || l.contains(" · Vidle"))
            .unwrap_or("");
        assert!(line.contains(" 5:00"), "{lang:?} {level}: {line:?}\n{text}");
    }
}

#[test]
fn the_book_command_lists_the_explorer_in_the_message_log() {
    let mut c = controller(None, Color::White, None);
    typed(&mut c, "e4");
    engine_answers(&mut c, "c5");
    typed(&mut c, "book");
    let mut ui = coloured();
    for out in c.drain() {
        if let crate::play::controller::Output::Text(t) = out {
            ui.say(t);
        }
    }
    let text = screen(&render(&c, &ui, W, 40));
    assert!(text.contains("move      weight   share  replies"), "{text}");
    let nf3 = text.lines().find(|l| l.contains("Nf3 ") && l.contains('%'));
    assert!(nf3.is_some(), "{text}");
}
