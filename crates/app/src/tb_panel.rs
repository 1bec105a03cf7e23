//! The tablebase panel of terminal and web play: the answer of [`crate::tb_source::lookup`]
//! (our tables, else Syzygy) and the news of tables made on demand ([`crate::tb_ondemand`]) for
//! the data directory. Each front end calls one function: [`notices`] (terminal, before each
//! move) or [`lines`] (the web page's panel). Tables are made only where the program said so
//! ([`make_tables_on_demand`]: `vidle play` and `vidle serve`, and UCI when the GUI sets
//! `TablebaseAutoGenerate`, see [`uci_setoption`] and [`uci_notices`]), so that tests and
//! embedders driving the web router get no surprise work.

use crate::tb_ondemand::{OnDemand, TbEvent};
use crate::tb_source::{TbAnswer, lookup, user_syzygy_path};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use vidle_core::Position;

/// Whether missing tables are made ([`make_tables_on_demand`]).
static ON_DEMAND: AtomicBool = AtomicBool::new(false);

/// Lets (or stops) the panels and UCI make missing tables as games reach them.
pub fn make_tables_on_demand(on: bool) {
    ON_DEMAND.store(on, Ordering::Relaxed);
}

/// How many news lines the web panel keeps.
const NEWS: usize = 6;

struct Panel {
    tables: OnDemand,
    syzygy: Option<String>,
    /// The verdict last announced in the terminal (announced again when it changes).
    announced: Option<String>,
    /// Recent news for the web panel, oldest first.
    news: Vec<String>,
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
            news: syzygy_problem.iter().cloned().collect(),
            syzygy_problem,
        }
    });
    f(panel)
}

fn heading(a: &TbAnswer) -> String {
    format!("Tablebase: {}, {} ({})", a.verdict, a.value, a.source)
}

impl Panel {
    /// Starts what `pos` needs (when tables are made on demand); returns the news as text.
    fn update(&mut self, pos: &Position) -> Vec<String> {
        if !ON_DEMAND.load(Ordering::Relaxed) {
            return Vec::new();
        }
        let events = self.tables.update(pos);
        if events.iter().any(|e| matches!(e, TbEvent::Started(_))) {
            self.news.retain(|n| !n.starts_with("Tablebase "));
        }
        let text: Vec<String> = events.iter().map(ToString::to_string).collect();
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
/// when it is new or changed ("Tablebase: White wins, mate in 12 (Vidle tables (DTM, DTZ))").
pub fn notices(pos: &Position) -> Vec<String> {
    with(|p| {
        let mut out: Vec<String> = p.syzygy_problem.take().into_iter().collect();
        out.extend(p.update(pos));
        match p.lookup(pos) {
            Some(a) => {
                if p.announced.as_deref() != Some(a.verdict.as_str()) {
                    out.push(heading(&a));
                    p.announced = Some(a.verdict.clone());
                }
                out.extend(a.notes);
            }
            None => p.announced = None,
        }
        out
    })
}

/// The web page's tablebase panel: recent news, then the verdict and every move with its
/// result, best first. Empty when there is nothing to say.
pub fn lines(pos: &Position) -> Vec<String> {
    with(|p| {
        p.update(pos);
        let mut out = p.news.clone();
        if let Some(a) = p.lookup(pos) {
            out.push(heading(&a));
            out.extend(a.notes.iter().cloned());
            out.extend(a.moves.iter().map(|(m, v)| format!("{m} {v}")));
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
    with(|p| p.update(pos))
}
