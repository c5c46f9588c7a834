//! Product nests run as packed micro-kernels (`transform::products`): which nests get
//! one, and that the rewritten programs compute the same bits as the originals, at
//! 1, 2 and 4 threads, through every path of the kernel (full register tiles, partial
//! ones, blocks of `k` and of columns, buffers that cannot be allocated).

mod common;

use common::{
    assert_same_behaviour, assert_same_behaviour_threaded, assert_same_behaviour_with,
    kernel_decisions,
};
use nestor::driver::pipeline::FileReport;
use nestor::transform::decision::Decision;

/// `src` through the automatic search as `nestor optimize` runs it.
fn searched(src: &str) -> FileReport {
    common::searched_by_model(src)
}

/// [`searched`], the result compiled, run at 1, 2 and 4 threads and compared with the
/// original exactly.
fn searched_and_compared(name: &str, src: &str) -> FileReport {
    let report = searched(src);
    assert_same_behaviour_threaded(name, src, &report.output, None)
        .unwrap_or_else(|e| panic!("{e}"));
    report
}

fn kernels(report: &FileReport) -> Vec<String> {
    kernel_decisions(report, |d| matches!(d, Decision::ProductKernel { .. }))
}

/// A program calling `kernel` (of `double` arrays `C[ni][nj]`, `A[ni][nk]`,
/// `B[nk][nj]`, sizes as parameters) and printing every bit of `C`. Sizes leave
/// partial register tiles, two blocks of `k` and two of columns.
fn product_program(element: &str, kernel: &str) -> String {
    format!(
        r#"#include <stdio.h>
#include <string.h>
#define NI 101
#define NJ 2060
#define NK 300
static {element} A[NI][NK], B[NK][NJ], C[NI][NJ];
{kernel}
int main(void) {{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = ({element})((i * 7 + k * 3) % 23) / 23;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = ({element})((k * 5 + j) % 19) / 19;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = ({element})((i + j) % 7) / 7;
  kernel(NI, NJ, NK, 1.5, A, B, C);
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {{
      unsigned long long u = 0;
      memcpy(&u, &C[i][j], sizeof C[i][j]);
      h = (h ^ u) * 1099511628211ULL;
    }}
  printf("%llu\n", h);
  return 0;
}}
"#
    )
}

const GEMM: &str = r#"
void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}
"#;

#[test]
fn a_product_nest_runs_as_a_packed_kernel_with_the_same_bits() {
    let report = searched_and_compared("gemm", &product_program("double", GEMM));
    assert_eq!(
        kernels(&report),
        [
            "ran `S0` as a packed product kernel: 5 x 8 cells in registers (5 x 16 where the compiler targets AVX-512), operands packed in blocks of 100 x 256 and 256 x 2048"
        ]
    );
    assert!(
        report.output.contains("#pragma omp for"),
        "{}",
        report.output
    );
    // The tiles and loops the kernel replaced are not reported.
    let replaced = kernel_decisions(&report, |d| {
        matches!(
            d,
            Decision::Tiled { .. } | Decision::UnrolledAndJammed { .. }
        ) || matches!(d, Decision::Parallel(_))
    });
    assert!(replaced.is_empty(), "{replaced:?}");
}

#[test]
fn operands_in_either_order_and_float_elements_are_packed_as_they_are_computed() {
    let kernel = r#"
void kernel(int ni, int nj, int nk, float alpha, float A[NI][NK], float B[NK][NJ], float C[NI][NJ]) {
  for (int j = 0; j < nj; j++)
    for (int i = 0; i < ni; i++)
      for (int k = 0; k < nk; k++)
        C[i][j] += (alpha * B[k][j]) * A[i][k];
}
"#;
    let report = searched_and_compared("float_swapped", &product_program("float", kernel));
    assert_eq!(
        kernels(&report),
        [
            "ran `S0` as a packed product kernel: 5 x 16 cells in registers (5 x 32 where the compiler targets AVX-512), operands packed in blocks of 100 x 256 and 256 x 2048"
        ]
    );
}

#[test]
fn flat_subscripts_of_pointers_are_packed_through_their_rows() {
    let kernel = r#"
void kernel(int ni, int nj, int nk, double alpha, double A_[NI][NK], double B_[NK][NJ], double C_[NI][NJ]) {
  const double *restrict A = &A_[0][0];
  const double *restrict B = &B_[0][0];
  double *restrict C = &C_[0][0];
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i * nj + j] += A[i * nk + k] * B[k * nj + j];
}
"#;
    let report = searched_and_compared("flat", &product_program("double", kernel));
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
}

#[test]
fn nests_that_are_not_plain_products_keep_the_other_transformations() {
    let refused = [
        // A literal operand: its type may not be the cell's.
        "C[i][j] += 2.0 * A[i][k] * B[k][j];",
        // An operand reads the updated array.
        "C[i][j] += C[i][k] * B[k][j];",
        // The product is not the whole added value.
        "C[i][j] += A[i][k] * B[k][j] + 1;",
        // The row operand names the column.
        "C[i][j] += A[i][j] * B[k][j];",
    ];
    for statement in refused {
        let kernel = format!(
            "void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {{\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        {statement}\n}}\n"
        );
        let report = searched(&product_program("double", &kernel));
        assert!(
            kernels(&report).is_empty(),
            "{statement}\n{}",
            report.output
        );
    }
    // Each cell's products added from the last depth: the kernel adds from the first.
    let downward = [
        GEMM.replace("k = 0; k < nk; k++", "k = nk - 1; k >= 0; k--"),
        OWN_DEPTHS.replace(
            "k = 0; k < 3 * i && k < nk; k++",
            "k = (3 * i < nk ? 3 * i : nk) - 1; k >= 0; k--",
        ),
    ];
    for kernel in downward {
        let report = searched_and_compared("downward", &product_program("double", &kernel));
        assert!(kernels(&report).is_empty(), "{kernel}\n{}", report.output);
    }
    let in_place = IN_PLACE.replace("k = i + 1; k < nk; k++", "k = nk - 1; k > i; k--");
    let report = searched_and_compared("downward_in_place", &in_place_program(&in_place));
    assert!(kernels(&report).is_empty(), "{}", report.output);
    let strided = GEMM.replace("k++", "k += 2");
    let report = searched(&product_program("double", &strided));
    assert!(kernels(&report).is_empty(), "{}", report.output);
    let small = GEMM.replace("i < ni", "i < 8").replace("k < nk", "k < 8");
    let report = searched(&product_program("double", &small));
    assert!(kernels(&report).is_empty(), "{}", report.output);
}

/// syrk's shape: the rows of `A` against its rows, the lower triangle of `C`.
const TRIANGLE: &str = r#"
void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
}
"#;

#[test]
fn a_triangle_of_cells_runs_whole_register_tiles_inside_it_and_tests_the_rest() {
    let report = searched_and_compared("triangle", &product_program("double", TRIANGLE));
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
    assert!(
        report
            .output
            .contains("_lanes) && ((nestor_i) >= (nestor_j))"),
        "{}",
        report.output
    );
}

#[test]
fn kernels_keep_the_bits_over_shapes_offsets_and_orientations() {
    let shapes = [
        // The upper triangle, and a band of diagonals.
        (
            "i = 0; i < ni",
            "k = 0; k < nk",
            "j = i; j < nj",
            "C[i][j] += alpha * A[i][k] * B[k][j];",
        ),
        (
            "i = 0; i < ni",
            "k = 0; k < nk",
            "j = i; j <= i + 40 && j < nj",
            "C[i][j] += alpha * A[i][k] * B[k][j];",
        ),
        // The triangle above the anti-diagonal.
        (
            "i = 0; i < ni",
            "k = 0; k < nk",
            "j = 0; j < ni - i",
            "C[i][j] += A[i][k] * B[k][j];",
        ),
        // Offsets on every loop.
        (
            "i = 3; i < ni - 2",
            "k = 1; k < nk",
            "j = 5; j < nj - 1",
            "C[i][j] += A[i][k] * B[k][j];",
        ),
        // The scale on the column operand's side, in parentheses.
        (
            "i = 0; i < ni",
            "k = 0; k < nk",
            "j = 0; j < nj",
            "C[i][j] += B[k][j] * (alpha * A[i][k]);",
        ),
        // The cell written transposed: its rows are `j`.
        (
            "i = 0; i < 90",
            "k = 0; k < nk",
            "j = 0; j < 101",
            "C[j][i] += A[i][k] * B[k][j];",
        ),
    ];
    for (rows, depth, columns, statement) in shapes {
        let kernel = format!(
            "void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {{\n  for (int {rows}; i++)\n    for (int {depth}; k++)\n      for (int {columns}; j++)\n        {statement}\n}}\n"
        );
        let report = searched_and_compared(statement, &product_program("double", &kernel));
        assert_eq!(kernels(&report).len(), 1, "{columns}\n{}", report.output);
    }
}

/// symm's first product: each cell's depths run to its row, and past the first block of
/// `k` in the last rows.
const OWN_DEPTHS: &str = r#"
void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < 3 * i && k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}
"#;

#[test]
fn each_cell_adds_its_own_depths_in_their_order() {
    let shapes = [
        // symm's two products: the depths below the row, and above it.
        ("k = 0; k < nk && k < i", "C[i][j] += A[i][k] * B[k][j];"),
        ("k = i + 1; k < nk", "C[i][j] += alpha * B[k][j] * A[i][k];"),
        // A band of depths around the row, and depths by the column.
        (
            "k = i - 7 > 0 ? i - 7 : 0; k < nk && k <= i + 30",
            "C[i][j] += A[i][k] * B[k][j];",
        ),
        (
            "k = 0; k < nk && k <= j / 3",
            "C[i][j] += A[i][k] * B[k][j];",
        ),
        // Depths that start past a block of `k` within a register tile.
        ("k = 3 * j; k < nk", "C[i][j] += A[i][k] * B[k][j];"),
        // A triangle of cells whose depths run to the row.
        ("k = 0; k <= i && k < nk", "C[i][j] += A[i][k] * B[k][j];"),
        // A register tile's depths spread over more than a block of `k`.
        ("k = 40 * j; k < nk", "C[i][j] += A[i][k] * B[k][j];"),
    ];
    for (depth, statement) in shapes {
        let kernel = format!(
            "void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {{\n  for (int i = 0; i < ni; i++)\n    for (int j = 0; j < nj; j++)\n      for (int {depth}; k++)\n        {statement}\n}}\n"
        );
        let program = product_program("double", &kernel);
        let report = searched_and_compared(depth, &program);
        assert_eq!(kernels(&report).len(), 1, "{depth}\n{}", report.output);
        // Rows hold unequal work: blocks of them are handed out as threads finish.
        assert!(
            report.output.contains("#pragma omp for schedule(dynamic)"),
            "{depth}\n{}",
            report.output
        );
        let poisoned = |src: &str| format!("{POISONED_MALLOC}{src}");
        assert_same_behaviour(
            "poisoned",
            &poisoned(&program),
            &poisoned(&report.output),
            None,
        )
        .unwrap_or_else(|e| panic!("{depth}: {e}"));
    }
    let triangle = "void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {\n  for (int i = 0; i < ni; i++)\n    for (int j = 0; j <= i; j++)\n      for (int k = j; k < nk; k++)\n        C[i][j] += alpha * A[i][k] * A[j][k];\n}\n";
    let report = searched_and_compared("triangle", &product_program("double", triangle));
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
}

/// A program calling `kernel` on `B[NK][NJ]` in place, with `A[NK][NK]` (trmm's
/// operands; sizes as parameters), and printing every bit of `B`: two blocks of `k`.
fn in_place_program(kernel: &str) -> String {
    format!(
        r#"#include <stdio.h>
#include <string.h>
#define NJ 1030
#define NK 300
static double A[NK][NK], B[NK][NJ];
{kernel}
int main(void) {{
  for (int i = 0; i < NK; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * 7 + k * 3) % 23) / 23;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)((k * 5 + j) % 19) / 19;
  kernel(NK, NJ, 1.5, A, B);
  unsigned long long h = 1469598103934665603ULL;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) {{
      unsigned long long u = 0;
      memcpy(&u, &B[k][j], sizeof B[k][j]);
      h = (h ^ u) * 1099511628211ULL;
    }}
  printf("%llu\n", h);
  return 0;
}}
"#
    )
}

/// trmm's shape: each row of `B` replaced by its product with the rows below it, read
/// before they are replaced.
const IN_PLACE: &str = r#"
void kernel(int nk, int nj, double alpha, double A[NK][NK], double B[NK][NJ]) {
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++) {
      for (int k = i + 1; k < nk; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
"#;

#[test]
fn a_product_in_place_packs_rows_before_they_are_updated() {
    // Threads split the columns: a column's cells read only their own column.
    let program = in_place_program(IN_PLACE);
    let report = searched_and_compared("in_place", &program);
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
    assert!(
        report.output.contains("nestor_t = omp_get_thread_num();"),
        "{}",
        report.output
    );
    // The poisoned pool is one thread's: threaded, only the failing one.
    for (malloc, threaded) in [(FAILING_MALLOC, true), (POISONED_MALLOC, false)] {
        let with_malloc = |src: &str| format!("{malloc}{src}");
        let compare = match threaded {
            true => assert_same_behaviour_threaded,
            false => assert_same_behaviour,
        };
        compare(
            "in_place_malloc",
            &with_malloc(&program),
            &with_malloc(&report.output),
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    let refused = [
        // Rows replaced from the last: each reads the rows below it replaced.
        IN_PLACE
            .replace("i = 0; i < nk; i++", "i = nk - 1; i >= 0; i--")
            .replace("B[i][j] = alpha * B[i][j];", ""),
        // The rows above: replaced before they are read.
        IN_PLACE.replace("k = i + 1; k < nk", "k = 0; k < i"),
        // Rows read at their own depth: a register tile holds cells it reads.
        IN_PLACE.replace("k = i + 1; k < nk", "k = i; k < nk"),
    ];
    for kernel in refused {
        let report = searched_and_compared("in_place_refused", &in_place_program(&kernel));
        assert!(kernels(&report).is_empty(), "{kernel}\n{}", report.output);
    }
}

/// syr2k's shape: a sum of two products (`B`'s rows against `A`'s and `A`'s against
/// `B`'s), the lower triangle of `C`.
const RANK_2K: &str = r#"
void kernel(int ni, int nj, int nk, double alpha, double A[NI][NK], double B[NK][NJ], double C[NI][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k];
}
"#;

#[test]
fn a_sum_of_products_packs_each_and_adds_them_in_the_order_written() {
    let report = searched_and_compared("rank_2k", &product_program("double", RANK_2K));
    assert_eq!(
        kernels(&report),
        [
            "ran `S0` as a packed product kernel of a sum of 2 products: 5 x 8 cells in registers (5 x 16 where the compiler targets AVX-512), operands packed in blocks of 100 x 128 and 128 x 2048"
        ]
    );
    let sums = [
        // Three products over the rectangle, one with its operands swapped.
        "C[i][j] += A[i][k] * B[k][j] + alpha * A[i][k] * B[k][j] + B[k][j] * (alpha * A[i][k]);",
        // The sum in parentheses, as C nests it.
        "C[i][j] += ((alpha * A[i][k]) * B[k][j] + A[i][k] * B[k][j]);",
    ];
    for statement in sums {
        let kernel = GEMM.replace("C[i][j] += alpha * A[i][k] * B[k][j];", statement);
        let report = searched_and_compared(
            statement,
            &product_program("float", &kernel.replace("double", "float")),
        );
        assert_eq!(kernels(&report).len(), 1, "{statement}\n{}", report.output);
    }
    let refused = [
        // A sum nested to the right: the kernel would add in another order.
        "C[i][j] += A[i][k] * B[k][j] + (alpha * A[i][k] * B[k][j] + A[i][k] * B[k][j]);",
        // A difference.
        "C[i][j] += A[i][k] * B[k][j] - alpha * A[i][k] * B[k][j];",
        // A term that is not a product.
        "C[i][j] += A[i][k] * B[k][j] + A[i][k];",
    ];
    for statement in refused {
        let kernel = GEMM.replace("C[i][j] += alpha * A[i][k] * B[k][j];", statement);
        let report = searched(&product_program("double", &kernel));
        assert!(
            kernels(&report).is_empty(),
            "{statement}\n{}",
            report.output
        );
    }
}

/// Allocations above 64 KiB fail: every block of the kernel runs the statement as
/// written.
const FAILING_MALLOC: &str = r#"
#include <stddef.h>
static _Alignas(16) char pool[1 << 16];
static size_t used;
void *malloc(size_t n) {
  if (n > sizeof pool - used) return 0;
  void *p = pool + used;
  used += (n + 15) & ~(size_t)15;
  return p;
}
void free(void *p) { (void)p; }
"#;

/// Every allocation filled with a NaN's bytes and followed by more of them: a kernel
/// that reads a buffer where it wrote nothing adds NaNs.
const POISONED_MALLOC: &str = r#"
#include <stddef.h>
#include <string.h>
static _Alignas(64) char pool[1 << 25];
static size_t used;
void *malloc(size_t n) {
  size_t slack = 1 << 16;
  if (n + slack > sizeof pool - used) return 0;
  void *p = pool + used;
  memset(p, 0xff, n + slack);
  used += (n + slack + 63) & ~(size_t)63;
  return p;
}
void free(void *p) { (void)p; }
"#;

#[test]
fn without_buffers_the_kernel_runs_the_statement_as_written() {
    for kernel in [GEMM, TRIANGLE, RANK_2K, OWN_DEPTHS] {
        let program = product_program("double", kernel);
        let report = searched(&program);
        assert_eq!(kernels(&report).len(), 1);
        let with_malloc = |src: &str| format!("{FAILING_MALLOC}{src}");
        assert_same_behaviour(
            "no_buffers",
            &with_malloc(&program),
            &with_malloc(&report.output),
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The generated code's AVX-512 branch (64-byte vectors, `__AVX512F__`) keeps the bits
/// too, where this CPU can run it (the other tests build for the baseline target,
/// which takes the AVX2 branch).
#[test]
fn the_avx512_branch_keeps_the_bits_where_the_cpu_has_it() {
    let cpu = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    if !cpu.split_whitespace().any(|f| f == "avx512f") {
        return;
    }
    for (name, element, kernel) in [
        ("gemm_avx512", "double", GEMM),
        ("gemm_float_avx512", "float", GEMM),
        ("rank_2k_avx512", "double", RANK_2K),
        ("triangle_avx512", "double", TRIANGLE),
        ("own_depths_avx512", "double", OWN_DEPTHS),
    ] {
        let src = product_program(element, kernel);
        let report = searched(&src);
        assert_eq!(kernels(&report).len(), 1, "{name}: {}", report.output);
        assert_same_behaviour_with(name, &src, &report.output, &["-mavx512f"])
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The kernel checks at compile time that its elements have the type nestor read: a
/// file rewritten where `REAL` was `double` (its default) and built with
/// `-DREAL=float` (a command line nestor was not told) fails to build instead of
/// packing floats into doubles.
#[test]
fn a_type_the_compiler_reads_otherwise_fails_the_build() {
    let kernel = GEMM.replace("double", "REAL");
    let src = format!(
        "#ifndef REAL\n#define REAL double\n#endif\n{}",
        product_program("REAL", &kernel)
    );
    let report = searched(&src);
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
    assert_same_behaviour("default", &src, &report.output, None).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("rewritten.c");
    std::fs::write(&file, &report.output).expect("write");
    let built = common::compile_with(&file, dir.path(), "float", None, &["-DREAL=float"]);
    let error = built.expect_err("a float build of a kernel of doubles must fail");
    assert!(
        error.contains("nestor read this element type as double"),
        "{error}"
    );
}

/// The kernel's C builds under `-std=c99 -pedantic -Werror` where the original does:
/// its GNU extensions are marked (`__extension__`, `__typeof__`, attributes).
#[test]
fn kernels_build_as_pedantic_c99() {
    for kernel in [GEMM, OWN_DEPTHS] {
        pedantic_build(&product_program("double", kernel));
    }
}

fn pedantic_build(src: &str) {
    let report = searched(src);
    assert_eq!(kernels(&report).len(), 1, "{}", report.output);
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, text) in [("original", src), ("rewritten", &report.output)] {
        let file = dir.path().join(format!("{name}.c"));
        std::fs::write(&file, text).expect("write");
        // Not `common::compile`, which passes `-w`.
        let built = std::process::Command::new(std::env::var("CC").unwrap_or("cc".into()))
            .args(["-std=c99", "-pedantic", "-Werror", "-Wall", "-fsyntax-only"])
            .arg(&file)
            .output()
            .expect("cc runs");
        let err = String::from_utf8_lossy(&built.stderr);
        assert!(built.status.success(), "{name}: {err}");
    }
}
