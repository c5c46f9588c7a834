exit 4
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
#pragma scop
  for (int c0 = 0; (long long)16 * c0 <= (long long)4 * _PB_N + (long long)5 * _PB_TSTEPS + 3 - 16; c0++) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int c1 = ((c0 + (((long long)-_PB_TSTEPS) >= 0 ? ((long long)-_PB_TSTEPS) / 16 : -((-((long long)-_PB_TSTEPS) + 16 - 1) / 16)) + 1) > (c0 - (c0 + 5) / 5 + 1) ? (c0 + (((long long)-_PB_TSTEPS) >= 0 ? ((long long)-_PB_TSTEPS) / 16 : -((-((long long)-_PB_TSTEPS) + 16 - 1) / 16)) + 1) : (c0 - (c0 + 5) / 5 + 1)); c1 <= ((c0 < ((((long long)_PB_N + _PB_TSTEPS + 1) >= 0 ? ((long long)_PB_N + _PB_TSTEPS + 1) / 4 : -((-((long long)_PB_N + _PB_TSTEPS + 1) + 4 - 1) / 4)) - 1) ? c0 : ((((long long)_PB_N + _PB_TSTEPS + 1) >= 0 ? ((long long)_PB_N + _PB_TSTEPS + 1) / 4 : -((-((long long)_PB_N + _PB_TSTEPS + 1) + 4 - 1) / 4)) - 1)) < (c0 + ((_PB_N - (long long)4 * c0 - 7) >= 0 ? (_PB_N - (long long)4 * c0 - 7) / 20 : -((-(_PB_N - (long long)4 * c0 - 7) + 20 - 1) / 20)) + 1) ? (c0 < ((((long long)_PB_N + _PB_TSTEPS + 1) >= 0 ? ((long long)_PB_N + _PB_TSTEPS + 1) / 4 : -((-((long long)_PB_N + _PB_TSTEPS + 1) + 4 - 1) / 4)) - 1) ? c0 : ((((long long)_PB_N + _PB_TSTEPS + 1) >= 0 ? ((long long)_PB_N + _PB_TSTEPS + 1) / 4 : -((-((long long)_PB_N + _PB_TSTEPS + 1) + 4 - 1) / 4)) - 1)) : (c0 + ((_PB_N - (long long)4 * c0 - 7) >= 0 ? (_PB_N - (long long)4 * c0 - 7) / 20 : -((-(_PB_N - (long long)4 * c0 - 7) + 20 - 1) / 20)) + 1)); c1++) {
      for (int c2 = (((long long)4 * c0 - (long long)3 * c1) > (2 * c1 + ((-((long long)_PB_N) - 1) >= 0 ? (-((long long)_PB_N) - 1) / 4 : -((-(-((long long)_PB_N) - 1) + 4 - 1) / 4)) + 1) ? ((long long)4 * c0 - (long long)3 * c1) : (2 * c1 + ((-((long long)_PB_N) - 1) >= 0 ? (-((long long)_PB_N) - 1) / 4 : -((-(-((long long)_PB_N) - 1) + 4 - 1) / 4)) + 1)); c2 <= (long long)8 * c0 - (long long)8 * c1 + ((long long)_PB_N + 13) / 2 && c2 <= 2 * c1 + (((long long)_PB_N - 1) >= 0 ? ((long long)_PB_N - 1) / 4 : -((-((long long)_PB_N - 1) + 4 - 1) / 4)) + 1 && c2 <= (long long)4 * c0 - (long long)3 * c1 + ((long long)_PB_N + 16) / 4 && c2 <= ((long long)_PB_N + _PB_TSTEPS + 1) / 2 - 2 && c2 <= c1 + ((long long)_PB_N + _PB_TSTEPS) / 4; c2++) {
        for (long long c3 = (((((long long)16 * c0 - (long long)16 * c1) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) > (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1) ? (((long long)16 * c0 - (long long)16 * c1) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) : (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1)) > (-((long long)_PB_N) + (long long)2 * c2 + 2) ? ((((long long)16 * c0 - (long long)16 * c1) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) > (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1) ? (((long long)16 * c0 - (long long)16 * c1) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) : (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1)) : (-((long long)_PB_N) + (long long)2 * c2 + 2)); c3 < _PB_TSTEPS && c3 <= (long long)4 * c1 + 2 && c3 <= (long long)16 * c0 - (long long)16 * c1 + 15 && c3 <= (long long)2 * c2 && c3 <= (long long)-4 * c1 + (long long)4 * c2 + 2; c3++) {
          for (long long c4 = ((((long long)4 * c1) > (c3 + 1) ? ((long long)4 * c1) : (c3 + 1)) > (-((long long)_PB_N) + (long long)4 * c2 - c3 + 2) ? (((long long)4 * c1) > (c3 + 1) ? ((long long)4 * c1) : (c3 + 1)) : (-((long long)_PB_N) + (long long)4 * c2 - c3 + 2)); c4 <= (long long)4 * c1 + 3 && c4 <= _PB_N + c3 - 2 && c4 <= (long long)4 * c2 - c3 + 2; c4++) {
            for (long long c5 = (((long long)4 * c2) > (c3 + c4 + 1) ? ((long long)4 * c2) : (c3 + c4 + 1)); c5 <= (((long long)4 * c2 + 3) < (_PB_N + c3 + c4 - 2) ? ((long long)4 * c2 + 3) : (_PB_N + c3 + c4 - 2)); c5++) {
              A[-c3 + c4][-c3 - c4 + c5] = (A[(-c3 + c4) - 1][(-c3 - c4 + c5) - 1] + A[(-c3 + c4) - 1][-c3 - c4 + c5] + A[(-c3 + c4) - 1][(-c3 - c4 + c5) + 1]
                   + A[-c3 + c4][(-c3 - c4 + c5) - 1] + A[-c3 + c4][-c3 - c4 + c5] + A[-c3 + c4][(-c3 - c4 + c5) + 1]
                   + A[(-c3 + c4) + 1][(-c3 - c4 + c5) - 1] + A[(-c3 + c4) + 1][-c3 - c4 + c5] + A[(-c3 + c4) + 1][(-c3 - c4 + c5) + 1]) / SCALAR_VAL(9.0);
            }
          }
        }
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
