//! The differential test: every sample is rewritten by the `nestor` binary with
//! `--identity`, both versions are compiled with `cc -O2 -ffp-contract=off`, run, and
//! their outputs must be byte-identical. Every sample must have a rewritten region,
//! so a sample nestor silently skips fails here.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("samples/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

fn nestor(args: &[&str], file: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
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
        if !explain.contains("): rewritten") {
            failures.push(format!("{name}: no region was rewritten:\n{explain}"));
            continue;
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
            match code {
                0 => {
                    accepted += 1;
                    let label = format!("{name} {}", request.join(" "));
                    if let Err(e) =
                        common::assert_same_behaviour(&label, &original, &rewritten, Some(&include))
                    {
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
