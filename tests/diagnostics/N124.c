// nestor optimize
/* a misspelt `temporary`: ignored, and said so */
void f(int n, double A[n], double B[n]) {
  double t[1000];
#pragma nestor temporay(t)
  for (int i = 0; i < n; i++)
    t[i] = A[i] * 2;
  for (int i = 0; i < n; i++)
    B[i] = t[i] + 1;
}
