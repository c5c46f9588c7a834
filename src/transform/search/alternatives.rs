//! Legal orders of a region other than the one the search chose, for `nestor tune`
//! (which times them) and the cost model's calibration: the model ranks orders, and
//! this is where its ranking is held to measurements.
//!
//! The orders are built from the bases — the search's choice, the original order, the
//! original with every loop around a sequence of loops distributed, and the orders
//! isl's scheduler computes — by giving each perfect nest of a base any legal order of
//! its loops. Unlike the search, nothing
//! is filtered by the model: an order it thinks slower is still offered, ranked by its
//! cost. Every order offered is checked against the plan's dataflow, like the search's.

use crate::analysis::plan::Plan;
use crate::model::ScheduleTree;
use crate::transform::cost::tree_cost;
use crate::transform::decision::Decision;
use crate::transform::rewrites::{
    self, chain_labels, chains, distributable, permutations, permute_chain,
};
use crate::transform::search::SearchOutcome;
use crate::transform::search::isl_scheduler::Validity;
use isl_rs::{Context, LibISLError};
use serde::{Deserialize, Serialize};

/// One legal order of a region: how it is made from the original order, and its cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Alternative {
    pub tree: ScheduleTree,
    pub decisions: Vec<Decision>,
    pub cost: f64,
}

/// Loop orders checked per perfect nest of a base, per legal order wanted.
const CHECKS_PER_ORDER: usize = 3;
/// Combinations of nest orders ranked per base.
const COMBINATIONS: usize = 512;

/// Up to `limit` legal orders of `plan`'s region: the search's choice `chosen` first,
/// the original order second (when they differ), then the others by model cost,
/// cheapest first. Scalar expansions and forwardings the search kept (`plan` has
/// them) are part of every order.
pub fn alternatives(
    ctx: &Context,
    plan: &Plan,
    chosen: &SearchOutcome,
    limit: usize,
) -> Result<Vec<Alternative>, LibISLError> {
    let original = crate::model::original_schedule(&plan.region);
    let storage: Vec<Decision> = chosen
        .decisions
        .iter()
        .filter(|d| matches!(d, Decision::Expanded(_) | Decision::Forwarded(_)))
        .cloned()
        .collect();
    let mut out = vec![alternative(
        plan,
        chosen.tree.clone(),
        chosen.decisions.clone(),
    )];
    if original != chosen.tree {
        out.push(alternative(plan, original.clone(), storage.clone()));
    }
    let mut bases = vec![(chosen.tree.clone(), chosen.decisions.clone())];
    bases.push((original.clone(), storage.clone()));
    if let Some((distributed, decisions)) = distributed_everywhere(plan, &original) {
        let decisions = [storage.clone(), decisions].concat();
        if crate::support::isl::step(ctx, || plan.is_legal_change(ctx, &original, &distributed))?
            == Some(true)
        {
            bases.push((distributed, decisions));
        }
    }
    for validity in Validity::ALL {
        let Some(tree) = crate::transform::search::isl_order_within_budget(ctx, plan, validity)?
        else {
            continue;
        };
        if crate::support::isl::step(ctx, || plan.is_legal(ctx, &tree))? == Some(true) {
            let made = Decision::Scheduled {
                validity,
                loops: crate::transform::search::band_labels(&tree),
            };
            bases.push((tree, [storage.clone(), vec![made]].concat()));
        }
    }
    let mut others = Vec::new();
    for (base, decisions) in &bases {
        others.extend(nest_orders(ctx, plan, base, decisions, limit)?);
    }
    others.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    for candidate in others {
        if out.len() >= limit {
            break;
        }
        if out.iter().all(|a| a.tree != candidate.tree) {
            out.push(candidate);
        }
    }
    out.truncate(limit.max(1));
    Ok(out)
}

fn alternative(plan: &Plan, tree: ScheduleTree, decisions: Vec<Decision>) -> Alternative {
    Alternative {
        cost: tree_cost(&plan.region, &tree),
        tree,
        decisions,
    }
}

/// `tree` with every loop whose body is a sequence holding a loop distributed over
/// that body, repeatedly; `None` when there is none.
fn distributed_everywhere(
    plan: &Plan,
    tree: &ScheduleTree,
) -> Option<(ScheduleTree, Vec<Decision>)> {
    let mut tree = tree.clone();
    let mut decisions = Vec::new();
    // Each distribution removes one loop-around-a-sequence at its depth; the bound is
    // only a guard.
    for _ in 0..64 {
        let Some(path) = distributable(&tree).into_iter().next() else {
            break;
        };
        let iterator = chain_labels(&tree, &path)
            .first()
            .cloned()
            .unwrap_or_default();
        let statements = statement_names(plan, tree.node_at(&path));
        tree = rewrites::distribute(&tree, &path);
        decisions.push(Decision::Distributed {
            iterator,
            statements,
        });
    }
    (!decisions.is_empty()).then_some((tree, decisions))
}

/// The orders of `base` (a legal order made by `decisions`) with its perfect nests'
/// loops permuted: per nest the `limit` cheapest legal loop orders (each checked as a
/// change of `base`), combined; the `limit` cheapest combinations are checked as a
/// whole.
fn nest_orders(
    ctx: &Context,
    plan: &Plan,
    base: &ScheduleTree,
    decisions: &[Decision],
    limit: usize,
) -> Result<Vec<Alternative>, LibISLError> {
    let mut per_nest: Vec<(Vec<usize>, Vec<Vec<usize>>)> = Vec::new();
    for path in chains(base) {
        let orders = legal_orders(ctx, plan, base, &path, limit)?;
        if orders.len() > 1 {
            per_nest.push((path, orders));
        }
    }
    let mut combined: Vec<(ScheduleTree, Vec<Decision>, f64)> = combinations(&per_nest)
        .into_iter()
        .map(|choice| {
            let mut tree = base.clone();
            let mut made = decisions.to_vec();
            for ((path, orders), &k) in per_nest.iter().zip(&choice) {
                let order = &orders[k];
                if k > 0 {
                    compose(&mut made, permuted(plan, &tree, path, order));
                }
                tree = permute_chain(&tree, path, order);
            }
            let cost = tree_cost(&plan.region, &tree);
            (tree, made, cost)
        })
        .collect();
    combined.sort_by(|a, b| a.2.total_cmp(&b.2));
    let mut out = Vec::new();
    for (tree, decisions, cost) in combined.into_iter().take(limit) {
        // Each nest's order is legal alone; their combination is checked all the same.
        if crate::support::isl::step(ctx, || plan.is_legal_change(ctx, base, &tree))? == Some(true)
        {
            out.push(Alternative {
                tree,
                decisions,
                cost,
            });
        }
    }
    Ok(out)
}

/// Up to `limit` loop orders of the perfect nest at `path` of `base` that are legal,
/// the nest's own order first, the others cheapest first.
fn legal_orders(
    ctx: &Context,
    plan: &Plan,
    base: &ScheduleTree,
    path: &[usize],
    limit: usize,
) -> Result<Vec<Vec<usize>>, LibISLError> {
    let n = chain_labels(base, path).len();
    let mut ranked: Vec<(Vec<usize>, f64)> = permutations(n)
        .into_iter()
        .skip(1)
        .map(|order| {
            let cost = tree_cost(&plan.region, &permute_chain(base, path, &order));
            (order, cost)
        })
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut legal = vec![(0..n).collect()];
    for (order, _) in ranked.into_iter().take(CHECKS_PER_ORDER * limit) {
        if legal.len() >= limit {
            break;
        }
        let candidate = permute_chain(base, path, &order);
        if crate::support::isl::step(ctx, || plan.is_legal_change(ctx, base, &candidate))?
            == Some(true)
        {
            legal.push(order);
        }
    }
    Ok(legal)
}

/// The first [`COMBINATIONS`] choices of one order per nest (indices into each nest's
/// orders), in odometer order.
fn combinations(per_nest: &[(Vec<usize>, Vec<Vec<usize>>)]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut choice = vec![0; per_nest.len()];
    loop {
        out.push(choice.clone());
        if out.len() >= COMBINATIONS {
            return out;
        }
        let Some(k) = (0..choice.len())
            .rev()
            .find(|&k| choice[k] + 1 < per_nest[k].1.len())
        else {
            return out;
        };
        choice[k] += 1;
        choice[k + 1..].iter_mut().for_each(|c| *c = 0);
    }
}

/// The decision that reorders the nest at `path` of `tree` by `order`.
fn permuted(plan: &Plan, tree: &ScheduleTree, path: &[usize], order: &[usize]) -> Decision {
    let labels = chain_labels(tree, path);
    Decision::Permuted {
        after: order.iter().map(|&k| labels[k].clone()).collect(),
        before: labels,
        statements: statement_names(plan, tree.node_at(path)),
    }
}

/// `decisions` followed by `next`, a permutation: one that reorders a nest an earlier
/// permutation made is folded into it (dropped when the two restore the nest's order).
fn compose(decisions: &mut Vec<Decision>, next: Decision) {
    let Decision::Permuted {
        before: middle,
        after: last,
        statements: moved,
    } = &next
    else {
        decisions.push(next);
        return;
    };
    let earlier = decisions.iter().position(|d| {
        matches!(d, Decision::Permuted { after, statements, .. } if after == middle && statements == moved)
    });
    let Some(k) = earlier else {
        decisions.push(next);
        return;
    };
    if let Decision::Permuted { before, after, .. } = &mut decisions[k] {
        if before == last {
            decisions.remove(k);
        } else {
            after.clone_from(last);
        }
    }
}

fn statement_names(plan: &Plan, tree: &ScheduleTree) -> Vec<String> {
    tree.statements()
        .iter()
        .map(|&k| plan.region.statements[k].name.clone())
        .collect()
}
