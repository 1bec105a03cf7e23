//! Syzygy tables through `SyzygyPath`: probes in the search (`tbhits`), root moves that keep the
//! tables' value, the fifty-move rule (`Syzygy50MoveRule`), and clear messages for a missing
//! directory or a truncated file. Tests that need the shared data skip, saying so, when it is
//! absent (through `vidle_core::testdata`: with `VIDLE_REQUIRE_SHARED_DATA=1` they fail).

use shakmaty::{CastlingMode, Chess, Position, fen::Fen, uci::UciMove};
use shakmaty_syzygy::{Tablebase, Wdl};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use vidle_core::testdata;

/// The shared Syzygy tables for `check`; `None`, after a `skipped: CHECK because ...` line,
/// where they (or their 5-piece tables) are missing.
fn syzygy_dir(check: &str) -> Option<PathBuf> {
    let dir = testdata::shared_data("syzygy", check)?;
    let five = dir.join("KRPvKR.rtbw").is_file() && dir.join("KRBvKR.rtbz").is_file();
    let why = format!("{} has no KRPvKR.rtbw or no KRBvKR.rtbz", dir.display());
    testdata::skip_unless(five, check, &why).then_some(dir)
}

/// Runs `vidle uci` on `input` without our own tables (so that Syzygy answers); waits for the
/// search's `bestmove` before `quit` (which would stop it).
fn uci(input: &str) -> String {
    uci_env(input, &[])
}

/// [`uci`] with more environment variables.
fn uci_env(input: &str, env: &[(&str, &str)]) -> String {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("uci")
        .envs(env.iter().copied())
        .env("VIDLE_TB_DIR", "/nonexistent/vidle-tb")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut out = String::new();
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    child.wait().unwrap();
    out
}

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// The mover's five-valued result of `m` in `pos` (halfmove clock 0), from the child's tables.
fn result_after(tb: &Tablebase<Chess>, pos: &Chess, m: &str) -> Wdl {
    let mv = m.parse::<UciMove>().unwrap().to_move(pos).expect("legal bestmove");
    let zeroing = mv.is_zeroing();
    let child = pos.clone().play(mv).unwrap();
    if child.is_checkmate() {
        return Wdl::Win;
    }
    if zeroing {
        return -tb.probe_wdl_after_zeroing(&child).unwrap();
    }
    let dtz = tb.probe_dtz(&child).unwrap().ignore_rounding().0;
    let n = dtz.abs() + 1;
    match dtz.signum() {
        0 => Wdl::Draw,
        -1 if n <= 100 => Wdl::Win,
        -1 => Wdl::CursedWin,
        _ if n <= 100 => Wdl::Loss,
        _ => Wdl::BlessedLoss,
    }
}

fn bestmove(out: &str) -> &str {
    let line = out.lines().rev().find(|l| l.starts_with("bestmove")).expect("a bestmove");
    line.split_whitespace().nth(1).unwrap()
}

fn last_tbhits(out: &str) -> u64 {
    let line = out.lines().rev().find(|l| l.contains(" tbhits ")).expect("an info line");
    let mut words = line.split_whitespace();
    words.find(|w| *w == "tbhits");
    words.next().unwrap().parse().unwrap()
}

#[test]
fn five_piece_searches_probe_and_keep_the_value() {
    let Some(dir) = syzygy_dir("the Syzygy probes of 5-piece searches") else { return };
    let mut tb = Tablebase::<Chess>::new();
    tb.add_directory(&dir).unwrap();
    for fen in [
        "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",  // KRPvKR, Lucena
        "8/8/3k4/8/8/8/r7/1RR1K3 w - - 0 1",   // KRRvKR
        "4k3/8/8/8/8/8/r7/QR2K3 w - - 0 1",    // KQRvKR
        "3r4/1k6/8/8/2K5/7B/4R3/8 b - - 0 1",  // KRBvKR, the defender
        "8/8/4k3/8/2N5/8/3R1r2/4K3 w - - 0 1", // KRNvKR
    ] {
        let out = uci(&format!(
            "setoption name SyzygyPath value {}\nposition fen {fen}\ngo depth 8\n",
            dir.display()
        ));
        let pos = chess(fen);
        let before = tb.probe_wdl_after_zeroing(&pos).unwrap();
        let m = bestmove(&out);
        assert_eq!(result_after(&tb, &pos, m), before, "{fen}: {m} changes {before:?}\n{out}");
        assert!(last_tbhits(&out) > 0, "{fen}: no tbhits\n{out}");
        assert!(out.contains("info string syzygy: "), "{out}");
    }
}

#[test]
fn a_cursed_win_is_a_draw_under_the_fifty_move_rule() {
    let Some(dir) = syzygy_dir("the cursed-win check of Syzygy50MoveRule") else { return };
    let fen = "3r4/1k6/8/8/2K5/7B/4R3/8 w - - 0 1";
    let mut tb = Tablebase::<Chess>::new();
    tb.add_directory(&dir).unwrap();
    assert_eq!(tb.probe_wdl_after_zeroing(&chess(fen)).unwrap(), Wdl::CursedWin);
    for (rule, word, wdl) in [("true", "draw", Wdl::Draw), ("false", "win", Wdl::Win)] {
        let out = uci(&format!(
            "setoption name SyzygyPath value {}\nsetoption name Syzygy50MoveRule value {rule}\nposition fen {fen}\ngo depth 6\n",
            dir.display()
        ));
        assert!(out.contains(&format!("info string syzygy: {word}")), "{rule}: {out}");
        // The move keeps the cursed win (a draw at worst under the rule).
        let got = result_after(&tb, &chess(fen), bestmove(&out));
        let ok = match wdl {
            Wdl::Draw => got == Wdl::CursedWin || got == Wdl::Draw,
            _ => got == Wdl::CursedWin,
        };
        assert!(ok, "{rule}: {got:?}\n{out}");
    }
}

/// Late in the fifty-move count only the winning moves that still reach a capture or pawn move
/// in time are played: Lucena with the count at 85 (the tables' DTZ is 15 from here).
#[test]
fn a_late_fifty_move_count_keeps_the_win_in_time() {
    let Some(dir) = syzygy_dir("the late fifty-move count check of Syzygy") else { return };
    let mut tb = Tablebase::<Chess>::new();
    tb.add_directory(&dir).unwrap();
    let fen = "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 85 1";
    let pos = chess(fen);
    assert_eq!(tb.probe_dtz(&pos).unwrap().ignore_rounding().0, 15);
    // The moves that keep the win within the rule: the reply's DTZ plus its count at most 100.
    let in_time: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let child = pos.clone().play(*m).unwrap();
            let dtz = tb.probe_dtz(&child).unwrap().ignore_rounding().0;
            dtz < 0 && dtz.unsigned_abs() + child.halfmoves() <= 100
        })
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    assert!(!in_time.is_empty() && in_time.len() < pos.legal_moves().len(), "{in_time:?}");
    let out = uci(&format!(
        "setoption name SyzygyPath value {}\nposition fen {fen}\ngo depth 8\n",
        dir.display()
    ));
    let m = bestmove(&out);
    assert!(in_time.iter().any(|t| t == m), "{m} not in {in_time:?}\n{out}");
    let keep = format!("syzygy: win ({} of ", in_time.len());
    assert!(out.contains(&keep), "{keep}\n{out}");
}

/// The defender's side of the cursed win above: a blessed loss (lost, but the fifty-move rule
/// saves it) is announced as a draw under `Syzygy50MoveRule`, and the move played keeps it a
/// blessed loss (never one into a loss within fifty moves).
#[test]
fn a_blessed_loss_is_defended_under_the_fifty_move_rule() {
    let Some(dir) = syzygy_dir("the blessed-loss check of Syzygy50MoveRule") else { return };
    let mut tb = Tablebase::<Chess>::new();
    tb.add_directory(&dir).unwrap();
    let cursed = chess("3r4/1k6/8/8/2K5/7B/4R3/8 w - - 0 1");
    // A White move after which Black, with the fifty-move count at zero, is in a blessed loss.
    let fen = cursed
        .legal_moves()
        .into_iter()
        .find_map(|m| {
            let child = cursed.clone().play(m).unwrap();
            let blessed = tb.probe_wdl_after_zeroing(&child).ok()? == Wdl::BlessedLoss;
            let fen = Fen::from_position(&child, shakmaty::EnPassantMode::Legal).to_string();
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            fields[4] = "0";
            blessed.then(|| fields.join(" "))
        })
        .expect("a move into a blessed loss");
    for (rule, word) in [("true", "draw"), ("false", "loss")] {
        let out = uci(&format!(
            "setoption name SyzygyPath value {}\nsetoption name Syzygy50MoveRule value {rule}\nposition fen {fen}\ngo depth 6\n",
            dir.display()
        ));
        assert!(out.contains(&format!("info string syzygy: {word}")), "{rule} {fen}: {out}");
        assert!(last_tbhits(&out) > 0, "{out}");
        if rule == "true" {
            let got = result_after(&tb, &chess(&fen), bestmove(&out));
            assert_eq!(got, Wdl::BlessedLoss, "{fen}\n{out}");
        }
    }
}

/// `vidle tb probe` answers from Syzygy where our tables are missing, says so, lists the moves
/// best first (a cursed win as such), and names a missing Syzygy directory.
#[test]
fn tb_probe_falls_back_to_syzygy() {
    let probe = |syzygy: &str, fen: &str| {
        Command::new(env!("CARGO_BIN_EXE_vidle"))
            .args(["tb", "probe", "--dir", "/nonexistent/vidle-tb", "--syzygy", syzygy, fen])
            .output()
            .unwrap()
    };
    let out = probe("/no/such/syzygy", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("no table covers this position"), "{err}");
    assert!(err.contains("SyzygyPath '/no/such/syzygy'"), "{err}");

    let Some(dir) = syzygy_dir("tb probe's answers from the Syzygy tables") else { return };
    let dir = dir.to_str().unwrap();
    let out = probe(dir, "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("White (from Syzygy tables (WDL, DTZ)): win, DTZ "));
    assert!(lines.next().unwrap().contains(" win, DTZ "), "{text}");
    assert!(text.contains(" draw") || text.contains(" loss"), "{text}");

    let out = probe(dir, "3r4/1k6/8/8/2K5/7B/4R3/8 w - - 0 1");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("White (from Syzygy tables (WDL, DTZ)): cursed win"), "{text}");
}

#[test]
fn a_missing_or_truncated_directory_is_reported_and_play_goes_on() {
    let out = uci(
        "setoption name SyzygyPath value /no/such/syzygy\nposition fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 4\n",
    );
    assert!(out.contains("info string error: setoption: SyzygyPath"), "{out}");
    assert!(out.contains("/no/such/syzygy"), "{out}");
    assert!(out.contains("bestmove "), "{out}");

    let Some(src) = syzygy_dir("the truncated SyzygyPath table check") else { return };
    let dir = std::env::temp_dir().join(format!("vidle-syzygy-trunc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let w = std::fs::read(src.join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.join("KRvK.rtbw"), &w[..w.len() / 2]).unwrap();
    std::fs::copy(src.join("KRvK.rtbz"), dir.join("KRvK.rtbz")).unwrap();
    std::fs::copy(src.join("KQvK.rtbw"), dir.join("KQvK.rtbw")).unwrap();
    let out = uci(&format!(
        "setoption name SyzygyPath value {}\nposition fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 4\n",
        dir.display()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.contains("info string SyzygyPath: skipped") && out.contains("KRvK.rtbw"), "{out}");
    assert!(out.contains("missing KQvK.rtbz"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

/// A table whose data is damaged fails its probes: each failure is one clean `info string`,
/// whatever the environment (with RUST_BACKTRACE=1 the error's text used to carry a backtrace
/// into the GUI, thousands of non-UCI lines in a short search).
#[test]
fn a_damaged_table_is_one_clean_line_per_failure_even_with_backtraces() {
    let Some(src) = syzygy_dir("the damaged-table message check") else { return };
    let dir = std::env::temp_dir().join(format!("vidle-syzygy-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut w = std::fs::read(src.join("KRvK.rtbw")).unwrap();
    let mut x: u32 = 12345;
    for b in w.iter_mut().skip(64) {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        *b = (x >> 16) as u8;
    }
    std::fs::write(dir.join("KRvK.rtbw"), &w).unwrap();
    std::fs::copy(src.join("KRvK.rtbz"), dir.join("KRvK.rtbz")).unwrap();
    let out = uci_env(
        &format!(
            "setoption name SyzygyPath value {}\nposition fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 6\n",
            dir.display()
        ),
        &[("RUST_BACKTRACE", "1")],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.contains("info string Syzygy: "), "the failure is reported: {out}");
    for line in out.lines() {
        assert!(
            line.starts_with("info ") || line.starts_with("bestmove "),
            "a line that is not UCI: {line:?}"
        );
        assert!(!line.contains("shakmaty_syzygy::") && !line.contains("   0: "), "{line}");
    }
    assert!(out.contains("bestmove "), "{out}");
}
