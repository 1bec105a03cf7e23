//! Command-line definitions (clap).

use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "vidle",
    version,
    about = "Vidle: a chess engine and a program to play against it"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

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
    /// Analyse a finished game: evaluations, mistakes, the better moves, accuracy, a graph;
    /// writes the annotated PGN.
    Analyse(crate::analyse_cmd::AnalyseArgs),
    /// Play in the browser: serve a local web page with a board (http://127.0.0.1:8960/).
    Serve(crate::web::ServeArgs),
}

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
