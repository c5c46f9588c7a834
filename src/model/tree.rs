//! `ScheduleTree`: an order of the region's statements as bands (loops with their time
//! expressions), sequences and statements; the original order, time stamps in isl
//! notation, and the tree as isl's schedule YAML (with mark and isolation options).

use super::names::{isl_name, tuple};
use crate::frontend::ir::{Aff, Node, Region};
use std::collections::BTreeSet;

/// An execution order over a region's statements, shaped like isl's schedule trees:
/// transformations rewrite it, [`schedule_yaml`] hands it to isl.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ScheduleTree {
    /// One loop. `members` gives, per statement below, its time in this loop as an
    /// affine function of its iterators (`i`, `-i` for a downward loop, `i + 2` for a
    /// shifted one). `label` names the loop for users: the original iterator.
    Band {
        label: String,
        members: Vec<(usize, Aff)>,
        child: Box<ScheduleTree>,
        /// Generated as straight-line copies of its body, one per time, instead of a
        /// loop (isl's `unroll` AST option): the inner loops of a register tile.
        unroll: bool,
    },
    /// Children executed one after the other.
    Sequence(Vec<ScheduleTree>),
    /// One statement (index into the region's statements).
    Stmt(usize),
}

/// A band of a tree, as [`ScheduleTree::bands`] lists it: its path (as
/// [`ScheduleTree::node_at`] takes it), the number of bands around it, and its fields.
pub struct BandAt<'t> {
    pub path: Vec<usize>,
    pub depth: usize,
    pub label: &'t str,
    pub members: &'t [(usize, Aff)],
    pub child: &'t ScheduleTree,
    pub unroll: bool,
}

impl ScheduleTree {
    /// The node at `path` (child indices from the root; a band's index is ignored).
    pub fn node_at(&self, path: &[usize]) -> &ScheduleTree {
        path.iter().fold(self, |node, &k| match node {
            ScheduleTree::Band { child, .. } => child,
            ScheduleTree::Sequence(children) => &children[k],
            ScheduleTree::Stmt(_) => node,
        })
    }

    /// The node at `path`, `None` where the tree has no such node.
    pub fn get(&self, path: &[usize]) -> Option<&ScheduleTree> {
        path.iter().try_fold(self, |node, &k| match node {
            ScheduleTree::Band { child, .. } => Some(&**child),
            ScheduleTree::Sequence(children) => children.get(k),
            ScheduleTree::Stmt(_) => Some(node),
        })
    }

    /// This tree with the node at `path` replaced by `new`.
    pub fn replaced_at(&self, path: &[usize], new: ScheduleTree) -> ScheduleTree {
        let Some((&first, rest)) = path.split_first() else {
            return new;
        };
        match self {
            ScheduleTree::Sequence(children) => {
                let mut children = children.clone();
                children[first] = children[first].replaced_at(rest, new);
                ScheduleTree::Sequence(children)
            }
            _ => self.map_children(&mut |child| child.replaced_at(rest, new.clone())),
        }
    }

    /// This node with `f` applied to each of its children (a band's body, a sequence's
    /// children); a statement is itself.
    pub fn map_children(&self, f: &mut dyn FnMut(&ScheduleTree) -> ScheduleTree) -> ScheduleTree {
        match self {
            ScheduleTree::Band {
                label,
                members,
                child,
                unroll,
            } => ScheduleTree::Band {
                label: label.clone(),
                members: members.clone(),
                child: Box::new(f(child)),
                unroll: *unroll,
            },
            ScheduleTree::Sequence(children) => {
                ScheduleTree::Sequence(children.iter().map(f).collect())
            }
            ScheduleTree::Stmt(k) => ScheduleTree::Stmt(*k),
        }
    }

    /// The nests outside every loop: the root's children through its sequences.
    pub fn outermost_nests(&self) -> Vec<&ScheduleTree> {
        match self {
            ScheduleTree::Sequence(children) => children
                .iter()
                .flat_map(ScheduleTree::outermost_nests)
                .collect(),
            _ => vec![self],
        }
    }

    /// This tree with the bands that hold only statements of `statements` generated as
    /// loops (no register tile there: `unroll` off).
    pub fn rolled(&self, statements: &BTreeSet<usize>) -> ScheduleTree {
        let mut out = self.map_children(&mut |child| child.rolled(statements));
        if let ScheduleTree::Band {
            members, unroll, ..
        } = &mut out
        {
            *unroll &= !members.iter().all(|(k, _)| statements.contains(k));
        }
        out
    }

    /// Every band of the tree, depth first (a band before those inside it).
    pub fn bands(&self) -> Vec<BandAt<'_>> {
        let mut out = Vec::new();
        self.collect_bands(&mut Vec::new(), 0, &mut out);
        out
    }

    fn collect_bands<'t>(&'t self, path: &mut Vec<usize>, depth: usize, out: &mut Vec<BandAt<'t>>) {
        match self {
            ScheduleTree::Band {
                label,
                members,
                child,
                unroll,
            } => {
                out.push(BandAt {
                    path: path.clone(),
                    depth,
                    label,
                    members,
                    child,
                    unroll: *unroll,
                });
                path.push(0);
                child.collect_bands(path, depth + 1, out);
                path.pop();
            }
            ScheduleTree::Sequence(children) => {
                for (k, c) in children.iter().enumerate() {
                    path.push(k);
                    c.collect_bands(path, depth, out);
                    path.pop();
                }
            }
            ScheduleTree::Stmt(_) => {}
        }
    }

    /// The statements below this node, in order.
    pub fn statements(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect_statements(&mut out);
        out
    }

    /// The statements whose instances `other` may order differently among themselves
    /// than `self` does: the two trees are walked together while they agree (equal
    /// bands; sequences are split into the shortest runs of children that hold the same
    /// statements on both sides, [`aligned_runs`]), and the statements of the first
    /// subtrees that differ are collected. Two instances of which one lies outside those
    /// keep their order: it is decided where the trees agree (the same order of runs,
    /// the same band times).
    pub fn reordered(&self, other: &ScheduleTree) -> BTreeSet<usize> {
        match (self, other) {
            _ if self == other => BTreeSet::new(),
            (ScheduleTree::Sequence(xs), ScheduleTree::Sequence(ys)) => aligned_runs(xs, ys)
                .into_iter()
                .flat_map(|(x, y)| match (x, y) {
                    ([x], [y]) => x.reordered(y),
                    _ => statements_of(x).into_iter().collect(),
                })
                .collect(),
            (
                ScheduleTree::Band { members, child, .. },
                ScheduleTree::Band {
                    members: others,
                    child: other_child,
                    ..
                },
            ) if members == others => child.reordered(other_child),
            _ => self
                .statements()
                .into_iter()
                .chain(other.statements())
                .collect(),
        }
    }

    /// This tree without statement `k`, the statements after it one lower (the region
    /// with `k` removed); `None` if nothing is left.
    pub fn without_statement(&self, k: usize) -> Option<ScheduleTree> {
        self.renumbered(&|s| match s.cmp(&k) {
            std::cmp::Ordering::Less => Some(s),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(s - 1),
        })
    }

    /// This tree with each statement `k` numbered `new(k)`, or dropped where that is
    /// `None`: bands and sequences left without statements dropped, a sequence of one
    /// child replaced by it; `None` if nothing is left.
    pub fn renumbered(&self, new: &dyn Fn(usize) -> Option<usize>) -> Option<ScheduleTree> {
        match self {
            ScheduleTree::Stmt(s) => new(*s).map(ScheduleTree::Stmt),
            ScheduleTree::Band {
                label,
                members,
                child,
                unroll,
            } => Some(ScheduleTree::Band {
                label: label.clone(),
                members: (members.iter())
                    .filter_map(|(s, t)| Some((new(*s)?, t.clone())))
                    .collect(),
                child: Box::new(child.renumbered(new)?),
                unroll: *unroll,
            }),
            ScheduleTree::Sequence(children) => {
                let mut left: Vec<ScheduleTree> =
                    children.iter().filter_map(|c| c.renumbered(new)).collect();
                match left.len() {
                    0 => None,
                    1 => left.pop(),
                    _ => Some(ScheduleTree::Sequence(left)),
                }
            }
        }
    }

    /// Whether a band lies at or below this node.
    pub fn contains_band(&self) -> bool {
        match self {
            ScheduleTree::Band { .. } => true,
            ScheduleTree::Sequence(children) => children.iter().any(ScheduleTree::contains_band),
            ScheduleTree::Stmt(_) => false,
        }
    }

    fn collect_statements(&self, out: &mut Vec<usize>) {
        match self {
            ScheduleTree::Band { child, .. } => child.collect_statements(out),
            ScheduleTree::Sequence(children) => {
                children.iter().for_each(|c| c.collect_statements(out))
            }
            ScheduleTree::Stmt(k) => out.push(*k),
        }
    }
}

/// The statements of a run of sibling subtrees.
pub(super) fn statements_of(trees: &[ScheduleTree]) -> Vec<usize> {
    trees.iter().flat_map(ScheduleTree::statements).collect()
}

/// `xs` and `ys`, children of two sequences over the same statements, cut into pairs
/// of runs `(xs[a..b], ys[c..d])` in order, each as short as it can be while both sides
/// hold the same statements (a run of one child on each side where the sequences agree;
/// a fusion of two children pairs those two with the one fused loop).
pub(super) fn aligned_runs<'t>(
    xs: &'t [ScheduleTree],
    ys: &'t [ScheduleTree],
) -> Vec<(&'t [ScheduleTree], &'t [ScheduleTree])> {
    let mut runs = Vec::new();
    let (mut a, mut c) = (0, 0);
    while a < xs.len() || c < ys.len() {
        let (mut b, mut d) = (a, c);
        let mut left = BTreeSet::new();
        let mut right = BTreeSet::new();
        loop {
            if (!right.is_subset(&left) || left.is_empty()) && b < xs.len() {
                left.extend(xs[b].statements());
                b += 1;
            } else if !left.is_subset(&right) && d < ys.len() {
                right.extend(ys[d].statements());
                d += 1;
            } else {
                break;
            }
            if left == right && !left.is_empty() {
                break;
            }
        }
        if left != right || (b, d) == (a, c) {
            // Not the same statements (or none): all from here on may be reordered.
            runs.push((&xs[a..], &ys[c..]));
            break;
        }
        runs.push((&xs[a..b], &ys[c..d]));
        (a, c) = (b, d);
    }
    runs
}

/// The original execution order: a band per loop (over the statements inside it), a
/// sequence per block; `if`s only restrict domains, so their branches are members of
/// the enclosing sequence. Loops without statements disappear.
pub fn original_schedule(region: &Region) -> ScheduleTree {
    sequence(&region.body)
}

pub(super) fn sequence(nodes: &[Node]) -> ScheduleTree {
    let mut children: Vec<ScheduleTree> = Vec::new();
    for node in nodes {
        match node {
            Node::Stmt(k) => children.push(ScheduleTree::Stmt(*k)),
            Node::If(_, then, els, _) => {
                for branch in [then, els] {
                    match sequence(branch) {
                        ScheduleTree::Sequence(c) => children.extend(c),
                        other => children.push(other),
                    }
                }
            }
            Node::Loop(l, body) => {
                let child = sequence(body);
                let stmts = child.statements();
                if stmts.is_empty() {
                    continue;
                }
                let time = if l.stride < 0 {
                    Aff::Neg(Box::new(Aff::name(&l.iter)))
                } else {
                    Aff::name(&l.iter)
                };
                children.push(ScheduleTree::Band {
                    label: l.iter.clone(),
                    members: stmts.into_iter().map(|k| (k, time.clone())).collect(),
                    child: Box::new(child),
                    unroll: false,
                });
            }
        }
    }
    if children.len() == 1 {
        children.pop().unwrap_or(ScheduleTree::Sequence(Vec::new()))
    } else {
        ScheduleTree::Sequence(children)
    }
}

/// `{ S[i] -> [t_1, ..., t_n] }` for `tree`, as isl flattens a schedule tree: one
/// dimension per band (the statement's time in it) and per sequence (the position of
/// the child holding the statement), then zeros up to the deepest statement's length.
/// One piece per statement (`params{ S[i] -> [..] }`), so that a piece
/// a change leaves as it was need not be parsed again. Written directly: parsing the
/// YAML and flattening in isl cost a tenth of a check.
pub fn time_stamps(region: &Region, params: &str, tree: &ScheduleTree) -> Vec<String> {
    let stamps = statement_times(tree);
    let length = stamps.iter().map(|(_, t)| t.len()).max().unwrap_or(0);
    stamps
        .into_iter()
        .map(|(k, mut times)| {
            times.resize(length, "0".to_string());
            let s = &region.statements[k];
            let piece = format!("{} -> [{}]", tuple(&s.name, &s.iters), times.join(", "));
            format!("{params}{{ {piece} }}")
        })
        .collect()
}

/// Per statement below `tree`, its time in each band and its position in each
/// sequence on the way down, outermost first.
pub(super) fn statement_times(tree: &ScheduleTree) -> Vec<(usize, Vec<String>)> {
    let prefixed = |inner: Vec<(usize, Vec<String>)>, time: &dyn Fn(usize) -> String| {
        inner
            .into_iter()
            .map(|(k, times)| (k, std::iter::once(time(k)).chain(times).collect()))
            .collect::<Vec<_>>()
    };
    match tree {
        ScheduleTree::Stmt(k) => vec![(*k, Vec::new())],
        ScheduleTree::Band { members, child, .. } => prefixed(statement_times(child), &|k| {
            members.iter().find(|(s, _)| *s == k).map_or_else(
                || "0".to_string(),
                |(_, t)| format!("({})", t.to_isl(&isl_name)),
            )
        }),
        ScheduleTree::Sequence(children) => children
            .iter()
            .enumerate()
            .flat_map(|(position, c)| prefixed(statement_times(c), &|_| position.to_string()))
            .collect(),
    }
}

/// An isl `mark` node nestor places above a band: the band's loop is loop `index` of
/// the parallel loops code generation receives (run by threads or as a vector loop),
/// and `dimension` is the band's schedule dimension, after which isl names its loop
/// (`c{dimension}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub index: usize,
    pub dimension: usize,
}

impl Mark {
    const PREFIX: &'static str = "parallel_";

    /// The mark's isl id: `parallel_INDEX_DIMENSION`.
    pub fn isl_id(&self) -> String {
        format!("{}{}_{}", Mark::PREFIX, self.index, self.dimension)
    }

    /// The mark an isl id names, when nestor placed it ([`Mark::isl_id`]).
    pub fn from_isl_id(id: &str) -> Option<Mark> {
        let (index, dimension) = id.strip_prefix(Mark::PREFIX)?.split_once('_')?;
        Some(Mark {
            index: index.parse().ok()?,
            dimension: dimension.parse().ok()?,
        })
    }

    /// The name isl gives the loop of the marked band.
    pub fn loop_name(&self) -> String {
        format!("c{}", self.dimension)
    }
}

/// An isl `mark` node nestor places above a tile band, so that its loop is printed
/// with the band's label (`i_tile`) rather than a name made from isl's (`c0`): the
/// name a decision line gives the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopName(pub String);

impl LoopName {
    const PREFIX: &'static str = "loop_";

    /// The name for a band labelled `label`, when it is a tile band's and a C
    /// identifier (`i_tile`; not a skewed loop's `(i + t)_tile`).
    pub fn for_label(label: &str) -> Option<LoopName> {
        let identifier = label.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !label.starts_with(|c: char| c.is_ascii_digit());
        (identifier && label.ends_with("_tile")).then(|| LoopName(label.to_string()))
    }

    pub fn isl_id(&self) -> String {
        format!("{}{}", LoopName::PREFIX, self.0)
    }

    /// The name an isl mark id gives, when nestor placed it ([`LoopName::isl_id`]).
    pub fn from_isl_id(id: &str) -> Option<LoopName> {
        id.strip_prefix(LoopName::PREFIX)
            .map(|n| LoopName(n.to_string()))
    }
}

/// `tree` in isl's YAML form, over the statements' domains (`domains[k]` is
/// `S0[i, j] : constraints`).
pub fn schedule_yaml(
    region: &Region,
    params: &str,
    domains: &[String],
    tree: &ScheduleTree,
    marks: &[(Vec<usize>, Mark)],
    options: &[(Vec<usize>, String)],
) -> String {
    let mut out = format!("domain: \"{params}{{ {} }}\"\n", domains.join("; "));
    let mut yaml = TreeYaml {
        region,
        params,
        marks,
        options,
        path: Vec::new(),
        out: &mut out,
    };
    yaml.node(tree, 0);
    out
}

/// The YAML writer's state: where in the tree it is, and the marks to place.
pub(super) struct TreeYaml<'a> {
    region: &'a Region,
    params: &'a str,
    /// Marks (isl `mark` nodes, e.g. a parallel loop) above the bands at these paths.
    marks: &'a [(Vec<usize>, Mark)],
    /// isl AST build options (`isolate`) of the bands at these paths.
    options: &'a [(Vec<usize>, String)],
    path: Vec<usize>,
    out: &'a mut String,
}

impl TreeYaml<'_> {
    fn node(&mut self, tree: &ScheduleTree, indent: usize) {
        let (region, params) = (self.region, self.params);
        let pad = " ".repeat(indent);
        match tree {
            ScheduleTree::Stmt(_) => {}
            ScheduleTree::Band {
                label,
                members,
                child,
                unroll,
            } => {
                let mut indent = indent;
                if let Some(name) = LoopName::for_label(label) {
                    let pad = " ".repeat(indent);
                    self.out.push_str(&format!(
                        "{pad}child:\n{pad}  mark: \"{}\"\n",
                        name.isl_id()
                    ));
                    indent += 2;
                }
                let pad = " ".repeat(indent);
                if let Some((_, mark)) = self.marks.iter().find(|(p, _)| *p == self.path) {
                    self.out.push_str(&format!(
                        "{pad}child:\n{pad}  mark: \"{}\"\n",
                        mark.isl_id()
                    ));
                    indent += 2;
                }
                let pad = " ".repeat(indent);
                let band: Vec<String> = members
                    .iter()
                    .map(|(k, time)| {
                        let s = &region.statements[*k];
                        format!(
                            "{} -> [({})]",
                            tuple(&s.name, &s.iters),
                            time.to_isl(&isl_name)
                        )
                    })
                    .collect();
                self.out.push_str(&format!(
                    "{pad}child:\n{pad}  schedule: \"{params}[{{ {} }}]\"\n",
                    band.join("; ")
                ));
                match self.options.iter().find(|(p, _)| *p == self.path) {
                    Some((_, o)) => self.out.push_str(&format!("{pad}  options: \"{o}\"\n")),
                    None if *unroll => self
                        .out
                        .push_str(&format!("{pad}  options: \"{{ unroll[0] }}\"\n")),
                    None => {}
                }
                self.path.push(0);
                self.node(child, indent + 2);
                self.path.pop();
            }
            ScheduleTree::Sequence(children) => {
                self.out
                    .push_str(&format!("{pad}child:\n{pad}  sequence:\n"));
                for (k, c) in children.iter().enumerate() {
                    let filter: Vec<String> = c
                        .statements()
                        .iter()
                        .map(|k| tuple(&region.statements[*k].name, &region.statements[*k].iters))
                        .collect();
                    self.out.push_str(&format!(
                        "{pad}  - filter: \"{params}{{ {} }}\"\n",
                        filter.join("; ")
                    ));
                    self.path.push(k);
                    self.node(c, indent + 4);
                    self.path.pop();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(label: &str, statements: &[usize], unroll: bool, child: ScheduleTree) -> ScheduleTree {
        ScheduleTree::Band {
            label: label.to_string(),
            members: statements
                .iter()
                .map(|&k| (k, Aff::Name(label.to_string())))
                .collect(),
            child: Box::new(child),
            unroll,
        }
    }

    /// `for i { for j (unrolled) S0 }; for k { S1; for l (unrolled) S1, S2 }`.
    fn two_nests() -> ScheduleTree {
        let first = band(
            "i",
            &[0],
            false,
            band("j", &[0], true, ScheduleTree::Stmt(0)),
        );
        let inner = band(
            "l",
            &[1, 2],
            true,
            ScheduleTree::Sequence(vec![ScheduleTree::Stmt(1), ScheduleTree::Stmt(2)]),
        );
        let second = band("k", &[1, 2], false, inner);
        ScheduleTree::Sequence(vec![ScheduleTree::Sequence(vec![first]), second])
    }

    #[test]
    fn outermost_nests_look_through_sequences() {
        let tree = two_nests();
        let nests = tree.outermost_nests();
        assert_eq!(nests.len(), 2);
        assert_eq!(nests[0].statements(), vec![0]);
        assert_eq!(nests[1].statements(), vec![1, 2]);
    }

    #[test]
    fn only_bands_of_the_statements_given_are_rolled() {
        let unrolled = |t: &ScheduleTree| -> Vec<String> {
            t.bands()
                .iter()
                .filter(|b| b.unroll)
                .map(|b| b.label.to_string())
                .collect()
        };
        let tree = two_nests();
        assert_eq!(unrolled(&tree.rolled(&BTreeSet::from([0]))), vec!["l"]);
        // A band that also holds a statement outside the set keeps its unrolling.
        assert_eq!(unrolled(&tree.rolled(&BTreeSet::from([1]))), vec!["j", "l"]);
        assert_eq!(
            unrolled(&tree.rolled(&BTreeSet::from([0, 1, 2]))),
            Vec::<String>::new()
        );
        assert_eq!(tree.rolled(&BTreeSet::new()), tree);
    }
}
