//! `nestor cc` in a real build: a small multi-file project (`tests/fixtures/cc_project`,
//! a Makefile, a header found through `-I`, a file nestor cannot parse) built with
//! `make CC="nestor cc"` must run exactly like the plain build.

use std::path::Path;
use std::process::{Command, Output};

fn copy_project(to: &Path) {
    let from = Path::new("tests/fixtures/cc_project");
    for entry in walk(from) {
        let target = to.join(entry.strip_prefix(from).expect("inside the project"));
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("mkdir");
        std::fs::copy(&entry, &target).expect("copy");
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("readable") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

fn make(dir: &Path, cc: &str) -> Output {
    let out = Command::new("make")
        .arg(format!("CC={cc}"))
        .current_dir(dir)
        .env("NESTOR_CACHE", "48K,2M")
        .output()
        .expect("make runs");
    assert!(
        out.status.success(),
        "make CC={cc} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn run(dir: &Path) -> String {
    let out = Command::new(dir.join("prog")).output().expect("prog runs");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn make_with_nestor_cc_builds_a_program_that_prints_the_same() {
    let plain = tempfile::tempdir().unwrap();
    let wrapped = tempfile::tempdir().unwrap();
    copy_project(plain.path());
    copy_project(wrapped.path());
    make(plain.path(), "cc");
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let built = make(wrapped.path(), &format!("{nestor} -v cc"));
    let remarks = String::from_utf8_lossy(&built.stderr);
    // The kernel was rewritten (its column walks made row walks), and the file nestor
    // cannot parse was compiled as it is.
    assert!(
        remarks.contains("kernel.c:7:3: remark: loops (j, i) -> (i, j) around S1"),
        "{remarks}"
    );
    assert!(
        remarks.contains("unparsable.c:") && remarks.contains("[N001]"),
        "{remarks}"
    );
    assert_eq!(run(wrapped.path()), run(plain.path()));
}

#[test]
fn a_failing_compile_fails_as_the_compiler_does() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.c");
    std::fs::write(&bad, "int main(void) { return undeclared; }\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .args(["cc", "-c"])
        .arg(&bad)
        .arg("-o")
        .arg(dir.path().join("bad.o"))
        .output()
        .expect("nestor runs");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("undeclared"),
        "the compiler's own message: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
