//! The `nestor` command line: parses the arguments and dispatches to the workflows in
//! `cli/` (all IO lives there; all analysis in the library).

mod cli;

use clap::{CommandFactory, Parser};
use cli::args::{Cli, Command};
use cli::commands::{TuneArgs, batch, diff, explain, optimize, several, tune, verify};
use cli::{Exit, Ui, io};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse_from(without_compiler_flags(std::env::args_os().collect()));
    let ui = Ui {
        quiet: cli.quiet,
        verbose: cli.verbose,
        color: cli.color,
    };
    let exit = match cli.command {
        Command::Optimize {
            input,
            rewrite,
            output,
            in_place,
        } => {
            if in_place && input.files.iter().any(|f| io::is_stdin(f)) {
                usage_error(
                    "optimize",
                    "--in-place needs a file; standard input (`-`) cannot be replaced",
                )
            }
            if several(&input) && !in_place {
                usage_error(
                    "optimize",
                    "several files or a directory need --in-place (or `nestor batch DIR --out OUT` to mirror them into a directory)",
                )
            }
            optimize(&input, &rewrite, output.as_deref(), in_place, ui)
        }
        Command::Diff {
            input,
            rewrite,
            git,
            check,
        } => {
            if several(&input) && input.files.iter().any(|f| io::is_stdin(f)) {
                usage_error("diff", "standard input (`-`) cannot be read with other files")
            }
            diff(&input, &rewrite, git, check, ui)
        }
        Command::Explain {
            input,
            rewrite,
            json,
        } => explain(&input, &rewrite, json, ui),
        Command::Verify {
            input,
            rewrite,
            build,
            args,
        } => verify(&input, &rewrite, &build, args, ui),
        Command::Tune {
            input,
            rewrite,
            build,
            candidates,
            runs,
            noise,
            output,
            in_place,
            json,
            args,
        } => {
            if !matches!(rewrite.mode(), nestor::driver::pipeline::Mode::Search(_)) {
                usage_error(
                    "tune",
                    "tune times the orders the automatic search finds: --identity, \
                     --interchange and --fuse do not apply",
                )
            }
            if in_place && io::is_stdin(&input.file) {
                usage_error(
                    "tune",
                    "--in-place needs a file; standard input (`-`) cannot be replaced",
                )
            }
            let tune_args = TuneArgs {
                build: &build,
                candidates,
                runs,
                noise,
                output: output.as_deref(),
                in_place,
                json: json.as_deref(),
                args,
            };
            tune(&input, &rewrite, tune_args, ui)
        }
        Command::Batch {
            paths,
            out,
            exclude,
            jobs,
            json,
            verify,
            analysis,
            rewrite,
            build,
        } => batch(
            paths, out, exclude, jobs, json, verify, &analysis, &rewrite, &build, ui,
        ),
        Command::Cc { args } => return ExitCode::from(cli::cc::run(args, ui.verbose)),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nestor", &mut std::io::stdout());
            Exit::Success
        }
    };
    ExitCode::from(exit.code())
}

/// `args` without the compiler options that do not matter to nestor (`-O2`, `-g`,
/// `-Wall`, `-std=c99`, `-march=native`, `-fopenmp`, `-pedantic`, `-pipe`) after
/// `optimize`, `diff` or `explain`, so that a compiler's flags can be passed as they
/// are. None of nestor's own options looks like one.
fn without_compiler_flags(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(sub) = args
        .iter()
        .position(|a| matches!(a.to_str(), Some("optimize" | "diff" | "explain")))
    else {
        return args;
    };
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let dropped: Vec<bool> = (0..args.len())
        .map(|k| {
            k > sub
                && k < end
                && args[k - 1] != "-o"
                && args[k].to_str().is_some_and(is_compiler_flag)
        })
        .collect();
    args.into_iter()
        .zip(dropped)
        .filter(|(_, drop)| !drop)
        .map(|(a, _)| a)
        .collect()
}

fn is_compiler_flag(arg: &str) -> bool {
    let optimization = arg.strip_prefix("-O").is_some_and(|level| {
        matches!(level, "" | "0" | "1" | "2" | "3" | "s" | "z" | "g" | "fast")
    });
    let debug = arg.strip_prefix("-g").is_some_and(|rest| {
        rest.chars().all(|c| c.is_ascii_digit())
            || rest.starts_with("gdb")
            || rest.starts_with("dwarf")
    });
    optimization
        || debug
        || ["-W", "-f", "-m", "-std="]
            .iter()
            .any(|p| arg.starts_with(p) && arg.len() > p.len())
        || matches!(
            arg,
            "-pedantic" | "-pedantic-errors" | "-pipe" | "-ansi" | "-pthread"
        )
}

/// Exits with clap's usage error (code 2) for a combination clap cannot express,
/// showing the usage of `subcommand`.
fn usage_error(subcommand: &str, msg: &str) -> ! {
    let kind = clap::error::ErrorKind::ArgumentConflict;
    let mut cmd = Cli::command();
    cmd.build();
    if let Some(sub) = cmd.find_subcommand_mut(subcommand) {
        sub.error(kind, msg).exit()
    }
    cmd.error(kind, msg).exit()
}
