//! Time management: soft and hard limits from the clock.
