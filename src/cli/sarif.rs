//! Diagnostics as a SARIF 2.1.0 log (`--sarif FILE`), the format code-review tools and
//! CI services read (GitHub code scanning, GitLab, VS Code's SARIF viewer).
//!
//! Every command records what it reports on each file here as it goes (batch from
//! several threads); `main` writes the log once at the end. Files are listed in path
//! order, so the log of a batch does not depend on which worker finished first.

use nestor::driver::pipeline::FileReport;
use nestor::support::diag::{self, Code, Diagnostic, Severity};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What this run has found so far, when a log was asked for.
struct Log {
    /// Per file: its results.
    results: BTreeMap<String, Vec<Value>>,
    /// Files that could not be read, with why (the run's notifications).
    failures: BTreeMap<String, String>,
}

static LOG: Mutex<Option<Log>> = Mutex::new(None);

fn with_log(f: impl FnOnce(&mut Log)) {
    let mut log = LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(log) = log.as_mut() {
        f(log)
    }
}

/// Starts collecting (without it, [`record`] and [`failure`] do nothing).
pub fn start() {
    let mut log = LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    *log = Some(Log {
        results: BTreeMap::new(),
        failures: BTreeMap::new(),
    });
}

/// Records the diagnostics of `report` on the file `name` (text `src`) but those with
/// the codes `ignore` names (errors are recorded all the same), each once (a nest
/// rejected for a reason its enclosing nest reported already is not repeated).
pub fn record(name: &str, src: &str, report: &FileReport, ignore: &[Code]) {
    with_log(|log| {
        let results = report
            .distinct_diagnostics()
            .filter(|d| d.severity == Severity::Error || !ignore.contains(&d.code))
            .map(|d| result(name, src, d))
            .collect();
        log.results.insert(name.to_string(), results);
    })
}

/// Records that the file `name` could not be read or is not text (`message`).
pub fn failure(name: &str, message: &str) {
    with_log(|log| {
        log.failures.insert(name.to_string(), message.to_string());
    })
}

/// Writes the log collected to `path` (`-`: standard output); `Err` with why not.
pub fn finish(path: &Path) -> Result<(), String> {
    let log = LOG
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take();
    let Some(log) = log else {
        return Ok(());
    };
    let text = format!("{:#}\n", sarif(&log));
    let written = if path == Path::new("-") {
        std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())
    } else {
        super::io::write_atomically(path, text.as_bytes(), None)
    };
    written.map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

/// The SARIF log: one run of nestor, its rules (every code, so that a result's
/// `ruleIndex` is its code's place in [`Code::ALL`]), its results and, for files it
/// could not read, notifications.
fn sarif(log: &Log) -> Value {
    let rules: Vec<Value> = Code::ALL.iter().map(|&c| rule(c)).collect();
    let notifications: Vec<Value> = log
        .failures
        .iter()
        .map(|(name, message)| {
            json!({
                "level": "error",
                "message": { "text": message },
                "locations": [{ "physicalLocation": { "artifactLocation": artifact(name) } }],
            })
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "nestor",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": base_ids(),
            "invocations": [{
                "executionSuccessful": log.failures.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "results": log.results.values().flatten().cloned().collect::<Vec<_>>(),
        }],
    })
}

fn rule(code: Code) -> Value {
    json!({
        "id": code.as_str(),
        "name": code.name(),
        "shortDescription": { "text": code.summary() },
        "help": { "text": format!("docs/diagnostics.md, {}", code.as_str()) },
    })
}

/// One diagnostic as a SARIF result: the message (with what was expected and what to
/// do), its place, and the other places involved.
fn result(name: &str, src: &str, d: &Diagnostic) -> Value {
    let mut text = d.message.clone();
    for (what, line) in [("expected", &d.expected), ("help", &d.hint)] {
        if let Some(line) = line {
            text.push_str(&format!("\n{what}: {line}"));
        }
    }
    for note in &d.notes {
        text.push_str(&format!("\nnote: {note}"));
    }
    let related: Vec<Value> = d
        .related
        .iter()
        .enumerate()
        .map(|(k, (span, label))| {
            let mut place = location(name, src, span);
            place["id"] = json!(k);
            place["message"] = json!({ "text": label });
            place
        })
        .collect();
    let index = Code::ALL.iter().position(|&c| c == d.code).unwrap_or(0);
    json!({
        "ruleId": d.code.as_str(),
        "ruleIndex": index,
        "level": level(d.severity),
        "message": { "text": text },
        "locations": [location(name, src, &d.span)],
        "relatedLocations": related,
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Note => "note",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

/// The SARIF location of the byte range `span` of the file `name`: lines and columns
/// from 1, columns in characters (the run's `columnKind`), the end exclusive.
fn location(name: &str, src: &str, span: &diag::Span) -> Value {
    let (start_line, start_column) = diag::line_col(src, span.start);
    let (end_line, end_column) = diag::line_col(src, span.end.max(span.start));
    json!({
        "physicalLocation": {
            "artifactLocation": artifact(name),
            "region": {
                "startLine": start_line,
                "startColumn": start_column,
                "endLine": end_line,
                "endColumn": end_column,
            },
        },
    })
}

/// The base relative paths are resolved against: the directory nestor ran in.
const BASE: &str = "%SRCROOT%";

/// Where [`BASE`] is (when the current directory can be named).
fn base_ids() -> Value {
    match std::env::current_dir() {
        Ok(dir) => {
            let dir = uri(&format!(
                "{}/",
                dir.display().to_string().trim_end_matches('/')
            ));
            json!({ BASE: { "uri": dir } })
        }
        Err(_) => json!({}),
    }
}

/// The artifact location of the file `name`: its URI, relative ones against [`BASE`]
/// (code-review tools then place them when nestor ran below the repository's root).
fn artifact(name: &str) -> Value {
    let uri = uri(name);
    match uri.starts_with("file://") {
        true => json!({ "uri": uri }),
        false => json!({ "uri": uri, "uriBaseId": BASE }),
    }
}

/// A file path as a URI reference: relative as it is, absolute as a `file://` URI, with
/// the characters a URI does not allow percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::from(if path.starts_with('/') { "file://" } else { "" });
    for b in path.bytes() {
        let plain = b.is_ascii_alphanumeric() || b"/-._~".contains(&b);
        if plain {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("src/k.c"), "src/k.c");
        assert_eq!(uri("my dir/k 1.c"), "my%20dir/k%201.c");
        assert_eq!(uri("é.c"), "%C3%A9.c");
        assert_eq!(uri("/home/k.c"), "file:///home/k.c");
    }

    #[test]
    fn every_code_is_a_rule_at_its_index() {
        let log = Log {
            results: BTreeMap::new(),
            failures: BTreeMap::new(),
        };
        let v = sarif(&log);
        let rules = v["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::ALL.len());
        assert_eq!(rules[0]["id"], Code::ALL[0].as_str());
    }
}
