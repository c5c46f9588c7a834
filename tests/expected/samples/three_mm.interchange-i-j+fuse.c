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
    #pragma omp parallel for private(i)
    #endif
    for (j = 0; j < _PB_NJ; j++) {
      for (i = 0; i < _PB_NI; i++) {
        E[i][j] = SCALAR_VAL(0.0);
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(i, j, k)
    #endif
    for (int j_tile = 0; j_tile < ((long long)_PB_NJ + 127) / 128; j_tile++) {
      for (int i_tile = 0; 256 * i_tile < _PB_NI; i_tile++) {
        for (int k_tile = 0; 256 * k_tile < _PB_NK; k_tile++) {
          for (j = 128 * j_tile; j < _PB_NJ && j <= 128 * j_tile + 127; j++) {
            for (i = 256 * i_tile; i < _PB_NI && i <= 256 * i_tile + 255; i++) {
              for (k = 256 * k_tile; k <= (((long long)_PB_NK - 1) < (256 * k_tile + 255) ? ((long long)_PB_NK - 1) : (256 * k_tile + 255)); k++) {
                E[i][j] += A[i][k] * B[k][j];
              }
            }
          }
        }
      }
    }
    /* F := C * D */
    #ifdef _OPENMP
    #pragma omp parallel for private(i)
    #endif
    for (j = 0; j < _PB_NL; j++) {
      for (i = 0; i < _PB_NJ; i++) {
        F[i][j] = SCALAR_VAL(0.0);
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(i, j, k)
    #endif
    for (int j_tile = 0; j_tile < ((long long)_PB_NL + 127) / 128; j_tile++) {
      for (int i_tile = 0; 256 * i_tile < _PB_NJ; i_tile++) {
        for (int k_tile = 0; 256 * k_tile < _PB_NM; k_tile++) {
          for (j = 128 * j_tile; j < _PB_NL && j <= 128 * j_tile + 127; j++) {
            for (i = 256 * i_tile; i < _PB_NJ && i <= 256 * i_tile + 255; i++) {
              for (k = 256 * k_tile; k <= (((long long)_PB_NM - 1) < (256 * k_tile + 255) ? ((long long)_PB_NM - 1) : (256 * k_tile + 255)); k++) {
                F[i][j] += C[i][k] * D[k][j];
              }
            }
          }
        }
      }
    }
    /* G := E * F */
    #ifdef _OPENMP
    #pragma omp parallel for private(i)
    #endif
    for (j = 0; j < _PB_NL; j++) {
      for (i = 0; i < _PB_NI; i++) {
        G[i][j] = SCALAR_VAL(0.0);
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for private(i, j, k)
    #endif
    for (int j_tile = 0; j_tile < ((long long)_PB_NL + 127) / 128; j_tile++) {
      for (int i_tile = 0; 256 * i_tile < _PB_NI; i_tile++) {
        for (int k_tile = 0; 256 * k_tile < _PB_NJ; k_tile++) {
          for (j = 128 * j_tile; j < _PB_NL && j <= 128 * j_tile + 127; j++) {
            for (i = 256 * i_tile; i < _PB_NI && i <= 256 * i_tile + 255; i++) {
              for (k = 256 * k_tile; k <= (((long long)_PB_NJ - 1) < (256 * k_tile + 255) ? ((long long)_PB_NJ - 1) : (256 * k_tile + 255)); k++) {
                G[i][j] += E[i][k] * F[k][j];
              }
            }
          }
        }
      }
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
