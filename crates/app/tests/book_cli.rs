//! `vidle book build` from the command line: a PGN game whose variation or comment is never
//! closed is skipped with its reason, and the games after it are still read.

use std::process::Command;

#[test]
fn book_build_skips_a_game_with_an_unclosed_variation() {
    let dir = std::env::temp_dir().join(format!("vidle-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("broken.pgn");
    // The file: `1. e4 ( e5 2. Nf3 *` and two games after it.
    let text = "[Event \"1\"]\n[Result \"*\"]\n\n1. e4 ( e5 2. Nf3 *\n\n\
                [Event \"2\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n\
                [Event \"3\"]\n[Result \"1/2-1/2\"]\n\n1. c4 e5 1/2-1/2\n";
    std::fs::write(&pgn, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["book", "build", "--quiet", "--min-games", "1", "-o"])
        .arg(dir.join("book.bin"))
        .arg(&pgn)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("games read 3, used 2, skipped 1 "), "{text}");
    assert!(text.contains("skipped 1: unclosed comment or variation"), "{text}");
    assert!(
        text.contains("game 1 (line 1): unclosed comment or variation: variation '(' at line 4 not closed before the next game (line 6)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
