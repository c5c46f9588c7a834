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
    make_with(dir, cc, "")
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
    // The decisions about one loop are one remark at that loop's header.
    let at = |place: &str, decision: &str| {
        remarks
            .lines()
            .any(|l| l.starts_with(place) && l.contains(decision))
    };
    assert!(
        at("kernel.c:7:3: remark: ", "loops (j, i) -> (i, j) around S1"),
        "{remarks}"
    );
    assert!(
        at(
            "kernel.c:12:3: remark: ",
            "loops (j, i) -> (i, j) around S2"
        ),
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

/// `nestor cc -c k.c` in `dir` with `$NESTOR_CC` `cc`, where `k.c` is a column walk
/// nestor interchanges followed by `extra` lines.
fn compile_column_walk(dir: &Path, extra: &str, cc: &std::ffi::OsStr) -> Output {
    let src = dir.join("k.c");
    let text = format!(
        "void k(int n, double A[restrict n][n]) {{\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      A[i][j] = 0;\n{extra}}}\n"
    );
    std::fs::write(&src, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CC", cc)
        .args(["cc", "-c"])
        .arg(&src)
        .arg("-o")
        .arg(dir.join("k.o"))
        .output()
        .expect("nestor runs")
}

/// A compiler that cannot be started is reported once, as such: the wrapper said "the
/// compiler failed on the rewritten files; compiling the originals" first, then
/// tried again.
#[test]
fn a_compiler_that_cannot_run_is_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let no_cc = dir.path().join("no-such-cc");
    let out = compile_column_walk(dir.path(), "", no_cc.as_os_str());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(stderr.matches("cannot run").count(), 1, "{stderr}");
    assert!(!stderr.contains("rewritten files"), "{stderr}");
}

/// A program whose `#ifdef TRACE` branch reads the temporary `tmp` after its loops.
const TRACED: &str = "#include <stdio.h>
static double A[64], B[64];
static void kernel(int n) {
  double tmp[64];
  for (int i = 0; i < n; i++)
    tmp[i] = A[i] * 2;
  for (int i = 0; i < n; i++)
    B[i] = tmp[i] + 1;
#ifdef TRACE
  printf(\"%g %g\\n\", tmp[0], tmp[n - 1]);
#endif
}
int main(void) {
  for (int i = 0; i < 64; i++)
    A[i] = i;
  kernel(64);
  printf(\"%g\\n\", B[63]);
  return 0;
}
";

/// The output of `TRACED` built by `compiler` (a command and its first arguments) with
/// `define`.
fn traced_output(dir: &Path, compiler: &[&str], define: &str) -> String {
    traced_output_with(dir, compiler, &[define])
}

#[test]
fn macros_defined_as_text_on_the_command_line_are_not_taken_as_undefined() {
    let dir = tempfile::tempdir().unwrap();
    let nestor = env!("CARGO_BIN_EXE_nestor");
    for define in ["-DTRACE=on", "-DTRACE", "-UTRACE"] {
        let plain = traced_output(dir.path(), &["cc"], define);
        let wrapped = traced_output(dir.path(), &[nestor, "cc"], define);
        assert_eq!(wrapped, plain, "{define}");
    }
}

/// `#ifdef __GNUC__` around an attribute is decided by the macros the compiler itself
/// predefines (`cc -dM -E`): the file parses and its kernel is rewritten.
#[test]
fn the_compiler_s_predefined_macros_decide_conditionals() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.c");
    std::fs::write(
        &file,
        "#ifdef __GNUC__\n__attribute__((noinline))\n#endif\nvoid kernel(int n, double A[n][n], double B[n][n]) {\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      B[i][j] = A[i][j] * 2;\n}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .args(["-v", "cc", "-O2", "-c", "k.c", "-o", "k.o"])
        .current_dir(dir.path())
        .env("NESTOR_CACHE", "48K,2M")
        .output()
        .expect("nestor runs");
    let remarks = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{remarks}");
    assert!(
        remarks.contains("k.c:5:3: remark: loops (j, i) -> (i, j)"),
        "{remarks}"
    );
}

/// Issue 25 class 4: with `-iquote DIR`, `#include "scale.h"` must find the header
/// beside the source (the compiler searches the file's own directory first), not
/// `DIR`'s: the rewritten copy lives elsewhere, so nestor puts that directory first.
#[test]
fn a_quoted_include_finds_the_header_beside_the_source_before_iquote_dirs() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(dir.path().join("scale.h"), "#define SCALE 2\n").unwrap();
    std::fs::write(other.join("scale.h"), "#define SCALE 7\n").unwrap();
    let src = "#include <stdio.h>\n#include \"scale.h\"\ndouble A[64][64], B[64][64];\nvoid kernel(int n) {\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      B[i][j] = A[i][j] * SCALE;\n}\nint main(void) {\n  for (int i = 0; i < 64; i++)\n    for (int j = 0; j < 64; j++)\n      A[i][j] = i + j;\n  kernel(64);\n  printf(\"%g\\n\", B[63][63]);\n  return 0;\n}\n";
    std::fs::write(dir.path().join("k.c"), src).unwrap();
    let build = |compiler: &[&str]| {
        let built = Command::new(compiler[0])
            .args(&compiler[1..])
            .args(["-O2", "-iquote", "other", "k.c", "-o", "k"])
            .current_dir(dir.path())
            .env("NESTOR_CACHE", "48K,2M")
            .output()
            .expect("the compiler runs");
        assert!(built.status.success(), "{built:?}");
        let out = Command::new(dir.path().join("k")).output().expect("runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plain = build(&["cc"]);
    assert_eq!(plain, "252\n");
    let nestor = env!("CARGO_BIN_EXE_nestor");
    assert_eq!(build(&[nestor, "cc"]), plain);
}

/// Issue 25 class 3: a macro the compiler gets through `-Wp,-D...` (or a response
/// file, `-Xpreprocessor`, `--include`) is one nestor does not read: the groups that
/// test it stay as written instead of being decided as if it were undefined.
#[test]
fn macros_passed_through_to_the_preprocessor_are_not_taken_as_undefined() {
    let dir = tempfile::tempdir().unwrap();
    let nestor = env!("CARGO_BIN_EXE_nestor");
    std::fs::write(dir.path().join("trace.rsp"), "-DTRACE\n").unwrap();
    let rsp = format!("@{}", dir.path().join("trace.rsp").display());
    for define in ["-Wp,-DTRACE", "-Xpreprocessor", rsp.as_str()] {
        let extra: Vec<&str> = if define == "-Xpreprocessor" {
            vec![define, "-DTRACE"]
        } else {
            vec![define]
        };
        let plain = traced_output_with(dir.path(), &["cc"], &extra);
        let wrapped = traced_output_with(dir.path(), &[nestor, "cc"], &extra);
        assert_eq!(wrapped, plain, "{define}");
        assert!(plain.lines().count() > 1, "TRACE is defined: {plain}");
    }
}

/// The output of `TRACED` built by `compiler` with the arguments `extra`.
fn traced_output_with(dir: &Path, compiler: &[&str], extra: &[&str]) -> String {
    program_output(dir, ("traced", TRACED), compiler, extra).0
}

/// The output of program `name`, `text`, built in `dir` by `compiler` with the
/// arguments `extra`, and what the build wrote to standard error.
fn program_output(
    dir: &Path,
    (name, text): (&str, &str),
    compiler: &[&str],
    extra: &[&str],
) -> (String, String) {
    let src = dir.join(format!("{name}.c"));
    std::fs::write(&src, text).unwrap();
    let exe = dir.join(name);
    let built = Command::new(compiler[0])
        .args(&compiler[1..])
        .arg("-O2")
        .args(extra)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .env("NESTOR_CACHE", "48K,2M")
        .output()
        .expect("the compiler runs");
    assert!(built.status.success(), "{built:?}");
    let out = Command::new(&exe).output().expect("the program runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&built.stderr).into_owned(),
    )
}

/// A product whose element type is a default the command line may override.
const REAL_PRODUCT: &str = "#include <stdio.h>
#ifndef REAL
#define REAL double
#endif
#define N 300
static void k(int n, REAL C[N][N], REAL A[N][N], REAL B[N][N]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}
static REAL A[N][N], B[N][N], C[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (REAL)((i * 7 + j) % 13) / 13;
      B[i][j] = (REAL)((i + 3 * j) % 11) / 11;
    }
  k(N, C, A, B);
  for (int i = 0; i < N; i += 37)
    printf(\"%a %a %zu\\n\", (double)C[i][i], (double)C[i][N - 1 - i], sizeof(REAL));
  return 0;
}
";

/// `-DREAL=float` overrides the file's default `#define REAL double`: nestor once
/// read the default, ran the product as a kernel of doubles over the compiler's float
/// arrays, and the program printed other values. Now the element type is the
/// command line's (a kernel of floats: 16 columns).
#[test]
fn a_type_defined_as_text_on_the_command_line_overrides_the_file_s_default() {
    let dir = tempfile::tempdir().unwrap();
    let nestor = env!("CARGO_BIN_EXE_nestor");
    for (define, cells) in [("-DREAL=float", "5 x 16 cells"), ("-UREAL", "5 x 8 cells")] {
        let program = ("real", REAL_PRODUCT);
        let (plain, _) = program_output(dir.path(), program, &["cc"], &[define]);
        let (wrapped, remarks) =
            program_output(dir.path(), program, &[nestor, "-v", "cc"], &[define]);
        assert_eq!(wrapped, plain, "{define}");
        assert!(remarks.contains(cells), "{define}: {remarks}");
    }
}

/// `make` with `EXTRA` added to the compile flags, run in `dir` with `CC=cc`.
fn make_with(dir: &Path, cc: &str, extra: &str) -> Output {
    let out = Command::new("make")
        .arg(format!("CC={cc}"))
        .arg(format!("CFLAGS=-O2 -ffp-contract=off -Iinclude {extra}"))
        .current_dir(dir)
        .env("NESTOR_CACHE", "48K,2M")
        .output()
        .expect("make runs");
    assert!(
        out.status.success(),
        "make CC={cc} CFLAGS+={extra} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn dependency_files_name_the_user_s_files() {
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let cc = format!("{nestor} cc");
    for (extra, dep) in [("-MD", "kernel.d"), ("-MMD -MF $@.dep", "kernel.o.dep")] {
        let dir = tempfile::tempdir().unwrap();
        copy_project(dir.path());
        make_with(dir.path(), &cc, extra);
        let deps = std::fs::read_to_string(dir.path().join(dep)).expect("a dependency file");
        assert!(
            deps.starts_with("kernel.o: kernel.c") && !deps.contains("nestor-cc"),
            "{extra}: {deps}"
        );
        // Headers found through the copy's `-iquote` are named as the original's are.
        assert!(
            deps.contains("include/sizes.h") && deps.contains(" kernel.h"),
            "{extra}: {deps}"
        );
        // Make reads the dependencies back: the next build finds every prerequisite.
        std::fs::write(
            dir.path().join("Makefile"),
            std::fs::read_to_string(dir.path().join("Makefile")).unwrap()
                + &format!("-include {dep}\n"),
        )
        .unwrap();
        std::fs::remove_file(dir.path().join("prog")).unwrap();
        make_with(dir.path(), &cc, extra);
    }
}

#[test]
fn diagnostics_after_a_rewritten_region_keep_their_line_numbers() {
    let dir = tempfile::tempdir().unwrap();
    // The nest is rewritten into more lines than it has; the warning comes after it.
    let src = "void f(int n, double a[restrict n][n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      a[i][j] = a[i][j] * 2;
}
int g(void) {
  int unused;
  return __LINE__;
}
";
    std::fs::write(dir.path().join("k.c"), src).unwrap();
    let compile = |cc: &[&str]| {
        let out = Command::new(cc[0])
            .args(&cc[1..])
            .args(["-Wall", "-c", "k.c", "-o", "k.o"])
            .current_dir(dir.path())
            .env("NESTOR_CC", "gcc")
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        stderr
            .lines()
            .filter(|l| l.contains("warning:"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let plain = compile(&["gcc"]);
    assert!(plain.iter().any(|w| w.starts_with("k.c:7:")), "{plain:?}");
    assert_eq!(
        compile(&[nestor, "-v", "cc"])
            .into_iter()
            .filter(|w| !w.contains("remark"))
            .collect::<Vec<_>>(),
        plain
    );
}

#[test]
fn nestor_flags_pass_optimize_s_options_through_the_wrapper() {
    let dir = tempfile::tempdir().unwrap();
    copy_project(dir.path());
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let compile = |flags: &str| {
        let out = Command::new(nestor)
            .args([
                "-v",
                "cc",
                "-O2",
                "-Iinclude",
                "-c",
                "kernel.c",
                "-o",
                "kernel.o",
            ])
            .current_dir(dir.path())
            .env("NESTOR_CC", "cc")
            .env("NESTOR_FLAGS", flags)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let interchange = "remark: loops (j, i) -> (i, j)";
    assert!(compile("").contains(interchange));
    assert!(!compile("--no-interchange").contains(interchange));
    // Options that do not parse: said once, and the files compile as they are.
    let bogus = compile("--no-such-option");
    assert!(
        bogus.contains("NESTOR_FLAGS:") && bogus.contains("--no-such-option"),
        "{bogus}"
    );
    assert!(!bogus.contains(interchange), "{bogus}");
}

/// Build systems ask the compiler who it is: `--version` is the compiler's, and
/// nestor's own is `--nestor-version`.
#[test]
fn version_is_the_compiler_s() {
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let wrapped = Command::new(nestor)
        .args(["cc", "--version"])
        .env("NESTOR_CC", "cc")
        .output()
        .expect("runs");
    let plain = Command::new("cc")
        .arg("--version")
        .output()
        .expect("cc runs");
    assert_eq!(wrapped.stdout, plain.stdout);
    let own = Command::new(nestor)
        .args(["cc", "--nestor-version"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&own.stdout);
    assert!(text.starts_with("nestor "), "{text}");
}

/// A user's mistake in a file nestor rewrites: the compiler's message, and nothing from
/// nestor about its rewrite (the originals fail as well, so the rewrite is not at fault).
#[test]
fn a_user_s_error_in_a_rewritten_file_is_the_compiler_s_message_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = compile_column_walk(dir.path(), "  undeclared = 1;\n", "cc".as_ref());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr.contains("k.c:5:3: error"), "{stderr}");
    assert!(!stderr.contains("nestor"), "{stderr}");
}

/// A rebuild takes the rewrite from the cache (`$NESTOR_CACHE_DIR`): an entry whose
/// output is replaced shows in what the compiler gets; a changed source misses it.
#[test]
fn a_rebuild_takes_the_rewrite_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    // A compiler that keeps the source it is given.
    let fake = dir.path().join("fakecc");
    std::fs::write(
        &fake,
        "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in *.c) cat \"$a\" > \"$(dirname \"$0\")/got.c\";; esac; done\n",
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let build = |extra: &str| {
        let _ = std::fs::remove_file(dir.path().join("got.c"));
        let src = dir.path().join("k.c");
        let text = format!(
            "void k(int n, double A[restrict n][n]) {{\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      A[i][j] = 0;\n{extra}}}\n"
        );
        std::fs::write(&src, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
            .env("NESTOR_CC", &fake)
            .env("NESTOR_CACHE_DIR", &cache)
            .args(["cc", "-c"])
            .arg(&src)
            .output()
            .expect("nestor runs");
        assert!(out.status.success(), "{out:?}");
        std::fs::read_to_string(dir.path().join("got.c")).unwrap()
    };
    let first = build("");
    assert!(first.contains("for (int i = 0;"), "rewritten: {first}");
    let entries: Vec<_> = walk(&cache);
    assert_eq!(entries.len(), 1, "{entries:?}");
    let text = std::fs::read_to_string(&entries[0]).unwrap();
    let mut entry: serde_json::Value = serde_json::from_str(&text).unwrap();
    let output = entry["output"]
        .as_str()
        .unwrap()
        .replace("A[i][j] = 0", "A[i][j] = 42");
    entry["output"] = output.into();
    std::fs::write(&entries[0], entry.to_string()).unwrap();
    assert!(build("").contains("A[i][j] = 42"), "the entry was used");
    assert!(
        !build("  A[0][0] = 1;\n").contains("= 42"),
        "another source misses"
    );
    assert_eq!(walk(&cache).len(), 2);
    // NESTOR_CACHE_DIR=none: no cache.
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CC", &fake)
        .env("NESTOR_CACHE_DIR", "none")
        .args(["cc", "-c"])
        .arg(dir.path().join("k.c"))
        .output()
        .expect("nestor runs");
    assert!(out.status.success());
    assert_eq!(walk(&cache).len(), 2);
}

/// The same default after an `#include` nestor does not read (a header in an
/// `-isystem` directory), which defines `REAL` as `float` first: nestor once took the
/// file's `double`. The default's meaning is unknown: no kernel, the same output.
#[test]
fn a_default_after_a_header_nestor_does_not_read_is_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let system = dir.path().join("system");
    std::fs::create_dir(&system).unwrap();
    std::fs::write(system.join("config.h"), "#define REAL float\n").unwrap();
    let src = REAL_PRODUCT.replacen(
        "#include <stdio.h>\n",
        "#include <stdio.h>\n#include <config.h>\n",
        1,
    );
    let program = ("unread", src.as_str());
    let flags = ["-isystem", system.to_str().unwrap()];
    let (plain, _) = program_output(dir.path(), program, &["cc"], &flags);
    let nestor = env!("CARGO_BIN_EXE_nestor");
    let (wrapped, remarks) = program_output(dir.path(), program, &[nestor, "-v", "cc"], &flags);
    assert_eq!(wrapped, plain);
    assert!(!remarks.contains("packed product kernel"), "{remarks}");
    // Found in an -I directory, the header is read: `REAL` is the header's `float`.
    let (wrapped, _) = program_output(
        dir.path(),
        program,
        &[nestor, "-v", "cc"],
        &["-I", system.to_str().unwrap()],
    );
    assert_eq!(wrapped, plain);
}
