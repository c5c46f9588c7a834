/* What the programs of bench/products share: the element type T (double, or float
 * with -DFLOAT), REPS, a monotonic clock, and a hash of a cell's bits (FNV-1a over
 * 64-bit words), so that the original and nestor's rewrite can be compared exactly. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#ifndef REPS
#define REPS 3
#endif
#ifdef FLOAT
typedef float T;
#else
typedef double T;
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

#define HASH_START 1469598103934665603ULL

static unsigned long long hash_cell(unsigned long long h, const void *cell, size_t size) {
  unsigned long long u = 0;
  memcpy(&u, cell, size);
  return (h ^ u) * 1099511628211ULL;
}
