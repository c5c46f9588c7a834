exit 0
/* Matrix product C = alpha * A * B + beta * C, PolyBench style (i-j-k order). */
#include "polybench_lite.h"

#ifndef NI
#define NI 60
#endif
#ifndef NJ
#define NJ 70
#endif
#ifndef NK
#define NK 80
#endif
#define _PB_NI ni
#define _PB_NJ nj
#define _PB_NK nk

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, NI, NJ, ni, nj),
                        DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                        DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj))
{
  int i, j, k;
#pragma scop
  if (__builtin_expect(((unsigned long long)C + (unsigned long long)((long long)_PB_NI - 1) * sizeof C[0] + (unsigned long long)_PB_NJ * sizeof C[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)C)
      && ((unsigned long long)C + (unsigned long long)((long long)_PB_NI - 1) * sizeof C[0] + (unsigned long long)_PB_NJ * sizeof C[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)C), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NI; i++) {
      for (j = 0; j < _PB_NJ; j++) {
        C[i][j] *= beta;
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(i, j, k)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_NI + 255) / 256; i_tile++) {
      for (int j_tile = 0; 64 * j_tile < _PB_NJ; j_tile++) {
        for (int k_tile = 0; 64 * k_tile < _PB_NK; k_tile++) {
          for (i = 256 * i_tile; i < _PB_NI && i <= 256 * i_tile + 255; i++) {
            for (j = 64 * j_tile; j < _PB_NJ && j <= 64 * j_tile + 63; j++) {
              for (k = 64 * k_tile; k <= (((long long)_PB_NK - 1) < (64 * k_tile + 63) ? ((long long)_PB_NK - 1) : (64 * k_tile + 63)); k++) {
                C[i][j] += alpha * A[i][k] * B[k][j];
              }
            }
          }
        }
      }
    }
  } else {
  for (i = 0; i < _PB_NI; i++) {
    for (j = 0; j < _PB_NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_NK; k++)
      for (j = 0; j < _PB_NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
  }
#pragma endscop
}

static DATA_TYPE A[NI][NK], B[NK][NJ], C[NI][NJ];

int main(void)
{
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % NJ) / NJ;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 2) + 3) % NK) / NK;
  nestor_timer_start();
  kernel_gemm(NI, NJ, NK, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  nestor_timer_stop_print();
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      checksum_add(C[i][j]);
  checksum_print("C");
  return 0;
}
