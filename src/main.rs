//! The `nestor` command line: argument parsing, file IO, atomic writes, rendering of
//! diagnostics, exit codes. All analysis lives in the library.

use clap::{Args, Parser, Subcommand};
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream, WriteColor};
use nestor::diag::{self, Diagnostic, Severity};
use nestor::pipeline::{self, FileReport};
use nestor::schedule::Transform;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXIT_CODES: &str = "\
Exit codes:
  0  success (regions nestor could not optimize are left as written, with warnings)
  1  a file could not be read or written
  2  invalid command line
  3  the input is not C nestor can parse (syntax error, binary or non-UTF-8 file, too large)
  4  a requested transformation was refused (illegal) or applies nowhere; the file is
     still written, with the refused regions as they were";

/// Largest input nestor reads, in bytes.
const MAX_INPUT: u64 = 32 * 1024 * 1024;

#[derive(Parser)]
#[command(
    name = "nestor",
    version,
    about = "Source-to-source optimizer for the loop nests of C programs",
    long_about = "nestor finds the static-control loop nests of a C file, lifts them into the \
                  polyhedral model (isl) and writes them back through isl's code generator.",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print no warnings, only errors.
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Rewrite the loop nests of a C file.
    #[command(after_help = format!("Examples:\n  nestor optimize kernel.c -o kernel.opt.c\n  nestor optimize --identity kernel.c\n  nestor optimize --interchange i,j kernel.c\n  nestor optimize --fuse pipeline.c\n\n{EXIT_CODES}"))]
    Optimize {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        transforms: TransformArgs,
        /// Write the result here instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
        /// Regenerate every region with its original schedule (checks the round trip).
        #[arg(long)]
        identity: bool,
    },
    /// Show the regions found, their polyhedral model and why each was (not) rewritten.
    #[command(after_help = format!("Examples:\n  nestor explain kernel.c\n  nestor explain --interchange i,j kernel.c\n\n{EXIT_CODES}"))]
    Explain {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        transforms: TransformArgs,
    },
}

#[derive(Args)]
struct InputArgs {
    /// The C file (`-` reads standard input).
    file: PathBuf,
    /// Define an integer constant used in bounds, as the compiler would.
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = parse_define)]
    define: Vec<(String, i64)>,
    /// Accepted for compiler compatibility and ignored.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// isl operations allowed per region before nestor gives up on it (0: no limit).
    #[arg(long, value_name = "N", default_value_t = pipeline::Options::default().isl_budget)]
    isl_budget: u64,
}

/// Transformations checked for legality before they are applied.
#[derive(Args)]
struct TransformArgs {
    /// Swap the loops with iterators I and J wherever they are perfectly nested.
    #[arg(long, value_name = "I,J", value_parser = parse_pair)]
    interchange: Vec<(String, String)>,
    /// Fuse consecutive loops at the same depth (shifting the later one if needed).
    #[arg(long)]
    fuse: bool,
}

impl TransformArgs {
    fn transforms(&self) -> Vec<Transform> {
        let mut out: Vec<Transform> = self
            .interchange
            .iter()
            .map(|(a, b)| Transform::Interchange(a.clone(), b.clone()))
            .collect();
        if self.fuse {
            out.push(Transform::Fuse);
        }
        out
    }
}

fn parse_pair(s: &str) -> Result<(String, String), String> {
    match s.split_once(',') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
            Ok((a.trim().to_string(), b.trim().to_string()))
        }
        _ => Err(format!(
            "`{s}` is not two loop iterators separated by a comma (e.g. `i,j`)"
        )),
    }
}

fn parse_define(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s.split_once('=').unwrap_or((s, "1"));
    let value = value.trim().parse().map_err(|_| {
        format!("`{value}` is not an integer (nestor uses -D for integer constants)")
    })?;
    Ok((name.trim().to_string(), value))
}

enum Failure {
    Io(String),
    NotC,
    Refused,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Optimize {
            input,
            output,
            identity,
            transforms,
        } => {
            let transforms = if *identity {
                Vec::new()
            } else {
                transforms.transforms()
            };
            optimize(input, &transforms, output.as_deref(), cli.quiet)
        }
        Command::Explain { input, transforms } => {
            explain(input, &transforms.transforms(), cli.quiet)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(msg)) => {
            eprintln!("nestor: error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::NotC) => ExitCode::from(3),
        Err(Failure::Refused) => ExitCode::from(4),
    }
}

fn optimize(
    input: &InputArgs,
    transforms: &[Transform],
    output: Option<&Path>,
    quiet: bool,
) -> Result<(), Failure> {
    let (name, src) = read_source(&input.file)?;
    let report = run(input, transforms, false, &src);
    report_diagnostics(&name, &src, &report, quiet)?;
    match output {
        Some(path) => write_atomically(path, &report.output)?,
        None => std::io::stdout()
            .write_all(report.output.as_bytes())
            .map_err(|e| Failure::Io(format!("cannot write to standard output: {e}")))?,
    }
    refusals(&name, &report, transforms)
}

fn explain(input: &InputArgs, transforms: &[Transform], quiet: bool) -> Result<(), Failure> {
    let (name, src) = read_source(&input.file)?;
    let report = run(input, transforms, true, &src);
    print!("{}", nestor::explain::explain(&src, &report));
    report_diagnostics(&name, &src, &report, quiet)?;
    refusals(&name, &report, transforms)
}

fn run(input: &InputArgs, transforms: &[Transform], analyze: bool, src: &str) -> FileReport {
    let options = pipeline::Options {
        defines: input.define.clone(),
        isl_budget: input.isl_budget,
        transforms: transforms.to_vec(),
        analyze,
    };
    pipeline::optimize(src, &options)
}

/// Fails (exit code 4) when a requested transformation was refused or applied nowhere.
fn refusals(name: &str, report: &FileReport, transforms: &[Transform]) -> Result<(), Failure> {
    let refused = report.refused_transforms(transforms);
    if refused.is_empty() {
        return Ok(());
    }
    for t in refused {
        eprintln!(
            "nestor: error: {t} was not applied to `{name}` (refused or not applicable; see above)"
        );
    }
    Err(Failure::Refused)
}

/// Renders every diagnostic on standard error; fails when the file is not valid C.
fn report_diagnostics(
    name: &str,
    src: &str,
    report: &FileReport,
    quiet: bool,
) -> Result<(), Failure> {
    let mut stderr = StandardStream::stderr(color_choice());
    let all = report
        .file_diagnostics
        .iter()
        .chain(report.regions.iter().flat_map(|r| &r.diagnostics));
    let mut seen = std::collections::HashSet::new();
    for d in all {
        // A nest rejected for a reason an enclosing nest reported already.
        if !seen.insert((d.code, d.span.clone())) {
            continue;
        }
        if !quiet || d.severity == Severity::Error {
            render(&mut stderr, name, src, d);
        }
    }
    if report.has_syntax_errors() {
        let _ = writeln!(
            stderr,
            "nestor: error: `{name}` is not valid C; nothing was rewritten"
        );
        return Err(Failure::NotC);
    }
    Ok(())
}

fn render(out: &mut dyn WriteColor, name: &str, src: &str, d: &Diagnostic) {
    let _ = diag::render(out, name, src, d);
}

fn color_choice() -> ColorChoice {
    if std::env::var_os("NO_COLOR").is_some() || !std::io::stderr().is_terminal() {
        ColorChoice::Never
    } else {
        ColorChoice::Auto
    }
}

/// The file's display name and its text. Rejects directories, binary and huge files.
fn read_source(path: &Path) -> Result<(String, String), Failure> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    if name == "-" {
        std::io::stdin()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Io(format!("cannot read standard input: {e}")))?;
    } else {
        let meta = std::fs::metadata(path)
            .map_err(|e| Failure::Io(format!("cannot read `{name}`: {e}")))?;
        if meta.is_dir() {
            return Err(Failure::Io(format!(
                "`{name}` is a directory, not a C file"
            )));
        }
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
            .map_err(|e| Failure::Io(format!("cannot read `{name}`: {e}")))?;
    }
    if bytes.len() as u64 > MAX_INPUT {
        eprintln!(
            "nestor: error: `{name}` is larger than {} MiB; nestor does not process files this large",
            MAX_INPUT >> 20
        );
        return Err(Failure::NotC);
    }
    if bytes.contains(&0) {
        eprintln!("nestor: error: `{name}` is a binary file (it contains NUL bytes), not C source");
        return Err(Failure::NotC);
    }
    match String::from_utf8(bytes) {
        Ok(src) => Ok((name, src)),
        Err(e) => {
            eprintln!(
                "nestor: error: `{name}` is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            );
            Err(Failure::NotC)
        }
    }
}

/// Writes `text` to `path` through a temporary file in the same directory and a
/// rename, so `path` is never left truncated.
fn write_atomically(path: &Path, text: &str) -> Result<(), Failure> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let fail = |e: std::io::Error| Failure::Io(format!("cannot write `{}`: {e}", path.display()));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
