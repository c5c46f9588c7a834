// nestor optimize
/* shadowed iterator */
void f(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int i = 0; i < n; i++)
      A[i][i] = 0;
}
