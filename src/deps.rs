//! Exact value-based dataflow, live ranges, and the legality of a proposed schedule.
//!
//! A schedule is legal when (Trifunovic & Cohen) every value still reaches its readers
//! and no live range of a memory cell is broken by another write to that cell — anti
//! and output dependences are *not* constraints. The interference test is the
//! three-operation form of Darte, Isoard & Yuki: a write `w'` breaks the live range
//! `(w, r)` of its cell when it can happen after `w` and before `r`.
//!
//! All relations are over *tagged* instances `[S[i] -> R3[]]` (statement instance and
//! reference), so every dependence and witness names the exact source reference.

use crate::model::Scop;
use isl_rs::{Context, LibISLError, UnionAccessInfo, UnionMap};

type Isl<T> = Result<T, LibISLError>;

fn copy(m: &UnionMap) -> Isl<UnionMap> {
    m.copy()
}

/// What the original program computes, independent of any order.
pub struct Dataflow {
    /// `{ [S[i] -> R[]] -> S[i] }`: a tagged instance's statement instance.
    pub tagger: UnionMap,
    /// Tagged writes and reads: `{ [S[i] -> R[]] -> A[..] }`.
    pub writes: UnionMap,
    pub reads: UnionMap,
    /// Value-based (exact) flow dependences, tagged: `{ w -> r }`, `r` reads the value
    /// `w` wrote. (All writes are must-writes: conditions live in the domains.)
    pub flow: UnionMap,
    /// Reads whose value comes from before the region: `{ r -> A[..] }`.
    pub live_in: UnionMap,
    /// The last write of every cell live after the region: `{ w -> A[..] }`.
    pub live_out: UnionMap,
    /// Memory-based dependences (output and anti), tagged `{ src -> sink }`; reported,
    /// never used as constraints.
    pub memory: UnionMap,
}

/// The original schedule over tagged instances: `{ [S[i] -> R[]] -> time }`.
fn tagged_schedule(tagger: &UnionMap, schedule: &UnionMap) -> Isl<UnionMap> {
    copy(tagger)?.apply_range(copy(schedule)?)
}

/// `{ S[i] -> time }` for `schedule` over `scop`'s domain.
pub fn schedule_map(scop: &Scop, schedule: &isl_rs::Schedule) -> Isl<UnionMap> {
    schedule.get_map()?.intersect_domain(scop.domain.copy()?)
}

/// Exact dataflow of `scop` under its original schedule.
pub fn dataflow(ctx: &Context, scop: &Scop) -> Isl<Dataflow> {
    let tagger = scop
        .writes
        .copy()?
        .domain()?
        .union(scop.reads.copy()?.domain()?)?
        .unwrap()?
        .domain_map()?;
    let original = schedule_map(scop, &scop.schedule)?;
    let timed = tagged_schedule(&tagger, &original)?;
    let flow_info = UnionAccessInfo::from_sink(scop.reads.copy()?)?
        .set_must_source(scop.writes.copy()?)?
        .set_may_source(UnionMap::empty_ctx(ctx)?)?
        .set_kill(UnionMap::empty_ctx(ctx)?)?
        .set_schedule_map(copy(&timed)?)?
        .compute_flow()?;
    let flow = flow_info.get_must_dependence()?;
    let live_in = flow_info.get_may_no_source()?;
    let memory = UnionAccessInfo::from_sink(scop.writes.copy()?)?
        .set_must_source(scop.writes.copy()?)?
        .set_may_source(scop.reads.copy()?)?
        .set_kill(UnionMap::empty_ctx(ctx)?)?
        .set_schedule_map(copy(&timed)?)?
        .compute_flow()?
        .get_may_dependence()?;
    let live_out =
        last_writes(&scop.writes, &timed)?.intersect_range(scop.live_out_cells.copy()?)?;
    Ok(Dataflow {
        tagger,
        writes: scop.writes.copy()?,
        reads: scop.reads.copy()?,
        flow,
        live_in,
        live_out,
        memory,
    })
}

/// The writes no other write of the same cell follows:
/// `{ w -> a : w writes a and there is no w' writing a with time(w) < time(w') }`.
fn last_writes(writes: &UnionMap, timed: &UnionMap) -> Isl<UnionMap> {
    let same_cell = copy(writes)?.apply_range(copy(writes)?.reverse()?)?;
    let overwritten = same_cell
        .intersect(copy(timed)?.lex_lt_union_map(copy(timed)?)?)?
        .domain()?;
    copy(writes)?.subtract_domain(overwritten)
}

/// Flow dependences without tags: `{ S[i] -> T[j] }`.
pub fn untagged(tagged: &UnionMap) -> Isl<UnionMap> {
    copy(tagged)?.domain_factor_domain()?.range_factor_domain()
}

/// The live ranges: each write paired with every read of its value, `{ w -> r }`
/// (that is the flow relation; the last read of each value closes the range).
pub fn live_ranges(df: &Dataflow) -> Isl<UnionMap> {
    copy(&df.flow)
}

/// How a schedule orders tagged instances: `{ x -> y : x certainly happens before y }`.
pub enum Order {
    /// A sequential schedule: the lexicographic order of time stamps.
    Sequential,
    /// As sequential, except that instances whose time stamps share `prefix` and differ
    /// in `parallel` run concurrently (a parallel loop): `prefix` maps each statement
    /// instance under the loop to the time stamp of the loops and sequences around it,
    /// `parallel` to the loop's own iteration.
    Parallel {
        prefix: UnionMap,
        parallel: UnionMap,
    },
}

/// `{ x -> y : x happens before y }` over tagged instances.
fn happens_before(df: &Dataflow, schedule: &UnionMap, order: &Order) -> Isl<UnionMap> {
    let timed = tagged_schedule(&df.tagger, schedule)?;
    let before = copy(&timed)?.lex_lt_union_map(copy(&timed)?)?;
    match order {
        Order::Sequential => Ok(before),
        Order::Parallel { prefix, parallel } => {
            let prefix = tagged_schedule(&df.tagger, prefix)?;
            let parallel = tagged_schedule(&df.tagger, parallel)?;
            let same_prefix = copy(&prefix)?.apply_range(prefix.reverse()?)?;
            let different_iteration = copy(&parallel)?
                .lex_lt_union_map(copy(&parallel)?)?
                .union(copy(&parallel)?.lex_gt_union_map(parallel)?)?;
            before.subtract(same_prefix.intersect(different_iteration)?)
        }
    }
}

/// Which check a schedule fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// A value would be read before it is written.
    FlowReversed,
    /// A write would overwrite a value before its last read.
    LiveRangeConflict,
    /// A write would happen before a read of the value the cell held before the region.
    LiveInOverwritten,
    /// A cell would not hold its last original value after the region.
    LiveOutChanged,
}

/// A concrete counterexample: instances (one isl sample point) and references.
#[derive(Clone, Debug)]
pub struct Violation {
    pub kind: ViolationKind,
    /// The violated relation, in isl notation.
    pub relation: String,
    /// One point of it, e.g. `[n = 2] -> { [[S0[0, 1] -> R0[]] -> [S1[0, 0] -> R3[]]] }`.
    pub witness: String,
    /// The access ids (`R3` is 3) the witness involves, in order of appearance.
    pub references: Vec<usize>,
}

#[derive(Clone, Debug)]
pub enum Verdict {
    /// The schedule computes the same values. `classic` says whether it also keeps
    /// every anti and output dependence (if not, it is legal thanks to the live-range
    /// test only).
    Legal { classic: bool },
    /// The first check the schedule fails, with a counterexample.
    Illegal(Violation),
}

/// Checks `schedule` (`{ S[i] -> time }`) against the dataflow of the original program.
pub fn check(df: &Dataflow, schedule: &UnionMap, order: &Order) -> Isl<Verdict> {
    let before = happens_before(df, schedule, order)?;
    let same_instance = copy(&df.tagger)?.apply_range(df.tagger.copy()?.reverse()?)?;
    let checks = [
        (ViolationKind::FlowReversed, reversed_flow(df, &before)?),
        (
            ViolationKind::LiveRangeConflict,
            live_range_conflicts(df, &before, &same_instance)?,
        ),
        (
            ViolationKind::LiveInOverwritten,
            live_in_overwritten(df, &before, &same_instance)?,
        ),
        (
            ViolationKind::LiveOutChanged,
            live_out_changed(df, &before)?,
        ),
    ];
    for (kind, violated) in checks {
        if !violated.is_empty()? {
            return Ok(Verdict::Illegal(violation(kind, violated)?));
        }
    }
    let all = copy(&df.flow)?.union(copy(&df.memory)?)?;
    Ok(Verdict::Legal {
        classic: all.subtract(before)?.is_empty()?,
    })
}

/// `{ w -> r ∈ flow : not (w before r) }`.
fn reversed_flow(df: &Dataflow, before: &UnionMap) -> Isl<UnionMap> {
    copy(&df.flow)?.subtract(copy(before)?)
}

/// `{ [w -> r] -> w' : w' writes the cell w wrote, w' != w, w' not before w,
///   r not before w', and w' not in r's statement instance (reads come first) }`.
pub fn live_range_conflicts(
    df: &Dataflow,
    before: &UnionMap,
    same_instance: &UnionMap,
) -> Isl<UnionMap> {
    let to_w = copy(&df.flow)?.domain_map()?; // [w -> r] -> w
    let to_r = copy(&df.flow)?.range_map()?; // [w -> r] -> r
    let candidates = copy(&to_w)?
        .apply_range(copy(&df.writes)?)?
        .apply_range(copy(&df.writes)?.reverse()?)?;
    let w_prime_before_w = copy(&to_w)?.apply_range(copy(before)?.reverse()?)?;
    let r_before_w_prime = copy(&to_r)?.apply_range(copy(before)?)?;
    let in_r_instance = to_r.apply_range(copy(same_instance)?)?;
    candidates
        .subtract(w_prime_before_w)?
        .subtract(r_before_w_prime)?
        .subtract(to_w)?
        .subtract(in_r_instance)
}

/// `{ r -> w' : r reads a live-in value of the cell w' writes, and r is not certainly
///   before w' }` (a write in r's own instance comes after the read).
fn live_in_overwritten(
    df: &Dataflow,
    before: &UnionMap,
    same_instance: &UnionMap,
) -> Isl<UnionMap> {
    copy(&df.live_in)?
        .apply_range(copy(&df.writes)?.reverse()?)?
        .subtract(copy(before)?)?
        .subtract(copy(same_instance)?)
}

/// `{ w -> w' : w is the last write of a live-out cell, w' another write of it, and
///   w' is not certainly before w }`.
fn live_out_changed(df: &Dataflow, before: &UnionMap) -> Isl<UnionMap> {
    let others = copy(&df.live_out)?.apply_range(copy(&df.writes)?.reverse()?)?;
    let identity = copy(&df.live_out)?.domain()?.identity()?;
    others
        .subtract(copy(before)?.reverse()?)?
        .subtract(identity)
}

fn violation(kind: ViolationKind, violated: UnionMap) -> Isl<Violation> {
    let relation = violated.copy()?.coalesce()?.to_str()?.to_string();
    let witness = violated.wrap()?.sample_point()?.to_str()?.to_string();
    Ok(Violation {
        kind,
        references: reference_ids(&witness),
        relation,
        witness,
    })
}

/// The `R<id>` tags in an isl string, in order, without repeats.
fn reference_ids(text: &str) -> Vec<usize> {
    let mut ids = Vec::new();
    let bytes = text.as_bytes();
    for (k, _) in text.match_indices('R') {
        let preceded_by_ident =
            k > 0 && (bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_');
        let digits: String = text[k + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if !preceded_by_ident
            && !digits.is_empty()
            && text[k + 1 + digits.len()..].starts_with("[]")
            && let Ok(id) = digits.parse()
            && !ids.contains(&id)
        {
            ids.push(id);
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::reference_ids;

    #[test]
    fn reference_ids_are_read_from_tags_only() {
        assert_eq!(
            reference_ids("{ [[S0[0] -> R12[]] -> [S1[1] -> R3[]]] -> R12[] ; AR4[] }"),
            vec![12, 3]
        );
    }
}
