exit 0
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
    for (int c0 = 0; (long long)16 * c0 <= _PB_N + (long long)3 * _PB_TSTEPS - 4; c0++) {
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int c1 = ((c0 + ((-((long long)_PB_TSTEPS)) >= 0 ? (-((long long)_PB_TSTEPS)) / 16 : -((-(-((long long)_PB_TSTEPS)) + 16 - 1) / 16)) + 1) > (c0 - (c0 + 3) / 3 + 1) ? (c0 + ((-((long long)_PB_TSTEPS)) >= 0 ? (-((long long)_PB_TSTEPS)) / 16 : -((-(-((long long)_PB_TSTEPS)) + 16 - 1) / 16)) + 1) : (c0 - (c0 + 3) / 3 + 1)); c1 <= ((c0 < ((_PB_N + (long long)2 * _PB_TSTEPS - 3) >= 0 ? (_PB_N + (long long)2 * _PB_TSTEPS - 3) / 16 : -((-(_PB_N + (long long)2 * _PB_TSTEPS - 3) + 16 - 1) / 16)) ? c0 : ((_PB_N + (long long)2 * _PB_TSTEPS - 3) >= 0 ? (_PB_N + (long long)2 * _PB_TSTEPS - 3) / 16 : -((-(_PB_N + (long long)2 * _PB_TSTEPS - 3) + 16 - 1) / 16))) < (c0 + ((_PB_N - (long long)16 * c0 - 19) >= 0 ? (_PB_N - (long long)16 * c0 - 19) / 48 : -((-(_PB_N - (long long)16 * c0 - 19) + 48 - 1) / 48)) + 1) ? (c0 < ((_PB_N + (long long)2 * _PB_TSTEPS - 3) >= 0 ? (_PB_N + (long long)2 * _PB_TSTEPS - 3) / 16 : -((-(_PB_N + (long long)2 * _PB_TSTEPS - 3) + 16 - 1) / 16)) ? c0 : ((_PB_N + (long long)2 * _PB_TSTEPS - 3) >= 0 ? (_PB_N + (long long)2 * _PB_TSTEPS - 3) / 16 : -((-(_PB_N + (long long)2 * _PB_TSTEPS - 3) + 16 - 1) / 16))) : (c0 + ((_PB_N - (long long)16 * c0 - 19) >= 0 ? (_PB_N - (long long)16 * c0 - 19) / 48 : -((-(_PB_N - (long long)16 * c0 - 19) + 48 - 1) / 48)) + 1)); c1++) {
        for (long long c2 = (((long long)16 * c0 - (long long)16 * c1) > (-((long long)_PB_N) + (long long)8 * c1 + (((long long)_PB_N) >= 0 ? ((long long)_PB_N) / 2 : -((-((long long)_PB_N) + 2 - 1) / 2)) + 1) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)_PB_N) + (long long)8 * c1 + (((long long)_PB_N) >= 0 ? ((long long)_PB_N) / 2 : -((-((long long)_PB_N) + 2 - 1) / 2)) + 1)); c2 < _PB_TSTEPS && c2 <= (long long)8 * c1 + 7 && c2 <= (long long)16 * c0 - (long long)16 * c1 + 15; c2++) {
          for (long long c3 = (((long long)16 * c1) > (2 * c2 + 1) ? ((long long)16 * c1) : (2 * c2 + 1)); c3 <= (long long)16 * c1 + 15 && c3 <= _PB_N + 2 * c2 - 2; c3++) {
            for (long long c4 = c3 + 1; c4 < _PB_N + c3 - 1; c4++) {
              B[-2 * c2 + c3][-c3 + c4] = SCALAR_VAL(0.2) * (A[-2 * c2 + c3][-c3 + c4] + A[-2 * c2 + c3][(-c3 + c4) - 1] + A[-2 * c2 + c3][(-c3 + c4) + 1] + A[(-2 * c2 + c3) - 1][-c3 + c4] + A[(-2 * c2 + c3) + 1][-c3 + c4]);
            }
          }
          for (long long c3 = (((long long)16 * c1) > (2 * c2 + 2) ? ((long long)16 * c1) : (2 * c2 + 2)); c3 <= (long long)16 * c1 + 15 && c3 < _PB_N + 2 * c2; c3++) {
            for (long long c4 = c3 + 1; c4 < _PB_N + c3 - 1; c4++) {
              A[-2 * c2 + c3 - 1][-c3 + c4] = SCALAR_VAL(0.2) * (B[-2 * c2 + c3 - 1][-c3 + c4] + B[-2 * c2 + c3 - 1][(-c3 + c4) - 1] + B[-2 * c2 + c3 - 1][(-c3 + c4) + 1] + B[(-2 * c2 + c3 - 1) - 1][-c3 + c4] + B[(-2 * c2 + c3 - 1) + 1][-c3 + c4]);
            }
          }
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
