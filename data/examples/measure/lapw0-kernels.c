/* lapw0-kernels.c: two stand-in kernels with the shape of LAPW0's per-atom
 * work, timed on the machine that runs them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * WHAT THIS IS, AND WHAT IT IS NOT.  This is NOT LAPW0 and it does not
 * contain any WIEN2k code.  It is a small, self-contained program written
 * for Augur's bundled LAPW0 study (data/examples/lapw0.activity), whose two
 * per-atom costs must be cost functions fitted from measurements.  We have
 * no measurements of the real LAPW0, so these two kernels do per-atom work
 * of the same *shape* (what it loops over, and how that grows with NAT and
 * NGRID), and their measured times are what the study fits.  They are real
 * computations (no sleeps, no made-up numbers), but their absolute times say
 * nothing about LAPW0 itself.
 *
 *   calcmpm NAT   for one atom of NAT:
 *     - its charge density rho(r, theta, phi) (two exponentials times
 *       low-order angular factors) on a logarithmic radial mesh of NR = 781
 *       points (WIEN2k's usual radial mesh size) times an NTH x NPHI =
 *       32 x 64 angular mesh (Gauss-Legendre in cos(theta), uniform in phi);
 *     - its multipole moments q_lm, l <= LMAX = 8 (81 of them): radial
 *       integrals of r^(l+2) rho by Simpson's rule, then angular quadrature
 *       against real spherical harmonics from the normalised associated
 *       Legendre recurrence;
 *     - the interaction of those multipoles with each of the NAT - 1 other
 *       atoms (on a simple cubic lattice): the potential
 *       sum_lm 4 pi / (2l + 1) q_lm r^-(l+1) Y_lm(direction) evaluated at
 *       the 2048 points of the other atom's sphere surface, projected onto
 *       that atom's 81 harmonics (an O(NAT) loop of real work).
 *     So its time is roughly a + b * NAT, whatever it truly is.
 *
 *   vcoul NGRID   for one atom, NGRID points of the charge-density grid:
 *     - inside the sphere: the radial Poisson solution of each of the 81
 *       (l, m) components of the atom's density (cumulative trapezoidal
 *       integrals outward and inward on the 781-point mesh), then the
 *       potential synthesised on the 781 x NSYN = 781 x 512 (r, direction)
 *       mesh;
 *     - on the grid: the multipole potential of the atom and of its
 *       NIMG - 1 = 18 nearest periodic images (the 6 face and 12 edge
 *       neighbours of a cubic cell) at each of the NGRID points of a 3-D
 *       grid of the cell (its r^-(l+1) Y_lm factors from the same
 *       recurrences), then smoothed through Fourier space: a complex
 *       radix-2 FFT of the NGRID values (one 1-D transform of the whole
 *       grid, the same n log n as a 3-D one), a Gaussian filter and the
 *       inverse FFT.
 *     So its time is roughly c + d * NGRID + e * NGRID * log2(NGRID).
 *
 * The work sizes (NR, the angular meshes, NIMG) are fixed constants below.
 * They set how much work there is, not its shape; they were chosen so that
 * one atom's cost lies in the range of the study's former hand-written
 * costs (10 to 50 ms per atom at NAT = 32 and NGRID = 4096 on the machine
 * described in README.md).
 *
 * Build and run (the measurements bundled next to this file were made so;
 * see README.md in this directory for the machine):
 *
 *     gcc -O2 -o /tmp/lapw0-kernels data/examples/measure/lapw0-kernels.c -lm
 *     /tmp/lapw0-kernels calcmpm > data/examples/measure/calcmpm.csv
 *     /tmp/lapw0-kernels vcoul   > data/examples/measure/vcoul.csv
 *
 * Output: CSV on stdout, a header ("NAT,time" or "NGRID,time") then one row
 * per measurement, 5 repetitions of every size, times in seconds with
 * "%.9g".  A measurement is the mean over enough back-to-back calls to last
 * at least 0.1 s (one call takes 10 to 100 ms, so that is 2 to 8 calls
 * on the machine measured), after 0.3 s
 * of untimed warm-up calls and one untimed call of that size, timed with
 * clock_gettime(CLOCK_MONOTONIC).  The sizes are measured round-robin (all
 * sizes once, then again, five times), so a burst of load from elsewhere on
 * the machine spreads over the sizes instead of bending one of them; rows
 * are printed sorted by size.  A checksum of all results goes to stderr
 * (and into a volatile), so the compiler cannot remove the work.
 *
 * Optional second argument: the number of repetitions (default 5).
 */

#define _POSIX_C_SOURCE 200809L

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#ifndef M_SQRT2
#define M_SQRT2 1.41421356237309504880
#endif

#define LMAX 8
#define NLM ((LMAX + 1) * (LMAX + 1))   /* 81 (l, m) pairs */
#define NR 781                          /* radial mesh points (odd: Simpson) */
#define R0 1e-4                         /* first radial point (bohr) */
#define RMT 2.0                         /* sphere radius (bohr) */
#define NTH 32                          /* calcmpm: Gauss-Legendre points */
#define NPHI 64                         /* calcmpm: points in phi */
#define NANG (NTH * NPHI)               /* 2048 angular points */
#define NSURF NANG                      /* sphere-surface points per atom */
#define NSYN 512                        /* vcoul: synthesis directions */
#define NIMG 19                         /* vcoul: atom, 6 + 12 neighbours */
#define SPACING 4.5                     /* lattice spacing of the atoms */
#define CELL 9.0                        /* vcoul: side of the cubic cell */
#define MAX_NAT 216                     /* 6 x 6 x 6 lattice sites */
#define MIN_REP_TIME 0.1                /* seconds per measurement, at least */

static volatile double sink;            /* every result ends up here */
static double checksum;

/* ---- tables made once, before any timing ---- */

static double rmesh[NR];                /* r_i = R0 * exp(i * dx) */
static double simpw[NR];                /* Simpson weights for int f dr */
static double dxlog;
static double alm[NLM], blm[NLM];       /* Legendre recurrence coefficients */
static double ang_ct[NANG], ang_st[NANG], ang_cp[NANG], ang_sp[NANG];
static double ang_w[NANG];              /* angular quadrature weights */
static double ang_y[NANG][NLM];         /* Y_lm at the angular points */
static double syn_y[NSYN][NLM];         /* Y_lm at the synthesis directions */
static double atom_pos[MAX_NAT][3];
/* powers r_i^n, n = -(LMAX + 1) .. LMAX + 3, of the radial mesh */
#define NPOW (2 * LMAX + 5)
static double rpow[NR][NPOW];
#define RPOW(i, n) (rpow[(i)][(n) + LMAX + 1])

static int
lm_index (int l, int m)
{
  return l * l + l + m;
}

/* Real spherical harmonics Y_lm, l <= LMAX, at the direction (cos theta,
 * sin theta, cos phi, sin phi), by the normalised associated Legendre
 * recurrence and the Chebyshev recurrence of cos(m phi), sin(m phi). */
static void
ylm (double ct, double st, double cp, double sp, double *y)
{
  double p[NLM];
  double cm[LMAX + 1], sm[LMAX + 1];
  int l, m;

  p[lm_index (0, 0)] = sqrt (1.0 / (4.0 * M_PI));
  for (m = 1; m <= LMAX; m++)
    p[lm_index (m, m)] = -sqrt ((2.0 * m + 1.0) / (2.0 * m)) * st
                         * p[lm_index (m - 1, m - 1)];
  for (m = 0; m < LMAX; m++)
    p[lm_index (m + 1, m)] = sqrt (2.0 * m + 3.0) * ct * p[lm_index (m, m)];
  for (m = 0; m <= LMAX; m++)
    for (l = m + 2; l <= LMAX; l++)
      p[lm_index (l, m)] = alm[lm_index (l, m)]
                           * (ct * p[lm_index (l - 1, m)]
                              - blm[lm_index (l, m)] * p[lm_index (l - 2, m)]);

  cm[0] = 1.0;
  sm[0] = 0.0;
  for (m = 1; m <= LMAX; m++)
    {
      cm[m] = cm[m - 1] * cp - sm[m - 1] * sp;
      sm[m] = sm[m - 1] * cp + cm[m - 1] * sp;
    }
  for (l = 0; l <= LMAX; l++)
    {
      y[lm_index (l, 0)] = p[lm_index (l, 0)];
      for (m = 1; m <= l; m++)
        {
          y[lm_index (l, m)] = M_SQRT2 * p[lm_index (l, m)] * cm[m];
          y[lm_index (l, -m)] = M_SQRT2 * p[lm_index (l, m)] * sm[m];
        }
    }
}

/* Direction of (x, y, z), r > 0, as (cos theta, sin theta, cos phi, sin phi). */
static void
direction (double x, double y, double z, double r,
           double *ct, double *st, double *cp, double *sp)
{
  double rxy = sqrt (x * x + y * y);

  *ct = z / r;
  *st = rxy / r;
  if (rxy > 1e-300)
    {
      *cp = x / rxy;
      *sp = y / rxy;
    }
  else
    {
      *cp = 1.0;
      *sp = 0.0;
    }
}

/* Gauss-Legendre nodes and weights on [-1, 1] by Newton's method. */
static void
gauss_legendre (int n, double *x, double *w)
{
  int i, k, it;

  for (i = 0; i < n; i++)
    {
      double z = cos (M_PI * (i + 0.75) / (n + 0.5)), pp = 1.0;

      for (it = 0; it < 100; it++)
        {
          double p0 = 1.0, p1 = z, z1;

          for (k = 2; k <= n; k++)
            {
              double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
              p0 = p1;
              p1 = p2;
            }
          pp = n * (z * p1 - p0) / (z * z - 1.0);
          z1 = z;
          z = z1 - p1 / pp;
          if (fabs (z - z1) < 1e-15)
            break;
        }
      x[i] = z;
      w[i] = 2.0 / ((1.0 - z * z) * pp * pp);
    }
}

static void
setup (void)
{
  double gx[NTH], gw[NTH];
  int i, l, m, t, f;

  /* logarithmic radial mesh from R0 to RMT, Simpson in x = log r:
   * int f dr = int f(r(x)) r(x) dx */
  dxlog = log (RMT / R0) / (NR - 1);
  for (i = 0; i < NR; i++)
    {
      double c = (i == 0 || i == NR - 1) ? 1.0 : (i % 2 ? 4.0 : 2.0);

      rmesh[i] = R0 * exp (i * dxlog);
      simpw[i] = c * dxlog / 3.0 * rmesh[i];
      for (l = -(LMAX + 1); l <= LMAX + 3; l++)
        RPOW (i, l) = pow (rmesh[i], l);
    }

  for (l = 0; l <= LMAX; l++)
    for (m = 0; m <= l; m++)
      {
        alm[lm_index (l, m)] = sqrt ((4.0 * l * l - 1.0)
                                     / ((double) l * l - (double) m * m));
        blm[lm_index (l, m)] = sqrt (((l - 1.0) * (l - 1.0) - (double) m * m)
                                     / (4.0 * (l - 1.0) * (l - 1.0) - 1.0));
      }

  gauss_legendre (NTH, gx, gw);
  for (t = 0; t < NTH; t++)
    for (f = 0; f < NPHI; f++)
      {
        int k = t * NPHI + f;
        double phi = 2.0 * M_PI * f / NPHI;

        ang_ct[k] = gx[t];
        ang_st[k] = sqrt (1.0 - gx[t] * gx[t]);
        ang_cp[k] = cos (phi);
        ang_sp[k] = sin (phi);
        ang_w[k] = gw[t] * 2.0 * M_PI / NPHI;
        ylm (ang_ct[k], ang_st[k], ang_cp[k], ang_sp[k], ang_y[k]);
      }

  /* synthesis directions: a spiral of NSYN points on the sphere */
  for (i = 0; i < NSYN; i++)
    {
      double ct = 1.0 - (2.0 * i + 1.0) / NSYN;
      double phi = i * M_PI * (3.0 - sqrt (5.0));

      ylm (ct, sqrt (1.0 - ct * ct), cos (phi), sin (phi), syn_y[i]);
    }

  /* atoms on a 6 x 6 x 6 simple cubic lattice, slightly displaced */
  for (i = 0; i < MAX_NAT; i++)
    {
      atom_pos[i][0] = SPACING * (i % 6) + 0.1 * sin (1.0 * i);
      atom_pos[i][1] = SPACING * ((i / 6) % 6) + 0.1 * sin (2.0 * i);
      atom_pos[i][2] = SPACING * (i / 36) + 0.1 * sin (3.0 * i);
    }
}

/* ---- kernel A: calcmpm ---- */

static double
calcmpm (int atom, int nat)
{
  double q[NLM], il[LMAX + 1], vj[NLM];
  double a1 = 1.5 + 0.01 * (atom % 7), a2 = 0.6 + 0.005 * (atom % 5);
  double sum = 0.0;
  int k, i, l, lm, j;

  /* multipole moments q_lm = int r^(l+2) rho(r, Omega) Y_lm(Omega) */
  memset (q, 0, sizeof q);
  for (k = 0; k < NANG; k++)
    {
      double x = ang_st[k] * ang_cp[k], y = ang_st[k] * ang_sp[k];
      double z = ang_ct[k];
      double ang1 = 1.0 + 0.3 * z + 0.2 * x * y;
      double ang2 = 1.0 + 0.1 * (x * x - y * y) + 0.05 * z * z * z;

      for (l = 0; l <= LMAX; l++)
        il[l] = 0.0;
      for (i = 0; i < NR; i++)
        {
          double r = rmesh[i];
          double rho = 8.0 * exp (-a1 * r) * ang1 + exp (-a2 * r) * ang2;
          double f = simpw[i] * r * r * rho;

          for (l = 0; l <= LMAX; l++)
            {
              il[l] += f;
              f *= r;
            }
        }
      for (l = 0; l <= LMAX; l++)
        {
          double c = ang_w[k] * il[l];

          for (lm = l * l; lm < (l + 1) * (l + 1); lm++)
            q[lm] += c * ang_y[k][lm];
        }
    }

  /* interaction with every other atom: the potential of q at the surface
   * points of atom j's sphere, projected onto atom j's harmonics */
  for (j = 0; j < nat; j++)
    {
      double dx0, dy0, dz0;

      if (j == atom)
        continue;
      dx0 = atom_pos[j][0] - atom_pos[atom][0];
      dy0 = atom_pos[j][1] - atom_pos[atom][1];
      dz0 = atom_pos[j][2] - atom_pos[atom][2];
      memset (vj, 0, sizeof vj);
      for (k = 0; k < NSURF; k++)
        {
          double px = dx0 + RMT * ang_st[k] * ang_cp[k];
          double py = dy0 + RMT * ang_st[k] * ang_sp[k];
          double pz = dz0 + RMT * ang_ct[k];
          double r = sqrt (px * px + py * py + pz * pz);
          double ct, st, cp, sp, y[NLM], rinv = 1.0 / r, rl = rinv, v = 0.0;

          direction (px, py, pz, r, &ct, &st, &cp, &sp);
          ylm (ct, st, cp, sp, y);
          for (l = 0; l <= LMAX; l++)
            {
              double s = 0.0;

              for (lm = l * l; lm < (l + 1) * (l + 1); lm++)
                s += q[lm] * y[lm];
              v += 4.0 * M_PI / (2.0 * l + 1.0) * rl * s;
              rl *= rinv;
            }
          v *= ang_w[k];
          for (lm = 0; lm < NLM; lm++)
            vj[lm] += v * ang_y[k][lm];
        }
      for (lm = 0; lm < NLM; lm++)
        sum += vj[lm];
    }

  for (lm = 0; lm < NLM; lm++)
    sum += q[lm];
  return sum;
}

/* ---- kernel B: vcoul ---- */

/* In-place complex radix-2 FFT of n = 2^k points; sign -1 forward, +1
 * inverse (unscaled). */
static void
fft (double *re, double *im, int n, int sign)
{
  int i, j, len;

  for (i = 1, j = 0; i < n; i++)
    {
      int bit = n >> 1;

      for (; j & bit; bit >>= 1)
        j ^= bit;
      j ^= bit;
      if (i < j)
        {
          double t = re[i];
          re[i] = re[j];
          re[j] = t;
          t = im[i];
          im[i] = im[j];
          im[j] = t;
        }
    }
  for (len = 2; len <= n; len <<= 1)
    {
      double ang = sign * 2.0 * M_PI / len;
      double wr = cos (ang), wi = sin (ang);

      for (i = 0; i < n; i += len)
        {
          double cr = 1.0, ci = 0.0;
          int h = len / 2;

          for (j = 0; j < h; j++)
            {
              double ur = re[i + j], ui = im[i + j];
              double vr = re[i + j + h] * cr - im[i + j + h] * ci;
              double vi = re[i + j + h] * ci + im[i + j + h] * cr;
              double t;

              re[i + j] = ur + vr;
              im[i + j] = ui + vi;
              re[i + j + h] = ur - vr;
              im[i + j + h] = ui - vi;
              t = cr * wr - ci * wi;
              ci = cr * wi + ci * wr;
              cr = t;
            }
        }
    }
}

static double *grid_re, *grid_im;

static double
vcoul (int atom, int ngrid)
{
  static double rho[NLM][NR], vr[NLM][NR];
  double q[NLM];
  double alpha = 1.2 + 0.01 * (atom % 9);
  double sum = 0.0;
  int i, l, m, lm, s, g;
  int k = 0, n1, n2, n3, i1, i2, i3;
  static const double img[NIMG][3] = {   /* the cell and its neighbours */
    { 0, 0, 0 },                                           /* itself */
    { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 },  /* faces */
    { 0, 0, 1 }, { 0, 0, -1 },
    { 1, 1, 0 }, { 1, -1, 0 }, { -1, 1, 0 }, { -1, -1, 0 },  /* edges */
    { 1, 0, 1 }, { 1, 0, -1 }, { -1, 0, 1 }, { -1, 0, -1 },
    { 0, 1, 1 }, { 0, 1, -1 }, { 0, -1, 1 }, { 0, -1, -1 }
  };

  /* the atom's density components rho_lm(r) = c_lm r^l exp(-alpha r) */
  for (i = 0; i < NR; i++)
    {
      double r = rmesh[i], e = exp (-alpha * r), rl = 1.0;

      for (l = 0; l <= LMAX; l++)
        {
          for (m = -l; m <= l; m++)
            rho[lm_index (l, m)][i] = rl * e
                                      * (1.0 + 0.1 * ((atom + 3 * l + m) % 5))
                                      / (1.0 + l * l);
          rl *= r;
        }
    }

  /* radial Poisson equation of every component, by cumulative integrals:
   * V_lm(r) = 4 pi / (2l + 1) [r^-(l+1) int_0^r r'^(l+2) rho_lm
   *                            + r^l int_r^R r'^(1-l) rho_lm] */
  for (l = 0; l <= LMAX; l++)
    for (lm = l * l; lm < (l + 1) * (l + 1); lm++)
      {
        double in = 0.0, out = 0.0, pref = 4.0 * M_PI / (2.0 * l + 1.0);
        double w = dxlog * 0.5;

        vr[lm][0] = 0.0;
        for (i = 1; i < NR; i++)
          {
            in += w * (RPOW (i - 1, l + 3) * rho[lm][i - 1]
                       + RPOW (i, l + 3) * rho[lm][i]);
            vr[lm][i] = in * RPOW (i, -(l + 1));
          }
        q[lm] = in;
        for (i = NR - 2; i >= 0; i--)
          {
            out += w * (RPOW (i, 2 - l) * rho[lm][i]
                        + RPOW (i + 1, 2 - l) * rho[lm][i + 1]);
            vr[lm][i] = pref * (vr[lm][i] + out * RPOW (i, l));
          }
        vr[lm][NR - 1] *= pref;
      }

  /* the potential synthesised on the (r, direction) mesh */
  for (s = 0; s < NSYN; s++)
    for (i = 0; i < NR; i++)
      {
        double v = 0.0;

        for (lm = 0; lm < NLM; lm++)
          v += vr[lm][i] * syn_y[s][lm];
        sum += v * simpw[i];
      }

  /* the multipole potential on the grid: a n1 x n2 x n3 grid of the cell */
  while ((1 << k) < ngrid)
    k++;
  n1 = 1 << ((k + 2) / 3);
  n2 = 1 << ((k + 1) / 3);
  n3 = 1 << (k / 3);
  g = 0;
  for (i1 = 0; i1 < n1; i1++)
    for (i2 = 0; i2 < n2; i2++)
      for (i3 = 0; i3 < n3; i3++, g++)
        {
          double x = CELL * i1 / n1, y = CELL * i2 / n2, z = CELL * i3 / n3;
          double v = 0.0;
          int t;

          for (t = 0; t < NIMG; t++)
            {
              double px = x - (0.5 + img[t][0]) * CELL;
              double py = y - (0.5 + img[t][1]) * CELL;
              double pz = z - (0.5 + img[t][2]) * CELL;
              double r = sqrt (px * px + py * py + pz * pz);
              double ct, st, cp, sp, yy[NLM], rinv, rl;

              if (r < RMT)            /* inside the sphere: its surface */
                {
                  if (r < 1e-12)
                    px = 0.0, py = 0.0, pz = 1.0, r = 1.0;
                  direction (px, py, pz, r, &ct, &st, &cp, &sp);
                  r = RMT;
                }
              else
                direction (px, py, pz, r, &ct, &st, &cp, &sp);
              ylm (ct, st, cp, sp, yy);
              rinv = 1.0 / r;
              rl = rinv;
              for (l = 0; l <= LMAX; l++)
                {
                  double a = 0.0;

                  for (lm = l * l; lm < (l + 1) * (l + 1); lm++)
                    a += q[lm] * yy[lm];
                  v += 4.0 * M_PI / (2.0 * l + 1.0) * rl * a;
                  rl *= rinv;
                }
            }
          grid_re[g] = v;
          grid_im[g] = 0.0;
        }

  /* smoothed through Fourier space */
  fft (grid_re, grid_im, ngrid, -1);
  for (g = 0; g < ngrid; g++)
    {
      int kk = g <= ngrid / 2 ? g : ngrid - g;
      double f = exp (-8.0 * (double) kk * kk / ((double) ngrid * ngrid));

      grid_re[g] *= f;
      grid_im[g] *= f;
    }
  fft (grid_re, grid_im, ngrid, +1);
  for (g = 0; g < ngrid; g++)
    sum += grid_re[g] / ngrid;

  return sum;
}

/* ---- timing ---- */

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static long call_count;

static double
run_once (int kernel, int size)
{
  double r;

  if (kernel == 0)
    r = calcmpm ((int) (call_count % size), size);
  else
    r = vcoul ((int) (call_count % 27), size);
  call_count++;
  return r;
}

/* Mean time of one call: enough back-to-back calls to last MIN_REP_TIME. */
static double
measure (int kernel, int size, long *reps)
{
  double t0, t, acc = 0.0;
  long i;

  if (*reps == 0)
    {
      t0 = now ();
      acc += run_once (kernel, size);   /* warm-up, also sizes the loop */
      t = now () - t0;
      *reps = (long) ceil (MIN_REP_TIME / (t > 1e-9 ? t : 1e-9));
      if (*reps < 1)
        *reps = 1;
    }
  t0 = now ();
  for (i = 0; i < *reps; i++)
    acc += run_once (kernel, size);
  t = now () - t0;
  checksum += acc;
  sink = acc;
  return t / *reps;
}

int
main (int argc, char **argv)
{
  static const int nats[] = { 4, 8, 12, 16, 24, 32, 48, 64, 96, 128 };
  static const int ngrids[] = { 512, 1024, 2048, 4096, 8192, 16384, 32768 };
  const int *sizes;
  int nsizes, kernel, nrep = 5, s, r;
  long reps[16] = { 0 };
  double *times;

  /* numbers are printed with '.' whatever the environment says */
  setlocale (LC_ALL, "C");

  if (argc < 2 || argc > 3
      || (strcmp (argv[1], "calcmpm") != 0 && strcmp (argv[1], "vcoul") != 0))
    {
      fprintf (stderr, "usage: %s calcmpm|vcoul [REPETITIONS]\n", argv[0]);
      return 2;
    }
  if (argc == 3)
    {
      nrep = atoi (argv[2]);
      if (nrep < 1 || nrep > 1000)
        {
          fprintf (stderr, "%s: repetitions must be 1 to 1000\n", argv[0]);
          return 2;
        }
    }
  kernel = strcmp (argv[1], "calcmpm") == 0 ? 0 : 1;
  sizes = kernel == 0 ? nats : ngrids;
  nsizes = kernel == 0 ? (int) (sizeof nats / sizeof *nats)
                       : (int) (sizeof ngrids / sizeof *ngrids);

  setup ();
  grid_re = malloc (sizeof (double) * 32768);
  grid_im = malloc (sizeof (double) * 32768);
  times = malloc (sizeof (double) * nsizes * nrep);
  if (!grid_re || !grid_im || !times)
    {
      fprintf (stderr, "%s: out of memory\n", argv[0]);
      return 1;
    }

  /* untimed warm-up: 0.3 s of calls, so caches, page tables and the
   * processor's clock have settled before the first measurement */
  {
    double t0 = now ();

    while (now () - t0 < 0.3)
      sink = run_once (kernel, sizes[nsizes / 2]);
  }

  for (r = 0; r < nrep; r++)
    for (s = 0; s < nsizes; s++)
      times[s * nrep + r] = measure (kernel, sizes[s], &reps[s]);

  printf ("%s,time\n", kernel == 0 ? "NAT" : "NGRID");
  for (s = 0; s < nsizes; s++)
    for (r = 0; r < nrep; r++)
      printf ("%d,%.9g\n", sizes[s], times[s * nrep + r]);

  fprintf (stderr, "%s: checksum %.17g; calls per measurement:",
           argv[1], checksum);
  for (s = 0; s < nsizes; s++)
    fprintf (stderr, " %d:%ld", sizes[s], reps[s]);
  fprintf (stderr, "\n");

  free (grid_re);
  free (grid_im);
  free (times);
  return 0;
}
