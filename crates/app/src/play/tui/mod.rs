//! The full-screen terminal board (`vidle play` on a terminal): ratatui draws [`view::draw`]
//! from the game session a few times a second, so the clocks tick and a flag falls with no key
//! pressed; crossterm reads keys, mouse clicks and resizes. The engine searches on its own thread
//! and its events come back over a channel, so the screen stays live while it thinks.
//!
//! Commands and moves go through the same parser and controller as line mode; this file only
//! runs the loop and the searches. The terminal is restored on every way out: a normal quit, an
//! error (the guard's `Drop`) and a panic (a hook that restores it before the message prints).

mod input;
mod review;
mod view;

use super::command::Command;
use super::controller::{AnalysisJob, Controller, Job, Output, Pending, Step, pv_san};
use crate::analysis::{Analysis, AnalysisError, Progress};
use crate::game::SearchOutcome;
use crate::i18n::{Msg, Text};
use input::{Click, Premove, Thinking, Ui};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::Stdout;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;
use vidle_core::notation::{MoveParseError, parse_move, to_san};
use vidle_engine::{Engine, SearchEvent};

/// How often the screen is redrawn with no input (clocks show tenths under ten seconds).
const TICK: Duration = Duration::from_millis(100);

/// Puts the terminal back as it was: cooked mode, the main screen, no mouse reporting, a cursor.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// Restores the terminal when dropped (a quit, an error returned through `?`).
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Runs a game on the full screen.
pub fn run(c: Controller, engine: Engine, ascii: bool) -> anyhow::Result<()> {
    let colour = !ascii && std::env::var_os("NO_COLOR").is_none();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    enable_raw_mode()?;
    let _guard = Guard;
    // A clean alternate screen (ratatui's own `clear` asks the terminal where the cursor is,
    // which not every terminal answers).
    execute!(std::io::stdout(), EnterAlternateScreen, EnableMouseCapture, Clear(ClearType::All))?;
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    let mut app = App { c, engine, ui: Ui::new(!ascii, colour), search: None, review: None };
    let result = app.run(&mut terminal);
    app.stop_search();
    app.stop_review();
    let saved = app.c.save_if_asked();
    drop(_guard);
    // What was said after the last screen (a failed save) is not lost with it.
    for out in app.c.drain() {
        if let Output::Text(t) = out {
            eprintln!("{t}");
        }
    }
    result?;
    anyhow::ensure!(saved, "the game could not be saved");
    Ok(())
}

/// A search running on the engine's thread.
struct Running {
    pending: Pending,
    outcome: SearchOutcome,
    events: mpsc::Receiver<SearchEvent>,
}

/// What the analysis thread reports.
enum Report {
    Progress(Progress),
    Done(Result<Analysis, AnalysisError>),
}

/// A post-game analysis running on a thread of its own (with an engine of its own).
struct Review {
    job: Box<AnalysisJob>,
    stop: Arc<AtomicBool>,
    reports: mpsc::Receiver<Report>,
    thread: std::thread::JoinHandle<()>,
}

struct App {
    c: Controller,
    engine: Engine,
    ui: Ui,
    search: Option<Running>,
    review: Option<Review>,
}

impl App {
    fn run(&mut self, terminal: &mut Terminal<CrosstermBackend<Stdout>>) -> anyhow::Result<()> {
        self.c.greet();
        loop {
            self.c.tablebase_notices();
            self.c.s.check_flag();
            if self.c.s.ended().is_some()
                && self.search.as_ref().is_some_and(|r| r.pending.job == Job::EngineMove)
            {
                // The engine's flag fell while it thought.
                self.stop_search();
            }
            if self.c.s.ended().is_some() {
                self.ui.premove = None;
            }
            self.c.announce_end();
            if self.search.is_none()
                && let Some(p) = self.c.engine_search()
            {
                self.start(p);
            }
            self.take_output();
            terminal.draw(|f| view::draw(f, &self.c, &self.ui))?;
            // For the pty test that a panic gives the terminal back (debug builds only).
            #[cfg(debug_assertions)]
            if std::env::var_os("VIDLE_TEST_PANIC").is_some() {
                panic!("VIDLE_TEST_PANIC: a panic inside the full-screen board, as asked");
            }
            if event::poll(TICK)? {
                // Everything that has arrived, then one redraw.
                loop {
                    let size = terminal.size()?;
                    let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                    if !self.on_event(event::read()?, area) {
                        return Ok(());
                    }
                    if !event::poll(Duration::ZERO)? {
                        break;
                    }
                }
            }
            self.take_search_events();
            self.take_review_reports();
        }
    }

    /// Starts the analysis `job` on its own thread.
    fn start_review(&mut self, job: Box<AnalysisJob>) {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, reports) = mpsc::channel();
        let game = job.game().clone();
        // The start position and one after each move.
        let total = game.moves().len() + 1;
        let halt = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name("vidle-analysis".into()).spawn(move || {
            let result = AnalysisJob::run(&game, &mut |p| {
                let _ = tx.send(Report::Progress(p));
                !halt.load(Ordering::SeqCst)
            });
            let _ = tx.send(Report::Done(result));
        });
        match spawned {
            Ok(thread) => {
                self.ui.analysing = Some(Progress { done: 0, total });
                self.review = Some(Review { job, stop, reports, thread });
            }
            Err(e) => {
                let text = Text::new(Msg::AnalysisFailedWhy).arg("why", e).render(self.c.lang);
                self.ui.say(text);
            }
        }
    }

    /// Stops the analysis (after the position being searched) and waits for its thread.
    fn stop_review(&mut self) {
        if let Some(r) = self.review.take() {
            r.stop.store(true, Ordering::SeqCst);
            let _ = r.thread.join();
            self.ui.analysing = None;
            self.c.analysed(*r.job, Err(AnalysisError::Stopped), false);
        }
    }

    /// Takes in the analysis thread's progress; hands the analysis to the controller at the end.
    fn take_review_reports(&mut self) {
        let Some(r) = &self.review else { return };
        let mut result = None;
        while let Ok(report) = r.reports.try_recv() {
            match report {
                Report::Progress(p) => self.ui.analysing = Some(p),
                Report::Done(res) => result = Some(res),
            }
        }
        // A thread that ended without a word (it panicked) ends the analysis too.
        let result = match result {
            Some(res) => res,
            None if r.thread.is_finished() => Err(AnalysisError::Stopped),
            None => return,
        };
        let Some(r) = self.review.take() else { return };
        let _ = r.thread.join();
        self.ui.analysing = None;
        self.ui.ply = None;
        self.c.analysed(*r.job, result, false);
    }

    /// Moves the controller's messages into the log.
    fn take_output(&mut self) {
        for out in self.c.drain() {
            if let Output::Text(t) = out {
                self.ui.say(t);
            }
        }
    }

    fn start(&mut self, p: Pending) {
        let (tx, rx) = mpsc::channel();
        self.c.start(&mut self.engine, &p, tx);
        self.ui.thinking = Some(Thinking {
            job: p.job,
            depth: 0,
            score: String::new(),
            nodes: 0,
            pv: Vec::new(),
            running: true,
        });
        self.search = Some(Running { outcome: p.plan.outcome(), pending: p, events: rx });
    }

    /// Stops a running search and forgets its answer.
    fn stop_search(&mut self) {
        if self.search.take().is_some() {
            self.engine.stop();
            self.engine.wait();
            if let Some(t) = &mut self.ui.thinking {
                t.running = false;
            }
        }
    }

    /// Takes in what the search has reported; hands its answer to the controller when it ends.
    fn take_search_events(&mut self) {
        let Some(run) = &mut self.search else { return };
        let pos = *run.pending.plan.game.position();
        let mut done = false;
        while let Ok(ev) = run.events.try_recv() {
            if let SearchEvent::Info(info) = &ev
                && info.bound.is_none()
                && info.multipv == 1
                && let Some(t) = &mut self.ui.thinking
            {
                t.depth = info.depth;
                t.score = info.score.for_people(pos.turn());
                t.nodes = info.nodes;
                t.pv = pv_san(&pos, &info.pv, self.c.lang, 12);
            }
            if run.outcome.update(&ev) {
                done = true;
                break;
            }
        }
        if !done {
            return;
        }
        let Some(run) = self.search.take() else { return };
        self.engine.wait();
        if let Some(t) = &mut self.ui.thinking {
            t.running = false;
        }
        self.c.finish(&run.pending, &run.outcome);
        self.c.announce_end();
        premove_now(&mut self.c, &mut self.ui);
    }

    /// Handles one terminal event; `false` to quit.
    fn on_event(&mut self, ev: Event, size: ratatui::layout::Rect) -> bool {
        match ev {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.on_key(key),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.on_click(m.column, m.row, size);
                true
            }
            // A piece dragged: let go on another square, it is the second click.
            Event::Mouse(m) if m.kind == MouseEventKind::Up(MouseButton::Left) => {
                let from = self.ui.selected;
                let g = view::Geometry::of(size);
                let to = g.and_then(|g| g.square_at(m.column, m.row, self.c.view));
                if from.is_some() && to.is_some() && to != from {
                    self.on_click(m.column, m.row, size);
                }
                true
            }
            // A right click cancels the selection and the premove, as on lichess.
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Right) => {
                self.ui.clear_selection();
                self.ui.premove = None;
                true
            }
            // A resize is redrawn by the next draw, which takes the new size.
            _ => true,
        }
    }

    fn on_click(&mut self, column: u16, row: u16, size: ratatui::layout::Rect) {
        if self.ui.ply.take().is_some() {
            // A click on a past position goes back to the board now.
            return;
        }
        let Some(g) = view::Geometry::of(size) else { return };
        let Some(sq) = g.square_at(column, row, self.c.view) else {
            self.ui.clear_selection();
            return;
        };
        let pos = *self.c.s.position();
        if engine_to_move(&self.c) {
            self.ui.premove_click(&pos, self.c.s.human(), sq);
            return;
        }
        if let Click::Play(m) = self.ui.click(&pos, self.c.s.human(), sq) {
            self.play(m);
        }
    }

    fn play(&mut self, m: vidle_core::Move) {
        if self.search.as_ref().is_some_and(|r| r.pending.job != Job::EngineMove) {
            self.stop_search();
        }
        self.c.play_move(m);
    }

    fn on_key(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c')) {
            return false;
        }
        if ctrl && matches!(key.code, KeyCode::Char('d')) && self.ui.line.text().is_empty() {
            return false;
        }
        if self.ui.promotion.is_some() {
            if key.code == KeyCode::Esc {
                self.ui.clear_selection();
            } else if let Some(m) = self.ui.promote(key.code) {
                self.play(m);
            }
            return true;
        }
        let empty = self.ui.line.text().is_empty();
        if empty
            && let Some(a) = self.c.analysis()
            && self.ui.step(key.code, a.moves.len())
        {
            return true;
        }
        match key.code {
            KeyCode::Esc if empty && self.review.is_some() => self.stop_review(),
            KeyCode::Esc => {
                self.ui.clear_selection();
                self.ui.premove = None;
                self.ui.line.set("");
                self.ui.ply = None;
            }
            KeyCode::Tab => {
                let pos = *self.c.s.position();
                let moves: Vec<String> =
                    pos.legal_moves().iter().map(|m| to_san(&pos, m)).collect();
                let found = self.ui.line.complete(&moves);
                if !found.is_empty() {
                    self.ui.say(found.join(" "));
                }
            }
            KeyCode::PageUp => self.ui.scroll += 5,
            KeyCode::PageDown => self.ui.scroll = self.ui.scroll.saturating_sub(5),
            KeyCode::Enter => {
                let line = self.ui.line.submit();
                return self.on_line(&line);
            }
            _ => {
                self.ui.line.edit(&key);
            }
        }
        true
    }

    /// Runs a typed line through the shared parser and controller; `false` to quit.
    fn on_line(&mut self, line: &str) -> bool {
        let Some(cmd) = Command::parse(line) else { return true };
        self.ui.say(format!("> {}", line.trim()));
        self.ui.clear_selection();
        if let Command::Move(text) = &cmd
            && engine_to_move(&self.c)
        {
            premove_typed(&mut self.c, &mut self.ui, text);
            return true;
        }
        if cmd.changes_game() {
            self.ui.premove = None;
        }
        // A line that changes the game makes a running search stale; a hint or a draw offer is
        // also given up for a move or another search.
        let stop = match self.search.as_ref().map(|r| r.pending.job) {
            None => false,
            Some(Job::EngineMove) => cmd.changes_game(),
            Some(Job::Hint | Job::Draw) => {
                cmd.changes_game()
                    || matches!(cmd, Command::Move(_) | Command::Hint | Command::Draw)
            }
        };
        if stop {
            self.stop_search();
        }
        match (&cmd, &self.review) {
            (Command::AnalyseStop, Some(_)) => {
                self.stop_review();
                return true;
            }
            (Command::Analyse(_), Some(_)) => {
                let text = self.c.tr(Msg::AnalysisRunning);
                self.ui.say(text.to_string());
                return true;
            }
            _ => {}
        }
        self.ui.ply = None;
        match self.c.handle(cmd) {
            Step::Quit => return false,
            Step::Search(p) => self.start(*p),
            Step::Analyse(job) => self.start_review(job),
            Step::Continue => {}
        }
        true
    }
}

/// Whether the engine is to move in a game going on (moves made now are premoves).
fn engine_to_move(c: &Controller) -> bool {
    c.s.ended().is_none() && c.s.position().turn() != c.s.human()
}

/// Keeps a move typed while the engine thinks as the premove (replacing any other).
fn premove_typed(c: &mut Controller, ui: &mut Ui, text: &str) {
    // What is no move at all is said now; whether it is legal, once the engine has moved.
    if let Err(e @ MoveParseError::Syntax { .. }) = parse_move(c.s.position(), text) {
        c.say_text(crate::i18n::move_error(&e, true));
        return;
    }
    let premove = Premove::Typed(text.trim().to_string());
    c.say_text(Text::new(Msg::PremoveSet).arg("move", premove.describe()));
    ui.premove = Some(premove);
}

/// Once the engine has moved: plays the premove if it is legal now, else drops it, saying so.
fn premove_now(c: &mut Controller, ui: &mut Ui) {
    if c.s.ended().is_some() {
        ui.premove = None;
    }
    if engine_to_move(c) {
        return;
    }
    let pos = *c.s.position();
    // A piece picked while the engine thought (no target yet) shows its legal moves now.
    if let (Some(sq), None) = (ui.selected, &ui.premove) {
        ui.clear_selection();
        ui.click(&pos, c.s.human(), sq);
    }
    match ui.take_premove(&pos) {
        Some(Ok(m)) => c.play_move(m),
        Some(Err(what)) => c.say_text(Text::new(Msg::PremoveDropped).arg("move", what)),
        None => {}
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_board;
#[cfg(test)]
mod tests_shots;
