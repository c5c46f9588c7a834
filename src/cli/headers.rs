//! The local headers a file includes (`#include "x.h"`, and `#include <x.h>` found in
//! an `-I` directory): read here, since only the CLI does IO, and handed to the front
//! end, which takes the declarations and macros in them as the preprocessor would see
//! them.

use std::path::{Path, PathBuf};

/// At most this many headers are read per file, each at most this large.
const MAX_HEADERS: usize = 64;
const MAX_HEADER_BYTES: u64 = 4 << 20;

/// The headers a file includes that nestor reads.
#[derive(Debug, Default)]
pub struct LocalHeaders {
    /// Their texts, in inclusion order.
    pub texts: Vec<String>,
    /// The name each is included by, as its `#include` writes it.
    pub names: Vec<String>,
    /// The names of those included with `<...>` (found in an `-I` directory).
    pub angled: Vec<String>,
}

/// The headers `src` includes with quotes, and those they include, in inclusion
/// order: each looked up next to the including file, then in `include` (the `-I`
/// directories); and those included with `<...>` that are in an `-I` directory (where
/// a compiler looks first). Other system headers and unreadable ones are skipped.
pub fn local_headers(src: &str, dir: &Path, include: &[PathBuf]) -> LocalHeaders {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut out = LocalHeaders::default();
    add_included(src, dir, include, &mut seen, &mut out);
    out
}

fn add_included(
    src: &str,
    dir: &Path,
    include: &[PathBuf],
    seen: &mut Vec<PathBuf>,
    out: &mut LocalHeaders,
) {
    for (name, angled) in includes(src) {
        if seen.len() >= MAX_HEADERS {
            return;
        }
        let beside = (!angled).then_some(dir);
        let Some(path) = beside
            .into_iter()
            .chain(include.iter().map(PathBuf::as_path))
            .map(|d| d.join(&name))
            .find(|p| p.is_file())
        else {
            continue;
        };
        let key = path.canonicalize().unwrap_or_else(|_| path.clone());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let small = std::fs::metadata(&path).is_ok_and(|m| m.len() <= MAX_HEADER_BYTES);
        let Some(text) = small.then(|| std::fs::read_to_string(&path).ok()).flatten() else {
            continue;
        };
        let parent = path.parent().unwrap_or(dir).to_path_buf();
        add_included(&text, &parent, include, seen, out);
        out.texts.push(text);
        out.names.push(name.clone());
        if angled && !out.angled.contains(&name) {
            out.angled.push(name);
        }
    }
}

/// The names in the `#include "name"` lines of `src` found neither in `dir` nor in
/// `include` (the `-I` directories).
pub fn missing_headers(src: &str, dir: &Path, include: &[PathBuf]) -> Vec<String> {
    includes(src)
        .into_iter()
        .filter_map(|(name, angled)| (!angled).then_some(name))
        .filter(|name| {
            !std::iter::once(dir)
                .chain(include.iter().map(PathBuf::as_path))
                .any(|d| d.join(name).is_file())
        })
        .collect()
}

/// The headers of `src` (in `dir`, with the `-I` directories `include`) in `inputs`:
/// the texts of those found ([`local_headers`]), the names of those not found.
pub fn with_headers(
    inputs: nestor::frontend::Inputs,
    src: &str,
    dir: &Path,
    include: &[PathBuf],
) -> nestor::frontend::Inputs {
    let headers = local_headers(src, dir, include);
    nestor::frontend::Inputs {
        headers: headers.texts,
        header_names: headers.names,
        angled_headers: headers.angled,
        missing_headers: missing_headers(src, dir, include),
        ..inputs
    }
}

/// The names in the `#include "name"` and `#include <name>` lines of `src`, each with
/// whether it is in angle brackets.
fn includes(src: &str) -> Vec<(String, bool)> {
    src.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let (angled, name) = match rest.strip_prefix('"') {
                Some(name) => (false, &name[..name.find('"')?]),
                None => {
                    let name = rest.strip_prefix('<')?;
                    (true, &name[..name.find('>')?])
                }
            };
            Some((name.to_string(), angled))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn includes_quoted_and_angled() {
        let src = "#include <stdio.h>\n#  include \"a.h\"\nint x;\n#include\"b/c.h\" // c\n";
        let names = |angled: bool| -> Vec<String> {
            super::includes(src)
                .into_iter()
                .filter_map(|(n, a)| (a == angled).then_some(n))
                .collect()
        };
        assert_eq!(names(false), ["a.h", "b/c.h"]);
        assert_eq!(names(true), ["stdio.h"]);
    }
}
