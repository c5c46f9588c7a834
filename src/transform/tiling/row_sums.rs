//! Row sums run side by side. A loop whose iterations each add a cell up along an
//! inner loop (`tmp[i] += A[i][j] * x[j]` under `i`: a dot product per row) waits, in
//! every inner iteration, for the addition before it (4 cycles a double on current
//! cores), however many units the core has: atax's 4M additions took as long as the
//! original. Unrolled by [`ROWS`] and jammed into the loops inside it, [`ROWS`] rows'
//! sums run side by side in each inner loop. Every cell is still added up in the same
//! order, so the values are the same bits; the change is checked like any other. A
//! triangle's rows run side by side over the range a group's rows share; where rows
//! read the rows before them (triangular solves, Cholesky's columns), each row's ending
//! statements run inside its sum's loop right after its last iteration; a sum through
//! a scalar is first kept in the cell it is stored to. Where each row's cells wait for
//! the cell before them but the cells of one diagonal are independent (interval
//! recurrences: nussinov), the rows are skewed by a column each and run a diagonal's
//! cells side by side ([`diagonal_rows`]).

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Aff, CmpOp, Cond, Region};
use crate::model::{BandAt, ScheduleTree};
use crate::transform::decision::Decision;
use crate::transform::forwarding::{self, Forwarding};
use crate::transform::{rewrites, storage};
use isl_rs::{Context, LibISLError};

type Isl<T> = Result<T, LibISLError>;

/// The rows whose sums run side by side: atax (PolyBench LARGE, 2-core EPYC Zen 4, gcc
/// 12) ran 1.4x faster than the original with 8, 1.1x with 4.
pub const ROWS: i64 = 8;

/// Scalars tried as the accumulators of row sums ([`accumulators`]), at most.
const MAX_ACCUMULATORS: usize = 4;

/// `plan` with every loop that runs a row sum ([`row_sum_loops`]) unrolled by [`ROWS`]
/// and jammed into its inner loops where that is legal ([`jammed`]), and the
/// decisions. With `forward`, a scalar a row's sum runs through (`val += w[i][j] *
/// x[j]; .. y[i] = val`: one for every row) is first kept in the cell its value is
/// stored to (`forwarding::forwarded`), where that lets more rows run side by side.
pub fn jam_row_sums(ctx: &Context, mut plan: Plan, forward: bool) -> Isl<(Plan, Vec<Decision>)> {
    let (mut tree, mut jams) = jammed(ctx, &plan)?;
    let mut decisions = Vec::new();
    let variables = match forward {
        true => accumulators(&plan.region, &plan.tree),
        false => Vec::new(),
    };
    for variable in variables.iter().take(MAX_ACCUMULATORS) {
        let mut web = 0;
        while web < forwarding::webs(&plan, variable)?.len() {
            // A forwarded web leaves the scalar's others, renumbered from it on.
            match forwarded_into_rows(ctx, &plan, variable, web, jams.len())? {
                Some((forwarded, forwarding, more)) => {
                    plan = forwarded;
                    (tree, jams) = more;
                    decisions.push(Decision::Forwarded(forwarding));
                }
                None => web += 1,
            }
        }
    }
    plan.tree = tree;
    decisions.extend(jams);
    crate::support::work::reset_operations(ctx);
    Ok((plan, decisions))
}

/// The scalars of `tree`'s region that may hold a row's sum: expandable
/// (`storage::expandable_scalars`), updated (written by a statement that reads them)
/// by a statement of a loop [`row_loops`] would take were the scalar a cell of its row,
/// and stored into a cell of the row by some statement (the cell forwarding would keep
/// it in: `y[i] = val`).
fn accumulators(region: &Region, tree: &ScheduleTree) -> Vec<String> {
    let touches = |k: usize, v: &str, kind| {
        let accesses = &region.statements[k].accesses;
        accesses.iter().any(|a| a.kind == kind && a.array == v)
    };
    let stored_in_row = |v: &str, row: &str| {
        (0..region.statements.len()).any(|k| {
            let accesses = &region.statements[k].accesses;
            touches(k, v, AccessKind::Read)
                && accesses.iter().any(|a| {
                    a.kind == AccessKind::Write && a.subscripts.iter().any(|s| s.mentions(row))
                })
        })
    };
    let mut scalars = storage::expandable_scalars(region);
    scalars.retain(|v| {
        let sums = |k: usize, row: &str, _: &str| {
            touches(k, v, AccessKind::Write)
                && touches(k, v, AccessKind::Read)
                && stored_in_row(v, row)
        };
        !row_loops(region, tree, &sums).is_empty()
    });
    scalars
}

/// `plan` (its order as chosen) with web `web` of `variable` forwarded into the cell
/// its value is stored to, the order kept (without the store where it was removed,
/// checked whole), and its rows jammed ([`jammed`]): `Some` when more loops than
/// `jams` then run rows side by side.
#[allow(clippy::type_complexity)]
fn forwarded_into_rows(
    ctx: &Context,
    plan: &Plan,
    variable: &str,
    web: usize,
    jams: usize,
) -> Isl<Option<(Plan, Forwarding, (ScheduleTree, Vec<Decision>))>> {
    let Some((mut forwarded, forwarding)) = forwarding::forwarded(ctx, plan, variable, web)? else {
        return Ok(None);
    };
    let tree = match forwarding.removed {
        Some(k) => plan.tree.without_statement(k),
        None => Some(plan.tree.clone()),
    };
    let Some(tree) = tree else {
        return Ok(None);
    };
    forwarded.tree = tree;
    let legal = crate::support::isl::step(ctx, || forwarded.is_legal(ctx, &forwarded.tree))?;
    if legal != Some(true) {
        return Ok(None);
    }
    let more = jammed(ctx, &forwarded)?;
    Ok((more.1.len() > jams).then_some((forwarded, forwarding, more)))
}

/// `plan`'s tree with every loop that runs a row sum ([`row_sum_loops`]) unrolled by
/// [`ROWS`] and jammed into its inner loops ([`unroll_and_jam_inward`]) where that is
/// legal, and the decisions. Where rows depend on each other (a triangular solve:
/// `x[i] -= L[i][j] * x[j]` over `j < i`, then `x[i] /= L[i][i]`), the statements
/// that end a row run inside its sum's loop, right after its last iteration
/// ([`row_ends_inside`]), so that a row's value is final before the rows after it in
/// its group read it.
fn jammed(ctx: &Context, plan: &Plan) -> Isl<(ScheduleTree, Vec<Decision>)> {
    let mut tree = plan.tree.clone();
    let mut decisions = Vec::new();
    for (path, along) in row_sum_loops(&plan.region, &plan.tree) {
        let ended = row_ends_inside(&plan.region, &tree, &path, &along);
        let tried = decisions.len();
        for (base, ends) in std::iter::once((tree.clone(), Vec::new())).chain(ended) {
            let candidate = unroll_and_jam_inward(&base, &path, ROWS);
            let legal =
                crate::support::isl::step(ctx, || plan.is_legal_change(ctx, &tree, &candidate))?;
            let ScheduleTree::Band { label, .. } = tree.node_at(&path) else {
                break;
            };
            if legal != Some(true) {
                continue;
            }
            decisions.push(Decision::Interleaved {
                outer: label.clone(),
                recurrence: along.clone(),
                rows: ROWS,
                row_ends: (ends.iter())
                    .map(|&e| plan.region.statements[e].text.trim().to_string())
                    .collect(),
                path: path.clone(),
            });
            tree = candidate;
            break;
        }
        if decisions.len() == tried
            && let Some((candidate, decision)) = diagonal_rows(ctx, plan, &tree, &path)?
        {
            decisions.push(decision);
            tree = candidate;
        }
    }
    Ok((tree, decisions))
}

/// Where a row sum's loop (`j`, at `path`) waits for its own previous iteration and is
/// the whole body of a plain loop `i` around it (nussinov's cells `(i, j)`, each the
/// maximum of sums along `k` over cells of rows below and columns before it): the rows
/// of one diagonal `j - i` may be independent. The loops inside `i` skewed by it
/// ([`skewed_inside`]: the same order), `i` unrolled by [`ROWS`] and jammed into them
/// runs a diagonal's [`ROWS`] cells side by side, their sums along `k - i` in lockstep;
/// `None` where that is not legal.
fn diagonal_rows(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Isl<Option<(ScheduleTree, Decision)>> {
    let Some((&0, outer)) = path.split_last() else {
        return Ok(None);
    };
    let Some(skewed) = skewed_inside(tree, outer) else {
        return Ok(None);
    };
    let candidate = unroll_and_jam_inward(&skewed, outer, ROWS);
    let legal = crate::support::isl::step(ctx, || plan.is_legal_change(ctx, tree, &candidate))?;
    let innermost = candidate
        .node_at(outer)
        .bands()
        .into_iter()
        .rev()
        .find(|b| !b.unroll);
    let (Some(true), ScheduleTree::Band { label, .. }, Some(innermost)) =
        (legal, tree.node_at(outer), innermost)
    else {
        return Ok(None);
    };
    let decision = Decision::Interleaved {
        outer: label.clone(),
        recurrence: innermost.label.to_string(),
        rows: ROWS,
        row_ends: Vec::new(),
        path: outer.to_vec(),
    };
    Ok(Some((candidate, decision)))
}

/// `tree` with every band inside the plain band at `path` (times walking one iterator
/// `i` per statement, `i` or `-i`) skewed by it: a time `t` of statement `S` there
/// becomes `t - i_S`, labelled `label - i`. The same order: within one iteration of
/// the band, `i` is fixed. `None` when the band's times walk no iterator.
fn skewed_inside(tree: &ScheduleTree, path: &[usize]) -> Option<ScheduleTree> {
    let ScheduleTree::Band { members, child, .. } = tree.node_at(path) else {
        return None;
    };
    if !plain(members) || !child.contains_band() {
        return None;
    }
    // The band's members are every statement below it.
    let row: std::collections::BTreeMap<usize, String> = (members.iter())
        .map(|(k, _)| super::walked_iterator(members, *k).map(|i| (*k, i)))
        .collect::<Option<_>>()?;
    let name = row.get(&members.first()?.0)?.clone();
    let skewed = skew_bands(child, &|k| row.get(&k).cloned().unwrap_or_default(), &name);
    let band = tree.node_at(path).map_children(&mut |_| skewed.clone());
    Some(tree.replaced_at(path, band))
}

/// `node` with each band's time `t` of statement `S` replaced by `t - iterator(S)`.
fn skew_bands(node: &ScheduleTree, iterator: &dyn Fn(usize) -> String, name: &str) -> ScheduleTree {
    let mut out = node.map_children(&mut |child| skew_bands(child, iterator, name));
    if let ScheduleTree::Band { label, members, .. } = &mut out {
        *label = format!("{label} - {name}");
        for (k, t) in members.iter_mut() {
            *t = Aff::Sub(Box::new(t.clone()), Box::new(Aff::name(&iterator(*k))));
        }
    }
    out
}

/// The paths of the loops of `tree` that run one row sum each: a loop inside plain
/// loops only (no tile, no unrolled copy, no floor time anywhere above or in it) and
/// around innermost loops only, one of whose statements adds a cell of its own per
/// iteration of this loop up along its innermost loop ([`adds_up_along`]; beside other
/// statements there, as bicg's column sums `s[j] += r[i] * A[i][j]`), in no loop but
/// those, over a range of which one end at most moves with the row ([`one_end_moves`]:
/// the rows of a triangle share the range up to the first row's end, run side by side
/// there; a band's rows, `j` from `i - 2` to `i + 2`, would share none). Not two such
/// sums (gesummv's `tmp[i]` and `y[i]`: two chains already in flight, its two matrices
/// streamed at the memory's pace; 8 or 4 rows jammed ran it 1.2x slower). Deeper nests
/// (products) are the tiles' and kernels'. Each with the label of the inner loop its
/// sum runs along.
fn row_sum_loops(region: &Region, tree: &ScheduleTree) -> Vec<(Vec<usize>, String)> {
    row_loops(region, tree, &|k, i, j| adds_up_along(region, k, i, j))
}

/// [`row_sum_loops`] with `sums(k, row, along)` saying whether statement `k` adds up a
/// row's sum.
fn row_loops(
    region: &Region,
    tree: &ScheduleTree,
    sums: &dyn Fn(usize, &str, &str) -> bool,
) -> Vec<(Vec<usize>, String)> {
    let bands = tree.bands();
    let plain_above = |b: &BandAt| {
        let above = bands
            .iter()
            .filter(|a| b.path.starts_with(&a.path) && a.path != b.path);
        above.into_iter().all(|a| !a.unroll && plain(a.members))
    };
    let sums = bands.iter().filter(|b| plain_above(b)).filter_map(|b| {
        match row_sums_in(region, tree.node_at(&b.path), b.depth, sums).as_slice() {
            [along] => Some((b.path.clone(), along.clone())),
            _ => None,
        }
    });
    sums.collect()
}

/// Whether no time of a band is a tile's (a floor).
fn plain(members: &[(usize, Aff)]) -> bool {
    members.iter().all(|(_, t)| !matches!(t, Aff::Floor(..)))
}

/// The labels of the inner loops along which statements of `node` (inside `outer`
/// loops) add up a row's cell, one per such statement, when it is a loop
/// [`row_sum_loops`] takes; none when it is not.
fn row_sums_in(
    region: &Region,
    node: &ScheduleTree,
    outer: usize,
    adds_up: &dyn Fn(usize, &str, &str) -> bool,
) -> Vec<String> {
    let ScheduleTree::Band {
        members,
        child,
        unroll: false,
        ..
    } = node
    else {
        return Vec::new();
    };
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
            let row = super::walked_iterator(members, *k);
            let along = super::walked_iterator(b.members, *k);
            region.loops_around(*k).len() == outer + 2
                && row
                    .zip(along)
                    .is_some_and(|(i, j)| adds_up(*k, &i, &j) && one_end_moves(region, *k, &i, &j))
        });
        sum.map(|_| b.label.to_string())
    });
    sums.collect()
}

/// Whether the loop of statement `k` over `along` starts or ends where `row` says, not
/// both: every row runs the same range, or a triangle's.
fn one_end_moves(region: &Region, k: usize, row: &str, along: &str) -> bool {
    region.loops_around(k).iter().all(|l| {
        let mut bound = false;
        l.bound.for_each_aff(&mut |a| bound |= a.mentions(row));
        l.iter != along || !(bound && l.init.mentions(row))
    })
}

/// `tree` with the statements that follow the loop over `along` in the body of the
/// band at `path` (the ends of its rows: trisolv's `x[i] = x[i] / L[i][i]`) moved into
/// that loop, after its body, at the time of the iteration after the row's last one
/// ([`time_after`]), and those statements; `None` where no statement follows it or
/// that time is not known.
fn row_ends_inside(
    region: &Region,
    tree: &ScheduleTree,
    path: &[usize],
    along: &str,
) -> Option<(ScheduleTree, Vec<usize>)> {
    let ScheduleTree::Band { child, .. } = tree.node_at(path) else {
        return None;
    };
    let ScheduleTree::Sequence(body) = &**child else {
        return None;
    };
    let at = body
        .iter()
        .position(|c| matches!(c, ScheduleTree::Band { label, .. } if label == along))?;
    let ScheduleTree::Band {
        members: times,
        child: sums,
        ..
    } = &body[at]
    else {
        return None;
    };
    let ends: Vec<usize> = (body[at + 1..].iter())
        .map_while(|c| match c {
            ScheduleTree::Stmt(k) => Some(*k),
            _ => None,
        })
        .collect();
    let (k, t) = times.first()?;
    let after = time_after(region, *k, t)?;
    let mut names = std::collections::BTreeSet::new();
    after.names(&mut names);
    let known = |e: &usize| {
        let iters = &region.statements[*e].iters;
        (names.iter()).all(|n| iters.contains(n) || region.params.contains(n))
    };
    if ends.is_empty() || !ends.iter().all(known) {
        return None;
    }
    let inside = ScheduleTree::Band {
        label: along.to_string(),
        members: (times.iter().cloned())
            .chain(ends.iter().map(|&e| (e, after.clone())))
            .collect(),
        child: Box::new(ScheduleTree::Sequence(
            std::iter::once((**sums).clone())
                .chain(ends.iter().map(|&e| ScheduleTree::Stmt(e)))
                .collect(),
        )),
        unroll: false,
    };
    let mut rest: Vec<ScheduleTree> = body[..at].to_vec();
    rest.push(inside);
    rest.extend(body[at + 1 + ends.len()..].iter().cloned());
    let body = match rest.len() {
        1 => rest.pop()?,
        _ => ScheduleTree::Sequence(rest),
    };
    let band = tree.node_at(path).map_children(&mut |_| body.clone());
    Some((tree.replaced_at(path, band), ends))
}

/// The time, in a band where statement `k` has time `t = ±j + c` (`j` the iterator of
/// its innermost loop, walked in the band's direction), of the iteration after the
/// row's last one: `e + c` for an upward loop bounded by `j < e` (`e + 1 + c` for
/// `j <= e`), `-e + c` for a downward one bounded by `j > e` (`1 - e + c` for
/// `j >= e`); `None` for any other time or bound.
fn time_after(region: &Region, k: usize, t: &Aff) -> Option<Aff> {
    let inner = *region.loops_around(k).last()?;
    let j = &inner.iter;
    let (c, terms) = t.linear()?;
    let sign = *terms.get(j).filter(|s| s.abs() == 1 && terms.len() == 1)?;
    let Cond::Cmp(a, op, b) = &inner.bound else {
        return None;
    };
    if inner.stride.abs() != 1 {
        return None;
    }
    // `a op b` as `j + q op 0`.
    let d = Aff::Sub(Box::new(a.clone()), Box::new(b.clone()));
    let (d, op) = match d.linear()?.1.get(j) {
        Some(1) => (d, *op),
        Some(-1) => (Aff::Neg(Box::new(d)), op.mirror()),
        _ => return None,
    };
    let q = Aff::Sub(Box::new(d), Box::new(Aff::name(j)));
    let plus = |e: Aff, n: i64| Aff::Add(Box::new(e), Box::new(Aff::Int(n)));
    let next_time = match (sign, op) {
        (1, CmpOp::Lt) => Aff::Neg(Box::new(q)),
        (1, CmpOp::Le) => plus(Aff::Neg(Box::new(q)), 1),
        (-1, CmpOp::Gt) => q,
        (-1, CmpOp::Ge) => plus(q, 1),
        _ => return None,
    };
    let (constant, terms) = plus(next_time, c).linear()?;
    Some(Aff::from_linear(constant, &terms))
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
