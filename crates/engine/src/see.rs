//! Static exchange evaluation.
