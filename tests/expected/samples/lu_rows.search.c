exit 0
/* LU factorisation in place, row by row (Doolittle): for each row r, the entries left
   of the diagonal become L's multipliers (each divided by the pivot above it), the
   others U's row. L has a unit diagonal and is stored below it. */
#include "polybench_lite.h"

#ifndef N
#define N 80
#endif

static void lu_rows(int n, double M[N][N])
{
  for (int r_tile = 0; 64 * r_tile < n; r_tile++) {
    for (int c1 = 0; c1 <= 2 * r_tile + 1 && 32 * c1 <= (long long)n - 2; c1++) {
      for (int c2 = c1; c2 < 2 * r_tile; c2++) {
        for (int r = 64 * r_tile; r < n && r <= 64 * r_tile + 63; r++) {
          for (long long c4 = 32 * c1; c4 <= 32 * c1 + 31; c4++) {
            if (c2 == c1) {
              M[r][c4] = M[r][c4] / M[c4][c4];
            }
            for (int c = ((32 * c2) > (c4 + 1) ? (32 * c2) : (c4 + 1)); c <= 32 * c2 + 31; c++) {
              M[r][c] -= M[r][c4] * M[c4][c];
            }
          }
        }
      }
      for (int c2 = ((2 * r_tile) > c1 ? (2 * r_tile) : c1); c2 <= ((long long)n - 1) / 32; c2++) {
        for (int r = ((64 * r_tile) > (32 * c1 + 1) ? (64 * r_tile) : (32 * c1 + 1)); r < n && r <= 64 * r_tile + 63 && r <= 32 * c2 + 31; r++) {
          for (int p = 32 * c1; p <= 32 * c1 + 31 && p < r; p++) {
            if (c2 == c1) {
              M[r][p] = M[r][p] / M[p][p];
            }
            for (int c = ((32 * c2) > (p + 1) ? (32 * c2) : (p + 1)); c < r; c++) {
              M[r][c] -= M[r][p] * M[p][c];
            }
            for (int c = ((32 * c2) > r ? (32 * c2) : r); c <= (((long long)n - 1) < (32 * c2 + 31) ? ((long long)n - 1) : (32 * c2 + 31)); c++) {
              M[r][c] -= M[r][p] * M[p][c];
            }
          }
        }
        if (c2 == 2 * r_tile) {
          for (int r = 64 * r_tile + 32; r < n && r <= 64 * r_tile + 63; r++) {
            for (long long c4 = 32 * c1; c4 <= 32 * c1 + 31; c4++) {
              if (c1 == 2 * r_tile) {
                M[r][c4] = M[r][c4] / M[c4][c4];
              }
              for (int c = ((64 * r_tile) > (c4 + 1) ? (64 * r_tile) : (c4 + 1)); c <= 64 * r_tile + 31; c++) {
                M[r][c] -= M[r][c4] * M[c4][c];
              }
            }
          }
        }
      }
    }
  }
}

static double M[N][N];

int main(void)
{
  /* Diagonally dominant, so every pivot is far from zero. */
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int r = 0; r < N; r++) {
    for (int c = 0; c < N; c++) {
      M[r][c] = (r == c) ? 2.0 * N : (double)((r * 7 + c * 3) % 19) / 19.0 - 0.5;
    }
  }
  nestor_timer_start();
  lu_rows(N, M);
  nestor_timer_stop_print();
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      checksum_add(M[r][c]);
  checksum_print("M");
  return 0;
}
