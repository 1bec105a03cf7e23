//! The game loop of terminal play: the board, the player's input, the engine's moves, the clocks,
//! and the end of the game.

use super::board::{self, Style};
use super::i18n::Lang;
use super::input::Input;
use super::strength::Strength;
use super::{ColorChoice, PlayArgs};
use crate::clock::Clock;
use crate::openings;
use crate::pgn::{self, PgnHeaders};
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;
use vidle_core::files::{MAX_PGN_BYTES, read_text_bounded};
use vidle_core::notation::{MoveParseError, parse_move, to_san};
use vidle_core::{Color, Game, Move, Position, chess960, fen};
use vidle_engine::{Engine, Score, SearchEvent, SearchInfo, SearchLimits};

/// Default thinking time per move without a clock.
const DEFAULT_MOVETIME_MS: u64 = 2000;
/// Thinking time for `hint` and for judging a draw offer.
const HINT_MOVETIME_MS: u64 = 1000;
/// The engine accepts a draw when its own score is at most this (centipawns).
const DRAW_ACCEPT_CP: i32 = 0;

pub struct Session {
    game: Game,
    redo: Vec<Move>,
    human: Color,
    view: Color,
    engine: Engine,
    strength: Strength,
    depth: Option<u32>,
    movetime: Option<u64>,
    clock: Option<Clock>,
    style: Style,
    lang: Lang,
    interactive: bool,
    save: Option<std::path::PathBuf>,
    chess960: bool,
    /// Result and termination once the game has ended.
    ended: Option<(String, String)>,
    /// Whether the engine's last answer came from the opening book.
    last_was_book: bool,
    /// Set when the engine's last answer came from (or was restricted by) the tablebases.
    last_tb: Option<String>,
}

fn pick_color(c: ColorChoice) -> Color {
    match c {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => Color::from_white(random_u64() & 1 == 0),
    }
}

fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    h.finish()
}

impl Session {
    pub fn new(args: &PlayArgs) -> anyhow::Result<Session> {
        let lang = Lang::parse(&args.lang)
            .ok_or_else(|| anyhow::anyhow!("--lang '{}': use en or cs", args.lang))?;
        let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let term_ok = std::env::var("TERM").map_or(true, |t| t != "dumb");
        let colour =
            interactive && !args.ascii && term_ok && std::env::var_os("NO_COLOR").is_none();
        let style = Style { unicode: !args.ascii && interactive, colour, lang };
        let mut chess960 = args.chess960;
        let game = if let Some(path) = &args.load {
            let text = read_text_bounded(path, MAX_PGN_BYTES)
                .map_err(|e| anyhow::anyhow!("--load {}: {e}", path.display()))?;
            let parsed = pgn::read_pgn(&text)
                .map_err(|e| anyhow::anyhow!("--load {}: {e}", path.display()))?;
            for why in &parsed.skipped {
                eprintln!("warning: --load {}: skipped {why}", path.display());
            }
            chess960 = parsed.tag("Variant").is_some_and(|v| v.to_lowercase().contains("960"));
            parsed.game
        } else if let Some(f) = &args.fen {
            Game::from_fen(f).map_err(|e| anyhow::anyhow!("--fen: {e}"))?
        } else if chess960 {
            Game::new(chess960::start_position((random_u64() % 960) as u32))
        } else {
            Game::new(Position::startpos())
        };
        // Castling rights that standard notation cannot name make it a Chess960 game.
        chess960 |= game.start().castling_needs_chess960();
        let strength = match (&args.elo, &args.level) {
            (Some(e), _) => Strength::parse(&e.to_string()).map_err(anyhow::Error::msg)?,
            (None, Some(l)) => Strength::parse(l).map_err(anyhow::Error::msg)?,
            (None, None) => Strength(None),
        };
        let clock = args
            .clock
            .as_deref()
            .map(Clock::parse)
            .transpose()
            .map_err(|e| anyhow::anyhow!("--clock: {e}"))?;
        if let Some(path) = &args.save {
            // Found out now, not when the game ends and the record is lost.
            vidle_core::files::check_writable(path)
                .map_err(|e| anyhow::anyhow!("--save {}: {e}", path.display()))?;
        }
        let human = pick_color(args.color);
        let mut s = Session {
            game,
            redo: Vec::new(),
            human,
            view: human,
            engine: crate::book_source::engine_with_book(true),
            strength,
            depth: args.depth,
            movetime: args.movetime,
            clock,
            style,
            lang,
            interactive,
            save: args.save.clone(),
            chess960,
            ended: None,
            last_was_book: false,
            last_tb: None,
        };
        s.apply_strength();
        if chess960 {
            let _ = s.engine.set_option("UCI_Chess960", "true");
        }
        Ok(s)
    }

    fn apply_strength(&mut self) {
        let (limit, elo) = match self.strength.0 {
            Some(e) => ("true", e),
            None => ("false", 2800),
        };
        // Older engine builds may lack these options; play then continues at full strength.
        let _ = self.engine.set_option("UCI_LimitStrength", limit);
        let _ = self.engine.set_option("UCI_Elo", &elo.to_string());
    }

    fn say(&self, text: &str) {
        println!("{text}");
    }

    fn t<'a>(&self, en: &'a str, cs: &'a str) -> &'a str {
        self.lang.t(en, cs)
    }

    fn san(&self, pos: &Position, m: Move) -> String {
        self.lang.localise_san(&to_san(pos, m))
    }

    pub fn run(mut self) -> anyhow::Result<()> {
        let mut input = Input::new(self.interactive);
        self.say(&format!(
            "Vidle — {} {}. {}",
            self.t("you play", "hrajete za"),
            self.lang.color(self.human).to_lowercase(),
            self.t("Type 'help' for commands.", "Napište 'help' pro nápovědu.")
        ));
        self.show_board();
        loop {
            crate::tb_panel::notices(self.game.position()).iter().for_each(|n| self.say(n));
            if self.ended.is_none() {
                self.check_end();
            }
            let to_move = self.game.position().turn();
            if self.ended.is_none() && to_move != self.human {
                self.engine_move();
                self.show_board();
                continue;
            }
            let moves: Vec<String> = {
                let pos = *self.game.position();
                pos.legal_moves().iter().map(|m| to_san(&pos, m)).collect()
            };
            input.set_moves(moves);
            if let Some(c) = &mut self.clock
                && self.ended.is_none()
            {
                c.start(self.human);
            }
            let prompt = self.prompt();
            let line = match input.read_line(&prompt) {
                None => break,
                Some(Ok(line)) => line,
                Some(Err(why)) => {
                    self.say(&why);
                    continue;
                }
            };
            if !self.interactive {
                // Echo scripted input so transcripts read like a session.
                println!("{prompt}{line}");
            }
            if !self.handle_line(line.trim()) {
                break;
            }
        }
        self.save_if_asked();
        Ok(())
    }

    fn prompt(&self) -> String {
        let pos = self.game.position();
        let mut p = String::new();
        if let Some(c) = &self.clock {
            p.push_str(&format!(
                "[{} {} | {} {}] ",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            ));
        }
        if self.ended.is_some() {
            p.push_str(self.t("game over> ", "konec partie> "));
        } else {
            p.push_str(&format!(
                "{}{} > ",
                pos.fullmove_number(),
                if pos.turn() == Color::White { "." } else { "..." }
            ));
        }
        p
    }

    /// Handles one line of input; returns `false` to quit.
    fn handle_line(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let arg: Vec<&str> = words.collect();
        match cmd.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "konec" => return false,
            "help" | "?" | "napoveda" => self.say(self.lang.help()),
            "board" => self.show_board(),
            "moves" => {
                let pos = *self.game.position();
                let list: Vec<String> =
                    pos.legal_moves().iter().map(|m| self.san(&pos, m)).collect();
                self.say(&list.join(" "));
            }
            "new" => self.new_game(arg.first().copied()),
            "undo" => self.undo(),
            "redo" => self.redo(),
            "hint" => self.hint(),
            "flip" => {
                self.view = !self.view;
                self.show_board();
            }
            "level" => match arg.first() {
                None => self.say(&format!(
                    "{}: {}",
                    self.t("Level", "Úroveň"),
                    self.strength.describe()
                )),
                Some(l) => match Strength::parse(l) {
                    Ok(s) => {
                        self.strength = s;
                        self.apply_strength();
                        self.say(&format!("{}: {}", self.t("Level", "Úroveň"), s.describe()));
                    }
                    Err(e) => self.say(&e),
                },
            },
            "time" => self.show_time(),
            "fen" => self.say(&fen::to_fen(self.game.position(), self.chess960)),
            "pgn" => match arg.as_slice() {
                [] => self.say(&self.pgn_text()),
                ["save", file] | [file] if *file != "save" => self.save_pgn(file),
                _ => self.say(self.t("usage: pgn [save FILE]", "použití: pgn [save SOUBOR]")),
            },
            "save" => match arg.first() {
                Some(file) => self.save_pgn(file),
                None => self.say(self.t("usage: save FILE", "použití: save SOUBOR")),
            },
            "load" => match arg.first() {
                Some(file) => self.load(file),
                None => self.say(self.t("usage: load FILE", "použití: load SOUBOR")),
            },
            "resign" => {
                if self.ended.is_none() {
                    let winner = !self.human;
                    self.finish(
                        result_for(winner),
                        format!(
                            "{} {}",
                            self.lang.color(self.human),
                            self.t("resigns", "se vzdává")
                        ),
                    );
                }
            }
            "draw" => self.offer_draw(),
            _ => self.try_move(line),
        }
        true
    }

    fn try_move(&mut self, text: &str) {
        if self.ended.is_some() {
            self.say(self.t(
                "The game is over: 'new' starts another, 'undo' takes back.",
                "Partie skončila: 'new' začne novou, 'undo' vrátí tah.",
            ));
            return;
        }
        let pos = *self.game.position();
        match parse_move(&pos, text) {
            Ok(m) => {
                if let Some(c) = &mut self.clock
                    && !c.stop_after_move()
                {
                    self.finish(
                        result_for(!self.human),
                        format!(
                            "{} {}",
                            self.lang.color(self.human),
                            self.t("lost on time", "prohrál na čas")
                        ),
                    );
                    return;
                }
                self.game.play(m);
                self.redo.clear();
                self.say(&format!("{} {}", self.t("You played", "Váš tah:"), self.san(&pos, m)));
            }
            Err(e) => self.say(&self.explain(&e)),
        }
    }

    fn explain(&self, e: &MoveParseError) -> String {
        match (self.lang, e) {
            (Lang::En, _) => format!("{e}. Type 'moves' for the legal moves or 'help'."),
            (Lang::Cs, MoveParseError::Syntax { text }) => {
                format!("'{text}' není tah ani příkaz. Napište 'help'.")
            }
            (Lang::Cs, MoveParseError::Illegal { text, reason }) => {
                format!("{text} není možný tah ({reason}).")
            }
            (Lang::Cs, MoveParseError::Ambiguous { text, candidates }) => {
                format!("{text} je nejednoznačný: {}", candidates.join(" nebo "))
            }
        }
    }

    fn limits(&self) -> SearchLimits {
        let mut l = SearchLimits { depth: self.depth, ..Default::default() };
        match &self.clock {
            Some(c) => {
                let ms = |d: Duration| d.as_millis() as u64;
                l.wtime = Some(ms(c.remaining(Color::White)));
                l.btime = Some(ms(c.remaining(Color::Black)));
                l.winc = Some(ms(c.increment()));
                l.binc = Some(ms(c.increment()));
            }
            None if self.depth.is_some() && self.movetime.is_none() => {}
            None => l.movetime = Some(self.movetime.unwrap_or(DEFAULT_MOVETIME_MS)),
        }
        l
    }

    /// Runs a search, drawing the live status line; returns the best move and the last info.
    fn think(&mut self, limits: SearchLimits, live: bool) -> (Option<Move>, Option<SearchInfo>) {
        let (tx, rx) = mpsc::channel();
        let game = self.game.clone();
        self.engine.start(
            &game,
            limits,
            Box::new(move |ev| {
                let _ = tx.send(ev);
            }),
        );
        let pos = *game.position();
        let mut last = None;
        let mut best = None;
        self.last_was_book = false;
        self.last_tb = None;
        for ev in rx {
            match ev {
                SearchEvent::Info(info) => {
                    if live && self.interactive {
                        let line = self.status_line(&pos, &info);
                        print!("\r\x1b[2K{line}");
                        let _ = std::io::stdout().flush();
                    }
                    if info.bound.is_none() {
                        last = Some(info);
                    }
                }
                SearchEvent::Message(m) => {
                    if let Some(rest) = m.strip_prefix("tablebase: ") {
                        self.last_tb = Some(rest.to_string());
                    }
                }
                SearchEvent::BookMove(_) => self.last_was_book = true,
                SearchEvent::CurrMove { .. } => {}
                SearchEvent::BestMove { best: b, .. } => {
                    best = b;
                    break;
                }
            }
        }
        self.engine.wait();
        if live && self.interactive {
            print!("\r\x1b[2K");
            let _ = std::io::stdout().flush();
        }
        (best, last)
    }

    fn score_text(&self, score: Score) -> String {
        match score {
            Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
            Score::Mate(n) if n > 0 => format!("#{n}"),
            Score::Mate(n) => format!("#-{}", -n),
        }
    }

    fn status_line(&self, pos: &Position, info: &SearchInfo) -> String {
        let mut p = *pos;
        let mut line = Vec::new();
        for &m in info.pv.iter().take(8) {
            if !p.is_legal(m) {
                break;
            }
            line.push(self.san(&p, m));
            p = p.played(m);
        }
        let width = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).unwrap_or(100usize);
        let text = format!(
            "{} {:>2}  {:>7}  {:>9} {}  {}",
            self.t("depth", "hloubka"),
            info.depth,
            self.score_text(info.score),
            info.nodes,
            self.t("nodes", "uzlů"),
            line.join(" ")
        );
        text.chars().take(width.saturating_sub(1)).collect()
    }

    fn engine_move(&mut self) {
        let pos = *self.game.position();
        if let Some(c) = &mut self.clock {
            c.start(pos.turn());
        }
        let (best, info) = self.think(self.limits(), true);
        let Some(m) = best.filter(|&m| pos.is_legal(m)) else {
            self.check_end();
            return;
        };
        if let Some(c) = &mut self.clock
            && !c.stop_after_move()
        {
            self.finish(
                result_for(self.human),
                format!(
                    "{} {}",
                    self.lang.color(pos.turn()),
                    self.t("lost on time", "prohrál na čas")
                ),
            );
            return;
        }
        self.game.play(m);
        let mut msg = format!("Vidle {} {}", self.t("plays", "hraje"), self.san(&pos, m));
        if self.last_was_book {
            msg.push_str(self.t("  (book move)", "  (tah z knihovny zahájení)"));
        }
        if let Some(info) = &info {
            msg.push_str(&format!(
                "  ({} {}, {} {})",
                self.t("score", "hodnocení"),
                self.score_text(info.score),
                self.t("depth", "hloubka"),
                info.depth
            ));
            if let Score::Mate(n) = info.score
                && n > 0
            {
                msg.push_str(&format!(
                    "\n{} {n}!",
                    self.t("Vidle announces mate in", "Vidle ohlašuje mat v")
                ));
            }
        }
        if let Some(tb) = &self.last_tb {
            let mover = self.lang.color(pos.turn());
            let text = match info.as_ref().map(|i| i.score) {
                _ if tb == "draw" => {
                    self.t("draw (tablebase)", "remíza (databáze koncovek)").to_string()
                }
                Some(Score::Mate(n)) if n > 0 => {
                    format!(
                        "{mover} {} {n} ({})",
                        self.t("mates in", "dá mat v"),
                        self.t("tablebase", "databáze koncovek")
                    )
                }
                Some(Score::Mate(n)) => format!(
                    "{mover} {} {} ({})",
                    self.t("is mated in", "dostane mat v"),
                    -n,
                    self.t("tablebase", "databáze koncovek")
                ),
                _ => tb.clone(),
            };
            msg.push_str(&format!("\n{text}"));
        }
        self.say(&msg);
    }

    fn hint(&mut self) {
        if self.ended.is_some() {
            return;
        }
        let pos = *self.game.position();
        let limits = SearchLimits { movetime: Some(HINT_MOVETIME_MS), ..Default::default() };
        match self.think(limits, true) {
            (Some(m), info) => {
                let score = info.map(|i| self.score_text(i.score)).unwrap_or_default();
                self.say(&format!(
                    "{} {} ({score})",
                    self.t("Hint:", "Nápověda:"),
                    self.san(&pos, m)
                ));
            }
            (None, _) => self.say(self.t("No legal moves.", "Žádný možný tah.")),
        }
    }

    fn offer_draw(&mut self) {
        if self.ended.is_some() {
            return;
        }
        // Judge from the engine's side: search the current position and read the score for it.
        let limits = SearchLimits { movetime: Some(HINT_MOVETIME_MS), ..Default::default() };
        let _ = self.engine.set_option("OwnBook", "false");
        let (_, info) = self.think(limits, false);
        let _ = self.engine.set_option("OwnBook", "true");
        let mover = self.game.position().turn();
        let engine_cp = match info.map(|i| i.score) {
            Some(Score::Cp(cp)) => {
                if mover == self.human {
                    -cp
                } else {
                    cp
                }
            }
            Some(Score::Mate(n)) => {
                let mover_wins = n > 0;
                if mover_wins == (mover == self.human) { -10_000 } else { 10_000 }
            }
            None => 0,
        };
        if engine_cp <= DRAW_ACCEPT_CP {
            self.finish("1/2-1/2".into(), self.t("draw agreed", "remíza dohodou").into());
        } else {
            self.say(self.t("Vidle declines the draw.", "Vidle remízu odmítá."));
        }
    }

    fn check_end(&mut self) {
        if self.ended.is_some() {
            return;
        }
        if let Some(outcome) = self.game.status() {
            let text = match (self.lang, outcome) {
                (Lang::En, o) => o.to_string(),
                (Lang::Cs, vidle_core::Outcome::Checkmate { winner }) => {
                    format!("mat, vyhrává {}", self.lang.color(winner))
                }
                (Lang::Cs, vidle_core::Outcome::Stalemate) => "pat".into(),
                (Lang::Cs, vidle_core::Outcome::ThreefoldRepetition) => {
                    "remíza trojím opakováním".into()
                }
                (Lang::Cs, vidle_core::Outcome::FiftyMoves) => {
                    "remíza podle pravidla 50 tahů".into()
                }
                (Lang::Cs, vidle_core::Outcome::InsufficientMaterial) => {
                    "remíza pro nedostatek materiálu".into()
                }
            };
            self.finish(outcome.result().to_string(), text);
        }
    }

    fn finish(&mut self, result: String, why: String) {
        self.say(&format!("{}: {why} ({result})", self.t("Game over", "Konec partie")));
        self.ended = Some((result, why));
        self.save_if_asked();
    }

    fn new_game(&mut self, color: Option<&str>) {
        if let Some(c) = color {
            let Some(choice) = ColorChoice::from_word(c) else {
                let usage = self.t("white, black or random", "bílý, černý nebo náhodně");
                return self.say(&format!("new: '{c}'? {usage}"));
            };
            self.human = pick_color(choice);
            self.view = self.human;
        }
        let start = if self.chess960 {
            chess960::start_position((random_u64() % 960) as u32)
        } else {
            Position::startpos()
        };
        self.game = Game::new(start);
        self.redo.clear();
        self.ended = None;
        self.engine.new_game();
        self.show_board();
    }

    fn undo(&mut self) {
        // Take back to the last position where the player was to move, at least one full move.
        let mut taken = Vec::new();
        while let Some(m) = self.game.undo() {
            taken.push(m);
            if self.game.position().turn() == self.human {
                break;
            }
        }
        if taken.is_empty() {
            self.say(self.t("Nothing to take back.", "Není co vracet."));
            return;
        }
        self.redo.extend(taken);
        self.ended = None;
        self.show_board();
    }

    fn redo(&mut self) {
        let Some(m) = self.redo.pop() else {
            self.say(self.t("Nothing to replay.", "Není co opakovat."));
            return;
        };
        self.game.play(m);
        while self.game.position().turn() != self.human {
            match self.redo.pop() {
                Some(m) => {
                    self.game.play(m);
                }
                None => break,
            }
        }
        self.show_board();
    }

    fn load(&mut self, file: &str) {
        let parsed = read_text_bounded(std::path::Path::new(file), MAX_PGN_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|text| pgn::read_pgn(&text));
        match parsed {
            Ok(p) => {
                for why in &p.skipped {
                    self.say(&format!("load {file}: {} {why}", self.t("skipped", "přeskočena")));
                }
                self.game = p.game;
                self.redo.clear();
                self.ended = None;
                let result = p.result.unwrap_or_else(|| "*".into());
                self.say(&format!("{} {file} ({result})", self.t("Loaded", "Načteno")));
                self.show_board();
            }
            Err(e) => self.say(&format!("load {file}: {e}")),
        }
    }

    fn show_time(&self) {
        match &self.clock {
            Some(c) => self.say(&format!(
                "{} {}   {} {}",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            )),
            None => self.say(&format!(
                "{} {} ms {}",
                self.t("No clock; the engine thinks", "Bez hodin; počítač přemýšlí"),
                self.movetime.unwrap_or(DEFAULT_MOVETIME_MS),
                self.t("per move", "na tah")
            )),
        }
    }

    fn headers(&self) -> PgnHeaders {
        let (white, black) =
            if self.human == Color::White { ("Player", "Vidle") } else { ("Vidle", "Player") };
        let (result, termination) = match &self.ended {
            Some((r, t)) => (r.clone(), Some(t.clone())),
            None => ("*".to_string(), None),
        };
        PgnHeaders {
            event: "Vidle terminal game".into(),
            white: white.into(),
            black: black.into(),
            result,
            date: pgn::today(),
            termination,
            time_control: self.clock.as_ref().map(Clock::pgn_time_control),
            opening: openings::name_of(&self.game).map(|o| (o.eco.to_string(), o.name.to_string())),
            chess960: self.chess960,
        }
    }

    fn pgn_text(&self) -> String {
        pgn::write_pgn(&self.game, &self.headers())
    }

    fn save_pgn(&self, file: &str) {
        match std::fs::write(file, self.pgn_text()) {
            Ok(()) => self.say(&format!("{} {file}", self.t("Saved", "Uloženo do"))),
            Err(e) => self.say(&format!("pgn save {file}: {e}")),
        }
    }

    fn save_if_asked(&self) {
        if let Some(path) = &self.save
            && let Err(e) = std::fs::write(path, self.pgn_text())
        {
            self.say(&format!("--save {}: {e}", path.display()));
        }
    }

    fn show_board(&self) {
        let pos = self.game.position();
        let (white_lost, black_lost, balance) = board::captured(pos);
        let mut side = Vec::new();
        side.push(format!("{} {}", self.lang.color(pos.turn()), self.t("to move", "na tahu")));
        if pos.is_check() {
            side.push(self.t("Check!", "Šach!").to_string());
        }
        let adv = match balance {
            0 => String::new(),
            b if b > 0 => format!(" (+{b})"),
            b => format!(" ({b})"),
        };
        side.push(format!(
            "{}: {}{}",
            self.t("Captured", "Sebráno"),
            board::pieces_text(&black_lost, Color::Black, &self.style),
            if balance > 0 { adv.clone() } else { String::new() }
        ));
        side.push(format!(
            "{}: {}{}",
            self.t("Captured", "Sebráno"),
            board::pieces_text(&white_lost, Color::White, &self.style),
            if balance < 0 { adv } else { String::new() }
        ));
        if let Some(o) = openings::name_of(&self.game) {
            side.push(format!("{} {}", o.eco, o.name));
        }
        if let Some(c) = &self.clock {
            side.push(format!(
                "{} {}  {} {}",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            ));
        }
        let line = self.lang.localise_san(&self.game.san_line());
        // The last moves of the game, wrapped to the panel.
        let tail: Vec<&str> = line.split(' ').collect();
        let start = tail.len().saturating_sub(18);
        for chunk in tail[start..].chunks(6) {
            side.push(chunk.join(" "));
        }
        print!(
            "{}",
            board::render(pos, self.view, self.game.moves().last().copied(), &side, &self.style)
        );
        let _ = std::io::stdout().flush();
    }
}

fn result_for(winner: Color) -> String {
    match winner {
        Color::White => "1-0".into(),
        Color::Black => "0-1".into(),
    }
}
