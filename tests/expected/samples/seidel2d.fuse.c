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
  int t;
#pragma scop
  for (int c0 = 0; 16 * c0 <= _PB_TSTEPS - 1; c0++) {
    for (int c1 = 4 * c0; c1 <= 4 * c0 + (((long long)_PB_N + 1) >= 0 ? ((long long)_PB_N + 1) / 4 : -((-((long long)_PB_N + 1) + 4 - 1) / 4)) + 3 && (long long)4 * c1 <= (long long)_PB_N + _PB_TSTEPS + 1 - 4; c1++) {
      for (int c2 = ((4 * c0 + c1) > (2 * c1 + ((-((long long)_PB_N) - 1) >= 0 ? (-((long long)_PB_N) - 1) / 4 : -((-(-((long long)_PB_N) - 1) + 4 - 1) / 4)) + 1) ? (4 * c0 + c1) : (2 * c1 + ((-((long long)_PB_N) - 1) >= 0 ? (-((long long)_PB_N) - 1) / 4 : -((-(-((long long)_PB_N) - 1) + 4 - 1) / 4)) + 1)); c2 <= 8 * c0 + ((long long)_PB_N + 13) / 2 && c2 <= 2 * c1 + (((long long)_PB_N - 1) >= 0 ? ((long long)_PB_N - 1) / 4 : -((-((long long)_PB_N - 1) + 4 - 1) / 4)) + 1 && c2 <= 4 * c0 + c1 + ((long long)_PB_N + 16) / 4 && c2 <= ((long long)_PB_N + _PB_TSTEPS + 1) / 2 - 2 && c2 <= c1 + ((long long)_PB_N + _PB_TSTEPS) / 4; c2++) {
        for (t = ((((16 * c0) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? (16 * c0) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) > (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1) ? ((16 * c0) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? (16 * c0) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) : (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1)) > (-((long long)_PB_N) + (long long)2 * c2 + 2) ? (((16 * c0) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? (16 * c0) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) > (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1) ? ((16 * c0) > (-((long long)_PB_N) + (long long)4 * c1 + 2) ? (16 * c0) : (-((long long)_PB_N) + (long long)4 * c1 + 2)) : (-((long long)_PB_N) - (long long)4 * c1 + (long long)4 * c2 - 1)) : (-((long long)_PB_N) + (long long)2 * c2 + 2)); t <= _PB_TSTEPS - 1 && t <= 16 * c0 + 15 && t <= (long long)4 * c1 + 2 && t <= (long long)2 * c2 && t <= (long long)-4 * c1 + (long long)4 * c2 + 2; t++) {
          for (long long c4 = ((((long long)4 * c1) > (t + 1) ? ((long long)4 * c1) : (t + 1)) > (-((long long)_PB_N) + (long long)4 * c2 - t + 2) ? (((long long)4 * c1) > (t + 1) ? ((long long)4 * c1) : (t + 1)) : (-((long long)_PB_N) + (long long)4 * c2 - t + 2)); c4 <= (long long)4 * c1 + 3 && c4 <= (long long)_PB_N + t - 2 && c4 <= (long long)4 * c2 - t + 2; c4++) {
            for (long long c5 = (((long long)4 * c2) > (t + c4 + 1) ? ((long long)4 * c2) : (t + c4 + 1)); c5 <= (((long long)4 * c2 + 3) < ((long long)_PB_N + t + c4 - 2) ? ((long long)4 * c2 + 3) : ((long long)_PB_N + t + c4 - 2)); c5++) {
              A[-t + c4][-t - c4 + c5] = (A[(-t + c4) - 1][(-t - c4 + c5) - 1] + A[(-t + c4) - 1][-t - c4 + c5] + A[(-t + c4) - 1][(-t - c4 + c5) + 1]
                   + A[-t + c4][(-t - c4 + c5) - 1] + A[-t + c4][-t - c4 + c5] + A[-t + c4][(-t - c4 + c5) + 1]
                   + A[(-t + c4) + 1][(-t - c4 + c5) - 1] + A[(-t + c4) + 1][-t - c4 + c5] + A[(-t + c4) + 1][(-t - c4 + c5) + 1]) / SCALAR_VAL(9.0);
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
