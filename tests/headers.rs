//! Local headers (`#include "x.h"`): what they declare decides how nestor reads the
//! file, so the CLI reads them (next to the file, then in `-I` directories).

mod common;

use std::process::Command;

fn nestor(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .current_dir(dir)
        .args(args)
        .output()
        .expect("nestor runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const KERNEL: &str = "#include \"kernel.h\"\nvoid k(len_t n, double A[100]) {\n  for (int i = -3; i < n; i++)\n    A[i + 3] = 1;\n}\n";

/// A typedef of `unsigned` in the header makes `i < n` an unsigned comparison: the
/// nest must be left as written, with the reason.
#[test]
fn a_typedef_in_a_local_header_is_seen() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("kernel.h"), "typedef unsigned len_t;\n").expect("write");
    std::fs::write(dir.path().join("k.c"), KERNEL).expect("write");
    let (code, out, err) = nestor(dir.path(), &["optimize", "k.c"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, KERNEL);
    assert!(
        err.contains("unsigned arithmetic in this nest wraps around"),
        "{err}"
    );
}

/// The same header found through `-I`; with a signed type the nest is rewritten.
/// Included with `<...>` (PolyBench's `<polybench.h>`), the header in the `-I`
/// directory is the one a compiler reads: nestor reads it too.
#[test]
fn headers_are_found_in_include_directories() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("inc")).expect("mkdir");
    std::fs::write(dir.path().join("inc/kernel.h"), "typedef long len_t;\n").expect("write");
    for src in [
        KERNEL.to_string(),
        KERNEL.replace("\"kernel.h\"", "<kernel.h>"),
    ] {
        std::fs::write(dir.path().join("k.c"), &src).expect("write");
        let (code, _, err) = nestor(dir.path(), &["explain", "-I", "inc", "k.c"]);
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains("N102"), "{src}\n{err}");
        let (_, _, err) = nestor(dir.path(), &["explain", "k.c"]);
        assert!(err.contains("cannot see what type"), "{src}\n{err}");
    }
}

/// A size the header defines differently per configuration (as PolyBench's dataset
/// sizes are) is an `int` of unknown value: a parameter.
#[test]
fn a_macro_defined_per_configuration_is_an_int_parameter() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("kernel.h"),
        "#ifdef SMALL\n# define N 10\n#else\n# define N 1000\n#endif\n",
    )
    .expect("write");
    let src = "#include \"kernel.h\"\nvoid k(double A[1000]) {\n  for (int i = 0; i < N; i++)\n    A[i] = 1;\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    let (code, out, err) = nestor(dir.path(), &["explain", "k.c"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[N] -> { S0[i] : 0 <= i < N }"), "{out}");
}

/// PolyBench's `_PB_N` is a macro of the header whose body nestor cannot read; by the
/// suite's convention it is an `int` parameter, in bounds and in statements alike.
#[test]
fn polybench_bounds_defined_in_a_header_are_int_parameters() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("kernel.h"),
        "# define _PB_N POLYBENCH_LOOP_BOUND(N,n)\n",
    )
    .expect("write");
    let src = "#include \"kernel.h\"\nvoid k(int n, double A[100], double s) {\n  for (int i = 0; i < _PB_N; i++)\n    A[i] = s / _PB_N;\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    let (code, out, err) = nestor(dir.path(), &["explain", "k.c"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("S0[i] : 0 <= i < _PB_N"), "{out}\n{err}");
}

/// A struct defined in a local header is modelled: its members are arrays of their
/// own. Without the header nestor cannot see the definition and leaves the nest.
#[test]
fn a_struct_defined_in_a_local_header_is_modelled() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("particles.h"),
        "typedef struct particles { double x[64]; double v[64]; } particles_t;\n",
    )
    .expect("write");
    let src = "#include \"particles.h\"\nvoid k(particles_t *p, double dt) {\n  for (int i = 0; i < 64; i++)\n    p->x[i] += p->v[i] * dt;\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    let (code, out, err) = nestor(dir.path(), &["explain", "k.c"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("-> __np_p__x[i] : 0 <= i <= 63"),
        "{out}\n{err}"
    );
    std::fs::remove_file(dir.path().join("particles.h")).expect("remove");
    let (_, out, err) = nestor(dir.path(), &["explain", "k.c"]);
    assert!(out.contains("N105"), "{out}\n{err}");
}

/// A header choosing the element type by a macro of the command line (`#ifdef FLOAT`):
/// its conditional is decided as the compiler decides it, so the product's type is
/// known and it runs as a packed kernel of that type (8 columns of doubles, 16 of
/// floats). Both typedefs once stayed, and the type was unknown: no kernel.
#[test]
fn a_header_s_conditional_on_the_command_line_is_decided() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("real.h"),
        "#ifdef FLOAT\ntypedef float real;\n#else\ntypedef double real;\n#endif\n",
    )
    .expect("write");
    let src = "#include \"real.h\"\nvoid k(int n, real A[n][n], real B[n][n], real C[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n; k++)\n      for (int j = 0; j < n; j++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    for (args, cells) in [
        (&["explain", "k.c"][..], "5 x 8 cells"),
        (&["explain", "-DFLOAT", "k.c"][..], "5 x 16 cells"),
    ] {
        let (code, out, err) = nestor(dir.path(), args);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(&format!("packed product kernel: {cells}")),
            "{args:?}\n{out}\n{err}"
        );
    }
}

/// A header in the style of PolyBench's: a default chosen where the command line
/// chose nothing (`#if !defined(..._FLOAT) && !defined(..._DOUBLE)` / `#define
/// ..._DOUBLE`), then the element type per choice. With `-D DATA_TYPE_IS_FLOAT=1`
/// nestor once read `DATA_TYPE` as `double` (a fallback for the name where no header
/// says) and emitted a kernel of doubles over the compiler's float arrays: the output
/// differed. The rewritten file must behave as the original, both built with the flag,
/// and run a kernel of floats.
#[test]
fn a_default_type_overridden_on_the_command_line_is_the_compiler_s() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("kernel.h"),
        "#ifndef KERNEL_H\n#define KERNEL_H\n\
         # if !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)\n\
         #  define DATA_TYPE_IS_DOUBLE\n# endif\n\
         #ifdef DATA_TYPE_IS_FLOAT\n#  define DATA_TYPE float\n# endif\n\
         #ifdef DATA_TYPE_IS_DOUBLE\n#  define DATA_TYPE double\n# endif\n#endif\n",
    )
    .expect("write");
    let src = "#include <stdio.h>\n#include \"kernel.h\"\n#define N 300\n\
        static void k(int n, DATA_TYPE C[N][N], DATA_TYPE A[N][N], DATA_TYPE B[N][N]) {\n\
        \x20 for (int i = 0; i < n; i++)\n\
        \x20   for (int k = 0; k < n; k++)\n\
        \x20     for (int j = 0; j < n; j++)\n\
        \x20       C[i][j] += A[i][k] * B[k][j];\n}\n\
        static DATA_TYPE A[N][N], B[N][N], C[N][N];\n\
        int main(void) {\n\
        \x20 for (int i = 0; i < N; i++)\n\
        \x20   for (int j = 0; j < N; j++) {\n\
        \x20     A[i][j] = (DATA_TYPE)((i * 7 + j) % 13) / 13;\n\
        \x20     B[i][j] = (DATA_TYPE)((i + 3 * j) % 11) / 11;\n\
        \x20   }\n\
        \x20 k(N, C, A, B);\n\
        \x20 for (int i = 0; i < N; i += 37)\n\
        \x20   printf(\"%a %a %zu\\n\", (double)C[i][i], (double)C[i][N - 1 - i], sizeof(DATA_TYPE));\n\
        \x20 return 0;\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    let flag = "-DDATA_TYPE_IS_FLOAT=1";
    let (code, out, err) = nestor(dir.path(), &["optimize", flag, "k.c"]);
    assert_eq!(code, 0, "{err}");
    // Included once, the header starts from what the file knows there: the default
    // is not compiled, `DATA_TYPE` is `float`, and the product a kernel of floats.
    let (_, explained, _) = nestor(dir.path(), &["explain", flag, "k.c"]);
    assert!(explained.contains("kernel: 5 x 16 cells"), "{explained}");
    let rewritten = dir.path().join("rewritten.c");
    std::fs::write(&rewritten, &out).expect("write");
    let built = |file: &std::path::Path, name: &str| {
        common::compile_with(file, dir.path(), name, Some(dir.path()), &[flag])
    };
    let original = built(&dir.path().join("k.c"), "original").expect("the original builds");
    let rewritten = built(&rewritten, "rewritten").unwrap_or_else(|e| panic!("{e}\n{out}"));
    let printed = |exe: &std::path::Path| {
        let (code, out) = common::run(exe).expect("runs");
        (code, String::from_utf8_lossy(&out).into_owned())
    };
    let expected = printed(&original);
    assert!(
        expected.1.contains(" 4\n"),
        "float elements: {}",
        expected.1
    );
    assert_eq!(printed(&rewritten), expected, "{out}");
}

/// `nestor explain -D REAL=float` takes the macro as the compiler does: the file's
/// default `#define REAL double` is not compiled and the product is a kernel of
/// floats.
#[test]
fn a_macro_defined_as_text_with_d_is_the_compiler_s() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = "#ifndef REAL\n#define REAL double\n#endif\nvoid k(int n, REAL A[n][n], REAL B[n][n], REAL C[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n; k++)\n      for (int j = 0; j < n; j++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n";
    std::fs::write(dir.path().join("k.c"), src).expect("write");
    for (args, cells) in [
        (&["explain", "k.c"][..], "5 x 8 cells"),
        (&["explain", "-D", "REAL=float", "k.c"][..], "5 x 16 cells"),
    ] {
        let (code, out, err) = nestor(dir.path(), args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(cells), "{args:?}\n{out}");
    }
}
