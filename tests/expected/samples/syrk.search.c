exit 0
/* Symmetric rank-k update of the lower triangle, C = alpha * A * A^T + beta * C (syrk style), PolyBench style. */
#include "polybench_lite.h"

#ifndef N
#define N 70
#endif
#ifndef M
#define M 50
#endif
#define _PB_N n
#define _PB_M m

static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, N, N, n, n),
                        DATA_TYPE POLYBENCH_2D(A, N, M, n, m))
{
  int i, j, k;
#pragma scop
  if (__builtin_expect((unsigned long long)C + (unsigned long long)((long long)_PB_N - 1) * sizeof C[0] + (unsigned long long)_PB_N * sizeof C[0][0] <= (unsigned long long)A
      || (unsigned long long)A + (unsigned long long)((long long)_PB_N - 1) * sizeof A[0] + (unsigned long long)_PB_M * sizeof A[0][0] <= (unsigned long long)C, 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(j)
    #endif
    for (i = 0; i < _PB_N; i++) {
      for (j = 0; j <= i; j++) {
        C[i][j] *= beta;
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(i, j, k)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_N + 63) / 64; i_tile++) {
      for (int k_tile = 0; 64 * k_tile < _PB_M; k_tile++) {
        for (int j_tile = 0; j_tile <= i_tile; j_tile++) {
          for (i = 64 * i_tile; i < _PB_N && i <= 64 * i_tile + 63; i++) {
            for (k = 64 * k_tile; k < _PB_M && k <= 64 * k_tile + 63; k++) {
              for (j = 64 * j_tile; j <= ((64 * j_tile + 63) < i ? (64 * j_tile + 63) : i); j++) {
                C[i][j] += alpha * A[i][k] * A[j][k];
              }
            }
          }
        }
      }
    }
  } else {
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
  }
#pragma endscop
}

static DATA_TYPE C[N][N], A[N][M];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
    for (j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % M) / M;
  }
  nestor_timer_start();
  kernel_syrk(N, M, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      checksum_add(C[i][j]);
  checksum_print("C");
  return 0;
}
