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
#pragma scop
  /* Column means: walks data down its columns. */
  if (__builtin_expect(((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)data || (unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)cov)
      && ((unsigned long long)cov + (unsigned long long)((long long)_PB_M - 1) * sizeof cov[0] + (unsigned long long)_PB_M * sizeof cov[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)cov)
      && ((unsigned long long)data + (unsigned long long)((long long)_PB_N - 1) * sizeof data[0] + (unsigned long long)_PB_M * sizeof data[0][0] <= (unsigned long long)mean || (unsigned long long)mean + (unsigned long long)_PB_M * sizeof mean[0] <= (unsigned long long)data), 1)) {
    for (j = 0; j < _PB_M; j++) {
      mean[j] = SCALAR_VAL(0.0);
      for (i = 0; i < _PB_N; i++) {
        mean[j] += data[i][j];
      }
      mean[j] /= float_n;
      for (i = 0; i < _PB_N; i++) {
        data[i][j] -= mean[j];
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(k, s)
      #endif
      for (i = 0; i <= j; i++) {
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
