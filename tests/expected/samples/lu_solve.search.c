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
    for (int c0 = 0; 64 * c0 < n; c0++) {
      for (int c2 = 0; c2 < 2 * c0; c2++) {
        for (int r = 64 * c0; r < n && r <= 64 * c0 + 63; r++) {
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
      for (int c2 = 2 * c0; c2 <= (n - 1) / 32; c2++) {
        for (int r = 64 * c0; r < n && r <= 64 * c0 + 63; r++) {
          if (32 * c2 + 31 >= r) {
            for (int p = 0; p <= 31 && p < r; p++) {
              if (c0 == 0 && c2 == 0 && p == 0) {
                A[r][0] = A[r][0];
                A[r][0] = A[r][0] / A[0][0];
              }
              if (c0 == 0 && c2 == 0 && p >= 1) {
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
            if (c0 == 0 && r == 0) {
              for (int c = 32 * c2; c <= ((n - 1) < (32 * c2 + 31) ? (n - 1) : (32 * c2 + 31)); c++) {
                A[0][c] = A[0][c];
              }
            }
          } else {
            for (int p = 0; p <= 31 && p <= 64 * c0 + 30; p++) {
              if (c0 == 0 && p == 0) {
                A[r][0] = A[r][0];
                A[r][0] = A[r][0] / A[0][0];
              }
              if (c0 == 0 && p >= 1) {
                A[r][p] = A[r][p] / A[p][p];
              }
              for (int c = ((64 * c0) > (p + 1) ? (64 * c0) : (p + 1)); c <= 64 * c0 + 31; c++) {
                if (p == 0) {
                  A[r][c] = A[r][c];
                }
                A[r][c] -= A[r][p] * A[p][c];
              }
            }
            if (c0 == 0) {
              A[r][31] = A[r][31] / A[31][31];
            }
          }
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for schedule(static, 1)
      #endif
      for (int c1 = 1; c1 <= c0 - (c0 + 1) / 3; c1++) {
        for (int c_tile = c1; c_tile <= (n - 1) / 32; c_tile++) {
          for (int r = ((64 * c0 - 64 * c1) > (32 * c1 + 1) ? (64 * c0 - 64 * c1) : (32 * c1 + 1)); r <= 64 * c0 - 64 * c1 + 63; r++) {
            if (r >= (long long)(32 * c_tile) + 32) {
              for (int p = 32 * c1; p <= 32 * c1 + 31; p++) {
                if (c_tile == c1) {
                  A[r][p] = A[r][p] / A[p][p];
                }
                for (long long c5 = ((32 * c_tile) > (p + 1) ? (32 * c_tile) : (p + 1)); c5 <= 32 * c_tile + 31; c5++) {
                  A[r][c5] -= A[r][p] * A[p][c5];
                }
              }
            } else {
              for (int p = 32 * c1; p <= 32 * c1 + 31 && p < r; p++) {
                if (c_tile == c1) {
                  A[r][p] = A[r][p] / A[p][p];
                }
                for (int c = ((32 * c_tile) > (p + 1) ? (32 * c_tile) : (p + 1)); c < r; c++) {
                  A[r][c] -= A[r][p] * A[p][c];
                }
                for (int c = ((32 * c_tile) > r ? (32 * c_tile) : r); c <= ((n - 1) < (32 * c_tile + 31) ? (n - 1) : (32 * c_tile + 31)); c++) {
                  A[r][c] -= A[r][p] * A[p][c];
                }
              }
            }
          }
        }
      }
    }
    for (int c0 = (((long long)(n - 1)) >= 0 ? ((long long)(n - 1)) / 64 : -((-((long long)(n - 1)) + 64 - 1) / 64)) + 1; (long long)64 * c0 <= (long long)3 * n - 6; c0++) {
      #ifdef _OPENMP
      #pragma omp parallel for schedule(static, 1)
      #endif
      for (int c1 = c0 - ((long long)n + 63) / 64 + 1; c1 <= ((((long long)n - 2) / 32) < (c0 - (c0 + 1) / 3) ? (((long long)n - 2) / 32) : (c0 - (c0 + 1) / 3)); c1++) {
        for (int c2 = c1; c2 < 2 * c0 - 2 * c1; c2++) {
          for (long long c3 = (long long)64 * c0 - (long long)64 * c1; c3 < n && c3 <= (long long)64 * c0 - (long long)64 * c1 + 63; c3++) {
            for (long long c4 = 32 * c1; c4 <= 32 * c1 + 31; c4++) {
              if (c2 == c1) {
                A[c3][c4] = A[c3][c4] / A[c4][c4];
              }
              for (long long c5 = (((long long)32 * c2) > (c4 + 1) ? ((long long)32 * c2) : (c4 + 1)); c5 <= (long long)32 * c2 + 31; c5++) {
                A[c3][c5] -= A[c3][c4] * A[c4][c5];
              }
            }
          }
        }
        for (int c2 = (c1 > (2 * c0 - 2 * c1) ? c1 : (2 * c0 - 2 * c1)); c2 <= (n - 1) / 32; c2++) {
          for (int r = (((long long)64 * c0 - (long long)64 * c1) > (32 * c1 + 1) ? ((long long)64 * c0 - (long long)64 * c1) : (32 * c1 + 1)); r < n && r <= (long long)64 * c0 - (long long)64 * c1 + 63; r++) {
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
              for (long long c4 = 32 * c1; c4 <= (long long)64 * c0 - (long long)64 * c1 + 30 && c4 <= 32 * c1 + 31; c4++) {
                if (3 * c1 == 2 * c0) {
                  A[r][c4] = A[r][c4] / A[c4][c4];
                }
                for (long long c5 = (((long long)64 * c0 - (long long)64 * c1) > (c4 + 1) ? ((long long)64 * c0 - (long long)64 * c1) : (c4 + 1)); c5 <= (long long)64 * c0 - (long long)64 * c1 + 31; c5++) {
                  A[r][c5] -= A[r][c4] * A[c4][c5];
                }
              }
              if (3 * c1 == 2 * c0) {
                A[r][(long long)64 * c0 / 3 + 31] = A[r][(long long)64 * c0 / 3 + 31] / A[(long long)64 * c0 / 3 + 31][(long long)64 * c0 / 3 + 31];
              }
            }
          }
        }
      }
    }
    if (n >= 16) {
      for (int c = 0; c <= 6; c++) {
        if (c >= 1) {
          for (int r = c + 1; r <= 7; r++) {
            y[r] -= A[r][c] * y[c];
          }
        } else {
          for (int r = 0; r <= 7; r++) {
            y[r] = b[r];
            if (r >= 1) {
              y[r] -= A[r][0] * y[0];
            }
          }
        }
      }
    }
    for (int c0 = 1; 8 * c0 <= (long long)n - 8; c0++) {
      for (int c = 0; c < 8 * c0; c++) {
        if (c == 0) {
          y[8 * c0] = b[8 * c0];
        }
        y[8 * c0] -= A[8 * c0][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 1] = b[8 * c0 + 1];
        }
        y[8 * c0 + 1] -= A[8 * c0 + 1][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 2] = b[8 * c0 + 2];
        }
        y[8 * c0 + 2] -= A[8 * c0 + 2][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 3] = b[8 * c0 + 3];
        }
        y[8 * c0 + 3] -= A[8 * c0 + 3][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 4] = b[8 * c0 + 4];
        }
        y[8 * c0 + 4] -= A[8 * c0 + 4][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 5] = b[8 * c0 + 5];
        }
        y[8 * c0 + 5] -= A[8 * c0 + 5][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 6] = b[8 * c0 + 6];
        }
        y[8 * c0 + 6] -= A[8 * c0 + 6][c] * y[c];
        if (c == 0) {
          y[8 * c0 + 7] = b[8 * c0 + 7];
        }
        y[8 * c0 + 7] -= A[8 * c0 + 7][c] * y[c];
      }
      for (int c = 8 * c0; c <= 8 * c0 + 6; c++) {
        y[c + 1] -= A[c + 1][c] * y[c];
        if (8 * c0 + 5 >= c) {
          y[c + 2] -= A[c + 2][c] * y[c];
          if (8 * c0 + 4 >= c) {
            y[c + 3] -= A[c + 3][c] * y[c];
            if (8 * c0 + 3 >= c) {
              y[c + 4] -= A[c + 4][c] * y[c];
              if (8 * c0 + 2 >= c) {
                y[c + 5] -= A[c + 5][c] * y[c];
                if (8 * c0 + 1 >= c) {
                  y[c + 6] -= A[c + 6][c] * y[c];
                  if (c == 8 * c0) {
                    y[8 * c0 + 7] -= A[8 * c0 + 7][8 * c0] * y[8 * c0];
                  }
                }
              }
            }
          }
        }
      }
    }
    if (n >= 16) {
      for (int c = 0; c < n - 1; c++) {
        for (int c2 = (0 > ((long long)(n % 8) - n + c + 1) ? 0 : ((long long)(n % 8) - n + c + 1)); c2 < n % 8; c2++) {
          if (c == 0) {
            y[(long long)-(n % 8) + n + c2] = b[(long long)-(n % 8) + n + c2];
          }
          y[(long long)-(n % 8) + n + c2] -= A[(long long)-(n % 8) + n + c2][c] * y[c];
        }
      }
    } else {
      if (n >= 1) {
        for (int c = 0; c <= 6 && c <= (long long)n - 2; c++) {
          if (c >= 1) {
            for (int r = c + 1; r <= (7 < (n - 1) ? 7 : (n - 1)); r++) {
              y[r] -= A[r][c] * y[c];
            }
          } else {
            for (int r = 0; r <= (7 < (n - 1) ? 7 : (n - 1)); r++) {
              y[r] = b[r];
              if (r >= 1) {
                y[r] -= A[r][0] * y[0];
              }
            }
          }
        }
        if (n == 1) {
          y[0] = b[0];
        }
        for (int c = 0; c < n - 1; c++) {
          for (int c2 = (0 > (c - 7) ? 0 : (c - 7)); c2 < (long long)n - 8; c2++) {
            if (c == 0) {
              y[c2 + 8] = b[c2 + 8];
            }
            y[c2 + 8] -= A[c2 + 8][c] * y[c];
          }
        }
      }
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
