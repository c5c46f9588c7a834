//! Cells kept in locals across an innermost loop (register promotion): where nestor
//! does it, where it must not, and that the programs print exactly what the originals
//! print (also with OpenMP at 1, 2 and 4 threads).

mod common;

use nestor::driver::pipeline;
use nestor::transform::decision::Decision;

/// A program around `kernel` over `A` (`N` x `N`) and vectors `s`, `q`, `p`, `r`
/// (kernel is called through a pointer, so the compiler cannot see which arrays it
/// gets), printing a checksum of `s` and `q`.
fn program(kernel: &str) -> String {
    format!(
        r#"#include <stdio.h>
#define N 120
static double A[N][N], s[N], q[N], p[N], r[N];
{kernel}
int main(void) {{
  for (int i = 0; i < N; i++) {{
    p[i] = (double)(i % 9) / 9;
    r[i] = (double)(i % 5) / 5;
    s[i] = q[i] = 0.25;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 17;
  }}
  void (*volatile run)(int, double (*)[N], double *, double *, double *, double *) = kernel;
  run(N, A, s, q, p, r);
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < N; i++) {{
    union {{ double d; unsigned long long u; }} a = {{s[i]}}, b = {{q[i]}};
    h = ((h ^ a.u) * 1099511628211ULL ^ b.u) * 1099511628211ULL;
  }}
  printf("%llu\n", h);
  return 0;
}}
"#
    )
}

fn promoted(report: &pipeline::FileReport) -> Vec<String> {
    common::kernel_decisions(report, |d| matches!(d, Decision::Promoted { .. }))
}

/// bicg's shape: `q[i]` is updated in every iteration of `j`, beside the column sums
/// `s[j]`, which the compiler must assume may be `q[i]`.
const TWO_SUMS: &str =
    "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < n; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}";

#[test]
fn a_cell_the_innermost_loop_updates_is_kept_in_a_local() {
    let src = program(TWO_SUMS);
    let report = common::searched(&src, None);
    assert_eq!(
        promoted(&report),
        ["kept `q[i]` in a register across loop `j` (loaded before it, stored after it)"],
        "{}",
        report.output
    );
    assert!(
        report.output.contains("double q_r0 = q[i];"),
        "{}",
        report.output
    );
    assert!(
        report.output.contains("q_r0 = q_r0 + A[i][j] * p[j];"),
        "{}",
        report.output
    );
    assert!(report.output.contains("q[i] = q_r0;"), "{}", report.output);
    common::assert_same_behaviour_threaded("two sums", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_cell_another_reference_of_the_loop_may_touch_is_not_kept() {
    // `q[j]` is `q[i]` when `j == i`.
    let src = program(
        "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      q[i] = q[i] + A[i][j] * q[j];
}",
    );
    let report = common::searched(&src, None);
    assert_eq!(promoted(&report), Vec::<String>::new(), "{}", report.output);
    common::assert_same_behaviour_threaded("self reference", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn in_a_parallel_loop_only_cells_each_iteration_owns_are_kept() {
    // Each row's dot product: the `i` loop is parallel, `q[i]` belongs to iteration `i`
    // alone (a thread whose `j` loop ran no iteration stores back what it loaded, and
    // no other thread writes that cell).
    let src = program(
        "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      q[i] = q[i] + A[i][j] * p[j];
}",
    );
    let report = common::searched(&src, None);
    let parallel = common::kernel_decisions(&report, |d| matches!(d, Decision::Parallel(_)));
    assert_eq!(parallel, ["parallel loop `i`"], "{}", report.output);
    assert_eq!(promoted(&report).len(), 1, "{}", report.output);
    common::assert_same_behaviour_threaded("row products", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    // `q[2 * i]` is owned too: iterations `i` and `i'` touch `q[2i]` and `q[2i']`.
    let src = program(
        "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int i = 0; i < n / 2; i++)
    for (int j = 0; j < n; j++)
      q[2 * i] = q[2 * i] + A[i][j] * p[j];
}",
    );
    let report = common::searched(&src, None);
    let parallel = common::kernel_decisions(&report, |d| matches!(d, Decision::Parallel(_)));
    assert_eq!(parallel, ["parallel loop `i`"], "{}", report.output);
    assert_eq!(promoted(&report).len(), 1, "{}", report.output);
    common::assert_same_behaviour_threaded("even rows", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    // Iteration `i` also reads `q[i + 60]`, which iteration `i + 60` would store back
    // if it were in the loop: only arrays every access of which is `q[i]` are owned.
    let src = program(
        "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int i = 0; i < 60; i++) {
    for (int j = 0; j < n; j++)
      q[i] = q[i] + A[i][j] * p[j];
    s[i] = q[i + 60];
  }
}",
    );
    let report = common::searched(&src, None);
    let parallel = common::kernel_decisions(&report, |d| matches!(d, Decision::Parallel(_)));
    assert_eq!(parallel, ["parallel loop `i`"], "{}", report.output);
    assert_eq!(promoted(&report), Vec::<String>::new(), "{}", report.output);
    common::assert_same_behaviour_threaded("other cells", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn regenerating_as_written_keeps_no_cell() {
    let options = pipeline::Options {
        mode: pipeline::Mode::Identity,
        ..pipeline::Options::default()
    };
    let identity = pipeline::optimize(&program(TWO_SUMS), &options);
    assert!(!identity.output.contains("q_r0"), "{}", identity.output);
}

#[test]
fn a_triangular_column_walk_takes_the_row_order_with_its_sum_in_a_local() {
    let src = program(
        "void kernel(int n, double A[][N], double s[], double q[], double p[], double r[]) {
  for (int j = 0; j < n; j++)
    for (int i = j; i < n; i++)
      s[i] += A[i][j] * p[j];
}",
    );
    let report = common::searched(&src, None);
    assert_eq!(
        promoted(&report),
        ["kept `s[i]` in a register across loop `j` (loaded before it, stored after it)"],
        "{}",
        report.output
    );
    common::assert_same_behaviour_threaded("triangular walk", &src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_cell_kept_across_a_loop_that_may_run_no_iteration_is_touched_only_where_it_runs() {
    // `z[j + 1]` kept across the loop over the rows after `j` (a triangular solve's rows
    // jammed): at the last `j` the loop runs none and the cell lies past `z`'s end. It
    // is loaded and stored only where the loop runs (an adversarial review's program,
    // a heap overflow under AddressSanitizer before).
    let src = include_str!("fixtures/promoted_cell_of_an_empty_loop.c");
    let report = common::searched_by_model(src);
    assert!(
        report
            .output
            .contains("double z_r0 = j + 1 <= 7 ? z[j + 1] : 0;"),
        "{}",
        report.output
    );
    let sanitized = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"];
    common::assert_same_behaviour_with("empty loop", src, &report.output, &sanitized)
        .unwrap_or_else(|e| panic!("{e}"));
}
