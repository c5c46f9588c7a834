exit 0
/* Tone-maps an image column by column with small helper functions and scalars declared
   in the loop body (real C, not PolyBench style): the column walk becomes a row walk. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 300
#endif
#ifndef M
#define M 200
#endif

static double img[N][M], out[N][M], gain[M];

/* Pure helpers: they only compute a value from their parameters. */
static double clip(double x, double lo, double hi)
{
  return x < lo ? lo : (x > hi ? hi : x);
}

static double gain_at(const double g[M], int j)
{
  double half = g[j] * 0.5;
  return half + 0.5;
}

static void tone_map(void)
{
  {
    double t;
    double v;
    #ifdef _OPENMP
    #pragma omp parallel for private(t, v)
    #endif
    for (int j = 0; j < M; j++) {
      for (int i = 0; i < N; i++) {
        v = img[i][j] * gain_at(gain, j);
        t = clip(v, 0.0, 1.0);
        out[i][j] = t * t + 0.25 * t;
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
  unsigned long long h = 1469598103934665603ULL;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < M; i++) {
    gain[i] = (double)(i % 7) / 7;
    if (N >= i + 1) {
      for (int j = 0; j < M; j++) {
        img[i][j] = (double)((i * 13 + j * 7) % 31) / 20;
      }
    }
  }
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = M; i < N; i++) {
    for (int j = 0; j < M; j++) {
      img[i][j] = (double)((i * 13 + j * 7) % 31) / 20;
    }
  }
  nestor_timer_start();
  tone_map();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h = mix(h, out[i][j]);
  printf("out %016llx\n", h);
  return 0;
}
