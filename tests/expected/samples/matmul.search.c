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
    if (_PB_NI >= 1 && _PB_NJ >= 1 && _PB_NK >= 1) {
      typedef DATA_TYPE nestor_v __attribute__((vector_size(4 * sizeof(DATA_TYPE)), aligned(sizeof(DATA_TYPE))));
      long long nestor_kmax = ((long long)_PB_NK - 1) - 0 + 1 < 256 ? ((long long)_PB_NK - 1) - 0 + 1 : 256;
      long long nestor_nmax = ((long long)_PB_NJ - 1) - 0 + 1 < 512 ? ((long long)_PB_NJ - 1) - 0 + 1 : 512;
      long long nestor_mmax = ((long long)_PB_NI - 1) - 0 + 1 < 96 ? ((long long)_PB_NI - 1) - 0 + 1 : 96;
      DATA_TYPE *nestor_pb = (DATA_TYPE *)__builtin_malloc(sizeof(DATA_TYPE) * nestor_kmax * ((nestor_nmax + 8 - 1) / 8 * 8));
      for (long long nestor_jc = 0; nestor_jc <= ((long long)_PB_NJ - 1); nestor_jc += 512) {
        long long nestor_jn = ((long long)_PB_NJ - 1) - nestor_jc + 1 < 512 ? ((long long)_PB_NJ - 1) - nestor_jc + 1 : 512;
        for (long long nestor_pc = 0; nestor_pc <= ((long long)_PB_NK - 1); nestor_pc += 256) {
          long long nestor_kn = ((long long)_PB_NK - 1) - nestor_pc + 1 < 256 ? ((long long)_PB_NK - 1) - nestor_pc + 1 : 256;
          if (nestor_pb)
            for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8) {
              long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
              for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                  nestor_pb[nestor_jr * nestor_kn + nestor_k * 8 + nestor_s] = B[(nestor_pc + nestor_k)][(nestor_jc + nestor_jr + nestor_s)];
            }
          #ifdef _OPENMP
          #pragma omp parallel for
          #endif
          for (long long nestor_ic = 0; nestor_ic <= ((long long)_PB_NI - 1); nestor_ic += 96) {
            long long nestor_in = ((long long)_PB_NI - 1) - nestor_ic + 1 < 96 ? ((long long)_PB_NI - 1) - nestor_ic + 1 : 96;
            DATA_TYPE *nestor_pa = nestor_pb ? (DATA_TYPE *)__builtin_malloc(sizeof(DATA_TYPE) * nestor_kmax * ((nestor_mmax + 6 - 1) / 6 * 6)) : 0;
            if (nestor_pa) {
              for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                  for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                    nestor_pa[nestor_ir * nestor_kn + nestor_k * 6 + nestor_r] = alpha * A[(nestor_ic + nestor_ir + nestor_r)][(nestor_pc + nestor_k)];
              }
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8)
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                  long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                  long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                  long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
                  const DATA_TYPE *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                  const DATA_TYPE *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                  if (nestor_h == 6 && nestor_w == 8) {
                    nestor_v nestor_c0_0 = *(const nestor_v *)&C[(nestor_i + 0)][(nestor_j + 0)], nestor_c0_1 = *(const nestor_v *)&C[(nestor_i + 0)][(nestor_j + 4)];
                    nestor_v nestor_c1_0 = *(const nestor_v *)&C[(nestor_i + 1)][(nestor_j + 0)], nestor_c1_1 = *(const nestor_v *)&C[(nestor_i + 1)][(nestor_j + 4)];
                    nestor_v nestor_c2_0 = *(const nestor_v *)&C[(nestor_i + 2)][(nestor_j + 0)], nestor_c2_1 = *(const nestor_v *)&C[(nestor_i + 2)][(nestor_j + 4)];
                    nestor_v nestor_c3_0 = *(const nestor_v *)&C[(nestor_i + 3)][(nestor_j + 0)], nestor_c3_1 = *(const nestor_v *)&C[(nestor_i + 3)][(nestor_j + 4)];
                    nestor_v nestor_c4_0 = *(const nestor_v *)&C[(nestor_i + 4)][(nestor_j + 0)], nestor_c4_1 = *(const nestor_v *)&C[(nestor_i + 4)][(nestor_j + 4)];
                    nestor_v nestor_c5_0 = *(const nestor_v *)&C[(nestor_i + 5)][(nestor_j + 0)], nestor_c5_1 = *(const nestor_v *)&C[(nestor_i + 5)][(nestor_j + 4)];
                    for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++) {
                      nestor_v nestor_b0 = *(const nestor_v *)&nestor_b[nestor_k * 8 + 0];
                      nestor_v nestor_b1 = *(const nestor_v *)&nestor_b[nestor_k * 8 + 4];
                      nestor_c0_0 += nestor_a[nestor_k * 6 + 0] * nestor_b0; nestor_c0_1 += nestor_a[nestor_k * 6 + 0] * nestor_b1;
                      nestor_c1_0 += nestor_a[nestor_k * 6 + 1] * nestor_b0; nestor_c1_1 += nestor_a[nestor_k * 6 + 1] * nestor_b1;
                      nestor_c2_0 += nestor_a[nestor_k * 6 + 2] * nestor_b0; nestor_c2_1 += nestor_a[nestor_k * 6 + 2] * nestor_b1;
                      nestor_c3_0 += nestor_a[nestor_k * 6 + 3] * nestor_b0; nestor_c3_1 += nestor_a[nestor_k * 6 + 3] * nestor_b1;
                      nestor_c4_0 += nestor_a[nestor_k * 6 + 4] * nestor_b0; nestor_c4_1 += nestor_a[nestor_k * 6 + 4] * nestor_b1;
                      nestor_c5_0 += nestor_a[nestor_k * 6 + 5] * nestor_b0; nestor_c5_1 += nestor_a[nestor_k * 6 + 5] * nestor_b1;
                    }
                    *(nestor_v *)&C[(nestor_i + 0)][(nestor_j + 0)] = nestor_c0_0; *(nestor_v *)&C[(nestor_i + 0)][(nestor_j + 4)] = nestor_c0_1;
                    *(nestor_v *)&C[(nestor_i + 1)][(nestor_j + 0)] = nestor_c1_0; *(nestor_v *)&C[(nestor_i + 1)][(nestor_j + 4)] = nestor_c1_1;
                    *(nestor_v *)&C[(nestor_i + 2)][(nestor_j + 0)] = nestor_c2_0; *(nestor_v *)&C[(nestor_i + 2)][(nestor_j + 4)] = nestor_c2_1;
                    *(nestor_v *)&C[(nestor_i + 3)][(nestor_j + 0)] = nestor_c3_0; *(nestor_v *)&C[(nestor_i + 3)][(nestor_j + 4)] = nestor_c3_1;
                    *(nestor_v *)&C[(nestor_i + 4)][(nestor_j + 0)] = nestor_c4_0; *(nestor_v *)&C[(nestor_i + 4)][(nestor_j + 4)] = nestor_c4_1;
                    *(nestor_v *)&C[(nestor_i + 5)][(nestor_j + 0)] = nestor_c5_0; *(nestor_v *)&C[(nestor_i + 5)][(nestor_j + 4)] = nestor_c5_1;
                  } else {
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                      for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                        DATA_TYPE nestor_c = C[(nestor_i + nestor_r)][(nestor_j + nestor_s)];
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          nestor_c += nestor_a[nestor_k * 6 + nestor_r] * nestor_b[nestor_k * 8 + nestor_s];
                        C[(nestor_i + nestor_r)][(nestor_j + nestor_s)] = nestor_c;
                      }
                  }
                }
              __builtin_free(nestor_pa);
            } else {
              for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                  for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                    C[(nestor_i)][(nestor_j)] += alpha * A[(nestor_i)][(nestor_k)] * B[(nestor_k)][(nestor_j)];
            }
          }
        }
      }
      __builtin_free(nestor_pb);
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
