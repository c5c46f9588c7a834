/* A recursive edge-detection filter: causal and anti-causal first-order-pair passes
 * along the rows, then along the columns, each pair summed (33 statements in 12 loops).
 * Written for bench/analysis.py: the shape of region whose analysis is slowest. */
#include <stdio.h>

#ifndef W
#define W 64
#endif
#ifndef H
#define H 48
#endif

static void edge_filter(int w, int h, float a1, float a2, float a3, float a4, float a5,
                        float a6, float a7, float a8, float b1, float b2, float c1,
                        float c2, float img[w][h], float out[w][h], float p[w][h],
                        float q[w][h])
{
  float xm1, ym1, ym2, xp1, xp2, yp1, yp2, tm1, tp1, tp2;
  for (int i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (int j = 0; j < h; j++) {
      p[i][j] = a1 * img[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = img[i][j];
      ym2 = ym1;
      ym1 = p[i][j];
    }
  }
  for (int i = 0; i < w; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    xp1 = 0.0f;
    xp2 = 0.0f;
    for (int j = h - 1; j >= 0; j--) {
      q[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = img[i][j];
      yp2 = yp1;
      yp1 = q[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      out[i][j] = c1 * (p[i][j] + q[i][j]);
  for (int j = 0; j < h; j++) {
    tm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (int i = 0; i < w; i++) {
      p[i][j] = a5 * out[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = out[i][j];
      ym2 = ym1;
      ym1 = p[i][j];
    }
  }
  for (int j = 0; j < h; j++) {
    tp1 = 0.0f;
    tp2 = 0.0f;
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (int i = w - 1; i >= 0; i--) {
      q[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = out[i][j];
      yp2 = yp1;
      yp1 = q[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      out[i][j] = c2 * (p[i][j] + q[i][j]);
}

static float img[W][H], out[W][H], p[W][H], q[W][H];

int main(void)
{
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      img[i][j] = (float)((313 * i + 991 * j) % 65536) / 65535.0f;
  edge_filter(W, H, 0.25f, 0.1f, 0.1f, -0.05f, 0.25f, 0.1f, 0.1f, -0.05f, 0.6f, -0.2f,
              1.0f, 1.0f, img, out, p, q);
  double s = 0;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      s = s * 0.5 + out[i][j];
  printf("%.9g\n", s);
  return 0;
}
