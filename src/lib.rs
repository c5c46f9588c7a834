//! nestor: a source-to-source optimizer for the loop nests of C programs.
//!
//! Pipeline (one module per stage, data flowing one way):
//! `frontend` → `model` → `codegen`, driven by `pipeline`; `diag` is shared.

pub mod alternatives;
pub mod cache;
pub mod codegen;
pub mod contain;
pub mod cost;
pub mod decision;
pub mod deps;
pub mod diag;
pub mod explain;
pub mod frontend;
pub mod isl;
pub mod model;
pub mod parallel;
pub mod pipeline;
pub mod plan;
pub mod requested;
pub mod schedule;
pub mod scheduler;
pub mod search;
pub mod skew;
pub mod storage;
pub mod tiling;
pub mod versioning;
