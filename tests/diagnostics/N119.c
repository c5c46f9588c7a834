// nestor optimize
/* side effect inside an expression */
void f(int n, double A[n], double B[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i]++;
}
