//! The tablebase panel of terminal and web play: the answer of [`crate::tb_answer::lookup`]
//! (our tables, else Syzygy) and the news of tables made on demand ([`crate::tb_ondemand`]) for
//! the data directory. Each front end calls one function: [`notices`] (terminal, before each
//! move) or [`lines`] (the web page's panel). Tables are made only where the program said so
//! ([`make_tables_on_demand`]: `vidle play` and `vidle serve`, and UCI when the GUI sets
//! `TablebaseAutoGenerate`, see [`uci_setoption`] and [`uci_notices`]), so that tests and
//! embedders driving the web router get no surprise work.

use crate::i18n::{Lang, Msg, Text};
use crate::tb_answer::{TbAnswer, lookup};
use crate::tb_ondemand::{OnDemand, TbEvent};
use crate::tb_source::user_syzygy_path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use vidle_core::Position;

/// Whether missing tables are made ([`make_tables_on_demand`]).
static ON_DEMAND: AtomicBool = AtomicBool::new(false);

/// Lets (or stops) the panels and UCI make missing tables as games reach them.
pub fn make_tables_on_demand(on: bool) {
    ON_DEMAND.store(on, Ordering::Relaxed);
}

/// Makes the panels read tables from `dir`, and make missing ones there, instead of the data
/// directory (`play --tb-dir DIR`, `serve --tb-dir DIR`).
pub fn use_dir(dir: std::path::PathBuf) {
    with(|p| p.tables = OnDemand::new(dir));
}

/// The directory the panels (and the web's endgame practice) read and make tables in.
pub fn dir() -> std::path::PathBuf {
    with(|p| p.tables.dir().to_path_buf())
}

/// How many news lines the web panel keeps.
const NEWS: usize = 6;

struct Panel {
    tables: OnDemand,
    syzygy: Option<String>,
    /// The verdict last announced in the terminal (announced again when it changes).
    announced: Option<Text>,
    /// Recent news for the web panel, oldest first.
    news: Vec<Text>,
    /// Why the Syzygy tables cannot be used, until the terminal said it.
    syzygy_problem: Option<String>,
}

fn with<R>(f: impl FnOnce(&mut Panel) -> R) -> R {
    static PANEL: Mutex<Option<Panel>> = Mutex::new(None);
    let mut guard = PANEL.lock().unwrap_or_else(|e| e.into_inner());
    let panel = guard.get_or_insert_with(|| {
        let syzygy = user_syzygy_path();
        let syzygy_problem = syzygy.as_deref().and_then(|p| crate::tb_source::syzygy(p).err());
        Panel {
            tables: OnDemand::new(vidle_tb::default_dir()),
            syzygy,
            announced: None,
            news: syzygy_problem.iter().map(|p| problem(p)).collect(),
            syzygy_problem,
        }
    });
    f(panel)
}

/// "Tablebase: White wins, mate in 12 (Vidle tables (DTM, DTZ))".
fn heading(a: &TbAnswer) -> Text {
    Text::new(Msg::TbHeading)
        .arg_text("verdict", a.verdict.clone())
        .arg_text("value", a.value.clone())
        .arg_text("source", a.source)
}

/// A problem with the tables (its detail as the reader said it).
fn problem(why: &str) -> Text {
    Text::new(Msg::TbProblem).arg("why", why)
}

impl Panel {
    /// Starts what `pos` needs (when tables are made on demand); returns the news.
    fn update(&mut self, pos: &Position) -> Vec<Text> {
        if !ON_DEMAND.load(Ordering::Relaxed) {
            return Vec::new();
        }
        let events = self.tables.update(pos);
        if events.iter().any(|e| matches!(e, TbEvent::Started(_))) {
            self.news.retain(|n| n.msg != Msg::TbReady);
        }
        let text: Vec<Text> = events.iter().map(crate::i18n::tb_event).collect();
        self.news.extend(text.iter().cloned());
        let excess = self.news.len().saturating_sub(NEWS);
        self.news.drain(..excess);
        text
    }

    fn lookup(&self, pos: &Position) -> Option<TbAnswer> {
        lookup(pos, self.tables.dir(), self.syzygy.as_deref()).ok()
    }
}

/// Terminal play, before each move: news of tables made on demand, and the tablebase's verdict
/// when it is new or changed ("Tablebase: White wins, mate in 12 (Vidle tables (DTM, DTZ))"),
/// in `lang`.
pub fn notices(pos: &Position, lang: Lang) -> Vec<String> {
    let texts = with(|p| {
        let mut out: Vec<Text> = p.syzygy_problem.take().iter().map(|w| problem(w)).collect();
        out.extend(p.update(pos));
        match p.lookup(pos) {
            Some(a) => {
                if p.announced.as_ref() != Some(&a.verdict) {
                    out.push(heading(&a));
                    p.announced = Some(a.verdict.clone());
                }
                out.extend(a.notes.iter().map(|n| problem(n)));
            }
            None => p.announced = None,
        }
        out
    });
    texts.iter().map(|t| t.render(lang)).collect()
}

/// The web page's tablebase panel: recent news, then the verdict and every move with its
/// result, best first, as catalogue texts (the page words them in its language). Empty when
/// there is nothing to say.
pub fn lines(pos: &Position) -> Vec<Text> {
    with(|p| {
        p.update(pos);
        let mut out = p.news.clone();
        if let Some(a) = p.lookup(pos) {
            out.push(heading(&a));
            out.extend(a.notes.iter().map(|n| problem(n)));
            out.extend(a.moves.iter().map(|(m, v)| {
                Text::new(Msg::TbMoveValue).arg("move", m).arg_text("value", v.clone())
            }));
        }
        out
    })
}

/// The UCI option that lets the engine make missing tables (off: testers don't want surprise
/// CPU use), as the `uci` command lists it.
pub const UCI_OPTION: &str = "option name TablebaseAutoGenerate type check default false\n";

/// `setoption name NAME value VALUE`: `None` when `NAME` is not `TablebaseAutoGenerate` (the
/// engine's option then), else whether `VALUE` was understood.
pub fn uci_setoption(name: &str, value: &str) -> Option<Result<(), String>> {
    if !name.eq_ignore_ascii_case("TablebaseAutoGenerate") {
        return None;
    }
    Some(match value.trim().to_ascii_lowercase().as_str() {
        v @ ("true" | "false") => {
            make_tables_on_demand(v == "true");
            Ok(())
        }
        _ => Err(format!("TablebaseAutoGenerate: expected true or false, not '{value}'")),
    })
}

/// UCI, before each `go`: with `TablebaseAutoGenerate` on, starts making the tables `pos` can
/// reach and returns the news (for `info string`s); nothing otherwise.
pub fn uci_notices(pos: &Position) -> Vec<String> {
    if !ON_DEMAND.load(Ordering::Relaxed) {
        return Vec::new();
    }
    with(|p| p.update(pos)).iter().map(|t| t.render(Lang::En)).collect()
}
