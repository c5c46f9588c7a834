exit 0
/* Per-row scratch array declared in the loop body (real C): each row is staged in a
   small buffer, smoothed from it, and written back mirrored. The rows are independent:
   the buffer is written before it is read in every iteration. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 400
#endif
#define W 64

static double A[N][W], B[N][W];

static void smooth_rows(void)
{
  {
    double row[W];
    #ifdef _OPENMP
    #pragma omp parallel for private(row)
    #endif
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < W; j++) {
        row[j] = A[i][j] * 0.5;
        if (j >= 2) {
          B[i][j - 1] = row[(j - 1) - 1] + row[j - 1] + row[(j - 1) + 1];
        }
      }
      B[i][0] = row[0];
      B[i][W - 1] = row[W - 1];
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
  for (int j = 0; j < W; j++) {
    for (int i = 0; i < N; i++) {
      A[i][j] = (double)((i * 11 + j * 5) % 17) / 8;
    }
  }
  nestor_timer_start();
  smooth_rows();
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < W; j++)
      h = mix(h, B[i][j]);
  printf("B %016llx\n", h);
  return 0;
}
