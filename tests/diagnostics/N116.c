// nestor optimize
/* fourteen array parameters that may all be the same memory, two of them written: 25
   pairs, more than a run-time test checks, so the region is left as written */
void kernel(int n, double a0[n], double a1[n], double a2[n], double a3[n], double a4[n], double a5[n], double a6[n], double a7[n], double a8[n], double a9[n], double a10[n], double a11[n], double a12[n], double a13[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a0[j] = a0[j] + a2[i] + a3[i] + a4[i] + a5[i] + a6[i] + a7[i] + a8[i] + a9[i] + a10[i] + a11[i] + a12[i] + a13[i];
      a1[i] = a1[i] * 0.5;
    }
}
