//! Endgame tablebases as the engine sees them: `vidle-tb` tables behind the engine's
//! `Tablebase` trait, opened from the data directory (or `TablebasePath`) and shared per
//! directory, and the Syzygy tables people point to. The answer in words for people is
//! `crate::tb_answer`, built on this module.

use crate::syzygy_source::SyzygySource;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use vidle_core::{Move, Position};
use vidle_engine::{Engine, SYZYGY_FAR, Tablebase, TbOutcome};
use vidle_tb::{Material, MetricKind, Tablebases, TbValue, Wdl};

struct Source(Arc<Tablebases>);

impl Tablebase for Source {
    fn max_pieces(&self) -> u32 {
        self.0.max_pieces()
    }

    fn root_moves(&self, pos: &Position) -> Option<Vec<(Move, TbOutcome)>> {
        // A corrupt block or an I/O error means "not covered": the engine then searches.
        let moves = self.0.root_moves(pos)?.ok()?;
        let mut out = Vec::with_capacity(moves.len());
        for (m, dtm) in moves {
            let outcome = match dtm {
                TbValue::Win(p) => {
                    // A win the fifty-move rule would spoil (the reply's DTZ says "blessed
                    // loss") is a draw in practice.
                    let child = pos.played(m);
                    let spoilt = !child.is_checkmate()
                        && matches!(self.0.probe_wdl(&child), Some(Ok(Wdl::BlessedLoss)));
                    if spoilt { TbOutcome::Draw } else { TbOutcome::Win(u32::from(p)) }
                }
                TbValue::Draw => TbOutcome::Draw,
                TbValue::Loss(p) => TbOutcome::Loss(u32::from(p)),
            };
            out.push((m, outcome));
        }
        Some(out)
    }

    fn probe(&self, pos: &Position) -> Option<TbOutcome> {
        // The DTZ table's verdict (at halfmove clock zero) decides whether the fifty-move rule
        // spoils the result; the DTM table gives the distance where its file stores the side to
        // move. Where it does not (a 5-piece DTM file keeps one side), the distance would cost a
        // search of the moves at every such node: the search takes a win or loss of unknown
        // distance instead, as from Syzygy's WDL tables (the root still plays by DTM). Errors
        // mean "not covered".
        match self.0.probe_wdl(pos)?.ok()? {
            Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => Some(TbOutcome::Draw),
            wdl @ (Wdl::Win | Wdl::Loss) => match self.0.probe_dtm_stored(pos) {
                None if wdl == Wdl::Win => Some(TbOutcome::Win(SYZYGY_FAR)),
                None => Some(TbOutcome::Loss(SYZYGY_FAR)),
                Some(dtm) => match dtm.ok()? {
                    TbValue::Win(p) => Some(TbOutcome::Win(u32::from(p))),
                    TbValue::Loss(p) => Some(TbOutcome::Loss(u32::from(p))),
                    // The two tables disagree: trust neither.
                    TbValue::Draw => None,
                },
            },
        }
    }
}

/// The directory a `TablebasePath` value names (`<default>`, `<empty>` or nothing: the data
/// directory's).
pub fn dir_of(path: &str) -> PathBuf {
    match path {
        "" | "<default>" | "<empty>" => vidle_tb::default_dir(),
        p => p.into(),
    }
}

/// Opens the tables in `path` (`<default>` or empty: the data directory).
fn load(path: &str) -> Result<Arc<dyn Tablebase>, vidle_engine::LoadFailure> {
    let dir = dir_of(path);
    if dir != vidle_tb::default_dir() {
        // Checked now (a missing directory, a FIFO or a plain file is refused with the reason),
        // then shared like the default one, so that tables made there while the program runs
        // (`TablebaseAutoGenerate`) are used at once.
        Tablebases::open(&dir)?;
    }
    Ok(shared_source(&dir))
}

/// The table files in `dir` that cannot be used (another endgame's contents, a damaged header,
/// unreadable), one line each naming the file. `TablebasePath` checks them when it is set: the
/// probes would otherwise take such a file as "not covered" without a word.
pub fn problems(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let tables = shared(dir);
    let mut found: Vec<String> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (stem, metric) = match name.strip_suffix(".vdtm") {
                Some(stem) => (stem, MetricKind::Dtm),
                None => (name.strip_suffix(".vdtz")?, MetricKind::Dtz),
            };
            let material = stem.parse::<Material>().ok()?;
            tables.table(material, metric).err().map(|e| e.to_string())
        })
        .collect();
    found.sort();
    found
}

/// The one open `Tablebases` of `dir` in this process (the directory need not exist yet).
pub(crate) fn shared(dir: &Path) -> Arc<Tablebases> {
    static OPEN: Mutex<Option<HashMap<PathBuf, Arc<Tablebases>>>> = Mutex::new(None);
    let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
    let map = open.get_or_insert_with(HashMap::new);
    Arc::clone(map.entry(dir.to_path_buf()).or_insert_with(|| Arc::new(Tablebases::watching(dir))))
}

/// The engine's source for the tables of `dir`, shared so that tables made while the program
/// runs ([`refresh`]) are used at once.
pub fn shared_source(dir: &Path) -> Arc<dyn Tablebase> {
    Arc::new(Source(shared(dir)))
}

/// How often a lookup that finds no table looks at the directory again (tables another
/// process made meanwhile, such as `vidle tb gen` beside a running `vidle serve`).
const RESCAN_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Whether the directory `dir` is due for another look ([`RESCAN_EVERY`] since the last one);
/// a `true` answer starts the next interval.
pub fn rescan_due(dir: &Path) -> bool {
    static LAST: Mutex<Option<HashMap<PathBuf, std::time::Instant>>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    let map = last.get_or_insert_with(HashMap::new);
    let now = std::time::Instant::now();
    match map.get(dir) {
        Some(&t) if now.duration_since(t) < RESCAN_EVERY => false,
        _ => {
            map.insert(dir.to_path_buf(), now);
            true
        }
    }
}

/// Tables were written to `dir`: every engine and `crate::tb_answer::lookup` using them sees them from now on.
pub fn refresh(dir: &Path) {
    let _ = shared(dir).rescan();
}

/// The tables of the default directory, when it has any.
pub fn default_tables() -> Option<Arc<dyn Tablebase>> {
    load("<default>").ok().filter(|tb| tb.max_pieces() > 0)
}

/// Gives `engine` the tables of the default directory (also when it has none yet: tables made
/// during play are used as soon as they are there) and the loader for `TablebasePath`.
pub fn install(engine: &mut Engine) {
    engine.set_tablebase_loader(load);
    engine.set_tablebase(load("<default>").ok());
}

/// Where people's Syzygy tables are: `$VIDLE_SYZYGY_PATH` (directories separated as in
/// `SyzygyPath`), else the `syzygy` directory next to the data directory's `tb` when it exists.
pub fn user_syzygy_path() -> Option<String> {
    if let Some(p) = std::env::var_os("VIDLE_SYZYGY_PATH").filter(|p| !p.is_empty()) {
        return Some(p.to_string_lossy().into_owned());
    }
    let dir = vidle_tb::default_dir().parent()?.join("syzygy");
    dir.is_dir().then(|| dir.to_string_lossy().into_owned())
}

/// The opened Syzygy tables of `path` (opened once per process and path, since opening reads
/// the directories), or why they cannot be used.
pub fn syzygy(path: &str) -> Result<Arc<SyzygySource>, String> {
    type Opened = HashMap<String, Result<Arc<SyzygySource>, String>>;
    static OPEN: Mutex<Option<Opened>> = Mutex::new(None);
    let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
    let map = open.get_or_insert_with(HashMap::new);
    map.entry(path.to_string())
        .or_insert_with(|| {
            SyzygySource::open(path, true)
                .map(Arc::new)
                .map_err(|e| format!("SyzygyPath '{path}': {e}"))
        })
        .clone()
}
