//! Arrays a parallel loop gives each thread a copy of although the code after the
//! region reads them (OpenMP `lastprivate`): a parameter the loop reuses as scratch in
//! each iteration (`sum[p]` in `for r { for p { sum[p] = ...; } for p { A[r][p] =
//! sum[p]; } }`). Each iteration must read only what it wrote itself: the region with
//! the array expanded along the loop (one copy per iteration, each live after the
//! region) reads the same values and the band passes the parallel check on it
//! (`parallel::Finder::privatized`). What the caller reads is the copy of the loop's
//! last iteration, stored back after the loop (after each run of it, inside loops
//! around it); that is right when the last iteration of every run writes every cell
//! the loop writes, the region's last write of each cell lies in such an iteration
//! ([`copied_cells`]), and no iteration reads a value from before the region. The code
//! is `CopyCode`, made in `driver::stages` and printed by `codegen` (`with_copies`).

use crate::analysis::dataflow;
use crate::analysis::deps::Dataflow;
use crate::analysis::plan::Plan;
use crate::frontend::ir::{Aff, Region};
use crate::model::{self, ScheduleTree};
use crate::transform::storage;
use isl_rs::{Context, DimType, LibISLError, Map, Set, UnionMap, UnionSet};
use serde::{Deserialize, Serialize};

type Isl<T> = Result<T, LibISLError>;

/// An array a parallel loop gives each thread a copy of (OpenMP `lastprivate`), read
/// after the loop as the last iteration left it (`transform::last_private`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastPrivate {
    /// The array the region accesses (`sum`).
    pub array: String,
    /// The local array of the same type the loop accesses instead (`sum_r`).
    pub copy: String,
    /// Its code, made for code generation.
    #[serde(skip)]
    pub code: CopyCode,
}

/// The code that gives each thread its copy of an array and stores the last one back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CopyCode {
    /// The shared pointer the thread of the last iteration leaves its copy in
    /// (`lastprivate`), and the shared flag an iteration sets (a loop that runs none
    /// leaves no copy), declared before the threads start.
    pub shared: String,
    pub ran: String,
    pub shared_declaration: Vec<String>,
    /// Each thread's copy: its declaration, and the statement that frees it. Built
    /// without OpenMP, the copy is the array itself (`alias_declaration`).
    pub thread_declaration: Vec<String>,
    pub alias_declaration: String,
    pub release: Option<String>,
    /// The lines that store the last copy back into the array (each with its depth
    /// relative to the first's), reading the shared pointer.
    pub store_from_shared: Vec<(usize, String)>,
}

/// What a parallel loop does with `copies`, in words (`ParallelLoop`'s decision).
pub fn described(copies: &[LastPrivate]) -> String {
    let arrays: Vec<String> = copies.iter().map(|a| format!("`{}`", a.array)).collect();
    let copy = if arrays.len() == 1 { "copy" } else { "copies" };
    format!(
        "each thread has its own {copy} of {}, the last iteration's stored back after the loop",
        arrays.join(", ")
    )
}

/// Whether the band at `path` of `tree` (the loop `label`) may give each thread a copy
/// of `array` as far as the tree goes: every statement accessing `array` inside it and
/// timed by the loop's iterator itself, upward or downward (`i` or `-i`: one band
/// iteration is one iteration of the loop, so the copy the last one leaves holds that
/// iteration's values; OpenMP's last iteration is the sequentially last either way).
pub fn band_fits(tree: &ScheduleTree, path: &[usize], region: &Region, array: &str) -> bool {
    let node = tree.node_at(path);
    let ScheduleTree::Band { label, members, .. } = node else {
        return false;
    };
    let inside = node.statements();
    let walks_the_loop = |time: &Aff| {
        time.linear().is_some_and(|(c, terms)| {
            c == 0 && terms.len() == 1 && terms.get(label).is_some_and(|a| a.abs() == 1)
        })
    };
    storage::users(region, array).iter().all(|k| {
        inside.contains(k)
            && members
                .iter()
                .any(|(s, time)| s == k && walks_the_loop(time))
    })
}

/// The cells of `array` (rank `rank`) the band at `path` of `plan`'s tree (see
/// [`band_fits`]) writes, `W = { A[c] : some instance of the band writes c }`, when
/// its last iteration's copy may stand for the array after the loop: the region reads
/// no value of `array` from before it, the last iteration of every run `o` of the loop
/// (one per iteration of the loops around) writes every cell of `W` (`{ o } × W ⊆
/// W(o, last(o))`), and every last write of a cell of `array` in the region lies in
/// such an iteration (`dom live_out_A ⊆ last`); `W` is a box from 0 (`c >= 0`), so that a
/// nest of loops stores it back, whose cells lie in the array's declared rows
/// ([`within_rows`]), so that a copy of the array's row type with `max c_0 + 1` rows
/// holds it (not the declared number of rows: C does not hold a parameter's caller to
/// it). `None` otherwise. `schedule`: `{ S[i] -> time }` of the tree.
pub fn copied_cells(
    ctx: &Context,
    plan: &Plan,
    df: &Dataflow,
    schedule: &UnionMap,
    path: &[usize],
    array: &str,
    rank: usize,
) -> Isl<Option<Set>> {
    if dataflow::reads_live_in(ctx, df, array, rank)? {
        return Ok(None);
    }
    let band = plan.tree.node_at(path).statements();
    let instances = plan.instances_of(ctx, &band.into_iter().collect())?;
    let timed = schedule.copy()?.intersect_domain(instances)?;
    let (last, runs) = last_iteration(timed, path.len())?;
    let cells = cells_of(ctx, array, rank)?;
    let writes = df.plain.writes.copy()?.intersect_range(cells.copy()?)?;
    let written = writes.copy()?.range()?;
    // { o -> c }: the cells the last iteration of each run `o` of the loop writes.
    let written_last = last.copy()?.reverse()?.apply_range(writes)?;
    let everywhere = UnionMap::from_domain_and_range(runs, written.copy()?)?;
    let last_writes = df.plain.live_out.copy()?.intersect_range(cells)?.domain()?;
    if written.is_empty()?
        || !everywhere.is_subset(&written_last)?
        || !last_writes.is_subset(&last.domain()?)?
    {
        return Ok(None);
    }
    let Some(rows) = within_rows(ctx, plan, array, rank)? else {
        return Ok(None);
    };
    // One box per row written by its own statement: coalesced into one.
    let written = Set::from_union_set(written)?.coalesce()?;
    let mut from_zero = written.copy()?;
    for k in 0..rank as u32 {
        from_zero = from_zero.lower_bound_si(DimType::Set, k, 0)?;
    }
    let fits = written.is_box()?
        && written.is_subset(&from_zero)?
        && UnionSet::from_set(written.copy()?)?.is_subset(&rows)?;
    Ok(fits.then_some(written))
}

/// `{ A[c] : c_k < E_k, k >= 1 }` for the declared extents `E` of `array`, each an
/// integer or a parameter (the rows a copy of the array's row type holds); `None` for
/// any other extent.
fn within_rows(ctx: &Context, plan: &Plan, array: &str, rank: usize) -> Isl<Option<UnionSet>> {
    let Some(a) = plan.region.arrays.iter().find(|a| a.name == array) else {
        return Ok(None);
    };
    let mut params = std::collections::BTreeSet::new();
    let mut bounds = Vec::new();
    for (k, e) in a.extents.iter().enumerate().skip(1) {
        let e = e.trim();
        let bound = if e.parse::<i64>().is_ok() {
            e.to_string()
        } else if plan.region.params.iter().any(|p| p == e) {
            params.insert(model::isl_name(e));
            model::isl_name(e)
        } else {
            return Ok(None);
        };
        bounds.push(format!("c{k} < {bound}"));
    }
    let dims: Vec<String> = (0..rank).map(|k| format!("c{k}")).collect();
    let condition = match bounds.is_empty() {
        true => String::new(),
        false => format!(" : {}", bounds.join(" and ")),
    };
    let name = model::isl_name(array);
    let params: Vec<String> = params.into_iter().collect();
    let text = format!(
        "[{}] -> {{ {name}[{}]{condition} }}",
        params.join(", "),
        dims.join(", ")
    );
    UnionSet::read_from_str(ctx, &text).map(Some)
}

/// `{ A[c0, ..] }` for the array named `array` in C.
fn cells_of(ctx: &Context, array: &str, rank: usize) -> Isl<UnionSet> {
    let dims: Vec<String> = (0..rank).map(|k| format!("c{k}")).collect();
    let name = model::isl_name(array);
    UnionSet::read_from_str(ctx, &format!("{{ {name}[{}] }}", dims.join(", ")))
}

/// The instances of `timed` (`{ S[i] -> time }`) in the last iteration of each run of
/// the band whose time dimension is `d`, with the run's prefix (`{ x -> [t_0 ..
/// t_(d-1)] }`: their times agree with the greatest time of the run on dimensions
/// `0..=d`), and the prefixes of every run.
fn last_iteration(timed: UnionMap, d: usize) -> Isl<(UnionMap, UnionSet)> {
    let times = Set::from_union_set(timed.copy()?.range()?)?;
    let n = times.dim(DimType::Set)? as u32;
    let d = d as u32;
    let prefix =
        Map::identity(times.get_space()?.map_from_set()?)?.project_out(DimType::Out, d, n - d)?;
    let prefix = UnionMap::from_map(prefix)?;
    let runs = timed.copy()?.apply_range(prefix.copy()?)?.range()?;
    if d >= n {
        let none = timed.copy()?.subtract(timed.copy()?)?;
        return Ok((none.apply_range(prefix)?, runs));
    }
    let greatest = Map::from_range(times.project_out(DimType::Set, d + 1, n - d - 1)?)?
        .move_dims(DimType::In, 0, DimType::Out, 0, d)?
        .lexmax()?
        .move_dims(DimType::Out, 0, DimType::In, 0, d)?
        .range()?
        .insert_dims(DimType::Set, d + 1, n - d - 1)?;
    let last = timed
        .intersect_range(UnionSet::from_set(greatest)?)?
        .apply_range(prefix)?;
    Ok((last, runs))
}
