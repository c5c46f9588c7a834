// nestor optimize
/* missing semicolon in a nest */
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 0
}
