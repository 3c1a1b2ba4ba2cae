/* extrap.c: the aligned runs generalised into a program of r and P
 * (docs/EXTRAPOLATE.md); its queries and its text.
 *
 * Every position of a class's loop program is looked at in every rank of
 * the class in every run (an observation each).  A rank field (peer, root,
 * a wait's src and dst) takes the first form that gives every observation:
 * a constant, the rank itself, (r + k) mod P, P - 1 - k, a neighbour
 * (+-1 in each dimension, periodic) on the 2-D or 3-D grid MPI_Dims_create
 * makes of P.  A number (bytes, a count, a trip count, a compute amount)
 * must be the same on every rank of a class in a run (compute amounts: their
 * mean is taken) and becomes a function of P: a constant, c / P, or
 * Extra-P's normal form fitted by activity-fit (leave-one-out
 * cross-validation, BIC).  Whole numbers must come back exactly at every
 * traced size from the fitted function, rounded; otherwise the parameter is
 * refused as not a function of P.  (extrap-forms.c: the forms and
 * functions; extrap-synth.c: the program at a target.)
 *
 * About 1,140 lines on purpose: one idea, the generalisation of the aligned
 * runs, with the model's queries that read what it generalised.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "augur-format.h"
#include "extrap-private.h"
#include "trace-smpi.h"

/* Measured amounts (docs/EXTRAPOLATE.md §3): the runs' values within this
 * fraction of their mean are one constant, their timing noise */
#define EX_MEASURED_NOISE 0.05
/* Imbalance (docs/EXTRAPOLATE.md §3): the ranks of a class whose slowest
 * computes more than this fraction above their mean are predicted with it */
#define EX_IMBALANCE 0.05
/* activity-fit.h's exponents 0 .. 1 (0, 1/4, 1/3, 1/2, 2/3, 3/4, 4/5, 1) and 0 .. 2 */
#define EX_EXPONENTS_UP_TO_1 0xffu
#define EX_EXPONENTS_UP_TO_2 0x3fffu

G_DEFINE_QUARK (augur-extrap-error-quark, augur_extrap_error)

/* ---- The model ------------------------------------------------------------------ */

static void
xnode_free (gpointer data)
{
  XNode *g = data;

  if (g == NULL)
    return;
  if (g->body != NULL)
    g_ptr_array_unref (g->body);
  for (guint i = 0; i < G_N_ELEMENTS (g->others); i++)
    if (g->others[i] != NULL)
      g_array_unref (g->others[i]);
  g_free (g);
}

void
augur_extrap_model_free (AugurExtrapModel *m)
{
  if (m == NULL)
    return;
  for (guint c = 0; c < EX_N_CLASSES; c++)
    xnode_free (m->classes[c]);
  g_clear_pointer (&m->runs, g_ptr_array_unref);
  g_clear_pointer (&m->fits, g_ptr_array_unref);
  g_clear_pointer (&m->params, g_array_unref);
  g_clear_pointer (&m->param_fns, g_ptr_array_unref);
  g_clear_pointer (&m->param_points, g_ptr_array_unref);
  g_clear_pointer (&m->strings, g_ptr_array_unref);
  g_clear_pointer (&m->warnings, g_ptr_array_unref);
  g_clear_pointer (&m->other_forms, g_array_unref);
  g_clear_pointer (&m->watches, g_array_unref);
  g_free (m);
}

/* One rank's node at a position, in one run. */
typedef struct
{
  const ExRun  *run;
  guint         rank;
  const ExNode *node;
} Obs;

static const char *
keep (AugurExtrapModel *m,
      char             *s)
{
  g_ptr_array_add (m->strings, s);
  return s;
}

static const double *
keep_points (AugurExtrapModel *m,
             const double     *v,
             guint             n)
{
  return (const double *) keep (m, g_memdup2 (v, n * sizeof *v));
}

static void
warn (AugurExtrapModel *m,
      char             *s)
{
  g_ptr_array_insert (m->warnings, m->warnings->len - 1, s);
}

char *
augur_extrap_format_position (const char *file,
                              guint64     line)
{
  gsize n = strlen (file);

  if (n > 5 && g_ascii_strcasecmp (file + n - 5, ".otf2") == 0)
    /* Translators: where in an OTF2 archive, e.g. "cg-32/traces.otf2, event 568". */
    return g_strdup_printf (_("%s, event %" PRIu64), file, (uint64_t) line);
  return g_strdup_printf ("%s:%" G_GUINT64_FORMAT, file, line);
}

static char *
where (const Obs *o)
{
  return augur_extrap_format_position (ex_run_file (o->run, o->node->file), o->node->line);
}

static guint
rank_field (const AugurTraceAction *a,
            RankField               f)
{
  switch (f)
    {
    case FIELD_PEER: return a->peer;
    case FIELD_ROOT: return a->root;
    case FIELD_SRC: return a->src;
    default: return a->dst;
    }
}

const char *
ex_rank_field_name (RankField f)
{
  switch (f)
    {
    case FIELD_PEER: return _("peer");
    case FIELD_ROOT: return _("root");
    case FIELD_SRC: return _("source");
    default: return _("destination");
    }
}

static gboolean
form_equal (const Form *a,
            const Form *b)
{
  return a->kind == b->kind && a->k == b->k && memcmp (a->d, b->d, sizeof a->d) == 0;
}

/* preferred: for rank 0's or rank P-1's own program, the forms of every
 * other rank's: one rank's peers fit many forms, and the rule the other
 * ranks follow is the one meant when it is among them. */
static gboolean
generalise_rank (Form         *out,
                 GArray      **others,
                 const GArray *preferred,
                 gboolean      tree,
                 guint         dims_rules,
                 RankField     field,
                 const Obs    *obs,
                 guint         n_obs,
                 GError      **error)
{
  Form cand[128];
  guint n = 0;
  const Obs *o0 = &obs[0];
  guint q0 = rank_field (&o0->node->act, field);
  guint P0 = o0->run->n_ranks;

  /* a stepped loop's field: the steps that give every rank's of the class
   * in every run, with the same i0 (the first kept, the others checked at
   * each target as other forms are) */
  if (o0->node->step[field] != 0)
    {
      guint mask = o0->node->step[field];

      for (guint i = 1; i < n_obs; i++)
        for (guint k = STEP_INDEX; k < STEP_N_KINDS; k++)
          if (!(obs[i].node->step[field] & (1u << k)) ||
              obs[i].node->step0[field][k] != o0->node->step0[field][k])
            mask &= ~(1u << k);
      for (guint k = STEP_INDEX; k < STEP_N_KINDS; k++)
        if (mask & (1u << k))
          cand[n++] = (Form) { FORM_STEP, o0->node->step0[field][k], { (int) k } };
      if (n == 0)
        {
          g_autofree char *at = where (&obs[n_obs - 1]);

          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s of rank %u of %u follows its loop's iteration k, but no step gives every "
                         "rank's in every run (k+i0, r xor 2^(k+i0), r xor (k+i0), (r+k+i0) mod P, "
                         "(r-k-i0) mod P, i0 the same for every rank)"),
                       at, ex_rank_field_name (field), obs[n_obs - 1].rank, obs[n_obs - 1].run->n_ranks);
          return FALSE;
        }
      *out = cand[0];
      if (n > 1)
        {
          *others = g_array_new (FALSE, FALSE, sizeof (Form));
          g_array_append_vals (*others, cand + 1, n - 1);
        }
      return TRUE;
    }
  cand[n++] = (Form) { FORM_CONST, q0 };
  if (q0 != G_MAXUINT)
    {
      gint64 k = (gint64) q0 - o0->rank;

      cand[n++] = (Form) { FORM_SELF };
      cand[n++] = (Form) { FORM_RING, k };
      cand[n++] = (Form) { FORM_RING, k > 0 ? k - P0 : k + P0 };
      cand[n++] = (Form) { FORM_LAST, (gint64) P0 - 1 - q0 };
      /* the same for every rank, as P - 1 - k is: a middle rank (a root) */
      cand[n++] = (Form) { FORM_HALF, (gint64) q0 - P0 / 2 };
      /* on the grids of the MPI libraries the runs may have run under
       * (k: 0 SimGrid's, 1 Open MPI's, ex_dims_rules) */
      for (gint64 lib = 0; lib < 2; lib++)
        if (dims_rules & (1u << lib))
          for (int a = -1; a <= 1; a++)
            for (int b = -1; b <= 1; b++)
              if (a != 0 || b != 0)
                cand[n++] = (Form) { FORM_GRID2, lib, { a, b, 0 } };
      for (gint64 lib = 0; lib < 2; lib++)
        if (dims_rules & (1u << lib))
          for (int a = -1; a <= 1; a++)
            for (int b = -1; b <= 1; b++)
              for (int c = -1; c <= 1; c++)
                if (a != 0 || b != 0 || c != 0)
                  cand[n++] = (Form) { FORM_GRID3, lib, { a, b, c } };
      /* a binomial tree's parent, only where the ranks run a tree (a
       * chain's last rank, P-2 at even P, would fit it too) */
      if (tree)
        cand[n++] = (Form) { FORM_PARENT };
    }
  for (guint i = 0; i < n_obs; i++)
    {
      guint q = rank_field (&obs[i].node->act, field);
      guint kept = 0;
      Dims d;

      ex_dims_init (&d, obs[i].run->n_ranks);
      for (guint j = 0; j < n; j++)
        if (ex_form_eval (&cand[j], obs[i].rank, &d) == q)
          cand[kept++] = cand[j];
      if (kept == 0)
        {
          g_autofree char *at = where (&obs[i]);
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s of rank %u of %u is %u, and no form gives every rank's in every run "
                         "(a constant, r, (r+k) mod P, P-1-k, P/2+k, a neighbour on MPI_Dims_create's 2-D or 3-D "
                         "grid)"),
                       at, ex_rank_field_name (field), obs[i].rank, obs[i].run->n_ranks, q);
          return FALSE;
        }
      n = kept;
    }
  for (guint j = 0; preferred != NULL && j < n; j++)
    for (guint k = 0; k < preferred->len; k++)
      if (form_equal (&cand[j], &g_array_index (preferred, Form, k)))
        {
          *out = cand[j];
          return TRUE;
        }
  *out = cand[0];
  if (n > 1)
    {
      *others = g_array_new (FALSE, FALSE, sizeof (Form));
      g_array_append_vals (*others, cand + 1, n - 1);
    }
  return TRUE;
}

static double
num_field (const ExNode *n,
           NumField      f)
{
  switch (f)
    {
    case NUM_BYTES: return n->act.bytes;
    case NUM_RECV_BYTES: return n->act.recv_bytes;
    case NUM_FLOPS: return ex_node_flops (n);
    case NUM_VALUE: return n->act.value;
    case NUM_PRE: return ex_node_pre (n);
    case NUM_VSEND:
    case NUM_VSEND_N: return n->vcount[0];
    case NUM_VRECV:
    case NUM_VRECV_N: return n->vcount[1];
    default: return (double) n->count;
    }
}

/* What a number is, untranslated: the words files and JSON keep, the
 * same in every locale (ex_num_field_name () translates them). */
const char *
ex_num_field_id (NumField f)
{
  switch (f)
    {
    case NUM_BYTES: return N_("bytes");
    case NUM_RECV_BYTES: return N_("bytes received");
    case NUM_FLOPS: return N_("flops");
    case NUM_VALUE: return N_("count");
    case NUM_PRE: return N_("flops computed before");
    case NUM_VSEND: return N_("bytes to each rank");
    case NUM_VRECV: return N_("bytes from each rank");
    case NUM_VSEND_N: return N_("elements of the vector sent in blocks");
    case NUM_VRECV_N: return N_("elements of the vector received in blocks");
    default: return N_("trip count");
    }
}

const char *
ex_num_field_name (NumField f)
{
  return _(ex_num_field_id (f));
}

/* Compute amounts whose mean over the ranks of a class is no number:
 * their sum passed the largest double (each rank's flops are bounded as
 * it is read, EX_MAX_RANK_FLOPS, not the ranks' together). */
static gboolean
refuse_overflow (const Obs *o,
                 NumField   field,
                 GString   *values,
                 GError   **error)
{
  g_autofree char *here = where (o);

  g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
               _("%s: the %s of the %u ranks add up past the largest number a double holds (1.8e308): their "
                 "mean cannot be taken"),
               here, ex_num_field_name (field), o->run->n_ranks);
  g_string_free (values, TRUE);
  return FALSE;
}

static gboolean
generalise_number (AugurExtrapModel *m,
                   Fn               *out,
                   NumField          field,
                   guint             class_index,
                   const Obs        *obs,
                   guint             n_obs,
                   GError          **error)
{
  guint n_runs = m->runs->len;
  g_autofree double *y = g_new0 (double, n_runs);
  g_autofree double *P = g_new0 (double, n_runs);
  g_autofree guint *seen = g_new0 (guint, n_runs);
  /* compute amounts: the slowest rank's of each run, and where it is */
  g_autofree double *slowest = g_new0 (double, n_runs);
  g_autofree const Obs **slowest_at = g_new0 (const Obs *, n_runs);
  double imbalance = 0;
  guint imbalanced_run = 0;
  /* counts of things are whole; flops and a sleep's seconds are not */
  gboolean whole = field != NUM_FLOPS && field != NUM_PRE &&
                   !(field == NUM_VALUE && !obs[0].node->is_loop && obs[0].node->act.kind == AUGUR_TRACE_ACTION_SLEEP);
  gboolean constant = TRUE, inverse = TRUE;
  const Obs *last = &obs[n_obs - 1];
  g_autofree char *at = where (last);
  const char *action = last->node->is_loop ? "loop" : trace_smpi_kind_name (last->node->act.kind);
  AugurExtrapParameter p = { 0 };
  GString *values = g_string_new (NULL);
  gboolean measured, noise = FALSE;
  double mean = 0, lowest = INFINITY, highest = -INFINITY;

  /* per run: the same on every rank (compute amounts: their mean, and the
   * ranks furthest apart, to warn of an imbalance the mean hides) */
  const Obs *lo = NULL, *hi = NULL, *run_lo = NULL, *run_hi = NULL;
  double spread = 0;

  for (guint i = 0, run = 0; i < n_obs; i++)
    {
      double v = num_field (obs[i].node, field);
      gboolean mean = field == NUM_FLOPS || field == NUM_PRE;

      while (obs[i].run != g_ptr_array_index (m->runs, run))
        run++;
      if (mean)
        {
          /* the smallest and largest amounts of this run so far */
          if (i == 0 || obs[i - 1].run != obs[i].run)
            run_lo = run_hi = &obs[i];
          else if (v < num_field (run_lo->node, field))
            run_lo = &obs[i];
          else if (v > num_field (run_hi->node, field))
            run_hi = &obs[i];
          if (i + 1 == n_obs || obs[i + 1].run != obs[i].run)
            {
              double a = num_field (run_lo->node, field), b = num_field (run_hi->node, field);
              double d = b > 0 ? (b - a) / b : 0;

              if (d > spread)
                {
                  spread = d;
                  lo = run_lo;
                  hi = run_hi;
                }
            }
        }
      if (!mean && seen[run] > 0 && v != y[run] && !(isnan (v) && isnan (y[run])))
        {
          g_autofree char *here = where (&obs[i]);
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s differ between ranks of one class (rank %u of %u: %s, another: %s): not a "
                         "function of P"),
                       here, ex_num_field_name (field), obs[i].rank, obs[i].run->n_ranks, NUM (v), NUM (y[run]));
          g_string_free (values, TRUE);
          return FALSE;
        }
      if (mean)
        y[run] += v;
      else
        y[run] = v;
      if (mean && (seen[run] == 0 || v > slowest[run]))
        {
          slowest[run] = v;
          slowest_at[run] = &obs[i];
        }
      P[run] = obs[i].run->n_ranks;
      seen[run]++;
    }
  for (guint j = 0; (field == NUM_FLOPS || field == NUM_PRE) && j < n_runs; j++)
    {
      /* the ranks' amounts summed for their mean: 8 ranks of 4e307 flops
       * were a mean of inf, refused as a fit's "<data>:3:2" at another
       * run's line */
      if (!isfinite (y[j]) && slowest_at[j] != NULL)
        return refuse_overflow (slowest_at[j], field, values, error);
      y[j] /= MAX (seen[j], 1);
      if (y[j] > 0 && slowest[j] / y[j] - 1 > imbalance)
        {
          imbalance = slowest[j] / y[j] - 1;
          imbalanced_run = j;
        }
    }
  /* ranks of one class that compute differently (docs/EXTRAPOLATE.md §3,
   * "Imbalance"): a bulk-synchronous program waits for its slowest rank
   * at each exchange or collective, so the slowest rank's amount of each
   * run is fitted and predicted; the mean is kept for people */
  if (imbalance > EX_IMBALANCE && slowest_at[imbalanced_run] != NULL)
    {
      const Obs *s = slowest_at[imbalanced_run];
      g_autofree char *at_s = where (s);

      warn (m, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s: the %s differs between ranks of one class: at %u rank, rank %u's, "
                                             "%s, is %s %% above the ranks' mean, %s; the slowest rank's is the one "
                                             "fitted and predicted, as each exchange or collective waits for it",
                                             "%s: the %s differs between ranks of one class: at %u ranks, rank %u's, "
                                             "%s, is %s %% above the ranks' mean, %s; the slowest rank's is the one "
                                             "fitted and predicted, as each exchange or collective waits for it",
                                             s->run->n_ranks),
                                at_s, ex_num_field_name (field), s->run->n_ranks, s->rank,
                                NUM (slowest[imbalanced_run]), NUM (nearbyint (1000 * imbalance) / 10),
                                NUM (y[imbalanced_run])));
      p.imbalance = imbalance;
      p.mean_points = keep_points (m, y, n_runs);
      for (guint j = 0; j < n_runs; j++)
        y[j] = slowest[j];
    }
  else if (spread > EX_IMBALANCE && hi != NULL)
    {
      g_autofree char *at_hi = where (hi);
      warn (m, g_strdup_printf (_("%s: the %s differs between ranks of one class by %s %% (rank %u of %u: %s; "
                                  "rank %u: %s): their mean is used, and the imbalance is lost"),
                                at_hi, ex_num_field_name (field), NUM (nearbyint (1000 * spread) / 10), hi->rank,
                                hi->run->n_ranks, NUM (num_field (hi->node, field)), lo->rank,
                                NUM (num_field (lo->node, field))));
    }
  for (guint j = 0; j < n_runs; j++)
    {
      constant = constant && (y[j] == y[0] || (isnan (y[j]) && isnan (y[0])));
      /* compute amounts are written to 6 significant digits (SMPI-REPLAY.md 1.6) */
      inverse = inverse && y[0] != 0 &&
                fabs (y[j] * P[j] - y[0] * P[0]) <= (whole ? 1e-9 : 1e-5) * fabs (y[0] * P[0]);
      g_string_append_printf (values, "%s%s (P=%u)", j ? ", " : "", NUM (y[j]), (guint) P[j]);
    }
  out->whole = whole;
  out->nonneg = TRUE;
  for (guint j = 0; j < n_runs; j++)
    out->nonneg = out->nonneg && y[j] >= 0;
  /* read from text to 6 digits (an OTF2 archive's are times x speed, in
   * full): a constant or c / P has their rounding as its interval */
  out->digits = (field == NUM_FLOPS || field == NUM_PRE) && !whole;
  for (guint j = 0; j < n_runs && out->digits; j++)
    out->digits = !((const ExRun *) g_ptr_array_index (m->runs, j))->otf2;
  /* a measured amount (docs/EXTRAPOLATE.md §3, "Measured amounts"): its
   * runs' values move by the timing noise of each run, which a steep
   * term would follow through 3 or 4 runs */
  measured = m->measured && (field == NUM_FLOPS || field == NUM_PRE) && !constant;
  for (guint j = 0; j < n_runs; j++)
    {
      mean += y[j] / n_runs;
      lowest = MIN (lowest, y[j]);
      highest = MAX (highest, y[j]);
    }
  if (measured && isfinite (mean) && mean != 0 && n_runs >= 3 &&
      MAX (highest - mean, mean - lowest) <= EX_MEASURED_NOISE * fabs (mean))
    noise = TRUE;
  if (constant)
    {
      out->kind = AUGUR_EXTRAP_FN_CONSTANT;
      out->c = y[0];
      m->digits = m->digits || (out->digits && out->c != 0);
      /* constants are part of the skeleton, not listed, but for the
       * slowest rank's amount: its imbalance is said with it */
      if (p.imbalance == 0)
        {
          g_string_free (values, TRUE);
          return TRUE;
        }
    }
  else if (inverse && !noise)
    {
      out->kind = AUGUR_EXTRAP_FN_INVERSE;
      out->c = 0;
      for (guint j = 0; j < n_runs; j++)
        out->c += y[j] * P[j] / n_runs;
      m->digits = m->digits || (out->digits && out->c != 0);
    }
  else
    {
      g_autoptr(AugurFitData) data = NULL;
      const char *names[] = { "P", NULL };
      AugurFitOptions options;
      AugurFitResult *fit;
      GError *local = NULL;

      if (n_runs < 3)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s varies with P (%s): 3 runs or more are needed to fit it"), at,
                       ex_num_field_name (field), values->str);
          g_string_free (values, TRUE);
          return FALSE;
        }
      data = augur_fit_data_new (1, names, ex_num_field_name (field));
      for (guint j = 0; j < n_runs; j++)
        if (!augur_fit_data_add (data, &P[j], y[j], &local))
          break;
      augur_fit_options_init (&options);
      /* a size's points are few: AICc would allow no term at 4 runs;
       * and a model must leave 2 degrees of freedom, or 3 coefficients
       * pass through 4 runs whatever they hold (a trip count of 20, 25,
       * 29, 35 would come back exactly, and 64 ranks be predicted from
       * a P^(5/4) term) */
      options.criterion = AUGUR_FIT_CRITERION_BIC;
      options.max_terms = MAX (1, (int) n_runs - 3);
      if (measured)
        {
          /* no growth steeper than the runs can show: P^i log2(P)^j with
           * i <= 1, j <= 1 up to 4 runs, i <= 2 up to 6 */
          options.exponent_mask = n_runs <= 4 ? EX_EXPONENTS_UP_TO_1 : n_runs <= 6 ? EX_EXPONENTS_UP_TO_2 : 0;
          options.log_mask = n_runs <= 6 ? 0x3 : 0;
        }
      if (noise)
        {
          /* the constant model, its coefficient the runs' plain mean and
           * its interval the runs' spread: the one candidate without a term */
          options.max_terms = 1;
          options.weighting = AUGUR_FIT_WEIGHTING_NONE;
          options.n_top = 100;
        }
      fit = local == NULL ? augur_fit (data, &options, NULL, &local) : NULL;
      if (fit == NULL)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s, %s, cannot be fitted as a function of P: %s"), at, ex_num_field_name (field),
                       values->str, local->message);
          g_error_free (local);
          g_string_free (values, TRUE);
          return FALSE;
        }
      g_ptr_array_add (m->fits, fit);
      out->kind = AUGUR_EXTRAP_FN_FITTED;
      out->model = augur_fit_result_get_model (fit);
      for (guint k = 0; noise && k < augur_fit_result_get_n_candidates (fit); k++)
        if (augur_fit_model_get_n_terms (augur_fit_result_get_candidate (fit, k)) == 0)
          {
            out->model = augur_fit_result_get_candidate (fit, k);
            break;
          }
      if (noise && augur_fit_model_get_n_terms (out->model) != 0)
        {
          /* no constant among the candidates (never seen: 100 of at most 16 models): the mean, without an interval */
          out->kind = AUGUR_EXTRAP_FN_CONSTANT;
          out->c = mean;
        }
      if ((measured && !noise) || (whole && n_runs == 3))
        {
          ExWatch w = { m->params->len, whole ? fit : NULL, mean, 0, 0, (highest - lowest) / fabs (mean) };
          double sx = 0, sy = 0, sxx = 0, sxy = 0;

          for (guint j = 0; j < n_runs; j++)
            {
              double x = log2 (P[j]);

              sx += x, sy += y[j], sxx += x * x, sxy += x * y[j];
            }
          w.c1 = (n_runs * sxy - sx * sy) / (n_runs * sxx - sx * sx);
          w.c0 = (sy - w.c1 * sx) / n_runs;
          g_array_append_val (m->watches, w);
        }
    }
  /* how well the function gives the traced values back */
  for (guint j = 0; j < n_runs; j++)
    {
      double f = ex_fn_eval (out, (guint) P[j]);
      double r = y[j] != 0 ? fabs (f - y[j]) / fabs (y[j]) : fabs (f);

      p.max_residual = MAX (p.max_residual, r);
      if (whole && f != y[j])
        {
          g_autofree char *text = ex_fn_to_string (out);
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s: the %s, %s, is not a function of P in Extra-P's normal form: the best fit, %s, "
                         "gives %s at P = %u"), at,
                       ex_num_field_name (field), values->str, text, NUM (f), (guint) P[j]);
          g_string_free (values, TRUE);
          return FALSE;
        }
    }
  if (p.max_residual > 0.05)
    warn (m, g_strdup_printf (_("%s: the %s, %s, is fitted within %s %% only"), at, ex_num_field_name (field),
                              values->str, NUM (nearbyint (1000 * p.max_residual) / 10)));
  if (out->kind == AUGUR_EXTRAP_FN_FITTED && n_runs < 5 && !m->warned_few_runs)
    {
      m->warned_few_runs = TRUE;
      warn (m, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "functions of P fitted from %u run: Extra-P asks for 5 sizes or more; "
                                             "each is a single term",
                                             "functions of P fitted from %u runs: Extra-P asks for 5 sizes or more; "
                                             "each is a single term", n_runs), n_runs));
    }
  g_string_free (values, TRUE);
  p.what = p.imbalance > 0 ? keep (m, g_strdup_printf (_("%s of the slowest rank"), ex_num_field_name (field)))
                           : ex_num_field_name (field);
  p.what_id = p.imbalance > 0 ? keep (m, g_strdup_printf ("%s of the slowest rank", ex_num_field_id (field)))
                              : ex_num_field_id (field);
  p.action = action;
  p.class_index = class_index;
  p.file = keep (m, g_strdup (ex_run_file (last->run, last->node->file)));
  p.line = last->node->line;
  p.kind = out->kind;
  p.function = keep (m, ex_fn_to_string (out));
  g_array_append_val (m->params, p);
  g_ptr_array_add (m->param_fns, out);
  g_ptr_array_add (m->param_points, g_memdup2 (y, n_runs * sizeof (double)));
  return TRUE;
}

static XNode *
generalise (AugurExtrapModel *m,
            guint             class_index,
            const Obs        *obs,
            guint             n_obs,
            GError          **error);

static gboolean
generalise_body (AugurExtrapModel *m,
                 XNode            *g,
                 guint             class_index,
                 const Obs        *obs,
                 guint             n_obs,
                 GError          **error)
{
  const ExNode *n0 = obs[0].node;
  g_autofree Obs *sub = g_new (Obs, n_obs);
  guint n_sub = 0;

  g->body = g_ptr_array_new_with_free_func (xnode_free);
  /* a loop run 0 times (a leaf of a binomial tree) tells nothing of its body */
  for (guint k = 0; k < n_obs; k++)
    n_sub += obs[k].node->count > 0;
  if (n_sub == 0)
    {
      g_autofree char *at = where (&obs[n_obs - 1]);
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                   _("%s: no rank of its class runs this loop in any run: what it does cannot be told"), at);
      return FALSE;
    }
  for (guint i = 0; i < n0->body->len; i++)
    {
      XNode *child;

      n_sub = 0;
      for (guint k = 0; k < n_obs; k++)
        if (obs[k].node->count > 0)
          sub[n_sub++] = (Obs) { obs[k].run, obs[k].rank, g_ptr_array_index (obs[k].node->body, i) };
      child = generalise (m, class_index, sub, n_sub, error);
      if (child == NULL)
        return FALSE;
      g_ptr_array_add (g->body, child);
    }
  return TRUE;
}

/* A loop of one action whose trip count is, on every rank of its class in
 * every run, the number of that rank's children in a binomial tree of P
 * (ex_tree_children): the receives of a tree reduction, the sends of a
 * tree broadcast, however many children each rank has. */
static gboolean
tree_loop (const Obs *obs,
           guint      n_obs)
{
  for (guint i = 0; i < n_obs; i++)
    {
      const ExNode *n = obs[i].node;

      if (n->body->len != 1 || ((ExNode *) g_ptr_array_index (n->body, 0))->is_loop ||
          n->count != ex_tree_children (obs[i].rank, obs[i].run->n_ranks))
        return FALSE;
    }
  return TRUE;
}

/* A v-collective's counts: a block distribution in one observation makes
 * the node's counts one (docs/EXTRAPOLATE.md §3); a run where every rank
 * has the same count (N a multiple of its P) then gives N = P c / e. */
static gboolean
generalise_vshape (XNode     *g,
                   const Obs *obs,
                   guint      n_obs,
                   GError   **error)
{
  for (guint k = 0; k < 2; k++)
    {
      const Obs *block = NULL;

      for (guint i = 0; i < n_obs && block == NULL; i++)
        if (obs[i].node->vshape[k] != V_UNIFORM)
          block = &obs[i];
      /* a root's larger share of one element more, rank 0's, reads as
       * blocks of one vector too: the share, when another run says so */
      for (guint i = 0; i < n_obs; i++)
        if (obs[i].node->vshape[k] == V_ROOT_SHARE)
          block = &obs[i];
      g->vshape[k] = block != NULL ? block->node->vshape[k] : V_UNIFORM;
      g->velem[k] = block != NULL ? block->node->velem[k] : 0;
      for (guint i = 0; block != NULL && i < n_obs; i++)
        {
          ExNode *n = (ExNode *) obs[i].node;
          /* e (N / P)^2 each for a transpose's blocks, e N / P else */
          double N = g->vshape[k] == V_BLOCK_PRODUCT ? obs[i].run->n_ranks * sqrt (n->vcount[k] / g->velem[k])
                                                     : n->vcount[k] * obs[i].run->n_ranks / g->velem[k];

          if (n->vshape[k] == V_BLOCK_PEER && g->vshape[k] == V_ROOT_SHARE && n->act.root == 0 &&
              fmod (n->vcount[k], obs[i].run->n_ranks) == 1)
            n->vshape[k] = V_ROOT_SHARE;
          if (n->vshape[k] == V_UNIFORM && n->vcount[k] >= 0 && N == floor (N))
            {
              /* the runs' own nodes: their traced value is then N too */
              n->vcount[k] = N;
              n->vshape[k] = g->vshape[k];
              n->velem[k] = g->velem[k];
            }
          if (n->vshape[k] != g->vshape[k] || n->velem[k] != g->velem[k])
            {
              g_autofree char *at = where (&obs[i]);
              g_autofree char *at0 = where (block);

              g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                           _("%s: rank %u of %u: the counts of '%s' are not the block distribution they are at "
                             "%s (rank %u of %u)"),
                           at, obs[i].rank, obs[i].run->n_ranks, trace_smpi_kind_name (n->act.kind), at0,
                           block->rank, block->run->n_ranks);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static XNode *
generalise (AugurExtrapModel *m,
            guint             class_index,
            const Obs        *obs,
            guint             n_obs,
            GError          **error)
{
  XNode *g = g_new0 (XNode, 1);
  const Obs *last = &obs[n_obs - 1];
  const GArray *pref = class_index != EX_CLASS_OTHERS ? m->other_forms : NULL;
  gboolean ok;

  g->is_loop = obs[0].node->is_loop;
  g->file = ex_run_file (last->run, last->node->file);
  g->line = last->node->line;
  g->act = last->node->act;
  if (g->is_loop && m->tree && tree_loop (obs, n_obs))
    {
      g->tree_count = TRUE;
      g->count = (Fn) { .kind = AUGUR_EXTRAP_FN_CONSTANT, .whole = TRUE, .nonneg = TRUE };
      ok = generalise_body (m, g, class_index, obs, n_obs, error);
    }
  else if (g->is_loop)
    ok = generalise_number (m, &g->count, NUM_COUNT, class_index, obs, n_obs, error) &&
         generalise_body (m, g, class_index, obs, n_obs, error);
  else
    {
      ok = generalise_vshape (g, obs, n_obs, error) &&
           generalise_rank (&g->peer, &g->others[0], pref, m->tree, m->dims_rules, FIELD_PEER, obs, n_obs, error) &&
           generalise_rank (&g->root, &g->others[1], pref, m->tree, m->dims_rules, FIELD_ROOT, obs, n_obs, error) &&
           generalise_rank (&g->src, &g->others[2], pref, m->tree, m->dims_rules, FIELD_SRC, obs, n_obs, error) &&
           generalise_rank (&g->dst, &g->others[3], pref, m->tree, m->dims_rules, FIELD_DST, obs, n_obs, error) &&
           generalise_number (m, &g->bytes, NUM_BYTES, class_index, obs, n_obs, error) &&
           generalise_number (m, &g->recv_bytes, NUM_RECV_BYTES, class_index, obs, n_obs, error) &&
           generalise_number (m, &g->flops, NUM_FLOPS, class_index, obs, n_obs, error) &&
           generalise_number (m, &g->value, NUM_VALUE, class_index, obs, n_obs, error) &&
           generalise_number (m, &g->pre, NUM_PRE, class_index, obs, n_obs, error) &&
           generalise_number (m, &g->vcount[0], g->vshape[0] != V_UNIFORM ? NUM_VSEND_N : NUM_VSEND, class_index,
                              obs, n_obs, error) &&
           generalise_number (m, &g->vcount[1], g->vshape[1] != V_UNIFORM ? NUM_VRECV_N : NUM_VRECV, class_index,
                              obs, n_obs, error);
      /* a wait's own end of its request is r by MPI's rules, whatever else
       * fits (its role is in its signature, extrap-align.c): no other form
       * to tell apart at the targets */
      if (ok && (g->act.kind == AUGUR_TRACE_ACTION_WAIT || g->act.kind == AUGUR_TRACE_ACTION_TEST))
        for (guint f = FIELD_SRC; f <= FIELD_DST; f++)
          if ((f == FIELD_SRC ? g->src.kind : g->dst.kind) == FORM_SELF && g->others[f] != NULL)
            g_array_set_size (g->others[f], 0);
      for (guint i = 1; ok && i < n_obs; i++)
        if (obs[i].node->act.tag != obs[0].node->act.tag)
          {
            g_autofree char *at = where (&obs[i]);
            g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                         _("%s: rank %u of %u uses the tag %d where another rank of its class uses %d"), at,
                         obs[i].rank, obs[i].run->n_ranks, obs[i].node->act.tag, obs[0].node->act.tag);
            ok = FALSE;
          }
    }
  if (!ok)
    {
      xnode_free (g);
      return NULL;
    }
  return g;
}

static void
collect_forms (const XNode *g,
               GArray      *forms)
{
  if (g->is_loop)
    {
      for (guint i = 0; i < g->body->len; i++)
        collect_forms (g_ptr_array_index (g->body, i), forms);
      return;
    }
  for (guint i = 0; i < 4; i++)
    {
      const Form *f = i == 0 ? &g->peer : i == 1 ? &g->root : i == 2 ? &g->src : &g->dst;
      gboolean seen = f->kind == FORM_CONST && f->k == G_MAXUINT;

      for (guint k = 0; !seen && k < forms->len; k++)
        seen = form_equal (f, &g_array_index (forms, Form, k));
      if (!seen)
        g_array_append_val (forms, *f);
    }
}

void
augur_extrap_options_init (AugurExtrapOptions *options)
{
  g_return_if_fail (options != NULL);
  options->compute_tolerance = AUGUR_EXTRAP_COMPUTE_TOLERANCE;
  options->mpi_dims = AUGUR_EXTRAP_MPI_DIMS_AUTO;
  options->host_speed = 0;
  options->every_iteration = FALSE;
}

gboolean
ex_model_has_digits (const AugurExtrapModel *m)
{
  return m->digits;
}

AugurExtrapModel *
augur_extrap_model_new (GFile *const             *runs,
                        guint                     n_runs,
                        const AugurExtrapOptions *options,
                        GCancellable             *cancellable,
                        GError                  **error)
{
  g_autoptr(AugurExtrapModel) m = g_new0 (AugurExtrapModel, 1);
  const ExRun *ref;
  AugurExtrapOptions defaults;
  gboolean warned_speed = FALSE;

  if (options == NULL)
    {
      augur_extrap_options_init (&defaults);
      options = &defaults;
    }
  g_return_val_if_fail (options->compute_tolerance >= 0, NULL);

  g_return_val_if_fail (runs != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  m->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) ex_run_free);
  m->fits = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_fit_result_free);
  m->params = g_array_new (FALSE, TRUE, sizeof (AugurExtrapParameter));
  m->param_fns = g_ptr_array_new ();
  m->param_points = g_ptr_array_new_with_free_func (g_free);
  m->strings = g_ptr_array_new_with_free_func (g_free);
  m->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (m->warnings, NULL);
  m->watches = g_array_new (FALSE, TRUE, sizeof (ExWatch));
  m->measured = isinf (options->compute_tolerance);
  m->every_iteration = options->every_iteration;
  m->dims_rules = ex_dims_rules (runs, n_runs, options->mpi_dims);
  if (n_runs < 2)
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                   _("give the traces of 2 runs or more, at different numbers of ranks (3 or more to fit what "
                     "varies with P)"));
      return NULL;
    }
  for (guint i = 0; i < n_runs; i++)
    {
      ExRun *run = ex_run_read_at_speed (runs[i], options->compute_tolerance, options->host_speed, cancellable,
                                         error);

      if (run == NULL)
        return NULL;
      if (run->note != NULL)
        warn (m, g_strdup (run->note));
      /* once, at the first archive: each of its computes is time x speed */
      if (run->otf2 && !warned_speed)
        {
          char *speed = augur_extrap_host_speed_warning (options->host_speed);

          warned_speed = TRUE;
          if (speed != NULL)
            warn (m, speed);
        }
      g_ptr_array_add (m->runs, run);
    }
  if (!ex_runs_align (m->runs, error))
    {
      /* an OTF2 archive's computes vary: with a finite tolerance they
       * part the loops, and the refusal would not say why */
      for (guint i = 0; i < m->runs->len && !m->measured; i++)
        if (((const ExRun *) g_ptr_array_index (m->runs, i))->otf2)
          {
            g_prefix_error (error, _("the runs' computes were measured (OTF2 archives) and vary from iteration to "
                                     "iteration: extrapolate them with any compute tolerance (--compute-tolerance "
                                     "any, Measured computes); "));
            break;
          }
      return NULL;
    }
  ref = g_ptr_array_index (m->runs, m->runs->len - 1);
  m->tree = ref->tree;
  m->zero_apart = ref->zero_apart;
  m->last_apart = ref->last_apart;
  for (guint c = 0; c < EX_N_CLASSES; c++)
    {
      g_autoptr(GArray) obs = g_array_new (FALSE, FALSE, sizeof (Obs));
      ExNode root = { .is_loop = TRUE, .count = 1 };

      if (c != EX_CLASS_OTHERS && ex_run_class_rank (ref, c) == G_MAXUINT)
        continue;
      for (guint j = 0; j < m->runs->len; j++)
        {
          const ExRun *run = g_ptr_array_index (m->runs, j);

          for (guint r = 0; r < run->n_ranks; r++)
            if (ex_run_rank_class (run, r) == c)
              {
                /* each rank's program as the body of a loop run once */
                ExNode *top = g_new0 (ExNode, 1);
                Obs o = { run, r, top };

                *top = root;
                top->body = run->ranks[r];
                top->line = ((ExNode *) g_ptr_array_index (run->ranks[r], 0))->line;
                top->file = ((ExNode *) g_ptr_array_index (run->ranks[r], 0))->file;
                g_array_append_val (obs, o);
              }
        }
      m->classes[c] = generalise (m, c, (Obs *) (gpointer) obs->data, obs->len, error);
      for (guint k = 0; k < obs->len; k++)
        g_free ((gpointer) g_array_index (obs, Obs, k).node);
      if (m->classes[c] == NULL)
        return NULL;
      if (c == EX_CLASS_OTHERS)
        {
          m->other_forms = g_array_new (FALSE, FALSE, sizeof (Form));
          collect_forms (m->classes[c], m->other_forms);
        }
    }
  return g_steal_pointer (&m);
}

/* ---- Queries ---------------------------------------------------------------------- */

guint
augur_extrap_model_get_n_runs (const AugurExtrapModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->runs->len;
}

guint
augur_extrap_model_get_run_ranks (const AugurExtrapModel *m,
                                  guint                   run)
{
  g_return_val_if_fail (m != NULL && run < m->runs->len, 0);
  return ((const ExRun *) g_ptr_array_index (m->runs, run))->n_ranks;
}

guint64
augur_extrap_model_get_run_actions (const AugurExtrapModel *m,
                                    guint                   run)
{
  g_return_val_if_fail (m != NULL && run < m->runs->len, 0);
  return ((const ExRun *) g_ptr_array_index (m->runs, run))->n_actions;
}

guint
augur_extrap_model_get_n_classes (const AugurExtrapModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return 1 + (m->zero_apart ? 1 : 0) + (m->last_apart ? 1 : 0);
}

/* The class of index c among those that exist. */
static guint
nth_class (const AugurExtrapModel *m,
           guint                   c)
{
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (m->classes[k] != NULL && c-- == 0)
      return k;
  return EX_CLASS_OTHERS;
}

/* A class's name, untranslated (class_name () translates it). */
static const char *
class_id (const AugurExtrapModel *m,
          guint                   k)
{
  if (k == EX_CLASS_ZERO)
    return N_("rank 0");
  if (k == EX_CLASS_LAST)
    return N_("rank P-1");
  return m->zero_apart || m->last_apart ? N_("every other rank") : N_("every rank");
}

static const char *
class_name (const AugurExtrapModel *m,
            guint                   k)
{
  return _(class_id (m, k));
}

const char *
augur_extrap_model_get_class_name (const AugurExtrapModel *m,
                                   guint                   c)
{
  g_return_val_if_fail (m != NULL, NULL);
  return class_name (m, nth_class (m, c));
}

const char *
augur_extrap_model_get_class_id (const AugurExtrapModel *m,
                                 guint                   c)
{
  g_return_val_if_fail (m != NULL, NULL);
  return class_id (m, nth_class (m, c));
}

static guint
count_lines (const XNode *g)
{
  guint n = 0;

  for (guint i = 0; i < g->body->len; i++)
    {
      const XNode *c = g_ptr_array_index (g->body, i);
      n += 1 + (c->is_loop ? count_lines (c) : 0);
    }
  return n;
}

guint
augur_extrap_model_get_class_lines (const AugurExtrapModel *m,
                                    guint                   c)
{
  g_return_val_if_fail (m != NULL, 0);
  return count_lines (m->classes[nth_class (m, c)]);
}

guint
augur_extrap_model_get_n_parameters (const AugurExtrapModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->params->len;
}

const AugurExtrapParameter *
augur_extrap_model_get_parameter (const AugurExtrapModel *m,
                                  guint                   i)
{
  g_return_val_if_fail (m != NULL && i < m->params->len, NULL);
  return &g_array_index (m->params, AugurExtrapParameter, i);
}

double
augur_extrap_model_eval_parameter (const AugurExtrapModel *m,
                                   guint                   i,
                                   double                  ranks,
                                   double                 *low,
                                   double                 *high)
{
  g_return_val_if_fail (m != NULL && i < m->params->len, NAN);
  return ex_fn_eval_interval (g_ptr_array_index (m->param_fns, i), ranks, low, high);
}

const double *
augur_extrap_model_get_parameter_points (const AugurExtrapModel *m,
                                         guint                   i)
{
  g_return_val_if_fail (m != NULL && i < m->params->len, NULL);
  return g_ptr_array_index (m->param_points, i);
}

/* A whole number's other candidate that gives back every traced value
 * and another value at P (NULL: none). */
static const AugurFitModel *
other_whole_fit (const AugurExtrapModel *m,
                 const ExWatch          *w,
                 guint                   P,
                 double                  chosen)
{
  const double *y = g_ptr_array_index (m->param_points, w->param);

  for (guint k = 0; k < augur_fit_result_get_n_candidates (w->fit); k++)
    {
      const AugurFitModel *alt = augur_fit_result_get_candidate (w->fit, k);
      double x = P;
      gboolean exact = TRUE;

      for (guint j = 0; j < m->runs->len && exact; j++)
        {
          double Pj = augur_extrap_model_get_run_ranks (m, j);

          exact = nearbyint (augur_fit_model_eval (alt, &Pj)) == y[j];
        }
      if (exact && nearbyint (augur_fit_model_eval (alt, &x)) != chosen)
        return alt;
    }
  return NULL;
}

char *
ex_model_target_notes (const AugurExtrapModel *m,
                       guint                   P)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < m->watches->len; i++)
    {
      const ExWatch *w = &g_array_index (m->watches, ExWatch, i);
      const AugurExtrapParameter *p = &g_array_index (m->params, AugurExtrapParameter, w->param);
      const Fn *f = g_ptr_array_index (m->param_fns, w->param);
      double v = ex_fn_eval (f, P);
      g_autofree char *text = NULL;
      g_autofree char *at = augur_extrap_format_position (p->file, p->line);

      if (w->fit != NULL)
        {
          const AugurFitModel *alt = other_whole_fit (m, w, P, v);
          g_autofree char *fn = ex_fn_to_string (f), *alt_fn = NULL;
          double x = P;

          if (alt == NULL)
            continue;
          alt_fn = augur_fit_model_to_string (alt);
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s: the %s of %s at %u rank is uncertain: %s by "
                                               "%s, %s by round(%s), which give every traced value as well",
                                               "%s: the %s of %s at %u ranks is uncertain: %s by "
                                               "%s, %s by round(%s), which give every traced value as well", P),
                                  at, p->what, p->action, P, NUM (v), fn,
                                  NUM (nearbyint (augur_fit_model_eval (alt, &x))), alt_fn);
        }
      else
        {
          double by_log = w->c0 + w->c1 * log2 (P);
          double d_mean = fabs (v - w->mean) / fabs (w->mean);
          double d_log = by_log != 0 ? fabs (v - by_log) / fabs (by_log) : INFINITY;

          /* far from both simpler forms: more than twice the runs' own spread */
          if (!(MIN (d_mean, d_log) > 2 * w->variation))
            continue;
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s: the %s of %s at %u rank is %s by its fitted "
                                               "function, %s, but %s as a constant and %s as c0 + c1 * log2(P): the "
                                               "runs, whose values vary by %s %%, cannot tell these apart there",
                                               "%s: the %s of %s at %u ranks is %s by its fitted "
                                               "function, %s, but %s as a constant and %s as c0 + c1 * log2(P): the "
                                               "runs, whose values vary by %s %%, cannot tell these apart there", P),
                                  at, p->what, p->action, P, NUM (v), p->function, NUM (w->mean),
                                  NUM (by_log), NUM (nearbyint (1000 * w->variation) / 10));
        }
      g_string_append_printf (s, "%s%s", s->len > 0 ? "; " : "", text);
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

const char *const *
augur_extrap_model_get_warnings (const AugurExtrapModel *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return (const char *const *) m->warnings->pdata;
}

static void
append_fn (GString    *s,
           const char *name,
           const Fn   *f)
{
  g_autofree char *text = ex_fn_to_string (f);

  g_string_append_printf (s, " %s=%s", name, text);
}

static void
append_form (GString    *s,
             const char *name,
             const Form *f)
{
  g_autofree char *text = ex_form_to_string (f);

  g_string_append_printf (s, " %s=%s", name, text);
}

static void
append_program (GString     *s,
                const XNode *g,
                int          depth)
{
  for (guint i = 0; i < g->body->len; i++)
    {
      const XNode *c = g_ptr_array_index (g->body, i);
      AugurTraceActionKind k = c->act.kind;

      g_string_append_printf (s, "%*s", 2 * depth + 2, "");
      if (c->is_loop)
        {
          g_autofree char *count = c->tree_count ? g_strdup ("children(r,P)") : ex_fn_to_string (&c->count);
          g_string_append_printf (s, "loop %s times {\n", count);
          append_program (s, c, depth + 1);
          g_string_append_printf (s, "%*s}\n", 2 * depth + 2, "");
          continue;
        }
      g_string_append (s, trace_smpi_kind_name (k));
      if (c->act.peer != G_MAXUINT)
        append_form (s, "peer", &c->peer);
      if (c->act.src != G_MAXUINT)
        append_form (s, "src", &c->src);
      if (c->act.dst != G_MAXUINT)
        append_form (s, "dst", &c->dst);
      if (c->act.root != G_MAXUINT)
        append_form (s, "root", &c->root);
      if (k == AUGUR_TRACE_ACTION_SEND || k == AUGUR_TRACE_ACTION_ISEND || k == AUGUR_TRACE_ACTION_RECV ||
          k == AUGUR_TRACE_ACTION_IRECV || k == AUGUR_TRACE_ACTION_WAIT || k == AUGUR_TRACE_ACTION_TEST)
        g_string_append_printf (s, " tag=%d", c->act.tag);
      if (k == AUGUR_TRACE_ACTION_COMPUTE || c->flops.kind != AUGUR_EXTRAP_FN_CONSTANT || c->flops.c != 0)
        append_fn (s, "flops", &c->flops);
      if (c->act.bytes > 0 || c->bytes.kind != AUGUR_EXTRAP_FN_CONSTANT)
        append_fn (s, "bytes", &c->bytes);
      if (c->act.recv_bytes > 0 || c->recv_bytes.kind != AUGUR_EXTRAP_FN_CONSTANT)
        append_fn (s, "recv_bytes", &c->recv_bytes);
      if (c->act.value != 0 || c->value.kind != AUGUR_EXTRAP_FN_CONSTANT)
        append_fn (s, "count", &c->value);
      for (guint k = 0; k < 2; k++)
        {
          const char *name = k == 0 ? "bytes_per_rank" : "recv_bytes_per_rank";

          if (c->vshape[k] != V_UNIFORM)
            {
              /* the block of peer j (or of r itself, or both) of N elements */
              g_autofree char *N = ex_fn_to_string (&c->vcount[k]);

              if (c->vshape[k] == V_BLOCK_PRODUCT)
                g_string_append_printf (s, " %s=%u*blk(%s,P,r)*blk(%s,P,j)", name, c->velem[k], N, N);
              else if (c->vshape[k] == V_ROOT_SHARE)
                /* floor(N/P), the root floor(N/P) + N mod P */
                g_string_append_printf (s, " %s=%u*share(%s,P,j)", name, c->velem[k], N);
              else
                g_string_append_printf (s, " %s=%u*blk(%s,P,%s)", name, c->velem[k], N,
                                        c->vshape[k] == V_BLOCK_PEER ? "j" : "r");
            }
          else if (c->vcount[k].kind != AUGUR_EXTRAP_FN_CONSTANT || c->vcount[k].c >= 0)
            append_fn (s, name, &c->vcount[k]);
        }
      if (c->pre.kind != AUGUR_EXTRAP_FN_CONSTANT || c->pre.c != 0)
        append_fn (s, "after_compute", &c->pre);
      {
        g_autofree char *at = augur_extrap_format_position (c->file, c->line);

        g_string_append_printf (s, "   # %s\n", at);
      }
    }
}

char *
augur_extrap_model_to_text (const AugurExtrapModel *m)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (m != NULL, NULL);

  for (guint k = 0; k < EX_N_CLASSES; k++)
    {
      if (m->classes[k] == NULL)
        continue;
      g_string_append_printf (s, "%s:\n", class_name (m, k));
      append_program (s, m->classes[k], 0);
    }
  return g_string_free (s, FALSE);
}

