//! Engine options as typed values: [`EngineOption`] is one change a front end asks for, checked
//! by [`Engine::set`] and answered with a typed [`OptionError`]. UCI parses `setoption` names and
//! values into it ([`EngineOption::parse`]); terminal and web play build it directly. The UCI
//! listing ([`Engine::options`]) lives here too, so a new option is added in one file.

use crate::strength::{MAX_ELO, MIN_ELO};
use crate::{Engine, params, score, tt};
use std::sync::Arc;

/// The type of a UCI option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// A switch (UCI `check`), set with `true` or `false` in any case.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// A whole number in `min..=max` (UCI `spin`).
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// An action without a value (UCI `button`): `setoption name …` alone triggers it.
    Button,
    /// Free text such as a path (UCI `string`).
    Text {
        /// The value listed; placeholders such as `<built-in>` or `<empty>` name the default.
        default: &'static str,
    },
}

/// One option for the UCI `uci` listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    /// The UCI name as listed; `setoption` matches it case-insensitively.
    pub name: &'static str,
    /// Its type, with default and, for a spin, its range.
    pub kind: OptionKind,
}

impl OptionSpec {
    /// The option as a UCI `option` line.
    pub fn uci_line(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => {
                format!("option name {} type check default {default}", self.name)
            }
            OptionKind::Spin { default, min, max } => {
                format!("option name {} type spin default {default} min {min} max {max}", self.name)
            }
            OptionKind::Button => format!("option name {} type button", self.name),
            OptionKind::Text { default } => {
                format!("option name {} type string default {default}", self.name)
            }
        }
    }
}

/// Option values; defaults and ranges are in [`Engine::options`].
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead_ms: u64,
    pub multipv: usize,
    pub chess960: bool,
    pub ponder: bool,
    pub limit_strength: bool,
    pub elo: u32,
    pub own_book: bool,
    pub tb_probe_depth: i32,
    /// `SyzygyPath` as given (`<empty>` or empty: no Syzygy tables).
    pub syzygy_path: String,
    pub syzygy_probe_depth: i32,
    pub syzygy_probe_limit: u32,
    pub syzygy_50_move_rule: bool,
    pub use_nnue: bool,
    /// Search parameters: `params::PARAMS` unless a hidden tuning option changed them.
    pub params: params::SearchParams,
}

const DEFAULT_HASH_MB: i64 = 16;
const MAX_HASH_MB: i64 = 65_536;
const MAX_THREADS: i64 = 256;
const DEFAULT_MOVE_OVERHEAD_MS: i64 = 30;
const MAX_MOVE_OVERHEAD_MS: i64 = 5000;
const MAX_MULTIPV: i64 = 64;
const DEFAULT_ELO: u32 = 1500;
/// Whether searches evaluate with the network by default (`Use NNUE`): on since the network
/// built in beat the hand-crafted evaluation at time controls (docs/lab/nnue.md); the hand-crafted
/// evaluation, the readable one the source documents describe, stays selectable.
pub const DEFAULT_USE_NNUE: bool = true;
/// Remaining depth below which the search does not probe tablebases (`TablebaseProbeDepth`).
const DEFAULT_TB_PROBE_DEPTH: i64 = 1;
/// The range of a hidden tuning option.
const PARAM_RANGE: (i64, i64) = (-1_000_000, 1_000_000);

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mb: DEFAULT_HASH_MB as usize,
            threads: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS as u64,
            multipv: 1,
            chess960: false,
            ponder: false,
            limit_strength: false,
            elo: DEFAULT_ELO,
            own_book: false,
            tb_probe_depth: DEFAULT_TB_PROBE_DEPTH as i32,
            syzygy_path: String::new(),
            syzygy_probe_depth: 1,
            syzygy_probe_limit: 7,
            syzygy_50_move_rule: true,
            use_nnue: DEFAULT_USE_NNUE,
            params: params::PARAMS,
        }
    }
}

/// One change of the engine's settings. Numbers are checked against the ranges of
/// [`Engine::options`] when the change is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineOption {
    /// Transposition table size in MB (`Hash`).
    Hash(i64),
    /// Search threads (`Threads`, 1..=256): the main one plus Lazy SMP helpers. The engine
    /// uses at most [`hardware_threads`] of them: more threads than the machine runs at once
    /// only slow Lazy SMP down (and take time to start on every `go`).
    Threads(i64),
    /// Empties the transposition table (`Clear Hash`).
    ClearHash,
    /// Milliseconds kept back per move for communication (`Move Overhead`).
    MoveOverhead(i64),
    /// Best lines searched and reported (`MultiPV`, 1..=64), at most one per root move.
    MultiPv(i64),
    /// The GUI may ask for pondering (`Ponder`); only recorded: `go ponder` works either way.
    Ponder(bool),
    /// Chess960 castling notation (`UCI_Chess960`).
    Chess960(bool),
    /// Weakened play (`UCI_LimitStrength`) at the rating of [`EngineOption::Elo`].
    LimitStrength(bool),
    /// `UCI_Elo`.
    Elo(i64),
    /// Evaluate with the network, else the hand-crafted evaluation (`Use NNUE`); from the next
    /// search on.
    UseNnue(bool),
    /// A network file from `vidle train` (`<built-in>`: the embedded one), for this engine only;
    /// another network clears the hash.
    EvalFile(String),
    /// Answer from the opening book when it has the position (`OwnBook`).
    OwnBook(bool),
    /// A Polyglot book file (`<built-in>`: the embedded book).
    BookFile(String),
    /// A directory of our own tablebases (`<default>`: the data directory).
    TablebasePath(String),
    /// Least remaining depth in plies at which the search probes our own tablebases
    /// (`TablebaseProbeDepth`, 0..=128); the root is probed regardless.
    TablebaseProbeDepth(i64),
    /// Syzygy directories separated by `:` (`;` on Windows); `<empty>` for none.
    SyzygyPath(String),
    /// Least remaining depth in plies for Syzygy probes in the search at exactly the largest
    /// probed piece count (`SyzygyProbeDepth`, 1..=100); fewer pieces are probed at any depth.
    SyzygyProbeDepth(i64),
    /// Most pieces, kings included, for Syzygy probes at the root and in the search
    /// (`SyzygyProbeLimit`, 0..=7; 0 turns Syzygy off).
    SyzygyProbeLimit(i64),
    /// Wins and losses the fifty-move rule spoils count as draws (`Syzygy50MoveRule`); a change
    /// reopens the tables.
    Syzygy50MoveRule(bool),
    /// A hidden tuning option: one search parameter by name (see `params`).
    Param {
        /// The parameter's name, case-insensitive (as the UCI command `params` lists them).
        name: String,
        /// Its new value, within ±1 000 000 (stored as an `i32`).
        value: i64,
    },
}

/// The threads the machine runs at once (`std::thread::available_parallelism`, 1 if unknown):
/// the most search threads an engine uses, whatever `Threads` asks.
pub fn hardware_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// What a loader says when it cannot use a file: the reader's own typed error (`BookError`,
/// `TbError`, [`crate::NetError`], …), kept whole so that a caller can inspect it.
pub type LoadFailure = Box<dyn std::error::Error + Send + Sync>;

/// Why a file or directory an option names could not be used: which option, which path, and
/// the reader's typed error as its source.
#[derive(Debug, Clone)]
pub struct LoadError {
    /// The option's UCI name (`BookFile`, `TablebasePath`, `SyzygyPath`, `EvalFile`).
    pub option: &'static str,
    /// The path as given.
    pub path: String,
    /// What the reader said (shared, so that the error can be cloned).
    pub source: Arc<dyn std::error::Error + Send + Sync>,
}

/// Two load errors are equal when they name the same option and path and their readers say
/// the same (an error value has no equality of its own).
impl PartialEq for LoadError {
    fn eq(&self, other: &LoadError) -> bool {
        self.option == other.option
            && self.path == other.path
            && self.source.to_string() == other.source.to_string()
    }
}

impl Eq for LoadError {}

impl LoadError {
    /// The error of `option` with `path`, as an [`OptionError`].
    pub fn option_error(
        option: &'static str,
        path: &str,
        source: impl Into<LoadFailure>,
    ) -> OptionError {
        let source: LoadFailure = source.into();
        OptionError::Load(LoadError { option, path: path.to_string(), source: source.into() })
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} '{}': {}", self.option, self.path, self.source)
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}

/// Why an option could not be set. The text names the option as it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown {
        /// The name as given.
        name: String,
    },
    /// A spin option's value is not a whole number.
    NotANumber {
        /// The option's name as given.
        name: String,
        /// The value as given.
        value: String,
    },
    /// A spin option's value lies outside its range.
    OutOfRange {
        /// The option's name as given, or its UCI name when set through [`Engine::set`].
        name: String,
        /// The value refused.
        value: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// A check option's value is neither `true` nor `false`.
    NotABool {
        /// The option's name as given.
        name: String,
        /// The value as given.
        value: String,
    },
    /// This build has no support for the option (no book, tablebase or Syzygy loader).
    NotBuiltIn {
        /// The option's UCI name.
        name: &'static str,
        /// What is missing, as the message words it: `book`, `tablebase` or `Syzygy`.
        what: &'static str,
    },
    /// The file or directory an option names could not be used.
    Load(LoadError),
    /// The transposition table could not be allocated; a 1 MB table is used instead.
    Memory(String),
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{name}'"),
            OptionError::NotANumber { name, value } => {
                write!(f, "{name}: '{value}' is not a number")
            }
            OptionError::OutOfRange { name, value, min, max } => {
                write!(f, "{name}: {value} is outside {min}..={max}")
            }
            OptionError::NotABool { name, value } => {
                write!(f, "{name}: '{value}' is not true or false")
            }
            OptionError::NotBuiltIn { name, what } => {
                write!(f, "{name}: no {what} support built in")
            }
            OptionError::Load(e) => write!(f, "{e}"),
            OptionError::Memory(why) => write!(f, "Hash: {why}; using 1 MB"),
        }
    }
}

impl std::error::Error for OptionError {}

impl EngineOption {
    /// Parses a UCI `setoption` name (case-insensitive) and value.
    ///
    /// # Errors
    /// An unknown name, a value that does not parse, or a number outside the option's range.
    pub fn parse(name: &str, value: &str) -> Result<EngineOption, OptionError> {
        let typed = name.trim();
        let spin = |f: fn(i64) -> EngineOption| -> Result<EngineOption, OptionError> {
            let v = value.trim().parse().map_err(|_| OptionError::NotANumber {
                name: name.to_string(),
                value: value.to_string(),
            })?;
            let opt = f(v);
            opt.check_range(name)?;
            Ok(opt)
        };
        let check = |f: fn(bool) -> EngineOption| match value.trim().to_ascii_lowercase().as_str() {
            "true" => Ok(f(true)),
            "false" => Ok(f(false)),
            _ => Err(OptionError::NotABool { name: name.to_string(), value: value.to_string() }),
        };
        let text = value.trim().to_string();
        use EngineOption::*;
        match typed.to_ascii_lowercase().as_str() {
            "hash" => spin(Hash),
            "threads" => spin(Threads),
            "clear hash" => Ok(ClearHash),
            "move overhead" => spin(MoveOverhead),
            "multipv" => spin(MultiPv),
            "ponder" => check(Ponder),
            "uci_chess960" => check(Chess960),
            "uci_limitstrength" => check(LimitStrength),
            "uci_elo" => spin(Elo),
            "ownbook" => check(OwnBook),
            "use nnue" => check(UseNnue),
            "evalfile" => Ok(EvalFile(text)),
            "tablebaseprobedepth" => spin(TablebaseProbeDepth),
            "tablebasepath" => Ok(TablebasePath(text)),
            "syzygypath" => Ok(SyzygyPath(text)),
            "syzygyprobedepth" => spin(SyzygyProbeDepth),
            "syzygyprobelimit" => spin(SyzygyProbeLimit),
            "syzygy50moverule" => check(Syzygy50MoveRule),
            "bookfile" => Ok(BookFile(text)),
            other => {
                let mut known = params::PARAMS;
                if known.field_mut(other).is_none() {
                    return Err(OptionError::Unknown { name: typed.to_string() });
                }
                let v = value.trim().parse().map_err(|_| OptionError::NotANumber {
                    name: name.to_string(),
                    value: value.to_string(),
                })?;
                let opt = Param { name: other.to_string(), value: v };
                opt.check_range(name)?;
                Ok(opt)
            }
        }
    }

    /// Whether setting this waits for a running search to end (it changes the search's state).
    pub fn waits_for_search(&self) -> bool {
        matches!(
            self,
            EngineOption::Hash(_)
                | EngineOption::Threads(_)
                | EngineOption::ClearHash
                | EngineOption::SyzygyPath(_)
                | EngineOption::Syzygy50MoveRule(_)
        )
    }

    /// The UCI name, the number and its range, for options that take a number.
    fn spin(&self) -> Option<(&'static str, i64, i64, i64)> {
        use EngineOption::*;
        Some(match *self {
            Hash(v) => ("Hash", v, 1, MAX_HASH_MB),
            Threads(v) => ("Threads", v, 1, MAX_THREADS),
            MoveOverhead(v) => ("Move Overhead", v, 0, MAX_MOVE_OVERHEAD_MS),
            MultiPv(v) => ("MultiPV", v, 1, MAX_MULTIPV),
            Elo(v) => ("UCI_Elo", v, i64::from(MIN_ELO), i64::from(MAX_ELO)),
            TablebaseProbeDepth(v) => ("TablebaseProbeDepth", v, 0, score::MAX_PLY as i64),
            SyzygyProbeDepth(v) => ("SyzygyProbeDepth", v, 1, 100),
            SyzygyProbeLimit(v) => ("SyzygyProbeLimit", v, 0, 7),
            Param { value, .. } => ("", value, PARAM_RANGE.0, PARAM_RANGE.1),
            _ => return None,
        })
    }

    /// Checks a number against its option's range; errors name the option as `name` (as given),
    /// or by its UCI name when `name` is empty.
    fn check_range(&self, name: &str) -> Result<(), OptionError> {
        match self.spin() {
            Some((uci, value, min, max)) if !(min..=max).contains(&value) => {
                let name = match (name, self) {
                    ("", EngineOption::Param { name, .. }) => name.clone(),
                    ("", _) => uci.to_string(),
                    (n, _) => n.to_string(),
                };
                Err(OptionError::OutOfRange { name, value, min, max })
            }
            _ => Ok(()),
        }
    }
}

impl Engine {
    /// The options an engine understands, for the UCI `uci` listing.
    pub fn options() -> Vec<OptionSpec> {
        use OptionKind::*;
        let spin =
            |name, default: i64, min, max| OptionSpec { name, kind: Spin { default, min, max } };
        let check = |name, default| OptionSpec { name, kind: Check { default } };
        let text = |name, default| OptionSpec { name, kind: Text { default } };
        vec![
            spin("Hash", DEFAULT_HASH_MB, 1, MAX_HASH_MB),
            spin("Threads", 1, 1, MAX_THREADS),
            OptionSpec { name: "Clear Hash", kind: Button },
            spin("Move Overhead", DEFAULT_MOVE_OVERHEAD_MS, 0, MAX_MOVE_OVERHEAD_MS),
            spin("MultiPV", 1, 1, MAX_MULTIPV),
            check("Ponder", false),
            check("UCI_Chess960", false),
            check("UCI_LimitStrength", false),
            spin("UCI_Elo", i64::from(DEFAULT_ELO), i64::from(MIN_ELO), i64::from(MAX_ELO)),
            check("Use NNUE", DEFAULT_USE_NNUE),
            text("EvalFile", "<built-in>"),
            check("OwnBook", false),
            text("BookFile", "<built-in>"),
            text("TablebasePath", "<default>"),
            spin("TablebaseProbeDepth", DEFAULT_TB_PROBE_DEPTH, 0, score::MAX_PLY as i64),
            text("SyzygyPath", "<empty>"),
            spin("SyzygyProbeDepth", 1, 1, 100),
            spin("SyzygyProbeLimit", 7, 0, 7),
            check("Syzygy50MoveRule", true),
        ]
    }

    /// Sets an option by its UCI name (case-insensitive): [`EngineOption::parse`], then
    /// [`Engine::set`].
    ///
    /// # Errors
    /// An unknown name, a value that does not parse or is out of range, or what `set` reports.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        self.set(EngineOption::parse(name, value)?)
    }

    /// Limited strength at `elo` (`UCI_LimitStrength` and `UCI_Elo`), or full strength (`None`).
    ///
    /// # Errors
    /// An Elo outside the engine's range; the strength is then unchanged.
    pub fn set_strength(&mut self, elo: Option<u32>) -> Result<(), OptionError> {
        if let Some(e) = elo {
            self.set(EngineOption::Elo(i64::from(e)))?;
        }
        self.set(EngineOption::LimitStrength(elo.is_some()))
    }

    /// Answers from the opening book when it has the position (`OwnBook`).
    pub fn set_own_book(&mut self, on: bool) {
        self.settings.own_book = on;
    }

    /// Whether searches evaluate with the network (`Use NNUE`).
    pub fn uses_nnue(&self) -> bool {
        self.settings.use_nnue
    }

    /// Chess960 castling notation (`UCI_Chess960`).
    pub fn set_chess960(&mut self, on: bool) {
        self.settings.chess960 = on;
    }

    /// Makes one change. Waits for a running search to end first when the change touches the
    /// search's state ([`EngineOption::waits_for_search`]).
    ///
    /// # Errors
    /// A number outside the option's range, an unknown tuning parameter, or a book or table that
    /// cannot be opened (the setting is then unchanged, except `Hash`, which falls back to 1 MB).
    pub fn set(&mut self, option: EngineOption) -> Result<(), OptionError> {
        option.check_range("")?;
        let s = &mut self.settings;
        match option {
            EngineOption::Hash(mb) => {
                let mb = mb as usize;
                self.wait();
                self.settings.hash_mb = mb;
                // Free the old table first so that both never need to fit in memory at once.
                self.tt = Arc::new(tt::Tt::new(1));
                match tt::Tt::try_new(mb) {
                    Ok(t) => self.tt = Arc::new(t),
                    Err(e) => {
                        self.settings.hash_mb = 1;
                        return Err(OptionError::Memory(e));
                    }
                }
            }
            EngineOption::Threads(n) => {
                self.wait();
                self.settings.threads = (n as usize).min(hardware_threads());
                self.resize_workers();
            }
            EngineOption::ClearHash => {
                self.wait();
                self.tt.clear();
            }
            EngineOption::MoveOverhead(ms) => s.move_overhead_ms = ms as u64,
            EngineOption::MultiPv(n) => s.multipv = n as usize,
            EngineOption::Ponder(on) => s.ponder = on,
            EngineOption::Chess960(on) => s.chess960 = on,
            EngineOption::LimitStrength(on) => s.limit_strength = on,
            EngineOption::Elo(e) => s.elo = e as u32,
            EngineOption::OwnBook(on) => s.own_book = on,
            EngineOption::UseNnue(on) => {
                if on != s.use_nnue {
                    // Entries scored by the other evaluation would steer the next search.
                    self.wait();
                    self.tt.clear();
                    self.settings.use_nnue = on;
                }
            }
            EngineOption::EvalFile(path) => {
                let net = match path.trim() {
                    "" | "<built-in>" => crate::nnue::embedded(),
                    p => crate::nnue::load_file(std::path::Path::new(p))
                        .map_err(|e| LoadError::option_error("EvalFile", p, e))?,
                };
                self.set_network(net);
            }
            EngineOption::TablebaseProbeDepth(d) => s.tb_probe_depth = d as i32,
            EngineOption::TablebasePath(path) => {
                let loader = self
                    .tablebase_loader
                    .ok_or(OptionError::NotBuiltIn { name: "TablebasePath", what: "tablebase" })?;
                let path = path.trim();
                self.tablebase = Some(
                    loader(path).map_err(|e| LoadError::option_error("TablebasePath", path, e))?,
                );
            }
            EngineOption::SyzygyPath(path) => {
                s.syzygy_path = path.trim().to_string();
                self.load_syzygy()?;
            }
            EngineOption::SyzygyProbeDepth(d) => s.syzygy_probe_depth = d as i32,
            EngineOption::SyzygyProbeLimit(n) => s.syzygy_probe_limit = n as u32,
            EngineOption::Syzygy50MoveRule(on) => {
                if on != s.syzygy_50_move_rule {
                    s.syzygy_50_move_rule = on;
                    self.load_syzygy()?;
                }
            }
            EngineOption::BookFile(path) => {
                let loader = self
                    .book_loader
                    .ok_or(OptionError::NotBuiltIn { name: "BookFile", what: "book" })?;
                let path = path.trim();
                self.book =
                    Some(loader(path).map_err(|e| LoadError::option_error("BookFile", path, e))?);
            }
            EngineOption::Param { name, value } => {
                let slot = s
                    .params
                    .field_mut(&name)
                    .ok_or_else(|| OptionError::Unknown { name: name.clone() })?;
                *slot = value as i32;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_names_parse_into_typed_options_and_errors_name_what_is_wrong() {
        assert_eq!(EngineOption::parse(" ownbook ", "TRUE"), Ok(EngineOption::OwnBook(true)));
        assert_eq!(EngineOption::parse("UCI_Elo", " 1800 "), Ok(EngineOption::Elo(1800)));
        assert_eq!(EngineOption::parse("Clear Hash", ""), Ok(EngineOption::ClearHash));
        let err = |name: &str, value: &str| {
            EngineOption::parse(name, value).expect_err("refused").to_string()
        };
        assert_eq!(err("Nonsense", "1"), "unknown option 'Nonsense'");
        assert_eq!(err("Hash", "lots"), "Hash: 'lots' is not a number");
        assert_eq!(err("multipv", "65"), "multipv: 65 is outside 1..=64");
        assert_eq!(err("Ponder", "yes"), "Ponder: 'yes' is not true or false");
        assert_eq!(err("rfp_margin", "x"), "rfp_margin: 'x' is not a number");
        assert!(EngineOption::parse("Hash", "64").is_ok_and(|o| o.waits_for_search()));
        assert!(!EngineOption::Elo(1500).waits_for_search());
    }

    #[test]
    fn typed_changes_are_checked_and_applied() {
        let mut engine = Engine::new();
        let out = engine.set(EngineOption::Elo(5)).expect_err("below the range");
        assert!(matches!(out, OptionError::OutOfRange { value: 5, .. }), "{out:?}");
        assert_eq!(out.to_string(), format!("UCI_Elo: 5 is outside {MIN_ELO}..={MAX_ELO}"));
        assert_eq!(engine.settings.elo, DEFAULT_ELO, "unchanged after an error");
        engine.set_strength(Some(1234)).expect("in range");
        assert!(engine.settings.limit_strength && engine.settings.elo == 1234);
        engine.set_strength(None).expect("full strength");
        assert!(!engine.settings.limit_strength);
        let e = engine.set(EngineOption::BookFile("x.bin".into())).expect_err("no loader");
        assert_eq!(e.to_string(), "BookFile: no book support built in");
        let e = engine.set(EngineOption::Param { name: "nope".into(), value: 1 });
        assert!(matches!(e, Err(OptionError::Unknown { .. })), "{e:?}");
        // Every listed option parses from its UCI default.
        for spec in Engine::options() {
            let value = match spec.kind {
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Button => String::new(),
                OptionKind::Text { default } => default.to_string(),
            };
            assert!(EngineOption::parse(spec.name, &value).is_ok(), "{}", spec.name);
        }
    }
}
