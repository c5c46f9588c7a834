//! What every stage shares: diagnostics with stable codes (`diag`), isl's budgets and
//! failures (`isl`), reading isl's AST (`ast`), and running a computation in a forked
//! child (`contain`).

pub mod ast;
pub mod contain;
pub mod diag;
pub mod isl;
