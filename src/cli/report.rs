//! Running the pipeline with the command line's options, and rendering its findings.

use super::args::{AnalysisArgs, RewriteArgs};
use super::termcolor::{StandardStream, WriteColor};
use super::{Exit, Ui};
use nestor::driver::pipeline::{self, FileReport};
use nestor::frontend;
use nestor::support::diag::{self, Severity};
use nestor::transform::rewrites::Transform;
use nestor::transform::tiling::TileSizes;
use nestor::transform::tiling::cache::Caches;
use std::io::Write;

/// The pipeline options for the command line's analysis and rewrite options.
// Spelled with `..Default::default()` so that options the pipeline gains later keep
// their defaults here without a change.
#[allow(clippy::needless_update)]
pub fn options(analysis: &AnalysisArgs, rewrite: &RewriteArgs, analyze: bool) -> pipeline::Options {
    pipeline::Options {
        inputs: frontend::Inputs {
            defines: analysis.int_defines(),
            other_macros: analysis.other_macros(),
            pure: analysis.pure.clone(),
            ..Default::default()
        },
        isl_budget: analysis.isl_budget,
        mode: rewrite.mode(),
        analyze,
        contract: !rewrite.identity && !rewrite.no_contract,
        parallel: !rewrite.identity && !rewrite.no_parallel,
        tile: (!rewrite.identity && !rewrite.no_tile).then(|| {
            if rewrite.tile_size.is_empty() {
                TileSizes::Model(rewrite.cache.unwrap_or_else(Caches::host))
            } else {
                TileSizes::Fixed(rewrite.tile_size.clone())
            }
        }),
        temporaries: rewrite.temporary.clone(),
        assume_no_alias: rewrite.assume_no_alias,
        ..Default::default()
    }
}

/// Renders every diagnostic on standard error (warnings and notes only without
/// `--quiet`); `Err(Exit::NotC)` when the file is not valid C.
pub fn diagnostics(
    name: &str,
    src: &str,
    report: &FileReport,
    ui: Ui,
    ignore: &[diag::Code],
) -> Result<(), Exit> {
    let mut stderr = StandardStream::stderr(ui.stderr_color());
    render_all(&mut stderr, name, src, report, ui.quiet, ignore);
    super::sarif::record(name, src, report, ignore);
    if report.is_unreadable() {
        let why = report.unreadable_why();
        let _ = writeln!(
            stderr,
            "nestor: error: `{name}` {why}; nothing was rewritten"
        );
        return Err(Exit::NotC);
    }
    Ok(())
}

fn render_all(
    out: &mut dyn WriteColor,
    name: &str,
    src: &str,
    report: &FileReport,
    quiet: bool,
    ignore: &[diag::Code],
) {
    for d in report.distinct_diagnostics() {
        let shown = d.severity == Severity::Error || (!quiet && !ignore.contains(&d.code));
        if shown {
            // Diagnostics go to standard error: a failed write there has nowhere to go.
            let _ = diag::render(out, name, src, d);
        }
    }
}

/// `value` with every byte range in it (an object `{"start": a, "end": b}`, such as a
/// diagnostic's or a region's `span`) also given as 1-based `line`, `column`,
/// `end_line` and `end_column` in `src` (columns in characters, the end exclusive).
pub fn with_positions(value: &mut serde_json::Value, src: &str) {
    use serde_json::Value;
    match value {
        Value::Object(fields) => {
            let range = match (fields.get("start"), fields.get("end")) {
                (Some(Value::Number(a)), Some(Value::Number(b))) if fields.len() == 2 => {
                    a.as_u64().zip(b.as_u64())
                }
                _ => None,
            };
            if let Some((start, end)) = range {
                let (line, column) = diag::line_col(src, start as usize);
                let (end_line, end_column) = diag::line_col(src, end as usize);
                for (key, n) in [
                    ("line", line),
                    ("column", column),
                    ("end_line", end_line),
                    ("end_column", end_column),
                ] {
                    fields.insert(key.to_string(), n.into());
                }
                return;
            }
            fields.values_mut().for_each(|v| with_positions(v, src));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| with_positions(v, src)),
        _ => {}
    }
}

/// `Err(Exit::Refused)` (after saying so) when a requested transformation was refused
/// somewhere or applied nowhere.
pub fn refusals(name: &str, report: &FileReport, transforms: &[Transform]) -> Result<(), Exit> {
    let refused = report.refused_transforms(transforms);
    if refused.is_empty() {
        return Ok(());
    }
    for t in refused {
        super::error(format!(
            "{t} was not applied to `{name}` (refused or not applicable; see above)"
        ));
    }
    Err(Exit::Refused)
}
