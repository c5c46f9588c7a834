/* A triangular matrix product in place as user code writes it, B = alpha * A^T * B with
 * A unit lower-triangular (only the triangle below its diagonal read), in element type
 * T (double, or float with -DFLOAT), B of DIM_M x DIM_N, A of DIM_M x DIM_M (macros):
 * each row of B becomes its sum with the products of the rows below it, read before
 * they change. With -DUSE_BLAS the same product through cblas_dtrmm / cblas_strmm.
 * Prints the best of REPS runs in seconds and GFLOP/s (M M N), and a hash of B's bits
 * (the original and nestor's rewrite print the same; a BLAS sums in another order). */
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

static T A[DIM_M][DIM_M], B[DIM_M][DIM_N];

static void trmm(int m, int n, T alpha, T A[DIM_M][DIM_M], T B[DIM_M][DIM_N]) {
#ifdef USE_BLAS
#ifdef FLOAT
  cblas_strmm(CblasRowMajor, CblasLeft, CblasLower, CblasTrans, CblasUnit, m, n, alpha,
              &A[0][0], DIM_M, &B[0][0], DIM_N);
#else
  cblas_dtrmm(CblasRowMajor, CblasLeft, CblasLower, CblasTrans, CblasUnit, m, n, alpha,
              &A[0][0], DIM_M, &B[0][0], DIM_N);
#endif
#else
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#endif
}

int main(void) {
  double best = 1e30;
  for (int rep = 0; rep < REPS; rep++) {
    for (int i = 0; i < DIM_M; i++) {
      for (int k = 0; k < DIM_M; k++)
        A[i][k] = (T)((i * (k + 3)) % DIM_M) / DIM_M;
      for (int j = 0; j < DIM_N; j++)
        B[i][j] = (T)((i * (j + 2)) % DIM_N) / DIM_N;
    }
    double t = now();
    trmm(DIM_M, DIM_N, 1.5, A, B);
    t = now() - t;
    if (t < best)
      best = t;
  }
  unsigned long long h = HASH_START;
  for (int i = 0; i < DIM_M; i++)
    for (int j = 0; j < DIM_N; j++)
      h = hash_cell(h, &B[i][j], sizeof B[i][j]);
  printf("%.6f %.2f %llu\n", best, 1.0 * DIM_M * DIM_M * DIM_N / best * 1e-9, h);
  return 0;
}
