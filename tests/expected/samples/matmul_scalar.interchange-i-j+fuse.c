exit 0
/* Matrix product A = B * C accumulated in a scalar t per output element, plain C with VLA parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef NI
#define NI 60
#endif
#ifndef NJ
#define NJ 70
#endif
#ifndef NK
#define NK 80
#endif

static void matmul(int n, int m, int p, double A[n][m], double B[n][p], double C[p][m])
{
  double t;
  if (__builtin_expect(((unsigned long long)A + (unsigned long long)((long long)n - 1) * sizeof A[0] + (unsigned long long)m * sizeof A[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)n - 1) * sizeof B[0] + (unsigned long long)p * sizeof B[0][0] <= (unsigned long long)A)
      && ((unsigned long long)A + (unsigned long long)((long long)n - 1) * sizeof A[0] + (unsigned long long)m * sizeof A[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)p - 1) * sizeof C[0] + (unsigned long long)m * sizeof C[0][0] <= (unsigned long long)A), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(t)
    #endif
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < n; i++) {
        t = 0;
        for (int k = 0; k < p; k++) {
          t += B[i][k] * C[k][j];
        }
        A[i][j] = t;
      }
    }
  } else {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = 0;
      for (int k = 0; k < p; k++)
        t += B[i][k] * C[k][j];
      A[i][j] = t;
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

static double A[NI][NJ], B[NI][NK], C[NK][NJ];

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  if (NK >= 1) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < NI; i++) {
      if (NK >= i + 1) {
        for (int j = 0; j < NJ; j++) {
          if (NK >= j + 1) {
            B[i][j] = (double)((i * j + 1) % NI) / NI;
          }
          C[i][j] = (double)((i * (j + 2) + 5) % NJ) / NJ;
        }
        for (int k = (0 > NJ ? 0 : NJ); k < NK; k++) {
          B[i][k] = (double)((i * k + 1) % NI) / NI;
        }
      } else {
        for (int k = 0; k < NK; k++) {
          B[i][k] = (double)((i * k + 1) % NI) / NI;
        }
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int k = (0 > NI ? 0 : NI); k < NK; k++) {
      for (int j = 0; j < NJ; j++) {
        C[k][j] = (double)((k * (j + 2) + 5) % NJ) / NJ;
      }
    }
  }
  nestor_timer_start();
  matmul(NI, NJ, NK, A, B, C);
  nestor_timer_stop_print();
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      h = mix(h, A[i][j]);
  printf("A %016llx\n", h);
  return 0;
}
