//! The player's lines as commands: one parser for line mode and the full-screen board, so both
//! understand the same words (and anything else is tried as a move).

use crate::i18n::{Lang, Msg, fold};

/// What a command word asks for (its arguments are read by [`Command::parse`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Help,
    Moves,
    New,
    Undo,
    Redo,
    Hint,
    Flip,
    Board,
    Level,
    Time,
    Fen,
    Eval,
    Book,
    Pgn,
    Save,
    Load,
    Draw,
    Resign,
    Analyse,
    Quit,
}

/// One command: its English and Czech word (the first of each is shown by help and completed;
/// all are accepted in both languages, the Czech ones with or without diacritics), its arguments
/// and what it does, in the order help lists them.
struct Entry {
    word: Word,
    en: &'static [&'static str],
    cs: &'static [&'static str],
    args: Option<Msg>,
    does: Msg,
}

const WORDS: &[Entry] = &[
    Entry { word: Word::Moves, en: &["moves"], cs: &["tahy"], args: None, does: Msg::HelpMoves },
    Entry {
        word: Word::New,
        en: &["new"],
        cs: &["nová"],
        args: Some(Msg::ArgColor),
        does: Msg::HelpNew,
    },
    Entry { word: Word::Undo, en: &["undo"], cs: &["zpět"], args: None, does: Msg::HelpUndo },
    Entry { word: Word::Redo, en: &["redo"], cs: &["vpřed"], args: None, does: Msg::HelpRedo },
    Entry {
        word: Word::Hint,
        en: &["hint"],
        cs: &["rada", "napověz"],
        args: None,
        does: Msg::HelpHint,
    },
    Entry {
        word: Word::Flip,
        en: &["flip"],
        cs: &["otoč", "otočit"],
        args: None,
        does: Msg::HelpFlip,
    },
    Entry {
        word: Word::Board,
        en: &["board"],
        cs: &["šachovnice"],
        args: None,
        does: Msg::HelpBoard,
    },
    Entry {
        word: Word::Level,
        en: &["level"],
        cs: &["úroveň"],
        args: Some(Msg::ArgLevel),
        does: Msg::HelpLevel,
    },
    Entry { word: Word::Time, en: &["time"], cs: &["čas"], args: None, does: Msg::HelpTime },
    Entry { word: Word::Fen, en: &["fen"], cs: &[], args: None, does: Msg::HelpFen },
    Entry { word: Word::Eval, en: &["eval"], cs: &["hodnocení"], args: None, does: Msg::HelpEval },
    Entry {
        word: Word::Book,
        en: &["book", "explorer"],
        cs: &["knihovna"],
        args: None,
        does: Msg::HelpBook,
    },
    Entry {
        word: Word::Pgn,
        en: &["pgn"],
        cs: &[],
        args: Some(Msg::ArgPgnSave),
        does: Msg::HelpPgn,
    },
    Entry {
        word: Word::Save,
        en: &["save"],
        cs: &["ulož", "uložit"],
        args: Some(Msg::ArgFile),
        does: Msg::HelpSave,
    },
    Entry {
        word: Word::Load,
        en: &["load"],
        cs: &["nahraj", "nahrát"],
        args: Some(Msg::ArgFile),
        does: Msg::HelpLoad,
    },
    Entry { word: Word::Draw, en: &["draw"], cs: &["remíza"], args: None, does: Msg::HelpDraw },
    Entry {
        word: Word::Resign,
        en: &["resign"],
        cs: &["vzdát", "vzdávám"],
        args: None,
        does: Msg::HelpResign,
    },
    Entry {
        word: Word::Analyse,
        en: &["analyse", "analyze"],
        cs: &["rozbor"],
        args: Some(Msg::ArgPgnSave),
        does: Msg::HelpAnalyse,
    },
    Entry {
        word: Word::Help,
        en: &["help", "?"],
        cs: &["nápověda"],
        args: None,
        does: Msg::HelpHelp,
    },
    Entry {
        word: Word::Quit,
        en: &["quit", "exit"],
        cs: &["konec"],
        args: None,
        does: Msg::HelpQuit,
    },
];

/// The word that means "save" in an argument (`pgn save FILE`, `rozbor ulož FILE`).
fn is_save(word: &str) -> bool {
    matches!(fold(word).as_str(), "save" | "uloz" | "ulozit")
}

fn word_of(typed: &str) -> Option<Word> {
    let typed = fold(typed);
    WORDS.iter().find(|e| e.en.iter().chain(e.cs).any(|w| fold(w) == typed)).map(|e| e.word)
}

/// The moves and command words (English and Czech) that start with `word` (tab completion in
/// both modes; `zpe` completes to `zpět`).
pub fn complete<'a>(word: &str, moves: &'a [String]) -> Vec<&'a str> {
    let folded = fold(word);
    let words = WORDS.iter().flat_map(|e| e.en.iter().chain(e.cs)).copied();
    moves
        .iter()
        .map(String::as_str)
        .filter(|m| m.starts_with(word))
        // Command words are lower case: `N` completes moves only.
        .chain(words.filter(|w| {
            !word.chars().any(char::is_uppercase) && fold(w).starts_with(&folded) && *w != "?"
        }))
        .collect()
}

/// The help text: how to type moves, then each command with its words in both languages (this
/// language's first).
pub fn help(lang: Lang) -> String {
    let mut out = lang.tr(Msg::HelpIntro).to_string();
    let rows: Vec<(String, &str)> = WORDS
        .iter()
        .map(|e| {
            let (first, second) = match lang {
                Lang::En => (e.en, e.cs),
                Lang::Cs => (e.cs, e.en),
            };
            let mut words: Vec<&str> = first.iter().chain(second).copied().collect();
            words.dedup();
            let mut left = words.join(", ");
            if let Some(a) = e.args {
                left.push(' ');
                left.push_str(lang.tr(a));
            }
            (left, lang.tr(e.does))
        })
        .collect();
    let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    for (left, does) in rows {
        let pad = width - left.chars().count();
        out.push_str(&format!("\n  {left}{}  {does}", " ".repeat(pad)));
    }
    out
}

/// One line of the player's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Quit,
    Help,
    Board,
    Moves,
    /// `new [white|black|random]`: the colour word as typed.
    New(Option<String>),
    Undo,
    Redo,
    Hint,
    Flip,
    /// `level [NAME|ELO]`: show or set.
    Level(Option<String>),
    Time,
    Fen,
    /// `eval`: show or hide the engine's evaluation during the game.
    Eval,
    /// `book`: the opening explorer's list for the current position.
    Book,
    /// `pgn`: show the game.
    ShowPgn,
    /// `pgn save FILE`, `pgn FILE`, `save FILE`.
    Save(String),
    Load(String),
    Resign,
    Draw,
    /// `analyse [save FILE]`: judge the moves so far, or save them annotated.
    Analyse(Option<String>),
    /// `analyse stop`: stop the analysis running on the full-screen board.
    AnalyseStop,
    /// A command word with the wrong arguments: the usage to show.
    Usage(Msg),
    /// Anything else: a move in SAN or UCI (the whole line).
    Move(String),
}

impl Command {
    /// Parses a line; `None` for an empty one.
    pub fn parse(line: &str) -> Option<Command> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let cmd = words.next()?;
        let args: Vec<&str> = words.collect();
        let first = args.first().map(|a| a.to_string());
        let Some(word) = word_of(cmd) else { return Some(Command::Move(line.to_string())) };
        Some(match word {
            Word::Quit => Command::Quit,
            Word::Help => Command::Help,
            Word::Board => Command::Board,
            Word::Moves => Command::Moves,
            Word::New => Command::New(first),
            Word::Undo => Command::Undo,
            Word::Redo => Command::Redo,
            Word::Hint => Command::Hint,
            Word::Flip => Command::Flip,
            Word::Level => Command::Level(first),
            Word::Time => Command::Time,
            Word::Fen => Command::Fen,
            Word::Eval => Command::Eval,
            Word::Book => Command::Book,
            Word::Pgn => match args.as_slice() {
                [] => Command::ShowPgn,
                [save, file] if is_save(save) => Command::Save(file.to_string()),
                [file] if !is_save(file) => Command::Save(file.to_string()),
                _ => Command::Usage(Msg::UsagePgn),
            },
            Word::Save => match first {
                Some(file) => Command::Save(file),
                None => Command::Usage(Msg::UsageSave),
            },
            Word::Load => match first {
                Some(file) => Command::Load(file),
                None => Command::Usage(Msg::UsageLoad),
            },
            Word::Resign => Command::Resign,
            Word::Draw => Command::Draw,
            Word::Analyse => match args.as_slice() {
                [] => Command::Analyse(None),
                [save, file] if is_save(save) => Command::Analyse(Some(file.to_string())),
                [stop] if matches!(fold(stop).as_str(), "stop" | "zastav") => Command::AnalyseStop,
                _ => Command::Usage(Msg::UsageAnalyse),
            },
        })
    }

    /// Whether the command changes the game (a search running for the old game is then stale).
    pub fn changes_game(&self) -> bool {
        matches!(
            self,
            Command::New(_) | Command::Undo | Command::Redo | Command::Load(_) | Command::Resign
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_arguments_and_moves() {
        assert_eq!(Command::parse("   "), None);
        assert_eq!(Command::parse("QUIT"), Some(Command::Quit));
        assert_eq!(Command::parse("konec"), Some(Command::Quit));
        assert_eq!(Command::parse("new black"), Some(Command::New(Some("black".into()))));
        assert_eq!(Command::parse("level"), Some(Command::Level(None)));
        assert_eq!(Command::parse("pgn"), Some(Command::ShowPgn));
        assert_eq!(Command::parse("eval"), Some(Command::Eval));
        assert_eq!(Command::parse("hodnoceni"), Some(Command::Eval));
        assert_eq!(Command::parse("book"), Some(Command::Book));
        assert_eq!(Command::parse("explorer"), Some(Command::Book));
        assert_eq!(Command::parse("knihovna"), Some(Command::Book));
        assert_eq!(Command::parse("pgn save g.pgn"), Some(Command::Save("g.pgn".into())));
        assert_eq!(Command::parse("pgn g.pgn"), Some(Command::Save("g.pgn".into())));
        assert!(matches!(Command::parse("pgn save"), Some(Command::Usage(..))));
        assert!(matches!(Command::parse("load"), Some(Command::Usage(..))));
        assert_eq!(Command::parse(" e8=Q "), Some(Command::Move("e8=Q".into())));
        assert_eq!(Command::parse("Nf3"), Some(Command::Move("Nf3".into())));
        assert!(Command::parse("undo").unwrap().changes_game());
        assert!(!Command::parse("fen").unwrap().changes_game());
        assert!(!Command::parse("e4").unwrap().changes_game());
    }

    #[test]
    fn czech_words_with_and_without_diacritics() {
        for (typed, cmd) in [
            ("tahy", Command::Moves),
            ("zpět", Command::Undo),
            ("ZPET", Command::Undo),
            ("vpřed", Command::Redo),
            ("vpred", Command::Redo),
            ("nápověda", Command::Help),
            ("napoveda", Command::Help),
            ("rada", Command::Hint),
            ("napověz", Command::Hint),
            ("remiza", Command::Draw),
            ("vzdát", Command::Resign),
            ("otoc", Command::Flip),
            ("čas", Command::Time),
            ("rozbor", Command::Analyse(None)),
            ("konec", Command::Quit),
            ("nová černé", Command::New(Some("černé".into()))),
            ("uloz hra.pgn", Command::Save("hra.pgn".into())),
            ("nahraj hra.pgn", Command::Load("hra.pgn".into())),
            // The infinitive, as Czech menus say it, too.
            ("uložit hra.pgn", Command::Save("hra.pgn".into())),
            ("nahrát hra.pgn", Command::Load("hra.pgn".into())),
            ("otočit", Command::Flip),
            ("pgn uložit hra.pgn", Command::Save("hra.pgn".into())),
            ("pgn ulož hra.pgn", Command::Save("hra.pgn".into())),
            ("rozbor ulož r.pgn", Command::Analyse(Some("r.pgn".into()))),
            ("rozbor zastav", Command::AnalyseStop),
            ("analyse stop", Command::AnalyseStop),
        ] {
            assert_eq!(Command::parse(typed), Some(cmd), "{typed}");
        }
        // A word that is none of them is a move (Czech piece letters included).
        assert_eq!(Command::parse("Jf3"), Some(Command::Move("Jf3".into())));
        assert_eq!(Command::parse("ulož"), Some(Command::Usage(Msg::UsageSave)));
    }

    #[test]
    fn completion_and_help_know_both_languages() {
        assert_eq!(complete("zp", &[]), vec!["zpět"]);
        assert_eq!(complete("vzd", &[]), vec!["vzdát", "vzdávám"]);
        let moves = vec!["Nf3".to_string()];
        assert_eq!(complete("N", &moves), vec!["Nf3"]);
        for lang in Lang::ALL {
            let h = help(lang);
            for e in WORDS {
                for w in e.en.iter().chain(e.cs) {
                    assert!(h.contains(w), "{lang:?} help lacks '{w}'");
                }
            }
        }
        assert!(help(Lang::Cs).contains("tahy, moves"), "{}", help(Lang::Cs));
        assert!(help(Lang::En).contains("moves, tahy"), "{}", help(Lang::En));
    }
}
