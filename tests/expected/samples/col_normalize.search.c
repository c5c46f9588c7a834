exit 0
/* Normalises every column of a global matrix to unit Euclidean norm (a column reduction, then a column scaling), plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 100
#endif
#ifndef M
#define M 80
#endif

double X[N][M], norm[M];

static void normalize_columns(void)
{
  for (int j = 0; j < M; j++) {
    norm[j] = 0.0;
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      norm[j] += X[i][j] * X[i][j];
    }
  }
  for (int j = 0; j < M; j++) {
    norm[j] = sqrt(norm[j]);
  }
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      X[i][j] = X[i][j] / norm[j];
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
  unsigned long long hx = 1469598103934665603ULL, hn = hx;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      X[i][j] = (double)((i * (j + 1) + 1) % 23) / 23 + 0.125;
    }
  }
  nestor_timer_start();
  normalize_columns();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      hx = mix(hx, X[i][j]);
  for (int j = 0; j < M; j++)
    hn = mix(hn, norm[j]);
  printf("X %016llx\nnorm %016llx\n", hx, hn);
  return 0;
}
