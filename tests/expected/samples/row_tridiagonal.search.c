exit 0
/* Implicit diffusion along rows: each row of the grid is a tridiagonal system
   (a, b, c constant), solved by the Thomas algorithm: a forward sweep whose every
   step divides by a value the step before computed, then a back substitution. Each
   row is one chain of dependent divisions, and the rows are independent: written row
   by row, the processor runs one division at a time, waiting for the one before. */
#include "polybench_lite.h"

#ifndef N
#define N 200
#endif

static void solve_rows(int n, double a, double b, double c, double rhs[N][N],
                       double cp[N][N], double dp[N][N], double x[N][N])
{
  if (__builtin_expect(((unsigned long long)cp + (unsigned long long)((long long)n - 1) * sizeof cp[0] + (unsigned long long)n * sizeof cp[0][0] <= (unsigned long long)dp || (unsigned long long)dp + (unsigned long long)((long long)n - 1) * sizeof dp[0] + (unsigned long long)n * sizeof dp[0][0] <= (unsigned long long)cp)
      && ((unsigned long long)cp + (unsigned long long)((long long)n - 1) * sizeof cp[0] + (unsigned long long)n * sizeof cp[0][0] <= (unsigned long long)rhs || (unsigned long long)rhs + (unsigned long long)((long long)n - 1) * sizeof rhs[0] + (unsigned long long)n * sizeof rhs[0][0] <= (unsigned long long)cp)
      && ((unsigned long long)cp + (unsigned long long)((long long)n - 1) * sizeof cp[0] + (unsigned long long)n * sizeof cp[0][0] <= (unsigned long long)x || (unsigned long long)x + (unsigned long long)((long long)n - 1) * sizeof x[0] + (unsigned long long)n * sizeof x[0][0] <= (unsigned long long)cp)
      && ((unsigned long long)dp + (unsigned long long)((long long)n - 1) * sizeof dp[0] + (unsigned long long)n * sizeof dp[0][0] <= (unsigned long long)rhs || (unsigned long long)rhs + (unsigned long long)((long long)n - 1) * sizeof rhs[0] + (unsigned long long)n * sizeof rhs[0][0] <= (unsigned long long)dp)
      && ((unsigned long long)dp + (unsigned long long)((long long)n - 1) * sizeof dp[0] + (unsigned long long)n * sizeof dp[0][0] <= (unsigned long long)x || (unsigned long long)x + (unsigned long long)((long long)n - 1) * sizeof x[0] + (unsigned long long)n * sizeof x[0][0] <= (unsigned long long)dp)
      && ((unsigned long long)x + (unsigned long long)((long long)n - 1) * sizeof x[0] + (unsigned long long)n * sizeof x[0][0] <= (unsigned long long)rhs || (unsigned long long)rhs + (unsigned long long)((long long)n - 1) * sizeof rhs[0] + (unsigned long long)n * sizeof rhs[0][0] <= (unsigned long long)x), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i_tile = 0; i_tile < ((long long)n + 63) / 64; i_tile++) {
      for (int i = 64 * i_tile; i <= (((long long)n - 1) < (64 * i_tile + 63) ? ((long long)n - 1) : (64 * i_tile + 63)); i++) {
        cp[i][0] = c / b;
      }
      for (int i = 64 * i_tile; i <= (((long long)n - 1) < (64 * i_tile + 63) ? ((long long)n - 1) : (64 * i_tile + 63)); i++) {
        dp[i][0] = rhs[i][0] / b;
      }
      for (int j = 1; j < n; j++) {
        for (int i = 64 * i_tile; i <= (((long long)n - 1) < (64 * i_tile + 63) ? ((long long)n - 1) : (64 * i_tile + 63)); i++) {
          cp[i][j] = c / (b - a * cp[i][j - 1]);
          dp[i][j] = (rhs[i][j] - a * dp[i][j - 1]) / (b - a * cp[i][j - 1]);
        }
      }
      for (int i = 64 * i_tile; i <= (((long long)n - 1) < (64 * i_tile + 63) ? ((long long)n - 1) : (64 * i_tile + 63)); i++) {
        x[i][n - 1] = dp[i][n - 1];
      }
      for (int j = (long long)n - 2; j >= 0; j--) {
        for (int i = 64 * i_tile; i <= (((long long)n - 1) < (64 * i_tile + 63) ? ((long long)n - 1) : (64 * i_tile + 63)); i++) {
          x[i][j] = dp[i][j] - cp[i][j] * x[i][j + 1];
        }
      }
    }
  } else {
  for (int i = 0; i < n; i++) {
    cp[i][0] = c / b;
    dp[i][0] = rhs[i][0] / b;
    for (int j = 1; j < n; j++) {
      cp[i][j] = c / (b - a * cp[i][j - 1]);
      dp[i][j] = (rhs[i][j] - a * dp[i][j - 1]) / (b - a * cp[i][j - 1]);
    }
    x[i][n - 1] = dp[i][n - 1];
    for (int j = n - 2; j >= 0; j--)
      x[i][j] = dp[i][j] - cp[i][j] * x[i][j + 1];
  }
  }
}

static double rhs[N][N], cp[N][N], dp[N][N], x[N][N];

int main(void)
{
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      rhs[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0 - 0.5;
      cp[i][j] = dp[i][j] = x[i][j] = 0.0;
    }
  }
  nestor_timer_start();
  solve_rows(N, -1.0, 2.5, -1.0, rhs, cp, dp, x);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      checksum_add(x[i][j]);
  checksum_print("x");
  return 0;
}
