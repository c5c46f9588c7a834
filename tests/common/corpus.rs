//! Corpus files in a tree-sitter-like format, shared by the stages' `check` tests:
//!
//! ```text
//! === name
//! input
//! ---
//! expectation
//! ```

use std::fmt::Write;
use std::path::Path;

pub struct Case {
    pub name: String,
    pub input: String,
    pub expected: String,
}

/// What a stage made of a case: the expectation the case should have, and whether the
/// one it has agrees (textually, or by a semantic comparison such as isl's `is_equal`).
pub struct Checked {
    pub actual: String,
    pub agrees: bool,
}

impl Checked {
    /// `actual`, agreeing when it is the expectation word for word.
    pub fn textual(case: &Case, actual: String) -> Checked {
        Checked {
            agrees: actual == case.expected,
            actual,
        }
    }
}

fn parse(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for chunk in text.split("\n=== ").map(|c| c.trim_start_matches("=== ")) {
        if chunk.trim().is_empty() {
            continue;
        }
        let (name, rest) = chunk.split_once('\n').unwrap_or((chunk, ""));
        let (input, expected) = rest.split_once("\n---\n").unwrap_or((rest, ""));
        cases.push(Case {
            name: name.trim().to_string(),
            input: format!("{}\n", input.trim_end()),
            expected: expected.trim_end().to_string(),
        });
    }
    cases
}

fn format(cases: &[Case]) -> String {
    let mut out = String::new();
    for c in cases {
        let _ = write!(out, "=== {}\n{}---\n{}\n\n", c.name, c.input, c.expected);
    }
    format!("{}\n", out.trim_end())
}

/// Checks every case of every `*.txt` file in `dir` (relative to the repository); with
/// `NESTOR_BLESS=1` rewrites the files with the actual expectations instead.
pub fn run(dir: &str, check: impl Fn(&Case) -> Result<Checked, String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable corpus file");
        let mut cases = parse(&text);
        for case in &mut cases {
            count += 1;
            match check(case) {
                // An expectation that agrees stays as written (a hand-written relation
                // isl prints otherwise, compared by `is_equal`).
                Ok(c) if c.agrees => {}
                Ok(c) if super::bless() => case.expected = c.actual,
                Ok(c) => failures.push(format!(
                    "{}: {}\n--- expected ---\n{}\n--- actual ---\n{}",
                    file.display(),
                    case.name,
                    case.expected,
                    c.actual
                )),
                Err(e) => failures.push(format!("{}: {}: {e}", file.display(), case.name)),
            }
        }
        if super::bless() {
            std::fs::write(&file, format(&cases)).expect("writable corpus file");
        }
    }
    assert!(count > 0, "no corpus cases found in {}", dir.display());
    assert!(
        failures.is_empty(),
        "{} of {count} corpus cases failed (NESTOR_BLESS=1 refreshes expectations):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
