//! Runs the stages on one file: front end, model, dataflow, requested
//! transformations, code generation, splicing. Deterministic and free of IO.

use crate::codegen;
use crate::deps::{self, Dataflow, Order, Verdict, Violation, ViolationKind};
use crate::diag::{Code, Diagnostic, Span};
use crate::frontend::{self, Origin, Region};
use crate::isl::{IslFailure, new_context, with_budget};
use crate::model::{self, ScheduleTree, Scop, ScopText};
use crate::schedule::{self, Transform};
use crate::search::{self, SearchOptions};
use crate::storage;
use isl_rs::{Context, LibISLError};
use std::collections::BTreeSet;

#[derive(Clone, Debug)]
pub struct Options {
    /// `-D NAME=VALUE` integer constants, over the file's `#define`s.
    pub defines: Vec<(String, i64)>,
    /// The texts of the local headers the file includes, in inclusion order (read by
    /// the caller: the library does no IO).
    pub headers: Vec<String>,
    /// isl operations allowed per region (0 = unlimited).
    pub isl_budget: u64,
    /// Transformations the user asked for, applied in order to every region.
    pub transforms: Vec<Transform>,
    /// Compute and report the dataflow even when nothing needs it (`explain`).
    pub analyze: bool,
    /// Search for a better order automatically (when no transformation is requested).
    pub search: Option<SearchOptions>,
    /// Contract temporary arrays to modulo buffers after scheduling.
    pub contract: bool,
    /// Arrays the user declares dead after every region (`--temporary`), in addition to
    /// those named by `#pragma nestor temporary(...)`.
    pub temporaries: Vec<String>,
    /// Test hook: panic while handling each region of this function, as a bug in
    /// nestor would (the region is then left as written with N205). The command line
    /// sets it from `NESTOR_TEST_PANIC_ON=PATH:FUNCTION`.
    pub panic_in_function: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defines: Vec::new(),
            headers: Vec::new(),
            isl_budget: 2_000_000,
            transforms: Vec::new(),
            analyze: false,
            search: None,
            contract: false,
            temporaries: Vec::new(),
            panic_in_function: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Regenerated from the model.
    Rewritten,
    /// Left byte-identical; the diagnostics say why.
    Unchanged,
}

/// The dataflow of a region, in isl notation, for reports.
#[derive(Clone, Debug, Default)]
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

/// What happened to one region (or to a nest that could not be lifted).
#[derive(Clone, Debug)]
pub struct RegionReport {
    pub origin: Origin,
    pub function: String,
    pub span: Span,
    pub status: Status,
    pub diagnostics: Vec<Diagnostic>,
    /// The model as given to isl (isl's canonical form), when the region was lifted.
    pub model: Option<ScopText>,
    /// The statements' names and source spans, in order.
    pub statements: Vec<(String, Span)>,
    pub dataflow: Option<DataflowReport>,
    /// One line per transformation decision, e.g. "interchange of `i` and `j`: legal".
    pub decisions: Vec<String>,
    /// Requested transformations refused here (the region is then left as written).
    pub refused: Vec<Transform>,
    /// Requested transformations applied here.
    pub applied: Vec<Transform>,
    /// What the automatic search considered and chose.
    pub search: Option<search::SearchOutcome>,
    /// The C text that replaced the region, when it was rewritten.
    pub generated: Option<String>,
}

#[derive(Clone, Debug)]
pub struct FileReport {
    /// The rewritten file (the input itself when nothing was rewritten).
    pub output: String,
    pub regions: Vec<RegionReport>,
    /// Syntax errors and other problems of the whole file.
    pub file_diagnostics: Vec<Diagnostic>,
}

impl FileReport {
    pub fn has_syntax_errors(&self) -> bool {
        self.file_diagnostics
            .iter()
            .any(|d| d.code == Code::SyntaxError)
    }

    /// Requested transformations refused in some region, or applicable in none.
    pub fn refused_transforms(&self, requested: &[Transform]) -> Vec<Transform> {
        requested
            .iter()
            .filter(|t| {
                self.regions.iter().any(|r| r.refused.contains(t))
                    || !self.regions.iter().any(|r| r.applied.contains(t))
            })
            .cloned()
            .collect()
    }
}

/// Rewrites every region of `src`: with its original schedule, or transformed as
/// `options.transforms` asks when every check passes.
pub fn optimize(src: &str, options: &Options) -> FileReport {
    let front = frontend::analyze(src, &options.defines, &options.headers);
    let mut ctx = new_context();
    let mut regions: Vec<RegionReport> = front.rejected.iter().map(rejected_report).collect();
    let mut replacements = Vec::new();
    for region in &front.regions {
        let region = &with_temporaries(region, &options.temporaries);
        let (report, edits) = isolated(&mut ctx, region, options, |ctx| {
            process_region(ctx, region, &front.identifiers, options)
        });
        replacements.extend(edits);
        regions.push(report);
    }
    regions.sort_by_key(|r| r.span.start);
    FileReport {
        output: splice(src, &replacements),
        regions,
        file_diagnostics: front.file_diagnostics,
    }
}

/// Runs the work on one region, isolating a panic (a bug in nestor) to it: the region
/// is then left as written with an N205 error, and the regions after it get a fresh
/// isl context (the panic may have left the old one mid-computation).
fn isolated(
    ctx: &mut Context,
    region: &Region,
    options: &Options,
    work: impl FnOnce(&Context) -> (RegionReport, Vec<(Span, String)>),
) -> (RegionReport, Vec<(Span, String)>) {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if options.panic_in_function.as_deref() == Some(region.function.as_str()) {
            panic!("fault injected in `{}` by a test hook", region.function);
        }
        work(ctx)
    }));
    let payload = match run {
        Ok(done) => return done,
        Err(payload) => payload,
    };
    *ctx = new_context();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    let diagnostic = Diagnostic::new(
        Code::InternalError,
        region.span.clone(),
        format!("nestor failed on this region (internal error: {message})"),
    )
    .error()
    .label("left as written")
    .hint("this is a bug in nestor: please report it with the input file");
    let nest = frontend::RejectedNest {
        origin: region.origin,
        span: region.span.clone(),
        function: region.function.clone(),
        diagnostics: vec![diagnostic],
    };
    (rejected_report(&nest), Vec::new())
}

/// `region` with the arrays the user declares temporary marked dead after it: those
/// `#pragma nestor temporary` names before the region, and the function parameters
/// named by `--temporary` (locals and globals are judged by nestor itself).
fn with_temporaries(region: &Region, temporaries: &[String]) -> Region {
    let mut region = region.clone();
    for a in &mut region.arrays {
        let by_option =
            temporaries.contains(&a.name) && a.scope == crate::frontend::ir::Scope::Parameter;
        if by_option || region.declared_temporaries.contains(&a.name) {
            a.live_out = false;
        }
    }
    region
}

fn rejected_report(r: &frontend::RejectedNest) -> RegionReport {
    RegionReport {
        origin: r.origin,
        function: r.function.clone(),
        span: r.span.clone(),
        status: Status::Unchanged,
        diagnostics: r.diagnostics.clone(),
        model: None,
        statements: Vec::new(),
        dataflow: None,
        decisions: Vec::new(),
        refused: Vec::new(),
        applied: Vec::new(),
        search: None,
        generated: None,
    }
}

/// What the isl-side stages decided for a region.
struct Outcome {
    code: Option<String>,
    /// Declarations outside the region replaced by smaller ones (contracted arrays).
    declarations: Vec<(Span, String)>,
    search: Option<search::SearchOutcome>,
    diagnostics: Vec<Diagnostic>,
    dataflow: Option<DataflowReport>,
    decisions: Vec<String>,
    refused: Vec<Transform>,
    applied: Vec<Transform>,
}

fn process_region(
    ctx: &Context,
    region: &Region,
    identifiers: &BTreeSet<String>,
    options: &Options,
) -> (RegionReport, Vec<(Span, String)>) {
    let mut report = RegionReport {
        statements: region
            .statements
            .iter()
            .map(|s| (s.name.clone(), s.span.clone()))
            .collect(),
        ..rejected_report(&frontend::RejectedNest {
            origin: region.origin,
            span: region.span.clone(),
            function: region.function.clone(),
            diagnostics: Vec::new(),
        })
    };
    let text = match model::scop_text(region) {
        Ok(text) => text,
        Err(diag) => {
            report.diagnostics.push(*diag);
            return (report, Vec::new());
        }
    };
    report.model = Some(text.clone());
    if region.statements.is_empty() {
        report.diagnostics.push(
            Diagnostic::new(
                Code::UnsupportedStatement,
                region.span.clone(),
                "the region has no statements to schedule",
            )
            .note()
            .label("left as written"),
        );
        return (report, Vec::new());
    }
    let outcome = with_budget(ctx, options.isl_budget, || {
        report.model = Some(model::canonical(ctx, &text)?);
        let scop = model::build(ctx, &text)?;
        region_outcome(ctx, region, &text, scop, identifiers, options)
    });
    let outcome = match outcome {
        Ok(o) => o,
        Err(failure) => {
            report.diagnostics.push(isl_failure(failure, &region.span));
            return (report, Vec::new());
        }
    };
    report.diagnostics.extend(outcome.diagnostics);
    report.dataflow = outcome.dataflow;
    report.decisions = outcome.decisions;
    report.refused = outcome.refused;
    report.search = outcome.search;
    report.applied = outcome.applied;
    let Some(code) = outcome.code else {
        return (report, Vec::new());
    };
    if !parses_as_block(&code) {
        report.diagnostics.push(
            Diagnostic::new(
                Code::CodegenCheck,
                region.span.clone(),
                "the generated code does not parse; the region is left as written",
            )
            .error()
            .label("this region")
            .hint("this is a bug in nestor: please report it with the input file"),
        );
        return (report, Vec::new());
    }
    report.status = Status::Rewritten;
    report.generated = Some(code.clone());
    let mut edits = vec![(region.span.clone(), code)];
    edits.extend(outcome.declarations);
    (report, edits)
}

/// A modelled region ready for scheduling: IR, model, dataflow, and the order chosen.
struct Plan {
    region: Region,
    text: ScopText,
    scop: Scop,
    df: Dataflow,
    tree: ScheduleTree,
}

impl Plan {
    fn new(ctx: &Context, region: Region, text: ScopText, scop: Scop) -> Result<Plan, LibISLError> {
        let df = deps::dataflow(ctx, &scop)?;
        let tree = model::original_schedule(&region);
        Ok(Plan {
            region,
            text,
            scop,
            df,
            tree,
        })
    }

    /// Whether running this region in the order `tree` computes the same values.
    fn verdict(&self, ctx: &Context, tree: &ScheduleTree) -> Result<Verdict, LibISLError> {
        let schedule = model::schedule(ctx, &self.region, &self.text, tree)?;
        deps::check(
            &self.df,
            &deps::schedule_map(&self.scop, &schedule)?,
            &Order::Sequential,
        )
    }

    /// The automatic search from the original order. Each candidate gets the whole
    /// operation budget; one that exceeds it counts as illegal.
    fn search(
        &self,
        ctx: &Context,
        options: &SearchOptions,
    ) -> Result<search::SearchOutcome, LibISLError> {
        let original = model::original_schedule(&self.region);
        let found = search::search(&self.region, &original, options, &mut |candidate| {
            let legal = crate::isl::step(ctx, || {
                let schedule = model::schedule(ctx, &self.region, &self.text, candidate)?;
                deps::is_legal(
                    &self.df,
                    &deps::schedule_map(&self.scop, &schedule)?,
                    &Order::Sequential,
                )
            })?;
            Ok::<bool, LibISLError>(legal == Some(true))
        })?;
        ctx.reset_operations();
        Ok(found)
    }

    /// Whether `other` (this region with some storage changed) reads the same values:
    /// the same flow dependences between statement instances and the same live-in reads.
    fn same_values(&self, other: &Plan) -> Result<bool, LibISLError> {
        Ok(self.df.plain.flow.is_equal(&other.df.plain.flow)?
            && self
                .df
                .plain
                .live_in
                .copy()?
                .domain()?
                .is_equal(&other.df.plain.live_in.copy()?.domain()?)?)
    }
}

/// The most expansions tried per region (each re-models the region and searches again).
const MAX_EXPANSION_TRIES: usize = 6;

fn region_outcome(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    scop: Scop,
    identifiers: &BTreeSet<String>,
    options: &Options,
) -> Result<Outcome, LibISLError> {
    let mut outcome = Outcome {
        code: None,
        declarations: Vec::new(),
        search: None,
        diagnostics: Vec::new(),
        dataflow: None,
        decisions: Vec::new(),
        refused: Vec::new(),
        applied: Vec::new(),
    };
    let needs_dataflow =
        options.analyze || !options.transforms.is_empty() || options.search.is_some();
    if !needs_dataflow {
        outcome.code = Some(codegen::generate(
            region,
            &scop,
            &scop.schedule,
            identifiers,
        )?);
        return Ok(outcome);
    }
    let mut plan = Plan::new(ctx, region.clone(), text.clone(), scop)?;
    if options.analyze {
        outcome.dataflow = Some(dataflow_report(&plan.df)?);
    }
    if let (Some(search_options), true) = (&options.search, options.transforms.is_empty()) {
        let mut found = plan.search(ctx, search_options)?;
        if search_options.expand {
            (plan, found) =
                expand_where_it_pays(ctx, plan, found, identifiers, search_options, &mut outcome)?;
        }
        outcome.decisions.extend(found.decisions.iter().cloned());
        if found.exhausted {
            outcome.diagnostics.push(
                Diagnostic::new(Code::SearchBudget, region.span.clone(), format!("the search stopped after {} legality checks; the best legal order found is used", search_options.max_checks))
                    .note()
                    .label("this region"),
            );
        }
        plan.tree = found.tree.clone();
        outcome.search = Some(found);
    }
    for t in &options.transforms {
        match apply(ctx, &plan, t, &mut outcome)? {
            Some(new) => plan.tree = new,
            None if !outcome.refused.is_empty() => return Ok(outcome),
            None => {}
        }
    }
    if options.contract {
        plan = contract_temporaries(ctx, plan, identifiers, &mut outcome)?;
    }
    let schedule = model::schedule(ctx, &plan.region, &plan.text, &plan.tree)?;
    outcome.code = Some(codegen::generate(
        &plan.region,
        &plan.scop,
        &schedule,
        identifiers,
    )?);
    outcome.declarations = plan.region.replaced_declarations.clone();
    Ok(outcome)
}

/// Expands scalars whose live ranges keep the search from a cheaper order: for each
/// expandable scalar and loop (innermost first), the region is re-modelled with the
/// scalar expanded, checked to read the same values, and searched again; the
/// expansion is kept when the order found is cheaper.
fn expand_where_it_pays(
    ctx: &Context,
    mut plan: Plan,
    mut found: search::SearchOutcome,
    identifiers: &BTreeSet<String>,
    options: &SearchOptions,
    outcome: &mut Outcome,
) -> Result<(Plan, search::SearchOutcome), LibISLError> {
    let mut tries = 0;
    for variable in storage::expandable_scalars(&plan.region) {
        for along in storage::expansion_loops(&plan.region, &variable) {
            if tries >= MAX_EXPANSION_TRIES {
                return Ok((plan, found));
            }
            tries += 1;
            let name = fresh_name(
                &format!("{variable}_{}", along.iterator),
                identifiers,
                &plan.region,
            );
            let (region, expansion) = storage::expand(&plan.region, &variable, &along, &name);
            let Ok(text) = model::scop_text(&region) else {
                continue;
            };
            let Some(expanded) = crate::isl::step(ctx, || {
                Plan::new(ctx, region, text.clone(), model::build(ctx, &text)?)
            })?
            else {
                continue;
            };
            if !plan.same_values(&expanded)? || !within_extent(ctx, &expanded, &name, &along)? {
                continue;
            }
            let better = expanded.search(ctx, options)?;
            if better.cost < found.cost * (1.0 - 1e-9) {
                outcome.decisions.push(format!(
                    "expanded scalar `{}` into `{}[{}]` along loop `{}` (adds {} elements of `{}`)",
                    expansion.variable,
                    expansion.array,
                    expansion.extent,
                    expansion.iterator,
                    expansion.extent,
                    expansion.element_type
                ));
                plan = expanded;
                found = better;
                break;
            }
        }
    }
    Ok((plan, found))
}

/// Contracts every temporary array of the region (dead after it, not read before
/// being written in it) to the smallest modulo buffer its live ranges under the chosen
/// order allow. Each contraction is kept only if the contracted program, run in that
/// order, reads exactly the values the original reads.
fn contract_temporaries(
    ctx: &Context,
    mut plan: Plan,
    identifiers: &BTreeSet<String>,
    outcome: &mut Outcome,
) -> Result<Plan, LibISLError> {
    // A local is a temporary only when nothing outside the region can see it: its
    // declaration is its only use there (no pointer to it can escape).
    let temporaries: Vec<crate::frontend::ir::Array> = plan
        .region
        .arrays
        .iter()
        .filter(|a| {
            !a.live_out
                && !a.extents.is_empty()
                && (a.scope != crate::frontend::ir::Scope::Local || a.declaration.is_some())
        })
        .cloned()
        .collect();
    for array in temporaries {
        let Some(contracted) =
            crate::isl::step(ctx, || try_contract(ctx, &plan, &array, identifiers))?
        else {
            continue;
        };
        let Some((region, text, scop, contraction)) = contracted else {
            continue;
        };
        let bytes = |extents: &[String]| {
            format!(
                "{} * sizeof({})",
                extents.join(" * "),
                contraction.element_type
            )
        };
        outcome.decisions.push(format!(
            "contracted {} (saves {} - {} bytes of cache footprint)",
            contraction.describe(),
            bytes(&contraction.before),
            bytes(&contraction.after)
        ));
        outcome.diagnostics.push(
            Diagnostic::new(Code::Contracted, plan.region.span.clone(), format!("contracted the temporary {}", contraction.describe()))
                .note()
                .label("this region")
                .with_note("the values of the array live only a few iterations under the chosen order, so a modulo buffer holds them"),
        );
        plan.region = region;
        plan.text = text;
        plan.scop = scop;
    }
    ctx.reset_operations();
    Ok(plan)
}

/// `array` contracted under `plan`'s order, verified; `None` if it cannot shrink or the
/// contracted program would read other values.
fn try_contract(
    ctx: &Context,
    plan: &Plan,
    array: &crate::frontend::ir::Array,
    identifiers: &BTreeSet<String>,
) -> Result<Option<(Region, ScopText, Scop, storage::Contraction)>, LibISLError> {
    let isl_array = model::isl_name(&array.name);
    let dims: Vec<String> = (0..array.extents.len()).map(|k| format!("c{k}")).collect();
    let cells =
        isl_rs::UnionSet::read_from_str(ctx, &format!("{{ {isl_array}[{}] }}", dims.join(", ")))?;
    if !plan
        .df
        .plain
        .live_in
        .copy()?
        .range()?
        .intersect(cells)?
        .is_empty()?
    {
        return Ok(None); // Values from before the region are read: not a temporary.
    }
    let schedule = model::schedule(ctx, &plan.region, &plan.text, &plan.tree)?;
    let order = deps::schedule_map(&plan.scop, &schedule)?;
    let mut moduli = storage::contraction_moduli(
        &plan.df.plain.writes,
        &plan.df.plain.flow,
        &order,
        &isl_array,
        array.extents.len(),
    )?;
    for (m, extent) in moduli.iter_mut().zip(&array.extents) {
        if let (Some(b), Ok(e)) = (*m, extent.trim().parse::<i64>())
            && b >= e
        {
            *m = None;
        }
    }
    if moduli.iter().all(Option::is_none) {
        return Ok(None);
    }
    let buffer = fresh_name(&format!("{}_c", array.name), identifiers, &plan.region);
    let (region, contraction) = storage::contract(&plan.region, &array.name, &moduli, &buffer);
    let Ok(text) = model::scop_text(&region) else {
        return Ok(None);
    };
    let scop = model::build(ctx, &text)?;
    let order = model::schedule(ctx, &region, &text, &plan.tree)?;
    let df = deps::dataflow_under(ctx, &scop, &order)?;
    let same = df.plain.flow.is_equal(&plan.df.plain.flow)?
        && df
            .plain
            .live_in
            .copy()?
            .domain()?
            .is_equal(&plan.df.plain.live_in.copy()?.domain()?)?;
    Ok(same.then_some((region, text, scop, contraction)))
}

/// Whether every access of the expanded `array` in `plan` stays within
/// `0 <= x < extent`.
fn within_extent(
    ctx: &Context,
    plan: &Plan,
    array: &str,
    along: &storage::ExpansionLoop,
) -> Result<bool, LibISLError> {
    let name = model::isl_name(array);
    let extent = along.extent.to_isl(&model::isl_name);
    let bounds = isl_rs::UnionSet::read_from_str(
        ctx,
        &format!("{}{{ {name}[x] : 0 <= x < {extent} }}", plan.text.params),
    )?;
    let all = isl_rs::UnionSet::read_from_str(ctx, &format!("{{ {name}[x] }}"))?;
    let touched = plan
        .scop
        .writes
        .copy()?
        .range()?
        .union(plan.scop.reads.copy()?.range()?)?
        .intersect(all)?;
    touched.is_subset(&bounds)
}

/// `base`, or `base_2`, ... : a name used nowhere in the file or the region.
fn fresh_name(base: &str, identifiers: &BTreeSet<String>, region: &Region) -> String {
    let taken = |n: &str| identifiers.contains(n) || region.arrays.iter().any(|a| a.name == n);
    let mut name = base.to_string();
    let mut k = 1;
    while taken(&name) {
        k += 1;
        name = format!("{base}_{k}");
    }
    name
}

/// Applies one requested transformation if it is legal: the new tree, or `None` (and
/// recorded in `outcome.refused` when it applies but is illegal).
fn apply(
    ctx: &Context,
    plan: &Plan,
    t: &Transform,
    outcome: &mut Outcome,
) -> Result<Option<ScheduleTree>, LibISLError> {
    let (region, tree) = (&plan.region, &plan.tree);
    let verdict = |tree: &ScheduleTree| plan.verdict(ctx, tree);
    match t {
        Transform::Interchange(a, b) => {
            let (candidate, nests) = schedule::interchange(tree, a, b);
            if nests == 0 {
                outcome.decisions.push(format!(
                    "{t}: not applicable (no nest has `{a}` and `{b}` perfectly nested)"
                ));
                outcome.diagnostics.push(Diagnostic::new(Code::NotApplicable, region.span.clone(), format!("{t} does not apply to this region: no nest has `{a}` and `{b}` perfectly nested")).note().label("this region"));
                return Ok(None);
            }
            match verdict(&candidate)? {
                Verdict::Legal { classic } => {
                    outcome.decisions.push(format!(
                        "{t} in {nests} nest(s): legal{}",
                        if classic {
                            ""
                        } else {
                            " (only thanks to live-range analysis)"
                        }
                    ));
                    if !classic {
                        outcome.diagnostics.push(legal_by_live_ranges(region, t));
                    }
                    outcome.applied.push(t.clone());
                    Ok(Some(candidate))
                }
                Verdict::Illegal(v) => {
                    outcome
                        .decisions
                        .push(format!("{t}: refused ({})", describe(v.kind)));
                    outcome.diagnostics.push(refusal(region, t, &v));
                    outcome.refused.push(t.clone());
                    Ok(None)
                }
            }
        }
        Transform::Fuse => {
            let mut classic = true;
            let (fused, fusions) = schedule::fuse(tree, &|_, _| true, &mut |candidate| {
                Ok::<bool, LibISLError>(match verdict(candidate)? {
                    Verdict::Legal { classic: c } => {
                        classic &= c;
                        true
                    }
                    Verdict::Illegal(_) => false,
                })
            })?;
            if fusions.is_empty() {
                outcome
                    .decisions
                    .push(format!("{t}: no consecutive loops can be fused legally"));
                outcome.diagnostics.push(Diagnostic::new(Code::NotApplicable, region.span.clone(), "no consecutive loops of this region can be fused legally (shifts up to 4 tried)").note().label("this region"));
                return Ok(None);
            }
            for f in &fusions {
                outcome.decisions.push(format!(
                    "fused loop `{}` into loop `{}` with shift {}",
                    f.second, f.first, f.shift
                ));
            }
            outcome.diagnostics.push(
                Diagnostic::new(
                    Code::Fused,
                    region.span.clone(),
                    format!("fused {} pair(s) of loops", fusions.len()),
                )
                .note()
                .label("this region")
                .with_note(
                    fusions
                        .iter()
                        .map(|f| format!("`{}` into `{}` (shift {})", f.second, f.first, f.shift))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            );
            if !classic {
                outcome.diagnostics.push(legal_by_live_ranges(region, t));
            }
            outcome.applied.push(t.clone());
            Ok(Some(fused))
        }
    }
}

fn describe(kind: ViolationKind) -> &'static str {
    match kind {
        ViolationKind::FlowReversed => "a value would be read before it is written",
        ViolationKind::LiveRangeConflict => "a value would be overwritten before its last read",
        ViolationKind::LiveInOverwritten => {
            "a value from before the region would be overwritten before it is read"
        }
        ViolationKind::LiveOutChanged => "a cell would not hold its final value after the region",
    }
}

fn legal_by_live_ranges(region: &Region, t: &Transform) -> Diagnostic {
    Diagnostic::new(
        Code::LegalByLiveRanges,
        region.span.clone(),
        format!("{t} is legal only because anti and output dependences are not constraints"),
    )
    .note()
    .label("this region")
    .with_note("every value still reaches its readers and no live range of a memory cell is broken")
}

/// The diagnostic for a refused transformation: the references of the counterexample
/// as labels, the instances as a note.
fn refusal(region: &Region, t: &Transform, v: &Violation) -> Diagnostic {
    let code = match v.kind {
        ViolationKind::FlowReversed => Code::FlowViolated,
        ViolationKind::LiveRangeConflict => Code::LiveRangeViolated,
        ViolationKind::LiveInOverwritten => Code::LiveInViolated,
        ViolationKind::LiveOutChanged => Code::LiveOutViolated,
    };
    let accesses: Vec<&crate::frontend::ir::Access> = v
        .references
        .iter()
        .filter_map(|id| {
            region
                .statements
                .iter()
                .flat_map(|s| &s.accesses)
                .find(|a| a.id == *id)
        })
        .collect();
    let primary = accesses
        .first()
        .map_or(region.span.clone(), |a| a.span.clone());
    let mut d = Diagnostic::new(code, primary, format!("{t} refused: {}", describe(v.kind)))
        .label(
            accesses
                .first()
                .map_or("in this region".to_string(), |a| access_label(a)),
        )
        .with_note(format!("counterexample: {}", v.witness))
        .hint("the nest is left as written; choose another transformation");
    for a in accesses.iter().skip(1) {
        d = d.related(a.span.clone(), access_label(a));
    }
    if v.kind == ViolationKind::LiveRangeConflict {
        let arrays: BTreeSet<&str> = accesses.iter().map(|a| a.array.as_str()).collect();
        d = d.with_note(format!(
            "expanding {} would make it legal",
            arrays
                .into_iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    d
}

fn access_label(a: &crate::frontend::ir::Access) -> String {
    let kind = match a.kind {
        crate::frontend::ir::AccessKind::Read => "read",
        crate::frontend::ir::AccessKind::Write => "write",
    };
    format!("{kind} of `{}` (R{})", a.array, a.id)
}

fn dataflow_report(df: &Dataflow) -> Result<DataflowReport, LibISLError> {
    let text = |m: isl_rs::UnionMap| -> Result<String, LibISLError> {
        Ok(m.coalesce()?.to_str()?.to_string())
    };
    Ok(DataflowReport {
        flow: text(df.plain.flow.copy()?)?,
        live_ranges: text(deps::live_ranges(df)?)?,
        live_in: text(df.tagged.live_in.copy()?)?,
        live_out: text(df.tagged.live_out.copy()?)?,
        memory: text(df.memory.copy()?)?,
    })
}

fn isl_failure(failure: IslFailure, span: &Span) -> Diagnostic {
    match failure {
        IslFailure::Budget => Diagnostic::new(
            Code::Budget,
            span.clone(),
            "the region's model exceeded nestor's isl operation budget",
        )
        .label("left as written")
        .hint("raise the budget with --isl-budget, or split the region"),
        IslFailure::Error(msg) if msg.contains(crate::codegen::OVERFLOW) => Diagnostic::new(
            Code::GeneratedOverflow,
            span.clone(),
            format!("the rewritten code {msg}, where the original does not overflow"),
        )
        .label("left as written")
        .hint("bound the parameters (e.g. with `-D`) or use narrower parameter types"),
        IslFailure::Error(msg) => Diagnostic::new(
            Code::IslError,
            span.clone(),
            format!("isl could not handle this region: {msg}"),
        )
        .label("left as written")
        .hint("this may be a bug in nestor: please report it with the input file"),
    }
}

/// Whether `code` parses as the body of a C function.
fn parses_as_block(code: &str) -> bool {
    let wrapped = format!("void nestor_check(void) {{\n{code}\n}}\n");
    frontend::syntax::parse(&wrapped).is_some_and(|t| !t.root_node().has_error())
}

/// `src` with each span replaced; spans are disjoint (regions are sequences of
/// statements, and the declarations replaced lie outside every region).
fn splice(src: &str, replacements: &[(Span, String)]) -> String {
    let mut sorted: Vec<&(Span, String)> = replacements.iter().collect();
    sorted.sort_by_key(|(s, _)| s.start);
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for (span, text) in sorted {
        out.push_str(&src[at..span.start]);
        out.push_str(text);
        at = span.end;
    }
    out.push_str(&src[at..]);
    out
}
