//! What the terminal does with the player's commands, shared by line mode (`session.rs`) and the
//! full-screen board (`tui/`): it runs them on the game session ([`crate::game::GameSession`],
//! which holds the rules) and words the results as messages. It runs no search itself: a command
//! that needs one hands back a [`Pending`] search, which the front end runs (line mode waits for
//! it, the full-screen board lets it run on the engine's thread while the clocks tick) and gives
//! back to [`Controller::finish`].

use super::command::Command;
use super::record::{self, Recorder};
use super::{ColorChoice, PlayArgs};
use crate::analysis::{self, Analysis, GameRecord};
use crate::clock::Clock;
use crate::engine_files::{EngineFiles, first_engine};
use crate::explorer::{self, BookRef, Spot};
use crate::game::pgn;
use crate::game::setup::{self, Start, StartError};
use crate::game::strength::Strength;
use crate::game::{Ending, FileError, GameSession, Refusal, SearchOutcome, SearchPlan, Setup};
use crate::i18n::{self, Lang, Msg, Text, color_msg, pieces_msg};
use std::path::Path;
use std::sync::mpsc;
use vidle_core::notation::{MoveParseError, parse_move, to_san};
use vidle_core::{Color, Game, Move, Position, chess960, fen};
use vidle_engine::{Engine, Score, SearchEvent, TbOutcome};

/// What the controller has to show, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    Text(String),
    /// The board changed in a way line mode redraws (the full-screen board always shows it).
    Board,
}

/// Which search is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    EngineMove,
    Hint,
    Draw,
}

/// A search a command asked for.
#[derive(Debug, Clone)]
pub struct Pending {
    pub job: Job,
    pub plan: SearchPlan,
}

/// What the front end does after a command.
#[derive(Debug)]
pub enum Step {
    Continue,
    Quit,
    /// Boxed: a plan carries the whole game.
    Search(Box<Pending>),
    /// A post-game analysis to run.
    Analyse(Box<AnalysisJob>),
}

/// A post-game analysis the `analyse` command asked for: the game as its PGN reads back.
#[derive(Debug)]
pub struct AnalysisJob {
    /// The PGN it was made of (the analysis is reused while the game's PGN is the same).
    pgn: String,
    record: GameRecord,
    /// Where to write the annotated game (`analyse save FILE`).
    save: Option<String>,
}

impl AnalysisJob {
    pub fn game(&self) -> &Game {
        &self.record.game
    }

    /// Analyses `game` at full strength with an engine of its own, 300 ms a position;
    /// `progress` hears after each position and answers whether to go on.
    ///
    /// # Errors
    /// [`analysis::AnalysisError`], [`analysis::AnalysisError::Stopped`] when `progress` said
    /// no.
    pub fn run(
        game: &Game,
        progress: &mut dyn FnMut(analysis::Progress) -> bool,
    ) -> Result<Analysis, analysis::AnalysisError> {
        let limits = vidle_engine::SearchLimits {
            movetime: Some(analysis::DEFAULT_MOVETIME_MS),
            ..Default::default()
        };
        analysis::analyse(game, limits, &mut Engine::new(), progress)
    }
}

pub struct Controller {
    pub s: GameSession,
    /// The side at the bottom of the board.
    pub view: Color,
    pub lang: Lang,
    save: Option<std::path::PathBuf>,
    /// The ending already announced (each ending is announced and saved once).
    announced: Option<Ending>,
    /// When the tablebase panel was last asked, and for which position.
    tb_asked: Option<(u64, std::time::Instant)>,
    /// The last analysis made, with the PGN it was made of (reused while the game is the same).
    analysed: Option<(String, GameRecord, Analysis)>,
    /// The tablebase verdict of the engine's last move ("White mates in 9 (tablebase)").
    pub tablebase: Option<String>,
    /// Show the engine's score and line while the game is on (`eval`); off by default, as
    /// lichess hides them when you play the computer: they would give the game away.
    pub show_eval: bool,
    /// The book the `book` command explores (`--book`, else the built-in one).
    book: BookRef,
    /// Writes the game to the game store as it is played.
    recorder: Recorder,
    out: Vec<Output>,
}

pub fn pick_color(c: ColorChoice) -> Color {
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

/// The moves of `pv` from `pos` in this language's SAN, at most `max` (stops at a move that is
/// not legal).
pub fn pv_san(pos: &Position, pv: &[Move], lang: Lang, max: usize) -> Vec<String> {
    let mut p = *pos;
    let mut line = Vec::new();
    for &m in pv.iter().take(max) {
        if !p.is_legal(m) {
            break;
        }
        line.push(lang.localise_san(&to_san(&p, m)));
        p = p.played(m);
    }
    line
}

impl Controller {
    /// The session and the engine that `vidle play` was asked for.
    pub fn new(args: &PlayArgs) -> anyhow::Result<(Controller, Engine)> {
        let lang = match &args.lang {
            Some(l) => {
                Lang::parse(l).ok_or_else(|| anyhow::anyhow!("--lang '{l}': use en or cs"))?
            }
            None => Lang::from_env(),
        };
        // Errors before the game starts are worded in the player's language too.
        let say = |t: Text| anyhow::anyhow!(t.render(lang));
        let files = EngineFiles { book: args.book.clone(), tb_dir: args.tb_dir.clone() };
        if let Some(path) = &args.save {
            // Found out now, not when the game ends and the record is lost.
            vidle_core::files::check_writable(path).map_err(|e| {
                let e = FileError::write(&path.display().to_string(), &e);
                say(Text::new(Msg::OptionError)
                    .arg("option", "--save")
                    .arg_text("error", i18n::file_error(&e)))
            })?;
        }
        let (mut recorder, store_off) = Recorder::open_default();
        if let Some(which) = args.resume {
            let (s, said) = record::resume(&mut recorder, which, store_off).map_err(say)?;
            let engine = first_engine(&files).map_err(anyhow::Error::msg)?;
            let mut c = Controller::with_session(s, lang, args.save.clone());
            c.book =
                BookRef::open(args.book.as_deref()).map_err(|e| anyhow::anyhow!("--book: {e}"))?;
            c.recorder = recorder;
            c.say_text(said);
            return Ok((c, engine));
        }
        let mut loaded = None;
        let (game, chess960) = if let Some(path) = &args.load {
            let l = pgn::read_game_file(path).map_err(|e| {
                say(Text::new(Msg::OptionError)
                    .arg("option", "--load")
                    .arg_text("error", i18n::file_error(&e)))
            })?;
            for why in &l.skipped {
                let file = path.display();
                eprintln!(
                    "{}",
                    Text::new(Msg::LoadSkipped).arg("file", file).arg("why", why).render(lang)
                );
            }
            let g = (l.game.clone(), l.chess960);
            loaded = Some(l);
            g
        } else {
            let start = match (&args.fen, args.chess960) {
                (Some(f), _) => Start::Fen(f),
                (None, true) => Start::Chess960((random_u64() % 960) as u32),
                (None, false) => Start::Standard,
            };
            let started = setup::start(start).map_err(|e| {
                let why = match e {
                    StartError::FenMissing => "empty FEN".to_string(),
                    StartError::BadFen(why) => why,
                    other => format!("{other:?}"),
                };
                let bad = Text::new(Msg::ErrBadFen).arg("why", why);
                say(Text::new(Msg::OptionError).arg("option", "--fen").arg_text("error", bad))
            })?;
            (started.game, started.chess960)
        };
        let level_error = |option, e| {
            say(Text::new(Msg::OptionError)
                .arg("option", option)
                .arg_text("error", i18n::level_error(&e)))
        };
        let strength = match (&args.elo, &args.level) {
            (Some(e), _) => Strength::parse(&e.to_string()).map_err(|e| level_error("--elo", e))?,
            (None, Some(l)) => Strength::parse(l).map_err(|e| level_error("--level", e))?,
            (None, None) => crate::game::strength::DEFAULT_LEVEL,
        };
        let clock = args
            .clock
            .as_deref()
            .map(Clock::parse)
            .transpose()
            .map_err(|e| anyhow::anyhow!("--clock: {e}"))?;
        let human = pick_color(args.color);
        let engine = first_engine(&files).map_err(anyhow::Error::msg)?;
        // The engine opened the same file a moment ago; the explorer keeps its own copy.
        let book =
            BookRef::open(args.book.as_deref()).map_err(|e| anyhow::anyhow!("--book: {e}"))?;
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
        let mut c = Controller::with_session(s, lang, args.save.clone());
        c.book = book;
        c.recorder = recorder;
        if let Some(off) = store_off {
            c.say_text(off);
        }
        Ok((c, engine))
    }

    /// A controller over a ready session (tests of the front ends build one this way).
    pub fn with_session(
        s: GameSession,
        lang: Lang,
        save: Option<std::path::PathBuf>,
    ) -> Controller {
        Controller {
            view: s.human(),
            s,
            lang,
            save,
            announced: None,
            tb_asked: None,
            analysed: None,
            tablebase: None,
            show_eval: false,
            book: BookRef::BuiltIn,
            recorder: Recorder::off(),
            out: Vec::new(),
        }
    }

    /// Keeps the games in `store` (tests of the front ends; play opens the data directory's).
    #[cfg(test)]
    pub(crate) fn keep_games_in(&mut self, store: crate::store::Store) {
        self.recorder = Recorder::on(store);
    }

    /// "Taken back: …" or "Played again: …": where the game stands after undo or redo.
    fn where_now(&self, msg: Msg) -> Text {
        let pos = self.s.position();
        Text::new(msg).arg_text("color", color_msg(pos.turn())).arg("n", pos.fullmove_number())
    }

    /// Whether the engine's score and line may be shown for a search of `job`: always for a
    /// hint or a draw offer (the player asked), for the engine's own moves once the game is
    /// over or when `eval` turned them on.
    pub fn reveals_eval(&self, job: Job) -> bool {
        self.show_eval || job != Job::EngineMove || self.s.ended().is_some()
    }

    /// What there is to show since the last call. The game is written to the store first
    /// when it changed (see `record.rs`): nothing is shown, a move included, before it is kept.
    pub fn drain(&mut self) -> Vec<Output> {
        if let Some(failed) = self.recorder.update(&self.s) {
            self.say_text(failed);
        }
        std::mem::take(&mut self.out)
    }

    pub fn say(&mut self, text: &str) {
        self.out.push(Output::Text(text.to_string()));
    }

    fn show_board(&mut self) {
        self.out.push(Output::Board);
    }

    /// A message of the catalogue in the player's language.
    pub fn tr(&self, m: Msg) -> &'static str {
        self.lang.tr(m)
    }

    /// Says a message with its arguments.
    pub fn say_text(&mut self, t: Text) {
        let text = t.render(self.lang);
        self.say(&text);
    }

    fn san(&self, pos: &Position, m: Move) -> String {
        self.lang.localise_san(&to_san(pos, m))
    }

    /// The first line of a game.
    pub fn greet(&mut self) {
        self.say_text(Text::new(Msg::Greet).arg_text("color", pieces_msg(self.s.human())));
    }

    /// Both clocks: `White 4:59   Black 5:00`, with `sep` between them.
    pub fn clocks_text(&self, c: &Clock, sep: &str) -> String {
        format!(
            "{} {}{sep}{} {}",
            self.lang.color(Color::White),
            Clock::format(c.remaining(Color::White)),
            self.lang.color(Color::Black),
            Clock::format(c.remaining(Color::Black))
        )
    }

    /// The analysis of the game so far (the whole game once it has ended): said at once when
    /// the game was already analysed, else handed to the front end as an [`AnalysisJob`] to run
    /// (line mode waits for it; the full-screen board runs it on a thread of its own).
    fn analyse(&mut self, save: Option<&str>) -> Step {
        let pgn = self.s.pgn();
        if self.analysed.as_ref().is_some_and(|(p, _, _)| *p == pgn) {
            self.report_analysis(save, true);
            return Step::Continue;
        }
        let record = match GameRecord::from_pgn_text(&pgn) {
            Ok(r) => r,
            Err(e) => {
                self.say_text(Text::new(Msg::AnalysisFailedWhy).arg("why", e));
                return Step::Continue;
            }
        };
        if record.game.moves().is_empty() {
            self.say(self.tr(Msg::NothingToAnalyse));
            return Step::Continue;
        }
        Step::Analyse(Box::new(AnalysisJob { pgn, record, save: save.map(str::to_string) }))
    }

    /// Takes the result of an [`AnalysisJob`]: keeps the analysis, then says it (the summary
    /// with the graph when `full`, else each side's line) or writes the annotated PGN.
    pub fn analysed(
        &mut self,
        job: AnalysisJob,
        result: Result<Analysis, analysis::AnalysisError>,
        full: bool,
    ) {
        match result {
            Ok(a) => {
                self.analysed = Some((job.pgn, job.record, a));
                self.report_analysis(job.save.as_deref(), full);
                // The player's mistakes become exercises kept with the stored game.
                let kept = self.analysis().and_then(|a| self.recorder.keep_exercises(&self.s, a));
                match kept {
                    Some(Ok(n)) if n > 0 => {
                        self.say_text(Text::new(Msg::ExercisesKept).arg("n", n));
                    }
                    Some(Err(e)) => self.say_text(i18n::store_error(&e)),
                    _ => {}
                }
            }
            Err(analysis::AnalysisError::Stopped) => {
                self.say(self.tr(Msg::AnalysisStopped));
            }
            Err(e) => self.say_text(Text::new(Msg::AnalysisFailedWhy).arg("why", e)),
        }
    }

    /// The analysis of the game as it stands, when one was made of exactly these moves.
    pub fn analysis(&self) -> Option<&Analysis> {
        let (_, record, a) = self.analysed.as_ref()?;
        let game = self.s.game();
        (record.game.start() == game.start() && record.game.moves() == game.moves()).then_some(a)
    }

    /// The players as the summary names them: "you" and "Vidle (klubový)" in the player's
    /// language (the PGN's tags stay English: `Player`, `Vidle (club)`).
    fn players_named(&self, record: &GameRecord) -> GameRecord {
        let mut r = record.clone();
        for color in [Color::White, Color::Black] {
            let name = if color == self.s.human() {
                self.tr(Msg::You).to_string()
            } else {
                format!("Vidle ({})", i18n::level_name(self.s.strength(), self.lang))
            };
            let tag = if color == Color::White { "White" } else { "Black" };
            r.tags.retain(|(n, _)| n != tag);
            r.tags.push((tag.to_string(), name));
        }
        r
    }

    fn report_analysis(&mut self, save: Option<&str>, full: bool) {
        let Some((_, record, a)) = &self.analysed else { return };
        let lang = self.lang;
        let named = self.players_named(record);
        let text = match save {
            None if full => analysis::summary::summary(&named, a, lang).trim_end().to_string(),
            None => analysis::summary::sides(&named, a, lang).trim_end().to_string(),
            Some(file) => {
                let annotated = analysis::annotate::annotated_pgn(record, a);
                match pgn::write_game_file(Path::new(file), &annotated) {
                    Ok(()) => Text::new(Msg::SavedTo).arg("file", file).render(lang),
                    Err(e) => i18n::file_error(&e).render(lang),
                }
            }
        };
        self.say(&text);
    }

    /// Says what the tablebases have to say: tables made on demand, a new or changed verdict
    /// (`tb_panel::notices`). Asked when the position changed, else at most once a second (so
    /// that news of a finished table arrives while nobody moves).
    pub fn tablebase_notices(&mut self) {
        let key = self.s.position().key();
        let now = std::time::Instant::now();
        if self.tb_asked.is_some_and(|(k, at)| k == key && now.duration_since(at).as_secs() < 1) {
            return;
        }
        self.tb_asked = Some((key, now));
        for n in crate::tb_panel::notices(self.s.position(), self.lang) {
            self.say(&n);
        }
    }

    /// Says the end of the game once, and saves the game when `--save` asked for it.
    pub fn announce_end(&mut self) {
        let ended = self.s.ended();
        if ended == self.announced {
            return;
        }
        self.announced = ended;
        if let Some(e) = ended {
            self.say_text(self.game_over_text(e));
            let _ = self.save_if_asked(); // said if it failed; tried again at quit
            // A game against a level counts for the player's rating: kept first, then rated.
            if self.s.strength().0.is_some() {
                if let Some(failed) = self.recorder.update(&self.s) {
                    self.say_text(failed);
                }
                for line in self.recorder.rating_lines().unwrap_or_default() {
                    self.say_text(line);
                }
            }
        }
    }

    /// `Game over: checkmate, White wins (1-0)`.
    pub fn game_over_text(&self, e: Ending) -> Text {
        Text::new(Msg::GameOverLine)
            .arg_text("reason", i18n::end_reason(e.reason))
            .arg("result", e.result)
    }

    fn refuse(&mut self, r: Refusal) {
        self.say(self.tr(i18n::refusal(r)));
    }

    /// Runs one command.
    pub fn handle(&mut self, cmd: Command) -> Step {
        match cmd {
            Command::Quit => return Step::Quit,
            Command::Help => self.say(&super::command::help(self.lang)),
            Command::Board => self.show_board(),
            Command::Moves => {
                let pos = *self.s.position();
                let list: Vec<String> =
                    pos.legal_moves().iter().map(|m| self.san(&pos, m)).collect();
                self.say(&list.join(" "));
            }
            Command::New(color) => self.new_game(color.as_deref()),
            Command::Undo => match self.s.undo() {
                Ok(()) => {
                    self.tablebase = None;
                    self.say_text(self.where_now(Msg::UndoneTo));
                    self.show_board();
                }
                Err(r) => self.refuse(r),
            },
            Command::Redo => match self.s.redo() {
                Ok(()) => {
                    self.say_text(self.where_now(Msg::RedoneTo));
                    self.show_board();
                }
                Err(r) => self.refuse(r),
            },
            Command::Analyse(save) => return self.analyse(save.as_deref()),
            Command::AnalyseStop => {
                self.say(self.tr(Msg::NoAnalysisRunning));
            }
            Command::Hint => match self.s.hint_plan() {
                Ok(plan) => return Step::Search(Box::new(Pending { job: Job::Hint, plan })),
                Err(r) => self.refuse(r),
            },
            Command::Flip => {
                self.view = !self.view;
                self.say_text(Text::new(Msg::FlippedTo).arg_text("color", color_msg(self.view)));
                self.show_board();
            }
            Command::Level(None) => {
                self.say_text(
                    Text::new(Msg::LevelIs).arg_text("level", i18n::level(self.s.strength())),
                );
            }
            Command::Level(Some(l)) => match Strength::parse(&l) {
                Ok(s) => {
                    self.s.set_strength(s);
                    self.say_text(Text::new(Msg::LevelIs).arg_text("level", i18n::level(s)));
                }
                Err(e) => self.say_text(i18n::level_error(&e)),
            },
            Command::Time => self.show_time(),
            Command::Fen => {
                let text = fen::to_fen(self.s.position(), self.s.chess960());
                self.say(&text);
            }
            Command::Eval => {
                self.show_eval = !self.show_eval;
                let msg = if self.show_eval { Msg::EvalShown } else { Msg::EvalHidden };
                self.say(self.tr(msg));
            }
            Command::Book => {
                let e = explorer::explore(self.book.book(), &Spot::of_game(self.s.game()));
                self.say(&explorer::table(&e, self.lang));
            }
            Command::ShowPgn => {
                let text = self.s.pgn();
                self.say(&text);
            }
            Command::Save(file) => self.save_pgn(&file),
            Command::Load(file) => self.load(&file),
            Command::Resign => {
                // Resigning a finished game changes nothing.
                let _ = self.s.resign();
            }
            // The engine's own offer stands: taken at once, no search.
            Command::Draw if self.s.accept_engine_offer() => self.say(self.tr(Msg::DrawTaken)),
            Command::Draw => match self.s.draw_plan() {
                Ok(plan) => return Step::Search(Box::new(Pending { job: Job::Draw, plan })),
                Err(r) => self.refuse(r),
            },
            Command::Usage(m) => self.say(self.tr(m)),
            Command::Move(text) => self.try_move(&text),
        }
        Step::Continue
    }

    fn try_move(&mut self, text: &str) {
        if self.s.ended().is_some() {
            return self.refuse(Refusal::GameOver);
        }
        match parse_move(self.s.position(), text) {
            Ok(m) => self.play_move(m),
            Err(e) => {
                let mut text = i18n::move_error(&e, true).render(self.lang);
                if !matches!(e, MoveParseError::Syntax { .. }) {
                    text.push_str(". ");
                    text.push_str(self.tr(Msg::MoveListHelp));
                }
                self.say(&text);
            }
        }
    }

    /// The player's move (typed, or clicked on the full-screen board).
    pub fn play_move(&mut self, m: Move) {
        let pos = *self.s.position();
        match self.s.play_human(m) {
            Ok(()) => {
                self.say_text(Text::new(Msg::YouPlayed).arg("move", self.san(&pos, m)));
                if self.s.ended().is_some() {
                    // The player's move ended the game: show the final position.
                    self.show_board();
                }
            }
            Err(Refusal::TimeOut) => {}
            Err(r) => self.refuse(r),
        }
    }

    /// The search for the engine's move, when it is the engine's turn.
    pub fn engine_search(&mut self) -> Option<Pending> {
        self.s.engine_plan().map(|plan| Pending { job: Job::EngineMove, plan })
    }

    /// Starts `p` on `engine`, its events sent to `tx`.
    pub fn start(&mut self, engine: &mut Engine, p: &Pending, tx: mpsc::Sender<SearchEvent>) {
        if let Err(e) = p.plan.configure(engine) {
            self.say_text(Text::new(Msg::EngineError).arg("error", e));
        }
        engine.start(
            &p.plan.game,
            p.plan.limits.clone(),
            Box::new(move |ev| {
                let _ = tx.send(ev);
            }),
        );
    }

    /// Takes the result of the search `p` asked for.
    pub fn finish(&mut self, p: &Pending, outcome: &SearchOutcome) {
        match p.job {
            Job::EngineMove => self.engine_moved(&p.plan, outcome),
            Job::Hint => self.hint(&p.plan, outcome),
            Job::Draw => self.draw_answer(outcome),
        }
    }

    fn engine_moved(&mut self, plan: &SearchPlan, outcome: &SearchOutcome) {
        let Some(em) = self.s.engine_played(outcome) else { return };
        let pos = *plan.game.position();
        let lang = self.lang;
        let mut msg = Text::new(Msg::VidlePlays).arg("move", self.san(&pos, em.mv)).render(lang);
        if em.book {
            msg.push_str(self.tr(Msg::BookMoveNote));
        }
        let gives_mate = pos.played(em.mv).is_checkmate();
        let reveal = self.reveals_eval(Job::EngineMove);
        match (em.announced_mate(gives_mate).filter(|_| reveal), em.score.filter(|_| reveal)) {
            (Some(n), _) => {
                msg.push('\n');
                msg.push_str(&Text::new(Msg::AnnouncesMate).arg("n", n).render(lang));
            }
            (None, Some((score, depth))) if !gives_mate => msg.push_str(
                &Text::new(Msg::ScoreDepth)
                    .arg("score", score.for_people(pos.turn()))
                    .arg("depth", depth)
                    .render(lang),
            ),
            _ => {}
        }
        self.tablebase = None;
        if let Some(tb) = em.tablebase {
            let mover = color_msg(pos.turn());
            let text = match (tb, em.score.map(|s| s.0)) {
                (TbOutcome::Draw, _) => Some(Text::new(Msg::TbDraw)),
                (_, Some(Score::Mate(n))) if n > 0 => {
                    Some(Text::new(Msg::TbMates).arg_text("color", mover).arg("n", n))
                }
                (_, Some(Score::Mate(n))) => {
                    Some(Text::new(Msg::TbIsMated).arg_text("color", mover).arg("n", -n))
                }
                _ => None,
            };
            if let Some(text) = text.filter(|_| !gives_mate) {
                let text = text.render(lang);
                msg.push('\n');
                msg.push_str(&text);
                self.tablebase = Some(text);
            }
        }
        if self.s.engine_offers_draw() {
            msg.push('\n');
            msg.push_str(self.tr(Msg::VidleOffersDraw));
        }
        self.say(&msg);
    }

    fn hint(&mut self, plan: &SearchPlan, outcome: &SearchOutcome) {
        match self.s.hint(outcome) {
            Some(h) => {
                let pos = *plan.game.position();
                let text = match (&h.score, h.book) {
                    (_, true) => Text::new(Msg::HintBook),
                    (Some(score), false) => Text::new(Msg::HintScore).arg("score", score),
                    (None, false) => Text::new(Msg::HintPlain),
                };
                self.say_text(text.arg("move", self.san(&pos, h.mv)));
            }
            None => self.say(self.tr(Msg::NoLegalMoves)),
        }
    }

    fn draw_answer(&mut self, outcome: &SearchOutcome) {
        match self.s.answer_draw(outcome) {
            Ok(a) if a.accepted => self.say(self.tr(Msg::DrawAccepted)),
            Ok(_) => self.say(self.tr(Msg::DrawDeclined)),
            Err(r) => self.refuse(r),
        }
    }

    fn new_game(&mut self, color: Option<&str>) {
        let mut human = None;
        if let Some(c) = color {
            let Some(choice) = ColorChoice::from_word(c) else {
                return self.say_text(Text::new(Msg::NewColorUsage).arg("word", c));
            };
            human = Some(pick_color(choice));
        }
        let start = if self.s.chess960() {
            chess960::start_position((random_u64() % 960) as u32)
        } else {
            Position::startpos()
        };
        self.s.new_game(start, human);
        self.recorder.new_game();
        self.view = self.s.human();
        self.announced = None;
        self.tablebase = None;
        self.show_board();
    }

    fn load(&mut self, file: &str) {
        match pgn::read_game_file(Path::new(file)) {
            Ok(l) => {
                for why in &l.skipped {
                    self.say_text(Text::new(Msg::LoadSkipped).arg("file", file).arg("why", why));
                }
                self.s.load(l);
                self.recorder.new_game();
                self.announced = None;
                self.tablebase = None;
                let result = self.s.loaded_result().unwrap_or("*");
                self.say_text(Text::new(Msg::Loaded).arg("file", file).arg("result", result));
                self.show_board();
            }
            Err(e) => self.say_text(i18n::file_error(&e)),
        }
    }

    fn show_time(&mut self) {
        let text = match self.s.clock() {
            Some(c) => self.clocks_text(c, "   "),
            None => match self.s.movetime_ms() {
                Some(ms) => Text::new(Msg::NoClockMovetime).arg("ms", ms).render(self.lang),
                None => self.tr(Msg::NoClockDepth).to_string(),
            },
        };
        self.say(&text);
    }

    fn save_pgn(&mut self, file: &str) {
        let text = match pgn::write_game_file(Path::new(file), &self.s.pgn()) {
            Ok(()) => Text::new(Msg::SavedTo).arg("file", file),
            Err(e) => i18n::file_error(&e),
        };
        self.say_text(text);
    }

    /// Writes the game to the `--save` file, if one was given; `false` when that failed (said).
    pub fn save_if_asked(&mut self) -> bool {
        if let Some(path) = &self.save
            && let Err(e) = pgn::write_game_file(path, &self.s.pgn())
        {
            self.say_text(i18n::file_error(&e));
            return false;
        }
        true
    }
}
