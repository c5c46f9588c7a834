// nestor optimize
/* rand() inside a nest */
#include <stdlib.h>
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = rand();
}
