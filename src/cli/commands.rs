//! The subcommands that work on one file (`optimize`, `diff`, `explain`, `verify`) and
//! the set-up of `batch`: read the input, run the pipeline, render, write, exit code.

use super::args::{
    AnalysisArgs, BuildArgs, FilesArgs, InputArgs, RewriteArgs, TUNE_CFLAGS, VERIFY_CFLAGS,
};
use super::panics::Fault;
use super::termcolor::StandardStream;
use super::{Exit, Ui, io, report, summary};
use nestor::driver::pipeline::{self, FileReport};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `explain` prints (the analysis then computes the dataflow for it too).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Explained {
    No,
    Text,
}

/// Reads the input and runs the pipeline; renders the diagnostics. `Err` when the
/// file cannot be read or is not C.
fn analyze(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    explained: Explained,
    ui: Ui,
) -> Result<(String, String, FileReport), Exit> {
    let explain = explained != Explained::No;
    let name = io::display_name(input.named());
    let src = io::read_source(&input.file)?;
    let fault = Fault::for_path(&input.file);
    let options = options_for(input, rewrite, &src, explain, &fault);
    let (report, text) = analyzed(&name, &src, &options, &fault, explained == Explained::Text)?;
    if let Some(text) = text {
        print!("{text}");
    }
    report::diagnostics(&name, &src, &report, ui, &input.analysis.ignore)?;
    if ui.verbose && !explain {
        for s in summary::summarize(&src, &report) {
            eprintln!("nestor: {name}: {}", s.line());
        }
    }
    Ok((name, src, report))
}

/// The pipeline options for `input` (its text `src`): the command line's, the
/// headers it includes, the compiler's identity, the fault to inject (tests).
fn options_for(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    src: &str,
    explain: bool,
    fault: &Fault,
) -> pipeline::Options {
    let mut options = report::options(&input.analysis, rewrite, explain);
    options.fault = fault.region.clone();
    let dir = io::directory_of(input.named());
    let inputs = super::headers::with_headers(options.inputs, src, &dir, &input.analysis.include);
    options.inputs = super::compiler::with_identity(inputs, src, input.analysis.cc.as_deref());
    options
}

/// The pipeline's report on `src` (and its explanation). A panic in a region leaves
/// that region as written (the pipeline isolates it); one outside the regions fails
/// the file: exit 3, nothing written.
fn analyzed(
    name: &str,
    src: &str,
    options: &pipeline::Options,
    fault: &Fault,
    explain: bool,
) -> Result<(FileReport, Option<String>), Exit> {
    super::panics::guarded(|| {
        fault.inject();
        let report = pipeline::optimize(src, options);
        let explained = explain.then(|| nestor::driver::explain::explain(src, &report));
        (report, explained)
    })
    .map_err(|msg| {
        let message = format!(
            "nestor failed on `{name}` (internal error, please report it with the file): \
             {msg}; nothing was rewritten"
        );
        super::sarif::failure(name, &message);
        super::error(message);
        Exit::NotC
    })
}

fn finish(result: Result<(), Exit>) -> Exit {
    result.err().unwrap_or(Exit::Success)
}

/// The inputs `files` names, a directory standing for the `.c` files below it that
/// their configuration does not exclude, each with the options that hold for it; a
/// directory that cannot be listed is said and stands as `Err(Exit::Io)`, an input
/// whose configuration cannot be read as `Err(Exit::Usage)`.
fn inputs(files: &FilesArgs, rewrite: &RewriteArgs) -> Vec<Result<(InputArgs, RewriteArgs), Exit>> {
    let input = |file: PathBuf| {
        let input = InputArgs {
            file,
            stdin_filename: files.stdin_filename.clone(),
            analysis: files.analysis.clone(),
        };
        configured(&input, rewrite)
    };
    let mut all = Vec::new();
    // A file named twice (`. k.c`) is processed once.
    let mut seen = std::collections::HashSet::new();
    let mut first_time = |path: &Path| seen.insert(path.canonicalize().unwrap_or(path.into()));
    for path in &files.files {
        if !path.is_dir() {
            if io::is_stdin(path) || first_time(path) {
                all.push(input(path.clone()));
            }
            continue;
        }
        let before = all.len();
        let mut excluded = 0;
        for found in io::sources_under(path, |_| false) {
            match found {
                Ok(f) if f.header => {}
                Ok(f) if super::config::excluded(&f.path, &files.analysis) => excluded += 1,
                Ok(f) if !first_time(&f.path) => {}
                Ok(f) => all.push(input(f.path)),
                Err((dir, why)) => {
                    let message = format!("cannot list `{}`: {why}", dir.display());
                    super::sarif::failure(&dir.display().to_string(), &message);
                    super::error(message);
                    all.push(Err(Exit::Io));
                }
            }
        }
        if all.len() == before && excluded == 0 {
            super::warning(format!("no .c file under `{}`", path.display()));
        }
    }
    all
}

/// `input` and `rewrite` with the configuration of the input (`nestor.toml`) applied;
/// `Err(Exit::Usage)` after saying why that cannot be read.
fn configured(input: &InputArgs, rewrite: &RewriteArgs) -> Result<(InputArgs, RewriteArgs), Exit> {
    with_its_config(input, rewrite).map_err(|e| config_failed(input, e))
}

/// Says why the configuration of `input` cannot be used (on standard error and in the
/// SARIF log); the exit code for it.
fn config_failed(input: &InputArgs, e: super::config::ConfigError) -> Exit {
    super::sarif::failure(&io::display_name(input.named()), &e.0);
    super::error(e);
    Exit::Usage
}

/// `input` and `rewrite` with the configuration of the input applied, or why it
/// cannot be read (said by the caller).
fn with_its_config(
    input: &InputArgs,
    rewrite: &RewriteArgs,
) -> Result<(InputArgs, RewriteArgs), super::config::ConfigError> {
    let (analysis, rewrite) = super::config::configured(input.named(), &input.analysis, rewrite)?;
    let input = InputArgs {
        file: input.file.clone(),
        stdin_filename: input.stdin_filename.clone(),
        analysis,
    };
    Ok((input, rewrite))
}

/// `command` run on `input` with the options that hold for it (its `nestor.toml`).
pub fn with_config(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    command: impl FnOnce(&InputArgs, &RewriteArgs) -> Exit,
) -> Exit {
    match configured(input, rewrite) {
        Ok((input, rewrite)) => command(&input, &rewrite),
        Err(exit) => exit,
    }
}

/// Whether `files` names more than one input (a directory counts as several).
pub fn several(files: &FilesArgs) -> bool {
    files.files.len() > 1 || files.files.iter().any(|p| p.is_dir())
}

/// `work` on each input of `files` with its options; the exit code of them all
/// ([`Exit::of_all`]).
fn each_input(
    files: &FilesArgs,
    rewrite: &RewriteArgs,
    mut work: impl FnMut(&InputArgs, &RewriteArgs) -> Exit,
) -> Exit {
    Exit::of_all(inputs(files, rewrite).into_iter().map(|input| match input {
        Ok((input, rewrite)) => work(&input, &rewrite),
        Err(exit) => exit,
    }))
}

/// `nestor optimize`: each input rewritten to `output` (one input), in place, or to
/// standard output (one input).
pub fn optimize(
    files: &FilesArgs,
    rewrite: &RewriteArgs,
    output: Option<&Path>,
    in_place: bool,
    ui: Ui,
) -> Exit {
    each_input(files, rewrite, |input, rewrite| {
        finish(optimize_one(input, rewrite, output, in_place, ui))
    })
}

fn optimize_one(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    output: Option<&Path>,
    in_place: bool,
    ui: Ui,
) -> Result<(), Exit> {
    let (name, src, report) = analyze(input, rewrite, Explained::No, ui)?;
    let like = (!io::is_stdin(&input.file)).then_some(input.file.as_path());
    let target = if in_place {
        Some(input.file.as_path())
    } else {
        output.filter(|p| *p != Path::new("-"))
    };
    match target {
        // Leave an unchanged file alone (no new inode or mtime, so no rebuild).
        Some(_) if in_place && report.output == src => {}
        Some(path) => io::write_atomically(path, report.output.as_bytes(), like).map_err(|e| {
            let message = format!("cannot write `{}`: {e}", path.display());
            super::sarif::failure(&name, &message);
            super::error(message);
            Exit::Io
        })?,
        None => write_stdout(report.output.as_bytes())?,
    }
    report::refusals(&name, &report, &rewrite.transforms())
}

/// Writes to standard output; a closed pipe (`nestor ... | head`) is not an error.
fn write_stdout(bytes: &[u8]) -> Result<(), Exit> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            super::error(format!("cannot write to standard output: {e}"));
            Err(Exit::Io)
        }
    }
}

/// `nestor diff` of each input; with `check`, exit 1 when some file would change.
pub fn diff(files: &FilesArgs, rewrite: &RewriteArgs, git: bool, check: bool, ui: Ui) -> Exit {
    each_input(files, rewrite, |input, rewrite| {
        finish(diff_one(input, rewrite, git, check, ui))
    })
}

fn diff_one(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    git: bool,
    check: bool,
    ui: Ui,
) -> Result<(), Exit> {
    let (name, src, report) = analyze(input, rewrite, Explained::No, ui)?;
    let summaries = summary::summarize(&src, &report);
    let mut out = StandardStream::stdout(ui.stdout_color());
    let labels = super::diff::Labels::for_path(input.named(), git);
    match super::diff::write(&mut out, &name, &src, &report.output, &summaries, &labels) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            super::error(format!("cannot write to standard output: {e}"));
            return Err(Exit::Io);
        }
    }
    report::refusals(&name, &report, &rewrite.transforms())?;
    if check && report.output != src {
        return Err(Exit::WouldChange);
    }
    Ok(())
}

/// `nestor explain` of `input` with the options that hold for it (its nestor.toml).
pub fn explain(input: &InputArgs, rewrite: &RewriteArgs, json: bool, ui: Ui) -> Exit {
    if json {
        return finish(explain_json(input, rewrite, ui));
    }
    with_config(input, rewrite, |input, rewrite| {
        finish((|| {
            let (name, _, report) = analyze(input, rewrite, Explained::Text, ui)?;
            report::refusals(&name, &report, &rewrite.transforms())
        })())
    })
}

/// `explain --json`: the file's report, every byte range in it with its line and
/// column. A file that cannot be read, is not C, fails nestor or has a nestor.toml
/// that cannot be used still gets an object, whose `error` says why (`kind`, as in the
/// batch JSON, and `message`).
fn explain_json(input: &InputArgs, rewrite: &RewriteArgs, ui: Ui) -> Result<(), Exit> {
    let name = io::display_name(input.named());
    let failed = |kind: &str, message: String| {
        let value = serde_json::json!({
            "file": name,
            "error": { "kind": kind, "message": message },
            "file_diagnostics": [],
            "regions": [],
        });
        write_stdout(format!("{value:#}\n").as_bytes())
    };
    let (input, rewrite) = match with_its_config(input, rewrite) {
        Ok(args) => args,
        Err(e) => {
            failed("config-error", e.0.clone())?;
            return Err(config_failed(input, e));
        }
    };
    let (input, rewrite) = (&input, &rewrite);
    let src = match io::read_text(&input.file) {
        Ok(src) => src,
        Err(e) => {
            failed(e.kind(), e.message(&name))?;
            return Err(io::said(&input.file, &e));
        }
    };
    let fault = Fault::for_path(&input.file);
    let options = options_for(input, rewrite, &src, true, &fault);
    let report = match analyzed(&name, &src, &options, &fault, false) {
        Ok((report, _)) => report,
        Err(exit) => {
            let why = "nestor failed on this file (an internal error: see standard error)";
            failed("internal-error", why.to_string())?;
            return Err(exit);
        }
    };
    let quiet = Ui { quiet: true, ..ui };
    let rendered = report::diagnostics(&name, &src, &report, quiet, &input.analysis.ignore);
    let mut value = serde_json::json!({
        "file": name,
        "file_diagnostics": report.file_diagnostics,
        "regions": report.regions,
    });
    if rendered.is_err() {
        let kind = report
            .unreadable_because()
            .map_or("syntax-error", |d| d.code.name());
        value["error"] = serde_json::json!({
            "kind": kind,
            "message": format!("`{name}` {}; nothing was rewritten", report.unreadable_why()),
        });
    }
    report::with_positions(&mut value, &src);
    write_stdout(format!("{value:#}\n").as_bytes())?;
    rendered?;
    report::refusals(&name, &report, &rewrite.transforms())
}

pub fn verify(
    input: &InputArgs,
    rewrite: &RewriteArgs,
    build: &BuildArgs,
    args: Vec<std::ffi::OsString>,
    ui: Ui,
) -> Exit {
    finish((|| {
        let (name, src, report) = analyze(input, rewrite, Explained::No, ui)?;
        let (dir, file_name) = (
            io::directory_of(input.named()),
            io::file_name_of(input.named()),
        );
        let build = verify_build(build, &input.analysis, Some(&dir), args, VERIFY_CFLAGS);
        if ui.verbose {
            eprintln!(
                "nestor: verify: building and running the original and the optimized `{name}`"
            );
        }
        let result = super::verify::verify(&build, &file_name, &src, &report);
        if ui.verbose {
            for l in &result.log {
                eprintln!("nestor: verify: {l}");
            }
        }
        let outcome = result.outcome;
        let line = format!("{name}: {}\n", outcome.detail());
        if outcome.compared_nothing() {
            super::warning(format!(
                "{name}: the programs print nothing, so verify compared only their exit status; print the results (to standard output or error) to check them"
            ));
        }
        if outcome.exit() == Exit::Success {
            write_stdout(line.as_bytes())?;
        } else {
            // Failures go to standard error, like every other error, and stay visible
            // when standard output is redirected.
            eprint!("nestor: {line}");
            return Err(outcome.exit());
        }
        report::refusals(&name, &report, &rewrite.transforms())
    })())
}

/// What `nestor tune` was asked for, besides the input and the rewrite options.
pub struct TuneArgs<'a> {
    pub build: &'a BuildArgs,
    pub candidates: usize,
    pub runs: usize,
    /// Percent faster another order must run to replace the search's choice.
    pub noise: u32,
    pub output: Option<&'a Path>,
    pub in_place: bool,
    pub json: Option<&'a Path>,
    pub args: Vec<std::ffi::OsString>,
}

pub fn tune(input: &InputArgs, rewrite: &RewriteArgs, tune: TuneArgs, ui: Ui) -> Exit {
    finish((|| {
        let name = io::display_name(input.named());
        let src = io::read_source(&input.file)?;
        let fault = Fault::for_path(&input.file);
        let mut options = options_for(input, rewrite, &src, false, &fault);
        options.alternatives.list = tune.candidates;
        let (report, _) = analyzed(&name, &src, &options, &fault, false)?;
        report::diagnostics(&name, &src, &report, ui, &input.analysis.ignore)?;
        if !report.defines_main {
            super::error(format!(
                "{name}: cannot tune: the file has no `main` function, so there is nothing to run"
            ));
            return Err(Exit::NoMain);
        }
        let config = super::tune::Config {
            build: verify_build(
                tune.build,
                &input.analysis,
                Some(&io::directory_of(input.named())),
                tune.args,
                TUNE_CFLAGS,
            ),
            runs: tune.runs,
            noise: f64::from(tune.noise) / 100.0,
            file_name: io::file_name_of(input.named()),
        };
        // Progress (each program timed) where someone watches: -v, or a terminal.
        let progress =
            ui.verbose || (!ui.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()));
        let mut log = |line: String| {
            if progress {
                eprintln!("nestor: tune: {name}: {line}");
            }
        };
        let (timings, chosen) = super::tune::tune(&src, &options, &report, &config, &mut log)
            .map_err(|why| {
                super::error(format!("{name}: cannot tune: {why}"));
                Exit::CannotVerify
            })?;
        if !ui.quiet {
            eprint!("{}", super::tune::table(&timings));
        }
        let original = std::time::Duration::from_secs_f64(timings.original_seconds);
        if original < super::tune::SHORTEST_TIMED {
            super::warning(format!(
                "{name}: the program runs for {}: timings this short are mostly noise; pass a larger input after `--`",
                super::verify::seconds(original)
            ));
        }
        if let Some(path) = tune.json {
            let text = serde_json::to_string_pretty(&timings).unwrap_or_default() + "\n";
            io::write_atomically(path, text.as_bytes(), None).map_err(|e| {
                super::error(format!("cannot write `{}`: {e}", path.display()));
                Exit::Io
            })?;
        }
        let output = super::tune::rewritten(&src, &options, &chosen);
        let target = if tune.in_place {
            Some(input.file.as_path())
        } else {
            tune.output.filter(|p| *p != Path::new("-"))
        };
        match target {
            Some(_) if tune.in_place && output == src => Ok(()),
            Some(path) => {
                io::write_atomically(path, output.as_bytes(), Some(&input.file)).map_err(|e| {
                    super::error(format!("cannot write `{}`: {e}", path.display()));
                    Exit::Io
                })
            }
            None => write_stdout(output.as_bytes()),
        }
    })())
}

/// The build settings for verify: `--cc` (or $CC, or cc), `--cflags`, the file's
/// directory and `-I` directories as includes, `-D` as defines.
fn verify_build(
    build: &BuildArgs,
    analysis: &AnalysisArgs,
    dir: Option<&Path>,
    args: Vec<std::ffi::OsString>,
    default_cflags: &str,
) -> super::verify::Build {
    let cc = analysis
        .cc
        .clone()
        .filter(|c| c != "none")
        .or_else(|| std::env::var("CC").ok().filter(|c| !c.trim().is_empty()))
        .unwrap_or_else(|| "cc".to_string());
    // Absolute, because the compiler runs in a temporary directory.
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let includes = dir
        .into_iter()
        .chain(analysis.include.iter().map(PathBuf::as_path))
        .map(absolute)
        .collect();
    let mut cflags = build.cflags_or(default_cflags);
    if build.openmp {
        cflags.push("-fopenmp".to_string());
    }
    super::verify::Build {
        cc,
        cflags,
        defines: analysis.define.clone(),
        includes,
        timeout: build.timeout,
        args,
        threads: if build.openmp {
            super::verify::THREADS.to_vec()
        } else {
            Vec::new()
        },
        links: build.link.iter().map(|p| absolute(p)).collect(),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn batch(
    paths: Vec<PathBuf>,
    out: PathBuf,
    exclude: Vec<String>,
    jobs: Option<usize>,
    json: Option<PathBuf>,
    verify: bool,
    analysis: &AnalysisArgs,
    rewrite: &RewriteArgs,
    build: &BuildArgs,
    ui: Ui,
) -> Exit {
    let verify = verify.then(|| verify_build(build, analysis, None, Vec::new(), VERIFY_CFLAGS));
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = super::batch::Config {
        paths,
        out,
        exclude,
        jobs,
        json,
        analysis: analysis.clone(),
        rewrite: rewrite.clone(),
        verify,
    };
    super::batch::run(&config, ui)
}
