//! Vidle opening books (Polyglot).
