// nestor optimize --fuse
/* the consumer loop can run in the producer loop */
void f(int n, double A[n], double B[n], double C[n]) {
  for (int i = 0; i < n; i++)
    B[i] = 2 * A[i];
  for (int i = 0; i < n; i++)
    C[i] = B[i] + 1;
}
