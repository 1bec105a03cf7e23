//! `vidle book …` subcommands.

#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {}

pub fn run(cmd: BookCommand) -> anyhow::Result<()> {
    match cmd {}
}
