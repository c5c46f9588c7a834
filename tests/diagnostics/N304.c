// nestor optimize --interchange i,j
/* interchange would leave L[c] holding the value of another iteration */
void f(int n, int L[2 * n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      L[i + j] = i;
}
