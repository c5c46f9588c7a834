//! `nestor cc ARGS...`: a compiler wrapper (`make CC="nestor cc"`, CMake's
//! `CMAKE_C_COMPILER_LAUNCHER`). The C files of the command line are rewritten into a
//! temporary directory, under their own names and with the same `-I`/`-D` context, and
//! the real compiler (`$NESTOR_CC`, else `cc`) runs on them with the other arguments
//! unchanged. nestor never breaks a build: a file it cannot read or parse is compiled
//! as it is, and if the compiler fails on the rewritten files it runs again on the
//! originals.

use super::compiler::{compiler, predefined_macros};
use super::headers::{local_headers, missing_headers};
use nestor::driver::pipeline;
use nestor::frontend::{self, OtherMacros};
use nestor::support::diag::{Code, Severity, line_col};
use nestor::transform::decision::Decision;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Options whose value is the next argument when not attached (`-o out`, `-I dir`).
const WITH_VALUE: &[&str] = &[
    "-o",
    "-I",
    "-D",
    "-U",
    "-include",
    "-imacros",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-iprefix",
    "-isysroot",
    "-MF",
    "-MT",
    "-MQ",
    "-L",
    "-l",
    "-x",
    "-Xlinker",
    "-Xassembler",
    "-Xpreprocessor",
    "-aux-info",
    "--param",
    "-T",
    "-u",
    "-z",
];

/// What nestor reads from a compiler command line.
#[derive(Debug, Default, PartialEq)]
pub struct CompilerLine {
    /// Indices (into the arguments) of the C files to rewrite.
    pub inputs: Vec<usize>,
    /// `-I` directories, in order.
    pub includes: Vec<PathBuf>,
    /// `-D NAME=VALUE` with an integer value (`-D NAME` is 1), as the line leaves them
    /// (a later `-D` or `-U` of the name replaces one).
    pub defines: Vec<(String, i64)>,
    /// Names the line defines otherwise (`-D NAME=text`), with their texts: not
    /// constants nestor can use, but defined (`#ifndef NAME` is false).
    pub text_macros: Vec<(String, String)>,
    /// Whether the line may define macros nestor cannot see: it reads a file before
    /// the input (`-include`, `-imacros`), passes options to the preprocessor that
    /// nestor does not read (`-Wp,...`, `-Xpreprocessor`), names a response file
    /// (`@file`) or drops the predefined macros (`-undef`).
    pub reads_first: bool,
    /// The command only preprocesses or names a language itself (`-E`, `-M`, `-x`):
    /// pass it through.
    pub pass_through: bool,
    /// The compiler builds OpenMP (`-fopenmp`): only then are loops made parallel, so
    /// a build without it (`-Wall -Werror` warns of unknown pragmas) gets none.
    pub openmp: bool,
    /// `-o FILE`.
    pub output: Option<String>,
    /// `-MF FILE`: where the compiler writes the dependencies.
    pub dependency_file: Option<String>,
    /// `-MD` or `-MMD`: the compiler writes dependencies (beside the output without
    /// `-MF`).
    pub writes_dependencies: bool,
}

impl CompilerLine {
    /// `-D NAME[=VALUE]`: an integer constant, or a macro nestor cannot use.
    fn define(&mut self, define: &str) {
        let Ok((name, value)) = super::args::parse_macro(define) else {
            return;
        };
        self.undefine(&name);
        match super::args::parse_define(define) {
            Ok(d) => self.defines.push(d),
            Err(_) => self.text_macros.push((name, value)),
        }
    }

    /// `-U NAME`: the name is not defined (until a later `-D`).
    fn undefine(&mut self, name: &str) {
        self.defines.retain(|(n, _)| n != name);
        self.text_macros.retain(|(n, _)| n != name);
    }

    /// The macros the line leaves defined (with the compiler's predefined ones it was
    /// read after), as `NAME=VALUE`; those without an integer value as `NAME=?`.
    pub fn macros(&self) -> Vec<String> {
        self.defines
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .chain(self.text_macros.iter().map(|(n, _)| format!("{n}=?")))
            .collect()
    }

    /// What the line says of macros besides its integer constants.
    pub fn other_macros(&self) -> OtherMacros {
        if self.reads_first {
            OtherMacros::Any
        } else if self.text_macros.is_empty() {
            OtherMacros::Nothing
        } else {
            OtherMacros::Text(self.text_macros.clone())
        }
    }
}

/// Reads a compiler command line (the arguments after `cc`) whose compiler predefines `predefined` (`NAME=VALUE`,
/// as `-D` takes them): its own `-D` and `-U` come after them.
pub fn parse_after(predefined: &[String], args: &[OsString]) -> CompilerLine {
    let mut line = CompilerLine::default();
    for d in predefined {
        line.define(d);
    }
    let mut k = 0;
    while k < args.len() {
        let arg = args[k].to_string_lossy();
        let (option, value) = match WITH_VALUE.iter().find(|o| arg.starts_with(**o)) {
            _ if arg == "-undef" => ("", None),
            Some(o) if arg.len() == o.len() => {
                k += 1;
                (*o, args.get(k).map(|v| v.to_string_lossy().into_owned()))
            }
            // `-Idir`, `-DN=1`, `-MFdeps`; long options (`-include`) only take a
            // separate value.
            Some(o) if o.len() == 2 || *o == "-MF" => (*o, Some(arg[o.len()..].to_string())),
            _ => ("", None),
        };
        match (option, value) {
            ("-I", Some(dir)) => line.includes.push(PathBuf::from(dir)),
            ("-D", Some(define)) => line.define(&define),
            ("-U", Some(name)) => line.undefine(name.trim()),
            ("-include" | "-imacros" | "-Xpreprocessor", _) => line.reads_first = true,
            ("", _) if hides_macros(&arg) => line.reads_first = true,
            ("-x", _) => line.pass_through = true,
            ("", _) if matches!(&*arg, "-E" | "-M" | "-MM") => line.pass_through = true,
            ("-o", output) => line.output = output,
            ("-MF", file) => line.dependency_file = file,
            ("", _) if matches!(&*arg, "-MD" | "-MMD") => line.writes_dependencies = true,
            ("", _) if arg == "-fopenmp" => line.openmp = true,
            ("", _) if arg == "-fno-openmp" => line.openmp = false,
            ("", _) if !arg.starts_with('-') && arg.ends_with(".c") => line.inputs.push(k),
            _ => {}
        }
        k += 1;
    }
    line
}

/// Whether option `arg` (not one of [`WITH_VALUE`]'s) may define or undefine macros
/// in ways nestor does not read: `-includefile`, `--include=file`, `--imacros`,
/// `--define-macro`, `-Wp,-DX` (any `-Wp,`), `@file` (a response file), `-undef`.
fn hides_macros(arg: &str) -> bool {
    [
        "-include",
        "-imacros",
        "--include",
        "--imacros",
        "--define-macro",
        "--undefine-macro",
        "-Wp,",
        "@",
    ]
    .iter()
    .any(|p| arg.starts_with(p))
        || arg == "-undef"
}

/// Runs the wrapper; returns the compiler's exit code.
pub fn run(mut args: Vec<OsString>, verbose: bool) -> u8 {
    // `--version` and `-v` are the compiler's (build systems ask it who it is).
    if args.iter().any(|a| a == "--nestor-version") {
        println!("nestor {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let compiler = match launched_compiler(&args) {
        Some(cc) => {
            args.remove(0);
            vec![cc]
        }
        None => compiler(),
    };
    let line = parse_after(&predefined_macros(&compiler, &args), &args);
    let base = match base_options() {
        Ok(base) => base,
        Err(msg) => {
            super::error(format!(
                "NESTOR_FLAGS: {msg}; compiling the files as they are"
            ));
            return compile(&compiler, &args, false).unwrap_or(1);
        }
    };
    let dir = tempfile::Builder::new().prefix("nestor-cc").tempdir().ok();
    let (rewritten, renames) = match (&dir, line.pass_through) {
        (Some(dir), false) => rewrite_inputs(&args, (&line, &base), dir.path(), verbose),
        _ => (args.clone(), Vec::new()),
    };
    if rewritten == args {
        return compile(&compiler, &args, false).unwrap_or(1);
    }
    match compile(&compiler, &rewritten, true) {
        Some(0) => {
            if let Some(deps) = dependency_file(&args, &line) {
                restore_names(&deps, &renames);
            }
            0
        }
        // It cannot be started (reported): the originals would fare no better.
        None => 1,
        // The originals decide: their messages are the ones that matter when they fail
        // too (the user's mistake); when they compile, nestor's rewrite was at fault.
        Some(_) => {
            let code = compile(&compiler, &args, false).unwrap_or(1);
            if code == 0 {
                super::warning(format!(
                    "the compiler rejected nestor's rewrite of {} but accepts the original, which was compiled instead; please report this with the file (`nestor -v cc ...` shows what nestor did)",
                    rewritten_names(&renames)
                ));
            }
            code
        }
    }
}

/// The original names of the rewritten inputs, for messages: `` `a.c`, `b.c` ``.
fn rewritten_names(renames: &Renames) -> String {
    renames
        .iter()
        .filter(|(copy, _)| !copy.ends_with('/'))
        .map(|(_, original)| format!("`{original}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The compiler a launcher names first (`nestor cc /usr/bin/gcc -c k.c`, as CMake's
/// `CMAKE_C_COMPILER_LAUNCHER="nestor;cc"` runs it): a first argument that is no
/// option and no source file, whose name is a C compiler's (`cc`, `gcc-12`, `clang`).
fn launched_compiler(args: &[OsString]) -> Option<String> {
    let first = args.first()?.to_str()?;
    let name = Path::new(first).file_name()?.to_str()?;
    let compiler_like = name.contains("cc") || name.contains("clang");
    (!first.starts_with('-') && Path::new(first).extension().is_none() && compiler_like)
        .then(|| first.to_string())
}

/// Runs the compiler; `None` when it cannot be started (said on standard error). With
/// `quiet_failure`, its messages are shown only when it succeeds (a failure is retried
/// on the originals, whose messages are the ones that matter).
fn compile(compiler: &[String], args: &[OsString], quiet_failure: bool) -> Option<u8> {
    let mut command = Command::new(&compiler[0]);
    command.args(&compiler[1..]).args(args);
    let cannot_run = |e: std::io::Error| {
        super::error(format!("cannot run `{}`: {e}", compiler[0]));
    };
    if !quiet_failure {
        return match command.status() {
            Ok(status) => Some(status.code().map_or(1, |c| c.clamp(0, 255) as u8)),
            Err(e) => {
                cannot_run(e);
                None
            }
        };
    }
    let out = command.output().map_err(cannot_run).ok()?;
    if out.status.success() {
        use std::io::Write;
        let _ = std::io::stdout().write_all(&out.stdout);
        let _ = std::io::stderr().write_all(&out.stderr);
    }
    Some(out.status.code().map_or(1, |c| c.clamp(0, 255) as u8))
}

/// What the compiler names differently for the rewritten files (in files it writes,
/// such as dependency files): each copy's path and each quoted-include directory as
/// made absolute, with the name the original command line gives them.
type Renames = Vec<(String, String)>;

/// `args` with every C input nestor rewrites replaced by its rewritten copy in `dir`,
/// and `-iquote` of the input's directory added so that its `#include "..."` still
/// find their headers; with the names to restore.
fn rewrite_inputs(
    args: &[OsString],
    (line, base): (&CompilerLine, &Base),
    dir: &Path,
    verbose: bool,
) -> (Vec<OsString>, Renames) {
    let mut out = args.to_vec();
    let mut quoted = Vec::new();
    let mut renames = Vec::new();
    for (n, &k) in line.inputs.iter().enumerate() {
        let path = PathBuf::from(&args[k]);
        let Some(text) = rewritten(&path, (line, base), verbose) else {
            continue;
        };
        let Some(name) = path.file_name() else {
            continue;
        };
        // One directory per input: two inputs may share a name.
        let target = dir.join(n.to_string()).join(name);
        let written = target
            .parent()
            .map(std::fs::create_dir_all)
            .transpose()
            .and_then(|_| std::fs::write(&target, text));
        if written.is_err() {
            continue;
        }
        renames.push((
            target.to_string_lossy().into_owned(),
            path.to_string_lossy().into_owned(),
        ));
        out[k] = target.into_os_string();
        let source_dir = super::io::directory_of(&path);
        // Without `.` components: the compiler names headers found there as
        // `DIR/name`, which `renames` turns back into the directory as given.
        let absolute: PathBuf = std::path::absolute(&source_dir)
            .unwrap_or(source_dir.clone())
            .components()
            .collect();
        if !quoted.contains(&absolute) {
            let given = match path.parent().map(|p| p.to_string_lossy()) {
                Some(d) if !d.is_empty() && d != "." => format!("{}/", d.trim_end_matches('/')),
                _ => String::new(),
            };
            renames.push((format!("{}/", absolute.to_string_lossy()), given));
            quoted.push(absolute);
        }
    }
    // First: the compiler searches the directory of the file for `#include "..."`
    // before any `-iquote` of the line, and the copy lives elsewhere.
    let first: Vec<OsString> = quoted
        .into_iter()
        .flat_map(|d| [OsString::from("-iquote"), d.into_os_string()])
        .collect();
    out.splice(0..0, first);
    (out, renames)
}

/// The dependency file the compiler writes for the command line `args` (`line`):
/// `-MF FILE`, else with `-MD` or `-MMD` the output's name with `.d` (`-o obj/k.o`:
/// `obj/k.d`), or without `-o` the input's base name with `.d`; `None` without them.
fn dependency_file(args: &[OsString], line: &CompilerLine) -> Option<PathBuf> {
    if let Some(file) = &line.dependency_file {
        return Some(PathBuf::from(file));
    }
    if !line.writes_dependencies {
        return None;
    }
    let named = match &line.output {
        Some(output) => PathBuf::from(output),
        None => PathBuf::from(Path::new(&args[*line.inputs.first()?]).file_name()?),
    };
    Some(named.with_extension("d"))
}

/// Rewrites the dependency file `deps` so that it names the user's files rather than
/// nestor's copies (`make` would otherwise look for the copies, gone after the build):
/// each name of `renames` replaced, written as make reads it (`\ ` for a space).
fn restore_names(deps: &Path, renames: &Renames) {
    let Ok(mut text) = std::fs::read_to_string(deps) else {
        return;
    };
    for (copy, original) in renames {
        let escaped = original
            .replace('$', "$$")
            .replace('#', "\\#")
            .replace(' ', "\\ ");
        text = text.replace(copy.as_str(), &escaped);
    }
    if std::fs::write(deps, text).is_err() {
        super::error(format!(
            "cannot rewrite the dependency file `{}`; it names nestor's temporary copies",
            deps.display()
        ));
    }
}

/// The file at `path` as `nestor optimize` would write it, with a `#line` directive so
/// that `__FILE__` and the compiler's messages name the original; `None` when nestor
/// changes nothing or cannot process it.
fn rewritten(path: &Path, (line, base): (&CompilerLine, &Base), verbose: bool) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let src = super::io::as_source(&bytes).ok()?;
    if super::config::excluded(path, &base.analysis) {
        return None;
    }
    let (analysis, rewrite) = match super::config::configured(path, &base.analysis, &base.rewrite) {
        Ok(args) => args,
        Err(e) => {
            super::error(format!("{e}; compiling `{}` as it is", path.display()));
            return None;
        }
    };
    let name = path
        .display()
        .to_string()
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    let includes: Vec<PathBuf> = line
        .includes
        .iter()
        .chain(&analysis.include)
        .cloned()
        .collect();
    let base_options = super::report::options(&analysis, &rewrite, false);
    let headers = local_headers(src, &super::io::directory_of(path), &includes);
    let options = pipeline::Options {
        inputs: frontend::Inputs {
            // The command line's constants after NESTOR_FLAGS', as the compiler sees them.
            defines: base_options
                .inputs
                .defines
                .iter()
                .chain(&line.defines)
                .cloned()
                .collect(),
            other_macros: line.other_macros(),
            headers: headers.texts,
            header_names: headers.names,
            angled_headers: headers.angled,
            missing_headers: missing_headers(src, &super::io::directory_of(path), &includes),
            pure: base_options.inputs.pure.clone(),
            compiler: Some(line.macros()),
        },
        parallel: base_options.parallel && line.openmp,
        line_directives: Some(name.clone()),
        ..base_options.clone()
    };
    let output = cached_rewrite(
        src,
        &options,
        |options| {
            let report = super::panics::guarded(|| pipeline::optimize(src, options)).ok()?;
            if verbose {
                remarks(path, src, &report);
            }
            let changed = !report.is_unreadable() && report.output != src;
            let repeatable = repeatable(&report);
            Some((changed.then_some(report.output), repeatable))
        },
        verbose,
    )?;
    Some(format!("#line 1 \"{name}\"\n{}", output?))
}

/// The rewrite of `src` under `options` (`None` inside: left as it is): from the
/// cache when it holds one for exactly these, else from `analyse` (`None` when that
/// failed; with whether another run would give the same), then stored when it would.
/// With `verbose` the file is analysed whatever the cache holds (for its remarks).
fn cached_rewrite(
    src: &str,
    options: &pipeline::Options,
    analyse: impl FnOnce(&pipeline::Options) -> Option<(Option<String>, bool)>,
    verbose: bool,
) -> Option<Option<String>> {
    let cache = super::cache::Cache::from_env();
    let key = super::cache::Cache::key(src, options);
    if !verbose && let Some(hit) = cache.as_ref().and_then(|c| c.get(&key)) {
        return Some(hit);
    }
    let (output, repeatable) = analyse(options)?;
    if let Some(cache) = cache.as_ref().filter(|_| repeatable) {
        cache.put(&key, output.as_deref());
    }
    Some(output)
}

/// Whether analysing the file again would give `report` again: no region was cut short
/// by the machine (a CPU limit, a process not started or killed) or failed nestor.
fn repeatable(report: &pipeline::FileReport) -> bool {
    report.regions.iter().all(|r| {
        !r.work.unrepeatable
            && !r
                .diagnostics
                .iter()
                .any(|d| matches!(d.code, Code::InternalError | Code::AnalysisCrashed))
    })
}

/// What every file of the command line is rewritten with: the options of `nestor
/// optimize` that `$NESTOR_FLAGS` gives, to which each file's `nestor.toml` adds.
struct Base {
    analysis: super::args::AnalysisArgs,
    rewrite: super::args::RewriteArgs,
}

/// The options of `nestor optimize` that `$NESTOR_FLAGS` gives (split as a shell
/// would: `--no-fuse --tile-size 32,32 --pure f`; none: the automatic search with
/// contraction, parallel loops (with `-fopenmp`) and tiles), with `$NESTOR_CACHE` and
/// `$NESTOR_ASSUME_NO_ALIAS` as for `nestor optimize`. `Err` with what does not parse.
fn base_options() -> Result<Base, String> {
    use clap::Parser;
    let flags = std::env::var("NESTOR_FLAGS").unwrap_or_default();
    let words = shlex::split(&flags).ok_or("unbalanced quotes")?;
    let line = ["nestor", "optimize", "-"]
        .into_iter()
        .map(String::from)
        .chain(words);
    let cli = super::args::Cli::try_parse_from(line).map_err(|e| {
        let message = e.to_string();
        message
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("error: ")
            .to_string()
    })?;
    match cli.command {
        super::args::Command::Optimize { input, rewrite, .. } => Ok(Base {
            analysis: input.analysis,
            rewrite,
        }),
        _ => Err("not options of `nestor optimize`".to_string()),
    }
}

/// Every diagnostic (once) and decision as a compiler remark, the decisions about one
/// loop together at its header (`file:line:col: remark: d1; d2`), the others at their
/// region's start.
fn remarks(path: &Path, src: &str, report: &pipeline::FileReport) {
    let name = path.display();
    for d in report.distinct_diagnostics() {
        let (line, col) = line_col(src, d.span.start);
        let kind = match d.severity {
            Severity::Error => "warning",
            Severity::Warning | Severity::Note => "remark",
        };
        eprintln!(
            "{name}:{line}:{col}: {kind}[{}]: {}",
            d.code.as_str(),
            d.message
        );
    }
    for r in report.regions.iter().filter(|r| !r.decisions.is_empty()) {
        let headers = nestor::frontend::syntax::loop_headers(&src[r.span.clone()]);
        let at = |d: &Decision| Some(r.span.start + loop_of(d, &headers, r)?.start);
        let mut by_place: std::collections::BTreeMap<usize, Vec<String>> = Default::default();
        for d in &r.decisions {
            let place = at(d).unwrap_or(r.span.start);
            by_place.entry(place).or_default().push(d.to_string());
        }
        for (place, decisions) in by_place {
            let (line, col) = line_col(src, place);
            eprintln!("{name}:{line}:{col}: remark: {}", decisions.join("; "));
        }
    }
}

/// The header (of `headers`, offsets in region `r`) of the loop decision `d` is
/// about: the only loop with its iterator, or the one with it around the first
/// statement `d` names; none when that does not tell.
fn loop_of<'h>(
    d: &Decision,
    headers: &'h [(String, std::ops::Range<usize>)],
    r: &pipeline::RegionReport,
) -> Option<&'h std::ops::Range<usize>> {
    let iterator = decision_loop(d)?;
    let mut named = headers.iter().filter(|(name, _)| name == iterator);
    let first = named.next()?;
    if named.next().is_none() {
        return Some(&first.1);
    }
    let statements = match d {
        Decision::Permuted { statements, .. } | Decision::Distributed { statements, .. } => {
            statements
        }
        _ => return None,
    };
    let (_, span) = r
        .statements
        .iter()
        .find(|(s, _)| Some(s) == statements.first())?;
    let at = span.start.checked_sub(r.span.start)?;
    headers
        .iter()
        .filter(|(name, range)| name == iterator && range.contains(&at))
        .map(|(_, range)| range)
        .next_back()
}

/// The loop (its iterator as written) a decision is about, when it is about one: the
/// outermost of the loops it names.
fn decision_loop(d: &Decision) -> Option<&str> {
    match d {
        Decision::Permuted { before: loops, .. }
        | Decision::Tiled { loops, .. }
        | Decision::Skewed { loops, .. }
        | Decision::UnrolledAndJammed { loops, .. }
        | Decision::NotTiled { loops, .. }
        | Decision::Wavefront { loops } => loops.first().map(String::as_str),
        Decision::Distributed { iterator, .. }
        | Decision::Promoted { iterator, .. }
        | Decision::Sequential { iterator, .. }
        | Decision::Interleaved {
            outer: iterator, ..
        } => Some(iterator),
        Decision::Parallel(p) => Some(&p.iterator),
        _ => None,
    }
}

/// Whether `arg` names a C source file (for the tests of [`parse`]).
#[cfg(test)]
fn is_input(line: &CompilerLine, args: &[OsString], name: &str) -> bool {
    line.inputs
        .iter()
        .any(|&k| args[k] == std::ffi::OsStr::new(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[OsString]) -> CompilerLine {
        parse_after(&[], args)
    }

    #[test]
    fn predefined_macros_come_before_the_line_s_own() {
        let line = parse_after(
            &[
                "__GNUC__=12".into(),
                "__VERSION__=\"12.2\"".into(),
                "X=1".into(),
            ],
            &args(&["-UX", "-c", "k.c"]),
        );
        assert_eq!(line.defines, vec![("__GNUC__".into(), 12)]);
        assert_eq!(
            line.other_macros(),
            OtherMacros::Text(vec![("__VERSION__".into(), "\"12.2\"".into())])
        );
    }

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn compiler_lines_give_inputs_includes_and_defines() {
        let a = args(&[
            "-O2", "-I", "inc", "-Isrc", "-DN=100", "-D", "M=2", "-DDEBUG", "-DNAME=x", "-c",
            "k.c", "-o", "k.o", "main.c", "-MF", "dep.c", "-lm",
        ]);
        let line = parse(&a);
        assert!(is_input(&line, &a, "k.c") && is_input(&line, &a, "main.c"));
        assert!(
            !is_input(&line, &a, "dep.c"),
            "the value of -MF is no input"
        );
        assert_eq!(
            line.includes,
            vec![PathBuf::from("inc"), PathBuf::from("src")]
        );
        assert_eq!(
            line.defines,
            vec![("N".into(), 100), ("M".into(), 2), ("DEBUG".into(), 1)]
        );
        assert_eq!(
            line.other_macros(),
            OtherMacros::Text(vec![("NAME".into(), "x".into())])
        );
        assert!(!line.pass_through);
        assert!(
            !line.openmp,
            "parallel loops only when the build uses OpenMP"
        );
        assert!(parse(&args(&["-fopenmp", "-c", "k.c"])).openmp);
        assert!(!parse(&args(&["-fopenmp", "-fno-openmp", "k.c"])).openmp);
        assert!(parse(&args(&["-E", "k.c"])).pass_through);
        assert!(parse(&args(&["-x", "c++", "k.c"])).pass_through);
    }

    #[test]
    fn later_defines_and_undefines_replace_earlier_ones() {
        let line = parse(&args(&[
            "-DN=1", "-DM=2", "-UN", "-DT=x", "-D", "T=3", "-DS=y", "-DM=5", "k.c",
        ]));
        assert_eq!(line.defines, vec![("T".into(), 3), ("M".into(), 5)]);
        assert_eq!(
            line.other_macros(),
            OtherMacros::Text(vec![("S".into(), "y".into())])
        );
        for first in [
            &["-include", "config.h"][..],
            &["-imacros", "m.h"],
            &["-includeconfig.h"],
        ] {
            let line = parse(&args(&[first, &["-DN=1", "k.c"]].concat()));
            assert_eq!(line.other_macros(), OtherMacros::Any, "{first:?}");
        }
    }

    #[test]
    fn macros_from_options_nestor_does_not_read_leave_every_group_undecided() {
        for hidden in [
            &["@args.rsp"][..],
            &["-Wp,-DN=3"],
            &["-Wp,-include,config.h"],
            &["-Xpreprocessor", "-DN=3"],
            &["--include=config.h"],
            &["--include", "config.h"],
            &["--imacros=m.h"],
            &["--define-macro=N=3"],
            &["-undef"],
        ] {
            let line = parse(&args(&[hidden, &["-DN=1", "k.c"]].concat()));
            assert_eq!(line.other_macros(), OtherMacros::Any, "{hidden:?}");
        }
        let plain = parse(&args(&["-Wall", "-Wextra", "-DN=1", "k.c"]));
        assert_eq!(plain.other_macros(), OtherMacros::Nothing);
    }

    #[test]
    fn a_launcher_names_the_compiler_first() {
        let named = |words: &[&str]| launched_compiler(&args(words));
        assert_eq!(
            named(&["/usr/bin/gcc-12", "-c", "k.c"]).as_deref(),
            Some("/usr/bin/gcc-12")
        );
        assert_eq!(named(&["clang", "k.c"]).as_deref(), Some("clang"));
        assert_eq!(named(&["-O2", "k.c"]), None);
        assert_eq!(named(&["k.c"]), None);
        assert_eq!(named(&["main.o", "k.o"]), None);
    }
}
