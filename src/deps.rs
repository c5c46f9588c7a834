//! Exact value-based dataflow, live ranges, and the legality of a proposed schedule.
//!
//! A schedule is legal when (Trifunovic & Cohen) every value still reaches its readers
//! and no live range of a memory cell is broken by another write to that cell — anti
//! and output dependences are *not* constraints. The interference test is the
//! three-operation form of Darte, Isoard & Yuki: a write `w'` breaks the live range
//! `(w, r)` of its cell when it can happen after `w` and before `r`.
//!
//! Relations exist over statement instances `S[i]` (where the checks run) and over
//! *tagged* instances `[S[i] -> R3[]]` (statement instance and reference), so every
//! dependence and counterexample can name the exact source reference.

use crate::model::Scop;
use isl_rs::{Context, LibISLError, UnionAccessInfo, UnionMap};

type Isl<T> = Result<T, LibISLError>;

fn copy(m: &UnionMap) -> Isl<UnionMap> {
    m.copy()
}

/// The dataflow relations at one granularity: statement instances `S[i]`, or tagged
/// instances `[S[i] -> R[]]` (instance and reference).
pub struct Relations {
    /// Value-based (exact) flow dependences `{ w -> r }`: `r` reads the value `w`
    /// wrote. (All writes are must-writes: conditions live in the domains.)
    pub flow: UnionMap,
    /// `{ w -> A[..] }`.
    pub writes: UnionMap,
    /// Reads whose value comes from before the region: `{ r -> A[..] }`.
    pub live_in: UnionMap,
    /// The last write of every cell live after the region: `{ w -> A[..] }`.
    pub live_out: UnionMap,
    /// `{ x -> S[i] }`: the statement instance of each element (identity when untagged).
    pub instance: UnionMap,
}

/// What the original program computes, independent of any order. Checks run on the
/// untagged relations (cheaper); a violation is then located on the tagged ones, so
/// its witness names source references.
pub struct Dataflow {
    pub tagged: Relations,
    pub plain: Relations,
    /// Schedule-independent parts of the checks, on statement instances:
    /// `{ [w -> r] -> w' }`, `w'` writes the cell of the live range `(w, r)`;
    pub conflicts: UnionMap,
    /// `{ r -> w' }`, `r` reads a live-in value of the cell `w'` writes;
    pub live_in_writers: UnionMap,
    /// `{ w -> w' }`, `w` is the last write of a live-out cell `w'` also writes.
    pub live_out_writers: UnionMap,
    /// Memory-based dependences (output and anti) `{ S[i] -> T[j] }`; reported and used
    /// to tell whether a legal schedule needed the live-range test, never constraints.
    pub memory: UnionMap,
}

/// `{ S[i] -> time }` for `schedule` over `scop`'s domain.
pub fn schedule_map(scop: &Scop, schedule: &isl_rs::Schedule) -> Isl<UnionMap> {
    schedule.get_map()?.intersect_domain(scop.domain.copy()?)
}

/// Exact dataflow of `scop` under its original schedule ([`dataflow_under`] with
/// `scop.schedule`).
pub fn dataflow(ctx: &Context, scop: &Scop) -> Isl<Dataflow> {
    dataflow_under(ctx, scop, &scop.schedule)
}

/// Exact dataflow of `scop` when it runs in the order `<` of `schedule` (isl's
/// `compute_flow` with every write a must-source), on tagged instances `x = [S[i] -> R[]]`:
///
/// - `flow = { w -> r : r reads the cell w writes, w < r, and no write w'' of that cell
///   has w < w'' < r }`;
/// - `live_in = { r -> A[a] : no write of A[a] precedes r }`;
/// - `live_out = { w -> A[a] : A[a] is live after the region, w its last write }`;
/// - `memory = { S[i] -> T[j] : output and anti dependences }` (on instances; reported);
///
/// and the schedule-independent halves of the checks, on instances (`W` the writes):
/// `conflicts = { [w -> r] -> w' : (w -> r) in flow, W(w') = W(w) }`,
/// `live_in_writers = { r -> w' : W(w') = live_in(r) }`,
/// `live_out_writers = { w -> w' : W(w') = live_out(w) }`.
pub fn dataflow_under(ctx: &Context, scop: &Scop, schedule: &isl_rs::Schedule) -> Isl<Dataflow> {
    let tagger = scop
        .writes
        .copy()?
        .domain()?
        .union(scop.reads.copy()?.domain()?)?
        .unwrap()?
        .domain_map()?;
    let original = schedule_map(scop, schedule)?;
    let timed = copy(&tagger)?.apply_range(copy(&original)?)?;
    let flow_info = UnionAccessInfo::from_sink(scop.reads.copy()?)?
        .set_must_source(scop.writes.copy()?)?
        .set_may_source(UnionMap::empty_ctx(ctx)?)?
        .set_kill(UnionMap::empty_ctx(ctx)?)?
        .set_schedule_map(copy(&timed)?)?
        .compute_flow()?;
    let tagged = Relations {
        flow: flow_info.get_must_dependence()?,
        live_in: flow_info.get_may_no_source()?,
        live_out: last_writes(&scop.writes, &timed, &scop.live_out_cells)?,
        writes: scop.writes.copy()?,
        instance: tagger,
    };
    let plain_writes = scop.writes.copy()?.domain_factor_domain()?;
    let plain_reads = scop.reads.copy()?.domain_factor_domain()?;
    let memory = UnionAccessInfo::from_sink(copy(&plain_writes)?)?
        .set_must_source(copy(&plain_writes)?)?
        .set_may_source(plain_reads)?
        .set_kill(UnionMap::empty_ctx(ctx)?)?
        .set_schedule_map(copy(&original)?)?
        .compute_flow()?
        .get_may_dependence()?;
    let plain = Relations {
        flow: untagged(&tagged.flow)?,
        live_in: copy(&tagged.live_in)?.domain_factor_domain()?,
        live_out: copy(&tagged.live_out)?.domain_factor_domain()?,
        instance: scop.domain.copy()?.identity()?,
        writes: plain_writes,
    };
    let rewriters = copy(&plain.writes)?.reverse()?;
    Ok(Dataflow {
        conflicts: copy(&plain.flow)?
            .domain_map()?
            .apply_range(copy(&plain.writes)?)?
            .apply_range(copy(&rewriters)?)?,
        live_in_writers: copy(&plain.live_in)?.apply_range(copy(&rewriters)?)?,
        live_out_writers: copy(&plain.live_out)?.apply_range(rewriters)?,
        tagged,
        plain,
        memory,
    })
}

/// The writes of the cells in `cells` no other write of the same cell follows:
/// `{ w -> a : a in cells, w writes a, time(w) = max { time(w') : w' writes a } }`.
fn last_writes(writes: &UnionMap, timed: &UnionMap, cells: &isl_rs::UnionSet) -> Isl<UnionMap> {
    let written = copy(writes)?.intersect_range(cells.copy()?)?;
    let last_time = written
        .copy()?
        .reverse()?
        .apply_range(copy(timed)?)?
        .lexmax()?;
    last_time
        .apply_range(copy(timed)?.reverse()?)?
        .reverse()?
        .intersect(written)
}

/// A tagged relation without tags: `{ S[i] -> T[j] }`.
pub fn untagged(tagged: &UnionMap) -> Isl<UnionMap> {
    copy(tagged)?.domain_factor_domain()?.range_factor_domain()
}

/// Whether `changed` (the program with some storage changed) reads the same values as
/// `original`: the same flow dependences between statement instances, `flow(changed) =
/// flow(original)`, and the same reads of values from before the region,
/// `dom live_in(changed) = dom live_in(original)` (invariant 7).
pub fn same_values(original: &Dataflow, changed: &Dataflow) -> Isl<bool> {
    Ok(changed.plain.flow.is_equal(&original.plain.flow)?
        && copy(&changed.plain.live_in)?
            .domain()?
            .is_equal(&copy(&original.plain.live_in)?.domain()?)?)
}

/// The live ranges: each write paired with every read of its value, `{ w -> r }`
/// (that is the flow relation; the last read of each value closes the range).
pub fn live_ranges(df: &Dataflow) -> Isl<UnionMap> {
    copy(&df.tagged.flow)
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

/// `{ x -> y : x happens before y }` over the elements of `rel`: sequentially
/// `{ x -> y : T(x) <_lex T(y) }` for the time stamps `T` of `schedule`; for a parallel
/// loop, minus the pairs that share the loop's prefix `P` and differ in its iteration
/// `L`: `{ x -> y : T(x) <_lex T(y) } - { x -> y : P(x) = P(y) and L(x) != L(y) }`
/// (iterations of a parallel loop are not ordered).
fn happens_before(rel: &Relations, schedule: &UnionMap, order: &Order) -> Isl<UnionMap> {
    let timed = copy(&rel.instance)?.apply_range(copy(schedule)?)?;
    let before = copy(&timed)?.lex_lt_union_map(copy(&timed)?)?;
    match order {
        Order::Sequential => Ok(before),
        Order::Parallel { prefix, parallel } => {
            let prefix = copy(&rel.instance)?.apply_range(copy(prefix)?)?;
            let parallel = copy(&rel.instance)?.apply_range(copy(parallel)?)?;
            let same_prefix = copy(&prefix)?.apply_range(prefix.reverse()?)?;
            let different_iteration = copy(&parallel)?
                .lex_lt_union_map(copy(&parallel)?)?
                .union(copy(&parallel)?.lex_gt_union_map(parallel)?)?;
            before.subtract(same_prefix.intersect(different_iteration)?)
        }
    }
}

/// Which check a schedule fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
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

/// Whether `schedule` (`{ S[i] -> time }`) computes the same values as the original
/// program: [`check`] without the counterexample (cheaper, for searches).
pub fn is_legal(df: &Dataflow, schedule: &UnionMap, order: &Order) -> Isl<bool> {
    Ok(first_violated(&*plain_checker(df, schedule, order)?)?.is_none())
}

/// Checks `schedule` (`{ S[i] -> time }`, order `<`) against the dataflow of the
/// original program. It is legal when these four relations are empty, checked in order
/// (the first non-empty one is the violation, with a sample point as counterexample):
///
/// - flow reversed: `{ w -> r in flow : not (w < r) }`;
/// - live-range conflict: `{ [w -> r] -> w' in conflicts : w < w' < r }` (another
///   write of the cell between a value's write and one of its reads);
/// - live-in overwritten: `{ r -> w' in live_in_writers : w' < r }`;
/// - live-out changed: `{ w -> w' in live_out_writers : w < w' }`.
///
/// `classic` in the verdict says whether every anti and output dependence is kept too.
pub fn check(df: &Dataflow, schedule: &UnionMap, order: &Order) -> Isl<Verdict> {
    let plain = plain_checker(df, schedule, order)?;
    if let Some(kind) = first_violated(&*plain)? {
        let tagged = checker(&df.tagged, schedule, order)?.of(kind)?;
        return Ok(Verdict::Illegal(violation(kind, tagged)?));
    }
    let all = copy(&df.plain.flow)?.union(copy(&df.memory)?)?;
    Ok(Verdict::Legal {
        classic: plain.keeps(all)?,
    })
}

/// The checks on statement instances: in the time space for sequential schedules.
fn plain_checker<'a>(
    df: &'a Dataflow,
    schedule: &UnionMap,
    order: &Order,
) -> Isl<Box<dyn Violations + 'a>> {
    Ok(match (order, InTime::new(df, schedule)?) {
        (Order::Sequential, Some(in_time)) => Box::new(in_time),
        _ => checker(&df.plain, schedule, order)?,
    })
}

/// The first check (in the order flow, live ranges, live-in, live-out) that fails.
fn first_violated(checks: &dyn Violations) -> Isl<Option<ViolationKind>> {
    for kind in [
        ViolationKind::FlowReversed,
        ViolationKind::LiveRangeConflict,
        ViolationKind::LiveInOverwritten,
        ViolationKind::LiveOutChanged,
    ] {
        if !checks.of(kind)?.is_empty()? {
            return Ok(Some(kind));
        }
    }
    Ok(None)
}

/// The sequential checks on statement instances, done in the time space: each
/// relation is mapped to time stamps and intersected with the lexicographic order
/// (much cheaper than comparing the schedules of every pair of statements).
struct InTime<'a> {
    df: &'a Dataflow,
    schedule: UnionMap,
    /// `{ a -> b : a < b }`, `{ a -> b : a >= b }` and `{ [a -> b] -> c : a < c < b }`
    /// on time stamps.
    lt: UnionMap,
    ge: UnionMap,
    between: UnionMap,
}

impl<'a> InTime<'a> {
    /// `None` when the schedule's time stamps do not all live in one space.
    fn new(df: &'a Dataflow, schedule: &UnionMap) -> Isl<Option<InTime<'a>>> {
        let ctx = schedule.get_ctx();
        let Ok(times) = isl_rs::Set::from_union_set(schedule.copy()?.range()?) else {
            ctx.reset_error();
            return Ok(None);
        };
        let space = times.get_space()?.params()?.add_dims(
            isl_rs::DimType::Set,
            times.dim(isl_rs::DimType::Set)?.max(0) as u32,
        )?;
        let map = |m: isl_rs::Map| UnionMap::from_map(m);
        let lt = isl_rs::Map::lex_lt(space.copy()?)?;
        // { c -> [a -> b] : a < c < b }, reversed.
        let between = isl_rs::Map::lex_gt(space.copy()?)?
            .range_product(lt.copy()?)?
            .reverse()?;
        Ok(Some(InTime {
            df,
            schedule: copy(schedule)?,
            lt: map(lt)?,
            ge: map(isl_rs::Map::lex_ge(space)?)?,
            between: map(between)?,
        }))
    }

    /// `{ time(x) -> time(y) : x -> y in relation }`.
    fn in_time(&self, relation: &UnionMap) -> Isl<UnionMap> {
        copy(relation)?
            .apply_domain(copy(&self.schedule)?)?
            .apply_range(copy(&self.schedule)?)
    }
}

impl Violations for InTime<'_> {
    fn of(&self, kind: ViolationKind) -> Isl<UnionMap> {
        let df = self.df;
        match kind {
            ViolationKind::FlowReversed => self.in_time(&df.plain.flow)?.intersect(copy(&self.ge)?),
            ViolationKind::LiveRangeConflict => {
                let pairs = copy(&self.schedule)?.product(copy(&self.schedule)?)?;
                copy(&df.conflicts)?
                    .apply_domain(pairs)?
                    .apply_range(copy(&self.schedule)?)?
                    .intersect(copy(&self.between)?)
            }
            ViolationKind::LiveInOverwritten => self
                .in_time(&df.live_in_writers)?
                .intersect(copy(&self.lt)?.reverse()?),
            ViolationKind::LiveOutChanged => self
                .in_time(&df.live_out_writers)?
                .intersect(copy(&self.lt)?),
        }
    }

    fn keeps(&self, deps: UnionMap) -> Isl<bool> {
        self.in_time(&deps)?.intersect(copy(&self.ge)?)?.is_empty()
    }
}

fn checker<'a>(
    rel: &'a Relations,
    schedule: &UnionMap,
    order: &Order,
) -> Isl<Box<dyn Violations + 'a>> {
    Ok(match order {
        Order::Sequential => Box::new(Sequential {
            rel,
            timed: copy(&rel.instance)?.apply_range(copy(schedule)?)?,
        }),
        Order::Parallel { .. } => Box::new(General {
            rel,
            before: happens_before(rel, schedule, order)?,
            same_instance: copy(&rel.instance)?.apply_range(copy(&rel.instance)?.reverse()?)?,
        }),
    })
}

/// The violated part of each check under one schedule.
trait Violations {
    fn of(&self, kind: ViolationKind) -> Isl<UnionMap>;
    /// Whether every dependence in `deps` still goes forward.
    fn keeps(&self, deps: UnionMap) -> Isl<bool>;
}

/// The checks for a sequential schedule, as lexicographic comparisons of the time
/// stamps of exactly the instances each check relates (cheaper than building the
/// whole happens-before relation).
struct Sequential<'a> {
    rel: &'a Relations,
    /// `{ x -> time }`.
    timed: UnionMap,
}

impl Sequential<'_> {
    /// The schedule restricted to `elements`.
    fn times_of(&self, elements: isl_rs::UnionSet) -> Isl<UnionMap> {
        copy(&self.timed)?.intersect_domain(elements)
    }

    /// `{ [x -> y] -> time(x) }` for each `x -> y` in `relation` (`time(y)` when
    /// `of_range`).
    fn pair_times(&self, relation: &UnionMap, of_range: bool) -> Isl<UnionMap> {
        let project = if of_range {
            copy(relation)?.range_map()?
        } else {
            copy(relation)?.domain_map()?
        };
        project.apply_range(copy(&self.timed)?)
    }
}

impl Violations for Sequential<'_> {
    fn of(&self, kind: ViolationKind) -> Isl<UnionMap> {
        let rel = self.rel;
        let writes = self.times_of(rel.writes.copy()?.domain()?)?;
        let rewriters = copy(&rel.writes)?.reverse()?;
        match kind {
            // { w -> r : time(w) >= time(r) }
            ViolationKind::FlowReversed => {
                let src = self.times_of(rel.flow.copy()?.domain()?)?;
                let snk = self.times_of(rel.flow.copy()?.range()?)?;
                copy(&rel.flow)?.intersect(src.lex_ge_union_map(snk)?)
            }
            // { [w -> r] -> w' : w' writes w's cell and time(w) < time(w') < time(r) }
            ViolationKind::LiveRangeConflict => {
                let candidates = copy(&rel.flow)?
                    .domain_map()?
                    .apply_range(copy(&rel.writes)?)?
                    .apply_range(rewriters)?;
                let after_w = self
                    .pair_times(&rel.flow, false)?
                    .lex_lt_union_map(copy(&writes)?)?;
                let before_r = writes
                    .lex_lt_union_map(self.pair_times(&rel.flow, true)?)?
                    .reverse()?;
                candidates.intersect(after_w)?.intersect(before_r)
            }
            // { r -> w' : r reads a live-in value of the cell w' writes, time(w') < time(r) }
            ViolationKind::LiveInOverwritten => {
                let reads = self.times_of(rel.live_in.copy()?.domain()?)?;
                copy(&rel.live_in)?
                    .apply_range(rewriters)?
                    .intersect(reads.lex_gt_union_map(writes)?)
            }
            // { w -> w' : w last writes a live-out cell that w' writes, time(w) < time(w') }
            ViolationKind::LiveOutChanged => {
                let last = self.times_of(rel.live_out.copy()?.domain()?)?;
                copy(&rel.live_out)?
                    .apply_range(rewriters)?
                    .intersect(last.lex_lt_union_map(writes)?)
            }
        }
    }

    fn keeps(&self, deps: UnionMap) -> Isl<bool> {
        let src = self.times_of(deps.copy()?.domain()?)?;
        let snk = self.times_of(deps.copy()?.range()?)?;
        deps.intersect(src.lex_ge_union_map(snk)?)?.is_empty()
    }
}

/// The checks under any happens-before relation (used for parallel loops).
struct General<'a> {
    rel: &'a Relations,
    before: UnionMap,
    /// `{ x -> y : x and y belong to the same statement instance }`.
    same_instance: UnionMap,
}

impl Violations for General<'_> {
    fn of(&self, kind: ViolationKind) -> Isl<UnionMap> {
        match kind {
            ViolationKind::FlowReversed => copy(&self.rel.flow)?.subtract(copy(&self.before)?),
            ViolationKind::LiveRangeConflict => {
                live_range_conflicts(self.rel, &self.before, &self.same_instance)
            }
            ViolationKind::LiveInOverwritten => {
                live_in_overwritten(self.rel, &self.before, &self.same_instance)
            }
            ViolationKind::LiveOutChanged => live_out_changed(self.rel, &self.before),
        }
    }

    fn keeps(&self, deps: UnionMap) -> Isl<bool> {
        deps.subtract(copy(&self.before)?)?.is_empty()
    }
}

/// `{ [w -> r] -> w' : w' writes the cell w wrote, w' != w, w' not before w,
///   r not before w', and w' not in r's statement instance (reads come first) }`.
fn live_range_conflicts(
    df: &Relations,
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
    df: &Relations,
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
fn live_out_changed(df: &Relations, before: &UnionMap) -> Isl<UnionMap> {
    let others = copy(&df.live_out)?.apply_range(copy(&df.writes)?.reverse()?)?;
    let identity = copy(&df.live_out)?.domain()?.identity()?;
    others
        .subtract(copy(before)?.reverse()?)?
        .subtract(identity)
}

fn violation(kind: ViolationKind, violated: UnionMap) -> Isl<Violation> {
    let relation = violated.copy()?.coalesce()?.to_str()?.to_string();
    let point = violated.wrap()?.sample_point()?;
    let mut references = Vec::new();
    reference_ids(point.get_space()?, &mut references)?;
    Ok(Violation {
        kind,
        references,
        relation,
        witness: point.to_str()?.to_string(),
    })
}

/// Appends the reference ids of the tags in `space` (a tagged instance is the wrapped
/// space `[S[i] -> R3[]]`, whose id is 3; pairs of them are nested wraps), in order,
/// without repeats.
fn reference_ids(space: isl_rs::Space, ids: &mut Vec<usize>) -> Isl<()> {
    if !space.is_wrapping()? {
        return Ok(());
    }
    let pair = space.unwrap()?;
    let range = pair.copy()?.range()?;
    if range.is_wrapping()? {
        reference_ids(pair.domain()?, ids)?;
        return reference_ids(range, ids);
    }
    let tag = range.get_tuple_name(isl_rs::DimType::Set)?;
    if let Some(id) = tag.strip_prefix('R').and_then(|d| d.parse().ok())
        && !ids.contains(&id)
    {
        ids.push(id);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::reference_ids;

    fn ids(set: &str) -> Vec<usize> {
        let ctx = isl_rs::Context::alloc();
        let set = isl_rs::Set::read_from_str(&ctx, set).unwrap();
        let mut ids = Vec::new();
        reference_ids(set.get_space().unwrap(), &mut ids).unwrap();
        ids
    }

    #[test]
    fn reference_ids_are_read_from_tags_only() {
        assert_eq!(
            ids("{ [[[S0[0] -> R12[]] -> [S1[1] -> R3[]]] -> [S0[1] -> R12[]]] }"),
            vec![12, 3]
        );
        assert_eq!(ids("{ [S0[0] -> R7[]] }"), vec![7]);
        assert_eq!(ids("{ R4[0] }"), Vec::<usize>::new());
    }
}
