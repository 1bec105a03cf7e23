//! `vidle bench [depth] [--nnue] [--eval-file FILE]`: the search signature (fixed positions,
//! fixed depth, one thread, the hand-crafted evaluation); prints `N nodes M nps` as its last
//! line, as OpenBench expects. With `--nnue` the same searches evaluate with the network (the
//! built-in one, or FILE), to compare the speed of the two evaluations.

use std::path::PathBuf;
use vidle_engine::{Engine, EngineOption};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies (default: the engine's bench depth).
    pub depth: Option<u32>,
    /// Evaluate with the network instead of the hand-crafted evaluation.
    #[arg(long)]
    pub nnue: bool,
    /// The network to evaluate with (implies --nnue).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    if let Some(file) = &args.eval_file {
        Engine::new().set(EngineOption::EvalFile(file.display().to_string()))?;
    }
    let nnue = args.nnue || args.eval_file.is_some();
    let r = vidle_engine::bench::bench_eval(args.depth, nnue);
    println!("{}", summary(&r));
    Ok(())
}

/// The bench report; its last line is `N nodes M nps`.
pub fn summary(r: &vidle_engine::BenchResult) -> String {
    format!(
        "{} positions, depth {}, {} ms\n{} nodes {} nps",
        r.positions, r.depth, r.time_ms, r.nodes, r.nps
    )
}
