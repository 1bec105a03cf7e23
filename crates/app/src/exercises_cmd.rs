//! `vidle games exercises`: the exercises made of your mistakes (`crate::mistakes`), solved in
//! the terminal line by line. A thin renderer: the store gives the exercises in their order
//! (never solved first, then the least recently tried), `mistakes` judges each answer, this
//! file reads the lines, draws the board and counts the attempts back into the store.

use crate::i18n::{self, Lang, Msg, Text, fold, localise_moves};
use crate::mistakes::{self, Puzzle};
use crate::play::board::{Style, render};
use crate::play::input::{Got, Input};
use crate::store::Store;
use std::io::{IsTerminal, Write};
use vidle_core::notation::{parse_move, to_san};
use vidle_engine::Engine;

/// What a line asks for besides a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Help,
    Skip,
    Board,
    Quit,
}

/// The command words in English and Czech (Czech with or without diacritics).
fn word(line: &str) -> Option<Word> {
    match fold(line.trim()).as_str() {
        "help" | "?" | "pomoc" | "napoveda" => Some(Word::Help),
        "skip" | "next" | "dal" | "preskocit" => Some(Word::Skip),
        "board" | "sachovnice" => Some(Word::Board),
        "quit" | "exit" | "konec" => Some(Word::Quit),
        _ => None,
    }
}

/// Runs the exercises of one game (or of all), at most `limit`, on standard input and output.
///
/// # Errors
/// The store could not be read, or standard output could not be written.
pub fn run(
    store: &Store,
    game: Option<i64>,
    limit: usize,
    ascii: bool,
    lang: Lang,
) -> anyhow::Result<()> {
    let say = |t: Text| localise_moves(t, lang).render(lang);
    let list = store
        .exercises(game, limit)
        .map_err(|e| anyhow::anyhow!(i18n::store_error(&e).render(lang)))?;
    // Not locked: the line reader's thread writes the prompt.
    let mut out = std::io::stdout();
    if list.is_empty() {
        writeln!(out, "{}", say(Msg::ExercisesNone.into()))?;
        return Ok(());
    }
    writeln!(out, "{}", say(Text::new(Msg::ExercisesCount).arg("n", list.len())))?;
    writeln!(out, "{}", say(Msg::ExerciseHelp.into()))?;
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let colour = interactive && !ascii && std::env::var_os("NO_COLOR").is_none();
    let style = Style { unicode: !ascii && interactive, colour, lang };
    let board = |p: &Puzzle| {
        let fen = vidle_core::fen::to_fen(&p.position, false);
        render(&p.position, p.side(), None, &[fen], &style)
    };
    let mut engine = Engine::new();
    let mut input = Input::new(interactive);
    let (mut tried, mut solved) = (0u32, 0u32);
    'exercises: for e in &list {
        let Some(p) = Puzzle::of(&e.exercise) else {
            let text = Text::new(Msg::ExerciseUnreadable)
                .arg("game", e.game_id)
                .arg("ply", e.exercise.ply);
            writeln!(out, "{}", say(text))?;
            continue;
        };
        writeln!(out)?;
        write!(out, "{}", board(&p))?;
        writeln!(out, "{}", say(mistakes::prompt(e, Some(e.game_id))))?;
        loop {
            out.flush()?;
            let moves = p.position.legal_moves();
            input.set_moves(moves.iter().map(|m| to_san(&p.position, m)).collect());
            // No deadline: the exercises have no clock.
            let Got::Line(got) = input.read_line("> ", None) else { continue };
            let line = match got {
                None => break 'exercises,
                Some(Err(why)) => {
                    writeln!(out, "{}", say(why))?;
                    continue;
                }
                Some(Ok(line)) if line.trim().is_empty() => continue,
                Some(Ok(line)) => line,
            };
            match word(&line) {
                Some(Word::Quit) => break 'exercises,
                Some(Word::Skip) => continue 'exercises,
                Some(Word::Help) => writeln!(out, "{}", say(Msg::ExerciseHelp.into()))?,
                Some(Word::Board) => write!(out, "{}", board(&p))?,
                None => {
                    let answer = match parse_move(&p.position, &line) {
                        Ok(m) => m,
                        Err(why) => {
                            writeln!(out, "{}", say(i18n::move_error(&why, true)))?;
                            continue;
                        }
                    };
                    let verdict = mistakes::check(&p, answer, &mut engine);
                    writeln!(out, "{}", say(verdict.text(&p, answer)))?;
                    tried += 1;
                    solved += u32::from(verdict.solved());
                    if let Err(e) = store.exercise_tried(e.id, verdict.solved()) {
                        writeln!(out, "{}", say(i18n::store_error(&e)))?;
                    }
                    continue 'exercises;
                }
            }
        }
    }
    let summary = Text::new(Msg::ExercisesSummary).arg("tried", tried).arg("solved", solved);
    writeln!(out)?;
    writeln!(out, "{}", say(summary))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words_in_both_languages() {
        assert_eq!(word("skip"), Some(Word::Skip));
        assert_eq!(word(" Dál "), Some(Word::Skip));
        assert_eq!(word("šachovnice"), Some(Word::Board));
        assert_eq!(word("konec"), Some(Word::Quit));
        assert_eq!(word("Nf6"), None);
    }
}
