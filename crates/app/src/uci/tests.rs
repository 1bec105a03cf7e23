//! The UCI loop driven in-process: options, limits, odd and hostile input, searches.

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
        String::from_utf8(self.0.lock().map(|v| v.clone()).unwrap_or_default()).unwrap_or_default()
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
    assert!(lines.iter().any(|l| l.starts_with("info depth 5 ") && l.contains(" pv ")), "{out}");
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
    assert_eq!((w[0], w[1], w[3], w[5]), ("info", "depth", "currmove", "currmovenumber"), "{line}");
    assert!(w[2].parse::<u32>().is_ok_and(|d| d > 1), "{line}");
    let pos = vidle_core::parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
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
    assert!(out.contains("unknown command 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…'"), "{out}");
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
    let out =
        run(&["position fen 3k4/2r3b1/1pP5/p1P2P2/P2p3p/5P2/N7/1r1K1q2 w - - 0 57", "go perft 1"]);
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
