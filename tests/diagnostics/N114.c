// nestor optimize
/* loop without condition and update */
void f(int n, double A[n]) {
  for (int i = 0;;)
    A[i] = 0;
}
