//! PGN for a single game: writing with the seven-tag roster, the pieces every PGN writer of the
//! program uses (tags, move numbers, line wrapping; the analysis's annotated PGN too), and
//! reading a game back to continue it (the tokens come from the book crate's reader, the
//! program's one PGN reader).

use crate::game::FileError;
use std::fmt::Write as _;
use vidle_book::pgn::{PgnGame, PgnReader};
use vidle_core::notation::{parse_san, to_san};
use vidle_core::{Color, Game, fen};

/// Headers beyond the start position and moves.
#[derive(Debug, Clone, Default)]
pub struct PgnHeaders {
    pub event: String,
    pub white: String,
    pub black: String,
    pub result: String,
    pub date: String,
    pub termination: Option<String>,
    pub time_control: Option<String>,
    pub opening: Option<(String, String)>,
    pub chess960: bool,
}

/// The longest line of movetext written (PGN's export format asks for fewer than 80).
pub const LINE_WIDTH: usize = 79;

/// Appends the tag pair `[name "value"]` and a line end, escaping `\\` and `"` in the value.
pub fn push_tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// Appends a move with its number where PGN wants one: before White's moves, and before
/// Black's when `interrupted` (the first move, or one after a comment or variation).
pub fn push_numbered(
    tokens: &mut Vec<String>,
    number: u32,
    white: bool,
    interrupted: bool,
    san: &str,
) {
    if white {
        tokens.push(format!("{number}."));
    } else if interrupted {
        tokens.push(format!("{number}..."));
    }
    tokens.push(san.to_string());
}

/// Joins movetext tokens into lines of at most [`LINE_WIDTH`] characters (a longer token
/// stands alone; a token is never split, so `[%eval …]` and comments' words stay whole).
pub fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.chars().count() + 1 + t.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out
}

/// Writes a game as PGN.
pub fn write_pgn(game: &Game, h: &PgnHeaders) -> String {
    let mut out = String::new();
    let tag = push_tag;
    tag(&mut out, "Event", if h.event.is_empty() { "?" } else { &h.event });
    tag(&mut out, "Site", "Vidle");
    tag(&mut out, "Date", if h.date.is_empty() { "????.??.??" } else { &h.date });
    tag(&mut out, "Round", "-");
    tag(&mut out, "White", &h.white);
    tag(&mut out, "Black", &h.black);
    let result = if h.result.is_empty() { "*" } else { h.result.as_str() };
    tag(&mut out, "Result", result);
    let start = game.start();
    if h.chess960 {
        tag(&mut out, "Variant", "Chess960");
    }
    if *start != vidle_core::Position::startpos() || h.chess960 {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen::to_fen(start, false));
    }
    if let Some((eco, name)) = &h.opening {
        tag(&mut out, "ECO", eco);
        tag(&mut out, "Opening", name);
    }
    if let Some(tc) = &h.time_control {
        tag(&mut out, "TimeControl", tc);
    }
    if let Some(t) = &h.termination {
        tag(&mut out, "Termination", t);
    }
    tag(&mut out, "PlyCount", &game.moves().len().to_string());
    out.push('\n');

    let mut tokens = Vec::new();
    for (i, (&m, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
        let number = pos.fullmove_number() as u32;
        push_numbered(&mut tokens, number, pos.turn() == Color::White, i == 0, &to_san(pos, m));
    }
    tokens.push(result.to_string());
    out.push_str(&wrap(&tokens));
    out.push_str("\n\n");
    out
}

/// Today's date as `YYYY.MM.DD` (UTC), computed from the system clock.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    date_of(secs)
}

/// The PGN date (`2026.12.06`, UTC) of a time in Unix seconds.
pub fn date_of(unix_secs: i64) -> String {
    let days = unix_secs.div_euclid(86_400);
    // Civil-from-days (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A game to continue, read from PGN: its moves, whether it is Chess960 (a `Variant` tag
/// naming 960, or castling rights only Chess960 has), the result it carried, and the broken
/// games skipped before it.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    pub game: Game,
    pub chess960: bool,
    pub result: Option<String>,
    /// Broken games before this one that were skipped, each with where and why ("game 1 (line
    /// 1): variation '(' at line 3 not closed before the next game (line 5)").
    pub skipped: Vec<String>,
    /// The tags of the game read.
    pub tags: Vec<(String, String)>,
}

impl LoadedGame {
    /// A tag's value (names compared without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Reads a game file a player named (`load`, `--load`): the first game that reads, or why none
/// does.
///
/// # Errors
/// [`FileError::Read`] (missing, not a regular file, too large, …) or [`FileError::NoGame`].
pub fn read_game_file(path: &std::path::Path) -> Result<LoadedGame, FileError> {
    let file = path.display().to_string();
    let text = vidle_core::files::read_text_bounded(path, vidle_core::files::MAX_PGN_BYTES)
        .map_err(|e| FileError::read(&file, &e))?;
    load_game(&text).map_err(|why| FileError::NoGame { file, why })
}

/// Writes a game file (`save`, `pgn save`, `analyse save`, `--save`).
///
/// # Errors
/// [`FileError::Write`].
pub fn write_game_file(path: &std::path::Path, text: &str) -> Result<(), FileError> {
    std::fs::write(path, text).map_err(|e| FileError::write(&path.display().to_string(), &e))
}

/// Reads the first whole game of a PGN text to continue it, with the program's one PGN reader
/// (`vidle_book::pgn`, which also reads the games a book is built from). A game whose comment
/// `{` or variation `(` is never closed ends at the next game's tag section and is skipped,
/// with the reason in [`LoadedGame::skipped`]; the first whole game is read. A text with no game
/// is the start position.
///
/// # Errors
/// Names the tag or the move (with its number) that is wrong; when every game is broken, why
/// the first one is.
pub fn load_game(text: &str) -> Result<LoadedGame, String> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = PgnReader::new(text.as_bytes());
    let mut skipped = Vec::new();
    let mut n = 0;
    while let Some(g) = reader.next_game().map_err(|e| e.to_string())? {
        n += 1;
        match &g.error {
            Some(why) => skipped.push(format!("game {n} (line {}): {why}", g.line)),
            None => return replay(g, skipped),
        }
    }
    match skipped.into_iter().next() {
        Some(first) => Err(first),
        None => replay(PgnGame::default(), Vec::new()),
    }
}

/// Plays a game's moves from its start (the `FEN` tag or the standard position).
fn replay(g: PgnGame, skipped: Vec<String>) -> Result<LoadedGame, String> {
    let tag = |name: &str| {
        g.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    };
    let mut game = match tag("FEN") {
        Some(f) => Game::from_fen(f).map_err(|e| format!("FEN tag: {e}"))?,
        None => Game::new(vidle_core::Position::startpos()),
    };
    for token in &g.moves {
        let pos = *game.position();
        let m = parse_san(&pos, token).map_err(|e| {
            format!(
                "move {}{} {token}: {e}",
                pos.fullmove_number(),
                if pos.turn() == Color::White { "." } else { "..." }
            )
        })?;
        game.play(m);
    }
    let chess960 = tag("Variant").is_some_and(|v| v.to_lowercase().contains("960"))
        || game.start().castling_needs_chess960();
    Ok(LoadedGame { game, chess960, result: g.termination, skipped, tags: g.tags })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_read_back() {
        let text = "[Event \"t\"]\n[White \"a\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6\n3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 1-0\n";
        let parsed = load_game(text).unwrap();
        assert_eq!(parsed.game.moves().len(), 10);
        assert_eq!(parsed.result.as_deref(), Some("1-0"));
        assert_eq!(parsed.tag("white"), Some("a"));
        let h = PgnHeaders { result: "1-0".into(), white: "a".into(), ..Default::default() };
        let again = load_game(&write_pgn(&parsed.game, &h)).unwrap();
        assert_eq!(again.game.moves(), parsed.game.moves());
    }

    #[test]
    fn an_unclosed_variation_or_comment_skips_to_the_next_game() {
        // The case: the variation is never closed; the next game is read instead.
        let text =
            "1. e4 ( e5 2. Nf3 *\n\n[Event \"2\"]\n\n1. d4 d5 *\n\n[Event \"3\"]\n\n1. c4 *\n";
        let p = load_game(text).unwrap();
        assert_eq!((p.tag("Event"), p.game.moves().len()), (Some("2"), 2));
        let why =
            "game 1 (line 1): variation '(' at line 1 not closed before the next game (line 3)";
        assert_eq!(p.skipped, [why]);
        let text =
            "[Event \"1\"]\r\n\r\n1. e4 {oops\r\n2. Nf3\r\n\r\n[Event \"2\"]\r\n\r\n1. d4 1-0";
        let p = load_game(text).unwrap();
        assert_eq!((p.tag("Event"), p.result.as_deref()), (Some("2"), Some("1-0")));
        assert_eq!(p.skipped.len(), 1);
        assert!(p.skipped[0].contains("comment '{' at line 3"), "{:?}", p.skipped);
        // Only broken games: an error that says why.
        let err = load_game("1. e4 (1. d4 d5\n\n2. c4").unwrap_err();
        assert!(err.contains("variation '(' at line 1 not closed before the end"), "{err}");
        // A comment over a blank line, closed, is no break.
        let p =
            load_game("1. e4 {one\n\ntwo} e5 (1... c5\n\n2. Nf3) 2. Nf3 *\n\n[Event \"2\"]\n1. d4")
                .unwrap();
        assert_eq!((p.game.moves().len(), p.skipped.len()), (3, 0));
        // A tag line after the movetext starts the next game even without a blank line.
        let p = load_game("1. e4 e5\n[Event \"2\"]\n1. d4 *").unwrap();
        assert_eq!(p.game.moves().len(), 2);
        assert_eq!(load_game("").unwrap().game.moves().len(), 0);
    }

    /// 100,000 mutated PGN texts (`VIDLE_FUZZ_INPUTS`): errors, never panics.
    #[test]
    fn mutated_text_never_panics() {
        use vidle_core::testdata::{Rng, fuzz_inputs, mutate, read_fixture};
        let text =
            read_fixture("pgn/world_matches.pgn") + &read_fixture("mates/pychess_mate_in_2.pgn");
        let mut seeds: Vec<&str> = text.split("\n[Event ").take(40).collect();
        seeds.push("1. e4 ( e5 2. Nf3 *\n\n[Event \"2\"]\n\n1. d4 {x\n\n} d5 *");
        let mut rng = Rng(0xA99);
        let mut read = 0;
        for _ in 0..fuzz_inputs() {
            let mut data = seeds[rng.below(seeds.len())].as_bytes().to_vec();
            let other = seeds[rng.below(seeds.len())].as_bytes();
            mutate(&mut rng, &mut data, other, b"[]{}()\";%$.*-/ \n0123456789NBRQKOx+#=", 6);
            if let Ok(p) = load_game(&String::from_utf8_lossy(&data)) {
                read += 1;
                assert_eq!(p.game.moves().len() + 1, p.game.positions().len());
            }
        }
        assert!(read > 1_000, "{read}");
    }

    #[test]
    fn errors_name_the_move() {
        let err = load_game("1. e4 e5 2. Ke3 *").unwrap_err();
        assert!(err.contains("move 2. Ke3"), "{err}");
        assert!(load_game("[FEN \"8/8 w - -\"]\n\n*").unwrap_err().contains("FEN tag"));
    }
}
