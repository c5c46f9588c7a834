exit 4
/* Symmetric matrix product C = alpha * A * B + beta * C using only A's lower triangle, with a scalar accumulator temp2 (symm style), PolyBench style. */
#include "polybench_lite.h"

#ifndef M
#define M 50
#endif
#ifndef N
#define N 70
#endif
#define _PB_M m
#define _PB_N n

static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(A, M, M, m, m),
                        DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
  int i, j, k;
  DATA_TYPE temp2;
#pragma scop
  if (__builtin_expect(((unsigned long long)C + (unsigned long long)((long long)_PB_M - 1) * sizeof C[0] + (unsigned long long)_PB_N * sizeof C[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_M - 1) * sizeof A[0] + (unsigned long long)_PB_M * sizeof A[0][0] <= (unsigned long long)C)
      && ((unsigned long long)C + (unsigned long long)((long long)_PB_M - 1) * sizeof C[0] + (unsigned long long)_PB_N * sizeof C[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_M - 1) * sizeof B[0] + (unsigned long long)_PB_N * sizeof B[0][0] <= (unsigned long long)C), 1)) {
    for (i = 0; i < _PB_M; i++) {
      #ifdef _OPENMP
      #pragma omp parallel for private(k, temp2)
      #endif
      for (j = 0; j < _PB_N; j++) {
        temp2 = 0;
        for (k = 0; k < i; k++) {
          C[k][j] += alpha * B[i][j] * A[i][k];
          temp2 += B[k][j] * A[i][k];
        }
        C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
      }
    }
  } else {
  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
  }
#pragma endscop
}

static DATA_TYPE C[M][N], A[M][M], B[M][N];

int main(void)
{
  int i, j;
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE)((N + i - j) % 100) / M;
    }
    for (j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 100) / M;
    /* The upper triangle is never read by the kernel; fill it with a marker. */
    for (j = i + 1; j < M; j++)
      A[i][j] = SCALAR_VAL(-999.0);
  }
  nestor_timer_start();
  kernel_symm(M, N, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  nestor_timer_stop_print();
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      checksum_add(C[i][j]);
  checksum_print("C");
  return 0;
}
