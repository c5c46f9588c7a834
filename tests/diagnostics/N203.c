// nestor optimize --identity
// env NESTOR_TEST_PANIC_ON=N203.c:kernel
// env NESTOR_TEST_FAULT=bad-code
/* the generated code does not parse (injected by the test hook) */
void kernel(int n, double A[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}
