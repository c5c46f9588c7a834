//! Parallel loops (paper 002): in each nest, the outermost loop whose iterations may run
//! concurrently, proven on the region as it will be emitted (order and storage chosen)
//! by `deps::check` under `Order::Parallel`: no flow dependence is carried by the loop
//! and no two live ranges of a cell conflict when its iterations are unordered; and no
//! two iterations write one cell (values nobody reads would still race). Anti and
//! output dependences are no constraints, so a scalar that every iteration reuses is
//! privatized when each of its live ranges stays inside one iteration: the region with
//! the scalar expanded along the loop (one cell per iteration) must read the same values
//! and pass the parallel check. Reductions carry a flow dependence and stay sequential,
//! so the results are the same under any number of threads.

use crate::analysis::dataflow;
use crate::analysis::deps::{self, Concurrency, Dataflow, Order, ViolationKind};
use crate::analysis::plan::Plan;
use crate::frontend::ir::{Aff, Region};
use crate::model::{self, ScheduleTree};
use crate::support::contain::Started;
use crate::support::work::Work;
use crate::transform::decision::{LastPrivate, Obstacle, ParallelLoop};
use crate::transform::splitting::{self, LoopSplit};
use crate::transform::{cost, last_private, storage};
use isl_rs::{Context, LibISLError, UnionMap};
use std::collections::BTreeSet;

type Isl<T> = Result<T, LibISLError>;

mod band;
mod marks;
use band::{ConcurrentBand, Scope, concurrent_band, pivot_in_time};
pub use marks::{MarkedLoop, is_vector_loop, marked_loop, marked_parts, threaded_marks};

/// The most sequential loops a parallel loop may sit in: every iteration of those
/// starts and joins the threads again (a time loop around a sweep repays that; the
/// inner tile loop of a tiled nest, inside two tile loops, does not: trmm's sample ran
/// 9.6x faster than the original on one thread and 7.6x with 2 threads).
const MAX_SEQUENTIAL_AROUND: usize = 1;

/// The outermost parallel loop of each nest of `plan` (in its chosen order and
/// storage) that encloses another loop (a loop over single statements would not repay
/// starting threads) and sits in at most [`MAX_SEQUENTIAL_AROUND`] loops; none in a
/// region the source already runs in parallel (vector loops only).
/// `storage_changed`: whether the plan's storage differs from the program its dataflow
/// describes (contracted arrays); a legal order alone keeps that dataflow.
pub fn parallel_loops(
    ctx: &Context,
    plan: &Plan,
    identifiers: &BTreeSet<String>,
    storage_changed: bool,
) -> Isl<Parallelism> {
    let changed = match storage_changed {
        true => Some(dataflow_in_plan_order(ctx, plan)?),
        false => None,
    };
    let df = changed.as_ref().unwrap_or(&plan.df);
    let schedule = plan.schedule_map(ctx, &plan.tree)?;
    let mut finder = Finder {
        ctx,
        plan,
        df,
        storage_changed,
        identifiers,
        keeps_memory_order: std::cell::Cell::new(None),
        schedule,
        found: Parallelism::default(),
        ahead: None,
    };
    finder.visit(&plan.tree, &mut Vec::new(), 0)?;
    keep_those_that_repay(&plan.region, &plan.tree, &mut finder.found);
    finder.vector_loops(&plan.tree, &mut Vec::new(), 0)?;
    crate::support::work::reset_operations(ctx);
    let mut found = finder.found;
    if plan.region.inside_parallel {
        let (vector, threaded) = found.loops.into_iter().partition(|l| l.simd);
        found.loops = vector;
        found.sequential.extend(
            threaded
                .into_iter()
                .map(|l: ParallelLoop| (l.iterator, Obstacle::InsideParallel)),
        );
    }
    Ok(found)
}

/// Whether [`Finder::visit`] checks a band at `depth` with body `child`: one that
/// encloses another loop, in at most [`MAX_SEQUENTIAL_AROUND`] loops.
fn checked_band(depth: usize, child: &ScheduleTree) -> bool {
    depth <= MAX_SEQUENTIAL_AROUND && child.contains_band()
}

/// The path and label of the first band of `node` (at `path`, inside `depth` bands)
/// that [`Finder::visit`] checks, in its order.
fn first_checked_band(
    node: &ScheduleTree,
    path: &mut Vec<usize>,
    depth: usize,
) -> Option<(Vec<usize>, String)> {
    match node {
        ScheduleTree::Band { label, child, .. } if checked_band(depth, child) => {
            Some((path.clone(), label.clone()))
        }
        ScheduleTree::Band { child, .. } => {
            path.push(0);
            let found = first_checked_band(child, path, depth + 1);
            path.pop();
            found
        }
        ScheduleTree::Sequence(children) => children.iter().enumerate().find_map(|(k, c)| {
            path.push(k);
            let found = first_checked_band(c, path, depth);
            path.pop();
            found
        }),
        ScheduleTree::Stmt(_) => None,
    }
}

/// The loops of a plan that run concurrently, and those considered that may not, with
/// why (iterator and obstacle).
#[derive(Default)]
pub struct Parallelism {
    pub loops: Vec<ParallelLoop>,
    pub sequential: Vec<(String, Obstacle)>,
}

struct Finder<'a> {
    ctx: &'a Context,
    plan: &'a Plan,
    /// The dataflow of the region as it will run (sequentially, in the chosen order).
    df: &'a Dataflow,
    /// Whether the plan's storage holds only in the plan's order (contracted arrays), so
    /// that `df` is not the dataflow of the region's text.
    storage_changed: bool,
    identifiers: &'a BTreeSet<String>,
    /// `{ S[i] -> time }` of the plan's tree.
    schedule: UnionMap,
    /// Whether the plan's tree, run sequentially, keeps every memory-based dependence of
    /// `df` ([`deps::keeps_memory_order`]), once a band asked.
    keeps_memory_order: std::cell::Cell<Option<bool>>,
    found: Parallelism,
    /// The check of the band the walk checks next if the one being checked stays
    /// sequential, running meanwhile in a child process ([`Finder::look_ahead`]).
    ahead: Option<Ahead>,
}

/// A band's check started in a child process: its path, and what it gives with the work
/// it did (`None` where isl failed).
struct Ahead {
    path: Vec<usize>,
    started: Started<Option<(Stepped, Work)>>,
}

/// What [`Finder::parallel_at`] gives within one step of the operation budget (`None`:
/// the step exceeded it).
type Stepped = Option<Option<Result<Threads, Obstacle>>>;

/// How a loop's iterations may run on threads.
#[derive(serde::Serialize, serde::Deserialize)]
enum Threads {
    /// All of them concurrently, with what each thread privatizes.
    Whole(Private),
    /// In three parts around the one iteration that writes what the others access
    /// ([`Finder::in_parts`]): the scalars each thread privatizes, the arrays that
    /// iteration writes, and the band's isl AST build option that isolates it
    /// (`splitting::LoopSplit`).
    InParts {
        private: Vec<String>,
        arrays: Vec<String>,
        option: String,
    },
}

/// What a parallel loop privatizes: scalars each thread gets its own copy of, and
/// arrays whose last iteration's copy is stored back.
type Private = (Vec<String>, Vec<LastPrivate>);

impl Finder<'_> {
    fn visit(&mut self, node: &ScheduleTree, path: &mut Vec<usize>, depth: usize) -> Isl<()> {
        match node {
            ScheduleTree::Band {
                label,
                child,
                members,
                ..
            } => {
                if checked_band(depth, child) {
                    match self.checked(path, label, child, depth)? {
                        Some(Some(Ok(threads))) => {
                            let mut found = ParallelLoop {
                                path: path.clone(),
                                iterator: label.clone(),
                                depth,
                                private: Vec::new(),
                                last_private: Vec::new(),
                                simd: false,
                                uneven: uneven_work(&self.plan.region, members, child),
                                around: None,
                            };
                            match threads {
                                Threads::Whole((private, last_private)) => {
                                    found.private = private;
                                    found.last_private = last_private;
                                }
                                Threads::InParts {
                                    private,
                                    arrays,
                                    option,
                                } => {
                                    found.private = private;
                                    found.around = Some(LoopSplit {
                                        path: path.clone(),
                                        iterator: label.clone(),
                                        arrays,
                                        option,
                                        // The check used the pivot; code generation
                                        // needs only the isolate option.
                                        pivot: String::new(),
                                    });
                                }
                            }
                            self.found.loops.push(found);
                            // Its loops are not checked: the one started is not needed.
                            self.ahead = None;
                            return Ok(());
                        }
                        Some(Some(Err(obstacle))) => {
                            self.found.sequential.push((label.clone(), obstacle))
                        }
                        _ => {}
                    }
                }
                path.push(0);
                self.visit(child, path, depth + 1)?;
                path.pop();
            }
            ScheduleTree::Sequence(children) => {
                for (k, c) in children.iter().enumerate() {
                    path.push(k);
                    self.visit(c, path, depth)?;
                    path.pop();
                }
            }
            ScheduleTree::Stmt(_) => {}
        }
        Ok(())
    }

    /// [`Finder::parallel_at`] of the band at `path` within one step of the budget: the
    /// result of the check started ahead where there is one, else checked here. First
    /// it starts the check of the band that comes next if this one stays sequential.
    fn checked(
        &mut self,
        path: &[usize],
        label: &str,
        child: &ScheduleTree,
        depth: usize,
    ) -> Isl<Stepped> {
        let mine = match self.ahead.take() {
            Some(ahead) if ahead.path == path => Some(ahead.started),
            _ => None,
        };
        self.look_ahead(child, path, depth)?;
        if let Some(Ok(Some((stepped, work)))) = mine.map(Started::result) {
            crate::support::work::add(work);
            return Ok(stepped);
        }
        // The child failed (an isl error, a crash): the same check here says why.
        crate::support::isl::step(self.ctx, || self.parallel_at(path, label))
    }

    /// Starts, in a child process, the check of the first band below `child` (the body
    /// of the band at `path`) that [`Finder::visit`] checks, so that it runs on another
    /// core while this process checks the band around it. Its work is counted where
    /// its result is used. The memory-order question every band asks is answered
    /// first, here, so that the child does not answer it again.
    fn look_ahead(&mut self, child: &ScheduleTree, path: &[usize], depth: usize) -> Isl<()> {
        let mut inner = path.to_vec();
        inner.push(0);
        let Some((at, label)) = first_checked_band(child, &mut inner, depth + 1) else {
            return Ok(());
        };
        if self.keeps_memory_order.get().is_none()
            && crate::support::isl::step(self.ctx, || self.keeps_memory_order())?.is_none()
        {
            return Ok(());
        }
        let ctx = self.ctx;
        let finder = &*self;
        let started = crate::support::contain::started_within(None, || {
            let (stepped, work) = crate::support::work::apart(ctx, || {
                crate::support::isl::step(ctx, || finder.parallel_at(&at, &label))
            });
            stepped.ok().map(|s| (s, work))
        });
        self.ahead = Some(Ahead { path: at, started });
        Ok(())
    }

    /// Marks as vector loops (`#pragma omp simd`) the loops around the copies of a
    /// register tile that the parallel check accepts without privatization. gcc
    /// vectorizes them unaided in a sequential build, but inside a function OpenMP
    /// outlines it no longer knows where the arrays come from, and the copies' references
    /// need more run-time alias checks than it makes (matmul_scalar's sample ran 3.7x
    /// slower compiled with -fopenmp on one thread). Threads may interleave the
    /// iterations of a parallel loop arbitrarily, so lanes running them in lockstep are
    /// covered by the same check.
    fn vector_loops(
        &mut self,
        node: &ScheduleTree,
        path: &mut Vec<usize>,
        depth: usize,
    ) -> Isl<()> {
        match node {
            ScheduleTree::Band {
                label,
                child,
                unroll,
                ..
            } => {
                let around_copies =
                    !unroll && matches!(**child, ScheduleTree::Band { unroll: true, .. });
                if around_copies
                    && crate::support::isl::step(self.ctx, || self.vector_at(path))? == Some(true)
                {
                    self.found.loops.push(ParallelLoop {
                        path: path.clone(),
                        iterator: label.clone(),
                        depth,
                        private: Vec::new(),
                        last_private: Vec::new(),
                        simd: true,
                        uneven: false,
                        around: None,
                    });
                }
                path.push(0);
                self.vector_loops(child, path, depth + 1)?;
                path.pop();
            }
            ScheduleTree::Sequence(children) => {
                for (k, c) in children.iter().enumerate() {
                    path.push(k);
                    self.vector_loops(c, path, depth)?;
                    path.pop();
                }
            }
            ScheduleTree::Stmt(_) => {}
        }
        Ok(())
    }

    fn keeps_memory_order(&self) -> Isl<bool> {
        if let Some(known) = self.keeps_memory_order.get() {
            return Ok(known);
        }
        let keeps = deps::keeps_memory_order(self.df, &self.schedule)?;
        self.keeps_memory_order.set(Some(keeps));
        Ok(keeps)
    }

    /// Whether the band at `path` may run its iterations concurrently as it is.
    fn vector_at(&self, path: &[usize]) -> Isl<bool> {
        let Some(band) =
            ConcurrentBand::new(self.ctx, self.plan, &self.schedule, path, Scope::Band, None)?
        else {
            return Ok(false);
        };
        Ok(matches!(
            band.concurrency(self.df, self.keeps_memory_order()?)?,
            Concurrency::Legal
        ))
    }

    /// Whether the band at `path` may run its iterations concurrently: all of them, or
    /// in parts ([`Finder::in_parts`]); else what stops it; `None` when `path` is not a
    /// band.
    fn parallel_at(&self, path: &[usize], label: &str) -> Isl<Option<Result<Threads, Obstacle>>> {
        let obstacle = match self.parallel_with(path, label, None)? {
            None => return Ok(None),
            Some(Ok(private)) => return Ok(Some(Ok(Threads::Whole(private)))),
            Some(Err(obstacle)) => obstacle,
        };
        // A split that exceeds the budget is not made: the obstacle stands.
        let parts = crate::support::isl::step(self.ctx, || self.in_parts(path, label))?;
        Ok(Some(parts.flatten().ok_or(obstacle)))
    }

    /// The band at `path` run in parts around its pivot ([`Finder::split_pivot`]), where
    /// the parallel check with that pivot holds; `None` otherwise.
    fn in_parts(&self, path: &[usize], label: &str) -> Isl<Option<Threads>> {
        let Some((split, pivot)) = self.split_pivot(path)? else {
            return Ok(None);
        };
        Ok(match self.parallel_with(path, label, Some(&pivot))? {
            Some(Ok((private, _))) => Some(Threads::InParts {
                private,
                arrays: split.arrays,
                option: split.option,
            }),
            _ => None,
        })
    }

    /// Whether the band at `path` may run its iterations concurrently (with `pivot`,
    /// `Order::Parallel`'s: only on each side of it): the scalars to privatize for that
    /// (none when it may as it is), or what stops it; `None` when `path` is not a band.
    fn parallel_with(
        &self,
        path: &[usize],
        label: &str,
        pivot: Option<&str>,
    ) -> Isl<Option<Result<Private, Obstacle>>> {
        let plan = self.plan;
        let privatized = |obstacle: Obstacle,
                          blocking: BTreeSet<String>|
         -> Isl<Option<Result<Private, Obstacle>>> {
            Ok(Some(
                self.privatized(path, label, pivot, &blocking)?
                    .ok_or(obstacle),
            ))
        };
        let Some(band) =
            ConcurrentBand::new(self.ctx, plan, &self.schedule, path, Scope::Band, pivot)?
        else {
            return Ok(None);
        };
        match band.concurrency(self.df, self.keeps_memory_order()?)? {
            Concurrency::Legal => Ok(Some(Ok((Vec::new(), Vec::new())))),
            Concurrency::Races => privatized(Obstacle::SharedWrites, BTreeSet::new()),
            Concurrency::Violation(v)
                if matches!(
                    v.kind,
                    ViolationKind::LiveRangeConflict | ViolationKind::LiveOutChanged
                ) && on_privatizable(plan, &v) =>
            {
                privatized(Obstacle::of(&plan.region, &v), arrays_of(plan, &v))
            }
            Concurrency::Violation(v) => Ok(Some(Err(Obstacle::of(&plan.region, &v)))),
        }
    }

    /// The split of the band at `path` around the one iteration that writes what its
    /// others access ([`splitting::band_split`], e.g. Floyd-Warshall's row `i = k`), with
    /// its pivot on the plan's time stamps ([`pivot_in_time`]); `None` where it has none.
    /// Run in parts, its iterations before that one run concurrently, then it, then
    /// those after it concurrently.
    fn split_pivot(&self, path: &[usize]) -> Isl<Option<(LoopSplit, String)>> {
        let (ctx, plan) = (self.ctx, self.plan);
        let Some(split) =
            splitting::band_split(ctx, &plan.region, &plan.text, &plan.scop, &plan.tree, path)?
        else {
            return Ok(None);
        };
        let Some(Order::Parallel { outer, .. }) = concurrent_band(&plan.tree, path, None) else {
            return Ok(None);
        };
        let pivot = pivot_in_time(ctx, &split.pivot, &outer)?;
        Ok(Some((split, pivot)))
    }

    /// The scalars of the region that, each expanded along loop `label`, make the band
    /// at `path` parallel while the region reads the same values, with the arrays of
    /// `blocking` each thread may copy, the last iteration's copy stored back
    /// ([`last_private`]); `None` if there are none or that does not suffice.
    /// `blocking`: variables a violation of the parallel order involves; one that
    /// cannot be expanded keeps that violation (its storage and the flow stay as they
    /// are), so then nothing is tried.
    fn privatized(
        &self,
        path: &[usize],
        label: &str,
        pivot: Option<&str>,
        blocking: &BTreeSet<String>,
    ) -> Isl<Option<Private>> {
        let mut arrays = blocking.clone();
        for _ in 0..MAX_PRIVATIZATION_ROUNDS {
            match self.privatized_with(path, label, pivot, blocking, &arrays)? {
                Ok(private) => return Ok(Some(private)),
                Err(more) if !more.is_subset(&arrays) => arrays.extend(more),
                Err(_) => return Ok(None),
            }
        }
        Ok(None)
    }

    /// [`Finder::privatized`] with each thread copying the arrays of `arrays` it may
    /// (`storage::last_privatizable`, [`last_private`]); else the arrays each thread
    /// might copy that a violation of the expanded program involves.
    fn privatized_with(
        &self,
        path: &[usize],
        label: &str,
        pivot: Option<&str>,
        blocking: &BTreeSet<String>,
        arrays: &BTreeSet<String>,
    ) -> Isl<Result<Private, BTreeSet<String>>> {
        let (ctx, plan) = (self.ctx, self.plan);
        let mut region = plan.region.clone();
        let mut private = Vec::new();
        for variable in storage::privatizable(&plan.region) {
            let Some(along) = storage::loop_named(&region, &variable, label) else {
                continue;
            };
            let name =
                storage::fresh_name(&format!("{variable}_{label}"), self.identifiers, &region);
            region = storage::expand(&region, &variable, std::slice::from_ref(&along), &name).0;
            private.push(variable);
        }
        // The source's own pragma's clauses may not go on a worksharing `omp for`; a loop
        // in parts has no one last iteration to store back from.
        let candidates = match (&plan.region.user_parallel, pivot) {
            (None, None) => storage::last_privatizable(&plan.region),
            _ => Vec::new(),
        };
        let mut copied = Vec::new();
        for array in candidates.iter().filter(|a| arrays.contains(*a)) {
            let Some(along) = storage::loop_named(&region, array, label) else {
                continue;
            };
            if !last_private::band_fits(&plan.tree, path, &plan.region, array)
                || self.copied_cells(path, array)?.is_none()
            {
                continue;
            }
            let name = storage::fresh_name(&format!("{array}_{label}"), self.identifiers, &region);
            region = storage::expand(&region, array, std::slice::from_ref(&along), &name).0;
            // Each iteration's copy keeps its last writes: the one stored back must.
            if let Some(a) = region.arrays.iter_mut().find(|a| a.name == name) {
                a.live_out = true;
            }
            copied.push(array.clone());
        }
        let handled = |b: &String| private.contains(b) || copied.contains(b);
        if (private.is_empty() && copied.is_empty()) || !blocking.iter().all(handled) {
            return Ok(Err(BTreeSet::new()));
        }
        // Judged like the search judges an expansion: the expanded program's own
        // dataflow must be the original one, and the order is checked against it.
        let Some(expanded) = plan.lift_change(ctx, region)? else {
            return Ok(Err(BTreeSet::new()));
        };
        let expanded = expanded.in_order(plan.tree.clone());
        // A contracted buffer holds its values only in the plan's order: so does its
        // expansion, whose text's order would read other values.
        let in_plan_order;
        let df = if self.storage_changed {
            in_plan_order = dataflow_in_plan_order(ctx, &expanded)?;
            &in_plan_order
        } else {
            &expanded.df
        };
        if !dataflow::same_values(self.df, df)? {
            return Ok(Err(BTreeSet::new()));
        }
        // Its order was not checked against the expanded program: check every instance.
        let schedule = expanded.schedule_map(ctx, &expanded.tree)?;
        let Some(band) =
            ConcurrentBand::new(ctx, &expanded, &schedule, path, Scope::Region, pivot)?
        else {
            return Ok(Err(BTreeSet::new()));
        };
        match band.concurrency(df, false)? {
            Concurrency::Legal => {}
            Concurrency::Violation(v) => {
                let more = arrays_of(&expanded, &v);
                return Ok(Err(more
                    .into_iter()
                    .filter(|a| candidates.contains(a))
                    .collect()));
            }
            Concurrency::Races => return Ok(Err(BTreeSet::new())),
        }
        let copies = copied.into_iter().map(|array| {
            let copy =
                storage::fresh_name(&format!("{array}_{label}"), self.identifiers, &plan.region);
            LastPrivate {
                array,
                copy,
                code: Default::default(),
            }
        });
        Ok(Ok((private, copies.collect())))
    }

    /// [`last_private::copied_cells`] of `array` for the band at `path`.
    fn copied_cells(&self, path: &[usize], array: &str) -> Isl<Option<isl_rs::Set>> {
        let plan = self.plan;
        let rank = plan.region.arrays.iter().find(|a| a.name == array);
        let rank = rank.map_or(0, |a| a.extents.len());
        last_private::copied_cells(self.ctx, plan, self.df, &self.schedule, path, array, rank)
    }
}

/// How many times [`Finder::privatized`] adds the arrays a violation of the privatized
/// program involves (a loop with several scratch arrays shows them one at a time).
const MAX_PRIVATIZATION_ROUNDS: usize = 3;

/// What `plan`'s region computes run sequentially in the plan's order (`plan.df` is
/// its text's order): the dataflow its storage holds in once contracted.
fn dataflow_in_plan_order(ctx: &Context, plan: &Plan) -> Isl<Dataflow> {
    let schedule = model::schedule(ctx, &plan.region, &plan.text, &plan.tree)?;
    dataflow::dataflow_under(ctx, &plan.scop, &schedule)
}

/// The least share of a sequential loop's estimated cost that the parallel loops inside
/// it must run for them to repay starting threads at each of its iterations. Below it
/// the sequential rest bounds the gain (Amdahl), and what the threads wrote sits in
/// their caches when it reads it: gramschmidt's update of `A`, half of the loop over
/// `k` around it, ran 10-35% slower with 2 to 16 threads than as written on one
/// (16-vCPU Xeon, bench/results.md).
pub const MIN_PARALLEL_SHARE: f64 = 0.75;

/// `found` without the parallel loops that sit in a sequential loop of `tree` whose
/// other work outweighs them (their share of its [`cost::subtree_cost`] below
/// [`MIN_PARALLEL_SHARE`]): those stay sequential, with why.
fn keep_those_that_repay(region: &Region, tree: &ScheduleTree, found: &mut Parallelism) {
    let mut outermost = Vec::new();
    outermost_bands(tree, &mut Vec::new(), &mut outermost);
    for path in outermost {
        let ScheduleTree::Band { label, child, .. } = tree.node_at(&path) else {
            continue;
        };
        let inside = |l: &ParallelLoop| l.path.len() > path.len() && l.path.starts_with(&path);
        if found.loops.iter().any(|l| l.path == path) || !found.loops.iter().any(inside) {
            continue;
        }
        let total = cost::subtree_cost(region, child);
        let parallel: f64 = found
            .loops
            .iter()
            .filter(|l| inside(l))
            .map(|l| cost::subtree_cost(region, tree.node_at(&l.path)))
            .sum();
        if parallel >= MIN_PARALLEL_SHARE * total {
            continue;
        }
        let obstacle = Obstacle::MostlySequential {
            around: label.clone(),
            percent: (100.0 * parallel / total).round() as u32,
        };
        let (dropped, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut found.loops)
            .into_iter()
            .partition(inside);
        found.loops = kept;
        found
            .sequential
            .extend(dropped.into_iter().map(|l| (l.iterator, obstacle.clone())));
    }
}

/// The paths of the bands of `tree` inside no other band.
fn outermost_bands(tree: &ScheduleTree, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    match tree {
        ScheduleTree::Band { .. } => out.push(path.clone()),
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                outermost_bands(c, path, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
}

/// The variables the references of the counterexample `v` access.
fn arrays_of(plan: &Plan, v: &deps::Violation) -> BTreeSet<String> {
    v.references
        .iter()
        .filter_map(|id| plan.region.access(*id).map(|(_, a)| a.array.clone()))
        .collect()
}

/// Whether the references of the counterexample `v` are all accesses to variables a
/// thread may have its own copy of (`storage::privatizable`, `last_privatizable`).
fn on_privatizable(plan: &Plan, v: &deps::Violation) -> bool {
    let mut privatizable = storage::privatizable(&plan.region);
    privatizable.extend(storage::last_privatizable(&plan.region));
    let accesses: Vec<_> = v
        .references
        .iter()
        .filter_map(|id| plan.region.access(*id).map(|(_, a)| a))
        .collect();
    !accesses.is_empty() && accesses.iter().all(|a| privatizable.contains(&a.array))
}

/// Whether the work of a band's iterations depends on them: for some statement `k` with
/// time `t_k` in the band, the bounds of a loop scheduled inside the band involve an
/// iterator `t_k` walks, or the other way round (`for (j = i; ...)` inside `i` or
/// inside its tile loop `floor(i/32)`; `i <= j` with `j` walked outside `i`).
fn uneven_work(
    region: &crate::frontend::ir::Region,
    members: &[(usize, Aff)],
    child: &ScheduleTree,
) -> bool {
    members.iter().any(|(k, time)| {
        let mut walked = BTreeSet::new();
        time.names(&mut walked);
        let mut inner = BTreeSet::new();
        inner_iterators(child, *k, &mut inner);
        region.loops_around(*k).iter().any(|l| {
            let bounds = l.bound_names();
            (inner.contains(&l.iter) && !bounds.is_disjoint(&walked))
                || (walked.contains(&l.iter) && !bounds.is_disjoint(&inner))
        })
    })
}

/// The iterators statement `k`'s times walk in the bands of `tree`.
fn inner_iterators(tree: &ScheduleTree, k: usize, out: &mut BTreeSet<String>) {
    match tree {
        ScheduleTree::Band { members, child, .. } => {
            for (s, time) in members {
                if *s == k {
                    time.names(out);
                }
            }
            inner_iterators(child, k, out);
        }
        ScheduleTree::Sequence(children) => {
            children.iter().for_each(|c| inner_iterators(c, k, out));
        }
        ScheduleTree::Stmt(_) => {}
    }
}
