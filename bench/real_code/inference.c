/* Kernels as inference code writes them (issue 27): a product over flat float
   pointers (C[i * n + j]), a layer norm through offset views
   (const float *x = inp + b * T * C + t * C), a matrix-vector product with a scalar
   accumulator. Times on stderr; bench/real_code/run.sh compares the original, nestor
   and clang + Polly on it. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef N
#define N 1024
#endif
void gemm(int n, float *C, const float *A, const float *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}
void layernorm(float *out, const float *inp, const float *w, int Bn, int T, int Cn) {
  for (int b = 0; b < Bn; b++)
    for (int t = 0; t < T; t++) {
      const float *x = inp + b * T * Cn + t * Cn;
      float m = 0.0f;
      for (int i = 0; i < Cn; i++)
        m += x[i];
      m = m / Cn;
      float v = 0.0f;
      for (int i = 0; i < Cn; i++)
        v += (x[i] - m) * (x[i] - m);
      v = v / Cn;
      float *o = out + b * T * Cn + t * Cn;
      for (int i = 0; i < Cn; i++)
        o[i] = (x[i] - m) * v * w[i];
    }
}
void matvec(float *y, const float *x, const float *w, int n, int d) {
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    y[i] = val;
  }
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  int n = N;
  float *A = malloc(sizeof(float) * n * n), *B = malloc(sizeof(float) * n * n), *C = calloc((size_t)n * n, sizeof(float));
  for (int i = 0; i < n * n; i++) { A[i] = (float)((i * 7) % 13) / 13; B[i] = (float)((i * 5) % 11) / 11; }
  int Bn = 8, T = 256, Cn = 768;
  float *in = malloc(sizeof(float) * Bn * T * Cn), *out = malloc(sizeof(float) * Bn * T * Cn), *w = malloc(sizeof(float) * Cn);
  for (int i = 0; i < Bn * T * Cn; i++) in[i] = (float)((i * 3) % 17) / 17;
  for (int i = 0; i < Cn; i++) w[i] = (float)(i % 5) / 5;
  int d = 4096, m = 4096;
  float *W = malloc(sizeof(float) * d * m), *xv = malloc(sizeof(float) * m), *yv = malloc(sizeof(float) * d);
  for (int i = 0; i < d * m; i++) W[i] = (float)((i * 11) % 19) / 19;
  for (int i = 0; i < m; i++) xv[i] = (float)(i % 7) / 7;
  double t0 = now(); gemm(n, C, A, B); double t1 = now();
  for (int r = 0; r < 10; r++) layernorm(out, in, w, Bn, T, Cn);
  double t2 = now();
  for (int r = 0; r < 10; r++) matvec(yv, xv, W, m, d);
  double t3 = now();
  double s = 0; for (int i = 0; i < n * n; i++) s += C[i];
  for (int i = 0; i < Bn * T * Cn; i++) s += out[i];
  for (int i = 0; i < d; i++) s += yv[i];
  printf("%.6g\n", s);
  fprintf(stderr, "gemm %.3f layernorm %.3f matvec %.3f\n", t1 - t0, t2 - t1, t3 - t2);
  return 0;
}
