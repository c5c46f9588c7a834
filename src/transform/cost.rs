//! A deterministic locality cost model, after McKinley, Carr & Tseng ("Improving Data
//! Locality with Loop Transformations", TOPLAS 1996): the cache lines a statement
//! touches, counted per reference group with each of its loops innermost in turn.
//!
//! For a statement in loops `l_1 .. l_d` (outermost first) and a reference group `g`
//! (references to one array with the same linear subscripts up to constants):
//!
//! ```text
//! lines(g, l) = 1                      if no subscript of g involves l
//!             = T * min(s, L) / L      if only the last subscript does, with stride s bytes
//!             = T                      otherwise (a new line each iteration)
//! cost(S)     = Σ_p T^(d-1-p) · Σ_g lines(g, l_(d-p))      (p = 0 is the innermost loop)
//! ```
//!
//! with `T` = [`TRIP`] iterations per loop and `L` = [`LINE_BYTES`]. The innermost
//! loop dominates (it is what the whole nest repeats); outer levels only break ties.
//! An innermost loop that accumulates into one place (a reduction) cannot be
//! vectorized, each iteration waiting for the previous one: [`reduction_lines`].
//! Row-major C arrays: the last subscript varies fastest.

use crate::frontend::ir::{Access, Region};
use crate::model::ScheduleTree;
use std::collections::BTreeMap;

/// Iterations assumed per loop.
pub const TRIP: f64 = 1000.0;
/// Cache line size assumed, in bytes.
pub const LINE_BYTES: f64 = 64.0;

/// The estimated cost of running `region` in the order `tree`.
pub fn tree_cost(region: &Region, tree: &ScheduleTree) -> f64 {
    statement_levels(region, tree)
        .iter()
        .enumerate()
        .map(|(k, l)| statement_cost(region, k, l))
        .sum()
}

/// The estimated cost of the statements of `tree`, a subtree, counting only the loops
/// inside it: comparable between siblings, whose enclosing loops are the same.
pub fn subtree_cost(region: &Region, tree: &ScheduleTree) -> f64 {
    let levels = statement_levels(region, tree);
    tree.statements()
        .into_iter()
        .map(|k| statement_cost(region, k, &levels[k]))
        .sum()
}

/// The least share of two sibling loops' cost that the smaller must have for fusing them
/// to pay. Fusing saves at most the reloads of what the smaller loop touches; below this
/// share what the model does not see decides (cholesky's diagonal reduction fused into
/// the row loop, 0.1% of it, saved nothing and added a load and store per iteration).
pub const MIN_FUSION_SHARE: f64 = 0.01;

/// Whether fusing sibling loops `a` and `b` can pay: the smaller has at least
/// [`MIN_FUSION_SHARE`] of their cost.
pub fn fusion_can_pay(region: &Region, a: &ScheduleTree, b: &ScheduleTree) -> bool {
    let (a, b) = (subtree_cost(region, a), subtree_cost(region, b));
    a.min(b) >= MIN_FUSION_SHARE * (a + b)
}

/// Per statement of `region`, the loops of `tree` around it ([`loop_levels`]); none for
/// a statement `tree` does not hold.
fn statement_levels(region: &Region, tree: &ScheduleTree) -> Vec<Vec<Option<String>>> {
    let mut levels = vec![Vec::new(); region.statements.len()];
    loop_levels(tree, &mut Vec::new(), &mut levels);
    levels
}

/// For every statement, the original iterator each enclosing loop runs over (outermost
/// first), or `None` when the loop's time is not a single iterator.
fn loop_levels(
    tree: &ScheduleTree,
    path: &mut Vec<Vec<(usize, Option<String>)>>,
    out: &mut [Vec<Option<String>>],
) {
    match tree {
        ScheduleTree::Band { members, child, .. } => {
            let level = members
                .iter()
                .map(|(k, time)| (*k, single_iterator(time)))
                .collect();
            path.push(level);
            loop_levels(child, path, out);
            path.pop();
        }
        ScheduleTree::Sequence(children) => children.iter().for_each(|c| loop_levels(c, path, out)),
        ScheduleTree::Stmt(k) => {
            out[*k] = path
                .iter()
                .filter_map(|level| level.iter().find(|(s, _)| s == k).map(|(_, it)| it.clone()))
                .collect();
        }
    }
}

/// `i` for times `i`, `-i`, `i + 2`: the iterator a loop runs over.
fn single_iterator(time: &crate::frontend::ir::Aff) -> Option<String> {
    let (_, terms) = time.linear()?;
    match terms.into_iter().collect::<Vec<_>>().as_slice() {
        [(name, c)] if c.abs() == 1 => Some(name.clone()),
        _ => None,
    }
}

fn statement_cost(region: &Region, k: usize, levels: &[Option<String>]) -> f64 {
    let stmt = &region.statements[k];
    let groups = reference_groups(&stmt.accesses);
    let depth = levels.len() as i32;
    levels
        .iter()
        .rev()
        .enumerate()
        .map(|(p, level)| {
            let lines: f64 = groups
                .iter()
                .map(|g| lines(region, g, level.as_deref()))
                .sum();
            let lines = match p == 0 && accumulates(stmt, level.as_deref()) {
                true => reduction_lines(lines, depth),
                false => lines,
            };
            lines * TRIP.powi(depth - 1 - p as i32)
        })
        .sum()
}

/// The cost of an innermost loop that accumulates into one place (a reduction) in a
/// nest of `depth` loops, whose references touch `lines` cache lines. C compilers do
/// not vectorize floating-point reductions (that would reorder the sums), so each
/// iteration waits for the previous one's addition. In a nest of three loops or more,
/// the other orders' strided references are what tiling keeps in L1 (`tiling::pays`),
/// cheap lines: the reduction's lines cost [`REDUCTION_PENALTY`] times more (calibrated
/// on syrk, rank-2k and LU, which ran 1.1-3x slower with the cost below). In a nest of
/// two, nothing is tiled: a line of a column walk streams from L2 or memory (about 20
/// cycles on a 2-core EPYC) where a reduction's iteration takes 4-6, so the loop costs
/// the larger of its lines and [`REDUCTION_STEP`] per iteration (a triangular column
/// walk `y[i] += L[i][j] * x[j]` ran 3.4x slower than the row order accumulating
/// `y[i]`, n = 4000, which the factor had ranked worse).
fn reduction_lines(lines: f64, depth: i32) -> f64 {
    match depth >= 3 {
        true => lines * REDUCTION_PENALTY,
        false => lines.max(TRIP * REDUCTION_STEP),
    }
}

/// How much more the lines of a reduction cost in a nest of three loops or more.
pub const REDUCTION_PENALTY: f64 = 8.0;

/// What one iteration of a reduction in a nest of two loops costs, in cache lines.
pub const REDUCTION_STEP: f64 = 0.5;

/// Whether the statement accumulates into one place over the loop over `iterator`: it
/// reads and writes the same reference, whose subscripts do not involve `iterator` (a
/// reduction such as `s += a[k]`, or `C[i][j] += A[i][k] * B[k][j]` with `k`
/// innermost). A plain overwrite (`t = a[k]`) is no reduction: nothing waits for the
/// previous iteration.
fn accumulates(stmt: &crate::frontend::ir::Statement, iterator: Option<&str>) -> bool {
    use crate::frontend::ir::AccessKind;
    let Some(iterator) = iterator else {
        return false;
    };
    stmt.accesses
        .iter()
        .filter(|w| w.kind == AccessKind::Write)
        .filter(|w| !w.subscripts.iter().any(|s| s.mentions(iterator)))
        .any(|w| {
            stmt.accesses.iter().any(|r| {
                r.kind == AccessKind::Read && r.array == w.array && r.subscripts == w.subscripts
            })
        })
}

/// The coefficients of a linear expression, by name.
type LinearPart = BTreeMap<String, i64>;

/// For every statement, how many of its reference groups walk memory with a stride
/// of a cache line or more in its innermost loop (column-order accesses).
pub fn innermost_strided_references(region: &Region, tree: &ScheduleTree) -> Vec<usize> {
    let mut levels = vec![Vec::new(); region.statements.len()];
    loop_levels(tree, &mut Vec::new(), &mut levels);
    levels
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let innermost = l.last().cloned().flatten();
            reference_groups(&region.statements[k].accesses)
                .iter()
                .filter(|g| l.last().is_some() && lines(region, g, innermost.as_deref()) >= TRIP)
                .count()
        })
        .collect()
}

/// One representative per group of references with equal array and linear parts.
fn reference_groups(accesses: &[Access]) -> Vec<&Access> {
    let mut groups: BTreeMap<(String, Vec<Option<LinearPart>>), &Access> = BTreeMap::new();
    for a in accesses {
        let shape = a
            .subscripts
            .iter()
            .map(|s| s.linear().map(|(_, terms)| terms))
            .collect();
        groups.entry((a.array.clone(), shape)).or_insert(a);
    }
    groups.into_values().collect()
}

/// Cache lines one reference touches over `T` iterations of the loop over `iterator`.
fn lines(region: &Region, access: &Access, iterator: Option<&str>) -> f64 {
    let Some(iterator) = iterator else {
        return TRIP;
    };
    let coefficients: Vec<Option<i64>> = access
        .subscripts
        .iter()
        .map(|s| match s.linear() {
            Some((_, terms)) => Some(terms.get(iterator).copied().unwrap_or(0)),
            None => (!s.mentions(iterator)).then_some(0),
        })
        .collect();
    if coefficients.iter().all(|c| *c == Some(0)) {
        return 1.0;
    }
    let (last, outer) = coefficients.split_last().unwrap_or((&None, &[]));
    match last {
        Some(c) if outer.iter().all(|o| *o == Some(0)) => {
            let stride = c.unsigned_abs() as f64 * element_bytes(region, &access.array);
            TRIP * stride.min(LINE_BYTES) / LINE_BYTES
        }
        _ => TRIP,
    }
}

/// The size of one element of `array`, in bytes (8 where the type is not known).
pub(crate) fn element_bytes(region: &Region, array: &str) -> f64 {
    let size = region
        .arrays
        .iter()
        .find(|a| a.name == array)
        .and_then(|a| a.element.size());
    size.unwrap_or(8) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend;
    use crate::model::original_schedule;
    use crate::transform::rewrites::interchange;

    fn region(src: &str) -> Region {
        frontend::analyze(src, &[], &[]).regions.remove(0)
    }

    #[test]
    fn elements_have_the_size_of_their_c_type() {
        let r = region(
            "#include <stdint.h>\ntypedef uint8_t pixel;\nvoid f(int n, long double A[n], int16_t B[n], pixel C[n], float D[n], unsigned E[n]) { for (int i = 0; i < n; i++) A[i] = B[i] + C[i] + D[i] + E[i]; }",
        );
        let sizes: Vec<f64> = ["A", "B", "C", "D", "E"]
            .iter()
            .map(|a| element_bytes(&r, a))
            .collect();
        assert_eq!(sizes, [16.0, 2.0, 1.0, 4.0, 4.0]);
    }

    #[test]
    fn column_order_traversal_costs_more_than_row_order() {
        let r = region(
            "void f(int n, double A[n][n]) { for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) A[i][j] = 0; }",
        );
        let tree = original_schedule(&r);
        let (swapped, _) = interchange(&tree, "i", "j");
        assert!(tree_cost(&r, &swapped) * 4.0 < tree_cost(&r, &tree));
    }

    #[test]
    fn matmul_prefers_the_k_loop_outside_the_j_loop() {
        let r = region(
            "void f(int n, double A[n][n], double B[n][n], double C[n][n]) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) C[i][j] += A[i][k] * B[k][j]; }",
        );
        let ijk = original_schedule(&r);
        let (ikj, _) = interchange(&ijk, "j", "k");
        assert!(tree_cost(&r, &ikj) < tree_cost(&r, &ijk));
    }
}
