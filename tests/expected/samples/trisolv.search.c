exit 0
/* Forward substitution: solves L * x = b for a lower-triangular L, PolyBench style. */
#include "polybench_lite.h"

#ifndef N
#define N 120
#endif
#define _PB_N n

static void kernel_trisolv(int n,
                           DATA_TYPE POLYBENCH_2D(L, N, N, n, n),
                           DATA_TYPE POLYBENCH_1D(x, N, n),
                           DATA_TYPE POLYBENCH_1D(b, N, n))
{
  int i, j;
#pragma scop
  if (__builtin_expect(((unsigned long long)x + (unsigned long long)_PB_N * sizeof x[0] <= (unsigned long long)L || (unsigned long long)L + (unsigned long long)((long long)_PB_N - 1) * sizeof L[0] + (unsigned long long)_PB_N * sizeof L[0][0] <= (unsigned long long)x)
      && ((unsigned long long)x + (unsigned long long)_PB_N * sizeof x[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)_PB_N * sizeof b[0] <= (unsigned long long)x), 1)) {
    if (_PB_N >= 16) {
      for (i = 0; i <= 7; i++) {
        x[i] = b[i];
      }
      for (j = 0; j <= 7; j++) {
        x[j] = x[j] / L[j][j];
        for (i = j + 1; i <= 7; i++) {
          x[i] -= L[i][j] * x[j];
        }
      }
    }
    for (int c0 = 1; 8 * c0 <= (long long)_PB_N - 8; c0++) {
      x[8 * c0] = b[8 * c0];
      x[8 * c0 + 1] = b[8 * c0 + 1];
      x[8 * c0 + 2] = b[8 * c0 + 2];
      x[8 * c0 + 3] = b[8 * c0 + 3];
      x[8 * c0 + 4] = b[8 * c0 + 4];
      x[8 * c0 + 5] = b[8 * c0 + 5];
      x[8 * c0 + 6] = b[8 * c0 + 6];
      x[8 * c0 + 7] = b[8 * c0 + 7];
      DATA_TYPE x_r0 = x[8 * c0];
      DATA_TYPE x_r1 = x[8 * c0 + 1];
      DATA_TYPE x_r2 = x[8 * c0 + 2];
      DATA_TYPE x_r3 = x[8 * c0 + 3];
      DATA_TYPE x_r4 = x[8 * c0 + 4];
      DATA_TYPE x_r5 = x[8 * c0 + 5];
      DATA_TYPE x_r6 = x[8 * c0 + 6];
      DATA_TYPE x_r7 = x[8 * c0 + 7];
      for (j = 0; j < 8 * c0; j++) {
        x_r0 -= L[8 * c0][j] * x[j];
        x_r1 -= L[8 * c0 + 1][j] * x[j];
        x_r2 -= L[8 * c0 + 2][j] * x[j];
        x_r3 -= L[8 * c0 + 3][j] * x[j];
        x_r4 -= L[8 * c0 + 4][j] * x[j];
        x_r5 -= L[8 * c0 + 5][j] * x[j];
        x_r6 -= L[8 * c0 + 6][j] * x[j];
        x_r7 -= L[8 * c0 + 7][j] * x[j];
      }
      x[8 * c0] = x_r0;
      x[8 * c0 + 1] = x_r1;
      x[8 * c0 + 2] = x_r2;
      x[8 * c0 + 3] = x_r3;
      x[8 * c0 + 4] = x_r4;
      x[8 * c0 + 5] = x_r5;
      x[8 * c0 + 6] = x_r6;
      x[8 * c0 + 7] = x_r7;
      for (i = 8 * c0; i <= 8 * c0 + 7; i++) {
        x[i] = x[i] / L[i][i];
        if (8 * c0 + 6 >= i) {
          x[i + 1] -= L[i + 1][i] * x[i];
          if (8 * c0 + 5 >= i) {
            x[i + 2] -= L[i + 2][i] * x[i];
            if (8 * c0 + 4 >= i) {
              x[i + 3] -= L[i + 3][i] * x[i];
              if (8 * c0 + 3 >= i) {
                x[i + 4] -= L[i + 4][i] * x[i];
                if (8 * c0 + 2 >= i) {
                  x[i + 5] -= L[i + 5][i] * x[i];
                  if (8 * c0 + 1 >= i) {
                    x[i + 6] -= L[i + 6][i] * x[i];
                    if (i == 8 * c0) {
                      x[8 * c0 + 7] -= L[8 * c0 + 7][8 * c0] * x[8 * c0];
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if (_PB_N >= 16 && _PB_N % 8 >= 1) {
      for (int c1 = 0; c1 < _PB_N % 8; c1++) {
        x[(long long)-(_PB_N % 8) + _PB_N + c1] = b[(long long)-(_PB_N % 8) + _PB_N + c1];
      }
      for (i = 0; i < _PB_N; i++) {
        if (((long long)_PB_N - 1) % 8 + i + 1 >= _PB_N) {
          x[i] = x[i] / L[i][i];
        }
        for (int c2 = (0 > ((long long)(_PB_N % 8) - _PB_N + i + 1) ? 0 : ((long long)(_PB_N % 8) - _PB_N + i + 1)); c2 < _PB_N % 8; c2++) {
          x[(long long)-(_PB_N % 8) + _PB_N + c2] -= L[(long long)-(_PB_N % 8) + _PB_N + c2][i] * x[i];
        }
      }
    } else {
      if (_PB_N <= 15) {
        for (i = 0; i <= (7 < ((long long)_PB_N - 1) ? 7 : ((long long)_PB_N - 1)); i++) {
          x[i] = b[i];
        }
        for (j = 0; j <= 7 && j < _PB_N; j++) {
          x[j] = x[j] / L[j][j];
          for (i = j + 1; i <= (7 < ((long long)_PB_N - 1) ? 7 : ((long long)_PB_N - 1)); i++) {
            x[i] -= L[i][j] * x[j];
          }
        }
        if (_PB_N >= 9) {
          for (int c1 = 0; c1 < (long long)_PB_N - 8; c1++) {
            x[c1 + 8] = b[c1 + 8];
          }
          for (i = 0; i < _PB_N; i++) {
            if (i >= 8) {
              x[i] = x[i] / L[i][i];
            }
            for (int c2 = (0 > (i - 7) ? 0 : (i - 7)); c2 < (long long)_PB_N - 8; c2++) {
              x[c2 + 8] -= L[c2 + 8][i] * x[i];
            }
          }
        }
      }
    }
  } else {
  for (i = 0; i < _PB_N; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
  }
#pragma endscop
}

static DATA_TYPE L[N][N], x[N], b[N];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = SCALAR_VAL(-1.0);
    b[i] = (DATA_TYPE)((3 * i + 1) % N) / N;
    for (j = 0; j < N; j++)
      L[i][j] = (DATA_TYPE)((i + 2 * j + 5) % N) / (4 * N);
    /* A dominant diagonal keeps the solution bounded. */
    L[i][i] = SCALAR_VAL(1.0) + (DATA_TYPE)(i % 7) / 7;
  }
  nestor_timer_start();
  kernel_trisolv(N, L, x, b);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    checksum_add(x[i]);
  checksum_print("x");
  return 0;
}
