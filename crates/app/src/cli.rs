//! Command-line definitions (clap).

use clap::{Args, Parser, Subcommand};

/// `vidle --version`: the package version and the commit the binary was built from (build.rs).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("VIDLE_COMMIT"), ")");

/// The command line: `vidle [COMMAND]` (no command: play on a terminal, UCI on a pipe).
#[derive(Parser, Debug)]
#[command(
    name = "vidle",
    version = VERSION,
    about = "Vidle: a chess engine and a program to play against it"
)]
pub struct Cli {
    /// The command; none plays on a terminal and speaks UCI on a pipe.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `vidle`'s commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Speak the UCI protocol on standard input/output (for chess GUIs and match runners).
    Uci,
    /// Play a game against the computer in the terminal (the default on a terminal).
    Play(crate::play::PlayArgs),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(PerftArgs),
    /// Search a fixed set of positions to a fixed depth; prints `N nodes M nps` (signature).
    Bench(crate::bench_cmd::BenchArgs),
    /// Opening books: build from PGN, probe, merge (Polyglot `.bin`).
    #[command(subcommand)]
    Book(crate::book_cmd::BookCommand),
    /// Endgame tablebases: generate, probe, verify.
    #[command(subcommand)]
    Tb(crate::tb_cmd::TbCommand),
    /// Self-play training data for the evaluation network (packed records, resumable).
    Datagen(crate::datagen_cmd::DatagenArgs),
    /// Train the evaluation network on the CPU from `datagen` data.
    Train(crate::train_cmd::TrainArgs),
    /// Analyse a finished game: evaluations, mistakes, the better moves, accuracy, a graph;
    /// writes the annotated PGN.
    Analyse(crate::analyse_cmd::AnalyseArgs),
    /// Practise an endgame against perfect defence, each move judged by the tablebase's
    /// distance to mate (`vidle practice KBNvK`).
    Practice(crate::practice_cmd::PracticeArgs),
    /// Your stored games: list, show, export, delete, continue, analyse; solve the exercises
    /// made of your mistakes.
    Games(crate::games_cmd::GamesArgs),
    /// Play in the browser: serve a local web page with a board (http://127.0.0.1:8960/).
    Serve(crate::web::ServeArgs),
    /// Print a shell completion script: `vidle completions bash > ~/.local/share/bash-completion/completions/vidle`.
    Completions(CompletionsArgs),
    /// Write the manual page (roff) to standard output, or one page per command into a directory.
    Man(ManArgs),
}

/// `vidle completions SHELL`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `vidle man [--out DIR]`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write `vidle.1` and a `vidle-COMMAND.1` page for each command into this directory
    /// instead of printing `vidle.1`.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
}

/// Writes the completion script for `shell` to `out`.
pub fn completions(args: &CompletionsArgs, out: &mut dyn std::io::Write) {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "vidle", out);
}

/// Writes the manual: `vidle.1` to `out`, or with `--out DIR` every page into DIR.
pub fn man(args: &ManArgs, out: &mut dyn std::io::Write) -> anyhow::Result<()> {
    use anyhow::Context;
    use clap::CommandFactory;
    let cmd = Cli::command();
    match &args.out {
        None => clap_mangen::Man::new(cmd).render(out)?,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
            writeln!(out, "manual pages written to {}", dir.display())?;
        }
    }
    Ok(())
}

/// `vidle perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Start position as FEN (default: the standard start position).
    #[arg(long, conflicts_with = "epd")]
    pub fen: Option<String>,
    /// An EPD file of positions with `;D<n> <count>` operations: each is checked at `depth`
    /// (or its own deepest depth not above it), reporting mismatches.
    #[arg(long)]
    pub epd: Option<std::path::PathBuf>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Play every leaf move instead of counting the last ply's moves (slower; tests `play`).
    #[arg(long)]
    pub full: bool,
    /// Castling moves in Chess960 notation (king takes rook) in `--divide` output.
    #[arg(long)]
    pub chess960: bool,
}

/// A command's `--threads`, at most the threads the machine runs at once (more only slow the
/// work down); says so on standard error when more were asked. 0 stays 0 (the command's own
/// default or error).
pub fn capped_threads(command: &str, asked: usize) -> usize {
    let hw = vidle_engine::hardware_threads();
    if asked > hw {
        eprintln!(
            "{command}: --threads {asked}: using {hw}, the threads this machine runs at once"
        );
    }
    asked.min(hw)
}
