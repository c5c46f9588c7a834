exit 0
/* A struct-of-arrays particle system on an NY x NX lattice: each step kicks the
   velocities with a spring force and gravity, then drifts the positions. The kernel
   reaches the struct through a pointer parameter and walks its arrays down their
   columns (i outside, j inside), so every access strides a whole row; interchanging
   the loops makes them contiguous. */
#include "polybench_lite.h"

#ifndef NX
#define NX 120
#endif
#ifndef NY
#define NY 100
#endif
#ifndef STEPS
#define STEPS 4
#endif

struct particles {
  double x[NY][NX];
  double y[NY][NX];
  double vx[NY][NX];
  double vy[NY][NX];
  double mass[NY][NX];
};

static void kernel_particles(struct particles *s, double dt, double k, double g)
{
  int t, i, j;
  for (int t_tile = 0; 256 * t_tile < STEPS; t_tile++) {
    /* Kick: velocities from the forces at the current positions. */
    /* Drift: positions from the new velocities. */
    #ifdef _OPENMP
    #pragma omp parallel for private(i, j, t)
    #endif
    for (int i_tile = 0; i_tile < ((long long)NX + 31) / 32; i_tile++) {
      for (int j_tile = 0; 32 * j_tile < NY; j_tile++) {
        for (t = 256 * t_tile; t < STEPS && t <= 256 * t_tile + 255; t++) {
          for (i = 32 * i_tile; i < NX && i <= 32 * i_tile + 31; i++) {
            for (j = 32 * j_tile; j <= (((long long)NY - 1) < (32 * j_tile + 31) ? ((long long)NY - 1) : (32 * j_tile + 31)); j++) {
              s->vx[j][i] -= dt * k * s->x[j][i] / s->mass[j][i];
              s->vy[j][i] -= dt * (k * s->y[j][i] + g) / s->mass[j][i];
              s->x[j][i] += dt * s->vx[j][i];
              s->y[j][i] += dt * s->vy[j][i];
            }
          }
        }
      }
    }
  }
}

/* Static storage: the lattice is too large for the stack at benchmark sizes. */
static struct particles p;

int main(void)
{
  #ifdef _OPENMP
  #pragma omp parallel for
  #endif
  for (int j = 0; j < NY; j++) {
    for (int i = 0; i < NX; i++) {
      p.x[j][i] = (double)((i * 7 + j * 3) % 17) / 17;
      p.y[j][i] = (double)((i + 5 * j) % 13) / 13;
      p.vx[j][i] = (double)((i * j) % 11) / 11 - 0.5;
      p.vy[j][i] = (double)((i + j) % 9) / 9 - 0.5;
      p.mass[j][i] = 1 + (double)((i + 2 * j) % 5);
    }
  }
  nestor_timer_start();
  kernel_particles(&p, 0.01, 2.5, 9.81);
  nestor_timer_stop_print();
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      checksum_add(p.x[j][i]);
  checksum_print("x");
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      checksum_add(p.y[j][i]);
  checksum_print("y");
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++) {
      checksum_add(p.vx[j][i]);
      checksum_add(p.vy[j][i]);
    }
  checksum_print("v");
  return 0;
}
