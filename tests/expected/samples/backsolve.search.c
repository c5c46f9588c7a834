exit 0
/* Back substitution U * x = b for an upper-triangular U, with the row loop running downwards (i--), plain C with VLA parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 110
#endif

static void backsolve(int n, double U[n][n], double x[n], double b[n])
{
  if (__builtin_expect(((unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)U || (unsigned long long)U + (unsigned long long)(n - 1) * sizeof U[0] + (unsigned long long)n * sizeof U[0][0] <= (unsigned long long)x)
      && ((unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)x), 1)) {
    for (int i = n - 1; i >= 0; i--) {
      x[i] = b[i];
      double x_r0 = i + 1 < n ? x[i] : 0;
      for (int j = i + 1; j < n; j++) {
        x_r0 = x_r0 - U[i][j] * x[j];
      }
      if (i + 1 < n) {
        x[i] = x_r0;
      }
      x[i] = x[i] / U[i][i];
    }
  } else {
  for (int i = n - 1; i >= 0; i--) {
    x[i] = b[i];
    for (int j = i + 1; j < n; j++)
      x[i] = x[i] - U[i][j] * x[j];
    x[i] = x[i] / U[i][i];
  }
  }
}

/* Kernel wall time on stderr, for bench/run.py (stdout carries only the checksums). */
static struct timespec nestor_timer_t0;

static void nestor_timer_start(void)
{
  clock_gettime(CLOCK_MONOTONIC, &nestor_timer_t0);
}

static void nestor_timer_stop_print(void)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n",
          (double)(t1.tv_sec - nestor_timer_t0.tv_sec)
              + 1e-9 * (double)(t1.tv_nsec - nestor_timer_t0.tv_nsec));
}

static unsigned long long mix(unsigned long long h, double v)
{
  union { double d; unsigned long long u; } bits;
  bits.d = v;
  return (h ^ bits.u) * 1099511628211ULL;
}

static double U[N][N], x[N], b[N];

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    b[i] = (double)((5 * i + 2) % N) / N;
    for (int j = 0; j < N; j++) {
      U[i][j] = (double)((3 * i + j + 1) % N) / (4 * N);
    }
    U[i][i] = 1.0 + (double)(i % 5) / 5;
  }
  nestor_timer_start();
  backsolve(N, U, x, b);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    h = mix(h, x[i]);
  printf("x %016llx\n", h);
  return 0;
}
