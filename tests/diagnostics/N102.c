// nestor optimize
/* non-affine bound: product of parameters */
void f(int n, int m, double A[]) {
  for (int i = 0; i < n * m; i++)
    A[i] = 0;
}
