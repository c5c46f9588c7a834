//! Independent recurrences interleaved: where a loop runs a recurrence (each iteration
//! waits for a result of the one before, such as a tridiagonal sweep `p[i][j] = c /
//! (a * p[i][j-1] + b)`), the processor runs one operation of the chain at a time, at
//! its latency. If the iterations of a loop around it are independent recurrences,
//! running a strip of them inside the recurrence's loop keeps [`INTERLEAVED_ROWS`]
//! chains in flight at once. The loop `i` around them is strip-mined, its point loop
//! distributed over its body, and moved inside each recurrence's loop:
//!
//! ```text
//! { S[i, j] -> [floor(i / R), k, j, i] }    (R = INTERLEAVED_ROWS, k the part of the body)
//! ```
//!
//! A strip's rows are walked by columns, but `R` rows keep their lines in L1 from one
//! iteration of `j` to the next, and what one part of the body leaves for the next
//! (a sweep's coefficients for the back substitution) stays in L2. Checked like every
//! order (`Plan::is_legal_change`).

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Region};
use crate::model::ScheduleTree;
use crate::support::isl::step;
use crate::support::work::reset_operations;
use crate::transform::decision::Decision;
use crate::transform::forwarding;
use crate::transform::rewrites::{self, chain_at, chain_labels};
use crate::transform::storage::{self, Expansion};
use isl_rs::{Context, DimType, LibISLError, Set, UnionMap, UnionSet};
use std::collections::{BTreeMap, BTreeSet};

/// The iterations of the outer loop run inside the recurrence's loop. PolyBench's adi
/// (LARGE, 2-core EPYC Zen 4, gcc 12) ran 1.8x faster than as written with strips of
/// 32 rows, 2.0x with 64, 2.1x with 128, 1.75x with the whole loop (1000 rows).
pub const INTERLEAVED_ROWS: i64 = 64;

/// `plan` (its tree a legal order) with the recurrences of its loops interleaved
/// ([`interleaved_at`]) wherever that is legal, innermost loops first, and the
/// decisions. Where a loop's recurrences run through scalars its iterations reuse
/// (`ym1 = y1[i][j]` read by the next `y1[i][j]`), each web of those scalars inside the
/// loop is first given a cell per iteration of it ([`with_cells_per_iteration`]).
/// Loops holding statements already tiled ([`tiled_statements`]) are left alone.
pub fn interleave_where_legal(
    ctx: &Context,
    mut plan: Plan,
    identifiers: &BTreeSet<String>,
) -> Result<(Plan, Vec<Decision>), LibISLError> {
    let mut decisions = Vec::new();
    let tiled = tiled_statements(&plan.tree);
    let all: BTreeSet<usize> = (0..plan.region.statements.len()).collect();
    if !may_recur(&plan, &all, None) {
        return Ok((plan, decisions));
    }
    // Deepest and last first: a change at a path moves no band outside its subtree.
    let paths: Vec<Vec<usize>> = (plan.tree.bands().iter().rev())
        .filter(|b| !b.child.statements().iter().any(|k| tiled.contains(k)))
        .map(|b| b.path.clone())
        .collect();
    let mut webs = None;
    if let Some(out) = interleaved_with_all_cells(ctx, &plan, &paths, identifiers, &mut webs)? {
        return Ok(out);
    }
    let mut done: Vec<Vec<usize>> = Vec::new();
    for path in paths {
        if done.iter().any(|d| d.starts_with(&path)) {
            continue;
        }
        // Scalars the loop's iterations reuse would make every order that overlaps
        // them illegal: their webs get a cell per iteration first.
        let found = match with_cells_per_iteration(ctx, &plan, &path, identifiers, &mut webs)? {
            Some((expanded, expansions)) => interleaved_at(ctx, &expanded, &path, false)?
                .map(|i| (Some((expanded, expansions)), i)),
            None => interleaved_at(ctx, &plan, &path, true)?.map(|i| (None, i)),
        };
        let Some((expanded, (tree, made))) = found else {
            continue;
        };
        if let Some((expanded, expansions)) = expanded {
            plan = expanded;
            webs = None;
            decisions.extend(expansions.into_iter().map(Decision::Expanded));
        }
        decisions.extend(made);
        plan.tree = tree;
        done.push(path);
    }
    Ok((plan, decisions))
}

/// [`interleave_where_legal`] with one lift for the scalars of every loop at `paths`:
/// each web a loop wants ([`cells_wanted`]) given its cells at once, then each loop
/// interleaved in turn on that plan (its first order checked whole, the next ones as
/// changes of a legal order). `None` where fewer than two loops want cells, the lift
/// fails, or a loop that wants cells is not interleaved: the loops are then taken one
/// at a time (`webs`, of `plan`, kept for them).
fn interleaved_with_all_cells(
    ctx: &Context,
    plan: &Plan,
    paths: &[Vec<usize>],
    identifiers: &BTreeSet<String>,
    webs: &mut Option<Vec<(String, BTreeSet<usize>)>>,
) -> Result<Option<(Plan, Vec<Decision>)>, LibISLError> {
    let mut taken = identifiers.clone();
    let mut wanted: Vec<WebCells> = Vec::new();
    for path in paths {
        for cells in cells_wanted(plan, path, &mut taken, webs)? {
            if !wanted
                .iter()
                .any(|w| w.variable == cells.variable && w.web == cells.web)
            {
                wanted.push(cells);
            }
        }
    }
    let loops: BTreeSet<&Vec<usize>> = wanted.iter().map(|w| &w.path).collect();
    if loops.len() < 2 {
        return Ok(None);
    }
    let Some((mut expanded, made)) = expanded_with(ctx, plan, &wanted)? else {
        return Ok(None);
    };
    let (mut decisions, mut done, mut known_legal) = (Vec::new(), Vec::new(), false);
    for path in paths {
        if done.iter().any(|d: &Vec<usize>| d.starts_with(path)) {
            continue;
        }
        let Some((tree, here)) = interleaved_at(ctx, &expanded, path, known_legal)? else {
            continue;
        };
        (expanded.tree, known_legal) = (tree, true);
        decisions.extend(here);
        done.push(path.clone());
    }
    if wanted.iter().any(|w| !done.contains(&w.path)) {
        return Ok(None);
    }
    let mut out: Vec<Decision> = made.into_iter().map(Decision::Expanded).collect();
    out.extend(decisions);
    Ok(Some((expanded, out)))
}

/// A web of a scalar to be given a cell per iteration of the loop at `path`.
struct WebCells {
    path: Vec<usize>,
    variable: String,
    along: [storage::ExpansionLoop; 1],
    web: BTreeSet<usize>,
    array: String,
}

/// The statements below the tile loops of `tree` (`i_tile`, `(i + t)_tile`: the
/// labels `rewrites::tile_outer` gives them).
fn tiled_statements(tree: &ScheduleTree) -> BTreeSet<usize> {
    tree.bands()
        .iter()
        .filter(|b| b.label.ends_with("_tile"))
        .flat_map(|b| b.child.statements())
        .collect()
}

/// `plan` with each web ([`forwarding::webs`]) of each expandable scalar whose
/// statements are all inside the loop at `path` expanded along that loop (one cell per
/// iteration, `ym1_i[i]`), all at once, when the values read stay the same; `None`
/// otherwise or when there is none. Its order is checked with the interleaving
/// (`interleaved_at`).
fn with_cells_per_iteration(
    ctx: &Context,
    plan: &Plan,
    path: &[usize],
    identifiers: &BTreeSet<String>,
    webs: &mut Option<Vec<(String, BTreeSet<usize>)>>,
) -> Result<Option<(Plan, Vec<Expansion>)>, LibISLError> {
    let wanted = cells_wanted(plan, path, &mut identifiers.clone(), webs)?;
    if wanted.is_empty() {
        return Ok(None);
    }
    expanded_with(ctx, plan, &wanted)
}

/// The webs ([`forwarding::webs`], computed once into `webs`) of each expandable
/// scalar whose statements are all inside the loop at `path` and that are read before
/// they are written there, each to get a cell per iteration of that loop (arrays named
/// apart from `taken`, which grows); none where no innermost loop inside may run a
/// recurrence through a statement leaving a cell per iteration.
fn cells_wanted(
    plan: &Plan,
    path: &[usize],
    taken: &mut BTreeSet<String>,
    webs: &mut Option<Vec<(String, BTreeSet<usize>)>>,
) -> Result<Vec<WebCells>, LibISLError> {
    let ScheduleTree::Band { label, .. } = plan.tree.node_at(path) else {
        return Ok(Vec::new());
    };
    let inside: BTreeSet<usize> = plan.tree.node_at(path).statements().into_iter().collect();
    let variables = storage::expandable_scalars(&plan.region);
    let recurring = |v: &String| {
        let users: BTreeSet<usize> = storage::users(&plan.region, v);
        read_before_written(&plan.region, v, &(&users & &inside))
    };
    // The scalars' recurrence must pass through a statement leaving a cell per
    // iteration of its innermost loop (`y[i][j]`), as `recurs` will ask: a sum
    // accumulated in a scalar alone (`s += A[i][k]`) is none.
    let innermost_writers = cells_per_iteration_writers(plan, &inside);
    let inner_recurrence = innermost_loops(&plan.region, &inside, label)
        .iter()
        .any(|group| may_recur(plan, group, Some(&innermost_writers)));
    if !inner_recurrence || !variables.iter().any(recurring) {
        return Ok(Vec::new());
    }
    if webs.is_none() {
        let mut all = Vec::new();
        for variable in &variables {
            for web in forwarding::webs(plan, variable)? {
                all.push((variable.clone(), web));
            }
        }
        *webs = Some(all);
    }
    let mut wanted = Vec::new();
    for (variable, web) in webs.iter().flatten() {
        if !web.is_subset(&inside) || !read_before_written(&plan.region, variable, web) {
            continue;
        }
        if let Some(along) = storage::loop_named_around(&plan.region, web, label) {
            let array = storage::fresh_name(&format!("{variable}_{label}"), taken, &plan.region);
            taken.insert(array.clone());
            wanted.push(WebCells {
                path: path.to_vec(),
                variable: variable.clone(),
                along: [along],
                web: web.clone(),
                array,
            });
        }
    }
    Ok(wanted)
}

/// `plan` with each of `wanted` given its cells, lifted once, in `plan`'s order (not
/// checked), when the values read stay the same.
fn expanded_with(
    ctx: &Context,
    plan: &Plan,
    wanted: &[WebCells],
) -> Result<Option<(Plan, Vec<Expansion>)>, LibISLError> {
    let requests: Vec<storage::ExpansionRequest> = wanted
        .iter()
        .map(|w| storage::ExpansionRequest {
            variable: &w.variable,
            along: &w.along,
            array: w.array.clone(),
            statements: w.web.clone(),
        })
        .collect();
    let Some((mut expanded, made)) = storage::expanded_plan(ctx, plan, &requests)? else {
        return Ok(None);
    };
    expanded.tree = plan.tree.clone();
    Ok(Some((expanded, made)))
}

/// `statements` grouped by their innermost loop, those directly in the loop `outer`
/// left out: where a recurrence that interleaving `outer` could overlap runs.
fn innermost_loops(
    region: &Region,
    statements: &BTreeSet<usize>,
    outer: &str,
) -> Vec<BTreeSet<usize>> {
    let mut groups: Vec<BTreeSet<usize>> = Vec::new();
    let inner = statements.iter().copied().filter(|&k| {
        region.statements[k]
            .iters
            .last()
            .is_some_and(|it| it != outer)
    });
    for k in inner {
        let depth = region.statements[k].iters.len();
        let same_loop = |g: &&mut BTreeSet<usize>| {
            g.first().is_some_and(|&f| {
                let pair = BTreeSet::from([f, k]);
                region.statements[f].iters.len() == depth
                    && storage::loops_around_all(region, &pair).len() == depth
            })
        };
        match groups.iter_mut().find(same_loop) {
            Some(g) => {
                g.insert(k);
            }
            None => groups.push(BTreeSet::from([k])),
        }
    }
    groups
}

/// The statements of `statements` that write a new cell in each iteration of their
/// innermost loop in the text (`y[i][j]` in the loop over `j`: [`writes_new_cells`]).
fn cells_per_iteration_writers(plan: &Plan, statements: &BTreeSet<usize>) -> BTreeSet<usize> {
    let walks = |k: usize| {
        let innermost = plan.region.statements[k].iters.last();
        innermost.is_some_and(|it| writes_new_cells(plan, k, it))
    };
    statements.iter().copied().filter(|&k| walks(k)).collect()
}

/// Whether statement `k` writes, and only references whose subscripts use `iterator`:
/// a new cell in each iteration of the loop over it.
fn writes_new_cells(plan: &Plan, k: usize, iterator: &str) -> bool {
    let mut writes = plan.region.statements[k]
        .accesses
        .iter()
        .filter(|a| a.kind == AccessKind::Write)
        .peekable();
    writes.peek().is_some() && writes.all(|w| w.subscripts.iter().any(|s| s.mentions(iterator)))
}

/// Whether a statement of `web` reads `variable` before one in the same innermost loop
/// writes it, in the text's order (`y1[i][j] = .. ym1 ..` before `ym1 = y1[i][j]`): the
/// value then passes from one iteration of that loop to the next, a recurrence a cell
/// per outer iteration may let run interleaved. A value written and read within one
/// iteration (`t = a[i][j] * 2; b[i][j] = t;`) is none: its expansion would be for
/// nothing.
fn read_before_written(region: &Region, variable: &str, web: &BTreeSet<usize>) -> bool {
    let uses = |k: usize, kind: AccessKind| {
        let accesses = &region.statements[k].accesses;
        accesses
            .iter()
            .any(|a| a.array == variable && a.kind == kind)
    };
    web.iter().any(|&r| {
        uses(r, AccessKind::Read)
            && web.iter().any(|&w| {
                let pair = BTreeSet::from([r, w]);
                let depth = region.statements[r].iters.len();
                w >= r
                    && uses(w, AccessKind::Write)
                    && region.statements[w].iters.len() == depth
                    && storage::loops_around_all(region, &pair).len() == depth
            })
    })
}

/// `tree` with the loop at `path` strip-mined by [`INTERLEAVED_ROWS`], its point loop
/// distributed over its body and moved innermost in each part whose innermost loop
/// runs a recurrence ([`recurs`]), when some part does and the order is legal; with a
/// decision per part.
fn interleaved_at(
    ctx: &Context,
    plan: &Plan,
    path: &[usize],
    known_legal: bool,
) -> Result<Option<(ScheduleTree, Vec<Decision>)>, LibISLError> {
    let tree = &plan.tree;
    let stripped = rewrites::tile_outer(tree, path, &[INTERLEAVED_ROWS]);
    let points: Vec<usize> = path.iter().copied().chain([0]).collect();
    let mut candidate = distributed(&stripped, &points);
    let mut decisions = Vec::new();
    for at in parts(&candidate, &points) {
        let labels = chain_labels(&candidate, &at);
        if labels.len() < 2 || !recurs(ctx, plan, &candidate, &at)? {
            continue;
        }
        let order: Vec<usize> = (1..labels.len()).chain([0]).collect();
        let permuted = rewrites::permute_chain(&candidate, &at, &order);
        // Rows that wait for each other (`u[i][j]` reading `u[i - 1][j]`) form a
        // recurrence across the strip too: nothing would overlap.
        let across = step(ctx, || {
            let flow = plan.df.plain.flow.copy()?;
            super::skew::innermost_carries(ctx, plan, &permuted, &at, flow)
        })?;
        if across != Some(false) {
            continue;
        }
        candidate = permuted;
        decisions.push(Decision::Interleaved {
            outer: labels[0].clone(),
            recurrence: labels[labels.len() - 1].clone(),
            rows: INTERLEAVED_ROWS,
            row_ends: Vec::new(),
            path: path.to_vec(),
        });
    }
    if decisions.is_empty() {
        return Ok(None);
    }
    // An expanded plan's order is checked whole: nothing checked it for that storage.
    let legal = match known_legal {
        true => step(ctx, || plan.is_legal_change(ctx, tree, &candidate))?,
        false => step(ctx, || plan.is_legal(ctx, &candidate))?,
    };
    if legal != Some(true) {
        reset_operations(ctx);
        return Ok(None);
    }
    Ok(Some((candidate, decisions)))
}

/// The paths of the parts of the distributed loop at `path`: the loop itself, or each
/// of its copies when it was distributed into a sequence.
fn parts(tree: &ScheduleTree, path: &[usize]) -> Vec<Vec<usize>> {
    let at = |k: usize| path.iter().copied().chain([k]).collect();
    match tree.node_at(path) {
        ScheduleTree::Sequence(children) => (0..children.len()).map(at).collect(),
        _ => vec![path.to_vec()],
    }
}

/// `tree` with the band at `path` distributed over its body, and each copy over its
/// own body in turn, down to perfect nests.
fn distributed(tree: &ScheduleTree, path: &[usize]) -> ScheduleTree {
    let mut tree = tree.clone();
    // Each distribution removes one band around a sequence; the subtree is finite.
    for _ in 0..64 {
        let below = rewrites::distributable(tree.node_at(path));
        let Some(inner) = below.into_iter().next() else {
            break;
        };
        let at: Vec<usize> = path.iter().copied().chain(inner).collect();
        tree = rewrites::distribute(&tree, &at);
    }
    tree
}

/// Whether the innermost loop of the chain at `path`, with only statements inside,
/// runs a recurrence: a flow dependence it carries lies on a cycle of the chain's flow
/// between statements in one iteration or carried ([`carried_cycles`]) through a
/// statement that writes a new cell in each of its iterations ([`new_cell_writers`]),
/// all such carried dependences at one distance (each iteration waits for the one `δ`
/// before: `p[i][j-1]` to `p[i][j]`, or through scalars, `y1[i][j]` to `ym1` to the
/// next `y1[i][j]`). A value passed from one statement to another (a producer fused
/// with its consumer) is no chain the processor waits on, nor is one value read by
/// all later iterations (Floyd-Warshall's `path[i][k]`, written at `j = k`: distances
/// `1 ..`).
fn recurs(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
) -> Result<bool, LibISLError> {
    let bottom = chain_at(tree, path).1;
    let statements: BTreeSet<usize> = bottom.statements().into_iter().collect();
    let writers = new_cell_writers(plan, tree, path);
    if bottom.contains_band() || writers.is_empty() || !may_recur(plan, &statements, Some(&writers))
    {
        return Ok(false);
    }
    let uniform = step(ctx, || {
        let Some(carried) = carried_cycles(ctx, plan, tree, path, &statements, &writers)? else {
            return Ok(false);
        };
        Set::from_union_set(carried)?.is_singleton()
    })?;
    Ok(uniform == Some(true))
}

/// The distances of the flow dependences between `statements` (the chain at `path`)
/// that its innermost loop carries and that lie on a cycle through one of `writers`
/// in the graph whose edges are those and the dependences within one iteration of the
/// chain's loops; `None` when there is none.
fn carried_cycles(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    statements: &BTreeSet<usize>,
    writers: &BTreeSet<usize>,
) -> Result<Option<UnionSet>, LibISLError> {
    let index: BTreeMap<String, usize> = statements
        .iter()
        .map(|&k| (crate::model::isl_name(&plan.region.statements[k].name), k))
        .collect();
    let depth = chain_at(tree, path).0.len();
    let zero = format!(
        "{}{{ [{}] }}",
        plan.text.params,
        vec!["0"; depth].join(", ")
    );
    let zero = UnionSet::read_from_str(ctx, &zero)?;
    let maps = plan.df.plain.flow.get_map_list()?;
    let mut ends = Vec::new();
    let mut chain_maps = Vec::new();
    for n in 0..maps.size()? {
        let map = maps.get_at(n)?;
        let from = index.get(map.get_tuple_name(DimType::In)?).copied();
        let to = index.get(map.get_tuple_name(DimType::Out)?).copied();
        if let (Some(s), Some(t)) = (from, to) {
            ends.push((s, t));
            chain_maps.push(UnionMap::from_map(map)?);
        }
    }
    let distances = super::skew::chain_distances_each(ctx, plan, tree, path, chain_maps)?;
    let along_innermost = super::skew::carried_innermost(ctx, plan, depth)?;
    let mut edges = BTreeSet::new();
    let mut carried = Vec::new();
    for ((s, t), d) in ends.into_iter().zip(distances) {
        let along = d.copy()?.intersect(along_innermost.copy()?)?;
        if !along.is_empty()? {
            carried.push((s, t, along));
            edges.insert((s, t));
        } else if !d.intersect(zero.copy()?)?.is_empty()? {
            edges.insert((s, t));
        }
    }
    let mut on_cycles: Option<UnionSet> = None;
    for (s, t, along) in carried {
        let cycle = on_cycles_through(&edges, s, t);
        if !cycle.is_disjoint(writers) {
            on_cycles = Some(match on_cycles {
                Some(all) => all.union(along)?,
                None => along,
            });
        }
    }
    Ok(on_cycles)
}

/// The statements on the cycles through the edge `s -> t` of `edges`: those `t`
/// reaches and that reach `s` (empty when `t` does not reach `s`).
fn on_cycles_through(edges: &BTreeSet<(usize, usize)>, s: usize, t: usize) -> BTreeSet<usize> {
    let reached = |from: usize, forward: bool| {
        let mut seen = BTreeSet::from([from]);
        let mut todo = vec![from];
        while let Some(v) = todo.pop() {
            for &(a, b) in edges {
                let (here, next) = if forward { (a, b) } else { (b, a) };
                if here == v && seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let from_t = reached(t, true);
    if !from_t.contains(&s) {
        return BTreeSet::new();
    }
    from_t.intersection(&reached(s, false)).copied().collect()
}

/// The statements of the chain at `path` that write only references whose subscripts
/// walk the innermost loop: a recurrence through them leaves a result per iteration
/// (`p[i][j]`), where an accumulator alone does not. A reduction into one cell (`y[i]
/// += A[i][j] * x[j]`) keeps its rows' accumulators in registers as written;
/// interleaved, its matrix is walked by columns (PolyBench's bicg, gesummv and atax
/// ran 1.7-2.7x slower than without).
fn new_cell_writers(plan: &Plan, tree: &ScheduleTree, path: &[usize]) -> BTreeSet<usize> {
    let (bands, bottom) = chain_at(tree, path);
    let Some((_, innermost)) = bands.last() else {
        return BTreeSet::new();
    };
    let walks = |k: usize| {
        let iterator = super::walked_iterator(innermost, k);
        iterator.is_some_and(|it| writes_new_cells(plan, k, &it))
    };
    bottom
        .statements()
        .into_iter()
        .filter(|&k| walks(k))
        .collect()
}

/// The pairs `(t, s)` of `statements` where `s` reads what `t` writes: another
/// statement's variable, or another cell of its own array (`p[i][j-1]` where it writes
/// `p[i][j]`). Only along them can the statements depend on each other across
/// iterations of a loop (the text's may-flow, before isl is asked).
fn may_flow(plan: &Plan, statements: &BTreeSet<usize>) -> BTreeSet<(usize, usize)> {
    let of = |k: usize| &plan.region.statements[k].accesses;
    let mut edges = BTreeSet::new();
    for &s in statements {
        for r in of(s).iter().filter(|r| r.kind == AccessKind::Read) {
            for &t in statements {
                let feeds = of(t).iter().any(|w| {
                    w.kind == AccessKind::Write
                        && w.array == r.array
                        && (s != t || w.subscripts != r.subscripts)
                });
                if feeds {
                    edges.insert((t, s));
                }
            }
        }
    }
    edges
}

/// Whether some statement of `statements` may depend on itself across iterations
/// ([`may_flow`] has a cycle), through one of `through` when given.
fn may_recur(plan: &Plan, statements: &BTreeSet<usize>, through: Option<&BTreeSet<usize>>) -> bool {
    let edges = may_flow(plan, statements);
    edges.iter().any(|&(t, s)| {
        let cycle = on_cycles_through(&edges, t, s);
        through.map_or(!cycle.is_empty(), |w| !cycle.is_disjoint(w))
    })
}
