//! `vidle book …` subcommands: build a Polyglot book from PGN, probe, merge, measure.

use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;
use vidle_book::progress::BuildProgressBar;
use vidle_book::stats::tree_stats;
use vidle_book::{
    Book, BookBuilder, BookRng, BuildOptions, ChooseOptions, MergeMode, game_key,
    polyglot_key_with_ep,
};
use vidle_core::fen::{Setup, to_fen};
use vidle_core::notation::{parse_move, to_san, to_uci};
use vidle_core::{Color, Game, Position};

#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Build a Polyglot book from PGN games (weights as `polyglot make-book`: 2 per win, 1 per
    /// draw or unknown result, for the side that moved).
    Build(BuildArgs),
    /// List the book moves of a position with SAN, UCI, weight and share.
    Probe(ProbeArgs),
    /// Combine two books into a third.
    Merge(MergeArgs),
    /// Size, breadth and depth of a book.
    Stats(StatsArgs),
    /// The opening explorer: a position's book moves with weight, share, learn field and the
    /// number of book moves after each.
    Explore(ExploreArgs),
}

#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    /// Book file (default: the book built into vidle).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Position as FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, from the FEN or the start (SAN or UCI), e.g. e4 c5 Nf3.
    pub moves: Vec<String>,
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// PGN files, read in order.
    #[arg(required = true)]
    pub pgn: Vec<PathBuf>,
    /// The book file to write.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Use only the first N half-moves of each game.
    #[arg(long, default_value_t = 1024)]
    pub max_ply: u32,
    /// Keep a move only if it occurs at least N times.
    #[arg(long, default_value_t = 3)]
    pub min_games: u32,
    /// Keep a move only if its score is at least this percentage (0-100).
    #[arg(long, default_value_t = 0.0)]
    pub min_score: f64,
    /// Keep only White's moves.
    #[arg(long, conflicts_with = "only_black")]
    pub only_white: bool,
    /// Keep only Black's moves.
    #[arg(long)]
    pub only_black: bool,
    /// Count only the moves of the side that won each game.
    #[arg(long)]
    pub winners_only: bool,
    /// Give every kept move weight 1.
    #[arg(long)]
    pub uniform: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// Book file (default: the book built into vidle).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Position as FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first (SAN or UCI, space separated), e.g. "e4 e5 Nf3".
    #[arg(long)]
    pub moves: Option<String>,
    /// Also pick N moves as the engine would, and show how often each was picked.
    #[arg(long, default_value_t = 0)]
    pub choose: u32,
    /// Seed for --choose (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// --choose: always the highest weight.
    #[arg(long)]
    pub best_only: bool,
    /// --choose: ignore moves below this weight.
    #[arg(long, default_value_t = 1)]
    pub min_weight: u16,
    /// --choose: variety; 1 = proportional to weight, <1 favours the best, >1 flattens.
    #[arg(long, default_value_t = 1.0)]
    pub temperature: f64,
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    pub first: PathBuf,
    pub second: PathBuf,
    /// The book file to write.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Add the weights of moves in both books (default: positions in the first book keep the
    /// first book's moves, as `polyglot merge-book` does).
    #[arg(long)]
    pub sum: bool,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Book file (default: the book built into vidle).
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Stop the walk from the start position after this many positions.
    #[arg(long, default_value_t = 2_000_000)]
    pub max_positions: usize,
}

/// `writeln!` to the locked stdout; an error (e.g. a closed pipe) ends the command instead of
/// panicking as `println!` would.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*)?
    };
}

pub fn run(cmd: BookCommand) -> Result<()> {
    match cmd {
        BookCommand::Build(a) => build(&a),
        BookCommand::Probe(a) => probe(&a),
        BookCommand::Merge(a) => merge(&a),
        BookCommand::Stats(a) => stats(&a),
        BookCommand::Explore(a) => explore(&a),
    }
}

/// Opens `path`, or the embedded book; prints load warnings.
fn load(path: Option<&Path>) -> Result<(std::borrow::Cow<'static, Book>, String)> {
    let (book, name) = match path {
        Some(p) => (
            std::borrow::Cow::Owned(
                Book::open(p).with_context(|| format!("book {}", p.display()))?,
            ),
            p.display().to_string(),
        ),
        None => (std::borrow::Cow::Borrowed(Book::default_book()), "built-in book".to_string()),
    };
    for w in book.warnings() {
        eprintln!("warning: {name}: {w}");
    }
    Ok((book, name))
}

fn build(a: &BuildArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if !(0.0..=100.0).contains(&a.min_score) {
        bail!("--min-score must be a percentage from 0 to 100");
    }
    let opts = BuildOptions {
        max_ply: a.max_ply,
        min_games: a.min_games,
        min_score: a.min_score / 100.0,
        only: match (a.only_white, a.only_black) {
            (true, _) => Some(Color::White),
            (_, true) => Some(Color::Black),
            _ => None,
        },
        winners_only: a.winners_only,
        uniform: a.uniform,
    };
    let mut sizes = Vec::new();
    for p in &a.pgn {
        let meta = std::fs::metadata(p).with_context(|| format!("cannot read {}", p.display()))?;
        sizes.push(meta.len());
    }
    let started = Instant::now();
    let mut bar = (!a.quiet).then(|| BuildProgressBar::new(sizes.iter().sum()));
    let mut builder = BookBuilder::new(opts);
    let mut done = 0;
    for (p, size) in a.pgn.iter().zip(&sizes) {
        let file = vidle_core::files::open_regular(p)
            .with_context(|| format!("cannot open {}", p.display()))?;
        if let Some(b) = bar.as_mut() {
            b.start_file(done);
        }
        builder
            .add_pgn(file, &mut |pr| {
                if let Some(b) = &bar {
                    b.update(pr);
                }
            })
            .with_context(|| format!("reading {}", p.display()))?;
        done += size;
    }
    if let Some(b) = &bar {
        b.finish();
    }
    let (book, s) = builder.finish();
    book.save(&a.output).with_context(|| format!("cannot write {}", a.output.display()))?;
    let secs = started.elapsed().as_secs_f64();
    say!(
        out,
        "games read {}, used {}, skipped {} ({:.0} games/s)",
        s.games_read,
        s.games_used,
        s.games_skipped(),
        s.games_read as f64 / secs.max(1e-9)
    );
    for (reason, n) in &s.skipped {
        say!(out, "  skipped {n}: {reason}");
    }
    for e in &s.skip_examples {
        say!(out, "    {e}");
    }
    say!(
        out,
        "plies {}, candidate entries {}, book: {} positions, {} entries -> {} ({:.2} s)",
        s.plies,
        s.candidates,
        s.positions,
        s.entries,
        a.output.display(),
        secs
    );
    Ok(())
}

fn probe(a: &ProbeArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let (book, name) = load(a.book.as_deref())?;
    let (start, ep) = match &a.fen {
        None => (Position::startpos(), None),
        Some(f) => {
            let setup = Setup::parse(f).with_context(|| format!("bad FEN '{f}'"))?;
            let pos = Position::from_setup(&setup).with_context(|| format!("illegal FEN '{f}'"))?;
            (pos, setup.ep)
        }
    };
    let mut game = Game::new(start);
    for text in a.moves.as_deref().unwrap_or("").split_whitespace() {
        let m = parse_move(game.position(), text)?;
        game.play(m);
    }
    let key =
        if game.moves().is_empty() { polyglot_key_with_ep(&start, ep) } else { game_key(&game) };
    let pos = *game.position();
    let lookup = book.lookup_key(&pos, key);
    say!(out, "{name}: {} entries, {} positions", book.len(), book.positions());
    say!(out, "{}  key {key:016x}", to_fen(&pos, false));
    for (e, why) in &lookup.rejected {
        eprintln!("warning: skipped entry (weight {}): {why}", e.weight);
    }
    if lookup.moves.is_empty() {
        say!(out, "no book moves");
        return Ok(());
    }
    let total: u64 = lookup.moves.iter().map(|b| u64::from(b.weight)).sum();
    say!(out, "{:<8} {:<6} {:>7} {:>7}", "move", "uci", "weight", "share");
    for b in &lookup.moves {
        let share = 100.0 * f64::from(b.weight) / (total.max(1) as f64);
        say!(
            out,
            "{:<8} {:<6} {:>7} {:>6.1}%",
            to_san(&pos, b.mv),
            to_uci(b.mv, false),
            b.weight,
            share
        );
    }
    if a.choose > 0 {
        let opts = ChooseOptions {
            best_only: a.best_only,
            min_weight: a.min_weight,
            temperature: a.temperature,
        };
        let mut rng = a.seed.map_or_else(BookRng::from_entropy, BookRng::seeded);
        let mut counts = vec![0u32; lookup.moves.len()];
        for _ in 0..a.choose {
            if let Some(b) = opts.pick(&lookup.moves, &mut rng)
                && let Some(i) = lookup.moves.iter().position(|x| x.mv == b.mv)
            {
                counts[i] += 1;
            }
        }
        say!(out, "picked in {} tries:", a.choose);
        for (b, c) in lookup.moves.iter().zip(counts).filter(|(_, c)| *c > 0) {
            say!(out, "  {:<8} {c}", to_san(&pos, b.mv));
        }
    }
    Ok(())
}

fn explore(a: &ExploreArgs) -> Result<()> {
    use crate::explorer::{Spot, explore, table};
    let mut out = std::io::stdout().lock();
    let (book, _) = load(a.book.as_deref())?;
    let start = match &a.fen {
        Some(f) => Spot::from_fen(f)?,
        None => Spot::start(),
    };
    let spot = start.after_moves(a.moves.iter().map(String::as_str))?;
    let e = explore(&book, &spot);
    say!(out, "{}", to_fen(&spot.pos, false));
    say!(out, "{}", table(&e, crate::i18n::Lang::from_env()));
    Ok(())
}

fn merge(a: &MergeArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let (first, _) = load(Some(&a.first))?;
    let (second, _) = load(Some(&a.second))?;
    let mode = if a.sum { MergeMode::Sum } else { MergeMode::PreferFirst };
    let merged = Book::merge(&first, &second, mode);
    merged.save(&a.output).with_context(|| format!("cannot write {}", a.output.display()))?;
    say!(
        out,
        "{} + {} entries -> {} entries, {} positions -> {}",
        first.len(),
        second.len(),
        merged.len(),
        merged.positions(),
        a.output.display()
    );
    Ok(())
}

fn stats(a: &StatsArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let (book, name) = load(a.book.as_deref())?;
    let t = tree_stats(&book, &Position::startpos(), a.max_positions);
    say!(
        out,
        "{name}: {} entries, {} positions, {} bytes",
        book.len(),
        book.positions(),
        book.len() * 16
    );
    say!(
        out,
        "from the start position: {} positions reachable, longest line {} plies, {} illegal entries",
        t.reachable_positions,
        t.max_depth,
        t.illegal_entries
    );
    let per: Vec<String> =
        t.per_depth.iter().enumerate().map(|(d, n)| format!("{d}:{n}")).collect();
    say!(out, "positions per ply: {}", per.join(" "));
    Ok(())
}
