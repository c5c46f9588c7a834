// nestor optimize --interchange i,j
/* interchange would overwrite s before row i has read it */
void f(int n, double A[n], double B[n][n]) {
  double s;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j == 0)
        s = A[i];
      B[i][j] = s;
    }
}
