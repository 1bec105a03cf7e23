//! Syzygy tables (`.rtbw` WDL, `.rtbz` DTZ) behind the engine's `Tablebase` trait, read with
//! `shakmaty-syzygy`, for the UCI option `SyzygyPath`. Positions go over as bitboards.
//!
//! Problems do not stop the engine: a file that cannot be added (wrong size, unreadable) is
//! skipped, a WDL table without its DTZ table (or the reverse) is named, and a table that turns
//! out corrupt or missing while probing answers "not covered"; each problem is reported once
//! through [`Tablebase::take_messages`].

use shakmaty::{CastlingMode, Chess, FromSetup, Setup};
use shakmaty_syzygy::{Tablebase as Syzygy, Wdl};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use vidle_core::{Move, Position};
use vidle_engine::{Engine, SYZYGY_FAR, Tablebase, TbOutcome};

/// The separator of several directories in `SyzygyPath`, as Stockfish has it.
const SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// Opened Syzygy tables.
pub struct SyzygySource {
    tables: Syzygy<Chess>,
    /// `Syzygy50MoveRule`: cursed wins and blessed losses are draws.
    fifty: bool,
    /// Problems reported already (each once) and those not yet taken.
    seen: Mutex<(HashSet<String>, Vec<String>)>,
}

/// No Syzygy table could be opened in the path given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSyzygyTables {
    /// The first problem met (a directory that cannot be read, a corrupt file), if any.
    pub first_problem: Option<String>,
}

impl std::fmt::Display for NoSyzygyTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no Syzygy tables found")?;
        match &self.first_problem {
            Some(p) => write!(f, " ({p})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for NoSyzygyTables {}

impl SyzygySource {
    /// Opens the tables of every directory in `path` (`:`-separated; `;` on Windows).
    /// Fails only when no table at all could be added; other problems become messages.
    ///
    /// # Errors
    /// [`NoSyzygyTables`], with the first problem met (a directory that cannot be read, a
    /// corrupt file).
    pub fn open(path: &str, fifty: bool) -> Result<SyzygySource, NoSyzygyTables> {
        let mut tables = Syzygy::new();
        let mut problems = Vec::new();
        let mut added = 0;
        let mut stems: Vec<(String, bool)> = Vec::new();
        for dir in path.split(SEPARATOR).map(str::trim).filter(|d| !d.is_empty()) {
            let entries = match std::fs::read_dir(dir) {
                Ok(e) => e,
                Err(e) => {
                    problems.push(format!("SyzygyPath: cannot read directory '{dir}': {e}"));
                    continue;
                }
            };
            let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            files.sort();
            for file in files {
                let Some(ext) = file.extension().and_then(|e| e.to_str()) else { continue };
                if ext != "rtbw" && ext != "rtbz" {
                    continue;
                }
                match tables.add_file(&file) {
                    Ok(()) => {
                        added += 1;
                        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                        stems.push((stem.to_string(), ext == "rtbw"));
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {}
                    Err(e) => problems.push(format!(
                        "SyzygyPath: skipped '{}': {e} (truncated or corrupt?)",
                        file.display()
                    )),
                }
            }
        }
        if added == 0 {
            return Err(NoSyzygyTables { first_problem: problems.into_iter().next() });
        }
        let has = |stem: &str, wdl: bool| stems.iter().any(|(s, w)| s == stem && *w == wdl);
        let mut unpaired: Vec<String> = stems
            .iter()
            .filter(|(s, w)| !has(s, !w))
            .map(|(s, w)| format!("{s}.{}", if *w { "rtbz" } else { "rtbw" }))
            .collect();
        unpaired.sort();
        unpaired.dedup();
        if !unpaired.is_empty() {
            problems.push(format!("SyzygyPath: incomplete tables, missing {}", unpaired.join(" ")));
        }
        let seen = (problems.iter().cloned().collect(), problems);
        Ok(SyzygySource { tables, fifty, seen: Mutex::new(seen) })
    }

    fn report(&self, text: String) {
        if let Ok(mut s) = self.seen.lock()
            && s.0.insert(text.clone())
        {
            s.1.push(text);
        }
    }

    /// `pos` for shakmaty, built from its bitboards (a FEN round trip cost a quarter of the
    /// search's speed in probing endgames), or `None` when shakmaty refuses it.
    fn convert(&self, pos: &Position) -> Option<Chess> {
        let mut setup = Setup::empty();
        for (c, color) in vidle_core::Color::ALL.into_iter().zip(shakmaty::Color::ALL) {
            for (r, role) in vidle_core::Role::ALL.into_iter().zip(shakmaty::Role::ALL) {
                for sq in pos.pieces(c, r) {
                    let sq = shakmaty::Square::new(sq.index() as u32);
                    setup.board.set_piece_at(sq, shakmaty::Piece { color, role });
                }
            }
        }
        setup.turn = shakmaty::Color::ALL[pos.turn().index()];
        setup.castling_rights = shakmaty::Bitboard(pos.castling_rooks().0);
        setup.ep_square = pos.ep_square().map(|s| shakmaty::Square::new(s.index() as u32));
        setup.halfmoves = u32::from(pos.halfmove_clock());
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .ok()
    }

    fn probe_error(&self, e: shakmaty_syzygy::SyzygyError) {
        use shakmaty_syzygy::SyzygyError::*;
        match e {
            Castling | TooManyPieces => {}
            // One line whatever the environment: with RUST_BACKTRACE set the error's text
            // carries a backtrace, which would flood the GUI with non-UCI lines.
            e => {
                let text = e.to_string();
                // The backtrace starts on a line of its own or right after "corrupted table: ".
                let cut = text.find('\n').into_iter().chain(text.find("   0: ")).min();
                let first = text[..cut.unwrap_or(text.len())].trim_end().trim_end_matches(':');
                self.report(format!("Syzygy: {first}"));
            }
        }
    }

    /// The WDL value of `pos` reached by a capture or pawn move, for its side to move.
    pub fn wdl(&self, pos: &Position) -> Option<Wdl> {
        let p = self.convert(pos)?;
        self.tables.probe_wdl_after_zeroing(&p).map_err(|e| self.probe_error(e)).ok()
    }

    /// The DTZ of `pos` for its side to move (plies to a capture or pawn move, signed: positive
    /// wins, counted from a halfmove clock of zero), `None` when not covered (reported).
    pub fn dtz(&self, pos: &Position) -> Option<i32> {
        let p = self.convert(pos)?;
        let dtz = self.tables.probe_dtz(&p).map_err(|e| self.probe_error(e)).ok()?;
        Some(dtz.ignore_rounding().0)
    }

    /// The value of `pos` for its side to move as the search wants it.
    fn outcome(&self, wdl: Wdl) -> TbOutcome {
        match wdl {
            Wdl::Win => TbOutcome::Win(SYZYGY_FAR),
            Wdl::CursedWin if !self.fifty => TbOutcome::Win(SYZYGY_FAR),
            Wdl::Loss => TbOutcome::Loss(SYZYGY_FAR),
            Wdl::BlessedLoss if !self.fifty => TbOutcome::Loss(SYZYGY_FAR),
            _ => TbOutcome::Draw,
        }
    }
}

impl Tablebase for SyzygySource {
    fn max_pieces(&self) -> u32 {
        self.tables.max_pieces() as u32
    }

    /// Each move's result for the mover: `Win(p)`/`Loss(p)` with `p` the plies to the next
    /// capture or pawn move (1 for a zeroing move), a draw when the fifty-move rule (counted
    /// from the child's halfmove clock) spoils it and `Syzygy50MoveRule` is on.
    fn root_moves(&self, pos: &Position) -> Option<Vec<(Move, TbOutcome)>> {
        let mut out = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = pos.played(m);
            if child.is_checkmate() {
                out.push((m, TbOutcome::Win(1)));
                continue;
            }
            let outcome = if child.halfmove_clock() == 0 {
                // The child's own value, negated: exact right after zeroing.
                match self.outcome(self.wdl(&child)?) {
                    TbOutcome::Win(_) => TbOutcome::Loss(1),
                    TbOutcome::Loss(_) => TbOutcome::Win(1),
                    TbOutcome::Draw => TbOutcome::Draw,
                }
            } else {
                let c = self.convert(&child)?;
                let dtz = self
                    .tables
                    .probe_dtz(&c)
                    .map_err(|e| self.probe_error(e))
                    .ok()?
                    .ignore_rounding()
                    .0;
                let plies = dtz.unsigned_abs() + 1;
                let in_time = dtz.unsigned_abs() + u32::from(child.halfmove_clock()) <= 100;
                match dtz.signum() {
                    0 => TbOutcome::Draw,
                    _ if self.fifty && !in_time => TbOutcome::Draw,
                    -1 => TbOutcome::Win(plies),
                    _ => TbOutcome::Loss(plies),
                }
            };
            out.push((m, outcome));
        }
        Some(out)
    }

    fn probe(&self, pos: &Position) -> Option<TbOutcome> {
        self.wdl(pos).map(|w| self.outcome(w))
    }

    fn take_messages(&self) -> Vec<String> {
        self.seen.lock().map(|mut s| std::mem::take(&mut s.1)).unwrap_or_default()
    }
}

/// Opens `SyzygyPath`'s directories (the engine's `SyzygyLoader`).
fn load(path: &str, fifty: bool) -> Result<Arc<dyn Tablebase>, vidle_engine::LoadFailure> {
    Ok(Arc::new(SyzygySource::open(path, fifty)?))
}

/// Gives `engine` the loader for `SyzygyPath`.
pub fn install(engine: &mut Engine) {
    engine.set_syzygy_loader(load);
}
