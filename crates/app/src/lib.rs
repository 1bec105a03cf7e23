//! The `vidle` program. The binary (`src/main.rs`) only calls [`run`]; the web server is public
//! so that tests and the fuzz target (`fuzz/fuzz_targets/web_request.rs`) can drive its router
//! in-process.

mod analyse_cmd;
pub mod analysis;
mod bench_cmd;
mod book_cmd;
mod book_source;
mod cli;
mod clock;
mod datagen_cmd;
mod engine_files;
mod exercises_cmd;
pub mod explorer;
mod game;
mod games_cmd;
pub mod i18n;
mod mistakes;
mod openings;
mod perft_cmd;
mod play;
mod practice;
mod practice_cmd;
pub mod rating;
#[cfg(test)]
mod screenshots;
pub mod store;
mod syzygy_source;
mod tb_answer;
mod tb_cmd;
mod tb_ondemand;
mod tb_panel;
mod tb_source;
mod text;
mod train_cmd;
mod uci;
pub mod web;

use clap::Parser;
use std::io::IsTerminal;

/// Parses the command line and hands over to a front end; exits with status 1 on an error.
pub fn run() {
    let args = cli::Cli::parse();
    // Commands that print and end behave like Unix tools when their reader goes away
    // (`vidle perft 6 --divide | head`): they stop quietly. The interactive front ends and the
    // web server keep writes to closed pipes and sockets as errors they handle.
    if matches!(
        args.command,
        Some(
            cli::Command::Perft(_)
                | cli::Command::Bench(_)
                | cli::Command::Book(_)
                | cli::Command::Tb(_)
                | cli::Command::Completions(_)
                | cli::Command::Man(_)
        )
    ) {
        die_quietly_on_broken_pipe();
    }
    // Terminal and web play make the small tablebases a game can reach (UCI: an option).
    let plays = matches!(args.command, Some(cli::Command::Play(_) | cli::Command::Serve(_)));
    if plays || (args.command.is_none() && std::io::stdin().is_terminal()) {
        tb_panel::make_tables_on_demand(true);
    }
    let result = match args.command {
        None if !std::io::stdin().is_terminal() => uci::run_stdio(),
        None => play::run(&play::PlayArgs::default()),
        Some(cli::Command::Uci) => uci::run_stdio(),
        Some(cli::Command::Play(a)) => play::run(&a),
        Some(cli::Command::Perft(a)) => perft_cmd::run(&a),
        Some(cli::Command::Analyse(a)) => analyse_cmd::run(&a),
        Some(cli::Command::Bench(a)) => bench_cmd::run(&a),
        Some(cli::Command::Datagen(a)) => datagen_cmd::run(&a),
        Some(cli::Command::Train(a)) => train_cmd::run(&a),
        Some(cli::Command::Book(c)) => book_cmd::run(c),
        Some(cli::Command::Tb(c)) => tb_cmd::run(c),
        Some(cli::Command::Practice(a)) => practice_cmd::run(&a),
        Some(cli::Command::Serve(a)) => web::run(&a),
        Some(cli::Command::Games(a)) => games_cmd::run(a),
        Some(cli::Command::Completions(a)) => {
            cli::completions(&a, &mut std::io::stdout().lock());
            Ok(())
        }
        Some(cli::Command::Man(a)) => cli::man(&a, &mut std::io::stdout().lock()),
    };
    if let Err(e) = result {
        // Output that nobody reads any more is no error to report.
        let broken_pipe = e.chain().any(|c| {
            c.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        });
        if broken_pipe {
            std::process::exit(141);
        }
        eprintln!("vidle: {e:#}");
        std::process::exit(1);
    }
}

/// Restores the default action of SIGPIPE (the Rust runtime ignores it, so that a write to a
/// closed pipe becomes an error, which `println!` turns into a panic): the process ends at
/// once and silently, as `cat` or `ls` do.
#[cfg(unix)]
fn die_quietly_on_broken_pipe() {
    // SAFETY: `signal` with a valid signal number and `SIG_DFL` only changes this process's
    // disposition of SIGPIPE; it is called before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn die_quietly_on_broken_pipe() {}
