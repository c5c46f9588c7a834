//! The layout `docs/ARCHITECTURE.md` describes, checked against the source: every module
//! has a row in its code map (and every row a module), stages import only from
//! themselves and the stages before them, modules import each other without cycles,
//! and no file or function outgrows a newcomer's reading.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// The stages in pipeline order: a module may import from its own stage and earlier ones.
const STAGES: [&str; 7] = [
    "support",
    "frontend",
    "model",
    "analysis",
    "transform",
    "codegen",
    "driver",
];
const MAX_FILE_LINES: usize = 800;
const MAX_FUNCTION_LINES: usize = 100;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `src/`, as a path relative to it (`frontend/lift.rs`).
fn modules() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("readable src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src()).expect("under src");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(&src(), &mut out);
    out.sort();
    out
}

fn read(module: &str) -> String {
    std::fs::read_to_string(src().join(module)).expect("readable module")
}

/// The module path of a file: `frontend/lift.rs` is `frontend::lift`,
/// `transform/search/mod.rs` is `transform::search`.
fn module_path(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The files the code map of `docs/ARCHITECTURE.md` has a row for (its first column).
fn code_map_rows() -> BTreeSet<String> {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md"))
            .expect("readable ARCHITECTURE.md");
    let section = doc
        .split("## Code map")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a code map section");
    section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_module_has_a_row_in_the_code_map_and_every_row_a_module() {
    let rows = code_map_rows();
    let files: BTreeSet<String> = modules().into_iter().collect();
    let missing: Vec<_> = files.difference(&rows).collect();
    let stale: Vec<_> = rows.difference(&files).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/ARCHITECTURE.md's code map: modules without a row {missing:?}, rows without a module {stale:?}"
    );
}

/// The modules `file` imports from the crate: every path starting with `crate::` (or
/// `super::`, resolved; groups `a::{b, c::d}` expanded), cut to the longest prefix that
/// is a module of `known`.
fn imports(file: &str, known: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let text = read(file);
    let own = module_path(file);
    let mut out = BTreeSet::new();
    let mut words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .map(str::to_string)
        .collect();
    words.extend(grouped_paths(&text));
    for word in &words {
        let mut parts: Vec<&str> = word.split("::").collect();
        let mut base: Vec<String> = match parts.first() {
            Some(&"crate") => Vec::new(),
            // `own` names a `mod.rs` by its folder, so `super` is one level up either way.
            Some(&"super") => own[..own.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        parts.remove(0);
        while parts.first() == Some(&"super") {
            base.pop();
            parts.remove(0);
        }
        for p in parts {
            if p.is_empty() {
                break;
            }
            base.push(p.to_string());
            if !known.contains(&base) {
                base.pop();
                break;
            }
        }
        if !base.is_empty() && base != own {
            out.insert(base);
        }
    }
    out
}

/// The paths of every `use` group in `text`: `super::{a, b::{c, d}}` gives `super::a`,
/// `super::b::c`, `super::b::d`.
fn grouped_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("::{") {
        let prefix_start = text[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |k| k + 1);
        let prefix = &text[prefix_start..at];
        if !(prefix.starts_with("crate") || prefix.starts_with("super")) {
            continue;
        }
        let Some(group) = braced(&text[at + 2..]) else {
            continue;
        };
        for item in top_level_items(group) {
            let path = format!("{prefix}::{}", item.trim());
            match path.find("::{") {
                Some(_) => out.extend(grouped_paths(&path)),
                None => out.push(path),
            }
        }
    }
    out
}

/// The text inside the braces `text` starts with.
fn braced(text: &str) -> Option<&str> {
    let mut depth = 0;
    for (k, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return Some(&text[1..k]),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// `group` split at its commas outside nested braces.
fn top_level_items(group: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items.into_iter().filter(|i| !i.trim().is_empty()).collect()
}

fn stage(module: &[String]) -> Option<usize> {
    STAGES
        .iter()
        .position(|s| module.first().is_some_and(|m| m == s))
}

#[test]
fn stages_import_only_from_themselves_and_earlier_stages() {
    let files = modules();
    let known: BTreeSet<Vec<String>> = files.iter().map(|f| module_path(f)).collect();
    let mut upward = Vec::new();
    for file in &files {
        let Some(from) = stage(&module_path(file)) else {
            continue;
        };
        for to in imports(file, &known) {
            if stage(&to).is_some_and(|t| t > from) {
                upward.push(format!("{file} -> {}", to.join("::")));
            }
        }
    }
    assert!(upward.is_empty(), "imports from a later stage: {upward:#?}");
}

#[test]
fn modules_import_each_other_without_cycles() {
    let files = modules();
    let known: BTreeSet<Vec<String>> = files.iter().map(|f| module_path(f)).collect();
    // A module and the folder module declaring it are one unit: edges between them are
    // not imports between stages' parts.
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_path(file);
        if from.is_empty() || from[0] == "cli" {
            continue;
        }
        let to: BTreeSet<_> = imports(file, &known)
            .into_iter()
            .filter(|t| !related(&from, t))
            .collect();
        graph.insert(from, to);
    }
    let cycles = cycles(&graph);
    assert!(cycles.is_empty(), "import cycles: {cycles:#?}");
}

/// Each cycle of `graph`, as the modules on it (one per strongly connected component
/// of more than one module, found by depth-first search from every module).
fn cycles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    let reach = |start: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(m) = stack.pop() {
            for n in graph.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    stack.push(n.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<_, _> = graph.keys().map(|m| (m.clone(), reach(m))).collect();
    let mut out: BTreeSet<Vec<String>> = BTreeSet::new();
    for (m, r) in &reaches {
        if !r.contains(m) {
            continue;
        }
        let component: Vec<String> = reaches
            .iter()
            .filter(|(n, rn)| r.contains(*n) && rn.contains(m))
            .map(|(n, _)| n.join("::"))
            .collect();
        out.insert(component);
    }
    out.into_iter().collect()
}

#[test]
fn no_file_is_longer_than_a_reading() {
    let long: Vec<String> = modules()
        .into_iter()
        .map(|f| (read(&f).lines().count(), f))
        .filter(|(n, _)| *n > MAX_FILE_LINES)
        .map(|(n, f)| format!("{f}: {n} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {long:#?}"
    );
}

/// Functions and methods with their first and last line.
struct Functions(Vec<(String, usize, usize)>);

impl Functions {
    fn push(&mut self, name: &syn::Ident, span: proc_macro2::Span) {
        self.0
            .push((name.to_string(), span.start().line, span.end().line));
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.push(&f.sig.ident, f.span());
        syn::visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.push(&f.sig.ident, f.span());
        syn::visit::visit_impl_item_fn(self, f);
    }
}

#[test]
fn no_function_is_longer_than_a_screenful_or_two() {
    let mut long = Vec::new();
    for file in modules() {
        let ast = syn::parse_file(&read(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut functions = Functions(Vec::new());
        functions.visit_file(&ast);
        for (name, first, last) in functions.0 {
            let lines = last + 1 - first;
            if lines > MAX_FUNCTION_LINES {
                long.push(format!("{file}:{first} `{name}`: {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines: {long:#?}"
    );
}
