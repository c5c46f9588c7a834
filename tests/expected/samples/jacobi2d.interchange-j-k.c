exit 4
/* Time-iterated 2-D five-point Jacobi stencil, A -> B then B -> A each step, PolyBench style. */
#include "polybench_lite.h"

#ifndef TSTEPS
#define TSTEPS 12
#endif
#ifndef N
#define N 90
#endif
#define _PB_TSTEPS tsteps
#define _PB_N n

static void kernel_jacobi_2d(int tsteps, int n,
                             DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                             DATA_TYPE POLYBENCH_2D(B, N, N, n, n))
{
  int t, i, j;
#pragma scop
  if (__builtin_expect((unsigned long long)A + (unsigned long long)((long long)_PB_N - 1) * sizeof A[0] + (unsigned long long)_PB_N * sizeof A[0][0] <= (unsigned long long)B
      || (unsigned long long)B + (unsigned long long)((long long)_PB_N - 1) * sizeof B[0] + (unsigned long long)_PB_N * sizeof B[0][0] <= (unsigned long long)A, 1)) {
    for (t = 0; t < _PB_TSTEPS; t++) {
      #ifdef _OPENMP
      #pragma omp parallel for private(j)
      #endif
      for (i = 1; i < (long long)_PB_N - 1; i++) {
        for (j = 1; j < (long long)_PB_N - 1; j++) {
          B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(j)
      #endif
      for (i = 1; i < (long long)_PB_N - 1; i++) {
        for (j = 1; j < (long long)_PB_N - 1; j++) {
          A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i - 1][j] + B[i + 1][j]);
        }
      }
    }
  } else {
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i - 1][j] + B[i + 1][j]);
  }
  }
#pragma endscop
}

static DATA_TYPE A[N][N], B[N][N];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / N;
    }
  nestor_timer_start();
  kernel_jacobi_2d(TSTEPS, N, A, B);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      checksum_add(A[i][j]);
  checksum_print("A");
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      checksum_add(B[i][j]);
  checksum_print("B");
  return 0;
}
