//! Reading the player's lines: rustyline (editing, history, tab completion of moves and commands)
//! on a terminal, plain lines from stdin otherwise.

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};
use std::io::BufRead;

use super::command::complete;
use crate::i18n::{Msg, Text};

#[derive(Helper, Hinter, Highlighter, Validator, Default)]
pub struct Completion {
    /// Legal moves in SAN for the current position, refreshed before each prompt.
    pub moves: Vec<String>,
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let out = complete(word, &self.moves)
            .into_iter()
            .map(|c| Pair { display: c.to_string(), replacement: c.to_string() })
            .collect();
        Ok((start, out))
    }
}

/// Unreadable lines in a row after which input counts as ended (a terminal that went away
/// keeps failing; one stray byte does not end a game).
pub const MAX_ERRORS_IN_A_ROW: u32 = 3;

/// Where lines come from.
pub struct Input {
    source: Source,
    errors: u32,
}

enum Source {
    Terminal(Box<Editor<Completion, DefaultHistory>>),
    Pipe(std::io::StdinLock<'static>),
}

impl Input {
    pub fn new(interactive: bool) -> Input {
        let source = match Editor::<Completion, DefaultHistory>::new() {
            Ok(mut ed) if interactive => {
                ed.set_helper(Some(Completion::default()));
                Source::Terminal(Box::new(ed))
            }
            _ => Source::Pipe(std::io::stdin().lock()),
        };
        Input { source, errors: 0 }
    }

    /// Offers these moves for tab completion.
    pub fn set_moves(&mut self, moves: Vec<String>) {
        if let Source::Terminal(ed) = &mut self.source
            && let Some(h) = ed.helper_mut()
        {
            h.moves = moves;
        }
    }

    /// The next line; `Some(Err(why))` for a line that could not be read (invalid UTF-8, a
    /// terminal error), which the caller reports before reading on; `None` at the end of input
    /// (Ctrl-D), on interrupt (Ctrl-C), or after [`MAX_ERRORS_IN_A_ROW`] unreadable lines.
    pub fn read_line(&mut self, prompt: &str) -> Option<Result<String, Text>> {
        let got = match &mut self.source {
            Source::Terminal(ed) => match ed.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = ed.add_history_entry(line.as_str());
                    }
                    Ok(line)
                }
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => return None,
                Err(e) => Err(Text::new(Msg::LineUnreadable).arg("why", e)),
            },
            Source::Pipe(stdin) => {
                let mut bytes = Vec::new();
                match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) => return None,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&bytes);
                        let text = text.trim_end_matches(['\n', '\r']);
                        match std::str::from_utf8(&bytes) {
                            Ok(_) => Ok(text.to_string()),
                            Err(_) => Err(Text::new(Msg::LineNotUtf8).arg("text", text)),
                        }
                    }
                    Err(e) => Err(Text::new(Msg::LineUnreadable).arg("why", e)),
                }
            }
        };
        self.errors = if got.is_err() { self.errors + 1 } else { 0 };
        (self.errors <= MAX_ERRORS_IN_A_ROW).then_some(got)
    }
}
