//! Errors of the prober and the file reader: every one names the table, and the block where one
//! is at fault.

use std::io;

#[derive(Debug, thiserror::Error)]
pub enum TbError {
    #[error("{table}: {source}")]
    Io {
        table: String,
        #[source]
        source: io::Error,
    },
    #[error("{table}: not a valid Vidle table ({reason})")]
    BadHeader { table: String, reason: String },
    #[error("{table}: block {block} is corrupt ({reason})")]
    CorruptBlock { table: String, block: u32, reason: String },
    /// A file refused earlier (the first error's text).
    #[error("{0}")]
    Unusable(String),
    #[error("{table}: missing (needed to generate or probe)")]
    Missing { table: String },
}
