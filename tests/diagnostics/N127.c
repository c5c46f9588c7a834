// nestor optimize
/* a macro used as a statement: `fill` is left as written, `sum_rows` is rewritten */
#define FOR(v, n) for (v = 0; v < (n); v++)

void fill(int n, double A[n][n]) {
  int i, j;
  FOR(i, n) FOR(j, n) A[i][j] = i - j;
}

void sum_rows(int n, double A[n][n], double x[n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      x[i] += A[i][j];
}
