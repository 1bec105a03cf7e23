//! The full-screen board as a player sees it: the real `vidle play` on a pseudo-terminal, its
//! output read through a terminal emulator (vt100), no key pressed until the flag has fallen.
#![cfg(unix)]

use nix::pty::{Winsize, openpty};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const ROWS: u16 = 30;
const COLS: u16 = 100;
/// Generous: the machine may be busy; every wait polls the screen until this deadline.
const DEADLINE: Duration = Duration::from_secs(20);

struct Screen(Arc<Mutex<vt100::Parser>>);

impl Screen {
    fn text(&self) -> String {
        self.0.lock().unwrap().screen().contents()
    }

    fn alternate(&self) -> bool {
        self.0.lock().unwrap().screen().alternate_screen()
    }

    /// Polls the screen until `ok` holds; the screen then, or a failure showing the last one.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + DEADLINE;
        loop {
            let text = self.text();
            if ok(&text) {
                return text;
            }
            assert!(Instant::now() < end, "no {what} within {DEADLINE:?}; the screen:\n{text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The clock on the line of the side named `who` (`Black · you`), as shown.
fn clock_of(screen: &str, who: &str) -> Option<String> {
    let line = screen.lines().find(|l| l.contains(who))?;
    line.split_whitespace()
        .rev()
        .find(|w| w.contains(':') && w.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
}

#[test]
fn one_board_redrawn_in_place_a_ticking_clock_and_a_flag_falling_with_no_key_pressed() {
    let size = Winsize { ws_row: ROWS, ws_col: COLS, ws_xpixel: 0, ws_ypixel: 0 };
    let pty = openpty(Some(&size), None).expect("openpty");
    let slave = || Stdio::from(pty.slave.try_clone().expect("dup the pty"));
    // setsid -c makes the pty the program's controlling terminal, as in a real terminal window.
    let vidle = env!("CARGO_BIN_EXE_vidle");
    let args = ["play", "--clock", "0.05+0", "--color", "black"];
    let mut cmd = if Command::new("setsid").arg("--version").output().is_ok() {
        let mut c = Command::new("setsid");
        c.args(["-w", "-c", vidle]);
        c
    } else {
        Command::new(vidle)
    };
    let mut child = cmd
        .args(args)
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .stdin(slave())
        .stdout(slave())
        .stderr(slave())
        .spawn()
        .expect("start vidle play");
    // The program's ends of the pty only: the reader sees the end once the program exits.
    drop(cmd);
    drop(pty.slave);
    let (rows, cols) = (ROWS.try_into().unwrap(), COLS.try_into().unwrap());
    let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 1000)));
    let screen = Screen(parser.clone());
    let mut master = std::fs::File::from(pty.master);
    let mut writer = master.try_clone().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // Ends with an error (EIO) once the program has exited and the pty is closed.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            parser.lock().unwrap().process(&buf[..n]);
        }
    });

    // The engine has White and moves first; then the player's (Black's) 3 seconds run.
    let first = screen.wait_for("running clock for Black", |s| {
        clock_of(s, "Black · you").is_some_and(|c| c != "0:03.0") || s.contains("lost on time")
    });
    assert!(screen.alternate(), "the full screen is used:\n{first}");
    let before = clock_of(&first, "Black · you").unwrap();
    std::thread::sleep(Duration::from_secs(1));
    let later = screen.text();
    let after = clock_of(&later, "Black · you").unwrap();
    assert_ne!(before, after, "the clock ticks with no input:\n{first}\n---\n{later}");

    let end = screen.wait_for("flag", |s| s.contains("Black lost on time"));
    assert!(end.contains("0:00.0"), "{end}");
    // One board, redrawn in place: one row of file letters, one rank 8, on the row where the
    // first screen had it.
    let files = end.lines().filter(|l| l.contains("h  g  f  e  d  c  b  a")).count();
    assert_eq!(files, 1, "one board (seen from Black's side):\n{end}");
    let rank_rows = |s: &str| -> Vec<usize> {
        s.lines().enumerate().filter(|(_, l)| l.starts_with("│8 ")).map(|(i, _)| i).collect()
    };
    assert_eq!(rank_rows(&end).len(), 1, "{end}");
    assert_eq!(rank_rows(&end), rank_rows(&first), "the board stays where it was drawn");

    // Now a key: quit, and the terminal is given back (the main screen again).
    writer.write_all(b"quit\r").unwrap();
    let end = Instant::now() + DEADLINE;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("vidle did not quit; the screen:\n{}", screen.text());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    drop(writer);
    let _ = reader.join();
    assert!(!screen.alternate(), "the terminal is restored on exit");
}
