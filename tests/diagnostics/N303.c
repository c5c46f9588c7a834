// nestor optimize --interchange i,j
/* interchange would overwrite X[i + 1] before row i reads its value from before the loops */
void f(int n, double X[n + 1], double Y[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j == 0)
        X[i] = 1;
      else
        Y[i][j] = X[i + 1];
    }
}
