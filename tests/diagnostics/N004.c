// nestor optimize
/* `Q` names `p` from the second directive on, which nestor would not see */
#define Q q
double p[100][40], q[100][40];
#/**/undef Q
#define Q p
void kern(void) {
  for (int i = 1; i < 100; i++)
    for (int j = 1; j < 39; j++)
      p[i][j] = 0.5 * p[i][j - 1] + 0.25 * Q[i - 1][j + 1];
}
