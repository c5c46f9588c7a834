// nestor optimize
/* non-affine condition on data */
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0)
      A[i] = 0;
}
