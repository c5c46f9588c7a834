//! Skewing a perfect nest so that it can be tiled. A time-iterated stencil's loops
//! `(t, i, j)` carry dependences of negative distance in `i` and `j` (the previous
//! step's `A[i - 1][j + 1]`), which rectangular tiles would break; adding multiples of
//! the outer loops to the inner ones (`i + t`, `j + i + 2t`) makes every distance
//! non-negative in every loop of the nest, and such a nest tiles (Wolf and Lam's
//! skewing; Pluto finds such hyperplanes from the same dependences). The skew is
//! proposed from the memory-based dependences, which over-approximate what a schedule
//! must keep; the tiled result is judged by `deps` like every other order.

use crate::analysis::plan::Plan;
use crate::model::ScheduleTree;
use crate::transform::rewrites::{self, chain_at};
use isl_rs::{Context, DimType, LibISLError, UnionMap, UnionSet};

type Isl<T> = Result<T, LibISLError>;

/// The largest multiple of one outer loop added to an inner one.
const MAX_FACTOR: i64 = 3;

/// `tree` with the chain of bands at `path` skewed ([`rewrites::skew_chain`]) so that
/// every distance of [`chain_distances`] over the flow and memory-based dependences is
/// non-negative in each of its loops, with the
/// smallest factors (at most [`MAX_FACTOR`] each) that do it. `None` when the distances
/// already are (a skew changes nothing), when the outermost loop of the chain has a
/// negative one, or when no such factors do it.
pub fn skewed_for_tiling(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Isl<Option<ScheduleTree>> {
    let depth = chain_at(tree, path).0.len();
    let dependences = plan.df.plain.flow.copy()?.union(plan.df.memory.copy()?)?;
    let mut distances = chain_distances(ctx, plan, tree, path, dependences)?;
    if negative_somewhere(ctx, plan, &distances, depth, &[1])? {
        return Ok(None);
    }
    let mut factors: Vec<Vec<i64>> = vec![Vec::new()];
    for m in 1..depth {
        let Some(row) = level_factors(ctx, plan, &distances, depth, m)? else {
            return Ok(None);
        };
        distances = distances.apply(skew_map(ctx, plan, depth, m, &row)?)?;
        factors.push(row);
    }
    if factors.iter().flatten().all(|&f| f == 0) {
        return Ok(None);
    }
    Ok(Some(rewrites::skew_chain(tree, path, &factors)))
}

/// Whether the innermost loop of the chain at `path` carries a value from a statement
/// to itself in a later iteration, the loops around it fixed: some `δ ∈ Δ_F` (the
/// [`chain_distances`] of the flow dependences `F ∩ { S[x] -> S[y] }` of each statement
/// `S` onto itself) is `(0, .., 0, δ_(d-1) > 0)`. Such a loop runs a recurrence, each
/// iteration waiting for a result of the one before. (A value passed from one statement
/// to another along the loop, as between statements fused with a shift, is not one.)
pub fn innermost_recurrence(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Isl<bool> {
    innermost_carries(
        ctx,
        plan,
        tree,
        path,
        self_dependences(&plan.df.plain.flow)?,
    )
}

/// The part of `dependences` from each statement to itself: `D ∩ { S[x] -> S[y] }`.
fn self_dependences(dependences: &UnionMap) -> Isl<UnionMap> {
    let maps = dependences.get_map_list()?;
    let mut own = UnionMap::empty(dependences.get_space()?)?;
    for n in 0..maps.size()? {
        let map = maps.get_at(n)?;
        if map.get_tuple_name(DimType::In)? == map.get_tuple_name(DimType::Out)? {
            own = own.union(UnionMap::from_map(map)?)?;
        }
    }
    Ok(own)
}

/// Whether the innermost loop of the chain at `path` carries one of `dependences`
/// ([`innermost_carried`] is not empty).
pub fn innermost_carries(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    dependences: UnionMap,
) -> Isl<bool> {
    Ok(!innermost_carried(ctx, plan, tree, path, dependences)?.is_empty()?)
}

/// The distances of `dependences` the innermost loop of the chain at `path` carries:
/// `{ δ ∈ Δ : δ = (0, .., 0, δ_(d-1) > 0) }` with `Δ` their [`chain_distances`].
pub fn innermost_carried(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    dependences: UnionMap,
) -> Isl<UnionSet> {
    let depth = chain_at(tree, path).0.len();
    let distances = chain_distances(ctx, plan, tree, path, dependences)?;
    distances.intersect(carried_innermost(ctx, plan, depth)?)
}

/// The distances a chain of `depth` loops carries in its innermost loop alone:
/// `{ [0, .., 0, d] : d > 0 }` (none when `depth` is 0).
pub(super) fn carried_innermost(ctx: &Context, plan: &Plan, depth: usize) -> Isl<UnionSet> {
    let all: Vec<String> = (0..depth).map(|k| format!("d{k}")).collect();
    let Some((last, outer)) = all.split_last() else {
        return UnionSet::read_from_str(ctx, &format!("{}{{ [] : 1 = 0 }}", plan.text.params));
    };
    let zero = outer.iter().map(|d| format!("{d} = 0 and "));
    let carried = format!(
        "{}{{ [{}] : {}{last} > 0 }}",
        plan.text.params,
        all.join(", "),
        zero.collect::<String>()
    );
    UnionSet::read_from_str(ctx, &carried)
}

/// The distances in the chain at `path` of the `dependences` its loops order:
/// `Δ = { θ_c(b) - θ_c(a) : a -> b ∈ D, θ_o(a) = θ_o(b) }`, with `θ_o` the times before
/// the chain (the loops and sequences around it) and `θ_c` the times in its bands, in
/// `tree`.
pub(super) fn chain_distances(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    dependences: UnionMap,
) -> Isl<UnionSet> {
    let mut each = chain_distances_each(ctx, plan, tree, path, vec![dependences])?;
    Ok(each.remove(0))
}

/// [`chain_distances`] of each of `dependences`, the chain's times computed once.
pub(super) fn chain_distances_each(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    dependences: Vec<UnionMap>,
) -> Isl<Vec<UnionSet>> {
    let (bands, bottom) = chain_at(tree, path);
    let statements = bottom.statements().into_iter().collect();
    let instances = plan.instances_of(ctx, &statements)?;
    let times = plan
        .schedule_map(ctx, tree)?
        .intersect_domain(instances.copy()?)?;
    // Each band or sequence on the way down is one time dimension before the chain.
    let before = path.len();
    let length = time_length(tree);
    let all: Vec<String> = (0..length).map(|k| format!("x{k}")).collect();
    let outer: Vec<String> = all[..before].iter().map(|x| format!("{x} = 0")).collect();
    let chain = &all[before..before + bands.len()];
    let condition = match outer.is_empty() {
        true => String::new(),
        false => format!(" : {}", outer.join(" and ")),
    };
    let project = format!(
        "{}{{ [{}] -> [{}]{condition} }}",
        plan.text.params,
        all.join(", "),
        chain.join(", ")
    );
    let project = UnionMap::read_from_str(ctx, &project)?;
    let mut out = Vec::new();
    for d in dependences {
        let d = d
            .intersect_domain(instances.copy()?)?
            .intersect_range(instances.copy()?)?;
        let deltas = d
            .apply_domain(times.copy()?)?
            .apply_range(times.copy()?)?
            .deltas()?;
        out.push(deltas.apply(project.copy()?)?);
    }
    Ok(out)
}

/// The number of dimensions of `tree`'s time stamps ([`crate::model::time_stamps`]):
/// the most bands and sequences on a path from the root to a statement.
fn time_length(tree: &ScheduleTree) -> usize {
    match tree {
        ScheduleTree::Band { child, .. } => 1 + time_length(child),
        ScheduleTree::Sequence(children) => 1 + children.iter().map(time_length).max().unwrap_or(0),
        ScheduleTree::Stmt(_) => 0,
    }
}

/// The smallest factors `f` (by their sum, then in order) with `δ_m + Σ_{p<m} f_p·δ_p
/// >= 0` for every `δ ∈ distances`; `None` when none up to [`MAX_FACTOR`] each.
fn level_factors(
    ctx: &Context,
    plan: &Plan,
    distances: &UnionSet,
    depth: usize,
    m: usize,
) -> Isl<Option<Vec<i64>>> {
    let mut rows: Vec<Vec<i64>> = (0..m).fold(vec![Vec::new()], |rows, _| {
        rows.iter()
            .flat_map(|r| {
                (0..=MAX_FACTOR).map(move |f| {
                    let mut r = r.clone();
                    r.push(f);
                    r
                })
            })
            .collect()
    });
    rows.sort_by_key(|r| r.iter().sum::<i64>());
    for row in rows {
        let mut weights = row.clone();
        weights.push(1);
        if !negative_somewhere(ctx, plan, distances, depth, &weights)? {
            return Ok(Some(row));
        }
    }
    Ok(None)
}

/// Whether some `δ ∈ distances` (of `depth` dimensions) has `Σ_p weights[p]·δ_p < 0`.
fn negative_somewhere(
    ctx: &Context,
    plan: &Plan,
    distances: &UnionSet,
    depth: usize,
    weights: &[i64],
) -> Isl<bool> {
    let all: Vec<String> = (0..depth).map(|k| format!("d{k}")).collect();
    let sum: Vec<String> = weights
        .iter()
        .zip(&all)
        .map(|(w, d)| format!("{w}*{d}"))
        .collect();
    let negative = UnionSet::read_from_str(
        ctx,
        &format!(
            "{}{{ [{}] : {} < 0 }}",
            plan.text.params,
            all.join(", "),
            sum.join(" + ")
        ),
    )?;
    Ok(!distances.copy()?.intersect(negative)?.is_empty()?)
}

/// `{ [d] -> [d'] }` with `d'_m = d_m + Σ_p row[p]·d_p` and the other dimensions kept,
/// over `depth` dimensions.
fn skew_map(ctx: &Context, plan: &Plan, depth: usize, m: usize, row: &[i64]) -> Isl<UnionMap> {
    let all: Vec<String> = (0..depth).map(|k| format!("d{k}")).collect();
    let mut image = all.clone();
    for (p, f) in row.iter().enumerate() {
        image[m] = format!("{} + {f}*{}", image[m], all[p]);
    }
    UnionMap::read_from_str(
        ctx,
        &format!(
            "{}{{ [{}] -> [{}] }}",
            plan.text.params,
            all.join(", "),
            image.join(", ")
        ),
    )
}
