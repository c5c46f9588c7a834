exit 0
/* Updates over even indices: a stride-2 loop, parity tests (i % 2 == 0), an off-diagonal test (i != j) and exp/fabs in the bodies, plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 100
#endif
#ifndef M
#define M 60
#endif

double a[N], b[N], C[N][M];

static void strided_update(void)
{
  for (long long c0 = 0; c0 < N; c0 += 2) {
    a[c0] = exp(-b[c0]) + a[c0 + 1];
    if (N >= c0 + 2) {
      a[c0 + 1] = 0.5 * a[(c0 + 1) - 1];
    }
  }
  if (M >= 1) {
    /* Column-order traversal with a parity test on the row. */
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < (M < i ? M : i); j++) {
        if (i % 2 == 0) {
          C[i][j] = fabs(C[i][j] - a[i]);
        }
        C[i][j] = C[i][j] * 0.75 + b[j];
      }
      if (M >= i + 1 && i % 2 == 0) {
        C[i][i] = fabs(C[i][i] - a[i]);
      }
      for (int j = i + 1; j < M; j++) {
        if (i % 2 == 0) {
          C[i][j] = fabs(C[i][j] - a[i]);
        }
        C[i][j] = C[i][j] * 0.75 + b[j];
      }
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
  unsigned long long ha = 1469598103934665603ULL, hc = ha;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < N; i++) {
    a[i] = (double)((3 * i + 1) % 11) / 11;
    b[i] = (double)((i * i + 2) % 13) / 13;
    for (int j = 0; j < M; j++) {
      C[i][j] = (double)((i + 2 * j) % 19) / 19;
    }
  }
  nestor_timer_start();
  strided_update();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    ha = mix(ha, a[i]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      hc = mix(hc, C[i][j]);
  printf("a %016llx\nC %016llx\n", ha, hc);
  return 0;
}
