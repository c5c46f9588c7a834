// nestor optimize
/* once the loops are fused, each value of T lives one iteration */
void f(int n, double A[n], double B[n]) {
  double T[1000];
  for (int i = 0; i < n && i < 1000; i++)
    T[i] = 2 * A[i];
  for (int i = 0; i < n && i < 1000; i++)
    B[i] = T[i] + 1;
}
