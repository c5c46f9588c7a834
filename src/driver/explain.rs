//! `nestor explain`: per region, its span, status, statements with domains and
//! accesses in isl notation, and the diagnostics — plain text, deterministic.

use crate::driver::pipeline::{FileReport, RegionReport, Status};
use crate::frontend::Origin;
use crate::frontend::ir::AccessKind;
use crate::support::diag::line_col;
use std::fmt::Write;

/// The report as text. Diagnostics are listed as `CODE line:col message`; the CLI
/// renders them in full separately.
pub fn explain(src: &str, report: &FileReport) -> String {
    let mut out = String::new();
    for d in &report.file_diagnostics {
        let (l, c) = line_col(src, d.span.start);
        let _ = writeln!(out, "file: {} {l}:{c} {}", d.code.as_str(), d.message);
    }
    if report.regions.is_empty() && report.file_diagnostics.is_empty() {
        out.push_str("no loop nests found\n");
    }
    for (k, r) in report.regions.iter().enumerate() {
        region(&mut out, src, k + 1, r);
    }
    out
}

fn region(out: &mut String, src: &str, number: usize, r: &RegionReport) {
    let (l0, c0) = line_col(src, r.span.start);
    let (l1, c1) = line_col(src, r.span.end);
    let origin = match r.origin {
        Origin::Pragma => "#pragma scop",
        Origin::Auto => "automatic",
    };
    let status = match r.status {
        Status::Rewritten => "rewritten",
        Status::Unchanged => "unchanged",
    };
    let _ = writeln!(
        out,
        "region {number} in {} at {l0}:{c0}-{l1}:{c1} ({origin}): {status}",
        r.function
    );
    if let Some(m) = &r.model {
        let _ = writeln!(out, "  context: {}", m.context);
        for (k, (name, span)) in r.statements.iter().enumerate() {
            let (l, _) = line_col(src, span.start);
            let text: String = src[span.clone()]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let _ = writeln!(out, "  {name} (line {l}): {text}");
            let _ = writeln!(out, "    domain: {}", m.domains[k]);
            for (kind, rel) in &m.accesses[k] {
                let kind = match kind {
                    AccessKind::Read => "read ",
                    AccessKind::Write => "write",
                };
                let _ = writeln!(out, "    {kind} {rel}");
            }
        }
        let _ = writeln!(out, "  schedule:");
        for line in m.schedule.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    if let Some(df) = &r.dataflow {
        let _ = writeln!(out, "  flow dependences: {}", df.flow);
        let _ = writeln!(
            out,
            "  live ranges (write -> reads of its value): {}",
            df.live_ranges
        );
        let _ = writeln!(out, "  live-in reads: {}", df.live_in);
        let _ = writeln!(out, "  live-out writes: {}", df.live_out);
        let _ = writeln!(
            out,
            "  memory-based dependences (not constraints): {}",
            df.memory
        );
    }
    if let Some(search) = &r.search {
        let _ = writeln!(
            out,
            "  search: estimated cache lines {:.3e} as written, {:.3e} chosen ({} checked{})",
            search.original_cost,
            search.cost,
            match search.considered.len() {
                1 => "1 candidate".to_string(),
                n => format!("{n} candidates"),
            },
            if search.exhausted {
                ", budget spent"
            } else {
                ""
            }
        );
        for c in &search.considered {
            let _ = writeln!(
                out,
                "    candidate: {} — cost {:.3e}, {}",
                c.change, c.cost, c.verdict
            );
        }
        if search.considered.is_empty() {
            let _ = writeln!(out, "    no candidate is cheaper than the order as written");
        }
    }
    for d in &r.decisions {
        let _ = writeln!(out, "  decision: {d}");
    }
    if r.model.is_some() {
        let _ = writeln!(
            out,
            "  work: {} legality checks, {} isl operations",
            r.work.checks, r.work.operations
        );
    }
    for d in &r.diagnostics {
        let (l, c) = line_col(src, d.span.start);
        let _ = writeln!(out, "  {} {l}:{c} {}", d.code.as_str(), d.message);
    }
}
