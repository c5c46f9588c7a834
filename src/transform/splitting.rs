//! Innermost loops split around the one iteration that writes what the others access
//! (Floyd-Warshall's `path[i][j]` against `path[i][k]`, `a[k][j] /= a[k][k]`): isl's
//! `isolate` option generates the iterations before it, it, and those after as three
//! parts, in the same order, so that no part writes a cell another of its iterations
//! accesses and the compiler may vectorize each (it gives up on the whole loop, where
//! the invariant read may be the cell written).

use crate::frontend::ir::{Access, AccessKind, Aff, Region};
use crate::model::{ScheduleTree, Scop, ScopText, c_name, isl_name, tuple};
use isl_rs::{Context, LibISLError, UnionMap, UnionSet};

/// An innermost loop generated in three parts around the iteration at which it writes
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
        let every_time = band.times.iter().all(|(_, t)| t.len() == band.depth);
        if skip.contains(&band.path) || band.unroll || !every_time || !may_conflict(region, &band) {
            continue;
        }
        let times = times_of(region, &band);
        // A split only speeds code up: one that exceeds the budget is not made.
        let split =
            crate::support::isl::step(ctx, || split_of(ctx, text, scop, &band, &times, &scalars))?;
        out.extend(split.flatten());
    }
    Ok(out)
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
    band: &Innermost<'_>,
    times: &[String],
    scalars: &UnionSet,
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
    let accessed = all.reverse()?.apply_range(accesses)?;
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
    let writing = pairs.domain()?;
    if !one_iteration(writing.copy()?)? {
        return Ok(None);
    }
    let arrays = array_names(written.intersect_domain(writing.copy()?)?.range()?)?;
    Ok(Some(LoopSplit {
        path: band.path.clone(),
        iterator: band.label.to_string(),
        arrays,
        option: writing.apply(wrap("isolate")?)?.to_str()?.to_string(),
    }))
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
fn may_conflict(region: &Region, band: &Innermost<'_>) -> bool {
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
fn times_of(region: &Region, band: &Innermost<'_>) -> Vec<String> {
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

/// An innermost band (no band below it): its path, label, and per statement below it
/// the times of the bands down to it, outermost first.
struct Innermost<'t> {
    path: Vec<usize>,
    label: &'t str,
    unroll: bool,
    /// The bands down to it, itself included.
    depth: usize,
    times: Vec<(usize, Vec<Aff>)>,
}

/// The innermost bands of `tree`.
fn innermost_bands(tree: &ScheduleTree) -> Vec<Innermost<'_>> {
    tree.bands()
        .into_iter()
        .filter(|band| !band.child.contains_band())
        .map(|band| Innermost {
            times: band
                .members
                .iter()
                .map(|(k, _)| (*k, times_down_to(tree, &band.path, *k)))
                .collect(),
            depth: band.depth + 1,
            path: band.path,
            label: band.label,
            unroll: band.unroll,
        })
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
