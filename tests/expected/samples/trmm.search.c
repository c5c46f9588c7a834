exit 0
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
  /* Only the rows below i contribute (A is unit lower-triangular). */
  for (int c0 = 0; c0 <= (((long long)m - 1) >= 0 ? ((long long)m - 1) / 32 : -((-((long long)m - 1) + 32 - 1) / 32)); c0++) {
    for (int c1 = 0; c1 <= (c0 < (((long long)m - 2) >= 0 ? ((long long)m - 2) / 32 : -((-((long long)m - 2) + 32 - 1) / 32)) ? c0 : (((long long)m - 2) >= 0 ? ((long long)m - 2) / 32 : -((-((long long)m - 2) + 32 - 1) / 32))); c1++) {
      for (int c2 = 0; c2 <= (((long long)n - 1) >= 0 ? ((long long)n - 1) / 32 : -((-((long long)n - 1) + 32 - 1) / 32)); c2++) {
        for (int c3 = 8 * c0; c3 <= ((8 * c0 + 7) < (((long long)m - 1) / 4) ? (8 * c0 + 7) : (((long long)m - 1) / 4)); c3++) {
          for (int c4 = 16 * c1; c4 <= (((16 * c1 + 15) < (2 * c3 + 1) ? (16 * c1 + 15) : (2 * c3 + 1)) < (m / 2 - 1) ? ((16 * c1 + 15) < (2 * c3 + 1) ? (16 * c1 + 15) : (2 * c3 + 1)) : (m / 2 - 1)); c4++) {
            if (m >= (long long)(4 * c3) + 4 && 2 * c3 >= c4 + 1) {
              for (j = 32 * c2; j <= (((long long)n - 1) < (32 * c2 + 31) ? ((long long)n - 1) : (32 * c2 + 31)); j++) {
                B[2 * c4][j] += A[4 * c3][2 * c4] * B[4 * c3][j];
                B[2 * c4 + 1][j] += A[4 * c3][2 * c4 + 1] * B[4 * c3][j];
                B[2 * c4][j] += A[4 * c3 + 1][2 * c4] * B[4 * c3 + 1][j];
                B[2 * c4 + 1][j] += A[4 * c3 + 1][2 * c4 + 1] * B[4 * c3 + 1][j];
                B[2 * c4][j] += A[4 * c3 + 2][2 * c4] * B[4 * c3 + 2][j];
                B[2 * c4 + 1][j] += A[4 * c3 + 2][2 * c4 + 1] * B[4 * c3 + 2][j];
                B[2 * c4][j] += A[4 * c3 + 3][2 * c4] * B[4 * c3 + 3][j];
                B[2 * c4 + 1][j] += A[4 * c3 + 3][2 * c4 + 1] * B[4 * c3 + 3][j];
              }
            } else {
              for (j = 32 * c2; j <= (((long long)n - 1) < (32 * c2 + 31) ? ((long long)n - 1) : (32 * c2 + 31)); j++) {
                if (4 * c3 + 3 >= m && 2 * c3 >= c4 + 1) {
                  B[2 * c4][j] += A[4 * c3][2 * c4] * B[4 * c3][j];
                  B[2 * c4 + 1][j] += A[4 * c3][2 * c4 + 1] * B[4 * c3][j];
                }
                if (m >= 4 * c3 + 2 && 2 * c3 >= c4) {
                  B[2 * c4][j] += A[4 * c3 + 1][2 * c4] * B[4 * c3 + 1][j];
                  if (4 * c3 + 3 >= m && 2 * c3 >= c4 + 1) {
                    B[2 * c4 + 1][j] += A[4 * c3 + 1][2 * c4 + 1] * B[4 * c3 + 1][j];
                  }
                  if (m >= 4 * c3 + 3) {
                    B[2 * c4][j] += A[4 * c3 + 2][2 * c4] * B[4 * c3 + 2][j];
                    B[2 * c4 + 1][j] += A[4 * c3 + 2][2 * c4 + 1] * B[4 * c3 + 2][j];
                  }
                }
                if (c1 == c0 && m >= (long long)(4 * c3) + 4 && c4 >= 2 * c3) {
                  B[2 * c4][j] += A[4 * c3 + 3][2 * c4] * B[4 * c3 + 3][j];
                  if (c4 == 2 * c3) {
                    B[4 * c3 + 1][j] += A[4 * c3 + 3][4 * c3 + 1] * B[4 * c3 + 3][j];
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  #pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    for (j = 0; j < n; j++) {
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
