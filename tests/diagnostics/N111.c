// nestor optimize
/* write to a parameter used in a bound */
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++) {
    A[i] = 0;
    n--;
  }
}
