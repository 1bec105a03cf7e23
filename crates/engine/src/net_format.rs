//! The evaluation network's file format and integer arithmetic, for the programs that write
//! or choose networks (the trainer in `vidle-train`, `vidle bench --eval-file`, `vidle datagen
//! --eval-file`; an engine takes one with `Engine::set_network`): the shapes this build reads, the quantisation
//! scales, the output bucket of a position, and [`Network`] to read a file back and evaluate
//! with it as the search does. The format itself is described in the `nnue` module's
//! documentation (`crates/engine/src/nnue/mod.rs`, "File format").

pub use crate::nnue::{
    INPUTS, KING_PRESETS, KingInputs, LEGACY_QB, MAX_BUCKETS, MAX_KING_BUCKETS, NetError, Network,
    QA, QB, SCALE, SIZES, WEIGHT_LIMIT, bucket, embedded, load_file,
};
