exit 0
/* Elementwise B = (2A + 1) * 2A through body-local scalars x and y, traversed column by column (j outer, i inner), plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 100
#endif
#ifndef M
#define M 90
#endif

double A[N][M], B[N][M];

static void body_scalars(void)
{
  double x, y;
  #ifdef _OPENMP
  #pragma omp parallel for private(x, y)
  #endif
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      x = A[i][j] * 2;
      y = x + 1;
      B[i][j] = y * x;
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
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * j + 3) % M) / M - 0.5;
    }
  }
  nestor_timer_start();
  body_scalars();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h = mix(h, B[i][j]);
  printf("B %016llx\n", h);
  return 0;
}
