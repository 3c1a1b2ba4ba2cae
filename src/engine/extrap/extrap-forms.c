/* extrap-forms.c: what the generalised program is written in (extrap.c,
 * docs/EXTRAPOLATE.md section 3): rank forms of r and P, on
 * MPI_Dims_create's grids as SimGrid 3.32's SMPI makes them, and
 * functions of P; evaluated, and written for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "augur-file.h"
#include "extrap-private.h"

/* ---- Rank forms ---------------------------------------------------------------- */


static void
dims_create (guint     ranks,
             guint     n_dims,
             gboolean  open_mpi,
             guint    *dims)
{
  guint factors[64];
  guint n_factors = 0;
  guint p = ranks;
  /* Open MPI 4.1's getfactors (ompi/mpi/c/dims_create.c): odd d up to
   * ceil(sqrt(ranks)) of ranks itself, inclusive: P's whole prime
   * factorisation (36 = 2 * 2 * 3 * 3, 9 = 3 * 3) */
  guint64 limit = (guint64) ceil (sqrt ((double) ranks));

  g_return_if_fail (n_dims >= 1 && dims != NULL);

  for (guint i = 0; i < n_dims; i++)
    dims[i] = 1;
  /* factors in increasing order, as SMPI's getfactors (from an older Open
   * MPI): the 2s, then odd d while d * d < p, p what is left, strictly,
   * so that a square left over stays one factor (36 = 2 * 2 * 9:
   * MPI_Dims_create (36, 2) is 9 x 4 under SMPI 3.32, 6 x 6 under Open
   * MPI 4.1.4, both checked: tests/engine/extrap/test-extrap-dims.c) */
  while (p % 2 == 0 && p > 1)
    {
      factors[n_factors++] = 2;
      p /= 2;
    }
  for (guint d = 3; p > 1 && (open_mpi ? d <= limit : (guint64) d * d < p); d += 2)
    while (p % d == 0)
      {
        factors[n_factors++] = d;
        p /= d;
      }
  if (p != 1)
    factors[n_factors++] = p;
  /* the largest first, each to the smallest dimension (the first of equals) */
  for (guint j = n_factors; j-- > 0;)
    {
      guint min = 0;

      for (guint i = 1; i < n_dims; i++)
        if (dims[i] < dims[min])
          min = i;
      dims[min] *= factors[j];
    }
  /* decreasing */
  for (guint i = 0; i < n_dims; i++)
    for (guint j = i + 1; j < n_dims; j++)
      if (dims[j] > dims[i])
        {
          guint t = dims[i];
          dims[i] = dims[j];
          dims[j] = t;
        }
}

void
augur_extrap_dims_create (guint  ranks,
                          guint  n_dims,
                          guint *dims)
{
  dims_create (ranks, n_dims, FALSE, dims);
}

void
augur_extrap_dims_create_open_mpi (guint  ranks,
                                   guint  n_dims,
                                   guint *dims)
{
  dims_create (ranks, n_dims, TRUE, dims);
}

static guint
wrap (gint64 x,
      guint  n)
{
  gint64 m = x % (gint64) n;

  return (guint) (m < 0 ? m + n : m);
}

/* P and its grids, computed once per size. */

void
ex_dims_init (Dims  *d,
           guint  P)
{
  d->P = P;
  augur_extrap_dims_create (P, 2, d->d2);
  augur_extrap_dims_create (P, 3, d->d3);
  augur_extrap_dims_create_open_mpi (P, 2, d->d2o);
  augur_extrap_dims_create_open_mpi (P, 3, d->d3o);
}

guint
ex_step_eval (StepKind kind,
              gint64   i0,
              guint    r,
              guint    P,
              guint64  k)
{
  gint64 i = i0 + (gint64) k;
  gint64 q;

  switch (kind)
    {
    case STEP_XOR_POW2:
      if (i < 0 || i > 31)
        return G_MAXUINT - 1;
      q = r ^ (G_GUINT64_CONSTANT (1) << i);
      break;
    case STEP_XOR:
      if (i < 0 || i > G_MAXUINT32)
        return G_MAXUINT - 1;
      q = r ^ (guint64) i;
      break;
    case STEP_RING_UP:
      return wrap ((gint64) r + i, P);
    case STEP_RING_DOWN:
      return wrap ((gint64) r - i, P);
    case STEP_INDEX:
      q = i;
      break;
    default:
      return G_MAXUINT - 1;
    }
  return q >= 0 && q < P ? (guint) q : G_MAXUINT - 1;
}

guint
ex_tree_children (guint r,
                  guint P)
{
  guint n = 0;

  for (guint64 m = 1; (r == 0 || m < (r & (0u - r))) && (guint64) r + m < P; m <<= 1)
    n++;
  return n;
}

guint
ex_form_eval (const Form *f,
              guint       r,
              const Dims *d)
{
  return ex_form_eval_at (f, r, d, 0);
}

/* The form's rank for rank r of P; G_MAXUINT - 1 when out of range. */
guint
ex_form_eval_at (const Form *f,
                 guint       r,
                 const Dims *d,
                 guint64     k)
{
  guint P = d->P;

  switch (f->kind)
    {
    case FORM_STEP:
      return ex_step_eval ((StepKind) f->d[0], f->k, r, P, k);
    case FORM_CONST:
      return f->k == G_MAXUINT || f->k < P ? (guint) f->k : G_MAXUINT - 1;
    case FORM_SELF:
      return r;
    case FORM_PARENT:
      return r > 0 && r < P ? r & (r - 1) : G_MAXUINT - 1;
    case FORM_RING:
      return wrap ((gint64) r + f->k, P);
    case FORM_LAST:
      return f->k < P ? (guint) (P - 1 - f->k) : G_MAXUINT - 1;
    case FORM_HALF:
      return (gint64) (P / 2) + f->k >= 0 && (gint64) (P / 2) + f->k < P ? (guint) ((gint64) (P / 2) + f->k)
                                                                       : G_MAXUINT - 1;
    case FORM_GRID2:
      {
        const guint *n = f->k == 1 ? d->d2o : d->d2;
        guint cx = r / n[1], cy = r % n[1];
        return wrap ((gint64) cx + f->d[0], n[0]) * n[1] + wrap ((gint64) cy + f->d[1], n[1]);
      }
    default:
      {
        const guint *n = f->k == 1 ? d->d3o : d->d3;
        guint cx = r / (n[1] * n[2]), cy = (r / n[2]) % n[1], cz = r % n[2];
        return (wrap ((gint64) cx + f->d[0], n[0]) * n[1] + wrap ((gint64) cy + f->d[1], n[1])) * n[2] +
               wrap ((gint64) cz + f->d[2], n[2]);
      }
    }
}

char *
ex_form_to_string (const Form *f)
{
  switch (f->kind)
    {
    case FORM_CONST:
      return f->k == G_MAXUINT ? g_strdup ("-") : g_strdup_printf ("%" G_GINT64_FORMAT, f->k);
    case FORM_SELF:
      return g_strdup ("r");
    case FORM_PARENT:
      return g_strdup ("r & (r-1)");
    case FORM_RING:
      return g_strdup_printf ("(r%+" G_GINT64_FORMAT ") mod P", f->k);
    case FORM_LAST:
      return f->k == 0 ? g_strdup ("P-1") : g_strdup_printf ("P-%" G_GINT64_FORMAT, f->k + 1);
    case FORM_HALF:
      return f->k == 0 ? g_strdup ("P/2") : g_strdup_printf ("P/2%+" G_GINT64_FORMAT, f->k);
    case FORM_GRID2:
      return g_strdup_printf ("%s(%+d,%+d)", f->k == 1 ? "ompi-grid2" : "grid2", f->d[0], f->d[1]);
    case FORM_STEP:
      /* k: the iteration of the loop the action is in, from 0 */
      switch ((StepKind) f->d[0])
        {
        case STEP_XOR_POW2:
          return f->k == 0 ? g_strdup ("r xor 2^k") : g_strdup_printf ("r xor 2^(k%+" G_GINT64_FORMAT ")", f->k);
        case STEP_XOR:
          return f->k == 0 ? g_strdup ("r xor k") : g_strdup_printf ("r xor (k%+" G_GINT64_FORMAT ")", f->k);
        case STEP_RING_UP:
          return g_strdup_printf ("(r+k%+" G_GINT64_FORMAT ") mod P", f->k);
        case STEP_RING_DOWN:
          return g_strdup_printf ("(r-k%+" G_GINT64_FORMAT ") mod P", -f->k);
        default:
          return f->k == 0 ? g_strdup ("k") : g_strdup_printf ("k%+" G_GINT64_FORMAT, f->k);
        }
    default:
      return g_strdup_printf ("%s(%+d,%+d,%+d)", f->k == 1 ? "ompi-grid3" : "grid3", f->d[0], f->d[1], f->d[2]);
    }
}

guint
ex_dims_rules (GFile *const      *runs,
               guint              n_runs,
               AugurExtrapMpiDims mpi_dims)
{
  if (mpi_dims == AUGUR_EXTRAP_MPI_DIMS_SIMGRID)
    return 1;
  if (mpi_dims == AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI)
    return 2;
  /* Augur's tracer writes report.txt beside its index ("Augur trace of N
   * ranks ..."); its runs ran under a real MPI library, which it does
   * not name: both rules, told apart by the runs or at the targets */
  for (guint i = 0; i < n_runs; i++)
    {
      static const char mark[] = "Augur trace of ";
      g_autoptr(GFile) dir = g_file_get_parent (runs[i]);
      g_autoptr(GFile) report = dir != NULL ? g_file_get_child (dir, "report.txt") : NULL;
      g_autoptr(GFileInputStream) in = NULL;
      char head[sizeof mark - 1];
      gsize len = 0;

      /* Score-P's archives too are runs of a real MPI library */
      if (augur_trace_is_otf2 (runs[i]))
        return 3;

      /* only its first bytes, and only of a regular file: a pipe or a
       * device named report.txt is not the tracer's and is not read */
      if (report == NULL)
        continue;
      in = augur_file_read (report, NULL, NULL);
      if (in != NULL && g_input_stream_read_all (G_INPUT_STREAM (in), head, sizeof head, &len, NULL, NULL) &&
          len == sizeof head && memcmp (head, mark, sizeof head) == 0)
        return 3;
    }
  return 1;
}

gboolean
ex_check_dims_rules (const Form   *chosen,
                     const GArray *others,
                     const Dims   *d,
                     const char   *at,
                     GError      **error)
{
  gboolean two = chosen->kind == FORM_GRID2;
  const guint *a = two ? d->d2 : d->d3, *b = two ? d->d2o : d->d3o;
  guint n = two ? 2 : 3;

  if ((chosen->kind != FORM_GRID2 && chosen->kind != FORM_GRID3) || others == NULL ||
      memcmp (a, b, n * sizeof *a) == 0)
    return TRUE;
  for (guint k = 0; k < others->len; k++)
    {
      const Form *o = &g_array_index (others, Form, k);

      if (o->kind == chosen->kind && o->k != chosen->k && memcmp (o->d, chosen->d, sizeof o->d) == 0)
        {
          g_autofree char *sa = two ? g_strdup_printf ("%u x %u", a[0], a[1])
                                    : g_strdup_printf ("%u x %u x %u", a[0], a[1], a[2]);
          g_autofree char *sb = two ? g_strdup_printf ("%u x %u", b[0], b[1])
                                    : g_strdup_printf ("%u x %u x %u", b[0], b[1], b[2]);

          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                       _("%s: a neighbour on MPI_Dims_create's grid, and the traced sizes do not tell whose "
                         "MPI_Dims_create made it: at P = %u SimGrid's SMPI makes %s, Open MPI's %s; give the "
                         "library the program ran under (--mpi-dims simgrid or openmpi), or trace a size "
                         "where they differ"),
                       at, d->P, sa, sb);
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- Functions of P ----------------------------------------------------------- */


double
ex_fn_eval (const Fn *f,
         guint     P)
{
  double v;

  switch (f->kind)
    {
    case AUGUR_EXTRAP_FN_CONSTANT:
      return f->c;
    case AUGUR_EXTRAP_FN_INVERSE:
      v = f->c / P;
      break;
    default:
      {
        double p = P;
        v = augur_fit_model_eval (f->model, &p);
      }
    }
  /* + 0.0: a whole number fitted a rounding error below 0 is 0, never
   * "-0" in a synthesised trace or a number a user reads */
  return f->whole ? nearbyint (v) + 0.0 : v;
}

double
ex_fn_eval_interval (const Fn *f,
                     double    P,
                     double   *low,
                     double   *high)
{
  double v, lo, hi;

  switch (f->kind)
    {
    case AUGUR_EXTRAP_FN_CONSTANT:
      v = f->c;
      break;
    case AUGUR_EXTRAP_FN_INVERSE:
      v = f->c / P;
      break;
    default:
      v = augur_fit_model_eval (f->model, &P);
    }
  if (f->whole)
    v = nearbyint (v) + 0.0;   /* 0, never -0: as ex_fn_eval */
  lo = hi = v;
  /* whole numbers give back every traced value exactly (or are refused):
   * they have no interval; constants and c / P of compute amounts read
   * from text have the traces' rounding (as extrap-size.c gives them),
   * others none */
  if (f->kind == AUGUR_EXTRAP_FN_FITTED && !f->whole &&
      !augur_fit_model_predict (f->model, &P, EX_PREDICTION_LEVEL, NULL, &lo, &hi, NULL))
    lo = hi = v;
  /* an exact fit's interval is its rounding errors' (1e-16 of the value):
   * none, rather than a band of noise that costs two more replays */
  if (hi - lo <= 2e-9 * fabs (v))
    lo = hi = v;
  if (f->digits && f->kind != AUGUR_EXTRAP_FN_FITTED && v != 0)
    {
      lo = v - EX_TRACE_DIGITS_ERROR * fabs (v);
      hi = v + EX_TRACE_DIGITS_ERROR * fabs (v);
    }
  if (f->nonneg && lo < 0)
    lo = 0;
  if (low != NULL)
    *low = lo;
  if (high != NULL)
    *high = hi;
  return v;
}

double
ex_fn_eval_bound (const Fn        *f,
                  guint            P,
                  AugurExtrapBound bound)
{
  double lo, hi, v;

  if (bound == AUGUR_EXTRAP_BOUND_FIT || f->whole || (f->kind != AUGUR_EXTRAP_FN_FITTED && !f->digits))
    return ex_fn_eval (f, P);
  v = ex_fn_eval_interval (f, P, &lo, &hi);
  (void) v;
  return bound == AUGUR_EXTRAP_BOUND_LOW ? lo : hi;
}

char *
ex_fn_to_string (const Fn *f)
{
  GString *s = g_string_new (NULL);

  switch (f->kind)
    {
    case AUGUR_EXTRAP_FN_CONSTANT:
      augur_format_append_double (s, f->c);
      break;
    case AUGUR_EXTRAP_FN_INVERSE:
      augur_format_append_double (s, f->c);
      g_string_append (s, " / P");
      break;
    default:
      {
        g_autofree char *text = augur_fit_model_to_string (f->model);
        if (f->whole)
          g_string_append_printf (s, "round(%s)", text);
        else
          g_string_append (s, text);
      }
    }
  return g_string_free (s, FALSE);
}

