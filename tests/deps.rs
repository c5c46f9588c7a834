//! Dataflow and legality on the papers' worked examples, compared with exact isl
//! relations (`is_equal`, not text).

use isl_rs::{Context, UnionMap};
use nestor::deps::{self, Dataflow, Order, Verdict, ViolationKind};
use nestor::frontend;
use nestor::model::{self, Scop};

/// One lifted region with its model and dataflow. `ctx` is last so it is dropped last.
struct Analysis {
    df: Dataflow,
    scop: Scop,
    ctx: Context,
}

fn analyze(src: &str) -> Analysis {
    let front = frontend::analyze(src, &[], &[]);
    assert!(front.rejected.is_empty(), "rejected: {:?}", front.rejected);
    assert_eq!(front.regions.len(), 1, "expected one region");
    let ctx = nestor::isl::new_context();
    let text = model::scop_text(&front.regions[0]).expect("modelled");
    let scop = model::build(&ctx, &text).expect("isl accepts the model");
    let df = deps::dataflow(&ctx, &scop).expect("dataflow");
    Analysis { df, scop, ctx }
}

impl Analysis {
    fn map(&self, text: &str) -> UnionMap {
        UnionMap::read_from_str(&self.ctx, text).expect("valid isl relation")
    }

    fn assert_flow(&self, expected: &str) {
        let actual = self.df.plain.flow.copy().unwrap();
        assert!(
            actual.is_equal(&self.map(expected)).unwrap(),
            "flow dependences\n  actual:   {}\n  expected: {expected}",
            actual.to_str().unwrap()
        );
    }

    fn verdict(&self, schedule: &str) -> Verdict {
        let s = self
            .map(schedule)
            .intersect_domain(self.scop.domain.copy().unwrap())
            .unwrap();
        deps::check(&self.df, &s, &Order::Sequential).unwrap()
    }

    fn parallel_verdict(&self, schedule: &str, prefix: &str, parallel: &str) -> Verdict {
        let s = self
            .map(schedule)
            .intersect_domain(self.scop.domain.copy().unwrap())
            .unwrap();
        let order = Order::Parallel {
            prefix: self.map(prefix),
            parallel: self.map(parallel),
        };
        deps::check(&self.df, &s, &order).unwrap()
    }
}

fn assert_legal(v: &Verdict, classic: bool) {
    match v {
        Verdict::Legal { classic: c } => assert_eq!(*c, classic, "legal, but classic = {c}"),
        Verdict::Illegal(v) => panic!("expected legal, got {v:?}"),
    }
}

fn assert_illegal(v: &Verdict, kind: ViolationKind) -> &deps::Violation {
    match v {
        Verdict::Illegal(violation) => {
            assert_eq!(violation.kind, kind, "{violation:?}");
            violation
        }
        Verdict::Legal { .. } => panic!("expected {kind:?}, got legal"),
    }
}

const PRE_MATMUL: &str = "
void f(int N, double A[N][N], double B[N][N], double C[N][N]) {
  double t;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t = 0;
      for (int k = 0; k < N; k++)
        t += B[i][k] * C[k][j];
      A[i][j] = t;
    }
}
";

#[test]
fn pre_matmul_flow_dependences_are_exact() {
    let a = analyze(PRE_MATMUL);
    a.assert_flow("[N] -> { S0[i, j] -> S1[i, j, 0] : 0 <= i < N and 0 <= j < N; S1[i, j, k] -> S1[i, j, k + 1] : 0 <= i < N and 0 <= j < N and 0 <= k <= N - 2; S1[i, j, N - 1] -> S2[i, j] : 0 <= i < N and 0 <= j < N }");
}

#[test]
fn pre_matmul_interchange_is_legal_only_thanks_to_live_ranges() {
    let a = analyze(PRE_MATMUL);
    let interchanged = "[N] -> { S0[i, j] -> [j, i, 0, 0]; S1[i, j, k] -> [j, i, 1, k]; S2[i, j] -> [j, i, 2, 0] }";
    assert_legal(&a.verdict(interchanged), false);
    let original = "[N] -> { S0[i, j] -> [i, j, 0, 0]; S1[i, j, k] -> [i, j, 1, k]; S2[i, j] -> [i, j, 2, 0] }";
    assert_legal(&a.verdict(original), true);
}

#[test]
fn pre_matmul_interleaving_two_iterations_inside_k_breaks_live_ranges_of_t() {
    let a = analyze(PRE_MATMUL);
    // The j loop moved inside k: every (i, j) accumulates in t at the same time.
    let interleaved = "[N] -> { S0[i, j] -> [i, 0, j, 0]; S1[i, j, k] -> [i, 1, k, j]; S2[i, j] -> [i, 2, j, 0] }";
    let v = a.verdict(interleaved);
    let violation = assert_illegal(&v, ViolationKind::LiveRangeConflict);
    assert!(violation.witness.contains("S1["), "{}", violation.witness);
    // The references in the witness are the accesses to t: R0 (t = 0), R3/R4 (t +=).
    assert!(
        violation.references.iter().all(|r| [0, 3, 4].contains(r)),
        "{:?}",
        violation.references
    );
}

#[test]
fn wavefront_interchange_is_refused_with_a_flow_witness() {
    let a = analyze(
        "
void f(int n, double A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] * 0.5;
}
",
    );
    a.assert_flow("[n] -> { S0[i, j] -> S0[i + 1, j - 1] : 1 <= i <= n - 2 and 1 <= j <= n - 2 }");
    let v = a.verdict("[n] -> { S0[i, j] -> [j, i] }");
    let violation = assert_illegal(&v, ViolationKind::FlowReversed);
    assert_eq!(
        violation.references,
        vec![1, 0],
        "write R1 then read R0: {}",
        violation.witness
    );
}

#[test]
fn forward_substitution_flow_dependences_are_exact() {
    let a = analyze(
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
    a.assert_flow("[N] -> { S0[i] -> S1[i, 0] : 1 <= i < N; S1[i, j] -> S1[i, j + 1] : 0 <= j and j + 1 < i < N; S2[j] -> S1[i, j] : 0 <= j < i < N; S0[0] -> S2[0] : N >= 1; S1[i, i - 1] -> S2[i] : 1 <= i < N }");
}

/// Morvan's two-pass 3x3 filter (paper 004, section 2.1).
const GAUSS: &str = include_str!("fixtures/gauss_two_pass.c");

#[test]
fn two_pass_filter_flow_dependences_are_exact() {
    let a = analyze(GAUSS);
    a.assert_flow("[M, N] -> { S0[i, j'] -> S1[i, j] : 1 <= i <= N - 2 and 1 <= j <= M - 2 and j - 1 <= j' <= j + 1 }");
}

#[test]
fn two_pass_filter_fused_with_shift_2_is_legal_and_without_shift_is_not() {
    let a = analyze(GAUSS);
    assert_legal(
        &a.verdict("[M, N] -> { S0[i, j] -> [i, j, 0]; S1[i, j] -> [i, j + 2, 1] }"),
        true,
    );
    assert_legal(
        &a.verdict("[M, N] -> { S0[i, j] -> [i, j, 0]; S1[i, j] -> [i, j + 1, 1] }"),
        true,
    );
    assert_illegal(
        &a.verdict("[M, N] -> { S0[i, j] -> [i, j, 0]; S1[i, j] -> [i, j, 1] }"),
        ViolationKind::FlowReversed,
    );
}

#[test]
fn body_scalars_in_a_column_order_nest_allow_interchange() {
    let a = analyze(
        "
void f(int n, double A[n][n], double B[n][n]) {
  double x, y;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      x = A[i][j] * 2;
      y = x + 1;
      B[i][j] = y * x;
    }
}
",
    );
    a.assert_flow("[n] -> { S0[j, i] -> S1[j, i] : 0 <= j < n and 0 <= i < n; S0[j, i] -> S2[j, i] : 0 <= j < n and 0 <= i < n; S1[j, i] -> S2[j, i] : 0 <= j < n and 0 <= i < n }");
    assert_legal(
        &a.verdict(
            "[n] -> { S0[j, i] -> [i, j, 0]; S1[j, i] -> [i, j, 1]; S2[j, i] -> [i, j, 2] }",
        ),
        false,
    );
}

#[test]
fn a_write_that_overwrites_another_is_the_only_source() {
    let a = analyze(
        "
void f(int n, double A[n], double B[n], double C[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i];
  for (int i = 0; i < n; i++)
    A[i] = C[i];
  for (int i = 0; i < n; i++)
    B[i] = A[i];
}
",
    );
    a.assert_flow("[n] -> { S1[i] -> S2[i] : 0 <= i < n }");
}

#[test]
fn partially_covering_writes_split_the_sources() {
    let a = analyze(
        "
void f(int n, double A[n], double B[n], double C[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i];
  for (int i = 0; i < n / 2; i++)
    A[i] = C[i];
  for (int i = 0; i < n; i++)
    B[i] = A[i];
}
",
    );
    // C's n / 2 rounds towards zero: for n < 0 the second loop is empty either way.
    a.assert_flow("[n] -> { S1[i] -> S2[i] : 0 <= i < n and 2i < n - 1; S0[i] -> S2[i] : 0 <= i < n and 2i >= n - 1 }");
}

#[test]
fn a_conditional_write_does_not_kill_the_cells_it_skips() {
    let a = analyze(
        "
void f(int n, double A[n], double B[n], double C[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i];
  for (int i = 0; i < n; i++)
    if (i % 2 == 0)
      A[i] = C[i];
  for (int i = 0; i < n; i++)
    B[i] = A[i];
}
",
    );
    a.assert_flow("[n] -> { S1[i] -> S2[i] : 0 <= i < n and i mod 2 = 0; S0[i] -> S2[i] : 0 <= i < n and i mod 2 = 1 }");
}

#[test]
fn the_last_write_of_a_live_out_cell_must_stay_last() {
    let a = analyze(
        "
void f(int n, double A[n], double B[n], double C[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i];
  for (int i = 0; i < n; i++)
    A[i] = C[i];
}
",
    );
    assert_legal(
        &a.verdict("[n] -> { S0[i] -> [0, i]; S1[i] -> [1, i] }"),
        true,
    );
    assert_illegal(
        &a.verdict("[n] -> { S0[i] -> [1, i]; S1[i] -> [0, i] }"),
        ViolationKind::LiveOutChanged,
    );
}

#[test]
fn a_live_in_value_must_be_read_before_it_is_overwritten() {
    let a = analyze(
        "
void f(int n, double A[n], double B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = A[i];
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
",
    );
    assert_illegal(
        &a.verdict("[n] -> { S0[i] -> [1, i]; S1[i] -> [0, i] }"),
        ViolationKind::LiveInOverwritten,
    );
}

#[test]
fn parallel_loops_count_equal_time_stamps_as_overlapping() {
    let a = analyze(PRE_MATMUL);
    let original = "[N] -> { S0[i, j] -> [i, j, 0, 0]; S1[i, j, k] -> [i, j, 1, k]; S2[i, j] -> [i, j, 2, 0] }";
    let prefix = "[N] -> { S0[i, j] -> [i]; S1[i, j, k] -> [i]; S2[i, j] -> [i] }";
    let parallel_j = "[N] -> { S0[i, j] -> [j]; S1[i, j, k] -> [j]; S2[i, j] -> [j] }";
    // t is shared by all j iterations: running them in parallel breaks its live ranges.
    assert_illegal(
        &a.parallel_verdict(original, prefix, parallel_j),
        ViolationKind::LiveRangeConflict,
    );
    let b = analyze(
        "
void f(int n, double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = B[i][j] + B[j][i];
}
",
    );
    assert_legal(
        &b.parallel_verdict(
            "[n] -> { S0[i, j] -> [i, j] }",
            "[n] -> { S0[i, j] -> [] }",
            "[n] -> { S0[i, j] -> [i] }",
        ),
        true,
    );
}
