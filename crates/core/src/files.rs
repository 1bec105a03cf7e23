//! Reading files a user names (books, PGN games, EPD suites): only regular files, and never
//! more than a stated limit. `/dev/zero` would otherwise be read until memory runs out, and a
//! FIFO would block the reader (a UCI loop, a game in progress) until someone writes to it.

use std::io::{self, Read};
use std::path::Path;

/// Limits for the kinds of file the program reads whole.
pub const MAX_BOOK_BYTES: u64 = 1 << 30;
/// PGN files: far above any real game collection a user loads into a game or builds a book from
/// in one go, far below what would strain memory.
pub const MAX_PGN_BYTES: u64 = 256 << 20;
/// EPD test and perft suites.
pub const MAX_EPD_BYTES: u64 = 64 << 20;
/// Evaluation network files: the largest this build reads (1,024 units, 16 king buckets, 16
/// output buckets) is about 25.2 MB.
pub const MAX_NET_BYTES: u64 = 32 << 20;
/// Training data: a chunk file of packed records (100 games are about 0.3 MB), a data
/// directory's manifest, a trainer's float weights (1,024 units: about 3 MB; with 16 king
/// buckets about 50 MB).
pub const MAX_TRAINING_FILE_BYTES: u64 = 256 << 20;

/// Reads `path` whole if it is a regular file of at most `max` bytes.
///
/// # Errors
/// The file cannot be opened or read; it is a directory, FIFO, socket or device (what it is, by
/// name); it is larger than `max`. The error text does not repeat the path: callers name it.
pub fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    check_regular(&meta)?;
    if meta.len() > max {
        return Err(too_big(max));
    }
    let file = std::fs::File::open(path)?;
    // The file may have been replaced since `metadata`: check what was opened, and read no
    // more than the limit whatever its size says now.
    check_regular(&file.metadata()?)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big(max));
    }
    Ok(bytes)
}

/// Opens `path` for streaming if it is a regular file (large PGN collections are read a game
/// at a time; a FIFO or device is refused before it is opened).
///
/// # Errors
/// As [`read_bounded`], without the size limit.
pub fn open_regular(path: &Path) -> io::Result<std::fs::File> {
    check_regular(&std::fs::metadata(path)?)?;
    let file = std::fs::File::open(path)?;
    check_regular(&file.metadata()?)?;
    Ok(file)
}

/// Checks that `path` can be written (created if missing, appended to if present) without
/// changing it: a file created for the check is removed again.
///
/// # Errors
/// Why it cannot be opened for writing (no such directory, permission, a directory).
pub fn check_writable(path: &Path) -> io::Result<()> {
    // A device or FIFO "accepts" the open and fails (or blocks) on the write: /dev/full took the
    // game only at the end. Only regular files (or a new one) are written.
    if let Ok(meta) = std::fs::metadata(path) {
        check_regular(&meta)?;
    }
    let existed = std::fs::symlink_metadata(path).is_ok();
    std::fs::OpenOptions::new().append(true).create(true).open(path)?;
    if !existed {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

/// [`read_bounded`] decoded as UTF-8 text, lossily (invalid bytes become U+FFFD).
///
/// # Errors
/// As [`read_bounded`].
pub fn read_text_bounded(path: &Path, max: u64) -> io::Result<String> {
    read_bounded(path, max).map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn check_regular(meta: &std::fs::Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() { "a directory" } else { special_kind(meta) };
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("not a regular file ({what})")))
}

#[cfg(unix)]
fn special_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::Metadata) -> &'static str {
    "a special file"
}

fn too_big(max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("larger than the limit of {} MiB", max >> 20),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit() {
        let dir = std::env::temp_dir().join(format!("vidle-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("small.txt");
        std::fs::write(&f, b"12345").unwrap();
        assert_eq!(read_bounded(&f, 5).unwrap(), b"12345");
        let err = read_bounded(&f, 4).unwrap_err().to_string();
        assert!(err.contains("larger than the limit"), "{err}");
        let err = read_bounded(&dir, 100).unwrap_err().to_string();
        assert!(err.contains("not a regular file (a directory)"), "{err}");
        assert!(read_bounded(&dir.join("missing"), 100).is_err());
        #[cfg(unix)]
        {
            let err = read_bounded(Path::new("/dev/zero"), 100).unwrap_err().to_string();
            assert!(err.contains("not a regular file (a device)"), "{err}");
            // A FIFO is refused without opening it (opening would block until a writer came).
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            let check = "the FIFO case of read_bounded";
            let made = made.is_ok_and(|s| s.success());
            if crate::testdata::skip_unless(made, check, "mkfifo could not make a FIFO") {
                let err = read_bounded(&fifo, 100).unwrap_err().to_string();
                assert!(err.contains("not a regular file (a FIFO)"), "{err}");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
