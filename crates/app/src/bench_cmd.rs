//! `vidle bench [depth] [--hce | --eval-file FILE]`: the search signature (fixed positions,
//! fixed depth, one thread, the default evaluation: the network built in); prints
//! `N nodes M nps` as its last line, as OpenBench expects. With `--hce` the same searches
//! evaluate with the hand-crafted evaluation, with `--eval-file` with another network, to
//! compare the speed of the evaluations.

use std::path::PathBuf;
use vidle_engine::net_format::{embedded, load_file};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies (default: the engine's bench depth).
    pub depth: Option<u32>,
    /// Evaluate with the hand-crafted evaluation instead of the network.
    #[arg(long, conflicts_with = "eval_file")]
    pub hce: bool,
    /// The network to evaluate with (default: the one built in).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let net = match &args.eval_file {
        Some(file) => Some(
            load_file(file).map_err(|e| anyhow::anyhow!("--eval-file {}: {e}", file.display()))?,
        ),
        None if args.hce || !vidle_engine::DEFAULT_USE_NNUE => None,
        None => Some(embedded()),
    };
    let r = vidle_engine::bench::bench_eval(args.depth, net);
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

#[cfg(test)]
mod tests {
    use super::BenchArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        a: BenchArgs,
    }

    /// `--hce` and `--eval-file` name two evaluations: asking for both is refused, each alone
    /// is read.
    #[test]
    fn one_evaluation_at_a_time() {
        let err = Cli::try_parse_from(["bench", "--hce", "--eval-file", "n.nnue"]).err();
        assert!(err.is_some_and(|e| e.to_string().contains("cannot be used with")));
        let a = Cli::try_parse_from(["bench", "9", "--hce"]).expect("valid").a;
        assert!(a.hce && a.eval_file.is_none() && a.depth == Some(9));
    }
}
