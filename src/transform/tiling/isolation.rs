//! Isolating full register tiles: the isl AST build option that generates the full
//! tiles of an unrolled band apart from the partial ones, so their copies need no guard
//! (and, for a loop jammed into the loops inside it, its full groups of rows apart from
//! the rows left over).

use crate::frontend::ir::{Aff, Region};
use crate::model::{ScheduleTree, ScopText, isl_name, tuple};
use isl_rs::{Context, LibISLError, Map, Set, UnionSet};

/// The isl AST build option of every band of `tree` whose body starts with unrolled
/// bands (a register tile, `rewrites::unroll_and_jam`) that generates its full register
/// tiles apart from the partial ones, so that isl emits their copies without guards.
/// With `a = (a_1..a_m)` the times of the bands down to this one and `o` those of the
/// unrolled bands below, `I_S = { [a, o] }` the times of the instances of statement `S`,
/// `P_S = proj_a(I_S)` and `O_S = proj_o(I_S)`, the option is
/// `{ isolate[[a_1..a_{m-1}] -> [a_m]] : a in ∩_S (P_S \ proj_a((P_S x O_S) \ I_S)) }`:
/// every copy of every statement exists ([`full_blocks`]). For a loop unrolled into the
/// loops inside it (`row_sums`), the option is at that loop, and each of its bands of
/// copies below gets the same set as its isolated part, unrolled only there
/// ([`isolate_option`]): the leftover rows run as a loop.
pub fn full_tile_options(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
) -> Result<Vec<(Vec<usize>, String)>, LibISLError> {
    let mut out = Vec::new();
    for tile in register_tiles(tree) {
        let Some(full) = full_blocks(ctx, region, text, &tile)? else {
            continue;
        };
        let m = tile.times.first().map_or(0, |(_, (a, _))| a.len());
        out.push((tile.path.clone(), isolate_option(ctx, &full, m, m, false)?));
        for (path, depth) in &tile.copies {
            out.push((path.clone(), isolate_option(ctx, &full, m, *depth, true)?));
        }
    }
    Ok(out)
}

/// The blocks `a` of `tile` in which every copy of every statement exists (`None` where
/// a statement's domain has local variables: see below):
/// `∩_S (P_S \ proj_a((P_S x O_S) \ I_S))`; for a loop jammed inward, a statement
/// with no instance in a block misses no copy there: `(∪_S P_S) ∩ ∩_S ¬proj_a((P_S x
/// O_S) \ I_S)` (an inner loop that runs no iteration leaves the others' block full).
fn full_blocks(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tile: &RegisterTile,
) -> Result<Option<Set>, LibISLError> {
    let mut full: Option<Set> = None;
    let mut blocks: Option<Set> = None;
    for (k, (a, o)) in &tile.times {
        let s = &region.statements[*k];
        // A domain with a residue (`(i - j) % 3 == 0`): isolated, such tiles ran copies
        // that do not exist (wrong results, tests/tiling.rs); they stay behind guards.
        let domain = Set::read_from_str(ctx, &text.domains[*k])?;
        if domain.involves_locals()? {
            return Ok(None);
        }
        let times: Vec<String> = a.iter().chain(o).map(|t| t.to_isl(&isl_name)).collect();
        let instances = Map::read_from_str(
            ctx,
            &format!(
                "{}{{ {} -> [{}] }}",
                text.params,
                tuple(&s.name, &s.iters),
                times.join(", ")
            ),
        )?
        .intersect_domain(domain)?
        .range()?;
        let (own, missing) = missing_copies(instances, a.len() as u32, o.len() as u32)?;
        let whole = match tile.jammed {
            true => Set::universe(own.get_space()?)?.subtract(missing)?,
            false => own.copy()?.subtract(missing)?,
        };
        full = Some(match full {
            Some(f) => f.intersect(whole)?,
            None => whole,
        });
        blocks = Some(match blocks {
            Some(b) => b.union(own)?,
            None => own,
        });
    }
    match (full, blocks) {
        (Some(full), Some(blocks)) => Ok(Some(full.intersect(blocks)?)),
        _ => Ok(None),
    }
}

/// The option isolating `full` (a set of the first `m` band times) at a band `depth`
/// bands deep: `{ isolate[[x_0..x_(depth-2)] -> [x_(depth-1)]] : (x_0..x_(m-1)) ∈ full }`,
/// and for a band of copies `[isolate[] -> unroll[0]]`: unrolled where the rows are
/// full, a loop over the rows left (no copy behind a guard).
fn isolate_option(
    ctx: &Context,
    full: &Set,
    m: usize,
    depth: usize,
    copies: bool,
) -> Result<String, LibISLError> {
    let a: Vec<String> = (0..m).map(|d| format!("a{d}")).collect();
    let x: Vec<String> = (0..depth).map(|d| format!("x{d}")).collect();
    let equal: Vec<String> = (0..m).map(|d| format!("x{d} = a{d}")).collect();
    let (outer, own) = x.split_at(depth.saturating_sub(1));
    let wrap = Map::read_from_str(
        ctx,
        &format!(
            "{{ [{}] -> isolate[[{}] -> [{}]] : {} }}",
            a.join(", "),
            outer.join(", "),
            own.join(", "),
            equal.join(" and ")
        ),
    )?;
    let isolated = UnionSet::from_set(full.copy()?.apply(wrap)?)?;
    let option = match copies {
        true => isolated.union(UnionSet::read_from_str(
            ctx,
            "{ [isolate[] -> unroll[0]] }",
        )?)?,
        false => isolated,
    };
    Ok(option.to_str()?.to_string())
}

/// `P` and `proj_a((P x O) \ I)` for `I = { [a, o] }` with `m` dims `a` and `r` dims
/// `o`, `P = proj_a(I)`, `O` the `o` of `I` for any parameter values (the unrolled
/// copies): the blocks, and those missing a copy.
fn missing_copies(instances: Set, m: u32, r: u32) -> Result<(Set, Set), LibISLError> {
    use isl_rs::DimType;
    let blocks = instances.copy()?.project_out(DimType::Set, m, r)?;
    let params = instances.dim(DimType::Param)? as u32;
    let offsets = instances
        .copy()?
        .project_out(DimType::Set, 0, m)?
        .project_out(DimType::Param, 0, params)?;
    let missing = blocks
        .copy()?
        .flat_product(offsets)?
        .subtract(instances)?
        .project_out(DimType::Set, m, r)?;
    Ok((blocks, missing))
}

/// A band whose body starts with unrolled bands: its path, and per statement below it
/// the times of the bands down to it (outermost first) and of the unrolled bands.
struct RegisterTile {
    path: Vec<usize>,
    times: Vec<(usize, TileTimes)>,
    /// A loop unrolled into the loops inside it ([`jammed_inward`]).
    jammed: bool,
    /// For a loop jammed inward, the paths of its bands of copies and how many bands
    /// deep each is (its own included).
    copies: Vec<(Vec<usize>, usize)>,
}

/// The times of the bands down to a register tile's band, and of its unrolled bands.
type TileTimes = (Vec<Aff>, Vec<Aff>);

/// The register tiles of `tree`: bands whose body starts with unrolled bands, and
/// bands unrolled into the loops inside them ([`jammed_inward`]), whose own body is
/// then not a register tile of its own (the full ones are isolated where the rows
/// are counted, around the inner loops).
fn register_tiles(tree: &ScheduleTree) -> Vec<RegisterTile> {
    let mut out = Vec::new();
    collect_register_tiles(tree, &mut Vec::new(), &mut Vec::new(), false, &mut out);
    out
}

/// Whether `band` is a loop unrolled into the loops inside it
/// (`tiling::row_sums`), where no tile band is above it: its times are floors, and its
/// body is neither copies nor a band of floors (a register tile's next block), but
/// holds unrolled copies.
fn jammed_inward(band: &ScheduleTree) -> bool {
    let floors = |m: &[(usize, Aff)]| m.iter().all(|(_, t)| matches!(t, Aff::Floor(..)));
    let ScheduleTree::Band {
        members,
        child,
        unroll: false,
        ..
    } = band
    else {
        return false;
    };
    let next_block = match &**child {
        ScheduleTree::Band {
            members, unroll, ..
        } => *unroll || floors(members),
        _ => false,
    };
    floors(members) && !next_block && child.bands().iter().any(|b| b.unroll)
}

/// The unrolled bands of `node` (at `path`, below `depth` bands): their paths, and
/// how many bands deep each is.
fn copy_bands(
    node: &ScheduleTree,
    path: &mut Vec<usize>,
    depth: usize,
) -> Vec<(Vec<usize>, usize)> {
    match node {
        ScheduleTree::Band { child, unroll, .. } => {
            let own = unroll.then(|| (path.clone(), depth + 1));
            path.push(0);
            let below = copy_bands(child, path, depth + 1);
            path.pop();
            own.into_iter().chain(below).collect()
        }
        ScheduleTree::Sequence(children) => {
            let mut out = Vec::new();
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                out.extend(copy_bands(c, path, depth));
                path.pop();
            }
            out
        }
        ScheduleTree::Stmt(_) => Vec::new(),
    }
}

/// The times statement `k` has in the unrolled bands below `node`, outermost first.
fn copy_times(node: &ScheduleTree, k: usize) -> Vec<Aff> {
    match node {
        ScheduleTree::Band {
            members,
            child,
            unroll,
            ..
        } => {
            let own = members.iter().find(|(s, _)| *s == k && *unroll);
            own.map(|(_, t)| t.clone())
                .into_iter()
                .chain(copy_times(child, k))
                .collect()
        }
        ScheduleTree::Sequence(children) => children
            .iter()
            .find(|c| c.statements().contains(&k))
            .map_or_else(Vec::new, |c| copy_times(c, k)),
        ScheduleTree::Stmt(_) => Vec::new(),
    }
}

type BandTimes<'t> = &'t [(usize, Aff)];

/// Whether `child`, a band's body, is a band of unrolled copies.
fn copies_below(child: &ScheduleTree) -> bool {
    matches!(child, ScheduleTree::Band { unroll: true, .. })
}

/// A loop inside a loop jammed inward, right around the copies (the loop a row sum
/// runs along), as a register tile of its own: its full part, where every row of the
/// group has an iteration, is isolated from the part where some rows have none (a
/// triangle's rows share the range up to the first row's end). Its copies are the
/// jammed loop's: unrolled wherever the group of rows is full, behind guards outside
/// this loop's full part.
fn inner_loop_of_jammed(
    path: &[usize],
    outer: &[BandTimes<'_>],
    child: &ScheduleTree,
) -> RegisterTile {
    let times = child
        .statements()
        .into_iter()
        .map(|k| (k, (times_in(outer, k), copy_times(child, k))))
        .collect();
    RegisterTile {
        path: path.to_vec(),
        times,
        jammed: true,
        copies: Vec::new(),
    }
}

/// The times statement `k` has in the bands of `levels`, outermost first.
fn times_in(levels: &[BandTimes<'_>], k: usize) -> Vec<Aff> {
    levels
        .iter()
        .filter_map(|l| l.iter().find(|(s, _)| *s == k).map(|(_, t)| t.clone()))
        .collect()
}

fn collect_register_tiles<'t>(
    tree: &'t ScheduleTree,
    path: &mut Vec<usize>,
    outer: &mut Vec<BandTimes<'t>>,
    jammed_above: bool,
    out: &mut Vec<RegisterTile>,
) {
    match tree {
        ScheduleTree::Band {
            members,
            child,
            unroll,
            ..
        } => {
            // A register tile's blocks sit in a tiled nest, below tile bands (floors).
            let in_tiles = outer
                .iter()
                .flat_map(|m| m.iter())
                .any(|(_, t)| matches!(t, Aff::Floor(..)));
            outer.push(members);
            let jammed = !jammed_above && !in_tiles && jammed_inward(tree);
            if jammed {
                let times = members
                    .iter()
                    .map(|(k, _)| (*k, (times_in(outer, *k), copy_times(child, *k))))
                    .collect();
                let mut inside = path.clone();
                inside.push(0);
                out.push(RegisterTile {
                    path: path.clone(),
                    times,
                    jammed: true,
                    copies: copy_bands(child, &mut inside, outer.len()),
                });
            }
            if jammed_above && !unroll && copies_below(child) {
                out.push(inner_loop_of_jammed(path, outer, child));
            }
            if !jammed_above && !jammed && !unroll && copies_below(child) {
                let mut unrolled: Vec<BandTimes<'t>> = Vec::new();
                let mut node = &**child;
                while let ScheduleTree::Band {
                    members,
                    child,
                    unroll: true,
                    ..
                } = node
                {
                    unrolled.push(members);
                    node = child;
                }
                let times = members
                    .iter()
                    .map(|(k, _)| (*k, (times_in(outer, *k), times_in(&unrolled, *k))))
                    .collect();
                out.push(RegisterTile {
                    path: path.clone(),
                    times,
                    jammed: false,
                    copies: Vec::new(),
                });
            }
            path.push(0);
            collect_register_tiles(child, path, outer, jammed_above || jammed, out);
            path.pop();
            outer.pop();
        }
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                collect_register_tiles(c, path, outer, jammed_above, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
}
