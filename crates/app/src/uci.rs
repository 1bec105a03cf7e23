//! The UCI protocol loop (https://www.shredderchess.com/chess-features/uci-universal-chess-interface.html).

use std::io::{BufRead, Write};
use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::perft::perft;
use vidle_core::{Game, Position, fen};

/// Protocol state shared by the commands.
pub struct Uci<W: Write> {
    out: W,
    game: Game,
    chess960: bool,
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
    Ok(())
}

impl<W: Write> Uci<W> {
    pub fn new(out: W) -> Self {
        Uci { out, game: Game::new(Position::startpos()), chess960: false }
    }

    /// Handles one line; returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> std::io::Result<bool> {
        let mut tokens = line.split_whitespace();
        let Some(cmd) = tokens.next() else { return Ok(true) };
        let rest: Vec<&str> = tokens.collect();
        match cmd {
            "uci" => {
                writeln!(self.out, "id name Vidle {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(self.out, "id author the Vidle developers")?;
                writeln!(self.out, "option name UCI_Chess960 type check default false")?;
                writeln!(self.out, "uciok")?;
            }
            "isready" => writeln!(self.out, "readyok")?,
            "ucinewgame" => self.game = Game::new(Position::startpos()),
            "position" => self.position(&rest)?,
            "setoption" => self.setoption(&rest)?,
            "go" => self.go(&rest)?,
            "d" => {
                writeln!(self.out, "{}", fen::to_fen(self.game.position(), self.chess960))?;
            }
            "quit" => return Ok(false),
            "stop" | "ponderhit" => {}
            other => writeln!(self.out, "info string unknown command '{other}'")?,
        }
        self.out.flush()?;
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
                return writeln!(self.out, "info string error: position: {e}");
            }
        };
        let mut game = Game::new(start);
        for text in moves {
            match parse_uci(game.position(), text, self.chess960) {
                Ok(m) => {
                    game.play(m);
                }
                Err(e) => return writeln!(self.out, "info string error: position: {e}"),
            }
        }
        self.game = game;
        Ok(())
    }

    fn setoption(&mut self, args: &[&str]) -> std::io::Result<()> {
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return writeln!(self.out, "info string error: setoption: expected 'name'");
        };
        let (name, value) = match rest.find(" value ") {
            Some(i) => (&rest[..i], Some(rest[i + 7..].trim())),
            None => (rest.trim(), None),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_chess960" => self.chess960 = value == Some("true"),
            _ => writeln!(self.out, "info string error: unknown option '{name}'")?,
        }
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> std::io::Result<()> {
        if args.first() == Some(&"perft") {
            let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
                return writeln!(self.out, "info string error: go perft needs a depth");
            };
            let pos = *self.game.position();
            let mut total = 0;
            for m in pos.legal_moves().iter() {
                let n = if depth <= 1 { 1 } else { perft(&pos.played(m), depth - 1) };
                total += n;
                writeln!(self.out, "{}: {n}", to_uci(m, self.chess960))?;
            }
            writeln!(self.out)?;
            writeln!(self.out, "Nodes searched: {total}")?;
            return Ok(());
        }
        writeln!(self.out, "info string error: search is not available yet")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[&str]) -> String {
        let mut uci = Uci::new(Vec::new());
        for l in lines {
            uci.handle(l).unwrap();
        }
        String::from_utf8(uci.out).unwrap()
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
}
