//! The binary's workflows. Everything here does IO; the analysis is the library's.

pub mod args;
pub mod batch;
pub mod cache;
pub mod cc;
pub mod commands;
pub mod compiler;
pub mod config;
pub mod diff;
pub mod headers;
pub mod io;
pub mod panics;
pub mod report;
pub mod sarif;
pub mod summary;
pub mod tune;
pub mod verify;

use std::io::IsTerminal;

/// Process exit codes. The numbers are documented (`--help`, README, docs/guide.md)
/// and scripts depend on them: never renumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Success = 0,
    /// `diff --check`: a file would change (1, as `cargo fmt --check` and
    /// `ruff format --check` say it).
    WouldChange = 1,
    Usage = 2,
    NotC = 3,
    Refused = 4,
    Differs = 5,
    NoMain = 6,
    CannotVerify = 7,
    Io = 8,
}

impl Exit {
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The exit code of a run over several files, from each file's: the first of
    /// `Io`, `Usage` (a `nestor.toml` that cannot be used), `NotC`, `Refused`,
    /// `WouldChange` that some file has (an error outranks a finding), else the first
    /// other failure, else success.
    pub fn of_all(exits: impl IntoIterator<Item = Exit>) -> Exit {
        const RANK: [Exit; 5] = [
            Exit::Io,
            Exit::Usage,
            Exit::NotC,
            Exit::Refused,
            Exit::WouldChange,
        ];
        let exits: Vec<Exit> = exits.into_iter().collect();
        RANK.into_iter()
            .find(|e| exits.contains(e))
            .or_else(|| exits.iter().copied().find(|&e| e != Exit::Success))
            .unwrap_or(Exit::Success)
    }
}

/// Output settings shared by every subcommand.
#[derive(Clone, Copy, Debug)]
pub struct Ui {
    pub quiet: bool,
    pub verbose: bool,
    pub color: args::ColorWhen,
}

impl Ui {
    /// Whether to colour a stream: `--color`, then the environment's conventions
    /// (https://no-color.org and https://bixense.com/clicolors: NO_COLOR set and
    /// non-empty turns colour off, CLICOLOR_FORCE on, CLICOLOR=0 off), then whether the
    /// stream is a terminal that is not `TERM=dumb`.
    pub fn color_for(&self, is_terminal: bool) -> bool {
        match self.color {
            args::ColorWhen::Always => true,
            args::ColorWhen::Never => false,
            args::ColorWhen::Auto if anstyle_query::no_color() => false,
            args::ColorWhen::Auto if anstyle_query::clicolor_force() => true,
            args::ColorWhen::Auto if anstyle_query::clicolor() == Some(false) => false,
            args::ColorWhen::Auto => {
                is_terminal && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
            }
        }
    }

    pub fn stdout_color(&self) -> termcolor::ColorChoice {
        choice(self.color_for(std::io::stdout().is_terminal()))
    }

    pub fn stderr_color(&self) -> termcolor::ColorChoice {
        choice(self.color_for(std::io::stderr().is_terminal()))
    }
}

fn choice(color: bool) -> termcolor::ColorChoice {
    if color {
        // `Always` rather than `Auto`: termcolor's `Auto` would veto on its own TERM rules.
        termcolor::ColorChoice::Always
    } else {
        termcolor::ColorChoice::Never
    }
}

pub use codespan_reporting::term::termcolor;

/// Prints `nestor: error: MSG` on standard error.
pub fn error(msg: impl std::fmt::Display) {
    eprintln!("nestor: error: {msg}");
}

/// Prints `nestor: warning: MSG` on standard error.
pub fn warning(msg: impl std::fmt::Display) {
    eprintln!("nestor: warning: {msg}");
}
