//! The local headers a file includes (`#include "x.h"`): read here, since only the CLI
//! does IO, and handed to the front end, which takes the declarations and macros in
//! them as the preprocessor would see them.

use std::path::{Path, PathBuf};

/// At most this many headers are read per file, each at most this large.
const MAX_HEADERS: usize = 64;
const MAX_HEADER_BYTES: u64 = 4 << 20;

/// The texts of the headers `src` includes with quotes, and those they include, in
/// inclusion order: each looked up next to the including file, then in `include`
/// (the `-I` directories). System headers (`<...>`) and unreadable ones are skipped.
pub fn local_headers(src: &str, dir: &Path, include: &[PathBuf]) -> Vec<String> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut out = Vec::new();
    add_included(src, dir, include, &mut seen, &mut out);
    out
}

fn add_included(
    src: &str,
    dir: &Path,
    include: &[PathBuf],
    seen: &mut Vec<PathBuf>,
    out: &mut Vec<String>,
) {
    for name in quoted_includes(src) {
        if seen.len() >= MAX_HEADERS {
            return;
        }
        let Some(path) = std::iter::once(dir)
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
        out.push(text);
    }
}

/// The names in the `#include "name"` lines of `src` found neither in `dir` nor in
/// `include` (the `-I` directories).
pub fn missing_headers(src: &str, dir: &Path, include: &[PathBuf]) -> Vec<String> {
    quoted_includes(src)
        .into_iter()
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
    nestor::frontend::Inputs {
        headers: local_headers(src, dir, include),
        missing_headers: missing_headers(src, dir, include),
        ..inputs
    }
}

/// The names in the `#include "name"` lines of `src`.
fn quoted_includes(src: &str) -> Vec<String> {
    src.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let name = rest.strip_prefix('"')?;
            Some(name[..name.find('"')?].to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn quoted_includes_only() {
        let src = "#include <stdio.h>\n#  include \"a.h\"\nint x;\n#include\"b/c.h\" // c\n";
        assert_eq!(super::quoted_includes(src), ["a.h", "b/c.h"]);
    }
}
