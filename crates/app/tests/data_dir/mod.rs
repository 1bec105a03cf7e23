//! A data directory of the test's own for the `vidle` it starts (`XDG_DATA_HOME`, and no
//! `VIDLE_TB_DIR`), removed when dropped: no test reads the user's tables or writes tables made on
//! demand into them, and none leaves a directory behind.
#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct DataDir(PathBuf);

impl DataDir {
    /// A new, empty directory in the temporary directory, one per call.
    pub fn new() -> DataDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("vidle-test-data-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("make the test's data directory");
        DataDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Points a command at a [`DataDir`].
pub trait OwnData {
    fn own_data(&mut self, dir: &DataDir) -> &mut Self;
}

impl OwnData for Command {
    fn own_data(&mut self, dir: &DataDir) -> &mut Self {
        self.env("XDG_DATA_HOME", dir.path()).env_remove("VIDLE_TB_DIR")
    }
}

/// `vidle ARGS --lang LANG` with `data` as its data directory and `input` on its standard input,
/// on the data directory's store, or on `store` when given.
pub fn run_vidle(
    data: &DataDir,
    store: Option<&Path>,
    args: &[&str],
    lang: &str,
    input: &str,
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vidle"));
    command.own_data(data);
    match store {
        Some(file) => command.env("VIDLE_STORE", file),
        None => command.env_remove("VIDLE_STORE"),
    };
    let mut child = command
        .args(args)
        .args(["--lang", lang])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    // A run that fails before reading its input closes the pipe: not the test's concern.
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("vidle runs")
}

/// What a run printed, standard output then standard error.
pub fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}
