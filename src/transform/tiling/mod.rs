//! Rectangular tiling (loop blocking) of perfect nests in the chosen order, where the
//! locality model says it pays; every tiled order is checked like any other
//! (`Plan::is_legal`), so a nest is tiled only when the tiled program computes the
//! same values.

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Aff, Region};
use crate::model::ScheduleTree;
use crate::transform::decision::{Decision, Obstacle};
use crate::transform::rewrites::{self, chain_at, chain_labels, chains};
use cache::Caches;
use isl_rs::{Context, LibISLError};

pub mod cache;
pub mod distribution;
pub mod interleave;
pub mod isolation;
pub mod row_sums;
pub mod skew;
pub mod time_steps;

/// How tile sizes are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSizes {
    /// These sizes, per loop of a nest from the outermost, the last repeated
    /// (`--tile-size`).
    Fixed(Vec<i64>),
    /// Per nest, by the cache model for these caches ([`crate::transform::tiling::cache::tile_sizes`]).
    Model(Caches),
}

impl TileSizes {
    /// The sizes for the nest of `statements` whose loops are `levels` (outermost
    /// first).
    fn for_nest(
        &self,
        region: &Region,
        levels: &[Vec<(usize, Aff)>],
        statements: Vec<usize>,
    ) -> Vec<i64> {
        match self {
            TileSizes::Fixed(sizes) => (0..levels.len())
                .map(|k| sizes.get(k).or(sizes.last()).copied().unwrap_or(32))
                .collect(),
            TileSizes::Model(caches) => {
                let walks = levels
                    .iter()
                    .map(|level| {
                        statements
                            .iter()
                            .map(|&k| walked_iterator(level, k))
                            .collect()
                    })
                    .collect();
                let nest = cache::Nest {
                    region,
                    statements,
                    walks,
                };
                cache::tile_sizes(&nest, *caches)
            }
        }
    }
}

/// `plan`'s tree with every perfect nest tiled where that pays and is legal, with tile
/// sizes chosen as `sizes` says, and the decisions. A loop
/// around a sequence of loops (`i { init; k { j } }`) has no perfect nest to tile: the
/// tree with such loops distributed is tried too when that is legal (in the text's
/// order, or where that is illegal by the dependence graph:
/// [`distribution::by_dependences`]), and kept when it tiles more nests. With `align`,
/// a time loop around a sequence of sweeps is also tried with its steps aligned in one
/// nest ([`time_steps`]: an order replacing the one given), kept when its time loop is
/// skewed and tiled and it tiles more nests.
pub fn tile_where_it_pays(
    ctx: &Context,
    plan: &Plan,
    sizes: &TileSizes,
    wavefronts: bool,
    align: bool,
) -> Result<Tiling, LibISLError> {
    let (mut tree, mut decisions) = tile_chains(ctx, plan, &plan.tree, sizes, wavefronts)?;
    let tiles = |d: &[Decision]| {
        d.iter()
            .filter(|d| matches!(d, Decision::Tiled { .. }))
            .count()
    };
    // The dependence graph's order is tried only where the text's is illegal.
    let mut candidates = vec![distribute_around_nests(&plan.tree)];
    let mut tried = vec![plan.tree.clone()];
    while let Some(distributed) = candidates.pop() {
        let legal = !tried.contains(&distributed)
            && crate::support::isl::step(ctx, || {
                plan.is_legal_change(ctx, &plan.tree, &distributed)
            })? == Some(true);
        let first = tried.len() == 1 && distributed != plan.tree;
        tried.push(distributed.clone());
        if !legal {
            crate::support::work::reset_operations(ctx);
            if first {
                let by_graph = distribution::by_dependences(plan, &plan.tree)?;
                candidates.push(distribute_around_nests(&by_graph));
            }
            continue;
        }
        let (more, more_decisions) = tile_chains(ctx, plan, &distributed, sizes, wavefronts)?;
        if tiles(&more_decisions) > tiles(&decisions) {
            let mut distributions = distribution::decisions(plan, &plan.tree, &distributed);
            distributions.extend(more_decisions);
            (tree, decisions) = (more, distributions);
        }
    }
    let aligned = match align {
        true => time_steps::aligned_time_steps(ctx, plan, &tree)?,
        false => None,
    };
    if let Some((aligned, validity)) = aligned {
        let (more, more_decisions) = tile_chains(ctx, plan, &aligned, sizes, wavefronts)?;
        // Aligned for time tiles: kept only where the time loop got them (skewed).
        let skewed = more_decisions
            .iter()
            .any(|d| matches!(d, Decision::Skewed { .. }));
        if skewed && tiles(&more_decisions) > tiles(&decisions) {
            let ordered = Decision::AlignedSteps {
                validity,
                loops: chain_labels(&aligned, &[]),
            };
            let decisions = std::iter::once(ordered).chain(more_decisions).collect();
            return Ok(Tiling {
                tree: more,
                decisions,
                reordered: true,
            });
        }
    }
    Ok(Tiling {
        tree,
        decisions,
        reordered: false,
    })
}

/// A plan's order with its nests tiled, and the decisions that made it.
pub struct Tiling {
    pub tree: ScheduleTree,
    pub decisions: Vec<Decision>,
    /// Whether `tree` no longer derives from the order tiling was given (a time loop's
    /// steps aligned by isl's scheduler: [`time_steps`]), whose decisions then no
    /// longer describe it; `decisions` then start with the order that replaced it.
    pub reordered: bool,
}

/// `tree` (an order known legal) with every perfect nest tiled where that pays and
/// is legal; each tiling is checked as a change of the order so far.
fn tile_chains(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    sizes: &TileSizes,
    wavefronts: bool,
) -> Result<(ScheduleTree, Vec<Decision>), LibISLError> {
    let mut tree = tree.clone();
    let mut decisions = Vec::new();
    // Innermost chains first: tiling a chain inserts bands above the chains below it,
    // so the paths of those must be used before.
    let paths = chains(&tree);
    for path in paths.into_iter().rev() {
        if !pays(&plan.region, &tree, &path) {
            continue;
        }
        let mut tile_sizes = nest_sizes(&plan.region, &tree, &path, sizes);
        let mut candidate = rewrites::tile(&tree, &path, &tile_sizes);
        let loops = chain_labels(&tree, &path);
        let mut nest = Vec::new();
        let mut tiled_loops = None;
        let mut wavefront = false;
        // The counterexample (for the decision's obstacle) only where no skew tiles it.
        match crate::support::isl::step(ctx, || plan.violation_of_change(ctx, &tree, &candidate))? {
            Some(None) if wavefronts => {
                let waved = sequential_tiles_waved(ctx, plan, &tree, &candidate, &path)?;
                if let Some(waved) = waved {
                    (candidate, wavefront) = (waved, true);
                }
            }
            Some(None) => {}
            Some(Some(_)) => match skewed_and_tiled(ctx, plan, &tree, &path, sizes, wavefronts)? {
                Some(skewed) => {
                    candidate = skewed.tiled;
                    tile_sizes = skewed.sizes;
                    tiled_loops = Some(skewed.loops[..tile_sizes.len()].to_vec());
                    wavefront = skewed.wavefront;
                    nest.push(Decision::Skewed {
                        loops: loops.clone(),
                        skewed: skewed.loops,
                    });
                }
                None => {
                    let refused = || plan.violation_in_change(ctx, &tree, &candidate);
                    if let Some(Some(v)) = crate::support::isl::step(ctx, refused)? {
                        let obstacle = Obstacle::of(&plan.region, &v);
                        decisions.push(vec![Decision::NotTiled { loops, obstacle }]);
                    }
                    continue;
                }
            },
            None => continue,
        }
        let jammed = register_tiled(ctx, plan, &candidate, &path, &tile_sizes)?;
        let loops = tiled_loops
            .unwrap_or_else(|| chain_labels(&candidate, &path).split_off(tile_sizes.len()));
        nest.push(Decision::Tiled {
            loops: loops.clone(),
            sizes: tile_sizes,
            path: path.clone(),
        });
        if wavefront {
            nest.push(Decision::Wavefront {
                loops: loops.iter().take(WAVEFRONT_LOOPS).cloned().collect(),
            });
        }
        tree = match jammed {
            Some((jammed, factors)) => {
                nest.push(Decision::UnrolledAndJammed {
                    loops,
                    factors,
                    path: path.clone(),
                });
                jammed
            }
            None => candidate,
        };
        decisions.push(nest);
    }
    crate::support::work::reset_operations(ctx);
    decisions.reverse();
    Ok((tree, decisions.into_iter().flatten().collect()))
}

/// The tiled chain at `path` of `tiled` (a legal change of `tree`) with its two outer
/// tile loops run as wavefronts ([`rewrites::wavefront`]), where neither could run in
/// parallel and the wavefronts are legal: then the second runs in parallel. Neither
/// can when, with `Δ` the distances of the flow dependences in the chain
/// ([`skew::chain_distances`]), `Δ ∩ { [d_0, ..] : d_0 != 0 }` and
/// `Δ ∩ { [0, d_1, ..] : d_1 != 0 }` are both non-empty: lu's rows of tiles each read
/// the rows before, and its tiles along a row add into the same cells. PolyBench lu
/// (LARGE, 2-core EPYC, gcc 12, min of 3): 0.78 -> 0.74 s on one thread, 0.45 s on
/// two, where its tiles in rows ran no faster on two.
fn sequential_tiles_waved(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    tiled: &ScheduleTree,
    path: &[usize],
) -> Result<Option<ScheduleTree>, LibISLError> {
    let waved = rewrites::wavefront(tiled, path, WAVEFRONT_LOOPS);
    if waved == *tiled {
        return Ok(None);
    }
    let carried = || {
        let flow = plan.df.plain.flow.copy()?;
        let distances = skew::chain_distances(ctx, plan, tiled, path, flow)?;
        let depth = chain_at(tiled, path).0.len();
        let d: Vec<String> = (0..depth).map(|k| format!("d{k}")).collect();
        let carried_by = |condition: &str| -> Result<bool, LibISLError> {
            let set = format!("{}{{ [{}] : {condition} }}", plan.text.params, d.join(", "));
            let set = isl_rs::UnionSet::read_from_str(ctx, &set)?;
            Ok(!distances.copy()?.intersect(set)?.is_empty()?)
        };
        Ok(carried_by("d0 != 0")? && carried_by("d0 = 0 and d1 != 0")?)
    };
    if crate::support::isl::step(ctx, carried)? != Some(true) {
        return Ok(None);
    }
    let legal = crate::support::isl::step(ctx, || plan.is_legal_change(ctx, tree, &waved))?;
    Ok((legal == Some(true)).then_some(waved))
}

/// Tile sizes of a skewed nest whose innermost loop runs a recurrence, outermost
/// first, the last repeated. Tiles this small keep several independent recurrences in
/// flight, which the processor overlaps; caches matter less: seidel2d (2-core EPYC,
/// gcc 12) ran 2.4x faster than the original with 16 x 4 x 4, 1.7x with 8 x 8 x 8,
/// 1.3x with 16 x 16 x 16, 0.83x with the cache model's 256 x 32 x 128.
const RECURRENCE_TILE: [i64; 2] = [16, 4];

/// Tile sizes of a skewed time-iterated stencil between arrays, for its time loop and
/// each space loop but the innermost, which stays whole (a long loop that vectorizes),
/// the last repeated. PolyBench LARGE on a 2-core EPYC (gcc 12, L2 1 MiB): jacobi-2d
/// ran 2.2-3.2x faster than the original with 16 x 16 to 32 x 32 (8 x 16: 2.0x), heat-3d
/// 1.6-1.95x with 16 x 8..16 x 32..64 (16 x 16 x 16: 1.67x, 32 x 8 x 64: 1.59x).
/// [`narrowed_for_3d`] narrows the first space tile of three space loops.
const TIME_TILE: [i64; 3] = [16, 16, 64];

/// The first space tile of a stencil over three space loops or more. Its wavefronts
/// (time tile + first space tile) hold few tiles: each time tile shifts the space
/// tiles by its skew, so a wavefront meets about `space tiles / (1 + skew)` of them.
/// heat-3d (LARGE, 16 x 16 x 64): 3.15 tiles a wavefront on average, at most 1.48x
/// from one thread to two under `schedule(static)` (measured 1.44-1.50x); 16 x 8 x 64:
/// 3.54 tiles, bound 1.65x, measured 1.74x (2-core EPYC, gcc 12, min of 8 runs: two
/// threads 0.396 -> 0.349 s, one 0.594 -> 0.607 s). The price is on one thread: the
/// sequential build ran 3-9% slower in three runs of 6-8 (0.636 -> 0.683 s, min of 6;
/// 1.59x -> 1.48x over the original). A time tile of 8 instead (8 x 16 x 64) held 4.29
/// tiles but cost one thread 5% more.
const SPACE_TILE_3D: i64 = 8;

/// `sizes` (a time tile, then space tiles) with the first space tile
/// [`SPACE_TILE_3D`] where three space loops or more follow the time loop of a chain
/// of `depth` loops.
fn narrowed_for_3d(mut sizes: Vec<i64>, depth: usize) -> Vec<i64> {
    if let Some(first_space) = sizes.get_mut(1).filter(|_| depth >= 4) {
        *first_space = SPACE_TILE_3D;
    }
    sizes
}

/// The tile loops a wavefront sums: the time loop's and the next. Summing a third
/// adds nothing to run in parallel (the second tile loop already does) and took isl
/// past the operation budget on heat-3d.
const WAVEFRONT_LOOPS: usize = 2;

/// A chain skewed and tiled: the tiled tree, the skewed loops' names, the tile sizes
/// (outermost first), and whether its tiles run in wavefronts.
struct SkewedTiles {
    tiled: ScheduleTree,
    loops: Vec<String>,
    sizes: Vec<i64>,
    wavefront: bool,
}

/// The chain at `path` of `tree` skewed ([`crate::transform::tiling::skew::skewed_for_tiling`])
/// and tiled, when the skewed tiles are legal and the chain is one of the two shapes
/// measured to pay: its innermost loop runs a recurrence (a stencil swept in place:
/// small tiles in every loop, [`RECURRENCE_TILE`]), or its outermost loop is a time loop
/// (a stencil between arrays: [`time_tiles`]). With `wavefronts`, its two outer tile
/// loops run as wavefronts ([`rewrites::wavefront`]) where that is legal, so that the
/// next tile loop runs in parallel: 1.7-1.85x from one thread to two on PolyBench's
/// jacobi-2d and seidel-2d, 1.4x on heat-3d (2-core EPYC), at a cost on one thread
/// (jacobi-2d 13% slower: consecutive tiles of a wavefront share fewer rows than
/// consecutive tiles of one time band).
fn skewed_and_tiled(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    path: &[usize],
    sizes: &TileSizes,
    wavefronts: bool,
) -> Result<Option<SkewedTiles>, LibISLError> {
    let recurrence = || crate::transform::tiling::skew::innermost_recurrence(ctx, plan, tree, path);
    let recurrence = crate::support::isl::step(ctx, recurrence)? == Some(true);
    if !recurrence && !time_loop_outermost(&plan.region, tree, path) {
        return Ok(None);
    }
    let Some(skewed) = crate::support::isl::step(ctx, || {
        crate::transform::tiling::skew::skewed_for_tiling(ctx, plan, tree, path)
    })?
    .flatten() else {
        return Ok(None);
    };
    let loops = chain_labels(&skewed, path);
    let depth = loops.len();
    let repeated = |sizes: &[i64], n: usize| -> Vec<i64> {
        (0..n)
            .map(|k| sizes.get(k).or(sizes.last()).copied().unwrap_or(1))
            .collect()
    };
    let candidates = match (sizes, recurrence) {
        (TileSizes::Fixed(fixed), true) => {
            vec![rewrites::tile(&skewed, path, &repeated(fixed, depth))]
        }
        (TileSizes::Model(_), true) => vec![rewrites::tile(
            &skewed,
            path,
            &repeated(&RECURRENCE_TILE, depth),
        )],
        (TileSizes::Fixed(fixed), false) => time_tiles(&skewed, path, &repeated(fixed, depth)),
        (TileSizes::Model(_), false) => {
            let sizes = narrowed_for_3d(repeated(&TIME_TILE, depth - 1), depth);
            time_tiles(&skewed, path, &sizes)
        }
    };
    // With wavefronts, each candidate's waved form is checked first: legal, the plain
    // form need not be checked (nothing emits it).
    let tries = candidates.into_iter().flat_map(|tiled| {
        let sizes = tile_sizes_of(&tiled, path);
        let waved = rewrites::wavefront(&tiled, path, WAVEFRONT_LOOPS.min(sizes.len()));
        let waved = (wavefronts && waved != tiled).then_some((waved, sizes.clone(), true));
        waved.into_iter().chain([(tiled, sizes, false)])
    });
    for (tiled, sizes, wavefront) in tries {
        let legal = crate::support::isl::step(ctx, || plan.is_legal_change(ctx, tree, &tiled))?;
        if legal == Some(true) {
            return Ok(Some(SkewedTiles {
                tiled,
                loops,
                sizes,
                wavefront,
            }));
        }
    }
    Ok(None)
}

/// The time tiles of the skewed chain at `path` to try, best first: its outer bands
/// tiled by `sizes` (the innermost whole), and each time step of a tile running the
/// statements in turn, each over its part of the tile ([`rewrites::distribute_chain`]
/// below the time loop: no statement waits behind a guard in the innermost loop, as
/// where they share it with shifts); then the same tiles with the statements sharing
/// the point loops.
fn time_tiles(skewed: &ScheduleTree, path: &[usize], sizes: &[i64]) -> Vec<ScheduleTree> {
    let tiled = rewrites::tile_outer(skewed, path, sizes);
    // Below the tile bands and the time loop's point band.
    let below_time: Vec<usize> = path
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0, sizes.len() + 1))
        .collect();
    let split = rewrites::distribute_chain(&tiled, &below_time);
    match split == tiled {
        true => vec![tiled],
        false => vec![split, tiled],
    }
}

/// The sizes of the tile bands at `path` of `tiled`: the divisor of each band whose
/// times are `floor(t / s)`, outermost first.
fn tile_sizes_of(tiled: &ScheduleTree, path: &[usize]) -> Vec<i64> {
    chain_at(tiled, path)
        .0
        .iter()
        .map_while(|(_, members)| match members.first() {
            Some((_, Aff::Floor(_, size))) => Some(*size),
            _ => None,
        })
        .collect()
}

/// Whether the outermost loop of the chain at `path` is a time loop: it walks one
/// iterator per statement, and no subscript of that statement's writes names it (each
/// of its iterations writes the same cells again; a read such as a forcing term
/// `f[t]` may name it).
pub(super) fn time_loop_outermost(region: &Region, tree: &ScheduleTree, path: &[usize]) -> bool {
    let (bands, _) = chain_at(tree, path);
    let Some((_, members)) = bands.first() else {
        return false;
    };
    members.iter().all(|&(k, _)| {
        walked_iterator(members, k).is_some_and(|t| {
            region.statements[k]
                .accesses
                .iter()
                .filter(|a| a.kind == AccessKind::Write)
                .all(|a| !a.subscripts.iter().any(|s| s.mentions(&t)))
        })
    })
}

/// The tile sizes for the perfect nest at `path`, one per loop.
fn nest_sizes(region: &Region, tree: &ScheduleTree, path: &[usize], sizes: &TileSizes) -> Vec<i64> {
    let (bands, node) = chain_at(tree, path);
    let levels: Vec<Vec<(usize, Aff)>> = bands.into_iter().map(|(_, m)| m).collect();
    sizes.for_nest(region, &levels, node.statements())
}

/// `tiled` (where the chain at `path` was just tiled by `sizes`) with its point loops
/// register-tiled ([`register_factors`]), and the factors, when that is legal.
fn register_tiled(
    ctx: &Context,
    plan: &Plan,
    tiled: &ScheduleTree,
    path: &[usize],
    sizes: &[i64],
) -> Result<Option<(ScheduleTree, Vec<i64>)>, LibISLError> {
    let points: Vec<usize> = path
        .iter()
        .copied()
        .chain(sizes.iter().map(|_| 0))
        .collect();
    let Some(factors) = register_factors(&plan.region, tiled, &points, sizes) else {
        return Ok(None);
    };
    let jammed = rewrites::unroll_and_jam(tiled, &points, &factors);
    let legal =
        crate::support::isl::step(ctx, || plan.is_legal_change(ctx, tiled, &jammed))? == Some(true);
    Ok(legal.then_some((jammed, factors)))
}

/// The most copies of a nest's body unroll-and-jam makes (statements x factors).
const MAX_UNROLLED_STATEMENTS: i64 = 16;

/// Unroll-and-jam factors for the point loops at `path` (tiled by `sizes`), or `None`
/// when no loop repays it. A loop other than the innermost is unrolled when some
/// reference walks the innermost loop but not it, so that the copies of the body share
/// that reference in registers: by 4 when the reference is written (an accumulator,
/// `C[i][j]` under `k`: one load and store per 4 updates), by 2 when only read
/// (`B[k][j]` under `i`: one load per 2 rows). Two loops at most, and only factors that
/// divide the tile size, so that no register tile straddles two tiles.
fn register_factors(
    region: &Region,
    tree: &ScheduleTree,
    path: &[usize],
    sizes: &[i64],
) -> Option<Vec<i64>> {
    let (bands, node) = chain_at(tree, path);
    let levels: Vec<Vec<(usize, Aff)>> = bands.into_iter().map(|(_, m)| m).collect();
    let statements = node.statements();
    let depth = levels.len();
    if depth < 2 {
        return None;
    }
    let innermost = |k: usize| walked_iterator(&levels[depth - 1], k);
    if !statements
        .iter()
        .all(|&k| innermost(k).is_some_and(|i| contiguous_along(region, k, &i)))
        || written_under_two_names(region, &statements)
    {
        return None;
    }
    let mut factors = vec![1; depth];
    for (p, factor) in factors.iter_mut().enumerate().take(depth - 1) {
        for &k in &statements {
            let (Some(this), Some(innermost)) = (walked_iterator(&levels[p], k), innermost(k))
            else {
                return None;
            };
            for a in &region.statements[k].accesses {
                let mentions = |name: &str| a.subscripts.iter().any(|s| s.mentions(name));
                if a.subscripts.is_empty() || mentions(&this) || !mentions(&innermost) {
                    continue;
                }
                let u = if a.kind == AccessKind::Write { 4 } else { 2 };
                *factor = (*factor).max(u);
            }
        }
        if sizes.get(p).is_some_and(|size| size % *factor != 0) {
            *factor = 1;
        }
    }
    let unrolled: Vec<usize> = (0..depth).filter(|&p| factors[p] > 1).collect();
    for &p in unrolled.iter().skip(2) {
        factors[p] = 1;
    }
    let copies_per_statement: i64 = factors.iter().product();
    let copies = copies_per_statement * statements.len() as i64;
    (copies_per_statement > 1 && copies <= MAX_UNROLLED_STATEMENTS).then_some(factors)
}

/// Whether every reference of statement `k` that walks `iterator` does so contiguously:
/// only in its last subscript, with coefficient 1 or -1. (Otherwise the innermost loop
/// does not vectorize into plain vector loads, and the copies of a register tile only
/// add gathers: PolyBench's syrk `A[j][k]` under `j` ran 1.7x instead of 2.6x.)
fn contiguous_along(region: &Region, k: usize, iterator: &str) -> bool {
    region.statements[k].accesses.iter().all(|a| {
        let Some((last, rest)) = a.subscripts.split_last() else {
            return true;
        };
        !rest.iter().any(|s| s.mentions(iterator))
            && (!last.mentions(iterator)
                || last
                    .linear()
                    .is_some_and(|(_, terms)| terms.get(iterator).is_some_and(|c| c.abs() == 1)))
    })
}

/// Whether an array the `statements` write is also accessed there through another
/// subscript (trmm's `B[i][j] += A[k][i] * B[k][j]`): the compiler cannot tell the
/// copies' cells apart, so a register tile keeps nothing in registers and may stop the
/// innermost loop from vectorizing (PolyBench's trmm ran 7.4x instead of 16.9x).
fn written_under_two_names(region: &Region, statements: &[usize]) -> bool {
    let accesses: Vec<_> = statements
        .iter()
        .flat_map(|&k| &region.statements[k].accesses)
        .collect();
    accesses.iter().any(|w| {
        w.kind == AccessKind::Write
            && accesses
                .iter()
                .any(|a| a.array == w.array && a.subscripts != w.subscripts)
    })
}

/// The one iterator statement `k`'s time in this band walks (`i` for `i`, `-i`,
/// `i + 2`), if it is one.
pub(super) fn walked_iterator(level: &[(usize, Aff)], k: usize) -> Option<String> {
    level
        .iter()
        .find(|(s, _)| *s == k)
        .and_then(|(_, t)| t.linear())
        .and_then(|(_, terms)| {
            let names: Vec<String> = terms.into_keys().collect();
            (names.len() == 1).then(|| names[0].clone())
        })
}

/// `tree` with every loop whose body is a sequence holding a loop distributed over
/// that sequence, outermost first, so that the loops inside become perfect nests.
fn distribute_around_nests(tree: &ScheduleTree) -> ScheduleTree {
    let mut tree = tree.clone();
    // Each distribution removes one loop around a sequence; the tree is finite.
    for _ in 0..64 {
        let Some(path) = rewrites::distributable(&tree).into_iter().next() else {
            break;
        };
        tree = rewrites::distribute(&tree, &path);
    }
    tree
}

/// Whether tiling the perfect nest at `path` pays: it has three loops or more, and
/// some statement reads a reference that does not depend on the outermost loop but
/// walks two inner ones (`B[k][j]` under `i, k, j`). Untiled, the lines of such a
/// reference come back once per iteration of the outermost loop, and the nest's data
/// exceeds the cache at the sizes that matter; tiled, a tile's lines stay in it.
fn pays(region: &Region, tree: &ScheduleTree, path: &[usize]) -> bool {
    let (bands, node) = chain_at(tree, path);
    let levels: Vec<Vec<(usize, Aff)>> = bands.into_iter().map(|(_, m)| m).collect();
    if levels.len() < 3 {
        return false;
    }
    node.statements().into_iter().any(|k| {
        let Some(outer) = walked_iterator(&levels[0], k) else {
            return false;
        };
        let inner: Vec<String> = levels[1..]
            .iter()
            .filter_map(|l| walked_iterator(l, k))
            .collect();
        region.statements[k]
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Read && !a.subscripts.is_empty())
            .any(|a| {
                let mentions = |name: &str| a.subscripts.iter().any(|s| s.mentions(name));
                !mentions(&outer) && inner.iter().filter(|i| mentions(i)).count() >= 2
            })
    })
}
