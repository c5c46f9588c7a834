//! The compiler the user builds with: which one (`$NESTOR_CC`, `--cc`), and the macros
//! it predefines, which decide `#if defined(__GNUC__)` groups as it decides them.

use nestor::frontend;
use std::ffi::OsString;
use std::process::Command;

/// `$NESTOR_CC` (split as a shell would: `ccache gcc`), else `cc`.
pub fn compiler() -> Vec<String> {
    std::env::var("NESTOR_CC")
        .ok()
        .and_then(|c| shlex::split(&c))
        .filter(|words| !words.is_empty())
        .unwrap_or_else(|| vec!["cc".to_string()])
}

/// The object-like macros `compiler` predefines for the options of `args` that change
/// them (`-std=`, `-m...`, `-f...`, `-O...`, `-ansi`), as `NAME=VALUE`: what
/// `compiler -dM -E` prints for an empty file. `#ifdef __GNUC__` around an attribute
/// is then decided as the compiler decides it. Empty when the compiler cannot say.
pub fn predefined_macros(compiler: &[String], args: &[OsString]) -> Vec<String> {
    let relevant = args.iter().filter(|a| {
        let a = a.to_string_lossy();
        ["-std=", "-m", "-f", "-O", "-ansi"]
            .iter()
            .any(|p| a.starts_with(p))
    });
    let Some(program) = compiler.first() else {
        return Vec::new();
    };
    let output = Command::new(program)
        .args(&compiler[1..])
        .args(relevant)
        .args(["-dM", "-E", "-x", "c", "/dev/null"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output();
    let Some(output) = output.ok().filter(|o| o.status.success()) else {
        return Vec::new();
    };
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|l| {
            let definition = l.strip_prefix("#define ")?;
            let (name, value) = definition.split_once(' ').unwrap_or((definition, ""));
            // Function-like macros (`NAME(x)`) cannot decide a condition by name.
            (!name.contains('(')).then(|| format!("{name}={value}"))
        })
        .collect()
}

/// The inputs of a file (`inputs.headers` its local headers) with the identity macros
/// of the compiler `command` (see [`identity_macros`]), asked only when the file or a
/// header names one: most files never test which compiler builds them, and asking
/// costs a compiler run.
pub fn with_identity(
    mut inputs: frontend::Inputs,
    src: &str,
    command: Option<&str>,
) -> frontend::Inputs {
    let mentioned = std::iter::once(src)
        .chain(inputs.headers.iter().map(String::as_str))
        .any(frontend::mentions_compiler_identity);
    if mentioned {
        inputs.compiler = identity_macros(command);
    }
    inputs
}

/// The macros the compiler `command` (split as a shell would; `none`: no compiler)
/// predefines without options, asked once per process: which compiler it is decides
/// `#if defined(__clang__)` groups for `optimize`, `diff` and `explain` (the options a
/// build passes are not known there, so only the compiler's identity is used).
pub fn identity_macros(command: Option<&str>) -> Option<Vec<String>> {
    static ASKED: std::sync::OnceLock<Option<Vec<String>>> = std::sync::OnceLock::new();
    ASKED
        .get_or_init(|| {
            let words = match command {
                Some("none") => return None,
                Some(c) => shlex::split(c).filter(|w| !w.is_empty())?,
                None => compiler(),
            };
            let macros = predefined_macros(&words, &[]);
            if macros.is_empty() && command.is_some() {
                super::warning(format!(
                    "cannot ask `{}` for its predefined macros (`-dM -E`): `#if` groups that test which compiler builds the file stay undecided",
                    words.join(" ")
                ));
            }
            (!macros.is_empty()).then_some(macros)
        })
        .clone()
}
