//! The engine a front end plays with: the opening book (`book_source`), our tablebases
//! (`tb_source`) and Syzygy's (`syzygy_source`) installed, and the files a player names instead of
//! the defaults (`--book`, `--tb-dir`).

use crate::book_source::{self, PolyglotSource};
use std::path::PathBuf;
use std::sync::Arc;
use vidle_engine::{Engine, EngineOption};

/// An engine with the built-in book installed (`own_book` turns its use on) and the tablebases
/// of the data directory, if there are any.
pub fn engine_with_book(own_book: bool) -> Engine {
    let mut engine = Engine::new();
    crate::tb_source::install(&mut engine);
    crate::syzygy_source::install(&mut engine);
    engine.set_book(Some(Arc::new(PolyglotSource::built_in())));
    engine.set_book_loader(book_source::load);
    engine.set_own_book(own_book);
    engine
}

/// The files a playing engine uses instead of the defaults (`play` and `serve`: `--book FILE`,
/// `--tb-dir DIR`).
#[derive(Debug, Clone, Default)]
pub struct EngineFiles {
    pub book: Option<PathBuf>,
    pub tb_dir: Option<PathBuf>,
}

/// An engine for playing people: the book on, with the book and tablebases of `files`.
///
/// # Errors
/// A book or table directory that cannot be opened, named by its option (`--book: …`).
pub fn engine_for(files: &EngineFiles) -> Result<Engine, String> {
    let mut engine = engine_with_book(true);
    if let Some(b) = &files.book {
        engine
            .set(EngineOption::BookFile(b.display().to_string()))
            .map_err(|e| format!("--book: {e}"))?;
    }
    if let Some(d) = &files.tb_dir {
        engine
            .set(EngineOption::TablebasePath(d.display().to_string()))
            .map_err(|e| format!("--tb-dir: {e}"))?;
    }
    Ok(engine)
}

/// The first engine of `play` or `serve`: [`engine_for`], and the tablebase panels pointed at
/// `--tb-dir` when it is given (they read and make tables there, not in the data directory).
/// Called once per program, so that the panel's news survives the games that follow (`serve`
/// makes each later game's engine with [`engine_for`]).
///
/// # Errors
/// As [`engine_for`]: bad files are found now, not by the first game's engine.
pub fn first_engine(files: &EngineFiles) -> Result<Engine, String> {
    let engine = engine_for(files)?;
    if let Some(d) = &files.tb_dir {
        crate::tb_panel::use_dir(d.clone());
    }
    Ok(engine)
}
