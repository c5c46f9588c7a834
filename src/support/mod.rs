//! What every stage shares: diagnostics with stable codes (`diag`), isl's budgets and
//! failures (`isl`), and running a computation in a forked child (`contain`).

pub mod contain;
pub mod diag;
pub mod isl;
