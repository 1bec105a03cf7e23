//! Errors of the prober and the file reader: every one names the table, and the block where one
//! is at fault.

use std::io;

/// Why a table could not be read, probed, verified or generated.
#[derive(Debug, thiserror::Error)]
pub enum TbError {
    /// Reading or writing a table file, or reading or creating a table directory, failed.
    #[error("{table}: {source}")]
    Io {
        /// The table's file name, or the path of the file or directory involved.
        table: String,
        /// What the operating system reported.
        #[source]
        source: io::Error,
    },
    /// The header or block index fails a check (magic, version, checksum, material, sizes, or
    /// a file name that promises another table): the whole file is refused.
    #[error("{table}: not a valid Vidle table ({reason})")]
    BadHeader {
        /// The table's file name or path.
        table: String,
        /// The check that failed, e.g. `header checksum mismatch`.
        reason: String,
    },
    /// One block fails its checksum or does not decompress to its length; also a probe of a side
    /// the file does not store, or a legal position stored as illegal.
    #[error("{table}: block {block} is corrupt ({reason})")]
    CorruptBlock {
        /// The table's file name or path.
        table: String,
        /// The block's number in the block index; `u32::MAX` where no one block is at fault.
        block: u32,
        /// What is wrong, e.g. `checksum mismatch`.
        reason: String,
    },
    /// A file refused earlier (the first error's text).
    #[error("{0}")]
    Unusable(String),
    /// A table needed to generate or verify another is not on disk, or the prober covers no
    /// value for a position it needs.
    #[error("{table}: missing (needed to generate or probe)")]
    Missing {
        /// The missing file's path or name, or a description (`a sub-table of KQvKR`).
        table: String,
    },
}
