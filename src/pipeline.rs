//! Runs the stages on one file: front end, model, code generation, splicing.
//! Deterministic and free of IO: text in, text and reports out.

use crate::codegen;
use crate::diag::{Code, Diagnostic, Span};
use crate::frontend::{self, Origin, Region};
use crate::isl::{IslFailure, new_context, with_budget};
use crate::model::{self, ScopText};
use isl_rs::Context;

#[derive(Clone, Debug)]
pub struct Options {
    /// `-D NAME=VALUE` integer constants, over the file's `#define`s.
    pub defines: Vec<(String, i64)>,
    /// isl operations allowed per region (0 = unlimited).
    pub isl_budget: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defines: Vec::new(),
            isl_budget: 2_000_000,
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

/// What happened to one region (or to a nest that could not be lifted).
#[derive(Clone, Debug)]
pub struct RegionReport {
    pub origin: Origin,
    pub function: String,
    pub span: Span,
    pub status: Status,
    pub diagnostics: Vec<Diagnostic>,
    /// The model as given to isl, when the region was lifted.
    pub model: Option<ScopText>,
    /// The statements' names and source spans, in order.
    pub statements: Vec<(String, Span)>,
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
}

/// Regenerates every region of `src` from its model with the original schedule.
pub fn optimize(src: &str, options: &Options) -> FileReport {
    let front = frontend::analyze(src, &options.defines);
    let ctx = new_context();
    let mut regions: Vec<RegionReport> = front
        .rejected
        .iter()
        .map(|r| RegionReport {
            origin: r.origin,
            function: r.function.clone(),
            span: r.span.clone(),
            status: Status::Unchanged,
            diagnostics: r.diagnostics.clone(),
            model: None,
            statements: Vec::new(),
        })
        .collect();
    let mut replacements = Vec::new();
    for region in &front.regions {
        let (report, text) = process_region(&ctx, region, &front.identifiers, options);
        if let Some(text) = text {
            replacements.push((region.span.clone(), text));
        }
        regions.push(report);
    }
    regions.sort_by_key(|r| r.span.start);
    FileReport {
        output: splice(src, &replacements),
        regions,
        file_diagnostics: front.file_diagnostics,
    }
}

fn process_region(
    ctx: &Context,
    region: &Region,
    identifiers: &std::collections::BTreeSet<String>,
    options: &Options,
) -> (RegionReport, Option<String>) {
    let text = model::scop_text(region);
    let mut report = RegionReport {
        origin: region.origin,
        function: region.function.clone(),
        span: region.span.clone(),
        status: Status::Unchanged,
        diagnostics: Vec::new(),
        model: Some(text.clone()),
        statements: region
            .statements
            .iter()
            .map(|s| (s.name.clone(), s.span.clone()))
            .collect(),
    };
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
        return (report, None);
    }
    let generated = with_budget(ctx, options.isl_budget, || {
        let canonical = model::canonical(ctx, &text)?;
        report.model = Some(canonical);
        Ok(match model::build(ctx, &text)? {
            Ok(scop) => Ok(codegen::generate(region, &scop, identifiers)?),
            Err(diag) => Err(diag),
        })
    });
    let code = match generated {
        Ok(Ok(code)) => code,
        Ok(Err(diag)) => {
            report.diagnostics.push(diag);
            return (report, None);
        }
        Err(failure) => {
            report.diagnostics.push(isl_failure(failure, &region.span));
            return (report, None);
        }
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
        return (report, None);
    }
    report.status = Status::Rewritten;
    (report, Some(code))
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

/// `src` with each span replaced; spans are disjoint.
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
