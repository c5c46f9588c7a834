// nestor optimize --isl-budget 1
/* a region whose model exceeds the isl operation budget */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[j][i] + 1;
}
