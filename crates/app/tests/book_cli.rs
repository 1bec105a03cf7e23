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

/// `vidle book explore`: a book written here, explored after moves given on the command line
/// and from a FEN; a bad FEN or move is named and the command fails.
#[test]
fn book_explore_lists_moves_weights_and_shares() {
    use vidle_book::{Book, Entry, encode_move, polyglot_key};
    use vidle_core::Position;
    use vidle_core::notation::parse_move;
    let dir = std::env::temp_dir().join(format!("vidle-book-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = Position::startpos();
    let after_e4 = start.played(parse_move(&start, "e4").unwrap());
    let entry = |pos: &Position, text: &str, weight| Entry {
        key: polyglot_key(pos),
        raw_move: encode_move(parse_move(pos, text).unwrap()),
        weight,
        learn: 0,
    };
    let book = Book::from_entries(vec![
        entry(&start, "e4", 3),
        entry(&start, "d4", 1),
        entry(&after_e4, "c5", 6),
        entry(&after_e4, "e5", 2),
    ]);
    let file = dir.join("small.bin");
    book.save(&file).unwrap();
    let explore = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
            .args(["book", "explore", "--book"])
            .arg(&file)
            .args(args)
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.success(), text + &String::from_utf8_lossy(&out.stderr))
    };
    let (ok, text) = explore(&[]);
    assert!(ok, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(lines[1].starts_with("move ") && lines[1].contains("share"), "{text}");
    assert_eq!(lines[2].split_whitespace().collect::<Vec<_>>(), ["e4", "3", "75.0%", "2"]);
    assert_eq!(lines[3].split_whitespace().collect::<Vec<_>>(), ["d4", "1", "25.0%", "0"]);
    let (ok, text) = explore(&["e2e4"]);
    assert!(ok && text.contains("\nc5 ") && text.contains("75.0%"), "{text}");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let (ok, from_fen) = explore(&["--fen", fen]);
    assert!(ok && from_fen.lines().skip(1).eq(text.lines().skip(1)), "{from_fen}");
    let (ok, text) = explore(&["e4", "e5", "Nf3"]);
    assert!(ok && text.contains("No book moves in this position."), "{text}");
    let (ok, text) = explore(&["--fen", "nonsense"]);
    assert!(!ok && text.contains("bad FEN"), "{text}");
    let (ok, text) = explore(&["e5"]);
    assert!(!ok && text.contains("move 'e5'"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
