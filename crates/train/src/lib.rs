//! Vidle's training tools, apart from the engine so that `vidle-engine` is search and
//! evaluation only: the network trainer ([`train`], `vidle train`), the self-play data
//! generation ([`datagen`], `vidle datagen` and `vidle-tune gen`) with its 32-byte packed
//! training record ([`packed`]), and the Texel tuner of the hand-crafted evaluation ([`tune`],
//! the `vidle-tune` binary). They reach the engine's internals only through its two narrow
//! doors, `vidle_engine::net_format` and `vidle_engine::tuning`.

pub mod datagen;
pub mod packed;
pub mod train;
pub mod tune;
