//! Output for programs: `explain --json` (codes, positions, an object for every
//! failure) and the SARIF log of `--sarif` (its structure, as SARIF 2.1.0 requires it,
//! and the same findings as the terminal).

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn nestor_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("nestor runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("valid JSON")
}

/// A directory with a file nestor leaves as written with a warning (an unknown call,
/// on line 4), one it cannot parse, and one that is not text.
fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let warned =
        "void f(int n, double *a) {\n  int i;\n  for (i = 0; i < n; i++)\n    a[i] = g(a[i]);\n}\n";
    std::fs::write(dir.path().join("warned.c"), warned).unwrap();
    std::fs::write(dir.path().join("broken.c"), "int f( {\n").unwrap();
    std::fs::write(dir.path().join("binary.c"), b"\x7fELF\0\0").unwrap();
    dir
}

#[test]
fn explain_json_gives_codes_severities_and_places() {
    let dir = inputs();
    let o = nestor_in(dir.path(), &["explain", "--json", "warned.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = json(&o.stdout);
    let d = &report["regions"][0]["diagnostics"][0];
    assert_eq!(d["code"], "N106", "{report:#}");
    assert_eq!(d["severity"], "warning");
    assert_eq!(
        (&d["span"]["line"], &d["span"]["column"]),
        (&Value::from(4), &Value::from(12)),
        "{d:#}"
    );
    assert_eq!(d["span"]["end_line"], 4);
    assert_eq!(report["regions"][0]["span"]["line"], 3);
}

#[test]
fn explain_json_prints_an_object_for_a_file_it_cannot_take() {
    let dir = inputs();
    for (file, code, kind) in [
        ("broken.c", 3, "syntax-error"),
        ("binary.c", 3, "binary"),
        ("missing.c", 8, "unreadable"),
    ] {
        let o = nestor_in(dir.path(), &["explain", "--json", file]);
        assert_eq!(o.status.code(), Some(code), "{file}: {}", stderr(&o));
        let report = json(&o.stdout);
        assert_eq!(report["file"], file);
        assert_eq!(report["error"]["kind"], kind, "{report:#}");
        assert!(report["error"]["message"].is_string());
    }
    let o = nestor_in(dir.path(), &["explain", "--json", "broken.c"]);
    let report = json(&o.stdout);
    assert_eq!(report["file_diagnostics"][0]["code"], "N001");
    assert_eq!(report["file_diagnostics"][0]["span"]["line"], 1);
}

/// The properties SARIF 2.1.0 requires of what nestor writes (the schema's `required`
/// lists and value kinds; the whole log was checked against the OASIS schema with
/// Python's jsonschema when this was written).
fn assert_sarif(log: &Value) {
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "nestor");
    let rules = driver["rules"].as_array().expect("rules");
    for r in rules {
        let id = r["id"].as_str().expect("rule id");
        assert!(id.len() == 4 && id.starts_with('N'), "{id}");
    }
    for result in run["results"].as_array().expect("results") {
        let rule = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[rule]["id"], result["ruleId"], "{result:#}");
        assert!(matches!(
            result["level"].as_str(),
            Some("error" | "warning" | "note")
        ));
        assert!(result["message"]["text"].is_string());
        let place = &result["locations"][0]["physicalLocation"];
        let uri = place["artifactLocation"]["uri"].as_str().expect("uri");
        assert!(!uri.contains(' ') && !uri.contains('\\'), "{uri}");
        // A relative path is resolved against the directory nestor ran in.
        let base = place["artifactLocation"]["uriBaseId"]
            .as_str()
            .expect("base");
        let root = run["originalUriBaseIds"][base]["uri"]
            .as_str()
            .expect("root");
        assert!(
            root.starts_with("file:///") && root.ends_with('/'),
            "{root}"
        );
        let region = &place["region"];
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
            assert!(
                region[key].as_u64().is_some_and(|n| n >= 1),
                "{key}: {region}"
            );
        }
    }
}

#[test]
fn sarif_log_holds_the_findings_and_the_failures() {
    let dir = inputs();
    let o = nestor_in(
        dir.path(),
        &[
            "diff",
            "-q",
            "--sarif",
            "out.sarif",
            "warned.c",
            "broken.c",
            "binary.c",
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let log = json(&std::fs::read(dir.path().join("out.sarif")).unwrap());
    assert_sarif(&log);
    let run = &log["runs"][0];
    let found: Vec<(String, String, u64)> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            (
                place["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                r["ruleId"].as_str().unwrap().to_string(),
                place["region"]["startLine"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [("broken.c", "N001", 1), ("warned.c", "N106", 4)];
    let expected: Vec<(String, String, u64)> = expected
        .iter()
        .map(|&(f, c, l)| (f.to_string(), c.to_string(), l))
        .collect();
    assert_eq!(found, expected, "files in path order");
    let invocation = &run["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let failure = &invocation["toolExecutionNotifications"][0];
    assert!(
        failure["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("binary.c")),
        "{failure:#}"
    );
}

#[test]
fn sarif_honours_ignore_and_batch_writes_one_log() {
    let dir = inputs();
    let o = nestor_in(
        dir.path(),
        &["verify", "--ignore", "N106", "--sarif", "-", "warned.c"],
    );
    assert_eq!(o.status.code(), Some(6), "no main: {}", stderr(&o));
    let log = json(&o.stdout);
    assert_eq!(log["runs"][0]["results"], Value::Array(Vec::new()));
    // Where standard output is the command's, the log must go to a file.
    let o = nestor_in(dir.path(), &["explain", "--sarif", "-", "warned.c"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = nestor_in(
        dir.path(),
        &["batch", ".", "--out", "mirror", "--sarif", "b.sarif"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let log = json(&std::fs::read(dir.path().join("b.sarif")).unwrap());
    assert_sarif(&log);
    let rules: Vec<&str> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    assert_eq!(rules, ["N001", "N106"]);
}

/// nestor's own failure on a file (here injected) is the run's failure in the log.
#[test]
fn sarif_says_when_nestor_failed_on_a_file() {
    let dir = inputs();
    let o = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_TEST_PANIC_ON", "warned.c")
        .current_dir(dir.path())
        .args(["diff", "-q", "--sarif", "out.sarif", "warned.c"])
        .output()
        .expect("nestor runs");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let log = json(&std::fs::read(dir.path().join("out.sarif")).unwrap());
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false, "{log:#}");
    assert!(
        invocation["toolExecutionNotifications"][0]["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("internal error")),
        "{invocation:#}"
    );
}
