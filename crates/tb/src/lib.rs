//! Vidle endgame tablebases: material signatures and their dependency graph, symmetric indexing,
//! a retrograde generator for DTM and DTZ (fifty-move rule aware), a block-compressed file format
//! with checksums, and a lazy prober for the engine. See `README.md` for the probing API.

pub mod board;
pub mod error;
pub mod format;
pub mod generate;
pub mod index;
pub mod keep;
pub mod material;
pub mod order;
pub mod probe;
#[cfg(feature = "reference")]
pub mod reference;
mod retro;
pub mod stats;
mod sysmem;
pub mod timing;
pub mod value;
pub mod write;

pub use error::TbError;
pub use format::MetricKind;
pub use generate::{GenOptions, GenReport, generate};
pub use material::{DependencyGraph, Material};
pub use probe::{Tablebases, default_dir};
pub use value::{Dtm, TbValue, Wdl};
