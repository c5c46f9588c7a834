exit 4
/* Time-iterated 1-D three-point Jacobi stencil ping-ponging between two global arrays, plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 120
#endif
#ifndef TSTEPS
#define TSTEPS 20
#endif

double A[N], B[N];

static void jacobi_1d(void)
{
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < (long long)N - 1; i++) {
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    }
    for (int i = 1; i < (long long)N - 1; i++) {
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
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
  unsigned long long ha = 1469598103934665603ULL, hb = ha;
  for (int i = 0; i < N; i++) {
    A[i] = ((double)i + 2) / N;
    B[i] = ((double)i + 3) / N;
  }
  nestor_timer_start();
  jacobi_1d();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++) {
    ha = mix(ha, A[i]);
    hb = mix(hb, B[i]);
  }
  printf("A %016llx\nB %016llx\n", ha, hb);
  return 0;
}
