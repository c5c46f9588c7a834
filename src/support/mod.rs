//! What every stage shares: diagnostics with stable codes (`diag`), isl's budgets and
//! failures (`isl`), reading isl's AST (`ast`), running a computation in a forked
//! child (`contain`), and counting the work of an analysis (`work`).

pub mod ast;
pub mod contain;
pub mod diag;
pub mod isl;
pub mod work;
