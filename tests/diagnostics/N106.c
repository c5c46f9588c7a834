// nestor optimize
/* rand() inside a nest; a cast to a type nestor cannot see, which parses as a call */
#include <stdlib.h>
#include <unread_types.h>
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = rand();
}
void g(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = (real)(i * 3);
}
