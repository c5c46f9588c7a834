//! What the original program computes and which orders keep it: value-based dataflow
//! and the one legality test (`deps`, with the orders it judges in `order` and its
//! counterexamples in `witness`), flat
//! subscripts' recovered dimensions proven within their extents (`bounds`), and the
//! `Plan` every transformation is judged against (`plan`).

pub mod bounds;
pub mod dataflow;
pub mod deps;
pub mod order;
pub mod plan;
pub mod witness;
