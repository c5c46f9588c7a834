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
  #pragma omp parallel for private(k)
  for (int c0 = 0; c0 <= (((long long)n - 1) >= 0 ? ((long long)n - 1) / 32 : -((-((long long)n - 1) + 32 - 1) / 32)); c0++) {
    for (int c1 = 0; c1 <= (((long long)m - 2) >= 0 ? ((long long)m - 2) / 32 : -((-((long long)m - 2) + 32 - 1) / 32)); c1++) {
      for (int c2 = c1; c2 <= ((long long)m - 1) / 32; c2++) {
        for (int c3 = 16 * c0; c3 <= ((16 * c0 + 15) < (((long long)n + 1) / 2 - 1) ? (16 * c0 + 15) : (((long long)n + 1) / 2 - 1)); c3++) {
          for (int c4 = 16 * c1; c4 <= ((16 * c1 + 15) < (m / 2 - 1) ? (16 * c1 + 15) : (m / 2 - 1)); c4++) {
            if (c2 == c1 && n >= (long long)(2 * c3) + 2 && 16 * c1 + 14 >= c4 && m >= 2 * c4 + 3) {
              B[2 * c4][2 * c3] += A[2 * c4 + 1][2 * c4] * B[2 * c4 + 1][2 * c3];
              B[2 * c4][2 * c3 + 1] += A[2 * c4 + 1][2 * c4] * B[2 * c4 + 1][2 * c3 + 1];
            }
            if (n >= (long long)(2 * c3) + 2) {
              for (k = ((32 * c2) > (2 * c4 + 2) ? (32 * c2) : (2 * c4 + 2)); k <= (((long long)m - 1) < (32 * c2 + 31) ? ((long long)m - 1) : (32 * c2 + 31)); k++) {
                B[2 * c4][2 * c3] += A[k][2 * c4] * B[k][2 * c3];
                B[2 * c4 + 1][2 * c3] += A[k][2 * c4 + 1] * B[k][2 * c3];
                B[2 * c4][2 * c3 + 1] += A[k][2 * c4] * B[k][2 * c3 + 1];
                B[2 * c4 + 1][2 * c3 + 1] += A[k][2 * c4 + 1] * B[k][2 * c3 + 1];
              }
            }
            if (2 * c3 + 1 == n || c2 == c1 && c4 == 16 * c1 + 15 || 32 * c1 + 30 >= m && c2 == c1 && 2 * c4 + 2 == m) {
              if (2 * c3 + 1 == n) {
                for (k = ((32 * c2) > (2 * c4 + 1) ? (32 * c2) : (2 * c4 + 1)); k <= (((long long)m - 1) < (32 * c2 + 31) ? ((long long)m - 1) : (32 * c2 + 31)); k++) {
                  B[2 * c4][(int)((long long)n - 1)] += A[k][2 * c4] * B[k][(int)((long long)n - 1)];
                  if (k >= 2 * c4 + 2) {
                    B[2 * c4 + 1][(int)((long long)n - 1)] += A[k][2 * c4 + 1] * B[k][(int)((long long)n - 1)];
                  }
                }
              } else {
                if (c4 == 16 * c1 + 15) {
                  B[32 * c1 + 30][2 * c3] += A[32 * c1 + 31][32 * c1 + 30] * B[32 * c1 + 31][2 * c3];
                  B[32 * c1 + 30][2 * c3 + 1] += A[32 * c1 + 31][32 * c1 + 30] * B[32 * c1 + 31][2 * c3 + 1];
                } else {
                  B[(int)((long long)m - 2)][2 * c3] += A[(int)((long long)m - 1)][(int)((long long)m - 2)] * B[(int)((long long)m - 1)][2 * c3];
                  B[(int)((long long)m - 2)][2 * c3 + 1] += A[(int)((long long)m - 1)][(int)((long long)m - 2)] * B[(int)((long long)m - 1)][2 * c3 + 1];
                }
              }
            }
          }
        }
      }
    }
  }
  #pragma omp parallel for private(i)
  for (j = 0; j < n; j++) {
    for (i = 0; i < m; i++) {
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
