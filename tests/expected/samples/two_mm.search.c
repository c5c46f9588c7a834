exit 0
/* Two chained matrix products through a temporary: tmp = alpha * A * B, D = beta * D + tmp * C (2mm style), PolyBench style. */
#include "polybench_lite.h"

#ifndef NI
#define NI 40
#endif
#ifndef NJ
#define NJ 50
#endif
#ifndef NK
#define NK 60
#endif
#ifndef NL
#define NL 45
#endif
#define _PB_NI ni
#define _PB_NJ nj
#define _PB_NK nk
#define _PB_NL nl

static void kernel_2mm(int ni, int nj, int nk, int nl,
                       DATA_TYPE alpha, DATA_TYPE beta,
                       DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl))
{
  int i, j, k;
#pragma scop
  if (__builtin_expect(((unsigned long long)D + (unsigned long long)((long long)_PB_NI - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)D)
      && ((unsigned long long)D + (unsigned long long)((long long)_PB_NI - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)D)
      && ((unsigned long long)D + (unsigned long long)((long long)_PB_NI - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)_PB_NJ - 1) * sizeof C[0] + (unsigned long long)_PB_NL * sizeof C[0][0] <= (unsigned long long)D)
      && ((unsigned long long)D + (unsigned long long)((long long)_PB_NI - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)tmp || (unsigned long long)tmp + (unsigned long long)((long long)_PB_NI - 1) * sizeof tmp[0] + (unsigned long long)_PB_NJ * sizeof tmp[0][0] <= (unsigned long long)D)
      && ((unsigned long long)tmp + (unsigned long long)((long long)_PB_NI - 1) * sizeof tmp[0] + (unsigned long long)_PB_NJ * sizeof tmp[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)tmp)
      && ((unsigned long long)tmp + (unsigned long long)((long long)_PB_NI - 1) * sizeof tmp[0] + (unsigned long long)_PB_NJ * sizeof tmp[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)tmp)
      && ((unsigned long long)tmp + (unsigned long long)((long long)_PB_NI - 1) * sizeof tmp[0] + (unsigned long long)_PB_NJ * sizeof tmp[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)_PB_NJ - 1) * sizeof C[0] + (unsigned long long)_PB_NL * sizeof C[0][0] <= (unsigned long long)tmp), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NI; i++) {
      for (j = 0; j < _PB_NJ; j++) {
        tmp[i][j] = SCALAR_VAL(0.0);
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
                  DATA_TYPE tmp_r0 = tmp[2 * c3][j];
                  DATA_TYPE tmp_r1 = tmp[2 * c3 + 1][j];
                  tmp_r0 += alpha * A[2 * c3][4 * c4] * B[4 * c4][j];
                  tmp_r0 += alpha * A[2 * c3][4 * c4 + 1] * B[4 * c4 + 1][j];
                  tmp_r0 += alpha * A[2 * c3][4 * c4 + 2] * B[4 * c4 + 2][j];
                  tmp_r0 += alpha * A[2 * c3][4 * c4 + 3] * B[4 * c4 + 3][j];
                  tmp_r1 += alpha * A[2 * c3 + 1][4 * c4] * B[4 * c4][j];
                  tmp_r1 += alpha * A[2 * c3 + 1][4 * c4 + 1] * B[4 * c4 + 1][j];
                  tmp_r1 += alpha * A[2 * c3 + 1][4 * c4 + 2] * B[4 * c4 + 2][j];
                  tmp_r1 += alpha * A[2 * c3 + 1][4 * c4 + 3] * B[4 * c4 + 3][j];
                  tmp[2 * c3][j] = tmp_r0;
                  tmp[2 * c3 + 1][j] = tmp_r1;
                }
              } else {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_NJ - 1) < (256 * j_tile + 255) ? ((long long)_PB_NJ - 1) : (256 * j_tile + 255)); j++) {
                  tmp[2 * c3][j] += alpha * A[2 * c3][4 * c4] * B[4 * c4][j];
                  if (_PB_NK >= 4 * c4 + 2) {
                    tmp[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 1] * B[4 * c4 + 1][j];
                    if (_PB_NK >= 4 * c4 + 3) {
                      tmp[2 * c3][j] += alpha * A[2 * c3][4 * c4 + 2] * B[4 * c4 + 2][j];
                      if (2 * c3 + 1 == _PB_NI && _PB_NK >= (long long)(4 * c4) + 4) {
                        tmp[(long long)_PB_NI - 1][j] += alpha * A[(long long)_PB_NI - 1][4 * c4 + 3] * B[4 * c4 + 3][j];
                      }
                    }
                  }
                  if (_PB_NI >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= _PB_NK) {
                    tmp[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4] * B[4 * c4][j];
                    if (_PB_NK >= 4 * c4 + 2) {
                      tmp[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][4 * c4 + 1] * B[4 * c4 + 1][j];
                      if (4 * c4 + 3 == _PB_NK) {
                        tmp[2 * c3 + 1][j] += alpha * A[2 * c3 + 1][(long long)_PB_NK - 1] * B[(long long)_PB_NK - 1][j];
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
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NI; i++) {
      for (j = 0; j < _PB_NL; j++) {
        D[i][j] *= beta;
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_NI + 127) / 128; i_tile++) {
      for (int k_tile = 0; 256 * k_tile < _PB_NJ; k_tile++) {
        for (int j_tile = 0; 256 * j_tile < _PB_NL; j_tile++) {
          for (int c3 = 64 * i_tile; c3 <= 64 * i_tile + 63 && c3 < ((long long)_PB_NI + 1) / 2; c3++) {
            for (int c4 = 64 * k_tile; c4 <= 64 * k_tile + 63 && c4 <= ((long long)_PB_NJ - 1) / 4; c4++) {
              if (_PB_NI >= (long long)(2 * c3) + 2 && _PB_NJ >= (long long)(4 * c4) + 4) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_NL - 1) < (256 * j_tile + 255) ? ((long long)_PB_NL - 1) : (256 * j_tile + 255)); j++) {
                  DATA_TYPE D_r2 = D[2 * c3][j];
                  DATA_TYPE D_r3 = D[2 * c3 + 1][j];
                  D_r2 += tmp[2 * c3][4 * c4] * C[4 * c4][j];
                  D_r2 += tmp[2 * c3][4 * c4 + 1] * C[4 * c4 + 1][j];
                  D_r2 += tmp[2 * c3][4 * c4 + 2] * C[4 * c4 + 2][j];
                  D_r2 += tmp[2 * c3][4 * c4 + 3] * C[4 * c4 + 3][j];
                  D_r3 += tmp[2 * c3 + 1][4 * c4] * C[4 * c4][j];
                  D_r3 += tmp[2 * c3 + 1][4 * c4 + 1] * C[4 * c4 + 1][j];
                  D_r3 += tmp[2 * c3 + 1][4 * c4 + 2] * C[4 * c4 + 2][j];
                  D_r3 += tmp[2 * c3 + 1][4 * c4 + 3] * C[4 * c4 + 3][j];
                  D[2 * c3][j] = D_r2;
                  D[2 * c3 + 1][j] = D_r3;
                }
              } else {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_NL - 1) < (256 * j_tile + 255) ? ((long long)_PB_NL - 1) : (256 * j_tile + 255)); j++) {
                  D[2 * c3][j] += tmp[2 * c3][4 * c4] * C[4 * c4][j];
                  if (_PB_NJ >= 4 * c4 + 2) {
                    D[2 * c3][j] += tmp[2 * c3][4 * c4 + 1] * C[4 * c4 + 1][j];
                    if (_PB_NJ >= 4 * c4 + 3) {
                      D[2 * c3][j] += tmp[2 * c3][4 * c4 + 2] * C[4 * c4 + 2][j];
                      if (2 * c3 + 1 == _PB_NI && _PB_NJ >= (long long)(4 * c4) + 4) {
                        D[(long long)_PB_NI - 1][j] += tmp[(long long)_PB_NI - 1][4 * c4 + 3] * C[4 * c4 + 3][j];
                      }
                    }
                  }
                  if (_PB_NI >= (long long)(2 * c3) + 2 && 4 * c4 + 3 >= _PB_NJ) {
                    D[2 * c3 + 1][j] += tmp[2 * c3 + 1][4 * c4] * C[4 * c4][j];
                    if (_PB_NJ >= 4 * c4 + 2) {
                      D[2 * c3 + 1][j] += tmp[2 * c3 + 1][4 * c4 + 1] * C[4 * c4 + 1][j];
                      if (4 * c4 + 3 == _PB_NJ) {
                        D[2 * c3 + 1][j] += tmp[2 * c3 + 1][(long long)_PB_NJ - 1] * C[(long long)_PB_NJ - 1][j];
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
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++) {
      tmp[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NL; j++) {
      D[i][j] *= beta;
      for (k = 0; k < _PB_NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
  }
#pragma endscop
}

static DATA_TYPE tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];

int main(void)
{
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1)) % NJ) / NJ;
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % NL) / NL;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2)) % NK) / NK;
  nestor_timer_start();
  kernel_2mm(NI, NJ, NK, NL, SCALAR_VAL(1.5), SCALAR_VAL(1.2), tmp, A, B, C, D);
  nestor_timer_stop_print();
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      checksum_add(tmp[i][j]);
  checksum_print("tmp");
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++)
      checksum_add(D[i][j]);
  checksum_print("D");
  return 0;
}
