//! Rectangular tiling (loop blocking) of perfect nests in the chosen order, where the
//! locality model says it pays; every tiled order is checked like any other
//! (`Plan::is_legal`), so a nest is tiled only when the tiled program computes the
//! same values.

use crate::decision::Decision;
use crate::frontend::ir::{AccessKind, Aff, Region};
use crate::model::ScheduleTree;
use crate::plan::Plan;
use crate::schedule::{self, chain_at, chain_labels, chains};
use isl_rs::{Context, LibISLError};

/// The tile size used for every loop unless `--tile-size` says otherwise.
pub const DEFAULT_TILE_SIZE: i64 = 32;

/// `plan`'s tree with every perfect nest tiled where that pays and is legal (tile
/// `sizes` per loop, outermost first, the last repeated), and the decisions. A loop
/// around a sequence of loops (`i { init; k { j } }`) has no perfect nest to tile: the
/// tree with such loops distributed is tried too, and kept when it tiles more nests
/// and the whole is legal.
pub fn tile_where_it_pays(
    ctx: &Context,
    plan: &Plan,
    sizes: &[i64],
) -> Result<(ScheduleTree, Vec<Decision>), LibISLError> {
    let (tree, decisions) = tile_chains(ctx, plan, &plan.tree, sizes)?;
    let distributed = distribute_around_nests(&plan.tree);
    if distributed == plan.tree {
        return Ok((tree, decisions));
    }
    let (more, more_decisions) = tile_chains(ctx, plan, &distributed, sizes)?;
    let tiles = |d: &[Decision]| {
        d.iter()
            .filter(|d| matches!(d, Decision::Tiled { .. }))
            .count()
    };
    if tiles(&more_decisions) > tiles(&decisions)
        && crate::isl::step(ctx, || plan.is_legal(ctx, &more))? == Some(true)
    {
        ctx.reset_operations();
        return Ok((more, more_decisions));
    }
    ctx.reset_operations();
    Ok((tree, decisions))
}

/// `tree` with every perfect nest tiled where that pays and is legal.
fn tile_chains(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    sizes: &[i64],
) -> Result<(ScheduleTree, Vec<Decision>), LibISLError> {
    let mut tree = tree.clone();
    let mut decisions = Vec::new();
    // Innermost chains first: tiling a chain inserts bands above the chains below it,
    // so the paths of those must be used before.
    let paths = chains(&tree);
    for path in paths.into_iter().rev() {
        if !pays(&plan.region, &tree, &path) {
            continue;
        }
        let candidate = schedule::tile(&tree, &path, sizes);
        if crate::isl::step(ctx, || plan.is_legal(ctx, &candidate))? == Some(true) {
            let loops = chain_labels(&tree, &path);
            let sizes = (0..loops.len())
                .map(|k| {
                    sizes
                        .get(k)
                        .or(sizes.last())
                        .copied()
                        .unwrap_or(DEFAULT_TILE_SIZE)
                })
                .collect();
            decisions.push(Decision::Tiled { loops, sizes });
            tree = candidate;
        }
    }
    ctx.reset_operations();
    decisions.reverse();
    Ok((tree, decisions))
}

/// `tree` with every loop whose body is a sequence holding a loop distributed over
/// that sequence, outermost first, so that the loops inside become perfect nests.
fn distribute_around_nests(tree: &ScheduleTree) -> ScheduleTree {
    let mut tree = tree.clone();
    // Each distribution removes one loop around a sequence; the tree is finite.
    for _ in 0..64 {
        let Some(path) = schedule::distributable(&tree).into_iter().next() else {
            break;
        };
        tree = schedule::distribute(&tree, &path);
    }
    tree
}

/// Whether tiling the perfect nest at `path` pays: it has three loops or more, and
/// some statement reads a reference that does not depend on the outermost loop but
/// walks two inner ones (`B[k][j]` under `i, k, j`). Untiled, the lines of such a
/// reference come back once per iteration of the outermost loop, and the nest's data
/// exceeds the cache at the sizes that matter; tiled, a tile's lines stay in it.
fn pays(region: &Region, tree: &ScheduleTree, path: &[usize]) -> bool {
    let (bands, node) = chain_at(tree, path);
    let levels: Vec<Vec<(usize, Aff)>> = bands.into_iter().map(|(_, m)| m).collect();
    if levels.len() < 3 {
        return false;
    }
    node.statements().into_iter().any(|k| {
        let iterator = |level: &[(usize, Aff)]| {
            level
                .iter()
                .find(|(s, _)| *s == k)
                .and_then(|(_, t)| t.linear())
                .and_then(|(_, terms)| {
                    let names: Vec<String> = terms.into_keys().collect();
                    (names.len() == 1).then(|| names[0].clone())
                })
        };
        let Some(outer) = iterator(&levels[0]) else {
            return false;
        };
        let inner: Vec<String> = levels[1..].iter().filter_map(|l| iterator(l)).collect();
        region.statements[k]
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Read && !a.subscripts.is_empty())
            .any(|a| {
                let mentions = |name: &str| a.subscripts.iter().any(|s| s.mentions(name));
                !mentions(&outer) && inner.iter().filter(|i| mentions(i)).count() >= 2
            })
    })
}
