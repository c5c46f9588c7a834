// nestor optimize --search-budget 0
/* the search may make no legality check, so the nest keeps its order */
void f(int n, double A[n][n], double B[n][n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = B[i][j] + 1;
}
