//! What the Texel tuner and the data generation (in `vidle-train`) need of the engine's
//! internals: the hand-crafted evaluation's weights in their one flat index space, the
//! evaluation traced as the linear form the tuner fits, and the two move tests that decide
//! whether a position is quiet enough to tune on ([`is_noisy`], [`see_ge`]).

use vidle_core::Position;

pub use crate::eval::weights::{S, TABLES, WEIGHTS, name_of, table_len};
pub use crate::eval::{
    COMPLEXITY_TERMS, Coefficients, PHASE_MAX, SAFETY_EG_DIV, SAFETY_MG_DIV, SAFETY_TERMS,
    SCALE_NORMAL, TraceInfo,
};
pub use crate::movepick::is_noisy;
pub use crate::see::see_ge;

/// The weight indices the tuner needs: the offsets in [`WEIGHTS`] of the sub-tables it treats
/// specially, and the number of weights (every sub-table's offset, by name, is in [`TABLES`]).
pub mod idx {
    pub use crate::eval::weights::idx::{COMPLEXITY, COUNT, KING_SAFETY, MATERIAL, PASSED, TEMPO};
}

/// Evaluates `pos` with the hand-crafted evaluation from scratch (no caches), adding every
/// weight's coefficient (White's count minus Black's), each side's king-danger features and
/// the endgame complexity features to `coefficients`; returns the phase, the endgame scale
/// and the score.
pub fn evaluate_traced(pos: &Position, coefficients: &mut Coefficients) -> TraceInfo {
    crate::eval::evaluate_traced(pos, coefficients)
}

/// The hand-crafted evaluation of `pos` in centipawns from the side to move's view, as the
/// search computes it while `Use NNUE` is off.
pub fn evaluate(pos: &Position) -> i32 {
    crate::eval::evaluate(pos, &mut crate::eval::pawns::PawnTable::default())
}
