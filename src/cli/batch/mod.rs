//! `nestor batch`: every `.c` file under the given paths, rewritten in parallel (rayon;
//! `pipeline::optimize` makes its own isl context per call, so each worker thread has
//! its own), mirrored into an output directory, with a summary table and JSON.

mod table;

use crate::cli::args::{AnalysisArgs, RewriteArgs};
use crate::cli::io::{self, InputError};
use crate::cli::panics::{self, Fault};
use crate::cli::summary::{self, RegionSummary};
use crate::cli::verify::{self, Outcome};
use crate::cli::{Exit, Ui};
use indicatif::{ProgressBar, ProgressStyle};
use nestor::driver::pipeline::{self, Status};
use nestor::transform::decision::Decision;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The error kinds of files that are not C nestor can parse: copied unchanged, listed,
/// and no failure of the batch.
const NOT_C: [&str; 5] = [
    "syntax-error",
    "obscured-directive",
    "binary",
    "not-utf8",
    "too-large",
];

/// Version of the JSON layout (docs/guide.md); bumped on incompatible changes.
pub const SCHEMA_VERSION: u32 = 1;

pub struct Config {
    pub paths: Vec<PathBuf>,
    pub out: PathBuf,
    /// `--exclude` globs: `.c` files of the input directories they match are copied.
    pub exclude: Vec<String>,
    pub jobs: usize,
    pub json: Option<PathBuf>,
    /// The command line's options; each file's `nestor.toml` adds to them.
    pub analysis: AnalysisArgs,
    pub rewrite: RewriteArgs,
    /// `Some` with `--verify`; the file's own directory is added to its includes.
    pub verify: Option<verify::Build>,
}

/// One input file and where its result goes.
#[derive(Clone, Debug)]
struct Job {
    input: PathBuf,
    output: PathBuf,
}

#[derive(Serialize, Debug)]
pub struct Summary {
    pub schema: u32,
    pub nestor_version: &'static str,
    pub out_dir: String,
    pub workers: usize,
    pub verify: bool,
    pub wall_ms: f64,
    pub totals: Totals,
    pub files: Vec<FileResult>,
}

#[derive(Serialize, Debug, Default)]
pub struct Totals {
    pub files: usize,
    pub files_rewritten: usize,
    pub files_unchanged: usize,
    pub files_failed: usize,
    pub regions: usize,
    pub regions_rewritten: usize,
    pub regions_unchanged: usize,
    /// Unchanged regions counted by the code of the diagnostic that explains them.
    pub unchanged_by_code: BTreeMap<String, usize>,
    /// Failed files counted by `FileError::kind`.
    pub failed_by_kind: BTreeMap<String, usize>,
    /// With `--verify`: files counted by `VerifyResult::result`.
    pub verify: Option<BTreeMap<String, usize>>,
    pub tool_ms: f64,
}

#[derive(Serialize, Debug)]
pub struct FileResult {
    pub input: String,
    pub output: String,
    pub status: FileStatus,
    /// Whether `output` was written (rewritten, or copied unchanged).
    pub written: bool,
    pub error: Option<FileError>,
    pub regions: Vec<RegionResult>,
    /// Time spent reading and optimizing the file, in milliseconds.
    pub tool_ms: f64,
    pub verify: Option<VerifyResult>,
}

/// What became of a file.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FileStatus {
    /// Some region was rewritten.
    Rewritten,
    /// Analyzed, no region rewritten; copied as it was.
    Unchanged,
    /// Not analyzed (see `error`); copied as it was when readable.
    Failed,
}

#[derive(Serialize, Debug)]
pub struct FileError {
    /// `unreadable`, `directory`, `too-large`, `binary`, `not-utf8`, `syntax-error`,
    /// `internal-error` (nestor panicked) or `write-error`.
    pub kind: &'static str,
    pub message: String,
}

#[derive(Serialize, Debug)]
pub struct RegionResult {
    pub number: usize,
    pub function: String,
    pub first_line: usize,
    pub last_line: usize,
    pub status: Status,
    pub loops_before: usize,
    pub loops_after: Option<usize>,
    /// For an unchanged region: the diagnostic code that explains it.
    pub reason: Option<String>,
    pub reason_message: Option<String>,
    pub codes: Vec<String>,
    pub decisions: Vec<Decision>,
    /// The one-line summary `nestor diff` prints.
    pub summary: String,
}

#[derive(Serialize, Debug)]
pub struct VerifyResult {
    /// `identical`, `differs`, `no-main` or `inconclusive`.
    pub result: &'static str,
    pub detail: String,
    pub original_ms: Option<f64>,
    pub optimized_ms: Option<f64>,
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Runs the batch; prints the table (and JSON); the exit code.
pub fn run(cfg: &Config, ui: Ui) -> Exit {
    if let Err(e) = std::fs::create_dir_all(&cfg.out) {
        super::error(format!(
            "cannot create the output directory `{}`: {e}",
            cfg.out.display()
        ));
        return Exit::Io;
    }
    let excluded = match super::config::glob_set(&cfg.exclude) {
        Ok(set) => set,
        Err(msg) => {
            super::error(msg);
            return Exit::Usage;
        }
    };
    let (jobs, headers, walk_failures) =
        match collect(&cfg.paths, &cfg.out, (&excluded, &cfg.analysis)) {
            Ok(found) => found,
            Err(msg) => {
                super::error(msg);
                return Exit::Usage;
            }
        };
    let headers_copied = copy_headers(&headers);
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs)
        .thread_name(|k| format!("nestor-batch-{k}"))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            super::error(format!("cannot start {} worker threads: {e}", cfg.jobs));
            return Exit::Io;
        }
    };
    let bar = progress_bar(jobs.len(), ui);
    bar.enable_steady_tick(Duration::from_millis(200));
    // The files being worked on, so that a slow one is seen to be the one running.
    let running: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let show = |update: &dyn Fn(&mut Vec<String>)| {
        if let Ok(mut r) = running.lock() {
            update(&mut r);
            bar.set_message(r.join(", "));
        }
    };
    let start = Instant::now();
    // Panics are reported in the files' results, not printed over the progress bar.
    let previous_hook = panics::quiet();
    let mut files: Vec<FileResult> = pool.install(|| {
        jobs.par_iter()
            .map(|job| {
                let name = job.input.display().to_string();
                show(&|r| r.push(name.clone()));
                let result = process(job, cfg);
                show(&|r| r.retain(|n| *n != name));
                bar.inc(1);
                result
            })
            .collect()
    });
    std::panic::set_hook(previous_hook);
    bar.finish_and_clear();
    files.extend(walk_failures);
    for f in &files {
        // A file that is not C is a finding (copied, listed), not a failure of the run.
        if let Some(e) = f.error.as_ref().filter(|e| !NOT_C.contains(&e.kind)) {
            super::sarif::failure(&f.input, &e.message);
        }
    }
    let summary = Summary {
        schema: SCHEMA_VERSION,
        nestor_version: env!("CARGO_PKG_VERSION"),
        out_dir: cfg.out.display().to_string(),
        workers: cfg.jobs,
        verify: cfg.verify.is_some(),
        wall_ms: ms(start.elapsed()),
        totals: totals(&files, cfg.verify.is_some()),
        files,
    };
    let json_to_stdout = cfg.json.as_deref().is_some_and(io::is_stdin);
    let table = table::table(&summary, ui);
    if json_to_stdout {
        eprint!("{table}");
    } else {
        print!("{table}");
    }
    let mut exit = exit_code(&summary);
    if !headers_copied && exit == Exit::Success {
        exit = Exit::Io;
    }
    if let Some(path) = &cfg.json
        && let Err(failed) = write_json(&summary, path, json_to_stdout)
        && exit != Exit::Differs
    {
        exit = failed;
    }
    exit
}

/// The progress bar on a terminal (hidden otherwise, or with `--quiet`).
fn progress_bar(files: usize, ui: Ui) -> ProgressBar {
    if ui.quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style =
        ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} files {elapsed} {wide_msg}")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(files as u64).with_style(style)
}

/// Writes the summary as JSON to `path` (standard output when `to_stdout`).
fn write_json(summary: &Summary, path: &Path, to_stdout: bool) -> Result<(), Exit> {
    let text = match serde_json::to_string_pretty(summary) {
        Ok(t) => t + "\n",
        Err(e) => {
            super::error(format!("cannot encode the summary as JSON: {e}"));
            return Err(Exit::Io);
        }
    };
    let written = if to_stdout {
        std::io::stdout().write_all(text.as_bytes())
    } else {
        io::write_atomically(path, text.as_bytes(), None)
    };
    written.map_err(|e| {
        super::error(format!("cannot write `{}`: {e}", path.display()));
        Exit::Io
    })
}

/// The exit code of a batch: a difference `--verify` found, then files that could
/// not be read or written, a `nestor.toml` that cannot be used, files nestor failed
/// on (internal errors), a verification that compared nothing. A file that is not C
/// nestor can parse (a syntax error, binary, too large) is copied unchanged and listed:
/// a benchmark tree's support files often are, and they must not fail the batch.
fn exit_code(s: &Summary) -> Exit {
    let differs = s
        .totals
        .verify
        .as_ref()
        .and_then(|v| v.get("differs"))
        .is_some_and(|&n| n > 0);
    let failed = |kinds: &[&str]| {
        s.files
            .iter()
            .any(|f| f.error.as_ref().is_some_and(|e| kinds.contains(&e.kind)))
    };
    let compared = |label: &str| {
        s.totals
            .verify
            .as_ref()
            .and_then(|v| v.get(label))
            .is_some_and(|&n| n > 0)
    };
    let nothing_compared = s.totals.verify.is_some()
        && !compared("identical")
        && (compared("inconclusive") || compared("no-main"));
    if differs {
        Exit::Differs
    } else if failed(&["unreadable", "directory", "write-error"]) {
        Exit::Io
    } else if failed(&["config-error"]) {
        Exit::Usage
    } else if failed(&["internal-error"]) {
        Exit::NotC
    } else if nothing_compared {
        Exit::CannotVerify
    } else {
        Exit::Success
    }
}

/// The files copied to the mirror as they are: the headers found beside the inputs,
/// and the `.c` files `--exclude` names.
type Headers = Vec<Job>;

/// The `.c` files under `paths`, each with its place under `out`, and the directories
/// that could not be listed (as failed results). `Err` when two inputs would be
/// written to the same place or an output would overwrite an input.
fn collect(
    paths: &[PathBuf],
    out: &Path,
    (excluded, analysis): (&globset::GlobSet, &AnalysisArgs),
) -> Result<(Vec<Job>, Headers, Vec<FileResult>), String> {
    let out_canonical = out.canonicalize().ok();
    let mut jobs = Vec::new();
    let mut headers = Vec::new();
    let mut failures = Vec::new();
    for root in paths {
        match std::fs::metadata(root) {
            Ok(m) if m.is_dir() => walk(
                root,
                (out, out_canonical.as_deref()),
                (excluded, analysis),
                (&mut jobs, &mut headers),
                &mut failures,
            ),
            // A file given by name is taken whatever its extension; a missing one is
            // reported as unreadable by `process`.
            _ => jobs.push(Job {
                input: root.clone(),
                output: out.join(root.file_name().unwrap_or(root.as_os_str())),
            }),
        }
    }
    let mut by_output: HashMap<&Path, &Path> = HashMap::new();
    for j in &jobs {
        if let Some(other) = by_output.insert(&j.output, &j.input) {
            return Err(format!(
                "`{}` and `{}` would both be written to `{}`; run them in separate batches",
                other.display(),
                j.input.display(),
                j.output.display()
            ));
        }
    }
    let inputs: HashSet<PathBuf> = jobs
        .iter()
        .filter_map(|j| j.input.canonicalize().ok())
        .collect();
    for j in &jobs {
        if j.output.canonicalize().is_ok_and(|o| inputs.contains(&o)) {
            return Err(format!(
                "writing `{}` would overwrite an input; choose an --out directory outside the inputs",
                j.output.display()
            ));
        }
    }
    Ok((jobs, headers, failures))
}

/// Copies the headers (`.h`) of the input trees beside the mirrored files, so that the
/// mirror compiles as the inputs do; false (after saying so) when one could not be.
fn copy_headers(headers: &[Job]) -> bool {
    let mut all = true;
    for h in headers {
        if !copy_unchanged(h) {
            super::error(format!(
                "cannot copy the header `{}` to `{}`",
                h.input.display(),
                h.output.display()
            ));
            all = false;
        }
    }
    all
}

/// The `.c` files (and, into `headers`, the `.h` files) under directory `root` (see
/// [`io::sources_under`]), skipping the output directory `out_canonical` (when it lies
/// inside the tree). A `.c` file `excluded` matches (its path below `root`, or its
/// name), or its `nestor.toml` excludes, is copied like a header.
fn walk(
    root: &Path,
    (out, out_canonical): (&Path, Option<&Path>),
    (excluded, analysis): (&globset::GlobSet, &AnalysisArgs),
    (jobs, headers): (&mut Vec<Job>, &mut Headers),
    failures: &mut Vec<FileResult>,
) {
    let is_out = |path: &Path| {
        out_canonical.is_some() && path.canonicalize().ok().as_deref() == out_canonical
    };
    let place = |path: &Path| out.join(path.strip_prefix(root).unwrap_or(path));
    for found in io::sources_under(root, is_out) {
        let found = match found {
            Ok(f) => f,
            Err((dir, why)) => {
                let job = Job {
                    output: place(&dir),
                    input: dir.clone(),
                };
                let message = format!("cannot list `{}`: {why}", dir.display());
                failures.push(failed_result(
                    &job,
                    "unreadable",
                    message,
                    false,
                    Duration::ZERO,
                ));
                continue;
            }
        };
        let path = found.path;
        let job = Job {
            output: place(&path),
            input: path.clone(),
        };
        let below = path.strip_prefix(root).unwrap_or(&path);
        let name = Path::new(path.file_name().unwrap_or_default());
        let skipped = excluded.is_match(below)
            || excluded.is_match(name)
            || super::config::excluded(&path, analysis);
        if !found.header && !skipped {
            jobs.push(job)
        } else {
            headers.push(job)
        }
    }
}

fn process(job: &Job, cfg: &Config) -> FileResult {
    let start = Instant::now();
    let bytes = match io::read_bytes(&job.input) {
        Ok(b) => b,
        Err(e) => return input_failure(job, &e, start.elapsed()),
    };
    let src = match io::as_source(&bytes) {
        Ok(s) => s,
        Err(e) => return input_failure(job, &e, start.elapsed()),
    };
    // A panic in a region leaves that region as written (the pipeline catches it);
    // one outside the regions fails the file.
    let configured = super::config::configured(&job.input, &cfg.analysis, &cfg.rewrite);
    let (analysis, rewrite) = match configured {
        Ok(args) => args,
        Err(e) => {
            let copied = copy_unchanged(job);
            return failed_result(job, "config-error", e.0, copied, start.elapsed());
        }
    };
    let fault = Fault::for_path(&job.input);
    let optimized = panics::catch(|| {
        fault.inject();
        let mut options = super::report::options(&analysis, &rewrite, false);
        options.fault = fault.region.clone();
        let dir = io::directory_of(&job.input);
        let inputs = super::headers::with_headers(options.inputs, src, &dir, &analysis.include);
        options.inputs = super::compiler::with_identity(inputs, src, analysis.cc.as_deref());
        pipeline::optimize(src, &options)
    });
    let tool = start.elapsed();
    let report = match optimized {
        Ok(r) => {
            let name = job.input.display().to_string();
            super::sarif::record(&name, src, &r, &analysis.ignore);
            r
        }
        Err(msg) => {
            let copied = copy_unchanged(job);
            return failed_result(
                job,
                "internal-error",
                format!("nestor failed on this file (please report it): {msg}"),
                copied,
                tool,
            );
        }
    };
    if let Some(d) = report.unreadable_because() {
        let (l, c) = nestor::support::diag::line_col(src, d.span.start);
        let first = format!("{l}:{c}: error[{}]: {}", d.code.as_str(), d.message);
        let copied = copy_unchanged(job);
        let why = match d.code {
            nestor::support::diag::Code::SyntaxError => "not valid C",
            _ => "a directive nestor cannot read",
        };
        return failed_result(
            job,
            d.code.name(),
            format!("{why}, copied unchanged ({first})"),
            copied,
            tool,
        );
    }
    let summaries = summary::summarize(src, &report);
    let rewritten = summaries.iter().any(|s| s.rewritten);
    let mut result = FileResult {
        input: job.input.display().to_string(),
        output: job.output.display().to_string(),
        status: if rewritten {
            FileStatus::Rewritten
        } else {
            FileStatus::Unchanged
        },
        written: false,
        error: None,
        regions: summaries.iter().map(region_result).collect(),
        tool_ms: ms(tool),
        verify: None,
    };
    match write_output(job, report.output.as_bytes()) {
        Ok(()) => result.written = true,
        Err(e) => {
            result.status = FileStatus::Failed;
            result.error = Some(FileError {
                kind: "write-error",
                message: format!("cannot write `{}`: {e}", job.output.display()),
            });
            return result;
        }
    }
    if let Some(build) = &cfg.verify {
        result.verify = Some(verify_file(build, (job, &analysis), src, &report));
    }
    result
}

/// Verifies the file of `job` built with its own options (`analysis`: the command
/// line's and its nestor.toml's `-D` and `-I`).
fn verify_file(
    build: &verify::Build,
    (job, analysis): (&Job, &AnalysisArgs),
    original: &str,
    optimized: &pipeline::FileReport,
) -> VerifyResult {
    let mut build = build.clone();
    build.defines = analysis.define.clone();
    build.includes = std::iter::once(io::directory_of(&job.input))
        .chain(
            analysis
                .include
                .iter()
                .map(|d| super::config::normalized(d)),
        )
        .collect();
    let name = io::file_name_of(&job.input);
    let outcome = verify::verify(&build, &name, original, optimized).outcome;
    let (original_ms, optimized_ms) = match &outcome {
        Outcome::Identical {
            original,
            optimized,
            ..
        } => (Some(ms(*original)), Some(ms(*optimized))),
        _ => (None, None),
    };
    VerifyResult {
        result: outcome.label(),
        detail: outcome.detail(),
        original_ms,
        optimized_ms,
    }
}

fn write_output(job: &Job, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = job.output.parent() {
        std::fs::create_dir_all(parent)?;
    }
    io::write_atomically(&job.output, bytes, Some(&job.input))
}

/// Copies the input file to its output as it is: from the file itself, not from the
/// bytes read for analysis, which stop at `io::MAX_INPUT`.
fn copy_unchanged(job: &Job) -> bool {
    if let Some(parent) = job.output.parent()
        && std::fs::create_dir_all(parent).is_err()
    {
        return false;
    }
    io::copy_atomically(&job.input, &job.output).is_ok()
}

fn input_failure(job: &Job, e: &InputError, tool: Duration) -> FileResult {
    // A file that could not be read (or is a directory) cannot be copied either.
    let readable = !matches!(e, InputError::Unreadable(_) | InputError::Directory);
    let copied = readable && copy_unchanged(job);
    let name = job.input.display().to_string();
    let message = format!(
        "{}, {}",
        e.message(&name),
        if copied {
            "copied unchanged"
        } else {
            "not copied"
        }
    );
    failed_result(job, e.kind(), message, copied, tool)
}

fn failed_result(
    job: &Job,
    kind: &'static str,
    message: String,
    written: bool,
    tool: Duration,
) -> FileResult {
    FileResult {
        input: job.input.display().to_string(),
        output: job.output.display().to_string(),
        status: FileStatus::Failed,
        written,
        error: Some(FileError { kind, message }),
        regions: Vec::new(),
        tool_ms: ms(tool),
        verify: None,
    }
}

fn region_result(s: &RegionSummary) -> RegionResult {
    RegionResult {
        number: s.number,
        function: s.function.clone(),
        first_line: s.lines.0,
        last_line: s.lines.1,
        status: if s.rewritten {
            Status::Rewritten
        } else {
            Status::Unchanged
        },
        loops_before: s.loops_before,
        loops_after: s.loops_after,
        reason: s.reason.as_ref().map(|(c, _)| c.as_str().to_string()),
        reason_message: s.reason.as_ref().map(|(_, m)| m.clone()),
        codes: s.codes.iter().map(|c| c.as_str().to_string()).collect(),
        decisions: s.decisions.clone(),
        summary: s.line(),
    }
}

fn totals(files: &[FileResult], verify: bool) -> Totals {
    let mut t = Totals {
        files: files.len(),
        verify: verify.then(BTreeMap::new),
        ..Totals::default()
    };
    for f in files {
        match f.status {
            FileStatus::Rewritten => t.files_rewritten += 1,
            FileStatus::Unchanged => t.files_unchanged += 1,
            FileStatus::Failed => t.files_failed += 1,
        }
        if let Some(e) = &f.error {
            *t.failed_by_kind.entry(e.kind.to_string()).or_default() += 1;
        }
        for r in &f.regions {
            t.regions += 1;
            if r.status == Status::Rewritten {
                t.regions_rewritten += 1;
            } else {
                t.regions_unchanged += 1;
                let code = r.reason.clone().unwrap_or_else(|| "none".to_string());
                *t.unchanged_by_code.entry(code).or_default() += 1;
            }
        }
        if let (Some(counts), Some(v)) = (&mut t.verify, &f.verify) {
            *counts.entry(v.result.to_string()).or_default() += 1;
        }
        t.tool_ms += f.tool_ms;
    }
    t.tool_ms = (t.tool_ms * 1e3).round() / 1e3;
    t
}
