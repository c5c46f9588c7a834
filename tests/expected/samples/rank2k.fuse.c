exit 0
/* Symmetric rank-2k update of a lower triangle: S = a * (X * Y^T + Y * X^T) + b * S.
   Each row of S is scaled, then gets one outer-product term per column k of X and Y. */
#include "polybench_lite.h"

#ifndef N
#define N 60
#endif
#ifndef M
#define M 40
#endif

static void rank2k(int n, int m, double a, double b, double S[N][N], double X[N][M],
                   double Y[N][M])
{
  if (__builtin_expect(((unsigned long long)S + (unsigned long long)((long long)n - 1) * sizeof S[0] + (unsigned long long)n * sizeof S[0][0] <= (unsigned long long)X || (unsigned long long)X + (unsigned long long)((long long)n - 1) * sizeof X[0] + (unsigned long long)m * sizeof X[0][0] <= (unsigned long long)S)
      && ((unsigned long long)S + (unsigned long long)((long long)n - 1) * sizeof S[0] + (unsigned long long)n * sizeof S[0][0] <= (unsigned long long)Y || (unsigned long long)Y + (unsigned long long)((long long)n - 1) * sizeof Y[0] + (unsigned long long)m * sizeof Y[0][0] <= (unsigned long long)S), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1)
    #endif
    for (int r = 0; r < n; r++) {
      for (int c = 0; c <= r; c++) {
        S[r][c] = b * S[r][c];
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1)
    #endif
    for (int r_tile = 0; r_tile < ((long long)n + 63) / 64; r_tile++) {
      for (int k_tile = 0; 32 * k_tile < m; k_tile++) {
        for (int c_tile = 0; c_tile <= r_tile; c_tile++) {
          for (int r = 64 * r_tile; r < n && r <= 64 * r_tile + 63; r++) {
            for (int k = 32 * k_tile; k < m && k <= 32 * k_tile + 31; k++) {
              for (int c = 64 * c_tile; c <= ((64 * c_tile + 63) < r ? (64 * c_tile + 63) : r); c++) {
                S[r][c] = S[r][c] + a * X[c][k] * Y[r][k] + a * Y[c][k] * X[r][k];
              }
            }
          }
        }
      }
    }
  } else {
  for (int r = 0; r < n; r++) {
    for (int c = 0; c <= r; c++)
      S[r][c] = b * S[r][c];
    for (int k = 0; k < m; k++)
      for (int c = 0; c <= r; c++)
        S[r][c] = S[r][c] + a * X[c][k] * Y[r][k] + a * Y[c][k] * X[r][k];
  }
  }
}

static double S[N][N], X[N][M], Y[N][M];

int main(void)
{
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int r = 0; r < N; r++) {
    for (int c = 0; c < M; c++) {
      X[r][c] = (double)((3 * r + c) % 17) / 17.0;
      Y[r][c] = (double)((r + 5 * c + 1) % 13) / 13.0;
      if (N >= c + 1) {
        S[r][c] = (double)((r * c + 7) % 11) / 11.0;
      }
    }
    for (int c = (0 > M ? 0 : M); c < N; c++) {
      S[r][c] = (double)((r * c + 7) % 11) / 11.0;
    }
  }
  nestor_timer_start();
  rank2k(N, M, 0.75, 1.25, S, X, Y);
  nestor_timer_stop_print();
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      checksum_add(S[r][c]);
  checksum_print("S");
  return 0;
}
