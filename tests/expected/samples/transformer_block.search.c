exit 0
/* One decoder step of a small transformer, as single-file inference engines write it:
 * flat float buffers behind pointers, `size_t` and `int` counters, RMS norm, a
 * matrix-vector product with a scalar accumulator under the source's own
 * `#pragma omp parallel for`, attention over per-head offset views of a key cache, and
 * a softmax with `expf`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef LARGE
#define DIM 2048
#define HIDDEN 5632
#define HEADS 16
#define SEQ 512
#else
#define DIM 64
#define HIDDEN 160
#define HEADS 4
#define SEQ 24
#endif

static void rmsnorm(float *o, const float *x, const float *weight, size_t size)
{
  float ss = 0.0f;
  for (size_t j = 0; j < size; j++)
    ss += x[j] * x[j];
  ss = 1.0f / sqrtf(ss / size + 1e-5f);
  for (size_t j = 0; j < size; j++)
    o[j] = weight[j] * (ss * x[j]);
}

static void matmul(float *xout, const float *x, const float *w, int n, int d)
{
  int i;
if (__builtin_expect(((unsigned long long)xout + (unsigned long long)d * sizeof xout[0] <= (unsigned long long)w || (unsigned long long)w + (unsigned long long)((long long)d - 1) * (unsigned long long)(n) * sizeof w[0] + (unsigned long long)n * sizeof w[0] <= (unsigned long long)xout)
      && ((unsigned long long)xout + (unsigned long long)d * sizeof xout[0] <= (unsigned long long)x || (unsigned long long)x + (unsigned long long)n * sizeof x[0] <= (unsigned long long)xout), 1)) {
    {
      if (d >= 1) {
        #ifdef _OPENMP
        #pragma omp parallel for
        #endif
        for (int c0 = 0; c0 < d / 8; c0++) {
          xout[8 * c0] = 0.0f;
          xout[8 * c0 + 1] = 0.0f;
          xout[8 * c0 + 2] = 0.0f;
          xout[8 * c0 + 3] = 0.0f;
          xout[8 * c0 + 4] = 0.0f;
          xout[8 * c0 + 5] = 0.0f;
          xout[8 * c0 + 6] = 0.0f;
          xout[8 * c0 + 7] = 0.0f;
          float xout_r0 = 0 < n ? xout[8 * c0] : 0;
          float xout_r1 = 0 < n ? xout[8 * c0 + 1] : 0;
          float xout_r2 = 0 < n ? xout[8 * c0 + 2] : 0;
          float xout_r3 = 0 < n ? xout[8 * c0 + 3] : 0;
          float xout_r4 = 0 < n ? xout[8 * c0 + 4] : 0;
          float xout_r5 = 0 < n ? xout[8 * c0 + 5] : 0;
          float xout_r6 = 0 < n ? xout[8 * c0 + 6] : 0;
          float xout_r7 = 0 < n ? xout[8 * c0 + 7] : 0;
          for (int j = 0; j < n; j++) {
            xout_r0 += w[(8 * c0) * n + j] * x[j];
            xout_r1 += w[(8 * c0 + 1) * n + j] * x[j];
            xout_r2 += w[(8 * c0 + 2) * n + j] * x[j];
            xout_r3 += w[(8 * c0 + 3) * n + j] * x[j];
            xout_r4 += w[(8 * c0 + 4) * n + j] * x[j];
            xout_r5 += w[(8 * c0 + 5) * n + j] * x[j];
            xout_r6 += w[(8 * c0 + 6) * n + j] * x[j];
            xout_r7 += w[(8 * c0 + 7) * n + j] * x[j];
          }
          if (0 < n) {
            xout[8 * c0] = xout_r0;
            xout[8 * c0 + 1] = xout_r1;
            xout[8 * c0 + 2] = xout_r2;
            xout[8 * c0 + 3] = xout_r3;
            xout[8 * c0 + 4] = xout_r4;
            xout[8 * c0 + 5] = xout_r5;
            xout[8 * c0 + 6] = xout_r6;
            xout[8 * c0 + 7] = xout_r7;
          }
        }
        for (int c1 = 0; c1 < d % 8; c1++) {
          xout[(long long)-(d % 8) + d + c1] = 0.0f;
        }
        for (int j = 0; j < n; j++) {
          for (int c2 = 0; c2 < d % 8; c2++) {
            xout[(long long)-(d % 8) + d + c2] += w[((int)((long long)-(d % 8) + d + c2)) * n + j] * x[j];
          }
        }
      }
    }
  } else {
  #pragma omp parallel for private(i)
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    xout[i] = val;
  }
  }
}

static void softmax(float *x, size_t size)
{
  float max_val = x[0];
  for (size_t i = 1; i < size; i++)
    max_val = fmaxf(max_val, x[i]);
  float sum = 0.0f;
  for (size_t i = 0; i < size; i++) {
    x[i] = expf(x[i] - max_val);
    sum += x[i];
  }
  for (size_t i = 0; i < size; i++)
    x[i] /= sum;
}

/* Scores of every head against the cached keys: each head's query and key rows are
 * offset views into the flat buffers. */
static void scores(float *att, const float *q, const float *keys, int heads, int head_size,
                   int seq, int dim)
{
  for (int h = 0; h < heads; h++) {
    const float *qh = q + h * head_size;
    for (int t = 0; t < seq; t++) {
      const float *k = keys + t * dim + h * head_size;
      float score = 0.0f;
      for (int i = 0; i < head_size; i++)
        score += qh[i] * k[i];
      att[h * seq + t] = score;
    }
  }
}

/* The attention-weighted sum of the cached values, per head. */
static void mix_values(float *out, const float *att, const float *values, int heads,
                       int head_size, int seq, int dim)
{
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int h = 0; h < heads; h++) {
    for (int i = 0; i < head_size; i++) {
      out[h * head_size + i] = 0.0f;
    }
  }
  for (int h = 0; h < heads; h++)
    for (int t = 0; t < seq; t++)
      for (int i = 0; i < head_size; i++)
        out[h * head_size + i] += att[h * seq + t] * values[t * dim + h * head_size + i];
}

static void residual(float *x, const float *xb, size_t dim)
{
  for (size_t i = 0; i < dim; i++)
    x[i] += xb[i];
}

/* Kernel wall time on stderr, for bench/ (stdout carries only the checksum). */
static double seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static unsigned long long mix(unsigned long long h, const float *v, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    union { float f; unsigned int u; } bits;
    bits.f = v[i];
    h = (h ^ bits.u) * 1099511628211ULL;
  }
  return h;
}

static float *filled(size_t n, int salt)
{
  float *p = malloc(n * sizeof *p);
  if (!p)
    exit(1);
  for (size_t i = 0; i < n; i++)
    p[i] = (float)((int)((i * 7 + (size_t)salt) % 23) - 11) / 23.0f;
  return p;
}

int main(void)
{
  const int head_size = DIM / HEADS;
  float *x = filled(DIM, 1), *xb = filled(DIM, 2), *wn = filled(DIM, 3);
  float *wq = filled((size_t)DIM * DIM, 4), *w1 = filled((size_t)HIDDEN * DIM, 5);
  float *w2 = filled((size_t)DIM * HIDDEN, 6), *q = filled(DIM, 7), *hb = filled(HIDDEN, 8);
  float *keys = filled((size_t)SEQ * DIM, 9), *values = filled((size_t)SEQ * DIM, 10);
  float *att = filled((size_t)HEADS * SEQ, 11);
  double t0 = seconds();
  for (int step = 0; step < 4; step++) {
    rmsnorm(xb, x, wn, DIM);
    matmul(q, xb, wq, DIM, DIM);
    scores(att, q, keys, HEADS, head_size, SEQ, DIM);
    for (int h = 0; h < HEADS; h++)
      softmax(att + h * SEQ, SEQ);
    mix_values(xb, att, values, HEADS, head_size, SEQ, DIM);
    residual(x, xb, DIM);
    rmsnorm(xb, x, wn, DIM);
    matmul(hb, xb, w1, DIM, HIDDEN);
    matmul(xb, hb, w2, HIDDEN, DIM);
    residual(x, xb, DIM);
  }
  double t1 = seconds();
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n", t1 - t0);
  unsigned long long h = 1469598103934665603ULL;
  h = mix(mix(mix(h, x, DIM), att, (size_t)HEADS * SEQ), hb, HIDDEN);
  printf("%llu\n", h);
  return 0;
}
