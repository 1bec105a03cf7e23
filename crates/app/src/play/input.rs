//! Reading the player's lines: rustyline (editing, history, tab completion of moves and commands)
//! on a terminal, plain lines from stdin otherwise.

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};
use std::io::BufRead;
use std::sync::mpsc;
use std::time::Instant;

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

/// Where lines come from: a reader thread, so that waiting for the player never stops the game
/// (a flag falls at once, not at the next line typed).
pub struct Input {
    requests: mpsc::Sender<(String, Vec<String>)>,
    lines: mpsc::Receiver<Option<Result<String, Text>>>,
    moves: Vec<String>,
    /// A prompt was sent and its line has not come back yet.
    pending: bool,
}

/// What waiting for a line gave.
pub enum Got {
    /// The line (see [`Input::read_line`]).
    Line(Option<Result<String, Text>>),
    /// The deadline passed first; the line is still awaited (call again).
    TimedOut,
}

impl Input {
    pub fn new(interactive: bool) -> Input {
        let (requests, rx) = mpsc::channel::<(String, Vec<String>)>();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = Reader::new(interactive);
            for (prompt, moves) in rx {
                reader.set_moves(moves);
                let got = reader.read_line(&prompt);
                let end = got.is_none();
                if tx.send(got).is_err() || end {
                    break;
                }
            }
        });
        Input { requests, lines, moves: Vec::new(), pending: false }
    }

    /// Offers these moves for tab completion at the next prompt.
    pub fn set_moves(&mut self, moves: Vec<String>) {
        self.moves = moves;
    }

    /// The next line, waiting at most until `deadline`: `Some(Err(why))` for a line that could
    /// not be read (invalid UTF-8, a terminal error), which the caller reports before reading
    /// on; `None` at the end of input (Ctrl-D), on interrupt (Ctrl-C), or after
    /// [`MAX_ERRORS_IN_A_ROW`] unreadable lines. After [`Got::TimedOut`] the same prompt is still
    /// being answered: the next call waits for that line without asking again.
    pub fn read_line(&mut self, prompt: &str, deadline: Option<Instant>) -> Got {
        if !self.pending {
            if self.requests.send((prompt.to_string(), std::mem::take(&mut self.moves))).is_err() {
                return Got::Line(None);
            }
            self.pending = true;
        }
        let got = match deadline {
            None => self.lines.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            Some(d) => self.lines.recv_timeout(d.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(line) => {
                self.pending = false;
                Got::Line(line)
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Got::TimedOut,
            Err(mpsc::RecvTimeoutError::Disconnected) => Got::Line(None),
        }
    }
}

/// The reading itself, on the reader thread.
struct Reader {
    source: Source,
    errors: u32,
}

enum Source {
    Terminal(Box<Editor<Completion, DefaultHistory>>),
    Pipe(std::io::StdinLock<'static>),
}

impl Reader {
    fn new(interactive: bool) -> Reader {
        let source = match Editor::<Completion, DefaultHistory>::new() {
            Ok(mut ed) if interactive => {
                ed.set_helper(Some(Completion::default()));
                Source::Terminal(Box::new(ed))
            }
            _ => Source::Pipe(std::io::stdin().lock()),
        };
        Reader { source, errors: 0 }
    }

    fn set_moves(&mut self, moves: Vec<String>) {
        if let Source::Terminal(ed) = &mut self.source
            && let Some(h) = ed.helper_mut()
        {
            h.moves = moves;
        }
    }

    fn read_line(&mut self, prompt: &str) -> Option<Result<String, Text>> {
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
