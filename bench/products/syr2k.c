/* A symmetric rank-2k update as user code writes it, the lower triangle of
 * C = alpha * A * B^T + alpha * B * A^T + beta * C, in element type T (double, or float
 * with -DFLOAT), C of DIM_N x DIM_N, A and B of DIM_N x DIM_K (macros; cblas.h takes
 * the names N and K). With -DUSE_BLAS the same update through cblas_dsyr2k /
 * cblas_ssyr2k. Prints the best of REPS runs in seconds and GFLOP/s (2 K N (N + 1), as
 * a BLAS counts it), and a hash of the triangle's bits (the original and nestor's
 * rewrite print the same; a BLAS sums in another order). */
#include "measure.h"
#ifdef USE_BLAS
#include <cblas.h>
#endif
#ifndef DIM_N
#define DIM_N 1200
#endif
#ifndef DIM_K
#define DIM_K 1000
#endif

static T A[DIM_N][DIM_K], B[DIM_N][DIM_K], C[DIM_N][DIM_N];

static void syr2k(int n, int m, T alpha, T beta, T C[DIM_N][DIM_N], T A[DIM_N][DIM_K],
                  T B[DIM_N][DIM_K]) {
#ifdef USE_BLAS
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
#ifdef FLOAT
  cblas_ssyr2k(CblasRowMajor, CblasLower, CblasNoTrans, n, m, alpha, &A[0][0], DIM_K,
               &B[0][0], DIM_K, 1.0f, &C[0][0], DIM_N);
#else
  cblas_dsyr2k(CblasRowMajor, CblasLower, CblasNoTrans, n, m, alpha, &A[0][0], DIM_K,
               &B[0][0], DIM_K, 1.0, &C[0][0], DIM_N);
#endif
#else
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
#endif
}

int main(void) {
  double best = 1e30;
  for (int rep = 0; rep < REPS; rep++) {
    for (int i = 0; i < DIM_N; i++)
      for (int k = 0; k < DIM_K; k++) {
        A[i][k] = (T)((i * (k + 1)) % DIM_K) / DIM_K;
        B[i][k] = (T)((i * (k + 2)) % DIM_N) / DIM_N;
      }
    for (int i = 0; i < DIM_N; i++)
      for (int j = 0; j < DIM_N; j++)
        C[i][j] = (T)((i * j + 1) % DIM_N) / DIM_N;
    double t = now();
    syr2k(DIM_N, DIM_K, 1.5, 1.2, C, A, B);
    t = now() - t;
    if (t < best)
      best = t;
  }
  unsigned long long h = HASH_START;
  for (int i = 0; i < DIM_N; i++)
    for (int j = 0; j <= i; j++) {
      h = hash_cell(h, &C[i][j], sizeof C[i][j]);
    }
  printf("%.6f %.2f %llu\n", best, 2.0 * DIM_K * DIM_N * (DIM_N + 1.0) / best * 1e-9, h);
  return 0;
}
