//! Endgame tablebases as the engine sees them: `vidle-tb` tables behind the engine's
//! `Tablebase` trait, opened from the data directory (or `TablebasePath`).

use std::sync::Arc;
use vidle_core::{Move, Position};
use vidle_engine::{Engine, Tablebase, TbOutcome};
use vidle_tb::{Tablebases, TbValue, Wdl};

struct Source(Tablebases);

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
        // spoils the result; the DTM table gives the distance. Errors mean "not covered".
        match self.0.probe_wdl(pos)?.ok()? {
            Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => Some(TbOutcome::Draw),
            Wdl::Win | Wdl::Loss => match self.0.probe_dtm(pos)?.ok()? {
                TbValue::Win(p) => Some(TbOutcome::Win(u32::from(p))),
                TbValue::Loss(p) => Some(TbOutcome::Loss(u32::from(p))),
                // The two tables disagree: trust neither.
                TbValue::Draw => None,
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
    let tb =
        Tablebases::open(&dir).map_err(|e| format!("TablebasePath '{}': {e}", dir.display()))?;
    Ok(Arc::new(Source(tb)))
}

/// The tables of the default directory, when it has any.
pub fn default_tables() -> Option<Arc<dyn Tablebase>> {
    load("<default>").ok().filter(|tb| tb.max_pieces() > 0)
}

/// Gives `engine` the tables of the default directory when it has any, and the loader for
/// `TablebasePath`.
pub fn install(engine: &mut Engine) {
    engine.set_tablebase_loader(load);
    if let Ok(tb) = load("<default>")
        && tb.max_pieces() > 0
    {
        engine.set_tablebase(Some(tb));
    }
}

/// Every legal move with its tablebase result ("Qf5 mate in 16", "Kb2 draw", "Qc1+ loses in 3"),
/// best first, when the tables of the data directory cover `pos`; empty otherwise. For the web
/// page's tablebase panel.
pub fn root_lines(pos: &Position) -> Vec<String> {
    static TABLES: std::sync::OnceLock<Option<Tablebases>> = std::sync::OnceLock::new();
    let Some(tb) = TABLES.get_or_init(|| {
        Tablebases::open(vidle_tb::default_dir()).ok().filter(|t| t.max_pieces() > 0)
    }) else {
        return Vec::new();
    };
    if pos.occupied().count() > tb.max_pieces() {
        return Vec::new();
    }
    match tb.root_moves(pos) {
        Some(Ok(moves)) => moves
            .into_iter()
            .map(|(m, v)| format!("{} {v}", vidle_core::notation::to_san(pos, m)))
            .collect(),
        _ => Vec::new(),
    }
}
