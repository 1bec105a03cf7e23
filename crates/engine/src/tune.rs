//! Texel tuning of the evaluation weights.
