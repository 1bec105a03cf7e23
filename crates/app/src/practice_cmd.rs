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
    let screen =
        Screen { style: Style { unicode: !args.ascii && interactive, colour, lang }, interactive };
    let mut out = std::io::stdout();
    screen.begin(&p, args.fen.is_none().then_some(seed), &mut out)?;
    let mut input = Input::new(interactive);
    loop {
        let _ = out.flush();
        let moves = p.position().legal_moves();
        let sans = moves.iter().map(|m| vidle_core::notation::to_san(p.position(), m)).collect();
        input.set_moves(sans);
        // No deadline: the practice has no clock.
        let Got::Line(got) = input.read_line("> ", None) else { continue };
        let line = match got {
            None => break,
            Some(Err(why)) => {
                writeln!(out, "{}", screen.say(why))?;
                continue;
            }
            Some(Ok(line)) if line.trim().is_empty() => continue,
            Some(Ok(line)) => line,
        };
        if !screen.answer(&mut p, &line, &mut out)? {
            break;
        }
    }
    writeln!(out, "{}", screen.say(p.summary().text()))?;
    Ok(())
}

/// How the exercise is shown: the board's style (with the language) and whether the board is
/// drawn again after every reply (at a terminal).
struct Screen {
    style: Style,
    interactive: bool,
}

impl Screen {
    fn say(&self, t: Text) -> String {
        localise(t, self.style.lang).render(self.style.lang)
    }

    fn board(&self, p: &Practice, out: &mut dyn Write) -> std::io::Result<()> {
        let fen = vidle_core::fen::to_fen(p.position(), false);
        write!(out, "{}", render(p.position(), p.user(), p.last_move(), &[fen], &self.style))
    }

    /// The exercise's first lines: what to do, the seed (`None` for a FEN of the player's
    /// own), the board and the commands.
    fn begin(&self, p: &Practice, seed: Option<u64>, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "{}", self.say(p.intro()))?;
        if let Some(seed) = seed {
            writeln!(out, "{}", self.say(Text::new(Msg::PracticeSeed).arg("seed", seed)))?;
        }
        if let Some(w) = p.fifty_warning() {
            writeln!(out, "{}", self.say(w))?;
        }
        self.board(p, out)?;
        writeln!(out, "{}", self.say(Msg::PracticeHelp.into()))
    }

    /// Answers a line the player typed (not empty): a command or a move with its feedback and
    /// the defender's reply. `false` when the exercise is over (quit, or the game ended).
    fn answer(&self, p: &mut Practice, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        match word(line) {
            Some(Word::Quit) => return Ok(false),
            Some(Word::Help) => writeln!(out, "{}", self.say(Msg::PracticeHelp.into()))?,
            Some(Word::Board) => self.board(p, out)?,
            Some(Word::Hint) => match p.hint() {
                Ok(Some((m, v))) => writeln!(
                    out,
                    "{}",
                    self.say(
                        Text::new(Msg::PracticeHint)
                            .arg("move", m)
                            .arg_text("status", crate::practice::words::status(v))
                    )
                )?,
                Ok(None) => {}
                Err(e) => writeln!(out, "{}", self.say(e.text()))?,
            },
            Some(Word::Undo) => match p.undo() {
                Some(m) => {
                    writeln!(out, "{}", self.say(Text::new(Msg::PracticeUndone).arg("move", m)))?;
                    self.board(p, out)?;
                }
                None => writeln!(out, "{}", self.say(Msg::RefuseNothingToUndo.into()))?,
            },
            None => {
                if let Err(e) = p.play_user_move(line) {
                    writeln!(out, "{}", self.say(e.text()))?;
                    return Ok(true);
                }
                if let Some(f) = p.feedback() {
                    writeln!(out, "{}", self.say(f.text()))?;
                }
                match p.defender_move() {
                    Ok(Some(reply)) => {
                        writeln!(out, "{}", self.say(reply.text()))?;
                        if reply.fifty && p.ended().is_none() {
                            writeln!(out, "{}", self.say(Msg::PracticeFiftyPassed.into()))?;
                        }
                        if self.interactive {
                            self.board(p, out)?;
                        }
                    }
                    Ok(None) => {}
                    Err(e) => writeln!(out, "{}", self.say(e.text()))?,
                }
                if let Some(end) = p.ended() {
                    self.board(p, out)?;
                    writeln!(out, "{}", self.say(end_text(end)))?;
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
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

    /// `docs/screenshots/terminal-practice[-cs].{txt,html}`: a KRvK exercise at a terminal, in
    /// English and Czech: a slower move and its feedback, a take-back, a hint, the best move.
    #[test]
    fn writes_the_screenshots() {
        use crate::screenshots::{ansi_html, keep, strip_ansi};
        let dir = std::env::temp_dir().join(format!("vidle-shots-practice-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        ensure_tables(&dir, "KRvK".parse().unwrap(), false, |_| {}).unwrap();
        let fen = "8/8/8/8/8/1k6/8/R3K3 w - - 0 1";
        for (lang, name, script) in [
            (Lang::En, "terminal-practice", ["Kd2", "undo", "hint", "Rc1", "quit"]),
            (Lang::Cs, "terminal-practice-cs", ["Kd2", "zpět", "rada", "Vc1", "konec"]),
        ] {
            // In colour for the HTML; the text without colours, where the outlined figurines
            // are White's.
            let session = |colour: bool| {
                let opts = Options { draw: false, min_mate: None, seed: 1 };
                let tables = crate::tb_source::shared(&dir);
                let mut p = Practice::new(tables, None, Some(fen), &opts).unwrap();
                let style = Style { unicode: true, colour, lang };
                let screen = Screen { style, interactive: true };
                let mut out = Vec::new();
                let flag = if lang == Lang::Cs { " --lang cs" } else { "" };
                writeln!(out, "$ vidle practice --fen '{fen}' --seed 1{flag}").unwrap();
                screen.begin(&p, None, &mut out).unwrap();
                for line in script {
                    writeln!(out, "> {line}").unwrap();
                    if !screen.answer(&mut p, line, &mut out).unwrap() {
                        break;
                    }
                }
                writeln!(out, "{}", screen.say(p.summary().text())).unwrap();
                String::from_utf8(out).unwrap()
            };
            let (shot, text) = (session(true), session(false));
            assert_eq!(strip_ansi(&shot).lines().count(), text.lines().count());
            let seen: &[&str] = match lang {
                Lang::En => &[
                    "Kd2: slower: the win is 2 moves longer, mate in 13 instead of 11 (best: Rc1)",
                    "Hint: Rc1 (you mate in 12)",
                    "Rc1: best",
                    "Summary: 1 move played, 1 of them best",
                ],
                Lang::Cs => &[
                    "Cvičení KRvK: hrajete jako Bílý; mat v 12",
                    "Kd2: pomalejší: výhra je o 2 tahy delší",
                    "Rada: Vc1 (dáte mat v 12)",
                    "Vc1: nejlepší",
                    "Shrnutí: 1 zahraný tah",
                ],
            };
            for s in seen {
                assert!(text.contains(s), "{s:?}\n{text}");
            }
            let files = |l: &str| l.split_whitespace().collect::<String>() == "abcdefgh";
            assert_eq!(text.lines().filter(|l| files(l)).count(), 4, "four boards:\n{text}");
            keep(&format!("{name}.txt"), &text);
            keep(&format!("{name}.html"), &ansi_html(&shot));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
