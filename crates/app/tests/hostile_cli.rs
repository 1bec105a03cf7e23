//! Hostile input to the binary itself: bytes that are not UTF-8 on standard input, files that
//! are devices or FIFOs, unwritable save paths, unknown words, and readers that close the
//! pipe early. Each gets a clear message and the program goes on (or ends quietly).

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod data_dir;
use data_dir::{DataDir, OwnData};

fn run(args: &[&str], input: &[u8]) -> Output {
    let data = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    // A program that exits before reading (a bad argument) closes the pipe: not a failure here.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn uci_reads_invalid_utf8_lossily_and_answers_on() {
    let out = run(&["uci"], b"\x80\nposition startpos moves e2e4 \xff\xfe\xc3\nisready\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert_eq!(stdout.matches("info string warning: input is not valid UTF-8").count(), 2);
    assert!(stdout.contains("readyok"), "{stdout}");
}

#[test]
fn uci_refuses_a_book_that_is_a_device_or_fifo() {
    let mut lines = b"setoption name BookFile value /dev/zero\n".to_vec();
    let dir = std::env::temp_dir().join(format!("vidle-hostile-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("book.fifo");
    let have_fifo = Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    let check = "the FIFO case of the BookFile check";
    if vidle_core::testdata::skip_unless(have_fifo, check, "mkfifo could not make a FIFO") {
        lines.extend(format!("setoption name BookFile value {}\n", fifo.display()).bytes());
    }
    lines.extend(b"isready\nquit\n");
    let out = run(&["uci"], &lines);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("not a regular file (a device)"), "{stdout}");
    if have_fifo {
        assert!(stdout.contains("not a regular file (a FIFO)"), "{stdout}");
    }
    assert!(stdout.contains("readyok"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_reports_an_invalid_utf8_line_and_reads_on() {
    let out = run(&["play", "--depth", "1"], b"\xff\xfe\ne4\nfen\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("the line is not valid UTF-8"), "{stdout}");
    // The move after it was played: the FEN shows the pawn on e4.
    assert!(stdout.contains("4P3"), "{stdout}");
}

#[test]
fn play_checks_the_save_path_at_the_start() {
    let out = run(&["play", "--save", "/nonexistent-dir/game.pgn"], b"quit\n");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "--save: Cannot write /nonexistent-dir/game.pgn: its directory does not exist"
        ),
        "{err}"
    );
    // A writable path passes the check, and the game is written there at quit as before.
    let dir = std::env::temp_dir().join(format!("vidle-hostile-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.pgn");
    let out = run(&["play", "--depth", "1", "--save", path.to_str().unwrap()], b"e4\nquit\n");
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. e4"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_refuses_an_unknown_colour_and_a_device_to_load() {
    let out = run(&["play", "--depth", "1"], b"new purple\nload /dev/zero\nfen\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("new: 'purple'? white, black or random"), "{stdout}");
    assert!(
        stdout.contains("Cannot read /dev/zero: it is not a regular file (a device)"),
        "{stdout}"
    );
    assert!(stdout.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), "{stdout}");
    let out = run(&["play", "--load", "/dev/zero"], b"quit\n");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not a regular file"), "{}", text(&out.stderr));
}

/// A reader that goes away early (`| head`) ends the command quietly: no panic message, no
/// abort (SIGABRT), as `cat` or `ls` would.
#[cfg(unix)]
#[test]
fn printing_commands_end_quietly_when_the_reader_goes_away() {
    use std::os::unix::process::ExitStatusExt;
    for args in [
        &["perft", "5", "--divide"][..],
        &["book", "stats"],
        &["book", "probe"],
        &["perft", "3", "--epd", "/dev/zero"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before anything is read.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_ne!(out.status.signal(), Some(6), "{args:?} aborted: {err}");
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
        if args.contains(&"--epd") {
            assert!(err.contains("not a regular file"), "{err}");
        }
    }
}
