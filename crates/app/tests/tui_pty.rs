//! The full-screen board as a player sees it: the real `vidle play` on a pseudo-terminal, its
//! output read through a terminal emulator (vt100), no key pressed until the flag has fallen.
#![cfg(unix)]

use nix::pty::{Winsize, openpty};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vidle_core::testdata;

mod data_dir;
use data_dir::{DataDir, OwnData};

const ROWS: u16 = 30;
const COLS: u16 = 100;
/// Generous: the machine may be busy; every wait polls the screen until this deadline.
const DEADLINE: Duration = Duration::from_secs(30);

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

/// A shown clock (`0:02.7`, `4:59`) in tenths of a second.
fn tenths(clock: &str) -> Option<u64> {
    let (m, s) = clock.split_once(':')?;
    let (s, t) = s.split_once('.').unwrap_or((s, "0"));
    Some((m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?) * 10 + t.parse::<u64>().ok()?)
}

/// `vidle play ARGS` on a pseudo-terminal of ROWS × COLS, its screen read through vt100.
struct Play {
    child: std::process::Child,
    screen: Screen,
    writer: std::fs::File,
    /// The terminal's own end, kept to read its modes after the program has gone.
    tty: std::os::fd::OwnedFd,
    /// One program on a pty at a time: a pty's descriptors may be inherited by a program
    /// another test starts, which would keep that pty open.
    _serial: std::sync::MutexGuard<'static, ()>,
    /// The program's data directory (removed after it has gone: fields drop after `drop`).
    _data: DataDir,
}

static SERIAL: Mutex<()> = Mutex::new(());

impl Drop for Play {
    /// A failed test leaves no program running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn play(args: &[&str], env: &[(&str, &str)]) -> Play {
    let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let size = Winsize { ws_row: ROWS, ws_col: COLS, ws_xpixel: 0, ws_ypixel: 0 };
    let pty = openpty(Some(&size), None).expect("openpty");
    let slave = || Stdio::from(pty.slave.try_clone().expect("dup the pty"));
    // setsid -c makes the pty the program's controlling terminal, as in a real terminal window.
    let vidle = env!("CARGO_BIN_EXE_vidle");
    let setsid = Command::new("setsid").arg("--version").output().is_ok_and(|o| o.status.success());
    let check = "the full-screen board as the controlling terminal's program";
    let mut cmd = if testdata::skip_unless(setsid, check, "setsid (util-linux) is not installed") {
        let mut c = Command::new("setsid");
        c.args(["-w", "-c", vidle]);
        c
    } else {
        Command::new(vidle)
    };
    let data = DataDir::new();
    cmd.own_data(&data);
    cmd.args(["play"]).args(args).env("TERM", "xterm-256color").env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child =
        cmd.stdin(slave()).stdout(slave()).stderr(slave()).spawn().expect("start vidle play");
    // The program's ends of the pty only (and one kept for its modes): the reader sees the end
    // once the program exits.
    drop(cmd);
    let tty = pty.slave;
    let (rows, cols) = (ROWS.try_into().unwrap(), COLS.try_into().unwrap());
    let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 1000)));
    let screen = Screen(parser.clone());
    let mut master = std::fs::File::from(pty.master);
    let writer = master.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // Ends with an error (EIO) once the program has exited and the pty is closed.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            parser.lock().unwrap().process(&buf[..n]);
        }
    });
    Play { child, screen, writer, tty, _serial: serial, _data: data }
}

impl Play {
    fn write(&mut self, keys: &[u8]) {
        self.writer.write_all(keys).unwrap();
    }

    /// Waits for the program to exit; its status.
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let end = Instant::now() + DEADLINE;
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s;
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("vidle did not end; the screen:\n{}", self.screen.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `quit`, checks a clean exit and the main screen back.
    fn quit(&mut self) {
        self.write(b"quit\r");
        let status = self.wait_exit();
        assert!(status.success(), "{status:?}");
        let end = Instant::now() + DEADLINE;
        while self.screen.alternate() {
            let text = self.screen.text();
            assert!(Instant::now() < end, "the terminal is not restored on exit:\n{text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn one_board_redrawn_in_place_a_ticking_clock_and_a_flag_falling_with_no_key_pressed() {
    let mut p = play(&["--clock", "0.05+0", "--color", "black"], &[]);
    let screen = Screen(p.screen.0.clone());
    // The engine has White and moves first; then the player's (Black's) 3 seconds run.
    let first = screen.wait_for("running clock for Black", |s| {
        clock_of(s, "Black · you").is_some_and(|c| c != "0:03.0") || s.contains("lost on time")
    });
    assert!(screen.alternate(), "the full screen is used:\n{first}");
    // The clock ticks with no input: it shows less, and then less again (unless the flag has
    // fallen by then).
    let mut shown = clock_of(&first, "Black · you").unwrap();
    for i in 0..2 {
        if i > 0 && shown == "0:00.0" {
            break;
        }
        let later = screen.wait_for("the clock ticking down", |s| {
            clock_of(s, "Black · you").is_some_and(|c| c != shown)
        });
        let after = clock_of(&later, "Black · you").unwrap();
        assert!(
            tenths(&after).unwrap() < tenths(&shown).unwrap(),
            "the clock counts down: {shown} then {after}\n{first}\n---\n{later}"
        );
        shown = after;
    }

    let end = screen.wait_for("flag", |s| s.contains("Black lost on time"));
    assert!(end.contains("0:00.0"), "{end}");
    // One board, redrawn in place: one row of file letters, one rank 8, on the row where the
    // first screen had it.
    // (The squares are as wide as the window allows: the letters are spaced to match.)
    let spaced = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let files = end.lines().filter(|l| spaced(l).contains("h g f e d c b a")).count();
    assert_eq!(files, 1, "one board (seen from Black's side):\n{end}");
    let rank_rows = |s: &str| -> Vec<usize> {
        s.lines().enumerate().filter(|(_, l)| l.starts_with("│8 ")).map(|(i, _)| i).collect()
    };
    assert_eq!(rank_rows(&end).len(), 1, "{end}");
    assert_eq!(rank_rows(&end), rank_rows(&first), "the board stays where it was drawn");

    // Now a key: quit, and the terminal is given back (the main screen again).
    p.quit();
}

/// 30 plies, White to move: an analysis of 31 positions takes about nine seconds.
const LONG: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                    8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 \
                    14. Bg5 b4 15. Nb1 h6 *";

#[test]
fn the_screen_answers_keys_while_the_analysis_runs_and_esc_stops_it() {
    let dir = std::env::temp_dir().join(format!("vidle-tui-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.pgn");
    std::fs::write(&file, LONG).unwrap();
    let mut p = play(&["--load", file.to_str().unwrap(), "--color", "white"], &[]);
    p.screen.wait_for("the loaded game", |s| s.contains("15. Nb1"));
    p.write(b"analyse\r");
    p.screen.wait_for("the progress bar", |s| s.contains("/31"));
    // A command is answered while the analysis runs (the FEN of the position on the board).
    p.write(b"fen\r");
    let both = p.screen.wait_for("the FEN", |s| s.contains("RN1QR1K1"));
    let bar = both.lines().find(|l| l.contains("/31")).map(str::to_string);
    let done = bar.as_deref().and_then(|l| l.split_whitespace().find(|w| w.contains("/31")));
    assert!(
        done.is_some_and(|d| !d.starts_with("31/31")),
        "the analysis still runs while the FEN is shown:\n{both}"
    );
    p.write(b"\x1b");
    let stopped = p.screen.wait_for("the stop", |s| s.contains("The analysis was stopped."));
    assert!(!stopped.contains("/31"), "no progress bar after the stop:\n{stopped}");
    assert!(!stopped.contains(" Analysis "), "no analysis panel:\n{stopped}");
    p.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_inside_the_full_screen_board_gives_the_terminal_back() {
    use nix::sys::termios::{LocalFlags, tcgetattr};
    let mut p = play(&["--color", "white"], &[("VIDLE_TEST_PANIC", "1")]);
    let status = p.wait_exit();
    assert!(!status.success(), "{status:?}");
    // Everything written has been read once the message is seen (it is written last).
    let text = p.screen.wait_for("the panic's message", |s| s.contains("VIDLE_TEST_PANIC"));
    assert!(!p.screen.alternate(), "the main screen is back:\n{text}");
    let modes = tcgetattr(&p.tty).expect("the terminal's modes");
    assert!(
        modes.local_flags.contains(LocalFlags::ICANON | LocalFlags::ECHO),
        "raw mode is off: {:?}",
        modes.local_flags
    );
    let parser = p.screen.0.lock().unwrap();
    assert!(!parser.screen().hide_cursor(), "the cursor is shown");
    assert!(
        parser.screen().mouse_protocol_mode() == vt100::MouseProtocolMode::None,
        "no mouse reporting"
    );
}
