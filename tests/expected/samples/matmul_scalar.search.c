exit 0
/* Matrix product A = B * C accumulated in a scalar t per output element, plain C with VLA parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef NI
#define NI 60
#endif
#ifndef NJ
#define NJ 70
#endif
#ifndef NK
#define NK 80
#endif

static void matmul(int n, int m, int p, double A[n][m], double B[n][p], double C[p][m])
{
  double t;
  if (__builtin_expect(((unsigned long long)A + (unsigned long long)((long long)n - 1) * sizeof A[0] + (unsigned long long)m * sizeof A[0][0] <= (unsigned long long)B || (unsigned long long)B + (unsigned long long)((long long)n - 1) * sizeof B[0] + (unsigned long long)p * sizeof B[0][0] <= (unsigned long long)A)
      && ((unsigned long long)A + (unsigned long long)((long long)n - 1) * sizeof A[0] + (unsigned long long)m * sizeof A[0][0] <= (unsigned long long)C || (unsigned long long)C + (unsigned long long)((long long)p - 1) * sizeof C[0] + (unsigned long long)m * sizeof C[0][0] <= (unsigned long long)A), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        A[i][j] = 0;
      }
    }
    if (m >= 1 && n >= 1 && p >= 1) {
      typedef double nestor_v __attribute__((vector_size(4 * sizeof(double)), aligned(sizeof(double))));
      long long nestor_kmax = ((long long)p - 1) - 0 + 1 < 256 ? ((long long)p - 1) - 0 + 1 : 256;
      long long nestor_nmax = ((long long)m - 1) - 0 + 1 < 512 ? ((long long)m - 1) - 0 + 1 : 512;
      long long nestor_mmax = ((long long)n - 1) - 0 + 1 < 96 ? ((long long)n - 1) - 0 + 1 : 96;
      double *nestor_pb = (double *)__builtin_malloc(sizeof(double) * nestor_kmax * ((nestor_nmax + 8 - 1) / 8 * 8));
      for (long long nestor_jc = 0; nestor_jc <= ((long long)m - 1); nestor_jc += 512) {
        long long nestor_jn = ((long long)m - 1) - nestor_jc + 1 < 512 ? ((long long)m - 1) - nestor_jc + 1 : 512;
        for (long long nestor_pc = 0; nestor_pc <= ((long long)p - 1); nestor_pc += 256) {
          long long nestor_kn = ((long long)p - 1) - nestor_pc + 1 < 256 ? ((long long)p - 1) - nestor_pc + 1 : 256;
          if (nestor_pb)
            for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8) {
              long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
              for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                  nestor_pb[nestor_jr * nestor_kn + nestor_k * 8 + nestor_s] = C[(nestor_pc + nestor_k)][(nestor_jc + nestor_jr + nestor_s)];
            }
          #ifdef _OPENMP
          #pragma omp parallel for
          #endif
          for (long long nestor_ic = 0; nestor_ic <= ((long long)n - 1); nestor_ic += 96) {
            long long nestor_in = ((long long)n - 1) - nestor_ic + 1 < 96 ? ((long long)n - 1) - nestor_ic + 1 : 96;
            double *nestor_pa = nestor_pb ? (double *)__builtin_malloc(sizeof(double) * nestor_kmax * ((nestor_mmax + 6 - 1) / 6 * 6)) : 0;
            if (nestor_pa) {
              for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                  for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                    nestor_pa[nestor_ir * nestor_kn + nestor_k * 6 + nestor_r] = B[(nestor_ic + nestor_ir + nestor_r)][(nestor_pc + nestor_k)];
              }
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += 8)
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 6) {
                  long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                  long long nestor_h = nestor_in - nestor_ir < 6 ? nestor_in - nestor_ir : 6;
                  long long nestor_w = nestor_jn - nestor_jr < 8 ? nestor_jn - nestor_jr : 8;
                  const double *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                  const double *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                  if (nestor_h == 6 && nestor_w == 8) {
                    nestor_v nestor_c0_0 = *(const nestor_v *)&A[(nestor_i + 0)][(nestor_j + 0)], nestor_c0_1 = *(const nestor_v *)&A[(nestor_i + 0)][(nestor_j + 4)];
                    nestor_v nestor_c1_0 = *(const nestor_v *)&A[(nestor_i + 1)][(nestor_j + 0)], nestor_c1_1 = *(const nestor_v *)&A[(nestor_i + 1)][(nestor_j + 4)];
                    nestor_v nestor_c2_0 = *(const nestor_v *)&A[(nestor_i + 2)][(nestor_j + 0)], nestor_c2_1 = *(const nestor_v *)&A[(nestor_i + 2)][(nestor_j + 4)];
                    nestor_v nestor_c3_0 = *(const nestor_v *)&A[(nestor_i + 3)][(nestor_j + 0)], nestor_c3_1 = *(const nestor_v *)&A[(nestor_i + 3)][(nestor_j + 4)];
                    nestor_v nestor_c4_0 = *(const nestor_v *)&A[(nestor_i + 4)][(nestor_j + 0)], nestor_c4_1 = *(const nestor_v *)&A[(nestor_i + 4)][(nestor_j + 4)];
                    nestor_v nestor_c5_0 = *(const nestor_v *)&A[(nestor_i + 5)][(nestor_j + 0)], nestor_c5_1 = *(const nestor_v *)&A[(nestor_i + 5)][(nestor_j + 4)];
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
                    *(nestor_v *)&A[(nestor_i + 0)][(nestor_j + 0)] = nestor_c0_0; *(nestor_v *)&A[(nestor_i + 0)][(nestor_j + 4)] = nestor_c0_1;
                    *(nestor_v *)&A[(nestor_i + 1)][(nestor_j + 0)] = nestor_c1_0; *(nestor_v *)&A[(nestor_i + 1)][(nestor_j + 4)] = nestor_c1_1;
                    *(nestor_v *)&A[(nestor_i + 2)][(nestor_j + 0)] = nestor_c2_0; *(nestor_v *)&A[(nestor_i + 2)][(nestor_j + 4)] = nestor_c2_1;
                    *(nestor_v *)&A[(nestor_i + 3)][(nestor_j + 0)] = nestor_c3_0; *(nestor_v *)&A[(nestor_i + 3)][(nestor_j + 4)] = nestor_c3_1;
                    *(nestor_v *)&A[(nestor_i + 4)][(nestor_j + 0)] = nestor_c4_0; *(nestor_v *)&A[(nestor_i + 4)][(nestor_j + 4)] = nestor_c4_1;
                    *(nestor_v *)&A[(nestor_i + 5)][(nestor_j + 0)] = nestor_c5_0; *(nestor_v *)&A[(nestor_i + 5)][(nestor_j + 4)] = nestor_c5_1;
                  } else {
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                      for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                        double nestor_c = A[(nestor_i + nestor_r)][(nestor_j + nestor_s)];
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          nestor_c += nestor_a[nestor_k * 6 + nestor_r] * nestor_b[nestor_k * 8 + nestor_s];
                        A[(nestor_i + nestor_r)][(nestor_j + nestor_s)] = nestor_c;
                      }
                  }
                }
              __builtin_free(nestor_pa);
            } else {
              for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                  for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                    A[(nestor_i)][(nestor_j)] += B[(nestor_i)][(nestor_k)] * C[(nestor_k)][(nestor_j)];
            }
          }
        }
      }
      __builtin_free(nestor_pb);
    }
  } else {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = 0;
      for (int k = 0; k < p; k++)
        t += B[i][k] * C[k][j];
      A[i][j] = t;
    }
  }
}

/* Kernel wall time on stderr, for bench/run.py (stdout carries only the checksums). */
static struct timespec nestor_timer_t0;

static void nestor_timer_start(void)
{
  clock_gettime(CLOCK_MONOTONIC, &nestor_timer_t0);
}

static void nestor_timer_stop_print(void)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n",
          (double)(t1.tv_sec - nestor_timer_t0.tv_sec)
              + 1e-9 * (double)(t1.tv_nsec - nestor_timer_t0.tv_nsec));
}

static unsigned long long mix(unsigned long long h, double v)
{
  union { double d; unsigned long long u; } bits;
  bits.d = v;
  return (h ^ bits.u) * 1099511628211ULL;
}

static double A[NI][NJ], B[NI][NK], C[NK][NJ];

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < NI; i++) {
    for (int k = 0; k < NK; k++) {
      B[i][k] = (double)((i * k + 1) % NI) / NI;
    }
  }
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int k = 0; k < NK; k++) {
    for (int j = 0; j < NJ; j++) {
      C[k][j] = (double)((k * (j + 2) + 5) % NJ) / NJ;
    }
  }
  nestor_timer_start();
  matmul(NI, NJ, NK, A, B, C);
  nestor_timer_stop_print();
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      h = mix(h, A[i][j]);
  printf("A %016llx\n", h);
  return 0;
}
