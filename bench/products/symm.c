/* A symmetric matrix product as user code writes it, C = alpha * A * B + beta * C with
 * A symmetric and only its lower triangle read, in element type T (double, or float
 * with -DFLOAT), C and B of DIM_M x DIM_N, A of DIM_M x DIM_M (macros). Each row's
 * products below the diagonal are added into the rows above it while its own sum is
 * kept in a scalar, the order of the reference BLAS. With -DUSE_BLAS the same product
 * through cblas_dsymm / cblas_ssymm. Prints the best of REPS runs in seconds and
 * GFLOP/s (2 M M N), and a hash of C's bits (the original and nestor's rewrite print
 * the same; a BLAS sums in another order). */
#include "measure.h"
#ifdef USE_BLAS
#include <cblas.h>
#endif
#ifndef DIM_M
#define DIM_M 1000
#endif
#ifndef DIM_N
#define DIM_N 1200
#endif

static T A[DIM_M][DIM_M], B[DIM_M][DIM_N], C[DIM_M][DIM_N];

static void symm(int m, int n, T alpha, T beta, T C[DIM_M][DIM_N], T A[DIM_M][DIM_M],
                 T B[DIM_M][DIM_N]) {
#ifdef USE_BLAS
#ifdef FLOAT
  cblas_ssymm(CblasRowMajor, CblasLeft, CblasLower, m, n, alpha, &A[0][0], DIM_M,
              &B[0][0], DIM_N, beta, &C[0][0], DIM_N);
#else
  cblas_dsymm(CblasRowMajor, CblasLeft, CblasLower, m, n, alpha, &A[0][0], DIM_M,
              &B[0][0], DIM_N, beta, &C[0][0], DIM_N);
#endif
#else
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      T below = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        below += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * below;
    }
#endif
}

int main(void) {
  double best = 1e30;
  for (int rep = 0; rep < REPS; rep++) {
    for (int i = 0; i < DIM_M; i++) {
      for (int k = 0; k < DIM_M; k++)
        A[i][k] = (T)((i * (k + 3)) % DIM_M) / DIM_M;
      for (int j = 0; j < DIM_N; j++) {
        B[i][j] = (T)((i * (j + 2)) % DIM_N) / DIM_N;
        C[i][j] = (T)((i * j + 1) % DIM_M) / DIM_M;
      }
    }
    double t = now();
    symm(DIM_M, DIM_N, 1.5, 1.2, C, A, B);
    t = now() - t;
    if (t < best)
      best = t;
  }
  unsigned long long h = HASH_START;
  for (int i = 0; i < DIM_M; i++)
    for (int j = 0; j < DIM_N; j++)
      h = hash_cell(h, &C[i][j], sizeof C[i][j]);
  printf("%.6f %.2f %llu\n", best, 2.0 * DIM_M * DIM_M * DIM_N / best * 1e-9, h);
  return 0;
}
