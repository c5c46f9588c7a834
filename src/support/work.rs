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

/// Adds `work`, done elsewhere (a child process) on this thread's behalf, to this
/// thread's counts.
pub fn add(work: Work) {
    CHECKS.with(|c| c.set(c.get() + work.checks));
    OPERATIONS.with(|o| o.set(o.get() + work.operations));
    if work.unrepeatable {
        mark_unrepeatable();
    }
}

/// `f()` and the work it did, counted apart: this thread's counts are left as they were.
pub fn apart<T>(ctx: &Context, f: impl FnOnce() -> T) -> (T, Work) {
    let before = take(ctx);
    let value = f();
    let work = take(ctx);
    add(before);
    (value, work)
}

/// Wall time per stage of one region's analysis, printed to standard error when the
/// environment sets `NESTOR_STAGE_TIMES` (profiling nestor itself: never part of its
/// output, and not deterministic as the counts above are).
pub struct StageClock {
    last: Option<std::time::Instant>,
    laps: Vec<(&'static str, f64)>,
}

impl StageClock {
    /// A clock started now, or one that records nothing when the variable is unset.
    pub fn start() -> StageClock {
        let on = std::env::var_os("NESTOR_STAGE_TIMES").is_some();
        StageClock {
            last: on.then(std::time::Instant::now),
            laps: Vec::new(),
        }
    }

    /// Records the time since the previous lap as `stage`'s.
    pub fn lap(&mut self, stage: &'static str) {
        if let Some(last) = self.last {
            let now = std::time::Instant::now();
            self.laps.push((stage, (now - last).as_secs_f64() * 1e3));
            self.last = Some(now);
        }
    }

    /// Prints the laps of region `what`, if recording.
    pub fn report(&self, what: &str) {
        if self.last.is_some() {
            let laps: Vec<String> = (self.laps.iter())
                .map(|(stage, ms)| format!("{stage} {ms:.1}"))
                .collect();
            eprintln!("nestor: stage times (ms) of {what}: {}", laps.join(", "));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_apart_is_returned_and_the_counts_are_left_as_they_were() {
        let ctx = Context::alloc();
        take(&ctx);
        count_check();
        let ((), work) = apart(&ctx, || {
            count_check();
            count_check();
        });
        assert_eq!(work.checks, 2);
        assert_eq!(take(&ctx).checks, 1);
    }
}
