//! A terminal progress bar for book building (feature `progress`), so front ends need not
//! depend on `indicatif` themselves.

use crate::builder::Progress;
use indicatif::{ProgressBar, ProgressStyle};

/// A byte-count progress bar over `total_bytes` of input; hidden when stderr is not a terminal.
pub struct BuildProgressBar {
    bar: ProgressBar,
    offset: u64,
}

impl BuildProgressBar {
    /// A bar for `total_bytes` of PGN input, all files together.
    pub fn new(total_bytes: u64) -> BuildProgressBar {
        let bar = ProgressBar::new(total_bytes);
        let style = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {bytes}/{total_bytes} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        BuildProgressBar { bar, offset: 0 }
    }

    /// Call when the next input file starts, with the sizes of the files already read.
    pub fn start_file(&mut self, bytes_before: u64) {
        self.offset = bytes_before;
    }

    /// The update for [`crate::BookBuilder::add_pgn`].
    pub fn update(&self, p: Progress) {
        self.bar.set_position(self.offset + p.bytes);
        self.bar.set_message(format!("{} games", p.games));
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
