// nestor optimize
/* indirect subscript */
void f(int n, double a[n], int idx[n]) {
  for (int i = 0; i < n; i++)
    a[idx[i]] = 0;
}
