//! The engine with generated tablebases: perfect play at the root over UCI, announcements in
//! terminal play, and a clear error for a bad `TablebasePath` or a bad table file in it.

mod data_dir;

use data_dir::{DataDir, OwnData};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `vidle` with a data directory of its own, the variables `env` set after it.
fn vidle(args: &[&str], input: &str, env: &[(&str, &str)]) -> String {
    let home = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(args)
        .own_data(&home)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string()
}

/// The 3-piece tables in a directory of the test's own (tests run in parallel), removed when
/// dropped, the test passing or not.
fn tables() -> DataDir {
    let dir = DataDir::new();
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["tb", "gen", "--quiet", "--max-pieces", "3", "--dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// A game from a 3-piece position with an empty data directory: terminal play generates the
/// missing table into `$XDG_DATA_HOME/vidle/tb` in the background, says so, and once it is there
/// announces the tablebase's result and plays from it.
#[test]
fn play_makes_missing_tables_and_announces_the_result() {
    let out = play_making_krvk(&[]);
    assert!(out.contains("Generating tablebase KRvK"), "{out}");
    assert!(out.contains("Tablebase KRvK ready"), "{out}");
    assert!(out.contains("Tablebase: White wins, mate in "), "{out}");
    assert!(out.contains("White mates in ") && out.contains("(tablebase)"), "{out}");
}

/// The same in Czech: the news of the tables being made, the tablebase's verdict and the
/// engine's announcement, none of it in English.
#[test]
fn tablebase_news_and_announcements_in_czech() {
    let out = play_making_krvk(&["--lang", "cs"]);
    assert!(out.contains("Počítám databázi koncovek KRvK…"), "{out}");
    assert!(out.contains("Databáze koncovek KRvK je hotová"), "{out}");
    assert!(out.contains("Databáze koncovek: vyhrává Bílý, mat v "), "{out}");
    assert!(out.contains("(tabulky Vidle (DTM, DTZ))"), "{out}");
    assert!(out.contains("Bílý dá mat v ") && out.contains("(databáze koncovek)"), "{out}");
    for english in ["Tablebase", "Generating", "ready", "wins", "mates in", "tablebase)"] {
        assert!(!out.contains(english), "English '{english}' in Czech play:\n{out}");
    }
}

/// `vidle play` from K+R v K with the human Black and an empty data directory: waits for the
/// tables made on demand, plays Kd6 and quits; the output.
fn play_making_krvk(args: &[&str]) -> String {
    let home = DataDir::new();
    let tb = home.path().join("vidle").join("tb");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["play", "--fen", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", "--color", "black"])
        .args(args)
        .own_data(&home)
        .env_remove("VIDLE_SYZYGY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    // The output as it comes, read on a thread of its own.
    let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let seen = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = std::io::Read::read(&mut stdout, &mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    // Wait until the player has been told the table is ready (news arrives with the next
    // command; `board` changes nothing): only then is the table in use, so the engine's reply
    // and the verdict come from it. Waiting for the files alone raced with that (one run in
    // nine failed).
    let ready = if args.contains(&"cs") { "je hotová" } else { "KRvK ready" };
    let start = std::time::Instant::now();
    while !seen.lock().unwrap().contains(ready) {
        assert!(start.elapsed().as_secs() < 120, "no KRvK tables in {}", tb.display());
        std::thread::sleep(std::time::Duration::from_millis(300));
        stdin.write_all(b"board\n").unwrap();
        stdin.flush().unwrap();
    }
    stdin.write_all(b"Kd6\nquit\n").unwrap();
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
    seen.lock().unwrap().clone()
}

/// Over UCI tables are made only when `TablebaseAutoGenerate` is on.
#[test]
fn uci_makes_tables_only_when_asked() {
    let home = DataDir::new();
    let tb = home.path().join("vidle").join("tb");
    let env = [("VIDLE_TB_DIR", tb.to_str().unwrap())];
    let go = "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 3\n";
    let out = vidle(&["uci"], &format!("uci\n{go}isready\nquit\n"), &env);
    assert!(out.contains("option name TablebaseAutoGenerate type check default false"), "{out}");
    assert!(out.contains("bestmove ") && !out.contains("Generating"), "{out}");
    assert!(!tb.join("KRvK.vdtm").exists());

    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("uci")
        .env("VIDLE_TB_DIR", &tb)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    let set = "setoption name TablebaseAutoGenerate value";
    write!(stdin, "{set} maybe\n{set} true\n{go}").unwrap();
    stdin.flush().unwrap();
    let start = std::time::Instant::now();
    while !(tb.join("KRvK.vdtm").is_file() && tb.join("KRvK.vdtz").is_file()) {
        assert!(start.elapsed().as_secs() < 120, "no KRvK tables in {}", tb.display());
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let out = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string();
    assert!(out.contains("info string error: setoption: TablebaseAutoGenerate"), "{out}");
    assert!(out.contains("info string Generating tablebase KRvK"), "{out}");
}

/// With `TablebasePath DIR` and `TablebaseAutoGenerate true`, missing tables are made in DIR
/// (they used to go to the data directory, DIR stayed empty) and the search uses them as soon
/// as they are there (`tbhits` above 0).
#[test]
fn uci_makes_tables_where_tablebase_path_says_and_uses_them() {
    use std::io::BufRead;
    let home = DataDir::new();
    let default_tb = home.path().join("vidle").join("tb");
    let own = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("uci")
        .own_data(&home)
        .env("VIDLE_TB_DIR", &default_tb)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let go = "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 3\n";
    writeln!(stdin, "setoption name TablebasePath value {}", own.path().display()).unwrap();
    write!(stdin, "setoption name TablebaseAutoGenerate value true\n{go}").unwrap();
    stdin.flush().unwrap();
    let (krvk_dtm, krvk_dtz) = (own.path().join("KRvK.vdtm"), own.path().join("KRvK.vdtz"));
    let start = std::time::Instant::now();
    let mut text = String::new();
    let mut seen_hits = false;
    // Each search's last info line tells whether the tables answered; search again until they
    // do (the tables are made in the background) or the deadline passes.
    while !seen_hits {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "vidle ended:\n{text}");
        text.push_str(&line);
        if line.starts_with("bestmove") {
            assert!(start.elapsed().as_secs() < 120, "no tbhits in two minutes:\n{text}");
            if krvk_dtm.is_file() && krvk_dtz.is_file() {
                seen_hits = text.lines().any(|l| {
                    l.contains(" tbhits ") && !l.contains(" tbhits 0 ") || l.contains("tablebase:")
                });
            }
            if !seen_hits {
                std::thread::sleep(std::time::Duration::from_millis(100));
                stdin.write_all(go.as_bytes()).unwrap();
                stdin.flush().unwrap();
            }
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let _ = child.wait();
    assert!(krvk_dtm.is_file(), "made where TablebasePath says");
    assert!(!default_tb.join("KRvK.vdtm").exists(), "not in the data directory");
}

/// A table file in `TablebasePath` with another endgame's contents (KQvK's under KRvK's name)
/// is named when the option is set (it used to be skipped by every probe without a word), and
/// the engine goes on without it.
#[test]
fn uci_names_a_table_with_another_endgames_contents() {
    let dir = tables();
    for ext in ["vdtm", "vdtz"] {
        let (from, to) = (format!("KQvK.{ext}"), format!("KRvK.{ext}"));
        std::fs::copy(dir.path().join(from), dir.path().join(to)).unwrap();
    }
    let out = vidle(
        &["uci"],
        &format!(
            "setoption name TablebasePath value {}\nposition fen 8/8/1k6/5R2/8/8/K7/8 b - - 0 1\ngo depth 4\nisready\nquit\n",
            dir.path().display()
        ),
        &[],
    );
    for ext in ["vdtm", "vdtz"] {
        let named = format!("info string TablebasePath: KRvK.{ext}: not a valid Vidle table");
        assert!(out.contains(&named), "{out}");
    }
    assert!(!out.contains("KQvK.vdt"), "the good tables are not named: {out}");
    assert!(out.contains("readyok") && out.contains("bestmove "), "{out}");
}

/// `tb gen`'s summary counts every file the run wrote (DTM, DTZ and the full DTM copies in
/// `resolved/`), byte for byte, and a second run writes nothing.
#[test]
fn gen_summary_counts_every_file() {
    fn walk(dir: &std::path::Path, files: &mut u64, bytes: &mut u64) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                walk(&e.path(), files, bytes);
            } else {
                *files += 1;
                *bytes += meta.len();
            }
        }
    }
    let dir = DataDir::new();
    let run_gen = || {
        let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
            .args(["tb", "gen", "--quiet", "KRvK", "--dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let first = run_gen();
    let (mut files, mut bytes) = (0, 0);
    walk(dir.path(), &mut files, &mut bytes);
    assert!(files >= 3, "{first}");
    assert!(first.contains(&format!("; written {files} files, {bytes} B = ")), "{first}");
    let second = run_gen();
    assert!(second.contains("0 tables generated") && second.contains("; written 0 files, 0 B"));
    assert!(second.contains(&format!("{:.2} MiB; peak", bytes as f64 / 1048576.0)), "{second}");
}

#[test]
fn tablebase_moves_over_uci_and_in_play() {
    let dir = tables();
    let path = dir.path().to_str().unwrap();
    // KQ v K, white to move: the table's fastest mate (mate in 6 from here) is played at once.
    let uci = vidle(
        &["uci"],
        &format!(
            "setoption name TablebasePath value {path}\nposition fen 8/8/8/8/8/2k5/8/KQ6 w - - 0 1\ngo depth 5\nsetoption name TablebasePath value /no/such/dir\nisready\nquit\n"
        ),
        &[],
    );
    assert!(uci.contains("score mate 6") && uci.contains("tbhits"), "{uci}");
    assert!(uci.contains("bestmove "), "{uci}");
    assert!(uci.contains("info string error: setoption: TablebasePath '/no/such/dir'"), "{uci}");

    // The losing side defends longest, and terminal play says so.
    let play = vidle(
        &["play", "--fen", "8/8/8/8/8/2k5/8/KQ6 b - - 0 1", "--color", "white"],
        "quit\n",
        &[("VIDLE_TB_DIR", path)],
    );
    assert!(play.contains("Black is mated in 7 (tablebase)"), "{play}");

    // A drawn ending (K+N v K) is searched among the non-losing moves and announced as a draw.
    let draw = vidle(
        &["play", "--fen", "8/8/8/8/8/2k5/8/KN6 b - - 0 1", "--color", "white", "--depth", "3"],
        "quit\n",
        &[("VIDLE_TB_DIR", path)],
    );
    assert!(draw.contains("draw (tablebase)") || draw.contains("insufficient material"), "{draw}");

    // In the search: the root (K+Q v K+R) has no table, but after Qxd8+ the K+Q v K table says
    // Black is mated in 9 more moves, so the search reports mate in 10 with tablebase hits.
    let fen = "3r3k/8/8/8/8/8/8/K2Q4 w - - 0 1";
    let out = uci_search(path, fen, 1, "depth 8");
    assert!(out.contains("score mate 10 ") && out.contains("bestmove d1d8"), "{out}");
    let hits =
        |out: &str| -> u64 { last_info(out, "tbhits").and_then(|h| h.parse().ok()).unwrap_or(0) };
    assert!(hits(&out) > 0, "{out}");
    // With a probe depth beyond the search depth nothing is probed, and no mate is proven.
    let out = uci_search(path, fen, 100, "depth 8");
    assert_eq!(hits(&out), 0, "{out}");
    assert!(!out.contains("score mate 10 "), "{out}");
}

/// A DTM file that keeps one side to move (as every 5-piece one does): inside the search a
/// position of the side not stored is a win or loss of unknown distance (from DTZ, no search of
/// its moves), one of the side stored keeps its mate distance. Both sides are met: after Qxd8+
/// in K+Q v K+R the lone king is to move in K+Q v K, after Kxd4 in K+Q+N v K the queen's side.
#[test]
fn one_sided_dtm_files_in_the_search() {
    use vidle_tb::format;
    use vidle_tb::write::Encoding;
    let dir = tables();
    let path = dir.path().to_str().unwrap();
    let m: vidle_tb::Material = "KQvK".parse().unwrap();
    let file = format::table_path(dir.path(), &m, vidle_tb::MetricKind::Dtm);
    let (_, codes) = format::read_table(&file).unwrap();
    let enc = Encoding { one_side: true, ..Encoding::ZSTD };
    vidle_tb::write::write_table(dir.path(), m, vidle_tb::MetricKind::Dtm, &codes, enc).unwrap();
    let (header, _) = format::read_table(&file).unwrap();
    // (position, the capture into K+Q v K, the side to move there: 0 the queen's, 1 the king's)
    let cases = [
        ("3r3k/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1d8", 1),
        ("8/8/8/4k3/3N4/8/8/K6Q b - - 0 1", "e5d4", 0),
    ];
    for (fen, capture, side) in cases {
        // Only the capture at the root: the search's value of it is the table's.
        let out = uci_search(path, fen, 1, &format!("depth 8 searchmoves {capture}"));
        let after = |key: &str| last_info(&out, key);
        assert!(after("tbhits").is_some_and(|h| h != "0"), "{fen}: {out}");
        assert!(out.contains(&format!("bestmove {capture}")), "{fen}: {out}");
        if header.stores(side) {
            assert!(after("score") == Some("mate"), "{fen}, side stored: {out}");
        } else {
            // A tablebase win or loss: beyond every evaluation, short of a mate score.
            let cp: i32 = after("cp").and_then(|v| v.parse().ok()).unwrap_or(0);
            assert!(
                after("score") == Some("cp") && cp.abs() > 30_000,
                "{fen}, side not stored: {out}"
            );
        }
    }
}

/// The word after `key` in the last `info` line of a search's output that reports tbhits.
fn last_info<'a>(out: &'a str, key: &str) -> Option<&'a str> {
    let line = out.lines().rfind(|l| l.contains(" tbhits "))?;
    let mut words = line.split_whitespace();
    words.by_ref().find(|&w| w == key)?;
    words.next()
}

/// Searches `fen` (`go` followed by `go_args`) with the tables in `path` and the given probe
/// depth; returns the output up to `bestmove` (the engine is told to quit only after it).
fn uci_search(path: &str, fen: &str, probe_depth: u32, go_args: &str) -> String {
    use std::io::{BufRead, BufReader};
    let home = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("uci")
        .own_data(&home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "setoption name TablebasePath value {path}\nsetoption name TablebaseProbeDepth value {probe_depth}\nposition fen {fen}\ngo {go_args}"
    )
    .unwrap();
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    let _ = child.wait();
    out
}

/// `tb verify` with the reference tables of ../shared/data: every sampled position agrees.
/// Each reference is skipped, with a "skipped: ..." line, where its tables are not there.
#[test]
fn verify_against_syzygy_and_gaviota() {
    use vidle_core::testdata::{python_module_available, shared_data, skip_unless};
    let dir = tables();
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_vidle"))
            .args(["tb", "verify", "--dir"])
            .arg(dir.path())
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&["--syzygy", "/no/such/dir", "KQvK"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/dir"));

    if let Some(syzygy) = shared_data("syzygy", "`tb verify --syzygy`") {
        let out = run(&["--syzygy", syzygy.to_str().unwrap(), "--step", "3", "KQvK", "KPvK"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        assert_eq!(text.matches("Syzygy: ").count(), 2, "{text}");
        assert!(!text.contains("Syzygy: 0 positions") && text.contains("0 mismatches"), "{text}");
    }

    if let Some(gaviota) = shared_data("gaviota", "`tb verify --gaviota`") {
        let gaviota_ok = python_module_available("chess.gaviota");
        let out = run(&["--gaviota", gaviota.to_str().unwrap(), "--step", "29", "KRvK"]);
        let (text, err) =
            (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if gaviota_ok {
            assert!(out.status.success(), "{text}{err}");
            assert!(text.contains("Gaviota: ") && text.contains(", 0 mismatches"), "{text}");
        } else {
            assert!(err.contains("needs python3 with python-chess"), "{err}");
            skip_unless(false, "`tb verify --gaviota`", "python3 cannot import chess.gaviota");
        }
    }
}
