//! `vidle tb …` subcommands.

#[derive(clap::Subcommand, Debug)]
pub enum TbCommand {}

pub fn run(cmd: TbCommand) -> anyhow::Result<()> {
    match cmd {}
}
