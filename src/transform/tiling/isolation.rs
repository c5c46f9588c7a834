//! Isolating full register tiles: the isl AST build option that generates the full
//! tiles of an unrolled band apart from the partial ones, so their copies need no guard.

use crate::frontend::ir::{Aff, Region};
use crate::model::{ScheduleTree, ScopText, isl_name, tuple};
use isl_rs::{Context, LibISLError, Map, Set};

/// The isl AST build option of every band of `tree` whose body starts with unrolled
/// bands (a register tile, `rewrites::unroll_and_jam`) that generates its full register
/// tiles apart from the partial ones, so that isl emits their copies without guards.
/// With `a = (a_1..a_m)` the times of the bands down to this one and `o` those of the
/// unrolled bands below, `I_S = { [a, o] }` the times of the instances of statement `S`,
/// `P_S = proj_a(I_S)` and `O_S = proj_o(I_S)`, the option is
/// `{ isolate[[a_1..a_{m-1}] -> [a_m]] : a in ∩_S (P_S \ proj_a((P_S x O_S) \ I_S)) }`:
/// every copy of every statement exists.
pub fn full_tile_options(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
) -> Result<Vec<(Vec<usize>, String)>, LibISLError> {
    let mut out = Vec::new();
    for RegisterTile { path, times } in register_tiles(tree) {
        let mut full: Option<Set> = None;
        for (k, (a, o)) in &times {
            let s = &region.statements[*k];
            let instances = Map::read_from_str(
                ctx,
                &format!(
                    "{}{{ {} -> [{}] }}",
                    text.params,
                    tuple(&s.name, &s.iters),
                    a.iter()
                        .chain(o)
                        .map(|t| t.to_isl(&isl_name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )?
            .intersect_domain(Set::read_from_str(ctx, &text.domains[*k])?)?
            .range()?;
            let whole = full_tiles(instances, a.len() as u32, o.len() as u32)?;
            full = Some(match full {
                Some(f) => f.intersect(whole)?,
                None => whole,
            });
        }
        let Some(full) = full else { continue };
        let m = times.first().map_or(0, |(_, (a, _))| a.len());
        let dims: Vec<String> = (0..m).map(|d| format!("a{d}")).collect();
        let wrap = Map::read_from_str(
            ctx,
            &format!(
                "{{ [{}] -> isolate[[{}] -> [{}]] }}",
                dims.join(", "),
                dims[..m.saturating_sub(1)].join(", "),
                dims.last().map_or("", String::as_str)
            ),
        )?;
        out.push((path, full.apply(wrap)?.to_str()?.to_string()));
    }
    Ok(out)
}

/// `P \ proj_a((P x O) \ I)` for `I = { [a, o] }` with `m` dims `a` and `r` dims `o`,
/// `P = proj_a(I)`, `O` the `o` of `I` for any parameter values (the unrolled copies):
/// the `a` for which every copy is in `I`.
fn full_tiles(instances: Set, m: u32, r: u32) -> Result<Set, LibISLError> {
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
    blocks.subtract(missing)
}

/// A band whose body starts with unrolled bands: its path, and per statement below it
/// the times of the bands down to it (outermost first) and of the unrolled bands.
struct RegisterTile {
    path: Vec<usize>,
    times: Vec<(usize, TileTimes)>,
}

/// The times of the bands down to a register tile's band, and of its unrolled bands.
type TileTimes = (Vec<Aff>, Vec<Aff>);

/// The register tiles of `tree`.
fn register_tiles(tree: &ScheduleTree) -> Vec<RegisterTile> {
    let mut out = Vec::new();
    collect_register_tiles(tree, &mut Vec::new(), &mut Vec::new(), &mut out);
    out
}

type BandTimes<'t> = &'t [(usize, Aff)];

fn collect_register_tiles<'t>(
    tree: &'t ScheduleTree,
    path: &mut Vec<usize>,
    outer: &mut Vec<BandTimes<'t>>,
    out: &mut Vec<RegisterTile>,
) {
    match tree {
        ScheduleTree::Band {
            members,
            child,
            unroll,
            ..
        } => {
            outer.push(members);
            if !unroll && matches!(**child, ScheduleTree::Band { unroll: true, .. }) {
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
                let time = |levels: &[BandTimes<'t>], k: usize| -> Vec<Aff> {
                    levels
                        .iter()
                        .filter_map(|l| l.iter().find(|(s, _)| *s == k).map(|(_, t)| t.clone()))
                        .collect()
                };
                let times = members
                    .iter()
                    .map(|(k, _)| (*k, (time(outer, *k), time(&unrolled, *k))))
                    .collect();
                out.push(RegisterTile {
                    path: path.clone(),
                    times,
                });
            }
            path.push(0);
            collect_register_tiles(child, path, outer, out);
            path.pop();
            outer.pop();
        }
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                collect_register_tiles(c, path, outer, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
}
