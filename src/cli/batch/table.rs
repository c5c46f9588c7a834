//! The batch's table: a row per file (regions, time, verify, notes) and the totals.

use super::{FileResult, Summary};
use crate::cli::Ui;
use nestor::driver::pipeline::Status;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The human summary: a row per file (unless `--quiet`), then the totals.
pub(super) fn table(s: &Summary, ui: Ui) -> String {
    let mut out = String::new();
    if !ui.quiet && !s.files.is_empty() {
        file_rows(s, ui, &mut out);
        out.push('\n');
    }
    totals_lines(s, &mut out);
    out
}

/// The table's header and one row per file (with its regions and verify detail when
/// verbose).
fn file_rows(s: &Summary, ui: Ui, out: &mut String) {
    let width = s
        .files
        .iter()
        .map(|f| f.input.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 60);
    let _ = write!(
        out,
        "{:<width$}  {:>7}  {:>9}  {:>9}  {:>10}",
        "file", "regions", "rewritten", "unchanged", "time"
    );
    if s.verify {
        let _ = write!(out, "  {:<12}", "verify");
    }
    out.push_str("  notes\n");
    for f in &s.files {
        let rewritten = f
            .regions
            .iter()
            .filter(|r| r.status == Status::Rewritten)
            .count();
        let (regions, rewritten, unchanged) = if f.error.is_some() && f.regions.is_empty() {
            ("-".to_string(), "-".to_string(), "-".to_string())
        } else {
            (
                f.regions.len().to_string(),
                rewritten.to_string(),
                (f.regions.len() - rewritten).to_string(),
            )
        };
        let _ = write!(
            out,
            "{:<width$}  {regions:>7}  {rewritten:>9}  {unchanged:>9}  {:>7.1} ms",
            f.input, f.tool_ms
        );
        if s.verify {
            let v = f.verify.as_ref().map_or("-", |v| v.result);
            let _ = write!(out, "  {v:<12}");
        }
        let _ = writeln!(out, "  {}", file_notes(f).join("; ").trim_end());
        if ui.verbose {
            for r in &f.regions {
                let _ = writeln!(out, "    {}", r.summary);
            }
            if let Some(v) = &f.verify {
                for l in v.detail.lines() {
                    let _ = writeln!(out, "    verify: {l}");
                }
            }
        }
    }
}

/// A file row's notes: its error, its regions' reasons by code, a verify difference.
fn file_notes(f: &FileResult) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(e) = &f.error {
        notes.push(format!("{}: {}", e.kind, e.message));
    }
    let mut codes: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &f.regions {
        if let Some(c) = &r.reason {
            *codes.entry(c).or_default() += 1;
        }
    }
    if !codes.is_empty() {
        notes.push(
            codes
                .iter()
                .map(|(c, n)| format!("{c} x{n}"))
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    if let Some(v) = &f.verify
        && v.result != "identical"
        && v.result != "no-main"
    {
        notes.push(v.detail.lines().next().unwrap_or("").to_string());
    }
    notes
}

/// The totals under the table: files, regions, reasons, failures, verify, tool time.
fn totals_lines(s: &Summary, out: &mut String) {
    let t = &s.totals;
    let _ = writeln!(
        out,
        "{} file{}: {} rewritten, {} unchanged, {} failed (copied unchanged when readable)",
        t.files,
        plural(t.files),
        t.files_rewritten,
        t.files_unchanged,
        t.files_failed
    );
    let _ = writeln!(
        out,
        "{} region{}: {} rewritten, {} unchanged",
        t.regions,
        plural(t.regions),
        t.regions_rewritten,
        t.regions_unchanged
    );
    if !t.unchanged_by_code.is_empty() {
        let _ = writeln!(out, "unchanged regions by reason:");
        for (code, n) in &t.unchanged_by_code {
            let name = nestor::support::diag::Code::ALL
                .iter()
                .find(|c| c.as_str() == code)
                .map_or("", |c| c.name());
            let _ = writeln!(out, "  {code} {name:<24} {n:>5}");
        }
    }
    if !t.failed_by_kind.is_empty() {
        let _ = writeln!(out, "failed files by kind:");
        for (kind, n) in &t.failed_by_kind {
            let _ = writeln!(out, "  {kind:<29} {n:>5}");
        }
    }
    if let Some(v) = &t.verify {
        let count = |k: &str| v.get(k).copied().unwrap_or(0);
        let _ = writeln!(
            out,
            "verify: {} identical, {} differs, {} no-main, {} inconclusive, {} not run (failed files)",
            count("identical"),
            count("differs"),
            count("no-main"),
            count("inconclusive"),
            t.files - v.values().sum::<usize>()
        );
    }
    let slowest = s
        .files
        .iter()
        .max_by(|a, b| a.tool_ms.total_cmp(&b.tool_ms));
    let _ = writeln!(
        out,
        "tool time: {:.3} s total, {:.1} ms mean, {:.1} ms max{}; wall {:.3} s with {} worker{}",
        t.tool_ms / 1e3,
        if t.files > 0 {
            t.tool_ms / t.files as f64
        } else {
            0.0
        },
        slowest.map_or(0.0, |f| f.tool_ms),
        slowest.map_or(String::new(), |f| format!(" ({})", f.input)),
        s.wall_ms / 1e3,
        s.workers,
        plural(s.workers)
    );
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
