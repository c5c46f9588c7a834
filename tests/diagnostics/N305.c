// nestor optimize --interchange i,k
/* there is no loop k to interchange with i */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}
