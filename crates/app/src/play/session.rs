//! Terminal play in line mode: reads the player's lines, runs the engine's searches and prints
//! what the shared game session ([`crate::game::GameSession`]) decides. The rules of the game
//! (clocks, hints, draw offers, the end of the game, the PGN record) live there.

use super::board::{self, Style};
use super::i18n::Lang;
use super::input::Input;
use super::strength::Strength;
use super::{ColorChoice, PlayArgs};
use crate::analysis::{self, Analysis, GameRecord};
use crate::book_source::{EngineFiles, engine_for};
use crate::clock::Clock;
use crate::game::{EndReason, Ending, GameSession, Refusal, SearchOutcome, SearchPlan, Setup};
use crate::openings;
use crate::pgn;
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use vidle_core::files::{MAX_PGN_BYTES, read_text_bounded};
use vidle_core::notation::{MoveParseError, parse_move, to_san};
use vidle_core::{Color, Game, Move, Outcome, Position, chess960, fen};
use vidle_engine::{Engine, Score, SearchEvent, SearchInfo, TbOutcome};

pub struct Session {
    s: GameSession,
    view: Color,
    engine: Engine,
    style: Style,
    lang: Lang,
    interactive: bool,
    save: Option<std::path::PathBuf>,
    /// The ending already announced (each ending is announced and saved once).
    announced: Option<Ending>,
    /// The last analysis made, with the PGN it was made of (reused while the game is the same).
    analysed: Option<(String, GameRecord, Analysis)>,
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

fn read_pgn_file(path: &std::path::Path) -> Result<pgn::LoadedGame, String> {
    let text = read_text_bounded(path, MAX_PGN_BYTES).map_err(|e| e.to_string())?;
    pgn::load_game(&text)
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
        let mut loaded = None;
        let (game, chess960) = if let Some(path) = &args.load {
            let l = read_pgn_file(path)
                .map_err(|e| anyhow::anyhow!("--load {}: {e}", path.display()))?;
            for why in &l.skipped {
                eprintln!("warning: --load {}: skipped {why}", path.display());
            }
            let g = (l.game.clone(), l.chess960);
            loaded = Some(l);
            g
        } else if let Some(f) = &args.fen {
            (Game::from_fen(f).map_err(|e| anyhow::anyhow!("--fen: {e}"))?, false)
        } else if args.chess960 {
            (Game::new(chess960::start_position((random_u64() % 960) as u32)), true)
        } else {
            (Game::new(Position::startpos()), false)
        };
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
        let files = EngineFiles { book: args.book.clone(), tb_dir: args.tb_dir.clone() };
        let engine = engine_for(&files).map_err(anyhow::Error::msg)?;
        let mut s = GameSession::new(Setup {
            game,
            human,
            strength,
            depth: args.depth,
            movetime_ms: args.movetime,
            clock,
            chess960,
        });
        if let Some(l) = loaded {
            s.load(l);
        }
        Ok(Session {
            announced: None,
            analysed: None,
            s,
            view: human,
            engine,
            style,
            lang,
            interactive,
            save: args.save.clone(),
        })
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
            self.lang.color(self.s.human()).to_lowercase(),
            self.t("Type 'help' for commands.", "Napište 'help' pro nápovědu.")
        ));
        self.show_board();
        loop {
            self.s.check_flag();
            self.announce_end();
            if self.s.engine_to_move() {
                self.engine_move();
                self.announce_end();
                self.show_board();
                continue;
            }
            let moves: Vec<String> = {
                let pos = *self.s.position();
                pos.legal_moves().iter().map(|m| to_san(&pos, m)).collect()
            };
            input.set_moves(moves);
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
            self.announce_end();
        }
        self.save_if_asked();
        Ok(())
    }

    /// Prints the end of the game once, and saves the game when `--save` asked for it.
    fn announce_end(&mut self) {
        let ended = self.s.ended();
        if ended == self.announced {
            return;
        }
        self.announced = ended;
        if let Some(e) = ended {
            let why = self.reason_text(e.reason);
            self.say(&format!("{}: {why} ({})", self.t("Game over", "Konec partie"), e.result));
            self.save_if_asked();
        }
    }

    fn reason_text(&self, reason: EndReason) -> String {
        if self.lang == Lang::En {
            return reason.english();
        }
        match reason {
            EndReason::Rules(Outcome::Checkmate { winner }) => {
                format!("mat, vyhrává {}", self.lang.color(winner))
            }
            EndReason::Rules(Outcome::Stalemate) => "pat".into(),
            EndReason::Rules(Outcome::ThreefoldRepetition) => "remíza trojím opakováním".into(),
            EndReason::Rules(Outcome::FiftyMoves) => "remíza podle pravidla 50 tahů".into(),
            EndReason::Rules(Outcome::InsufficientMaterial) => {
                "remíza pro nedostatek materiálu".into()
            }
            EndReason::Resigned(c) => format!("{} se vzdává", self.lang.color(c)),
            EndReason::LostOnTime(c) => format!("{} prohrál na čas", self.lang.color(c)),
            EndReason::DrawAgreed => "remíza dohodou".into(),
            EndReason::MoveLimit => "remíza: dosažen limit tahů".into(),
        }
    }

    fn refusal_text(&self, r: Refusal) -> &'static str {
        match r {
            Refusal::GameOver => self.lang.t(
                "The game is over: 'new' starts another, 'undo' takes back.",
                "Partie skončila: 'new' začne novou, 'undo' vrátí tah.",
            ),
            Refusal::NotYourTurn => self.lang.t("It is not your move.", "Nejste na tahu."),
            Refusal::IllegalMove => self.lang.t("That move is not legal.", "Ten tah není možný."),
            Refusal::TimeOut => self.lang.t("Your time has run out.", "Váš čas vypršel."),
            Refusal::NothingToUndo => self.lang.t("Nothing to take back.", "Není co vracet."),
            Refusal::NothingToRedo => self.lang.t("Nothing to replay.", "Není co opakovat."),
            Refusal::DrawAlreadyDeclined => self.lang.t(
                "Vidle has just declined; make a move first.",
                "Vidle právě odmítl; nejdřív táhněte.",
            ),
            Refusal::GameChanged => {
                self.lang.t("The game changed meanwhile.", "Partie se mezitím změnila.")
            }
        }
    }

    fn prompt(&self) -> String {
        let pos = self.s.position();
        let mut p = String::new();
        if let Some(c) = self.s.clock() {
            p.push_str(&format!(
                "[{} {} | {} {}] ",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            ));
        }
        if self.s.ended().is_some() {
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
                let pos = *self.s.position();
                let list: Vec<String> =
                    pos.legal_moves().iter().map(|m| self.san(&pos, m)).collect();
                self.say(&list.join(" "));
            }
            "new" => self.new_game(arg.first().copied()),
            "undo" => match self.s.undo() {
                Ok(()) => self.show_board(),
                Err(r) => self.say(self.refusal_text(r)),
            },
            "redo" => match self.s.redo() {
                Ok(()) => self.show_board(),
                Err(r) => self.say(self.refusal_text(r)),
            },
            "hint" => self.hint(),
            "flip" => {
                self.view = !self.view;
                self.show_board();
            }
            "level" => match arg.first() {
                None => self.say(&format!(
                    "{}: {}",
                    self.t("Level", "Úroveň"),
                    self.s.strength().describe()
                )),
                Some(l) => match Strength::parse(l) {
                    Ok(s) => {
                        self.s.set_strength(s);
                        self.say(&format!("{}: {}", self.t("Level", "Úroveň"), s.describe()));
                    }
                    Err(e) => self.say(&e),
                },
            },
            "time" => self.show_time(),
            "fen" => self.say(&fen::to_fen(self.s.position(), self.s.chess960())),
            "pgn" => match arg.as_slice() {
                [] => self.say(&self.s.pgn()),
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
                // Resigning a finished game changes nothing.
                let _ = self.s.resign();
            }
            "draw" => self.offer_draw(),
            "analyse" | "analyze" | "rozbor" => match arg.as_slice() {
                [] => self.analyse(None),
                ["save", file] => self.analyse(Some(file)),
                _ => {
                    self.say(self.t("usage: analyse [save FILE]", "použití: analyse [save SOUBOR]"))
                }
            },
            _ => self.try_move(line),
        }
        true
    }

    fn try_move(&mut self, text: &str) {
        if self.s.ended().is_some() {
            return self.say(self.refusal_text(Refusal::GameOver));
        }
        let pos = *self.s.position();
        match parse_move(&pos, text) {
            Ok(m) => match self.s.play_human(m) {
                Ok(()) => {
                    self.say(&format!(
                        "{} {}",
                        self.t("You played", "Váš tah:"),
                        self.san(&pos, m)
                    ));
                    if self.s.ended().is_some() {
                        // The player's move ended the game: show the final position.
                        self.show_board();
                    }
                }
                Err(Refusal::TimeOut) => {}
                Err(r) => self.say(self.refusal_text(r)),
            },
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

    /// Runs a search of the session's plan, drawing the live status line when `live`.
    fn think(&mut self, plan: &SearchPlan, live: bool) -> SearchOutcome {
        let mut outcome = plan.outcome();
        if let Err(e) = plan.configure(&mut self.engine) {
            self.say(&format!("{}: {e}", self.t("engine", "počítač")));
        }
        let (tx, rx) = mpsc::channel();
        self.engine.start(
            &plan.game,
            plan.limits.clone(),
            Box::new(move |ev| {
                let _ = tx.send(ev);
            }),
        );
        let pos = *plan.game.position();
        for ev in rx {
            if let SearchEvent::Info(info) = &ev
                && live
                && self.interactive
            {
                let line = self.status_line(&pos, info);
                print!("\r\x1b[2K{line}");
                let _ = std::io::stdout().flush();
            }
            if outcome.update(&ev) {
                break;
            }
        }
        self.engine.wait();
        if live && self.interactive {
            print!("\r\x1b[2K");
            let _ = std::io::stdout().flush();
        }
        outcome
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
            info.score.for_people(pos.turn()),
            info.nodes,
            self.t("nodes", "uzlů"),
            line.join(" ")
        );
        text.chars().take(width.saturating_sub(1)).collect()
    }

    fn engine_move(&mut self) {
        let Some(plan) = self.s.engine_plan() else { return };
        let pos = *plan.game.position();
        let outcome = self.think(&plan, true);
        let Some(em) = self.s.engine_played(&outcome) else { return };
        let mut msg = format!("Vidle {} {}", self.t("plays", "hraje"), self.san(&pos, em.mv));
        if em.book {
            msg.push_str(self.t("  (book move)", "  (tah z knihovny zahájení)"));
        }
        let gives_mate = pos.played(em.mv).is_checkmate();
        match (em.announced_mate(gives_mate), em.score) {
            (Some(n), _) => msg.push_str(&format!(
                "\n{} {n}!",
                self.t("Vidle announces mate in", "Vidle ohlašuje mat v")
            )),
            (None, Some((score, depth))) if !gives_mate => msg.push_str(&format!(
                "  ({} {}, {} {depth})",
                self.t("score", "hodnocení"),
                score.for_people(pos.turn()),
                self.t("depth", "hloubka"),
            )),
            _ => {}
        }
        if let Some(tb) = em.tablebase {
            let mover = self.lang.color(pos.turn());
            let source = self.t("tablebase", "databáze koncovek");
            let text = match (tb, em.score.map(|s| s.0)) {
                (TbOutcome::Draw, _) => format!("{} ({source})", self.t("draw", "remíza")),
                (_, Some(Score::Mate(n))) if n > 0 => {
                    format!("{mover} {} {n} ({source})", self.t("mates in", "dá mat v"))
                }
                (_, Some(Score::Mate(n))) => {
                    format!("{mover} {} {} ({source})", self.t("is mated in", "dostane mat v"), -n)
                }
                _ => String::new(),
            };
            if !text.is_empty() && !gives_mate {
                msg.push_str(&format!("\n{text}"));
            }
        }
        self.say(&msg);
    }

    fn hint(&mut self) {
        let plan = match self.s.hint_plan() {
            Ok(p) => p,
            Err(r) => return self.say(self.refusal_text(r)),
        };
        let outcome = self.think(&plan, true);
        match self.s.hint(&outcome) {
            Some(h) => {
                let pos = *plan.game.position();
                let note = match (&h.score, h.book) {
                    (_, true) => format!(" ({})", self.t("book move", "tah z knihovny zahájení")),
                    (Some(score), false) => format!(" ({score})"),
                    (None, false) => String::new(),
                };
                self.say(&format!(
                    "{} {}{note}",
                    self.t("Hint:", "Nápověda:"),
                    self.san(&pos, h.mv)
                ));
            }
            None => self.say(self.t("No legal moves.", "Žádný možný tah.")),
        }
    }

    fn offer_draw(&mut self) {
        let plan = match self.s.draw_plan() {
            Ok(p) => p,
            Err(r) => return self.say(self.refusal_text(r)),
        };
        let outcome = self.think(&plan, false);
        match self.s.answer_draw(&outcome) {
            Ok(a) if a.accepted => {
                self.say(self.t("Vidle accepts the draw.", "Vidle remízu přijímá."));
            }
            Ok(_) => self.say(self.t("Vidle declines the draw.", "Vidle remízu odmítá.")),
            Err(r) => self.say(self.refusal_text(r)),
        }
    }

    fn new_game(&mut self, color: Option<&str>) {
        let mut human = None;
        if let Some(c) = color {
            let Some(choice) = ColorChoice::from_word(c) else {
                let usage = self.t("white, black or random", "bílý, černý nebo náhodně");
                return self.say(&format!("new: '{c}'? {usage}"));
            };
            human = Some(pick_color(choice));
        }
        let start = if self.s.chess960() {
            chess960::start_position((random_u64() % 960) as u32)
        } else {
            Position::startpos()
        };
        self.s.new_game(start, human);
        self.view = self.s.human();
        self.announced = None;
        self.engine.new_game();
        self.show_board();
    }

    fn load(&mut self, file: &str) {
        match read_pgn_file(std::path::Path::new(file)) {
            Ok(l) => {
                for why in &l.skipped {
                    self.say(&format!("load {file}: {} {why}", self.t("skipped", "přeskočena")));
                }
                self.s.load(l);
                self.announced = None;
                let result = self.s.loaded_result().unwrap_or("*");
                self.say(&format!("{} {file} ({result})", self.t("Loaded", "Načteno")));
                self.show_board();
            }
            Err(e) => self.say(&format!("load {file}: {e}")),
        }
    }

    fn show_time(&self) {
        match self.s.clock() {
            Some(c) => self.say(&format!(
                "{} {}   {} {}",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            )),
            None => match self.s.movetime_ms() {
                Some(ms) => self.say(&format!(
                    "{} {ms} ms {}",
                    self.t("No clock; the engine thinks", "Bez hodin; počítač přemýšlí"),
                    self.t("per move", "na tah")
                )),
                None => self.say(self.t(
                    "No clock; the engine searches to a fixed depth",
                    "Bez hodin; počítač počítá do pevné hloubky",
                )),
            },
        }
    }

    fn save_pgn(&self, file: &str) {
        match std::fs::write(file, self.s.pgn()) {
            Ok(()) => self.say(&format!("{} {file}", self.t("Saved", "Uloženo do"))),
            Err(e) => self.say(&format!("pgn save {file}: {e}")),
        }
    }

    /// Analyses the game so far (the whole game once it has ended) at full strength with an
    /// engine of its own, prints the summary and graph, and writes the annotated PGN to `save`.
    fn analyse(&mut self, save: Option<&str>) {
        let pgn = self.s.pgn();
        let cached = self.analysed.as_ref().is_some_and(|(p, _, _)| *p == pgn);
        if !cached {
            let record = match GameRecord::from_pgn_text(&pgn) {
                Ok(r) => r,
                Err(e) => return self.say(&format!("analyse: {e}")),
            };
            if record.game.moves().is_empty() {
                return self.say(self.t("No moves to analyse yet.", "Zatím není co rozebrat."));
            }
            let limits = vidle_engine::SearchLimits {
                movetime: Some(crate::analyse_cmd::DEFAULT_MOVETIME_MS),
                ..Default::default()
            };
            let mut engine = Engine::new();
            let interactive = self.interactive;
            let word = self.t("analysing", "rozebírám");
            let result = analysis::analyse(&record.game, limits, &mut engine, &mut |p| {
                if interactive {
                    eprint!("\r{word} {}/{} ", p.done, p.total);
                    let _ = std::io::stderr().flush();
                }
                true
            });
            if interactive {
                eprint!("\r{:30}\r", "");
            }
            match result {
                Ok(a) => self.analysed = Some((pgn, record, a)),
                Err(e) => return self.say(&format!("analyse: {e}")),
            }
        }
        let Some((_, record, a)) = &self.analysed else { return };
        match save {
            None => self.say(analysis::summary::summary(record, a).trim_end()),
            Some(file) => {
                match std::fs::write(file, analysis::annotate::annotated_pgn(record, a)) {
                    Ok(()) => self.say(&format!("{} {file}", self.t("Saved", "Uloženo do"))),
                    Err(e) => self.say(&format!("analyse save {file}: {e}")),
                }
            }
        }
    }

    fn save_if_asked(&self) {
        if let Some(path) = &self.save
            && let Err(e) = std::fs::write(path, self.s.pgn())
        {
            self.say(&format!("--save {}: {e}", path.display()));
        }
    }

    fn show_board(&self) {
        let pos = self.s.game().position();
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
        if let Some(o) = openings::name_of(self.s.game()) {
            side.push(format!("{} {}", o.eco, o.name));
        }
        if let Some(c) = self.s.clock() {
            side.push(format!(
                "{} {}  {} {}",
                self.lang.color(Color::White),
                Clock::format(c.remaining(Color::White)),
                self.lang.color(Color::Black),
                Clock::format(c.remaining(Color::Black))
            ));
        }
        let line = self.lang.localise_san(&self.s.game().san_line());
        // The last moves of the game, wrapped to the panel.
        let tail: Vec<&str> = line.split(' ').collect();
        let start = tail.len().saturating_sub(18);
        for chunk in tail[start..].chunks(6) {
            side.push(chunk.join(" "));
        }
        print!(
            "{}",
            board::render(
                pos,
                self.view,
                self.s.game().moves().last().copied(),
                &side,
                &self.style
            )
        );
        let _ = std::io::stdout().flush();
    }
}
