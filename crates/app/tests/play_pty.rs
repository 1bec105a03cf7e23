//! Drives `vidle play --plain` through a pseudo-terminal (util-linux `script`), line mode on a
//! terminal: line editing and the live status line that rewrites itself while the engine thinks.
//! (The full-screen board, what a terminal gets without `--plain`, is tested in `tui_pty.rs`.)

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

mod data_dir;
use data_dir::{DataDir, OwnData};

#[test]
fn interactive_session_edits_lines_and_shows_live_status() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("`script` (util-linux) not installed; skipping the pseudo-terminal test");
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
    let mut stdin = child.stdin.take().unwrap();
    // Type "a3", erase it with backspace, type "4": the line editor must deliver "a4".
    stdin.write_all(b"a3\x7f4\r").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    stdin.write_all(b"quit\r").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("You played a4"), "{text}");
    assert!(text.contains("\x1b[48;5;"), "coloured squares on a terminal");
    // The status line is redrawn in place: carriage return + erase line, then "depth".
    assert!(text.contains("\r\x1b[2Kdepth"), "live status line expected:\n{text}");
    assert!(text.contains("Vidle plays"), "{text}");
}
