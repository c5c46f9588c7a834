// nestor optimize --no-parallel
/* `dst` and `src` may be the same memory (a caller may write `update(n, A, A)`): the
   rewritten loop order runs only when a run-time test shows that the rows the region
   touches do not overlap, and the code as written runs otherwise */
void update(int n, double dst[n][n], double src[n][n]) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      dst[i][j] = src[i][j] * 0.5 + src[j][i];
}
