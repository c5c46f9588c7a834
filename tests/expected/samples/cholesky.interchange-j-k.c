exit 4
/* Cholesky factorization in place, row by row: the lower triangle of a symmetric
 * positive-definite matrix becomes L with L * L^T = A. The diagonal's reduction runs
 * after each row's off-diagonal part; fusing it into that loop saves nothing (the row
 * is in cache) and adds a load and a store of the diagonal per column, so the search
 * leaves the nest as written. */
#include "polybench_lite.h"

#ifndef N
#define N 96
#endif

static void factor(int n, DATA_TYPE POLYBENCH_2D(M, N, N, n, n))
{
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < r; c++) {
      for (int p = 0; p < c; p++) {
        M[r][c] -= M[r][p] * M[c][p];
      }
      M[r][c] = M[r][c] / M[c][c];
    }
    for (int p = 0; p < r; p++) {
      M[r][r] -= M[r][p] * M[r][p];
    }
    M[r][r] = sqrt(M[r][r]);
  }
}

static DATA_TYPE M[N][N];

int main(void)
{
  /* M = B * B^T + N * I for a small B: symmetric and positive definite. */
  {
    DATA_TYPE s;
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(s)
    #endif
    for (int i = 0; i < N; i++) {
      for (int j = 0; j <= i; j++) {
        s = 0;
        for (int k = 0; k <= 3; k++) {
          s += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)((j + k) % 5 + 1);
        }
        M[i][j] = s / 25 + (i == j ? N : 0);
        M[j][i] = M[i][j];
      }
    }
  }
  nestor_timer_start();
  factor(N, M);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      checksum_add(M[i][j]);
  checksum_print("L");
  return 0;
}
