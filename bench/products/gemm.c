/* A matrix product as user code writes it, C = alpha * A * B + beta * C, in element
 * type T (double, or float with -DFLOAT), sizes NI x NJ x NK (macros). With -DUSE_BLAS
 * the same product through cblas_dgemm / cblas_sgemm. Prints the best of REPS runs
 * in seconds and GFLOP/s, and a hash of C's bits (the original and nestor's rewrite
 * print the same; a BLAS sums in another order). */
#include "measure.h"
#ifdef USE_BLAS
#include <cblas.h>
#endif
#ifndef NI
#define NI 1000
#endif
#ifndef NJ
#define NJ 1100
#endif
#ifndef NK
#define NK 1200
#endif

static T A[NI][NK], B[NK][NJ], C[NI][NJ];

static void gemm(int ni, int nj, int nk, T alpha, T beta, T C[NI][NJ], T A[NI][NK],
                 T B[NK][NJ]) {
#ifdef USE_BLAS
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
#ifdef FLOAT
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, nj, nk, alpha, &A[0][0],
              NK, &B[0][0], NJ, 1.0f, &C[0][0], NJ);
#else
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, nj, nk, alpha, &A[0][0],
              NK, &B[0][0], NJ, 1.0, &C[0][0], NJ);
#endif
#else
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#endif
}

int main(void) {
  double best = 1e30;
  unsigned long long h = 0;
  for (int rep = 0; rep < REPS; rep++) {
    for (int i = 0; i < NI; i++)
      for (int k = 0; k < NK; k++)
        A[i][k] = (T)((i * (k + 1)) % NK) / NK;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        B[k][j] = (T)((k * (j + 2)) % NJ) / NJ;
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++)
        C[i][j] = (T)((i * j + 1) % NI) / NI;
    double t = now();
    gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
    t = now() - t;
    if (t < best)
      best = t;
  }
  h = HASH_START;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      h = hash_cell(h, &C[i][j], sizeof C[i][j]);
    }
  printf("%.6f %.2f %llu\n", best, 2.0 * NI * NJ * NK / best * 1e-9, h);
  return 0;
}
