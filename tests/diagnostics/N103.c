// nestor optimize
/* a condition on data around a loop (only branches of assignments are modelled) */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    if (A[i][0] > 0)
      for (int j = 0; j < n; j++)
        A[i][j] = 0;
}
