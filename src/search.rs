//! The automatic search for a better order. Legality cannot be expressed as the
//! constraints of an LP scheduler (live ranges are not dependences), so candidates are
//! enumerated — loop permutations of every perfect nest, distribution of loops whose
//! body holds another loop, fusion of producer and consumer loops — ranked by the cost
//! model, and checked best first; the first legal one wins. The original order wins
//! ties, so a nest that is already good is left as it is.

use crate::cost::{innermost_strided_references, tree_cost};
use crate::frontend::ir::{AccessKind, Region};
use crate::model::ScheduleTree;
use crate::schedule::{self, chain_labels, chains, distributable, permutations, permute_chain};
use std::collections::BTreeSet;

/// Which transformations the search may use, and how many candidates it may check.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub interchange: bool,
    pub fuse: bool,
    pub distribute: bool,
    /// Expand scalars whose live ranges block a cheaper order.
    pub expand: bool,
    /// Legality checks allowed per region.
    pub max_checks: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            interchange: true,
            fuse: true,
            distribute: true,
            expand: true,
            max_checks: 200,
        }
    }
}

/// One candidate the search looked at.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub description: String,
    pub cost: f64,
    /// `legal`, `illegal`, or why it was not checked.
    pub verdict: String,
}

#[derive(Clone, Debug)]
pub struct SearchOutcome {
    pub tree: ScheduleTree,
    /// What changed, one line each.
    pub decisions: Vec<String>,
    pub considered: Vec<Candidate>,
    /// Whether the check budget ran out (the result is the best legal order found).
    pub exhausted: bool,
    pub original_cost: f64,
    pub cost: f64,
}

/// Searches for a cheaper legal order of `region` than `original`. `legal` checks a
/// whole tree.
pub fn search<E>(
    region: &Region,
    original: &ScheduleTree,
    options: &SearchOptions,
    legal: &mut dyn FnMut(&ScheduleTree) -> Result<bool, E>,
) -> Result<SearchOutcome, E> {
    let mut s = Searcher {
        region,
        options,
        legal,
        checks: 0,
        considered: Vec::new(),
        decisions: Vec::new(),
        exhausted: false,
        verdicts: std::collections::HashMap::new(),
    };
    let mut tree = original.clone();
    if options.distribute {
        tree = s.distribute(tree)?;
    }
    if options.interchange {
        tree = s.permute_all(tree, true)?;
    }
    if options.fuse {
        tree = s.fuse(tree)?;
    }
    Ok(SearchOutcome {
        original_cost: tree_cost(region, original),
        cost: tree_cost(region, &tree),
        tree,
        decisions: s.decisions,
        considered: s.considered,
        exhausted: s.exhausted,
    })
}

struct Searcher<'a, E> {
    region: &'a Region,
    options: &'a SearchOptions,
    legal: &'a mut dyn FnMut(&ScheduleTree) -> Result<bool, E>,
    checks: usize,
    considered: Vec<Candidate>,
    decisions: Vec<String>,
    exhausted: bool,
    /// Verdicts already computed, by candidate.
    verdicts: std::collections::HashMap<ScheduleTree, bool>,
}

impl<E> Searcher<'_, E> {
    /// Checks `tree` within the budget; `None` when the budget is spent.
    fn check(&mut self, description: String, tree: &ScheduleTree) -> Result<Option<bool>, E> {
        let cost = tree_cost(self.region, tree);
        if let Some(&ok) = self.verdicts.get(tree) {
            self.considered.push(Candidate {
                description,
                cost,
                verdict: format!("{} (checked before)", if ok { "legal" } else { "illegal" }),
            });
            return Ok(Some(ok));
        }
        if self.checks >= self.options.max_checks {
            self.exhausted = true;
            self.considered.push(Candidate {
                description,
                cost,
                verdict: "not checked (search budget spent)".to_string(),
            });
            return Ok(None);
        }
        self.checks += 1;
        let ok = (self.legal)(tree)?;
        self.verdicts.insert(tree.clone(), ok);
        self.considered.push(Candidate {
            description,
            cost,
            verdict: if ok { "legal" } else { "illegal" }.to_string(),
        });
        Ok(Some(ok))
    }

    /// Every perfect nest of `tree` in its cheapest legal loop order. With `record`,
    /// the changes are reported as decisions.
    fn permute_all(&mut self, mut tree: ScheduleTree, record: bool) -> Result<ScheduleTree, E> {
        for path in chains(&tree) {
            let labels = chain_labels(&tree, &path);
            let base = tree_cost(self.region, &tree);
            let strided = innermost_strided_references(self.region, &tree);
            let mut ranked: Vec<(Vec<usize>, ScheduleTree, f64)> = permutations(labels.len())
                .into_iter()
                .skip(1)
                .map(|order| {
                    let candidate = permute_chain(&tree, &path, &order);
                    let cost = tree_cost(self.region, &candidate);
                    (order, candidate, cost)
                })
                .filter(|(_, _, cost)| *cost < base * (1.0 - 1e-9))
                // The model cannot tell whether a column walk's lines stay in cache
                // until the next outer iteration (that depends on sizes it does not
                // know): never add one to any statement's innermost loop.
                .filter(|(_, candidate, _)| {
                    innermost_strided_references(self.region, candidate)
                        .iter()
                        .zip(&strided)
                        .all(|(new, old)| new <= old)
                })
                .collect();
            ranked.sort_by(|a, b| a.2.total_cmp(&b.2));
            for (order, candidate, _) in ranked {
                let after: Vec<&str> = order.iter().map(|&k| labels[k].as_str()).collect();
                let description = format!(
                    "loops ({}) -> ({}) around {}",
                    labels.join(", "),
                    after.join(", "),
                    self.statements_of(&candidate, &path)
                );
                match self.check(description.clone(), &candidate)? {
                    Some(true) => {
                        if record {
                            self.decisions.push(description);
                        }
                        tree = candidate;
                        break;
                    }
                    Some(false) => {}
                    None => break,
                }
            }
        }
        Ok(tree)
    }

    /// Distributes loops over their bodies where that lets the parts be reordered to a
    /// lower cost than the best order without distributing.
    fn distribute(&mut self, mut tree: ScheduleTree) -> Result<ScheduleTree, E> {
        let mut tried = BTreeSet::new();
        while let Some(path) = distributable(&tree)
            .into_iter()
            .find(|p| !tried.contains(p))
        {
            tried.insert(path.clone());
            let label = chain_labels(&tree, &path)
                .first()
                .cloned()
                .unwrap_or_default();
            let candidate = schedule::distribute(&tree, &path);
            // Whether it can pay: compare the best orders by cost alone (legality is
            // checked once the distribution is kept).
            if best_cost(self.region, &candidate) >= best_cost(self.region, &tree) * (1.0 - 1e-9) {
                continue;
            }
            let description = format!(
                "distribute loop `{label}` over its body ({})",
                self.statements_of(&candidate, &path)
            );
            if self.check(description.clone(), &candidate)? == Some(true) {
                self.decisions.push(description);
                tree = candidate;
                tried.clear();
            }
        }
        Ok(tree)
    }

    /// Fuses consecutive loops where the second reads what the first writes.
    fn fuse(&mut self, tree: ScheduleTree) -> Result<ScheduleTree, E> {
        let region = self.region;
        let producer_consumer = |a: &ScheduleTree, b: &ScheduleTree| {
            let written: BTreeSet<&str> = arrays(region, a, AccessKind::Write);
            arrays(region, b, AccessKind::Read)
                .iter()
                .any(|x| written.contains(x))
        };
        let base = tree_cost(region, &tree);
        let budget = self.options.max_checks.saturating_sub(self.checks);
        let mut used = 0;
        let mut legal_checks = Vec::new();
        let legal = &mut *self.legal;
        let (fused, fusions) = schedule::fuse(&tree, &producer_consumer, &mut |candidate| {
            // A shifted fusion of innermost loops inside another loop (a time-step loop
            // over stencil sweeps) adds guards and a dependence between iterations that
            // keep the compiler from vectorizing, for no locality the outer loop does
            // not already give: only shift-0 fusion there.
            if tree_cost(region, candidate) > base * (1.0 + 1e-9)
                || used >= budget
                || shifted_inner_fusions(candidate, 0) > 0
            {
                return Ok(false);
            }
            used += 1;
            let ok = legal(candidate)?;
            legal_checks.push((tree_cost(region, candidate), ok));
            Ok(ok)
        })?;
        self.checks += used;
        for (cost, ok) in legal_checks {
            self.considered.push(Candidate {
                description: "fusion of a producer and a consumer loop".to_string(),
                cost,
                verdict: if ok { "legal" } else { "illegal" }.to_string(),
            });
        }
        for f in &fusions {
            self.decisions.push(format!(
                "fused loop `{}` into loop `{}` (shift {})",
                f.second, f.first, f.shift
            ));
        }
        Ok(fused)
    }

    fn statements_of(&self, tree: &ScheduleTree, path: &[usize]) -> String {
        schedule::node_at(tree, path)
            .statements()
            .iter()
            .map(|k| self.region.statements[*k].name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The cost of `tree` with every perfect nest in its cheapest order, legal or not.
fn best_cost(region: &Region, tree: &ScheduleTree) -> f64 {
    let mut tree = tree.clone();
    for path in chains(&tree) {
        let n = chain_labels(&tree, &path).len();
        if let Some(best) = permutations(n)
            .into_iter()
            .map(|order| permute_chain(&tree, &path, &order))
            .min_by(|a, b| tree_cost(region, a).total_cmp(&tree_cost(region, b)))
        {
            tree = best;
        }
    }
    tree_cost(region, &tree)
}

/// The number of innermost bands (whose body holds only statements) nested inside
/// another band, `depth` bands deep, whose members are shifted against each other.
fn shifted_inner_fusions(tree: &ScheduleTree, depth: usize) -> usize {
    match tree {
        ScheduleTree::Band { members, child, .. } => {
            let innermost = !contains_band(child);
            let offsets: BTreeSet<Option<i64>> = members
                .iter()
                .map(|(_, t)| t.linear().map(|(c, _)| c))
                .collect();
            usize::from(depth > 0 && innermost && offsets.len() > 1)
                + shifted_inner_fusions(child, depth + 1)
        }
        ScheduleTree::Sequence(children) => children
            .iter()
            .map(|c| shifted_inner_fusions(c, depth))
            .sum(),
        ScheduleTree::Stmt(_) => 0,
    }
}

fn contains_band(tree: &ScheduleTree) -> bool {
    match tree {
        ScheduleTree::Band { .. } => true,
        ScheduleTree::Sequence(children) => children.iter().any(contains_band),
        ScheduleTree::Stmt(_) => false,
    }
}

/// The arrays the statements of `tree` access with `kind`.
fn arrays<'r>(region: &'r Region, tree: &ScheduleTree, kind: AccessKind) -> BTreeSet<&'r str> {
    tree.statements()
        .into_iter()
        .flat_map(|k| region.statements[k].accesses.iter())
        .filter(|a| a.kind == kind)
        .map(|a| a.array.as_str())
        .collect()
}
