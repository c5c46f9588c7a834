/* Time-iterated 1-D heat equation through a scratch array: each step computes the new
   values into a local scratch array, then copies them back; plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 500
#endif
#ifndef STEPS
#define STEPS 30
#endif

static void heat(int n, int steps, double u[n])
{
  double scratch[n];
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < (long long)n - 1; i++) {
      scratch[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    }
    for (int i = 1; i < (long long)n - 1; i++) {
      u[i] = scratch[i];
    }
  }
}

static struct timespec t0;

static void timer_start(void)
{
  clock_gettime(CLOCK_MONOTONIC, &t0);
}

static void timer_stop_print(void)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
}

static double u[N];

int main(void)
{
  unsigned long long hash = 1469598103934665603ULL;
  for (int i = 0; i < N; i++) {
    u[i] = (double)((i * 37 + 11) % 23) / 22;
  }
  timer_start();
  heat(N, STEPS, u);
  timer_stop_print();
  for (int i = 0; i < N; i++) {
    union { double d; unsigned long long v; } bits;
    bits.d = u[i];
    hash = (hash ^ bits.v) * 1099511628211ULL;
  }
  printf("u %016llx\n", hash);
  return 0;
}
