// nestor optimize
/* scalar used as an array */
void f(int n, double x) {
  for (int i = 0; i < n; i++)
    x[i] = 0;
}
