//! Candidate orders from isl's affine scheduler (Pluto's algorithm as isl implements
//! it): schedules that skew, shift and interleave statements, which no permutation or
//! fusion reaches (an LU factorisation's right-looking order, a stencil's time skew).
//!
//! isl is asked twice, with the region's value-based flow dependences as proximity
//! (keep producers near consumers) and:
//!
//! - validity = the flow dependences alone: the most freedom, ignoring that values
//!   share memory cells; the result may overwrite a value before it is read;
//! - validity = flow ∪ the memory-based (anti and output) dependences: the classic
//!   constraints, stricter than nestor's test.
//!
//! Neither is trusted: each is a candidate like the search's others, ranked by the cost
//! model and judged by `deps` (live ranges included). The schedule comes back as a
//! [`ScheduleTree`] (one band per schedule dimension); a schedule with a form the tree
//! cannot hold (a filter on part of a statement's instances, a piecewise or non-affine
//! time) gives no candidate.

use crate::analysis::plan::Plan;
use crate::frontend::Region;
use crate::frontend::ir::Aff;
use crate::model::{self, ScheduleTree};
use crate::transform::rewrites;
use isl_rs::{
    LibISLError, ScheduleConstraints, ScheduleNode, ScheduleNodeType, UnionAccessInfo, UnionMap,
};
use std::collections::{BTreeMap, BTreeSet};

type Isl<T> = Result<T, LibISLError>;

/// Which constraints isl's scheduler was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Validity {
    /// Flow dependences only.
    Flow,
    /// Flow dependences, and the anti and output dependences as conditional validity
    /// constraints on the live ranges (PPCG's live-range reordering): such a dependence
    /// constrains a loop only where a live range it is adjacent to crosses iterations.
    LiveRanges,
    /// Flow, anti and output dependences.
    Memory,
}

impl Validity {
    /// Every formulation, the one with the most freedom first.
    pub const ALL: [Validity; 3] = [Validity::Flow, Validity::LiveRanges, Validity::Memory];
}

impl std::fmt::Display for Validity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Validity::Flow => "flow dependences",
            Validity::LiveRanges => "flow dependences, live ranges kept apart",
            Validity::Memory => "flow, anti and output dependences",
        })
    }
}

/// The schedule isl computes for `plan`'s region, as a tree: with `D` the domain, `F`
/// the flow dependences and `M` the anti and output ones, a schedule `θ` on `D` with
/// `θ(a) ≺ θ(b)` for every `a -> b` in `V` (validity; `V = F` for [`Validity::Flow`]
/// and [`Validity::LiveRanges`], `F ∪ M` for [`Validity::Memory`]) whose distances over
/// `F` isl keeps small (proximity) and whose outer loops carry none of `V` where it can
/// (coincidence). For [`Validity::LiveRanges`], `M` between tagged accesses is a
/// conditional validity constraint with condition `F` tagged: it must hold in a band
/// where an adjacent live range is not local to it. `None` when isl's schedule does not
/// fit a [`ScheduleTree`].
pub fn isl_order(plan: &Plan, validity: Validity) -> Isl<Option<ScheduleTree>> {
    let flow = plan.df.plain.flow.copy()?;
    let constraints: UnionMap = match validity {
        Validity::Flow | Validity::LiveRanges => flow.copy()?,
        Validity::Memory => flow.copy()?.union(plan.df.memory.copy()?)?,
    };
    let mut problem = ScheduleConstraints::on_domain(plan.scop.domain.copy()?)?
        .set_context(plan.scop.context.copy()?)?
        .set_validity(constraints.copy()?)?
        .set_proximity(flow)?
        .set_coincidence(constraints)?;
    if validity == Validity::LiveRanges {
        problem = problem.set_conditional_validity(
            plan.df.tagged.flow.copy()?,
            tagged_order_dependences(plan)?,
        )?;
    }
    let schedule = problem.compute_schedule()?;
    let root = schedule.get_root()?;
    if root.n_children()? != 1 {
        return Ok(None);
    }
    let all: BTreeSet<usize> = (0..plan.region.statements.len()).collect();
    Ok(tree_of(&plan.region, root.child(0)?, &all)?.map(simplified))
}

/// The anti and output dependences between tagged accesses in the original order,
/// `{ [a -> R] -> [w -> R'] }`: `w` writes, after access `a`, the cell `a` reads or
/// writes (with no write in between for an output dependence). These order one live
/// range's last use before the next live range of the cell begins.
fn tagged_order_dependences(plan: &Plan) -> Isl<UnionMap> {
    let scop = &plan.scop;
    let original = crate::analysis::dataflow::schedule_map(scop, &scop.schedule)?;
    let timed = plan.df.tagged.instance.copy()?.apply_range(original)?;
    UnionAccessInfo::from_sink(scop.writes.copy()?)?
        .set_must_source(scop.writes.copy()?)?
        .set_may_source(scop.reads.copy()?)?
        .set_kill(UnionMap::empty(scop.writes.get_space()?)?)?
        .set_schedule_map(timed)?
        .compute_flow()?
        .get_may_dependence()
}

/// The tree of the isl schedule subtree at `node`, over the statements `active`.
fn tree_of(
    region: &Region,
    node: ScheduleNode,
    active: &BTreeSet<usize>,
) -> Isl<Option<ScheduleTree>> {
    match node.get_type()? {
        ScheduleNodeType::Leaf => Ok(leaf(active)),
        ScheduleNodeType::Mark => tree_of(region, node.child(0)?, active),
        ScheduleNodeType::Filter => {
            let Some(kept) = filtered(region, &node)? else {
                return Ok(None);
            };
            let active = active.intersection(&kept).copied().collect();
            tree_of(region, node.child(0)?, &active)
        }
        ScheduleNodeType::Sequence | ScheduleNodeType::Set => {
            let mut children = Vec::new();
            for k in 0..node.n_children()? {
                match tree_of(region, node.copy()?.child(k)?, active)? {
                    Some(ScheduleTree::Sequence(c)) if c.is_empty() => {}
                    Some(child) => children.push(child),
                    None => return Ok(None),
                }
            }
            Ok(Some(ScheduleTree::Sequence(children)))
        }
        ScheduleNodeType::Band => band(region, node, active),
        _ => Ok(None),
    }
}

/// The statements of `active` in statement order: one, or a sequence of them (isl
/// gives them the same time stamps, so any order of them is its order).
fn leaf(active: &BTreeSet<usize>) -> Option<ScheduleTree> {
    let mut stmts: Vec<ScheduleTree> = active.iter().map(|&k| ScheduleTree::Stmt(k)).collect();
    Some(if stmts.len() == 1 {
        stmts.remove(0)
    } else {
        ScheduleTree::Sequence(stmts)
    })
}

/// The statements a filter node keeps, when it keeps whole statements.
fn filtered(region: &Region, node: &ScheduleNode) -> Isl<Option<BTreeSet<usize>>> {
    let filter = node.filter_get_filter()?;
    let text = filter.to_str()?.to_string();
    let Some(body) = braces(&text) else {
        return Ok(None);
    };
    let mut kept = BTreeSet::new();
    for piece in body.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        // A constraint keeps part of a statement's instances (index-set splitting).
        if piece.contains(':') {
            return Ok(None);
        }
        let Some(k) = statement_named(region, piece.split('[').next().unwrap_or("").trim()) else {
            return Ok(None);
        };
        kept.insert(k);
    }
    Ok(Some(kept))
}

/// One [`ScheduleTree::Band`] per member of the band node, outermost first, around the
/// tree of its child.
fn band(
    region: &Region,
    node: ScheduleNode,
    active: &BTreeSet<usize>,
) -> Isl<Option<ScheduleTree>> {
    let partial = node.band_get_partial_schedule()?;
    let mut levels = Vec::new();
    for m in 0..node.band_n_member()? {
        let text = partial.get_at(m)?.to_str()?.to_string();
        let Some(times) = member_times(region, &text) else {
            return Ok(None);
        };
        let members: Vec<(usize, Aff)> = active
            .iter()
            .filter_map(|&k| times.get(&k).map(|t| (k, t.clone())))
            .collect();
        if members.len() != active.len() {
            return Ok(None);
        }
        levels.push(members);
    }
    let Some(mut tree) = tree_of(region, node.child(0)?, active)? else {
        return Ok(None);
    };
    for members in levels.into_iter().rev() {
        tree = ScheduleTree::Band {
            label: rewrites::band_label(&members),
            members,
            child: Box::new(tree),
            unroll: false,
        };
    }
    Ok(Some(tree))
}

/// Per statement, its time in one member of a band: `[n] -> { S0[i, j] -> [(i + j)];
/// S1[i] -> [(2i)] }`. `None` unless every piece is a whole statement's affine time.
fn member_times(region: &Region, text: &str) -> Option<BTreeMap<usize, Aff>> {
    let mut times = BTreeMap::new();
    for piece in braces(text)?
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        if piece.contains(':') {
            return None;
        }
        let (tuple, time) = piece.split_once("->")?;
        let (name, vars) = tuple.trim().split_once('[')?;
        let k = statement_named(region, name.trim())?;
        let vars: Vec<&str> = vars
            .trim_end_matches(']')
            .split(',')
            .map(str::trim)
            .collect();
        let expr = time.trim().strip_prefix("[(")?.strip_suffix(")]")?;
        let iters = &region.statements[k].iters;
        let rename = |v: &str| -> String {
            match vars.iter().position(|x| *x == v) {
                Some(q) => iters.get(q).cloned().unwrap_or_else(|| v.to_string()),
                None => model::c_name(v),
            }
        };
        if times.insert(k, affine(expr, &rename)?).is_some() {
            return None;
        }
    }
    Some(times)
}

/// isl's text of an affine expression (`-1 + 2t + i`, `n - r`) as an [`Aff`] over the
/// names `rename` gives; `None` for anything else (floors, divisions, products).
fn affine(expr: &str, rename: &dyn Fn(&str) -> String) -> Option<Aff> {
    let mut total: Option<Aff> = None;
    let mut rest = expr.trim();
    let mut sign = 1;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('-') {
            sign = -sign;
            rest = r.trim_start();
            continue;
        }
        if let Some(r) = rest.strip_prefix('+') {
            rest = r.trim_start();
            continue;
        }
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let coefficient: i64 = if digits > 0 {
            rest[..digits].parse().ok()?
        } else {
            1
        };
        rest = &rest[digits..];
        let name_len = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
                .len();
        if digits == 0 && name_len == 0 {
            return None;
        }
        let c = sign * coefficient;
        let term = if name_len == 0 {
            Aff::Int(c)
        } else {
            let name = Aff::name(&rename(&rest[..name_len]));
            if c == 1 {
                name
            } else {
                Aff::Scale(c, Box::new(name))
            }
        };
        rest = rest[name_len..].trim_start();
        if !(rest.is_empty() || rest.starts_with('+') || rest.starts_with('-')) {
            return None;
        }
        sign = 1;
        total = Some(match total {
            None => term,
            Some(t) => Aff::Add(Box::new(t), Box::new(term)),
        });
    }
    total
}

/// `tree` without sequences of one child, sequences directly inside sequences, and
/// loops that run once (every statement's time the same constant).
fn simplified(tree: ScheduleTree) -> ScheduleTree {
    match tree {
        ScheduleTree::Band {
            label,
            members,
            child,
            unroll,
        } => {
            let child = simplified(*child);
            let constants: BTreeSet<Option<i64>> = members
                .iter()
                .map(|(_, t)| {
                    t.linear()
                        .filter(|(_, terms)| terms.is_empty())
                        .map(|(c, _)| c)
                })
                .collect();
            if constants.len() == 1 && constants.iter().all(Option::is_some) {
                return child;
            }
            ScheduleTree::Band {
                label,
                members,
                child: Box::new(child),
                unroll,
            }
        }
        ScheduleTree::Sequence(children) => {
            let mut flat = Vec::new();
            for child in children.into_iter().map(simplified) {
                match child {
                    ScheduleTree::Sequence(inner) => flat.extend(inner),
                    other => flat.push(other),
                }
            }
            if flat.len() == 1 {
                flat.remove(0)
            } else {
                ScheduleTree::Sequence(flat)
            }
        }
        leaf => leaf,
    }
}

/// The text between the outer braces of isl's `[params] -> { ... }`.
fn braces(text: &str) -> Option<&str> {
    let open = text.find('{')?;
    let close = text.rfind('}')?;
    (open < close).then(|| &text[open + 1..close])
}

fn statement_named(region: &Region, name: &str) -> Option<usize> {
    region.statements.iter().position(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rename(v: &str) -> String {
        v.to_string()
    }

    #[test]
    fn affine_reads_isl_expressions() {
        let show = |e: &str| affine(e, &rename).map(|a| rewrites::time_text(&a));
        assert_eq!(show("p").as_deref(), Some("p"));
        assert_eq!(show("-1 + 2t + i").as_deref(), Some("i + 2t - 1"));
        assert_eq!(show("n - r").as_deref(), Some("n - r"));
        assert_eq!(show("-r").as_deref(), Some("-r"));
        assert_eq!(show("0").as_deref(), Some("0"));
        assert_eq!(show("floor((i)/2)"), None);
        assert_eq!(show("2 * i"), None);
    }
}
