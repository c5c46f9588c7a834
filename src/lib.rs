//! nestor: a source-to-source optimizer for the loop nests of C programs.
//!
//! The pipeline, one folder per stage, data flowing one way (a module imports only
//! from its own stage and the stages before it):
//!
//! `frontend` (C text → `Region`) → `model` (isl notation and objects, schedule
//! trees) → `analysis` (dataflow, legality) → `transform` (search, tiling, storage,
//! parallel loops: typed decisions) → `codegen` (isl's AST → C, run-time tests), driven
//! per region by `driver`; `support` (diagnostics, isl budgets, containment) is shared.
//! `docs/ARCHITECTURE.md` maps every module.

pub mod analysis;
pub mod codegen;
pub mod driver;
pub mod frontend;
pub mod model;
pub mod support;
pub mod transform;
