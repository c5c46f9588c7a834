exit 0
/* Staggered-grid 2-D acoustic wave: each time step drives the first row from a source
 * term, updates the two velocity fields from the pressure gradient, then the pressure
 * from the velocities' divergence (a sequence of sweeps under the time loop). */
#include "polybench_lite.h"

#ifndef TSTEPS
#define TSTEPS 20
#endif
#ifndef NX
#define NX 70
#endif
#ifndef NY
#define NY 90
#endif

static void kernel_wave(int tsteps, int nx, int ny,
                        DATA_TYPE POLYBENCH_2D(p, NX, NY, nx, ny),
                        DATA_TYPE POLYBENCH_2D(vx, NX, NY, nx, ny),
                        DATA_TYPE POLYBENCH_2D(vy, NX, NY, nx, ny),
                        DATA_TYPE POLYBENCH_1D(source, TSTEPS, tsteps))
{
  int t, i, j;
#pragma scop
  if (__builtin_expect(((unsigned long long)p + (unsigned long long)(nx <= 1 ? 0 : (long long)nx - 1) * sizeof p[0] + (unsigned long long)ny * sizeof p[0][0] <= (unsigned long long)source || (unsigned long long)source + (unsigned long long)tsteps * sizeof source[0] <= (unsigned long long)p)
      && ((unsigned long long)p + (unsigned long long)(nx <= 1 ? 0 : (long long)nx - 1) * sizeof p[0] + (unsigned long long)ny * sizeof p[0][0] <= (unsigned long long)vx || (unsigned long long)vx + (unsigned long long)(ny == 1 ? (long long)nx - 2 : (long long)nx - 1) * sizeof vx[0] + (unsigned long long)ny * sizeof vx[0][0] <= (unsigned long long)p)
      && ((unsigned long long)p + (unsigned long long)(nx <= 1 ? 0 : (long long)nx - 1) * sizeof p[0] + (unsigned long long)ny * sizeof p[0][0] <= (unsigned long long)vy || (unsigned long long)vy + (unsigned long long)((long long)nx - 1) * sizeof vy[0] + (unsigned long long)(nx == 1 ? (long long)ny - 1 : ny) * sizeof vy[0][0] <= (unsigned long long)p)
      && ((unsigned long long)vx + (unsigned long long)(ny == 1 ? (long long)nx - 2 : (long long)nx - 1) * sizeof vx[0] + (unsigned long long)ny * sizeof vx[0][0] <= (unsigned long long)source || (unsigned long long)source + (unsigned long long)tsteps * sizeof source[0] <= (unsigned long long)vx)
      && ((unsigned long long)vx + (unsigned long long)(ny == 1 ? (long long)nx - 2 : (long long)nx - 1) * sizeof vx[0] + (unsigned long long)ny * sizeof vx[0][0] <= (unsigned long long)vy || (unsigned long long)vy + (unsigned long long)((long long)nx - 1) * sizeof vy[0] + (unsigned long long)(nx == 1 ? (long long)ny - 1 : ny) * sizeof vy[0][0] <= (unsigned long long)vx)
      && ((unsigned long long)vy + (unsigned long long)((long long)nx - 1) * sizeof vy[0] + (unsigned long long)(nx == 1 ? (long long)ny - 1 : ny) * sizeof vy[0][0] <= (unsigned long long)source || (unsigned long long)source + (unsigned long long)tsteps * sizeof source[0] <= (unsigned long long)vy), 1)) {
    for (t = 0; t < tsteps; t++) {
      for (j = 0; j < ny; j++) {
        p[0][j] = source[t];
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(i)
      #endif
      for (j = 0; j < ny; j++) {
        for (i = 0; i < (long long)nx - 1; i++) {
          vx[i][j] = vx[i][j] + SCALAR_VAL(0.3) * (p[i + 1][j] - p[i][j]);
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(i)
      #endif
      for (j = 0; j < (long long)ny - 1; j++) {
        for (i = 0; i < nx; i++) {
          vy[i][j] = vy[i][j] + SCALAR_VAL(0.3) * (p[i][j + 1] - p[i][j]);
        }
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(i)
      #endif
      for (j = 1; j < ny; j++) {
        for (i = 1; i < nx; i++) {
          p[i][j] = p[i][j] - SCALAR_VAL(0.4) * (vx[i][j] - vx[i - 1][j] + vy[i][j] - vy[i][j - 1]);
        }
      }
    }
  } else {
  for (t = 0; t < tsteps; t++) {
    for (j = 0; j < ny; j++)
      p[0][j] = source[t];
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny; j++)
        vx[i][j] = vx[i][j] + SCALAR_VAL(0.3) * (p[i + 1][j] - p[i][j]);
    for (i = 0; i < nx; i++)
      for (j = 0; j < ny - 1; j++)
        vy[i][j] = vy[i][j] + SCALAR_VAL(0.3) * (p[i][j + 1] - p[i][j]);
    for (i = 1; i < nx; i++)
      for (j = 1; j < ny; j++)
        p[i][j] = p[i][j] - SCALAR_VAL(0.4) * (vx[i][j] - vx[i - 1][j] + vy[i][j] - vy[i][j - 1]);
  }
  }
#pragma endscop
}

static DATA_TYPE p[NX][NY], vx[NX][NY], vy[NX][NY], source[TSTEPS];

int main(void)
{
  int i, j, t;
  for (t = 0; t < TSTEPS; t++)
    source[t] = (DATA_TYPE)(t % 5) / 4;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      p[i][j] = ((DATA_TYPE)i * (j + 1) + 1) / NX;
      vx[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / NY;
      vy[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / NX;
    }
  nestor_timer_start();
  kernel_wave(TSTEPS, NX, NY, p, vx, vy, source);
  nestor_timer_stop_print();
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      checksum_add(p[i][j]);
  checksum_print("p");
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      checksum_add(vx[i][j] + vy[i][j]);
  checksum_print("v");
  return 0;
}
