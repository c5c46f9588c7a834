exit 4
/* LU factorisation in place, row by row (Doolittle): for each row r, the entries left
   of the diagonal become L's multipliers (each divided by the pivot above it), the
   others U's row. L has a unit diagonal and is stored below it. */
#include "polybench_lite.h"

#ifndef N
#define N 80
#endif

static void lu_rows(int n, double M[N][N])
{
  for (int r = 1; r < n; r++) {
    for (int c = 0; c < r; c++) {
      for (int p = 0; p < c; p++) {
        M[r][c] -= M[r][p] * M[p][c];
      }
      M[r][c] = M[r][c] / M[c][c];
    }
    for (int c = r; c < n; c++) {
      for (int p = 0; p < r; p++) {
        M[r][c] -= M[r][p] * M[p][c];
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
