//! Names the commit the binary is built from, for `vidle --version`: `VIDLE_COMMIT` is the short
//! hash of `git rev-parse HEAD`, or "unknown commit" outside a git checkout (a source tarball,
//! `cargo install` from a registry). Cargo runs this again when HEAD or the branch it names moves.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]);
    println!(
        "cargo:rustc-env=VIDLE_COMMIT={}",
        commit.as_deref().map_or("unknown commit".to_string(), |c| format!("commit {c}"))
    );
    // Rebuild when the checked-out commit changes: HEAD itself, the branch file it points to,
    // and packed-refs (where git keeps branch heads after `git gc`).
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(p) = git(&["rev-parse", "--git-path", &branch])
    {
        println!("cargo:rerun-if-changed={p}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
