exit 0
/* 3x3 Gaussian-like filter in two passes through a local temporary image: a vertical
   pass into tmp, then a horizontal pass out of it; plain C with a local VLA. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef H
#define H 90
#endif
#ifndef W
#define W 110
#endif

static void gauss(int h, int w, double in[h][w], double out[h][w])
{
  double tmp[h][w];
  if (__builtin_expect((unsigned long long)out + (unsigned long long)((long long)h - 2) * sizeof out[0] + (unsigned long long)((long long)w - 1) * sizeof out[0][0] <= (unsigned long long)in
      || (unsigned long long)in + (unsigned long long)(h - 1) * sizeof in[0] + (unsigned long long)w * sizeof in[0][0] <= (unsigned long long)out + sizeof out[0] + sizeof out[0][0], 1)) {
    double tmp_c[1][3];
    #ifdef _OPENMP
    #pragma omp parallel for private(tmp_c)
    #endif
    for (int i = 1; i < h - 1; i++) {
      for (int j = 0; j < w; j++) {
        tmp_c[0][(j) % 3] = 2.0 * in[i][j] + in[i - 1][j] + in[i + 1][j];
        if (j >= 2) {
          out[i][j - 1] = 2.0 * tmp_c[0][((j - 1)) % 3] + tmp_c[0][((j - 1) - 1) % 3] + tmp_c[0][((j - 1) + 1) % 3];
        }
      }
    }
  } else {
  for (int i = 1; i < h - 1; i++)
    for (int j = 0; j < w; j++)
      tmp[i][j] = 2.0 * in[i][j] + in[i - 1][j] + in[i + 1][j];
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      out[i][j] = 2.0 * tmp[i][j] + tmp[i][j - 1] + tmp[i][j + 1];
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

static double in[H][W], out[H][W];

int main(void)
{
  unsigned long long hash = 1469598103934665603ULL;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < H; i++) {
    for (int j = 0; j < W; j++) {
      in[i][j] = (double)((i * 13 + j * 7) % 17) / 16;
      out[i][j] = 0.0;
    }
  }
  timer_start();
  gauss(H, W, in, out);
  timer_stop_print();
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      union { double d; unsigned long long u; } bits;
      bits.d = out[i][j];
      hash = (hash ^ bits.u) * 1099511628211ULL;
    }
  printf("out %016llx\n", hash);
  return 0;
}
