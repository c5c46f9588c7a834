/* Matrix product A = B * C accumulated in a scalar t per output element, plain C with VLA parameters. */
#include <stdio.h>
#include <math.h>

#define NI 60
#define NJ 70
#define NK 80

static void matmul(int n, int m, int p, double A[n][m], double B[n][p], double C[p][m])
{
  double t;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      t = 0;
      for (int k = 0; k < p; k++)
        t += B[i][k] * C[k][j];
      A[i][j] = t;
    }
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
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      B[i][k] = (double)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      C[k][j] = (double)((k * (j + 2) + 5) % NJ) / NJ;
  matmul(NI, NJ, NK, A, B, C);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      h = mix(h, A[i][j]);
  printf("A %016llx\n", h);
  return 0;
}
