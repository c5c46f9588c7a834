// nestor optimize
/* array parameter aliases a global it writes */
/* Issue 9 class 7 (aliasing): `kw` writes the global `G` and reads its parameter `P`; called as kw(G) they are one array. */
#include <stdio.h>
static double G[10], H[10];
static void kw(double P[10]) {
  for (int i = 0; i < 10; i++)
    G[i] = i * 3.0;
  for (int i = 0; i < 10; i++)
    H[i] = P[9 - i] + 1;
}
int main(void) {
  kw(G);
  printf("%.17g %.17g %.17g\n", H[0], H[4], H[9]);
  return 0;
}
