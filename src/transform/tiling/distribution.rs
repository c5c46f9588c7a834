//! Distribution of the outermost loops by their dependence graph (Kennedy and Allen's
//! loop distribution): a loop over statements that depend on each other in one
//! direction only becomes one loop per strongly connected component of the graph, in
//! a topological order, which may differ from the text's. symm's `i` loop holds an
//! update of earlier rows of `C` (`C[k][j] += ..` for `k < i`) beside the final write of
//! row `i` it must follow: distributed in the text's order the updates would run
//! first, in the graph's order they run last, and both products become perfect nests
//! that tile. The result is a proposal: tiling keeps it only where it is legal.

use crate::analysis::plan::Plan;
use crate::model::ScheduleTree;
use crate::transform::decision::Decision;
use isl_rs::{DimType, LibISLError, UnionMap};
use std::collections::{BTreeMap, BTreeSet};

/// `tree` with each outermost loop whose statements form more than one strongly
/// connected component of `G = { (s, t) : some instance of s -> t ∈ F ∪ M }` (`F` the
/// flow, `M` the memory-based dependences of the original program) made one copy per
/// component, holding that component's statements, in a topological order of `G` (ties
/// in the order of the statements' first appearance).
pub fn by_dependences(plan: &Plan, tree: &ScheduleTree) -> Result<ScheduleTree, LibISLError> {
    let edges = statement_edges(plan)?;
    let nests = tree.outermost_nests();
    let mut out = Vec::new();
    for nest in nests {
        match nest {
            ScheduleTree::Band { .. } => {
                for group in components_in_order(&nest.statements(), &edges) {
                    if let Some(part) = nest.renumbered(&|k| group.contains(&k).then_some(k)) {
                        out.push(part);
                    }
                }
            }
            other => out.push(other.clone()),
        }
    }
    Ok(match out.len() {
        1 => out.remove(0),
        _ => ScheduleTree::Sequence(out),
    })
}

/// The pairs of statements `(s, t)` with a dependence of `F ∪ M` from an instance of
/// `s` to one of `t`.
fn statement_edges(plan: &Plan) -> Result<BTreeSet<(usize, usize)>, LibISLError> {
    let index: BTreeMap<String, usize> = plan
        .region
        .statements
        .iter()
        .enumerate()
        .map(|(k, s)| (crate::model::isl_name(&s.name), k))
        .collect();
    let all: UnionMap = plan.df.plain.flow.copy()?.union(plan.df.memory.copy()?)?;
    let maps = all.get_map_list()?;
    let mut edges = BTreeSet::new();
    for n in 0..maps.size()? {
        let map = maps.get_at(n)?;
        let from = index.get(map.get_tuple_name(DimType::In)?);
        let to = index.get(map.get_tuple_name(DimType::Out)?);
        if let (Some(&s), Some(&t)) = (from, to) {
            edges.insert((s, t));
        }
    }
    Ok(edges)
}

/// The strongly connected components of `edges` over `statements`, in a topological
/// order; among components free to go first, the one holding the earliest statement of
/// `statements`.
fn components_in_order(
    statements: &[usize],
    edges: &BTreeSet<(usize, usize)>,
) -> Vec<BTreeSet<usize>> {
    let inside: BTreeSet<usize> = statements.iter().copied().collect();
    let reaches = |from: usize| -> BTreeSet<usize> {
        let mut seen = BTreeSet::from([from]);
        let mut todo = vec![from];
        while let Some(s) = todo.pop() {
            for &(a, b) in edges {
                if a == s && inside.contains(&b) && seen.insert(b) {
                    todo.push(b);
                }
            }
        }
        seen
    };
    let reach: BTreeMap<usize, BTreeSet<usize>> =
        statements.iter().map(|&s| (s, reaches(s))).collect();
    let mut components: Vec<BTreeSet<usize>> = Vec::new();
    for &s in statements {
        if components.iter().any(|c| c.contains(&s)) {
            continue;
        }
        components.push(
            statements
                .iter()
                .copied()
                .filter(|t| reach[&s].contains(t) && reach[t].contains(&s))
                .collect(),
        );
    }
    let mut ordered = Vec::new();
    while !components.is_empty() {
        // The first component no other remaining one reaches.
        let free = components.iter().position(|c| {
            components
                .iter()
                .filter(|d| *d != c)
                .all(|d| d.iter().all(|s| reach[s].is_disjoint(c)))
        });
        ordered.push(components.remove(free.unwrap_or(0)));
    }
    ordered
}

/// What distributing `before` into `after` did: per outermost loop of `before` whose
/// statements `after` runs in several outermost nests, the loop distributed over them,
/// in `after`'s order.
pub fn decisions(plan: &Plan, before: &ScheduleTree, after: &ScheduleTree) -> Vec<Decision> {
    let nests: Vec<Vec<usize>> = after
        .outermost_nests()
        .iter()
        .map(|n| n.statements())
        .collect();
    before
        .outermost_nests()
        .into_iter()
        .filter_map(|nest| {
            let ScheduleTree::Band { label, .. } = nest else {
                return None;
            };
            let inside: BTreeSet<usize> = nest.statements().into_iter().collect();
            let parts: Vec<&Vec<usize>> = nests
                .iter()
                .filter(|n| n.iter().any(|k| inside.contains(k)))
                .collect();
            (parts.len() > 1).then(|| Decision::Distributed {
                iterator: label.clone(),
                statements: parts
                    .iter()
                    .flat_map(|n| n.iter())
                    .filter(|k| inside.contains(k))
                    .map(|&k| plan.region.statements[k].name.clone())
                    .collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::components_in_order;
    use std::collections::BTreeSet;

    fn order(statements: &[usize], edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let edges: BTreeSet<(usize, usize)> = edges.iter().copied().collect();
        components_in_order(statements, &edges)
            .into_iter()
            .map(|c| c.into_iter().collect())
            .collect()
    }

    #[test]
    fn components_follow_the_dependences_then_the_text() {
        // symm: S3 must precede S1, which the text puts first; S0 -> S2 -> S3.
        assert_eq!(
            order(&[0, 1, 2, 3], &[(0, 2), (2, 3), (3, 1), (1, 1)]),
            [vec![0], vec![2], vec![3], vec![1]]
        );
        // Independent statements keep the text's order.
        assert_eq!(order(&[0, 1, 2], &[]), [vec![0], vec![1], vec![2]]);
        // A cycle stays one component, where its first statement stands.
        assert_eq!(
            order(&[0, 1, 2], &[(0, 2), (2, 0), (1, 2)]),
            [vec![1], vec![0, 2]]
        );
    }
}
