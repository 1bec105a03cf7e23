//! Drives `vidle play --plain` through a pseudo-terminal (util-linux `script`), line mode on a
//! terminal: line editing and the live status line that rewrites itself while the engine thinks.
//! (The full-screen board, what a terminal gets without `--plain`, is tested in `tui_pty.rs`.)

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vidle_core::testdata;

mod data_dir;
use data_dir::{DataDir, OwnData};

/// Generous: the machine may be busy; every wait polls the output until this deadline.
const DEADLINE: Duration = Duration::from_secs(30);

/// What the program has written so far, read on a thread as it comes, and whether the end of
/// it has been read.
struct Output(Arc<Mutex<(Vec<u8>, bool)>>);

impl Output {
    fn read_from(mut from: impl Read + Send + 'static) -> Output {
        let out = Arc::new(Mutex::new((Vec::new(), false)));
        let to = Arc::clone(&out);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 {
                    break;
                }
                to.lock().unwrap().0.extend_from_slice(&buf[..n]);
            }
            to.lock().unwrap().1 = true;
        });
        Output(out)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap().0).into_owned()
    }

    /// Polls the output until `ok` holds for it and the flag of its end; the output then.
    fn wait(&self, what: &str, ok: impl Fn(&str, bool) -> bool) -> String {
        let end = Instant::now() + DEADLINE;
        loop {
            let ended = self.0.lock().unwrap().1;
            let text = self.text();
            if ok(&text, ended) {
                return text;
            }
            assert!(Instant::now() < end, "no {what} within {DEADLINE:?}; the output:\n{text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Polls the output until it contains `what`.
    fn wait_for(&self, what: &str) -> String {
        self.wait(&format!("{what:?}"), |text, _| text.contains(what))
    }

    /// Polls until the whole output has been read (the program closed it); all of it.
    fn wait_end(&self) -> String {
        self.wait("end of the output", |_, ended| ended)
    }
}

#[test]
fn interactive_session_edits_lines_and_shows_live_status() {
    let script = Command::new("script").arg("--version").output().is_ok_and(|o| o.status.success());
    let check = "the pseudo-terminal test of `vidle play --plain`";
    if !testdata::skip_unless(script, check, "`script` (util-linux) is not installed") {
        return;
    }
    // A position out of the opening book, so the engine searches (and shows its status line).
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";
    let cmd = format!("{} play --plain --movetime 600 --fen '{fen}'", env!("CARGO_BIN_EXE_vidle"));
    let data = DataDir::new();
    let mut child = Command::new("script")
        .own_data(&data)
        .args(["-qec", &cmd, "/dev/null"])
        .env("TERM", "xterm-256color")
        .env("COLUMNS", "100")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start script");
    let output = Output::read_from(child.stdout.take().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    // Type "a3", erase it with backspace, type "4": the line editor must deliver "a4".
    stdin.write_all(b"a3\x7f4\r").unwrap();
    stdin.flush().unwrap();
    output.wait_for("You played a4");
    // The engine thinks (its status line live) and answers; only then the next line.
    output.wait_for("Vidle plays");
    stdin.write_all(b"quit\r").unwrap();
    stdin.flush().unwrap();
    // Standard input stays open until the program has read `quit` and ended.
    let end = Instant::now() + DEADLINE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("vidle did not end after quit; the output:\n{}", output.text());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(stdin);
    let text = output.wait_end();
    assert!(status.success(), "{status:?}:\n{text}");
    assert!(text.contains("You played a4"), "{text}");
    assert!(text.contains("\x1b[48;5;"), "coloured squares on a terminal");
    // The status line is redrawn in place: carriage return + erase line, then "depth".
    assert!(text.contains("\r\x1b[2Kdepth"), "live status line expected:\n{text}");
    assert!(text.contains("Vidle plays"), "{text}");
}
