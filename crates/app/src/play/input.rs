//! Reading the player's lines: rustyline (editing, history, tab completion of moves and commands)
//! on a terminal, plain lines from stdin otherwise.

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};
use std::io::BufRead;

pub const COMMANDS: [&str; 17] = [
    "help", "moves", "new", "undo", "redo", "hint", "flip", "level", "time", "fen", "pgn", "load",
    "resign", "draw", "quit", "board", "save",
];

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
        let pool = self.moves.iter().map(String::as_str).chain(COMMANDS);
        let out = pool
            .filter(|c| c.starts_with(word))
            .map(|c| Pair { display: c.to_string(), replacement: c.to_string() })
            .collect();
        Ok((start, out))
    }
}

/// Where lines come from.
pub enum Input {
    Terminal(Box<Editor<Completion, DefaultHistory>>),
    Pipe(std::io::StdinLock<'static>),
}

impl Input {
    pub fn new(interactive: bool) -> Input {
        if interactive && let Ok(mut ed) = Editor::<Completion, DefaultHistory>::new() {
            ed.set_helper(Some(Completion::default()));
            return Input::Terminal(Box::new(ed));
        }
        Input::Pipe(std::io::stdin().lock())
    }

    /// Offers these moves for tab completion.
    pub fn set_moves(&mut self, moves: Vec<String>) {
        if let Input::Terminal(ed) = self
            && let Some(h) = ed.helper_mut()
        {
            h.moves = moves;
        }
    }

    /// The next line, or `None` at the end of input (Ctrl-D) or interrupt (Ctrl-C).
    pub fn read_line(&mut self, prompt: &str) -> Option<String> {
        match self {
            Input::Terminal(ed) => match ed.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = ed.add_history_entry(line.as_str());
                    }
                    Some(line)
                }
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                Err(_) => None,
            },
            Input::Pipe(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
                }
            }
        }
    }
}
