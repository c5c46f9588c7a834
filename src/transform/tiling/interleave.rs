//! Independent recurrences interleaved: where a loop runs a recurrence (each iteration
//! waits for a result of the one before, such as a tridiagonal sweep `p[i][j] = c /
//! (a * p[i][j-1] + b)`), the processor runs one operation of the chain at a time, at
//! its latency. If the iterations of a loop around it are independent recurrences,
//! running a strip of them inside the recurrence's loop keeps [`INTERLEAVED_ROWS`]
//! chains in flight at once. The loop `i` around them is strip-mined, its point loop
//! distributed over its body, and moved inside each recurrence's loop:
//!
//! ```text
//! { S[i, j] -> [floor(i / R), k, j, i] }    (R = INTERLEAVED_ROWS, k the part of the body)
//! ```
//!
//! A strip's rows are walked by columns, but `R` rows keep their lines in L1 from one
//! iteration of `j` to the next, and what one part of the body leaves for the next
//! (a sweep's coefficients for the back substitution) stays in L2. Checked like every
//! order (`Plan::is_legal_change`).

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Statement};
use crate::model::ScheduleTree;
use crate::support::isl::step;
use crate::support::work::reset_operations;
use crate::transform::decision::Decision;
use crate::transform::rewrites::{self, chain_at, chain_labels};
use isl_rs::{Context, DimType, LibISLError, Set, UnionMap};
use std::collections::BTreeSet;

/// The iterations of the outer loop run inside the recurrence's loop. PolyBench's adi
/// (LARGE, 2-core EPYC Zen 4, gcc 12) ran 1.8x faster than as written with strips of
/// 32 rows, 2.0x with 64, 2.1x with 128, 1.75x with the whole loop (1000 rows).
pub const INTERLEAVED_ROWS: i64 = 64;

/// `tree` (a legal order) with the recurrences of its loops interleaved
/// ([`interleaved_at`]) wherever that is legal, innermost loops first, and the
/// decisions. Loops holding statements of `tiled` (already blocked) are left alone.
pub fn interleave_where_legal(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    tiled: &BTreeSet<usize>,
) -> Result<(ScheduleTree, Vec<Decision>), LibISLError> {
    let mut tree = tree.clone();
    let mut decisions = Vec::new();
    if !plan.region.statements.iter().any(may_recur) {
        return Ok((tree, decisions));
    }
    let paths: Vec<Vec<usize>> = tree.bands().iter().map(|b| b.path.clone()).collect();
    let mut done: Vec<Vec<usize>> = Vec::new();
    // Deepest and last first: a change at a path moves no band outside its subtree.
    for path in paths.into_iter().rev() {
        let around_done = done.iter().any(|d| d.starts_with(&path));
        let statements = tree.node_at(&path).statements();
        if around_done || statements.iter().any(|k| tiled.contains(k)) {
            continue;
        }
        if let Some((candidate, mut made)) = interleaved_at(ctx, plan, &tree, &path)? {
            for d in &mut made {
                if let Decision::Interleaved { path: p, .. } = d {
                    *p = path.clone();
                }
            }
            decisions.extend(made);
            tree = candidate;
            done.push(path);
        }
    }
    Ok((tree, decisions))
}

/// `tree` with the loop at `path` strip-mined by [`INTERLEAVED_ROWS`], its point loop
/// distributed over its body and moved innermost in each part whose innermost loop
/// runs a recurrence ([`recurs`]), when some part does and the order is legal; with a
/// decision per part.
fn interleaved_at(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Result<Option<(ScheduleTree, Vec<Decision>)>, LibISLError> {
    let stripped = rewrites::tile_outer(tree, path, &[INTERLEAVED_ROWS]);
    let points: Vec<usize> = path.iter().copied().chain([0]).collect();
    let mut candidate = distributed(&stripped, &points);
    let mut decisions = Vec::new();
    for at in parts(&candidate, &points) {
        let labels = chain_labels(&candidate, &at);
        if labels.len() < 2 || !recurs(ctx, plan, &candidate, &at)? {
            continue;
        }
        let order: Vec<usize> = (1..labels.len()).chain([0]).collect();
        let permuted = rewrites::permute_chain(&candidate, &at, &order);
        // Rows that wait for each other (`u[i][j]` reading `u[i - 1][j]`) form a
        // recurrence across the strip too: nothing would overlap.
        let across = step(ctx, || {
            super::skew::innermost_carries(ctx, plan, &permuted, &at, own_flow(plan)?)
        })?;
        if across != Some(false) {
            continue;
        }
        candidate = permuted;
        decisions.push(Decision::Interleaved {
            outer: labels[0].clone(),
            recurrence: labels[labels.len() - 1].clone(),
            rows: INTERLEAVED_ROWS,
            path: Vec::new(),
        });
    }
    if decisions.is_empty() {
        return Ok(None);
    }
    let legal = step(ctx, || plan.is_legal_change(ctx, tree, &candidate))?;
    if legal != Some(true) {
        reset_operations(ctx);
        return Ok(None);
    }
    Ok(Some((candidate, decisions)))
}

/// The paths of the parts of the distributed loop at `path`: the loop itself, or each
/// of its copies when it was distributed into a sequence.
fn parts(tree: &ScheduleTree, path: &[usize]) -> Vec<Vec<usize>> {
    let at = |k: usize| path.iter().copied().chain([k]).collect();
    match tree.node_at(path) {
        ScheduleTree::Sequence(children) => (0..children.len()).map(at).collect(),
        _ => vec![path.to_vec()],
    }
}

/// `tree` with the band at `path` distributed over its body, and each copy over its
/// own body in turn, down to perfect nests.
fn distributed(tree: &ScheduleTree, path: &[usize]) -> ScheduleTree {
    let mut tree = tree.clone();
    // Each distribution removes one band around a sequence; the subtree is finite.
    for _ in 0..64 {
        let below = rewrites::distributable(tree.node_at(path));
        let Some(inner) = below.into_iter().next() else {
            break;
        };
        let at: Vec<usize> = path.iter().copied().chain(inner).collect();
        tree = rewrites::distribute(&tree, &at);
    }
    tree
}

/// Whether the innermost loop of the chain at `path`, with only statements inside,
/// runs a recurrence: every statement writes a new cell in each of its iterations
/// ([`writes_new_cells`]), and the flow dependences of statements on themselves
/// ([`own_flow`]) it carries have one distance (each iteration waits for the one
/// `δ` before). A value passed from one statement to another (a producer fused with
/// its consumer) is no chain the processor waits on, nor is one value read by all
/// later iterations (Floyd-Warshall's `path[i][k]`, written at `j = k`: distances
/// `1 ..`).
fn recurs(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Result<bool, LibISLError> {
    let bottom = chain_at(tree, path).1;
    let statements = bottom.statements();
    if bottom.contains_band()
        || !writes_new_cells(plan, tree, path)
        || !statements
            .iter()
            .any(|&k| may_recur(&plan.region.statements[k]))
    {
        return Ok(false);
    }
    let uniform = step(ctx, || {
        let carried = super::skew::innermost_carried(ctx, plan, tree, path, own_flow(plan)?)?;
        Ok(!carried.is_empty()? && Set::from_union_set(carried)?.is_singleton()?)
    })?;
    Ok(uniform == Some(true))
}

/// Whether every statement of the chain at `path` writes a reference whose subscripts
/// walk the innermost loop: a recurrence from cell to cell (`p[i][j-1]` to `p[i][j]`),
/// not an accumulator. A reduction into one cell (`y[i] += A[i][j] * x[j]`) keeps its
/// rows' accumulators in registers as written; interleaved, its matrix is walked by
/// columns (PolyBench's bicg, gesummv and atax ran 1.7-2.7x slower than without).
fn writes_new_cells(plan: &Plan, tree: &ScheduleTree, path: &[usize]) -> bool {
    let (bands, bottom) = chain_at(tree, path);
    let Some((_, innermost)) = bands.last() else {
        return false;
    };
    bottom.statements().into_iter().all(|k| {
        let Some(iterator) = super::walked_iterator(innermost, k) else {
            return false;
        };
        plan.region.statements[k]
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Write)
            .all(|w| w.subscripts.iter().any(|s| s.mentions(&iterator)))
    })
}

/// Whether `statement` reads another cell of an array it writes (`p[i][j-1]` where it
/// writes `p[i][j]`): only such a statement can depend on itself across iterations of
/// a loop its writes walk.
fn may_recur(statement: &Statement) -> bool {
    let accesses = &statement.accesses;
    accesses.iter().any(|w| {
        w.kind == AccessKind::Write
            && accesses.iter().any(|r| {
                r.kind == AccessKind::Read && r.array == w.array && r.subscripts != w.subscripts
            })
    })
}

/// The flow dependences of statements on themselves: `{ S[a] -> S[b] ∈ F }`.
fn own_flow(plan: &Plan) -> Result<UnionMap, LibISLError> {
    let maps = plan.df.plain.flow.get_map_list()?;
    let mut own = UnionMap::empty(plan.df.plain.flow.get_space()?)?;
    for n in 0..maps.size()? {
        let map = maps.get_at(n)?;
        if map.get_tuple_name(DimType::In)? == map.get_tuple_name(DimType::Out)? {
            own = own.union(UnionMap::from_map(map)?)?;
        }
    }
    Ok(own)
}
