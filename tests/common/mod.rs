//! Shared test helpers: compiling and running C programs, differential comparison.

#![allow(dead_code)]

pub mod corpus;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// Compiles `c_file` with `cc -O2 -ffp-contract=off` (FMA contraction would change
/// rounding between loop orders) and returns the executable's path.
pub fn compile(
    c_file: &Path,
    out_dir: &Path,
    name: &str,
    include: Option<&Path>,
) -> Result<PathBuf, String> {
    compile_with(c_file, out_dir, name, include, &[])
}

/// [`compile`] with extra compiler flags (`-fopenmp`).
pub fn compile_with(
    c_file: &Path,
    out_dir: &Path,
    name: &str,
    include: Option<&Path>,
    flags: &[&str],
) -> Result<PathBuf, String> {
    let exe = out_dir.join(name);
    let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_string()));
    cmd.args(flags)
        .args(["-O2", "-ffp-contract=off", "-w", "-o"])
        .arg(&exe)
        .arg(c_file);
    if let Some(dir) = include {
        cmd.arg("-I").arg(dir);
    }
    cmd.arg("-lm");
    let out = cmd.output().map_err(|e| format!("cannot run cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc failed on {}:\n{}",
            c_file.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(exe)
}

/// Runs `exe` and returns its exit status and standard output.
pub fn run(exe: &Path) -> Result<(i32, Vec<u8>), String> {
    run_with(exe, &[])
}

/// [`run`] with environment variables set.
pub fn run_with(exe: &Path, envs: &[(&str, &str)]) -> Result<(i32, Vec<u8>), String> {
    let out = Command::new(exe)
        .envs(envs.iter().copied())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    Ok((out.status.code().unwrap_or(-1), out.stdout))
}

/// `original` and `rewritten` (C sources) written to a fresh directory and compiled,
/// the rewritten one with `flags` too: the directory (kept while the guard lives) and
/// both executables.
fn build_pair(
    name: &str,
    original: &str,
    rewritten: &str,
    include: Option<&Path>,
    flags: &[&str],
) -> Result<(tempfile::TempDir, PathBuf, PathBuf), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let a = dir.path().join("original.c");
    let b = dir.path().join("rewritten.c");
    std::fs::write(&a, original).map_err(|e| e.to_string())?;
    std::fs::write(&b, rewritten).map_err(|e| e.to_string())?;
    let ea = compile(&a, dir.path(), "original", include)?;
    let eb = compile_with(&b, dir.path(), "rewritten", include, flags).map_err(|e| {
        format!(
            "{name}: the rewritten file does not compile with {flags:?}:\n{e}\n--- rewritten ---\n{rewritten}"
        )
    })?;
    Ok((dir, ea, eb))
}

/// Compiles and runs `original` and `rewritten` (C sources) and checks that their exit
/// status and standard output are byte-identical.
pub fn assert_same_behaviour(
    name: &str,
    original: &str,
    rewritten: &str,
    include: Option<&Path>,
) -> Result<(), String> {
    let (_dir, ea, eb) = build_pair(name, original, rewritten, include, &[])?;
    let ra = run(&ea)?;
    let rb = run(&eb)?;
    if ra != rb {
        return Err(format!(
            "{name}: outputs differ\noriginal (exit {}): {}\nrewritten (exit {}): {}\n--- rewritten ---\n{rewritten}",
            ra.0,
            String::from_utf8_lossy(&ra.1),
            rb.0,
            String::from_utf8_lossy(&rb.1)
        ));
    }
    if ra.1.is_empty() {
        return Err(format!(
            "{name}: the program prints nothing, so the comparison proves nothing"
        ));
    }
    Ok(())
}

/// The `.c` files of `dir` (relative to the repository), sorted.
pub fn c_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// `src` through the automatic search with contraction and parallel loops, tiled with
/// `tile` sizes (`None`: not tiled).
/// A program whose `main` fills the `double` arrays `A` and `B` (`n` elements each),
/// runs `calls` (after `kernel`, and the `headers` included first) and prints a hash of
/// every bit of both: a different value anywhere prints another number.
pub fn two_array_program(headers: &[&str], n: usize, kernel: &str, calls: &str) -> String {
    let includes: String = headers
        .iter()
        .map(|h| format!("#include <{h}>\n"))
        .collect();
    format!(
        r#"#include <stdio.h>
{includes}#define N {n}
static double A[N], B[N];
{kernel}
int main(void) {{
  for (int i = 0; i < N; i++) {{
    A[i] = (double)((i * 7) % 17) / 17;
    B[i] = (double)((i * 5) % 13) / 13;
  }}
  {calls}
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < N; i++) {{
    union {{ double d; unsigned long long u; }} a = {{A[i]}}, b = {{B[i]}};
    h = ((h ^ a.u) * 1099511628211ULL ^ b.u) * 1099511628211ULL;
  }}
  printf("%llu\n", h);
  return 0;
}}
"#
    )
}

/// `src` rewritten by the automatic search, compiled, run at 1, 2 and 4 threads and
/// compared with the original exactly (panics on a difference).
pub fn searched_and_compared(name: &str, src: &str) -> nestor::driver::pipeline::FileReport {
    let report = searched(src, None);
    assert_same_behaviour_threaded(name, src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    report
}

/// The run-time tests of `kernel`'s regions, as their decisions print.
pub fn versioned(report: &nestor::driver::pipeline::FileReport) -> Vec<String> {
    kernel_decisions(report, |d| {
        matches!(d, nestor::transform::decision::Decision::Versioned { .. })
    })
}

/// Every region diagnostic of `report`, as `code message`.
pub fn region_messages(report: &nestor::driver::pipeline::FileReport) -> Vec<String> {
    report
        .regions
        .iter()
        .flat_map(|r| &r.diagnostics)
        .map(|d| format!("{} {}", d.code.as_str(), d.message))
        .collect()
}

pub fn searched(src: &str, tile: Option<Vec<i64>>) -> nestor::driver::pipeline::FileReport {
    let options = nestor::driver::pipeline::Options {
        mode: nestor::driver::pipeline::Mode::Search(
            nestor::transform::search::SearchOptions::default(),
        ),
        contract: true,
        parallel: true,
        tile: tile.map(nestor::transform::tiling::TileSizes::Fixed),
        ..nestor::driver::pipeline::Options::default()
    };
    nestor::driver::pipeline::optimize(src, &options)
}

/// `src` through the automatic search as `nestor optimize` runs it: tiled by the cache
/// model (32 KiB L1, 512 KiB L2), parallel loops, contraction.
pub fn searched_by_model(src: &str) -> nestor::driver::pipeline::FileReport {
    let options = nestor::driver::pipeline::Options {
        mode: nestor::driver::pipeline::Mode::Search(
            nestor::transform::search::SearchOptions::default(),
        ),
        contract: true,
        parallel: true,
        tile: Some(nestor::transform::tiling::TileSizes::Model(
            nestor::transform::tiling::cache::Caches {
                l1: 32 * 1024,
                l2: 512 * 1024,
            },
        )),
        ..nestor::driver::pipeline::Options::default()
    };
    nestor::driver::pipeline::optimize(src, &options)
}

/// The decisions `keep` selects in the regions of function `kernel`, as printed.
pub fn kernel_decisions(
    report: &nestor::driver::pipeline::FileReport,
    keep: impl Fn(&nestor::transform::decision::Decision) -> bool,
) -> Vec<String> {
    report
        .regions
        .iter()
        .filter(|r| r.function == "kernel")
        .flat_map(|r| &r.decisions)
        .filter(|d| keep(d))
        .map(|d| d.to_string())
        .collect()
}

/// The thread counts rewritten programs with OpenMP pragmas are run with.
pub const THREADS: [&str; 3] = ["1", "2", "4"];

/// As [`assert_same_behaviour`], with the rewritten program also compiled with
/// `-fopenmp` and run with 1, 2 and 4 threads: each run must print exactly what the
/// sequential original prints. Does nothing more when `rewritten` has no pragma.
pub fn assert_same_behaviour_threaded(
    name: &str,
    original: &str,
    rewritten: &str,
    include: Option<&Path>,
) -> Result<(), String> {
    assert_same_behaviour(name, original, rewritten, include)?;
    if !rewritten.contains("#pragma omp") {
        return Ok(());
    }
    let (_dir, ea, eb) = build_pair(name, original, rewritten, include, &["-fopenmp"])?;
    let expected = run(&ea)?;
    for threads in THREADS {
        let got = run_with(&eb, &[("OMP_NUM_THREADS", threads)])?;
        if got != expected {
            let how = format!("with -fopenmp and {threads} threads");
            return Err(differs(name, &how, &expected, &got, rewritten));
        }
    }
    Ok(())
}

/// The message for outputs that differ (`how` the rewritten file was built and run).
fn differs(
    name: &str,
    how: &str,
    expected: &(i32, Vec<u8>),
    got: &(i32, Vec<u8>),
    rewritten: &str,
) -> String {
    format!(
        "{name}: {how} the output differs\noriginal: {}\nrewritten: {}\n--- rewritten ---\n{rewritten}",
        String::from_utf8_lossy(&expected.1),
        String::from_utf8_lossy(&got.1)
    )
}

/// [`assert_same_behaviour`] with the rewritten file compiled with `flags` too (a
/// target's branch of the generated code, `-mavx512f`).
pub fn assert_same_behaviour_with(
    name: &str,
    original: &str,
    rewritten: &str,
    flags: &[&str],
) -> Result<(), String> {
    let (_dir, ea, eb) = build_pair(name, original, rewritten, None, flags)?;
    let (expected, got) = (run(&ea)?, run(&eb)?);
    match got == expected {
        true => Ok(()),
        false => Err(differs(
            name,
            &format!("with {flags:?}"),
            &expected,
            &got,
            rewritten,
        )),
    }
}

/// Whether `NESTOR_BLESS` asks to rewrite expectations instead of checking them.
pub fn bless() -> bool {
    std::env::var_os("NESTOR_BLESS").is_some_and(|v| v != "0")
}

/// Checks `actual` against the expected file `path` (relative to the repository), or
/// writes it there under `NESTOR_BLESS=1`. A missing file is a failure, so a new case
/// cannot pass unreviewed.
pub fn check_expected(path: &str, actual: &str) -> Result<(), String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if bless() {
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        return std::fs::write(&file, actual).map_err(|e| format!("{path}: {e}"));
    }
    let expected = std::fs::read_to_string(&file)
        .map_err(|e| format!("{path}: {e} (NESTOR_BLESS=1 writes it)"))?;
    if expected == actual {
        return Ok(());
    }
    let first = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Err(format!(
        "{path} differs from the output, first at line {} (NESTOR_BLESS=1 refreshes it after review):\n--- expected ---\n{}\n--- actual ---\n{}",
        first + 1,
        expected
            .lines()
            .skip(first)
            .take(8)
            .collect::<Vec<_>>()
            .join("\n"),
        actual
            .lines()
            .skip(first)
            .take(8)
            .collect::<Vec<_>>()
            .join("\n"),
    ))
}

pub fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let parsed = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => v.replace('_', "").parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

pub fn nestor_bin() -> PathBuf {
    match std::env::var_os("NESTOR_BIN") {
        Some(p) => {
            let p = PathBuf::from(p);
            if p.is_relative() {
                Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
            } else {
                p
            }
        }
        None => PathBuf::from(env!("CARGO_BIN_EXE_nestor")),
    }
}

/// What a finished process did: exit code (minus the signal number when a signal
/// ended it), standard output, standard error.
pub type Ran = (i32, String, String);

/// Runs `bin args` with environment `envs` and a time limit; `Err` when it did not
/// finish in time or could not start.
pub fn run_limited(
    bin: &Path,
    args: &[&str],
    envs: &[(&str, &str)],
    limit: Duration,
) -> Result<Ran, String> {
    let mut cmd = Command::new(bin);
    // nestor picks the same tile sizes on every machine.
    cmd.env("NESTOR_CACHE", "48K,2M");
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let Some(status) = child.wait_timeout(limit).map_err(|e| e.to_string())? else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!(
            "{} {} did not finish within {:?}",
            bin.display(),
            args.join(" "),
            limit
        ));
    };
    let out = t_out.join().unwrap_or_default();
    let err = t_err.join().unwrap_or_default();
    use std::os::unix::process::ExitStatusExt;
    Ok((
        status
            .code()
            .unwrap_or_else(|| -status.signal().unwrap_or(1)),
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    ))
}

/// Writes generated program `src` to `prog.c` in a fresh temporary directory (kept
/// alive by the returned guard), and also as `<name>` in the directory named by the
/// environment variable `dump_var`, if set.
pub fn write_program(src: &str, dump_var: &str, name: &str) -> (tempfile::TempDir, PathBuf) {
    if let Some(dir) = std::env::var_os(dump_var) {
        let dir = PathBuf::from(dir);
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(name), src);
    }
    let work = tempfile::tempdir().expect("temporary directory");
    let file = work.path().join("prog.c");
    std::fs::write(&file, src).expect("writable temporary directory");
    (work, file)
}
