exit 0
/* Correlation matrix of the columns of a data matrix (means, standard deviations, standardisation, pairwise products), plain C with VLA parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef NROWS
#define NROWS 90
#endif
#ifndef NCOLS
#define NCOLS 50
#endif

static void correlation(int n, int m, double data[n][m], double corr[m][m],
                        double mean[m], double stddev[m])
{
  double s;
  if (__builtin_expect(((unsigned long long)corr + (unsigned long long)((long long)m - 1) * sizeof corr[0] + (unsigned long long)m * sizeof corr[0][0] <= (unsigned long long)data || (unsigned long long)data + (unsigned long long)((long long)n - 1) * sizeof data[0] + (unsigned long long)m * sizeof data[0][0] <= (unsigned long long)corr)
      && ((unsigned long long)corr + (unsigned long long)((long long)m - 1) * sizeof corr[0] + (unsigned long long)m * sizeof corr[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)m * sizeof mean[0] <= (unsigned long long)corr)
      && ((unsigned long long)corr + (unsigned long long)((long long)m - 1) * sizeof corr[0] + (unsigned long long)m * sizeof corr[0][0] <= (unsigned long long)stddev || (unsigned long long)stddev + (unsigned long long)m * sizeof stddev[0] <= (unsigned long long)corr)
      && ((unsigned long long)data + (unsigned long long)((long long)n - 1) * sizeof data[0] + (unsigned long long)m * sizeof data[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)m * sizeof mean[0] <= (unsigned long long)data)
      && ((unsigned long long)data + (unsigned long long)((long long)n - 1) * sizeof data[0] + (unsigned long long)m * sizeof data[0][0] <= (unsigned long long)stddev || (unsigned long long)stddev + (unsigned long long)m * sizeof stddev[0] <= (unsigned long long)data)
      && ((unsigned long long)mean + (unsigned long long)m * sizeof mean[0] <= (unsigned long long)stddev || (unsigned long long)stddev + (unsigned long long)m * sizeof stddev[0] <= (unsigned long long)mean), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int j = 0; j < m; j++) {
      mean[j] = 0.0;
      for (int i = 0; i < n; i++) {
        mean[j] += data[i][j];
      }
      mean[j] = mean[j] / n;
      stddev[j] = 0.0;
      for (int i = 0; i < n; i++) {
        stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
      }
      /* The 0.1 offset keeps constant columns from dividing by zero. */
      stddev[j] = sqrt(stddev[j] / n) + 0.1;
    }
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        data[i][j] = (data[i][j] - mean[j]) / (sqrt((double)n) * stddev[j]);
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(s)
    #endif
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        if (j >= i + 1 || i >= j + 1) {
          s = 0.0;
          for (int k = 0; k < n; k++) {
            s += data[k][i] * data[k][j];
          }
          corr[i][j] = s;
        } else {
          corr[i][i] = 1.0;
        }
      }
    }
  } else {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] = mean[j] / n;
  }
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    /* The 0.1 offset keeps constant columns from dividing by zero. */
    stddev[j] = sqrt(stddev[j] / n) + 0.1;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = (data[i][j] - mean[j]) / (sqrt((double)n) * stddev[j]);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      if (i != j) {
        s = 0.0;
        for (int k = 0; k < n; k++)
          s += data[k][i] * data[k][j];
        corr[i][j] = s;
      }
      if (i == j)
        corr[i][j] = 1.0;
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

static double data[NROWS][NCOLS], corr[NCOLS][NCOLS], mean[NCOLS], stddev[NCOLS];

int main(void)
{
  unsigned long long hc = 1469598103934665603ULL, hm = hc, hs = hc, hd = hc;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < NROWS; i++) {
    for (int j = 0; j < NCOLS; j++) {
      data[i][j] = (double)((i * j) % NCOLS) / NCOLS + (double)(i % 4);
    }
  }
  nestor_timer_start();
  correlation(NROWS, NCOLS, data, corr, mean, stddev);
  nestor_timer_stop_print();
  for (int i = 0; i < NCOLS; i++)
    for (int j = 0; j < NCOLS; j++)
      hc = mix(hc, corr[i][j]);
  for (int j = 0; j < NCOLS; j++) {
    hm = mix(hm, mean[j]);
    hs = mix(hs, stddev[j]);
  }
  for (int i = 0; i < NROWS; i++)
    for (int j = 0; j < NCOLS; j++)
      hd = mix(hd, data[i][j]);
  printf("corr %016llx\nmean %016llx\nstddev %016llx\ndata %016llx\n", hc, hm, hs, hd);
  return 0;
}
