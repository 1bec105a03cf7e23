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
                    crate::tb_panel::use_dir(match p.as_str() {
                        "" | "<default>" | "<empty>" => vidle_tb::default_dir(),
                        p => p.into(),
                    });
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
mod tests {
    use super::*;

    /// An output buffer the test keeps a handle to while the engine writes into it.
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);

    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buf {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().map(|v| v.clone()).unwrap_or_default())
                .unwrap_or_default()
        }
    }

    /// Sends `lines`, then waits for a finite search to end by itself.
    fn run(lines: &[&str]) -> String {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        for l in lines {
            uci.handle(l).unwrap();
        }
        uci.wait();
        buf.text()
    }

    /// Waits (without timing assertions) until `cond` holds for the output.
    fn wait_for(buf: &Buf, cond: impl Fn(&str) -> bool) -> String {
        loop {
            let t = buf.text();
            if cond(&t) {
                return t;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn go_perft_divides_like_stockfish() {
        let out = run(&["position startpos moves e2e4", "go perft 3"]);
        assert!(out.ends_with("Nodes searched: 13160\n"), "{out}");
        assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 21);
    }

    #[test]
    fn chess960_castling_notation() {
        let fen = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let std = run(&[fen, "go perft 1"]);
        assert!(std.contains("e1g1: 1") && std.contains("e1c1: 1"), "{std}");
        let c960 = run(&["setoption name UCI_Chess960 value true", fen, "go perft 1"]);
        assert!(c960.contains("e1h1: 1") && c960.contains("e1a1: 1"), "{c960}");
    }

    #[test]
    fn bad_input_keeps_previous_position() {
        let out = run(&[
            "position startpos moves e2e4",
            "position fen 8/8/8 w - - 0 1",
            "position startpos moves e2e5",
            "go perft 1",
            "frobnicate",
        ]);
        assert!(out.contains("info string error: position: malformed FEN"), "{out}");
        assert!(out.contains("e2e5 is illegal"), "{out}");
        // Still after 1. e4: black has 20 moves.
        assert!(out.contains("Nodes searched: 20"), "{out}");
        assert!(out.contains("unknown command 'frobnicate'"));
    }

    #[test]
    fn uci_lists_options() {
        let out = run(&["uci"]);
        for name in ["Hash", "Threads", "Clear Hash", "Move Overhead", "MultiPV", "Ponder"] {
            assert!(out.contains(&format!("option name {name} type")), "{out}");
        }
        assert!(out.contains("option name UCI_Chess960 type check default false"));
        assert!(out.trim_end().ends_with("uciok"));
    }

    #[test]
    fn go_depth_gives_info_then_one_bestmove() {
        let out = run(&["position startpos moves e2e4 e7e5", "go depth 5"]);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 5 ") && l.contains(" pv ")),
            "{out}"
        );
        assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{out}");
    }

    #[test]
    fn infinite_waits_for_stop_and_isready_answers_meanwhile() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.handle("position startpos").unwrap();
        uci.handle("go infinite").unwrap();
        uci.handle("isready").unwrap();
        let t = wait_for(&buf, |t| t.contains("readyok"));
        assert!(!t.contains("bestmove"), "bestmove before stop: {t}");
        // Options that need the search to end are deferred, not blocking the loop.
        uci.handle("setoption name Hash value 8").unwrap();
        uci.handle("setoption name MultiPV value 2").unwrap();
        wait_for(&buf, |t| t.contains("info depth 2 "));
        assert!(!buf.text().contains("bestmove"));
        uci.handle("stop").unwrap();
        let t = wait_for(&buf, |t| t.contains("bestmove"));
        uci.handle("stop").unwrap(); // stop while idle: nothing happens
        uci.handle("isready").unwrap();
        let t2 = wait_for(&buf, |t| t.matches("readyok").count() == 2);
        assert_eq!(t2.matches("bestmove").count(), 1, "{t}");
    }

    #[test]
    fn currmove_after_a_second() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.handle("position startpos moves e2e4").unwrap();
        uci.handle("go infinite").unwrap();
        let t = wait_for(&buf, |t| t.contains(" currmovenumber "));
        uci.handle("stop").unwrap();
        let line = t.lines().find(|l| l.contains(" currmove ")).expect("currmove line");
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            (w[0], w[1], w[3], w[5]),
            ("info", "depth", "currmove", "currmovenumber"),
            "{line}"
        );
        assert!(w[2].parse::<u32>().is_ok_and(|d| d > 1), "{line}");
        let pos =
            vidle_core::parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap();
        assert!(parse_uci(&pos, w[4], false).is_ok(), "legal root move: {line}");
        assert!(w[6].parse::<u32>().is_ok_and(|n| (1..=20).contains(&n)), "{line}");
        wait_for(&buf, |t| t.contains("bestmove"));
    }

    #[test]
    fn ponder_then_ponderhit() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.handle("setoption name Ponder value true").unwrap();
        uci.handle("position startpos moves d2d4").unwrap();
        uci.handle("go ponder wtime 1000 btime 1000 winc 10 binc 10").unwrap();
        wait_for(&buf, |t| t.contains("info depth 3 "));
        assert!(!buf.text().contains("bestmove"));
        uci.handle("ponderhit").unwrap();
        let t = wait_for(&buf, |t| t.contains("bestmove"));
        assert_eq!(t.matches("bestmove").count(), 1);
    }

    #[test]
    fn go_while_searching_and_quit() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.handle("go infinite").unwrap();
        uci.handle("go depth 3").unwrap();
        uci.wait();
        assert_eq!(buf.text().matches("bestmove").count(), 2, "one bestmove per go");
        uci.handle("go infinite").unwrap();
        assert!(!uci.handle("quit").unwrap());
        assert_eq!(buf.text().matches("bestmove").count(), 3);
    }

    /// A line longer than the limit, or input that never ends a line, is dropped with a
    /// warning and the engine goes on; an unknown command is named, not echoed whole.
    #[test]
    fn overlong_lines_are_dropped_and_the_engine_goes_on() {
        let mut input = Vec::new();
        input.extend_from_slice(b"position startpos moves ");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        input.extend_from_slice(b"\nisready\n");
        input.extend(std::iter::repeat_n(b'y', 500_000)); // within the limit: a command
        input.extend_from_slice(b"\nisready\n");
        input.extend(std::iter::repeat_n(b'z', 3 * MAX_LINE_BYTES)); // no line end at all
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.serve(&mut std::io::Cursor::new(input)).unwrap();
        uci.finish();
        let out = buf.text();
        assert_eq!(out.matches("readyok").count(), 2, "{}", &out[..out.len().min(2000)]);
        assert_eq!(out.matches("was dropped: longer than the limit").count(), 2, "{out}");
        assert!(out.contains(&format!("a line of {} bytes", 24 + MAX_LINE_BYTES + 11)), "{out}");
        assert!(
            out.contains("unknown command 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…'"),
            "{out}"
        );
        assert!(out.len() < 10_000, "nothing long is echoed: {} bytes", out.len());
        // Lines within the limit are read one by one, a last line without its end too.
        let mut uci = Uci::new(buf.clone());
        uci.serve(&mut std::io::Cursor::new(b"isready\r\nisready".to_vec())).unwrap();
        assert_eq!(buf.text().matches("readyok").count(), 4);
    }

    #[test]
    fn limits_and_odd_input() {
        let out = run(&[
            "position startpos",
            "go nodes 3000",
            "go wtime -5 btime 100",
            "go movetime 50 searchmoves a2a3 b2b3 zz",
            "go depth x",
            "setoption name Hash value lots",
            "setoption name Nonsense",
            "setoption",
            "ucinewgame",
        ]);
        // `go depth x` searches without a depth limit until `ucinewgame` stops it.
        assert_eq!(out.matches("bestmove").count(), 4, "{out}");
        assert!(out.contains("bestmove a2a3") || out.contains("bestmove b2b3"), "{out}");
        assert!(out.contains("info string warning: go: depth 'x' is not a number"), "{out}");
        assert!(out.contains("info string error: setoption: Hash"), "{out}");
        assert!(out.contains("unknown option 'Nonsense'"), "{out}");
        // `zz` ends the list; an illegal move in it is named, not dropped in silence.
        assert!(out.contains("info string warning: go: searchmoves: 'zz'"), "{out}");
    }

    /// More threads than the machine runs at once: the engine uses what it has and says so
    /// (256 threads on 2 cores took 1.86 s to answer `go movetime 50`).
    #[test]
    fn threads_are_capped_by_the_machine() {
        let out = run(&["setoption name Threads value 256", "position startpos", "go movetime 50"]);
        let hw = vidle_engine::hardware_threads();
        if hw < 256 {
            assert!(out.contains(&format!("Threads 256: using {hw}")), "{out}");
        }
        assert!(out.contains("bestmove"), "{out}");
    }

    /// An option set to nothing: the name is the option's (it used to be read as an option
    /// named "SyzygyPath value"), and its empty value is taken.
    #[test]
    fn an_empty_value_is_a_value() {
        let out = run(&[
            "setoption name SyzygyPath value",
            "setoption name EvalFile value",
            "setoption name Clear Hash",
            "position startpos",
            "go nodes 0",
            "go depth 1 searchmoves e2e5 e2e4",
        ]);
        assert!(!out.contains("unknown option"), "{out}");
        assert!(!out.contains("error"), "{out}");
        assert!(out.contains("info string warning: go: nodes 0"), "{out}");
        assert!(out.contains("info string warning: go: searchmoves: 'e2e5'"), "{out}");
        assert!(out.contains("bestmove e2e4"), "{out}");
        assert_eq!(out.matches("bestmove").count(), 2, "{out}");
    }

    #[test]
    fn hidden_tuning_options_change_the_search_and_are_not_listed() {
        let out = run(&["uci", "params"]);
        assert!(out.contains("info string param asp_min_depth 5"), "{out}");
        assert!(!out.contains("option name rfp_margin"), "{out}");
        // A changed parameter changes the tree: a fixed-depth search counts other nodes.
        let nodes = |extra: &[&str]| {
            let mut lines = vec!["position startpos moves e2e4 e7e5 g1f3"];
            lines.extend_from_slice(extra);
            lines.push("go depth 9");
            let out = run(&lines);
            let last = out.lines().rfind(|l| l.contains(" nodes ")).unwrap().to_string();
            let at = last.split_whitespace().position(|w| w == "nodes").unwrap();
            last.split_whitespace().nth(at + 1).unwrap().parse::<u64>().unwrap()
        };
        let base = nodes(&[]);
        assert_eq!(nodes(&[]), base, "the search is deterministic");
        assert_ne!(nodes(&["setoption name LMR_DIVISOR_X100 value 150"]), base);
        let out = run(&[
            "setoption name rfp_margin value 95",
            "setoption name rfp_margin value ninety",
            "setoption name rfp_margin",
            "params",
        ]);
        assert!(out.contains("info string param rfp_margin 95"), "{out}");
        assert!(out.contains("rfp_margin: 'ninety' is not a number"), "{out}");
        assert!(out.contains("rfp_margin: '' is not a number"), "{out}");
    }

    #[test]
    fn invalid_utf8_is_read_lossily_and_reported() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        assert!(uci.handle_bytes(b"\x80\n").unwrap());
        assert!(uci.handle_bytes(b"position startpos moves e2e4 \xff\xfe\xc3\n").unwrap());
        assert!(uci.handle_bytes(b"position startpos moves d2d4\r\n").unwrap());
        assert!(uci.handle_bytes(b"isready\n").unwrap());
        uci.handle("go perft 1").unwrap();
        uci.wait();
        let out = buf.text();
        assert_eq!(out.matches("info string warning: input is not valid UTF-8").count(), 2);
        assert!(out.contains("read as 'position startpos moves e2e4 \u{fffd}"), "{out}");
        assert!(out.contains("info string error: position:"), "{out}");
        assert!(out.contains("readyok"), "{out}");
        // After 1. d4 (the last good line): 20 replies.
        assert!(out.contains("Nodes searched: 20"), "{out}");
    }

    #[test]
    fn go_perft_runs_off_the_loop() {
        let out = run(&["go perft 0"]);
        assert_eq!(out, "Nodes searched: 1\n");
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        uci.handle("go perft 99").unwrap();
        uci.handle("isready").unwrap();
        wait_for(&buf, |t| t.contains("readyok"));
        uci.handle("stop").unwrap();
        let t = wait_for(&buf, |t| t.contains("perft stopped"));
        assert!(!t.contains("Nodes searched"), "{t}");
        // A perft running when `quit` comes is stopped too.
        uci.handle("go perft 99").unwrap();
        assert!(!uci.handle("quit").unwrap());
        assert_eq!(buf.text().matches("perft stopped").count(), 2);
    }

    #[test]
    fn every_go_gets_one_bestmove_whatever_its_arguments() {
        let buf = Buf::default();
        let mut uci = Uci::new(buf.clone());
        for (go, warning) in [
            ("go depth x", "depth 'x' is not a number; ignored"),
            ("go depth 99999999999999999999", "depth '99999999999999999999' is out of range"),
            ("go depth", "'depth' needs a value"),
            ("go movetime 1e99 wtime 3.5", "movetime '1e99' is not a whole number"),
            (
                "go depth -99999999999999999999 infinite",
                "depth '-99999999999999999999' is out of range; using 0",
            ),
        ] {
            let before = buf.text().matches("bestmove").count();
            uci.handle(go).unwrap();
            uci.handle("stop").unwrap();
            let t = wait_for(&buf, |t| t.matches("bestmove").count() > before);
            assert!(t.contains(&format!("info string warning: go: {warning}")), "{go}: {t}");
        }
        uci.handle("go nodes 2e3").unwrap();
        uci.wait();
        let t = buf.text();
        assert!(t.contains("nodes '2e3' is not a whole number; using 2000"), "{t}");
        assert_eq!(t.matches("bestmove").count(), 6, "{t}");
    }

    #[test]
    fn castling_that_needs_chess960_notation_is_refused_without_it() {
        let fen = "position fen r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
        let out = run(&["position startpos moves e2e4", fen, "go perft 1"]);
        assert!(out.contains("info string error: position: castling rights"), "{out}");
        assert!(out.contains("Nodes searched: 20"), "the previous position stays: {out}");
        let out = run(&["setoption name UCI_Chess960 value true", fen, "go perft 1"]);
        assert!(out.contains("f1g1: 1") && out.contains("f1h1: 1"), "{out}");
        let names: Vec<&str> = out.lines().filter_map(|l| l.split(':').next()).collect();
        let distinct: std::collections::HashSet<&&str> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{out}");
        // Standard castling rights are fine either way.
        let out = run(&["position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "go perft 1"]);
        assert!(out.contains("e1g1: 1") && !out.contains("error"), "{out}");
    }

    #[test]
    fn impossible_checks_are_refused() {
        let out = run(&[
            "position fen 3k4/2r3b1/1pP5/p1P2P2/P2p3p/5P2/N7/1r1K1q2 w - - 0 57",
            "go perft 1",
        ]);
        assert!(out.contains("no single move gives this double check"), "{out}");
        assert!(out.contains("Nodes searched: 20"), "{out}");
    }

    /// The last `info … pv` before `bestmove` starts with the move played, and the last set of
    /// MultiPV lines names distinct moves, however the search is stopped.
    #[test]
    fn the_last_pv_starts_with_the_move_played() {
        let positions = [
            "startpos",
            "fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for multipv in [1, 3] {
            for (i, p) in positions.iter().enumerate() {
                for ms in (5..60).step_by(6) {
                    let buf = Buf::default();
                    let mut uci = Uci::new(buf.clone());
                    uci.handle("setoption name Move Overhead value 0").unwrap();
                    uci.handle(&format!("setoption name MultiPV value {multipv}")).unwrap();
                    uci.handle(&format!("position {p}")).unwrap();
                    uci.handle(&format!("go movetime {}", ms + i)).unwrap();
                    uci.wait();
                    let out = buf.text();
                    let best = out.lines().last().unwrap().split_whitespace().nth(1).unwrap();
                    let pvs: Vec<(u32, &str)> = out
                        .lines()
                        .filter(|l| l.contains(" pv "))
                        .map(|l| {
                            let w: Vec<&str> = l.split_whitespace().collect();
                            let at = |k: &str| w.iter().position(|x| *x == k).unwrap() + 1;
                            (w[at("multipv")].parse().unwrap(), w[at("pv")])
                        })
                        .collect();
                    let last_main = pvs.iter().rev().find(|(n, _)| *n == 1).unwrap();
                    assert_eq!(last_main.1, best, "{p} {ms} ms:\n{out}");
                    // The last set: the lines after the last `multipv 1`.
                    let start = pvs.iter().rposition(|(n, _)| *n == 1).unwrap();
                    let set: Vec<&str> = pvs[start..].iter().map(|(_, m)| *m).collect();
                    let distinct: std::collections::HashSet<&&str> = set.iter().collect();
                    assert_eq!(distinct.len(), set.len(), "{p} {ms} ms:\n{out}");
                }
            }
        }
    }

    #[test]
    fn mate_and_stalemate_at_the_root() {
        let out = run(&["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"]);
        assert!(out.contains("bestmove 0000"), "{out}");
        let out = run(&["position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 4"]);
        assert!(out.contains("score mate 1") && out.contains("bestmove a1a8"), "{out}");
    }
}
