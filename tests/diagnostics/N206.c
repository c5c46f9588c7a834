// nestor optimize --identity
// env NESTOR_TEST_PANIC_ON=N206.c:kernel
// env NESTOR_TEST_FAULT=crash
/* the analysis of the region dies of a signal (injected by the test hook, as isl 0.27
   segfaults on some input); the other region is rewritten */
void kernel(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}

void other(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 3 * A[i];
}
