// nestor optimize
/* a declaration outside any function that does not parse */
int sizes[4] = {1, 2, 3, 4}
void f(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
