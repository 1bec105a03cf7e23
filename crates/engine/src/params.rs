//! Every tunable search constant, in one table.
