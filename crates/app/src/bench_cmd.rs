//! `vidle bench [depth]`: the search signature (fixed positions, fixed depth, one thread);
//! prints `N nodes M nps` as its last line, as OpenBench expects.

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies (default: the engine's bench depth).
    pub depth: Option<u32>,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let r = vidle_engine::bench(args.depth);
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
