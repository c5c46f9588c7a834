/* Time-iterated in-place 2-D nine-point Gauss-Seidel stencil, PolyBench style. */
#include "polybench_lite.h"

#ifndef TSTEPS
#define TSTEPS 10
#endif
#ifndef N
#define N 80
#endif
#define _PB_TSTEPS tsteps
#define _PB_N n

static void kernel_seidel_2d(int tsteps, int n,
                             DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < (long long)_PB_N - 1; i++) {
      for (j = 1; j < (long long)_PB_N - 1; j++) {
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
      }
    }
  }
#pragma endscop
}

static DATA_TYPE A[N][N];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
  nestor_timer_start();
  kernel_seidel_2d(TSTEPS, N, A);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      checksum_add(A[i][j]);
  checksum_print("A");
  return 0;
}
