// nestor optimize
/* unknown array */
void f(int n) {
  for (int i = 0; i < n; i++)
    table[i] = 0;
}
