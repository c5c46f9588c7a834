//! Shared test helpers: compiling and running C programs, differential comparison.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles `c_file` with `cc -O2 -ffp-contract=off` (FMA contraction would change
/// rounding between loop orders) and returns the executable's path.
pub fn compile(
    c_file: &Path,
    out_dir: &Path,
    name: &str,
    include: Option<&Path>,
) -> Result<PathBuf, String> {
    let exe = out_dir.join(name);
    let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_string()));
    cmd.args(["-O2", "-ffp-contract=off", "-w", "-o"])
        .arg(&exe)
        .arg(c_file);
    if let Some(dir) = include {
        cmd.arg("-I").arg(dir);
    }
    cmd.arg("-lm");
    let out = cmd.output().map_err(|e| format!("cannot run cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc failed on {}:\n{}",
            c_file.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(exe)
}

/// Runs `exe` and returns its exit status and standard output.
pub fn run(exe: &Path) -> Result<(i32, Vec<u8>), String> {
    let out = Command::new(exe)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    Ok((out.status.code().unwrap_or(-1), out.stdout))
}

/// Compiles and runs `original` and `rewritten` (C sources) and checks that their exit
/// status and standard output are byte-identical.
pub fn assert_same_behaviour(
    name: &str,
    original: &str,
    rewritten: &str,
    include: Option<&Path>,
) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let a = dir.path().join("original.c");
    let b = dir.path().join("rewritten.c");
    std::fs::write(&a, original).map_err(|e| e.to_string())?;
    std::fs::write(&b, rewritten).map_err(|e| e.to_string())?;
    let ea = compile(&a, dir.path(), "original", include)?;
    let eb = compile(&b, dir.path(), "rewritten", include).map_err(|e| {
        format!("{name}: the rewritten file does not compile:\n{e}\n--- rewritten ---\n{rewritten}")
    })?;
    let ra = run(&ea)?;
    let rb = run(&eb)?;
    if ra != rb {
        return Err(format!(
            "{name}: outputs differ\noriginal (exit {}): {}\nrewritten (exit {}): {}\n--- rewritten ---\n{rewritten}",
            ra.0,
            String::from_utf8_lossy(&ra.1),
            rb.0,
            String::from_utf8_lossy(&rb.1)
        ));
    }
    if ra.1.is_empty() {
        return Err(format!(
            "{name}: the program prints nothing, so the comparison proves nothing"
        ));
    }
    Ok(())
}

/// Whether `NESTOR_BLESS` asks to rewrite expectations instead of checking them.
pub fn bless() -> bool {
    std::env::var_os("NESTOR_BLESS").is_some_and(|v| v != "0")
}
