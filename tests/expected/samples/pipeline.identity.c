/* Producer-consumer pipeline through a temporary vector: t[i] = f(a[i]), b[i] = t[i] + t[i-1], c[i] = g(b[i]), plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef N
#define N 100
#endif

static void pipeline(int n, double a[n], double t[n], double b[n], double c[n])
{
  if (__builtin_expect(((unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)n * sizeof a[0] <= (unsigned long long)b + sizeof b[0])
      && ((unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)c + sizeof c[0] || (unsigned long long)c + (unsigned long long)n * sizeof c[0] <= (unsigned long long)b + sizeof b[0])
      && ((unsigned long long)b + (unsigned long long)n * sizeof b[0] <= (unsigned long long)t || (unsigned long long)t + (unsigned long long)n * sizeof t[0] <= (unsigned long long)b + sizeof b[0])
      && ((unsigned long long)c + (unsigned long long)n * sizeof c[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)n * sizeof a[0] <= (unsigned long long)c + sizeof c[0])
      && ((unsigned long long)c + (unsigned long long)n * sizeof c[0] <= (unsigned long long)t || (unsigned long long)t + (unsigned long long)n * sizeof t[0] <= (unsigned long long)c + sizeof c[0])
      && ((unsigned long long)t + (unsigned long long)n * sizeof t[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)n * sizeof a[0] <= (unsigned long long)t), 1)) {
    for (int i = 0; i < n; i++) {
      t[i] = sqrt(a[i] * a[i] + 1.0);
    }
    for (int i = 1; i < n; i++) {
      b[i] = t[i] + t[i - 1];
    }
    for (int i = 1; i < n; i++) {
      c[i] = exp(-b[i]) * fabs(a[i] - 0.5);
    }
  } else {
  for (int i = 0; i < n; i++)
    t[i] = sqrt(a[i] * a[i] + 1.0);
  for (int i = 1; i < n; i++)
    b[i] = t[i] + t[i - 1];
  for (int i = 1; i < n; i++)
    c[i] = exp(-b[i]) * fabs(a[i] - 0.5);
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

static double a[N], t[N], b[N], c[N];

int main(void)
{
  unsigned long long ht = 1469598103934665603ULL, hb = ht, hc = ht;
  for (int i = 0; i < N; i++) {
    a[i] = (double)((i * 17 + 3) % N) / N;
    b[i] = 0.0;
    c[i] = 0.0;
  }
  nestor_timer_start();
  pipeline(N, a, t, b, c);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++) {
    ht = mix(ht, t[i]);
    hb = mix(hb, b[i]);
    hc = mix(hc, c[i]);
  }
  printf("t %016llx\nb %016llx\nc %016llx\n", ht, hb, hc);
  return 0;
}
