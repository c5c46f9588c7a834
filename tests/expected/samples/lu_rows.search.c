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
  for (int c0 = 0; (long long)64 * c0 <= (long long)3 * n - 6; c0++) {
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1)
    #endif
    for (int c1 = (0 > (c0 - ((long long)n + 63) / 64 + 1) ? 0 : (c0 - ((long long)n + 63) / 64 + 1)); c1 <= ((((long long)n - 2) / 32) < (c0 - (c0 + 1) / 3) ? (((long long)n - 2) / 32) : (c0 - (c0 + 1) / 3)); c1++) {
      for (int c2 = c1; c2 < 2 * c0 - 2 * c1; c2++) {
        for (long long c3 = (long long)64 * c0 - (long long)64 * c1; c3 < n && c3 <= (long long)64 * c0 - (long long)64 * c1 + 63; c3++) {
          for (long long c4 = 32 * c1; c4 <= 32 * c1 + 31; c4++) {
            if (c2 == c1) {
              M[c3][c4] = M[c3][c4] / M[c4][c4];
            }
            for (long long c5 = (((long long)32 * c2) > (c4 + 1) ? ((long long)32 * c2) : (c4 + 1)); c5 <= (long long)32 * c2 + 31; c5++) {
              M[c3][c5] -= M[c3][c4] * M[c4][c5];
            }
          }
        }
      }
      for (int c2 = (c1 > (2 * c0 - 2 * c1) ? c1 : (2 * c0 - 2 * c1)); c2 <= ((long long)n - 1) / 32; c2++) {
        for (int r = (((long long)64 * c0 - (long long)64 * c1) > (32 * c1 + 1) ? ((long long)64 * c0 - (long long)64 * c1) : (32 * c1 + 1)); r < n && r <= (long long)64 * c0 - (long long)64 * c1 + 63 && r <= 32 * c2 + 31; r++) {
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
        if (2 * c1 + c2 == 2 * c0) {
          for (long long c3 = (long long)64 * c0 - (long long)64 * c1 + 32; c3 < n && c3 <= (long long)64 * c0 - (long long)64 * c1 + 63; c3++) {
            for (long long c4 = 32 * c1; c4 <= (long long)64 * c0 - (long long)64 * c1 + 30 && c4 <= 32 * c1 + 31; c4++) {
              if (3 * c1 == 2 * c0) {
                M[c3][c4] = M[c3][c4] / M[c4][c4];
              }
              for (long long c5 = (((long long)64 * c0 - (long long)64 * c1) > (c4 + 1) ? ((long long)64 * c0 - (long long)64 * c1) : (c4 + 1)); c5 <= (long long)64 * c0 - (long long)64 * c1 + 31; c5++) {
                M[c3][c5] -= M[c3][c4] * M[c4][c5];
              }
            }
            if (3 * c1 == 2 * c0) {
              M[c3][(long long)64 * c0 / 3 + 31] = M[c3][(long long)64 * c0 / 3 + 31] / M[(long long)64 * c0 / 3 + 31][(long long)64 * c0 / 3 + 31];
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
