//! Differential fuzzer: random static-control C programs (`tests/common/random_c.rs`)
//! are rewritten by `nestor optimize` (default options: the automatic search), both
//! versions are compiled with `cc -O2 -ffp-contract=off` and run, and they must print
//! the same and exit alike. nestor must exit 0 and its output must compile.
//!
//! By default 40 programs from a fixed seed run. For longer manual runs:
//!
//! ```text
//! NESTOR_FUZZ_N=1500 NESTOR_FUZZ_SEED=7 NESTOR_BIN=target/release/nestor \
//!     cargo test --test fuzz -- --nocapture
//! ```
//!
//! | variable | meaning |
//! |---|---|
//! | `NESTOR_FUZZ_N` | number of programs (default 40) |
//! | `NESTOR_FUZZ_SEED` | run seed, decimal or `0x` hex (default `DEFAULT_SEED`) |
//! | `NESTOR_FUZZ_START` | index of the first program (default 0): `START=i N=1` reruns one |
//! | `NESTOR_FUZZ_JOBS` | programs checked in parallel (default: available parallelism) |
//! | `NESTOR_BIN` | the nestor binary to test (default: this build's `nestor`) |
//! | `NESTOR_FUZZ_STATS` | `1`: also run `nestor explain` and count its decisions |
//! | `NESTOR_FUZZ_DUMP` | a directory to write every generated program to |
//! | `NESTOR_FUZZ_ARGS` | extra options for `nestor optimize`, e.g. `--no-fuse` (default: none) |
//!
//! A failing program is written, with nestor's output, `nestor explain` and the error,
//! to `$TMPDIR/nestor-fuzz-<seed>-<index>/`, and the test prints that path and the
//! variables that rerun it alone.

mod common;
#[path = "common/random_c.rs"]
mod random_c;

use common::{env_u64, nestor_bin};

/// `common::run_limited` without extra environment.
fn run_limited(
    bin: &Path,
    args: &[&str],
    limit: Duration,
) -> Result<(i32, String, String), String> {
    common::run_limited(bin, args, &[], limit)
}

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The seed of the default run (every program of it passes; see the commit message
/// of this file for the run sizes that were checked).
const DEFAULT_SEED: u64 = 0x6e65_7374_6f72_0001;
const DEFAULT_N: u64 = 40;
/// nestor gets this long per program before the program counts as a failure.
const NESTOR_TIMEOUT: Duration = Duration::from_secs(300);

#[derive(Default)]
struct Stats {
    regions_rewritten: u64,
    regions_unchanged: u64,
    decisions: BTreeMap<String, u64>,
    codes: BTreeMap<String, u64>,
}

impl Stats {
    fn add_explain(&mut self, explain: &str) {
        for line in explain.lines() {
            if line.starts_with("region ") && line.contains(" in kernel ") {
                if line.ends_with(": rewritten") {
                    self.regions_rewritten += 1;
                } else {
                    self.regions_unchanged += 1;
                }
            }
            if let Some(d) = line.trim().strip_prefix("decision: ") {
                *self.decisions.entry(decision_kind(d)).or_default() += 1;
            }
            let t = line.trim();
            if t.len() > 5
                && t.starts_with('N')
                && t[1..4].chars().all(|c| c.is_ascii_digit())
                && t.as_bytes()[4] == b' '
            {
                *self.codes.entry(t[..4].to_string()).or_default() += 1;
            }
        }
    }
}

/// A decision's kind: its words without names and numbers.
fn decision_kind(d: &str) -> String {
    let mut kind = Vec::new();
    for w in d.split_whitespace() {
        if w.starts_with('`')
            || w.starts_with('(')
            || w.contains('[')
            || w.chars().any(|c| c.is_ascii_digit())
        {
            break;
        }
        kind.push(w);
    }
    kind.join(" ")
}

struct Failure {
    index: u64,
    message: String,
    dir: PathBuf,
}

/// Checks program `index` of run `seed`.
fn check_one(
    bin: &Path,
    seed: u64,
    index: u64,
    stats: Option<&Mutex<Stats>>,
) -> Result<(), Failure> {
    let pseed = random_c::program_seed(seed, index);
    let generated = random_c::generate(pseed);
    let src = generated.source;
    let (_work, file) = common::write_program(&src, "NESTOR_FUZZ_DUMP", &format!("p{index:05}.c"));
    let file_arg = file.to_str().expect("UTF-8 temporary path");

    let extra = std::env::var("NESTOR_FUZZ_ARGS").unwrap_or_default();
    let mut explain_args = vec!["explain"];
    explain_args.extend(extra.split_whitespace());
    explain_args.push(file_arg);
    let fail = |message: String, rewritten: Option<&str>| -> Failure {
        let dir = std::env::temp_dir().join(format!("nestor-fuzz-{seed:x}-{index}"));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join("original.c"), &src);
        if let Some(r) = rewritten {
            let _ = std::fs::write(dir.join("rewritten.c"), r);
        }
        if let Ok((_, explain, _)) = run_limited(bin, &explain_args, NESTOR_TIMEOUT) {
            let _ = std::fs::write(dir.join("explain.txt"), explain);
        }
        let _ = std::fs::write(dir.join("error.txt"), &message);
        Failure {
            index,
            message,
            dir,
        }
    };

    let mut args = vec!["optimize"];
    args.extend(extra.split_whitespace());
    args.push(file_arg);
    let (code, rewritten, stderr) = match run_limited(bin, &args, NESTOR_TIMEOUT) {
        Ok(r) => r,
        Err(e) => return Err(fail(e, None)),
    };
    if code < 0 {
        return Err(fail(
            format!("nestor optimize crashed (signal {}):\n{stderr}", -code),
            None,
        ));
    }
    // Requested transformations (manual runs) may be refused: exit code 4.
    let requested = extra.contains("--fuse") || extra.contains("--interchange");
    if code != 0 && !(requested && code == 4) {
        return Err(fail(
            format!("nestor optimize exited with {code}:\n{stderr}"),
            Some(&rewritten),
        ));
    }
    if let Err(e) =
        common::assert_same_behaviour_threaded(&format!("program {index}"), &src, &rewritten, None)
    {
        return Err(fail(e, Some(&rewritten)));
    }
    if let Some(stats) = stats
        && let Ok((_, explain, _)) = run_limited(bin, &explain_args, NESTOR_TIMEOUT)
    {
        stats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add_explain(&explain);
    }
    Ok(())
}

#[test]
fn random_programs_behave_the_same_after_optimize() {
    let seed = env_u64("NESTOR_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let n = env_u64("NESTOR_FUZZ_N").unwrap_or(DEFAULT_N);
    let start = env_u64("NESTOR_FUZZ_START").unwrap_or(0);
    let jobs = env_u64("NESTOR_FUZZ_JOBS")
        .map(|j| j.max(1) as usize)
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
        });
    let bin = nestor_bin();
    let stats = std::env::var_os("NESTOR_FUZZ_STATS")
        .is_some_and(|v| v != "0")
        .then(|| Mutex::new(Stats::default()));

    let t0 = Instant::now();
    let next = AtomicU64::new(start);
    let done = AtomicU64::new(0);
    let failures: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= start + n {
                        break;
                    }
                    if let Err(f) = check_one(&bin, seed, index, stats.as_ref()) {
                        eprintln!(
                            "FAIL program {} (NESTOR_FUZZ_SEED={seed:#x} NESTOR_FUZZ_START={} NESTOR_FUZZ_N=1): files in {}\n{}",
                            f.index,
                            f.index,
                            f.dir.display(),
                            first_lines(&f.message, 12)
                        );
                        failures.lock().unwrap_or_else(|e| e.into_inner()).push(f);
                    }
                    let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if n >= 200 && d.is_multiple_of(100) {
                        eprintln!("fuzz: {d}/{n} programs checked, {:.0} s", t0.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });

    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort_by_key(|f| f.index);
    eprintln!(
        "fuzz: {n} programs (seed {seed:#x}, indices {start}..{}) with {} in {:.1} s: {} failed",
        start + n,
        bin.display(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    if let Some(stats) = stats {
        let s = stats.into_inner().unwrap_or_else(|e| e.into_inner());
        eprintln!(
            "kernel regions: {} rewritten, {} unchanged",
            s.regions_rewritten, s.regions_unchanged
        );
        for (d, c) in &s.decisions {
            eprintln!("  {c:6}  decision: {d}");
        }
        for (d, c) in &s.codes {
            eprintln!("  {c:6}  {d}");
        }
    }
    if !failures.is_empty() {
        let list: Vec<String> = failures
            .iter()
            .map(|f| format!("program {} (seed {seed:#x}): {}", f.index, f.dir.display()))
            .collect();
        panic!(
            "{} of {n} random programs behave differently after `nestor optimize`:\n{}\nrerun one with NESTOR_FUZZ_SEED={seed:#x} NESTOR_FUZZ_START=<index> NESTOR_FUZZ_N=1",
            failures.len(),
            list.join("\n")
        );
    }
}

fn first_lines(s: &str, n: usize) -> String {
    s.lines().take(n).collect::<Vec<_>>().join("\n")
}

/// The generator is a pure function of its seed.
#[test]
fn generation_is_deterministic() {
    for index in 0..5 {
        let s = random_c::program_seed(DEFAULT_SEED, index);
        assert_eq!(random_c::generate(s).source, random_c::generate(s).source);
    }
}

/// The generated programs use every construct the generator is meant to cover.
#[test]
fn generator_covers_the_constructs() {
    let mut all = String::new();
    for index in 0..150 {
        all.push_str(
            &random_c::generate(random_c::program_seed(DEFAULT_SEED ^ 0xc0ffee, index)).source,
        );
    }
    for needle in [
        "i += 2",                   // stride 2
        "i--",                      // decreasing loops
        "j <= i",                   // triangular bounds
        "if (",                     // conditions on iterators
        "% 2 ==",                   // modulo conditions
        "for (int t = 0",           // time loops
        "  double tmp[",            // local temporaries
        "s = 0.0;",                 // reduction resets
        "s += ",                    // scalar reductions
        "[j][i]",                   // column-order accesses
        "static void kernel(int n", // sizes as parameters
        " && ",                     // conjunctions (clamped bounds)
        "*= ",                      // compound multiplication
        " / ",                      // division by constants
    ] {
        assert!(
            all.contains(needle),
            "no generated program contains `{needle}`"
        );
    }
}

/// Why candidates are discarded, and how long generation takes (for tuning the
/// generator: `cargo test --test fuzz generator_statistics -- --ignored --nocapture`).
#[test]
#[ignore]
fn generator_statistics() {
    let t0 = Instant::now();
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let n = env_u64("NESTOR_FUZZ_N").unwrap_or(300);
    for index in 0..n {
        for r in random_c::rejections(random_c::program_seed(DEFAULT_SEED, index), 1) {
            let kind = r.split(['(', ' ']).next().unwrap_or("").to_string();
            *reasons.entry(kind).or_default() += 1;
        }
    }
    eprintln!(
        "{n} candidates in {:.2} s; rejected: {reasons:?}",
        t0.elapsed().as_secs_f64()
    );
    let t0 = Instant::now();
    let mut bytes = 0;
    let dump = std::env::var_os("NESTOR_FUZZ_DUMP").map(PathBuf::from);
    let seed = env_u64("NESTOR_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    for index in 0..n {
        let src = random_c::generate(random_c::program_seed(seed, index)).source;
        bytes += src.len();
        if let Some(dir) = &dump {
            let _ = std::fs::create_dir_all(dir);
            let _ = std::fs::write(dir.join(format!("p{index:05}.c")), &src);
        }
    }
    eprintln!(
        "{n} programs ({bytes} bytes) in {:.2} s",
        t0.elapsed().as_secs_f64()
    );
}
