//! `vidle analyse GAME.pgn`: the post-game analysis of one game, written as annotated PGN, with a
//! summary per side and the evaluation graph on the terminal.

use crate::analysis::{self, GameRecord};
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use vidle_book::pgn::PgnReader;
use vidle_engine::{Engine, SearchLimits};

/// Longer games are refused (the longest real games have some 600 plies).
pub const MAX_PLIES: usize = 3000;

#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// The PGN file holding the game.
    pub pgn: PathBuf,
    /// Write the annotated game here (default: standard output, with the summary on standard
    /// error).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Milliseconds of search for every position (default 300).
    #[arg(long, value_name = "MS", conflicts_with = "depth",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Search every position to this depth instead of for a time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Which game of the file to analyse, counting from 1.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
}

pub fn run(a: &AnalyseArgs) -> Result<()> {
    let record = read_game(a)?;
    analyse_record(&record, a.output.as_deref(), a.movetime, a.depth).map(drop)
}

/// Analyses a game and writes the annotated PGN to `output` (the summary on standard output)
/// or to standard output (the summary on standard error): `vidle analyse` and
/// `vidle games analyse` alike. Returns the analysis.
pub fn analyse_record(
    record: &GameRecord,
    output: Option<&std::path::Path>,
    movetime: Option<u64>,
    depth: Option<u32>,
) -> Result<analysis::Analysis> {
    if let Some(out) = output {
        vidle_core::files::check_writable(out)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    let limits = match depth {
        Some(d) => SearchLimits { depth: Some(d), ..Default::default() },
        None => SearchLimits {
            movetime: Some(movetime.unwrap_or(analysis::DEFAULT_MOVETIME_MS)),
            ..Default::default()
        },
    };
    let mut engine = Engine::new();
    let bar = ProgressBar::new(record.game.positions().len() as u64);
    bar.set_style(
        ProgressStyle::with_template("analysing {bar:40} {pos}/{len} positions, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let result = analysis::analyse(&record.game, limits, &mut engine, &mut |p| {
        bar.set_position(p.done as u64);
        true
    });
    bar.finish_and_clear();
    let analysis = result?;
    let pgn = analysis::annotate::annotated_pgn(record, &analysis);
    let summary = analysis::summary::summary(record, &analysis, crate::i18n::Lang::En);
    match output {
        Some(path) => {
            std::fs::write(path, pgn)
                .with_context(|| format!("cannot write {}", path.display()))?;
            let mut out = std::io::stdout().lock();
            out.write_all(summary.as_bytes())?;
            writeln!(out, "annotated game written to {}", path.display())?;
        }
        None => {
            std::io::stdout().lock().write_all(pgn.as_bytes())?;
            std::io::stderr().lock().write_all(summary.as_bytes())?;
        }
    }
    Ok(analysis)
}

/// The game the arguments name, read with the book crate's PGN reader.
fn read_game(a: &AnalyseArgs) -> Result<GameRecord> {
    let name = a.pgn.display();
    let file =
        vidle_core::files::open_regular(&a.pgn).with_context(|| format!("cannot open {name}"))?;
    let mut reader = PgnReader::new(std::io::BufReader::new(file)).with_max_moves(MAX_PLIES + 1);
    let mut found = 0;
    while let Some(pgn) = reader.next_game().with_context(|| format!("cannot read {name}"))? {
        found += 1;
        if found == a.game {
            if pgn.moves.len() > MAX_PLIES {
                bail!("{name}: game {found} has more than {MAX_PLIES} plies");
            }
            return GameRecord::from_pgn(&pgn)
                .with_context(|| format!("{name}: game {found} (line {})", pgn.line));
        }
    }
    match found {
        0 => bail!("{name}: no game found"),
        1 => bail!("{name} holds 1 game, not {}", a.game),
        n => bail!("{name} holds {n} games, not {}", a.game),
    }
}
