//! `vidle bench`: the search signature (owned by the engine work).

#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

pub fn run(_args: &BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("bench is not implemented yet")
}
