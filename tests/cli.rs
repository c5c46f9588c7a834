//! The command line: every subcommand's exit codes and messages on good and bad input,
//! `--in-place` safety, `diff` applied with patch, verify's verdicts, help, completions
//! and colours. Batch is in tests/batch.rs.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn nestor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .args(args)
        .output()
        .expect("nestor runs")
}

/// Runs nestor in `dir` with `env` set, feeding `stdin`.
fn nestor_in(dir: &Path, args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nestor runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    match input.write_all(stdin) {
        // nestor may exit (a usage error) before it reads its input.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    drop(input);
    child.wait_with_output().expect("nestor finishes")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Nothing nestor does on any input may end in a panic.
fn assert_no_panic(o: &Output) {
    let e = stderr(o);
    assert!(!e.contains("panicked"), "nestor panicked:\n{e}");
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write test input");
    p.to_string_lossy().into_owned()
}

#[test]
fn missing_file_exits_8_with_message() {
    let o = nestor(&["optimize", "/nonexistent/kernel.c"]);
    assert_eq!(o.status.code(), Some(8));
    assert!(
        stderr(&o).contains("cannot read `/nonexistent/kernel.c`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_directory_needs_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let o = nestor(&["optimize", &dir.path().to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("need --in-place"), "{}", stderr(&o));
}

#[test]
fn explain_of_a_directory_exits_8() {
    let dir = tempfile::tempdir().unwrap();
    let o = nestor(&["explain", &dir.path().to_string_lossy()]);
    assert_eq!(o.status.code(), Some(8));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

/// A tree of three files: one nestor rewrites, one it leaves as written, one that is
/// not C.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let matmul = std::fs::read("samples/matmul.c").unwrap();
    write(dir.path(), "matmul.c", &matmul);
    write(
        &sub,
        "plain.c",
        b"int add(int a, int b) { return a + b; }\n",
    );
    write(&sub, "kernel.h", b"#define N 10\n");
    dir
}

#[test]
fn diff_check_over_a_tree_exits_1_then_0_after_optimize_in_place() {
    let dir = tree();
    let root = dir.path().to_string_lossy().into_owned();
    let o = nestor(&["diff", "--check", "-q", &root]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("matmul.c: 1 region"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("plain.c: no loop nests"),
        "{}",
        stdout(&o)
    );
    let o = nestor(&["optimize", "-q", "--in-place", &root]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = nestor(&["diff", "--check", "-q", &root]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let header = std::fs::read(dir.path().join("sub/kernel.h")).unwrap();
    assert_eq!(header, b"#define N 10\n", "headers are not rewritten");
}

#[test]
fn an_error_outranks_a_change_and_the_other_files_are_still_processed() {
    let dir = tree();
    let broken = write(dir.path(), "broken.c", b"int f( {\n");
    let matmul = dir.path().join("matmul.c").to_string_lossy().into_owned();
    let o = nestor(&["diff", "--check", "-q", &broken, &matmul, "/nonexistent.c"]);
    assert_eq!(o.status.code(), Some(8), "{}", stderr(&o));
    assert!(stdout(&o).contains("+++ "), "matmul.c's diff still prints");
    let o = nestor(&["diff", "--check", "-q", &broken, &matmul]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let o = nestor(&["optimize", "-q", "--in-place", &broken, &matmul]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(std::fs::read(&broken).unwrap(), b"int f( {\n");
    let rewritten = std::fs::read_to_string(&matmul).unwrap();
    assert!(rewritten.contains("omp parallel for"), "{rewritten}");
}

#[test]
fn several_files_to_standard_output_is_a_usage_error() {
    let dir = tree();
    let matmul = dir.path().join("matmul.c").to_string_lossy().into_owned();
    let o = nestor(&["optimize", &matmul, &matmul]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = nestor(&["optimize", &matmul, &matmul, "-o", "x.c"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
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
        b"int size = 1 +;\nvoid f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n",
    );
    let o = nestor(&["optimize", &f]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(e.contains("bad.c:1:"), "{e}");
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
    for sub in ["verify", "batch"] {
        let o = nestor(&[sub, "--cflags", "\"-O2", "x.c"]);
        assert_eq!(o.status.code(), Some(2), "{sub}");
        assert!(
            stderr(&o).contains("not valid shell quoting"),
            "{}",
            stderr(&o)
        );
    }
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

/// A small program with a rewritable kernel and a `main` printing a checksum.
const KERNEL: &str = "#include <stdio.h>
#define N 30

static double A[N][N], B[N][N];

static void kernel(int n, double a[n][n], double b[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = b[j][i] * 2.0 + i;
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = (double)(i * N + j) / N;
  kernel(N, A, B);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + 1);
  printf(\"%.6f\\n\", s);
  return 0;
}
";

/// Interchanging `i` and `j` here reverses the dependence of distance (1, -1).
const ILLEGAL_INTERCHANGE: &str = "void f(int n, double a[n][n])
{
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      a[i][j] = a[i - 1][j + 1] + 1.0;
}
";

const SYNTAX_ERROR: &[u8] =
    b"int size = 1 +;\nvoid f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n";

const SUBCOMMANDS: [&str; 4] = ["optimize", "diff", "explain", "verify"];
const TUNE: &str = "tune";

#[test]
fn help_of_every_subcommand_has_examples_and_top_level_help_has_every_exit_code() {
    for sub in SUBCOMMANDS.iter().chain(&["batch", TUNE, "completions"]) {
        let o = nestor(&[sub, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{sub}");
        let out = stdout(&o);
        assert!(out.contains("Examples:\n  nestor "), "{sub} --help:\n{out}");
    }
    let out = stdout(&nestor(&["--help"]));
    for code in [
        "0  success",
        "1  diff --check",
        "2  invalid",
        "3  the input",
        "4  a requested",
        "5  verify",
        "6  verify",
        "7  verify",
        "8  a file",
    ] {
        assert!(out.contains(code), "`{code}` missing from --help:\n{out}");
    }
    let batch = stdout(&nestor(&["batch", "--help"]));
    assert!(
        batch.contains("5  with --verify") && batch.contains("docs/guide.md"),
        "{batch}"
    );
}

#[test]
fn version_is_printed() {
    let o = nestor(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        format!("nestor {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn completions_for_bash_zsh_fish() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef nestor"),
        ("fish", "complete -c nestor"),
    ] {
        let o = nestor(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(marker), "{shell}:\n{out}");
        for sub in ["optimize", "diff", "verify", "batch"] {
            assert!(out.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    let o = nestor(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("invalid value 'tcsh'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn identity_conflicts_with_requested_transformations() {
    for extra in [&["--fuse"][..], &["--interchange", "i,j"]] {
        let mut args = vec!["optimize", "--identity"];
        args.extend_from_slice(extra);
        args.push("k.c");
        let o = nestor(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
    }
}

#[test]
fn in_place_with_standard_input_or_with_output_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let o = nestor_in(
        dir.path(),
        &["optimize", "--in-place", "-"],
        &[],
        KERNEL.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--in-place needs a file"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("Usage: nestor optimize"),
        "{}",
        stderr(&o)
    );
    let o = nestor(&["optimize", "--in-place", "-o", "x.c", "k.c"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bad_inputs_fail_clearly_in_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.c").to_string_lossy().into_owned();
    let directory = dir.path().to_string_lossy().into_owned();
    let binary = write(dir.path(), "bin.c", b"\x7fELF\x02\x01\x01\x00\x00");
    let syntax = write(dir.path(), "bad.c", SYNTAX_ERROR);
    let latin1 = write(dir.path(), "latin1.c", b"/* caf\xe9 */\nint x;\n");
    let cases = [
        (&missing, 8, "cannot read `"),
        (&directory, 8, "is a directory"),
        (&binary, 3, "is a binary file"),
        (&syntax, 3, "error[N001]"),
        (&latin1, 3, "is not UTF-8 text"),
    ];
    for sub in SUBCOMMANDS {
        for (file, code, message) in &cases {
            if *file == &directory && matches!(sub, "optimize" | "diff") {
                continue; // the `.c` files below it: see a_directory_needs_in_place
            }
            let o = nestor(&[sub, file]);
            assert_no_panic(&o);
            assert_eq!(o.status.code(), Some(*code), "{sub} {file}: {}", stderr(&o));
            assert!(stderr(&o).contains(message), "{sub} {file}: {}", stderr(&o));
            if sub != "explain" {
                assert!(o.stdout.is_empty(), "{sub} {file} printed {}", stdout(&o));
            }
        }
    }
}

#[test]
fn empty_and_loopless_files_in_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "empty.c", b"");
    let noloop = write(
        dir.path(),
        "noloop.c",
        b"int add(int a, int b) { return a + b; }\n",
    );
    let main_only = write(
        dir.path(),
        "hello.c",
        b"#include <stdio.h>\nint main(void) { puts(\"hello\"); return 3; }\n",
    );
    for file in [&empty, &noloop] {
        let o = nestor(&["diff", file]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(
            stdout(&o),
            format!("# nestor: {file}: no loop nests found\n")
        );
        let o = nestor(&["explain", file]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("no loop nests found"), "{}", stdout(&o));
        let o = nestor(&["verify", file]);
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("has no `main` function"),
            "{}",
            stderr(&o)
        );
    }
    let o = nestor(&["verify", &main_only]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("identical (6 bytes of standard output, 0 of standard error, exit 3"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn in_place_rewrites_the_file_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", KERNEL.as_bytes());
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    let expected = nestor(&["optimize", &f]);
    assert_eq!(expected.status.code(), Some(0));
    assert_ne!(stdout(&expected), KERNEL, "the kernel is rewritten");
    let o = nestor(&["optimize", "--in-place", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&f).unwrap(), stdout(&expected));
    let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
}

#[test]
fn in_place_does_not_touch_a_file_it_leaves_unchanged() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "noloop.c",
        b"int add(int a, int b) { return a + b; }\n",
    );
    let before = std::fs::metadata(&f).unwrap().ino();
    let o = nestor(&["optimize", "--in-place", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::metadata(&f).unwrap().ino(),
        before,
        "the file was replaced"
    );
}

#[test]
fn in_place_leaves_the_file_intact_when_it_fails() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, code) in [
        ("bad.c", SYNTAX_ERROR, 3),
        ("bin.c", &b"\x00\x01\x02binary"[..], 3),
        ("illegal.c", ILLEGAL_INTERCHANGE.as_bytes(), 4),
    ] {
        let f = write(dir.path(), name, bytes);
        let o = nestor(&["optimize", "--in-place", "--interchange", "i,j", &f]);
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(code), "{name}: {}", stderr(&o));
        assert_eq!(std::fs::read(&f).unwrap(), bytes, "{name} was changed");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        3,
        "no temporary file left"
    );
}

#[test]
fn standard_input_reads_like_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", KERNEL.as_bytes());
    let from_file = nestor(&["optimize", &f]);
    let from_stdin = nestor_in(dir.path(), &["optimize", "-"], &[], KERNEL.as_bytes());
    assert_eq!(from_stdin.status.code(), Some(0), "{}", stderr(&from_stdin));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let o = nestor_in(dir.path(), &["verify", "-"], &[], KERNEL.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("-: identical"), "{}", stdout(&o));
}

/// Runs `nestor diff ARGS NAME` in `dir`, applies the diff with `patch -p0` and checks
/// that the file then equals `nestor optimize ARGS NAME`'s output.
fn assert_diff_patches_to_optimize(dir: &Path, name: &str, args: &[&str]) {
    let run = |sub: &str| {
        let mut a = vec![sub];
        a.extend_from_slice(args);
        a.push(name);
        let o = nestor_in(dir, &a, &[], b"");
        assert_no_panic(&o);
        assert!(
            matches!(o.status.code(), Some(0 | 4)),
            "{sub} {a:?}: {}",
            stderr(&o)
        );
        o.stdout
    };
    let expected = run("optimize");
    let diff = run("diff");
    let original = std::fs::read(dir.join(name)).unwrap();
    if expected == original {
        assert!(
            !String::from_utf8_lossy(&diff).contains("\n--- "),
            "no hunks expected"
        );
        return;
    }
    let mut patch = Command::new("patch")
        .args(["-p0", "--quiet"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .output_with(&diff);
    assert!(
        patch.status.success(),
        "patch failed: {}\n{}",
        stderr(&patch),
        String::from_utf8_lossy(&diff)
    );
    patch.stdout.clear();
    let patched = std::fs::read(dir.join(name)).unwrap();
    assert!(
        patched == expected,
        "{name} {args:?}: patched file differs from optimize output\n--- diff ---\n{}",
        String::from_utf8_lossy(&diff)
    );
    std::fs::write(dir.join(name), original).unwrap();
}

trait OutputWith {
    fn output_with(&mut self, stdin: &[u8]) -> Output;
}

impl OutputWith for Command {
    fn output_with(&mut self, stdin: &[u8]) -> Output {
        let mut child = self
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("command runs");
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(stdin)
            .expect("write stdin");
        child.wait_with_output().expect("command finishes")
    }
}

#[test]
fn diff_applied_with_patch_reproduces_optimize() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "k.c", KERNEL.as_bytes());
    // No newline at the end, and the region on the last lines.
    write(
        dir.path(),
        "tail.c",
        b"void g(int n, double a[n], double b[n])\n{\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n  for (int i = 0; i < n; i++)\n    b[i] = a[i] + 1;\n}",
    );
    write(dir.path(), "illegal.c", ILLEGAL_INTERCHANGE.as_bytes());
    for name in ["k.c", "tail.c", "illegal.c"] {
        for args in [
            &[][..],
            &["--fuse"],
            &["--identity"],
            &["--interchange", "i,j"],
        ] {
            assert_diff_patches_to_optimize(dir.path(), name, args);
        }
    }
}

#[test]
fn diff_applies_with_git_apply() {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("git is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "k.c", KERNEL.as_bytes());
    let expected = nestor_in(dir.path(), &["optimize", "k.c"], &[], b"").stdout;
    for args in [&["diff", "--git", "k.c"][..], &["diff", "k.c"]] {
        std::fs::write(dir.path().join("k.c"), KERNEL).unwrap();
        let diff = nestor_in(dir.path(), args, &[], b"").stdout;
        let mut git = Command::new("git");
        git.args(["apply", "--unsafe-paths"])
            .current_dir(dir.path())
            .stdin(Stdio::piped());
        if args.len() == 2 {
            git.arg("-p0");
        }
        let o = git.output_with(&diff);
        assert!(o.status.success(), "git apply {args:?}: {}", stderr(&o));
        assert_eq!(
            std::fs::read(dir.path().join("k.c")).unwrap(),
            expected,
            "{args:?}"
        );
    }
}

/// The ways to apply a `nestor diff`: GNU patch and git apply on the plain diff, and
/// git apply (its default `-p1`) on the `--git` diff.
#[derive(Clone, Copy, Debug)]
enum Applier {
    Patch,
    GitApply,
    GitApplyGit,
}

/// Writes `bytes` to `name` in `dir`, runs `nestor diff` on it there (`--git` for
/// `GitApplyGit`), applies the diff with `tool`, and checks that the file is then byte
/// for byte what `nestor optimize` writes.
fn assert_diff_applies(dir: &Path, name: &OsStr, bytes: &[u8], tool: Applier) {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let run = |args: &[&OsStr]| {
        let o = Command::new(env!("CARGO_BIN_EXE_nestor"))
            .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .expect("nestor runs");
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        o.stdout
    };
    let expected = run(&["optimize".as_ref(), name]);
    assert_ne!(expected, bytes, "{name:?}: the kernel is rewritten");
    let diff = match tool {
        Applier::GitApplyGit => run(&["diff".as_ref(), "--git".as_ref(), name]),
        _ => run(&["diff".as_ref(), name]),
    };
    let mut cmd = match tool {
        Applier::Patch => {
            let mut c = Command::new("patch");
            c.args(["-p0", "--quiet", "--batch"]);
            c
        }
        Applier::GitApply => {
            let mut c = Command::new("git");
            c.args(["apply", "-p0"]);
            c
        }
        Applier::GitApplyGit => {
            let mut c = Command::new("git");
            c.arg("apply");
            c
        }
    };
    let o = cmd
        .current_dir(dir)
        .stdin(Stdio::piped())
        .output_with(&diff);
    assert!(
        o.status.success(),
        "{tool:?} on {name:?} failed: {}{}\n--- diff ---\n{}",
        stdout(&o),
        stderr(&o),
        String::from_utf8_lossy(&diff)
    );
    let patched = std::fs::read(&path).unwrap();
    assert!(
        patched == expected,
        "{tool:?} on {name:?}: the patched file differs from optimize's output\n--- diff ---\n{}\n--- patched ---\n{:?}\n--- expected ---\n{:?}",
        String::from_utf8_lossy(&diff),
        String::from_utf8_lossy(&patched),
        String::from_utf8_lossy(&expected)
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn diff_applies_to_file_names_that_need_quoting() {
    use std::os::unix::ffi::OsStrExt;
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("git is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let names: [&[u8]; 9] = [
        b"plain.c",
        b"a b.c",
        b"two  spaces .c",
        b"q\"uote.c",
        b"back\\slash.c",
        b"tab\there.c",
        b"new\nline.c",
        "caf\u{e9}.c".as_bytes(),
        b"latin1 \xe9.c",
    ];
    for name in names {
        for tool in [Applier::Patch, Applier::GitApply, Applier::GitApplyGit] {
            assert_diff_applies(dir.path(), OsStr::from_bytes(name), KERNEL.as_bytes(), tool);
        }
    }
}

#[test]
fn diff_of_a_crlf_file_keeps_the_carriage_returns() {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("git is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let crlf = KERNEL.replace('\n', "\r\n");
    // A lone `\r` inside a line (in a comment) is not a line end for patch or git.
    let lone_cr = KERNEL.replace("#define N 30", "#define N 30 /* a\rb */");
    let no_final_newline = crlf.trim_end_matches("\r\n").to_string();
    let mixed = KERNEL.replacen('\n', "\r\n", 5);
    for (what, text) in [
        ("crlf", &crlf),
        ("lone-cr", &lone_cr),
        ("crlf-no-final-newline", &no_final_newline),
        ("mixed", &mixed),
    ] {
        for tool in [Applier::Patch, Applier::GitApply, Applier::GitApplyGit] {
            assert_diff_applies(
                dir.path(),
                OsStr::new(&format!("{what}.c")),
                text.as_bytes(),
                tool,
            );
        }
    }
    // The `\r` is in the diff's lines, not only in the patched file.
    write(dir.path(), "k.c", crlf.as_bytes());
    let diff = stdout(&nestor_in(dir.path(), &["diff", "k.c"], &[], b""));
    assert!(diff.contains("\n int main(void)\r\n"), "{diff:?}");
}

#[test]
fn diff_heads_each_region_with_its_decision_or_reason() {
    let dir = tempfile::tempdir().unwrap();
    let src = "void f(int n, double a[n], int idx[n], double b[n])\n{\n  for (int i = 0; i < n; i++)\n    a[idx[i]] = 0;\n  b[0] = 1;\n  for (int i = 0; i < n; i++)\n    b[i] = 2 * b[i];\n}\n";
    write(dir.path(), "k.c", src.as_bytes());
    // `--identity`: the search would leave region 2 as written (N310).
    let o = nestor_in(dir.path(), &["diff", "--identity", "k.c"], &[], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0], "# nestor: k.c: 2 regions, 1 rewritten, 1 unchanged",
        "{out}"
    );
    assert!(
        lines[1].starts_with("# region 1 (f, lines 3-4): unchanged: N104 "),
        "{out}"
    );
    assert!(
        lines[2].starts_with("# region 2 (f, lines 6-7): rewritten, 1 -> 1 loops"),
        "{out}"
    );
    assert_eq!(&lines[3..5], ["--- k.c", "+++ k.c"], "{out}");
    assert!(
        lines[5].starts_with("@@ ") && lines[5].contains(" @@ region 2 (f): rewritten"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "piped output has no colour codes");
}

#[test]
fn colours_only_on_a_terminal_and_never_with_no_color() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "k.c", KERNEL.as_bytes());
    let forced = nestor_in(dir.path(), &["diff", "--color", "always", "k.c"], &[], b"");
    assert!(stdout(&forced).contains("\x1b["), "--color always colours");
    let never = nestor_in(dir.path(), &["diff", "--color", "never", "k.c"], &[], b"");
    assert!(!stdout(&never).contains('\x1b'));
    let clicolor_force = nestor_in(
        dir.path(),
        &["diff", "k.c"],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "")],
        b"",
    );
    assert!(
        stdout(&clicolor_force).contains("\x1b["),
        "CLICOLOR_FORCE colours a pipe"
    );
    // `script` gives nestor a terminal.
    let on_tty = |env: &[(&str, &str)]| {
        Command::new("script")
            .args([
                "-qec",
                &format!("{} diff k.c", env!("CARGO_BIN_EXE_nestor")),
                "/dev/null",
            ])
            .current_dir(dir.path())
            .envs(env.iter().copied())
            .env("TERM", "xterm")
            .stdin(Stdio::null())
            .output()
    };
    let Ok(tty) = on_tty(&[]) else {
        eprintln!("`script` is not installed; the terminal half is skipped");
        return;
    };
    assert!(
        stdout(&tty).contains("\x1b["),
        "a terminal gets colour: {}",
        stdout(&tty)
    );
    let no_color = on_tty(&[("NO_COLOR", "1")]).unwrap();
    assert!(
        stdout(&no_color).contains("# nestor: k.c"),
        "{}",
        stdout(&no_color)
    );
    assert!(!stdout(&no_color).contains('\x1b'), "NO_COLOR is honoured");
}

#[test]
fn refused_transformation_exits_4_in_optimize_and_diff() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", ILLEGAL_INTERCHANGE.as_bytes());
    let o = nestor(&["optimize", "--interchange", "i,j", &f]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        ILLEGAL_INTERCHANGE,
        "the refused region is left as written"
    );
    let o = nestor(&["diff", "--interchange", "i,j", &f]);
    assert_eq!(o.status.code(), Some(4));
    assert!(stdout(&o).contains("unchanged: N301 "), "{}", stdout(&o));
    assert!(!stdout(&o).contains("\n--- "), "{}", stdout(&o));
}

#[test]
fn quiet_hides_warnings_and_verbose_adds_decisions() {
    let dir = tempfile::tempdir().unwrap();
    let src = "void f(int n, double a[n], int idx[n]) {\n  for (int i = 0; i < n; i++)\n      a[idx[i]] = 0;\n}\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&["optimize", "--quiet", &f]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = nestor(&["optimize", "--verbose", &f]);
    assert!(stderr(&o).contains("warning[N104]"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("region 1 (f, lines 2-3): unchanged: N104"),
        "{}",
        stderr(&o)
    );
    let o = nestor(&["optimize", "--quiet", "--verbose", &f]);
    assert_eq!(o.status.code(), Some(2));
}

// Panics (bugs in nestor) are isolated: per region, or per file.

const F_NEST: &str = "void f(int n, double a[n][n], double b[n][n])\n{\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      a[i][j] = b[i][j] + 1.0;\n}\n";
const G_NEST: &str = "void g(int n, double c[n][n])\n{\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      c[i][j] = c[i][j] * 2.0;\n}\n";

/// The test hook of `nestor` (also used by tests/batch.rs): `PATH:FUNCTION` panics
/// while nestor handles the regions of FUNCTION in files whose path contains PATH;
/// `PATH` alone panics before the file's regions are found.
const PANIC_HOOK: &str = "NESTOR_TEST_PANIC_ON";

#[test]
fn a_panic_in_one_region_leaves_that_region_as_written_and_the_rest_optimized() {
    let dir = tempfile::tempdir().unwrap();
    let two = format!("{F_NEST}\n{G_NEST}");
    write(dir.path(), "two.c", two.as_bytes());
    write(dir.path(), "f.c", F_NEST.as_bytes());
    write(dir.path(), "g.c", G_NEST.as_bytes());
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let o = nestor_in(dir.path(), args, env, b"");
        assert_no_panic(&o);
        o
    };
    let optimized = |name: &str| run(&["optimize", name], &[]).stdout;
    let (f, g) = (stdout_of(optimized("f.c")), stdout_of(optimized("g.c")));
    assert_ne!(f, F_NEST, "f is rewritten");
    assert_ne!(g, G_NEST, "g is rewritten");
    assert_eq!(stdout_of(optimized("two.c")), format!("{f}\n{g}"));

    let hook = [(PANIC_HOOK, "two.c:g")];
    let o = run(&["optimize", "two.c"], &hook);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("{f}\n{G_NEST}"),
        "g's region is left byte-identical, f's is still optimized"
    );
    let e = stderr(&o);
    assert!(e.contains("error[N205]"), "{e}");
    assert!(e.contains("fault injected"), "{e}");
    assert!(
        e.contains("two.c:10:3"),
        "the diagnostic points at g's region: {e}"
    );
    // The diagnostic is an error: --quiet shows it too.
    let quiet = run(&["optimize", "--quiet", "two.c"], &hook);
    assert!(stderr(&quiet).contains("error[N205]"), "{}", stderr(&quiet));

    let o = run(&["diff", "two.c"], &hook);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let d = stdout(&o);
    assert!(
        d.contains("# region 1 (f, lines 3-5): rewritten")
            && d.contains("# region 2 (g, lines 10-12): unchanged: N205 "),
        "{d}"
    );
    let patched = Command::new("patch")
        .args(["-p0", "--quiet", "--batch"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .output_with(&o.stdout);
    assert!(patched.status.success(), "{}", stderr(&patched));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("two.c")).unwrap(),
        format!("{f}\n{G_NEST}")
    );
    write(dir.path(), "two.c", two.as_bytes());

    let o = run(&["explain", "two.c"], &hook);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("N205 10:3 "), "{}", stdout(&o));

    let o = run(&["optimize", "--in-place", "two.c"], &hook);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("two.c")).unwrap(),
        format!("{f}\n{G_NEST}")
    );
    write(dir.path(), "two.c", two.as_bytes());

    // A requested transformation that could apply only in the failed region was not
    // applied: exit 4, as for any refusal.
    let o = run(
        &["optimize", "--interchange", "i,j", "g.c"],
        &[(PANIC_HOOK, "g.c:g")],
    );
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert_eq!(stdout(&o), G_NEST);
}

#[test]
fn a_panic_outside_every_region_fails_the_file_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let two = format!("{F_NEST}\n{G_NEST}");
    let f = write(dir.path(), "two.c", two.as_bytes());
    let hook = [(PANIC_HOOK, "two.c")];
    for sub in SUBCOMMANDS {
        let o = nestor_in(dir.path(), &[sub, "two.c"], &hook, b"");
        assert_no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{sub}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("nestor failed on `two.c` (internal error")
                && stderr(&o).contains("fault injected"),
            "{sub}: {}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{sub} printed {}", stdout(&o));
    }
    let o = nestor_in(dir.path(), &["optimize", "--in-place", "two.c"], &hook, b"");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        two,
        "the file is untouched"
    );
}

fn stdout_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("UTF-8 output")
}

// verify

#[test]
fn verify_reports_identical_with_run_times() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", KERNEL.as_bytes());
    let o = nestor(&["verify", "--verbose", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("k.c: identical ("), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(
        e.contains("-O2 '-ffp-contract=off' -I") && e.contains("-lm"),
        "{e}"
    );
    assert!(e.contains("original: exit 0"), "{e}");
}

#[test]
fn verify_with_openmp_runs_the_optimized_program_with_1_2_and_4_threads() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", KERNEL.as_bytes());
    let o = nestor(&["verify", "--openmp", "--verbose", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("-fopenmp"), "{e}");
    for run in [
        "original (1 thread)",
        "optimized (2 threads)",
        "optimized (4 threads)",
    ] {
        assert!(e.contains(run), "{run}: {e}");
    }
}

#[test]
fn verify_detects_different_output() {
    let dir = tempfile::tempdir().unwrap();
    // Two runs print different process ids: the comparison must notice.
    let src = format!(
        "#include <unistd.h>\n{}",
        KERNEL.replace(
            "printf(\"%.6f\\n\", s);",
            "printf(\"%.6f\\n%d\\n\", s, (int)getpid());"
        )
    );
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&["verify", &f]);
    assert_eq!(o.status.code(), Some(5), "{}{}", stdout(&o), stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("differs: standard output differs at line 2:"),
        "{e}"
    );
    assert!(e.contains("original: ") && e.contains("optimized: "), "{e}");
}

#[test]
fn verify_detects_different_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    // A compiler wrapper that builds one of the two programs with VARIANT=1: the first
    // compile to take the lock gets 0. The programs then differ only in exit status.
    // (nestor also asks it which compiler it is, `-dM -E`: answered by cc.)
    let cc = dir.path().join("fake-cc");
    std::fs::write(
        &cc,
        format!(
            "#!/bin/sh\ncase \"$*\" in *-dM*) exec cc \"$@\";; esac\nif mkdir '{}/lock' 2>/dev/null; then v=0; else v=1; fi\nexec cc -DVARIANT=$v \"$@\"\n",
            dir.path().display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cc, std::fs::Permissions::from_mode(0o755)).unwrap();
    let f = write(
        dir.path(),
        "k.c",
        KERNEL.replace("return 0;", "return VARIANT;").as_bytes(),
    );
    let o = nestor(&["verify", "--cc", &cc.to_string_lossy(), &f]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("exit status: original exit "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verify_kills_programs_at_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let src = "volatile int spin = 1;\nint main(void) { while (spin) {} return 0; }\n";
    let f = write(dir.path(), "spin.c", src.as_bytes());
    let start = std::time::Instant::now();
    let o = nestor(&["verify", "--timeout", "0.5", &f]);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("did not finish within 0.500 s"),
        "{}",
        stderr(&o)
    );
    assert!(
        start.elapsed().as_secs() < 30,
        "the program was not killed in time"
    );
}

#[test]
fn verify_cannot_compare_when_the_original_does_not_build() {
    let dir = tempfile::tempdir().unwrap();
    let src = "int helper(int);\nint main(void) { return helper(1); }\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&["verify", &f]);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not compared: the original does not compile"),
        "{}",
        stderr(&o)
    );
    let o = nestor(&[
        "verify",
        "--cc",
        "/nonexistent/cc",
        &write(dir.path(), "m.c", KERNEL.as_bytes()),
    ]);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot run `/nonexistent/cc`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verify_passes_arguments_defines_and_includes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("inc")).unwrap();
    write(&dir.path().join("inc"), "extra.h", b"#define OFFSET 7\n");
    // Exit status = argc + OFFSET + SCALE: 3 + 7 + 2.
    let src = "#include \"extra.h\"\nint main(int argc, char **argv) { (void)argv; return argc + OFFSET + SCALE; }\n";
    let f = write(dir.path(), "k.c", src.as_bytes());
    let o = nestor(&[
        "verify",
        "-I",
        &dir.path().join("inc").to_string_lossy(),
        "-D",
        "SCALE=2",
        &f,
        "--",
        "a",
        "b",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("exit 12"), "{}", stdout(&o));
}

/// Comments inside a rewritten region stay with what they describe: one before a loop
/// goes before the generated loop that holds its statements, one before a statement
/// before that statement, one at the end of a statement's line at the end of its line.
#[test]
fn comments_stay_with_their_loops_and_statements() {
    let src = "void f(int n, double A[n][n], double B[n][n], double x[n]) {
  for (int i = 0; i < n; i++) {
    // scale the row
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] * 2; // in place
    /* then sum it */
    for (int j = 0; j < n; j++) {
      // accumulate
      x[i] = x[i] + A[i][j];
    }
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      B[i][j] = A[i][j];
}
";
    let dir = tempfile::tempdir().expect("temp dir");
    let o = nestor_in(
        dir.path(),
        // Without the run-time overlap test, so that the code as written (its
        // fallback, with the same comments) does not follow; untiled, so that the
        // row sums keep their rows (not eight copies of each statement).
        &[
            "optimize",
            "--no-parallel",
            "--assume-no-alias",
            "--no-tile",
            "-",
        ],
        &[],
        src.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let line = |needle: &str| {
        out.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no `{needle}` in\n{out}"))
    };
    // The loops are fused: the comments had to move with the statements.
    assert!(out.matches("for (").count() < 5, "{out}");
    assert!(out.contains("A[i][j] = A[i][j] * 2; // in place"), "{out}");
    assert!(
        line("// scale the row") < line("A[i][j] = A[i][j] * 2"),
        "{out}"
    );
    assert!(
        line("/* then sum it */") < line("x_r0 = x_r0 + A[i][j]"),
        "{out}"
    );
    assert!(
        line("// accumulate") + 1 == line("x_r0 = x_r0 + A[i][j]"),
        "{out}"
    );
    assert!(
        line("/* then sum it */") > line("// scale the row"),
        "{out}"
    );
}

// tune

/// Runs a C program built from `file` (with `-I` of the samples) and returns its output.
fn built_and_run(dir: &Path, file: &str) -> String {
    let exe = dir.join("prog");
    let cc = Command::new("cc")
        .args(["-O2", "-ffp-contract=off", "-I", "samples", file, "-o"])
        .arg(&exe)
        .arg("-lm")
        .output()
        .expect("cc runs");
    assert!(cc.status.success(), "{}", stderr(&cc));
    let run = Command::new(&exe).output().expect("program runs");
    assert!(run.status.success());
    stdout(&run)
}

#[test]
fn tune_keeps_the_fastest_candidate_with_identical_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rank2k.c");
    let json = dir.path().join("timings.json");
    let o = nestor(&[
        "tune",
        "--runs",
        "2",
        "--cflags",
        "-O2 -ffp-contract=off",
        "--json",
        json.to_str().unwrap(),
        "samples/rank2k.c",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table = stderr(&o);
    assert!(
        table.contains("rank2k.c: original program")
            && table.contains("region at line 15 (rank2k)"),
        "{table}"
    );
    let timings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let region = &timings["regions"][0];
    let candidates = region["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 4, "{timings:#}");
    let seconds = |k: usize| candidates[k]["measured"]["seconds"].as_f64().unwrap();
    for c in candidates {
        assert_eq!(c["measured"]["verdict"], "identical", "{c:#}");
    }
    let chosen = region["chosen"].as_u64().unwrap() as usize;
    assert!(seconds(chosen) <= seconds(0), "{timings:#}");
    assert_eq!(
        built_and_run(dir.path(), out.to_str().unwrap()),
        built_and_run(dir.path(), "samples/rank2k.c")
    );
}

#[test]
fn tune_warns_when_the_program_is_too_short_to_time() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "short.c",
        b"#include <stdio.h>\nstatic double a[64][64];\nint main(void) {\n  for (int j = 0; j < 64; j++)\n    for (int i = 0; i < 64; i++)\n      a[i][j] = i + j;\n  printf(\"%g\\n\", a[3][5]);\n  return 0;\n}\n",
    );
    let o = nestor(&["tune", "--runs", "1", "--noise", "5", &f, "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("timings this short are mostly noise"),
        "{}",
        stderr(&o)
    );
    let o = nestor(&["tune", "--noise", "80", &f]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn tune_needs_a_program_and_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "k.c",
        b"void f(int n, double a[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = i;\n}\n",
    );
    let o = nestor(&["tune", &f]);
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    assert!(stderr(&o).contains("no `main`"), "{}", stderr(&o));
    let o = nestor(&["tune", "--identity", "samples/rank2k.c"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let broken = write(dir.path(), "b.c", b"int main(void) { return missing(); }\n");
    let o = nestor(&["tune", &broken]);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the original does not compile"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn diff_check_exits_1_when_the_file_would_change() {
    let o = nestor(&["diff", "--check", "-q", "samples/matmul.c"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("+++ "), "the diff still prints");
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "plain.c",
        b"int add(int a, int b) { return a + b; }\n",
    );
    let o = nestor(&["diff", "--check", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn ignore_silences_codes_and_dash_is_standard_output() {
    let o = nestor(&["optimize", "samples/lu_rows.c", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("lu_rows(int n"),
        "the result on standard output: {}",
        stdout(&o)
    );
    assert!(!Path::new("-").exists(), "no file named `-`");
    assert!(stderr(&o).contains("N106"), "{}", stderr(&o));
    let o = nestor(&[
        "optimize",
        "--ignore",
        "N106,n310",
        "samples/lu_rows.c",
        "-o",
        "-",
    ]);
    assert!(!stderr(&o).contains("N106"), "{}", stderr(&o));
    let o = nestor(&["optimize", "--ignore", "N999", "samples/lu_rows.c"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn explain_json_reports_every_region() {
    let o = nestor(&["explain", "--json", "samples/matmul.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let region = &report["regions"][0];
    assert_eq!(region["status"], "rewritten", "{report:#}");
    assert!(
        region["dataflow"]["flow"]
            .as_str()
            .is_some_and(|f| f.contains("S"))
    );
    assert!(
        region["decisions"]
            .as_array()
            .is_some_and(|d| !d.is_empty())
    );
}

#[test]
fn compiler_flags_are_accepted_and_ignored() {
    let plain = nestor(&["optimize", "samples/matmul.c"]);
    let flagged = nestor(&[
        "optimize",
        "-O3",
        "-g",
        "-Wall",
        "-Wextra",
        "-std=c99",
        "-march=native",
        "-fopenmp",
        "-pedantic",
        "samples/matmul.c",
        "-O2",
    ]);
    assert_eq!(flagged.status.code(), Some(0), "{}", stderr(&flagged));
    assert_eq!(flagged.stdout, plain.stdout);
    // Not in verify (its own --cflags say what reaches the compiler).
    assert_eq!(
        nestor(&["verify", "-O2", "samples/matmul.c"]).status.code(),
        Some(2)
    );
}

#[test]
fn stdin_filename_names_standard_input_and_finds_its_headers() {
    let src = std::fs::read("samples/lu_rows.c").unwrap();
    let here = std::env::current_dir().unwrap();
    let o = nestor_in(
        &here,
        &["optimize", "-", "--stdin-filename", "samples/lu_rows.c"],
        &[],
        &src,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("samples/lu_rows.c:"), "{}", stderr(&o));
    let from_file = nestor(&["optimize", "samples/lu_rows.c"]);
    assert_eq!(
        o.stdout, from_file.stdout,
        "the same header context as the file"
    );
}

#[test]
fn pure_option_declares_calls_free_of_effects() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.c");
    std::fs::write(
        &file,
        "double g(double x, int k);\nvoid f(int n, double A[n][n], double B[n][n]) {\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      B[i][j] = g(A[i][j], i);\n}\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let without = nestor(&["diff", file]);
    assert!(stderr(&without).contains("N106"), "{}", stderr(&without));
    assert!(
        stderr(&without).contains("#pragma nestor pure(g)"),
        "the hint names the ways to declare it: {}",
        stderr(&without)
    );
    let with = nestor(&["diff", "--pure", "g,h", file]);
    assert_eq!(with.status.code(), Some(0), "{}", stderr(&with));
    assert!(
        stdout(&with).contains("loops (j, i) -> (i, j)"),
        "{}",
        stdout(&with)
    );
}

#[test]
fn a_loop_written_downward_runs_downward() {
    let o = nestor(&["optimize", "--identity", "samples/backsolve.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("for (int i = n - 1; i >= 0; i--) {"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn storage_nestor_adds_is_declared_outside_the_scop_pragmas() {
    // Without the run-time overlap test: the code as written, its fallback, still
    // declares and uses the scalar.
    let o = nestor(&["optimize", "--assume-no-alias", "samples/symm.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let (Some(malloc), Some(scop), Some(endscop), Some(free)) = (
        out.find("__builtin_malloc"),
        out.find("#pragma scop"),
        out.find("#pragma endscop"),
        out.find("__builtin_free"),
    ) else {
        panic!("expected an expanded scalar between scop pragmas:\n{out}");
    };
    assert!(malloc < scop && endscop < free, "{out}");
    // The scalar it replaces is no longer declared (gcc -Wall: unused variable).
    assert!(!out.contains("DATA_TYPE temp2;"), "{out}");
    // Bounds keep the macros they were written with.
    assert!(out.contains("i < _PB_M"), "{out}");
}

/// `--identity` keeps what a scop region declares inside its loops (regression: the
/// declaration was dropped, and the output did not compile).
#[test]
fn identity_declares_the_variables_of_a_scop_region_s_loops() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.c");
    std::fs::write(
        &file,
        "void f(int n, double A[n]) {\n#pragma scop\n  for (int i = 0; i < n; i++) {\n    double t = A[i];\n    A[i] = t * t;\n  }\n#pragma endscop\n}\n",
    )
    .unwrap();
    let o = nestor(&["optimize", "--identity", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let (Some(decl), Some(scop)) = (out.find("double t;"), out.find("#pragma scop")) else {
        panic!("no declaration of t:\n{out}");
    };
    assert!(decl < scop, "{out}");
}

/// A program that writes `dst` and reads `src` transposed, called in place, printing
/// its result to standard error only (as PolyBench dumps its arrays).
const IN_PLACE_TO_STDERR: &str = "#include <stdio.h>
#define N 40
static double A[N][N];
void kernel(int n, double dst[N][N], double src[N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = src[i][j] * 0.5 + src[j][i];
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 17;
  void (*volatile run)(int, double (*)[N], double (*)[N]) = kernel;
  run(N, A, A);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s * 0.5 + A[i][j];
  fprintf(stderr, \"%.17g\\n\", s);
  return 0;
}
";

/// Issue 25 part 3: verify compares standard error too. Under `--assume-no-alias` the
/// in-place call computes another result, which the program writes to standard error
/// only: verify must see it (it compared standard output alone, and passed).
#[test]
fn verify_compares_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "k.c", IN_PLACE_TO_STDERR.as_bytes());
    let o = nestor(&["verify", "--assume-no-alias", &f]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("standard error differs at line 1"),
        "{}",
        stderr(&o)
    );
    let o = nestor(&["verify", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("identical (0 bytes of standard output, 18 of standard error"),
        "{}",
        stdout(&o)
    );
}

/// A program that prints nothing is compared by its exit status only: verify says so.
#[test]
fn verify_warns_when_the_programs_print_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let silent = IN_PLACE_TO_STDERR.replace("fprintf(stderr, \"%.17g\\n\", s);", "(void)s;");
    let f = write(dir.path(), "k.c", silent.as_bytes());
    let o = nestor(&["verify", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("identical exit status only (exit 0)"),
        "{}",
        stdout(&o)
    );
    assert!(
        stderr(&o).contains("warning: ") && stderr(&o).contains("only their exit status"),
        "{}",
        stderr(&o)
    );
}

/// `--link FILE` builds programs from several files (PolyBench's
/// `utilities/polybench.c`): both programs get the other file.
#[test]
fn verify_links_other_files_of_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let helper = write(
        dir.path(),
        "helper.c",
        b"#include <stdio.h>\nvoid report(double s) { printf(\"%.17g\\n\", s); }\n",
    );
    let main = IN_PLACE_TO_STDERR
        .replace("fprintf(stderr, \"%.17g\\n\", s);", "report(s);")
        .replace("#include <stdio.h>\n", "void report(double s);\n");
    let f = write(dir.path(), "k.c", main.as_bytes());
    let o = nestor(&["verify", &f]);
    assert_eq!(
        o.status.code(),
        Some(7),
        "without the helper: {}",
        stderr(&o)
    );
    let o = nestor(&["verify", "--link", &helper, &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("identical (18 bytes of standard output"),
        "{}",
        stdout(&o)
    );
}

/// Issue 25 class 5: tile sizes of 2^31 and more were accepted (and 0); each must be
/// from 1 to 2^20, else a usage error.
#[test]
fn tile_sizes_out_of_range_are_usage_errors() {
    for size in ["2147483648", "0", "1048577", "64,4294967296"] {
        let o = nestor(&["optimize", "--tile-size", size, "samples/matmul.c"]);
        assert_eq!(o.status.code(), Some(2), "{size}: {}", stderr(&o));
        assert!(stderr(&o).contains("--tile-size"), "{}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    let o = nestor(&["optimize", "--tile-size", "1048576,32", "samples/matmul.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `#if defined(__GNUC__) && !defined(__clang__)` choosing between two headers of a
/// function, after a header nestor does not read: which compiler builds the file
/// (`--cc`, `$NESTOR_CC`, else `cc`, asked with `-dM -E`) decides it, as that compiler
/// would. With none, the group is undecided and the file does not parse.
#[test]
fn which_compiler_builds_the_file_decides_groups_that_test_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = "#include <vendor_blas.h>
#if defined(__GNUC__) && !defined(__clang__)
static void k(int n, double A[n][n]) {
#else
void k(int n, double A[n][n]) {
#endif
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = A[i][j] * 2;
}
";
    let file = write(dir.path(), "k.c", src.as_bytes());
    let fake = write(
        dir.path(),
        "fake-clang",
        b"#!/bin/sh\nprintf '#define __clang__ 1\\n#define __GNUC__ 4\\n#define __x86_64__ 1\\n'\n",
    );
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let gnu = nestor(&["explain", "--cc", "printf '#define __GNUC__ 12\\n'", &file]);
    let clang = nestor(&["explain", "--cc", &fake, &file]);
    let none = nestor(&["explain", "--cc", "none", &file]);
    for o in [&gnu, &clang, &none] {
        assert_no_panic(o);
    }
    assert_eq!(gnu.status.code(), Some(0), "{}", stderr(&gnu));
    assert!(stdout(&gnu).contains("rewritten"), "{}", stdout(&gnu));
    assert_eq!(clang.status.code(), Some(0), "{}", stderr(&clang));
    assert!(stdout(&clang).contains("rewritten"), "{}", stdout(&clang));
    assert_eq!(none.status.code(), Some(3), "{}", stderr(&none));
}

/// A variable a rewrite stops using stays declared while the function still names it
/// as a type (`__typeof__(x)`) or in a directive (`#pragma omp ... private(x)`): removed,
/// the file did not compile (found by an adversarial review).
#[test]
fn declarations_still_named_by_typeof_or_a_pragma_are_kept() {
    let filter = |name: &str, after: &str| {
        format!(
            "float {name}(int w, int h, float in[w][h], float out[w][h]) {{
  float ym1;
  for (int i = 0; i < w; i++) {{
    ym1 = 0.0f;
    for (int j = 0; j < h; j++) {{
      out[i][j] = 0.5f * in[i][j] + 0.25f * ym1;
      ym1 = out[i][j];
    }}
  }}
{after}
}}
"
        )
    };
    let src = filter("by_type", "  __typeof__(ym1) z = 3;\n  return z;")
        + &filter(
            "by_pragma",
            "  float s = 0;\n#pragma omp parallel for private(ym1) reduction(+:s)\n  for (int k = 0; k < w; k++)\n    s += out[k][0];\n  return s;",
        );
    let dir = tempfile::tempdir().expect("temp dir");
    // Without the run-time overlap test, whose fallback (the code as written) would
    // keep the variable in use.
    let o = nestor_in(
        dir.path(),
        &["optimize", "--assume-no-alias", "-"],
        &[],
        src.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("ym1_i"), "the filters are rewritten:\n{out}");
    assert_eq!(out.matches("  float ym1;").count(), 2, "{out}");
}
