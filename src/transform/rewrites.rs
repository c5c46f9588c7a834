//! Transformations as rewrites of a [`ScheduleTree`]. This module proposes orders; it
//! never decides whether they are legal (that is `deps`) or prints code.

use crate::frontend::ir::Aff;
use crate::model::ScheduleTree;
use std::collections::BTreeSet;

/// A loop transformation a user can request.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Transform {
    /// Swap the loops with these iterators wherever one is nested in the other with
    /// only loops in between.
    Interchange(String, String),
    /// Fuse consecutive loops at the same depth, shifting the later one if needed.
    Fuse,
}

impl std::fmt::Display for Transform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Transform::Interchange(a, b) => write!(f, "interchange of `{a}` and `{b}`"),
            Transform::Fuse => write!(f, "fusion"),
        }
    }
}

/// `tree` with loops `a` and `b` swapped in every nest where a band labelled `a` (or
/// `b`) has the other below it through a chain of single bands; the number of nests
/// changed. Bounds need no rewriting: domains are unchanged and the code generator
/// derives the new (e.g. triangular) bounds.
pub fn interchange(tree: &ScheduleTree, a: &str, b: &str) -> (ScheduleTree, usize) {
    let mut count = 0;
    let out = interchange_in(tree, a, b, &mut count);
    (out, count)
}

fn interchange_in(tree: &ScheduleTree, a: &str, b: &str, count: &mut usize) -> ScheduleTree {
    match tree {
        ScheduleTree::Band { label, .. } if label == a || label == b => {
            let other = if label == a { b } else { a };
            match swap_with_descendant(tree, other) {
                Some(swapped) => {
                    *count += 1;
                    swapped
                }
                None => tree.map_children(&mut |c| interchange_in(c, a, b, count)),
            }
        }
        _ => tree.map_children(&mut |c| interchange_in(c, a, b, count)),
    }
}

/// Swaps the band at the top of `tree` with the band labelled `other` found by going
/// down through single bands only (a perfectly nested chain).
fn swap_with_descendant(tree: &ScheduleTree, other: &str) -> Option<ScheduleTree> {
    let mut chain = Vec::new();
    let mut node = tree;
    while let ScheduleTree::Band {
        label,
        members,
        child,
        ..
    } = node
    {
        chain.push((label.clone(), members.clone()));
        if label == other && chain.len() > 1 {
            let last = chain.len() - 1;
            chain.swap(0, last);
            let bottom = (**child).clone();
            return Some(
                chain
                    .into_iter()
                    .rev()
                    .fold(bottom, |child, (label, members)| ScheduleTree::Band {
                        label,
                        members,
                        child: Box::new(child),
                        unroll: false,
                    }),
            );
        }
        node = child;
    }
    None
}

/// Whether some sequence in `tree` has two consecutive loops (so fusion can be tried).
pub fn has_adjacent_loops(tree: &ScheduleTree) -> bool {
    match tree {
        ScheduleTree::Band { child, .. } => has_adjacent_loops(child),
        ScheduleTree::Sequence(children) => {
            children
                .windows(2)
                .any(|w| matches!(w, [ScheduleTree::Band { .. }, ScheduleTree::Band { .. }]))
                || children.iter().any(has_adjacent_loops)
        }
        ScheduleTree::Stmt(_) => false,
    }
}

/// Which loops a fusion joins: their labels and the statements (indices) inside each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fusion {
    pub first: String,
    pub first_statements: Vec<usize>,
    pub second: String,
    pub second_statements: Vec<usize>,
    /// How many iterations the second loop is delayed by.
    pub shift: i64,
}

/// The largest shift tried when fusing two loops.
pub const MAX_SHIFT: i64 = 4;

/// What a legality check of a candidate order says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    Legal,
    /// Illegal: a value would be read before it is written.
    ReversesFlow,
    /// Illegal for another reason, or not checked.
    Illegal,
}

impl From<bool> for Legality {
    fn from(legal: bool) -> Legality {
        match legal {
            true => Legality::Legal,
            false => Legality::Illegal,
        }
    }
}

/// The shifts a fusion tries, in order: 0, then [`MAX_SHIFT`] (a shift that keeps no
/// flow at `MAX_SHIFT` keeps none below: a larger shift only delays the reads of the
/// second loop, the first loop's values all being written before), then the others.
const SHIFTS: [i64; 5] = [0, MAX_SHIFT, 1, 2, 3];

/// Fuses consecutive sibling loops greedily, outermost first: each pair is fused with
/// the smallest shift in `0..=MAX_SHIFT` that `legal` accepts (asked in the order of
/// `SHIFTS`, none after `MAX_SHIFT` reverses a flow; it is asked about the
/// whole tree, told the tree before the fusion and which fusion it is), and after a
/// fusion the loop before the fused one is tried with it again (it may now read what
/// that loop writes); then the bodies of fused loops are fused the same way. Fusing `Sa` (loop `i`) with `Sb` (loop `j`) at shift `s` is the band
/// `{ Sa[i] -> [i]; Sb[j] -> [j + s] }` over `Sa`'s body followed by `Sb`'s.
pub fn fuse<E>(
    tree: &ScheduleTree,
    worth_it: &dyn Fn(&ScheduleTree, &ScheduleTree) -> bool,
    legal: &mut dyn FnMut(&ScheduleTree, &ScheduleTree, &Fusion) -> Result<Legality, E>,
) -> Result<(ScheduleTree, Vec<Fusion>), E> {
    let mut current = tree.clone();
    let mut fusions = Vec::new();
    let mut path = Vec::new();
    let mut fuser = Fuser {
        worth_it,
        legal,
        fusions: &mut fusions,
    };
    fuser.fuse_at(&mut current, &mut path)?;
    Ok((current, fusions))
}

/// The state of one fusion pass: which pairs to try, how to check them, what was done.
struct Fuser<'a, E> {
    /// Whether fusing the two loops is wanted at all (before any legality check).
    worth_it: &'a dyn Fn(&ScheduleTree, &ScheduleTree) -> bool,
    legal: &'a mut dyn FnMut(&ScheduleTree, &ScheduleTree, &Fusion) -> Result<Legality, E>,
    fusions: &'a mut Vec<Fusion>,
}

/// A position in the tree: child indices from the root.
type Path = Vec<usize>;

impl<E> Fuser<'_, E> {
    fn fuse_at(&mut self, tree: &mut ScheduleTree, path: &mut Path) -> Result<(), E> {
        if let ScheduleTree::Sequence(children) = tree.node_at(path).clone() {
            let mut children = children;
            let mut k = 0;
            while k + 1 < children.len() {
                match self.try_fuse_pair(tree, path, &children, k)? {
                    Some((fused_children, fusion)) => {
                        children = fused_children;
                        self.fusions.push(fusion);
                        *tree = tree.replaced_at(path, sequence_or_single(children.clone()));
                        // The fused loop may now read what the loop before it writes.
                        k = k.saturating_sub(1);
                    }
                    None => k += 1,
                }
            }
        }
        let node = tree.node_at(path).clone();
        match node {
            ScheduleTree::Band { .. } => {
                path.push(0);
                self.fuse_at(tree, path)?;
                path.pop();
            }
            ScheduleTree::Sequence(children) => {
                for k in 0..children.len() {
                    path.push(k);
                    self.fuse_at(tree, path)?;
                    path.pop();
                }
            }
            ScheduleTree::Stmt(_) => {}
        }
        Ok(())
    }

    /// Children `k` and `k + 1` fused with the smallest legal shift, if any.
    fn try_fuse_pair(
        &mut self,
        tree: &ScheduleTree,
        path: &[usize],
        children: &[ScheduleTree],
        k: usize,
    ) -> Result<Option<(Vec<ScheduleTree>, Fusion)>, E> {
        let (ScheduleTree::Band { label: la, .. }, ScheduleTree::Band { label: lb, .. }) =
            (&children[k], &children[k + 1])
        else {
            return Ok(None);
        };
        if !(self.worth_it)(&children[k], &children[k + 1]) {
            return Ok(None);
        }
        let mut largest = None;
        for shift in SHIFTS {
            let fused = fuse_bands(&children[k], &children[k + 1], shift);
            let mut candidate = children.to_vec();
            candidate.splice(k..k + 2, [fused]);
            let whole = tree.replaced_at(path, sequence_or_single(candidate.clone()));
            let fusion = Fusion {
                first: la.clone(),
                first_statements: children[k].statements(),
                second: lb.clone(),
                second_statements: children[k + 1].statements(),
                shift,
            };
            match (self.legal)(tree, &whole, &fusion)? {
                Legality::Legal if shift == MAX_SHIFT => largest = Some((candidate, fusion)),
                Legality::Legal => return Ok(Some((candidate, fusion))),
                Legality::ReversesFlow if shift == MAX_SHIFT => return Ok(None),
                _ => {}
            }
        }
        Ok(largest)
    }
}

fn sequence_or_single(mut children: Vec<ScheduleTree>) -> ScheduleTree {
    if children.len() == 1 {
        children.remove(0)
    } else {
        ScheduleTree::Sequence(children)
    }
}

/// One loop running `a`'s body then `b`'s, `b` delayed by `shift` iterations.
fn fuse_bands(a: &ScheduleTree, b: &ScheduleTree, shift: i64) -> ScheduleTree {
    let (
        ScheduleTree::Band {
            label,
            members: ma,
            child: ca,
            ..
        },
        ScheduleTree::Band {
            members: mb,
            child: cb,
            ..
        },
    ) = (a, b)
    else {
        return a.clone();
    };
    let mut members = ma.clone();
    members.extend(mb.iter().map(|(k, time)| {
        let time = if shift == 0 {
            time.clone()
        } else {
            Aff::Add(Box::new(time.clone()), Box::new(Aff::Int(shift)))
        };
        (*k, time)
    }));
    let mut body = Vec::new();
    for c in [ca, cb] {
        match &**c {
            ScheduleTree::Sequence(children) => body.extend(children.iter().cloned()),
            other => body.push(other.clone()),
        }
    }
    ScheduleTree::Band {
        label: label.clone(),
        members,
        child: Box::new(sequence_or_single(body)),
        unroll: false,
    }
}

/// The paths of the top bands of every maximal chain of at least two nested bands
/// (a perfect nest whose loops can be permuted), outermost chains first.
pub fn chains(tree: &ScheduleTree) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    collect_chains(tree, &mut Vec::new(), false, &mut out);
    out
}

fn collect_chains(
    tree: &ScheduleTree,
    path: &mut Vec<usize>,
    in_chain: bool,
    out: &mut Vec<Vec<usize>>,
) {
    match tree {
        ScheduleTree::Band { child, .. } => {
            let continues = matches!(**child, ScheduleTree::Band { .. });
            if continues && !in_chain {
                out.push(path.clone());
            }
            path.push(0);
            collect_chains(child, path, continues, out);
            path.pop();
        }
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                collect_chains(c, path, false, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
}

/// The labels of the chain of bands starting at `path`.
pub fn chain_labels(tree: &ScheduleTree, path: &[usize]) -> Vec<String> {
    let mut labels = Vec::new();
    let mut node = tree.node_at(path);
    while let ScheduleTree::Band { label, child, .. } = node {
        labels.push(label.clone());
        node = child;
    }
    labels
}

/// `tree` with the chain of bands at `path` reordered: the new `k`-th band is the old
/// `order[k]`-th.
pub fn permute_chain(tree: &ScheduleTree, path: &[usize], order: &[usize]) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    let permuted: Vec<Band> = order.iter().map(|&k| bands[k].clone()).collect();
    tree.replaced_at(path, stack(&permuted, bottom.clone()))
}

/// A band's label and members.
pub type Band = (String, Vec<(usize, Aff)>);

/// The chain of bands at `path`, outermost first, and the node below it.
pub fn chain_at<'t>(tree: &'t ScheduleTree, path: &[usize]) -> (Vec<Band>, &'t ScheduleTree) {
    let mut bands = Vec::new();
    let mut node = tree.node_at(path);
    while let ScheduleTree::Band {
        label,
        members,
        child,
        ..
    } = node
    {
        bands.push((label.clone(), members.clone()));
        node = child;
    }
    (bands, node)
}

/// `bands` nested outermost first around `bottom`.
fn stack(bands: &[Band], bottom: ScheduleTree) -> ScheduleTree {
    bands
        .iter()
        .rev()
        .fold(bottom, |child, (label, members)| ScheduleTree::Band {
            label: label.clone(),
            members: members.clone(),
            child: Box::new(child),
            unroll: false,
        })
}

/// `tree` with the chain of bands at `path` (a perfect nest, outermost first) tiled
/// rectangularly by `sizes` (one per band, the last repeated): tile bands
/// `{ S[i] -> [floor(t_1(i)/s_1)] }` .. `{ S[i] -> [floor(t_d(i)/s_d)] }` above the
/// original point bands `{ S[i] -> [t_1(i)] }` .. `{ S[i] -> [t_d(i)] }`.
pub fn tile(tree: &ScheduleTree, path: &[usize], sizes: &[i64]) -> ScheduleTree {
    let depth = chain_at(tree, path).0.len();
    let size = |k: usize| sizes.get(k).or(sizes.last()).copied().unwrap_or(32).max(1);
    let all: Vec<i64> = (0..depth).map(size).collect();
    tile_outer(tree, path, &all)
}

/// `tree` with the outermost `sizes.len()` bands of the chain at `path` tiled by
/// `sizes`: tile bands `{ S[i] -> [floor(t_k(i)/s_k)] }` for `k < sizes.len()` above
/// all of the chain's point bands; the inner bands are not tiled (a loop whose whole
/// extent is one tile).
pub fn tile_outer(tree: &ScheduleTree, path: &[usize], sizes: &[i64]) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    let tiles: Vec<Band> = bands
        .iter()
        .zip(sizes)
        .map(|((label, members), &size)| {
            let times = members
                .iter()
                .map(|(s, t)| (*s, Aff::Floor(Box::new(t.clone()), size.max(1))))
                .collect();
            // `i_tile`; a skewed loop's `(i + t)_tile`.
            let name = match label.contains(' ') {
                true => format!("({label})_tile"),
                false => format!("{label}_tile"),
            };
            (name, times)
        })
        .collect();
    let points = stack(&bands, bottom.clone());
    tree.replaced_at(path, stack(&tiles, points))
}

/// `tree` with the chain of bands at `path` distributed over the children of the
/// sequence below it: one copy of the whole chain per child, each band keeping the
/// members of that child's statements, in the sequence's order ([`distribute`] from
/// the innermost band out). Unchanged when the chain's bottom is not a sequence.
pub fn distribute_chain(tree: &ScheduleTree, path: &[usize]) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    if !matches!(bottom, ScheduleTree::Sequence(_)) {
        return tree.clone();
    }
    (0..bands.len()).rev().fold(tree.clone(), |tree, depth| {
        let band: Vec<usize> = path
            .iter()
            .copied()
            .chain(std::iter::repeat_n(0, depth))
            .collect();
        distribute(&tree, &band)
    })
}

/// `tree` with the outermost `count` bands of the chain at `path` (tile loops whose
/// every dependence distance is non-negative) run as wavefronts: the outermost band's
/// time becomes the sum of the `count` bands' times, `{ S[i] -> [T(i) + X(i) + ..] }`,
/// the others kept. Tiles of one wavefront depend on none of each other (a dependence
/// between two tiles advances some band, so the sum), so the inner bands run in
/// parallel; a unimodular change of the times, it runs the same instances.
pub fn wavefront(tree: &ScheduleTree, path: &[usize], count: usize) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    if count < 2 || bands.len() < count {
        return tree.clone();
    }
    let members = bands[0]
        .1
        .iter()
        .map(|(k, time)| {
            let sum = bands[1..count]
                .iter()
                .fold(time.clone(), |sum, (_, members)| {
                    match members.iter().find(|(s, _)| s == k) {
                        Some((_, t)) => Aff::Add(Box::new(sum), Box::new(t.clone())),
                        None => sum,
                    }
                });
            (*k, sum)
        })
        .collect();
    let labels: Vec<&str> = bands[..count].iter().map(|(l, _)| l.as_str()).collect();
    let mut waved = bands.clone();
    waved[0] = (format!("wavefront of {}", labels.join(", ")), members);
    tree.replaced_at(path, stack(&waved, bottom.clone()))
}

/// The loop's name for users: its time, the same for every statement (`p`, `2t + i`),
/// or each statement's joined by `/`.
pub fn band_label(members: &[(usize, Aff)]) -> String {
    let texts: BTreeSet<String> = members.iter().map(|(_, t)| time_text(t)).collect();
    texts.into_iter().collect::<Vec<_>>().join(" / ")
}

/// A time as users write it: `2t + i - 1`, `-r`.
pub fn time_text(time: &Aff) -> String {
    let Some((constant, terms)) = time.linear() else {
        return time.to_string();
    };
    let mut text = String::new();
    let parts = terms
        .iter()
        .filter(|(_, c)| **c != 0)
        .map(|(name, &c)| match c {
            1 => (1, name.clone()),
            -1 => (-1, name.clone()),
            c => (c.signum(), format!("{}{name}", c.abs())),
        })
        .chain(
            (constant != 0 || terms.values().all(|c| *c == 0))
                .then(|| (constant.signum(), constant.abs().to_string())),
        );
    for (sign, part) in parts {
        match (text.is_empty(), sign < 0) {
            (true, true) => text.push('-'),
            (true, false) => {}
            (false, true) => text.push_str(" - "),
            (false, false) => text.push_str(" + "),
        }
        text.push_str(&part);
    }
    text
}

/// `tree` with the chain of bands at `path` skewed by `factors`: the `m`-th band's
/// time becomes `t'_m = t_m + Σ_{p<m} factors[m][p] · t'_p` (each band is skewed by the
/// bands above it as already skewed), `{ S[t, i, j] -> [t, i + t, j + i + 2t] }` for
/// factors `[[], [1], [1, 1]]`. A skew is a unimodular change of the nest's times: it
/// runs the same instances, in another order.
pub fn skew_chain(tree: &ScheduleTree, path: &[usize], factors: &[Vec<i64>]) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    let mut skewed: Vec<Band> = Vec::new();
    for (m, (label, members)) in bands.iter().enumerate() {
        let row = factors.get(m).map(Vec::as_slice).unwrap_or_default();
        if row.iter().all(|&f| f == 0) {
            skewed.push((label.clone(), members.clone()));
            continue;
        }
        let members: Vec<(usize, Aff)> = members
            .iter()
            .map(|(k, time)| {
                let time = row.iter().zip(&skewed).filter(|(f, _)| **f != 0).fold(
                    time.clone(),
                    |sum, (&f, (_, outer))| {
                        let outer = outer.iter().find(|(s, _)| s == k).map(|(_, t)| t.clone());
                        let outer = outer.unwrap_or(Aff::Int(0));
                        Aff::Add(Box::new(sum), Box::new(Aff::Scale(f, Box::new(outer))))
                    },
                );
                (*k, linear_form(time))
            })
            .collect();
        skewed.push((band_label(&members), members));
    }
    tree.replaced_at(path, stack(&skewed, bottom.clone()))
}

/// `time` as `c + Σ a_x·x` with each name once (`i + t + t` is `i + 2t`), when linear.
fn linear_form(time: Aff) -> Aff {
    let Some((constant, terms)) = time.linear() else {
        return time;
    };
    terms
        .into_iter()
        .map(|(name, a)| match a {
            1 => Aff::Name(name),
            a => Aff::Scale(a, Box::new(Aff::Name(name))),
        })
        .chain((constant != 0).then_some(Aff::Int(constant)))
        .reduce(|sum, term| Aff::Add(Box::new(sum), Box::new(term)))
        .unwrap_or(Aff::Int(0))
}

/// The block of `u` iterations a time `t` falls in: `floor(t/u)`.
pub fn block_of(t: &Aff, u: i64) -> Aff {
    Aff::Floor(Box::new(t.clone()), u)
}

/// Which copy of its block of `u` iterations a time `t` is: `t - u*floor(t/u)`.
pub fn copy_in_block(t: &Aff, u: i64) -> Aff {
    Aff::Sub(
        Box::new(t.clone()),
        Box::new(Aff::Scale(u, Box::new(block_of(t, u)))),
    )
}

/// `tree` with the chain of bands at `path` register-tiled by `factors` (one per band,
/// outermost first; 1 leaves a band alone): unroll-and-jam. A band
/// `{ S[i] -> [t(i)] }` with factor `u > 1` becomes `{ S[i] -> [floor(t(i)/u)] }` in
/// place, and `{ S[i] -> [t(i) - u*floor(t(i)/u)] }`, unrolled, goes below the
/// innermost band of the chain, so that the `u` copies of the body share the values
/// the innermost loop walks.
pub fn unroll_and_jam(tree: &ScheduleTree, path: &[usize], factors: &[i64]) -> ScheduleTree {
    let (bands, bottom) = chain_at(tree, path);
    let mut blocks: Vec<Band> = Vec::new();
    let mut copies: Vec<Band> = Vec::new();
    for (k, (label, members)) in bands.iter().enumerate() {
        let u = factors.get(k).copied().unwrap_or(1);
        if u <= 1 {
            blocks.push((label.clone(), members.clone()));
            continue;
        }
        blocks.push((
            label.clone(),
            members.iter().map(|(s, t)| (*s, block_of(t, u))).collect(),
        ));
        copies.push((
            format!("{label}_unrolled"),
            members
                .iter()
                .map(|(s, t)| (*s, copy_in_block(t, u)))
                .collect(),
        ));
    }
    let jammed = copies
        .iter()
        .rev()
        .fold(bottom.clone(), |child, (label, members)| {
            ScheduleTree::Band {
                label: label.clone(),
                members: members.clone(),
                child: Box::new(child),
                unroll: true,
            }
        });
    tree.replaced_at(path, stack(&blocks, jammed))
}

/// The most loop orders tried per perfect nest: all of them up to 6 loops deep.
pub const MAX_ORDERS: usize = 720;

/// Orders of `0..n`, the identity first, then in lexicographic order, at most
/// [`MAX_ORDERS`] of them: for nests deeper than 6 only the innermost 6 loops are
/// permuted (lexicographic order varies the last positions first), which bounds the
/// search's time and memory whatever the depth.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![(0..n).collect::<Vec<_>>()];
    let mut current: Vec<usize> = (0..n).collect();
    // Next lexicographic permutation, until the last one.
    while out.len() < MAX_ORDERS
        && let Some(i) = (1..n).rev().find(|&i| current[i - 1] < current[i])
    {
        let j = (i..n)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .unwrap_or(i);
        current.swap(i - 1, j);
        current[i..].reverse();
        out.push(current.clone());
    }
    out
}

/// The paths of bands whose body is a sequence holding another loop: distributing such
/// a band over its body can let the inner parts be interchanged.
pub fn distributable(tree: &ScheduleTree) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    collect_distributable(tree, &mut Vec::new(), &mut out);
    out
}

fn collect_distributable(tree: &ScheduleTree, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    match tree {
        ScheduleTree::Band { child, .. } => {
            if let ScheduleTree::Sequence(children) = &**child
                && children
                    .iter()
                    .any(|c| matches!(c, ScheduleTree::Band { .. }))
            {
                out.push(path.clone());
            }
            path.push(0);
            collect_distributable(child, path, out);
            path.pop();
        }
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                collect_distributable(c, path, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
}

/// `tree` with the band at `path` distributed over the members of its body: one copy
/// of the loop per member, in order, spliced into the enclosing sequence.
pub fn distribute(tree: &ScheduleTree, path: &[usize]) -> ScheduleTree {
    let ScheduleTree::Band {
        label,
        members,
        child,
        ..
    } = tree.node_at(path)
    else {
        return tree.clone();
    };
    let ScheduleTree::Sequence(children) = &**child else {
        return tree.clone();
    };
    let loops: Vec<ScheduleTree> = children
        .iter()
        .map(|c| {
            let inside = c.statements();
            ScheduleTree::Band {
                label: label.clone(),
                members: members
                    .iter()
                    .filter(|(k, _)| inside.contains(k))
                    .cloned()
                    .collect(),
                child: Box::new(c.clone()),
                unroll: false,
            }
        })
        .collect();
    match path.split_last() {
        Some((&last, parent)) if matches!(tree.node_at(parent), ScheduleTree::Sequence(_)) => {
            let ScheduleTree::Sequence(siblings) = tree.node_at(parent) else {
                return tree.clone();
            };
            let mut siblings = siblings.clone();
            siblings.splice(last..last + 1, loops);
            tree.replaced_at(parent, ScheduleTree::Sequence(siblings))
        }
        _ => tree.replaced_at(path, ScheduleTree::Sequence(loops)),
    }
}

#[cfg(test)]
mod tests {
    use super::{Legality, MAX_SHIFT, fuse, permutations};
    use crate::frontend::ir::Aff;
    use crate::model::ScheduleTree::{self, Band, Sequence, Stmt};

    fn band(iterator: &str, k: usize) -> ScheduleTree {
        Band {
            label: iterator.to_string(),
            members: vec![(k, Aff::name(iterator))],
            child: Box::new(Stmt(k)),
            unroll: false,
        }
    }

    /// The shifts `fuse` asks about for two loops, when `verdict(shift)` answers.
    fn shifts_asked(verdict: impl Fn(i64) -> Legality) -> (Vec<i64>, Option<i64>) {
        let tree = Sequence(vec![band("i", 0), band("i", 1)]);
        let mut asked = Vec::new();
        let (_, fusions) = fuse(&tree, &|_, _| true, &mut |_, _, fusion| {
            asked.push(fusion.shift);
            Ok::<_, ()>(verdict(fusion.shift))
        })
        .expect("no error");
        (asked, fusions.first().map(|f| f.shift))
    }

    #[test]
    fn a_fusion_takes_the_smallest_legal_shift_and_stops_where_none_keeps_the_flow() {
        use Legality::{Illegal, Legal, ReversesFlow};
        assert_eq!(shifts_asked(|_| Legal), (vec![0], Some(0)));
        let below_two = |s| if s < 2 { ReversesFlow } else { Legal };
        assert_eq!(shifts_asked(below_two), (vec![0, MAX_SHIFT, 1, 2], Some(2)));
        // A shift that keeps no flow at the largest shift keeps none below it.
        assert_eq!(shifts_asked(|_| ReversesFlow), (vec![0, MAX_SHIFT], None));
        let only_largest = |s| if s == MAX_SHIFT { Legal } else { Illegal };
        assert_eq!(
            shifts_asked(only_largest),
            (vec![0, MAX_SHIFT, 1, 2, 3], Some(MAX_SHIFT))
        );
    }

    #[test]
    fn permutations_of_deep_nests_are_bounded() {
        let p = super::permutations(10);
        assert_eq!(p.len(), super::MAX_ORDERS);
        assert!(p.iter().all(|o| o[..4] == [0, 1, 2, 3]));
    }

    #[test]
    fn permutations_start_with_the_identity_and_are_complete() {
        let p = permutations(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![0, 1, 2]);
        assert_eq!(p[5], vec![2, 1, 0]);
    }
}
