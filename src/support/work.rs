//! The work an analysis does, counted: legality checks and isl operations, per thread.
//! Both are deterministic for one input, options and isl version (unlike time), so
//! snapshots record them per region and a change that makes nestor work more shows as
//! a changed expectation.

use isl_rs::Context;
use std::cell::Cell;

thread_local! {
    static CHECKS: Cell<u64> = const { Cell::new(0) };
    static OPERATIONS: Cell<u64> = const { Cell::new(0) };
    static UNREPEATABLE: Cell<bool> = const { Cell::new(false) };
}

/// Legality checks and isl operations (isl's own count of the steps its budget bounds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Work {
    pub checks: u64,
    pub operations: u64,
    /// Some of the work was cut short by what the machine did, not by the input: a CPU
    /// time limit, a child process that could not be started or was killed. Another
    /// run may then give another result (so `nestor cc` does not cache it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrepeatable: bool,
}

/// Says that some work's outcome depended on the machine (see [`Work::unrepeatable`]).
pub fn mark_unrepeatable() {
    UNREPEATABLE.with(|u| u.set(true));
}

/// Counts one legality check (one schedule checked against the dataflow).
pub fn count_check() {
    CHECKS.with(|c| c.set(c.get() + 1));
}

/// Resets `ctx`'s operation count (what isl's budget bounds), keeping what it had
/// counted in this thread's total.
pub fn reset_operations(ctx: &Context) {
    let made = ctx.get_operations();
    OPERATIONS.with(|o| o.set(o.get() + made));
    ctx.reset_operations();
}

/// The work counted in this thread since the last call (`ctx`'s operations included),
/// the counts starting again from zero.
pub fn take(ctx: &Context) -> Work {
    reset_operations(ctx);
    Work {
        checks: CHECKS.with(|c| c.replace(0)),
        operations: OPERATIONS.with(|o| o.replace(0)),
        unrepeatable: UNREPEATABLE.with(|u| u.replace(false)),
    }
}
