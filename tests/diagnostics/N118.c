// nestor optimize
/* register and short iterators */
void f(short n, double A[]) {
  register int i;
  for (i = 0; i < n; i++)
    A[i] = 0;
  for (short k = 0; k < n; k++)
    A[k] += 1;
}
