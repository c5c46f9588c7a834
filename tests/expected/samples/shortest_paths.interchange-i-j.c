exit 0
/* All-pairs shortest paths (Floyd-Warshall) on a road-like graph with integer
   lengths: after step k, dist[i][j] is the shortest path from i to j through the
   first k+1 nodes. Step k reads row k and column k, which it also updates (at j = k
   and i = k), so a compiler cannot tell that `dist[i][k]` is unchanged while the
   row is relaxed, and keeps the loop scalar. */
#include "polybench_lite.h"

#ifndef N
#define N 120
#endif

static void shortest_paths(int n, int dist[N][N])
{
  {
    int through;
    for (int k = 0; k < n; k++) {
      #ifdef _OPENMP
      #pragma omp parallel for private(through)
      #endif
      for (int j = 0; j < k; j++) {
        for (int i = 0; i < n; i++) {
          through = dist[i][k] + dist[k][j];
          dist[i][j] = through < dist[i][j] ? through : dist[i][j];
        }
      }
      for (int i = 0; i < n; i++) {
        through = dist[i][k] + dist[k][k];
        dist[i][k] = through < dist[i][k] ? through : dist[i][k];
      }
      #ifdef _OPENMP
      #pragma omp parallel for private(through)
      #endif
      for (int j = k + 1; j < n; j++) {
        for (int i = 0; i < n; i++) {
          through = dist[i][k] + dist[k][j];
          dist[i][j] = through < dist[i][j] ? through : dist[i][j];
        }
      }
    }
  }
}

static int dist[N][N];

int main(void)
{
  /* Each node reaches its next two neighbours on a ring, and a few shortcuts;
     other pairs start "unreachable" (large, but far from overflowing a sum). */
  {
    int ahead;
    #ifdef _OPENMP
    #pragma omp parallel for private(ahead)
    #endif
    for (int j = 0; j < N; j++) {
      for (int i = 0; i < N; i++) {
        ahead = (j - i + N) % N;
        dist[i][j] = i == j ? 0 : ahead == 1 ? 3 + (i * 5) % 7 : ahead == 2 ? 7 + (i * 3) % 5
                 : (i * 37 + j * 11) % 97 == 0 ? 20 + (i + j) % 13 : 1 << 28;
      }
    }
  }
  nestor_timer_start();
  shortest_paths(N, dist);
  nestor_timer_stop_print();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      checksum_add((double)dist[i][j]);
  checksum_print("dist");
  return 0;
}
