//! The command-line syntax (clap derive): subcommands, options, help texts.

use clap::builder::RangedU64ValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use nestor::driver::pipeline::{self, Mode};
use nestor::transform::rewrites::Transform;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
Exit codes:
  0  success (regions nestor could not optimize are left as written, with warnings)
  1  diff --check: a file would change
  2  invalid command line or nestor.toml
  3  the input is not C nestor can parse (syntax error, binary or non-UTF-8 file, too large),
     or nestor failed on it outside its regions (an internal error; nothing is written)
  4  a requested transformation was refused (illegal) or applies nowhere; the file is
     still written, with the refused regions as they were
  5  verify: the optimized program behaves differently (standard output, standard error
     or exit status), or does not compile or finish in time while the original does
  6  verify, tune: the file has no `main` function, so there is nothing to run
  7  verify, tune: the original program could not be compiled or did not finish in time;
     nothing was compared
  8  a file could not be read or written
With several files, each is processed; the first code in the order 8, 2, 3, 4, 1 that
applies to some file is the exit code.";

const BATCH_EXIT_CODES: &str = "\
Exit codes (when several apply, the first listed here wins):
  5  with --verify: some optimized program behaves differently
  8  some input could not be read or some output could not be written
  2  some file's nestor.toml cannot be used (the file is copied unchanged)
  3  nestor failed on some file (an internal error; the file is copied unchanged)
  7  with --verify: no program could be compared (each was inconclusive or had no
     `main`), though some were tried
  0  otherwise: every file was rewritten or copied unchanged (files that are not C
     nestor can parse, such as a support file with a syntax error, are copied
     unchanged and listed in the table, without failing the batch)
  2  invalid command line";

#[derive(Parser)]
#[command(
    name = "nestor",
    version,
    propagate_version = true,
    about = "Source-to-source optimizer for the loop nests of C programs",
    long_about = "nestor finds the static-control loop nests of a C file, lifts them into the \
                  polyhedral model (isl) and writes them back through isl's code generator. \
                  Requested transformations are applied only where an exact dataflow check \
                  proves them correct; everything else is left byte-identical.",
    after_help = format!("Examples:
  nestor optimize kernel.c -o kernel.opt.c
  nestor diff --interchange i,j kernel.c | patch -p0
  nestor verify --fuse kernel.c
  nestor batch src/ --out optimized/ --verify --json report.json
  nestor completions bash > ~/.local/share/bash-completion/completions/nestor

{EXIT_CODES}")
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Print no warnings, progress or tables: only errors and results.
    #[arg(
        short,
        long,
        global = true,
        conflicts_with = "verbose",
        help_heading = "Global options"
    )]
    pub quiet: bool,
    /// Print more: per-region decisions, compiler commands, run times.
    #[arg(short, long, global = true, help_heading = "Global options")]
    pub verbose: bool,
    /// Colour output: auto (on a terminal; NO_COLOR, CLICOLOR_FORCE and CLICOLOR are
    /// honoured), always, never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto,
          help_heading = "Global options")]
    pub color: ColorWhen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand)]
pub enum Command {
    /// Rewrite the loop nests of a C file.
    #[command(after_help = format!("Examples:
  nestor optimize kernel.c                    # the result on standard output
  nestor optimize kernel.c -o kernel.opt.c
  nestor optimize --in-place --fuse kernel.c
  nestor optimize --in-place src/ lib/kernel.c  # every .c file under src/, and one more
  nestor optimize --interchange i,j -D N=1000 kernel.c
  cat kernel.c | nestor optimize -

{EXIT_CODES}"))]
    Optimize {
        #[command(flatten)]
        input: FilesArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        /// Write the result here (atomically) instead of standard output (`-`: standard
        /// output).
        #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
        output: Option<PathBuf>,
        /// Replace each FILE with its result (atomically: a temporary file in the same
        /// directory, then a rename). A file that is not valid C is not touched.
        /// Needed for several files or a directory.
        #[arg(long)]
        in_place: bool,
    },
    /// Show what `optimize` would change, as a unified diff headed by one line per region.
    #[command(after_help = format!("The diff applies with `patch -p0` or `git apply -p0` in the directory nestor ran
in (with --git: `git apply` or `patch -p1`). Lines starting with `#` before the
diff say, per region, what was decided: loops before -> after and the transformations
applied, or the diagnostic code and message of why the region was left as written.
Each hunk header names the region(s) it changes.

Examples:
  nestor diff kernel.c
  nestor diff --fuse kernel.c | patch -p0
  nestor diff --interchange j,k --git kernel.c | git apply
  nestor diff --check -q kernel.c > /dev/null || echo \"nestor would rewrite kernel.c\"
  nestor diff --check src/                # every .c file under src/, for CI

{EXIT_CODES}"))]
    Diff {
        #[command(flatten)]
        input: FilesArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        /// Prefix the file names with a/ and b/ and add a `diff --git` line, for `git apply`.
        #[arg(long)]
        git: bool,
        /// Exit 1 when optimize would change a file (for CI: the diff still prints).
        #[arg(long)]
        check: bool,
    },
    /// Show the regions found, their polyhedral model and why each was (not) rewritten.
    #[command(after_help = format!("Examples:
  nestor explain kernel.c
  nestor explain --interchange i,j kernel.c

{EXIT_CODES}"))]
    Explain {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        /// Print the reports as JSON (every region: span, status, diagnostics, model,
        /// dataflow, decisions, search candidates, generated code) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Compile and run the original and the optimized program and compare them.
    #[command(after_help = format!("Both programs are compiled with CC (default: $CC, else cc) and CFLAGS (default:
-O2 -ffp-contract=off), plus -I of FILE's directory, the -D and -I options given,
and -lm. Both run in the current directory with standard input closed and the ARGS
after `--`; a run longer than --timeout is killed. Standard output and exit status
must be identical; the first differing line is shown otherwise.

Examples:
  nestor verify kernel.c
  nestor verify --interchange i,j kernel.c -- 1000
  nestor verify --cc clang --cflags \"-O3 -march=native\" --timeout 30 kernel.c

{EXIT_CODES}"))]
    Verify {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        #[command(flatten)]
        build: BuildArgs,
        /// Arguments passed to both programs.
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<OsString>,
    },
    /// Time the legal orders the model ranks best for each region; keep the fastest.
    #[command(after_help = format!("For each region, the legal orders the cost model ranks best (the search's choice
and the original order among them; --candidates in all) are written, compiled with CC
and CFLAGS (default: -O3 -march=native -ffp-contract=off: tune with the flags you
build with), and run --runs times with the ARGS after `--`; the fastest run counts.
Regions are tuned one after the other, each with the ones before as chosen. The
fastest candidate whose standard output and exit status are those of the original
program is kept (with --openmp, also at 1, 2 and 4 threads) when it runs more than
--noise percent faster than the search's choice, and the file is written
as `optimize` writes it. A table of the candidates (model cost, time, speedup over
the original) goes to standard error; --json writes it as JSON.

Examples:
  nestor tune kernel.c -o kernel.opt.c
  nestor tune --candidates 8 --runs 5 kernel.c -o kernel.opt.c -- 2000
  nestor tune --json timings.json --in-place kernel.c

{EXIT_CODES}"))]
    Tune {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        #[command(flatten)]
        build: BuildArgs,
        /// Legal orders timed per region.
        #[arg(long, value_name = "K", default_value_t = 4,
              value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        candidates: usize,
        /// Runs per program; the fastest counts.
        #[arg(long, value_name = "N", default_value_t = 3,
              value_parser = RangedU64ValueParser::<usize>::new().range(1..=100))]
        runs: usize,
        /// Keep the search's choice unless another order runs more than PERCENT faster
        /// (smaller differences are the machine's noise).
        #[arg(long, value_name = "PERCENT", default_value_t = 3,
              value_parser = RangedU64ValueParser::<u32>::new().range(0..=50))]
        noise: u32,
        /// Write the result here (atomically) instead of standard output (`-`: standard
        /// output).
        #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
        output: Option<PathBuf>,
        /// Replace FILE with the result (atomically).
        #[arg(long)]
        in_place: bool,
        /// Also write the timings as JSON to FILE.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Arguments passed to every program.
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<OsString>,
    },
    /// Rewrite every .c file under the given paths in parallel, mirrored into a directory.
    #[command(after_help = format!("Every .c file found under PATH (recursively; a PATH that is a file is taken as
it is) is rewritten into DIR at the same relative path. Files that nestor leaves
unchanged or cannot process (unreadable, binary, syntax errors, internal errors)
are copied unchanged and reported; headers (.h) are copied too, so that the mirror
compiles; other files are not copied. At the end a table
lists, per file, the regions found, rewritten and left unchanged, the tool time
and, with --verify, the verification result; unchanged regions are counted by the
diagnostic code of their reason. --json writes the same as JSON (schema:
docs/guide.md).

Examples:
  nestor batch samples/ --out /tmp/opt
  nestor batch src/ lib/kernel.c --out opt/ -j 4 --fuse --json report.json
  nestor batch samples/ --out /tmp/opt --verify --timeout 20

{BATCH_EXIT_CODES}"))]
    Batch {
        /// Files and directories to process.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Where the rewritten tree goes (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Copy a `.c` file found in an input directory as it is, unread, when its
        /// path below that directory or its name matches GLOB (`*` stops at `/`, `**`
        /// does not; repeatable): `--exclude 'utilities/*'`.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
        /// Worker threads (default: the available parallelism).
        #[arg(short = 'j', long = "jobs", value_name = "N",
              value_parser = RangedU64ValueParser::<usize>::new().range(1..=1024))]
        jobs: Option<usize>,
        /// Also write the summary as JSON to FILE (`-`: standard output, and the
        /// table goes to standard error).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Compile, run and compare every file's original and optimized program (as
        /// `nestor verify` does, without program arguments).
        #[arg(long)]
        verify: bool,
        #[command(flatten)]
        analysis: AnalysisArgs,
        #[command(flatten)]
        rewrite: RewriteArgs,
        #[command(flatten)]
        build: BuildArgs,
    },
    /// Compile C files as a compiler would, rewriting them with nestor first.
    #[command(
        disable_version_flag = true,
        after_help = "Runs the real compiler ($NESTOR_CC, split as a shell would, else cc) with the
same arguments, except that each .c file among them is replaced by the file nestor
optimize writes for it (default options; tile sizes for $NESTOR_CACHE or this
machine's caches), read with the -I directories and the integer -D constants of the
command line. The rewritten file, in a temporary directory under its own name,
starts with a #line directive naming the original (so __FILE__ and the compiler's
messages do), with another after each rewritten region (so lines after it keep
their numbers), and -iquote of the original's directory is added for its quoted
includes. A file nestor cannot read or parse, or leaves unchanged, is compiled as it
is; if the compiler fails on the rewritten files, it runs again on the originals
(whose messages are shown; a warning asks for a report when they compile), so nestor
never breaks a build. Each file's nestor.toml applies (its exclude too). Rewrites are
cached between builds, keyed by the file, its headers, the options and nestor's
version ($NESTOR_CACHE_DIR, else $XDG_CACHE_HOME/nestor or ~/.cache/nestor; `none`
turns it off). Dependency files (-MD, -MMD, -MF) name the original files,
not the rewritten copies. $NESTOR_FLAGS holds options of nestor optimize for every
file (--no-fuse, --tile-size 32,32, --pure f, -D N=64, ...); if they do not parse,
nestor says so and compiles the files as they are. Preprocessing-only commands (-E, -M, -MM) and commands
naming a language (-x) are passed through, and so are --version and -v (the
compiler's: build systems ask it who it is); `nestor cc --nestor-version` prints
nestor's. The exit status is the compiler's. As a
launcher (CMake: -DCMAKE_C_COMPILER_LAUNCHER=\"nestor;cc\"), the compiler comes first:
`nestor cc /usr/bin/gcc ARGS...`.
With -v (before `cc`), nestor's diagnostics and decisions are printed as compiler
remarks: `file:line:col: remark[N310]: ...`.

Examples:
  make CC=\"nestor cc\"
  NESTOR_CC=clang nestor cc -O3 -march=native -c kernel.c -o kernel.o
  NESTOR_FLAGS=\"--no-fuse --assume-no-alias\" make CC=\"nestor cc\"
  cmake -DCMAKE_C_COMPILER_LAUNCHER=\"nestor;cc\" ..
  nestor -v cc -O2 -c kernel.c"
    )]
    Cc {
        /// The compiler's arguments.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        args: Vec<OsString>,
    },
    /// Print a shell completion script.
    #[command(after_help = "Examples:
  nestor completions bash > ~/.local/share/bash-completion/completions/nestor
  nestor completions zsh > ~/.zfunc/_nestor      # with fpath+=(~/.zfunc) in .zshrc
  nestor completions fish > ~/.config/fish/completions/nestor.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// The inputs of `optimize` and `diff`: files, and directories whose `.c` files are
/// taken.
#[derive(Args)]
pub struct FilesArgs {
    /// The C files (`-` reads standard input); a directory stands for the `.c` files
    /// below it (recursively, in path order; links to directories are not followed).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// With `-`: the path the input has (for messages, the diff's headers, and its
    /// directory, where quoted includes are looked up).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
}

#[derive(Args)]
pub struct InputArgs {
    /// The C file (`-` reads standard input).
    pub file: PathBuf,
    /// With `-`: the path the input has (for messages, the diff's headers, and its
    /// directory, where quoted includes are looked up).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub analysis: AnalysisArgs,
}

impl InputArgs {
    /// The input's path as users know it: `--stdin-filename` for standard input.
    pub fn named(&self) -> &std::path::Path {
        match &self.stdin_filename {
            Some(name) if self.file.as_os_str() == "-" => name,
            _ => &self.file,
        }
    }
}

/// Options that change how a file is read and analysed.
#[derive(Args, Clone)]
pub struct AnalysisArgs {
    /// Define a macro as the compiler would (`-D N=100`, `-D REAL=float`; `-D NAME` is
    /// 1): an integer is a constant bounds may use, any other text decides `#if`s and
    /// names as the compiler's `-D` does (also passed to the compiler by verify).
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = parse_macro)]
    pub define: Vec<(String, String)>,
    /// Look for headers included with quotes (`#include "x.h"`) in DIR too, after the
    /// file's own directory, and for those included with `<x.h>`: their macros,
    /// typedefs and declarations are read (also passed to the compiler by verify).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Do not show the diagnostics with these codes (`N106,N113`; `nestor explain`
    /// still lists them). Errors are always shown.
    #[arg(long, value_name = "CODES", value_delimiter = ',', value_parser = parse_code)]
    pub ignore: Vec<nestor::support::diag::Code>,
    /// Calls of these functions read nothing but their arguments' values and write
    /// nothing (`f,g`), like `#pragma nestor pure(f, g)` in the file or
    /// `__attribute__((const))` on their declarations.
    #[arg(long, value_name = "FUNCTIONS", value_delimiter = ',')]
    pub pure: Vec<String>,
    /// isl operations allowed per region before nestor gives up on it (0: no limit).
    #[arg(long, value_name = "N", default_value_t = pipeline::Options::default().isl_budget)]
    pub isl_budget: u64,
    /// The C compiler the file is built with: which compiler it is (`__GNUC__`,
    /// `__clang__`, asked with `-dM -E`) decides `#if` groups that test it, as it
    /// decides them (default `$NESTOR_CC`, else `cc`; `none`: decide none); verify and
    /// tune build with it (default `$CC`, else `cc`).
    #[arg(long, value_name = "CC")]
    pub cc: Option<String>,
    /// Also write the diagnostics of every file as a SARIF 2.1.0 log to FILE (`-`:
    /// standard output), for code-review tools and CI (`--ignore` applies).
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Read the project's options from FILE instead of the `nestor.toml` found in the
    /// input's directory or the nearest above it.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no `nestor.toml`: the command line's options only.
    #[arg(long)]
    pub no_config: bool,
}

/// What to do with each region. Transformations are checked for legality first.
#[derive(Args, Clone)]
pub struct RewriteArgs {
    /// Swap the loops with iterators I and J wherever they are perfectly nested.
    #[arg(long, value_name = "I,J", value_parser = parse_pair)]
    pub interchange: Vec<(String, String)>,
    /// Fuse consecutive loops at the same depth (shifting the later one if needed).
    #[arg(long)]
    pub fuse: bool,
    /// Regenerate every region with its original schedule: no automatic search and no
    /// transformation (checks the round trip).
    #[arg(long, conflicts_with_all = ["interchange", "fuse"])]
    pub identity: bool,
    /// Let the automatic search not interchange loops.
    #[arg(long)]
    pub no_interchange: bool,
    /// Let the automatic search not fuse loops.
    #[arg(long)]
    pub no_fuse: bool,
    /// Let the automatic search not distribute loops.
    #[arg(long)]
    pub no_distribute: bool,
    /// Let the automatic search not expand scalars into arrays.
    #[arg(long)]
    pub no_expand: bool,
    /// Let the automatic search not try the orders isl's scheduler computes (skewed,
    /// shifted, interleaved loops).
    #[arg(long)]
    pub no_isl_scheduler: bool,
    /// Legality checks the automatic search may make per region; when they run out it
    /// keeps the best legal order found so far.
    #[arg(long, value_name = "N", default_value_t = nestor::transform::search::SearchOptions::default().max_checks)]
    pub search_budget: usize,
    /// Do not tile (block) loop nests, nor run rows side by side (recurrences, row sums).
    #[arg(long)]
    pub no_tile: bool,
    /// Tile sizes, per loop of a nest from the outermost, the last repeated (default:
    /// chosen per nest by the cache model, see --cache); each from 1 to 1048576.
    #[arg(
        long,
        value_name = "N[,N...]",
        value_delimiter = ',',
        value_parser = clap::value_parser!(i64).range(1..=MAX_TILE_SIZE),
        conflicts_with = "no_tile"
    )]
    pub tile_size: Vec<i64>,
    /// The data caches tile sizes are chosen for: `host` (this machine's, as sysconf
    /// reports them; the default, unless nestor.toml says `cache`) or L1,L2 sizes such
    /// as `48K,2M`. Name them to get the same output on every machine. Not used with --tile-size or --no-tile (so that `NESTOR_CACHE`
    /// in the environment does not keep those from being given).
    #[arg(
        long,
        value_name = "host|L1,L2",
        env = "NESTOR_CACHE",
        value_parser = nestor::transform::tiling::cache::Caches::parse
    )]
    pub cache: Option<nestor::transform::tiling::cache::Caches>,
    /// Do not mark loops whose iterations may run concurrently with
    /// `#pragma omp parallel for` (ignored by compilers without -fopenmp).
    #[arg(long)]
    pub no_parallel: bool,
    /// Do not contract temporary arrays to modulo buffers.
    #[arg(long)]
    pub no_contract: bool,
    /// Treat the array parameter NAME as dead after every region (a temporary nestor
    /// may contract), like `#pragma nestor temporary(NAME)` before the region.
    #[arg(long, value_name = "NAME")]
    pub temporary: Vec<String>,
    /// Promise that no two arrays a region accesses are the same memory (no caller
    /// passes one array twice or overlapping parts of one): regions are rewritten
    /// without the run-time overlap test. A wrong promise gives wrong results.
    #[arg(long, env = "NESTOR_ASSUME_NO_ALIAS", value_parser = clap::builder::FalseyValueParser::new())]
    pub assume_no_alias: bool,
}

impl RewriteArgs {
    /// The round trip, the transformations asked for, or else the automatic search.
    pub fn mode(&self) -> Mode {
        let transforms = self.transforms();
        if self.identity {
            Mode::Identity
        } else if !transforms.is_empty() {
            Mode::Requested(transforms)
        } else {
            Mode::Search(nestor::transform::search::SearchOptions {
                interchange: !self.no_interchange,
                fuse: !self.no_fuse,
                distribute: !self.no_distribute,
                expand: !self.no_expand,
                max_checks: self.search_budget,
                isl_scheduler: !self.no_isl_scheduler,
            })
        }
    }

    pub fn transforms(&self) -> Vec<Transform> {
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

/// The largest tile size `--tile-size` takes (2^20 iterations, beyond any loop whose
/// tiles fit a cache): generated tile bounds multiply it with tile numbers, and sizes
/// of 2^31 and more were accepted (issue 25).
pub const MAX_TILE_SIZE: i64 = 1 << 20;

/// How verify builds and runs the two programs.
#[derive(Args, Clone)]
pub struct BuildArgs {
    /// Compiler flags, as one shell-quoted string; replaces the default
    /// (`-O2 -ffp-contract=off`; for tune `-O3 -march=native -ffp-contract=off`).
    #[arg(
        long,
        value_name = "FLAGS",
        allow_hyphen_values = true,
        value_parser = parse_flags
    )]
    pub cflags: Option<Flags>,
    /// Seconds each program may run before it is killed.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// Compile both programs with -fopenmp and run the optimized one with 1, 2 and 4
    /// threads (OMP_NUM_THREADS); each run must match the original's.
    #[arg(long)]
    pub openmp: bool,
    /// Another source or object file of the program, compiled and linked into both
    /// (repeatable): `--link utilities/polybench.c`.
    #[arg(long, value_name = "FILE")]
    pub link: Vec<PathBuf>,
}

impl BuildArgs {
    /// `--cflags`, else `default`.
    pub fn cflags_or(&self, default: &str) -> Vec<String> {
        match &self.cflags {
            Some(flags) => flags.0.clone(),
            None => default.split_whitespace().map(str::to_string).collect(),
        }
    }
}

/// The compiler flags verify and batch use by default: optimized, without contracting
/// floating-point operations (which would change rounding between two orders).
pub const VERIFY_CFLAGS: &str = "-O2 -ffp-contract=off";
/// The compiler flags tune times with by default: the fastest code of a usual build.
pub const TUNE_CFLAGS: &str = "-O3 -march=native -ffp-contract=off";

/// Compiler flags, split as a shell would.
#[derive(Clone, Debug)]
pub struct Flags(pub Vec<String>);

pub fn parse_flags(s: &str) -> Result<Flags, String> {
    shlex::split(s)
        .map(Flags)
        .ok_or_else(|| format!("`{s}` is not valid shell quoting"))
}

pub fn parse_pair(s: &str) -> Result<(String, String), String> {
    match s.split_once(',') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
            Ok((a.trim().to_string(), b.trim().to_string()))
        }
        _ => Err(format!(
            "`{s}` is not two loop iterators separated by a comma (e.g. `i,j`)"
        )),
    }
}

/// `NAME[=VALUE]` of `-D`, the value as written (`1` where none is given).
pub fn parse_macro(s: &str) -> Result<(String, String), String> {
    let (name, value) = s.split_once('=').unwrap_or((s, "1"));
    match name.trim() {
        "" => Err(format!(
            "`{s}` names no macro (write -D NAME or -D NAME=VALUE)"
        )),
        name => Ok((name.to_string(), value.to_string())),
    }
}

impl AnalysisArgs {
    /// The `-D`s whose values are integers: constants bounds may use.
    pub fn int_defines(&self) -> Vec<(String, i64)> {
        self.define
            .iter()
            .filter_map(|(name, value)| Some((name.clone(), integer(value)?)))
            .collect()
    }

    /// The `-D`s whose values are other text, as the front end takes them.
    pub fn other_macros(&self) -> nestor::frontend::OtherMacros {
        let text: Vec<(String, String)> = self
            .define
            .iter()
            .filter(|(_, value)| integer(value).is_none())
            .cloned()
            .collect();
        match text.is_empty() {
            true => nestor::frontend::OtherMacros::Nothing,
            false => nestor::frontend::OtherMacros::Text(text),
        }
    }
}

/// `-D NAME[=VALUE]` whose value is an integer.
pub fn parse_define(s: &str) -> Result<(String, i64), String> {
    let (name, value) = parse_macro(s)?;
    let value = integer(&value).ok_or_else(|| format!("`{value}` is not an integer"))?;
    Ok((name, value))
}

/// The integer a `-D` value spells, if it is one.
fn integer(value: &str) -> Option<i64> {
    value.trim().parse().ok()
}

pub fn parse_code(s: &str) -> Result<nestor::support::diag::Code, String> {
    let s = s.trim();
    nestor::support::diag::Code::ALL
        .iter()
        .copied()
        .find(|c| c.as_str().eq_ignore_ascii_case(s) || c.name() == s)
        .ok_or_else(|| format!("`{s}` is not a diagnostic code (see docs/diagnostics.md)"))
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs <= 86_400.0 => Ok(Duration::from_secs_f64(secs)),
        _ => Err(format!(
            "`{s}` is not a number of seconds between 0 and 86400"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parsers() {
        assert_eq!(parse_pair(" i , j"), Ok(("i".into(), "j".into())));
        assert!(parse_pair("i").is_err());
        assert_eq!(parse_define("N=10"), Ok(("N".into(), 10)));
        assert_eq!(parse_define("DEBUG"), Ok(("DEBUG".into(), 1)));
        assert!(parse_define("N=x").is_err());
        assert_eq!(
            parse_macro("REAL=float"),
            Ok(("REAL".into(), "float".into()))
        );
        assert_eq!(parse_macro("DEBUG"), Ok(("DEBUG".into(), "1".into())));
        assert!(parse_macro("=1").is_err());
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("0").is_err() && parse_seconds("-1").is_err());
        assert_eq!(parse_code("n106").map(|c| c.as_str()), Ok("N106"));
        assert!(parse_code("N999").is_err());
    }
}
