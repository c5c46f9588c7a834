// nestor optimize
#include "not_there.h"
void scale(double *x) {
  for (int i = 0; i < LEN; i++)
    x[i] = 2 * x[i];
}
