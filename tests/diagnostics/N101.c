// nestor optimize
/* non-affine subscript */
void f(int n, double A[], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * j] = B[i][j];
}
