// nestor optimize
/* pragma between a loop header and its unbraced body */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}
