//! Issue 15's acceptance suite: small self-checking C programs in
//! `tests/fixtures/selfcheck/` (each computes its kernel's result a second way and
//! returns non-zero from `main` on a mismatch) over the constructs of the issue:
//! block-local scalars, struct members, pure functions, and `#if`/`#ifdef` around
//! attributes and half declarations, with edge cases that must stay refused.
//!
//! For every program: the original, built with `cc -O1 -ffp-contract=off`, must exit 0
//! and print something; `nestor optimize` must exit 0; the rewritten program must exit
//! 0 and print exactly what the original prints (also built with `-fopenmp` and run
//! with 1, 2 and 4 threads when it has OpenMP pragmas); a program with no rewritten
//! region must come back byte-identical. Each program's regions, with their status, the
//! search's decisions and the diagnostic codes (from `nestor explain`), are compared
//! with `tests/expected/selfcheck/NAME.regions` (`NESTOR_BLESS=1` refreshes them).
//!
//! Each program's top comment has a line `Today: modelled` or `Today: refused (N105,
//! ...)`, about the regions of its function `kernel`; the test holds it to that, so the
//! comment changes with nestor (when struct members are modelled, say). A line
//! `Options: ...` gives nestor options (`-D __GNUC__=12`, what the compiler defines).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long one compiled program may run.
const RUN_LIMIT: Duration = Duration::from_secs(10);
/// How long one `nestor` command may run.
const NESTOR_LIMIT: Duration = Duration::from_secs(60);

/// Compiles `src` into `exe` with `cc -O1 -ffp-contract=off` and `flags`.
fn compile(src: &Path, exe: &Path, flags: &[&str]) -> Result<(), String> {
    let out = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_string()))
        .args(["-O1", "-ffp-contract=off", "-w"])
        .args(flags)
        .arg("-o")
        .arg(exe)
        .arg(src)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc {flags:?} failed on {}:\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Runs `exe` with `envs`: its exit code and standard output.
fn run(exe: &Path, envs: &[(&str, &str)]) -> Result<(i32, String), String> {
    let (code, out, _) = common::run_limited(exe, &[], envs, RUN_LIMIT)?;
    Ok((code, out))
}

/// `nestor ARGS OPTIONS FILE` (with `NESTOR_CACHE=48K,2M`): exit code, stdout, stderr.
fn nestor(args: &[&str], options: &[&str], file: &Path) -> Result<common::Ran, String> {
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(options);
    all.push(file.to_str().ok_or("a path that is not UTF-8")?);
    common::run_limited(&common::nestor_bin(), &all, &[], NESTOR_LIMIT)
}

/// The line of the program's top comment that starts with `label`, without it.
fn comment_line<'a>(src: &'a str, label: &str) -> Option<&'a str> {
    src.lines()
        .take_while(|l| !l.starts_with('#'))
        .find_map(|l| l.trim_start_matches(['/', '*', ' ']).strip_prefix(label))
}

/// The regions of `nestor explain`'s text: each `region` line, its decisions, and its
/// diagnostics (code, position, message).
fn regions(explain: &str) -> String {
    explain
        .lines()
        .filter(|l| {
            l.starts_with("region ") || l.starts_with("  decision:") || is_diagnostic(l).is_some()
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The code of a diagnostic line of `nestor explain` (`  N105 12:5 message`).
fn is_diagnostic(line: &str) -> Option<&str> {
    let code = line.strip_prefix("  ")?.get(..4)?;
    let digits = code.strip_prefix('N')?;
    (digits.bytes().all(|b| b.is_ascii_digit()) && line[6..].starts_with(' ')).then_some(code)
}

/// A region of `nestor explain`'s text: its function and its diagnostic codes.
struct Region {
    function: String,
    codes: Vec<String>,
}

fn parse_regions(explain: &str) -> Vec<Region> {
    let mut out: Vec<Region> = Vec::new();
    for line in explain.lines() {
        if let Some(rest) = line.strip_prefix("region ") {
            // `region 1 in kernel at 9:3-14:4 (automatic): rewritten`
            let function = rest
                .split_once(" in ")
                .and_then(|(_, r)| r.split_once(" at "))
                .map(|(f, _)| f.to_string())
                .unwrap_or_default();
            out.push(Region {
                function,
                codes: Vec::new(),
            });
        } else if let (Some(code), Some(region)) = (is_diagnostic(line), out.last_mut()) {
            region.codes.push(code.to_string());
        }
    }
    out
}

/// What the program's top comment says about its kernel today: `None` for `modelled`,
/// the codes for `refused (N105, N106)`.
fn claim(src: &str) -> Result<Option<Vec<String>>, String> {
    let line = comment_line(src, "Today: ")
        .ok_or("no `Today: modelled` or `Today: refused (CODES)` line in the top comment")?;
    if line.starts_with("modelled") {
        return Ok(None);
    }
    let codes = line
        .strip_prefix("refused (")
        .and_then(|r| r.split_once(')'))
        .map(|(codes, _)| codes.split(", ").map(str::to_string).collect::<Vec<_>>())
        .filter(|codes| codes.iter().all(|c| c.starts_with('N')))
        .ok_or_else(|| format!("cannot read `Today: {line}`"))?;
    Ok(Some(codes))
}

/// Checks the kernel's regions against the program's claim.
fn check_claim(src: &str, explain: &str) -> Result<(), String> {
    let claim = claim(src)?;
    let kernel: Vec<Region> = parse_regions(explain)
        .into_iter()
        .filter(|r| r.function == "kernel")
        .collect();
    if kernel.is_empty() {
        return Err("no region in function `kernel`".into());
    }
    let mut front_end: Vec<&str> = kernel
        .iter()
        .flat_map(|r| &r.codes)
        .map(String::as_str)
        .filter(|c| c.starts_with("N1"))
        .collect();
    front_end.sort_unstable();
    front_end.dedup();
    match claim {
        None if front_end.is_empty() => Ok(()),
        None => Err(format!(
            "the comment says `Today: modelled`, but the kernel's regions have {front_end:?}"
        )),
        Some(mut codes) => {
            codes.sort_unstable();
            if codes != front_end {
                return Err(format!(
                    "the comment says `Today: refused ({})`, but the kernel's regions have {front_end:?}",
                    codes.join(", ")
                ));
            }
            Ok(())
        }
    }
}

/// The whole check of one program; `Err` says what went wrong.
fn check(file: &Path) -> Result<(), String> {
    let name = file
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let src = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;

    // (a) The original passes its own check.
    let original = dir.path().join("original");
    compile(file, &original, &[])?;
    let (code, expected) = run(&original, &[])?;
    if code != 0 {
        return Err(format!("the original exits with {code}: {expected}"));
    }
    if expected.is_empty() {
        return Err("the original prints nothing, so the comparison proves little".into());
    }

    // (b) nestor optimize succeeds, with the options the comment names.
    let options: Vec<&str> = comment_line(&src, "Options: ")
        .map(|o| o.split_whitespace().collect())
        .unwrap_or_default();
    let (code, rewritten, stderr) = nestor(&["optimize"], &options, file)?;
    if code != 0 {
        return Err(format!("nestor optimize exits with {code}:\n{stderr}"));
    }
    let (code, explain, stderr) = nestor(&["explain"], &options, file)?;
    if code != 0 {
        return Err(format!("nestor explain exits with {code}:\n{stderr}"));
    }
    if !explain.lines().any(|l| l.ends_with("): rewritten")) && rewritten != src {
        return Err("no region was rewritten, yet the output differs from the input".into());
    }

    // (c) The rewritten program passes its check and prints the same.
    let path = dir.path().join(format!("{name}.c"));
    std::fs::write(&path, &rewritten).map_err(|e| e.to_string())?;
    // Sequentially, then (when nestor marked parallel loops) with OpenMP at 1, 2 and 4
    // threads: exit 0 and the original's output each time.
    let mut runs: Vec<(&[&str], Option<&str>)> = vec![(&[], None)];
    if rewritten.contains("#pragma omp") {
        runs.extend(common::THREADS.map(|t| (&["-fopenmp"][..], Some(t))));
    }
    let exe = dir.path().join("rewritten");
    let mut built: Option<&[&str]> = None;
    for (flags, threads) in runs {
        if built != Some(flags) {
            compile(&path, &exe, flags)
                .map_err(|e| format!("the rewritten program does not compile: {e}\n{rewritten}"))?;
            built = Some(flags);
        }
        let envs: Vec<(&str, &str)> = threads
            .map(|t| ("OMP_NUM_THREADS", t))
            .into_iter()
            .collect();
        let got = run(&exe, &envs)?;
        if got != (0, expected.clone()) {
            return Err(format!(
                "the rewritten program ({flags:?}, {envs:?}) exits with {} and prints {:?}; the original printed {expected:?}\n--- rewritten ---\n{rewritten}",
                got.0, got.1
            ));
        }
    }

    // (d) The regions, their fate and codes as blessed, and the comment's claim.
    common::check_expected(
        &format!("tests/expected/selfcheck/{name}.regions"),
        &regions(&explain),
    )?;
    check_claim(&src, &explain)
}

#[test]
fn every_self_checking_program_passes_after_nestor_optimize() {
    let files: Vec<PathBuf> = common::c_files("tests/fixtures/selfcheck");
    assert!(
        files.len() >= 20,
        "expected at least 20 programs, found {}",
        files.len()
    );
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    // Two workers: each program is a few compiler runs and two nestor runs.
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(file) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = check(file) {
                        let name = file.file_name().unwrap_or_default().to_string_lossy();
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(format!("{name}: {e}"));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} of {} programs failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
