// nestor optimize --interchange i,j
/* interchange would read A[i-1][j+1] before it is written */
void f(int n, double A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1;
}
