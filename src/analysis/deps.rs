//! The legality of a proposed schedule against the original program's dataflow
//! (`dataflow`).
//!
//! A schedule is legal when (Trifunovic & Cohen) every value still reaches its readers
//! and no live range of a memory cell is broken by another write to that cell — anti
//! and output dependences are *not* constraints. The interference test is the
//! three-operation form of Darte, Isoard & Yuki: a write `w'` breaks the live range
//! `(w, r)` of its cell when it can happen after `w` and before `r`.
//! Checks run on statement instances `S[i]`; a violation is then located on tagged
//! instances `[S[i] -> R3[]]`, so its counterexample names the source reference.

pub use crate::analysis::dataflow::{Dataflow, Relations};
pub use crate::analysis::order::Order;
pub use crate::analysis::witness::{Violation, ViolationKind};
use crate::analysis::witness::{
    live_in_overwritten, live_out_changed, live_range_conflicts, violation,
};
use isl_rs::{LibISLError, Map, Set, Space, UnionMap, UnionSet};

type Isl<T> = Result<T, LibISLError>;

fn copy(m: &UnionMap) -> Isl<UnionMap> {
    m.copy()
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
pub fn is_legal(
    df: &Dataflow,
    schedule: &UnionMap,
    order: &Order,
    reordered: Option<&UnionSet>,
) -> Isl<bool> {
    Ok(matches!(
        first_violation(df, schedule, order, reordered, false)?,
        Checked::Legal { .. }
    ))
}

/// The first check of [`check`] that `schedule` fails, without a counterexample.
///
/// `base_keeps_memory_order`: the schedule before the change (`reordered`) kept every
/// memory-based dependence.
pub fn first_violation(
    df: &Dataflow,
    schedule: &UnionMap,
    order: &Order,
    reordered: Option<&UnionSet>,
    base_keeps_memory_order: bool,
) -> Isl<Checked> {
    let obligations = Obligations {
        base_keeps_memory_order: base_keeps_memory_order && reordered.is_some(),
        ..Obligations::among(df, reordered)
    };
    Ok(
        match InTime::new(df, &obligations, schedule, order)?.first_violated(false)? {
            Found::Violated(kind, _) => Checked::Violated(kind),
            Found::Legal { keeps_memory_order } => Checked::Legal { keeps_memory_order },
        },
    )
}

/// What [`first_violation`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The first check the schedule fails.
    Violated(ViolationKind),
    /// Every check holds. `keeps_memory_order`: the schedule keeps every memory-based
    /// dependence too (where it does not, the live-range test let it through).
    Legal { keeps_memory_order: bool },
}

/// What [`InTime::first_violated`] found: the violated relation on time stamps.
enum Found {
    Violated(ViolationKind, UnionMap),
    /// `keeps_memory_order` as in [`Checked::Legal`]; `false` where not asked.
    Legal {
        keeps_memory_order: bool,
    },
}

/// Checks `schedule` (`{ S[i] -> time }`, run in `order`) against the dataflow of the
/// original program. With `B` the happens-before relation of `order`, it is legal when
/// these four relations are empty, checked in order (the first non-empty one is the
/// violation, with a sample point as counterexample):
///
/// - flow reversed: `{ w -> r in flow : not B(w, r) }`;
/// - live-range conflict: `{ [w -> r] -> w' in conflicts : w' != w, w' != r,
///   not B(w', w), not B(r, w') }` (another write of the cell may fall between a
///   value's write and one of its reads);
/// - live-in overwritten: `{ r -> w' in live_in_writers : r != w', not B(r, w') }`;
/// - live-out changed: `{ w -> w' in live_out_writers : w != w', not B(w', w) }`.
///
/// Sequentially (`B` is `<`) these are `w >= r`, `w < w' < r`, `w' < r` and `w < w'`.
/// Once the flow holds, a schedule that keeps every memory-based dependence passes the
/// other three without computing them (`InTime::keeps_memory_order`).
/// `classic` in the verdict says whether every anti and output dependence is kept too.
///
/// `reordered`: when the schedule orders every pair of instances as a schedule already
/// known legal does, except pairs of instances both in `reordered`, only those pairs
/// are checked ([`Obligations::among`]); `classic` then speaks of them alone.
pub fn check(
    df: &Dataflow,
    schedule: &UnionMap,
    order: &Order,
    reordered: Option<&UnionSet>,
) -> Isl<Verdict> {
    let obligations = Obligations::among(df, reordered);
    let checks = InTime::new(df, &obligations, schedule, order)?;
    if let Found::Violated(kind, violated) = checks.first_violated(false)? {
        return Ok(Verdict::Illegal(checks.witness(kind, violated)?));
    }
    Ok(Verdict::Legal {
        classic: checks.keeps(obligations.all_dependences()?)?,
    })
}

/// [`check`] without telling whether anti and output dependences are kept: the
/// counterexample to the first check `schedule` fails, if any.
pub fn counterexample(
    df: &Dataflow,
    schedule: &UnionMap,
    order: &Order,
    reordered: Option<&UnionSet>,
) -> Isl<Option<Violation>> {
    let obligations = Obligations::among(df, reordered);
    let checks = InTime::new(df, &obligations, schedule, order)?;
    match checks.first_violated(false)? {
        Found::Violated(kind, violated) => checks.witness(kind, violated).map(Some),
        Found::Legal { .. } => Ok(None),
    }
}

/// The schedule-independent halves of the four checks of [`check`] (on statement
/// instances), and the dependences `classic` is about: all of `df`'s, or with
/// `reordered` (`X`) those a change of order within `X` can violate, given that the
/// order before the change was legal: a violation needs a pair whose order changed, so
/// `flow ∩ (X × X)`, `live_in_writers ∩ (X × X)`, `live_out_writers ∩ (X × X)` and
/// `{ [w -> r] -> w' in conflicts : w' in X and (w in X or r in X) }`
/// (the old order had `w' < w` or `r < w'`: that pair changed). Each is computed when
/// a check asks for it: most checks end before the live-range conflicts.
struct Obligations<'a> {
    df: &'a Dataflow,
    reordered: Option<&'a UnionSet>,
    /// Whether the order before the change kept every memory-based dependence.
    base_keeps_memory_order: bool,
}

impl<'a> Obligations<'a> {
    fn among(df: &'a Dataflow, reordered: Option<&'a UnionSet>) -> Obligations<'a> {
        Obligations {
            df,
            reordered,
            base_keeps_memory_order: false,
        }
    }

    /// The memory-based dependences a schedule must keep to keep them all: `memory ∩
    /// (X × X)` where the order before the change kept them all (the others keep that
    /// order), else all of them.
    fn memory_order(&self) -> Isl<UnionMap> {
        if self.base_keeps_memory_order {
            self.within(&self.df.memory)
        } else {
            copy(&self.df.memory)
        }
    }

    /// `m ∩ (X × X)`, or `m` when every instance may be reordered.
    fn within(&self, m: &UnionMap) -> Isl<UnionMap> {
        match self.reordered {
            None => copy(m),
            Some(x) => copy(m)?
                .intersect_domain(x.copy()?)?
                .intersect_range(x.copy()?),
        }
    }

    fn flow(&self) -> Isl<UnionMap> {
        self.within(&self.df.plain.flow)
    }

    fn conflicts(&self) -> Isl<UnionMap> {
        let df = self.df;
        let Some(x) = self.reordered else {
            return copy(&df.conflicts);
        };
        let touching = copy(&df.plain.flow)?
            .intersect_domain(x.copy()?)?
            .union(copy(&df.plain.flow)?.intersect_range(x.copy()?)?)?;
        copy(&df.conflicts)?
            .intersect_range(x.copy()?)?
            .intersect_domain(touching.wrap()?)
    }

    fn live_in_writers(&self) -> Isl<UnionMap> {
        self.within(&self.df.live_in_writers)
    }

    fn live_out_writers(&self) -> Isl<UnionMap> {
        self.within(&self.df.live_out_writers)
    }

    /// Flow, output and anti dependences.
    fn all_dependences(&self) -> Isl<UnionMap> {
        self.within(&copy(&self.df.plain.flow)?.union(copy(&self.df.memory)?)?)
    }
}

/// What running a schedule in an order with a concurrent loop ([`Order::Parallel`])
/// does to the values computed.
pub enum Concurrency {
    /// A check fails: its counterexample.
    Violation(Violation),
    /// Every check holds, but two instances run concurrently write the same cell:
    /// values nobody reads (which the live-range test lets through) still race.
    Races,
    Legal,
}

/// What is known of a schedule run sequentially, before one of its loops is run in
/// parallel ([`concurrency`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequential {
    Unknown,
    /// It computes the same values as the original program.
    Legal,
    /// It also keeps every memory-based dependence ([`keeps_memory_order`]).
    KeepsMemoryOrder,
}

/// Whether `schedule` run sequentially keeps every flow and memory-based dependence
/// of the region: `{ time(x) -> time(y) : x -> y in flow ∪ memory } ∩ (>=_lex) = ∅`.
pub fn keeps_memory_order(df: &Dataflow, schedule: &UnionMap) -> Isl<bool> {
    let dependences = copy(&df.plain.flow)?.union(copy(&df.memory)?)?;
    let later_or_same = UnionMap::from_map(Map::lex_ge(time_space(schedule)?)?)?;
    in_time(&dependences, schedule)?
        .intersect(later_or_same)?
        .is_empty()
}

/// `{ time(x) -> time(y) : x -> y in relation }` for `schedule` (`{ S[i] -> time }`).
fn in_time(relation: &UnionMap, schedule: &UnionMap) -> Isl<UnionMap> {
    copy(relation)?
        .apply_domain(copy(schedule)?)?
        .apply_range(copy(schedule)?)
}

/// [`check`] of `schedule` run in `order`, then whether two concurrent instances write
/// the same cell (`{ w -> w' : W(w) = W(w'), w, w' concurrent }` non-empty); only
/// instances of `within` when given (those `order` may run concurrently).
///
/// `sequential`: what is known of the schedule run sequentially. Legal: only pairs
/// `order` runs concurrently can violate a check (`InTime::of_concurrent`). Keeping
/// every memory-based dependence too: when no flow or memory-based dependence of
/// instances of `within` joins two instances `order` runs concurrently, each is in the
/// happens-before order (a transitive one: a parallel loop's iterations each run in
/// sequence), so every cell's accesses keep their original order and the band is legal,
/// without races, with no other check.
pub fn concurrency(
    df: &Dataflow,
    schedule: &UnionMap,
    order: &Order,
    within: Option<&UnionSet>,
    sequential: Sequential,
) -> Isl<Concurrency> {
    let obligations = Obligations::among(df, within);
    let checks = InTime::new(df, &obligations, schedule, order)?;
    if sequential == Sequential::KeepsMemoryOrder
        && !checks.concurrent_pairs(&obligations.all_dependences()?)?
    {
        return Ok(Concurrency::Legal);
    }
    let sequential_legal = sequential != Sequential::Unknown;
    if let Found::Violated(kind, violated) = checks.first_violated(sequential_legal)? {
        return Ok(Concurrency::Violation(checks.witness(kind, violated)?));
    }
    let mut writes = copy(&df.plain.writes)?;
    if let Some(within) = within {
        writes = writes.intersect_domain(within.copy()?)?;
    }
    let same_cell = copy(&writes)?.apply_range(writes.reverse()?)?;
    if checks.concurrent_pairs(&same_cell)? {
        return Ok(Concurrency::Races);
    }
    Ok(Concurrency::Legal)
}

/// The checks on statement instances, done in the time space: each relation is mapped
/// to time stamps and intersected with the order there (much cheaper than ordering
/// every pair of instances). The time stamps of distinct instances differ.
struct InTime<'a> {
    df: &'a Dataflow,
    obligations: &'a Obligations<'a>,
    /// `{ S[i] -> time }`.
    schedule: UnionMap,
    /// The time stamps' space.
    space: Space,
    order: Order,
    /// `{ a -> b : a and b run concurrently }` ([`Order::concurrent`]).
    concurrent: Map,
    /// `{ a -> b : not B(a, b) }`, `B = { a -> b : a happens before b }`.
    not_before: UnionMap,
    /// `{ a -> b : a != b and not B(a, b) }`.
    distinct_not_before: Map,
}

impl<'a> InTime<'a> {
    /// Built from the lexicographic orders (`a >=_lex b` and not `a - concurrent`):
    /// isl represents complements of them far less compactly.
    fn new(
        df: &'a Dataflow,
        obligations: &'a Obligations,
        schedule: &UnionMap,
        order: &Order,
    ) -> Isl<InTime<'a>> {
        crate::support::work::count_check();
        let space = time_space(schedule)?;
        let concurrent = order.concurrent(space.copy()?)?;
        let not_before = Map::lex_ge(space.copy()?)?.union(concurrent.copy()?)?;
        let distinct_not_before = Map::lex_gt(space.copy()?)?.union(concurrent.copy()?)?;
        Ok(InTime {
            df,
            obligations,
            schedule: copy(schedule)?,
            space,
            order: order.clone(),
            concurrent,
            not_before: UnionMap::from_map(not_before)?,
            distinct_not_before,
        })
    }

    /// `B = { a -> b : a happens before b }` on time stamps.
    fn before(&self) -> Isl<Map> {
        Map::lex_lt(self.space.copy()?)?.subtract(self.concurrent.copy()?)
    }

    /// `{ x -> y : B(time(x), time(y)) }` for `timed` (`{ x -> time(x) }`, few
    /// elements): `B` restricted to the pairs of their time stamps first, so that the
    /// compositions below see only those pairs.
    fn before_among(&self, timed: &UnionMap) -> Isl<UnionMap> {
        let stamps = copy(timed)?.range()?;
        let pairs = UnionMap::from_domain_and_range(stamps.copy()?, stamps)?
            .intersect(UnionMap::from_map(self.before()?)?)?;
        copy(timed)?
            .apply_range(pairs)?
            .apply_range(copy(timed)?.reverse()?)
    }

    /// `{ [a -> b] -> c : c != a, c != b, not B(c, a), not B(b, c) }`: `c` may fall
    /// inside a live range from `a` to `b`.
    fn inside(&self) -> Isl<UnionMap> {
        let mut known = self.df.inside.borrow_mut();
        for (space, order, inside) in known.iter() {
            if *order == self.order && space.is_equal(&self.space)? {
                return copy(inside);
            }
        }
        let after = self.distinct_not_before.copy()?;
        // { c -> a : ... } with { c -> b : ... }, reversed.
        let inside = UnionMap::from_map(after.copy()?.range_product(after.reverse()?)?.reverse()?)?;
        known.push((self.space.copy()?, self.order.clone(), copy(&inside)?));
        Ok(inside)
    }

    /// `{ a -> b : a != b and not B(a, b) }`.
    fn distinct_not_before(&self) -> Isl<UnionMap> {
        UnionMap::from_map(self.distinct_not_before.copy()?)
    }

    /// Whether `time(pairs) ∩ concurrent ≠ ∅` (`concurrent` is symmetric: it is also
    /// the pairs neither before the other, `(lex_gt ∪ concurrent) ∩ (lex_lt ∪ concurrent)`).
    fn concurrent_pairs(&self, pairs: &UnionMap) -> Isl<bool> {
        Ok(!self
            .in_time(pairs)?
            .intersect(UnionMap::from_map(self.concurrent.copy()?)?)?
            .is_empty()?)
    }

    /// `{ time(x) -> time(y) : x -> y in relation }`.
    fn in_time(&self, relation: &UnionMap) -> Isl<UnionMap> {
        in_time(relation, &self.schedule)
    }

    /// `{ [x -> y] -> [time(x) -> time(y)] : x -> y in pairs }` (only the pairs of
    /// statements `pairs` relates, unlike the product of the schedule with itself).
    fn pair_times(&self, pairs: UnionMap) -> Isl<UnionMap> {
        let first = copy(&pairs)?
            .domain_map()?
            .apply_range(copy(&self.schedule)?)?;
        let second = pairs.range_map()?.apply_range(copy(&self.schedule)?)?;
        first.range_product(second)
    }

    /// The violated part of check `kind`, on time stamps.
    fn of(&self, kind: ViolationKind) -> Isl<UnionMap> {
        let obligations = self.obligations;
        match kind {
            ViolationKind::FlowReversed => self
                .in_time(&obligations.flow()?)?
                .intersect(copy(&self.not_before)?),
            ViolationKind::LiveRangeConflict => self.broken_live_ranges(obligations.conflicts()?),
            ViolationKind::LiveInOverwritten => self
                .in_time(&obligations.live_in_writers()?)?
                .intersect(self.distinct_not_before()?),
            ViolationKind::LiveOutChanged => self
                .in_time(&obligations.live_out_writers()?)?
                .intersect(self.distinct_not_before()?.reverse()?),
        }
    }

    /// The violated part of the live-range check for `conflicts` (`{ [w -> r] -> w' }`),
    /// on time stamps.
    fn broken_live_ranges(&self, conflicts: UnionMap) -> Isl<UnionMap> {
        let ranges = copy(&conflicts)?.domain()?.unwrap()?;
        conflicts
            .apply_domain(self.pair_times(ranges)?)?
            .apply_range(copy(&self.schedule)?)?
            .intersect(self.inside()?)
    }

    /// The first check (in the order of [`ViolationKind::ALL`]) that fails, with its
    /// violated relation on time stamps ([`InTime::of_concurrent`] when the schedule run
    /// sequentially is known legal).
    fn first_violated(&self, sequential_legal: bool) -> Isl<Found> {
        for kind in ViolationKind::ALL {
            let violated = if sequential_legal {
                self.of_concurrent(kind)?
            } else {
                Some(self.of(kind)?)
            };
            if let Some(violated) = violated
                && !violated.is_empty()?
            {
                return Ok(Found::Violated(kind, violated));
            }
            if kind == ViolationKind::FlowReversed
                && !sequential_legal
                && self.keeps_memory_order()?
            {
                return Ok(Found::Legal {
                    keeps_memory_order: true,
                });
            }
        }
        Ok(Found::Legal {
            keeps_memory_order: false,
        })
    }

    /// [`InTime::of`] where the schedule run sequentially is legal: a violation then
    /// needs a pair of instances the sequential order ordered and `order` runs
    /// concurrently. A flow `w -> r` has `w <_lex r`, so it is violated exactly where
    /// `time(w), time(r)` are concurrent; likewise a live-in read and a later write of
    /// its cell, and a last write and an earlier write of its cell. A live range
    /// `(w, r)` and a write `w'` of its cell (`w' <_lex w` or `r <_lex w'`) need `w'`
    /// concurrent with `w` or with `r`: when no such pair is, the check holds (`None`),
    /// else it is computed as [`InTime::of`] does.
    fn of_concurrent(&self, kind: ViolationKind) -> Isl<Option<UnionMap>> {
        let o = self.obligations;
        let concurrent = |pairs: &UnionMap| -> Isl<UnionMap> {
            self.in_time(pairs)?
                .intersect(UnionMap::from_map(self.concurrent.copy()?)?)
        };
        match kind {
            ViolationKind::FlowReversed => concurrent(&o.flow()?).map(Some),
            ViolationKind::LiveRangeConflict => self.broken_concurrent_live_ranges(o.conflicts()?),
            ViolationKind::LiveInOverwritten => concurrent(&o.live_in_writers()?).map(Some),
            ViolationKind::LiveOutChanged => concurrent(&o.live_out_writers()?).map(Some),
        }
    }

    /// The live-range check where the order run sequentially is legal, by pairs: a
    /// write `w'` of the cell of a live range `(w, r)` lies outside it in the
    /// sequential order, and falls inside it in `order` exactly where `w' <_lex w` and
    /// `w'` runs concurrently with `w`, or `r <_lex w'` and `w'` concurrently with `r`:
    /// `{ w -> w' } ∩ concurrent ∩ (>_lex)`, then `{ r -> w' } ∩ concurrent ∩ (<_lex)`,
    /// on time stamps, of the pairs `conflicts` relates (first whether any pair runs
    /// concurrently at all: most loops checked have none). Pairs of time stamps are far
    /// cheaper than the triples [`InTime::broken_live_ranges`] orders. `None` when both
    /// are empty; else the violated triples at one such pair.
    fn broken_concurrent_live_ranges(&self, conflicts: UnionMap) -> Isl<Option<UnionMap>> {
        let concurrent = UnionMap::from_map(self.concurrent.copy()?)?;
        let writes = copy(&conflicts)?.domain_factor_domain()?;
        let writes = self.in_time(&writes)?.intersect(copy(&concurrent)?)?;
        let reads = copy(&conflicts)?.domain_factor_range()?;
        let reads = self.in_time(&reads)?.intersect(concurrent)?;
        if writes.is_empty()? && reads.is_empty()? {
            return Ok(None);
        }
        let earlier = writes.intersect(UnionMap::from_map(Map::lex_gt(self.space.copy()?)?)?)?;
        if !earlier.is_empty()? {
            return self.triples_at(conflicts, earlier, false).map(Some);
        }
        let later = reads.intersect(UnionMap::from_map(Map::lex_lt(self.space.copy()?)?)?)?;
        if !later.is_empty()? {
            return self.triples_at(conflicts, later, true).map(Some);
        }
        Ok(None)
    }

    /// `[time(w) -> time(r)] -> time(w')` for the triples of `conflicts` at one pair of
    /// `pairs` (`time(x) -> time(w')`, `x` the live range's write, or its read when
    /// `read`).
    fn triples_at(&self, conflicts: UnionMap, pairs: UnionMap, read: bool) -> Isl<UnionMap> {
        let pair = Set::from_point(pairs.wrap()?.sample_point()?)?.unwrap()?;
        let instances = |stamp: Set| -> Isl<UnionSet> {
            copy(&self.schedule)?
                .intersect_range(UnionSet::from_set(stamp)?)?
                .domain()
        };
        let x = instances(pair.copy()?.domain()?)?;
        let writer = instances(pair.range()?)?;
        let both = UnionMap::from_domain_and_range(x, writer.copy()?)?;
        let at = conflicts.intersect_range(writer)?;
        let at = match read {
            false => at.intersect_domain_factor_domain(both)?,
            true => at.intersect_domain_factor_range(both)?,
        };
        let ranges = copy(&at)?.domain()?.unwrap()?;
        at.apply_domain(self.pair_times(ranges)?)?
            .apply_range(copy(&self.schedule)?)
    }

    /// Whether every memory-based dependence of the whole region (`df.memory`, not the
    /// obligations') still goes forward. With the flow dependences kept, every cell's
    /// accesses then run in their original order (each write after the write and the
    /// reads before it, each read after its write), so no live range is broken, no
    /// live-in value overwritten, no last write changed: the three other checks hold.
    /// Cheaper than the live-range check by far (pairs of time stamps, not triples;
    /// PolyBench's legal candidates: 2.2 against 8.4 ms each), and it holds for every
    /// legal candidate there; a candidate legal only thanks to the live-range test pays
    /// both. The whole region's, because pairs outside `reordered` kept the order of a
    /// legal schedule, which need not have kept them; those within `reordered` where
    /// that schedule kept them all ([`Obligations::memory_order`]).
    fn keeps_memory_order(&self) -> Isl<bool> {
        self.keeps(self.obligations.memory_order()?)
    }

    /// Whether every dependence in `deps` still goes forward.
    fn keeps(&self, deps: UnionMap) -> Isl<bool> {
        self.in_time(&deps)?
            .intersect(copy(&self.not_before)?)?
            .is_empty()
    }

    /// A counterexample to check `kind` on tagged instances, so that it names
    /// references. One point of `violated` (time stamps) involves at most three
    /// statement instances; the tagged relations restricted to those are small enough
    /// to order element by element.
    fn witness(&self, kind: ViolationKind, violated: UnionMap) -> Isl<Violation> {
        let point = Set::from_point(violated.wrap()?.sample_point()?)?;
        let instances = copy(&self.schedule)?
            .intersect_range(stamps(point)?)?
            .domain()?;
        let local = self.df.tagged.restricted(instances)?;
        let timed = copy(&local.instance)?.apply_range(copy(&self.schedule)?)?;
        let before = self.before_among(&timed)?;
        let same_instance =
            copy(&local.instance)?.apply_range(copy(&local.instance)?.reverse()?)?;
        let violated = match kind {
            ViolationKind::FlowReversed => copy(&local.flow)?.subtract(before)?,
            ViolationKind::LiveRangeConflict => {
                live_range_conflicts(&local.flow, &local.writes, &before, &same_instance)?
            }
            ViolationKind::LiveInOverwritten => {
                live_in_overwritten(&local.live_in, &local.writes, &before, &same_instance)?
            }
            ViolationKind::LiveOutChanged => {
                live_out_changed(&local.live_out, &local.writes, &before)?
            }
        };
        violation(kind, violated)
    }
}

/// The set space of `schedule`'s time stamps (isl pads every statement's to the same
/// number of dimensions), read off its maps' spaces: the range itself, a union over
/// every statement, costs a few percent of a search. Zero-dimensional without maps.
fn time_space(schedule: &UnionMap) -> Isl<Space> {
    let maps = schedule.get_map_list()?;
    let mut times: Option<Space> = None;
    for n in 0..maps.size()? {
        let range = maps.get_at(n)?.get_space()?.range()?;
        match &times {
            None => times = Some(range),
            Some(t) if t.is_equal(&range)? => {}
            // Stamps of different lengths: isl says what is wrong.
            Some(_) => return Set::from_union_set(schedule.copy()?.range()?)?.get_space(),
        }
    }
    match times {
        Some(t) => Ok(t),
        None => schedule.get_space()?.set_from_params(),
    }
}

/// The time stamps a point of a (nested) wrapped relation holds: `{ a; b; c }` for
/// `[[a -> b] -> c]`.
fn stamps(point: Set) -> Isl<UnionSet> {
    if !point.is_wrapping()? {
        return UnionSet::from_set(point);
    }
    let pair = point.unwrap()?;
    stamps(pair.copy()?.domain()?)?.union(stamps(pair.range()?)?)
}
