//! The `vidle` program. The binary (`src/main.rs`) only calls [`run`]; the web server is public
//! so that tests and the fuzz target (`fuzz/fuzz_targets/web_request.rs`) can drive its router
//! in-process.

mod bench_cmd;
mod book_cmd;
mod book_source;
mod cli;
mod clock;
mod openings;
mod perft_cmd;
mod pgn;
mod play;
mod tb_cmd;
mod tb_source;
mod uci;
pub mod web;

use clap::Parser;
use std::io::IsTerminal;

/// Parses the command line and hands over to a front end; exits with status 1 on an error.
pub fn run() {
    let args = cli::Cli::parse();
    let result = match args.command {
        None if !std::io::stdin().is_terminal() => uci::run_stdio(),
        None => play::run(&play::PlayArgs::default()),
        Some(cli::Command::Uci) => uci::run_stdio(),
        Some(cli::Command::Play(a)) => play::run(&a),
        Some(cli::Command::Perft(a)) => perft_cmd::run(&a),
        Some(cli::Command::Bench(a)) => bench_cmd::run(&a),
        Some(cli::Command::Book(c)) => book_cmd::run(c),
        Some(cli::Command::Tb(c)) => tb_cmd::run(c),
        Some(cli::Command::Serve(a)) => web::run(&a),
    };
    if let Err(e) = result {
        eprintln!("vidle: {e:#}");
        std::process::exit(1);
    }
}
