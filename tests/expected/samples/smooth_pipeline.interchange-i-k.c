exit 4
/* A 1-D pipeline through a temporary the caller provides: t = smoothed a, b = second
   difference of t; the kernel declares t dead after it (#pragma nestor temporary),
   PolyBench style. */
#include "polybench_lite.h"

#ifndef N
#define N 4000
#endif
#define _PB_N n

static void kernel_smooth(int n, DATA_TYPE POLYBENCH_1D(a, N, n), DATA_TYPE POLYBENCH_1D(t, N, n),
                          DATA_TYPE POLYBENCH_1D(b, N, n))
{
  int i;
#pragma nestor temporary(t)
#pragma scop
  if (__builtin_expect(((unsigned long long)b + (unsigned long long)(_PB_N - 2) * sizeof b[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)_PB_N * sizeof a[0] <= (unsigned long long)b + 2 * sizeof b[0])
      && ((unsigned long long)b + (unsigned long long)(_PB_N - 2) * sizeof b[0] <= (unsigned long long)t + sizeof t[0] || (unsigned long long)t + (unsigned long long)(_PB_N - 1) * sizeof t[0] <= (unsigned long long)b + 2 * sizeof b[0])
      && ((unsigned long long)t + (unsigned long long)(_PB_N - 1) * sizeof t[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)_PB_N * sizeof a[0] <= (unsigned long long)t + sizeof t[0]), 1)) {
    for (i = 1; i < _PB_N - 1; i++) {
      t[i] = SCALAR_VAL(0.25) * a[i - 1] + SCALAR_VAL(0.5) * a[i] + SCALAR_VAL(0.25) * a[i + 1];
    }
    for (i = 2; i < _PB_N - 2; i++) {
      b[i] = t[i - 1] - SCALAR_VAL(2.0) * t[i] + t[i + 1];
    }
  } else {
  for (i = 1; i < _PB_N - 1; i++)
    t[i] = SCALAR_VAL(0.25) * a[i - 1] + SCALAR_VAL(0.5) * a[i] + SCALAR_VAL(0.25) * a[i + 1];
  for (i = 2; i < _PB_N - 2; i++)
    b[i] = t[i - 1] - SCALAR_VAL(2.0) * t[i] + t[i + 1];
  }
#pragma endscop
}

static DATA_TYPE a[N], t[N], b[N];

int main(void)
{
  int i;
  for (i = 0; i < N; i++) {
    a[i] = (DATA_TYPE)((i * 31 + 7) % 101) / 100;
    b[i] = 0;
  }
  nestor_timer_start();
  kernel_smooth(N, a, t, b);
  nestor_timer_stop_print();
  for (i = 0; i < N; i++)
    checksum_add(b[i]);
  checksum_print("b");
  return 0;
}
