exit 0
/* Three matrix products: E = A * B, F = C * D, G = E * F (3mm style), PolyBench style. */
#include "polybench_lite.h"

#ifndef NI
#define NI 40
#endif
#ifndef NJ
#define NJ 45
#endif
#ifndef NK
#define NK 50
#endif
#ifndef NL
#define NL 55
#endif
#ifndef NM
#define NM 60
#endif
#define _PB_NI ni
#define _PB_NJ nj
#define _PB_NK nk
#define _PB_NL nl
#define _PB_NM nm

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE POLYBENCH_2D(E, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(F, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NM, nj, nm),
                       DATA_TYPE POLYBENCH_2D(D, NM, NL, nm, nl),
                       DATA_TYPE POLYBENCH_2D(G, NI, NL, ni, nl))
{
  int i, j, k;
#pragma scop
  /* E := A * B */
  if (__builtin_expect(((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)E)
      && ((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)E)
      && ((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)_PB_NJ - 1) * sizeof C[0] + (unsigned long long)_PB_NM * sizeof C[0][0] <= (unsigned long long)E)
      && ((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)D || (unsigned long long)D + (unsigned long long)((long long)_PB_NM - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)E)
      && ((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)F || (unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)E)
      && ((unsigned long long)E + (unsigned long long)((long long)_PB_NI - 1) * sizeof E[0] + (unsigned long long)_PB_NJ * sizeof E[0][0] <= (unsigned long long)G || (unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)E)
      && ((unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)F)
      && ((unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)F)
      && ((unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)_PB_NJ - 1) * sizeof C[0] + (unsigned long long)_PB_NM * sizeof C[0][0] <= (unsigned long long)F)
      && ((unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)D || (unsigned long long)D + (unsigned long long)((long long)_PB_NM - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)F)
      && ((unsigned long long)F + (unsigned long long)((long long)_PB_NJ - 1) * sizeof F[0] + (unsigned long long)_PB_NL * sizeof F[0][0] <= (unsigned long long)G || (unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)F)
      && ((unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)A || (unsigned long long)A + (unsigned long long)((long long)_PB_NI - 1) * sizeof A[0] + (unsigned long long)_PB_NK * sizeof A[0][0] <= (unsigned long long)G)
      && ((unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)_PB_NK - 1) * sizeof B[0] + (unsigned long long)_PB_NJ * sizeof B[0][0] <= (unsigned long long)G)
      && ((unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)_PB_NJ - 1) * sizeof C[0] + (unsigned long long)_PB_NM * sizeof C[0][0] <= (unsigned long long)G)
      && ((unsigned long long)G + (unsigned long long)((long long)_PB_NI - 1) * sizeof G[0] + (unsigned long long)_PB_NL * sizeof G[0][0] <= (unsigned long long)D || (unsigned long long)D + (unsigned long long)((long long)_PB_NM - 1) * sizeof D[0] + (unsigned long long)_PB_NL * sizeof D[0][0] <= (unsigned long long)G), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NI; i++) {
      for (j = 0; j < _PB_NJ; j++) {
        E[i][j] = SCALAR_VAL(0.0);
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
                    nestor_pa[nestor_ir * nestor_kn + nestor_k * 6 + nestor_r] = A[(nestor_ic + nestor_ir + nestor_r)][(nestor_pc + nestor_k)];
              }
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8)
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                  long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                  long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                  long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
                  const DATA_TYPE *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                  const DATA_TYPE *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                  if (nestor_h == 6 && nestor_w == 8) {
                    nestor_v nestor_c0_0 = *(const nestor_v *)&E[(nestor_i + 0)][(nestor_j + 0)], nestor_c0_1 = *(const nestor_v *)&E[(nestor_i + 0)][(nestor_j + 4)];
                    nestor_v nestor_c1_0 = *(const nestor_v *)&E[(nestor_i + 1)][(nestor_j + 0)], nestor_c1_1 = *(const nestor_v *)&E[(nestor_i + 1)][(nestor_j + 4)];
                    nestor_v nestor_c2_0 = *(const nestor_v *)&E[(nestor_i + 2)][(nestor_j + 0)], nestor_c2_1 = *(const nestor_v *)&E[(nestor_i + 2)][(nestor_j + 4)];
                    nestor_v nestor_c3_0 = *(const nestor_v *)&E[(nestor_i + 3)][(nestor_j + 0)], nestor_c3_1 = *(const nestor_v *)&E[(nestor_i + 3)][(nestor_j + 4)];
                    nestor_v nestor_c4_0 = *(const nestor_v *)&E[(nestor_i + 4)][(nestor_j + 0)], nestor_c4_1 = *(const nestor_v *)&E[(nestor_i + 4)][(nestor_j + 4)];
                    nestor_v nestor_c5_0 = *(const nestor_v *)&E[(nestor_i + 5)][(nestor_j + 0)], nestor_c5_1 = *(const nestor_v *)&E[(nestor_i + 5)][(nestor_j + 4)];
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
                    *(nestor_v *)&E[(nestor_i + 0)][(nestor_j + 0)] = nestor_c0_0; *(nestor_v *)&E[(nestor_i + 0)][(nestor_j + 4)] = nestor_c0_1;
                    *(nestor_v *)&E[(nestor_i + 1)][(nestor_j + 0)] = nestor_c1_0; *(nestor_v *)&E[(nestor_i + 1)][(nestor_j + 4)] = nestor_c1_1;
                    *(nestor_v *)&E[(nestor_i + 2)][(nestor_j + 0)] = nestor_c2_0; *(nestor_v *)&E[(nestor_i + 2)][(nestor_j + 4)] = nestor_c2_1;
                    *(nestor_v *)&E[(nestor_i + 3)][(nestor_j + 0)] = nestor_c3_0; *(nestor_v *)&E[(nestor_i + 3)][(nestor_j + 4)] = nestor_c3_1;
                    *(nestor_v *)&E[(nestor_i + 4)][(nestor_j + 0)] = nestor_c4_0; *(nestor_v *)&E[(nestor_i + 4)][(nestor_j + 4)] = nestor_c4_1;
                    *(nestor_v *)&E[(nestor_i + 5)][(nestor_j + 0)] = nestor_c5_0; *(nestor_v *)&E[(nestor_i + 5)][(nestor_j + 4)] = nestor_c5_1;
                  } else {
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                      for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                        DATA_TYPE nestor_c = E[(nestor_i + nestor_r)][(nestor_j + nestor_s)];
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          nestor_c += nestor_a[nestor_k * 6 + nestor_r] * nestor_b[nestor_k * 8 + nestor_s];
                        E[(nestor_i + nestor_r)][(nestor_j + nestor_s)] = nestor_c;
                      }
                  }
                }
              __builtin_free(nestor_pa);
            } else {
              for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                  for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                    E[(nestor_i)][(nestor_j)] += A[(nestor_i)][(nestor_k)] * B[(nestor_k)][(nestor_j)];
            }
          }
        }
      }
      __builtin_free(nestor_pb);
    }
    /* F := C * D */
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NJ; i++) {
      for (j = 0; j < _PB_NL; j++) {
        F[i][j] = SCALAR_VAL(0.0);
      }
    }
    if (_PB_NJ >= 1 && _PB_NL >= 1 && _PB_NM >= 1) {
      typedef DATA_TYPE nestor_v __attribute__((vector_size(4 * sizeof(DATA_TYPE)), aligned(sizeof(DATA_TYPE))));
      long long nestor_kmax = ((long long)_PB_NM - 1) - 0 + 1 < 256 ? ((long long)_PB_NM - 1) - 0 + 1 : 256;
      long long nestor_nmax = ((long long)_PB_NL - 1) - 0 + 1 < 512 ? ((long long)_PB_NL - 1) - 0 + 1 : 512;
      long long nestor_mmax = ((long long)_PB_NJ - 1) - 0 + 1 < 96 ? ((long long)_PB_NJ - 1) - 0 + 1 : 96;
      DATA_TYPE *nestor_pb = (DATA_TYPE *)__builtin_malloc(sizeof(DATA_TYPE) * nestor_kmax * ((nestor_nmax + 8 - 1) / 8 * 8));
      for (long long nestor_jc = 0; nestor_jc <= ((long long)_PB_NL - 1); nestor_jc += 512) {
        long long nestor_jn = ((long long)_PB_NL - 1) - nestor_jc + 1 < 512 ? ((long long)_PB_NL - 1) - nestor_jc + 1 : 512;
        for (long long nestor_pc = 0; nestor_pc <= ((long long)_PB_NM - 1); nestor_pc += 256) {
          long long nestor_kn = ((long long)_PB_NM - 1) - nestor_pc + 1 < 256 ? ((long long)_PB_NM - 1) - nestor_pc + 1 : 256;
          if (nestor_pb)
            for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8) {
              long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
              for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                  nestor_pb[nestor_jr * nestor_kn + nestor_k * 8 + nestor_s] = D[(nestor_pc + nestor_k)][(nestor_jc + nestor_jr + nestor_s)];
            }
          #ifdef _OPENMP
          #pragma omp parallel for
          #endif
          for (long long nestor_ic = 0; nestor_ic <= ((long long)_PB_NJ - 1); nestor_ic += 96) {
            long long nestor_in = ((long long)_PB_NJ - 1) - nestor_ic + 1 < 96 ? ((long long)_PB_NJ - 1) - nestor_ic + 1 : 96;
            DATA_TYPE *nestor_pa = nestor_pb ? (DATA_TYPE *)__builtin_malloc(sizeof(DATA_TYPE) * nestor_kmax * ((nestor_mmax + 6 - 1) / 6 * 6)) : 0;
            if (nestor_pa) {
              for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                  for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                    nestor_pa[nestor_ir * nestor_kn + nestor_k * 6 + nestor_r] = C[(nestor_ic + nestor_ir + nestor_r)][(nestor_pc + nestor_k)];
              }
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8)
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                  long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                  long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                  long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
                  const DATA_TYPE *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                  const DATA_TYPE *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                  if (nestor_h == 6 && nestor_w == 8) {
                    nestor_v nestor_c0_0 = *(const nestor_v *)&F[(nestor_i + 0)][(nestor_j + 0)], nestor_c0_1 = *(const nestor_v *)&F[(nestor_i + 0)][(nestor_j + 4)];
                    nestor_v nestor_c1_0 = *(const nestor_v *)&F[(nestor_i + 1)][(nestor_j + 0)], nestor_c1_1 = *(const nestor_v *)&F[(nestor_i + 1)][(nestor_j + 4)];
                    nestor_v nestor_c2_0 = *(const nestor_v *)&F[(nestor_i + 2)][(nestor_j + 0)], nestor_c2_1 = *(const nestor_v *)&F[(nestor_i + 2)][(nestor_j + 4)];
                    nestor_v nestor_c3_0 = *(const nestor_v *)&F[(nestor_i + 3)][(nestor_j + 0)], nestor_c3_1 = *(const nestor_v *)&F[(nestor_i + 3)][(nestor_j + 4)];
                    nestor_v nestor_c4_0 = *(const nestor_v *)&F[(nestor_i + 4)][(nestor_j + 0)], nestor_c4_1 = *(const nestor_v *)&F[(nestor_i + 4)][(nestor_j + 4)];
                    nestor_v nestor_c5_0 = *(const nestor_v *)&F[(nestor_i + 5)][(nestor_j + 0)], nestor_c5_1 = *(const nestor_v *)&F[(nestor_i + 5)][(nestor_j + 4)];
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
                    *(nestor_v *)&F[(nestor_i + 0)][(nestor_j + 0)] = nestor_c0_0; *(nestor_v *)&F[(nestor_i + 0)][(nestor_j + 4)] = nestor_c0_1;
                    *(nestor_v *)&F[(nestor_i + 1)][(nestor_j + 0)] = nestor_c1_0; *(nestor_v *)&F[(nestor_i + 1)][(nestor_j + 4)] = nestor_c1_1;
                    *(nestor_v *)&F[(nestor_i + 2)][(nestor_j + 0)] = nestor_c2_0; *(nestor_v *)&F[(nestor_i + 2)][(nestor_j + 4)] = nestor_c2_1;
                    *(nestor_v *)&F[(nestor_i + 3)][(nestor_j + 0)] = nestor_c3_0; *(nestor_v *)&F[(nestor_i + 3)][(nestor_j + 4)] = nestor_c3_1;
                    *(nestor_v *)&F[(nestor_i + 4)][(nestor_j + 0)] = nestor_c4_0; *(nestor_v *)&F[(nestor_i + 4)][(nestor_j + 4)] = nestor_c4_1;
                    *(nestor_v *)&F[(nestor_i + 5)][(nestor_j + 0)] = nestor_c5_0; *(nestor_v *)&F[(nestor_i + 5)][(nestor_j + 4)] = nestor_c5_1;
                  } else {
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                      for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                        DATA_TYPE nestor_c = F[(nestor_i + nestor_r)][(nestor_j + nestor_s)];
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          nestor_c += nestor_a[nestor_k * 6 + nestor_r] * nestor_b[nestor_k * 8 + nestor_s];
                        F[(nestor_i + nestor_r)][(nestor_j + nestor_s)] = nestor_c;
                      }
                  }
                }
              __builtin_free(nestor_pa);
            } else {
              for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                  for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                    F[(nestor_i)][(nestor_j)] += C[(nestor_i)][(nestor_k)] * D[(nestor_k)][(nestor_j)];
            }
          }
        }
      }
      __builtin_free(nestor_pb);
    }
    /* G := E * F */
    #ifdef _OPENMP
    #pragma omp parallel for private(j)
    #endif
    for (i = 0; i < _PB_NI; i++) {
      for (j = 0; j < _PB_NL; j++) {
        G[i][j] = SCALAR_VAL(0.0);
      }
    }
    if (_PB_NI >= 1 && _PB_NJ >= 1 && _PB_NL >= 1) {
      typedef DATA_TYPE nestor_v __attribute__((vector_size(4 * sizeof(DATA_TYPE)), aligned(sizeof(DATA_TYPE))));
      long long nestor_kmax = ((long long)_PB_NJ - 1) - 0 + 1 < 256 ? ((long long)_PB_NJ - 1) - 0 + 1 : 256;
      long long nestor_nmax = ((long long)_PB_NL - 1) - 0 + 1 < 512 ? ((long long)_PB_NL - 1) - 0 + 1 : 512;
      long long nestor_mmax = ((long long)_PB_NI - 1) - 0 + 1 < 96 ? ((long long)_PB_NI - 1) - 0 + 1 : 96;
      DATA_TYPE *nestor_pb = (DATA_TYPE *)__builtin_malloc(sizeof(DATA_TYPE) * nestor_kmax * ((nestor_nmax + 8 - 1) / 8 * 8));
      for (long long nestor_jc = 0; nestor_jc <= ((long long)_PB_NL - 1); nestor_jc += 512) {
        long long nestor_jn = ((long long)_PB_NL - 1) - nestor_jc + 1 < 512 ? ((long long)_PB_NL - 1) - nestor_jc + 1 : 512;
        for (long long nestor_pc = 0; nestor_pc <= ((long long)_PB_NJ - 1); nestor_pc += 256) {
          long long nestor_kn = ((long long)_PB_NJ - 1) - nestor_pc + 1 < 256 ? ((long long)_PB_NJ - 1) - nestor_pc + 1 : 256;
          if (nestor_pb)
            for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8) {
              long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
              for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                  nestor_pb[nestor_jr * nestor_kn + nestor_k * 8 + nestor_s] = F[(nestor_pc + nestor_k)][(nestor_jc + nestor_jr + nestor_s)];
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
                    nestor_pa[nestor_ir * nestor_kn + nestor_k * 6 + nestor_r] = E[(nestor_ic + nestor_ir + nestor_r)][(nestor_pc + nestor_k)];
              }
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8)
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                  long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                  long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                  long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
                  const DATA_TYPE *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                  const DATA_TYPE *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                  if (nestor_h == 6 && nestor_w == 8) {
                    nestor_v nestor_c0_0 = *(const nestor_v *)&G[(nestor_i + 0)][(nestor_j + 0)], nestor_c0_1 = *(const nestor_v *)&G[(nestor_i + 0)][(nestor_j + 4)];
                    nestor_v nestor_c1_0 = *(const nestor_v *)&G[(nestor_i + 1)][(nestor_j + 0)], nestor_c1_1 = *(const nestor_v *)&G[(nestor_i + 1)][(nestor_j + 4)];
                    nestor_v nestor_c2_0 = *(const nestor_v *)&G[(nestor_i + 2)][(nestor_j + 0)], nestor_c2_1 = *(const nestor_v *)&G[(nestor_i + 2)][(nestor_j + 4)];
                    nestor_v nestor_c3_0 = *(const nestor_v *)&G[(nestor_i + 3)][(nestor_j + 0)], nestor_c3_1 = *(const nestor_v *)&G[(nestor_i + 3)][(nestor_j + 4)];
                    nestor_v nestor_c4_0 = *(const nestor_v *)&G[(nestor_i + 4)][(nestor_j + 0)], nestor_c4_1 = *(const nestor_v *)&G[(nestor_i + 4)][(nestor_j + 4)];
                    nestor_v nestor_c5_0 = *(const nestor_v *)&G[(nestor_i + 5)][(nestor_j + 0)], nestor_c5_1 = *(const nestor_v *)&G[(nestor_i + 5)][(nestor_j + 4)];
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
                    *(nestor_v *)&G[(nestor_i + 0)][(nestor_j + 0)] = nestor_c0_0; *(nestor_v *)&G[(nestor_i + 0)][(nestor_j + 4)] = nestor_c0_1;
                    *(nestor_v *)&G[(nestor_i + 1)][(nestor_j + 0)] = nestor_c1_0; *(nestor_v *)&G[(nestor_i + 1)][(nestor_j + 4)] = nestor_c1_1;
                    *(nestor_v *)&G[(nestor_i + 2)][(nestor_j + 0)] = nestor_c2_0; *(nestor_v *)&G[(nestor_i + 2)][(nestor_j + 4)] = nestor_c2_1;
                    *(nestor_v *)&G[(nestor_i + 3)][(nestor_j + 0)] = nestor_c3_0; *(nestor_v *)&G[(nestor_i + 3)][(nestor_j + 4)] = nestor_c3_1;
                    *(nestor_v *)&G[(nestor_i + 4)][(nestor_j + 0)] = nestor_c4_0; *(nestor_v *)&G[(nestor_i + 4)][(nestor_j + 4)] = nestor_c4_1;
                    *(nestor_v *)&G[(nestor_i + 5)][(nestor_j + 0)] = nestor_c5_0; *(nestor_v *)&G[(nestor_i + 5)][(nestor_j + 4)] = nestor_c5_1;
                  } else {
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                      for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                        DATA_TYPE nestor_c = G[(nestor_i + nestor_r)][(nestor_j + nestor_s)];
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          nestor_c += nestor_a[nestor_k * 6 + nestor_r] * nestor_b[nestor_k * 8 + nestor_s];
                        G[(nestor_i + nestor_r)][(nestor_j + nestor_s)] = nestor_c;
                      }
                  }
                }
              __builtin_free(nestor_pa);
            } else {
              for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                  for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                    G[(nestor_i)][(nestor_j)] += E[(nestor_i)][(nestor_k)] * F[(nestor_k)][(nestor_j)];
            }
          }
        }
      }
      __builtin_free(nestor_pb);
    }
  } else {
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++) {
      E[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NK; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  /* F := C * D */
  for (i = 0; i < _PB_NJ; i++)
    for (j = 0; j < _PB_NL; j++) {
      F[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NM; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  /* G := E * F */
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NL; j++) {
      G[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NJ; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
  }
#pragma endscop
}

static DATA_TYPE E[NI][NJ], A[NI][NK], B[NK][NJ], F[NJ][NL], C[NJ][NM], D[NM][NL], G[NI][NL];

int main(void)
{
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / (5 * NI);
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NM; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3)) % NL) / (5 * NL);
  for (i = 0; i < NM; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % NK) / (5 * NK);
  nestor_timer_start();
  kernel_3mm(NI, NJ, NK, NL, NM, E, A, B, F, C, D, G);
  nestor_timer_stop_print();
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      checksum_add(E[i][j]);
  checksum_print("E");
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++)
      checksum_add(F[i][j]);
  checksum_print("F");
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++)
      checksum_add(G[i][j]);
  checksum_print("G");
  return 0;
}
