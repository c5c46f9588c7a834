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
    if (r >= 16) {
      for (int p = 0; p <= 7; p++) {
        M[r][p] = M[r][p] / M[p][p];
        for (int c = p + 1; c <= 7; c++) {
          M[r][c] -= M[r][p] * M[p][c];
        }
      }
    }
    for (int c1 = 1; c1 < r / 8; c1++) {
      for (int p = 0; p < 8 * c1; p++) {
        M[r][8 * c1] -= M[r][p] * M[p][8 * c1];
        M[r][8 * c1 + 1] -= M[r][p] * M[p][8 * c1 + 1];
        M[r][8 * c1 + 2] -= M[r][p] * M[p][8 * c1 + 2];
        M[r][8 * c1 + 3] -= M[r][p] * M[p][8 * c1 + 3];
        M[r][8 * c1 + 4] -= M[r][p] * M[p][8 * c1 + 4];
        M[r][8 * c1 + 5] -= M[r][p] * M[p][8 * c1 + 5];
        M[r][8 * c1 + 6] -= M[r][p] * M[p][8 * c1 + 6];
        M[r][8 * c1 + 7] -= M[r][p] * M[p][8 * c1 + 7];
      }
      for (int c = 8 * c1; c <= 8 * c1 + 7; c++) {
        M[r][c] = M[r][c] / M[c][c];
        if (8 * c1 + 6 >= c) {
          M[r][c + 1] -= M[r][c] * M[c][c + 1];
          if (8 * c1 + 5 >= c) {
            M[r][c + 2] -= M[r][c] * M[c][c + 2];
            if (8 * c1 + 4 >= c) {
              M[r][c + 3] -= M[r][c] * M[c][c + 3];
              if (8 * c1 + 3 >= c) {
                M[r][c + 4] -= M[r][c] * M[c][c + 4];
                if (8 * c1 + 2 >= c) {
                  M[r][c + 5] -= M[r][c] * M[c][c + 5];
                  if (8 * c1 + 1 >= c) {
                    M[r][c + 6] -= M[r][c] * M[c][c + 6];
                    if (c == 8 * c1) {
                      M[r][8 * c1 + 7] -= M[r][8 * c1] * M[8 * c1][8 * c1 + 7];
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if (r >= 16 && r % 8 >= 1) {
      for (int c = 0; c < r; c++) {
        if ((long long)((r - 1) % 8) + c + 1 >= r) {
          M[r][c] = M[r][c] / M[c][c];
        }
        for (int c3 = (0 > ((long long)(r % 8) - r + c + 1) ? 0 : ((long long)(r % 8) - r + c + 1)); c3 < r % 8; c3++) {
          M[r][(long long)-(r % 8) + r + c3] -= M[r][c] * M[c][(long long)-(r % 8) + r + c3];
        }
      }
    } else {
      if (r <= 15) {
        for (int p = 0; p <= 7 && p < r; p++) {
          M[r][p] = M[r][p] / M[p][p];
          for (int c = p + 1; c <= (7 < (r - 1) ? 7 : (r - 1)); c++) {
            M[r][c] -= M[r][p] * M[p][c];
          }
        }
        if (r >= 9) {
          for (int c = 0; c < r; c++) {
            if (c >= 8) {
              M[r][c] = M[r][c] / M[c][c];
            }
            for (int c3 = (0 > (c - 7) ? 0 : (c - 7)); c3 < r - 8; c3++) {
              M[r][c3 + 8] -= M[r][c] * M[c][c3 + 8];
            }
          }
        }
      }
    }
    if ((long long)((r - 1) % 8) + n >= (long long)r + 15 && (r - 1) % 8 <= 6) {
      for (int p = 0; p < r; p++) {
        for (int c3 = r % 8; c3 <= 7; c3++) {
          M[r][-(((long long)r + 8) % 8) + r + c3] -= M[r][p] * M[p][-(((long long)r + 8) % 8) + r + c3];
        }
      }
    }
    for (int c1 = (r - 1) / 8 + 1; c1 < n / 8; c1++) {
      for (int p = 0; p < r; p++) {
        M[r][8 * c1] -= M[r][p] * M[p][8 * c1];
        M[r][8 * c1 + 1] -= M[r][p] * M[p][8 * c1 + 1];
        M[r][8 * c1 + 2] -= M[r][p] * M[p][8 * c1 + 2];
        M[r][8 * c1 + 3] -= M[r][p] * M[p][8 * c1 + 3];
        M[r][8 * c1 + 4] -= M[r][p] * M[p][8 * c1 + 4];
        M[r][8 * c1 + 5] -= M[r][p] * M[p][8 * c1 + 5];
        M[r][8 * c1 + 6] -= M[r][p] * M[p][8 * c1 + 6];
        M[r][8 * c1 + 7] -= M[r][p] * M[p][8 * c1 + 7];
      }
    }
    if (n >= (long long)(n % 8) + r + 8) {
      for (int p = 0; p < r; p++) {
        for (int c3 = 0; c3 < n % 8; c3++) {
          M[r][-(((long long)n + 8) % 8) + n + c3] -= M[r][p] * M[p][-(((long long)n + 8) % 8) + n + c3];
        }
      }
    } else {
      if (r % 8 >= 1 && (long long)r + 15 >= (long long)(r % 8) + n) {
        for (int p = 0; p < r; p++) {
          for (int c3 = r % 8; c3 <= (7 < ((long long)(r % 8) + n - r - 1) ? 7 : ((long long)(r % 8) + n - r - 1)); c3++) {
            M[r][-(((long long)r + 8) % 8) + r + c3] -= M[r][p] * M[p][-(((long long)r + 8) % 8) + r + c3];
          }
        }
      }
      if (n >= (long long)(n % 8) + r && (long long)(n % 8) + r + 7 >= n) {
        for (int p = 0; p < r; p++) {
          for (int c3 = 0; c3 < n % 8; c3++) {
            M[r][-(((long long)n + 8) % 8) + n + c3] -= M[r][p] * M[p][-(((long long)n + 8) % 8) + n + c3];
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
