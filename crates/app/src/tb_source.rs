//! Endgame tablebases as the engine and the players see them: `vidle-tb` tables behind the
//! engine's `Tablebase` trait, opened from the data directory (or `TablebasePath`), and
//! [`lookup`], the one tablebase answer for people (`vidle tb probe`, the panels of terminal and
//! web play): our tables first, Syzygy tables where ours are missing.

use crate::i18n::{Msg, Text, color_msg};
use crate::syzygy_source::SyzygySource;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use vidle_core::notation::to_san;
use vidle_core::{Move, Position};
use vidle_engine::{Engine, SYZYGY_FAR, Tablebase, TbOutcome};
use vidle_tb::{Tablebases, TbValue, Wdl};

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

/// Opens the tables in `path` (`<default>` or empty: the data directory).
fn load(path: &str) -> Result<Arc<dyn Tablebase>, String> {
    let dir = match path {
        "" | "<default>" | "<empty>" => vidle_tb::default_dir(),
        p => p.into(),
    };
    if dir == vidle_tb::default_dir() {
        return Ok(shared_source(&dir));
    }
    let tb =
        Tablebases::open(&dir).map_err(|e| format!("TablebasePath '{}': {e}", dir.display()))?;
    Ok(Arc::new(Source(Arc::new(tb))))
}

/// The one open `Tablebases` of `dir` in this process (the directory need not exist yet).
fn shared(dir: &Path) -> Arc<Tablebases> {
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

/// Tables were written to `dir`: every engine and [`lookup`] using them sees them from now on.
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

/// A tablebase's answer for a person: which tables answered, the value of the position, and
/// every legal move with its result, best first. The words are catalogue texts, rendered in
/// the player's language by play and in English by `vidle tb probe`.
#[derive(Clone, Debug, PartialEq)]
pub struct TbAnswer {
    /// "Vidle tables (DTM, DTZ)" or "Syzygy tables (WDL, DTZ)".
    pub source: Msg,
    /// The result in a few words for the side to move ("White wins", "draw").
    pub verdict: Text,
    /// The value with its distance ("mate in 12", "win, DTZ 7").
    pub value: Text,
    /// (move in SAN, its result for the mover).
    pub moves: Vec<(String, Text)>,
    /// Problems met on the way (a Syzygy directory missing, incomplete or corrupt).
    pub notes: Vec<String>,
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
        .or_insert_with(|| SyzygySource::open(path, true).map(Arc::new))
        .clone()
}

/// The tablebase answer for `pos`: the Vidle tables of `dir` first, then the Syzygy tables of
/// `syzygy_path` (see [`user_syzygy_path`]). `Err` says why no table answered (and names any
/// problem with the Syzygy tables); nothing here stops the program.
pub fn lookup(pos: &Position, dir: &Path, syzygy_path: Option<&str>) -> Result<TbAnswer, String> {
    let mut notes = Vec::new();
    match own_answer(pos, dir) {
        Ok(Some(answer)) => return Ok(answer),
        Ok(None) => {}
        Err(e) => notes.push(format!("Vidle tables in {}: {e}", dir.display())),
    }
    if let Some(path) = syzygy_path {
        match syzygy(path) {
            Ok(sz) => {
                let answer = syzygy_answer(&sz, pos);
                notes.extend(sz.take_messages());
                if let Some(mut a) = answer {
                    a.notes = notes;
                    return Ok(a);
                }
            }
            Err(e) => notes.push(e),
        }
    }
    let mut why = format!("no table covers this position (Vidle tables in {}", dir.display());
    why.push_str(&match syzygy_path {
        Some(p) => format!(", Syzygy tables in {p})"),
        None => ", no Syzygy tables)".to_string(),
    });
    notes.insert(0, why);
    Err(notes.join("; "))
}

fn verdict(pos: &Position, wdl: i32) -> Text {
    match wdl {
        0 => Msg::TbVerdictDraw.into(),
        w if w > 0 => Text::new(Msg::TbWins).arg_text("color", color_msg(pos.turn())),
        _ => Text::new(Msg::TbWins).arg_text("color", color_msg(!pos.turn())),
    }
}

/// A DTM value in words: "mate in 6", "draw", "mated", "loses in 4".
fn value_text(v: TbValue) -> Text {
    match v {
        TbValue::Win(d) => Text::new(Msg::TbMateIn).arg("n", v.moves().max(d.min(1))),
        TbValue::Draw => Msg::TbVerdictDraw.into(),
        TbValue::Loss(0) => Msg::TbMated.into(),
        TbValue::Loss(_) => Text::new(Msg::TbLosesIn).arg("n", v.moves()),
    }
}

/// Our tables' answer: DTM per move, with the fifty-move rule from the DTZ tables.
fn own_answer(pos: &Position, dir: &Path) -> Result<Option<TbAnswer>, vidle_tb::TbError> {
    let tb = shared(dir);
    if pos.occupied().count() > tb.max_pieces() {
        return Ok(None);
    }
    let Some(value) = tb.probe_dtm(pos).transpose()? else { return Ok(None) };
    let dtz = tb.probe_dtz(pos).transpose()?;
    let Some(moves) = tb.root_moves(pos).transpose()? else { return Ok(None) };
    let mut out = Vec::with_capacity(moves.len());
    for (m, v) in moves {
        let child = pos.played(m);
        let child_dtz = tb.probe_dtz(&child).transpose()?;
        let zeroing = child.halfmove_clock() == 0;
        let z = child_dtz.map(|c| {
            if !zeroing {
                return c.parent();
            }
            match Wdl::from_dtz(c).negate() {
                Wdl::CursedWin => TbValue::Win(101),
                Wdl::BlessedLoss => TbValue::Loss(101),
                _ => TbValue::Draw,
            }
        });
        out.push((to_san(pos, m), describe(v, z)));
    }
    Ok(Some(TbAnswer {
        source: Msg::TbSourceOwn,
        verdict: verdict(
            pos,
            match (dtz.map(Wdl::from_dtz), value) {
                (Some(Wdl::Win), _) | (None, TbValue::Win(_)) => 1,
                (Some(Wdl::Loss), _) | (None, TbValue::Loss(_)) => -1,
                _ => 0,
            },
        ),
        value: describe(value, dtz),
        moves: out,
        notes: Vec::new(),
    }))
}

/// A DTM value with what the fifty-move rule makes of it (from the DTZ value, if known).
pub fn describe(v: TbValue, dtz: Option<TbValue>) -> Text {
    let s = value_text(v);
    match dtz.map(Wdl::from_dtz) {
        Some(Wdl::CursedWin) => Text::new(Msg::TbCursed).arg_text("value", s),
        Some(Wdl::BlessedLoss) => Text::new(Msg::TbBlessed).arg_text("value", s),
        _ => s,
    }
}

/// A Syzygy DTZ value (mover's view, signed plies to zeroing) at halfmove clock `clock`.
fn dtz_text(dtz: i32, clock: u32, zeroing: bool) -> Text {
    let plies = dtz.unsigned_abs();
    let within = plies + clock <= 100;
    let word = match (dtz.signum(), within) {
        (0, _) => return Msg::TbVerdictDraw.into(),
        (1, true) => Msg::TbWin,
        (1, false) => Msg::TbCursedWin,
        (_, true) => Msg::TbLoss,
        (_, false) => Msg::TbBlessedLoss,
    };
    if zeroing {
        Text::new(Msg::TbResets).arg_text("value", word)
    } else {
        Text::new(Msg::TbDtz).arg_text("value", word).arg("n", plies)
    }
}

/// Sort key of [`dtz_text`]'s inputs for the mover: wins first (shortest DTZ), losses last.
fn dtz_rank(dtz: i32, clock: u32) -> (i32, i32) {
    let within = dtz.unsigned_abs() + clock <= 100;
    match dtz.signum() {
        0 => (0, 0),
        1 => (if within { 2 } else { 1 }, -dtz),
        _ => (if within { -2 } else { -1 }, -dtz),
    }
}

/// Syzygy's answer: WDL and DTZ, no distance to mate.
fn syzygy_answer(sz: &SyzygySource, pos: &Position) -> Option<TbAnswer> {
    if pos.occupied().count() > sz.max_pieces() || pos.castling_rooks().is_nonempty() {
        return None;
    }
    let clock = u32::from(pos.halfmove_clock());
    let dtz = sz.dtz(pos)?;
    let mut moves = Vec::new();
    for m in pos.legal_moves().iter() {
        let child = pos.played(m);
        let (d, zeroing) = if child.is_checkmate() {
            (1, false)
        } else if child.halfmove_clock() == 0 {
            // Right after a capture or pawn move WDL is exact; as a DTZ of 1 ply.
            let w = sz.wdl(&child)? as i32;
            (
                match w {
                    2 => -1,
                    1 => -101,
                    -1 => 101,
                    -2 => 1,
                    _ => 0,
                },
                true,
            )
        } else {
            let c = sz.dtz(&child)?;
            (
                if c > 0 {
                    -(c + 1)
                } else if c < 0 {
                    -c + 1
                } else {
                    0
                },
                false,
            )
        };
        let clock = if zeroing { 0 } else { clock };
        let text =
            if child.is_checkmate() { Msg::TbMate.into() } else { dtz_text(d, clock, zeroing) };
        moves.push((dtz_rank(d, clock), to_san(pos, m), text));
    }
    moves.sort_by_key(|(rank, ..)| std::cmp::Reverse(*rank));
    let class = dtz_rank(dtz, clock).0;
    Some(TbAnswer {
        source: Msg::TbSourceSyzygy,
        verdict: verdict(pos, if class.abs() == 2 { class.signum() } else { 0 }),
        value: dtz_text(dtz, clock, false),
        moves: moves.into_iter().map(|(_, m, t)| (m, t)).collect(),
        notes: Vec::new(),
    })
}
