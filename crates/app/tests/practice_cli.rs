//! `vidle practice` on a pipe: the table made when missing, the feedback of each move, the
//! defender's replies, commands, bad input and the summary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn temp(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("vidle-practice-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `vidle practice ARGS` with `input` on standard input; (stdout, stderr, success).
fn practice(tb: &Path, args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .arg("practice")
        .args(args)
        .arg("--tb-dir")
        .arg(tb)
        .env("XDG_DATA_HOME", tb.join("data"))
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

const KRVK: &str = "8/8/8/8/8/1k6/8/R3K3 w - - 0 1";

/// A scripted KRvK exercise: a slower move, a take-back, a hint, bad input, then the rook left
/// to the king: each with its words, and the summary at the end.
#[test]
fn a_scripted_exercise_says_what_each_move_is_worth() {
    let tb = temp("script");
    let (out, err, ok) =
        practice(&tb, &["--fen", KRVK, "--seed", "1"], "Kd2\nundo\nhint\nKe9\nRa2\n");
    assert!(ok, "{err}");
    assert!(err.contains("Generating tablebase KRvK…"), "{err}");
    let expected = [
        "Practice KRvK: you play White; mate in 12 with best play.",
        "Kd2: slower: the win is 2 moves longer, mate in 13 instead of 11 (best: Rc1)",
        "Vidle replies Kc4 (you mate in 13)",
        "Taken back: Kd2.",
        "Hint: Rc1 (you mate in 12)",
        "'Ke9' is not a move or a command. Type 'help'.",
        "Ra2: that throws away the win: draw (best: Rc1, mate in 11)",
        "Vidle replies Kxa2 (draw)",
        "Draw: nobody can mate any more.",
        "Summary: 1 move played, 0 of them best; ",
    ];
    let mut rest = out.as_str();
    for line in expected {
        let at =
            rest.find(line).unwrap_or_else(|| panic!("{line:?} missing or out of order:\n{out}"));
        rest = &rest[at + line.len()..];
    }
    assert!(
        out.contains(
            "1 move that threw away the result. Result: draw (you mate in 12 at the start)."
        ),
        "{out}"
    );
    // The table stays for the next exercise: no second generation.
    let (_, err, ok) = practice(&tb, &["--fen", KRVK], "quit\n");
    assert!(ok && !err.contains("Generating"), "{err}");
    let _ = std::fs::remove_dir_all(&tb);
}

#[test]
fn the_same_seed_gives_the_same_exercise_and_czech_words() {
    let tb = temp("seed");
    let run =
        |seed: &str| practice(&tb, &["KQvK", "--seed", seed, "--lang", "cs"], "rada\nkonec\n").0;
    let first = run("11");
    assert_eq!(first, run("11"));
    assert!(first.starts_with("Cvičení KQvK: hrajete jako Bílý; mat v "), "{first}");
    assert!(first.contains("Semínko 11 (--seed 11 dá totéž cvičení znovu)."), "{first}");
    assert!(first.contains("Rada: D") || first.contains("Rada: K"), "{first}");
    assert!(first.contains("Shrnutí: 0 zahraných tahů"), "{first}");
    let _ = std::fs::remove_dir_all(&tb);
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let tb = temp("bad");
    for (args, why) in [
        (&["KXvK"][..], "'KXvK' is no endgame"),
        (&["KQRRvKRRR"][..], "'KQRRvKRRR' is no endgame"),
        (&["KQRRvKRR"][..], "KQRRvKRR: practice covers endgames of 3 to 5 pieces"),
        (&["KQRRvKR"][..], "KQRRvKR: practice covers endgames of 3 to 5 pieces"),
        (&["--fen", "8/8/8/8/8/8/8/8 w - - 0 1"][..], "--fen: "),
        (&["KRvK", "--min-mate", "40"][..], "the longest mate is in 16 moves"),
    ] {
        let (out, err, ok) = practice(&tb, args, "");
        assert!(!ok, "{args:?}: {out}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Options that do not go together.
    let (_, err, ok) = practice(&tb, &["KRvK", "--draw", "--min-mate", "3"], "");
    assert!(!ok && err.contains("--min-mate"), "{err}");
    let _ = std::fs::remove_dir_all(&tb);
}
