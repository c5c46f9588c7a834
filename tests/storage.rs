//! Expansion and contraction: the papers' examples on exact isl results, and the
//! rules for what counts as a temporary, through the whole pipeline.

mod common;

use isl_rs::UnionMap;
use nestor::analysis::dataflow;
use nestor::driver::pipeline::{self, Options, Status};
use nestor::transform::contraction;
use nestor::transform::search::SearchOptions;
use nestor::{frontend, model};

fn optimized(src: &str) -> pipeline::FileReport {
    optimized_with(src, false)
}

fn optimized_with(src: &str, assume_no_alias: bool) -> pipeline::FileReport {
    let options = Options {
        mode: pipeline::Mode::Search(SearchOptions::default()),
        contract: true,
        assume_no_alias,
        ..Options::default()
    };
    pipeline::optimize(src, &options)
}

fn decisions(report: &pipeline::FileReport) -> Vec<String> {
    report
        .regions
        .iter()
        .flat_map(|r| r.decisions.iter().map(|d| d.to_string()))
        .collect()
}

/// Morvan's two-pass 3x3 filter (paper 004, section 2.1).
const GAUSS: &str = include_str!("fixtures/gauss_two_pass.c");

#[test]
fn paper_filter_fused_with_shift_2_contracts_to_four_cells_of_one_row() {
    let front = frontend::analyze(GAUSS, &[], &[]);
    let region = &front.regions[0];
    let ctx = nestor::support::isl::new_context();
    let text = model::scop_text(region).expect("modelled");
    let scop = model::build(&ctx, &text, Default::default()).expect("isl model");
    let df = dataflow::dataflow(&ctx, &scop).expect("dataflow");
    let fused = UnionMap::read_from_str(
        &ctx,
        "[M, N] -> { S0[i, j] -> [i, j, 0]; S1[i, j] -> [i, j + 2, 1] }",
    )
    .unwrap()
    .intersect_domain(scop.domain.copy().unwrap())
    .unwrap();
    let moduli =
        contraction::contraction_moduli(&df.plain.writes, &df.plain.flow, &fused, "tmp", 2)
            .unwrap();
    assert_eq!(moduli, vec![Some(1), Some(4)]);
    // In the original order every row is produced before any is consumed: no contraction.
    let original = dataflow::schedule_map(&scop, &scop.schedule).unwrap();
    let moduli =
        contraction::contraction_moduli(&df.plain.writes, &df.plain.flow, &original, "tmp", 2)
            .unwrap();
    assert_eq!(moduli, vec![None, None]);
}

#[test]
fn the_pipeline_fuses_and_contracts_the_local_temporary_in_place() {
    let report = optimized_with(GAUSS, true);
    let d = decisions(&report);
    assert!(
        d.iter()
            .any(|x| x.starts_with("contracted tmp[N][M] -> tmp[1][")),
        "{d:?}"
    );
    assert!(report.output.contains("int tmp[1]["), "{}", report.output);
    assert!(
        !report.output.contains("int tmp[N][M]"),
        "the declaration shrinks in place"
    );
}

/// Where `in` and `out` may be the same memory, the region is versioned: its
/// fallback, the code as written, still uses `tmp[N][M]`, so the contracted buffer is
/// a new one.
#[test]
fn a_versioned_region_contracts_into_a_new_buffer() {
    let report = optimized(GAUSS);
    let d = decisions(&report);
    assert!(
        d.iter()
            .any(|x| x.starts_with("contracted tmp[N][M] -> tmp_c[1][")),
        "{d:?}"
    );
    assert!(report.output.contains("int tmp[N][M]"), "{}", report.output);
    assert!(report.output.contains("} else {"), "{}", report.output);
}

#[test]
fn forward_substitution_keeps_y_which_is_live_out() {
    let report = optimized(
        "
void forward_subst(int N, int b[N], int L[N][N], int y[N]) {
  int i, j;
  for (i = 0; i < N; i++) {
    y[i] = b[i];
    for (j = 0; j < i; j++)
      y[i] = y[i] - L[i][j] * y[j];
    y[i] = y[i] / L[i][i];
  }
}
",
    );
    assert!(report.regions.iter().all(|r| r.status == Status::Rewritten
        || r.diagnostics.iter().any(|d| d.code.as_str() == "N310")));
    assert!(!decisions(&report).iter().any(|d| d.contains("contracted")));
}

#[test]
fn a_temporary_read_after_the_region_is_not_contracted() {
    let src = GAUSS.replace("      out[i][j] = 3 * tmp[i][j] - tmp[i][j - 1] - tmp[i][j + 1];\n}", "      out[i][j] = 3 * tmp[i][j] - tmp[i][j - 1] - tmp[i][j + 1];\n  out[0][0] = tmp[1][1];\n}");
    assert_ne!(src, GAUSS);
    let d = decisions(&optimized(&src));
    assert!(!d.iter().any(|x| x.contains("contracted")), "{d:?}");
}

#[test]
fn a_temporary_whose_address_escapes_is_not_contracted() {
    let src = GAUSS.replace(
        "  int tmp[N][M];\n",
        "  int tmp[N][M];\n  int *p = &tmp[0][0];\n  *p = 0;\n",
    );
    assert_ne!(src, GAUSS);
    let d = decisions(&optimized(&src));
    assert!(!d.iter().any(|x| x.contains("contracted")), "{d:?}");
}

#[test]
fn expanded_and_contracted_programs_compute_the_same_results() {
    let src = "
#include <stdio.h>
#define N 30
static void f(int n, double A[n][n], double B[n][n], double C[n][n]) {
  /* Loops of N (a constant) iterations: an expansion along a loop of `n`
     iterations could overflow the stack, so nestor would not make it. */
  double t;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t = 0;
      for (int k = 0; k < N; k++)
        t += B[i][k] * C[k][j];
      A[i][j] += 2 * t; /* no assignment of `t`'s value, which would be forwarded */
    }
}
static void g(int n, double a[n], double b[n]) {
  double tmp[n];
  for (int i = 0; i < n; i++)
    tmp[i] = a[i] * 2;
  for (int i = 1; i < n; i++)
    b[i] = tmp[i] + tmp[i - 1];
}
static double A[N][N], B[N][N], C[N][N], a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i % 7;
    for (int j = 0; j < N; j++) {
      B[i][j] = (i * j) % 5 - 2;
      C[i][j] = (i + 3 * j) % 9 * 0.5;
    }
  }
  f(N, A, B, C);
  g(N, a, b);
  double s = 0;
  for (int i = 0; i < N; i++) {
    s += b[i];
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i - j);
  }
  printf(\"%.17g\\n\", s);
  return 0;
}
";
    let report = optimized(src);
    let d = decisions(&report);
    assert!(
        d.iter().any(|x| x.starts_with("expanded scalar `t`")),
        "{d:?}"
    );
    assert!(
        // A new buffer: the region is versioned (`a` and `b` may overlap), and its
        // fallback still uses `tmp`.
        d.iter()
            .any(|x| x.starts_with("contracted tmp[n] -> tmp_c[")),
        "{d:?}"
    );
    common::assert_same_behaviour("expansion and contraction", src, &report.output, None).unwrap();
}

/// The cell `forwarding::forwarded` keeps the first web of the scalar `s` of `src`'s
/// first region in.
fn forwarded_into(src: &str) -> Option<String> {
    let front = frontend::analyze(src, &[], &[]);
    let ctx = nestor::support::isl::new_context();
    let plan = nestor::analysis::plan::Plan::lift(&ctx, front.regions[0].clone())
        .expect("isl")
        .expect("modelled");
    nestor::transform::forwarding::forwarded(&ctx, &plan, "s", 0)
        .expect("isl")
        .map(|(_, f)| f.cell)
}

/// `for i for j { s = 0; for k: s += A[i][k] * B[k][j]; <store> }` with `C` of `ctype`
/// and `between` in the `k` loop.
fn product(ctype: &str, between: &str, store: &str) -> String {
    format!(
        "void f(int n, {ctype} C[restrict n][n], double A[restrict n][n], double B[restrict n][n], double D[restrict n][n]) {{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {{
      double s = 0.0;
      for (int k = 0; k < n; k++) {{
        s += A[i][k] * B[k][j];
        {between}
      }}
      {store}
    }}
}}
"
    )
}

#[test]
fn a_scalar_accumulator_is_forwarded_into_the_cell_it_is_stored_to() {
    assert_eq!(
        forwarded_into(&product("double", "", "C[i][j] = s;")).as_deref(),
        Some("C[i][j]")
    );
    // A store that computes is kept, reading the cell.
    assert_eq!(
        forwarded_into(&product("double", "", "C[i][j] = 2 * s;")).as_deref(),
        Some("C[i][j]")
    );
    // A later value of `s` is a web of its own, which stays in `s`.
    let later = "void f(int n, double x[restrict n], double a[restrict n], double b[restrict n]) {
  for (int i = 0; i < n; i++) {
    double s = a[i];
    x[i] = s;
    s = b[i];
  }
}
";
    assert_eq!(forwarded_into(later).as_deref(), Some("x[i]"));
    // The product with the accumulator gets the code of the product accumulating into
    // `C[i][j]`, with nothing added.
    let direct =
        "void f(int n, double C[restrict n][n], double A[restrict n][n], double B[restrict n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}
";
    let forwarded = optimized(&product("double", "", "C[i][j] = s;"));
    let d = decisions(&forwarded);
    assert_eq!(
        d[0], "kept scalar `s` in `C[i][j]`, the cell its value is stored to",
        "{d:?}"
    );
    assert_eq!(d[1..], decisions(&optimized(direct))[..], "{d:?}");
}

#[test]
fn a_scalar_is_not_forwarded_where_the_cell_would_change_what_the_program_computes() {
    // Another type: every `+=` would round to the cell's type.
    assert_eq!(forwarded_into(&product("float", "", "C[i][j] = s;")), None);
    // The cell is read before the store: it would read the partial sum.
    assert_eq!(
        forwarded_into(&product("double", "D[i][k] = C[i][j];", "C[i][j] = s;")),
        None
    );
    // Not an assignment of the cell.
    assert_eq!(
        forwarded_into(&product("double", "", "if (i > j) C[i][j] = s;")),
        None
    );
    // `s` holds a value from before the region at its first read.
    let live_in = "void f(int n, double x[restrict n], double a[restrict n]) {
  double s = 1.0;
  for (int i = 0; i < 1; i++) {
    s += a[i];
    x[i] = s;
  }
}
";
    assert_eq!(forwarded_into(live_in), None);
}

#[test]
fn forwarded_products_compute_the_same_results() {
    let kernel = "
static void kernel(int n, double C[n][n], double X[n][n], double Y[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += X[i][k] * Y[k][j];
      C[i][j] = s;
    }
}
static void matvec(int n, int d, double *out, const double *x, const double *w) {
  for (int i = 0; i < d; i++) {
    double val = 0.0;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    out[i] = val;
  }
}";
    let calls = "kernel(16, (double (*)[16])A, (double (*)[16])B, (double (*)[16])B);
  kernel(12, (double (*)[12])(A + 300), (double (*)[12])A, (double (*)[12])(B + 400));
  matvec(16, 16, B + 256, A, B);
  matvec(20, 20, A, A, B);";
    let src = common::two_array_program(&[], 1024, kernel, calls);
    let report = common::searched_and_compared("forwarded products", &src);
    let d = common::kernel_decisions(&report, |_| true);
    assert!(
        d.iter()
            .any(|x| x.starts_with("kept scalar `s` in `C[i][j]`")),
        "{d:?}"
    );
}

#[test]
fn a_scalar_is_not_kept_in_a_cell_its_loop_also_reads() {
    // Each sum's loop reads the cell its value is stored to (`y[j]` at `j = i`, `x[j + 1]`
    // at `j = i - 1`), there the value from before the loop. In that cell, the read
    // would see the partial sum: the statement instances read from the same ones, but
    // one of their references from another write (an adversarial review's programs).
    for fixture in [
        "forwarded_cell_read_at_its_row.c",
        "forwarded_cell_read_at_its_row_2d.c",
        "forwarded_cell_read_one_column_on.c",
        "forwarded_max_read_at_its_row.c",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(fixture);
        let src = std::fs::read_to_string(&path).expect("fixture");
        let report = common::searched_by_model(&src);
        let forwarded = report
            .regions
            .iter()
            .flat_map(|r| &r.decisions)
            .filter(|d| matches!(d, nestor::transform::decision::Decision::Forwarded(_)))
            .count();
        assert_eq!(forwarded, 0, "{fixture}\n{}", report.output);
        common::assert_same_behaviour_threaded(fixture, &src, &report.output, None)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
