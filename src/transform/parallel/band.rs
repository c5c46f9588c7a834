//! A band of a plan's tree run in parallel: the order that runs its iterations
//! concurrently (whole, or on each side of a pivot), and the instances its check looks
//! at.

use crate::analysis::deps::{self, Concurrency, Dataflow, Order, Sequential};
use crate::analysis::plan::Plan;
use crate::model::ScheduleTree;
use isl_rs::{Context, LibISLError, UnionMap, UnionSet};

type Isl<T> = Result<T, LibISLError>;

/// Which instances a parallel check of a band looks at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// Those under the band: the plan's tree, run sequentially, is known to compute
    /// the same values, and running the band in parallel unorders instances under it
    /// alone.
    Band,
    /// Every instance of the region.
    Region,
}

/// The band at a path of a plan's tree, run in parallel: its order and schedule.
pub(super) struct ConcurrentBand {
    pub(super) order: Order,
    schedule: UnionMap,
    /// The instances under the band, with [`Scope::Band`].
    within: Option<UnionSet>,
}

impl ConcurrentBand {
    /// `None` when `path` does not lead to a band.
    /// `schedule`: `{ S[i] -> time }` of the plan's tree; `pivot`: `Order::Parallel`'s.
    pub(super) fn new(
        ctx: &Context,
        plan: &Plan,
        schedule: &UnionMap,
        path: &[usize],
        scope: Scope,
        pivot: Option<&str>,
    ) -> Isl<Option<Self>> {
        let Some(order) = concurrent_band(&plan.tree, path, pivot) else {
            return Ok(None);
        };
        let within = match scope {
            Scope::Band => {
                let statements = plan.tree.node_at(path).statements();
                Some(plan.instances_of(ctx, &statements.into_iter().collect())?)
            }
            Scope::Region => None,
        };
        Ok(Some(ConcurrentBand {
            order,
            schedule: schedule.copy()?,
            within,
        }))
    }

    /// [`deps::concurrency`] of the band against `df`. With [`Scope::Band`] the plan's
    /// order is known legal against `df`, and `keeps_memory_order` says whether it also
    /// keeps every memory-based dependence of `df`.
    pub(super) fn concurrency(&self, df: &Dataflow, keeps_memory_order: bool) -> Isl<Concurrency> {
        let within = self.within.as_ref();
        let sequential = match (within, keeps_memory_order) {
            (None, _) => Sequential::Unknown,
            (Some(_), false) => Sequential::Legal,
            (Some(_), true) => Sequential::KeepsMemoryOrder,
        };
        deps::concurrency(df, &self.schedule, &self.order, within, sequential)
    }
}

/// The order that runs the band at `path` of `tree` in parallel (around `pivot`, where
/// given): every band and sequence on the way down adds one dimension to the time
/// stamps. `None` when `path` does not lead to a band.
pub(super) fn concurrent_band(
    tree: &ScheduleTree,
    path: &[usize],
    pivot: Option<&str>,
) -> Option<Order> {
    let mut outer = Vec::new();
    let mut node = tree;
    for &k in path {
        match node {
            ScheduleTree::Band { child, .. } => {
                outer.push(None);
                node = child;
            }
            ScheduleTree::Sequence(children) if k < children.len() => {
                outer.push(Some(k));
                node = &children[k];
            }
            _ => return None,
        }
    }
    matches!(node, ScheduleTree::Band { .. }).then_some(Order::Parallel {
        outer,
        pivot: pivot.map(str::to_string),
    })
}

/// The pivot `{ [a_1..a_{m-1}] -> [a_m] }` of a split band (in the times of the bands
/// down to it) on the time stamps of an order whose dimensions before the band are
/// `outer` (`None`: a band): `{ [t_<d] -> [p] : ([a_<m] -> [p]) in pivot }` where
/// `a_j` is the time of the `j`-th band, isl text.
pub(super) fn pivot_in_time(ctx: &Context, pivot: &str, outer: &[Option<usize>]) -> Isl<String> {
    let t: Vec<String> = (0..outer.len()).map(|k| format!("t{k}")).collect();
    let bands: Vec<&str> = outer
        .iter()
        .zip(&t)
        .filter(|(o, _)| o.is_none())
        .map(|(_, t)| t.as_str())
        .collect();
    let to_bands = UnionMap::read_from_str(
        ctx,
        &format!("{{ [{}] -> [{}] }}", t.join(", "), bands.join(", ")),
    )?;
    let in_time = to_bands.apply_range(UnionMap::read_from_str(ctx, pivot)?)?;
    Ok(isl_rs::Map::from_union_map(in_time)?.to_str()?.to_string())
}
