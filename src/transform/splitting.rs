//! Loops split around the one iteration that writes what the others access
//! (Floyd-Warshall's `path[i][j]` against `path[i][k]`, `a[k][j] /= a[k][k]`): isl's
//! `isolate` option generates the iterations before it, it, and those after as three
//! parts, in the same order, so that no part writes a cell another of its iterations
//! accesses. An innermost loop is split so that the compiler may vectorize each part
//! (it gives up on the whole loop, where the invariant read may be the cell written);
//! an outer one, so that each part may run on threads (`parallel`, [`band_split`]).

use crate::frontend::ir::{Access, AccessKind, Aff, Region};
use crate::model::{BandAt, ScheduleTree, Scop, ScopText, c_name, isl_name, tuple};
use isl_rs::{Context, LibISLError, Set, UnionMap, UnionSet};

/// A loop generated in three parts around the iteration at which it writes
/// cells its other iterations access.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LoopSplit {
    /// The band's path in the plan's tree (child indices from the root).
    #[serde(skip)]
    pub path: Vec<usize>,
    /// The loop's label: the original iterator.
    pub iterator: String,
    /// The arrays whose cells that iteration writes.
    pub arrays: Vec<String>,
    /// The band's isl AST build option: `{ isolate[[a_1..a_{m-1}] -> [a_m]] : .. }`.
    #[serde(skip)]
    pub option: String,
    /// The iteration it isolates: `{ [a_1..a_{m-1}] -> [a_m] }`, at most one `a_m` per
    /// `a_<m` (isl text).
    #[serde(skip)]
    pub pivot: String,
}

/// The splits of the innermost bands of `tree` whose paths are not in `skip` (bands
/// marked as parallel or vector loops, whose mark must sit on one loop), each
/// [`split_of`] the band.
pub fn loop_splits(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    scop: &Scop,
    tree: &ScheduleTree,
    skip: &[Vec<usize>],
) -> Result<Vec<LoopSplit>, LibISLError> {
    let mut out = Vec::new();
    let scalars = scalars_of(ctx, region, text)?;
    for band in innermost_bands(tree) {
        if skip.contains(&band.path) || !splittable(region, &band) {
            continue;
        }
        let times = times_of(region, &band);
        // A split only speeds code up: one that exceeds the budget is not made.
        let split = crate::support::isl::step(ctx, || {
            split_of(ctx, text, scop, &band, &times, &scalars, false)
        })?;
        out.extend(split.flatten());
    }
    Ok(out)
}

/// [`split_of`] the band of `tree` at `path`, any band whose times down to it are affine
/// (not tiles: the tile holding the pivot would be a part of many iterations), around a
/// convex pivot (`None` where there is none). Scalars are left out as for an innermost
/// loop: the caller checks the parts.
pub fn band_split(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    scop: &Scop,
    tree: &ScheduleTree,
    path: &[usize],
) -> Result<Option<LoopSplit>, LibISLError> {
    let Some(band) = tree
        .bands()
        .into_iter()
        .find(|b| b.path == path)
        .map(|b| SplitBand::of(tree, b))
    else {
        return Ok(None);
    };
    let affine = band
        .times
        .iter()
        .flat_map(|(_, t)| t)
        .all(|a| a.linear().is_some());
    if !affine || !splittable(region, &band) {
        return Ok(None);
    }
    let scalars = scalars_of(ctx, region, text)?;
    split_of(
        ctx,
        text,
        scop,
        &band,
        &times_of(region, &band),
        &scalars,
        true,
    )
}

/// Whether `band` may be split: a loop (not straight-line copies) with a time for
/// every statement below it in every band down to it, that may write what another
/// reference accesses ([`may_conflict`]).
fn splittable(region: &Region, band: &SplitBand<'_>) -> bool {
    let every_time = band.times.iter().all(|(_, t)| t.len() == band.depth);
    !band.unroll && every_time && may_conflict(region, band)
}

/// With `T = { S[i] -> [a_1..a_m] }` the times of the bands down to `band` for the
/// statements below it, `T_L ⊆ T` those of the statements that run at more than one
/// `a_m` under some `a_<m` (inside the loop, not beside it), `W` and `A` their writes
/// and accesses (reads and writes), the pairs of the band's iterations, under the same
/// outer times, that touch one cell, the first writing it inside the loop:
/// `C = (T_L⁻¹.W).(T⁻¹.A)⁻¹ ∩ { [a] -> [b] : a_<m = b_<m, a_m != b_m }`.
/// The band is split where `dom C` holds at most one `a_m` per `a_<m` (then no part but
/// that iteration's holds a write of a pair), with the option
/// `{ isolate[[a_<m] -> [a_m]] : a in dom C }`.
fn split_of(
    ctx: &Context,
    text: &ScopText,
    scop: &Scop,
    band: &SplitBand<'_>,
    times: &[String],
    scalars: &UnionSet,
    convex: bool,
) -> Result<Option<LoopSplit>, LibISLError> {
    let m = band.depth;
    let a: Vec<String> = (0..m).map(|d| format!("a{d}")).collect();
    let wrap = |target: &str| {
        UnionMap::read_from_str(
            ctx,
            &format!(
                "{{ [{}] -> {target}[[{}] -> [a{}]] }}",
                a.join(", "),
                a[..m - 1].join(", "),
                m - 1
            ),
        )
    };
    let one_iteration = |set: UnionSet| -> Result<bool, LibISLError> {
        set.apply(wrap("")?)?.unwrap()?.is_single_valued()
    };
    let mut all = UnionMap::read_from_str(ctx, &format!("{}{{ }}", text.params))?;
    let mut looping = all.copy()?;
    for time in times {
        let t = UnionMap::read_from_str(ctx, &format!("{}{{ {time} }}", text.params))?
            .intersect_domain(scop.domain.copy()?)?;
        if !one_iteration(t.copy()?.range()?)? {
            looping = looping.union(t.copy()?)?;
        }
        all = all.union(t)?;
    }
    let writes = array_cells(scop.writes.copy()?, scalars)?;
    let accesses = array_cells(scop.reads.copy()?, scalars)?.union(writes.copy()?)?;
    let written = looping.reverse()?.apply_range(writes)?;
    let accessed = all.copy()?.reverse()?.apply_range(accesses)?;
    let b: Vec<String> = (0..m).map(|d| format!("b{d}")).collect();
    let mut same: Vec<String> = (0..m - 1).map(|d| format!("a{d} = b{d}")).collect();
    same.push(format!("a{0} != b{0}", m - 1));
    let pairs = written
        .copy()?
        .apply_range(accessed.reverse()?)?
        .intersect(UnionMap::read_from_str(
            ctx,
            &format!(
                "{}{{ [{}] -> [{}] : {} }}",
                text.params,
                a.join(", "),
                b.join(", "),
                same.join(" and ")
            ),
        )?)?;
    if pairs.is_empty()? {
        return Ok(None);
    }
    let mut writing = pairs.domain()?;
    if convex {
        let Some(hull) = convex_hull_within(writing.copy()?, all.copy()?.range()?)? else {
            return Ok(None);
        };
        writing = hull;
    }
    if !one_iteration(writing.copy()?)? {
        return Ok(None);
    }
    let arrays = array_names(written.intersect_domain(writing.copy()?)?.range()?)?;
    Ok(Some(LoopSplit {
        path: band.path.clone(),
        iterator: band.label.to_string(),
        arrays,
        option: writing
            .copy()?
            .apply(wrap("isolate")?)?
            .to_str()?
            .to_string(),
        pivot: writing.apply(wrap("")?)?.unwrap()?.to_str()?.to_string(),
    }))
}

/// `H ∩ I`, with `H` the unshifted simple hull of `writing` and `I` the band's
/// iterations, when it holds every point of its own hull; else `None`.
///
/// isl's `isolate` option isolates the hull of the set it is given, then generates the
/// iterations before it, and those after it, as parts: the check of a split into parts
/// must see that hull, and only a set that is its own hull (within the iterations) is
/// isolated as given.
fn convex_hull_within(
    writing: UnionSet,
    iterations: UnionSet,
) -> Result<Option<UnionSet>, LibISLError> {
    let hull_of = |set: &Set| -> Result<Set, LibISLError> {
        Set::from_basic_set(set.copy()?.unshifted_simple_hull()?)
    };
    let within =
        hull_of(&Set::from_union_set(writing)?)?.intersect(Set::from_union_set(iterations)?)?;
    Ok(match hull_of(&within)?.is_subset(&within)? {
        true => Some(UnionSet::from_set(within)?),
        false => None,
    })
}

/// `{ S[i] -> A[o] }` of the tagged accesses `tagged`, scalars left out: the compiler
/// keeps a scalar in a register of each iteration, so it holds no vectorization back.
fn array_cells(tagged: UnionMap, scalars: &UnionSet) -> Result<UnionMap, LibISLError> {
    tagged
        .domain_factor_domain()?
        .subtract_range(scalars.copy()?)
}

/// `{ s[] }` for every scalar of `region`.
fn scalars_of(ctx: &Context, region: &Region, text: &ScopText) -> Result<UnionSet, LibISLError> {
    let names: Vec<String> = region
        .arrays
        .iter()
        .filter(|a| a.extents.is_empty())
        .map(|a| format!("{}[]", isl_name(&a.name)))
        .collect();
    UnionSet::read_from_str(ctx, &format!("{}{{ {} }}", text.params, names.join("; ")))
}

/// Whether some statement below `band` writes an array that another reference there
/// (another statement, or other subscripts) accesses: where none does, no two
/// iterations touch one cell of an array and [`split_of`] need not ask isl.
fn may_conflict(region: &Region, band: &SplitBand<'_>) -> bool {
    let references: Vec<(usize, &Access)> = band
        .times
        .iter()
        .flat_map(|(k, _)| region.statements[*k].accesses.iter().map(move |a| (*k, a)))
        .filter(|(_, a)| !a.subscripts.is_empty())
        .collect();
    references.iter().any(|(k, w)| {
        w.kind == AccessKind::Write
            && references
                .iter()
                .any(|(l, a)| a.array == w.array && (l != k || a.subscripts != w.subscripts))
    })
}

/// `S[i] -> [a_1, .., a_m]` per statement below `band`: its times down to it.
fn times_of(region: &Region, band: &SplitBand<'_>) -> Vec<String> {
    band.times
        .iter()
        .map(|(k, t)| {
            let s = &region.statements[*k];
            let t: Vec<String> = t.iter().map(|a| a.to_isl(&isl_name)).collect();
            format!("{} -> [{}]", tuple(&s.name, &s.iters), t.join(", "))
        })
        .collect()
}

/// The C names of the arrays of `cells`, sorted.
fn array_names(cells: UnionSet) -> Result<Vec<String>, LibISLError> {
    let list = cells.get_set_list()?;
    let mut names = (0..list.size()?)
        .map(|k| Ok(c_name(list.get_at(k)?.get_tuple_name()?)))
        .collect::<Result<Vec<_>, LibISLError>>()?;
    names.sort();
    names.dedup();
    Ok(names)
}

/// A band: its path, label, and per statement below it the times of the bands down to
/// it, outermost first.
struct SplitBand<'t> {
    path: Vec<usize>,
    label: &'t str,
    unroll: bool,
    /// The bands down to it, itself included.
    depth: usize,
    times: Vec<(usize, Vec<Aff>)>,
}

impl<'t> SplitBand<'t> {
    fn of(tree: &'t ScheduleTree, band: BandAt<'t>) -> SplitBand<'t> {
        SplitBand {
            times: band
                .members
                .iter()
                .map(|(k, _)| (*k, times_down_to(tree, &band.path, *k)))
                .collect(),
            depth: band.depth + 1,
            path: band.path,
            label: band.label,
            unroll: band.unroll,
        }
    }
}

/// The innermost bands of `tree` (no band below them).
fn innermost_bands(tree: &ScheduleTree) -> Vec<SplitBand<'_>> {
    tree.bands()
        .into_iter()
        .filter(|band| !band.child.contains_band())
        .map(|band| SplitBand::of(tree, band))
        .collect()
}

/// Statement `k`'s times in the bands from the root of `tree` down to the one at `path`.
fn times_down_to(tree: &ScheduleTree, path: &[usize], k: usize) -> Vec<Aff> {
    (0..=path.len())
        .filter_map(|d| match tree.node_at(&path[..d]) {
            ScheduleTree::Band { members, .. } => members
                .iter()
                .find(|(s, _)| *s == k)
                .map(|(_, t)| t.clone()),
            _ => None,
        })
        .collect()
}
