// nestor optimize
/* break inside a nest */
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++) {
    if (i == 10)
      break;
    A[i] = 0;
  }
}
