exit 0
/* A transformer-style layer over flat float buffers, as inference engines write it:
 * pointer parameters, a matrix-vector product with `w[i * n + j]`, and a scaling over
 * `(b * T + t) * C + c`. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef B_
#define B_ 4
#endif
#ifndef T_
#define T_ 64
#endif
#ifndef C_
#define C_ 96
#endif

static void matvec(float *out, const float *x, const float *w, int n, int d)
{
  if (__builtin_expect(((unsigned long long)out + (unsigned long long)d * sizeof out[0] <= (unsigned long long)w || (unsigned long long)w + (unsigned long long)((long long)d - 1) * (unsigned long long)(n) * sizeof w[0] + (unsigned long long)n * sizeof w[0] <= (unsigned long long)out)
      && ((unsigned long long)out + (unsigned long long)d * sizeof out[0] <= (unsigned long long)x || (unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)out), 1)) {
    if (d >= 1) {
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int c0 = 0; c0 < d / 8; c0++) {
        out[8 * c0] = 0.0f;
        out[8 * c0 + 1] = 0.0f;
        out[8 * c0 + 2] = 0.0f;
        out[8 * c0 + 3] = 0.0f;
        out[8 * c0 + 4] = 0.0f;
        out[8 * c0 + 5] = 0.0f;
        out[8 * c0 + 6] = 0.0f;
        out[8 * c0 + 7] = 0.0f;
        float out_r0 = 0 < n ? out[8 * c0] : 0;
        float out_r1 = 0 < n ? out[8 * c0 + 1] : 0;
        float out_r2 = 0 < n ? out[8 * c0 + 2] : 0;
        float out_r3 = 0 < n ? out[8 * c0 + 3] : 0;
        float out_r4 = 0 < n ? out[8 * c0 + 4] : 0;
        float out_r5 = 0 < n ? out[8 * c0 + 5] : 0;
        float out_r6 = 0 < n ? out[8 * c0 + 6] : 0;
        float out_r7 = 0 < n ? out[8 * c0 + 7] : 0;
        for (int j = 0; j < n; j++) {
          out_r0 += w[(8 * c0) * n + j] * x[j];
          out_r1 += w[(8 * c0 + 1) * n + j] * x[j];
          out_r2 += w[(8 * c0 + 2) * n + j] * x[j];
          out_r3 += w[(8 * c0 + 3) * n + j] * x[j];
          out_r4 += w[(8 * c0 + 4) * n + j] * x[j];
          out_r5 += w[(8 * c0 + 5) * n + j] * x[j];
          out_r6 += w[(8 * c0 + 6) * n + j] * x[j];
          out_r7 += w[(8 * c0 + 7) * n + j] * x[j];
        }
        if (0 < n) {
          out[8 * c0] = out_r0;
          out[8 * c0 + 1] = out_r1;
          out[8 * c0 + 2] = out_r2;
          out[8 * c0 + 3] = out_r3;
          out[8 * c0 + 4] = out_r4;
          out[8 * c0 + 5] = out_r5;
          out[8 * c0 + 6] = out_r6;
          out[8 * c0 + 7] = out_r7;
        }
      }
      for (int c1 = 0; c1 < d % 8; c1++) {
        out[(long long)-(d % 8) + d + c1] = 0.0f;
      }
      for (int j = 0; j < n; j++) {
        for (int c2 = 0; c2 < d % 8; c2++) {
          out[(long long)-(d % 8) + d + c2] += w[((int)((long long)-(d % 8) + d + c2)) * n + j] * x[j];
        }
      }
    }
  } else {
  for (int i = 0; i < d; i++) {
    out[i] = 0.0f;
    for (int j = 0; j < n; j++)
      out[i] += w[i * n + j] * x[j];
  }
  }
}

static void scale_rows(float *out, const float *inp, const float *gain, int B, int T, int C)
{
  if (__builtin_expect(((unsigned long long)out + (unsigned long long)((long long)B - 1) * (unsigned long long)(T) * (unsigned long long)(C) * sizeof out[0] + (unsigned long long)((long long)T - 1) * (unsigned long long)(C) * sizeof out[0] + (unsigned long long)C * sizeof out[0] <= (unsigned long long)gain || (unsigned long long)gain + (unsigned long long)C * sizeof gain[0] <= (unsigned long long)out)
      && ((unsigned long long)out + (unsigned long long)((long long)B - 1) * (unsigned long long)(T) * (unsigned long long)(C) * sizeof out[0] + (unsigned long long)((long long)T - 1) * (unsigned long long)(C) * sizeof out[0] + (unsigned long long)C * sizeof out[0] <= (unsigned long long)inp || (unsigned long long)inp + (unsigned long long)((long long)B - 1) * (unsigned long long)(T) * (unsigned long long)(C) * sizeof inp[0] + (unsigned long long)((long long)T - 1) * (unsigned long long)(C) * sizeof inp[0] + (unsigned long long)C * sizeof inp[0] <= (unsigned long long)out), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int b = 0; b < B; b++) {
      for (int t = 0; t < T; t++) {
        for (int c = 0; c < C; c++) {
          out[(b * T + t) * C + c] = inp[b * T * C + t * C + c] * gain[c];
        }
      }
    }
  } else {
  for (int c = 0; c < C; c++)
    for (int b = 0; b < B; b++)
      for (int t = 0; t < T; t++)
        out[(b * T + t) * C + c] = inp[b * T * C + t * C + c] * gain[c];
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

static unsigned long long mix(unsigned long long h, float v)
{
  union { float f; unsigned int u; } bits;
  bits.f = v;
  return (h ^ bits.u) * 1099511628211ULL;
}

static float W[C_ * C_], X[C_], Y[C_], IN[B_ * T_ * C_], OUT[B_ * T_ * C_], G[C_];

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < C_ * C_; i++)
    W[i] = (float)((i * 7 + 3) % 23) / 23;
  for (int i = 0; i < C_; i++) {
    X[i] = (float)((i * 5 + 1) % 19) / 19;
    G[i] = (float)((i * 3 + 2) % 11) / 11;
  }
  for (int i = 0; i < B_ * T_ * C_; i++)
    IN[i] = (float)((i * 13 + 7) % 29) / 29;
  nestor_timer_start();
  matvec(Y, X, W, C_, C_);
  scale_rows(OUT, IN, G, B_, T_, C_);
  /* In place: the run-time test must pick the code as written. */
  scale_rows(IN, IN, G, B_, T_, C_);
  nestor_timer_stop_print();
  for (int i = 0; i < C_; i++)
    h = mix(h, Y[i]);
  for (int i = 0; i < B_ * T_ * C_; i++)
    h = mix(mix(h, OUT[i]), IN[i]);
  printf("%llu\n", h);
  return 0;
}
