//! `nestor diff`: a unified diff (similar's) of the input against the optimized file,
//! preceded by one `#` line per region and with each hunk header naming its regions.
//! `patch` and `git apply` skip the `#` lines and the text after a hunk's `@@`.

use super::summary::RegionSummary;
use super::termcolor::{Color, ColorSpec, WriteColor};
use similar::{DiffTag, TextDiff};
use std::io;

pub struct Labels {
    pub old: String,
    pub new: String,
    /// Emit a `diff --git` line first (for git apply's default `-p1`).
    pub git: bool,
}

impl Labels {
    /// `--- NAME` / `+++ NAME` (for `patch -p0`), or `a/NAME` / `b/NAME` with `git`.
    pub fn for_file(name: &str, git: bool) -> Labels {
        if git {
            Labels {
                old: format!("a/{name}"),
                new: format!("b/{name}"),
                git,
            }
        } else {
            Labels {
                old: name.to_string(),
                new: name.to_string(),
                git,
            }
        }
    }
}

/// Writes the summary lines and the diff of `old` against `new` to `out`.
pub fn write(
    out: &mut dyn WriteColor,
    name: &str,
    old: &str,
    new: &str,
    summaries: &[RegionSummary],
    labels: &Labels,
) -> io::Result<()> {
    let preamble = ColorSpec::new().set_fg(Some(Color::Yellow)).clone();
    let rewritten = summaries.iter().filter(|s| s.rewritten).count();
    let head = match summaries.len() {
        0 => format!("# nestor: {name}: no loop nests found"),
        n => format!(
            "# nestor: {name}: {n} region{}, {rewritten} rewritten, {} unchanged{}",
            if n == 1 { "" } else { "s" },
            n - rewritten,
            if rewritten > 0 && old == new {
                " (the generated code is identical to the original)"
            } else {
                ""
            }
        ),
    };
    line(out, &preamble, &head)?;
    for s in summaries {
        line(out, &preamble, &format!("# {}", s.line()))?;
    }
    if old == new {
        return Ok(());
    }
    let diff = TextDiff::from_lines(old, new);
    let unified = diff.unified_diff();
    let meta = ColorSpec::new().set_bold(true).clone();
    if labels.git {
        line(
            out,
            &meta,
            &format!("diff --git {} {}", labels.old, labels.new),
        )?;
    }
    line(out, &meta, &format!("--- {}", labels.old))?;
    line(out, &meta, &format!("+++ {}", labels.new))?;
    let frag = ColorSpec::new().set_fg(Some(Color::Cyan)).clone();
    let removed = ColorSpec::new().set_fg(Some(Color::Red)).clone();
    let added = ColorSpec::new().set_fg(Some(Color::Green)).clone();
    for hunk in unified.iter_hunks() {
        let text = hunk.to_string();
        let mut lines = text.lines();
        // similar prints `@@ -a,b +c,d @@` first; the rest of that line is free text
        // for patch and git apply, so the regions' decisions go there.
        if let Some(header) = lines.next() {
            out.set_color(&frag)?;
            write!(out, "{header}")?;
            out.reset()?;
            let regions = hunk_regions(hunk.ops(), summaries);
            if !regions.is_empty() {
                write!(out, " {}", regions.join("; "))?;
            }
            writeln!(out)?;
        }
        for l in lines {
            match l.as_bytes().first() {
                Some(b'-') => line(out, &removed, l)?,
                Some(b'+') => line(out, &added, l)?,
                _ => writeln!(out, "{l}")?,
            }
        }
    }
    Ok(())
}

/// One line in a colour; the reset comes before the newline so that a pager or a
/// terminal never carries the colour over.
fn line(out: &mut dyn WriteColor, spec: &ColorSpec, text: &str) -> io::Result<()> {
    out.set_color(spec)?;
    write!(out, "{text}")?;
    out.reset()?;
    writeln!(out)
}

/// The short summaries of the regions whose lines the hunk changes.
fn hunk_regions(ops: &[similar::DiffOp], summaries: &[RegionSummary]) -> Vec<String> {
    // Lines of the old text touched by the hunk (0-based, end exclusive); an insertion
    // touches the line before and after it.
    let touched: Vec<(usize, usize)> = ops
        .iter()
        .filter(|op| op.tag() != DiffTag::Equal)
        .map(|op| {
            let r = op.old_range();
            if r.is_empty() {
                (r.start.saturating_sub(1), r.start + 1)
            } else {
                (r.start, r.end)
            }
        })
        .collect();
    summaries
        .iter()
        .filter(|s| {
            let (first, last) = (s.lines.0 - 1, s.lines.1);
            touched.iter().any(|&(a, b)| a < last && first < b)
        })
        .map(|s| s.short())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::termcolor::Buffer;

    fn summary(number: usize, lines: (usize, usize)) -> RegionSummary {
        RegionSummary {
            number,
            function: "f".into(),
            lines,
            rewritten: true,
            loops_before: 1,
            loops_after: Some(1),
            reason: None,
            more_reasons: 0,
            decisions: Vec::new(),
            codes: Vec::new(),
        }
    }

    #[test]
    fn hunk_header_names_the_region_and_plain_output_has_no_escapes() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
        let new = "a\nb\nc\nd\nE\nf\ng\nh\ni\nj\n";
        let mut buf = Buffer::no_color();
        let labels = Labels::for_file("k.c", false);
        write(&mut buf, "k.c", old, new, &[summary(1, (4, 6))], &labels).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(text.starts_with("# nestor: k.c: 1 region, 1 rewritten, 0 unchanged\n# region 1 (f, lines 4-6): rewritten, 1 -> 1 loops, original schedule\n--- k.c\n+++ k.c\n"), "{text}");
        assert!(
            text.contains(
                "@@ -2,7 +2,7 @@ region 1 (f): rewritten, 1 -> 1 loops, original schedule\n"
            ),
            "{text}"
        );
        assert!(text.contains("\n-e\n+E\n"), "{text}");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn region_outside_the_hunk_is_not_named_there() {
        let old = "a\nb\nc\n";
        let new = "A\nb\nc\n";
        let mut buf = Buffer::no_color();
        let labels = Labels::for_file("k.c", true);
        write(&mut buf, "k.c", old, new, &[summary(1, (3, 3))], &labels).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(
            text.contains(
                "diff --git a/k.c b/k.c\n--- a/k.c\n+++ b/k.c\n@@ -1,3 +1,3 @@\n-a\n+A\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn colours_only_when_asked() {
        let mut buf = Buffer::ansi();
        let labels = Labels::for_file("k.c", false);
        write(&mut buf, "k.c", "a\n", "b\n", &[], &labels).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(text.contains("\x1b["), "{text:?}");
    }
}
