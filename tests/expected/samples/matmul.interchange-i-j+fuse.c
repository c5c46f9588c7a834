exit 4
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
    #pragma omp parallel for private(j)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_NI + 127) / 128; i_tile++) {
      for (int k_tile = 0; 256 * k_tile < _PB_NK; k_tile++) {
        for (int j_tile = 0; 256 * j_tile < _PB_NJ; j_tile++) {
          for (int c3 = 64 * i_tile; c3 <= 64 * i_tile + 63 && c3 < ((long long)_PB_NI + 1) / 2; c3++) {
            for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)_PB_NK - 1) / 4; c4++) {
              if (_PB_NI >= (long long)(2 * c3) + 2 && _PB_NK >= (long long)(4 * c4) + 4) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_NJ - 1) < (256 * j_tile + 255) ? ((long long)_PB_NJ - 1) : (256 * j_tile + 255)); j++) {
                  DATA_TYPE C_r0 = C[2 * c3][j];
                  DATA_TYPE C_r1 = C[2 * c3 + 1][j];
                  C_r0 += alpha * A[2 * c3][4 * c4] * B[4 * c4][j];
                  C_r0 += alpha * A[2 * c3][4 * c4 + 1] * B[4 * c4 + 1][j];
                  C_r0 += alpha * A[2 * c3][4 * c4 + 2] * B[4 * c4 + 2][j];
                  C_r0 += alpha * A[2 * c3][4 * c4 + 3] * B[4 * c4 + 3][j];
                  C_r1 += alpha * A[2 * c3 + 1][4 * c4] * B[4 * c4][j];
                  C_r1 += alpha * A[2 * c3 + 1][4 * c4 + 1] * B[4 * c4 + 1][j];
                  C_r1 += alpha * A[2 * c3 + 1][4 * c4 + 2] * B[4 * c4 + 2][j];
                  C_r1 += alpha * A[2 * c3 + 1][4 * c4 + 3] * B[4 * c4 + 3][j];
                  C[2 * c3][j] = C_r0;
                  C[2 * c3 + 1][j] = C_r1;
                }
              } else {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_NJ - 1) < (256 * j_tile + 255) ? ((long long)_PB_NJ - 1) : (256 * j_tile + 255)); j++) {
                  C[2 * c3][j] += alpha * A[2 * c3][4 * c4] * B[4 * c4][j];
                  if (_PB_NK >= 4 * c4 + 2) {
                    C[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 1] * B[4 * c4 + 1][j];
                    if (_PB_NK >= 4 * c4 + 3) {
                      C[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 2] * B[4 * c4 + 2][j];
                      if (2 * c3 + 1 == _PB_NI && _PB_NK >= (long long)(4 * c4) + 4) {
                        C[(long long)_PB_NI - 1][j] += alpha * A[(long long)_PB_NI - 1][4 * c4 + 3] * B[4 * c4 + 3][j];
                      }
                    }
                  }
                  if (_PB_NI >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= _PB_NK) {
                    C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4] * B[4 * c4][j];
                    if (_PB_NK >= 4 * c4 + 2) {
                      C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4 + 1] * B[4 * c4 + 1][j];
                      if (4 * c4 + 3 == _PB_NK) {
                        C[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][(long long)_PB_NK - 1] * B[(long long)_PB_NK - 1][j];
                      }
                    }
                  }
                }
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
