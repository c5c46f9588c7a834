//! Arrays that may be the same memory (issue 25): a region that writes memory a
//! parameter reaches and accesses another array that may overlap it runs its rewritten
//! order only under a run-time test that the address ranges it touches are disjoint,
//! and the user's code otherwise. Each program calls its kernel with the same array
//! twice (or overlapping rows) and with distinct arrays, and must print exactly what
//! the original prints.

mod common;

use nestor::driver::pipeline;
use nestor::transform::decision::Decision;

/// A program whose `main` fills `A` and `B` (`N` x `N`), runs `calls` (C statements
/// calling `kernel` through a volatile pointer, so the compiler cannot see which
/// arrays it gets) and prints a hash of every bit of both.
fn program(kernel: &str, kernel_type: &str, calls: &str) -> String {
    format!(
        r#"#include <stdio.h>
#define N 64
static double A[N][N], B[N][N];
{kernel}
int main(void) {{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {{
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 17;
      B[i][j] = (double)((i * 5 + j * 11) % 13) / 13;
    }}
  {kernel_type} = kernel;
  {calls}
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {{
      union {{ double d; unsigned long long u; }} a = {{A[i][j]}}, b = {{B[i][j]}};
      h = ((h ^ a.u) * 1099511628211ULL ^ b.u) * 1099511628211ULL;
    }}
  printf("%llu\n", h);
  return 0;
}}
"#
    )
}

const TRANSPOSED_UPDATE: &str = "void kernel(int n, double dst[N][N], double src[N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = src[i][j] * 0.5 + src[j][i];
}";

const RUN: &str = "void (*volatile run)(int, double (*)[N], double (*)[N])";

fn versioned(report: &pipeline::FileReport) -> Vec<String> {
    common::kernel_decisions(report, |d| matches!(d, Decision::Versioned { .. }))
}

fn check(name: &str, src: &str) -> pipeline::FileReport {
    let report = common::searched(src, None);
    common::assert_same_behaviour_threaded(name, src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    report
}

#[test]
fn an_in_place_call_runs_the_users_code() {
    let src = program(TRANSPOSED_UPDATE, RUN, "run(N, A, A); run(N - 1, B, B);");
    let report = check("in place", &src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `dst` and `src` do not overlap (else as written)"],
        "{}",
        report.output
    );
    // The test can fail: without the run-time test, the program prints another number.
    let assumed = pipeline::optimize(&src, &assuming_no_alias());
    assert!(
        common::assert_same_behaviour("assumed", &src, &assumed.output, None).is_err(),
        "the in-place call gives the same result in the interchanged order:\n{}",
        assumed.output
    );
    // Every call here overlaps: the rewritten branch never runs.
    let trapped = report
        .output
        .replacen("dst, 1)) {\n", "dst, 1)) {\n    __builtin_trap();\n", 1);
    assert!(
        trapped.contains("__builtin_trap();\n    #ifdef _OPENMP\n    #pragma omp"),
        "{trapped}"
    );
    common::assert_same_behaviour("in place, rewritten branch trapped", &src, &trapped, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

fn assuming_no_alias() -> pipeline::Options {
    pipeline::Options {
        mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
        parallel: true,
        assume_no_alias: true,
        ..pipeline::Options::default()
    }
}

#[test]
fn overlapping_rows_run_the_users_code() {
    let src = program(
        TRANSPOSED_UPDATE,
        RUN,
        "run(N - 1, (double (*)[N])&A[1][0], A); run(N - 2, A, (double (*)[N])&A[2][0]); run(N / 2, (double (*)[N])&B[N / 2][0], B);",
    );
    check("overlapping rows", &src);
}

#[test]
fn distinct_arrays_run_the_rewritten_order() {
    // The test passes: the rewritten branch runs (its loop order prints nothing, so
    // compare the decision and the output; speed is measured in benchmarks).
    let src = program(TRANSPOSED_UPDATE, RUN, "run(N, A, B); run(N, B, A);");
    let report = check("distinct", &src);
    // The arrays never overlap: the code as written never runs.
    let trapped = report
        .output
        .replace("} else {\n", "} else {\n  __builtin_trap();\n");
    assert!(trapped.contains("__builtin_trap"), "{trapped}");
    common::assert_same_behaviour("distinct, original branch trapped", &src, &trapped, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn restrict_parameters_need_no_test() {
    let kernel = "void kernel(int n, double dst[restrict N][N], double src[restrict N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = src[i][j] * 0.5 + src[j][i];
}";
    let src = program(kernel, RUN, "run(N, A, B);");
    let report = check("restrict", &src);
    assert!(versioned(&report).is_empty(), "{}", report.output);
    assert!(!report.output.contains("} else {"), "{}", report.output);
}

#[test]
fn arrays_only_read_and_types_that_cannot_alias_need_no_test() {
    // `src` and `other` are only read; `counts` holds `int`s, which a `double` lvalue
    // may not access (C11 6.5p7).
    let kernel = "void kernel(int n, double dst[N][N], double src[N][N], double other[N][N], int counts[N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      counts[i][j] = i + j;
      dst[i][j] = src[i][j] + other[j][i];
    }
}";
    let run = "void (*volatile run)(int, double (*)[N], double (*)[N], double (*)[N], int (*)[N])";
    let src = format!(
        "static int C[64][64];\n{}",
        program(kernel, run, "run(N, A, B, B, C);")
    );
    let report = check("read-only", &src);
    assert_eq!(
        versioned(&report),
        [
            "runs the rewritten order only when `dst` and `other`, `dst` and `src` do not overlap (else as written)"
        ],
        "{}",
        report.output
    );
}

#[test]
fn a_char_array_may_alias_any_other() {
    let kernel = "void kernel(int n, double dst[N][N], unsigned char bytes[N * N * 8]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = dst[i][j] + bytes[j * 8 + i];
}";
    let run = "void (*volatile run)(int, double (*)[N], unsigned char *)";
    let src = program(
        kernel,
        run,
        "run(N, A, (unsigned char *)A); run(N, A, (unsigned char *)B);",
    );
    let report = check("char", &src);
    assert_eq!(versioned(&report).len(), 1, "{}", report.output);
}

#[test]
fn a_parameter_that_may_be_a_global_is_versioned() {
    // Was N116 (refused): now the region is versioned.
    let kernel = "void kernel(int n, double dst[N][N], double src[N][N]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = src[i][j] + B[j][i];
}";
    let src = program(kernel, RUN, "run(N, A, A); run(N, B, A); run(N, A, B);");
    let report = check("global", &src);
    assert_eq!(
        versioned(&report),
        [
            "runs the rewritten order only when `dst` and `B`, `dst` and `src` do not overlap (else as written)"
        ],
        "{}",
        report.output
    );
}

#[test]
fn assume_no_alias_emits_no_test() {
    let src = program(TRANSPOSED_UPDATE, RUN, "run(N, A, B);");
    let report = pipeline::optimize(&src, &assuming_no_alias());
    assert!(versioned(&report).is_empty(), "{}", report.output);
    assert!(!report.output.contains("} else {"), "{}", report.output);
    common::assert_same_behaviour("assumed", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_struct_reached_through_a_pointer_may_be_a_global_struct() {
    // Was N116 (refused): `p` may point to `G`, which the region also reads.
    let src = r#"#include <stdio.h>
#define N 48
struct grid { int rows; double v[N][N]; };
static struct grid G, H;
void kernel(int n, struct grid *p) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      p->v[i][j] = G.v[i][j] * 0.5 + G.v[j][i];
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      G.v[i][j] = (double)((i * 7 + j * 3) % 17) / 17;
      H.v[i][j] = (double)((i * 5 + j * 11) % 13) / 13;
    }
  void (*volatile run)(int, struct grid *) = kernel;
  run(N, &G); run(N, &H); run(N - 3, &G);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum = sum * 0.5 + G.v[i][j] + 3 * H.v[i][j];
  printf("%.17g\n", sum);
  return 0;
}
"#;
    let report = check("struct", src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `p->v` and `G.v` do not overlap (else as written)"],
        "{}",
        report.output
    );
    assert!(
        report.output.contains("(unsigned long long)&p->v[0][0]"),
        "{}",
        report.output
    );
}

/// A global scalar and a struct's members reached through a pointer parameter may be
/// the array parameter's memory too (`run(1, &g, &G2)`, `run(8, G2.v + 3, &G2)`); two
/// members of one struct are not (`p->s`, `p->v`: no test between them). The
/// interchange is requested, so every region is rewritten.
#[test]
fn a_global_scalar_and_members_through_a_pointer_are_tested() {
    let src = r#"#include <stdio.h>
double g;
struct acc { double s; double v[32]; };
struct acc G2;
void k(int n, double A[n], struct acc *p) {
  for (int i = 0; i < n; i++) {
    g = g * 0.5 + A[i];
    p->s = p->s + g;
    A[i] = g + p->v[i];
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      p->v[i] = p->v[i] * 0.5 + A[j];
}
int main(void) {
  double B[32];
  for (int i = 0; i < 32; i++) { B[i] = i; G2.v[i] = 32 - i; }
  void (*volatile run)(int, double *, struct acc *) = k;
  run(1, &g, &G2);
  run(32, B, &G2);
  run(1, &G2.s, &G2);
  run(16, G2.v, &G2);
  run(8, G2.v + 3, &G2);
  double s = g + G2.s;
  for (int i = 0; i < 32; i++) s = s * 0.5 + B[i] + G2.v[i];
  printf("%.17g\n", s);
  return 0;
}
"#;
    let options = |assume_no_alias| pipeline::Options {
        mode: pipeline::Mode::Requested(vec![nestor::transform::rewrites::Transform::Interchange(
            "j".into(),
            "i".into(),
        )]),
        assume_no_alias,
        ..pipeline::Options::default()
    };
    let report = pipeline::optimize(src, &options(false));
    let pairs = versioned_pairs(&report);
    assert_eq!(
        pairs,
        ["`A` and `g`, `A` and `p->s`, `A` and `p->v`, `g` and `p->s`, `g` and `p->v`"],
        "{}",
        report.output
    );
    common::assert_same_behaviour("scalar and members", src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    let assumed = pipeline::optimize(src, &options(true));
    assert!(
        common::assert_same_behaviour("assumed", src, &assumed.output, None).is_err(),
        "the overlapping calls give the same result without the test:\n{}",
        assumed.output
    );
}

/// The pairs of each versioned region of `kernel`-like functions, as printed.
fn versioned_pairs(report: &pipeline::FileReport) -> Vec<String> {
    report
        .regions
        .iter()
        .flat_map(|r| &r.decisions)
        .filter_map(|d| match d {
            Decision::Versioned { pairs, .. } => Some(
                pairs
                    .iter()
                    .map(|(a, b)| format!("`{a}` and `{b}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        })
        .collect()
}
