exit 4
/* Two matrix-vector products sharing one matrix: x1 += A * v1 and x2 += A^T * v2 (mvt style), PolyBench style. */
#include "polybench_lite.h"

#ifndef N
#define N 110
#endif
#define _PB_N n

static void kernel_mvt(int n,
                       DATA_TYPE POLYBENCH_1D(x1, N, n),
                       DATA_TYPE POLYBENCH_1D(x2, N, n),
                       DATA_TYPE POLYBENCH_1D(v1, N, n),
                       DATA_TYPE POLYBENCH_1D(v2, N, n),
                       DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;
#pragma scop
  if (__builtin_expect(((unsigned long long)x1 + (unsigned long long)_PB_N * sizeof x1[0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_N - 1) * sizeof A[0] + (unsigned long long)_PB_N * sizeof A[0][0] <= (unsigned long long)x1)
      && ((unsigned long long)x1 + (unsigned long long)_PB_N * sizeof x1[0] <= (unsigned long long)v1 || (unsigned long long)v1 + (unsigned long long)_PB_N * sizeof v1[0] <= (unsigned long long)x1)
      && ((unsigned long long)x1 + (unsigned long long)_PB_N * sizeof x1[0] <= (unsigned long long)v2 || (unsigned long long)v2 + (unsigned long long)_PB_N * sizeof v2[0] <= (unsigned long long)x1)
      && ((unsigned long long)x1 + (unsigned long long)_PB_N * sizeof x1[0] <= (unsigned long long)x2 || (unsigned long long)x2 + (unsigned long long)_PB_N * sizeof x2[0] <= (unsigned long long)x1)
      && ((unsigned long long)x2 + (unsigned long long)_PB_N * sizeof x2[0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_N - 1) * sizeof A[0] + (unsigned long long)_PB_N * sizeof A[0][0] <= (unsigned long long)x2)
      && ((unsigned long long)x2 + (unsigned long long)_PB_N * sizeof x2[0] <= (unsigned long long)v1 || (unsigned long long)v1 + (unsigned long long)_PB_N * sizeof v1[0] <= (unsigned long long)x2)
      && ((unsigned long long)x2 + (unsigned long long)_PB_N * sizeof x2[0] <= (unsigned long long)v2 || (unsigned long long)v2 + (unsigned long long)_PB_N * sizeof v2[0] <= (unsigned long long)x2), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (int c0 = 0; c0 < _PB_N / 8; c0++) {
      for (j = 0; j < _PB_N; j++) {
        x1[8 * c0] = x1[8 * c0] + A[8 * c0][j] * v1[j];
        x1[8 * c0 + 1] = x1[8 * c0 + 1] + A[8 * c0 + 1][j] * v1[j];
        x1[8 * c0 + 2] = x1[8 * c0 + 2] + A[8 * c0 + 2][j] * v1[j];
        x1[8 * c0 + 3] = x1[8 * c0 + 3] + A[8 * c0 + 3][j] * v1[j];
        x1[8 * c0 + 4] = x1[8 * c0 + 4] + A[8 * c0 + 4][j] * v1[j];
        x1[8 * c0 + 5] = x1[8 * c0 + 5] + A[8 * c0 + 5][j] * v1[j];
        x1[8 * c0 + 6] = x1[8 * c0 + 6] + A[8 * c0 + 6][j] * v1[j];
        x1[8 * c0 + 7] = x1[8 * c0 + 7] + A[8 * c0 + 7][j] * v1[j];
      }
    }
    for (j = 0; j < _PB_N; j++) {
      for (int c2 = 0; c2 < _PB_N % 8; c2++) {
        x1[-(((long long)_PB_N + 8) % 8) + _PB_N + c2] = x1[-(((long long)_PB_N + 8) % 8) + _PB_N + c2] + A[-(((long long)_PB_N + 8) % 8) + _PB_N + c2][j] * v1[j];
      }
    }
    /* The second product walks A down its columns. */
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (int c0 = 0; c0 < _PB_N / 8; c0++) {
      for (j = 0; j < _PB_N; j++) {
        x2[8 * c0] = x2[8 * c0] + A[j][8 * c0] * v2[j];
        x2[8 * c0 + 1] = x2[8 * c0 + 1] + A[j][8 * c0 + 1] * v2[j];
        x2[8 * c0 + 2] = x2[8 * c0 + 2] + A[j][8 * c0 + 2] * v2[j];
        x2[8 * c0 + 3] = x2[8 * c0 + 3] + A[j][8 * c0 + 3] * v2[j];
        x2[8 * c0 + 4] = x2[8 * c0 + 4] + A[j][8 * c0 + 4] * v2[j];
        x2[8 * c0 + 5] = x2[8 * c0 + 5] + A[j][8 * c0 + 5] * v2[j];
        x2[8 * c0 + 6] = x2[8 * c0 + 6] + A[j][8 * c0 + 6] * v2[j];
        x2[8 * c0 + 7] = x2[8 * c0 + 7] + A[j][8 * c0 + 7] * v2[j];
      }
    }
    for (j = 0; j < _PB_N; j++) {
      for (int c2 = 0; c2 < _PB_N % 8; c2++) {
        x2[-(((long long)_PB_N + 8) % 8) + _PB_N + c2] = x2[-(((long long)_PB_N + 8) % 8) + _PB_N + c2] + A[j][-(((long long)_PB_N + 8) % 8) + _PB_N + c2] * v2[j];
      }
    }
  } else {
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x1[i] = x1[i] + A[i][j] * v1[j];
  /* The second product walks A down its columns. */
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_N; j++)
      x2[i] = x2[i] + A[j][i] * v2[j];
  }
#pragma endscop
}

static DATA_TYPE A[N][N], x1[N], x2[N], v1[N], v2[N];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE)(i % N) / N;
    x2[i] = (DATA_TYPE)((i + 1) % N) / N;
    v1[i] = (DATA_TYPE)((i + 3) % N) / N;
    v2[i] = (DATA_TYPE)((i + 4) % N) / N;
    for (j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * j + 7) % N) / N;
  }
  nestor_timer_start();
  kernel_mvt(N, x1, x2, v1, v2, A);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    checksum_add(x1[i]);
  checksum_print("x1");
  for (i = 0; i < N; i++)
    checksum_add(x2[i]);
  checksum_print("x2");
  return 0;
}
