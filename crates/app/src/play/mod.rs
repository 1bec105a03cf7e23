//! Terminal play against the computer (`vidle play`, or `vidle` on a terminal).

pub(crate) mod board;
mod command;
mod controller;
pub(crate) mod input;
mod record;
pub(crate) mod session;
mod tui;

use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    /// A colour as typed after `new`, in English or Czech (with or without accents).
    pub fn from_word(word: &str) -> Option<ColorChoice> {
        match word.to_lowercase().as_str() {
            "white" | "w" | "bily" | "bílý" | "bílé" | "bile" => Some(ColorChoice::White),
            "black" | "b" | "cerny" | "černý" | "černé" | "cerne" => Some(ColorChoice::Black),
            "random" | "r" | "nahodne" | "náhodně" => Some(ColorChoice::Random),
            _ => None,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Your colour.
    #[arg(long, value_enum, default_value = "white")]
    pub color: ColorChoice,
    /// Engine strength as an Elo rating (600–2800); weaker play is human-like, not random.
    #[arg(long, conflicts_with = "level")]
    pub elo: Option<u32>,
    /// Named strength: beginner, novice, casual, club, strong, expert, master, max.
    #[arg(long)]
    pub level: Option<String>,
    /// Search depth limit for the engine.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Thinking time per engine move in milliseconds (default 2000 without a clock).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Play with clocks: MINUTES+INCREMENT_SECONDS, e.g. 5+3.
    #[arg(long)]
    pub clock: Option<String>,
    /// Start from this FEN.
    #[arg(long, conflicts_with = "load")]
    pub fen: Option<String>,
    /// Continue the game in this PGN file.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Start from a random Chess960 position.
    #[arg(long, conflicts_with_all = ["fen", "load"])]
    pub chess960: bool,
    /// Save the game as PGN to this file when it ends (and on quit).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Plain ASCII board and no colours.
    #[arg(long)]
    pub ascii: bool,
    /// Line mode on a terminal too (a board printed after each move) instead of the full screen.
    #[arg(long)]
    pub plain: bool,
    /// A Polyglot opening book to play from instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// A directory of Vidle tablebases (`vidle tb gen`) instead of the data directory.
    #[arg(long, value_name = "DIR")]
    pub tb_dir: Option<PathBuf>,
    /// Language of messages, command words and piece letters: en or cs (default: the locale,
    /// LC_ALL / LC_MESSAGES / LANG, Czech when it starts with cs).
    #[arg(long)]
    pub lang: Option<String>,
    /// Continue a stored game: the last unfinished terminal game, or the game with this id
    /// (`vidle games` lists them). Its level, colour and clock come with it.
    #[arg(long, value_name = "ID", num_args = 0..=1,
          conflicts_with_all = ["fen", "load", "chess960", "color", "elo", "level", "clock",
                                "depth", "movetime"])]
    pub resume: Option<Option<i64>>,
}

impl Default for PlayArgs {
    fn default() -> Self {
        PlayArgs {
            color: ColorChoice::White,
            elo: None,
            level: None,
            depth: None,
            movetime: None,
            clock: None,
            fen: None,
            load: None,
            chess960: false,
            save: None,
            ascii: false,
            plain: false,
            book: None,
            tb_dir: None,
            lang: None,
            resume: None,
        }
    }
}

/// Runs a game: full screen when standard input and output are a terminal (and `--plain` is not
/// given), line mode otherwise (plain text for scripts and pipes).
pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    let (controller, engine) = controller::Controller::new(args)?;
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    if !args.plain && !dumb && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        tui::run(controller, engine, args.ascii)
    } else {
        session::Session::new(controller, engine, args.ascii).run()
    }
}
