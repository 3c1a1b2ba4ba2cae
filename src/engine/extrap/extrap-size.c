/* extrap-size.c: runs that vary a problem size n as well as the number of
 * ranks P (docs/EXTRAPOLATE.md §10).
 *
 * The runs of each n are one model in P (extrap.c, as always); at a target
 * (P, n) each number of the program is evaluated at P in every size's
 * model and those values are fitted as a function of n (Extra-P's normal
 * form, cross-validated; exact forms first), then evaluated at n: a
 * two-stage multi-parameter fit, whose n-function's coefficients may
 * depend on P in any way the P-models give.  The program at (P, n) is the
 * model of the size nearest n with every number replaced by that value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "extrap-private.h"
#include "augur-format.h"
#include "trace-smpi.h"

/* A compute amount that is no fitted function of P is known to the
 * traces' printed digits only (EX_TRACE_DIGITS_ERROR, extrap-private.h);
 * at a target (P, n) the amounts of every size are fitted in n and
 * extrapolated, and that rounding is part of their interval
 * (docs/EXTRAPOLATE.md §10). */
#define TRACE_DIGITS_ERROR EX_TRACE_DIGITS_ERROR

struct _AugurExtrapSizedModel
{
  GArray            *sizes;    /* double: the distinct n, increasing */
  GPtrArray         *files;    /* per size: GPtrArray of GFile, its runs */
  GPtrArray         *models;   /* per size: AugurExtrapModel */
  AugurExtrapOptions options;
};

void
augur_extrap_sized_model_free (AugurExtrapSizedModel *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->sizes, g_array_unref);
  g_clear_pointer (&s->files, g_ptr_array_unref);
  g_clear_pointer (&s->models, g_ptr_array_unref);
  g_free (s);
}

AugurExtrapSizedModel *
augur_extrap_sized_model_new (GFile *const             *runs,
                              const double             *sizes,
                              guint                     n_runs,
                              const AugurExtrapOptions *options,
                              GCancellable             *cancellable,
                              GError                  **error)
{
  g_autoptr(AugurExtrapSizedModel) s = g_new0 (AugurExtrapSizedModel, 1);

  g_return_val_if_fail (runs != NULL && sizes != NULL, NULL);
  if (options != NULL)
    s->options = *options;
  else
    augur_extrap_options_init (&s->options);
  s->sizes = g_array_new (FALSE, FALSE, sizeof (double));
  s->files = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  s->models = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_extrap_model_free);
  for (guint i = 0; i < n_runs; i++)
    {
      guint k = 0;

      if (!(sizes[i] > 0) || !isfinite (sizes[i]))
        {
          g_autofree char *name = g_file_get_parse_name (runs[i]);
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                       _("%s: its problem size must be a number greater than 0"), name);
          return NULL;
        }
      while (k < s->sizes->len && g_array_index (s->sizes, double, k) < sizes[i])
        k++;
      if (k == s->sizes->len || g_array_index (s->sizes, double, k) != sizes[i])
        {
          g_array_insert_val (s->sizes, k, sizes[i]);
          g_ptr_array_insert (s->files, k, g_ptr_array_new_with_free_func (g_object_unref));
        }
      g_ptr_array_add (g_ptr_array_index (s->files, k), g_object_ref (runs[i]));
    }
  /* a function of n through fewer sizes would be a guess */
  if (s->sizes->len < 3)
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "the runs have %u problem size: 3 or more are needed to fit what varies with n, each "
                                "traced at 3 numbers of ranks or more",
                                "the runs have %u problem sizes: 3 or more are needed to fit what varies with n, each "
                                "traced at 3 numbers of ranks or more", s->sizes->len), s->sizes->len);
      return NULL;
    }
  for (guint k = 0; k < s->sizes->len; k++)
    {
      GPtrArray *files = g_ptr_array_index (s->files, k);
      g_autoptr(GError) local = NULL;
      AugurExtrapModel *m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &s->options,
                                                    cancellable, &local);

      if (m == NULL)
        {
          g_set_error (error, local->domain, local->code, _("the runs of n = %s: %s"),
                       NUM (g_array_index (s->sizes, double, k)), local->message);
          return NULL;
        }
      g_ptr_array_add (s->models, m);
    }
  return g_steal_pointer (&s);
}

guint
augur_extrap_sized_model_get_n_sizes (const AugurExtrapSizedModel *s)
{
  return s->sizes->len;
}

double
augur_extrap_sized_model_get_size (const AugurExtrapSizedModel *s,
                                   guint                        k)
{
  g_return_val_if_fail (k < s->sizes->len, NAN);
  return g_array_index (s->sizes, double, k);
}

static void
string_free (gpointer data)
{
  g_string_free (data, TRUE);
}

const AugurExtrapModel *
augur_extrap_sized_model_get_model (const AugurExtrapSizedModel *s,
                                    guint                        k)
{
  g_return_val_if_fail (k < s->models->len, NULL);
  return g_ptr_array_index (s->models, k);
}

char **
augur_extrap_sized_model_dup_warnings (const AugurExtrapSizedModel *s)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();   /* borrowed, each once */
  g_autoptr(GPtrArray) sizes = g_ptr_array_new_with_free_func (string_free);
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (s != NULL, NULL);

  for (guint k = 0; k < s->models->len; k++)
    {
      const char *const *w = augur_extrap_model_get_warnings (g_ptr_array_index (s->models, k));

      for (guint i = 0; w != NULL && w[i] != NULL; i++)
        {
          guint j = 0;
          GString *at;

          while (j < texts->len && strcmp (g_ptr_array_index (texts, j), w[i]) != 0)
            j++;
          if (j == texts->len)
            {
              g_ptr_array_add (texts, (gpointer) w[i]);
              g_ptr_array_add (sizes, g_string_new (NULL));
            }
          at = g_ptr_array_index (sizes, j);
          g_string_append_printf (at, "%s%s", at->len > 0 ? ", " : "",
                                  NUM (g_array_index (s->sizes, double, k)));
        }
    }
  for (guint j = 0; j < texts->len; j++)
    /* Translators: the problem sizes a warning was given at, e.g. "512, 1024", then the warning. */
    g_ptr_array_add (out, g_strdup_printf (_("n = %s: %s"), ((GString *) g_ptr_array_index (sizes, j))->str,
                                           (const char *) g_ptr_array_index (texts, j)));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* ---- At a target (P, n) ------------------------------------------------------- */

typedef struct
{
  const AugurExtrapSizedModel *s;
  guint                        P;
  double                       n;
  GString                     *text;   /* the values fitted in n, for people */
  const char                  *class_name;
  GArray                      *bounds; /* ExSizedBound, or NULL: not wanted */
} At;

static gboolean
same_form (const Form *a,
           const Form *b)
{
  return a->kind == b->kind && a->k == b->k && memcmp (a->d, b->d, sizeof a->d) == 0;
}

/* The n-fit's 95 % prediction interval at the target (low = high = value
 * when it has none: an exact fit's is its rounding errors'). */
static void
fit_interval (At                  *at,
              const AugurFitModel *model,
              double               value,
              double              *low,
              double              *high)
{
  if (!augur_fit_model_predict (model, &at->n, EX_PREDICTION_LEVEL, NULL, low, high, NULL) ||
      !(*low <= value && value <= *high) || *high - *low <= 2e-9 * fabs (value))
    *low = *high = value;
}

/* An end of the sizes' intervals at P (one per size) at the target: the
 * same at every size, or fitted in n as the values are.  NAN when it
 * cannot be fitted. */
static double
end_at (At           *at,
        const double *end,
        const char   *what)
{
  guint n_sizes = at->s->sizes->len;
  const double *x = (const double *) (gpointer) at->s->sizes->data;
  const char *names[] = { "n", NULL };
  g_autoptr(AugurFitData) data = NULL;
  g_autoptr(AugurFitResult) fit = NULL;
  AugurFitOptions options;
  gboolean constant = TRUE;

  for (guint k = 1; k < n_sizes; k++)
    constant = constant && end[k] == end[0];
  if (constant)
    return end[0];
  data = augur_fit_data_new (1, names, what);
  for (guint k = 0; k < n_sizes; k++)
    if (!augur_fit_data_add (data, &x[k], end[k], NULL))
      return NAN;
  augur_fit_options_init (&options);
  options.criterion = AUGUR_FIT_CRITERION_BIC;
  options.max_terms = MAX (1, (int) n_sizes - 3);
  fit = augur_fit (data, &options, NULL, NULL);
  return fit != NULL ? augur_fit_model_eval (augur_fit_result_get_model (fit), &at->n) : NAN;
}

/* f at the target: the values of the sizes' functions at P fitted in n.
 * Its interval (at->bounds): the sizes' intervals at P, their ends fitted
 * in n as the values are, widened by the n-fit's own prediction interval
 * (docs/EXTRAPOLATE.md §10). */
static gboolean
number_at (At          *at,
           Fn          *f,
           const Fn   **per_size,
           const XNode *g,
           NumField     field,
           GError     **error)
{
  guint n_sizes = at->s->sizes->len;
  g_autofree double *v = g_new (double, n_sizes);
  g_autofree double *lo = g_new (double, n_sizes);
  g_autofree double *hi = g_new (double, n_sizes);
  gboolean constant = TRUE, whole = f->whole, nonneg = TRUE, spread = FALSE;
  double low, high;
  const char *what = ex_num_field_name (field);
  /* a compute amount of exact form, known to the traces' digits */
  gboolean rounded = (field == NUM_FLOPS || field == NUM_PRE) && !whole;
  const double *x = (const double *) (gpointer) at->s->sizes->data;
  const char *names[] = { "n", NULL };
  g_autoptr(AugurFitData) data = NULL;
  g_autoptr(AugurFitResult) fit = NULL;
  g_autofree char *text = NULL;
  AugurFitOptions options;
  double value;

  for (guint k = 0; k < n_sizes; k++)
    {
      v[k] = ex_fn_eval_interval (per_size[k], at->P, &lo[k], &hi[k]);
      if (rounded && per_size[k]->kind != AUGUR_EXTRAP_FN_FITTED && v[k] != 0)
        {
          lo[k] = v[k] - TRACE_DIGITS_ERROR * fabs (v[k]);
          hi[k] = v[k] + TRACE_DIGITS_ERROR * fabs (v[k]);
        }
      spread = spread || lo[k] != v[k] || hi[k] != v[k];
      constant = constant && (v[k] == v[0] || (isnan (v[k]) && isnan (v[0])));
      nonneg = nonneg && v[k] >= 0;
    }
  if (constant)
    low = high = value = v[0];
  else
    {
      GError *local = NULL;

      data = augur_fit_data_new (1, names, what);
      for (guint k = 0; k < n_sizes && local == NULL; k++)
        augur_fit_data_add (data, &x[k], v[k], &local);
      augur_fit_options_init (&options);
      /* as the fits in P (extrap.c): BIC, and 2 degrees of freedom left */
      options.criterion = AUGUR_FIT_CRITERION_BIC;
      options.max_terms = MAX (1, (int) n_sizes - 3);
      fit = local == NULL ? augur_fit (data, &options, NULL, &local) : NULL;
      if (fit == NULL)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                       _("%s:%llu: the %s at P = %u cannot be fitted as a function of n: %s"),
                       g->file, (unsigned long long) g->line, what, at->P, local->message);
          g_error_free (local);
          return FALSE;
        }
      value = augur_fit_model_eval (augur_fit_result_get_model (fit), &at->n);
      text = augur_fit_model_to_string (augur_fit_result_get_model (fit));
      fit_interval (at, augur_fit_result_get_model (fit), value, &low, &high);
      if (whole)
        {
          /* whole numbers give back every size's value, rounded, or are refused */
          for (guint k = 0; k < n_sizes; k++)
            if (nearbyint (augur_fit_model_eval (augur_fit_result_get_model (fit), &x[k])) != v[k])
              {
                g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION,
                             _("%s:%llu: the %s at P = %u is not a function of n in Extra-P's "
                               "normal form: %s gives %s at n = %s, the runs %s"),
                             g->file, (unsigned long long) g->line, what, at->P, text,
                             NUM (nearbyint (augur_fit_model_eval (augur_fit_result_get_model (fit), &x[k]))),
                             NUM (x[k]), NUM (v[k]));
                return FALSE;
              }
          /* whole numbers give back every traced value: no interval;
           * + 0.0: a fit just below 0 (8 n - 3.6e-12 at a tiny n) is 0
           * in the text and in a synthesised trace, never "-0" */
          value = nearbyint (value) + 0.0;
          low = high = value;
        }
      if (nonneg && value < 0)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                       _("%s:%llu: the %s at (P = %u, n = %s) would be %s (%s)"), g->file, (unsigned long long) g->line,
                       what, at->P, NUM (at->n), NUM (value), text);
          return FALSE;
        }
    }
  /* the sizes' intervals at P, each end fitted in n; the n-fit's own
   * interval added on each side (whole numbers have neither) */
  if (spread && !whole)
    {
      double l = end_at (at, lo, what), h = end_at (at, hi, what);

      low = isfinite (l) && isfinite (h) ? MIN (l, value) - (value - low) : NAN;
      high = isfinite (l) && isfinite (h) ? MAX (h, value) + (high - value) : NAN;
    }
  if (nonneg && low < 0)
    low = 0;
  if (text != NULL)
    {
      g_autofree char *where = augur_extrap_format_position (g->file, g->line);

      g_string_append_printf (at->text, "  %s of %s at %s (%s): at P = %u, %s; at n = %s: %s",
                              what, g->is_loop ? "loop" : trace_smpi_kind_name (g->act.kind), where,
                              at->class_name, at->P, text, NUM (at->n), NUM (value));
      if (low != high && !isnan (low))
        /* Translators: a number's 95 % prediction interval, after its value. */
        g_string_append_printf (at->text, _(" (95 %% interval %s to %s)"), NUM (low), NUM (high));
      g_string_append_c (at->text, '\n');
    }
  *f = (Fn) { .kind = AUGUR_EXTRAP_FN_CONSTANT, .c = value, .whole = whole, .nonneg = nonneg };
  if (at->bounds != NULL && low != high)
    {
      ExSizedBound b = { f, value, low, high };

      g_array_append_val (at->bounds, b);
    }
  return TRUE;
}

/* g (the nearest size's node, changed in place) and the same node of
 * every size's model, nodes[k]. */
static gboolean
node_at (At           *at,
         XNode        *g,
         const XNode **nodes,
         GError      **error)
{
  guint n_sizes = at->s->sizes->len;
  g_autofree const Fn **fns = g_new (const Fn *, n_sizes);
  struct { gsize offset; NumField field; } numbers[] = {
    { G_STRUCT_OFFSET (XNode, count), NUM_COUNT },
    { G_STRUCT_OFFSET (XNode, bytes), NUM_BYTES },
    { G_STRUCT_OFFSET (XNode, recv_bytes), NUM_RECV_BYTES },
    { G_STRUCT_OFFSET (XNode, flops), NUM_FLOPS },
    { G_STRUCT_OFFSET (XNode, value), NUM_VALUE },
    { G_STRUCT_OFFSET (XNode, pre), NUM_PRE },
    { G_STRUCT_OFFSET (XNode, vcount[0]), NUM_VSEND },
    { G_STRUCT_OFFSET (XNode, vcount[1]), NUM_VRECV },
  };

  for (guint k = 0; k < n_sizes; k++)
    {
      const XNode *o = nodes[k];
      gboolean same = o->is_loop == g->is_loop && o->tree_count == g->tree_count &&
                      (o->is_loop ? o->body->len == g->body->len : o->act.kind == g->act.kind) &&
                      same_form (&o->peer, &g->peer) && same_form (&o->root, &g->root) &&
                      same_form (&o->src, &g->src) && same_form (&o->dst, &g->dst) &&
                      o->vshape[0] == g->vshape[0] && o->vshape[1] == g->vshape[1];

      if (!same)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_MISMATCH,
                       _("%s:%llu and %s:%llu: the runs of n = %s and n = %s do "
                         "not run the same program (its loops, actions or peers differ): not a function of n"),
                       o->file, (unsigned long long) o->line, g->file, (unsigned long long) g->line,
                       NUM (g_array_index (at->s->sizes, double, k)), NUM (at->n));
          return FALSE;
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      Fn *f = G_STRUCT_MEMBER_P (g, numbers[i].offset);

      if (i == 0 && (!g->is_loop || g->tree_count))
        continue;
      if (i > 0 && g->is_loop)
        break;
      for (guint k = 0; k < n_sizes; k++)
        fns[k] = G_STRUCT_MEMBER_P ((gpointer) nodes[k], numbers[i].offset);
      if (!number_at (at, f, fns, g, numbers[i].field, error))
        return FALSE;
    }
  for (guint j = 0; g->is_loop && j < g->body->len; j++)
    {
      g_autofree const XNode **body = g_new (const XNode *, n_sizes);

      for (guint k = 0; k < n_sizes; k++)
        body[k] = g_ptr_array_index (nodes[k]->body, j);
      if (!node_at (at, g_ptr_array_index (g->body, j), body, error))
        return FALSE;
    }
  return TRUE;
}

AugurExtrapModel *
ex_sized_model_at (const AugurExtrapSizedModel *s,
                   guint                        ranks,
                   double                       size,
                   char                       **text,
                   GArray                      *bounds,
                   GCancellable                *cancellable,
                   GError                     **error)
{
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(GString) fitted = g_string_new (NULL);
  guint nearest = 0;
  At at = { s, ranks, size, fitted, NULL, bounds };

  g_return_val_if_fail (s != NULL, NULL);
  if (!(size > 0) || !isfinite (size))
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                   _("a problem size must be a number greater than 0, not %s"), NUM (size));
      return NULL;
    }
  for (guint k = 0; k < s->models->len; k++)
    {
      /* the size's model must give P itself (peers, counts in range) */
      if (!augur_extrap_model_check_target (g_ptr_array_index (s->models, k), ranks, NULL, error))
        return NULL;
      if (fabs (log (g_array_index (s->sizes, double, k) / size)) <
          fabs (log (g_array_index (s->sizes, double, nearest) / size)))
        nearest = k;
    }
  /* the nearest size's program, read again: its numbers are replaced */
  {
    GPtrArray *files = g_ptr_array_index (s->files, nearest);

    m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &s->options, cancellable, error);
    if (m == NULL)
      return NULL;
  }
  for (guint c = 0; c < EX_N_CLASSES; c++)
    {
      g_autofree const XNode **nodes = g_new (const XNode *, s->models->len);
      gboolean everywhere = TRUE;

      if (m->classes[c] == NULL)
        continue;
      for (guint k = 0; k < s->models->len; k++)
        {
          nodes[k] = ((const AugurExtrapModel *) g_ptr_array_index (s->models, k))->classes[c];
          everywhere = everywhere && nodes[k] != NULL;
        }
      if (!everywhere)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_MISMATCH,
                       _("the runs of some problem size have no class “%s”: not a function of n"), augur_message_token (augur_extrap_model_get_class_name (m, c), -1));
          return NULL;
        }
      at.class_name = augur_extrap_model_get_class_name (m, c);
      if (!node_at (&at, m->classes[c], nodes, error))
        return NULL;
    }
  /* the numbers are values at (P, n) now, their intervals in bounds: no
   * notes of P-fits */
  g_array_set_size (m->watches, 0);
  /* a prediction (bounds) says it as its note instead: every output and
   * the Scaling tab's message bar show a note, not always this text */
  if (bounds == NULL)
    {
      g_autofree char *note = ex_sized_range_note (s, size);

      if (note != NULL)
        {
          g_string_append (fitted, "  ");
          g_string_append_printf (fitted, _("Warning: %s"), note);
          g_string_append_c (fitted, '\n');
        }
    }
  if (text != NULL)
    *text = g_strdup (fitted->str);
  return g_steal_pointer (&m);
}

/* A prediction's warning when n lies outside the problem sizes traced
 * (NULL: inside), as augur_extrap_sized_model_at's text says it. */
char *
ex_sized_range_note (const AugurExtrapSizedModel *s,
                     double                       size)
{
  double least = g_array_index (s->sizes, double, 0), most = g_array_index (s->sizes, double, s->sizes->len - 1);

  if (size > AUGUR_EXTRAP_FAR_FACTOR * most)
    return g_strdup_printf (_("n = %s lies far beyond the problem sizes traced (%s to %s): the functions of n are "
                              "used where they were not fitted"), NUM (size), NUM (least), NUM (most));
  if (size < least)
    return g_strdup_printf (_("n = %s lies below the problem sizes traced (%s to %s): the functions of n are used "
                              "where they were not fitted"), NUM (size), NUM (least), NUM (most));
  return NULL;
}

AugurExtrapModel *
augur_extrap_sized_model_at (const AugurExtrapSizedModel *s,
                             guint                        ranks,
                             double                       size,
                             char                       **text,
                             GCancellable                *cancellable,
                             GError                     **error)
{
  return ex_sized_model_at (s, ranks, size, text, NULL, cancellable, error);
}

void
ex_sized_bounds_apply (GArray          *bounds,
                       AugurExtrapBound bound)
{
  for (guint i = 0; i < bounds->len; i++)
    {
      ExSizedBound *b = &g_array_index (bounds, ExSizedBound, i);

      b->f->c = bound == AUGUR_EXTRAP_BOUND_LOW ? b->low : bound == AUGUR_EXTRAP_BOUND_HIGH ? b->high : b->fit;
    }
}
