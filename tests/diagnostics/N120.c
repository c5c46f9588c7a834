// nestor optimize
/* more integer divisions in one subscript than nestor models */
void f(int n, double A[n]) {
  for (int i = 0; i < n / 8; i++)
    A[i / 2 + i / 3 + i / 4 + i / 5 + i / 6 + i / 7 + i / 8] = 0;
}
