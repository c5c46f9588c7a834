// nestor optimize
/* iterator read after the loop */
int f(int n, double A[n]) {
  int i;
  for (i = 0; i < n; i++)
    A[i] = 0;
  return i;
}
