//! Row sums run side by side. A loop whose iterations each add a cell up along an
//! inner loop (`tmp[i] += A[i][j] * x[j]` under `i`: a dot product per row) waits, in
//! every inner iteration, for the addition before it (4 cycles a double on current
//! cores), however many units the core has: atax's 4M additions took as long as the
//! original. Unrolled by [`ROWS`] and jammed into the loops inside it, [`ROWS`] rows'
//! sums run side by side in each inner loop. Every cell is still added up in the same
//! order, so the values are the same bits; the change is checked like any other.

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Aff, Region};
use crate::model::ScheduleTree;
use crate::transform::decision::Decision;
use crate::transform::rewrites;
use isl_rs::{Context, LibISLError};

type Isl<T> = Result<T, LibISLError>;

/// The rows whose sums run side by side: atax (PolyBench LARGE, 2-core EPYC Zen 4, gcc
/// 12) ran 1.4x faster than the original with 8, 1.1x with 4.
pub const ROWS: i64 = 8;

/// `plan`'s tree with every loop that runs a row sum ([`row_sum_loops`]) unrolled by
/// [`ROWS`] and jammed into its inner loops ([`unroll_and_jam_inward`]) where that is
/// legal, and the decisions.
pub fn jam_row_sums(ctx: &Context, plan: &Plan) -> Isl<(ScheduleTree, Vec<Decision>)> {
    let mut tree = plan.tree.clone();
    let mut decisions = Vec::new();
    for (path, along) in row_sum_loops(&plan.region, &plan.tree) {
        let candidate = unroll_and_jam_inward(&tree, &path, ROWS);
        let legal =
            crate::support::isl::step(ctx, || plan.is_legal_change(ctx, &tree, &candidate))?;
        if legal != Some(true) {
            continue;
        }
        let ScheduleTree::Band { label, .. } = tree.node_at(&path) else {
            continue;
        };
        decisions.push(Decision::Interleaved {
            outer: label.clone(),
            recurrence: along,
            rows: ROWS,
            path: path.clone(),
        });
        tree = candidate;
    }
    crate::support::work::reset_operations(ctx);
    Ok((tree, decisions))
}

/// The paths of the loops of `tree` that run one row sum each: a loop around innermost
/// loops only (no tile, no unrolled copy, no floor time anywhere above or in it), the
/// outermost loop of the statements below it, one of which adds a cell of its own per
/// iteration of this loop up along its innermost loop ([`adds_up_along`]; beside other
/// statements there, as bicg's column sums `s[j] += r[i] * A[i][j]`), over the same
/// range in every row ([`rectangular`]: a band's rows, `j` from `i - 2`, would share one
/// loop over all their ranges, each behind a guard). Not two such sums (gesummv's
/// `tmp[i]` and `y[i]`: two chains already in flight, its two matrices streamed at the
/// memory's pace; 8 or 4 rows jammed ran it 1.2x slower). Deeper nests (products) are
/// the tiles' and kernels'. Each with the label of the inner loop its sum runs along.
fn row_sum_loops(region: &Region, tree: &ScheduleTree) -> Vec<(Vec<usize>, String)> {
    let one = |node: &ScheduleTree| match row_sums_in(region, node).as_slice() {
        [along] => Some(along.clone()),
        _ => None,
    };
    let ScheduleTree::Sequence(children) = tree else {
        return one(tree)
            .map(|along| (Vec::new(), along))
            .into_iter()
            .collect();
    };
    let each = children.iter().enumerate();
    each.filter_map(|(k, c)| one(c).map(|along| (vec![k], along)))
        .collect()
}

/// The labels of the inner loops along which statements of `node` add up a row's cell,
/// one per such statement, when it is a loop [`row_sum_loops`] takes; none when it is
/// not.
fn row_sums_in(region: &Region, node: &ScheduleTree) -> Vec<String> {
    let ScheduleTree::Band {
        members,
        child,
        unroll: false,
        ..
    } = node
    else {
        return Vec::new();
    };
    let plain = |m: &[(usize, Aff)]| m.iter().all(|(_, t)| !matches!(t, Aff::Floor(..)));
    let inner = child.bands();
    if inner.is_empty()
        || !plain(members)
        || inner
            .iter()
            .any(|b| b.unroll || !plain(b.members) || b.child.contains_band())
    {
        return Vec::new();
    }
    let sums = inner.iter().flat_map(|b| {
        let sum = b.members.iter().filter(|(k, _)| {
            let outer = super::walked_iterator(members, *k);
            let along = super::walked_iterator(b.members, *k);
            region.loops_around(*k).len() == 2
                && outer.zip(along).is_some_and(|(i, j)| {
                    adds_up_along(region, *k, &i, &j) && rectangular(region, *k, &i, &j)
                })
        });
        sum.map(|_| b.label.to_string())
    });
    sums.collect()
}

/// Whether the loops of statement `k` over `row` and `along` run over bounds that do
/// not name each other's iterator: every row runs the same range of `along`.
fn rectangular(region: &Region, k: usize, row: &str, along: &str) -> bool {
    region.loops_around(k).iter().all(|l| {
        let names = l.bound_names();
        !(l.iter == along && names.contains(row) || l.iter == row && names.contains(along))
    })
}

/// Whether statement `k` updates a cell (writes it, reading it with the same
/// subscripts) whose subscripts name `row` but not `along`: in the loop over `along`
/// it adds one cell up, a cell per `row`.
fn adds_up_along(region: &Region, k: usize, row: &str, along: &str) -> bool {
    let accesses = &region.statements[k].accesses;
    accesses.iter().any(|w| {
        w.kind == AccessKind::Write
            && w.subscripts.iter().any(|s| s.mentions(row))
            && !w.subscripts.iter().any(|s| s.mentions(along))
            && accesses.iter().any(|r| {
                r.kind == AccessKind::Read && r.array == w.array && r.subscripts == w.subscripts
            })
    })
}

/// `tree` with the band at `path` unrolled by `factor` and jammed into every loop
/// inside it: its times `{ S[i] -> [t(i)] }` become `{ S[i] -> [floor(t(i)/u)] }`,
/// and `{ S[i] -> [t(i) - u*floor(t(i)/u)] }`, unrolled, goes around the body of each
/// innermost loop below it (and around each statement directly in it), so that `u`
/// of its iterations run side by side inside each inner loop.
fn unroll_and_jam_inward(tree: &ScheduleTree, path: &[usize], factor: i64) -> ScheduleTree {
    let ScheduleTree::Band {
        label,
        members,
        child,
        ..
    } = tree.node_at(path)
    else {
        return tree.clone();
    };
    let copies = |body: &ScheduleTree| {
        let statements = body.statements();
        ScheduleTree::Band {
            label: format!("{label}_unrolled"),
            members: (members.iter())
                .filter(|(s, _)| statements.contains(s))
                .map(|(s, t)| (*s, rewrites::copy_in_block(t, factor)))
                .collect(),
            child: Box::new(body.clone()),
            unroll: true,
        }
    };
    let jammed = ScheduleTree::Band {
        label: label.clone(),
        members: members
            .iter()
            .map(|(s, t)| (*s, rewrites::block_of(t, factor)))
            .collect(),
        child: Box::new(jammed_into(child, &copies)),
        unroll: false,
    };
    tree.replaced_at(path, jammed)
}

/// `node` with `copies` put around the body of each innermost loop and each statement
/// outside every loop.
fn jammed_into(
    node: &ScheduleTree,
    copies: &dyn Fn(&ScheduleTree) -> ScheduleTree,
) -> ScheduleTree {
    match node {
        ScheduleTree::Stmt(_) => copies(node),
        ScheduleTree::Band { child, .. } if !child.contains_band() => {
            node.map_children(&mut |body| copies(body))
        }
        _ => node.map_children(&mut |c| jammed_into(c, copies)),
    }
}
