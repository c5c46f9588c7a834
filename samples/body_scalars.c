/* Elementwise B = (2A + 1) * 2A through body-local scalars x and y, traversed column by column (j outer, i inner), plain C. */
#include <stdio.h>
#include <math.h>

#define N 100
#define M 90

double A[N][M], B[N][M];

static void body_scalars(void)
{
  double x, y;
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++) {
      x = A[i][j] * 2;
      y = x + 1;
      B[i][j] = y * x;
    }
}

static unsigned long long mix(unsigned long long h, double v)
{
  union { double d; unsigned long long u; } bits;
  bits.d = v;
  return (h ^ bits.u) * 1099511628211ULL;
}

int main(void)
{
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i * j + 3) % M) / M - 0.5;
  body_scalars();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h = mix(h, B[i][j]);
  printf("B %016llx\n", h);
  return 0;
}
