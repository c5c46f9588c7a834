//! `nestor verify`: compiles the original and the optimized program with the system C
//! compiler, runs both with a time limit and compares standard output, standard error
//! and exit status.

use super::Exit;
use nestor::driver::pipeline::FileReport;
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// Standard output and standard error kept per run (each); the rest is read and
/// discarded, so the program never blocks on a full pipe.
const OUTPUT_CAP: u64 = 64 * 1024 * 1024;

/// How to build and run both programs.
#[derive(Clone, Debug)]
pub struct Build {
    pub cc: String,
    pub cflags: Vec<String>,
    pub defines: Vec<(String, String)>,
    /// `-I` directories: the source file's own directory first.
    pub includes: Vec<PathBuf>,
    pub timeout: Duration,
    pub args: Vec<OsString>,
    /// With OpenMP: the thread counts the optimized program runs with (the original
    /// runs with the first); empty without.
    pub threads: Vec<u32>,
    /// Other files (absolute paths) compiled and linked into both programs
    /// (`--link utilities/polybench.c`).
    pub links: Vec<PathBuf>,
}

/// The thread counts `--openmp` runs the optimized program with.
pub const THREADS: [u32; 3] = [1, 2, 4];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Same standard output, standard error and exit status.
    Identical {
        status: String,
        stdout_bytes: usize,
        stderr_bytes: usize,
        original: Duration,
        optimized: Duration,
    },
    /// The optimized program behaves differently, does not compile or does not finish.
    Differs(String),
    /// The file has no `main`: nothing to run.
    NoMain,
    /// The original could not be built or run, so nothing was compared.
    Inconclusive(String),
}

impl Outcome {
    pub fn exit(&self) -> Exit {
        match self {
            Outcome::Identical { .. } => Exit::Success,
            Outcome::Differs(_) => Exit::Differs,
            Outcome::NoMain => Exit::NoMain,
            Outcome::Inconclusive(_) => Exit::CannotVerify,
        }
    }

    /// A stable short name, used in tables and the batch JSON.
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Identical { .. } => "identical",
            Outcome::Differs(_) => "differs",
            Outcome::NoMain => "no-main",
            Outcome::Inconclusive(_) => "inconclusive",
        }
    }

    /// Whether the programs printed nothing, so that only their exit status was
    /// compared.
    pub fn compared_nothing(&self) -> bool {
        matches!(
            self,
            Outcome::Identical {
                stdout_bytes: 0,
                stderr_bytes: 0,
                ..
            }
        )
    }

    /// One or more lines saying what was found.
    pub fn detail(&self) -> String {
        match self {
            Outcome::Identical {
                status,
                stdout_bytes: 0,
                stderr_bytes: 0,
                original,
                optimized,
            } => format!(
                "identical exit status only ({status}): the programs print nothing, so no result was compared (run time {} original, {} optimized)",
                seconds(*original),
                seconds(*optimized)
            ),
            Outcome::Identical {
                status,
                stdout_bytes,
                stderr_bytes,
                original,
                optimized,
            } => format!(
                "identical ({stdout_bytes} bytes of standard output, {stderr_bytes} of standard error, {status}; run time {} original, {} optimized)",
                seconds(*original),
                seconds(*optimized)
            ),
            Outcome::Differs(why) => format!("differs: {why}"),
            Outcome::NoMain => {
                "the file has no `main` function, so there is no program to run".to_string()
            }
            Outcome::Inconclusive(why) => format!("not compared: {why}"),
        }
    }
}

pub(super) fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// What verification did, for `--verbose`.
pub struct Report {
    pub outcome: Outcome,
    pub log: Vec<String>,
}

/// Builds and runs `original` (the source of file `file_name`) and what the pipeline
/// made of it.
pub fn verify(build: &Build, file_name: &str, original: &str, optimized: &FileReport) -> Report {
    let mut log = Vec::new();
    let outcome = if optimized.defines_main {
        compare(build, file_name, original, &optimized.output, &mut log)
    } else {
        Outcome::NoMain
    };
    Report { outcome, log }
}

fn compare(
    build: &Build,
    file_name: &str,
    original: &str,
    optimized: &str,
    log: &mut Vec<String>,
) -> Outcome {
    let dir = match tempfile::Builder::new().prefix("nestor-verify").tempdir() {
        Ok(d) => d,
        Err(e) => {
            return Outcome::Inconclusive(format!("cannot create a temporary directory: {e}"));
        }
    };
    // Same file name in two directories, so `__FILE__` and messages agree.
    let prepare = |sub: &str, text: &str| -> Result<PathBuf, String> {
        let d = dir.path().join(sub);
        std::fs::create_dir(&d)
            .and_then(|()| std::fs::write(d.join(file_name), text))
            .map_err(|e| format!("cannot write a temporary file: {e}"))?;
        Ok(d)
    };
    let (a, b) = match (
        prepare("original", original),
        prepare("optimized", optimized),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Outcome::Inconclusive(e),
    };
    log.push(format!("compile: {}", command_line(build, file_name)));
    let (ea, eb) = std::thread::scope(|s| {
        let ta = s.spawn(|| compile(build, &a, file_name));
        let eb = compile(build, &b, file_name);
        let ea = ta
            .join()
            .unwrap_or_else(|_| Err("the compiler thread panicked".to_string()));
        (ea, eb)
    });
    let ea = match ea {
        Ok(exe) => exe,
        Err(e) if missing_main(&e) => return Outcome::NoMain,
        Err(e) => return Outcome::Inconclusive(format!("the original does not compile:\n{e}")),
    };
    let eb = match eb {
        Ok(exe) => exe,
        Err(e) => return Outcome::Differs(format!("the optimized program does not compile:\n{e}")),
    };
    let threads: Vec<Option<u32>> = if build.threads.is_empty() {
        vec![None]
    } else {
        build.threads.iter().copied().map(Some).collect()
    };
    let ra = match run(&ea, &build.args, build.timeout, threads[0]) {
        Ok(r) => r,
        Err(e) => return Outcome::Inconclusive(e),
    };
    log.push(format!(
        "original{}: {}, {} + {} bytes of output, {}",
        with_threads(threads[0]),
        describe(ra.status),
        ra.stdout.len(),
        ra.stderr.len(),
        seconds(ra.elapsed)
    ));
    if ra.timed_out {
        return Outcome::Inconclusive(format!(
            "the original program did not finish within {} (raise --timeout)",
            seconds(build.timeout)
        ));
    }
    let mut optimized_time = None;
    for &n in &threads {
        let rb = match run(&eb, &build.args, build.timeout, n) {
            Ok(r) => r,
            Err(e) => return Outcome::Inconclusive(e),
        };
        log.push(format!(
            "optimized{}: {}, {} + {} bytes of output, {}",
            with_threads(n),
            describe(rb.status),
            rb.stdout.len(),
            rb.stderr.len(),
            seconds(rb.elapsed)
        ));
        if let Some(why) = differences(&ra, &rb, build.timeout) {
            return Outcome::Differs(format!("{}{why}", run_with(n)));
        }
        optimized_time.get_or_insert(rb.elapsed);
    }
    Outcome::Identical {
        status: describe(ra.status),
        stdout_bytes: ra.stdout.len(),
        stderr_bytes: ra.stderr.len(),
        original: ra.elapsed,
        optimized: optimized_time.unwrap_or_default(),
    }
}

/// How the optimized run `rb` differs from the original's `ra`, if it does.
pub(super) fn differences(ra: &Run, rb: &Run, timeout: Duration) -> Option<String> {
    if rb.timed_out {
        return Some(format!(
            "the optimized program did not finish within {} (the original took {})",
            seconds(timeout),
            seconds(ra.elapsed)
        ));
    }
    let mut why = Vec::new();
    if let Some(d) = first_difference("standard output", &ra.stdout, &rb.stdout) {
        why.push(d);
    }
    if let Some(d) = first_difference("standard error", &ra.stderr, &rb.stderr) {
        why.push(d);
    }
    if ra.status != rb.status {
        why.push(format!(
            "exit status: original {}, optimized {}",
            describe(ra.status),
            describe(rb.status)
        ));
    }
    (!why.is_empty()).then(|| why.join("\n"))
}

/// ` (2 threads)` for a run with OpenMP.
fn with_threads(threads: Option<u32>) -> String {
    threads.map_or_else(String::new, |n| {
        format!(" ({n} thread{})", if n == 1 { "" } else { "s" })
    })
}

/// `with 2 threads: ` before a difference found with OpenMP.
fn run_with(threads: Option<u32>) -> String {
    threads.map_or_else(String::new, |n| {
        format!("with {n} thread{}: ", if n == 1 { "" } else { "s" })
    })
}

/// Whether the linker complains that `main` is missing (GNU ld, lld, Apple ld): a
/// `main` the source check did not see, e.g. one a macro hides, was not there either.
fn missing_main(msg: &str) -> bool {
    msg.contains("undefined reference to `main'")
        || msg.contains("undefined symbol: main")
        || (msg.contains("Undefined symbols") && msg.contains("\"_main\""))
}

pub(super) fn describe(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(c), _) => format!("exit {c}"),
        (None, Some(s)) => format!("killed by signal {s}"),
        _ => status.to_string(),
    }
}

fn command_line(build: &Build, file_name: &str) -> String {
    let mut words = vec![build.cc.clone()];
    words.extend(
        compile_args(build, file_name)
            .iter()
            .map(|a| a.to_string_lossy().into_owned()),
    );
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

fn compile_args(build: &Build, file_name: &str) -> Vec<OsString> {
    let mut args: Vec<OsString> = build.cflags.iter().map(OsString::from).collect();
    for dir in &build.includes {
        let mut a = OsString::from("-I");
        a.push(dir);
        args.push(a);
    }
    for (name, value) in &build.defines {
        args.push(format!("-D{name}={value}").into());
    }
    args.extend(["-o".into(), "prog".into(), file_name.into()]);
    args.extend(build.links.iter().map(|l| l.clone().into_os_string()));
    args.push("-lm".into());
    args
}

/// Compiles `dir/file_name` into `dir/prog`; the compiler's messages on failure.
pub(super) fn compile(build: &Build, dir: &Path, file_name: &str) -> Result<PathBuf, String> {
    let out = Command::new(&build.cc)
        .args(compile_args(build, file_name))
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", build.cc))?;
    if !out.status.success() {
        let msg = String::from_utf8_lossy(&out.stderr);
        let mut lines: Vec<&str> = msg.lines().take(20).collect();
        if msg.lines().count() > 20 {
            lines.push("...");
        }
        return Err(format!(
            "`{}` failed ({}):\n{}",
            command_line(build, file_name),
            describe(out.status),
            lines.join("\n")
        ));
    }
    Ok(dir.join("prog"))
}

#[derive(Default)]
pub(super) struct Run {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
    pub timed_out: bool,
}

/// Runs `exe` in the current directory with standard input closed (and `threads`
/// OpenMP threads); kills it after `timeout`.
pub(super) fn run(
    exe: &Path,
    args: &[OsString],
    timeout: Duration,
    threads: Option<u32>,
) -> Result<Run, String> {
    let start = Instant::now();
    let mut command = Command::new(exe);
    if let Some(n) = threads {
        command.env("OMP_NUM_THREADS", n.to_string());
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let (tx_out, rx_out) = mpsc::channel();
    let (tx_err, rx_err) = mpsc::channel();
    if let Some(out) = child.stdout.take() {
        std::thread::spawn(move || {
            let _ = tx_out.send(read_capped(out, OUTPUT_CAP));
        });
    }
    if let Some(err) = child.stderr.take() {
        std::thread::spawn(move || {
            let _ = tx_err.send(read_capped(err, OUTPUT_CAP));
        });
    }
    let waited = child
        .wait_timeout(timeout)
        .map_err(|e| format!("cannot wait for {}: {e}", exe.display()))?;
    let timed_out = waited.is_none();
    let status = match waited {
        Some(status) => status,
        None => {
            let _ = child.kill();
            child
                .wait()
                .map_err(|e| format!("cannot wait for {}: {e}", exe.display()))?
        }
    };
    let elapsed = start.elapsed();
    // A grandchild that inherited the pipes could keep them open: do not wait forever.
    let stdout = rx_out
        .recv_timeout(Duration::from_secs(2))
        .unwrap_or_default();
    let stderr = rx_err
        .recv_timeout(Duration::from_secs(2))
        .unwrap_or_default();
    Ok(Run {
        status,
        stdout,
        stderr,
        elapsed,
        timed_out,
    })
}

fn read_capped(mut r: impl Read, cap: u64) -> Vec<u8> {
    let mut buf = Vec::new();
    let _ = r.by_ref().take(cap).read_to_end(&mut buf);
    let _ = std::io::copy(&mut r, &mut std::io::sink());
    buf
}

/// The first differing line of two outputs of `stream` (`standard output`), quoted.
pub fn first_difference(stream: &str, a: &[u8], b: &[u8]) -> Option<String> {
    if a == b {
        return None;
    }
    let la: Vec<&[u8]> = a.split_inclusive(|&c| c == b'\n').collect();
    let lb: Vec<&[u8]> = b.split_inclusive(|&c| c == b'\n').collect();
    let k = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    let (x, y) = (la.get(k), lb.get(k));
    // Lines are shown without their newline unless that is the only difference.
    let keep_newline = x
        .zip(y)
        .is_some_and(|(x, y)| x.trim_ascii_end() == y.trim_ascii_end());
    let show = |l: Option<&&[u8]>| match l {
        Some(l) => {
            let l = if keep_newline {
                l
            } else {
                l.strip_suffix(b"\n").unwrap_or(l)
            };
            let s: String = String::from_utf8_lossy(l).chars().take(200).collect();
            format!("{s:?}")
        }
        None => "(end of output)".to_string(),
    };
    Some(format!(
        "{stream} differs at line {}:\n  original:  {}\n  optimized: {}",
        k + 1,
        show(x),
        show(y)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        let first_difference = |a: &[u8], b: &[u8]| first_difference("standard output", a, b);
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        let d = first_difference(b"a\nb\nc\n", b"a\nB\nc\n").unwrap();
        assert!(
            d.contains("line 2") && d.contains("\"b\"") && d.contains("\"B\""),
            "{d}"
        );
        let d = first_difference(b"a\n", b"a\nmore\n").unwrap();
        assert!(
            d.contains("line 2")
                && d.contains("original:  (end of output)")
                && d.contains("\"more\""),
            "{d}"
        );
        let d = first_difference(b"a\nb", b"a\nb\n").unwrap();
        assert!(d.contains("\"b\"") && d.contains("\"b\\n\""), "{d}");
    }
}
