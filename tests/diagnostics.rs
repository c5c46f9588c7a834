//! One fixture per diagnostic code: `tests/diagnostics/NXXX.c` (more of one code:
//! `NXXX-what.c`) must make the `nestor` binary report `NXXX`, and what it prints
//! (exit code, diagnostics, and the rewritten file when it changed) must match
//! `NXXX.expected` (`NESTOR_BLESS=1 cargo test --test diagnostics` refreshes them).
//! A code without a fixture fails the test, so every code a user can meet is shown
//! working and reviewed.
//!
//! A fixture's first line is `// nestor SUBCOMMAND [OPTIONS]` (the file is appended);
//! lines `// env NAME=VALUE` after it set environment variables (the test hooks).

mod common;

use nestor::support::diag::Code;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics")
}

fn fixtures() -> Vec<PathBuf> {
    common::c_files("tests/diagnostics")
}

/// The code a fixture is for: its name up to the first `-`.
fn code_of(fixture: &Path) -> String {
    let stem = fixture
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    stem.split('-').next().unwrap_or_default().to_string()
}

/// The arguments before the file name, and environment variables.
type Invocation = (Vec<String>, Vec<(String, String)>);

/// The command line and environment a fixture's header asks for.
fn header(src: &str) -> Result<Invocation, String> {
    let mut lines = src.lines();
    let args = lines
        .next()
        .and_then(|l| l.strip_prefix("// nestor "))
        .ok_or("the first line must be `// nestor SUBCOMMAND [OPTIONS]`")?
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let envs = lines
        .map_while(|l| l.strip_prefix("// env "))
        .filter_map(|e| e.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Ok((args, envs))
}

/// Runs the fixture; what it printed, in the expected file's form.
fn run(fixture: &Path) -> Result<String, String> {
    let bytes = std::fs::read(fixture).map_err(|e| e.to_string())?;
    let src = String::from_utf8_lossy(&bytes);
    let (args, envs) = header(&src)?;
    let name = fixture.file_name().unwrap_or_default();
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .args(&args)
        .arg(name)
        .envs(envs)
        .env_remove("NO_COLOR")
        .current_dir(fixture_dir())
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut text = format!(
        "exit {}\n--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr)
    );
    if !stdout.is_empty() && stdout != src {
        text.push_str("--- stdout (changed)\n");
        text.push_str(&stdout);
    }
    Ok(text)
}

#[test]
fn every_code_has_a_fixture_that_reports_it() {
    let files = fixtures();
    let covered: Vec<String> = files.iter().map(|f| code_of(f)).collect();
    let missing: Vec<&str> = Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !covered.iter().any(|f| f == c))
        .collect();
    let mut failures = Vec::new();
    if !missing.is_empty() {
        failures.push(format!(
            "codes without a fixture in tests/diagnostics: {}",
            missing.join(", ")
        ));
    }
    for file in &files {
        let code = code_of(file);
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        if !Code::ALL.iter().any(|c| c.as_str() == code) {
            failures.push(format!("{name}: `{code}` is not a diagnostic code"));
            continue;
        }
        let printed = match run(file) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if !printed.contains(&format!("[{code}]")) {
            failures.push(format!("{name}: nestor did not report {code}:\n{printed}"));
        }
        let expected = format!("tests/diagnostics/{}.expected", name.trim_end_matches(".c"));
        if let Err(e) = common::check_expected(&expected, &printed) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
