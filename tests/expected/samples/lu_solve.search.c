exit 0
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
    for (int r_tile = 0; 64 * r_tile < n; r_tile++) {
      for (int c2 = 0; c2 < 2 * r_tile; c2++) {
        for (int r = 64 * r_tile; r < n && r <= 64 * r_tile + 63; r++) {
          for (int p = 0; p <= 31; p++) {
            if (c2 == 0 && p == 0) {
              A[r][0] = A[r][0];
              A[r][0] = A[r][0] / A[0][0];
            }
            for (int c = ((1 > (32 * c2) ? 1 : (32 * c2)) > p ? (1 > (32 * c2) ? 1 : (32 * c2)) : p); c <= 32 * c2 + 31; c++) {
              if (p == 0) {
                A[r][c] = A[r][c];
              } else {
                if (c2 == 0 && c == p) {
                  A[r][p] = A[r][p] / A[p][p];
                }
              }
              if (c >= p + 1) {
                A[r][c] -= A[r][p] * A[p][c];
              }
            }
          }
        }
      }
      for (int c2 = 2 * r_tile; c2 <= (n - 1) / 32; c2++) {
        for (int r = 64 * r_tile; r < n && r <= 64 * r_tile + 63; r++) {
          if (32 * c2 + 31 >= r) {
            for (int p = 0; p <= 31 && p < r; p++) {
              if (r_tile == 0 && c2 == 0 && p == 0) {
                A[r][0] = A[r][0];
                A[r][0] = A[r][0] / A[0][0];
              }
              if (r_tile == 0 && c2 == 0 && p >= 1) {
                A[r][p] = A[r][p] / A[p][p];
              }
              for (int c = ((32 * c2) > (p + 1) ? (32 * c2) : (p + 1)); c < r; c++) {
                if (p == 0) {
                  A[r][c] = A[r][c];
                }
                A[r][c] -= A[r][p] * A[p][c];
              }
              for (int c = ((32 * c2) > r ? (32 * c2) : r); c <= ((n - 1) < (32 * c2 + 31) ? (n - 1) : (32 * c2 + 31)); c++) {
                if (p == 0) {
                  A[r][c] = A[r][c];
                }
                A[r][c] -= A[r][p] * A[p][c];
              }
            }
            if (r_tile == 0 && r == 0) {
              for (int c = 32 * c2; c <= ((n - 1) < (32 * c2 + 31) ? (n - 1) : (32 * c2 + 31)); c++) {
                A[0][c] = A[0][c];
              }
            }
          } else {
            for (int p = 0; p <= 31 && p <= 64 * r_tile + 30; p++) {
              if (r_tile == 0 && p == 0) {
                A[r][0] = A[r][0];
                A[r][0] = A[r][0] / A[0][0];
              }
              if (r_tile == 0 && p >= 1) {
                A[r][p] = A[r][p] / A[p][p];
              }
              for (int c = ((64 * r_tile) > (p + 1) ? (64 * r_tile) : (p + 1)); c <= 64 * r_tile + 31; c++) {
                if (p == 0) {
                  A[r][c] = A[r][c];
                }
                A[r][c] -= A[r][p] * A[p][c];
              }
            }
            if (r_tile == 0) {
              A[r][31] = A[r][31] / A[31][31];
            }
          }
        }
      }
      for (int c1 = 1; c1 <= 2 * r_tile + 1 && 32 * c1 <= (long long)n - 2; c1++) {
        for (int c2 = c1; c2 < 2 * r_tile; c2++) {
          for (int r = 64 * r_tile; r < n && r <= 64 * r_tile + 63; r++) {
            for (long long c4 = 32 * c1; c4 <= 32 * c1 + 31; c4++) {
              if (c2 == c1) {
                A[r][c4] = A[r][c4] / A[c4][c4];
              }
              for (int c = ((32 * c2) > (c4 + 1) ? (32 * c2) : (c4 + 1)); c <= 32 * c2 + 31; c++) {
                A[r][c] -= A[r][c4] * A[c4][c];
              }
            }
          }
        }
        for (int c2 = ((2 * r_tile) > c1 ? (2 * r_tile) : c1); c2 <= (n - 1) / 32; c2++) {
          for (int r = ((64 * r_tile) > (32 * c1 + 1) ? (64 * r_tile) : (32 * c1 + 1)); r < n && r <= 64 * r_tile + 63; r++) {
            if (32 * c2 + 31 >= r) {
              for (int p = 32 * c1; p <= 32 * c1 + 31 && p < r; p++) {
                if (c2 == c1) {
                  A[r][p] = A[r][p] / A[p][p];
                }
                for (int c = ((32 * c2) > (p + 1) ? (32 * c2) : (p + 1)); c < r; c++) {
                  A[r][c] -= A[r][p] * A[p][c];
                }
                for (int c = ((32 * c2) > r ? (32 * c2) : r); c <= ((n - 1) < (32 * c2 + 31) ? (n - 1) : (32 * c2 + 31)); c++) {
                  A[r][c] -= A[r][p] * A[p][c];
                }
              }
            } else {
              for (int p = 32 * c1; p <= 64 * r_tile + 30 && p <= 32 * c1 + 31; p++) {
                if (c1 == 2 * r_tile) {
                  A[r][p] = A[r][p] / A[p][p];
                }
                for (int c = ((64 * r_tile) > (p + 1) ? (64 * r_tile) : (p + 1)); c <= 64 * r_tile + 31; c++) {
                  A[r][c] -= A[r][p] * A[p][c];
                }
              }
              if (c1 == 2 * r_tile) {
                A[r][64 * r_tile + 31] = A[r][64 * r_tile + 31] / A[64 * r_tile + 31][64 * r_tile + 31];
              }
            }
          }
        }
      }
    }
    for (int r = 0; r < n; r++) {
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
