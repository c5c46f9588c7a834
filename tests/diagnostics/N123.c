// nestor optimize
/* pragma inside a braced nest */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
  }
}
