//! One line per region saying what nestor decided, from the public fields of
//! `RegionReport`: loops before -> after and the decisions for a rewritten region, the
//! diagnostic that explains an unchanged one.

use nestor::driver::pipeline::{FileReport, Status};
use nestor::frontend::syntax::for_loops;
use nestor::support::diag::{Code, Severity, Span, line_col};
use nestor::transform::decision::Decision;

#[derive(Clone, Debug)]
pub struct RegionSummary {
    /// 1-based, in source order (as `nestor explain` numbers them).
    pub number: usize,
    pub function: String,
    /// First and last line of the region (1-based, inclusive).
    pub lines: (usize, usize),
    pub rewritten: bool,
    /// `for` loops in the region as written.
    pub loops_before: usize,
    /// `for` loops in the generated code, when it could be located in the output.
    pub loops_after: Option<usize>,
    /// For an unchanged region: the code and message of the diagnostic that explains it.
    pub reason: Option<(Code, String)>,
    /// How many further warnings or errors the region has besides `reason`.
    pub more_reasons: usize,
    pub decisions: Vec<Decision>,
    /// Every diagnostic code of the region, in order, without repeats.
    pub codes: Vec<Code>,
}

impl RegionSummary {
    /// `region 1 (kernel_gemm, lines 18-25): rewritten, 3 loops -> 3 loops, original schedule`
    pub fn line(&self) -> String {
        format!(
            "region {} ({}, lines {}-{}): {}",
            self.number,
            self.function_name(),
            self.lines.0,
            self.lines.1,
            self.decision()
        )
    }

    /// `region 1 (kernel_gemm): 3 loops -> 3 loops, original schedule`, for hunk headers.
    pub fn short(&self) -> String {
        format!(
            "region {} ({}): {}",
            self.number,
            self.function_name(),
            self.decision()
        )
    }

    fn function_name(&self) -> &str {
        if self.function.is_empty() {
            "file scope"
        } else {
            &self.function
        }
    }

    /// What was decided, without the region's name.
    pub fn decision(&self) -> String {
        if self.rewritten {
            let after = self
                .loops_after
                .map_or_else(|| "?".to_string(), |n| n.to_string());
            let mut texts: Vec<String> = self.decisions.iter().map(Decision::to_string).collect();
            if !self.decisions.iter().any(Decision::changes_code) {
                texts.insert(0, "original schedule".to_string());
            }
            let what = texts.join("; ");
            return format!("rewritten, {} -> {after} loops, {what}", self.loops_before);
        }
        match &self.reason {
            Some((code, message)) => {
                let more = match self.more_reasons {
                    0 => String::new(),
                    n => format!(" (and {n} more)"),
                };
                format!("unchanged: {} {message}{more}", code.as_str())
            }
            None => "unchanged".to_string(),
        }
    }
}

/// The summaries of every region of `report`, whose input was `src`.
pub fn summarize(src: &str, report: &FileReport) -> Vec<RegionSummary> {
    report
        .regions
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let rewritten = r.status == Status::Rewritten;
            let loops_after = r.generated.as_deref().map(for_loops);
            let problems: Vec<_> = r
                .diagnostics
                .iter()
                .filter(|d| d.severity >= Severity::Warning)
                .collect();
            let reason = if rewritten {
                None
            } else {
                problems
                    .first()
                    .copied()
                    .or(r.diagnostics.first())
                    .map(|d| (d.code, d.message.clone()))
            };
            let mut codes = Vec::new();
            for d in &r.diagnostics {
                if !codes.contains(&d.code) {
                    codes.push(d.code);
                }
            }
            RegionSummary {
                number: k + 1,
                function: r.function.clone(),
                lines: lines_of(src, &r.span),
                rewritten,
                loops_before: src.get(r.span.clone()).map_or(0, for_loops),
                loops_after,
                more_reasons: if reason.is_some() {
                    problems.len().saturating_sub(1)
                } else {
                    0
                },
                reason,
                decisions: r.decisions.clone(),
                codes,
            }
        })
        .collect()
}

/// First and last line (1-based) of a byte span.
pub fn lines_of(src: &str, span: &Span) -> (usize, usize) {
    let first = line_col(src, span.start).0;
    let last = line_col(src, span.end.saturating_sub(1).max(span.start)).0;
    (first, last)
}
