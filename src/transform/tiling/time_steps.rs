//! Time steps aligned into one perfect nest, so that they can be time-tiled. A time
//! loop around a sequence of sweeps (fdtd-2d: a boundary row, then three sweeps, the
//! last reading the row after the one the first just wrote) is no perfect nest: the
//! time tiles of `skewed_and_tiled` need one. isl's scheduler (Pluto's algorithm)
//! aligns the statements of a step in one permutable band: each sweep shifted where it
//! reads its neighbour's later rows, the boundary statement placed at a row of its own.
//! Its band is also skewed by the time loop; with those multiples taken out again
//! ([`time_unskewed`]), the band is a nest like jacobi-2d's after fusion, which the
//! tiling skews and tiles as it does those. Like every order, the aligned one is kept
//! only when `Plan::is_legal_change` accepts it.

use crate::analysis::plan::Plan;
use crate::frontend::ir::Region;
use crate::model::ScheduleTree;
use crate::transform::rewrites::{self, chain_at};
use crate::transform::search::{self, isl_scheduler::Validity};
use isl_rs::{Context, LibISLError};

type Isl<T> = Result<T, LibISLError>;

/// `plan`'s region in isl's scheduler's order under [`VALIDITY`], with the multiples
/// of the time loop taken out of the bands below it ([`time_unskewed`]), when `tree`
/// (the order so far, legal) is one time loop around a sequence holding a loop, isl's
/// order is one chain of bands from its root, and it is legal. isl runs as in the
/// search ([`search::isl_order_within_budget`]: a child process, a CPU limit), once:
/// the freest formulation aligned fdtd-2d, and each run costs as much as a dozen
/// checks on a 3-D step.
pub fn aligned_time_steps(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
) -> Isl<Option<(ScheduleTree, Validity)>> {
    if !time_loop_around_sweeps(&plan.region, tree) {
        return Ok(None);
    }
    let ordered = search::isl_order_within_budget(ctx, plan, VALIDITY)?;
    let Some(aligned) = ordered.as_ref().and_then(time_unskewed) else {
        return Ok(None);
    };
    if chain_at(&aligned, &[]).0.len() < 2 || &aligned == tree {
        return Ok(None);
    }
    let legal = crate::support::isl::step(ctx, || plan.is_legal_change(ctx, tree, &aligned))?;
    Ok((legal == Some(true)).then_some((aligned, VALIDITY)))
}

/// The formulation isl's scheduler aligns the steps under: flow dependences alone.
const VALIDITY: Validity = Validity::Flow;

/// Whether `tree` is a time loop ([`super::time_loop_outermost`]) whose body is a
/// sequence holding a loop, around a statement in three loops or more (the nests that
/// time tiles pay for): the shape no perfect nest reaches without aligning.
fn time_loop_around_sweeps(region: &Region, tree: &ScheduleTree) -> bool {
    let ScheduleTree::Band { child, .. } = tree else {
        return false;
    };
    let ScheduleTree::Sequence(children) = &**child else {
        return false;
    };
    children
        .iter()
        .any(|c| matches!(c, ScheduleTree::Band { .. }))
        && tree
            .statements()
            .iter()
            .any(|&k| region.loops_around(k).len() >= 3)
        && super::time_loop_outermost(region, tree, &[])
}

/// `tree`, whose root is a chain of bands, with the multiple `f_m` of the outermost
/// band's iterator `t` taken out of each band `m` below it: `θ'_m = θ_m - f_m·t`, for
/// `θ_1 = i + t` and `θ_2 = j + t + 1` the times `i` and `j + 1` (a unimodular change,
/// [`rewrites::skew_chain`]). `None` when a band adds different multiples for different
/// statements, or when the outermost band's time is not one iterator per statement
/// (`t + c`).
fn time_unskewed(tree: &ScheduleTree) -> Option<ScheduleTree> {
    let (bands, _) = chain_at(tree, &[]);
    let (_, outer) = bands.first()?;
    let mut factors = vec![Vec::new()];
    for (_, members) in &bands[1..] {
        let mut multiple = None;
        for (k, time) in members {
            let t = super::walked_iterator(outer, *k)?;
            let (_, outer_terms) = outer.iter().find(|(s, _)| s == k)?.1.linear()?;
            if outer_terms.get(&t) != Some(&1) {
                return None;
            }
            let (_, terms) = time.linear()?;
            let f = terms.get(&t).copied().unwrap_or(0);
            if multiple.is_some_and(|m| m != f) {
                return None;
            }
            multiple = Some(f);
        }
        let mut row = vec![0; factors.len()];
        row[0] = -multiple.unwrap_or(0);
        factors.push(row);
    }
    Some(rewrites::skew_chain(tree, &[], &factors))
}
