exit 0
/* A matrix product over flat `double` buffers with `size_t` counters, the commonest
 * loop of real C code; the product runs twice, the second time with its output
 * overlapping an input (the run-time test must pick the code as written). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef LARGE
#define N 1024
#else
#define N 40
#endif

/* nestor: a full register tile of the packed product kernel of `S1` in `matmul` (5 x 8 cells, 5 x 16 where the compiler targets AVX-512). */
#if defined(__AVX512F__)
enum { nestor_tile_454_S1_lanes = 8 };
#else
enum { nestor_tile_454_S1_lanes = 4 };
#endif
static __attribute__((noinline)) void nestor_tile_454_S1(long long kn, const double *a, const double *b, double *c0, double *c1, double *c2, double *c3, double *c4)
{
  typedef double v __attribute__((vector_size(nestor_tile_454_S1_lanes * sizeof(double)), aligned(sizeof(double))));
  v x0_0 = *(const v *)(c0 + 0 * nestor_tile_454_S1_lanes), x0_1 = *(const v *)(c0 + 1 * nestor_tile_454_S1_lanes);
  v x1_0 = *(const v *)(c1 + 0 * nestor_tile_454_S1_lanes), x1_1 = *(const v *)(c1 + 1 * nestor_tile_454_S1_lanes);
  v x2_0 = *(const v *)(c2 + 0 * nestor_tile_454_S1_lanes), x2_1 = *(const v *)(c2 + 1 * nestor_tile_454_S1_lanes);
  v x3_0 = *(const v *)(c3 + 0 * nestor_tile_454_S1_lanes), x3_1 = *(const v *)(c3 + 1 * nestor_tile_454_S1_lanes);
  v x4_0 = *(const v *)(c4 + 0 * nestor_tile_454_S1_lanes), x4_1 = *(const v *)(c4 + 1 * nestor_tile_454_S1_lanes);
  for (long long k = 0; k < kn; k++) {
    v b0 = *(const v *)&b[k * 2 * nestor_tile_454_S1_lanes + 0 * nestor_tile_454_S1_lanes];
    v b1 = *(const v *)&b[k * 2 * nestor_tile_454_S1_lanes + 1 * nestor_tile_454_S1_lanes];
    x0_0 += a[k * 5 + 0] * b0; x0_1 += a[k * 5 + 0] * b1;
    x1_0 += a[k * 5 + 1] * b0; x1_1 += a[k * 5 + 1] * b1;
    x2_0 += a[k * 5 + 2] * b0; x2_1 += a[k * 5 + 2] * b1;
    x3_0 += a[k * 5 + 3] * b0; x3_1 += a[k * 5 + 3] * b1;
    x4_0 += a[k * 5 + 4] * b0; x4_1 += a[k * 5 + 4] * b1;
  }
  *(v *)(c0 + 0 * nestor_tile_454_S1_lanes) = x0_0; *(v *)(c0 + 1 * nestor_tile_454_S1_lanes) = x0_1;
  *(v *)(c1 + 0 * nestor_tile_454_S1_lanes) = x1_0; *(v *)(c1 + 1 * nestor_tile_454_S1_lanes) = x1_1;
  *(v *)(c2 + 0 * nestor_tile_454_S1_lanes) = x2_0; *(v *)(c2 + 1 * nestor_tile_454_S1_lanes) = x2_1;
  *(v *)(c3 + 0 * nestor_tile_454_S1_lanes) = x3_0; *(v *)(c3 + 1 * nestor_tile_454_S1_lanes) = x3_1;
  *(v *)(c4 + 0 * nestor_tile_454_S1_lanes) = x4_0; *(v *)(c4 + 1 * nestor_tile_454_S1_lanes) = x4_1;
}

static void matmul(double *c, const double *a, const double *b, size_t n)
{
  if (__builtin_expect((n <= 0x4000000000000000)
      && ((n <= 1073741823))
      && (((unsigned long long)c + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof c[0] + (unsigned long long)n * sizeof c[0] <= (unsigned long long)a || (unsigned long long)a + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof a[0] + (unsigned long long)n * sizeof a[0] <= (unsigned long long)c)
      && ((unsigned long long)c + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof c[0] + (unsigned long long)n * sizeof c[0] <= (unsigned long long)b || (unsigned long long)b + (unsigned long long)((long long)n - 1) * (unsigned long long)(n) * sizeof b[0] + (unsigned long long)n * sizeof b[0] <= (unsigned long long)c)), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (long long c0 = 0; c0 < n; c0++) {
      for (size_t j = 0; j < n; j++) {
        c[((unsigned long)c0) * n + j] = 0.0;
      }
    }
    if (n >= 1) {
      long long nestor_kmax = ((long long)n - 1) - 0 + 1 < 256 ? ((long long)n - 1) - 0 + 1 : 256;
      long long nestor_nmax = ((long long)n - 1) - 0 + 1 < 2048 ? ((long long)n - 1) - 0 + 1 : 2048;
      long long nestor_mmax = ((long long)n - 1) - 0 + 1 < 100 ? ((long long)n - 1) - 0 + 1 : 100;
      char *nestor_pb_block = (char *)__builtin_malloc(sizeof(double) * nestor_kmax * ((nestor_nmax + (2 * nestor_tile_454_S1_lanes) - 1) / (2 * nestor_tile_454_S1_lanes) * (2 * nestor_tile_454_S1_lanes)) + 64);
      double *nestor_pb = nestor_pb_block ? (double *)(nestor_pb_block + (64 - (unsigned long long)nestor_pb_block % 64) % 64) : 0;
      #ifdef _OPENMP
      #pragma omp parallel
      #endif
      {
        char *nestor_pa_block = nestor_pb ? (char *)__builtin_malloc(sizeof(double) * nestor_kmax * ((nestor_mmax + 5 - 1) / 5 * 5) + 64) : 0;
        double *nestor_pa = nestor_pa_block ? (double *)(nestor_pa_block + (64 - (unsigned long long)nestor_pa_block % 64) % 64) : 0;
        long long nestor_mc = 100;
        #ifdef _OPENMP
        {
          extern int omp_get_num_threads(void);
          long long nestor_share = (((long long)n - 1) - 0 + omp_get_num_threads()) / omp_get_num_threads();
          nestor_share = (nestor_share + 5 - 1) / 5 * 5;
          if (nestor_share < nestor_mc)
            nestor_mc = nestor_share;
        }
        #endif
        for (long long nestor_jc = 0; nestor_jc <= ((long long)n - 1); nestor_jc += 2048) {
          long long nestor_jn = ((long long)n - 1) - nestor_jc + 1 < 2048 ? ((long long)n - 1) - nestor_jc + 1 : 2048;
          for (long long nestor_pc = 0; nestor_pc <= ((long long)n - 1); nestor_pc += 256) {
            long long nestor_kn = ((long long)n - 1) - nestor_pc + 1 < 256 ? ((long long)n - 1) - nestor_pc + 1 : 256;
            if (nestor_pb) {
              #ifdef _OPENMP
              #pragma omp for
              #endif
              for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += (2 * nestor_tile_454_S1_lanes)) {
                long long nestor_w = nestor_jn - nestor_jr < (2 * nestor_tile_454_S1_lanes) ? nestor_jn - nestor_jr : (2 * nestor_tile_454_S1_lanes);
                for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                  for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                    nestor_pb[nestor_jr * nestor_kn + nestor_k * (2 * nestor_tile_454_S1_lanes) + nestor_s] = b[(nestor_pc + nestor_k) * n + (nestor_jc + nestor_jr + nestor_s)];
                    __extension__ _Static_assert(__builtin_types_compatible_p(__typeof__(b[(nestor_pc + nestor_k) * n + (nestor_jc + nestor_jr + nestor_s)]), double), "nestor read this element type as double");
                  }
              }
            }
            #ifdef _OPENMP
            #pragma omp for
            #endif
            for (long long nestor_ic = 0; nestor_ic <= ((long long)n - 1); nestor_ic += nestor_mc) {
              long long nestor_in = ((long long)n - 1) - nestor_ic + 1 < nestor_mc ? ((long long)n - 1) - nestor_ic + 1 : nestor_mc;
              if (nestor_pa) {
                for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 5) {
                  long long nestor_h = nestor_in - nestor_ir < 5 ? nestor_in - nestor_ir : 5;
                  for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                    for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++) {
                      nestor_pa[nestor_ir * nestor_kn + nestor_k * 5 + nestor_r] = a[(nestor_ic + nestor_ir + nestor_r) * n + (nestor_pc + nestor_k)];
                      __extension__ _Static_assert(__builtin_types_compatible_p(__typeof__(a[(nestor_ic + nestor_ir + nestor_r) * n + (nestor_pc + nestor_k)]), double), "nestor read this element type as double");
                    }
                }
                for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += (2 * nestor_tile_454_S1_lanes))
                  for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += 5) {
                    long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                    long long nestor_h = nestor_in - nestor_ir < 5 ? nestor_in - nestor_ir : 5;
                    long long nestor_w = nestor_jn - nestor_jr < (2 * nestor_tile_454_S1_lanes) ? nestor_jn - nestor_jr : (2 * nestor_tile_454_S1_lanes);
                    const double *nestor_a = nestor_pa + nestor_ir * nestor_kn;
                    const double *nestor_b = nestor_pb + nestor_jr * nestor_kn;
                    if (nestor_h == 5 && nestor_w == (2 * nestor_tile_454_S1_lanes)) {
                      __extension__ _Static_assert(__builtin_types_compatible_p(__typeof__(c[(nestor_i + 0) * n + (nestor_j)]), double), "nestor read this element type as double");
                      nestor_tile_454_S1(nestor_kn, nestor_a, nestor_b, &c[(nestor_i + 0) * n + (nestor_j)], &c[(nestor_i + 1) * n + (nestor_j)], &c[(nestor_i + 2) * n + (nestor_j)], &c[(nestor_i + 3) * n + (nestor_j)], &c[(nestor_i + 4) * n + (nestor_j)]);
                    } else {
                      double nestor_c[5][(2 * nestor_tile_454_S1_lanes)];
                      long long nestor_inside = 0;
                      for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                        for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                          nestor_c[nestor_r][nestor_s] = 0;
                          {
                            nestor_c[nestor_r][nestor_s] = c[(nestor_i + nestor_r) * n + (nestor_j + nestor_s)];
                            nestor_inside++;
                          }
                        }
                      if (nestor_inside)
                        for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                          for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                            for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                              nestor_c[nestor_r][nestor_s] += nestor_a[nestor_k * 5 + nestor_r] * nestor_b[nestor_k * (2 * nestor_tile_454_S1_lanes) + nestor_s];
                      for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                        for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                          c[(nestor_i + nestor_r) * n + (nestor_j + nestor_s)] = nestor_c[nestor_r][nestor_s];
                    }
                  }
              } else {
                for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
                  for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                    for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                      c[(nestor_i) * n + (nestor_j)] += a[(nestor_i) * n + (nestor_k)] * b[(nestor_k) * n + (nestor_j)];
              }
            }
          }
        }
        __builtin_free(nestor_pa_block);
      }
      __builtin_free(nestor_pb_block);
    }
  } else {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      c[i * n + j] = 0.0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      for (size_t k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
  }
}

int main(void)
{
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N);
  if (!a || !b || !c)
    return 1;
  for (size_t i = 0; i < (size_t)N * N; i++) {
    a[i] = (double)((i * 7) % 13) / 13;
    b[i] = (double)((i * 5) % 11) / 11;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  matmul(c, a, b, N);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  matmul(b, a, b, N / 2);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n",
            (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  unsigned long long h = 1469598103934665603ULL;
  for (size_t i = 0; i < (size_t)N * N; i++) {
    union { double d; unsigned long long u; } x = {c[i]}, y = {b[i]};
    h = ((h ^ x.u) * 1099511628211ULL ^ y.u) * 1099511628211ULL;
  }
  printf("%llu\n", h);
  return 0;
}
