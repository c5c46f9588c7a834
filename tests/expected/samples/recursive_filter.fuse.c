exit 4
/* Edge-preserving smoothing as image pipelines write it: a second-order recursive
   (IIR) filter run forward along each row, then down each column, its state kept in
   scalars that every loop reuses. Each pixel waits for the two before it, so a row
   written pixel by pixel runs at the latency of its multiply-adds; the rows (and the
   columns) are independent of each other. */
#include "polybench_lite.h"

#ifndef W
#define W 192
#endif
#ifndef H
#define H 160
#endif

static void smooth(int w, int h, float a0, float a1, float b1, float b2,
                   float img[W][H], float tmp[W][H], float out[W][H])
{
  float xm1, ym1, ym2;
  if (__builtin_expect(((unsigned long long)out + (unsigned long long)((long long)w - 1) * sizeof out[0] + (unsigned long long)h * sizeof out[0][0] <= (unsigned long long)img || (unsigned long long)img + (unsigned long long)((long long)w - 1) * sizeof img[0] + (unsigned long long)h * sizeof img[0][0] <= (unsigned long long)out)
      && ((unsigned long long)out + (unsigned long long)((long long)w - 1) * sizeof out[0] + (unsigned long long)h * sizeof out[0][0] <= (unsigned long long)tmp || (unsigned long long)tmp + (unsigned long long)((long long)w - 1) * sizeof tmp[0] + (unsigned long long)h * sizeof tmp[0][0] <= (unsigned long long)out)
      && ((unsigned long long)tmp + (unsigned long long)((long long)w - 1) * sizeof tmp[0] + (unsigned long long)h * sizeof tmp[0][0] <= (unsigned long long)img || (unsigned long long)img + (unsigned long long)((long long)w - 1) * sizeof img[0] + (unsigned long long)h * sizeof img[0][0] <= (unsigned long long)tmp), 1)) {
    float *xm1_j = __builtin_malloc(sizeof(float) * (unsigned long)(h > 0 ? h : 1));
    if (!xm1_j) __builtin_abort();
    float *ym1_j = __builtin_malloc(sizeof(float) * (unsigned long)(h > 0 ? h : 1));
    if (!ym1_j) __builtin_abort();
    float *ym2_j = __builtin_malloc(sizeof(float) * (unsigned long)(h > 0 ? h : 1));
    if (!ym2_j) __builtin_abort();
    float *xm1_i = __builtin_malloc(sizeof(float) * (unsigned long)(w > 0 ? w : 1));
    if (!xm1_i) __builtin_abort();
    float *ym1_i = __builtin_malloc(sizeof(float) * (unsigned long)(w > 0 ? w : 1));
    if (!ym1_i) __builtin_abort();
    float *ym2_i = __builtin_malloc(sizeof(float) * (unsigned long)(w > 0 ? w : 1));
    if (!ym2_i) __builtin_abort();
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int i_tile = 0; i_tile < ((long long)w + 63) / 64; i_tile++) {
      for (int i = 64 * i_tile; i <= (((long long)w - 1) < (64 * i_tile + 63) ? ((long long)w - 1) : (64 * i_tile + 63)); i++) {
        xm1_i[i] = 0.0f;
      }
      for (int i = 64 * i_tile; i <= (((long long)w - 1) < (64 * i_tile + 63) ? ((long long)w - 1) : (64 * i_tile + 63)); i++) {
        ym1_i[i] = 0.0f;
      }
      for (int i = 64 * i_tile; i <= (((long long)w - 1) < (64 * i_tile + 63) ? ((long long)w - 1) : (64 * i_tile + 63)); i++) {
        ym2_i[i] = 0.0f;
      }
      for (int j = 0; j < h; j++) {
        for (int i = 64 * i_tile; i <= (((long long)w - 1) < (64 * i_tile + 63) ? ((long long)w - 1) : (64 * i_tile + 63)); i++) {
          tmp[i][j] = a0 * img[i][j] + a1 * xm1_i[i] + b1 * ym1_i[i] + b2 * ym2_i[i];
          xm1_i[i] = img[i][j];
          ym2_i[i] = ym1_i[i];
          ym1_i[i] = tmp[i][j];
        }
      }
    }
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (int j_tile = 0; j_tile < ((long long)h + 63) / 64; j_tile++) {
      for (int j = 64 * j_tile; j <= (((long long)h - 1) < (64 * j_tile + 63) ? ((long long)h - 1) : (64 * j_tile + 63)); j++) {
        xm1_j[j] = 0.0f;
      }
      for (int j = 64 * j_tile; j <= (((long long)h - 1) < (64 * j_tile + 63) ? ((long long)h - 1) : (64 * j_tile + 63)); j++) {
        ym1_j[j] = 0.0f;
      }
      for (int j = 64 * j_tile; j <= (((long long)h - 1) < (64 * j_tile + 63) ? ((long long)h - 1) : (64 * j_tile + 63)); j++) {
        ym2_j[j] = 0.0f;
      }
      for (int i = 0; i < w; i++) {
        for (int j = 64 * j_tile; j <= (((long long)h - 1) < (64 * j_tile + 63) ? ((long long)h - 1) : (64 * j_tile + 63)); j++) {
          out[i][j] = a0 * tmp[i][j] + a1 * xm1_j[j] + b1 * ym1_j[j] + b2 * ym2_j[j];
          xm1_j[j] = tmp[i][j];
          ym2_j[j] = ym1_j[j];
          ym1_j[j] = out[i][j];
        }
      }
    }
    __builtin_free(xm1_j);
    __builtin_free(ym1_j);
    __builtin_free(ym2_j);
    __builtin_free(xm1_i);
    __builtin_free(ym1_i);
    __builtin_free(ym2_i);
  } else {
  for (int i = 0; i < w; i++) {
    xm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (int j = 0; j < h; j++) {
      tmp[i][j] = a0 * img[i][j] + a1 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = img[i][j];
      ym2 = ym1;
      ym1 = tmp[i][j];
    }
  }
  for (int j = 0; j < h; j++) {
    xm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (int i = 0; i < w; i++) {
      out[i][j] = a0 * tmp[i][j] + a1 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = tmp[i][j];
      ym2 = ym1;
      ym1 = out[i][j];
    }
  }
  }
}

static float img[W][H], tmp[W][H], out[W][H];

int main(void)
{
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int i = 0; i < W; i++) {
    for (int j = 0; j < H; j++) {
      img[i][j] = (float)((i * 13 + j * 7) % 256) / 255.0f;
      tmp[i][j] = out[i][j] = 0.0f;
    }
  }
  nestor_timer_start();
  smooth(W, H, 0.25f, 0.15f, 0.45f, -0.05f, img, tmp, out);
  nestor_timer_stop_print();
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      checksum_add(out[i][j]);
  checksum_print("out");
  return 0;
}
