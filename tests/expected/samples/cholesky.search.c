exit 0
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
    if (r >= 16) {
      for (int p = 0; p <= 7; p++) {
        M[r][p] = M[r][p] / M[p][p];
        for (int c = p + 1; c <= 7; c++) {
          M[r][c] -= M[r][p] * M[c][p];
        }
      }
    }
    for (int c1 = 1; c1 < r / 8; c1++) {
      DATA_TYPE M_r0 = M[r][8 * c1];
      DATA_TYPE M_r1 = M[r][8 * c1 + 1];
      DATA_TYPE M_r2 = M[r][8 * c1 + 2];
      DATA_TYPE M_r3 = M[r][8 * c1 + 3];
      DATA_TYPE M_r4 = M[r][8 * c1 + 4];
      DATA_TYPE M_r5 = M[r][8 * c1 + 5];
      DATA_TYPE M_r6 = M[r][8 * c1 + 6];
      DATA_TYPE M_r7 = M[r][8 * c1 + 7];
      for (int p = 0; p < 8 * c1; p++) {
        M_r0 -= M[r][p] * M[8 * c1][p];
        M_r1 -= M[r][p] * M[8 * c1 + 1][p];
        M_r2 -= M[r][p] * M[8 * c1 + 2][p];
        M_r3 -= M[r][p] * M[8 * c1 + 3][p];
        M_r4 -= M[r][p] * M[8 * c1 + 4][p];
        M_r5 -= M[r][p] * M[8 * c1 + 5][p];
        M_r6 -= M[r][p] * M[8 * c1 + 6][p];
        M_r7 -= M[r][p] * M[8 * c1 + 7][p];
      }
      M[r][8 * c1] = M_r0;
      M[r][8 * c1 + 1] = M_r1;
      M[r][8 * c1 + 2] = M_r2;
      M[r][8 * c1 + 3] = M_r3;
      M[r][8 * c1 + 4] = M_r4;
      M[r][8 * c1 + 5] = M_r5;
      M[r][8 * c1 + 6] = M_r6;
      M[r][8 * c1 + 7] = M_r7;
      for (int c = 8 * c1; c <= 8 * c1 + 7; c++) {
        M[r][c] = M[r][c] / M[c][c];
        if (8 * c1 + 6 >= c) {
          M[r][c + 1] -= M[r][c] * M[c + 1][c];
          if (8 * c1 + 5 >= c) {
            M[r][c + 2] -= M[r][c] * M[c + 2][c];
            if (8 * c1 + 4 >= c) {
              M[r][c + 3] -= M[r][c] * M[c + 3][c];
              if (8 * c1 + 3 >= c) {
                M[r][c + 4] -= M[r][c] * M[c + 4][c];
                if (8 * c1 + 2 >= c) {
                  M[r][c + 5] -= M[r][c] * M[c + 5][c];
                  if (8 * c1 + 1 >= c) {
                    M[r][c + 6] -= M[r][c] * M[c + 6][c];
                    if (c == 8 * c1) {
                      M[r][8 * c1 + 7] -= M[r][8 * c1] * M[8 * c1 + 7][8 * c1];
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
          M[r][(long long)-(r % 8) + r + c3] -= M[r][c] * M[(long long)-(r % 8) + r + c3][c];
        }
      }
    } else {
      if (r <= 15) {
        for (int p = 0; p <= 7 && p < r; p++) {
          M[r][p] = M[r][p] / M[p][p];
          for (int c = p + 1; c <= (7 < (r - 1) ? 7 : (r - 1)); c++) {
            M[r][c] -= M[r][p] * M[c][p];
          }
        }
        if (r >= 9) {
          for (int c = 0; c < r; c++) {
            if (c >= 8) {
              M[r][c] = M[r][c] / M[c][c];
            }
            for (int c3 = (0 > (c - 7) ? 0 : (c - 7)); c3 < r - 8; c3++) {
              M[r][c3 + 8] -= M[r][c] * M[c3 + 8][c];
            }
          }
        }
      }
    }
    DATA_TYPE M_r8 = 0 < r ? M[r][r] : 0;
    for (int p = 0; p < r; p++) {
      M_r8 -= M[r][p] * M[r][p];
    }
    if (0 < r) {
      M[r][r] = M_r8;
    }
    M[r][r] = sqrt(M[r][r]);
  }
}

static DATA_TYPE M[N][N];

int main(void)
{
  /* M = B * B^T + N * I for a small B: symmetric and positive definite. */
  {
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1)
    #endif
    for (int i = 0; i < N; i++) {
      for (int c1 = 0; c1 < (i + 1) / 8; c1++) {
        M[i][8 * c1] = 0;
        M[i][8 * c1 + 1] = 0;
        M[i][8 * c1 + 2] = 0;
        M[i][8 * c1 + 3] = 0;
        M[i][8 * c1 + 4] = 0;
        M[i][8 * c1 + 5] = 0;
        M[i][8 * c1 + 6] = 0;
        M[i][8 * c1 + 7] = 0;
        for (int k = 0; k <= 3; k++) {
          M[i][8 * c1] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1) + k) % 5 + 1);
          M[i][8 * c1 + 1] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 1) + k) % 5 + 1);
          M[i][8 * c1 + 2] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 2) + k) % 5 + 1);
          M[i][8 * c1 + 3] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 3) + k) % 5 + 1);
          M[i][8 * c1 + 4] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 4) + k) % 5 + 1);
          M[i][8 * c1 + 5] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 5) + k) % 5 + 1);
          M[i][8 * c1 + 6] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 6) + k) % 5 + 1);
          M[i][8 * c1 + 7] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)(((8 * c1 + 7) + k) % 5 + 1);
        }
        M[i][8 * c1] = M[i][8 * c1] / 25 + (i == (8 * c1) ? N : 0);
        M[i][8 * c1 + 1] = M[i][8 * c1 + 1] / 25 + (i == (8 * c1 + 1) ? N : 0);
        M[i][8 * c1 + 2] = M[i][8 * c1 + 2] / 25 + (i == (8 * c1 + 2) ? N : 0);
        M[i][8 * c1 + 3] = M[i][8 * c1 + 3] / 25 + (i == (8 * c1 + 3) ? N : 0);
        M[i][8 * c1 + 4] = M[i][8 * c1 + 4] / 25 + (i == (8 * c1 + 4) ? N : 0);
        M[i][8 * c1 + 5] = M[i][8 * c1 + 5] / 25 + (i == (8 * c1 + 5) ? N : 0);
        M[i][8 * c1 + 6] = M[i][8 * c1 + 6] / 25 + (i == (8 * c1 + 6) ? N : 0);
        M[i][8 * c1 + 7] = M[i][8 * c1 + 7] / 25 + (i == (8 * c1 + 7) ? N : 0);
        M[8 * c1][i] = M[i][8 * c1];
        M[8 * c1 + 1][i] = M[i][8 * c1 + 1];
        M[8 * c1 + 2][i] = M[i][8 * c1 + 2];
        M[8 * c1 + 3][i] = M[i][8 * c1 + 3];
        M[8 * c1 + 4][i] = M[i][8 * c1 + 4];
        M[8 * c1 + 5][i] = M[i][8 * c1 + 5];
        M[8 * c1 + 6][i] = M[i][8 * c1 + 6];
        M[8 * c1 + 7][i] = M[i][8 * c1 + 7];
      }
      for (int c2 = 0; c2 < (i + 1) % 8; c2++) {
        M[i][(long long)-((i + 1) % 8) + i + c2 + 1] = 0;
      }
      for (int k = 0; k <= 3; k++) {
        for (int c3 = 0; c3 < (i + 1) % 8; c3++) {
          M[i][(long long)-((i + 1) % 8) + i + c3 + 1] += (DATA_TYPE)((i + k) % 5 + 1) * (DATA_TYPE)((((int)((long long)-((i + 1) % 8) + i + c3 + 1)) + k) % 5 + 1);
        }
      }
      for (int c2 = 0; c2 < (i + 1) % 8; c2++) {
        M[i][(long long)-((i + 1) % 8) + i + c2 + 1] = M[i][(long long)-((i + 1) % 8) + i + c2 + 1] / 25 + (i == ((int)((long long)-((i + 1) % 8) + i + c2 + 1)) ? N : 0);
      }
      for (int c2 = 0; c2 < (i + 1) % 8; c2++) {
        M[(long long)-((i + 1) % 8) + i + c2 + 1][i] = M[i][(long long)-((i + 1) % 8) + i + c2 + 1];
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
