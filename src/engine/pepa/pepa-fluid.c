/* pepa-fluid.c: the fluid (ODE) approximation of a PEPA model, for large
 * populations: the count of every local state of every component becomes
 * a real number x, and each action flows at the apparent rate PEPA gives
 * it, with x in place of the counts (Hillston, "Fluid flow approximation
 * of PEPA models", QEST 2005):
 *
 *  - a component's apparent rate of a is sum_l x_l r_l(a) (passive
 *    activities: their weights, an unbounded rate);
 *  - a cooperation on a takes the smaller of its sides (a passive side
 *    takes the other's), elsewhere the sides add up;
 *  - the flow of a found at the top (or at the hiding that makes it
 *    internal) goes down the same way: whole to both sides of a
 *    cooperation on a, in proportion to the apparent rates elsewhere, and
 *    in a component to each activity in proportion to x_l r_l(a), moving
 *    that much from l to the activity's target.
 *
 * The ODE is solved with GSL's adaptive Runge-Kutta-Prince-Dormand (8, 9)
 * (gsl_odeiv2, with its error control), then run on until dx/dt vanishes
 * to find the fixed point.  It is integrated once, from 0 to the last time
 * and on to the fixed point, with one budget of steps for the whole
 * analysis: a step cut short to land on a time asked for does not shorten
 * the next, and is not counted: the number of times asked for changes
 * neither the verdict nor the steps it takes (an ODE the integrator cannot
 * follow, stiff or jumping, is refused after the same steps, in seconds,
 * however many times are asked for).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

/* Below this many copies, a component's count is far from continuous. */
#define SMALL_POPULATION 100
/* Steps of the integrator one analysis may take (13 evaluations of the
 * flow each): a smooth model needs hundreds; more is an ODE too stiff for
 * an explicit method, or a flow that jumps, whose step collapses. */
#define MAX_STEPS 200000
/* A step below this is no progress */
#define MIN_STEP 1e-12

typedef struct {
  double   value;     /* active rate, or passive weight */
  gboolean passive;
} Apparent;

typedef struct {
  const AugurPepaModel *model;
  guint                *offset;     /* per component: its first local state in x */
  guint                 n_locals;
  double               *throughput; /* per action, of the last evaluation */
  gboolean              unsynchronised;   /* a passive action flows at the top */
  guint                 bad_action;
  guint64               evaluations;
  GCancellable         *cancellable;
} Fluid;

/* One integration, carried from the first time to the fixed point. */
typedef struct {
  gsl_odeiv2_system   system;
  gsl_odeiv2_step    *step;
  gsl_odeiv2_control *control;
  gsl_odeiv2_evolve  *evolve;
  double              h;       /* the step the error control proposes next */
  guint64             steps;   /* taken, but those cut short to land on a time */
} Integrator;

static Apparent
apparent (const Fluid      *f,
          const PepaStruct *s,
          guint             a,
          const double     *x)
{
  Apparent r = { 0, FALSE };

  switch (s->kind)
    {
    case PEPA_STRUCT_LEAF:
      {
        const PepaComponent *comp = g_ptr_array_index (f->model->components, s->component);
        const double *xc = x + f->offset[s->component];
        double active = 0, weight = 0;
        gboolean any_active = FALSE;

        for (guint l = 0; l < comp->locals->len; l++)
          {
            const PepaLocalState *ls = g_ptr_array_index (comp->locals, l);

            for (guint k = 0; k < ls->activities->len; k++)
              {
                const PepaActivity *act = &g_array_index (ls->activities, PepaActivity, k);

                if (act->action != a)
                  continue;
                if (act->passive)
                  weight += xc[l] * act->rate;
                else
                  {
                    active += xc[l] * act->rate;
                    any_active = TRUE;
                  }
              }
          }
        if (any_active || weight == 0)
          r.value = active;
        else
          {
            r.value = weight;
            r.passive = TRUE;
          }
        return r;
      }

    case PEPA_STRUCT_HIDE:
      if (s->in_set[a])
        return r;   /* internal below: tau above */
      return apparent (f, s->left, a, x);

    case PEPA_STRUCT_COOP:
      {
        Apparent l = apparent (f, s->left, a, x), rr = apparent (f, s->right, a, x);

        if (s->in_set[a])
          {
            if (!l.passive && !rr.passive)
              r.value = MIN (l.value, rr.value);
            else if (l.passive && rr.passive)
              {
                r.value = MIN (l.value, rr.value);
                r.passive = TRUE;
              }
            else
              r.value = l.passive ? rr.value : l.value;
          }
        else
          {
            r.value = l.value + rr.value;
            r.passive = l.passive && rr.passive;
          }
        return r;
      }
    }
  return r;
}

/* The flow `flow` of action a down through s, into dx. */
static void
distribute (const Fluid      *f,
            const PepaStruct *s,
            guint             a,
            double            flow,
            const double     *x,
            double           *dx)
{
  if (!(flow > 0))
    return;
  switch (s->kind)
    {
    case PEPA_STRUCT_LEAF:
      {
        const PepaComponent *comp = g_ptr_array_index (f->model->components, s->component);
        const double *xc = x + f->offset[s->component];
        double *dxc = dx + f->offset[s->component];
        Apparent r = apparent (f, s, a, x);

        if (!(r.value > 0))
          return;
        for (guint l = 0; l < comp->locals->len; l++)
          {
            const PepaLocalState *ls = g_ptr_array_index (comp->locals, l);

            for (guint k = 0; k < ls->activities->len; k++)
              {
                const PepaActivity *act = &g_array_index (ls->activities, PepaActivity, k);
                double share;

                if (act->action != a || act->passive != r.passive)
                  continue;
                share = flow * xc[l] * act->rate / r.value;
                dxc[l] -= share;
                dxc[act->target] += share;
              }
          }
        return;
      }

    case PEPA_STRUCT_HIDE:
      if (!s->in_set[a])
        distribute (f, s->left, a, flow, x, dx);
      return;

    case PEPA_STRUCT_COOP:
      if (s->in_set[a])
        {
          distribute (f, s->left, a, flow, x, dx);
          distribute (f, s->right, a, flow, x, dx);
        }
      else
        {
          Apparent l = apparent (f, s->left, a, x), r = apparent (f, s->right, a, x);
          double total = l.value + r.value;

          if (total > 0)
            {
              distribute (f, s->left, a, flow * l.value / total, x, dx);
              distribute (f, s->right, a, flow * r.value / total, x, dx);
            }
        }
      return;
    }
}

static void
derivative (Fluid        *f,
            const double *x,
            double       *dx)
{
  const AugurPepaModel *model = f->model;
  guint n_actions = model->actions->len;

  memset (dx, 0, sizeof (double) * f->n_locals);
  memset (f->throughput, 0, sizeof (double) * MAX (n_actions, 1));
  for (guint a = 0; a < n_actions; a++)
    {
      Apparent top = apparent (f, model->root, a, x);

      if (top.passive && top.value > 0)
        {
          f->unsynchronised = TRUE;
          f->bad_action = a;
          continue;
        }
      f->throughput[a] += top.value;
      distribute (f, model->root, a, top.value, x, dx);
    }
  /* actions hidden below a hiding flow there, and are tau above */
  for (guint i = 0; i < model->structs->len; i++)
    {
      const PepaStruct *s = g_ptr_array_index (model->structs, i);

      if (s->kind != PEPA_STRUCT_HIDE)
        continue;
      for (guint a = 0; a < n_actions; a++)
        if (s->in_set[a])
          {
            Apparent inner = apparent (f, s->left, a, x);

            if (inner.passive)
              continue;
            if (model->tau != G_MAXUINT)
              f->throughput[model->tau] += inner.value;
            distribute (f, s->left, a, inner.value, x, dx);
          }
    }
  f->evaluations++;
}

static int
gsl_derivative (double        t,
                const double  y[],
                double        dydt[],
                void         *data)
{
  Fluid *f = data;

  derivative (f, y, dydt);
  if (f->unsynchronised || g_cancellable_is_cancelled (f->cancellable))
    return GSL_EBADFUNC;
  return GSL_SUCCESS;
}

/* Whether the model has a passive activity (whose partners may run out). */
static gboolean
has_passive (const AugurPepaModel *model)
{
  for (guint c = 0; c < model->components->len; c++)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, c);

      for (guint l = 0; l < comp->locals->len; l++)
        {
          const PepaLocalState *ls = g_ptr_array_index (comp->locals, l);

          for (guint k = 0; k < ls->activities->len; k++)
            if (g_array_index (ls->activities, PepaActivity, k).passive)
              return TRUE;
        }
    }
  return FALSE;
}

static gboolean
integration_error (Fluid       *f,
                   double       t,
                   const char  *why,
                   GError     **error)
{
  if (g_cancellable_set_error_if_cancelled (f->cancellable, error))
    return FALSE;
  if (f->unsynchronised)
    g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                 _("%s: the passive action '%s' is not synchronised with an active one"),
                 f->model->filename, augur_message_token (augur_pepa_model_get_action_name (f->model, f->bad_action), -1));
  else
    /* a passive action whose partners run out makes its rate jump */
    g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                 has_passive (f->model)
                 ? _("%s: the fluid approximation could not be integrated past time %g (%s): its flow "
                     "jumps where a passive action runs out of partners, which an ODE cannot follow; "
                     "give the passive side a rate")
                 : _("%s: the fluid approximation could not be integrated past time %g (%s)."),
                 f->model->filename, t, why);
  return FALSE;
}

static void
integrator_free (Integrator *in)
{
  g_clear_pointer (&in->evolve, gsl_odeiv2_evolve_free);
  g_clear_pointer (&in->control, gsl_odeiv2_control_free);
  g_clear_pointer (&in->step, gsl_odeiv2_step_free);
}

/* Integrates from *t to t1 in place, within the analysis's budget of
 * steps; FALSE with an error. */
static gboolean
integrate (Fluid       *f,
           Integrator  *in,
           double      *t,
           double       t1,
           double      *x,
           GError     **error)
{
  while (*t < t1)
    {
      double proposed = in->h;
      gboolean cut = *t + proposed >= t1;
      int status = gsl_odeiv2_evolve_apply (in->evolve, in->control, in->step, &in->system, t, t1, &in->h, x);

      if (status != GSL_SUCCESS)
        return integration_error (f, *t, gsl_strerror (status), error);
      if (cut && *t >= t1)
        {
          /* landed on t1 by a step cut short: the next goes on as if no
           * time had been asked for here */
          in->h = MAX (in->h, proposed);
          continue;
        }
      if (++in->steps > MAX_STEPS)
        {
          g_autofree char *why = g_strdup_printf (_("%d steps, as many as the integrator may take, the last of %.3g"),
                                                  MAX_STEPS, in->h);
          return integration_error (f, *t, why, error);
        }
      if (in->h < MIN_STEP)
        {
          g_autofree char *why = g_strdup_printf (_("its step fell to %.3g"), in->h);
          return integration_error (f, *t, why, error);
        }
    }
  return TRUE;
}

AugurPepaFluid *
augur_pepa_fluid (AugurPepaModel *model,
                  const double   *times,
                  guint           n_times,
                  double          tolerance,
                  GCancellable   *cancellable,
                  GError        **error)
{
  const guint n_actions = model->actions->len;
  Fluid f = { 0 };
  AugurPepaFluid *out;
  Integrator in = { 0 };
  g_autofree double *x = NULL;
  g_autofree double *dx = NULL;
  GString *warning = g_string_new (NULL);
  gint64 started = g_get_monotonic_time ();
  double t = 0, scale = 0;

  g_return_val_if_fail (model != NULL && (n_times == 0 || times != NULL), NULL);

  /* errors come back as status codes, never abort() */
  gsl_set_error_handler_off ();
  if (!(tolerance > 0))
    tolerance = 1e-10;
  if (tolerance > AUGUR_PEPA_FLUID_MAX_TOLERANCE)
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("The fluid approximation's tolerance (%g) must be at most %g: a coarser one calls a point fixed that the populations never reach."),
                   tolerance, AUGUR_PEPA_FLUID_MAX_TOLERANCE);
      g_string_free (warning, TRUE);
      return NULL;
    }
  for (guint i = 0; i < n_times; i++)
    if (!(times[i] >= 0) || !isfinite (times[i]) || (i > 0 && times[i] < times[i - 1]))
      {
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("The fluid approximation's times must be finite, from 0, in increasing order."));
        g_string_free (warning, TRUE);
        return NULL;
      }

  {
    /* As for the chain (ctmc-solve.c): rates further apart than a double
     * holds give populations and flows that underflow to 0 while the
     * flows around them do not, and so throughputs that break the
     * balance of flows with no sign of it */
    double lo = INFINITY, hi = 0;

    for (guint c = 0; c < model->components->len; c++)
      {
        PepaComponent *comp = g_ptr_array_index (model->components, c);

        for (guint l = 0; l < comp->locals->len; l++)
          {
            const PepaLocalState *ls = g_ptr_array_index (comp->locals, l);

            for (guint k = 0; k < ls->activities->len; k++)
              {
                const PepaActivity *act = &g_array_index (ls->activities, PepaActivity, k);

                if (act->passive || !(act->rate > 0))
                  continue;
                lo = MIN (lo, act->rate);
                hi = MAX (hi, act->rate);
              }
          }
      }
    if (hi > 0 && !(hi / lo <= AUGUR_PEPA_FLUID_RATE_SPAN))
      {
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("The model's rates span from %.3g to %.3g, a ratio beyond a double's range: the populations and flows cannot all be represented, so the fluid approximation cannot be computed. Bring the model's extreme rates closer together."),
                     lo, hi);
        g_string_free (warning, TRUE);
        return NULL;
      }
  }

  f.model = model;
  f.cancellable = cancellable;
  f.offset = g_new (guint, MAX (model->components->len, 1));
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);

      f.offset[c] = f.n_locals;
      f.n_locals += comp->locals->len;
      if (comp->copies < SMALL_POPULATION)
        g_string_append_printf (warning, "%s%s (%u)", warning->len ? ", " : "", comp->label, comp->copies);
    }
  f.throughput = g_new0 (double, MAX (n_actions, 1));
  x = g_new0 (double, MAX (f.n_locals, 1));
  dx = g_new (double, MAX (f.n_locals, 1));
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);

      x[f.offset[c] + comp->initial] = comp->copies;
      scale = MAX (scale, comp->copies);
    }

  out = g_new0 (AugurPepaFluid, 1);
  out->model = augur_pepa_model_ref (model);
  out->n_times = n_times;
  out->times = g_memdup2 (times, sizeof (double) * MAX (n_times, 1));
  out->n_locals = f.n_locals;
  out->n_actions = n_actions;
  out->population = g_new0 (double, (gsize) MAX (n_times, 1) * MAX (f.n_locals, 1));
  out->throughput = g_new0 (double, (gsize) MAX (n_times, 1) * MAX (n_actions, 1));
  out->fixed_population = g_new0 (double, MAX (f.n_locals, 1));
  out->fixed_throughput = g_new0 (double, MAX (n_actions, 1));
  out->fixed_point_time = NAN;
  if (warning->len > 0)
    out->warning = g_strdup_printf (_("The fluid approximation is known to be poor for small populations: %s."),
                                    warning->str);
  g_string_free (warning, TRUE);

  in.system = (gsl_odeiv2_system) { gsl_derivative, NULL, f.n_locals, &f };
  in.step = gsl_odeiv2_step_alloc (gsl_odeiv2_step_rk8pd, f.n_locals);
  in.control = gsl_odeiv2_control_y_new (tolerance * MAX (scale, 1), tolerance);
  in.evolve = gsl_odeiv2_evolve_alloc (f.n_locals);
  in.h = 1e-6;

  derivative (&f, x, dx);
  if (f.unsynchronised)
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("%s: the passive action '%s' is not synchronised with an active one"),
                   model->filename, augur_message_token (augur_pepa_model_get_action_name (model, f.bad_action), -1));
      goto failed;
    }
  for (guint i = 0; i < n_times; i++)
    {
      if (!integrate (&f, &in, &t, times[i], x, error))
        goto failed;
      derivative (&f, x, dx);
      memcpy (out->population + (gsize) i * f.n_locals, x, sizeof (double) * f.n_locals);
      memcpy (out->throughput + (gsize) i * n_actions, f.throughput, sizeof (double) * n_actions);
    }

  /* On to the fixed point: until no count moves by more than the tolerance
   * (relative to the largest population) per unit of time. */
  for (guint round = 0; round < 80; round++)
    {
      double worst = 0;

      derivative (&f, x, dx);
      for (guint l = 0; l < f.n_locals; l++)
        worst = MAX (worst, fabs (dx[l]));
      if (worst <= tolerance * MAX (scale, 1))
        {
          out->fixed_point_reached = TRUE;
          out->fixed_point_time = t;
          break;
        }
      if (!integrate (&f, &in, &t, t > 0 ? 2 * t : 1, x, error))
        goto failed;
    }
  derivative (&f, x, dx);
  memcpy (out->fixed_population, x, sizeof (double) * f.n_locals);
  memcpy (out->fixed_throughput, f.throughput, sizeof (double) * n_actions);
  out->evaluations = f.evaluations;
  out->seconds = (g_get_monotonic_time () - started) / 1e6;
  integrator_free (&in);
  g_free (f.offset);
  g_free (f.throughput);
  return out;

failed:
  integrator_free (&in);
  g_free (f.offset);
  g_free (f.throughput);
  augur_pepa_fluid_free (out);
  return NULL;
}

void
augur_pepa_fluid_free (AugurPepaFluid *fl)
{
  if (fl == NULL)
    return;
  augur_pepa_model_unref (fl->model);
  g_free (fl->times);
  g_free (fl->population);
  g_free (fl->throughput);
  g_free (fl->fixed_population);
  g_free (fl->fixed_throughput);
  g_free (fl->warning);
  g_free (fl);
}

static void
json_members (GString              *s,
              const AugurPepaModel *model,
              const double         *throughput,
              const double         *population)
{
  pepa_json_append_throughput (s, model, throughput, NULL);
  g_string_append (s, ", ");
  pepa_json_append_populations (s, model, "population", population, NULL);
}

char *
augur_pepa_fluid_to_json (const AugurPepaFluid *fl)
{
  GString *s = g_string_new ("{\n  \"fluid\": {\n    \"method\": \"gsl rk8pd\", \"evaluations\": ");

  g_string_append_printf (s, "%" G_GUINT64_FORMAT ", \"seconds\": ", fl->evaluations);
  augur_json_append_number (s, fl->seconds);
  g_string_append (s, ",\n    \"warning\": ");
  if (fl->warning != NULL)
    augur_json_append_string (s, fl->warning);
  else
    g_string_append (s, "null");
  g_string_append (s, ",\n    \"fixed_point\": {\"reached\": ");
  g_string_append (s, fl->fixed_point_reached ? "true" : "false");
  g_string_append (s, ", \"time\": ");
  augur_json_append_number (s, fl->fixed_point_time);
  g_string_append (s, ", ");
  json_members (s, fl->model, fl->fixed_throughput, fl->fixed_population);
  g_string_append (s, "},\n    \"points\": [");
  for (guint t = 0; t < fl->n_times; t++)
    {
      g_string_append (s, t ? ",\n      {\"time\": " : "\n      {\"time\": ");
      augur_json_append_number (s, fl->times[t]);
      g_string_append (s, ", ");
      json_members (s, fl->model, fl->throughput + (gsize) t * fl->n_actions,
                    fl->population + (gsize) t * fl->n_locals);
      g_string_append_c (s, '}');
    }
  g_string_append (s, "\n    ]\n  }\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_fluid_to_csv (const AugurPepaFluid *fl)
{
  const AugurPepaModel *model = fl->model;
  GString *s = g_string_new ("time");

  pepa_csv_append_action_names (s, model);
  pepa_csv_append_local_names (s, model);
  g_string_append_c (s, '\n');
  for (guint t = 0; t < fl->n_times; t++)
    {
      augur_format_append_double (s, fl->times[t]);
      for (guint a = 0; a < fl->n_actions; a++)
        {
          g_string_append_c (s, ',');
          augur_format_append_double (s, fl->throughput[(gsize) t * fl->n_actions + a]);
        }
      for (guint l = 0; l < fl->n_locals; l++)
        {
          g_string_append_c (s, ',');
          augur_format_append_double (s, fl->population[(gsize) t * fl->n_locals + l]);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
