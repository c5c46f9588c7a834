exit 4
/* An 8-bit image pipeline as image libraries write it: `uint8_t` pixels behind pointers
 * with a row stride, `size_t` counters, a separable [1 2 1] blur through a 16-bit
 * scratch buffer of its own (`malloc`), then a tone curve applied in place. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef LARGE
#define W 3840
#define H 2160
#else
#define W 67
#define H 45
#endif
#define STRIDE (W + 32)

static void blur(uint8_t *dst, const uint8_t *src, size_t w, size_t h, size_t stride)
{
  uint16_t *tmp = malloc(w * h * sizeof *tmp);
  if (!tmp)
    return;
  if (__builtin_expect((h <= 0x4000000000000000 && stride <= 0x4000000000000000 && w <= 0x4000000000000000)
      && (((((h >= 1 && w >= stride + 1 && w <= 2) || (h >= 1073741825 && w >= 1 && stride >= w && w <= 2)) || (h >= 1 && h <= 1073741824 && stride >= 1073741824 && w >= 1 && w <= 2)) || (h >= 1 && h <= 1073741824 && stride <= 1073741823 && w >= 1 && stride >= w)))
      && ((unsigned long long)dst + (unsigned long long)((long long)h - 2) * (unsigned long long)(stride) * sizeof dst[0] + (unsigned long long)((long long)w - 1) * sizeof dst[0] <= (unsigned long long)src
      || (unsigned long long)src + (unsigned long long)((long long)h - 1) * (unsigned long long)(stride) * sizeof src[0] + (unsigned long long)w * sizeof src[0] <= (unsigned long long)dst + (unsigned long long)(stride) * sizeof dst[0] + sizeof dst[0]), 1)) {
    for (size_t y = 0; y < h; y++) {
      for (size_t x = 1; (long long)x < (long long)w - 1; x++) {
        tmp[y * w + x] = src[y * stride + x - 1] + 2 * src[y * stride + x] + src[y * stride + x + 1];
        if (y >= 2) {
          dst[(y - 1) * stride + x] = (uint8_t)((tmp[((y - 1) - 1) * w + x] + 2 * tmp[(y - 1) * w + x] + tmp[((y - 1) + 1) * w + x] + 8) / 16);
        }
      }
    }
  } else {
  for (size_t y = 0; y < h; y++)
    for (size_t x = 1; x < w - 1; x++)
      tmp[y * w + x] = src[y * stride + x - 1] + 2 * src[y * stride + x] + src[y * stride + x + 1];
  for (size_t y = 1; y < h - 1; y++)
    for (size_t x = 1; x < w - 1; x++)
      dst[y * stride + x] = (uint8_t)((tmp[(y - 1) * w + x] + 2 * tmp[y * w + x] + tmp[(y + 1) * w + x] + 8) / 16);
  }
  free(tmp);
}

/* A contrast curve on a column band: the loops walk the image by columns. */
static void tone(uint8_t *img, size_t x0, size_t x1, size_t h, size_t stride)
{
  if (__builtin_expect((h <= 0x4000000000000000 && stride <= 0x4000000000000000 && x0 <= 0x4000000000000000 && x1 <= 0x4000000000000000)
      && ((((((h >= 1073741825 && x0 >= x1 && stride >= x1) || (h >= 1 && x1 >= stride + 1 && x0 >= x1)) || (h >= 1 && h <= 1073741824 && stride <= 1073741823 && stride >= x1)) || (h >= 1 && h <= 1073741824 && stride >= 1073741824 && x0 >= x1 && stride >= x1)) || h == 0)), 1)) {
    #ifdef _OPENMP
    #pragma omp parallel for
    #endif
    for (long long c0 = x0; c0 < x1; c0++) {
      for (size_t y = 0; y < h; y++) {
        img[y * stride + ((unsigned long)c0)] = (uint8_t)((img[y * stride + ((unsigned long)c0)] * 3 + 128) / 4 + 16);
      }
    }
  } else {
  for (size_t x = x0; x < x1; x++)
    for (size_t y = 0; y < h; y++)
      img[y * stride + x] = (uint8_t)((img[y * stride + x] * 3 + 128) / 4 + 16);
  }
}

static unsigned long long hash(unsigned long long h, const uint8_t *p, size_t n)
{
  if (__builtin_expect(n <= 0x4000000000000000, 1)) {
    for (size_t i = 0; i < n; i++) {
      h = (h ^ p[i]) * 1099511628211ULL;
    }
  } else {
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211ULL;
  }
  return h;
}

int main(void)
{
  uint8_t *src = malloc((size_t)STRIDE * H), *dst = calloc((size_t)STRIDE * H, 1);
  if (!src || !dst)
    return 1;
  for (size_t i = 0; i < (size_t)STRIDE * H; i++)
    src[i] = (uint8_t)((i * 37 + i / STRIDE * 11) % 251);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < 4; r++) {
    blur(dst, src, W, H, STRIDE);
    tone(dst, 0, W / 2, H, STRIDE);
    /* In place, a window of the image into itself: the original code must run. */
    blur(src + STRIDE + 1, src, W - 2, H - 2, STRIDE);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("NESTOR_BENCH_TIME"))
    fprintf(stderr, "kernel_seconds %.9f\n",
            (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  printf("%llu\n", hash(hash(1469598103934665603ULL, dst, (size_t)STRIDE * H), src,
                        (size_t)STRIDE * H));
  return 0;
}
