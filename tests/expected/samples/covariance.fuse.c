exit 4
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
#pragma scop
  /* Column means: walks data down its columns. */
  if (__builtin_expect(((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)data || (unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)cov)
      && ((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)cov)
      && ((unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)data), 1)) {
    if (_PB_M >= 1) {
      #ifdef _OPENMP
      #pragma omp parallel for private(i)
      #endif
      for (int c0 = 0; c0 < _PB_M / 8; c0++) {
        mean[8 * c0] = SCALAR_VAL(0.0);
        mean[8 * c0 + 1] = SCALAR_VAL(0.0);
        mean[8 * c0 + 2] = SCALAR_VAL(0.0);
        mean[8 * c0 + 3] = SCALAR_VAL(0.0);
        mean[8 * c0 + 4] = SCALAR_VAL(0.0);
        mean[8 * c0 + 5] = SCALAR_VAL(0.0);
        mean[8 * c0 + 6] = SCALAR_VAL(0.0);
        mean[8 * c0 + 7] = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_N; i++) {
          mean[8 * c0] += data[i][8 * c0];
          mean[8 * c0 + 1] += data[i][8 * c0 + 1];
          mean[8 * c0 + 2] += data[i][8 * c0 + 2];
          mean[8 * c0 + 3] += data[i][8 * c0 + 3];
          mean[8 * c0 + 4] += data[i][8 * c0 + 4];
          mean[8 * c0 + 5] += data[i][8 * c0 + 5];
          mean[8 * c0 + 6] += data[i][8 * c0 + 6];
          mean[8 * c0 + 7] += data[i][8 * c0 + 7];
        }
        mean[8 * c0] /= float_n;
        mean[8 * c0 + 1] /= float_n;
        mean[8 * c0 + 2] /= float_n;
        mean[8 * c0 + 3] /= float_n;
        mean[8 * c0 + 4] /= float_n;
        mean[8 * c0 + 5] /= float_n;
        mean[8 * c0 + 6] /= float_n;
        mean[8 * c0 + 7] /= float_n;
      }
      for (int c1 = 0; c1 < _PB_M % 8; c1++) {
        mean[(long long)-(_PB_M % 8) + _PB_M + c1] = SCALAR_VAL(0.0);
      }
      for (i = 0; i < _PB_N; i++) {
        for (int c2 = 0; c2 < _PB_M % 8; c2++) {
          mean[(long long)-(_PB_M % 8) + _PB_M + c2] += data[i][(long long)-(_PB_M % 8) + _PB_M + c2];
        }
      }
      for (int c1 = 0; c1 < _PB_M % 8; c1++) {
        mean[(long long)-(_PB_M % 8) + _PB_M + c1] /= float_n;
      }
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
    #pragma omp parallel for schedule(static, 1) private(j, k, s)
    #endif
    for (i = 0; i < _PB_M; i++) {
      for (j = i; j < _PB_M; j++) {
        s = SCALAR_VAL(0.0);
        for (k = 0; k < _PB_N; k++) {
          s += data[k][i] * data[k][j];
        }
        s = s / (float_n - SCALAR_VAL(1.0));
        cov[i][j] = s;
        cov[j][i] = s;
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
