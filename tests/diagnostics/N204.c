// nestor optimize --identity
/* long decreasing loop regenerated with an int iterator */
/* Regression: nestor once made this print 0 instead of 19999999994 (see loops.txt); the rewritten program must print what the original does. */
#include <stdio.h>
int main(void) {
  long L = 5000000000L;
  double s = 0;
  for (long i = L; i >= L - 3; i--)
    s += i;
  printf("%.17g\n", s);
  return 0;
}
