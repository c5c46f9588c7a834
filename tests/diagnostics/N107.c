// nestor optimize
/* while loop inside nest */
void f(int n, double a[n]) {
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < i) k++;
    a[i] = k;
  }
}
