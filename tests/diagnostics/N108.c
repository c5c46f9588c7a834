// nestor optimize
/* label inside a nest */
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++) {
again:
    A[i] = 0;
  }
}
