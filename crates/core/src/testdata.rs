//! Test support for every crate of the workspace (not used by the program): where the test data
//! lives, skipping a check politely when optional data or a program is missing, and a seeded
//! PRNG with input mutations for the fuzz-style tests.
//!
//! Two kinds of data:
//! - **fixtures**, small files in the repository (`tests/data/`, see its SOURCES.md): always
//!   there, so [`fixture`] panics when one is missing (a broken checkout);
//! - **shared data**, the large third-party files in `../shared/data` beside the checkout (or
//!   `$VIDLE_SHARED_DATA`): the Syzygy and Gaviota tables and the full suites. A check that needs
//!   them calls [`shared_data`], which prints `skipped: CHECK because PATH was not found` and
//!   returns `None` when they are missing, so `cargo test --workspace` passes on a fresh clone.
//!
//! With `VIDLE_REQUIRE_SHARED_DATA=1` (CI sets it) a missing data set or program is an error,
//! never a skip, so CI runs every check.

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate's manifest).
pub fn workspace_root() -> PathBuf {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    core.parent().and_then(Path::parent).unwrap_or(core).to_path_buf()
}

/// A fixture in the repository's `tests/data/`; panics if it is missing.
pub fn fixture(rel: &str) -> PathBuf {
    let p = workspace_root().join("tests/data").join(rel);
    assert!(p.exists(), "test fixture {} is missing from the checkout", p.display());
    p
}

/// A fixture's bytes as text (UTF-8, or Latin-1 byte by byte where it is not valid UTF-8).
pub fn read_fixture(rel: &str) -> String {
    read_text(&fixture(rel))
}

/// A file's bytes as text (UTF-8, or Latin-1 byte by byte where it is not valid UTF-8).
pub fn read_text(path: &Path) -> String {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

/// The shared third-party data directory: `$VIDLE_SHARED_DATA`, else `../shared/data` beside
/// the workspace root.
pub fn shared_data_dir() -> PathBuf {
    match std::env::var_os("VIDLE_SHARED_DATA") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => {
            let root = workspace_root();
            root.parent().unwrap_or(&root).join("shared/data")
        }
    }
}

/// Whether a missing data set or program must fail the test (`VIDLE_REQUIRE_SHARED_DATA` set
/// to anything but empty or `0`).
pub fn required() -> bool {
    std::env::var("VIDLE_REQUIRE_SHARED_DATA").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// `rel` under [`shared_data_dir`] if it exists. Otherwise prints `skipped: CHECK because PATH
/// was not found` and returns `None`, or panics when [`required`].
pub fn shared_data(rel: &str, check: &str) -> Option<PathBuf> {
    let p = shared_data_dir().join(rel);
    if p.exists() {
        return Some(p);
    }
    skip_unless(false, check, &format!("{} was not found", p.display()));
    None
}

/// Returns `available`; when it is false, prints `skipped: CHECK because REASON` (with a hint
/// at `VIDLE_SHARED_DATA`), or panics when [`required`].
pub fn skip_unless(available: bool, check: &str, reason: &str) -> bool {
    if !available {
        let msg = format!("{check} because {reason}");
        assert!(!required(), "VIDLE_REQUIRE_SHARED_DATA is set, but cannot run {msg}");
        // Straight to the process's stderr, past the test harness's capture, so that a passing
        // test still shows what it did not check.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: {msg} (shared data: ../shared/data beside the checkout, or set \
             VIDLE_SHARED_DATA to its path)"
        );
    }
    available
}

/// Whether `python3` can import `module` (python-chess for the Gaviota comparisons).
pub fn python_module_available(module: &str) -> bool {
    std::process::Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// How many inputs each fuzz-style test feeds its reader: `$VIDLE_FUZZ_INPUTS`, else 100,000.
pub fn fuzz_inputs() -> usize {
    std::env::var("VIDLE_FUZZ_INPUTS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000)
}

/// The tests' generator: the core's SplitMix64, so every randomized test is reproducible from
/// its seed.
pub use crate::rng::SplitMix64 as Rng;

/// Mutates `data` in place, as a fuzzer does: 1 to `max_edits` of bit flips, byte changes to
/// "interesting" values or to a byte of `alphabet`, insertions, deletions, truncation,
/// duplicated runs, and splices of a piece of `other` (another valid input).
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8], alphabet: &[u8], max_edits: usize) {
    const INTERESTING: [u8; 8] = [0, 1, 0x7f, 0x80, 0xff, b'\n', b' ', b'"'];
    for _ in 0..1 + rng.below(max_edits.max(1)) {
        let len = data.len();
        let at = rng.below(len + 1);
        let pick = |rng: &mut Rng| -> u8 {
            match rng.below(3) {
                0 if !alphabet.is_empty() => alphabet[rng.below(alphabet.len())],
                1 => INTERESTING[rng.below(INTERESTING.len())],
                _ => rng.next_u64() as u8,
            }
        };
        match rng.below(8) {
            0 | 1 if at < len => data[at] ^= 1 << rng.below(8),
            2 if at < len => data[at] = pick(rng),
            3 => {
                let b = pick(rng);
                data.insert(at, b);
            }
            4 if at < len => {
                let n = 1 + rng.below((len - at).min(16));
                data.drain(at..at + n);
            }
            5 => data.truncate(at),
            6 if at < len => {
                let n = 1 + rng.below((len - at).min(32));
                let run: Vec<u8> = data[at..at + n].to_vec();
                let to = rng.below(data.len() + 1);
                data.splice(to..to, run);
            }
            7 if !other.is_empty() => {
                // Splice: our head up to `at`, then a piece of the other input.
                let from = rng.below(other.len());
                let n = rng.below(other.len() - from + 1);
                data.truncate(at);
                data.extend_from_slice(&other[from..from + n]);
            }
            _ => {
                let b = pick(rng);
                data.push(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixtures_are_in_the_checkout() {
        assert!(read_fixture("perft/standard.epd").lines().count() > 100);
        assert!(fixture("SOURCES.md").exists());
    }

    #[test]
    fn mutations_stay_reproducible_and_change_the_input() {
        let seed = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let run = |s| {
            let mut rng = Rng(s);
            (0..100)
                .map(|_| {
                    let mut d = seed.to_vec();
                    mutate(&mut rng, &mut d, b"8/8/8 b - -", b"pk/", 4);
                    d
                })
                .collect::<Vec<_>>()
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert!(a.iter().filter(|d| d[..] != seed[..]).count() > 90);
    }
}
