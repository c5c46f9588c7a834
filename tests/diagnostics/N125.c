// nestor optimize
/* a nest the user asks nestor to leave alone: the next one is still optimized */
void f(int n, double A[restrict n][n], double B[restrict n][n]) {
  /* measured by hand: keep this order */
#pragma nestor skip
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = A[i][j] * 2;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      B[i][j] = B[i][j] + 1;
}
