exit 0
/* Symmetric matrix product C = alpha * A * B + beta * C using only A's lower triangle, with a scalar accumulator temp2 (symm style), PolyBench style. */
#include "polybench_lite.h"

#ifndef M
#define M 50
#endif
#ifndef N
#define N 70
#endif
#define _PB_M m
#define _PB_N n

static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(A, M, M, m, m),
                        DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
  int i, j, k;
  DATA_TYPE temp2;
    DATA_TYPE (*temp2_ij)[n > 0 ? n : 1] = __builtin_malloc(sizeof(DATA_TYPE) * (unsigned long)(m > 0 ? m : 1) * (unsigned long)(n > 0 ? n : 1));
    if (!temp2_ij) __builtin_abort();
#pragma scop
  if (__builtin_expect(((unsigned long long)C + (unsigned long long)((long long)_PB_M - 1) * sizeof C[0] + (unsigned long long)_PB_N * sizeof C[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_M - 1) * sizeof A[0] + (unsigned long long)_PB_M * sizeof A[0][0] <= (unsigned long long)C)
      && ((unsigned long long)C + (unsigned long long)((long long)_PB_M - 1) * sizeof C[0] + (unsigned long long)_PB_N * sizeof C[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_M - 1) * sizeof B[0] + (unsigned long long)_PB_N * sizeof B[0][0] <= (unsigned long long)C), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_M; i++) {
      for (j = 0; j < _PB_N; j++) {
        temp2_ij[i][j] = 0;
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for schedule(static, 1) private(j)
    #endif
    for (int i_tile = 0; i_tile < ((long long)_PB_M + 63) / 64; i_tile++) {
      for (int k_tile = 0; k_tile <= i_tile && 64 * k_tile <= (long long)_PB_M - 2; k_tile++) {
        for (int j_tile = 0; 256 * j_tile < _PB_N; j_tile++) {
          for (int c3 = 32 * i_tile; c3 <= 32 * i_tile + 31 && c3 < ((long long)_PB_M + 1) / 2; c3++) {
            for (int c4 = 16 * k_tile; c4 <= 16 * k_tile + 15 && c4 < ((long long)_PB_M + 2) / 4 && c4 <= c3 / 2; c4++) {
              if (_PB_M >= (long long)(2 * c3) + 2 && c3 >= 2 * c4 + 2) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_N - 1) < (256 * j_tile + 255) ? ((long long)_PB_N - 1) : (256 * j_tile + 255)); j++) {
                  temp2_ij[2 * c3][j] += B[4 * c4][j] * A[2 * c3][4 * c4];
                  temp2_ij[2 * c3][j] += B[4 * c4 + 1][j] * A[2 * c3][4 * c4 + 1];
                  temp2_ij[2 * c3][j] += B[4 * c4 + 2][j] * A[2 * c3][4 * c4 + 2];
                  temp2_ij[2 * c3][j] += B[4 * c4 + 3][j] * A[2 * c3][4 * c4 + 3];
                  temp2_ij[2 * c3 + 1][j] += B[4 * c4][j] * A[2 * c3 + 1][4 * c4];
                  temp2_ij[2 * c3 + 1][j] += B[4 * c4 + 1][j] * A[2 * c3 + 1][4 * c4 + 1];
                  temp2_ij[2 * c3 + 1][j] += B[4 * c4 + 2][j] * A[2 * c3 + 1][4 * c4 + 2];
                  temp2_ij[2 * c3 + 1][j] += B[4 * c4 + 3][j] * A[2 * c3 + 1][4 * c4 + 3];
                }
              } else {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 256 * j_tile; j <= (((long long)_PB_N - 1) < (256 * j_tile + 255) ? ((long long)_PB_N - 1) : (256 * j_tile + 255)); j++) {
                  if (c3 >= 2 * c4 + 1) {
                    temp2_ij[2 * c3][j] += B[4 * c4][j] * A[2 * c3][4 * c4];
                    temp2_ij[2 * c3][j] += B[4 * c4 + 1][j] * A[2 * c3][4 * c4 + 1];
                    if (64 * i_tile + 63 >= _PB_M && 2 * c3 + 1 == _PB_M && _PB_M >= (long long)(4 * c4) + 5) {
                      temp2_ij[(long long)_PB_M - 1][j] += B[4 * c4 + 2][j] * A[(long long)_PB_M - 1][4 * c4 + 2];
                      temp2_ij[(long long)_PB_M - 1][j] += B[4 * c4 + 3][j] * A[(long long)_PB_M - 1][4 * c4 + 3];
                    }
                  }
                  if (k_tile == i_tile && _PB_M >= (long long)(2 * c3) + 2 && 2 * c4 + 1 >= c3) {
                    temp2_ij[2 * c3 + 1][j] += B[4 * c4][j] * A[2 * c3 + 1][4 * c4];
                    if (2 * c4 + 1 == c3) {
                      temp2_ij[2 * c3 + 1][j] += B[2 * c3 - 1][j] * A[2 * c3 + 1][2 * c3 - 1];
                      temp2_ij[2 * c3 + 1][j] += B[2 * c3][j] * A[2 * c3 + 1][2 * c3];
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
    for (i = 0; i < _PB_M; i++) {
      for (j = 0; j < _PB_N; j++) {
        C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2_ij[i][j];
      }
    }
    for (int i_tile = 0; 64 * i_tile < _PB_M; i_tile++) {
      #ifdef _OPENMP
      #pragma omp parallel for schedule(static, 1) private(j)
      #endif
      for (int k_tile = 0; k_tile <= (i_tile < (((long long)_PB_M - 2) >= 0 ? ((long long)_PB_M - 2) / 64 : -((-((long long)_PB_M - 2) + 64 - 1) / 64)) ? i_tile : (((long long)_PB_M - 2) >= 0 ? ((long long)_PB_M - 2) / 64 : -((-((long long)_PB_M - 2) + 64 - 1) / 64))); k_tile++) {
        for (int j_tile = 0; 64 * j_tile < _PB_N; j_tile++) {
          for (int c3 = 16 * i_tile; c3 <= 16 * i_tile + 15 && c3 <= ((long long)_PB_M - 1) / 4; c3++) {
            for (int c4 = 32 * k_tile; c4 <= 32 * k_tile + 31 && c4 <= 2 * c3 + 1 && c4 < _PB_M / 2; c4++) {
              if (_PB_M >= (long long)(4 * c3) + 4 && 2 * c3 >= c4 + 1) {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 64 * j_tile; j <= (((long long)_PB_N - 1) < (64 * j_tile + 63) ? ((long long)_PB_N - 1) : (64 * j_tile + 63)); j++) {
                  DATA_TYPE C_r0 = C[2 * c4][j];
                  DATA_TYPE C_r1 = C[2 * c4 + 1][j];
                  C_r0 += alpha * B[4 * c3][j] * A[4 * c3][2 * c4];
                  C_r1 += alpha * B[4 * c3][j] * A[4 * c3][2 * c4 + 1];
                  C_r0 += alpha * B[4 * c3 + 1][j] * A[4 * c3 + 1][2 * c4];
                  C_r1 += alpha * B[4 * c3 + 1][j] * A[4 * c3 + 1][2 * c4 + 1];
                  C_r0 += alpha * B[4 * c3 + 2][j] * A[4 * c3 + 2][2 * c4];
                  C_r1 += alpha * B[4 * c3 + 2][j] * A[4 * c3 + 2][2 * c4 + 1];
                  C_r0 += alpha * B[4 * c3 + 3][j] * A[4 * c3 + 3][2 * c4];
                  C_r1 += alpha * B[4 * c3 + 3][j] * A[4 * c3 + 3][2 * c4 + 1];
                  C[2 * c4][j] = C_r0;
                  C[2 * c4 + 1][j] = C_r1;
                }
              } else {
                #ifdef _OPENMP
                #pragma omp simd
                #endif
                for (j = 64 * j_tile; j <= (((long long)_PB_N - 1) < (64 * j_tile + 63) ? ((long long)_PB_N - 1) : (64 * j_tile + 63)); j++) {
                  if (4 * c3 + 3 >= _PB_M && 2 * c3 >= c4 + 1) {
                    C[2 * c4][j] += alpha * B[4 * c3][j] * A[4 * c3][2 * c4];
                    C[2 * c4 + 1][j] += alpha * B[4 * c3][j] * A[4 * c3][2 * c4 + 1];
                  }
                  if (_PB_M >= 4 * c3 + 2 && 2 * c3 >= c4) {
                    C[2 * c4][j] += alpha * B[4 * c3 + 1][j] * A[4 * c3 + 1][2 * c4];
                    if (4 * c3 + 3 >= _PB_M && 2 * c3 >= c4 + 1) {
                      C[2 * c4 + 1][j] += alpha * B[4 * c3 + 1][j] * A[4 * c3 + 1][2 * c4 + 1];
                    }
                    if (_PB_M >= 4 * c3 + 3) {
                      C[2 * c4][j] += alpha * B[4 * c3 + 2][j] * A[4 * c3 + 2][2 * c4];
                      C[2 * c4 + 1][j] += alpha * B[4 * c3 + 2][j] * A[4 * c3 + 2][2 * c4 + 1];
                    }
                  }
                  if (k_tile == i_tile && _PB_M >= (long long)(4 * c3) + 4 && c4 >= 2 * c3) {
                    C[2 * c4][j] += alpha * B[4 * c3 + 3][j] * A[4 * c3 + 3][2 * c4];
                    if (c4 == 2 * c3) {
                      C[4 * c3 + 1][j] += alpha * B[4 * c3 + 3][j] * A[4 * c3 + 3][4 * c3 + 1];
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
  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
  }
#pragma endscop
    __builtin_free(temp2_ij);
}

static DATA_TYPE C[M][N], A[M][M], B[M][N];

int main(void)
{
  int i, j;
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE)((N + i - j) % 100) / M;
    }
    for (j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % 100) / M;
    /* The upper triangle is never read by the kernel; fill it with a marker. */
    for (j = i + 1; j < M; j++)
      A[i][j] = SCALAR_VAL(-999.0);
  }
  nestor_timer_start();
  kernel_symm(M, N, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  nestor_timer_stop_print();
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      checksum_add(C[i][j]);
  checksum_print("C");
  return 0;
}
