exit 4
/* Separable 3x3 box filter in two passes: blur rows into a temporary image, then blur its columns, plain C with VLA parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef H
#define H 70
#endif
#ifndef W
#define W 100
#endif

static void blur(int h, int w, double in[h][w], double tmp[h][w], double out[h][w])
{
  if (__builtin_expect(((unsigned long long)out + (unsigned long long)((long long)h - 2) * sizeof out[0] + (unsigned long long)(w - 1) * sizeof out[0][0] <= (unsigned long long)in || (unsigned long long)in + (unsigned long long)((long long)h - 1) * sizeof in[0] + (unsigned long long)w * sizeof in[0][0] <= (unsigned long long)out + sizeof out[0] + sizeof out[0][0])
      && ((unsigned long long)out + (unsigned long long)((long long)h - 2) * sizeof out[0] + (unsigned long long)(w - 1) * sizeof out[0][0] <= (unsigned long long)tmp + sizeof tmp[0][0] || (unsigned long long)tmp + (unsigned long long)((long long)h - 1) * sizeof tmp[0] + (unsigned long long)(w - 1) * sizeof tmp[0][0] <= (unsigned long long)out + sizeof out[0] + sizeof out[0][0])
      && ((unsigned long long)tmp + (unsigned long long)((long long)h - 1) * sizeof tmp[0] + (unsigned long long)(w - 1) * sizeof tmp[0][0] <= (unsigned long long)in || (unsigned long long)in + (unsigned long long)((long long)h - 1) * sizeof in[0] + (unsigned long long)w * sizeof in[0][0] <= (unsigned long long)tmp + sizeof tmp[0][0]), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < h; i++) {
      for (int j = 1; j < w - 1; j++) {
        tmp[i][j] = (in[i][j - 1] + in[i][j] + in[i][j + 1]) / 3.0;
      }
    }
    /* The vertical pass walks the images down their columns. */
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int j = 1; j < w - 1; j++) {
      for (int i = 1; i < (long long)h - 1; i++) {
        out[i][j] = (tmp[i - 1][j] + tmp[i][j] + tmp[i + 1][j]) / 3.0;
      }
    }
  } else {
  for (int i = 0; i < h; i++)
    for (int j = 1; j < w - 1; j++)
      tmp[i][j] = (in[i][j - 1] + in[i][j] + in[i][j + 1]) / 3.0;
  /* The vertical pass walks the images down their columns. */
  for (int j = 1; j < w - 1; j++)
    for (int i = 1; i < h - 1; i++)
      out[i][j] = (tmp[i - 1][j] + tmp[i][j] + tmp[i + 1][j]) / 3.0;
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

static double img[H][W], tmp[H][W], out[H][W];

int main(void)
{
  unsigned long long ht = 1469598103934665603ULL, ho = ht;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < H; i++) {
    for (int j = 0; j < W; j++) {
      img[i][j] = (double)((i * 7 + j * 13) % 31) / 31;
      tmp[i][j] = 0.0;
      out[i][j] = 0.0;
    }
  }
  nestor_timer_start();
  blur(H, W, img, tmp, out);
  nestor_timer_stop_print();
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      ht = mix(ht, tmp[i][j]);
      ho = mix(ho, out[i][j]);
    }
  printf("tmp %016llx\nout %016llx\n", ht, ho);
  return 0;
}
