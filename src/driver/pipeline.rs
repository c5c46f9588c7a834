//! Runs the stages on one file: front end, model, dataflow, requested
//! transformations, code generation, splicing. Deterministic and free of IO.

use super::stages::{Outcome, region_outcome};
use crate::analysis::bounds::{self, Assumptions};
use crate::codegen;
use crate::codegen::versioning;
use crate::frontend::{self, Origin, Region};
use crate::model::{self, ScopText};
use crate::support::contain;
use crate::support::diag::{Code, Diagnostic, Span};
use crate::support::isl::{Failure, IslFailure, new_context, with_budget};
use crate::support::work::{self, Work};
use crate::transform::decision::{self, Decision};
use crate::transform::rewrites::Transform;
use crate::transform::search::alternatives::Alternative;
use crate::transform::search::{self};
use isl_rs::Context;
use std::collections::BTreeSet;

pub use super::options::{Alternatives, FaultKind, InjectedFault, Mode, Options};
pub use super::stages::DataflowReport;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Regenerated from the model.
    Rewritten,
    /// Left byte-identical; the diagnostics say why.
    Unchanged,
}

/// What happened to one region (or to a nest that could not be lifted).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct RegionReport {
    pub origin: Origin,
    pub function: String,
    pub span: Span,
    /// The region's place among the file's lifted regions (what
    /// [`Alternatives::chosen`] refers to); `None` for a nest that was not lifted.
    pub index: Option<usize>,
    pub status: Status,
    pub diagnostics: Vec<Diagnostic>,
    /// The model as given to isl (in isl's canonical form with `Options::analyze`), when
    /// the region was lifted.
    pub model: Option<ScopText>,
    /// The statements' names and source spans, in order.
    pub statements: Vec<(String, Span)>,
    pub dataflow: Option<DataflowReport>,
    /// The changes made to the region's order and storage, or refused, in order.
    pub decisions: Vec<Decision>,
    /// Requested transformations refused here (the region is then left as written).
    pub refused: Vec<Transform>,
    /// Requested transformations applied here.
    pub applied: Vec<Transform>,
    /// What the automatic search considered and chose.
    pub search: Option<search::SearchOutcome>,
    /// The C text that replaced the region, when it was rewritten.
    pub generated: Option<String>,
    /// Legal orders of the region, the one used first, when
    /// [`Options::alternatives`] asked for them.
    pub alternatives: Vec<Alternative>,
    /// Whether the model is C's for no parameter value (`bounds::Assumptions::Unproven`):
    /// the region's nests are then tried one by one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub never_modelled: bool,
    /// The legality checks and isl operations the region's analysis made.
    #[serde(default)]
    pub work: Work,
}

#[derive(Clone, Debug)]
pub struct FileReport {
    /// The rewritten file (the input itself when nothing was rewritten).
    pub output: String,
    pub regions: Vec<RegionReport>,
    /// Syntax errors and other problems of the whole file.
    pub file_diagnostics: Vec<Diagnostic>,
    /// Whether the file (or a local header it includes) defines `main`, so that it
    /// can be built and run as a program.
    pub defines_main: bool,
}

impl FileReport {
    /// The file's diagnostics, then its regions', each `(code, span)` once (a nest
    /// rejected for a reason an enclosing nest reported already is not repeated).
    pub fn distinct_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        let mut seen = std::collections::HashSet::new();
        self.file_diagnostics
            .iter()
            .chain(self.regions.iter().flat_map(|r| &r.diagnostics))
            .filter(move |d| seen.insert((d.code, d.span.clone())))
    }

    /// Whether nestor could not read the file: a syntax error outside function bodies
    /// (N001) or a macro directive it reads otherwise than the compiler (N004).
    pub fn is_unreadable(&self) -> bool {
        self.unreadable_because().is_some()
    }

    /// The diagnostic that kept nestor from reading the file ([`Self::is_unreadable`]).
    pub fn unreadable_because(&self) -> Option<&Diagnostic> {
        self.file_diagnostics
            .iter()
            .find(|d| matches!(d.code, Code::SyntaxError | Code::ObscuredDirective))
    }

    /// Why nestor could not read the file, as the end of a sentence on it.
    pub fn unreadable_why(&self) -> &'static str {
        match self.unreadable_because().map(|d| d.code) {
            Some(Code::ObscuredDirective) => "holds a directive nestor cannot read",
            _ => "is not valid C",
        }
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

/// Rewrites every region of `src` as `options.mode` says, each only when every check
/// passes.
pub fn optimize(src: &str, options: &Options) -> FileReport {
    let front = frontend::analyze_file(src, &options.inputs);
    let mut ctx = new_context();
    let mut regions: Vec<RegionReport> = front.rejected.iter().map(rejected_report).collect();
    let mut replacements = Vec::new();
    for (index, region) in front.regions.iter().enumerate() {
        let (report, edits) = run_region(&mut ctx, src, region, index, &front, options);
        let retry = report.never_modelled && !region.nests.is_empty();
        let mut parts = Vec::new();
        // The source's own parallel loop keeps its note beside its nests'.
        if !retry || region.user_parallel.is_some() {
            parts.push((report, edits));
        }
        if retry {
            for nest in &region.nests {
                parts.push(run_region(&mut ctx, src, nest, index, &front, options));
            }
        }
        for (report, edits) in parts {
            replacements.extend(edits);
            regions.push(report);
        }
    }
    regions.sort_by_key(|r| r.span.start);
    if let Some(file) = &options.line_directives {
        replacements = with_line_directives(src, replacements, file);
    }
    FileReport {
        output: without_unused_declarations(src, &replacements, options),
        regions,
        file_diagnostics: front.file_diagnostics,
        defines_main: front.defines_main,
    }
}

/// The report and edits of `region`, the `index`-th of the file.
fn run_region(
    ctx: &mut Context,
    src: &str,
    region: &Region,
    index: usize,
    front: &frontend::Frontend,
    options: &Options,
) -> (RegionReport, Vec<(Span, String)>) {
    let mut region = region.with_temporaries(&options.temporaries);
    if options.assume_no_alias {
        region.may_overlap.clear();
    }
    let region = &region;
    let original = &src[region.span.clone()];
    let (mut report, edits) = isolated(ctx, region, options, |ctx| {
        process_region(ctx, region, original, index, &front.identifiers, options)
    });
    report.index = Some(index);
    (report, edits)
}

/// Runs the work on one region in a child process ([`contain::contained`]), isolating
/// a crash (of isl, or a stack overflow) to it: the region is then left as written with
/// an N206 error. A panic (a bug in nestor) is caught inside, with N205.
fn isolated(
    ctx: &mut Context,
    region: &Region,
    options: &Options,
    work: impl FnOnce(&Context) -> (RegionReport, Vec<(Span, String)>),
) -> (RegionReport, Vec<(Span, String)>) {
    let contained = contain::contained(|| {
        if options.fault_in(&region.function) == Some(FaultKind::Crash) {
            std::process::abort();
        }
        without_panics(ctx, region, options, work)
    });
    match contained {
        Ok(done) => done,
        Err(crash) => failed_region(
            region,
            Code::AnalysisCrashed,
            format!("the analysis of this region crashed (it was {crash})"),
            "isl or nestor",
        ),
    }
}

/// Runs the work on one region, isolating a panic (a bug in nestor) to it: the region
/// is then left as written with an N205 error, and the regions after it get a fresh
/// isl context (the panic may have left the old one mid-computation).
fn without_panics(
    ctx: &mut Context,
    region: &Region,
    options: &Options,
    work: impl FnOnce(&Context) -> (RegionReport, Vec<(Span, String)>),
) -> (RegionReport, Vec<(Span, String)>) {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if options.fault_in(&region.function) == Some(FaultKind::Panic) {
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
    failed_region(
        region,
        Code::InternalError,
        format!("nestor failed on this region (internal error: {message})"),
        "nestor",
    )
}

/// The report of a region left as written because of a bug in `culprit`, with no edits.
fn failed_region(
    region: &Region,
    code: Code,
    message: String,
    culprit: &str,
) -> (RegionReport, Vec<(Span, String)>) {
    let diagnostic = Diagnostic::new(code, region.span.clone(), message)
        .error()
        .label("left as written")
        .hint(format!(
            "this is a bug in {culprit}: please report it with the input file"
        ));
    let nest = frontend::RejectedNest {
        origin: region.origin,
        span: region.span.clone(),
        function: region.function.clone(),
        diagnostics: vec![diagnostic],
    };
    (rejected_report(&nest), Vec::new())
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
        index: None,
        alternatives: Vec::new(),
        never_modelled: false,
        work: Work::default(),
    }
}

/// The report of a region the front end lifted, before any stage ran.
fn modelled_report(region: &Region) -> RegionReport {
    RegionReport {
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
    }
}

/// The outcome of the stages on `region` (modelled as `text`), under the run-time test
/// its arrays need, if any: the rewritten code is then laid out one level deeper.
fn versioned_outcome(
    ctx: &Context,
    region: &Region,
    index: usize,
    text: &ScopText,
    identifiers: &BTreeSet<String>,
    options: &Options,
) -> Result<Outcome, Failure> {
    let mut scop = model::build(ctx, text, Default::default())?;
    let refused = |d: Box<Diagnostic>| {
        Ok(Outcome {
            diagnostics: vec![*d],
            ..Outcome::default()
        })
    };
    let never_modelled = |d: Box<Diagnostic>| {
        Ok(Outcome {
            diagnostics: vec![*d],
            never_modelled: true,
            ..Outcome::default()
        })
    };
    let assumed = match bounds::assumptions(region, &scop, text)? {
        Assumptions::Proven => None,
        Assumptions::Checked {
            condition,
            rows,
            unsigned,
        } => {
            let test = versioning::parameter_test(region, &scop.context, condition.copy()?)?;
            // The analysis and the rewritten code assume it: the test picks them.
            scop.context = scop.context.intersect(condition)?;
            Some(versioning::Assumed {
                test,
                rows,
                unsigned,
            })
        }
        Assumptions::Unproven(d) => return never_modelled(d),
    };
    let guard = match versioning::overlap_test(region, &scop, &text.params)? {
        Ok(guard) => versioning::with_assumptions(guard, assumed, region),
        Err(untestable) => return refused(untestable),
    };
    let nested;
    let layout = match guard {
        Some(_) => {
            nested = versioning::nested(region);
            &nested
        }
        None => region,
    };
    let outcome = region_outcome(ctx, layout, index, text, scop, identifiers, options)?;
    Ok(Outcome { guard, ..outcome })
}

/// N123 when the source runs `region`'s loop in parallel (`Region::user_parallel`) and
/// the rewritten code would not run every nest so.
fn parallelism_lost(region: &Region, decisions: &[Decision]) -> Option<Diagnostic> {
    region.user_parallel.as_ref()?;
    let threads = decisions
        .iter()
        .any(|d| matches!(d, Decision::Parallel(p) if !p.simd));
    let sequential = decisions.iter().find_map(|d| match d {
        Decision::Sequential { iterator, .. } => Some(iterator.as_str()),
        _ => None,
    });
    if threads && sequential.is_none() {
        return None;
    }
    let why = match sequential {
        Some(i) => format!("its loop `{i}` would run sequentially"),
        None => "no loop of it would run in parallel".to_string(),
    };
    Some(
        Diagnostic::new(
            Code::LoopPragma,
            region.span.clone(),
            format!("the source runs this nest in parallel, but in the order nestor chose {why}; it is left as written"),
        )
        .note()
        .label("a parallel loop of the source")
        .with_note("nestor keeps a parallel loop only where its dependence analysis proves the iterations independent")
        .hint("check that the iterations are independent, or keep this nest as written"),
    )
}

/// The note of a region with no statement to schedule.
fn nothing_to_schedule(region: &Region) -> Diagnostic {
    Diagnostic::new(
        Code::UnsupportedStatement,
        region.span.clone(),
        "the region has no statements to schedule",
    )
    .note()
    .label("left as written")
}

/// N203: the generated code does not parse (a bug in nestor).
fn unparsable_code(region: &Region) -> Diagnostic {
    Diagnostic::new(
        Code::CodegenCheck,
        region.span.clone(),
        "the generated code does not parse; the region is left as written",
    )
    .error()
    .label("this region")
    .hint("this is a bug in nestor: please report it with the input file")
}

/// The report and edits of `region`, whose text is `original`.
fn process_region(
    ctx: &Context,
    region: &Region,
    original: &str,
    index: usize,
    identifiers: &BTreeSet<String>,
    options: &Options,
) -> (RegionReport, Vec<(Span, String)>) {
    let mut report = modelled_report(region);
    let text = match model::scop_text(region) {
        Ok(text) => text,
        Err(diag) => {
            report.diagnostics.push(*diag);
            return (report, Vec::new());
        }
    };
    report.model = Some(text.clone());
    if region.statements.is_empty() {
        report.diagnostics.push(nothing_to_schedule(region));
        return (report, Vec::new());
    }
    work::take(ctx);
    let outcome = with_budget(ctx, options.isl_budget, || {
        if options.fault_in(&region.function) == Some(FaultKind::IslError) {
            return Err(Failure::Unexpected(
                "fault injected by a test hook".to_string(),
            ));
        }
        // isl's reading and printing of every relation: for `explain` alone.
        if options.analyze {
            report.model = Some(model::canonical(ctx, &text)?);
        }
        versioned_outcome(ctx, region, index, &text, identifiers, options)
    });
    report.work = work::take(ctx);
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
    report.alternatives = outcome.alternatives;
    report.applied = outcome.applied;
    report.never_modelled = outcome.never_modelled;
    if let Some(lost) = parallelism_lost(region, &report.decisions) {
        report.diagnostics.push(lost);
        report.never_modelled = true;
        return (report, Vec::new());
    }
    let Some(mut code) = outcome.code else {
        return (report, Vec::new());
    };
    if let Some(guard) = &outcome.guard {
        code = versioning::guarded(region, &guard.condition, &code, original);
    }
    if options.fault_in(&region.function) == Some(FaultKind::UnparsableCode) {
        code.push_str("\n} /* fault injected by a test hook */");
    }
    if !codegen::parses_as_block(&code) {
        report.diagnostics.push(unparsable_code(region));
        return (report, Vec::new());
    }
    if let Some(guard) = outcome.guard {
        report.diagnostics.push(decision::versioned(
            region,
            &guard.pairs,
            &guard.rows,
            guard.unsigned,
        ));
        report.decisions.push(Decision::Versioned {
            pairs: guard.pairs,
            rows: guard.rows,
            unsigned: guard.unsigned,
        });
    }
    report.status = Status::Rewritten;
    report.generated = Some(code.clone());
    let mut edits = vec![(region.span.clone(), code)];
    edits.extend(outcome.declarations);
    (report, edits)
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
        IslFailure::Overflow(what) => Diagnostic::new(
            Code::GeneratedOverflow,
            span.clone(),
            format!(
                "{what} of the rewritten code may exceed 64-bit integers, where the original does not overflow"
            ),
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

/// `src` with `replacements` made, without the declarations of local variables that
/// `src` used and the rewrite no longer does (`frontend::unused`), so that unused-variable warnings
/// of the original's build do not appear.
fn without_unused_declarations(
    src: &str,
    replacements: &[(Span, String)],
    options: &Options,
) -> String {
    let rewritten = splice(src, replacements);
    if rewritten == src || !frontend::unused::may_leave_unused(src, replacements) {
        return rewritten;
    }
    let unused = frontend::unused::unused_declarations(src, &rewritten, &options.inputs.headers);
    let deletions: Vec<(Span, String)> = unused.into_iter().map(|s| (s, String::new())).collect();
    splice(&rewritten, &deletions)
}

/// `replacements` of `src` with, after each text whose number of lines differs from
/// the span's, `#line N "file"`: `N` the line the span ends on, which the rest of that
/// line (after the directive) then is, so every later line keeps its number.
fn with_line_directives(
    src: &str,
    replacements: Vec<(Span, String)>,
    file: &str,
) -> Vec<(Span, String)> {
    let lines = |s: &str| s.matches('\n').count();
    replacements
        .into_iter()
        .map(|(span, text)| {
            if lines(&text) == lines(&src[span.clone()]) {
                return (span, text);
            }
            let line = lines(&src[..span.end]) + 1;
            (span, format!("{text}\n#line {line} \"{file}\"\n"))
        })
        .collect()
}

/// What must precede `text` spliced in at byte `at` of `src`: where `text` starts with
/// a preprocessor directive (`#ifdef _OPENMP` above a parallel loop) and code precedes
/// `at` on its logical line (`int main(void){ for (...)`, or `cnt++; \` on the line
/// before), a line break and the line's indentation, since a directive only starts a
/// line; else nothing.
fn directive_line_break(src: &str, at: usize, text: &str) -> String {
    let before = &src[logical_line_start(src, at)..at];
    let code = before.replace("\\\r\n", "").replace("\\\n", "");
    if !text.starts_with('#') || code.trim().is_empty() {
        return String::new();
    }
    let ending = if src.contains("\r\n") { "\r\n" } else { "\n" };
    format!("{ending}{}", crate::frontend::line_indent(src, at))
}

/// The first byte of the logical line holding byte `at`: a physical line ending in `\`
/// continues onto the next.
fn logical_line_start(src: &str, at: usize) -> usize {
    let mut start = src[..at].rfind('\n').map_or(0, |p| p + 1);
    while start > 0 {
        let previous = &src[..start - 1];
        let previous = previous.strip_suffix('\r').unwrap_or(previous);
        if !previous.ends_with('\\') {
            break;
        }
        start = previous.rfind('\n').map_or(0, |p| p + 1);
    }
    start
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
        out.push_str(&directive_line_break(src, span.start, text));
        out.push_str(text);
        at = span.end;
    }
    out.push_str(&src[at..]);
    out
}
