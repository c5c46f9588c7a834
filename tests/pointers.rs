//! Real code (issue 27): pointer parameters are arrays of unknown extent. A region
//! writing through one runs its rewritten order only under the run-time test that the
//! memory it touches does not overlap the other arrays' (issue 25's versioning); each
//! program calls its kernel with overlapping and with distinct memory, and must print
//! exactly what the original prints.

mod common;

use common::{searched_and_compared as check, versioned};

use nestor::driver::pipeline;
use nestor::transform::decision::Decision;

/// A program calling `kernel` through a volatile pointer (so the compiler cannot see
/// what it gets) as `calls` says, printing a hash of every bit of `A` and `B`.
fn program(kernel: &str, calls: &str) -> String {
    let calls = format!("void (*volatile run)(int, double *, const double *) = kernel;\n  {calls}");
    common::two_array_program(&[], 256, kernel, &calls)
}

/// Interchanged by the search (`t` outside, so that each step vectorizes over `i`):
/// with `y` and `x` overlapping, a cell's steps read its neighbours' final or first
/// values as written, their values of the step before once interchanged.
const SWEEPS: &str = "void kernel(int n, double *y, const double *x) {
  for (int i = 1; i < n - 1; i++)
    for (int t = 0; t < n; t++)
      y[i] = (x[i - 1] + x[i] + x[i + 1]) / 3 + y[i] * 0.25;
}";

/// Whether `kernel`'s code runs a loop over `t` around one over `i` (the sweeps'
/// interchanged order).
fn time_outside(output: &str) -> bool {
    let kernel = &output[output.find("void kernel").unwrap_or(0)..];
    kernel.find("for (int t").unwrap_or(usize::MAX) < kernel.find("for (int i").unwrap_or(0)
}

#[test]
fn pointer_parameters_are_arrays_tested_for_overlap() {
    let src = program(
        SWEEPS,
        "run(64, A, B); run(N, B, A); run(N, A, A); run(100, A + 1, A);",
    );
    let report = check("pointers", &src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `y` and `x` do not overlap (else as written)"],
        "{}",
        report.output
    );
    // The test can fail: assuming distinct memory, the overlapping calls print another
    // number.
    let options = pipeline::Options {
        mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
        parallel: true,
        assume_no_alias: true,
        ..pipeline::Options::default()
    };
    let assumed = pipeline::optimize(&src, &options);
    assert!(time_outside(&assumed.output), "{}", assumed.output);
    assert!(
        common::assert_same_behaviour("assumed", &src, &assumed.output, None).is_err(),
        "the overlapping calls give the same result in the interchanged order:\n{}",
        assumed.output
    );
}

#[test]
fn restrict_pointers_need_no_test() {
    let kernel = SWEEPS.replace(
        "double *y, const double *x",
        "double *restrict y, const double *restrict x",
    );
    let src = program(&kernel, "run(64, A, B); run(N, B, A);");
    let report = check("restrict pointers", &src);
    assert!(versioned(&report).is_empty(), "{}", report.output);
    assert!(time_outside(&report.output), "{}", report.output);
}

/// A local pointer may hold the address of any variable of the function; a pointer
/// to pointers reaches memory nestor does not model. Both are refused by name.
#[test]
fn local_pointers_and_pointers_to_pointers_are_refused_with_a_reason() {
    let src = "void f(int n, double *a, double **rows) {
  double *p = a + 1;
  for (int t = 0; t < n; t++)
    for (int i = 0; i < n; i++)
      p[i] = p[i] * 0.5 + a[t];
  for (int t = 0; t < n; t++)
    for (int i = 0; i < n; i++)
      rows[i][t] = a[i];
}
";
    let report = common::searched(src, None);
    assert_eq!(report.output, src);
    let messages = common::region_messages(&report);
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("N105 `p` is a pointer variable")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("N105 `rows` is a pointer to pointers or to arrays")),
        "{messages:?}"
    );
}

/// `A[i * n + j]` is `A[i][j]` of an `n`-column array (delinearization): rewritten,
/// printed as the user wrote it, and tested for overlap as a whole matrix.
const FLAT_PRODUCT: &str = "void kernel(int n, double *y, const double *A) {
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < n; j++)
      y[i] += A[i * n + j] * A[j];
  }
}";

#[test]
fn flat_subscripts_are_the_dimensions_they_linearize() {
    let src = program(
        FLAT_PRODUCT,
        "run(16, B, A); run(15, A, B); run(16, A, A); run(8, A + 3, A); run(8, A, A + 70);",
    );
    let report = check("flat", &src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `y` and `A` do not overlap (else as written)"],
        "{}",
        report.output
    );
    assert!(
        report.output.contains("y_r0 += A[i * n + j] * A[j];"),
        "{}",
        report.output
    );
    let model = report.regions[0].model.as_ref().map(|m| format!("{m:?}"));
    assert!(
        model.as_deref().is_some_and(|m| m.contains("A[i, j]")),
        "{model:?}"
    );
}

/// `(b * T + t) * C + c` and `b * T * C + t * C + c`: one shape `[][T][C]`.
#[test]
fn nested_flat_subscripts_recover_every_dimension() {
    let kernel = "void kernel(int n, double *out, const double *in) {
  int T = 4, C = 8;
  for (int c = 0; c < C; c++)
    for (int t = 0; t < T; t++)
      for (int b = 0; b < n; b++)
        out[b * T * C + t * C + c] = in[(b * T + t) * C + c] * 0.5 + out[b * T * C + t * C + c];
}";
    let src = program(kernel, "run(8, A, B); run(8, A, A); run(4, A + 5, A);");
    let report = check("nested flat", &src);
    assert!(!versioned(&report).is_empty(), "{}", report.output);
}

/// `A[i * lda + j]` with `j < n`: the rows hold only when `n <= lda`, which the
/// run-time test checks beside the overlap; with `lda < n` the rows overlap and the
/// order as written runs.
const STRIDED: &str = "void kernel(int n, double *A, const double *x) {
  int lda = n > 8 ? 8 : n - 1;
  if (n > 12) lda = 12;
  for (int j = 0; j < 8; j++)
    for (int i = 0; i < 8; i++)
      A[i * lda + j] = A[i * lda + j] * 0.5 + x[i] + j;
}";

#[test]
fn an_inner_subscript_that_may_leave_its_row_is_tested_at_run_time() {
    // n = 9, 13: rows of 8 and 12 cells (the rewritten order runs); n = 8: rows of
    // 7, which overlap (the code as written runs).
    let src = program(STRIDED, "run(9, A, B); run(13, B, A); run(8, A, B);");
    let report = check("strided", &src);
    assert_eq!(
        versioned(&report),
        [
            "runs the rewritten order only when the flat subscripts of `A` stay in their rows and `A` and `x` do not overlap (else as written)"
        ],
        "{}",
        report.output
    );
    assert!(report.output.contains("lda >= 8"), "{}", report.output);
    // The test can fail: run the rewritten order always, and the call whose rows
    // overlap prints another hash.
    let always = report
        .output
        .replacen("if (__builtin_expect(", "if (1 || __builtin_expect(", 1);
    assert!(
        common::assert_same_behaviour("rows assumed", &src, &always, None).is_err(),
        "{always}"
    );
}

/// Where no parameter value keeps the subscripts in their rows, the region is left as
/// written with the reason.
#[test]
fn an_inner_subscript_that_always_leaves_its_row_is_refused() {
    let src = "#define N 8
void f(double *s, const double *A) {
  for (int i = 0; i < N; i++)
    for (int j = N; j < 2 * N; j++)
      s[j] += A[i * N + j];
}
";
    let report = common::searched(src, None);
    assert_eq!(report.output, src);
    let messages = common::region_messages(&report);
    assert!(
        messages.iter().any(|m| m.starts_with(
            "N101 `A` is indexed as an array of shape `[][N]` by flat subscripts, but an inner subscript leaves its size"
        )),
        "{messages:?}"
    );
}

/// Offset views: pointers declared in the loop body as places in an array
/// (`in + i * 16`, a view plus an offset, `&y[i * 16]`), read and written through.
/// Their uses are accesses of the array; the rewritten statements name the places.
const VIEWS: &str = "void kernel(int n, double *y, const double *in) {
  for (int i = 0; i < n; i++) {
    const double *row = in + i * 16;
    const double *next = row + 16;
    double *o = &y[i * 16];
    double m = 0;
    for (int j = 0; j < 16; j++)
      m += row[j];
    for (int j = 0; j < 16; j++)
      o[j] = (row[j] - m / 16) * 0.5 + next[j] * 0.25 + o[j];
  }
}";

#[test]
fn offset_views_are_accesses_of_the_array_they_point_into() {
    let src = program(
        VIEWS,
        "run(8, A, B); run(8, B, A); run(8, A, A); run(4, A + 16, A); run(4, A, A + 40);",
    );
    let report = check("views", &src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `y` and `in` do not overlap (else as written)"],
        "{}",
        report.output
    );
    assert!(
        report.output.contains("((in + i * 16) + 16)[j] * 0.25"),
        "{}",
        report.output
    );
}

/// A constant innermost size beside a parameter one: `(b * T + t) * 8 + c` is
/// `[b][t][c]` of shape `[][T][8]`.
#[test]
fn a_constant_innermost_size_is_recovered() {
    let kernel = "void kernel(int n, double *out, const double *in) {
  int T = n / 8;
  for (int c = 0; c < 8; c++)
    for (int t = 0; t < T; t++)
      for (int b = 0; b < 4; b++)
        out[(b * T + t) * 8 + c] = in[b * T * 8 + t * 8 + c] * 0.5 + out[(b * T + t) * 8 + c];
}";
    let src = program(kernel, "run(64, A, B); run(64, A, A); run(32, A + 8, A);");
    let report = check("constant size", &src);
    assert_eq!(
        versioned(&report),
        ["runs the rewritten order only when `out` and `in` do not overlap (else as written)"],
        "{}",
        report.output
    );
}

/// A product over flat pointers gets the register tiles of one over 2-d arrays, with
/// the copies' shared cells of `C` kept in locals (the flat accesses are written out in
/// the text, so a local may replace them: they once were not, and the product ran 1.4x
/// slower than with them).
#[test]
fn flat_products_keep_their_register_tiles_cells_in_locals() {
    let kernel = "void kernel(int n, double *C, const double *A) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * A[k * n + j];
}";
    let src = program(kernel, "run(15, B, A); run(8, A, A); run(7, A + 64, A);");
    let report = common::searched(&src, Some(vec![4, 4, 4]));
    common::assert_same_behaviour_threaded("flat product", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.output.contains("double C_r0 = C["),
        "{}",
        report.output
    );
}

/// A local pointer initialized with an allocation and used only as `p[i]`, in `sizeof`
/// and by `free(p)` is memory of its own: its nests are rewritten without a test. One
/// that escapes (stored in a global the region also reads) stays refused.
#[test]
fn fresh_allocations_are_arrays_of_their_own() {
    let src = r#"#include <stdio.h>
#include <stdlib.h>
double *kept;
int main(void) {
  int n = 300;
  double *a = malloc(sizeof(double) * n * 4);
  double *b = (double *)calloc(n, sizeof *b);
  for (int i = 0; i < n; i++)
    b[i] = (i * 7) % 11;
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < n; i++)
      a[i * 4 + j] = b[i] * 0.5 + j + (i > 0 ? a[(i - 1) * 4 + j] : 0);
  double *c = malloc(sizeof(double) * n);
  kept = c;
  for (int i = 0; i < n; i++)
    c[i] = a[i * 4 + 3];
  for (int i = 1; i < n; i++)
    kept[i] += c[i - 1];
  double s = 0;
  for (int i = 0; i < n * 4; i++)
    s = s * 0.25 + a[i];
  printf("%.17g %.17g\n", s, kept[n - 1]);
  free(a);
  free(b);
  free(c);
  return 0;
}
"#;
    let report = check("fresh", src);
    let rewritten: Vec<&str> = report
        .regions
        .iter()
        .filter(|r| r.status == pipeline::Status::Rewritten)
        .map(|r| r.function.as_str())
        .collect();
    assert!(!rewritten.is_empty(), "{}", report.output);
    assert!(
        !report.output.contains("__builtin_expect"),
        "{}",
        report.output
    );
    let messages = common::region_messages(&report);
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("N105 `c` is a pointer variable")
                || m.starts_with("N105 `kept` is a pointer variable")),
        "{messages:?}"
    );
}

/// Data-dependent conditions (issue 27, item 8): an `if` reading memory is one
/// statement that reads what it reads and writes-and-reads what it may write, so its
/// nest is interchanged (the column walk becomes a row walk) and the cell a sweep
/// updates under a condition (compared with a column of `a`: interchanged, each step
/// would walk it) is kept in a register across the sweeps.
const GUARDED: &str = "void kernel(int n, double *restrict a, double *restrict b) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      if (a[i * n + j] > 0.5)
        b[i * n + j] = a[i * n + j] * 2;
      else if (a[i * n + j] < 0.1) {
        b[i * n + j] = 0;
        a[i * n + j] += 1;
      }
  for (int i = 0; i < 16; i++)
    for (int t = 0; t < 4; t++)
      if (b[i] > a[i * n])
        b[i] = 0.3 - b[i] * 0.5;
}";

#[test]
fn an_if_on_data_is_one_statement_that_may_write() {
    let src = common::two_array_program(
        &[],
        4096,
        GUARDED,
        "kernel(64, A, B); kernel(32, B, A); kernel(1, A, B);",
    );
    let report = check("data-dependent if", &src);
    let kernel = &report.output[report.output.find("void kernel").unwrap_or(0)..];
    assert!(
        kernel.find("for (int i").unwrap_or(usize::MAX) < kernel.find("for (int j").unwrap_or(0),
        "{kernel}"
    );
    assert!(kernel.contains("b_r0"), "{kernel}");
}

/// A local pointer initialized with a parameter and never changed, nor the parameter
/// (`double *p = y;`), is another name of the parameter's memory: its accesses and the
/// parameter's are one array's, so the recurrence through both is kept: `t` is not
/// moved outside `i`, where a cell's steps would read `y[i - 1]` of the same step
/// rather than its final value (the search would interchange a nest without it).
/// Where the parameter changes, the pointer stays refused.
const ALIAS: &str = "void kernel(int n, double *y, const double *x) {
  double *p = y;
  for (int i = 1; i < n - 1; i++)
    for (int t = 0; t < n; t++)
      p[i] = p[i] * 0.5 + x[i] + y[i - 1] * 0.25;
}";

#[test]
fn a_local_pointer_set_once_to_a_parameter_is_another_name_of_its_memory() {
    let src = program(ALIAS, "run(64, A, B); run(N, B, A); run(N, A, A + 1);");
    let report = check("alias of a parameter", &src);
    let permuted = |d: &Decision| matches!(d, Decision::Permuted { .. });
    assert!(
        common::kernel_decisions(&report, permuted).is_empty(),
        "{}",
        report.output
    );
    let changed = "void f(int n, double *a) {\n  double *p = a;\n  a++;\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      p[j * n + i] = 0;\n}\n";
    let report = common::searched(changed, None);
    assert_eq!(report.output, changed);
    assert!(
        common::region_messages(&report)
            .iter()
            .any(|m| m.starts_with("N105 `p` is a pointer variable")),
        "{:?}",
        common::region_messages(&report)
    );
}

/// Induction scalars (issue 27, item 8): `j = i + 1;` then `y[j]` is the access `y[i +
/// 1]`, and the statement also reads `j`, so the nest is interchanged (`t` outside, each
/// step vectorizing over `i`) with `j` private to each thread. A value set under
/// a condition is not substituted (N111).
const INDUCTION: &str = "void kernel(int n, double *y, const double *x) {
  int j;
  for (int i = 0; i < n - 1; i++)
    for (int t = 0; t < 4; t++) {
      j = i + 1;
      y[i] = x[j] * 0.5 + y[i] * 0.75;
    }
  for (int i = 0; i < n - 1; i++) {
    if (i > 2)
      j = i;
    y[j] += 1.0;
  }
}";

#[test]
fn an_induction_scalar_is_the_affine_value_it_holds() {
    let src = program(INDUCTION, "run(64, A, B); run(N, B, A); run(N, A, A + 1);");
    let report = check("induction scalar", &src);
    assert!(time_outside(&report.output), "{}", report.output);
    assert!(
        common::region_messages(&report)
            .iter()
            .any(|m| m.starts_with("N111 `j` is written in the region")),
        "{:?}",
        common::region_messages(&report)
    );
}
