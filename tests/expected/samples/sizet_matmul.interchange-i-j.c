exit 0
/* A matrix product over flat `double` buffers with `size_t` counters, the commonest
 * loop of real C code; the product runs twice, the second time with its output
 * overlapping an input (the run-time test must pick the code as written). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef LARGE
#define N 1024
#else
#define N 40
#endif

static void matmul(double *c, const double *a, const double *b, size_t n)
{
  if (__builtin_expect((n <= 0x4000000000000000)
      && ((n <= 1073741823))
      && (((unsigned long long)c + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof c[0] + (unsigned long long)n * sizeof c[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof a[0] + (unsigned long long)n * sizeof a[0] <= (unsigned long long)c)
      && ((unsigned long long)c + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof c[0] + (unsigned long long)n * sizeof c[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof b[0] + (unsigned long long)n * sizeof b[0] <= (unsigned long long)c)), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (long long c0 = 0; c0 < n; c0++) {
      for (size_t i = 0; i < n; i++) {
        c[i * n + ((unsigned long)c0)] = 0.0;
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (long long j_tile = 0; j_tile < (n + 127) / 128; j_tile++) {
      for (long long i_tile = 0; i_tile <= ((long long)n - 1) / 256; i_tile++) {
        for (long long k_tile = 0; k_tile <= ((long long)n - 1) / 256; k_tile++) {
          for (size_t j = 128 * j_tile; j < n && j <= 128 * j_tile + 127; j++) {
            for (size_t i = 256 * i_tile; i < n && i <= 256 * i_tile + 255; i++) {
              for (size_t k = 256 * k_tile; (long long)k <= (((long long)n - 1) < (256 * k_tile + 255) ? ((long long)n - 1) : (256 * k_tile + 255)); k++) {
                c[i * n + j] += a[i * n + k] * b[k * n + j];
              }
            }
          }
        }
      }
    }
  } else {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      c[i * n + j] = 0.0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      for (size_t k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
  }
}

int main(void)
{
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N);
  if (!a || !b || !c)
    return 1;
  for (size_t i = 0; i < (size_t)N * N; i++) {
    a[i] = (double)((i * 7) % 13) / 13;
    b[i] = (double)((i * 5) % 11) / 11;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  matmul(c, a, b, N);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  matmul(b, a, b, N / 2);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n",
            (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  unsigned long long h = 1469598103934665603ULL;
  for (size_t i = 0; i < (size_t)N * N; i++) {
    union { double d; unsigned long long u; } x = {c[i]}, y = {b[i]};
    h = ((h ^ x.u) * 1099511628211ULL ^ y.u) * 1099511628211ULL;
  }
  printf("%llu\n", h);
  return 0;
}
