//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
#[allow(unused_imports)]
pub use vidle_core::testdata::{fixture, shared_data};

/// A fresh scratch directory under the system temp directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vidle-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
