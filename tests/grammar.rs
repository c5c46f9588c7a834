//! The front-end corpus: `grammar-tests/*.txt`, cases in a tree-sitter-like format:
//!
//! ```text
//! === name
//! C input
//! ---
//! expected model (isl notation) and diagnostics
//! ```
//!
//! `NESTOR_BLESS=1 cargo test --test grammar` rewrites the expectations. Accepted
//! cases with a `main` are also rewritten, compiled, run and compared.

mod common;

use common::corpus::{self, Case, Checked};
use nestor::driver::pipeline::{self, FileReport, Status};
use nestor::support::diag::line_col;
use std::fmt::Write;

/// What the front end and model made of `src`: per region its status, domains and
/// accesses, and every diagnostic as `CODE line:col`.
fn dump(src: &str, report: &FileReport) -> String {
    let mut out = String::new();
    for d in &report.file_diagnostics {
        let (l, c) = line_col(src, d.span.start);
        let _ = writeln!(out, "file {} {l}:{c}", d.code.as_str());
    }
    for r in &report.regions {
        let (l0, _) = line_col(src, r.span.start);
        let (l1, _) = line_col(src, r.span.end);
        let status = if r.status == Status::Rewritten {
            "rewritten"
        } else {
            "unchanged"
        };
        let _ = writeln!(out, "region {l0}-{l1} {status}");
        if let Some(m) = r.model.as_ref().filter(|_| r.diagnostics.is_empty()) {
            // In isl's canonical form, as `explain` prints it.
            let ctx = nestor::support::isl::new_context();
            let m = nestor::model::canonical(&ctx, m).expect("isl reads the model");
            for (k, d) in m.domains.iter().enumerate() {
                let _ = writeln!(out, "  {d}");
                for (kind, a) in &m.accesses[k] {
                    let _ = writeln!(
                        out,
                        "    {} {a}",
                        if *kind == nestor::frontend::ir::AccessKind::Read {
                            "read "
                        } else {
                            "write"
                        }
                    );
                }
            }
        }
        for d in &r.diagnostics {
            let (l, c) = line_col(src, d.span.start);
            let _ = writeln!(out, "  {} {l}:{c}", d.code.as_str());
        }
    }
    if out.is_empty() {
        out.push_str("no regions\n");
    }
    out.trim_end().to_string()
}

/// Checks one case: its dump, that untouched files come back byte-identical, and for
/// programs with a `main`, that the rewritten program behaves the same.
fn check(case: &Case) -> Result<Checked, String> {
    let report = pipeline::optimize(&case.input, &pipeline::Options::default());
    let actual = dump(&case.input, &report);
    if !report.regions.iter().any(|r| r.status == Status::Rewritten) && report.output != case.input
    {
        return Err(format!(
            "{}: nothing was rewritten but the output differs from the input",
            case.name
        ));
    }
    if case.input.contains("int main") {
        for (mode, options) in run_modes() {
            let report = pipeline::optimize(&case.input, &options);
            if report.regions.iter().any(|r| r.status == Status::Rewritten) {
                let name = format!("{} ({mode})", case.name);
                common::assert_same_behaviour(&name, &case.input, &report.output, None)?;
            }
        }
    }
    Ok(Checked::textual(case, actual))
}

/// The modes a program of the corpus is rewritten in and compared: as written
/// (regenerated), by the automatic search with contraction, and with every fusion.
fn run_modes() -> Vec<(&'static str, pipeline::Options)> {
    vec![
        ("identity", pipeline::Options::default()),
        (
            "search",
            pipeline::Options {
                mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
                contract: true,
                ..pipeline::Options::default()
            },
        ),
        (
            "fuse",
            pipeline::Options {
                mode: pipeline::Mode::Requested(vec![nestor::transform::rewrites::Transform::Fuse]),
                contract: true,
                ..pipeline::Options::default()
            },
        ),
    ]
}

#[test]
fn grammar_corpus() {
    corpus::run("grammar-tests", check);
}
