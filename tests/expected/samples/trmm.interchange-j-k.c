exit 4
/* Triangular matrix product B = alpha * A^T * B with A unit lower-triangular (trmm style), PolyBench style. */
#include "polybench_lite.h"

#ifndef M
#define M 60
#endif
#ifndef N
#define N 80
#endif
#define _PB_M m
#define _PB_N n

static void kernel_trmm(int m, int n, DATA_TYPE alpha,
                        DATA_TYPE POLYBENCH_2D(A, M, M, m, m),
                        DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
  int i, j, k;
#pragma scop
  if (__builtin_expect((unsigned long long)B + (unsigned long long)((long long)_PB_M - 1) * sizeof B[0] + (unsigned long long)_PB_N * sizeof B[0][0] <= (unsigned long long)A + sizeof A[0]
      || (unsigned long long)A + (unsigned long long)((long long)_PB_M - 1) * sizeof A[0] + (unsigned long long)((long long)_PB_M - 1) * sizeof A[0][0] <= (unsigned long long)B, 1)) {
    for (int i_tile = 0; 64 * i_tile <= (long long)_PB_M - 2; i_tile++) {
      #ifdef _OPENMP
      #pragma omp parallel for private(i, j, k)
      #endif
      for (int j_tile = 0; j_tile < ((long long)_PB_N + 63) / 64; j_tile++) {
        /* Only the rows below i contribute (A is unit lower-triangular). */
        for (int k_tile = i_tile; k_tile <= ((long long)_PB_M - 1) / 64; k_tile++) {
          for (i = 64 * i_tile; i <= (long long)_PB_M - 2 && i <= 64 * i_tile + 63 && i <= 64 * k_tile + 62; i++) {
            for (j = 64 * j_tile; j < _PB_N && j <= 64 * j_tile + 63; j++) {
              for (k = ((64 * k_tile) > (i + 1) ? (64 * k_tile) : (i + 1)); k <= (((long long)_PB_M - 1) < (64 * k_tile + 63) ? ((long long)_PB_M - 1) : (64 * k_tile + 63)); k++) {
                B[i][j] += A[k][i] * B[k][j];
              }
            }
          }
        }
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_M; i++) {
      for (j = 0; j < _PB_N; j++) {
        B[i][j] = alpha * B[i][j];
      }
    }
  } else {
  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++) {
      /* Only the rows below i contribute (A is unit lower-triangular). */
      for (k = i + 1; k < _PB_M; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
  }
#pragma endscop
}

static DATA_TYPE A[M][M], B[M][N];

int main(void)
{
  int i, j;
  for (i = 0; i < M; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % M) / M;
    A[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < M; j++)
      A[i][j] = SCALAR_VAL(0.0);
    for (j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE)((N + (i - j)) % N) / N;
  }
  nestor_timer_start();
  kernel_trmm(M, N, SCALAR_VAL(1.5), A, B);
  nestor_timer_stop_print();
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      checksum_add(B[i][j]);
  checksum_print("B");
  return 0;
}
