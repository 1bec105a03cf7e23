//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data/<rel>` from the repository root, if present.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data").join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("note: {} not found; skipping", p.display());
        None
    }
}

/// A fresh scratch directory under the system temp directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vidle-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
