//! The command line: exit codes and messages on good and bad input.

use std::path::Path;
use std::process::{Command, Output};

fn nestor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .args(args)
        .output()
        .expect("nestor runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write test input");
    p.to_string_lossy().into_owned()
}

#[test]
fn missing_file_exits_1_with_message() {
    let o = nestor(&["optimize", "/nonexistent/kernel.c"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read `/nonexistent/kernel.c`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn directory_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let o = nestor(&["optimize", &dir.path().to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

#[test]
fn binary_file_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.c", b"\x7fELF\x00\x01\x02");
    let o = nestor(&["optimize", &f]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("binary file"), "{}", stderr(&o));
}

#[test]
fn syntax_error_exits_3_with_location() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "bad.c",
        b"void f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 1 +;\n}\n",
    );
    let o = nestor(&["optimize", &f]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(e.contains("bad.c:3:"), "{e}");
    assert!(e.contains("error[N001]"), "{e}");
    assert!(
        o.stdout.is_empty(),
        "nothing is printed for a file that does not parse"
    );
}

#[test]
fn empty_file_and_file_without_loops_come_back_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("empty.c", ""),
        ("noloop.c", "int add(int a, int b) { return a + b; }\n"),
    ] {
        let f = write(dir.path(), name, text.as_bytes());
        let o = nestor(&["optimize", &f]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(String::from_utf8_lossy(&o.stdout), text);
    }
}

#[test]
fn output_file_is_written_and_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let src =
        "void f(int n, double a[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * a[i];\n}\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let out = dir.path().join("k.opt.c");
    let o = nestor(&["optimize", &f, "-o", &out.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("a[i] = 2 * a[i];"), "{written}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), src);
}

#[test]
fn unsupported_nest_is_reported_and_left_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let src = "void f(int n, double a[n], int idx[n]) {\n  for (int i = 0; i < n; i++)\n      a[idx[i]] = 0;\n}\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&["optimize", &f]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), src);
    let e = stderr(&o);
    assert!(e.contains("k.c:3:9: warning[N104]"), "{e}");
}

#[test]
fn usage_error_exits_2() {
    let o = nestor(&["optimize"]);
    assert_eq!(o.status.code(), Some(2));
    let o = nestor(&["frobnicate", "x.c"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn help_documents_exit_codes() {
    let o = nestor(&["--help"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Exit codes:") && out.contains("3  the input is not C"),
        "{out}"
    );
}

#[test]
fn explain_lists_domains_and_accesses() {
    let dir = tempfile::tempdir().unwrap();
    let src = "void f(int n, double a[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j <= i; j++)\n      a[i][j] = a[j][i];\n}\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&["explain", &f]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("{ S0[i, j] : 0 <= i < n and 0 <= j <= i }"),
        "{out}"
    );
    assert!(out.contains("[S0[i, j] -> R0[]] -> a[j, i]"), "{out}");
}
