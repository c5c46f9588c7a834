exit 4
/* Solving A x = b by LU factorisation in place (Doolittle, no pivoting), then forward
   and back substitution, with one accumulator `acc` reused by every loop, as
   numerical code often is written. Each loop's use of `acc` is a value of its own
   (written before it is read in the same iteration), so each can live in the cell it
   ends up in. */
#include "polybench_lite.h"

#ifndef N
#define N 90
#endif

static void lu_solve(int n, double A[N][N], double b[N], double y[N], double x[N])
{
  double acc;
  if (__builtin_expect(((unsigned long long)A + (unsigned long long)(n - 1) * sizeof A[0] + (unsigned long long)n * sizeof A[0][0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)A)
      && ((unsigned long long)A + (unsigned long long)(n - 1) * sizeof A[0] + (unsigned long long)n * sizeof A[0][0] <= (unsigned long long)x || (unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)A)
      && ((unsigned long long)A + (unsigned long long)(n - 1) * sizeof A[0] + (unsigned long long)n * sizeof A[0][0] <= (unsigned long long)y || (unsigned long long)y + (unsigned long long)n * sizeof y[0] <= (unsigned long long)A)
      && ((unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)x)
      && ((unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)y || (unsigned long long)y + (unsigned long long)n * sizeof y[0] <= (unsigned long long)x)
      && ((unsigned long long)y + (unsigned long long)n * sizeof y[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)y), 1)) {
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < r; c++) {
        acc = A[r][c];
        for (int p = 0; p < c; p++) {
          acc -= A[r][p] * A[p][c];
        }
        A[r][c] = acc / A[c][c];
      }
      for (int c = r; c < n; c++) {
        acc = A[r][c];
        for (int p = 0; p < r; p++) {
          acc -= A[r][p] * A[p][c];
        }
        A[r][c] = acc;
      }
      acc = b[r];
      for (int c = 0; c < r; c++) {
        acc -= A[r][c] * y[c];
      }
      y[r] = acc;
    }
    for (int r = n - 1; r >= 0; r--) {
      acc = y[r];
      for (int c = r + 1; c < n; c++) {
        acc -= A[r][c] * x[c];
      }
      x[r] = acc / A[r][r];
    }
  } else {
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < r; c++) {
      acc = A[r][c];
      for (int p = 0; p < c; p++)
        acc -= A[r][p] * A[p][c];
      A[r][c] = acc / A[c][c];
    }
    for (int c = r; c < n; c++) {
      acc = A[r][c];
      for (int p = 0; p < r; p++)
        acc -= A[r][p] * A[p][c];
      A[r][c] = acc;
    }
  }
  for (int r = 0; r < n; r++) {
    acc = b[r];
    for (int c = 0; c < r; c++)
      acc -= A[r][c] * y[c];
    y[r] = acc;
  }
  for (int r = n - 1; r >= 0; r--) {
    acc = y[r];
    for (int c = r + 1; c < n; c++)
      acc -= A[r][c] * x[c];
    x[r] = acc / A[r][r];
  }
  }
}

static double A[N][N], b[N], y[N], x[N];

int main(void)
{
  /* Diagonally dominant, so no pivot is near zero. */
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int r = 0; r < N; r++) {
    for (int c = 0; c < N; c++) {
      A[r][c] = (r == c) ? 3.0 * N : (double)((r * 13 + c * 5) % 23) / 23.0 - 0.4;
    }
    b[r] = (double)(r % 11) - 5.0;
  }
  nestor_timer_start();
  lu_solve(N, A, b, y, x);
  nestor_timer_stop_print();
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      checksum_add(A[r][c]);
  checksum_print("A");
  for (int r = 0; r < N; r++)
    checksum_add(x[r]);
  checksum_print("x");
  return 0;
}
