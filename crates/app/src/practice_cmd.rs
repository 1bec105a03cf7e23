//! `vidle practice MATERIAL`: endgame practice in the terminal, line by line. A thin renderer
//! over `crate::practice` (which judges the moves and defends): it reads lines, prints the
//! texts in the player's language and draws the board.

use crate::i18n::{Lang, Msg, Text, fold, localise_moves as localise};
use crate::play::board::{Style, render};
use crate::play::input::{Got, Input};
use crate::practice::{Options, Practice, ensure_tables, words::end_text};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// `vidle practice`.
#[derive(Args, Debug)]
pub struct PracticeArgs {
    /// The endgame, such as KBNvK or KRvK (the first side is White).
    #[arg(required_unless_present = "fen", conflicts_with = "fen")]
    pub material: Option<String>,
    /// Practise this position instead (FEN, 3 to 5 pieces); you play the side to move.
    #[arg(long)]
    pub fen: Option<String>,
    /// Hold a draw with the weaker side instead of mating with the stronger one.
    #[arg(long, conflicts_with_all = ["fen", "min_mate"])]
    pub draw: bool,
    /// The least mate, in moves, of the position [default: half the endgame's longest mate].
    #[arg(long, value_name = "N")]
    pub min_mate: Option<u16>,
    /// Seed of the position and of the defender's choice among equal moves (the same seed
    /// gives the same exercise) [default: random, printed].
    #[arg(long)]
    pub seed: Option<u64>,
    /// A directory of Vidle tablebases instead of the data directory's (missing tables are
    /// made there).
    #[arg(long, value_name = "DIR")]
    pub tb_dir: Option<PathBuf>,
    /// Plain ASCII board and no colours.
    #[arg(long)]
    pub ascii: bool,
    /// Language of messages and command words: en or cs (default: the locale).
    #[arg(long)]
    pub lang: Option<String>,
}

/// What a line asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Help,
    Hint,
    Undo,
    Board,
    Quit,
}

/// The command words in English and Czech (Czech with or without diacritics).
fn word(line: &str) -> Option<Word> {
    match fold(line.trim()).as_str() {
        "help" | "?" | "pomoc" | "napoveda" => Some(Word::Help),
        "hint" | "rada" | "napovez" => Some(Word::Hint),
        "undo" | "zpet" => Some(Word::Undo),
        "board" | "sachovnice" => Some(Word::Board),
        "quit" | "exit" | "konec" => Some(Word::Quit),
        _ => None,
    }
}

/// Runs an exercise on standard input and output.
pub fn run(args: &PracticeArgs) -> anyhow::Result<()> {
    let lang = match &args.lang {
        Some(l) => Lang::parse(l).ok_or_else(|| anyhow::anyhow!("--lang '{l}': use en or cs"))?,
        None => Lang::from_env(),
    };
    let say = |t: Text| localise(t, lang).render(lang);
    let fail = |e: crate::practice::PracticeError| anyhow::anyhow!(say(e.text()));
    let dir = args.tb_dir.clone().unwrap_or_else(vidle_tb::default_dir);
    let material = match (&args.fen, &args.material) {
        (Some(fen), _) => {
            crate::practice::start::from_fen(fen).map(|p| crate::practice::start::material_of(&p))
        }
        (None, m) => crate::practice::start::parse_material(m.as_deref().unwrap_or("")),
    }
    .map_err(fail)?;
    let progress = std::io::stderr().is_terminal();
    ensure_tables(&dir, material, progress, |missing| {
        let names: Vec<String> = missing.iter().map(ToString::to_string).collect();
        eprintln!("{}", say(Text::new(Msg::TbGenerating).arg("names", names.join(", "))));
        if material.total() >= 5 {
            let gib = vidle_tb::generate::memory_estimate(material.normalized().0, 2) as f64
                / (1u64 << 30) as f64;
            eprintln!(
                "{}",
                say(Text::new(Msg::PracticeSlowTables).arg("gib", format!("{gib:.1}")))
            );
        }
    })
    .map_err(fail)?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let opts = Options { draw: args.draw, min_mate: args.min_mate, seed };
    let tables = crate::tb_source::shared(&dir);
    let mut p = Practice::new(tables, args.material.as_deref(), args.fen.as_deref(), &opts)
        .map_err(fail)?;

    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let colour = interactive && !args.ascii && std::env::var_os("NO_COLOR").is_none();
    let style = Style { unicode: !args.ascii && interactive, colour, lang };
    let board = |p: &Practice| {
        let fen = vidle_core::fen::to_fen(p.position(), false);
        print!("{}", render(p.position(), p.user(), p.last_move(), &[fen], &style));
    };
    println!("{}", say(p.intro()));
    if args.fen.is_none() {
        println!("{}", say(Text::new(Msg::PracticeSeed).arg("seed", seed)));
    }
    if let Some(w) = p.fifty_warning() {
        println!("{}", say(w));
    }
    board(&p);
    println!("{}", say(Msg::PracticeHelp.into()));
    let mut input = Input::new(interactive);
    loop {
        let _ = std::io::stdout().flush();
        let moves = p.position().legal_moves();
        let sans = moves.iter().map(|m| vidle_core::notation::to_san(p.position(), m)).collect();
        input.set_moves(sans);
        // No deadline: the practice has no clock.
        let Got::Line(got) = input.read_line("> ", None) else { continue };
        let line = match got {
            None => break,
            Some(Err(why)) => {
                println!("{}", say(why));
                continue;
            }
            Some(Ok(line)) if line.trim().is_empty() => continue,
            Some(Ok(line)) => line,
        };
        match word(&line) {
            Some(Word::Quit) => break,
            Some(Word::Help) => println!("{}", say(Msg::PracticeHelp.into())),
            Some(Word::Board) => board(&p),
            Some(Word::Hint) => match p.hint() {
                Ok(Some((m, v))) => println!(
                    "{}",
                    say(Text::new(Msg::PracticeHint)
                        .arg("move", m)
                        .arg_text("status", crate::practice::words::status(v)))
                ),
                Ok(None) => {}
                Err(e) => println!("{}", say(e.text())),
            },
            Some(Word::Undo) => match p.undo() {
                Some(m) => {
                    println!("{}", say(Text::new(Msg::PracticeUndone).arg("move", m)));
                    board(&p);
                }
                None => println!("{}", say(Msg::RefuseNothingToUndo.into())),
            },
            None => {
                if let Err(e) = p.play_user_move(&line) {
                    println!("{}", say(e.text()));
                    continue;
                }
                if let Some(f) = p.feedback() {
                    println!("{}", say(f.text()));
                }
                match p.defender_move() {
                    Ok(Some(reply)) => {
                        println!("{}", say(reply.text()));
                        if reply.fifty && p.ended().is_none() {
                            println!("{}", say(Msg::PracticeFiftyPassed.into()));
                        }
                        if interactive {
                            board(&p);
                        }
                    }
                    Ok(None) => {}
                    Err(e) => println!("{}", say(e.text())),
                }
                if let Some(end) = p.ended() {
                    board(&p);
                    println!("{}", say(end_text(end)));
                    break;
                }
            }
        }
    }
    println!("{}", say(p.summary().text()));
    Ok(())
}

/// A seed from the clock, for an exercise nobody asked to repeat.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    vidle_core::rng::SplitMix64::new(nanos).next_u64() % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words_in_both_languages() {
        assert_eq!(word("hint"), Some(Word::Hint));
        assert_eq!(word(" Rada "), Some(Word::Hint));
        assert_eq!(word("zpět"), Some(Word::Undo));
        assert_eq!(word("zpet"), Some(Word::Undo));
        assert_eq!(word("konec"), Some(Word::Quit));
        assert_eq!(word("Kd3"), None);
    }

    #[test]
    fn moves_in_texts_get_czech_letters() {
        let t = Text::new(Msg::PracticeFeedback).arg("move", "Rb7").arg_text(
            "verdict",
            Text::new(Msg::PracticeThrowsWin).arg("best", "Kd3").arg("best_to", 5),
        );
        let cs = localise(t, Lang::Cs).render(Lang::Cs);
        assert_eq!(cs, "Vb7: tím pouštíte výhru: remíza (nejlepší: Kd3, mat v 5)");
    }
}
