// nestor optimize
/* the nest is already in the order the search would choose, and there is nothing to
   tile or run in parallel: it is left byte-identical, not regenerated */
void kernel(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}
