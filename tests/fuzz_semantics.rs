//! Differential fuzzer of C semantics (issue 9): random programs that mix the C
//! constructs nestor's front end may mis-model (`tests/common/semantic_c.rs`: statics,
//! globals, block-scope `extern`, typedefs, unsigned and narrow types, casts, macros,
//! jumps, pointers to locals, aliasing calls, user functions named like pure ones,
//! `#if 0` branches, loop pragmas; calls passing one array twice or overlapping parts
//! of it, variable-length arrays in loops that may run no iteration, macros redefined
//! between regions; pointer parameters, subscripted flat as 2-d or 3-d arrays
//! (`x[i * RR + j]`, `x[(b * T + t) * C + c]`), that calls point into overlapping,
//! touching or distinct parts of 2-d arrays; offset views of them declared in loop
//! bodies, `const double *r = y + i * RR;`, read and written through `r[j]`;
//! `size_t` and `unsigned` counters and sizes, `for (size_t i = n; i > 0; i--)`,
//! `for (unsigned j = n - 3; j < n; j++)`, `int` counters compared with them, flat
//! `size_t` products, fresh `malloc` buffers, in helpers called with sizes where
//! unsigned arithmetic wraps around) are rewritten by `nestor optimize` and compared
//! with the original.
//!
//! For each program:
//!
//! 1. the original is compiled with `cc -O0 -g -fsanitize=undefined,address
//!    -fno-sanitize-recover=all -ffp-contract=off` and run; a program that fails there
//!    (undefined behaviour, a crash, a nonzero exit) or runs over 5 s is skipped;
//! 2. `nestor optimize -v` rewrites it, with the automatic search or with `--fuse`
//!    (chosen per program from its seed); nestor must exit 0 or 4, must not crash or
//!    hang, and must leave as written every region that contains a line the generator
//!    marked with `semantic_c::REFUSE_MARK` (a construct nestor documents it refuses);
//! 3. the original and the rewritten program are compiled with `-O0` and with `-O2`
//!    (both `-ffp-contract=off`; `-fopenmp` when the program has OpenMP pragmas, run
//!    then with `OMP_NUM_THREADS` 1, 2 and 4) and must print the same and exit alike.
//!    An original whose output changes with the thread count is skipped.
//!
//! By default 20 programs from a fixed seed run. For longer manual runs:
//!
//! ```text
//! cargo build --release
//! NESTOR_SEMFUZZ_N=2000 NESTOR_SEMFUZZ_SEED=7 NESTOR_BIN=target/release/nestor \
//!     cargo test --release --test fuzz_semantics -- --nocapture
//! ```
//!
//! | variable | meaning |
//! |---|---|
//! | `NESTOR_SEMFUZZ_N` | number of programs (default 20) |
//! | `NESTOR_SEMFUZZ_SEED` | run seed, decimal or `0x` hex (default `DEFAULT_SEED`) |
//! | `NESTOR_SEMFUZZ_START` | index of the first program (default 0): `START=i N=1` reruns one |
//! | `NESTOR_SEMFUZZ_JOBS` | programs checked in parallel (default: available parallelism) |
//! | `NESTOR_BIN` | the nestor binary to test (default: this build's `nestor`) |
//! | `NESTOR_SEMFUZZ_DUMP` | a directory to write every generated program to |
//! | `NESTOR_SEMFUZZ_ARGS` | options for `nestor optimize` instead of the per-program choice, e.g. `--fuse` or `--identity` |
//! | `NESTOR_SEMFUZZ_KEEP_GOING` | `1`: do not stop at the first 20 failures |
//! | `NESTOR_SEMFUZZ_SECONDS` | start no new program after this many seconds (campaigns: a large `N` and a time budget) |
//!
//! A failing program is written, with nestor's output and messages, `nestor explain`
//! and the error, to `$TMPDIR/nestor-semfuzz-<seed>-<index>/`; the test prints that path
//! and the variables that rerun it alone. `tests/reduce.py` shrinks it to a small case.
//!
//! The summary says how many programs had a region (outside `main`) rewritten, and,
//! for runs of 200 programs or more, how many per construct: a construct whose nests
//! are never rewritten tests little.

mod common;
#[path = "common/semantic_c.rs"]
mod semantic_c;

use common::{env_u64, nestor_bin, run_limited};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const DEFAULT_SEED: u64 = 0x7365_6d66_757a_0001;
const DEFAULT_N: u64 = 20;
/// nestor gets this long per program.
const NESTOR_TIMEOUT: Duration = Duration::from_secs(120);
/// An original program that runs longer (under the sanitizers) is skipped.
const ORIGINAL_TIMEOUT: Duration = Duration::from_secs(5);
/// A compiled program (original or rewritten) gets this long.
const RUN_TIMEOUT: Duration = Duration::from_secs(10);
/// Failures after which the run stops early (unless NESTOR_SEMFUZZ_KEEP_GOING=1).
const MAX_FAILURES: usize = 20;

const SANITIZE: &[&str] = &[
    "-O0",
    "-g",
    "-fsanitize=undefined,address",
    "-fno-sanitize-recover=all",
    "-ffp-contract=off",
];

/// Compiles `src` to `exe` with `flags` (and `-w`, `-lm`).
fn compile(src: &Path, exe: &Path, flags: &[&str]) -> Result<(), String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let out = Command::new(&cc)
        .args(flags)
        .arg("-w")
        .arg("-o")
        .arg(exe)
        .arg(src)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run {cc}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cc} {} {} failed:\n{}",
            flags.join(" "),
            src.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

enum Outcome {
    /// With the number of regions nestor rewrote and the program's constructs.
    Passed(usize, Vec<String>),
    Skipped(String),
    Failed(Failure),
}

/// The regions `nestor optimize -v` reports on standard error, but those of `main`
/// (which only initializes and prints): first and last line, and whether it was
/// rewritten (`nestor: FILE: region N (FN, lines A-B): rewritten...`).
fn regions(stderr: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    for line in stderr.lines() {
        let Some(rest) = line.split(", lines ").nth(1) else {
            continue;
        };
        if !line.starts_with("nestor: ")
            || !line.contains(": region ")
            || line.contains(" (main, lines ")
        {
            continue;
        }
        let Some((span, what)) = rest.split_once("): ") else {
            continue;
        };
        let Some((a, b)) = span.split_once('-') else {
            continue;
        };
        if let (Ok(a), Ok(b)) = (a.parse(), b.parse()) {
            out.push((a, b, what.starts_with("rewritten")));
        }
    }
    out
}

/// The lines (1-based) of `src` that carry `semantic_c::REFUSE_MARK` and a rewritten
/// region that contains one, if any.
fn refused_but_rewritten(
    src: &str,
    regions: &[(usize, usize, bool)],
) -> Option<(usize, usize, usize)> {
    let marked: Vec<usize> = src
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(semantic_c::REFUSE_MARK))
        .map(|(k, _)| k + 1)
        .collect();
    for &(a, b, rewritten) in regions {
        if let Some(l) = marked.iter().find(|l| rewritten && a <= **l && **l <= b) {
            return Some((*l, a, b));
        }
    }
    None
}

struct Failure {
    index: u64,
    message: String,
    dir: PathBuf,
}

/// The options of `nestor optimize` for a program: the automatic search, or `--fuse`
/// for one program in three.
fn mode_args(pseed: u64) -> Vec<String> {
    if let Ok(a) = std::env::var("NESTOR_SEMFUZZ_ARGS") {
        return a.split_whitespace().map(str::to_string).collect();
    }
    if pseed.is_multiple_of(3) {
        vec!["--fuse".to_string()]
    } else {
        Vec::new()
    }
}

fn first_lines(s: &str, n: usize) -> String {
    s.lines().take(n).collect::<Vec<_>>().join("\n")
}

/// The first line where `a` and `b` differ, for messages.
fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    for k in 0..la.len().max(lb.len()) {
        let (x, y) = (la.get(k), lb.get(k));
        if x != y {
            return format!(
                "first difference at line {}:\n  original:  {}\n  rewritten: {}",
                k + 1,
                x.unwrap_or(&"<end of output>"),
                y.unwrap_or(&"<end of output>")
            );
        }
    }
    "outputs are identical".to_string()
}

/// Checks program `index` of run `seed`.
fn check_one(bin: &Path, seed: u64, index: u64) -> Outcome {
    let pseed = semantic_c::program_seed(seed, index);
    let generated = semantic_c::generate(pseed);
    let src = generated.source.clone();
    let (work, file) =
        common::write_program(&src, "NESTOR_SEMFUZZ_DUMP", &format!("s{index:05}.c"));
    let file_arg = file.to_str().expect("UTF-8 temporary path");
    let mode = mode_args(pseed);
    let mode_ref: Vec<&str> = mode.iter().map(String::as_str).collect();

    let fail = |message: String, rewritten: Option<&str>, nestor_err: Option<&str>| {
        let dir = std::env::temp_dir().join(format!("nestor-semfuzz-{seed:x}-{index}"));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join("original.c"), &src);
        if let Some(r) = rewritten {
            let _ = std::fs::write(dir.join("rewritten.c"), r);
        }
        if let Some(e) = nestor_err {
            let _ = std::fs::write(dir.join("nestor-stderr.txt"), e);
        }
        let mut args = vec!["explain"];
        args.extend(&mode_ref);
        args.push(file_arg);
        if let Ok((_, explain, _)) = run_limited(bin, &args, &[], NESTOR_TIMEOUT) {
            let _ = std::fs::write(dir.join("explain.txt"), explain);
        }
        let _ = std::fs::write(
            dir.join("command.txt"),
            format!(
                "nestor optimize {} original.c\nrerun: NESTOR_SEMFUZZ_SEED={seed:#x} NESTOR_SEMFUZZ_START={index} NESTOR_SEMFUZZ_N=1 cargo test --test fuzz_semantics -- --nocapture\n",
                mode.join(" ")
            ),
        );
        let _ = std::fs::write(dir.join("error.txt"), &message);
        Outcome::Failed(Failure {
            index,
            message,
            dir,
        })
    };

    // 1. the original under the sanitizers
    let san = work.path().join("original-san");
    if let Err(e) = compile(&file, &san, SANITIZE) {
        return fail(
            format!("the generated program does not compile (generator bug):\n{e}"),
            None,
            None,
        );
    }
    let san_env = [
        ("OMP_NUM_THREADS", "1"),
        ("ASAN_OPTIONS", "detect_leaks=0"),
        ("UBSAN_OPTIONS", "print_stacktrace=0"),
    ];
    match run_limited(&san, &[], &san_env, ORIGINAL_TIMEOUT) {
        Err(_) => return Outcome::Skipped("original too slow".into()),
        Ok((code, _, err)) if code != 0 => {
            let kind = if err.contains("runtime error") {
                "undefined behaviour"
            } else if err.contains("AddressSanitizer") {
                "address error"
            } else {
                "nonzero exit"
            };
            return Outcome::Skipped(format!("original: {kind}"));
        }
        Ok(_) => {}
    }

    // 2. nestor (-v: one line per region on standard error)
    let mut args = vec!["optimize", "-v"];
    args.extend(&mode_ref);
    args.push(file_arg);
    let (code, rewritten, nestor_err) = match run_limited(bin, &args, &[], NESTOR_TIMEOUT) {
        Ok(r) => r,
        Err(e) => return fail(e, None, None),
    };
    if code < 0 {
        return fail(
            format!("nestor optimize crashed (signal {}):\n{nestor_err}", -code),
            None,
            Some(&nestor_err),
        );
    }
    if code != 0 && code != 4 {
        return fail(
            format!("nestor optimize exited with {code}:\n{nestor_err}"),
            Some(&rewritten),
            Some(&nestor_err),
        );
    }
    let regs = regions(&nestor_err);
    if let Some((line, a, b)) = refused_but_rewritten(&src, &regs) {
        return fail(
            format!(
                "nestor rewrote region lines {a}-{b}, which contains line {line}, a construct it must leave as written ({})",
                semantic_c::REFUSE_MARK
            ),
            Some(&rewritten),
            Some(&nestor_err),
        );
    }
    let n_rewritten = regs.iter().filter(|r| r.2).count();
    let rfile = work.path().join("rewritten.c");
    std::fs::write(&rfile, &rewritten).expect("writable temporary directory");

    // 3. both programs at -O0 and -O2, with 1, 2 and 4 threads when they use OpenMP
    // (the original's pragmas, or parallel loops nestor marked)
    let omp = generated.omp || rewritten.contains("#pragma omp");
    let threads: &[&str] = if omp { &["1", "2", "4"] } else { &["1"] };
    for level in ["-O0", "-O2"] {
        let mut flags = vec![level, "-ffp-contract=off"];
        if omp {
            flags.push("-fopenmp");
        }
        let oexe = work.path().join(format!("original{level}"));
        let rexe = work.path().join(format!("rewritten{level}"));
        if let Err(e) = compile(&file, &oexe, &flags) {
            return fail(
                format!("the original does not compile with {level}:\n{e}"),
                Some(&rewritten),
                Some(&nestor_err),
            );
        }
        if let Err(e) = compile(&rfile, &rexe, &flags) {
            return fail(
                format!("the rewritten program does not compile:\n{e}"),
                Some(&rewritten),
                Some(&nestor_err),
            );
        }
        let mut reference: Option<(i32, String)> = None;
        for t in threads {
            let env = [("OMP_NUM_THREADS", *t)];
            let orig = match run_limited(&oexe, &[], &env, RUN_TIMEOUT) {
                Ok((c, out, _)) => (c, out),
                Err(_) => return Outcome::Skipped(format!("original too slow at {level}")),
            };
            match &reference {
                None => reference = Some(orig.clone()),
                Some(r) if *r != orig => {
                    return Outcome::Skipped("original output depends on the thread count".into());
                }
                Some(_) => {}
            }
            let r = reference.as_ref().expect("set above");
            let what = if omp {
                format!("{level}, OMP_NUM_THREADS={t}")
            } else {
                level.to_string()
            };
            let new = match run_limited(&rexe, &[], &env, RUN_TIMEOUT) {
                Ok((c, out, _)) => (c, out),
                Err(e) => {
                    return fail(
                        format!("{what}: the rewritten program does not finish: {e}"),
                        Some(&rewritten),
                        Some(&nestor_err),
                    );
                }
            };
            if new != *r {
                return fail(
                    format!(
                        "{what}: the rewritten program behaves differently (exit {} -> {})\n{}",
                        r.0,
                        new.0,
                        first_difference(&r.1, &new.1)
                    ),
                    Some(&rewritten),
                    Some(&nestor_err),
                );
            }
        }
    }
    Outcome::Passed(n_rewritten, generated.features)
}

#[test]
fn random_c_semantics_survive_optimize() {
    let seed = env_u64("NESTOR_SEMFUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let n = env_u64("NESTOR_SEMFUZZ_N").unwrap_or(DEFAULT_N);
    let start = env_u64("NESTOR_SEMFUZZ_START").unwrap_or(0);
    let keep_going = std::env::var_os("NESTOR_SEMFUZZ_KEEP_GOING").is_some_and(|v| v != "0");
    let jobs = env_u64("NESTOR_SEMFUZZ_JOBS")
        .map(|j| j.max(1) as usize)
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
        });
    let budget = env_u64("NESTOR_SEMFUZZ_SECONDS").map(Duration::from_secs);
    let bin = nestor_bin();

    let t0 = Instant::now();
    let next = AtomicU64::new(start);
    let done = AtomicU64::new(0);
    let failures: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
    let skipped: Mutex<BTreeMap<String, u64>> = Mutex::new(BTreeMap::new());
    // programs that passed, and those of them with a rewritten region: in all and
    // per construct
    let rewritten: Mutex<BTreeMap<String, (u64, u64)>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= start + n || budget.is_some_and(|b| t0.elapsed() > b) {
                        break;
                    }
                    if !keep_going
                        && failures.lock().unwrap_or_else(|e| e.into_inner()).len()
                            >= MAX_FAILURES
                    {
                        break;
                    }
                    match check_one(&bin, seed, index) {
                        Outcome::Passed(n_rw, feats) => {
                            let mut rw = rewritten.lock().unwrap_or_else(|e| e.into_inner());
                            for f in feats.iter().map(String::as_str).chain(["(all programs)"]) {
                                let e = rw.entry(f.to_string()).or_default();
                                e.0 += 1;
                                e.1 += u64::from(n_rw > 0);
                            }
                        }
                        Outcome::Skipped(why) => {
                            *skipped
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .entry(why)
                                .or_default() += 1;
                        }
                        Outcome::Failed(f) => {
                            eprintln!(
                                "FAIL program {} (NESTOR_SEMFUZZ_SEED={seed:#x} NESTOR_SEMFUZZ_START={} NESTOR_SEMFUZZ_N=1): files in {}\n{}",
                                f.index,
                                f.index,
                                f.dir.display(),
                                first_lines(&f.message, 12)
                            );
                            failures.lock().unwrap_or_else(|e| e.into_inner()).push(f);
                        }
                    }
                    let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if n >= 200 && d.is_multiple_of(100) {
                        let f = failures.lock().unwrap_or_else(|e| e.into_inner()).len();
                        let sk: u64 = skipped
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .values()
                            .sum();
                        eprintln!(
                            "semfuzz: {d}/{n} programs checked ({sk} skipped, {f} failed), {:.0} s",
                            t0.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });

    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort_by_key(|f| f.index);
    let skipped = skipped.into_inner().unwrap_or_else(|e| e.into_inner());
    let n_skipped: u64 = skipped.values().sum();
    let checked = done.load(Ordering::SeqCst);
    eprintln!(
        "semfuzz: {checked} of {n} programs (seed {seed:#x}, indices {start}..{}) with {} in {:.1} s: {} passed, {n_skipped} skipped, {} failed",
        start + n,
        bin.display(),
        t0.elapsed().as_secs_f64(),
        checked - n_skipped - failures.len() as u64,
        failures.len()
    );
    for (why, c) in &skipped {
        eprintln!("  skipped {c:5}: {why}");
    }
    let rewritten = rewritten.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((p, r)) = rewritten.get("(all programs)") {
        eprintln!("  {r} of {p} programs that passed had a rewritten region");
    }
    if checked >= 200 {
        for (f, (p, r)) in &rewritten {
            eprintln!("    {f:32} {r:5} of {p:5} rewritten");
        }
    }
    if !failures.is_empty() {
        let list: Vec<String> = failures
            .iter()
            .map(|f| {
                format!(
                    "program {} (seed {seed:#x}): {}\n    {}",
                    f.index,
                    f.dir.display(),
                    f.message.lines().next().unwrap_or("")
                )
            })
            .collect();
        panic!(
            "{} of {checked} random programs behave differently after `nestor optimize`:\n{}\nrerun one with NESTOR_SEMFUZZ_SEED={seed:#x} NESTOR_SEMFUZZ_START=<index> NESTOR_SEMFUZZ_N=1 cargo test --test fuzz_semantics -- --nocapture\nshrink one with python3 tests/reduce.py <dir>/original.c",
            failures.len(),
            list.join("\n")
        );
    }
    // The slice must exercise something: most programs run.
    assert!(
        n_skipped * 2 <= checked.max(1),
        "{n_skipped} of {checked} programs were skipped: the generator makes too many invalid programs"
    );
}

/// The generator is a pure function of its seed.
#[test]
fn semantic_generation_is_deterministic() {
    for index in 0..5 {
        let s = semantic_c::program_seed(DEFAULT_SEED, index);
        assert_eq!(
            semantic_c::generate(s).source,
            semantic_c::generate(s).source
        );
    }
}

/// The generated programs use every construct the generator is meant to cover.
#[test]
fn semantic_generator_covers_the_constructs() {
    let mut all = String::new();
    let mut feats = std::collections::BTreeSet::new();
    for index in 0..400 {
        let g = semantic_c::generate(semantic_c::program_seed(DEFAULT_SEED ^ 0xc0ffee, index));
        all.push_str(&g.source);
        feats.extend(g.features);
    }
    for f in [
        "typedef",
        "typedef-double",
        "static-iterator",
        "global-iterator",
        "extern-iterator",
        "block-extern",
        "static-array",
        "static-scalar",
        "long-iterator",
        "narrow-iterator",
        "unsigned-iterator",
        "unsigned-bound",
        "narrow-bound",
        "macro-unparenthesized",
        "suffixed-literal",
        "function-like-macro",
        "macro-iterator",
        "macro-reads-iterator",
        "macro-reads-temporary",
        "if0-macro",
        "undef-macro",
        "if0-declaration",
        "if0-pragma",
        "if0-pragma-temporary",
        "cast-bound",
        "cast-subscript",
        "cast-subscript-wraps",
        "goto-skips-reassignment",
        "return-skips-reassignment",
        "break-skips-reassignment",
        "continue-skips-reassignment",
        "break-in-nest",
        "goto-out-of-nest",
        "return-in-nest",
        "pointer-to-local",
        "sizeof-temporary",
        "vla-size-call",
        "static-read-next-call",
        "alias-global-param",
        "knr-definition",
        "user-pure-name",
        "user-min-bound",
        "int-max-bounds",
        "omp",
        "omp-in-else-branch",
        "ivdep",
        "unroll",
        "called-twice",
        "extern-global",
        "triangular",
        // issue 15: declarations in loop bodies, functions of the file, struct
        // members, preprocessor conditionals the file's macros decide
        "body-array-column",
        "body-array-full",
        "body-array-partial",
        "body-array-int",
        "body-array-read-before-write",
        "body-array-shifted",
        "body-array-vector",
        "body-array-vla",
        "call-const",
        "call-counts",
        "call-in-fusion-pair",
        "call-narrow-fits",
        "call-narrow-wraps",
        "call-pointer-argument",
        "call-reads-array-param",
        "call-reads-global",
        "call-reads-row",
        "call-wider-param",
        "call-writes-param",
        "const-attribute-declaration",
        "const-attribute-definition",
        "fn-summarized-const",
        "fn-with-if",
        "goto-over-nest",
        "local-around-inner-loop",
        "local-assigned",
        "local-carried",
        "local-column-walk",
        "local-const",
        "local-const-int",
        "local-if-assigned",
        "local-in-bound",
        "local-in-subscript",
        "local-initialized",
        "local-int-assigned",
        "local-long",
        "local-name-reused-after",
        "local-name-reused-nested",
        "local-read-before-write",
        "local-short",
        "local-sibling-other-type",
        "local-sibling-same-name",
        "local-stored-plain",
        "local-ternary",
        "local-unsigned",
        "local-updated",
        "pp-and-or",
        "pp-arith",
        "pp-around-attribute",
        "pp-around-pure-pragma",
        "pp-defined",
        "pp-elif",
        "pp-else",
        "pp-half-declaration",
        "pp-half-member",
        "pp-half-parameter",
        "pp-if-macro",
        "pp-ifdef",
        "pp-ifndef",
        "pp-inside-nest",
        "pp-iterator-read",
        "pp-iterator-typedef",
        "pp-temp-read-dead",
        "pp-temp-read-live",
        "pp-temporary-pragma-inactive",
        "pp-undef",
        "pp-undefined-name",
        "pure-pragma",
        "shadow-enclosing-local",
        "shadow-global",
        "shadow-global-array",
        "shadow-kernel-local",
        "shadow-kernel-local-before",
        "shadow-param",
        "shadow-param-before",
        "struct-2d-members",
        "struct-array-of-structs",
        "struct-bit-field",
        "struct-global-soa",
        "struct-local-soa",
        "struct-member-passed",
        "struct-nested-member",
        "struct-pointer-param",
        "struct-typedef",
        "union-refused",
        // later constructs (`Gen::extras`)
        "alias-calls",
        "alias-distinct",
        "alias-kernel-param-global",
        "alias-overlap",
        "alias-overlap-one",
        "alias-param-is-global",
        "alias-row-cast",
        "alias-same-array",
        "alias-signedness",
        "alias-touching",
        "macro-redefined-constant",
        "macro-redefined-side-effect",
        "vla-zero-trip",
        "vla-zero-trip-call",
        // issue 27: pointer parameters and flat subscripts
        "pointer-param",
        "const-pointer-param",
        "flat-subscript",
        "flat-overlap",
        "flat-overlap-one",
        "flat-touching",
        "flat-same-array",
        "flat-distinct",
        "flat-next-row",
        "flat-row-param",
        "flat-3-level",
        "flat-3-level-sum-form",
        "flat-size-param",
        "flat-kernel-param-global",
        "flat-global-in-helper",
        "flat-arg-cast",
        "flat-const-param",
        "flat-array-param",
        // offset views (pointers declared in loop bodies as places in flat parameters)
        "view",
        "view-of-view",
        "view-write",
        "view-accumulator",
        "view-address-of",
        "view-base-right",
        "view-mixed-flat",
        "view-innermost",
        "view-3-level",
        "view-in-kernel",
        "view-overlap",
        "view-touching",
        "view-distinct",
        "view-same-array",
        // unsigned loop counters (size_t and unsigned iterators and sizes, called with
        // sizes where unsigned arithmetic wraps around and where it does not)
        "usize",
        "usize-size_t-param",
        "usize-unsigned-param",
        "usize-size_t-iterator",
        "usize-unsigned-iterator",
        "usize-mixed-width",
        "usize-stencil",
        "usize-stencil-minus-bound",
        "usize-stencil-plus-bound",
        "usize-time-loop",
        "usize-decreasing",
        "usize-decreasing-wraps-at-end",
        "usize-iterator-read-after",
        "usize-wrapping-start",
        "usize-int-counter",
        "usize-negative-start",
        "usize-negative-start-runs",
        "usize-triangular",
        "usize-flat-product",
        "usize-flat-rect",
        "usize-matmul",
        "usize-3-level",
        "usize-3-level-sum-form",
        "usize-3-level-next-row",
        "usize-malloc-temp",
        "usize-calloc-temp",
        "usize-call-0",
        "usize-call-1",
        "usize-call-2",
        "usize-call-large",
        "usize-size-from-main",
        "usize-in-kernel",
        "usize-same-array",
        "usize-overlap",
        "usize-distinct",
        "usize-restrict",
    ] {
        assert!(feats.contains(f), "no generated program uses `{f}`");
    }
    for needle in [
        "#pragma omp parallel for",
        "#pragma GCC ivdep",
        "#pragma GCC unroll 2",
        "#if 0",
        "static double max(",
        "static double sqrt(",
        "(short)",
        "(unsigned char)",
        "goto ",
        "break;",
        "continue;",
        "return;",
        "extern ",
        "INT_MAX",
        "__attribute__((const))",
        "#pragma nestor pure(",
        "#elif ",
        "struct soa",
        "union ov",
        "->",
    ] {
        assert!(
            all.contains(needle),
            "no generated program contains `{needle}`"
        );
    }
}

/// Why candidates are discarded, and how long generation takes (for tuning the
/// generator: `cargo test --test fuzz_semantics semantic_generator_statistics --
/// --ignored --nocapture`; `NESTOR_SEMFUZZ_DUMP=DIR` also writes the programs).
#[test]
#[ignore]
fn semantic_generator_statistics() {
    let n = env_u64("NESTOR_SEMFUZZ_N").unwrap_or(300);
    let seed = env_u64("NESTOR_SEMFUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let t0 = Instant::now();
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    for index in 0..n {
        for r in semantic_c::rejections(semantic_c::program_seed(seed, index), 1) {
            let kind: String = r
                .split(|c: char| c.is_ascii_digit() || c == '`' || c == '[')
                .next()
                .unwrap_or("")
                .to_string();
            *reasons.entry(kind).or_default() += 1;
        }
    }
    eprintln!(
        "{n} candidates in {:.2} s; rejected: {reasons:#?}",
        t0.elapsed().as_secs_f64()
    );
    let t0 = Instant::now();
    let mut bytes = 0;
    let mut feats: BTreeMap<String, u64> = BTreeMap::new();
    let dump = std::env::var_os("NESTOR_SEMFUZZ_DUMP").map(PathBuf::from);
    for index in 0..n {
        let g = semantic_c::generate(semantic_c::program_seed(seed, index));
        bytes += g.source.len();
        for f in g.features {
            *feats.entry(f).or_default() += 1;
        }
        if let Some(dir) = &dump {
            let _ = std::fs::create_dir_all(dir);
            let _ = std::fs::write(dir.join(format!("s{index:05}.c")), &g.source);
        }
    }
    eprintln!(
        "{n} programs ({bytes} bytes) in {:.2} s; constructs: {feats:#?}",
        t0.elapsed().as_secs_f64()
    );
}
