//! Terminal play in line mode (pipes, `--plain`): reads the player's lines, runs the searches
//! they ask for while waiting, and prints what the shared controller ([`Controller`]) and game
//! session ([`crate::game::GameSession`]) decide, with a board printed after each change.

use super::board::{self, Style};
use super::command::Command;
use super::controller::{AnalysisJob, Controller, Job, Output, Pending, Step, pv_san};
use super::input::{Got, Input};
use crate::game::SearchOutcome;
use crate::i18n::{Msg, Text};
use crate::openings;
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use vidle_core::notation::to_san;
use vidle_core::{Color, Position};
use vidle_engine::{Engine, SearchEvent, SearchInfo};

pub struct Session {
    c: Controller,
    engine: Engine,
    style: Style,
    interactive: bool,
}

impl Session {
    pub fn new(c: Controller, engine: Engine, ascii: bool) -> Session {
        let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let term_ok = std::env::var("TERM").map_or(true, |t| t != "dumb");
        let colour = interactive && !ascii && term_ok && std::env::var_os("NO_COLOR").is_none();
        let style = Style { unicode: !ascii && interactive, colour, lang: c.lang };
        Session { c, engine, style, interactive }
    }

    /// Prints what the controller said, drawing the board where it asked.
    fn flush(&mut self) {
        for out in self.c.drain() {
            match out {
                Output::Text(t) => println!("{t}"),
                Output::Board => self.show_board(),
            }
        }
        let _ = std::io::stdout().flush();
    }

    pub fn run(mut self) -> anyhow::Result<()> {
        let mut input = Input::new(self.interactive);
        self.c.greet();
        self.show_board();
        self.flush();
        loop {
            self.c.tablebase_notices();
            self.c.s.check_flag();
            self.c.announce_end();
            self.flush();
            if let Some(p) = self.c.engine_search() {
                self.search(&p);
                self.c.announce_end();
                self.flush();
                self.show_board();
                continue;
            }
            let moves: Vec<String> = {
                let pos = *self.c.s.position();
                pos.legal_moves().iter().map(|m| to_san(&pos, m)).collect()
            };
            input.set_moves(moves);
            let prompt = self.prompt();
            let got = loop {
                match input.read_line(&prompt, self.flag_deadline()) {
                    Got::Line(got) => break got,
                    // The flag fell while the player thought: said now, not at the next line.
                    Got::TimedOut => {
                        if self.c.s.check_flag() {
                            if self.interactive {
                                println!();
                            }
                            self.c.announce_end();
                            self.flush();
                        }
                    }
                }
            };
            let line = match got {
                None => break,
                Some(Ok(line)) => line,
                Some(Err(why)) => {
                    println!("{}", why.render(self.c.lang));
                    continue;
                }
            };
            if !self.interactive {
                // Echo scripted input so transcripts read like a session.
                println!("{prompt}{line}");
            }
            // A flag that fell as the line came is said before the line is answered.
            self.c.s.check_flag();
            self.c.announce_end();
            self.flush();
            match Command::parse(&line).map(|cmd| self.c.handle(cmd)) {
                Some(Step::Quit) => break,
                Some(Step::Search(p)) => self.search(&p),
                Some(Step::Analyse(job)) => {
                    let result = AnalysisJob::run(job.game(), &mut |_| true);
                    self.c.analysed(*job, result, true);
                }
                Some(Step::Continue) | None => {}
            }
            self.c.announce_end();
            self.flush();
        }
        let saved = self.c.save_if_asked();
        self.flush();
        // The exit status says the game was not kept (the reason was printed).
        anyhow::ensure!(saved, "the game could not be saved");
        Ok(())
    }

    /// When the running clock's flag falls (a little after, so that it has), if a game with a
    /// clock is on.
    fn flag_deadline(&self) -> Option<Instant> {
        if self.c.s.ended().is_some() {
            return None;
        }
        let clock = self.c.s.clock()?;
        let side = clock.running()?;
        Some(Instant::now() + clock.remaining(side) + Duration::from_millis(5))
    }

    /// Runs a search and waits for it, drawing the live status line for the engine's moves and
    /// hints on a terminal.
    fn search(&mut self, p: &Pending) {
        self.flush();
        let live = p.job != Job::Draw && self.interactive;
        let mut outcome = p.plan.outcome();
        let (tx, rx) = mpsc::channel();
        self.c.start(&mut self.engine, p, tx);
        self.flush();
        let pos = *p.plan.game.position();
        for ev in rx {
            if let SearchEvent::Info(info) = &ev
                && live
            {
                let line = self.status_line(&pos, info, self.c.reveals_eval(p.job));
                print!("\r\x1b[2K{line}");
                let _ = std::io::stdout().flush();
            }
            if outcome.update(&ev) {
                break;
            }
        }
        self.engine.wait();
        if live {
            print!("\r\x1b[2K");
            let _ = std::io::stdout().flush();
        }
        self.finish(p, &outcome);
    }

    fn finish(&mut self, p: &Pending, outcome: &SearchOutcome) {
        self.c.finish(p, outcome);
        self.flush();
    }

    /// The live status line; the score and line only when `reveal` (see
    /// `Controller::reveals_eval`).
    fn status_line(&self, pos: &Position, info: &SearchInfo, reveal: bool) -> String {
        let line = if reveal { pv_san(pos, &info.pv, self.c.lang, 8) } else { Vec::new() };
        let width = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).unwrap_or(100usize);
        let score = if reveal { info.score.for_people(pos.turn()) } else { String::new() };
        let text = format!(
            "{} {:>2}  {:>7}  {:>9} {}  {}",
            self.c.tr(Msg::Depth),
            info.depth,
            score,
            info.nodes,
            self.c.tr(Msg::Nodes),
            line.join(" ")
        );
        text.chars().take(width.saturating_sub(1)).collect()
    }

    fn prompt(&self) -> String {
        let pos = self.c.s.position();
        let mut p = String::new();
        if let Some(c) = self.c.s.clock() {
            p.push_str(&format!("[{}] ", self.c.clocks_text(c, " | ")));
        }
        if self.c.s.ended().is_some() {
            p.push_str(self.c.tr(Msg::GameOverPrompt));
        } else {
            p.push_str(&format!(
                "{}{} > ",
                pos.fullmove_number(),
                if pos.turn() == Color::White { "." } else { "..." }
            ));
        }
        p
    }

    fn show_board(&self) {
        let c = &self.c;
        let pos = c.s.game().position();
        let taken = crate::game::captured::captured(c.s.game());
        let balance = crate::game::captured::material_balance(pos);
        let (white_lost, black_lost) = (&taken.by_black, &taken.by_white);
        let mut side = Vec::new();
        side.push(Text::new(Msg::ToMove).arg("color", c.lang.color(pos.turn())).render(c.lang));
        if pos.is_check() {
            side.push(c.tr(Msg::Check).to_string());
        }
        let adv = match balance {
            0 => String::new(),
            b if b > 0 => format!(" (+{b})"),
            b => format!(" ({b})"),
        };
        // "White took: p p" as in the full-screen board, only for a side that took something.
        for (side_color, lost, owner, ahead) in [
            (Color::White, black_lost, Color::Black, balance > 0),
            (Color::Black, white_lost, Color::White, balance < 0),
        ] {
            if lost.is_empty() {
                continue;
            }
            let pieces = board::pieces_text(lost, owner, &self.style);
            let text = Text::new(Msg::Took)
                .arg("color", c.lang.color(side_color))
                .arg("pieces", pieces)
                .render(c.lang);
            side.push(format!("{text}{}", if ahead { adv.as_str() } else { "" }));
        }
        if let Some(o) = openings::name_of(c.s.game()) {
            side.push(format!("{} {}", o.eco, o.name));
        }
        if let Some(clock) = c.s.clock() {
            side.push(c.clocks_text(clock, "  "));
        }
        let line = c.lang.localise_san(&c.s.game().san_line());
        // The last moves of the game, wrapped to the panel.
        let tail: Vec<&str> = line.split(' ').collect();
        let start = tail.len().saturating_sub(18);
        for chunk in tail[start..].chunks(6) {
            side.push(chunk.join(" "));
        }
        print!(
            "{}",
            board::render(pos, c.view, c.s.game().moves().last().copied(), &side, &self.style)
        );
        let _ = std::io::stdout().flush();
    }
}
