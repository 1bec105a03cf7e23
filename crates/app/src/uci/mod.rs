//! The UCI protocol loop (https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html).
//!
//! The loop keeps reading while the engine searches on its own thread, so `stop`, `ponderhit`
//! and `isready` are answered at once; the search thread writes `info` and `bestmove` lines
//! through the same locked output. Nothing a GUI sends may crash the engine: bad input gets an
//! `info string` and leaves the state as it was.

mod text;

use std::borrow::Cow;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use text::{format_event, parse_go};
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::perft::perft_until;
use vidle_core::{Game, Position, fen};
use vidle_engine::{Engine, EngineOption, OptionError};

/// Output shared between the protocol loop and the search thread.
type Out<W> = Arc<Mutex<W>>;

/// Protocol state shared by the commands.
pub struct Uci<W: Write + Send + 'static> {
    out: Out<W>,
    game: Game,
    engine: Engine,
    /// Options that must wait for the running search to end (Hash, Threads, Clear Hash).
    pending_options: Vec<EngineOption>,
    /// A running `go perft`: it runs off the loop like a search, and `stop` ends it.
    perft: Option<PerftJob>,
}

/// A `go perft` counting on its own thread.
struct PerftJob {
    stop: Arc<AtomicBool>,
    handle: std::thread::JoinHandle<()>,
}

/// The longest input line read (1 MiB): a `position startpos moves …` of 100,000 plies fits.
/// A longer line is read to its end and dropped whole, with a warning (a command cut short
/// would be a different command), so input without line ends cannot fill the memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one line of at most [`MAX_LINE_BYTES`] into `line` (its end included). Returns the
/// bytes read, 0 at the end of input, and the length of a longer line that was dropped.
fn read_line_bounded(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
) -> std::io::Result<(usize, usize)> {
    line.clear();
    let (mut read, mut dropped) = (0, 0);
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if dropped == 0 && line.len() + take <= MAX_LINE_BYTES {
            line.extend_from_slice(&buf[..take]);
        } else {
            dropped = dropped.max(line.len()) + take;
            line.clear();
        }
        input.consume(take);
        read += take;
        if done {
            break;
        }
    }
    Ok((read, dropped))
}

/// Runs UCI on standard input and output until `quit` or end of input.
pub fn run_stdio() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut uci = Uci::new(std::io::stdout());
    uci.serve(&mut input)?;
    uci.finish();
    Ok(())
}

impl<W: Write + Send + 'static> Uci<W> {
    pub fn new(out: W) -> Self {
        Uci {
            out: Arc::new(Mutex::new(out)),
            game: Game::new(Position::startpos()),
            // The book is installed but off until the GUI sets OwnBook (testers bring openings).
            engine: crate::engine_files::engine_with_book(false),
            pending_options: Vec::new(),
            perft: None,
        }
    }

    /// Stops a running search and waits for its `bestmove`; stops a running perft.
    pub fn finish(&mut self) {
        self.stop_perft();
        self.engine.stop();
        self.engine.wait();
    }

    fn stop_perft(&mut self) {
        if let Some(job) = self.perft.take() {
            job.stop.store(true, Ordering::Relaxed);
            // The count checks the flag at every interior node: this returns within milliseconds.
            let _ = job.handle.join();
        }
    }

    /// Handles one raw input line. Bytes that are not UTF-8 are decoded lossily (as U+FFFD) and
    /// reported: a GUI's stray byte must not end the engine.
    /// Handles every line of `input` until `quit` or its end (each line bounded by
    /// [`MAX_LINE_BYTES`]).
    pub fn serve(&mut self, input: &mut impl BufRead) -> std::io::Result<()> {
        let mut line = Vec::new();
        loop {
            let (read, dropped) = read_line_bounded(input, &mut line)?;
            if read == 0 {
                return Ok(());
            }
            if dropped > 0 {
                self.say(&format!(
                    "info string warning: a line of {dropped} bytes was dropped: longer than the \
                     limit of {MAX_LINE_BYTES} bytes"
                ))?;
                continue;
            }
            if !self.handle_bytes(&line)? {
                return Ok(());
            }
        }
    }

    /// Handles one line of input as bytes (not UTF-8: decoded lossily, with a warning).
    pub fn handle_bytes(&mut self, bytes: &[u8]) -> std::io::Result<bool> {
        let text = String::from_utf8_lossy(bytes);
        let line = text.trim_end_matches(['\n', '\r']);
        if let Cow::Owned(_) = text {
            self.say(&format!("info string warning: input is not valid UTF-8, read as '{line}'"))?;
        }
        self.handle(line)
    }

    /// Waits for a running search or perft to end by itself (for tests of finite searches).
    #[cfg(test)]
    pub fn wait(&mut self) {
        if let Some(job) = self.perft.take() {
            let _ = job.handle.join();
        }
        self.engine.wait();
    }

    fn chess960(&self) -> bool {
        self.engine.chess960()
    }

    /// Writes whole lines under the lock, so they never interleave with the search thread's.
    fn say(&self, text: &str) -> std::io::Result<()> {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(out, "{text}")?;
        out.flush()
    }

    /// Handles one line; returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let mut tokens = line.split_whitespace();
        let Some(cmd) = tokens.next() else { return Ok(true) };
        let rest: Vec<&str> = tokens.collect();
        match cmd {
            "uci" => {
                let mut text = format!(
                    "id name Vidle {}\nid author the Vidle developers\n",
                    env!("CARGO_PKG_VERSION")
                );
                for o in Engine::options() {
                    text.push_str(&o.uci_line());
                    text.push('\n');
                }
                text.push_str(crate::tb_panel::UCI_OPTION);
                text.push_str("uciok");
                self.say(&text)?;
            }
            "isready" => self.say("readyok")?,
            "ucinewgame" => {
                self.finish();
                self.apply_pending()?;
                self.engine.new_game();
                self.game = Game::new(Position::startpos());
            }
            "position" => self.position(&rest)?,
            "setoption" => self.setoption(&rest)?,
            "go" => self.go(&rest)?,
            "stop" => {
                self.stop_perft();
                self.engine.stop();
            }
            "ponderhit" => self.engine.ponderhit(),
            "d" => {
                let pos = self.game.position();
                let mut text = String::new();
                for rank in (0..8).rev() {
                    for file in 0..8 {
                        let sq = vidle_core::Square::from_coords(file, rank);
                        text.push(pos.piece_at(sq).map_or('.', |p| p.char()));
                        text.push(' ');
                    }
                    text.push('\n');
                }
                let fen = fen::to_fen(pos, self.chess960());
                text.push_str(&format!("Fen: {fen}\nKey: {:016x}", pos.key()));
                self.say(&text)?;
            }
            "params" => {
                for (name, value) in self.engine.search_params() {
                    self.say(&format!("info string param {name} {value}"))?;
                }
            }
            "eval" => self.say(&self.engine.eval_text(self.game.position()))?,
            "bench" => {
                if self.engine.is_searching() {
                    return self.say("info string error: bench: a search is running").map(|_| true);
                }
                let depth = rest.first().and_then(|d| d.parse().ok());
                let r = vidle_engine::bench::bench_eval(
                    depth,
                    self.engine.uses_nnue().then(|| self.engine.network().clone()),
                );
                self.say(&crate::bench_cmd::summary(&r))?;
            }
            "quit" => {
                self.finish();
                return Ok(false);
            }
            other => {
                // Named, not echoed whole: a command may be megabytes long.
                let shown: String = other.chars().take(40).collect();
                let more = if shown.len() < other.len() { "…" } else { "" };
                self.say(&format!("info string unknown command '{shown}{more}'"))?;
            }
        }
        Ok(true)
    }

    fn position(&mut self, args: &[&str]) -> std::io::Result<()> {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let start = match spec.first() {
            Some(&"startpos") => Ok(Position::startpos()),
            Some(&"fen") => fen::parse_fen(&spec[1..].join(" ")).map_err(|e| e.to_string()),
            _ => Err("expected 'startpos' or 'fen'".to_string()),
        };
        // Standard notation names castling by the king's target square: with the king off e1 or
        // a rook off its corner, castling and a king step would share one name.
        let start = start.and_then(|p| {
            if p.castling_needs_chess960() && !self.chess960() {
                Err("castling rights with the king or a rook off its standard square need \
                     Chess960 notation: set UCI_Chess960 to true first"
                    .to_string())
            } else {
                Ok(p)
            }
        });
        let start = match start {
            Ok(p) => p,
            Err(e) => {
                // Keep the previous position: a GUI's typo must not leave a half-set game.
                return self.say(&format!("info string error: position: {e}"));
            }
        };
        let mut game = Game::new(start);
        for text in moves {
            match parse_uci(game.position(), text, self.chess960()) {
                Ok(m) => {
                    game.play(m);
                }
                Err(e) => return self.say(&format!("info string error: position: {e}")),
            }
        }
        self.game = game;
        Ok(())
    }

    fn setoption(&mut self, args: &[&str]) -> std::io::Result<()> {
        let Some((_, rest)) = args.split_first().filter(|(first, _)| **first == "name") else {
            return self.say("info string error: setoption: expected 'name'");
        };
        // The name runs to the first `value` token; the value is what follows, possibly
        // nothing (`setoption name SyzygyPath value` clears the path).
        let (name, value) = match rest.iter().position(|&w| w == "value") {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        let (name, value) = (name.as_str(), value.as_str());
        if let Some(set) = crate::tb_panel::uci_setoption(name, value) {
            if let Err(e) = set {
                self.say(&format!("info string error: setoption: {e}"))?;
            }
            return Ok(());
        }
        match EngineOption::parse(name, value) {
            Ok(o) if o.waits_for_search() && self.engine.is_searching() => {
                self.pending_options.push(o);
                self.say(&format!("info string {name} takes effect after this search"))
            }
            parsed => self.apply(parsed),
        }
    }

    /// Sets an option or says why it cannot be, then what the Syzygy tables reported.
    fn apply(&mut self, option: Result<EngineOption, OptionError>) -> std::io::Result<()> {
        if let Ok(EngineOption::Threads(n)) = option
            && n as usize > vidle_engine::hardware_threads()
        {
            let hw = vidle_engine::hardware_threads();
            self.say(&format!(
                "info string Threads {n}: using {hw}, the threads this machine runs at once"
            ))?;
        }
        let tb_dir = match &option {
            Ok(EngineOption::TablebasePath(p)) => Some(p.trim().to_string()),
            _ => None,
        };
        match option.and_then(|o| self.engine.set(o)) {
            Err(e) => self.say(&format!("info string error: setoption: {e}"))?,
            // Tables made on demand (`TablebaseAutoGenerate`) go where the engine reads them.
            Ok(()) => {
                if let Some(p) = tb_dir {
                    let dir = crate::tb_source::dir_of(&p);
                    // A table file that cannot be used is named now, not skipped in silence.
                    for problem in crate::tb_source::problems(&dir) {
                        self.say(&format!("info string TablebasePath: {problem}"))?;
                    }
                    crate::tb_panel::use_dir(dir);
                }
            }
        }
        for m in self.engine.syzygy_messages() {
            self.say(&format!("info string {m}"))?;
        }
        Ok(())
    }

    fn apply_pending(&mut self) -> std::io::Result<()> {
        std::mem::take(&mut self.pending_options).into_iter().try_for_each(|o| self.apply(Ok(o)))
    }

    fn go(&mut self, args: &[&str]) -> std::io::Result<()> {
        if args.first() == Some(&"perft") {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return self.say("info string error: go perft needs a depth (0 or more)");
            };
            self.finish();
            self.start_perft(depth);
            return Ok(());
        }
        let (limits, warnings) = parse_go(args, self.game.position(), self.chess960());
        for w in warnings {
            self.say(&format!("info string warning: go: {w}"))?;
        }
        // A new `go` replaces a running search (which still answers with its bestmove first).
        self.finish();
        self.apply_pending()?;
        for news in crate::tb_panel::uci_notices(self.game.position()) {
            self.say(&format!("info string {news}"))?;
        }
        let out = Arc::clone(&self.out);
        let chess960 = self.chess960();
        self.engine.start(
            &self.game,
            limits,
            Box::new(move |event| {
                let line = format_event(&event, chess960);
                let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                // A closed output (the GUI went away) is no reason to abort the search thread.
                let _ = writeln!(out, "{line}").and_then(|_| out.flush());
            }),
        );
        Ok(())
    }
}

impl<W: Write + Send + 'static> Uci<W> {
    /// Starts `go perft depth` on its own thread: one `move: count` line per root move as each
    /// is counted, then `Nodes searched: N` (1 at depth 0, the position itself). `stop` ends it
    /// with `info string perft stopped`.
    fn start_perft(&mut self, depth: u32) {
        let out = Arc::clone(&self.out);
        let chess960 = self.chess960();
        let pos = *self.game.position();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let say = |text: &str| {
                let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                let _ = writeln!(out, "{text}").and_then(|_| out.flush());
            };
            if depth == 0 {
                return say("Nodes searched: 1");
            }
            let mut total = 0;
            for m in pos.legal_moves().iter() {
                let Some(n) = perft_until(&pos.played(m), depth - 1, &flag) else {
                    return say("info string perft stopped");
                };
                total += n;
                say(&format!("{}: {n}", to_uci(m, chess960)));
            }
            say(&format!("\nNodes searched: {total}"));
        });
        self.perft = Some(PerftJob { stop, handle });
    }
}

#[cfg(test)]
mod tests;
