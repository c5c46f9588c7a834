exit 0
/* Covariance matrix of the columns of a data matrix, with a scalar accumulator over column pairs, PolyBench style. */
#include "polybench_lite.h"

#ifndef M
#define M 60
#endif
#ifndef N
#define N 80
#endif
#define _PB_M m
#define _PB_N n

static void kernel_covariance(int m, int n, DATA_TYPE float_n,
                              DATA_TYPE POLYBENCH_2D(data, N, M, n, m),
                              DATA_TYPE POLYBENCH_2D(cov, M, M, m, m),
                              DATA_TYPE POLYBENCH_1D(mean, M, m))
{
  int i, j, k;
  DATA_TYPE s;
    DATA_TYPE (*s_ij)[m > 0 ? m : 1] = __builtin_malloc(sizeof(DATA_TYPE) * (unsigned long)(m > 0 ? m : 1) * (unsigned long)(m > 0 ? m : 1));
    if (!s_ij) __builtin_abort();
#pragma scop
  /* Column means: walks data down its columns. */
  if (__builtin_expect(((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)data || (unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)cov)
      && ((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)cov)
      && ((unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)data), 1)) {
    for (j = 0; j < _PB_M; j++) {
      mean[j] = SCALAR_VAL(0.0);
    }
    for (i = 0; i < _PB_N; i++) {
      for (j = 0; j < _PB_M; j++) {
        mean[j] += data[i][j];
      }
    }
    for (j = 0; j < _PB_M; j++) {
      mean[j] /= float_n;
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_N; i++) {
      for (j = 0; j < _PB_M; j++) {
        data[i][j] -= mean[j];
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(j)
    #endif
    for (i = 0; i < _PB_M; i++) {
      for (j = i; j < _PB_M; j++) {
        s_ij[i][j] = SCALAR_VAL(0.0);
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(j)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_M + 63) / 64; i_tile++) {
      for (int k_tile = 0; 256 * k_tile < _PB_N; k_tile++) {
        for (int j_tile = i_tile; j_tile <= ((long long)_PB_M - 1) / 64; j_tile++) {
          for (int c3 = 32 * i_tile; c3 <= 32 * i_tile + 31 && c3 < ((long long)_PB_M + 1) / 2; c3++) {
            for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)_PB_N - 1) / 4; c4++) {
              if (j_tile == i_tile && _PB_M >= (long long)(2 * c3) + 2 && _PB_N >= (long long)(4 * c4) + 4) {
                s_ij[2 * c3][2 * c3] += data[4 * c4][2 * c3] * data[4 * c4][2 * c3];
                s_ij[2 * c3][2 * c3] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][2 * c3];
                s_ij[2 * c3][2 * c3] += data[4 * c4 + 2][2 * c3] * data[4 * c4 + 2][2 * c3];
                s_ij[2 * c3][2 * c3] += data[4 * c4 + 3][2 * c3] * data[4 * c4 + 3][2 * c3];
              }
              if (_PB_N >= (long long)(4 * c4) + 4) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = ((64 * j_tile) > (2 * c3 + 1) ? (64 * j_tile) : (2 * c3 + 1)); j <= (((long long)_PB_M - 1) < (64 * j_tile + 63) ? ((long long)_PB_M - 1) : (64 * j_tile + 63)); j++) {
                  s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                  s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                  s_ij[2 * c3][j] += data[4 * c4 + 2][2 * c3] * data[4 * c4 + 2][j];
                  s_ij[2 * c3][j] += data[4 * c4 + 3][2 * c3] * data[4 * c4 + 3][j];
                  s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                  s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                  s_ij[2 * c3 + 1][j] += data[4 * c4 + 2][2 * c3 + 1] * data[4 * c4 + 2][j];
                  s_ij[2 * c3 + 1][j] += data[4 * c4 + 3][2 * c3 + 1] * data[4 * c4 + 3][j];
                }
              }
              if (4 * c4 + 3 >= _PB_N || (j_tile == i_tile && 2 * c3 + 1 == _PB_M)) {
                if (4 * c4 + 3 >= _PB_N) {
                  #ifdef _OPENMP
                  #pragma omp simd
                  #endif
                  for (j = ((64 * j_tile) > (2 * c3) ? (64 * j_tile) : (2 * c3)); j <= (((long long)_PB_M - 1) < (64 * j_tile + 63) ? ((long long)_PB_M - 1) : (64 * j_tile + 63)); j++) {
                    s_ij[2 * c3][j] += data[4 * c4][2 * c3] * data[4 * c4][j];
                    if (_PB_N >= 4 * c4 + 2) {
                      s_ij[2 * c3][j] += data[4 * c4 + 1][2 * c3] * data[4 * c4 + 1][j];
                      if (4 * c4 + 3 == _PB_N) {
                        s_ij[2 * c3][j] += data[(long long)_PB_N - 1][2 * c3] * data[(long long)_PB_N - 1][j];
                      }
                    }
                    if (j >= 2 * c3 + 1) {
                      s_ij[2 * c3 + 1][j] += data[4 * c4][2 * c3 + 1] * data[4 * c4][j];
                      if (_PB_N >= 4 * c4 + 2) {
                        s_ij[2 * c3 + 1][j] += data[4 * c4 + 1][2 * c3 + 1] * data[4 * c4 + 1][j];
                        if (4 * c4 + 3 == _PB_N) {
                          s_ij[2 * c3 + 1][j] += data[(long long)_PB_N - 1][2 * c3 + 1] * data[(long long)_PB_N - 1][j];
                        }
                      }
                    }
                  }
                } else {
                  s_ij[(long long)_PB_M - 1][(long long)_PB_M - 1] += data[4 * c4][(long long)_PB_M - 1] * data[4 * c4][(long long)_PB_M - 1];
                  s_ij[(long long)_PB_M - 1][(long long)_PB_M - 1] += data[4 * c4 + 1][(long long)_PB_M - 1] * data[4 * c4 + 1][(long long)_PB_M - 1];
                  s_ij[(long long)_PB_M - 1][(long long)_PB_M - 1] += data[4 * c4 + 2][(long long)_PB_M - 1] * data[4 * c4 + 2][(long long)_PB_M - 1];
                  s_ij[(long long)_PB_M - 1][(long long)_PB_M - 1] += data[4 * c4 + 3][(long long)_PB_M - 1] * data[4 * c4 + 3][(long long)_PB_M - 1];
                }
              }
            }
          }
        }
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(j)
    #endif
    for (i = 0; i < _PB_M; i++) {
      for (j = i; j < _PB_M; j++) {
        s_ij[i][j] = s_ij[i][j] / (float_n - SCALAR_VAL(1.0));
        cov[i][j] = s_ij[i][j];
        cov[j][i] = s_ij[i][j];
      }
    }
  } else {
  for (j = 0; j < _PB_M; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_M; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < _PB_M; i++)
    for (j = i; j < _PB_M; j++) {
      s = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_N; k++)
        s += data[k][i] * data[k][j];
      s = s / (float_n - SCALAR_VAL(1.0));
      cov[i][j] = s;
      cov[j][i] = s;
    }
  }
#pragma endscop
    __builtin_free(s_ij);
}

static DATA_TYPE data[N][M], cov[M][M], mean[M];

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE)((i * j) % M) / M + (DATA_TYPE)(i % 3);
  nestor_timer_start();
  kernel_covariance(M, N, (DATA_TYPE)N, data, cov, mean);
  nestor_timer_stop_print();
  for (j = 0; j < M; j++)
    checksum_add(mean[j]);
  checksum_print("mean");
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      checksum_add(cov[i][j]);
  checksum_print("cov");
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      checksum_add(data[i][j]);
  checksum_print("data");
  return 0;
}
