exit 0
/* Banded matrix-vector product y = A * x touching only the band i-2 <= j < i+4, with min/max bounds written as ?:, plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 120
#endif

double A[N][N], x[N], y[N];

static void banded_matvec(int n)
{
  /* Row sums of the absolute band, with the lower edge written as max(0, i - 2). */
  #ifdef _OPENMP
  #pragma omp parallel for schedule(static, 1)
  #endif
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    double y_r0 = (0 > (i - 2) ? 0 : (i - 2)) <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3)) ? y[i] : 0;
    for (int j = (0 > (i - 2) ? 0 : (i - 2)); j <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3)); j++) {
      y_r0 += A[i][j] * x[j];
    }
    if ((0 > (i - 2) ? 0 : (i - 2)) <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3))) {
      y[i] = y_r0;
    }
    double y_r1 = (0 > (i - 2) ? 0 : (i - 2)) <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3)) ? y[i] : 0;
    for (int j = (0 > (i - 2) ? 0 : (i - 2)); j <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3)); j++) {
      y_r1 = y_r1 + 0.5 * fabs(A[i][j] - 0.25);
    }
    if ((0 > (i - 2) ? 0 : (i - 2)) <= (((long long)n - 1) < ((long long)i + 3) ? ((long long)n - 1) : ((long long)i + 3))) {
      y[i] = y_r1;
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

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    x[i] = (double)((7 * i + 1) % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * j + 3) % 17) / 17;
    }
  }
  nestor_timer_start();
  banded_matvec(N);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    h = mix(h, y[i]);
  printf("y %016llx\n", h);
  return 0;
}
