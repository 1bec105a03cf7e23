//! The UCI protocol loop (https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html).
//!
//! The loop keeps reading while the engine searches on its own thread, so `stop`, `ponderhit`
//! and `isready` are answered at once; the search thread writes `info` and `bestmove` lines
//! through the same locked output. Nothing a GUI sends may crash the engine: bad input gets an
//! `info string` and leaves the state as it was.

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::perft::perft;
use vidle_core::{Game, Move, Position, fen};
use vidle_engine::{Bound, Engine, Score, SearchEvent, SearchInfo, SearchLimits};

/// Output shared between the protocol loop and the search thread.
type Out<W> = Arc<Mutex<W>>;

/// Protocol state shared by the commands.
pub struct Uci<W: Write + Send + 'static> {
    out: Out<W>,
    game: Game,
    engine: Engine,
    /// Options that must wait for the running search to end (Hash, Threads, Clear Hash).
    pending_options: Vec<(String, String)>,
}

/// Runs UCI on standard input and output until `quit` or end of input.
pub fn run_stdio() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut uci = Uci::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let line = line?;
        if !uci.handle(&line)? {
            break;
        }
    }
    uci.finish();
    Ok(())
}

impl<W: Write + Send + 'static> Uci<W> {
    pub fn new(out: W) -> Self {
        Uci {
            out: Arc::new(Mutex::new(out)),
            game: Game::new(Position::startpos()),
            // The book is installed but off until the GUI sets OwnBook (testers bring openings).
            engine: crate::book_source::engine_with_book(false),
            pending_options: Vec::new(),
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn finish(&mut self) {
        self.engine.stop();
        self.engine.wait();
    }

    /// Waits for a running search to end by itself (for tests of finite searches).
    #[cfg(test)]
    pub fn wait(&mut self) {
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
            "stop" => self.engine.stop(),
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
                text.push_str(&format!("Fen: {}", fen::to_fen(pos, self.chess960())));
                text.push_str(&format!("\nKey: {:016x}", pos.key()));
                self.say(&text)?;
            }
            "params" => {
                for (name, value) in self.engine.search_params() {
                    self.say(&format!("info string param {name} {value}"))?;
                }
            }
            "eval" => self.say(&vidle_engine::eval_text(self.game.position()))?,
            "bench" => {
                if self.engine.is_searching() {
                    return self.say("info string error: bench: a search is running").map(|_| true);
                }
                let depth = rest.first().and_then(|d| d.parse().ok());
                let r = vidle_engine::bench(depth);
                self.say(&crate::bench_cmd::summary(&r))?;
            }
            "quit" => {
                self.finish();
                return Ok(false);
            }
            other => self.say(&format!("info string unknown command '{other}'"))?,
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
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.say("info string error: setoption: expected 'name'");
        };
        let (name, value) = match rest.find(" value ") {
            Some(i) => (&rest[..i], rest[i + 7..].trim()),
            None => (rest.trim(), ""),
        };
        let waits = matches!(name.to_ascii_lowercase().as_str(), "hash" | "threads" | "clear hash");
        if waits && self.engine.is_searching() {
            self.pending_options.push((name.to_string(), value.to_string()));
            return self.say(&format!("info string {name} takes effect after this search"));
        }
        if let Err(e) = self.engine.set_option(name, value) {
            self.say(&format!("info string error: setoption: {e}"))?;
        }
        Ok(())
    }

    fn apply_pending(&mut self) -> std::io::Result<()> {
        for (name, value) in std::mem::take(&mut self.pending_options) {
            if let Err(e) = self.engine.set_option(&name, &value) {
                self.say(&format!("info string error: setoption: {e}"))?;
            }
        }
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> std::io::Result<()> {
        if args.first() == Some(&"perft") {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return self.say("info string error: go perft needs a depth");
            };
            let pos = *self.game.position();
            let mut text = String::new();
            let mut total = 0;
            for m in pos.legal_moves().iter() {
                let n = if depth <= 1 { 1 } else { perft(&pos.played(m), depth - 1) };
                total += n;
                text.push_str(&format!("{}: {n}\n", to_uci(m, self.chess960())));
            }
            text.push_str(&format!("\nNodes searched: {total}"));
            return self.say(&text);
        }
        let limits = match parse_go(args, self.game.position(), self.chess960()) {
            Ok(l) => l,
            Err(e) => return self.say(&format!("info string error: go: {e}")),
        };
        // A new `go` replaces a running search (which still answers with its bestmove first).
        self.finish();
        self.apply_pending()?;
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

/// Parses the arguments of `go`.
///
/// # Errors
/// A number that does not parse (negative clock times are taken as zero).
fn parse_go(args: &[&str], pos: &Position, chess960: bool) -> Result<SearchLimits, String> {
    let mut l = SearchLimits::default();
    let mut i = 0;
    let num = |i: usize| -> Result<i64, String> {
        let t = args.get(i + 1).ok_or_else(|| format!("'{}' needs a value", args[i]))?;
        t.parse::<i64>().map_err(|_| format!("'{t}' is not a number"))
    };
    while i < args.len() {
        let key = args[i];
        match key {
            "infinite" => l.infinite = true,
            "ponder" => l.ponder = true,
            "searchmoves" => {
                while let Some(t) = args.get(i + 1) {
                    match parse_uci(pos, t, chess960) {
                        Ok(m) => l.searchmoves.push(m),
                        Err(_) => break,
                    }
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "nodes" | "depth" | "movestogo"
            | "mate" => {
                let v = num(i)?.max(0);
                let u = v as u64;
                match key {
                    "wtime" => l.wtime = Some(u),
                    "btime" => l.btime = Some(u),
                    "winc" => l.winc = Some(u),
                    "binc" => l.binc = Some(u),
                    "movetime" => l.movetime = Some(u),
                    "nodes" => l.nodes = Some(u),
                    "depth" => l.depth = Some(u.min(u32::MAX as u64) as u32),
                    "movestogo" => l.movestogo = Some(u.min(u32::MAX as u64) as u32),
                    _ => l.mate = Some(u.min(u32::MAX as u64) as u32),
                }
                i += 1;
            }
            _ => {} // unknown tokens are skipped, as the protocol asks
        }
        i += 1;
    }
    Ok(l)
}

fn format_pv(pv: &[Move], chess960: bool) -> String {
    pv.iter().map(|&m| to_uci(m, chess960)).collect::<Vec<_>>().join(" ")
}

fn format_info(i: &SearchInfo, chess960: bool) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let bound = match i.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        None => "",
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} tbhits {} time {}",
        i.depth, i.seldepth, i.multipv, i.nodes, i.nps, i.hashfull, i.tbhits, i.time_ms
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&format_pv(&i.pv, chess960));
    }
    s
}

fn format_event(e: &SearchEvent, chess960: bool) -> String {
    match e {
        SearchEvent::Info(i) => format_info(i, chess960),
        SearchEvent::Message(m) => format!("info string {m}"),
        SearchEvent::BookMove(m) => format!("info string book move {}", to_uci(*m, chess960)),
        SearchEvent::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {} currmovenumber {number}", to_uci(*mv, chess960))
        }
        SearchEvent::BestMove { best: Some(b), ponder } => match ponder {
            Some(p) => format!("bestmove {} ponder {}", to_uci(*b, chess960), to_uci(*p, chess960)),
            None => format!("bestmove {}", to_uci(*b, chess960)),
        },
        // No legal move: the conventional null move.
        SearchEvent::BestMove { best: None, .. } => "bestmove 0000".to_string(),
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
        assert!(
            vidle_core::notation::parse_uci(&pos, w[4], false).is_ok(),
            "legal root move: {line}"
        );
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
        assert_eq!(out.matches("bestmove").count(), 3, "{out}");
        assert!(out.contains("bestmove a2a3") || out.contains("bestmove b2b3"), "{out}");
        assert!(out.contains("info string error: go:"), "{out}");
        assert!(out.contains("info string error: setoption: Hash"), "{out}");
        assert!(out.contains("unknown option 'Nonsense'"), "{out}");
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
    fn mate_and_stalemate_at_the_root() {
        let out = run(&["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"]);
        assert!(out.contains("bestmove 0000"), "{out}");
        let out = run(&["position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 4"]);
        assert!(out.contains("score mate 1") && out.contains("bestmove a1a8"), "{out}");
    }
}
