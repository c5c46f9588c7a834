// nestor optimize --identity
// env NESTOR_TEST_PANIC_ON=N205.c:kernel
/* nestor panics on the region (injected by the test hook); the other region is rewritten */
void kernel(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}

void other(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 3 * A[i];
}
