// nestor optimize --interchange i,j
/* reordering the writes of t is legal: each value of t is read in its own iteration */
void f(int n, double A[n][n], double B[n][n]) {
  double t;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      t = A[i][j];
      B[i][j] = 2 * t;
    }
}
