//! Drives `vidle play` through pipes, as a script would: moves, bad input, undo, promotion,
//! checkmate, and a PGN saved and read back.

use std::io::Write;
use std::process::{Command, Stdio};

mod data_dir;
use data_dir::{DataDir, OwnData};

fn play(args: &[&str], script: &str) -> String {
    play_in("C.UTF-8", args, script)
}

/// `vidle play` with the locale `LANG=lang` (and no other locale variable).
fn play_in(lang: &str, args: &[&str], script: &str) -> String {
    let data = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .arg("play")
        .args(["--depth", "2"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "exit {:?}\n{text}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!text.contains('\x1b'), "no escape sequences when piped:\n{text}");
    text
}

fn fen_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.split_whitespace().count() == 6 && l.contains('/')).collect()
}

#[test]
fn bad_input_leaves_the_game_unchanged() {
    let out = play(&[], "fen\ne5\nNd2\nxyz\nKe2\nfen\nquit\n");
    assert!(out.contains("e5 is illegal"), "{out}");
    assert!(out.contains("'xyz' is not a move"), "{out}");
    assert!(out.contains("Ke2 is illegal"), "{out}");
    let fens = fen_lines(&out);
    assert_eq!(fens.len(), 2, "{out}");
    assert_eq!(fens[0], fens[1]);
}

#[test]
fn ambiguous_move_lists_candidates() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let out = play(&["--fen", fen], "Nd2\nquit\n");
    assert!(out.contains("Nd2 is ambiguous: Nbd2 or Nfd2"), "{out}");
}

#[test]
fn undo_takes_back_a_full_move_and_redo_replays_it() {
    let out = play(&[], "fen\ne4\nundo\nfen\nredo\nflip\nmoves\nquit\n");
    let fens = fen_lines(&out);
    assert_eq!(fens[0], fens[1], "{out}");
    assert!(out.contains("Vidle plays"), "{out}");
    // Each says what it did (they used to print nothing).
    assert!(out.contains("Taken back: your move again (White to move, move 1)."), "{out}");
    assert!(out.contains("Played again: move 2, White to move."), "{out}");
    assert!(out.contains("The board is turned: Black at the bottom."), "{out}");
}

#[test]
fn promotion_and_checkmate_end_the_game_and_pgn_round_trips() {
    let dir = std::env::temp_dir().join(format!("vidle-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    // White promotes with mate: the queen on e8 and the rook on d7 leave the king no square.
    let fen = "7k/3R1P2/8/8/8/8/8/4K3 w - - 0 1";
    let out = play(&["--fen", fen, "--save", pgn.to_str().unwrap()], "f8Q\nmoves\nquit\n");
    assert!(out.contains("You played f8=Q#"), "{out}");
    assert!(out.contains("Game over: checkmate, White wins (1-0)"), "{out}");
    // The final position is drawn: the new queen on f8 beside the mated king.
    let after = &out[out.find("You played f8=Q#").expect("the move")..];
    assert!(after.contains(" 8  .  .  .  .  . [Q] . (k)"), "{out}");
    let saved = std::fs::read_to_string(&pgn).unwrap();
    assert!(saved.contains("[Result \"1-0\"]") && saved.contains("[FEN \"7k/3R1P2"), "{saved}");
    assert!(saved.contains("f8=Q# 1-0"), "{saved}");
    // Read back by the PGN parser of `--load`.
    let again = play(&["--load", pgn.to_str().unwrap()], "fen\nquit\n");
    assert!(again.contains("5Q1k/3R4/8/8/8/8/8/4K3 b - - 0 1"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn czech_letters_and_language() {
    let out = play(&["--lang", "cs"], "Jf3\nquit\n");
    assert!(out.contains("Váš tah: Jf3"), "{out}");
}

/// With `--lang cs` everything is Czech: command words (with and without diacritics), the
/// explanation of an impossible move (no English in parentheses), the end of the game.
#[test]
fn czech_command_words_and_explanations() {
    let script = "fen\nnápověda\ntahy\nJf3\nzpět\nfen\nvpred\nKe3\nxyz\nčas\nvzdát\ne4\nkonec\n";
    let out = play(&["--lang", "cs"], script);
    assert!(out.contains("Vidle — hrajete za bílé"), "{out}");
    assert!(out.contains("tahy, moves"), "help lists both words:\n{out}");
    assert!(out.contains("zpět, undo"), "{out}");
    assert!(out.contains("Váš tah: Jf3"), "{out}");
    assert!(out.contains("Vidle hraje"), "{out}");
    let fens = fen_lines(&out);
    assert_eq!(fens.len(), 2, "{out}");
    assert_eq!(fens[0], fens[1], "zpět takes the move back:\n{out}");
    assert!(out.contains("Ke3 není možný tah: král nemůže táhnout na e3."), "{out}");
    assert!(out.contains("'xyz' není tah ani příkaz"), "{out}");
    assert!(out.contains("Bez hodin; počítač počítá do pevné hloubky"), "{out}");
    assert!(out.contains("Konec partie: Bílý se vzdává (0-1)"), "{out}");
    assert!(out.contains("Partie skončila"), "{out}");
    for english in ["illegal", "no king", "is not a move", "You played", "Vidle plays", "Game over"]
    {
        assert!(!out.contains(english), "English '{english}' in Czech play:\n{out}");
    }
}

/// The locale chooses the language when `--lang` is not given; `--lang` wins over it.
#[test]
fn the_locale_picks_czech_and_lang_overrides_it() {
    let out = play_in("cs_CZ.UTF-8", &[], "Jf3\nkonec\n");
    assert!(out.contains("Váš tah: Jf3"), "{out}");
    let out = play_in("cs_CZ.UTF-8", &["--lang", "en"], "Nf3\nquit\n");
    assert!(out.contains("You played Nf3"), "{out}");
    let out = play_in("en_US.UTF-8", &[], "Nf3\nquit\n");
    assert!(out.contains("You played Nf3"), "{out}");
}

#[test]
fn resign_and_draw_commands() {
    let out = play(&[], "resign\ne4\nquit\n");
    assert!(out.contains("White resigns (0-1)"), "{out}");
    assert!(out.contains("The game is over"), "{out}");
}

/// A game whose variation is never closed is skipped with its reason, by `--load` and by the
/// `load` command, and the next game is loaded (it used to swallow the rest of the file).
#[test]
fn load_skips_a_game_with_an_unclosed_variation() {
    let dir = std::env::temp_dir().join(format!("vidle-play-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("broken.pgn");
    let text = "[Event \"1\"]\n\n1. e4 ( e5 2. Nf3 *\n\n[Event \"2\"]\n\n1. d4 d5 2. c4 *\n\n\
                [Event \"3\"]\n\n1. Nf3 *\n";
    std::fs::write(&pgn, text).unwrap();
    let path = pgn.to_str().unwrap();
    let out = play(&[], &format!("load {path}\nfen\nquit\n"));
    assert!(out.contains("skipped game 1 (line 1): variation '(' at line 3 not closed"), "{out}");
    // 1. d4 d5 2. c4 (then the engine answers for Black, from its book: any reply).
    assert!(out.contains("Loaded ") && out.contains("/PP2PPPP/RNBQKBNR w KQkq"), "{out}");
    let data = DataDir::new();
    let child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .args(["play", "--depth", "2", "--load", path])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle");
    child.stdin.as_ref().unwrap().write_all(b"fen\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let (text, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(err.contains("skipped game 1 (line 1): variation '(' at line 3"), "{err}");
    assert!(text.contains("/PP2PPPP/RNBQKBNR w KQkq"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyse_judges_the_loaded_game_and_saves_it_annotated() {
    let dir = std::env::temp_dir().join(format!("vidle-analyse-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("qh5.pgn");
    let out_pgn = dir.join("annotated.pgn");
    std::fs::write(&game, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    let script = format!(
        "analyse\nload {}\nanalyse\nanalyse save {}\nanalyse now\nquit\n",
        game.display(),
        out_pgn.display()
    );
    let out = play(&[], &script);
    assert!(out.contains("No moves to analyse yet."), "{out}");
    assert!(out.contains("3... Nf6??"), "the blunder with its glyph:\n{out}");
    let black = out.lines().find(|l| l.starts_with("Black (")).unwrap_or_default();
    assert!(black.contains(", 1 blunder, accuracy "), "Black's totals:\n{out}");
    assert!(out.contains("usage: analyse [save FILE | stop]"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("White ")
            && l.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c))),
        "the braille graph:\n{out}"
    );
    let saved = std::fs::read_to_string(&out_pgn).unwrap();
    assert!(saved.contains("Nf6 $4") && saved.contains("[%eval"), "{saved}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A whole short game in `--plain --lang cs`: moves, a check, an impossible move, a level and two
/// file errors, undo, mate and the analysis, every message in Czech (the summary with Czech
/// plurals) and no message line in English.
#[test]
fn a_whole_game_in_czech_has_no_english_message() {
    let dir = std::env::temp_dir().join(format!("vidle-play-cs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-game.pgn");
    let unwritable = dir.join("no-such-dir").join("game.pgn");
    let not_pgn = dir.join("not-a-game.pgn");
    std::fs::write(&not_pgn, "this is no game\n").unwrap();
    // White mates with f8=Q (the rook on d7 takes the seventh rank); first a check and an undo.
    let fen = "7k/3R1P2/8/8/8/8/8/4K3 w - - 0 1";
    let script = format!(
        "Kd3\núroveň velmistr\núroveň 5000\núroveň klubový\nnahraj {}\nnahraj {}\nulož {}\n\
         Vd8\nzpět\nzpět\nf8D\nrozbor\nkonec\n",
        missing.display(),
        not_pgn.display(),
        unwritable.display()
    );
    let out = play(&["--plain", "--lang", "cs", "--fen", fen], &script);
    let want = [
        "Vidle — hrajete za bílé",
        "Kd3 není možný tah: král nemůže táhnout na d3.",
        "neznámá úroveň 'velmistr': zadejte Elo (600–2800) nebo jednu z úrovní začátečník, nováček",
        "Elo 5000 je mimo rozsah 600–2800",
        "Úroveň: Klubový hráč (1700)",
        "nelze přečíst: takový soubor neexistuje",
        "není čitelná partie: ",
        "nelze zapsat: jeho složka neexistuje",
        "Váš tah: Vd8+",
        "Šach!",
        "Vidle hraje K",
        "Není co vracet.",
        "Váš tah: f8=D#",
        "Konec partie: mat, vyhrává Bílý (1-0)",
        "Bílý (vy): 0 nepřesností, 0 chyb, 0 hrubých chyb, přesnost",
        "Černý (Vidle (klubový)): ",
    ];
    for w in want {
        assert!(out.contains(w), "'{w}' missing:\n{out}");
    }
    // Every line but the board's squares and the echoed input is a message: none is English.
    let english = [
        "You ",
        "Vidle plays",
        "illegal",
        "Game over",
        "Cannot",
        "unknown",
        "Level",
        "Saved",
        "Loaded",
        "Tablebase",
        "inaccurac",
        "mistake",
        "blunder",
        "accuracy",
        "no such",
        "is not",
        "White",
        "Black",
        "Check",
        "Nothing",
        "usage",
        "error",
        "best",
        "mate",
    ];
    let board = |l: &str| {
        let t = l.trim_start();
        t.starts_with("a  b") || t.chars().next().is_some_and(|c| ('1'..='8').contains(&c))
    };
    for line in out.lines().filter(|l| !board(l) && !l.contains("> ")) {
        // The PGN reader's own detail after the Czech lead stays English (by decision).
        let line = line.split("není čitelná partie:").next().unwrap_or_default();
        for e in english {
            assert!(!line.contains(e), "English '{e}' in Czech play: '{line}'\n{out}");
        }
    }
    // Ranks 1-8 carry the panel beside the board (the side to move, check): Czech too.
    for line in out.lines().filter(|l| board(l)) {
        for e in ["to move", "Check", "White", "Black"] {
            assert!(!line.contains(e), "English '{e}' beside the board: '{line}'\n{out}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The plain board names who took what ("White took: r"), only for a side that took
/// something, and a game from a FEN with pieces missing shows nothing taken (there used to be
/// two unlabelled "Captured:" lines counting every piece missing from a full army).
#[test]
fn the_plain_board_names_who_took_what() {
    let out = play(&["--fen", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"], "Rxa8+\nquit\n");
    assert!(!out.contains("Captured:"), "{out}");
    let before_move = out.split("You played").next().unwrap_or("");
    assert!(!before_move.contains("took:"), "nothing taken yet:\n{before_move}");
    assert!(out.contains("White took: r"), "{out}");
}

/// `--save` to a device is refused before the game starts (`/dev/full` used to take the game
/// and fail only at quit), and a save that fails at quit ends with a failing exit status.
#[cfg(unix)]
#[test]
fn a_save_that_cannot_be_made_is_an_error_not_a_silent_loss() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["play", "--save", "/dev/full"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("not a regular file"), "{err}");

    let dir = std::env::temp_dir().join(format!("vidle-save-gone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["play", "--save"])
        .arg(dir.join("game.pgn"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the game is on (the board is printed), the directory goes away.
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 && !line.contains("Type 'help'") {
        line.clear();
    }
    std::fs::remove_dir_all(&dir).unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut stdout, &mut rest);
    let status = child.wait().unwrap();
    assert!(!status.success(), "the lost game is an error: {rest}");
}

/// In line mode the flag falls while the player is thinking, not at their next line: with 1.2 s
/// on the clock, after 1. e4 and the engine's answer, no more input: "White lost on time" is
/// printed on its own; the move typed after it is refused after (not before) the announcement.
#[test]
fn the_flag_falls_without_waiting_for_input() {
    use std::io::BufRead;
    use std::time::{Duration, Instant};
    let data = DataDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .env("LANG", "C.UTF-8")
        .args(["play", "--plain", "--clock", "0.02+0", "--color", "white"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start vidle");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e4\n").unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while !seen.iter().any(|l: &String| l.contains("White lost on time")) {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no flag without input in 30 s:\n{}", seen.join("\n")),
        }
    }
    stdin.write_all(b"d4\nquit\n").unwrap();
    drop(stdin);
    let status = child.wait().expect("vidle exits");
    seen.extend(rx.iter());
    let all = seen.join("\n");
    assert!(status.success(), "{all}");
    let flag = all.find("White lost on time").unwrap();
    let refused = all.find("The game is over").expect("the move after the flag is refused");
    assert!(flag < refused, "{all}");
    assert_eq!(all.matches("White lost on time").count(), 1, "{all}");
}

#[test]
fn book_lists_the_opening_books_moves_in_both_languages() {
    let out = play(&[], "book\nquit\n");
    let head = out.lines().position(|l| l.starts_with("move ") && l.contains("share"));
    let head = head.unwrap_or_else(|| panic!("no explorer table:\n{out}"));
    let rows: Vec<&str> = out.lines().skip(head + 1).take_while(|l| l.contains('%')).collect();
    assert!(rows.len() >= 5 && rows.iter().any(|r| r.starts_with("e4 ")), "{out}");
    let out = play_in("cs_CZ.UTF-8", &[], "knihovna\nJf3\nquit\n");
    assert!(out.contains("tah") && out.contains("podíl") && out.contains("\nJf3 "), "{out}");
    // Out of the book, it says so.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let out = play(&["--fen", fen], "book\nquit\n");
    assert!(out.contains("No book moves in this position."), "{out}");
}
