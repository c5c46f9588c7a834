exit 4
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
  #pragma omp parallel for private(j)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++) {
      C[i][j] *= beta;
    }
  }
  #pragma omp parallel for private(j)
  for (int c0 = 0; c0 <= (((long long)n - 1) >= 0 ? ((long long)n - 1) / 32 : -((-((long long)n - 1) + 32 - 1) / 32)); c0++) {
    for (int c1 = 0; c1 <= (((long long)m - 1) >= 0 ? ((long long)m - 1) / 32 : -((-((long long)m - 1) + 32 - 1) / 32)); c1++) {
      for (int c2 = 0; c2 <= c0; c2++) {
        for (int c3 = 16 * c0; c3 <= ((16 * c0 + 15) < (((long long)n + 1) / 2 - 1) ? (16 * c0 + 15) : (((long long)n + 1) / 2 - 1)); c3++) {
          for (int c4 = 8 * c1; c4 <= ((8 * c1 + 7) < (((long long)m - 1) / 4) ? (8 * c1 + 7) : (((long long)m - 1) / 4)); c4++) {
            if (n >= (long long)(2 * c3) + 2 && m >= (long long)(4 * c4) + 4) {
              for (j = 32 * c2; j <= ((32 * c2 + 31) < (2 * c3) ? (32 * c2 + 31) : (2 * c3)); j++) {
                C[2 * c3][j] += alpha * A[2 * c3][4 * c4] * A[j][4 * c4];
                C[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 1] * A[j][4 * c4 + 1];
                C[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 2] * A[j][4 * c4 + 2];
                C[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 3] * A[j][4 * c4 + 3];
                C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4] * A[j][4 * c4];
                C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4 + 1] * A[j][4 * c4 + 1];
                C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4 + 2] * A[j][4 * c4 + 2];
                C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4 + 3] * A[j][4 * c4 + 3];
              }
            }
            if (n >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= m || 2 * c3 + 1 == n || c2 == c0 && m >= (long long)(4 * c4) + 4) {
              if (n >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= m) {
                for (long long c5 = 32 * c2; c5 <= ((32 * c2 + 31) < (2 * c3 + 1) ? (32 * c2 + 31) : (2 * c3 + 1)); c5++) {
                  if (2 * c3 >= c5) {
                    C[2 * c3][(int)c5] += alpha * A[2 * c3][4 * c4] * A[(int)c5][4 * c4];
                    if (m >= 4 * c4 + 2) {
                      C[2 * c3][(int)c5] += alpha * A[2 * c3][4 * c4 + 1] * A[(int)c5][4 * c4 + 1];
                      if (4 * c4 + 3 == m) {
                        C[2 * c3][(int)c5] += alpha * A[2 * c3][(int)((long long)m - 1)] * A[(int)c5][(int)((long long)m - 1)];
                      }
                    }
                  }
                  C[2 * c3 + 1][(int)c5] += alpha * A[2 * c3 + 1][4 * c4] * A[(int)c5][4 * c4];
                  if (m >= 4 * c4 + 2) {
                    C[2 * c3 + 1][(int)c5] += alpha * A[2 * c3 + 1][4 * c4 + 1] * A[(int)c5][4 * c4 + 1];
                    if (4 * c4 + 3 == m) {
                      C[2 * c3 + 1][(int)c5] += alpha * A[2 * c3 + 1][(int)((long long)m - 1)] * A[(int)c5][(int)((long long)m - 1)];
                    }
                  }
                }
              } else {
                if (2 * c3 + 1 == n) {
                  for (j = 32 * c2; j <= (((long long)n - 1) < (32 * c2 + 31) ? ((long long)n - 1) : (32 * c2 + 31)); j++) {
                    C[(int)((long long)n - 1)][j] += alpha * A[(int)((long long)n - 1)][4 * c4] * A[j][4 * c4];
                    if (m >= 4 * c4 + 2) {
                      C[(int)((long long)n - 1)][j] += alpha * A[(int)((long long)n - 1)][4 * c4 + 1] * A[j][4 * c4 + 1];
                      if (m >= 4 * c4 + 3) {
                        C[(int)((long long)n - 1)][j] += alpha * A[(int)((long long)n - 1)][4 * c4 + 2] * A[j][4 * c4 + 2];
                        if (m >= (long long)(4 * c4) + 4) {
                          C[(int)((long long)n - 1)][j] += alpha * A[(int)((long long)n - 1)][4 * c4 + 3] * A[j][4 * c4 + 3];
                        }
                      }
                    }
                  }
                } else {
                  C[2 * c3 + 1][2 * c3 + 1] += alpha * A[2 * c3 + 1][4 * c4] * A[2 * c3 + 1][4 * c4];
                  C[2 * c3 + 1][2 * c3 + 1] += alpha * A[2 * c3 + 1][4 * c4 + 1] * A[2 * c3 + 1][4 * c4 + 1];
                  C[2 * c3 + 1][2 * c3 + 1] += alpha * A[2 * c3 + 1][4 * c4 + 2] * A[2 * c3 + 1][4 * c4 + 2];
                  C[2 * c3 + 1][2 * c3 + 1] += alpha * A[2 * c3 + 1][4 * c4 + 3] * A[2 * c3 + 1][4 * c4 + 3];
                }
              }
            }
          }
        }
      }
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
