//! Vidle engine: search, evaluation, transposition table.
