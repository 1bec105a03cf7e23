//! The conventions of a Rust command-line tool: shell completions, a manual page, and a
//! `--version` that names the commit.

use std::process::Command;

fn vidle(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_vidle")).args(args).output().expect("start vidle");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn completions_cover_every_command_in_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (out, err, ok) = vidle(&["completions", shell]);
        assert!(ok, "{shell}: {err}");
        for command in
            ["play", "uci", "perft", "bench", "book", "tb", "serve", "analyse", "man", "practice"]
        {
            assert!(out.contains(command), "{shell} completion lacks `{command}`");
        }
    }
    let (bash, _, _) = vidle(&["completions", "bash"]);
    assert!(bash.contains("complete -F _vidle"), "bash registers the function");
    // A flag of a subcommand, and the values of an enumerated one.
    assert!(bash.contains("--movetime") && bash.contains("--clock"));
    let (_, err, ok) = vidle(&["completions", "tcsh"]);
    assert!(!ok && err.contains("tcsh"), "an unknown shell is named: {err}");
}

#[test]
fn man_page_is_roff_and_names_the_commands() {
    let (out, err, ok) = vidle(&["man"]);
    assert!(ok, "{err}");
    assert!(out.starts_with(".ie") || out.contains("\n.TH vidle 1"), "roff title: {out:.200}");
    assert!(out.contains(".SH NAME") && out.contains(".SH SUBCOMMANDS"), "{out:.400}");
    assert!(out.contains("vidle\\-play") && out.contains("vidle\\-serve"));

    let dir = std::env::temp_dir().join(format!("vidle-man-{}", std::process::id()));
    let (out, err, ok) = vidle(&["man", "--out", dir.to_str().unwrap()]);
    assert!(ok && out.contains("written"), "{err}");
    for page in ["vidle.1", "vidle-play.1", "vidle-tb.1", "vidle-tb-gen.1", "vidle-completions.1"] {
        let text =
            std::fs::read_to_string(dir.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.contains(".TH"), "{page} is a manual page");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn version_names_the_commit() {
    let (out, err, ok) = vidle(&["--version"]);
    assert!(ok, "{err}");
    assert!(out.starts_with(&format!("vidle {} (", env!("CARGO_PKG_VERSION"))), "{out}");
    // In a git checkout the hash is HEAD's as of the build; outside one it says so.
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match head {
        Some(hash) => {
            assert!(out.contains(&format!("(commit {hash})")), "{out} against HEAD {hash}");
        }
        None => assert!(out.contains("(unknown commit)"), "{out}"),
    }
}
