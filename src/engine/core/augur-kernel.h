/* augur-kernel.h: the kernel whose speed converts time into work, shared
 * by the tracer (which runs inside MPI programs: plain C, no GLib) and
 * `augur-cli calibrate`, so that a trace's compute amounts and a calibrated
 * platform's host speed are measured the same way.
 *
 * A multiply and an add per element of a vector small enough to stay in
 * the first-level cache: 2 flops an element.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <time.h>

static inline double
augur_kernel_run (double *x, int n, long reps)
{
  double a = 1.0000001, b = 1e-9, sum = 0;

  for (long r = 0; r < reps; r++)
    {
      for (int i = 0; i < n; i++)
        x[i] = a * x[i] + b;
      sum += x[r % n];
    }
  return sum;
}

static inline double
augur_kernel_clock (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* The kernel's speed in flop/s on this thread: grown until a run takes
 * `seconds`, then the best of `tries` runs (0 when the clock failed). */
static inline double
augur_kernel_speed (double seconds, int tries)
{
  enum { N = 1024 };
  static double x[N];
  volatile double sink = 0;
  double best = 0;
  long reps = 64;

  for (int i = 0; i < N; i++)
    x[i] = (double) i / N;
  for (;;)
    {
      double t0 = augur_kernel_clock (CLOCK_MONOTONIC), t;
      sink += augur_kernel_run (x, N, reps);
      t = augur_kernel_clock (CLOCK_MONOTONIC) - t0;
      if (t >= seconds || reps > (1L << 30))
        break;
      reps *= 2;
    }
  for (int k = 0; k < tries; k++)
    {
      double t0 = augur_kernel_clock (CLOCK_MONOTONIC), t;
      sink += augur_kernel_run (x, N, reps);
      t = augur_kernel_clock (CLOCK_MONOTONIC) - t0;
      if (t > 0 && 2.0 * N * (double) reps / t > best)
        best = 2.0 * N * (double) reps / t;
    }
  (void) sink;
  return best;
}
