//! The player's lines as commands: one parser for line mode and the full-screen board, so both
//! understand the same words (and anything else is tried as a move).

/// The command words offered for completion.
pub const COMMANDS: [&str; 18] = [
    "help", "moves", "new", "undo", "redo", "hint", "flip", "level", "time", "fen", "pgn", "load",
    "resign", "draw", "quit", "board", "save", "analyse",
];

/// The moves and command words that start with `word` (tab completion in both modes).
pub fn complete<'a>(word: &str, moves: &'a [String]) -> Vec<&'a str> {
    moves.iter().map(String::as_str).chain(COMMANDS).filter(|c| c.starts_with(word)).collect()
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
    /// A command word with the wrong arguments: the usage to show (English, Czech).
    Usage(&'static str, &'static str),
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
        Some(match cmd.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "konec" => Command::Quit,
            "help" | "?" | "napoveda" => Command::Help,
            "board" => Command::Board,
            "moves" => Command::Moves,
            "new" => Command::New(first),
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "hint" => Command::Hint,
            "flip" => Command::Flip,
            "level" => Command::Level(first),
            "time" => Command::Time,
            "fen" => Command::Fen,
            "pgn" => match args.as_slice() {
                [] => Command::ShowPgn,
                ["save", file] | [file] if *file != "save" => Command::Save(file.to_string()),
                _ => Command::Usage("usage: pgn [save FILE]", "použití: pgn [save SOUBOR]"),
            },
            "save" => match first {
                Some(file) => Command::Save(file),
                None => Command::Usage("usage: save FILE", "použití: save SOUBOR"),
            },
            "load" => match first {
                Some(file) => Command::Load(file),
                None => Command::Usage("usage: load FILE", "použití: load SOUBOR"),
            },
            "resign" => Command::Resign,
            "draw" => Command::Draw,
            "analyse" | "analyze" | "rozbor" => match args.as_slice() {
                [] => Command::Analyse(None),
                ["save", file] => Command::Analyse(Some(file.to_string())),
                ["stop"] => Command::AnalyseStop,
                _ => Command::Usage(
                    "usage: analyse [save FILE | stop]",
                    "použití: analyse [save SOUBOR | stop]",
                ),
            },
            _ => Command::Move(line.to_string()),
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
}
