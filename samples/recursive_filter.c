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

static float img[W][H], tmp[W][H], out[W][H];

int main(void)
{
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++) {
      img[i][j] = (float)((i * 13 + j * 7) % 256) / 255.0f;
      tmp[i][j] = out[i][j] = 0.0f;
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
