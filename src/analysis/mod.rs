//! What the original program computes and which orders keep it: value-based dataflow
//! and the one legality test (`deps`), and the `Plan` every transformation is judged
//! against (`plan`).

pub mod deps;
pub mod plan;
