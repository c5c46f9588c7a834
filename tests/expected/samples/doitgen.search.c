exit 0
/* Multiresolution kernel A[r][q][:] = A[r][q][:] * C4 through a temporary row sum[] reused for every (r, q) (doitgen style), PolyBench style. */
#include "polybench_lite.h"

#ifndef NR
#define NR 25
#endif
#ifndef NQ
#define NQ 20
#endif
#ifndef NP
#define NP 30
#endif
#define _PB_NR nr
#define _PB_NQ nq
#define _PB_NP np

static void kernel_doitgen(int nr, int nq, int np,
                           DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                           DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np),
                           DATA_TYPE POLYBENCH_1D(sum, NP, np))
{
  int r, q, p, s;
#pragma scop
  if (__builtin_expect(((unsigned long long)A + (unsigned long long)((long long)_PB_NR - 1) * sizeof A[0] + (unsigned long long)((long long)_PB_NQ - 1) * sizeof A[0][0] + (unsigned long long)_PB_NP * sizeof A[0][0][0] <= (unsigned long long)C4 || (unsigned long long)C4 + (unsigned long long)((long long)_PB_NP - 1) * sizeof C4[0] + (unsigned long long)_PB_NP * sizeof C4[0][0] <= (unsigned long long)A)
      && ((unsigned long long)A + (unsigned long long)((long long)_PB_NR - 1) * sizeof A[0] + (unsigned long long)((long long)_PB_NQ - 1) * sizeof A[0][0] + (unsigned long long)_PB_NP * sizeof A[0][0][0] <= (unsigned long long)sum || (unsigned long long)sum + (unsigned long long)_PB_NP * sizeof sum[0] <= (unsigned long long)A)
      && ((unsigned long long)sum + (unsigned long long)_PB_NP * sizeof sum[0] <= (unsigned long long)C4 || (unsigned long long)C4 + (unsigned long long)((long long)_PB_NP - 1) * sizeof C4[0] + (unsigned long long)_PB_NP * sizeof C4[0][0] <= (unsigned long long)sum), 1)) {
    {
      #ifdef _OPENMP
      DATA_TYPE (*sum_r_last) = 0;
      int sum_r_ran = 0;
      #endif
      #ifdef _OPENMP
      #pragma omp parallel
      #endif
      {
        #ifdef _OPENMP
        char *sum_r_memory = __builtin_malloc(sizeof(DATA_TYPE) * (unsigned long)((_PB_NP >= 1 && _PB_NQ >= 1 && _PB_NR >= 1 ? _PB_NP : 1)) + 63);
        if (!sum_r_memory) __builtin_abort();
        DATA_TYPE (*sum_r) = (DATA_TYPE (*))(((__UINTPTR_TYPE__)sum_r_memory + 63) & ~(__UINTPTR_TYPE__)63);
        #else
        DATA_TYPE (*sum_r) = sum;
        #endif
        #ifdef _OPENMP
        #pragma omp for private(p, q, s) lastprivate(sum_r_last)
        #endif
        for (r = 0; r < _PB_NR; r++) {
          #ifdef _OPENMP
          sum_r_last = sum_r;
          #pragma omp atomic write
          sum_r_ran = 1;
          #endif
          for (q = 0; q < _PB_NQ; q++) {
            for (p = 0; p < _PB_NP; p++) {
              sum_r[p] = SCALAR_VAL(0.0);
            }
            for (s = 0; s < _PB_NP; s++) {
              for (p = 0; p < _PB_NP; p++) {
                sum_r[p] += A[r][q][s] * C4[s][p];
              }
            }
            for (p = 0; p < _PB_NP; p++) {
              A[r][q][p] = sum_r[p];
            }
          }
        }
        #ifdef _OPENMP
        #pragma omp single
        {
          if (sum_r_ran && sum_r_last && _PB_NP >= 1 && _PB_NQ >= 1 && _PB_NR >= 1) {
            for (long long sum_r_last_c0 = 0; sum_r_last_c0 <= (long long)_PB_NP - 1; sum_r_last_c0++) {
              sum[sum_r_last_c0] = sum_r_last[sum_r_last_c0];
            }
          }
        }
        __builtin_free(sum_r_memory);
        #endif
      }
    }
  } else {
  for (r = 0; r < _PB_NR; r++)
    for (q = 0; q < _PB_NQ; q++) {
      for (p = 0; p < _PB_NP; p++) {
        sum[p] = SCALAR_VAL(0.0);
        for (s = 0; s < _PB_NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < _PB_NP; p++)
        A[r][q][p] = sum[p];
    }
  }
#pragma endscop
}

static DATA_TYPE A[NR][NQ][NP], C4[NP][NP], sum[NP];

int main(void)
{
  int r, q, p;
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++)
      for (p = 0; p < NP; p++)
        A[r][q][p] = (DATA_TYPE)((r * q + p) % NP) / NP;
  for (r = 0; r < NP; r++)
    for (p = 0; p < NP; p++)
      C4[r][p] = (DATA_TYPE)((r * p) % NP) / NP;
  nestor_timer_start();
  kernel_doitgen(NR, NQ, NP, A, C4, sum);
  nestor_timer_stop_print();
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++)
      for (p = 0; p < NP; p++)
        checksum_add(A[r][q][p]);
  checksum_print("A");
  for (p = 0; p < NP; p++)
    checksum_add(sum[p]);
  checksum_print("sum");
  return 0;
}
