//! `nestor.toml`: found upward from each input, applied under the command line, its
//! mistakes located, its excluded paths left alone in directories and builds.

use std::path::Path;
use std::process::{Command, Output};

fn nestor_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M")
        .env_remove("NESTOR_FLAGS")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("nestor runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A column walk nestor interchanges and marks parallel, with a call it warns about.
const KERNEL: &str = "void k(int n, double A[restrict n][n], double *x) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = 2 * A[i][j];
  for (int i = 0; i < n; i++)
    x[i] = g(x[i]);
}
";

/// `root/nestor.toml` with `config`, and `root/src/k.c`, `root/vendor/v.c`.
fn project(config: &str) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("nestor.toml"), config).unwrap();
    for dir in ["src", "vendor"] {
        std::fs::create_dir(root.path().join(dir)).unwrap();
    }
    std::fs::write(root.path().join("src/k.c"), KERNEL).unwrap();
    std::fs::write(root.path().join("vendor/v.c"), KERNEL).unwrap();
    root
}

#[test]
fn the_nearest_file_above_the_input_holds_and_the_command_line_can_leave_it() {
    let root = project("parallel = false\nignore = [\"N106\"]\n[search]\ninterchange = false\n");
    let o = nestor_in(root.path(), &["optimize", "src/k.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(!out.contains("omp parallel"), "parallel = false:\n{out}");
    assert!(
        out.contains("for (int j = 0; j < n; j++)"),
        "no interchange:\n{out}"
    );
    assert!(!text(&o.stderr).contains("N106"), "{}", text(&o.stderr));
    // From a subdirectory and with an absolute path: the same file is found.
    let o = nestor_in(&root.path().join("src"), &["optimize", "k.c"]);
    assert!(!text(&o.stdout).contains("omp parallel"));
    let o = nestor_in(root.path(), &["optimize", "--no-config", "src/k.c"]);
    let out = text(&o.stdout);
    assert!(out.contains("omp parallel"), "--no-config:\n{out}");
    assert!(text(&o.stderr).contains("N106"));
    std::fs::write(root.path().join("other.toml"), "tile = false\n").unwrap();
    let o = nestor_in(
        root.path(),
        &["optimize", "--config", "other.toml", "src/k.c"],
    );
    assert!(
        text(&o.stdout).contains("omp parallel"),
        "--config replaces it"
    );
}

#[test]
fn a_mistake_in_the_file_is_a_located_usage_error() {
    let root = project("tile = false\nparalel = false\n");
    let o = nestor_in(root.path(), &["optimize", "src/k.c"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("nestor.toml:2:1: unknown field `paralel`"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
    let root = project("cache = \"huge\"\n");
    let o = nestor_in(root.path(), &["explain", "--json", "src/k.c"]);
    assert_eq!(o.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("an object");
    assert_eq!(report["error"]["kind"], "config-error", "{report:#}");
    let o = nestor_in(root.path(), &["explain", "src/k.c"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("nestor.toml:1:9:"),
        "{}",
        text(&o.stderr)
    );
    let root = project("define = { N = 1.5 }\n");
    let o = nestor_in(root.path(), &["explain", "src/k.c"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("a `define` value is an integer or a string"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn excluded_files_are_left_alone_in_directories_but_not_when_named() {
    let root = project("exclude = [\"vendor/**\"]\n");
    let o = nestor_in(root.path(), &["diff", "-q", "."]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("src/k.c") && !out.contains("vendor/v.c"),
        "{out}"
    );
    let o = nestor_in(root.path(), &["diff", "-q", "vendor/v.c"]);
    assert!(
        text(&o.stdout).contains("+++ vendor/v.c"),
        "named files are taken"
    );
    // However the file and the inputs are spelled.
    let sub = root.path().join("src");
    for (dir, config, input) in [
        (root.path(), "nestor.toml", "."),
        (sub.as_path(), "../nestor.toml", ".."),
        (sub.as_path(), "../nestor.toml", "../src/../vendor"),
    ] {
        let o = nestor_in(dir, &["diff", "-q", "--config", config, input]);
        let out = text(&o.stdout);
        assert!(!out.contains("v.c"), "{config} {input}: {out}");
    }
    let o = nestor_in(root.path(), &["batch", "-q", ".", "--out", "mirror"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let copied = std::fs::read_to_string(root.path().join("mirror/vendor/v.c")).unwrap();
    assert_eq!(copied, KERNEL, "copied as it is");
    let rewritten = std::fs::read_to_string(root.path().join("mirror/src/k.c")).unwrap();
    assert_ne!(rewritten, KERNEL);
}

#[test]
fn nestor_cc_reads_the_file_of_each_source() {
    let root = project("exclude = [\"vendor/*.c\"]\n[search]\nfuse = false\n");
    let compile = |file: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_nestor"))
            .args(["-v", "cc", "-O2", "-c", file, "-o", "/dev/null"])
            .current_dir(root.path())
            .env("NESTOR_CC", "cc")
            .env_remove("NESTOR_FLAGS")
            .output()
            .expect("runs");
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stderr)
    };
    assert!(
        compile("src/k.c").contains("remark"),
        "src/k.c is rewritten"
    );
    assert!(
        !compile("vendor/v.c").contains("remark"),
        "vendor/v.c is excluded"
    );
}
