/* A small stand-in for the macros of PolyBench-style kernels, written for nestor's
   samples. Kernels use them as PolyBench does; nestor reads them without the
   preprocessor. */
#ifndef POLYBENCH_LITE_H
#define POLYBENCH_LITE_H

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif

#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)

#define POLYBENCH_1D(var, d1, ddim1) var[d1]
#define POLYBENCH_2D(var, d1, d2, ddim1, ddim2) var[d1][d2]
#define POLYBENCH_3D(var, d1, d2, d3, ddim1, ddim2, ddim3) var[d1][d2][d3]

/* Prints a checksum that does not depend on the order values were summed in: each
   element is printed as its exact bit pattern folded into a 64-bit hash. */
static unsigned long long nestor_hash = 1469598103934665603ULL;

static void checksum_add(double v)
{
  union { double d; unsigned long long u; } bits;
  bits.d = v;
  nestor_hash = (nestor_hash ^ bits.u) * 1099511628211ULL;
}

static void checksum_print(const char *name)
{
  printf("%s %016llx\n", name, nestor_hash);
  nestor_hash = 1469598103934665603ULL;
}

/* Wall time of the kernel call, printed on stderr when NESTOR_BENCH_TIME is set (by
   bench/run.py; stdout carries only the checksums, and without it both streams are
   the same in every run, as `nestor verify` compares them): nestor_timer_start()
   before the kernel, nestor_timer_stop_print() after it. */
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

#endif
