//! Parallel loops, legal by live ranges (paper 002): which loops nestor runs
//! concurrently, which scalars it privatizes, which loops it must leave sequential; every
//! rewritten program is run with 1, 2 and 4 threads and compared with the original.

mod common;

use nestor::driver::pipeline;
use nestor::transform::decision::Decision;

fn optimized(src: &str) -> pipeline::FileReport {
    common::searched(src, None)
}

/// The parallel loops of `kernel`'s regions, as `decision::Decision` prints them.
fn parallel(report: &pipeline::FileReport) -> Vec<String> {
    common::kernel_decisions(report, |d| matches!(d, Decision::Parallel(_)))
}

/// A program around `kernel` (which defines `void kernel(void)` over `A`, `B`, `n`)
/// that fills the inputs and prints a hash of the bits of `A` and `B`.
fn program(kernel: &str) -> String {
    format!(
        r#"#include <stdio.h>
#define N 300
static double A[N][N], B[N][N];
static int n = N;
{kernel}
int main(void) {{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {{
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 17;
      B[i][j] = 0;
    }}
  kernel();
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

/// The decisions of the regions of `function`, as `decision::Decision` prints them.
fn decisions_in(report: &pipeline::FileReport, function: &str) -> Vec<String> {
    report
        .regions
        .iter()
        .filter(|r| r.function == function)
        .flat_map(|r| r.decisions.iter().map(|d| d.to_string()))
        .collect()
}

fn check_runs(name: &str, src: &str, report: &pipeline::FileReport) {
    common::assert_same_behaviour_threaded(name, src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_reused_scalar_is_privatized_where_each_value_lives_in_one_iteration() {
    // Every iteration writes t before reading it: an output and an anti dependence
    // between iterations (which forbid the parallel loop to other tools), but no live
    // range crosses iterations.
    let src = program(
        "void kernel(void) {
  double t;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      t = A[i][j] * 2;
      B[i][j] = t * t + 1;
    }
}",
    );
    let report = optimized(&src);
    assert!(
        parallel(&report).contains(&"parallel loop `i` (private `t`)".to_string()),
        "{:?}\n{}",
        parallel(&report),
        report.output
    );
    assert!(
        report
            .output
            .contains("#pragma omp parallel for private(j, t)"),
        "the inner iterator declared outside is private too:\n{}",
        report.output
    );
    check_runs("privatized scalar", &src, &report);
}

#[test]
fn a_scalar_carried_from_one_iteration_to_the_next_keeps_the_loop_sequential() {
    // t's value written in iteration i is read in iteration i + 1.
    let src = program(
        "void kernel(void) {
  double t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      B[i][j] = t + A[i][j];
      t = A[i][j];
    }
}",
    );
    let report = optimized(&src);
    assert_eq!(parallel(&report), Vec::<String>::new(), "{}", report.output);
    check_runs("carried scalar", &src, &report);
}

#[test]
fn a_reduction_stays_sequential_so_results_do_not_depend_on_the_thread_count() {
    let src = program(
        "void kernel(void) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      B[0][i] += A[k][i] * A[i][k];
}",
    );
    let report = optimized(&src);
    assert!(
        !parallel(&report).iter().any(|d| d.contains("`k`")),
        "{:?}",
        parallel(&report)
    );
    check_runs("reduction", &src, &report);
}

#[test]
fn the_outermost_parallel_loop_is_chosen_below_a_sequential_one() {
    // A time loop around a sweep: the sweep's rows run concurrently, time steps do not.
    let src = program(
        "void kernel(void) {
  for (int t = 0; t < 4; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = B[i][j] * 0.5 + A[i - 1][j] + A[i + 1][j] + t;
}",
    );
    let report = optimized(&src);
    assert_eq!(
        parallel(&report).first().map(String::as_str),
        Some("parallel loop `i`"),
        "{}",
        report.output
    );
    check_runs("sweeps", &src, &report);
}

/// Regressions found by the differential fuzzer (seed 0xb, programs 77 and 84): a band
/// proven parallel that isl emits without a loop (one iteration) passed its pragma to
/// the loop inside it, and iterations writing a contracted temporary nobody reads ran
/// concurrently. Both printed other results with 2 and 4 threads.
#[test]
fn fuzzer_programs_that_once_differed_with_threads() {
    for (name, src) in [
        (
            "parallel_fuzz_77",
            include_str!("fixtures/parallel_fuzz_77.c"),
        ),
        (
            "parallel_fuzz_84",
            include_str!("fixtures/parallel_fuzz_84.c"),
        ),
    ] {
        let report = common::searched(src, Some(vec![32]));
        check_runs(name, src, &report);
    }
}

#[test]
fn iterations_writing_a_cell_nobody_reads_do_not_run_concurrently() {
    // Regression (differential fuzzer, seed 0xb program 77): T's values are never read,
    // so no live range forbids running k's iterations concurrently, but they would all
    // write T's one cell after contraction: a data race, unless each thread has its
    // own T.
    let src = program(
        "void kernel(void) {
  double T[N][N];
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++) {
      T[k][j] = A[k][j] * 2;
      B[k][j] = A[j][k];
    }
}",
    );
    let report = optimized(&src);
    assert!(
        parallel(&report)
            .iter()
            .all(|d| !d.contains("`k`") || d.contains("private `T`")),
        "{:?}\n{}",
        parallel(&report),
        report.output
    );
    check_runs("dead writes", &src, &report);
}

#[test]
fn a_triangular_parallel_loop_hands_out_its_iterations_in_turn() {
    // Row i does n - i iterations: contiguous blocks would leave the thread with the
    // short rows idle; a rectangular nest keeps OpenMP's default blocks.
    let src = program(
        "void kernel(void) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      B[i][j] = A[j][i] * 2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] * 0.5 + 1;
}",
    );
    let report = optimized(&src);
    assert_eq!(
        parallel(&report),
        ["parallel loop `i`", "parallel loop `i`"]
    );
    let kernel = report.output.split("int main").next().unwrap_or_default();
    assert_eq!(
        kernel
            .matches("#pragma omp parallel for schedule(static, 1)")
            .count(),
        1,
        "{kernel}"
    );
    assert_eq!(kernel.matches("#pragma omp parallel for").count(), 2);
    check_runs("triangular parallel loop", &src, &report);
}

/// A nest whose loops run no iteration has empty time stamps: the parallel check of its
/// loops once asked isl for the loop's dimension of them and failed the region (N202).
#[test]
fn a_nest_that_runs_no_iteration_is_checked_without_an_isl_error() {
    let src = include_str!("fixtures/parallel_empty_loop.c");
    let report = optimized(src);
    let diagnostics: Vec<String> = report
        .regions
        .iter()
        .flat_map(|r| &r.diagnostics)
        .filter(|d| d.severity != nestor::support::diag::Severity::Note)
        .map(|d| d.message.clone())
        .collect();
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert!(
        report
            .regions
            .iter()
            .all(|r| r.status == pipeline::Status::Rewritten),
        "{}",
        report.output
    );
}

/// The source's own `#pragma omp parallel for` (issue 27, item 6): the nest under it is
/// a region of its own, rewritten (here interchanged) with its outermost loop still run
/// by threads, the pragma's `schedule` on it and no second parallel loop inside.
#[test]
fn the_source_s_parallel_loop_stays_parallel_with_its_clauses() {
    let src = program(
        "void kernel(void) {
  #pragma omp parallel for schedule(dynamic, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        B[i][j] += A[i][k] * A[k][j];
}",
    );
    let report = optimized(&src);
    let kernel = &report.output[report.output.find("void kernel").unwrap_or(0)..];
    let kernel = &kernel[..kernel.find("int main").unwrap_or(kernel.len())];
    assert!(
        kernel.find("for (int k").unwrap_or(usize::MAX) < kernel.find("for (int j").unwrap_or(0),
        "{kernel}"
    );
    assert_eq!(kernel.matches("omp parallel").count(), 1, "{kernel}");
    assert!(
        kernel.contains("#pragma omp parallel for schedule(dynamic, 2)\n"),
        "{kernel}"
    );
    check_runs("the source's parallel loop", &src, &report);
}

/// Clauses that change what the loop computes (a reduction reassociates the sum), a
/// private scalar read after the loop, and a parallel loop nestor cannot prove
/// independent: each leaves the nest as written, with the reason.
#[test]
fn a_parallel_loop_nestor_cannot_keep_is_left_as_written_with_the_reason() {
    let src = "void f(int n, double s, double *restrict a, const double *restrict b) {
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += b[i] * a[i];
  a[0] = s;
  double t = 0;
  #pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = b[i];
    a[i] = t * 2;
  }
  a[1] = t;
  #pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 0; j < 8; j++)
      a[i * 8 + j] = a[(i - 1) * 8 + j] + b[j];
}
";
    let report = optimized(src);
    assert_eq!(report.output, src);
    let messages = common::region_messages(&report);
    for expected in [
        "N123 `#pragma omp parallel for reduction(+:s)` has the clause `reduction(+:s)`",
        "N123 `t` is private to the threads of this loop but read after it",
        "N123 the source runs this nest in parallel, but in the order nestor chose its loop `i` would run sequentially",
    ] {
        assert!(
            messages.iter().any(|m| m.starts_with(expected)),
            "{expected}\n{messages:#?}"
        );
    }
}

/// Regression (semantic fuzzer, seed 0x27e5, program 527): the source's parallel
/// pragma in the compiled branch of an `#if 0` / `#else`, the `#endif` between it and
/// the loop. The region once started at the pragma and its rewrite deleted the
/// `#endif`: such a nest is left as written.
#[test]
fn a_parallel_pragma_inside_a_decided_conditional_keeps_the_conditional() {
    let src = program(
        "void kernel(void) {
#if 0
#pragma GCC unroll 2
#else
#pragma omp parallel for
#endif
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++)
      B[j][k] = A[j][k] * 0.5;
}",
    );
    let report = optimized(&src);
    assert!(report.output.contains("#endif"), "{}", report.output);
    check_runs("a parallel pragma in a decided conditional", &src, &report);
}

#[test]
fn a_contracted_buffer_is_private_to_each_thread_where_its_values_stay_in_one_iteration() {
    let kernel = "
static void kernel(int h, int w, double in[h][w], double out[h][w]) {
  double tmp[h][w];
  for (int i = 1; i < h - 1; i++)
    for (int j = 0; j < w; j++)
      tmp[i][j] = 2.0 * in[i][j] + in[i - 1][j] + in[i + 1][j];
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      out[i][j] = 2.0 * tmp[i][j] + tmp[i][j - 1] + tmp[i][j + 1];
}
static void rows(int h, int w, double in[h][w], double out[h][w]) {
  double tmp[h][w];
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      tmp[i][j] = in[i][j] * 3.0;
  for (int i = 1; i < h; i++)
    for (int j = 0; j < w; j++)
      out[i][j] = tmp[i][j] - tmp[i - 1][j];
}";
    let calls = "kernel(30, 32, (double (*)[32])A, (double (*)[32])B);
  rows(20, 40, (double (*)[40])B, (double (*)[40])A);";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("private contracted buffer", &src);
    let decisions = |function: &str| decisions_in(&report, function);
    let kernel = decisions("kernel");
    assert!(
        kernel
            .iter()
            .any(|d| d.starts_with("contracted tmp[h][w] -> tmp_c[1][w]"))
            && kernel.contains(&"parallel loop `i` (private `tmp_c`)".to_string()),
        "{kernel:?}"
    );
    // Each row of `tmp` is read in the next iteration too: no copy per thread.
    let rows = decisions("rows");
    assert!(
        rows.iter().any(|d| d.starts_with("contracted tmp[h][w]"))
            && !rows.iter().any(|d| d.contains("private `tmp_c`")),
        "{rows:?}"
    );
}

/// A buffer contracted along the inner loop as well (`tmp[i][j]` read at `j` and `j - 1`
/// keeps two cells): its contraction holds only in the fused order, so privatizing it
/// is judged on the dataflow of that order, not of the text (where the expanded buffer
/// once read other values, and the row loop stayed sequential).
#[test]
fn a_buffer_contracted_in_the_fused_order_alone_is_private_to_each_thread() {
    let kernel = "
static void pairs(int h, int w, double in[h][w], double out[h][w]) {
  double tmp[h][w];
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      tmp[i][j] = in[i][j] * 0.5 + 1.0;
  for (int i = 0; i < h; i++)
    for (int j = 1; j < w; j++)
      out[i][j] = tmp[i][j] + tmp[i][j - 1];
}";
    let calls = "pairs(30, 32, (double (*)[32])A, (double (*)[32])B);";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("buffer private in the fused order", &src);
    let decisions: Vec<String> = report
        .regions
        .iter()
        .flat_map(|r| r.decisions.iter().map(|d| d.to_string()))
        .collect();
    assert!(
        decisions
            .iter()
            .any(|d| d.starts_with("contracted tmp[h][w] -> tmp_c[1][2]"))
            && decisions.contains(&"parallel loop `i` (private `tmp_c`)".to_string()),
        "{decisions:?}"
    );
}

/// gramschmidt's shape: inside the sequential loop `k`, a reduction over the rows (which
/// stays sequential) and an update of every row (parallel) of about the same cost.
/// Threads starting at each `k` for half of its work ran 10-35% slower than one thread
/// (bench/results.md): the update stays sequential, with why. Alone in `k`, it runs on
/// threads.
#[test]
fn a_parallel_loop_beside_as_much_sequential_work_stays_sequential() {
    let kernel = "
static void half(int n, double A[n][n], double r[n]) {
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < n; j++)
      r[j] = 0.0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        r[j] += A[i][j] * A[i][k];
    for (int i = 0; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= r[j] * A[i][k];
  }
}
static void whole(int n, double A[n][n], double r[n]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= r[j] * A[i][k];
}";
    let calls = "half(30, (double (*)[30])A, B);
  whole(30, (double (*)[30])A, B);";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("mostly sequential", &src);
    let decisions = |function: &str| decisions_in(&report, function);
    let half = decisions("half");
    assert!(
        half.contains(&"loop `i` stays sequential: the parallel loops inside loop `k` would run about 50% of its work, and threads would start at each of its iterations".to_string())
            && !half.iter().any(|d| d.starts_with("parallel loop")),
        "{half:?}"
    );
    let whole = decisions("whole");
    assert!(
        whole.contains(&"parallel loop `i`".to_string()),
        "{whole:?}"
    );
}

#[test]
fn nestor_s_own_guarded_parallel_loop_is_read_back_as_the_source_s() {
    let src = "void f(int n, double a[restrict n][n], double b[restrict n][n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      a[i][j] = b[i][j] * 2;
}
";
    let first = common::searched(src, None);
    assert!(
        first.output.contains("#ifdef _OPENMP\n"),
        "{}",
        first.output
    );
    let second = common::searched(&first.output, None);
    assert_eq!(second.output, first.output);
    let messages = common::region_messages(&second);
    assert!(
        !messages.iter().any(|m| m.starts_with("N123")),
        "{messages:?}"
    );
}

#[test]
fn both_branches_of_an_if_on_data_writing_one_cell_keep_its_dependences() {
    // Each branch's write is a must-write of one statement instance: isl's dataflow saw
    // no order between the two, took neither for the value the next reader gets, and
    // the flow dependences came out empty (the interchange, and the parallel loop, were
    // then "legal" and changed the results).
    let kernels = [
        "void kernel(void) {
  for (int j = 1; j < n; j++)
    for (int i = 0; i < n - 1; i++)
      if ((i + j) % 3) B[i][j] = B[i+1][j-1] + A[i][j]; else B[i][j] = B[i+1][j-1] * 0.5;
}",
        "void kernel(void) {
  for (int i = 1; i < n; i++) {
    double w = A[i][0];
    for (int j = 0; j < i; j++)
      w += B[j][0];
    if (A[i][i] > 0.5) B[i][0] = w; else B[i][0] = w * 0.5;
  }
}",
        // Two cells that are one where `i == j`.
        "void kernel(void) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      if (A[i][j] > 0.3) B[i][j] = B[i-1][j-1] + 1.0; else B[j][i] = B[i-1][j-1] * 0.5;
}",
    ];
    for (k, kernel) in kernels.iter().enumerate() {
        let src = program(kernel);
        let report = optimized(&src);
        check_runs(&format!("if/else {k}"), &src, &report);
    }
}

#[test]
fn a_parallel_loop_after_code_on_its_line_gets_its_pragma_on_a_line_of_its_own() {
    // `#ifdef _OPENMP` spliced after `{` on the same line, or after a line continued
    // onto the loop's (`\`), did not compile.
    let kernels = [
        (
            "mid-line loop",
            "void kernel(void) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) B[i][j] = A[j][i] * 2.0;
}",
        ),
        (
            "loop after a continued line",
            "void kernel(void) {
  n = n; \\
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) B[i][j] = A[j][i] * 2.0;
}",
        ),
    ];
    for (name, kernel) in kernels {
        let src = program(kernel);
        let report = optimized(&src);
        assert_eq!(
            parallel(&report),
            ["parallel loop `i`"],
            "{}",
            report.output
        );
        check_runs(name, &src, &report);
    }
    let report = optimized(&program(kernels[0].1));
    assert!(
        report
            .output
            .contains("void kernel(void) { \n#ifdef _OPENMP"),
        "{}",
        report.output
    );
}

/// A scratch array the caller passes (`sum[p]`, doitgen's shape) or a global one, which
/// each iteration writes before it reads: each thread works in its own copy, and the
/// copy of the last iteration is stored back after the loop, where the caller reads it.
/// Called with no iteration first: nothing is stored back then.
#[test]
fn a_scratch_array_the_caller_reads_is_copied_per_thread_and_the_last_copy_stored_back() {
    let kernel = "
static void scratch(int r, int n, double A[r][n], double C[n][n], double sum[n]) {
  for (int i = 0; i < r; i++) {
    for (int p = 0; p < n; p++) {
      sum[p] = 0.0;
      for (int s = 0; s < n; s++)
        sum[p] += A[i][s] * C[s][p];
    }
    for (int p = 0; p < n; p++)
      A[i][p] = sum[p];
  }
}
static double small[16];
static void fixed(int r, double A[r][16]) {
  for (int i = 0; i < r; i++) {
    for (int p = 0; p < 16; p++)
      small[p] = A[i][p] * 2.0 + 1.0;
    for (int p = 1; p < 16; p++)
      for (int q = 0; q < 16; q++)
        A[i][p] += small[p] - small[p - 1] * A[i][q];
  }
}
static void steps(int T, int n, int m, double A[n][m], double B[n][m], double t[m]) {
  for (int s = 0; s < T; s++) {
    for (int i = 1; i < n - 1; i++) {
      for (int p = 0; p < m; p++)
        t[p] = A[i - 1][p] + A[i + 1][p] + s;
      for (int p = 0; p < m; p++)
        for (int q = 0; q < m; q++)
          B[i][p] += t[q] * 0.001 * A[i][p];
    }
    for (int i = 1; i < n - 1; i++)
      for (int p = 0; p < m; p++)
        A[i][p] = B[i][p] * 0.5;
  }
}
static void three(int r, int n, double A[r][n], double u[n], double v[n], double w[2][n]) {
  for (int i = 0; i < r; i++) {
    for (int p = 0; p < n; p++) {
      u[p] = A[i][p] * 2.0;
      v[p] = A[i][p] + 1.0;
      w[0][p] = A[i][p] - 1.0;
      w[1][p] = A[i][p] * 0.5;
    }
    for (int p = 0; p < n; p++)
      for (int q = 0; q < n; q++)
        A[i][p] += u[q] * v[n - 1 - q] * 0.01 + w[0][q] * w[1][p];
  }
}
static void downward(int r, int n, double A[r][n], double t[n]) {
  for (int i = r - 1; i >= 0; i--) {
    for (int p = 0; p < n; p++)
      t[p] = A[i][p] * 2.0 + i;
    for (int p = 0; p < n; p++)
      A[i][p] += t[n - 1 - p] * 0.5;
  }
}
static void plane(int r, int n, double A[r][n], double t[4][n]) {
  for (int i = 0; i < r; i++) {
    for (int a = 0; a < 4; a++)
      for (int p = 0; p < n; p++)
        t[a][p] = A[i][p] * (a + 1);
    for (int p = 0; p < n; p++)
      for (int q = 0; q < n; q++)
        A[i][p] += t[0][q] * t[3][p];
  }
}";
    let calls = "steps(4, 16, 16, (double (*)[16])(A + 768), (double (*)[16])(B + 500), B + 800);
  three(12, 16, (double (*)[16])(B + 600), B + 900, B + 940, (double (*)[16])(B + 960));
  scratch(0, 16, (double (*)[16])A, (double (*)[16])(A + 512), B);
  scratch(32, 16, (double (*)[16])A, (double (*)[16])(A + 512), B);
  fixed(40, (double (*)[16])(A + 128));
  plane(10, 16, (double (*)[16])(B + 200), (double (*)[16])(B + 400));
  downward(20, 16, (double (*)[16])(A + 300), B + 1000);
  for (int p = 0; p < 16; p++) B[100 + p] = small[p];";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("scratch arrays copied per thread", &src);
    // `steps`: inside a time loop, stored back after each run of the loop; `three`:
    // three arrays, each found once the one before is copied, one written by a
    // statement per row (two boxes, one once coalesced); `downward`: the loop runs
    // down, its last iteration `i = 0`.
    let copied = [
        ("scratch", "copy of `sum`"),
        ("fixed", "copy of `small`"),
        ("plane", "copy of `t`"),
        ("steps", "copy of `t`"),
        ("three", "copies of `u`, `v`, `w`"),
        ("downward", "copy of `t`"),
    ];
    for (function, array) in copied {
        let decisions = decisions_in(&report, function);
        let copied = format!(
            "(each thread has its own {array}, the last iteration's stored back after the loop)"
        );
        assert!(
            decisions
                .iter()
                .any(|d| d.starts_with("parallel loop `i`") && d.contains(&copied)),
            "{function}: {decisions:?}\n{}",
            report.output
        );
    }
    assert!(
        report.output.contains("lastprivate(sum_i_last)")
            && report.output.contains("#pragma omp single"),
        "{}",
        report.output
    );
}

/// Where the last iteration does not write every cell the others write (the rows
/// shrink), or an iteration reads what the one before left, the values the caller reads
/// are not the last iteration's: the loop stays sequential.
#[test]
fn a_scratch_array_whose_last_values_come_from_other_iterations_keeps_the_loop_sequential() {
    let kernel = "
static void shrinking(int r, int n, double A[r][n], double t[n]) {
  for (int i = 0; i < r; i++) {
    for (int p = 0; p < n - i; p++)
      t[p] = A[i][p] + 1.0;
    for (int p = 0; p < n - i; p++)
      for (int q = 0; q < n; q++)
        A[i][q] += t[p] * t[p];
  }
}
static void carried(int r, int n, double A[r][n], double t[n]) {
  for (int i = 0; i < r; i++) {
    for (int q = 0; q < n; q++)
      A[i][q] += t[q];
    for (int p = 0; p < n; p++)
      t[p] = A[i][p] * 0.5;
  }
}";
    let calls = "shrinking(30, 16, (double (*)[16])A, B);
  carried(30, 16, (double (*)[16])(A + 512), B + 100);";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("scratch arrays left shared", &src);
    for function in ["shrinking", "carried"] {
        let decisions = decisions_in(&report, function);
        assert!(
            !decisions.iter().any(|d| d.contains("its own copy")),
            "{function}: {decisions:?}\n{}",
            report.output
        );
    }
}

/// A thread's copy keeps the array's row type, whose declared width may be 0 where the
/// loop accesses no cell: the copy's type takes at least 1 (UBSan reported the
/// non-positive bound of the block's array type before).
#[test]
fn a_thread_copy_of_rows_of_width_zero_has_a_positive_row_type() {
    let src = include_str!("fixtures/thread_copy_of_a_zero_width_row.c");
    let report = optimized(src);
    assert!(report.output.contains("lastprivate("), "{}", report.output);
    let sanitized = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"];
    common::assert_same_behaviour_with("zero-width rows", src, &report.output, &sanitized)
        .unwrap_or_else(|e| panic!("{e}"));
    check_runs("zero-width rows", src, &report);
}

/// Threads may run on small stacks (`OMP_STACKSIZE`): a copy larger than a few KiB
/// goes on the heap (64 Ki doubles on each thread's stack crashed at 256 KiB).
#[test]
fn a_large_thread_copy_lies_on_the_heap() {
    let src = include_str!("fixtures/thread_copy_on_a_small_stack.c");
    let report = optimized(src);
    assert!(
        report.output.contains("lastprivate(G_i_last)")
            && report
                .output
                .contains("char *G_i_memory = __builtin_malloc("),
        "{}",
        report.output
    );
    check_runs("a large copy", src, &report);
}

/// The source's own parallel loop keeps its pragma as written: no copies per thread,
/// whose worksharing `omp for` would not take its `num_threads` clause.
#[test]
fn the_source_s_parallel_loop_gets_no_copies_of_arrays() {
    let src = include_str!("fixtures/source_parallel_loop_with_a_shared_scratch.c");
    let report = optimized(src);
    assert!(
        !report.output.contains("lastprivate")
            && report
                .output
                .contains("#pragma omp parallel for num_threads(2)"),
        "{}",
        report.output
    );
}

/// A run of the parallel loop with no iteration stores nothing back: OpenMP leaves the
/// `lastprivate` pointer unspecified then (libgomp left garbage), so the store-back
/// waits for a flag an iteration sets.
#[test]
fn a_run_of_a_parallel_loop_with_no_iteration_stores_no_copy_back() {
    let src = include_str!("fixtures/thread_copy_of_a_run_with_no_iteration.c");
    let report = optimized(src);
    assert!(
        report.output.contains("lastprivate(t_i_last)"),
        "{}",
        report.output
    );
    check_runs("a run with no iteration", src, &report);
}

#[test]
fn rows_that_only_read_the_pivot_row_run_concurrently_on_each_side_of_it() {
    // Floyd-Warshall: at step k, row k is written by iteration i = k alone and read by
    // every other row, rows i < k before its update and rows i > k after it. The rows
    // before k, then row k, then the rows after k: each side runs concurrently.
    let src = program(
        "void kernel(void) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double through = A[i][k] + A[k][j];
        A[i][j] = through < A[i][j] ? through : A[i][j];
      }
}",
    );
    let report = optimized(&src);
    assert!(
        parallel(&report).contains(
            &"parallel loop `i` in two parts around the iteration that writes what its others read (A) (private `through`)"
                .to_string()
        ),
        "{:?}\n{}",
        parallel(&report),
        report.output
    );
    let kernel = report.output.split("int main").next().unwrap_or_default();
    assert_eq!(
        kernel.matches("#pragma omp parallel for").count(),
        2,
        "{kernel}"
    );
    check_runs("pivot row", &src, &report);
}

#[test]
fn a_value_carried_across_the_rows_of_a_part_keeps_the_loop_sequential() {
    // As above, but each row also adds to a running sum the row before it left in `s`:
    // a flow dependence between the rows on each side of the pivot row.
    let src = program(
        "void kernel(void) {
  double s = 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++)
        A[i][j] = A[i][j] < A[i][k] + A[k][j] ? A[i][j] : A[i][k] + A[k][j];
      s = s * 0.5 + A[i][k];
      B[k][i] = s;
    }
}",
    );
    let report = optimized(&src);
    assert!(
        !parallel(&report).iter().any(|d| d.contains("`i`")),
        "{:?}\n{}",
        parallel(&report),
        report.output
    );
    check_runs("carried across rows", &src, &report);
}
