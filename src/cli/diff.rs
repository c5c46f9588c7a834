//! `nestor diff`: a unified diff (similar's) of the input against the optimized file,
//! preceded by one `#` line per region and with each hunk header naming its regions.
//! `patch` and `git apply` skip the `#` lines and the text after a hunk's `@@`.

use super::summary::RegionSummary;
use super::termcolor::{Color, ColorSpec, WriteColor};
use similar::udiff::UnifiedHunkHeader;
use similar::{ChangeTag, DiffTag, TextDiff};
use std::io;
use std::path::Path;

pub struct Labels {
    pub old: String,
    pub new: String,
    /// Emit a `diff --git` line first (for git apply's default `-p1`).
    pub git: bool,
    /// End the `---` and `+++` lines with a tab, as git does for a name with a space:
    /// GNU patch reads such a name whole only when a tab ends it.
    pub tab: bool,
}

impl Labels {
    /// `--- NAME` / `+++ NAME` (for `patch -p0`), or `a/NAME` / `b/NAME` with `git`;
    /// NAME is the path's bytes, quoted as git quotes them where needed.
    pub fn for_path(path: &Path, git: bool) -> Labels {
        let name = path.as_os_str().as_encoded_bytes();
        let label = |prefix: &str| quote_name(&[prefix.as_bytes(), name].concat());
        let (old, new) = if git {
            (label("a/"), label("b/"))
        } else {
            (label(""), label(""))
        };
        Labels {
            tab: !old.starts_with('"') && name.contains(&b' '),
            old,
            new,
            git,
        }
    }
}

/// A file name as git writes it in a diff header: as it is, or, when it has a control
/// character, `"`, `\` or a byte outside ASCII, in double quotes with C escapes (octal
/// for bytes without a named one). `git apply` and GNU `patch` read both forms.
pub fn quote_name(name: &[u8]) -> String {
    let needs_quotes = |b: u8| b < 0x20 || b == b'"' || b == b'\\' || b >= 0x7f;
    if !name.iter().any(|&b| needs_quotes(b)) {
        // Only ASCII here, so the bytes are UTF-8.
        return String::from_utf8_lossy(name).into_owned();
    }
    let mut out = String::from("\"");
    for &b in name {
        match b {
            0x07 => out.push_str("\\a"),
            0x08 => out.push_str("\\b"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            0x0b => out.push_str("\\v"),
            0x0c => out.push_str("\\f"),
            b'\r' => out.push_str("\\r"),
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b if needs_quotes(b) => out.push_str(&format!("\\{b:03o}")),
            b => out.push(char::from(b)),
        }
    }
    out.push('"');
    out
}

/// Writes the summary lines and the diff of `old` against `new` to `out`. Lines are
/// what patch and git apply take them to be: text up to and including a `\n`, so a
/// `\r` before it (CRLF files) or anywhere else is kept in the diff as it is.
pub fn write(
    out: &mut dyn WriteColor,
    name: &str,
    old: &str,
    new: &str,
    summaries: &[RegionSummary],
    labels: &Labels,
) -> io::Result<()> {
    let preamble = ColorSpec::new().set_fg(Some(Color::Yellow)).clone();
    // A name with a line break must not end the `#` line early.
    let shown = if name.chars().any(char::is_control) {
        quote_name(name.as_bytes())
    } else {
        name.to_string()
    };
    let rewritten = summaries.iter().filter(|s| s.rewritten).count();
    let head = match summaries.len() {
        0 => format!("# nestor: {shown}: no loop nests found"),
        n => format!(
            "# nestor: {shown}: {n} region{}, {rewritten} rewritten, {} unchanged{}",
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
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let diff = TextDiff::configure().diff_slices(&old_lines, &new_lines);
    let meta = ColorSpec::new().set_bold(true).clone();
    if labels.git {
        line(
            out,
            &meta,
            &format!("diff --git {} {}", labels.old, labels.new),
        )?;
    }
    let tab = if labels.tab { "\t" } else { "" };
    line(out, &meta, &format!("--- {}{tab}", labels.old))?;
    line(out, &meta, &format!("+++ {}{tab}", labels.new))?;
    let frag = ColorSpec::new().set_fg(Some(Color::Cyan)).clone();
    let removed = ColorSpec::new().set_fg(Some(Color::Red)).clone();
    let added = ColorSpec::new().set_fg(Some(Color::Green)).clone();
    let context = ColorSpec::new();
    for ops in diff.grouped_ops(3) {
        if ops.is_empty() {
            continue;
        }
        // `@@ -a,b +c,d @@`; the rest of that line is free text for patch and git
        // apply, so the regions' decisions go there.
        out.set_color(&frag)?;
        write!(out, "{}", UnifiedHunkHeader::new(&ops))?;
        out.reset()?;
        let regions = hunk_regions(&ops, summaries);
        if !regions.is_empty() {
            write!(out, " {}", regions.join("; "))?;
        }
        writeln!(out)?;
        for op in &ops {
            for change in diff.iter_changes(op) {
                let (spec, tag) = match change.tag() {
                    ChangeTag::Delete => (&removed, '-'),
                    ChangeTag::Insert => (&added, '+'),
                    ChangeTag::Equal => (&context, ' '),
                };
                diff_line(out, spec, tag, change.value())?;
            }
        }
    }
    Ok(())
}

/// One line of a hunk, byte for byte, with its tag; the colour ends before the line
/// end. A last line without `\n` is followed by the marker patch and git expect.
fn diff_line(out: &mut dyn WriteColor, spec: &ColorSpec, tag: char, text: &str) -> io::Result<()> {
    let body = text
        .strip_suffix("\r\n")
        .or_else(|| text.strip_suffix('\n'))
        .unwrap_or(text);
    out.set_color(spec)?;
    write!(out, "{tag}{body}")?;
    out.reset()?;
    match &text[body.len()..] {
        "" => write!(out, "\n\\ No newline at end of file\n"),
        end => write!(out, "{end}"),
    }
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
        let labels = Labels::for_path(Path::new("k.c"), false);
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
        let labels = Labels::for_path(Path::new("k.c"), true);
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
    fn names_are_quoted_as_git_quotes_them() {
        assert_eq!(quote_name(b"k.c"), "k.c");
        assert_eq!(quote_name(b"a b.c"), "a b.c");
        assert_eq!(quote_name(b"q\"t.c"), r#""q\"t.c""#);
        assert_eq!(quote_name(b"b\\s.c"), r#""b\\s.c""#);
        assert_eq!(quote_name(b"t\tn\nr\r.c"), r#""t\tn\nr\r.c""#);
        assert_eq!(quote_name("caf\u{e9}.c".as_bytes()), r#""caf\303\251.c""#);
        assert_eq!(quote_name(b"x\xff\x01.c"), r#""x\377\001.c""#);
        // A name with a space is not quoted; a tab ends its `---` and `+++` lines.
        let spaced = Labels::for_path(Path::new("a b.c"), true);
        assert_eq!(
            (spaced.old.as_str(), spaced.new.as_str()),
            ("a/a b.c", "b/a b.c")
        );
        assert!(spaced.tab);
        let quoted = Labels::for_path(Path::new("a \"b.c"), true);
        assert_eq!(quoted.old, r#""a/a \"b.c""#);
        assert!(!quoted.tab);
        let mut buf = Buffer::no_color();
        write(&mut buf, "a b.c", "a\n", "b\n", &[], &spaced).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(
            text.contains("diff --git a/a b.c b/a b.c\n--- a/a b.c\t\n+++ b/a b.c\t\n"),
            "{text:?}"
        );
    }

    #[test]
    fn carriage_returns_and_a_missing_last_newline_are_kept() {
        let labels = Labels::for_path(Path::new("k.c"), false);
        let mut buf = Buffer::no_color();
        write(
            &mut buf,
            "k.c",
            "a\r\nb\rc\r\nd",
            "a\r\nB\r\nd",
            &[],
            &labels,
        )
        .unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(
            text.ends_with(
                "@@ -1,3 +1,3 @@\n a\r\n-b\rc\r\n+B\r\n d\n\\ No newline at end of file\n"
            ),
            "{text:?}"
        );
        // In colour, the colour ends before the line end.
        let mut buf = Buffer::ansi();
        write(&mut buf, "k.c", "a\r\n", "b\r\n", &[], &labels).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(text.contains("-a\x1b[0m\r\n"), "{text:?}");
    }

    #[test]
    fn colours_only_when_asked() {
        let mut buf = Buffer::ansi();
        let labels = Labels::for_path(Path::new("k.c"), false);
        write(&mut buf, "k.c", "a\n", "b\n", &[], &labels).unwrap();
        let text = String::from_utf8(buf.into_inner()).unwrap();
        assert!(text.contains("\x1b["), "{text:?}");
    }
}
