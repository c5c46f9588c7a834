// nestor optimize
/* empty loop body */
void f(int n) {
  for (int i = 0; i < n; i++)
    ;
}
