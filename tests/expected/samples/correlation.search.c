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
    double (*s_ij)[m > 0 ? m : 1] = __builtin_malloc(sizeof(double) * (unsigned long)(m > 0 ? m : 1) * (unsigned long)(m > 0 ? m : 1));
    if (!s_ij) __builtin_abort();
    for (int j = 0; j < m; j++) {
      mean[j] = 0.0;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        mean[j] += data[i][j];
      }
    }
    for (int j = 0; j < m; j++) {
      mean[j] = mean[j] / n;
    }
    for (int j = 0; j < m; j++) {
      stddev[j] = 0.0;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
      }
    }
    for (int j = 0; j < m; j++) {
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
    if (m >= 2) {
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < i; j++) {
          s_ij[i][j] = 0.0;
        }
        for (int j = i + 1; j < m; j++) {
          s_ij[i][j] = 0.0;
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int i_tile = 0; i_tile <= ((long long)m - 1) / 128; i_tile++) {
        for (int k_tile = 0; 256 * k_tile < n; k_tile++) {
          if (m >= 128 * i_tile + 2) {
            for (int c2 = 0; c2 < i_tile / 2; c2++) {
              for (int c3 = 64 * i_tile; c3 <= 64 * i_tile + 63 && c3 < ((long long)m + 1) / 2; c3++) {
                for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)n - 1) / 4; c4++) {
                  if (m >= (long long)(2 * c3) + 2 && n >= (long long)(4 * c4) + 4) {
                    #ifdef _OPENMP
                    #pragma omp simd
                    #endif
                    for (int j = 256 * c2; j <= 256 * c2 + 255; j++) {
                      s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                      s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                      s_ij[2 * c3][j] += data[4 * c4 + 2][2 * c3] * data[4 * c4 + 2][j];
                      s_ij[2 * c3][j] += data[4 * c4 + 3][2 * c3] * data[4 * c4 + 3][j];
                      s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                      s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                      s_ij[2 * c3 + 1][j] += data[4 * c4 + 2][2 * c3 + 1] * data[4 * c4 + 2][j];
                      s_ij[2 * c3 + 1][j] += data[4 * c4 + 3][2 * c3 + 1] * data[4 * c4 + 3][j];
                    }
                  } else {
                    if ((m >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= n) || (m >= 128 * i_tile + 3 && 2 * c3 + 1 == m)) {
                      #ifdef _OPENMP
                      #pragma omp simd
                      #endif
                      for (int j = 256 * c2; j <= 256 * c2 + 255; j++) {
                        s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                        if (n >= 4 * c4 + 2) {
                          s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                          if (n >= 4 * c4 + 3) {
                            s_ij[2 * c3][j] += data[4 * c4 + 2][2 * c3] * data[4 * c4 + 2][j];
                            if (2 * c3 + 1 == m && n >= (long long)(4 * c4) + 4) {
                              s_ij[(long long)m - 1][j] += data[4 * c4 + 3][(long long)m - 1] * data[4 * c4 + 3][j];
                            }
                          }
                        }
                        if (m >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= n) {
                          s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                          if (n >= 4 * c4 + 2) {
                            s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                            if (4 * c4 + 3 == n) {
                              s_ij[2 * c3 + 1][j] += data[(long long)n - 1][2 * c3 + 1] * data[(long long)n - 1][j];
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            for (int c2 = i_tile / 2; c2 <= ((long long)m - 1) / 256; c2++) {
              for (int c3 = 64 * i_tile; c3 <= 64 * i_tile + 63 && c3 < m / 2; c3++) {
                for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)n - 1) / 4; c4++) {
                  if (n >= (long long)(4 * c4) + 4) {
                    #ifdef _OPENMP
                    #pragma omp simd
                    #endif
                    for (int j = 256 * c2; j <= (((long long)m - 1) < (256 * c2 + 255) ? ((long long)m - 1) : (256 * c2 + 255)); j++) {
                      if (j >= 2 * c3 + 1 || 2 * c3 >= j + 1) {
                        s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                        s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                        s_ij[2 * c3][j] += data[4 * c4 + 2][2 * c3] * data[4 * c4 + 2][j];
                        s_ij[2 * c3][j] += data[4 * c4 + 3][2 * c3] * data[4 * c4 + 3][j];
                      }
                      if (j >= 2 * c3 + 2 || 2 * c3 >= j) {
                        s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                        s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                        s_ij[2 * c3 + 1][j] += data[4 * c4 + 2][2 * c3 + 1] * data[4 * c4 + 2][j];
                        s_ij[2 * c3 + 1][j] += data[4 * c4 + 3][2 * c3 + 1] * data[4 * c4 + 3][j];
                      }
                    }
                  } else {
                    #ifdef _OPENMP
                    #pragma omp simd
                    #endif
                    for (int j = 256 * c2; j <= (((long long)m - 1) < (256 * c2 + 255) ? ((long long)m - 1) : (256 * c2 + 255)); j++) {
                      if (j >= 2 * c3 + 1 || 2 * c3 >= j + 1) {
                        s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                        if ((n >= 4 * c4 + 2 && j >= 2 * c3 + 1) || (n >= 4 * c4 + 2 && 2 * c3 >= j + 1)) {
                          s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                          if ((4 * c4 + 3 == n && j >= 2 * c3 + 1) || (4 * c4 + 3 == n && 2 * c3 >= j + 1)) {
                            s_ij[2 * c3][j] += data[(long long)n - 1][2 * c3] * data[(long long)n - 1][j];
                          }
                        }
                      }
                      if (j >= 2 * c3 + 2 || 2 * c3 >= j) {
                        s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                        if ((n >= 4 * c4 + 2 && j >= 2 * c3 + 2) || (n >= 4 * c4 + 2 && 2 * c3 >= j)) {
                          s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                          if ((4 * c4 + 3 == n && j >= 2 * c3 + 2) || (4 * c4 + 3 == n && 2 * c3 >= j)) {
                            s_ij[2 * c3 + 1][j] += data[(long long)n - 1][2 * c3 + 1] * data[(long long)n - 1][j];
                          }
                        }
                      }
                    }
                  }
                }
              }
              if (128 * i_tile + 127 >= m && ((long long)m + 1) % 2 == 0) {
                for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)n - 1) / 4; c4++) {
                  #ifdef _OPENMP
                  #pragma omp simd
                  #endif
                  for (int j = 256 * c2; j < (long long)m - 1; j++) {
                    s_ij[(long long)m - 1][j] += data[4 * c4][(long long)m - 1] * data[4 * c4][j];
                    if (n >= 4 * c4 + 2) {
                      s_ij[(long long)m - 1][j] += data[4 * c4 + 1][(long long)m - 1] * data[4 * c4 + 1][j];
                      if (n >= 4 * c4 + 3) {
                        s_ij[(long long)m - 1][j] += data[4 * c4 + 2][(long long)m - 1] * data[4 * c4 + 2][j];
                        if (n >= (long long)(4 * c4) + 4) {
                          s_ij[(long long)m - 1][j] += data[4 * c4 + 3][(long long)m - 1] * data[4 * c4 + 3][j];
                        }
                      }
                    }
                  }
                }
              }
            }
          } else {
            for (int c2 = 0; c2 < ((long long)m + 127) / 256; c2++) {
              for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)n - 1) / 4; c4++) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (int j = 256 * c2; j <= (((long long)m - 2) < (256 * c2 + 255) ? ((long long)m - 2) : (256 * c2 + 255)); j++) {
                  s_ij[(long long)m - 1][j] += data[4 * c4][(long long)m - 1] * data[4 * c4][j];
                  if (n >= 4 * c4 + 2) {
                    s_ij[(long long)m - 1][j] += data[4 * c4 + 1][(long long)m - 1] * data[4 * c4 + 1][j];
                    if (n >= 4 * c4 + 3) {
                      s_ij[(long long)m - 1][j] += data[4 * c4 + 2][(long long)m - 1] * data[4 * c4 + 2][j];
                      if (n >= (long long)(4 * c4) + 4) {
                        s_ij[(long long)m - 1][j] += data[4 * c4 + 3][(long long)m - 1] * data[4 * c4 + 3][j];
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < i; j++) {
          corr[i][j] = s_ij[i][j];
        }
        for (int j = i + 1; j < m; j++) {
          corr[i][j] = s_ij[i][j];
        }
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < m; i++) {
      corr[i][i] = 1.0;
    }
    __builtin_free(s_ij);
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
