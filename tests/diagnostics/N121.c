// nestor optimize
/* scop pragma without endscop */
void f(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
