//! Exact value-based dataflow of a region in one order: which write each read sees,
//! the values live into and out of the region, the memory-based dependences, and the
//! schedule-independent halves of the legality checks (`deps`).
//!
//! Relations exist over statement instances `S[i]` (where the checks run) and over
//! *tagged* instances `[S[i] -> R3[]]` (statement instance and reference), so every
//! dependence and counterexample can name the exact source reference.

use crate::analysis::order::Order;
use crate::model::Scop;
use crate::support::contain::Started;
use crate::support::work::Work;
use isl_rs::{Context, LibISLError, Space, UnionAccessInfo, UnionMap, UnionSet};
use std::cell::RefCell;

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
    /// The live-range orders ([`InTime::inside`]) built so far, by time space and
    /// order: the candidates of a region share a few time spaces, and this relation
    /// over time stamps of 7 to 12 dimensions is costly to build.
    pub(super) inside: RefCell<Vec<(Space, Order, UnionMap)>>,
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
    let memory = memory_started(ctx, scop, &original);
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
    let memory = memory_collected(ctx, scop, &original, memory)?;
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
        inside: RefCell::new(Vec::new()),
    })
}

/// The memory-based dependences of `scop` run in `original` (`{ S[i] -> T[j] }`: each
/// access to the next write of its cell, with no write in between): dataflow with the
/// reads as may-sources, the costly kind.
fn memory_dependences(ctx: &Context, scop: &Scop, original: &UnionMap) -> Isl<UnionMap> {
    let plain_writes = scop.writes.copy()?.domain_factor_domain()?;
    let plain_reads = scop.reads.copy()?.domain_factor_domain()?;
    UnionAccessInfo::from_sink(copy(&plain_writes)?)?
        .set_must_source(plain_writes)?
        .set_may_source(plain_reads)?
        .set_kill(UnionMap::empty_ctx(ctx)?)?
        .set_schedule_map(copy(original)?)?
        .compute_flow()?
        .get_may_dependence()
}

/// [`memory_dependences`] started in a child process, so that it runs on another core
/// while this one computes the flow: as isl's text, with the work it did.
fn memory_started(
    ctx: &Context,
    scop: &Scop,
    original: &UnionMap,
) -> Started<Option<(String, Work)>> {
    crate::support::contain::started_within(None, || {
        let (text, work) = crate::support::work::apart(ctx, || {
            memory_dependences(ctx, scop, original).and_then(|m| Ok(m.to_str()?.to_string()))
        });
        text.ok().map(|t| (t, work))
    })
}

/// The relation `started` computed, read back; computed here where the child gave
/// nothing (isl failed, or it crashed: the same computation here says how).
fn memory_collected(
    ctx: &Context,
    scop: &Scop,
    original: &UnionMap,
    started: Started<Option<(String, Work)>>,
) -> Isl<UnionMap> {
    if let Ok(Some((text, work))) = started.result() {
        crate::support::work::add(work);
        return UnionMap::read_from_str(ctx, &text);
    }
    memory_dependences(ctx, scop, original)
}

/// The writes of the cells in `cells` no other write of the same cell follows:
/// `{ w -> a : a in cells, w writes a, time(w) = max { time(w') : w' writes a } }`.
fn last_writes(writes: &UnionMap, timed: &UnionMap, cells: &UnionSet) -> Isl<UnionMap> {
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

/// Whether `changed` (the program with some storage changed, its accesses keeping
/// their references) reads the same values as `original`: every read reference of
/// every instance reads the value of the same write, `flow(changed) = flow(original)`
/// over tagged instances `[S[i] -> R[]]`, and the same reads read values from before
/// the region, `dom live_in(changed) = dom live_in(original)` (invariant 7). Over
/// statement instances alone, a read that took another's source in the same
/// instance would pass: a scalar forwarded into `y[i]` while the statement also reads
/// `y[j]` at `j = i` (reading the partial sum where it read `y[i]` from before).
pub fn same_values(original: &Dataflow, changed: &Dataflow) -> Isl<bool> {
    Ok(changed.tagged.flow.is_equal(&original.tagged.flow)?
        && copy(&changed.tagged.live_in)?
            .domain()?
            .is_equal(&copy(&original.tagged.live_in)?.domain()?)?)
}

/// Whether `changed` leaves the same values behind as `original`: the same last write
/// of every cell live after the region, `live_out(changed) = live_out(original)`.
pub fn same_live_out(original: &Dataflow, changed: &Dataflow) -> Isl<bool> {
    changed.plain.live_out.is_equal(&original.plain.live_out)
}

/// Whether the region reads values of `array` (a C name, of rank `rank`) from before
/// it: `range(live_in) ∩ { array[c] } ≠ ∅`.
pub fn reads_live_in(ctx: &Context, df: &Dataflow, array: &str, rank: usize) -> Isl<bool> {
    let dims: Vec<String> = (0..rank).map(|k| format!("c{k}")).collect();
    let name = crate::model::isl_name(array);
    let cells = UnionSet::read_from_str(ctx, &format!("{{ {name}[{}] }}", dims.join(", ")))?;
    Ok(!copy(&df.plain.live_in)?
        .range()?
        .intersect(cells)?
        .is_empty()?)
}

/// The live ranges: each write paired with every read of its value, `{ w -> r }`
/// (that is the flow relation; the last read of each value closes the range).
pub fn live_ranges(df: &Dataflow) -> Isl<UnionMap> {
    copy(&df.tagged.flow)
}

impl Relations {
    /// The relations among the elements of `instances` only.
    pub(super) fn restricted(&self, instances: UnionSet) -> Isl<Relations> {
        let elements = copy(&self.instance)?.intersect_range(instances)?.domain()?;
        let within = |m: &UnionMap| copy(m)?.intersect_domain(elements.copy()?);
        Ok(Relations {
            flow: within(&self.flow)?.intersect_range(elements.copy()?)?,
            writes: within(&self.writes)?,
            live_in: within(&self.live_in)?,
            live_out: within(&self.live_out)?,
            instance: within(&self.instance)?,
        })
    }
}
