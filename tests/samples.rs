//! The differential test: every sample is rewritten by the `nestor` binary with
//! `--identity`, both versions are compiled with `cc -O2 -ffp-contract=off`, run, and
//! their outputs must be byte-identical. Every sample must have a rewritten region,
//! so a sample nestor silently skips fails here.
//!
//! The generated code of every sample in every mode, and the decisions of the
//! automatic search, are compared with the expected files in `tests/expected/samples/`
//! (`NESTOR_BLESS=1 cargo test --test samples` refreshes them), so any change in
//! generated code shows in review.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn samples() -> Vec<PathBuf> {
    common::c_files("samples")
}

fn nestor(args: &[&str], file: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .args(args)
        .arg(file)
        .output()
        .expect("nestor runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Where the expected output `what` of sample `name` is kept.
fn expected_path(name: &str, what: &str) -> String {
    format!(
        "tests/expected/samples/{}.{what}",
        name.trim_end_matches(".c")
    )
}

/// The search's decisions, the regions' fates and the work their analyses made
/// (deterministic counts: a change that makes nestor work more shows here) from
/// `nestor explain`'s text.
fn decisions(explain: &str) -> String {
    explain
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with("region ") || l.starts_with("decision:") || l.starts_with("work:")
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn every_sample_round_trips_with_identical_output() {
    let files = samples();
    assert!(
        files.len() >= 15,
        "expected at least 15 samples, found {}",
        files.len()
    );
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let original = std::fs::read_to_string(file).expect("readable sample");
        let (code, rewritten, stderr) = nestor(&["optimize", "--identity"], file);
        if code != 0 {
            failures.push(format!("{name}: nestor exited with {code}:\n{stderr}"));
            continue;
        }
        let (_, explain, _) = nestor(&["explain"], file);
        if !explain.contains("): rewritten") && !explain.contains("N310") {
            failures.push(format!("{name}: no region was rewritten:\n{explain}"));
            continue;
        }
        let snapshots = [
            (expected_path(&name, "identity.c"), rewritten.clone()),
            (expected_path(&name, "decisions"), decisions(&explain)),
        ];
        for (path, actual) in snapshots {
            if let Err(e) = common::check_expected(&path, &actual) {
                failures.push(e);
            }
        }
        if let Err(e) = common::assert_same_behaviour(&name, &original, &rewritten, Some(&include))
        {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} samples failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// Requested transformations tried on every sample (the first: the automatic search);
/// the accepted ones must not change the program's output.
const REQUESTS: &[&[&str]] = &[
    &[],
    &["--fuse"],
    &["--interchange", "i,j"],
    &["--interchange", "j,k"],
    &["--interchange", "i,k"],
    &["--interchange", "i,j", "--fuse"],
];

#[test]
fn accepted_transformations_keep_every_samples_output() {
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut failures = Vec::new();
    let mut accepted = 0;
    for file in &samples() {
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let original = std::fs::read_to_string(file).expect("readable sample");
        for request in REQUESTS {
            let mut args = vec!["optimize"];
            args.extend_from_slice(request);
            let (code, rewritten, stderr) = nestor(&args, file);
            let mode = if request.is_empty() {
                "search".to_string()
            } else {
                request
                    .join(" ")
                    .trim_start_matches("--")
                    .replace(" --", "+")
                    .replace([' ', ','], "-")
            };
            let snapshot = if rewritten == original {
                format!("exit {code}\nunchanged\n")
            } else {
                format!("exit {code}\n{rewritten}")
            };
            if let Err(e) =
                common::check_expected(&expected_path(&name, &format!("{mode}.c")), &snapshot)
            {
                failures.push(e);
            }
            for header in innermost_loops_with_two_exits(&rewritten) {
                failures.push(format!(
                    "{name} {}: an innermost loop's condition has two exits, which compilers do not vectorize: {header}",
                    request.join(" ")
                ));
            }
            match code {
                0 => {
                    accepted += 1;
                    let label = format!("{name} {}", request.join(" "));
                    if let Err(e) = common::assert_same_behaviour_threaded(
                        &label,
                        &original,
                        &rewritten,
                        Some(&include),
                    ) {
                        failures.push(e);
                    }
                }
                4 => {}
                _ => failures.push(format!(
                    "{name} {}: exit code {code}:\n{stderr}",
                    request.join(" ")
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        accepted >= 10,
        "only {accepted} transformations were accepted on the samples"
    );
}

/// The headers of the `for` loops in `code` with no loop inside whose condition is a
/// conjunction (`c <= n - 1 && c <= 32 * t + 31`): GCC 12 does not vectorize them.
fn innermost_loops_with_two_exits(code: &str) -> Vec<String> {
    let lines: Vec<&str> = code.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut found = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let Some(header) = line.trim_start().strip_prefix("for (") else {
            continue;
        };
        let body = lines[k + 1..]
            .iter()
            .take_while(|l| l.trim().is_empty() || indent(l) > indent(line));
        let innermost = !body
            .into_iter()
            .any(|l| l.trim_start().starts_with("for ("));
        let condition = header.split(';').nth(1).unwrap_or_default();
        if innermost && condition.contains("&&") {
            found.push(line.trim().to_string());
        }
    }
    found
}

/// `gcc -Wall -Werror` with and without `-fopenmp` (unused variables, `&&` within `||`,
/// OpenMP pragmas a build without OpenMP does not know): every sample whose original
/// builds cleanly builds cleanly as `nestor optimize` rewrites it.
#[test]
fn rewritten_samples_build_without_warnings_where_the_originals_do() {
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let dir = tempfile::tempdir().expect("temporary directory");
    let clean = |path: &Path, openmp: &[&str]| {
        Command::new("cc")
            .args(["-Wall", "-Werror", "-fsyntax-only"])
            .args(openmp)
            .arg("-I")
            .arg(&include)
            .arg(path)
            .output()
            .expect("cc runs")
    };
    let mut failures = Vec::new();
    for file in &samples() {
        let (code, rewritten, stderr) = nestor(&["optimize"], file);
        assert_eq!(code, 0, "{}: {stderr}", file.display());
        let copy = dir.path().join(file.file_name().expect("a file name"));
        std::fs::write(&copy, rewritten).expect("written");
        for openmp in [&["-fopenmp"][..], &[]] {
            if !clean(file, openmp).status.success() {
                continue;
            }
            let out = clean(&copy, openmp);
            if !out.status.success() {
                failures.push(format!(
                    "{} {openmp:?}:\n{}",
                    file.display(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// No churn: every region the search leaves unchanged (already in the best order found,
/// or not modelled) is byte-identical in the output, and a file with no rewritten region
/// is the input itself.
#[test]
fn regions_left_unchanged_are_byte_identical() {
    let options = nestor::driver::pipeline::Options {
        mode: nestor::driver::pipeline::Mode::Search(Default::default()),
        contract: true,
        parallel: true,
        inputs: nestor::frontend::Inputs {
            headers: vec![std::fs::read_to_string("samples/polybench_lite.h").expect("header")],
            ..Default::default()
        },
        ..Default::default()
    };
    let mut unchanged = 0;
    for file in &samples() {
        let src = std::fs::read_to_string(file).expect("readable sample");
        let report = nestor::driver::pipeline::optimize(&src, &options);
        let kept: Vec<_> = report
            .regions
            .iter()
            .filter(|r| r.status != nestor::driver::pipeline::Status::Rewritten)
            .collect();
        for r in &kept {
            assert!(
                report.output.contains(&src[r.span.clone()]),
                "{}: region at {:?} changed",
                file.display(),
                r.span
            );
        }
        if kept.len() == report.regions.len() {
            assert_eq!(report.output, src, "{}", file.display());
        }
        unchanged += kept.len();
    }
    assert!(unchanged >= 10, "only {unchanged} regions left unchanged");
}
