//! The `nestor` command line: parses the arguments and dispatches to the workflows in
//! `cli/` (all IO lives there; all analysis in the library).

mod cli;

use clap::{CommandFactory, Parser};
use cli::args::{Cli, Command};
use cli::commands::{TuneArgs, batch, diff, explain, optimize, several, tune, verify, with_config};
use cli::{Exit, Ui, io};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse_from(without_compiler_flags(std::env::args_os().collect()));
    let ui = Ui {
        quiet: cli.quiet,
        verbose: cli.verbose,
        color: cli.color,
    };
    let sarif = analysis_of(&cli.command).and_then(|a| {
        let path = a.sarif.clone()?;
        cli::sarif::start();
        Some(path)
    });
    let exit = match cli.command {
        // The compiler's exit code, whatever it is.
        Command::Cc { args } => return ExitCode::from(cli::cc::run(args, ui.verbose)),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nestor", &mut std::io::stdout());
            return ExitCode::SUCCESS;
        }
        command => {
            check_usage(&command);
            run(command, ui)
        }
    };
    let exit = match sarif.map(|path| cli::sarif::finish(&path)) {
        Some(Err(msg)) => {
            cli::error(msg);
            if exit == Exit::Success {
                Exit::Io
            } else {
                exit
            }
        }
        _ => exit,
    };
    ExitCode::from(exit.code())
}

/// Exits with a usage error (2) for options that go together in clap's eyes but not
/// in fact.
fn check_usage(command: &Command) {
    let replace_stdin = "--in-place needs a file; standard input (`-`) cannot be replaced";
    let sarif_to_stdout = analysis_of(command)
        .and_then(|a| a.sarif.as_deref())
        .is_some_and(io::is_stdin);
    let stdout_taken = match command {
        Command::Optimize {
            output, in_place, ..
        } => !in_place && output.as_deref().is_none_or(io::is_stdin),
        Command::Diff { .. } | Command::Explain { .. } => true,
        Command::Batch { json, .. } => json.as_deref().is_some_and(io::is_stdin),
        _ => false,
    };
    if sarif_to_stdout && stdout_taken {
        usage_error(
            command_name(command),
            "--sarif - would mix the log with the output on standard output: name a file",
        )
    }
    match command {
        Command::Optimize {
            input, in_place, ..
        } => {
            if *in_place && input.files.iter().any(|f| io::is_stdin(f)) {
                usage_error("optimize", replace_stdin)
            }
            if several(input) && !in_place {
                usage_error(
                    "optimize",
                    "several files or a directory need --in-place (or `nestor batch DIR --out OUT` to mirror them into a directory)",
                )
            }
        }
        Command::Diff { input, .. }
            if several(input) && input.files.iter().any(|f| io::is_stdin(f)) =>
        {
            usage_error(
                "diff",
                "standard input (`-`) cannot be read with other files",
            )
        }
        Command::Tune {
            input,
            rewrite,
            in_place,
            ..
        } => {
            if !matches!(rewrite.mode(), nestor::driver::pipeline::Mode::Search(_)) {
                usage_error(
                    "tune",
                    "tune times the orders the automatic search finds: --identity, \
                     --interchange and --fuse do not apply",
                )
            }
            if *in_place && io::is_stdin(&input.file) {
                usage_error("tune", replace_stdin)
            }
        }
        _ => {}
    }
}

/// Runs a subcommand that reads C files (`main` runs the others).
fn run(command: Command, ui: Ui) -> Exit {
    match command {
        Command::Optimize {
            input,
            rewrite,
            output,
            in_place,
        } => optimize(&input, &rewrite, output.as_deref(), in_place, ui),
        Command::Diff {
            input,
            rewrite,
            git,
            check,
        } => diff(&input, &rewrite, git, check, ui),
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
        } => with_config(&input, &rewrite, |input, rewrite| {
            verify(input, rewrite, &build, args, ui)
        }),
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
            with_config(&input, &rewrite, |input, rewrite| {
                tune(input, rewrite, tune_args, ui)
            })
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
        Command::Cc { .. } | Command::Completions { .. } => Exit::Usage,
    }
}

/// The subcommand's name on the command line.
fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Optimize { .. } => "optimize",
        Command::Diff { .. } => "diff",
        Command::Explain { .. } => "explain",
        Command::Verify { .. } => "verify",
        Command::Tune { .. } => "tune",
        Command::Batch { .. } => "batch",
        Command::Cc { .. } => "cc",
        Command::Completions { .. } => "completions",
    }
}

/// The analysis options of the command line, for the commands that analyse files.
fn analysis_of(command: &Command) -> Option<&cli::args::AnalysisArgs> {
    match command {
        Command::Optimize { input, .. } | Command::Diff { input, .. } => Some(&input.analysis),
        Command::Explain { input, .. }
        | Command::Verify { input, .. }
        | Command::Tune { input, .. } => Some(&input.analysis),
        Command::Batch { analysis, .. } => Some(analysis),
        Command::Cc { .. } | Command::Completions { .. } => None,
    }
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
