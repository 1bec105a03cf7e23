//! Vidle endgame tablebases.
