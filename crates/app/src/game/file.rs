//! Why a game file could not be read or written: the one typed error of the PGN files a player
//! names (`load`, `save`, `pgn save`, `analyse save`, `--load`, `--save`). The front ends word it
//! from the message catalogue (`i18n::file_error`); its `Display` is the English text. The
//! reading and writing are in `crate::game::pgn` (the session itself does no I/O).

use std::io;

/// A game file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    /// The file cannot be read.
    Read { file: String, why: FileWhy },
    /// The file cannot be written.
    Write { file: String, why: FileWhy },
    /// The file was read but holds no game that reads (the PGN reader's words, in English).
    NoGame { file: String, why: String },
}

/// What the operating system (or the bounded reader) said, in the cases people meet; anything
/// else is kept as its own text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileWhy {
    NotFound,
    Denied,
    /// A directory, FIFO, socket or device (what it is, in English).
    NotRegular(String),
    /// Larger than the limit (`256 MiB`).
    TooLarge(String),
    Other(String),
}

impl FileWhy {
    pub fn of(e: &io::Error) -> FileWhy {
        let text = e.to_string();
        let inner = |prefix: &str| {
            let rest = text.strip_prefix(prefix)?;
            let bare = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')).unwrap_or(rest);
            Some(bare.trim().to_string())
        };
        match e.kind() {
            io::ErrorKind::NotFound => FileWhy::NotFound,
            io::ErrorKind::PermissionDenied => FileWhy::Denied,
            io::ErrorKind::IsADirectory => FileWhy::NotRegular("a directory".to_string()),
            _ => match (inner("not a regular file "), inner("larger than the limit of ")) {
                (Some(what), _) => FileWhy::NotRegular(what),
                (_, Some(limit)) => FileWhy::TooLarge(limit),
                _ => FileWhy::Other(text),
            },
        }
    }
}

impl FileError {
    pub fn read(file: &str, e: &io::Error) -> FileError {
        FileError::Read { file: file.to_string(), why: FileWhy::of(e) }
    }

    pub fn write(file: &str, e: &io::Error) -> FileError {
        FileError::Write { file: file.to_string(), why: FileWhy::of(e) }
    }
}

impl std::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_are_sorted_into_the_cases_people_meet() {
        let missing = std::fs::read("/no/such/dir/game.pgn").unwrap_err();
        assert_eq!(FileWhy::of(&missing), FileWhy::NotFound);
        let dir = vidle_core::files::read_bounded(std::path::Path::new("/"), 10).unwrap_err();
        assert_eq!(FileWhy::of(&dir), FileWhy::NotRegular("a directory".into()));
        let other = io::Error::other("disk on fire");
        assert_eq!(FileWhy::of(&other), FileWhy::Other("disk on fire".into()));
    }
}
