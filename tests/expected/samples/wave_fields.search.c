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
    if (tsteps >= 1) {
      for (int c0 = -1; c0 <= ((long long)tsteps - 1) / 8; c0++) {
        if (c0 % 2 == 0) {
          for (t = 8 * c0; t < tsteps && t <= (long long)(8 * c0) + 15; t++) {
            for (long long c4 = t; c4 < (long long)ny + t; c4++) {
              p[0][-t + c4] = source[t];
            }
            for (long long c3 = t; c3 <= (long long)(8 * c0) + 15 && c3 < (long long)nx + t; c3++) {
              for (long long c4 = c3 + 1; c4 < ny + c3; c4++) {
                vy[-t + c3][-c3 + c4 - 1] = vy[-t + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[-t + c3][(-c3 + c4 - 1) + 1] - p[-t + c3][-c3 + c4 - 1]);
              }
            }
            for (long long c3 = t; c3 <= (long long)(8 * c0) + 15 && c3 <= (long long)nx + t - 2; c3++) {
              for (long long c4 = c3 + 1; c4 <= ny + c3; c4++) {
                vx[-t + c3][-c3 + c4 - 1] = vx[-t + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[(-t + c3) + 1][-c3 + c4 - 1] - p[-t + c3][-c3 + c4 - 1]);
              }
            }
            for (long long c3 = t + 1; c3 <= (long long)(8 * c0) + 15 && c3 < (long long)nx + t; c3++) {
              for (long long c4 = c3 + 2; c4 <= ny + c3; c4++) {
                p[-t + c3][-c3 + c4 - 1] = p[-t + c3][-c3 + c4 - 1] - SCALAR_VAL(0.4) * (vx[-t + c3][-c3 + c4 - 1] - vx[(-t + c3) - 1][-c3 + c4 - 1] + vy[-t + c3][-c3 + c4 - 1] - vy[-t + c3][(-c3 + c4 - 1) - 1]);
              }
            }
          }
        }
        #ifdef _OPENMP
        #pragma omp parallel for private(t)
        #endif
        for (int c1 = (c0 + 2) / 2; c1 <= ((((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) < (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32)) ? ((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) : (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32))) < ((nx + (long long)16 * c0 + 14) >= 0 ? (nx + (long long)16 * c0 + 14) / 32 : -((-(nx + (long long)16 * c0 + 14) + 32 - 1) / 32)) ? (((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) < (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32)) ? ((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) : (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32))) : ((nx + (long long)16 * c0 + 14) >= 0 ? (nx + (long long)16 * c0 + 14) / 32 : -((-(nx + (long long)16 * c0 + 14) + 32 - 1) / 32))); c1++) {
          for (t = ((((long long)16 * c0 - (long long)16 * c1) > (-((long long)nx) + (long long)16 * c1 + 1) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)nx) + (long long)16 * c1 + 1)) > (-((long long)nx) - ny + (long long)16 * c1 + 3) ? (((long long)16 * c0 - (long long)16 * c1) > (-((long long)nx) + (long long)16 * c1 + 1) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)nx) + (long long)16 * c1 + 1)) : (-((long long)nx) - ny + (long long)16 * c1 + 3)); t < tsteps && t <= (long long)16 * c0 - (long long)16 * c1 + 15; t++) {
            for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 < (long long)nx + t; c3++) {
              for (long long c4 = c3 + 1; c4 < ny + c3; c4++) {
                vy[-t + c3][-c3 + c4 - 1] = vy[-t + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[-t + c3][(-c3 + c4 - 1) + 1] - p[-t + c3][-c3 + c4 - 1]);
              }
            }
            for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 <= (long long)nx + t - 2; c3++) {
              for (long long c4 = c3 + 1; c4 <= ny + c3; c4++) {
                vx[-t + c3][-c3 + c4 - 1] = vx[-t + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[(-t + c3) + 1][-c3 + c4 - 1] - p[-t + c3][-c3 + c4 - 1]);
              }
            }
            for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 < (long long)nx + t; c3++) {
              for (long long c4 = c3 + 2; c4 <= ny + c3; c4++) {
                p[-t + c3][-c3 + c4 - 1] = p[-t + c3][-c3 + c4 - 1] - SCALAR_VAL(0.4) * (vx[-t + c3][-c3 + c4 - 1] - vx[(-t + c3) - 1][-c3 + c4 - 1] + vy[-t + c3][-c3 + c4 - 1] - vy[-t + c3][(-c3 + c4 - 1) - 1]);
              }
            }
          }
        }
      }
    }
    for (int c0 = (((long long)tsteps - 1) >= 0 ? ((long long)tsteps - 1) / 8 : -((-((long long)tsteps - 1) + 8 - 1) / 8)) + 1; (long long)16 * c0 <= (long long)nx + ny + (long long)2 * tsteps - 5 && (long long)16 * c0 <= nx + (long long)2 * tsteps - 3; c0++) {
      #ifdef _OPENMP
      #pragma omp parallel for
      #endif
      for (int c1 = c0 + ((-((long long)tsteps)) >= 0 ? (-((long long)tsteps)) / 16 : -((-(-((long long)tsteps)) + 16 - 1) / 16)) + 1; c1 <= ((((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) < (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32)) ? ((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) : (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32))) < ((nx + (long long)16 * c0 + 14) >= 0 ? (nx + (long long)16 * c0 + 14) / 32 : -((-(nx + (long long)16 * c0 + 14) + 32 - 1) / 32)) ? (((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) < (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32)) ? ((c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) < (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16)) ? (c0 < (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16)) ? c0 : (((long long)nx + ny + tsteps - 4) >= 0 ? ((long long)nx + ny + tsteps - 4) / 16 : -((-((long long)nx + ny + tsteps - 4) + 16 - 1) / 16))) : (((long long)nx + tsteps - 2) >= 0 ? ((long long)nx + tsteps - 2) / 16 : -((-((long long)nx + tsteps - 2) + 16 - 1) / 16))) : (((long long)nx + ny + (long long)16 * c0 + 12) >= 0 ? ((long long)nx + ny + (long long)16 * c0 + 12) / 32 : -((-((long long)nx + ny + (long long)16 * c0 + 12) + 32 - 1) / 32))) : ((nx + (long long)16 * c0 + 14) >= 0 ? (nx + (long long)16 * c0 + 14) / 32 : -((-(nx + (long long)16 * c0 + 14) + 32 - 1) / 32))); c1++) {
        for (long long c2 = ((((long long)16 * c0 - (long long)16 * c1) > (-((long long)nx) + (long long)16 * c1 + 1) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)nx) + (long long)16 * c1 + 1)) > (-((long long)nx) - ny + (long long)16 * c1 + 3) ? (((long long)16 * c0 - (long long)16 * c1) > (-((long long)nx) + (long long)16 * c1 + 1) ? ((long long)16 * c0 - (long long)16 * c1) : (-((long long)nx) + (long long)16 * c1 + 1)) : (-((long long)nx) - ny + (long long)16 * c1 + 3)); c2 < tsteps && c2 <= (long long)16 * c0 - (long long)16 * c1 + 15; c2++) {
          for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 < nx + c2; c3++) {
            for (long long c4 = c3 + 1; c4 < ny + c3; c4++) {
              vy[-c2 + c3][-c3 + c4 - 1] = vy[-c2 + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[-c2 + c3][(-c3 + c4 - 1) + 1] - p[-c2 + c3][-c3 + c4 - 1]);
            }
          }
          for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 <= nx + c2 - 2; c3++) {
            for (long long c4 = c3 + 1; c4 <= ny + c3; c4++) {
              vx[-c2 + c3][-c3 + c4 - 1] = vx[-c2 + c3][-c3 + c4 - 1] + SCALAR_VAL(0.3) * (p[(-c2 + c3) + 1][-c3 + c4 - 1] - p[-c2 + c3][-c3 + c4 - 1]);
            }
          }
          for (long long c3 = (long long)16 * c1; c3 <= (long long)16 * c1 + 15 && c3 < nx + c2; c3++) {
            for (long long c4 = c3 + 2; c4 <= ny + c3; c4++) {
              p[-c2 + c3][-c3 + c4 - 1] = p[-c2 + c3][-c3 + c4 - 1] - SCALAR_VAL(0.4) * (vx[-c2 + c3][-c3 + c4 - 1] - vx[(-c2 + c3) - 1][-c3 + c4 - 1] + vy[-c2 + c3][-c3 + c4 - 1] - vy[-c2 + c3][(-c3 + c4 - 1) - 1]);
            }
          }
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
