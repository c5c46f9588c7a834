//! The isl-side stages of one modelled region, in order, one function each: the order
//! (searched, requested or as written), tiling, contraction, parallel loops, code
//! generation. Each adds its decisions and diagnostics to the region's `Outcome`.

use super::options::{Mode, Options};
use crate::analysis::dataflow;
use crate::analysis::deps::Dataflow;
use crate::analysis::plan::Plan;
use crate::codegen;
use crate::codegen::copy_back::{copy_back, copy_extents};
use crate::codegen::versioning;
use crate::frontend::Region;
use crate::model::{self, Mark, ScheduleTree, Scop, ScopText};
use crate::support::diag::{Code, Diagnostic, Span};
use crate::support::isl::Failure;
use crate::support::work::StageClock;
use crate::transform::contraction;
use crate::transform::decision::{self, CopyCode, Decision, Obstacle, ParallelLoop};
use crate::transform::products::{self, ProductPlan};
use crate::transform::registers;
use crate::transform::requested;
use crate::transform::rewrites::Transform;
use crate::transform::search::alternatives::Alternative;
use crate::transform::search::{self, SearchOptions};
use crate::transform::splitting::{self, LoopSplit};
use crate::transform::tiling;
use crate::transform::{last_private, parallel, storage};
use isl_rs::{ASTNode, Context, LibISLError};
use std::collections::BTreeSet;

/// The dataflow of a region, in isl notation, for reports.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct DataflowReport {
    /// Value-based flow dependences `{ S[i] -> T[j] }`.
    pub flow: String,
    /// Live ranges: each write with the reads of its value, tagged.
    pub live_ranges: String,
    /// Reads of values from before the region.
    pub live_in: String,
    /// Last writes of cells read after the region.
    pub live_out: String,
    /// Anti and output dependences nestor did not need to respect.
    pub memory: String,
}

/// What the isl-side stages decided for a region.
#[derive(Default)]
pub(super) struct Outcome {
    pub(super) code: Option<String>,
    /// The run-time test the rewritten code runs under (`versioning`), if it needs one.
    pub(super) guard: Option<versioning::Guard>,
    /// Declarations outside the region replaced by smaller ones (contracted arrays).
    pub(super) declarations: Vec<(Span, String)>,
    pub(super) search: Option<search::SearchOutcome>,
    pub(super) alternatives: Vec<Alternative>,
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) dataflow: Option<DataflowReport>,
    pub(super) decisions: Vec<Decision>,
    pub(super) refused: Vec<Transform>,
    pub(super) applied: Vec<Transform>,
    /// The model is C's for no parameter value (`bounds::Assumptions::Unproven`).
    pub(super) never_modelled: bool,
}

/// Runs the isl-side stages on a modelled region: dataflow, the order (searched or
/// requested), tiling, contraction, parallel loops, code generation. Each stage adds
/// its decisions and diagnostics to the outcome; a stage that refuses ends it.
pub(super) fn region_outcome(
    ctx: &Context,
    region: &Region,
    index: usize,
    text: &ScopText,
    scop: Scop,
    identifiers: &BTreeSet<String>,
    options: &Options,
) -> Result<Outcome, Failure> {
    let mut outcome = Outcome::default();
    let checked = region.block_locals.iter().all(|b| b.proven);
    if !options.analyze && options.mode == Mode::Identity && checked {
        let ast = model::ast(&scop, &scop.schedule)?;
        let registers = registers::plan(region, &ast, &[], false)?;
        let products = ProductPlan::default();
        outcome.code =
            Some(codegen::generate(region, &ast, identifiers, &[], &registers, &products)?.0);
        outcome.declarations = codegen::storage_around_pragmas(region);
        return Ok(outcome);
    }
    let mut clock = StageClock::start();
    let plan = Plan::new(ctx, region.clone(), text.clone(), scop)?;
    clock.lap("dataflow");
    if let Some(name) = plan.crossing_block_value(ctx)? {
        outcome.diagnostics.push(block_value_crosses(region, &name));
        return Ok(outcome);
    }
    if options.analyze {
        outcome.dataflow = Some(dataflow_report(&plan.df)?);
    }
    let stages = Stages {
        ctx,
        region,
        index,
        identifiers,
        options,
    };
    let Some(plan) = stages.order(plan, &mut outcome)? else {
        return Ok(outcome);
    };
    clock.lap("order");
    let plan = stages.tiled(plan, &mut outcome)?;
    clock.lap("tiled");
    let (plan, storage_changed) = stages.contracted(plan, &mut outcome)?;
    clock.lap("contracted");
    let parallel = stages.parallel(&plan, storage_changed, &mut outcome)?;
    clock.lap("parallel");
    let splits = stages.split(&plan, &parallel, &mut outcome)?;
    let (plan, parallel) = stages.with_own_copies(plan, parallel)?;
    clock.lap("split and copies");
    let code = stages.generated(&plan, &parallel, &splits, &mut outcome)?;
    clock.lap("generated");
    clock.report(&format!("region {} in `{}`", index + 1, region.function));
    // The source's own parallel loop is no change of nestor's.
    let changes = |d: &Decision| {
        d.changes_code()
            && !(region.user_parallel.is_some() && matches!(d, Decision::Parallel(p) if !p.simd))
    };
    if matches!(options.mode, Mode::Search(_)) && !outcome.decisions.iter().any(changes) {
        outcome.diagnostics.push(decision::nothing_better(region));
        return Ok(outcome);
    }
    outcome.code = Some(code);
    outcome
        .declarations
        .extend(plan.region.replaced_declarations.iter().cloned());
    outcome
        .declarations
        .extend(codegen::storage_around_pragmas(&plan.region));
    Ok(outcome)
}

/// What every isl-side stage of one region reads.
pub(super) struct Stages<'a> {
    ctx: &'a Context,
    /// The region as the front end lifted it (laid out for its run-time test, if any):
    /// diagnostics point into it.
    region: &'a Region,
    /// The region's index in the file (`tune`'s alternatives are chosen by it).
    index: usize,
    identifiers: &'a BTreeSet<String>,
    options: &'a Options,
}

impl Stages<'_> {
    /// The plan in the order the mode gives: searched, requested, or as written;
    /// `None` when a requested transformation is refused (the region stays as written).
    fn order(&self, plan: Plan, outcome: &mut Outcome) -> Result<Option<Plan>, Failure> {
        match &self.options.mode {
            Mode::Identity => Ok(Some(plan)),
            Mode::Search(search) => self.searched(plan, search, outcome).map(Some),
            Mode::Requested(transforms) => self.requested(plan, transforms, outcome),
        }
    }

    /// The search's best order (or the alternative `tune` chose for this region).
    fn searched(
        &self,
        plan: Plan,
        search: &SearchOptions,
        outcome: &mut Outcome,
    ) -> Result<Plan, Failure> {
        let (mut plan, found) = search::best_order(
            self.ctx,
            plan,
            search,
            self.identifiers,
            self.options.tile.as_ref(),
        )?;
        if found.exhausted {
            outcome
                .diagnostics
                .push(decision::search_budget(self.region, search.max_checks));
        }
        let alternatives = &self.options.alternatives;
        let listed = match alternatives.needed(self.index) {
            0 => Vec::new(),
            limit => search::alternatives::alternatives(self.ctx, &plan, &found, limit)?,
        };
        let used = alternatives
            .chosen
            .get(&self.index)
            .and_then(|&k| listed.get(k));
        let (tree, decisions) = match used {
            Some(a) => (a.tree.clone(), a.decisions.clone()),
            None => (found.tree.clone(), found.decisions.clone()),
        };
        outcome.decisions.extend(decisions);
        plan.tree = tree;
        outcome.alternatives = listed;
        outcome.search = Some(found);
        Ok(plan)
    }

    /// The user's transformations applied in order; `None` if one is refused.
    fn requested(
        &self,
        mut plan: Plan,
        transforms: &[Transform],
        outcome: &mut Outcome,
    ) -> Result<Option<Plan>, Failure> {
        let requested = requested::apply_all(self.ctx, &plan, transforms)?;
        outcome.decisions.extend(requested.decisions);
        outcome.diagnostics.extend(requested.diagnostics);
        outcome.applied = requested.applied;
        outcome.refused = requested.refused;
        if !outcome.refused.is_empty() {
            return Ok(None);
        }
        plan.tree = requested.tree;
        Ok(Some(plan))
    }

    /// The plan with its perfect nests tiled where the model says it pays, and its
    /// independent recurrences interleaved.
    fn tiled(&self, mut plan: Plan, outcome: &mut Outcome) -> Result<Plan, Failure> {
        if let Some(sizes) = &self.options.tile
            && self.options.mode != Mode::Identity
        {
            // Aligning a time loop's steps fuses them in isl's order: only where the
            // search may fuse and ask isl.
            let align = matches!(&self.options.mode, Mode::Search(s) if s.fuse && s.isl_scheduler);
            let tiled =
                tiling::tile_where_it_pays(self.ctx, &plan, sizes, self.options.parallel, align)?;
            if tiled.reordered {
                outcome.decisions.retain(|d| !d.reorders());
            }
            plan.tree = tiled.tree;
            let (interleaved, row_sums);
            (plan, interleaved) =
                tiling::interleave::interleave_where_legal(self.ctx, plan, self.identifiers)?;
            let forward = matches!(&self.options.mode, Mode::Search(s) if s.expand);
            (plan, row_sums) = tiling::row_sums::jam_row_sums(self.ctx, plan, forward)?;
            outcome.decisions.extend(tiled.decisions);
            outcome.decisions.extend(interleaved);
            outcome.decisions.extend(row_sums);
        }
        Ok(plan)
    }

    /// The plan with its temporaries contracted, and whether any was.
    fn contracted(&self, plan: Plan, outcome: &mut Outcome) -> Result<(Plan, bool), Failure> {
        if !self.options.contract {
            return Ok((plan, false));
        }
        let (plan, contractions) =
            contraction::contract_temporaries(self.ctx, plan, self.identifiers)?;
        let changed = !contractions.is_empty();
        for c in contractions {
            outcome
                .diagnostics
                .push(decision::contracted(self.region, &c));
            outcome.decisions.push(Decision::Contracted(c));
        }
        Ok((plan, changed))
    }

    /// The loops of `plan` that run concurrently, and the nests that stay sequential.
    fn parallel(
        &self,
        plan: &Plan,
        storage_changed: bool,
        outcome: &mut Outcome,
    ) -> Result<Vec<ParallelLoop>, Failure> {
        if !self.options.parallel {
            return Ok(Vec::new());
        }
        let parallelism =
            parallel::parallel_loops(self.ctx, plan, self.identifiers, storage_changed)?;
        outcome
            .decisions
            .extend(parallelism.loops.iter().cloned().map(Decision::Parallel));
        outcome.decisions.extend(
            parallelism
                .sequential
                .into_iter()
                .map(|(iterator, obstacle)| Decision::Sequential { iterator, obstacle }),
        );
        Ok(parallelism.loops)
    }

    /// `plan` with each array its parallel loops copy per thread
    /// (`ParallelLoop::last_private`) accessed through its copy, and the lines that
    /// store each copy back after its loop.
    fn with_own_copies(
        &self,
        mut plan: Plan,
        mut parallel: Vec<ParallelLoop>,
    ) -> Result<(Plan, Vec<ParallelLoop>), Failure> {
        if parallel.iter().all(|p| p.last_private.is_empty()) {
            return Ok((plan, parallel));
        }
        // The parallel check found the cells too, possibly in a child process whose
        // result crosses a pipe without isl objects: found again here.
        let schedule = plan.schedule_map(self.ctx, &plan.tree)?;
        for p in &mut parallel {
            for a in &mut p.last_private {
                let Some(array) = plan.region.arrays.iter().find(|x| x.name == a.array) else {
                    return Err(Failure::Unexpected(format!("array `{}`", a.array)));
                };
                let (element, declared) = (array.element.clone(), array.extents.clone());
                let rank = declared.len();
                let cells = last_private::copied_cells(
                    self.ctx, &plan, &plan.df, &schedule, &p.path, &a.array, rank,
                )?
                .ok_or_else(|| Failure::Unexpected(format!("the cells of `{}`", a.array)))?;
                let region = &plan.region;
                let extents = copy_extents(region, &cells, &declared)?;
                let ids = self.identifiers;
                let shared = storage::fresh_name(&format!("{}_last", a.copy), ids, region);
                let ran = storage::fresh_name(&format!("{}_ran", a.copy), ids, region);
                let memory = storage::fresh_name(&format!("{}_memory", a.copy), ids, region);
                let (thread_declaration, release) =
                    storage::own_copy_declaration(region, &element, &a.copy, &extents, &memory);
                a.code = CopyCode {
                    shared_declaration: vec![
                        storage::row_pointer_declaration(&element, &shared, &extents, "0"),
                        format!("int {ran} = 0;"),
                    ],
                    alias_declaration: storage::row_pointer_declaration(
                        &element, &a.copy, &extents, &a.array,
                    ),
                    thread_declaration,
                    release,
                    store_from_shared: copy_back(region, &a.array, &shared, &ran, &cells, ids)?,
                    shared,
                    ran,
                };
                plan.region = storage::with_own_copy(&plan.region, &a.array, &a.copy);
            }
        }
        Ok((plan, parallel))
    }

    /// The innermost loops of `plan` generated in parts around the iteration that
    /// writes what the others access (search mode; not the marked loops).
    fn split(
        &self,
        plan: &Plan,
        parallel: &[ParallelLoop],
        outcome: &mut Outcome,
    ) -> Result<Vec<LoopSplit>, Failure> {
        if !matches!(self.options.mode, Mode::Search(_)) {
            return Ok(Vec::new());
        }
        let marked: Vec<Vec<usize>> = parallel.iter().map(|p| p.path.clone()).collect();
        let splits = splitting::loop_splits(
            self.ctx,
            &plan.region,
            &plan.text,
            &plan.scop,
            &plan.tree,
            &marked,
        )?;
        outcome
            .decisions
            .extend(splits.iter().cloned().map(Decision::Split));
        Ok(splits)
    }

    /// The C text of `plan`, its `parallel` loops marked, its `splits` and its full
    /// register tiles isolated, the cells its plan keeps in locals (`registers`) declared; the cells kept
    /// across loops are added to the decisions.
    fn generated(
        &self,
        plan: &Plan,
        parallel: &[ParallelLoop],
        splits: &[LoopSplit],
        outcome: &mut Outcome,
    ) -> Result<String, Failure> {
        let promote = matches!(self.options.mode, Mode::Search(_));
        let sized_by_model = matches!(self.options.tile, Some(tiling::TileSizes::Model(_)));
        let mut parallel = parallel.to_vec();
        let (ast, products) = loop {
            let (ast, products) =
                self.ast_and_kernels(plan, &parallel, splits, promote && sized_by_model)?;
            if !self.drop_parts_not_loops(&ast, &mut parallel, outcome)? {
                break (ast, products);
            }
        };
        let parallel = &parallel;
        let registers = registers::plan(&plan.region, &ast, parallel, promote)?;
        let (code, promoted) = codegen::generate(
            &plan.region,
            &ast,
            self.identifiers,
            parallel,
            &registers,
            &products,
        )?;
        let replaced: BTreeSet<usize> = products.kernels.values().map(|k| k.statement).collect();
        outcome
            .decisions
            .retain(|d| !about_only(d, &plan.tree, &replaced));
        let at = plan.region.function_start;
        // In statement order: the kernels' keys are AST nodes' addresses.
        let mut kernels: Vec<_> = products.kernels.values().collect();
        kernels.sort_by_key(|k| k.statement);
        for kernel in kernels {
            outcome.decisions.push(kernel.decision(&plan.region));
            let definition = codegen::products::tile_function(&plan.region, kernel);
            outcome.declarations.push((at..at, definition));
        }
        outcome.decisions.extend(promoted);
        Ok(code)
    }

    /// Drops from `parallel` the loops in parts (`ParallelLoop::around`) of which isl
    /// emitted no part in `ast` as a loop threads may share (a part under a condition):
    /// those run as written, unsplit, and their decisions say why. Whether it dropped
    /// any (the AST is then built again without them).
    fn drop_parts_not_loops(
        &self,
        ast: &ASTNode,
        parallel: &mut Vec<ParallelLoop>,
        outcome: &mut Outcome,
    ) -> Result<bool, Failure> {
        if parallel.iter().all(|p| p.around.is_none()) {
            return Ok(false);
        }
        let threaded = parallel::threaded_marks(ast, parallel)?;
        let (kept, dropped): (Vec<_>, Vec<_>) = std::mem::take(parallel)
            .into_iter()
            .enumerate()
            .partition(|(k, p)| p.around.is_none() || threaded.contains(k));
        *parallel = kept.into_iter().map(|(_, p)| p).collect();
        for (_, p) in &dropped {
            let decision = Decision::Parallel(p.clone());
            outcome.decisions.retain(|d| *d != decision);
            outcome.decisions.push(Decision::Sequential {
                iterator: p.iterator.clone(),
                obstacle: Obstacle::PartsNotLoops,
            });
        }
        Ok(!dropped.is_empty())
    }

    /// The AST of `plan` and, where `kernels`, the product nests that run as kernels.
    /// The nests expected to become kernels are generated without their register
    /// tiles; where one does not become a kernel after all, the AST is built again
    /// with its register tiles (the set of rolled nests only shrinks).
    fn ast_and_kernels(
        &self,
        plan: &Plan,
        parallel: &[ParallelLoop],
        splits: &[LoopSplit],
        kernels: bool,
    ) -> Result<(ASTNode, ProductPlan), Failure> {
        let mut rolled = match kernels {
            true => products::expected_kernels(self.ctx, plan, &plan.tree, self.identifiers)?,
            false => BTreeSet::new(),
        };
        loop {
            let ast = self.ast(plan, &plan.tree.rolled(&rolled), parallel, splits)?;
            let products = match kernels {
                true => {
                    let threads = products::Threads {
                        allowed: self.options.parallel && !plan.region.inside_parallel,
                        loops: parallel,
                    };
                    products::plan(self.ctx, plan, &ast, threads, self.identifiers)?
                }
                false => ProductPlan::default(),
            };
            let found: BTreeSet<usize> = products.kernels.values().map(|k| k.statement).collect();
            if rolled.is_subset(&found) {
                return Ok((ast, products));
            }
            rolled = rolled.intersection(&found).copied().collect();
        }
    }

    /// The AST of `tree` (an order of `plan`'s statements), its `parallel` loops marked,
    /// its `splits` and its full register tiles isolated.
    fn ast(
        &self,
        plan: &Plan,
        tree: &ScheduleTree,
        parallel: &[ParallelLoop],
        splits: &[LoopSplit],
    ) -> Result<ASTNode, Failure> {
        let marks: Vec<(Vec<usize>, Mark)> = parallel
            .iter()
            .enumerate()
            .map(|(index, p)| {
                (
                    p.path.clone(),
                    Mark {
                        index,
                        dimension: p.depth,
                    },
                )
            })
            .collect();
        let mut isolation =
            tiling::isolation::full_tile_options(self.ctx, &plan.region, &plan.text, tree)?;
        let parts = parallel.iter().filter_map(|p| p.around.as_ref());
        isolation.extend(
            splits
                .iter()
                .chain(parts)
                .map(|s| (s.path.clone(), s.option.clone())),
        );
        let schedule = model::schedule_for_codegen(
            self.ctx,
            &plan.region,
            &plan.text,
            tree,
            &marks,
            &isolation,
        )?;
        model::ast(&plan.scop, &schedule)
    }
}

/// Whether `decision` is about a band of `tree` whose statements are all in
/// `statements` (loops a product kernel replaced; a band holds a statement).
fn about_only(decision: &Decision, tree: &ScheduleTree, statements: &BTreeSet<usize>) -> bool {
    let band = decision.band_path().and_then(|path| tree.get(path));
    band.is_some_and(|b| b.statements().iter().all(|s| statements.contains(s)))
}

pub(super) fn dataflow_report(df: &Dataflow) -> Result<DataflowReport, LibISLError> {
    let text = |m: isl_rs::UnionMap| -> Result<String, LibISLError> {
        Ok(m.coalesce()?.to_str()?.to_string())
    };
    Ok(DataflowReport {
        flow: text(df.plain.flow.copy()?)?,
        live_ranges: text(dataflow::live_ranges(df)?)?,
        live_in: text(df.tagged.live_in.copy()?)?,
        live_out: text(df.tagged.live_out.copy()?)?,
        memory: text(df.memory.copy()?)?,
    })
}

/// N113 for a variable declared in a loop body whose value crosses an execution of its
/// block (`Plan::crossing_block_value`): C gives it an indeterminate value there.
pub(super) fn block_value_crosses(region: &Region, name: &str) -> Diagnostic {
    let at = region
        .block_locals
        .iter()
        .find(|b| b.name == name)
        .and_then(|b| b.blocks.first())
        .map_or(region.span.clone(), |(scope, _)| scope.start..scope.start);
    Diagnostic::new(
        Code::UnsupportedStatement,
        at,
        format!("`{name}`, declared inside the loop, may be read where its block has not written it (its value is indeterminate there)"),
    )
    .label("declared here")
    .expected("variables declared in a loop body whose every read follows a write in the same execution of the body")
    .hint("declare the variable before the loop nest, or write every element before reading it")
}
