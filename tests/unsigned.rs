//! Real code (issue 27): `size_t` and `unsigned` loop counters, parameters and
//! subscripts. C computes them modulo `2^bits`; the model reads them as mathematical
//! integers, exactly where no value C observes wraps around, which the rewritten
//! region's run-time test checks. Each program calls its kernel with sizes where the
//! original wraps around and where it does not, and must print exactly what the
//! original prints.

mod common;

use common::{searched_and_compared as check, versioned};

/// A program running `calls` of `kernel` on `A` and `B` and printing a hash of every
/// bit of both.
fn program(kernel: &str, calls: &str) -> String {
    common::two_array_program(&["stddef.h"], 4096, kernel, calls)
}

/// The commonest loop of real code: `size_t` counters over a flat matrix.
const SIZE_T_PRODUCT: &str = "void kernel(size_t n, double *restrict c, const double *restrict a) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      for (size_t k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * a[k * n + j];
}";

#[test]
fn size_t_loops_are_rewritten_under_a_test_that_nothing_wraps() {
    let src = program(
        SIZE_T_PRODUCT,
        "kernel(0, A, B); kernel(1, A, B); kernel(7, A, B); kernel(40, B, A); kernel(64, A, B);",
    );
    let report = check("size_t product", &src);
    assert_eq!(
        versioned(&report),
        [
            "runs the rewritten order only when its unsigned values do not wrap around (else as written)"
        ],
        "{}",
        report.output
    );
    assert!(
        report.output.contains("n <= 0x4000000000000000"),
        "{}",
        report.output
    );
}

/// `j` starts at `n - 3`, which wraps around for `n < 3` (to `2^32 - 3 + n`, so the
/// loop does not run), where the model would run it from `-2`: the test picks the
/// original there.
const WRAPPING_START: &str =
    "void kernel(unsigned n, double *restrict a, const double *restrict b) {
  for (unsigned j = n - 3; j < n; j++)
    for (unsigned i = 0; i < 512; i++)
      a[i * 4 + (j + 3 - n)] = a[i * 4 + (j + 3 - n)] * 0.5 + b[i];
}";

#[test]
fn a_start_that_wraps_around_runs_the_original() {
    let src = program(
        WRAPPING_START,
        "kernel(1, A, B); kernel(2, A, B); kernel(3, A, B); kernel(9, B, A);",
    );
    let report = check("wrapping start", &src);
    assert!(
        versioned(&report)
            .iter()
            .any(|d| d.contains("its unsigned values do not wrap around")),
        "{}",
        report.output
    );
}

/// An `int` counter compared with a `size_t` bound compares unsigned; a stencil's
/// `i - 1` is a `size_t` subscript that must not wrap around.
const MIXED: &str = "void kernel(size_t n, double *restrict y, const double *restrict x) {
  for (int t = 0; t < 4; t++)
    for (size_t i = 1; i < n - 1; i++)
      y[i] = (x[i - 1] + x[i] + x[i + 1]) / 3 + y[i] * 0.25;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      y[j * 8 + i % 8] += x[i];
}";

#[test]
fn signed_counters_compared_with_size_t_and_size_t_stencils() {
    let src = program(
        MIXED,
        "kernel(1, A, B); kernel(2, A, B); kernel(3, B, A); kernel(300, A, B);",
    );
    check("mixed signedness", &src);
}

/// `i >= 0` holds for every unsigned `i`: the loop wraps around at 0 for every `n`,
/// so the model can never be C's.
#[test]
fn a_loop_that_always_wraps_around_is_refused_with_a_reason() {
    let src = "#include <stddef.h>
void f(size_t n, double *restrict a) {
  for (size_t i = n; i >= 0; i--)
    for (size_t j = 0; j < n; j++)
      a[j * n + i] = a[j * n + i] * 0.5;
}
";
    let report = common::searched(src, None);
    assert_eq!(report.output, src);
    let messages = common::region_messages(&report);
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("N118 unsigned arithmetic in this nest wraps around")),
        "{messages:?}"
    );
}

/// `i + 1 < n`, the form that keeps `size_t` code from computing `n - 1` at `n = 0`:
/// a bound on the iterator plus a constant, whose value is observed at every step.
const SHIFTED_BOUND: &str = "void kernel(size_t n, double *restrict y, const double *restrict x) {
  for (size_t i = 0; i + 1 < n; i++)
    for (int t = 0; t < 3; t++)
      y[i] = y[i] * 0.5 + x[i + 1];
  for (int i = 0; i + 2 <= (int)n; i += 2)
    for (int j = 0; j < 8; j++)
      y[j * 64 + i] += x[j * 64 + i + 1];
}";

#[test]
fn a_bound_on_the_iterator_plus_a_constant_is_a_bound() {
    let src = program(
        SHIFTED_BOUND,
        "kernel(0, A, B); kernel(1, A, B); kernel(2, B, A); kernel(64, A, B);",
    );
    let report = check("shifted bound", &src);
    let kernel = &report.output[report.output.find("void kernel").unwrap_or(0)..];
    // Interchanged: `t` outside, each step vectorizing over `i`.
    assert!(
        kernel.find("for (int t").unwrap_or(usize::MAX) < kernel.find("for (size_t i").unwrap_or(0),
        "{kernel}"
    );
}

/// An `int` start compared with an `unsigned` bound: the test keeps `lo` where the
/// unsigned comparison reads it as C does (`lo >= 0`), and says nothing an `int` always
/// satisfies (`lo <= 4294967295` made gcc's `-Wtype-limits` warn under `-Wextra`).
const SIGNED_START_UNSIGNED_BOUND: &str =
    "void kernel(int lo, unsigned n, double *restrict a, const double *restrict b) {
  for (int i = lo; i < n; i++)
    for (int j = 1; j < 16; j++)
      a[i * 16 + j] = 1.0 / (a[i * 16 + j - 1] + b[i]);
}";

#[test]
fn the_test_leaves_out_what_the_parameters_types_guarantee() {
    let src = program(
        SIGNED_START_UNSIGNED_BOUND,
        "kernel(0, 0, A, B); kernel(0, 200, A, B); kernel(-3, 100, A, B); kernel(5, 190, B, A);",
    );
    let report = check("signed start, unsigned bound", &src);
    assert!(report.output.contains("lo >= 0"), "{}", report.output);
    assert!(!report.output.contains("4294967295"), "{}", report.output);
}

#[test]
fn a_generated_loop_starting_below_zero_does_not_take_an_unsigned_counter() {
    // The adversarial review's triangular solve with unsigned counters: the first
    // row's end moved into its sum's loop runs at `j = -1`.
    let src = include_str!("fixtures/unsigned_iterator_from_minus_one.c");
    let report = common::searched_by_model(src);
    assert!(report.output.contains("= -1;"), "{}", report.output);
    assert!(
        !report.output.contains("for (unsigned j = -1"),
        "{}",
        report.output
    );
    common::assert_same_behaviour_threaded("unsigned_from_minus_one", src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}
