exit 4
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
    for (i = 0; i < _PB_N; i++) {
      x[i] = b[i];
      for (j = 0; j < i; j++) {
        x[i] -= L[i][j] * x[j];
      }
      x[i] = x[i] / L[i][i];
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
