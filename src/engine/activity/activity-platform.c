/* activity-platform.c: activity models on a SimGrid platform, and their
 * runs written as time-independent traces.
 *
 * With a platform as the machine, a process's walk of its diagram does not
 * depend on time (guards read parameters and pid, probabilities and
 * varying costs draw from the process's own stream), so each process's
 * walk is compiled into the actions of the trace replay's dialect (compute
 * volumes are the cost times its host's speed; non-blocking sends are
 * Isend; receives recv; barrier, bcast, reduce and allReduce) and Augur's
 * replay engine times them on the platform, with its network model and
 * its sharing of CPUs and links.  The same actions, written to files,
 * replay to the same time in `augur-cli replay` (and in SimGrid's
 * replayer, which Augur's replay agrees with).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-run.h"
#include "augur-file.h"
#include "augur-format.h"
#include "replay.h"
#include "trace.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* Actions kept in memory for one evaluation: at most this many bytes' worth
 * beyond what the memory budget allows is refused before it happens. */
#define ACTION_BYTES sizeof (AugurTraceAction)

typedef struct {
  guint   diagram;
  guint   element;
  guint64 left;
} Frame;

typedef void (*ActionSink) (const AugurTraceAction *action, gpointer data);

typedef struct {
  const AugurActivityModel *m;
  const ActPrepared        *prep;
  const AugurPlatform      *platform;
  AugurActivityResult      *r;         /* counts, when not NULL */
  guint64                   budget;    /* actions still allowed */
  ActionSink                sink;
  gpointer                  sink_data;
  GCancellable             *cancellable;
  guint64                   passes;    /* elements passed, for Cancel */
  guint64                   still;     /* passed since the last action */
  guint64                  *spin;      /* [element]: passes since the last action, once still is large */
} Walk;

/* p passed el ACTIVITY_SPIN_LIMIT times without an action between: a
 * loop that never ends (its clock would not advance). */
static G_GNUC_NO_INLINE gboolean
spin_check (Walk *w, const ActElement *el, guint pid, GError **error)
{
  if (w->spin == NULL)
    w->spin = g_new0 (guint64, w->m->elements->len);
  if (++w->spin[el->global] < ACTIVITY_SPIN_LIMIT)
    return TRUE;
  g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
               _("line %d: p%u passes '%s' %llu times without an action between: a loop whose guard never becomes "
                 "false, or whose work takes no time?"), el->line, pid, augur_message_token (el->path, -1),
               (unsigned long long) ACTIVITY_SPIN_LIMIT);
  return FALSE;
}

/* A process's expression (the platform's units are processes). */
static gboolean
value (const ActElement *el, ExprRole role, const double *slots, const char *what, guint pid, double *v,
       GError **error)
{
  ActWho who = { pid, 0, FALSE };

  return activity_eval (el, role, slots, what, &who, v, error);
}

static gboolean
whole (const ActElement *el, ExprRole role, const double *slots, const char *what, guint pid, double max, double *v,
       GError **error)
{
  ActWho who = { pid, 0, FALSE };

  return activity_eval_whole (el, role, slots, what, &who, max, v, error);
}

static gboolean
emit (Walk *w, const ActElement *el, guint pid, AugurTraceActionKind kind, guint peer, double bytes, double flops,
      GError **error)
{
  AugurTraceAction a = { kind, pid, peer, bytes, flops, kind == AUGUR_TRACE_ACTION_COMM_SIZE ? w->prep->n_processes : 0,
                         0, el != NULL ? (guint64) el->line : 0 };

  if (w->budget == 0)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_TOO_LARGE,
                   _("the run has more actions than memory or the event limit allows (at p%u, '%s')"), pid, augur_message_token (el != NULL ? el->path : "", -1));
      return FALSE;
    }
  w->budget--;
  w->sink (&a, w->sink_data);
  if (w->still > ACTIVITY_SPIN_WATCH && w->spin != NULL)
    memset (w->spin, 0, sizeof (guint64) * w->m->elements->len);
  w->still = 0;
  return TRUE;
}

/* One process's walk of its diagram, as actions. */
static gboolean
walk_process (Walk *w, guint pid, GError **error)
{
  const AugurActivityModel *m = w->m;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autofree double *slots = g_memdup2 (w->prep->params, sizeof (double) * N_SLOTS (m));
  g_autoptr(GRand) rand = NULL;
  guint host = w->prep->node_of[pid];
  double speed = augur_platform_get_host_speed (w->platform, host);
  ActWho who = { pid, 0, FALSE };
  Frame top = { 0, ((ActDiagram *) g_ptr_array_index (m->diagrams, 0))->initial, 0 };

  slots[SLOT_PID (m)] = pid;
  slots[SLOT_TID (m)] = 0;
  if (m->uses_random)
    {
      guint32 seed[4] = { (guint32) w->prep->seed, (guint32) (w->prep->seed >> 32), pid, 0 };
      rand = g_rand_new_with_seed_array (seed, 4);
    }
  g_array_append_val (stack, top);
  /* as SimGrid's replayer wants a process to begin */
  if (!emit (w, NULL, pid, AUGUR_TRACE_ACTION_INIT, G_MAXUINT, -1, 0, error) ||
      !emit (w, NULL, pid, AUGUR_TRACE_ACTION_COMM_SIZE, G_MAXUINT, -1, 0, error))
    return FALSE;
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      const ActDiagram *d = g_ptr_array_index (m->diagrams, f->diagram);
      const ActElement *el = g_ptr_array_index (d->elements, f->element);
      guint next = el->flows->len > 0 ? g_array_index (el->flows, ActFlow, 0).to : 0;
      double v, size = 0, tag = 0, peer = 0;

      if (w->r != NULL)
        w->r->stats[(gsize) pid * w->r->n_elements + el->global].count++;
      if (G_UNLIKELY (++w->still > ACTIVITY_SPIN_WATCH) && !spin_check (w, el, pid, error))
        return FALSE;
      if (G_UNLIKELY ((++w->passes % ACTIVITY_CANCEL_EVERY) == 0) &&
          g_cancellable_set_error_if_cancelled (w->cancellable, error))
        return FALSE;
      switch (el->kind)
        {
        case AUGUR_ACTIVITY_INITIAL:
        case AUGUR_ACTIVITY_MERGE:
          f->element = next;
          break;

        case AUGUR_ACTIVITY_DECISION:
          {
            guint flow;
            if (!activity_choose_flow (el, slots, rand, &who, &flow, error))
              return FALSE;
            f->element = g_array_index (el->flows, ActFlow, flow).to;
          }
          break;

        case AUGUR_ACTIVITY_FINAL:
          if (f->left > 0)
            {
              f->left--;
              f->element = d->initial;
              break;
            }
          g_array_set_size (stack, stack->len - 1);
          if (stack->len > 0)
            {
              Frame *caller = &g_array_index (stack, Frame, stack->len - 1);
              const ActDiagram *cd = g_ptr_array_index (m->diagrams, caller->diagram);
              const ActElement *ce = g_ptr_array_index (cd->elements, caller->element);
              caller->element = g_array_index (ce->flows, ActFlow, 0).to;
            }
          break;

        case AUGUR_ACTIVITY_LOOP:
        case AUGUR_ACTIVITY_CALL:
          v = 1;
          if (el->kind == AUGUR_ACTIVITY_LOOP &&
              !whole (el, EXPR_COUNT, slots, N_("the count"), pid, 9007199254740992.0, &v, error))
            return FALSE;
          if (v == 0)
            f->element = next;
          else
            {
              Frame body = { el->target_index, ((ActDiagram *) g_ptr_array_index (m->diagrams, el->target_index))->initial,
                             (guint64) v - 1 };
              if (stack->len >= 10000)
                {
                  g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                               _("diagrams nested deeper than %d"), 10000);
                  return FALSE;
                }
              g_array_append_val (stack, body);
            }
          break;

        case AUGUR_ACTIVITY_ACTION:
          if (!value (el, EXPR_COST, slots, N_("the cost"), pid, &v, error))
            return FALSE;
          if (el->vary != AUGUR_ACTIVITY_VARY_NONE && v > 0)
            {
              double factor;
              if (!activity_vary_factor (el, slots, rand, &who, &factor, error))
                return FALSE;
              v *= factor;
            }
          if (v < 0)
            {
              g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                           _("line %d: the cost of '%s' (%s) is %.17g for p%u: a cost cannot be negative"),
                           el->exprs[EXPR_COST].line, augur_message_token (el->path, -1), el->exprs[EXPR_COST].text, v, pid);
              return FALSE;
            }
          if (v > 0 && !emit (w, el, pid, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, v * speed, error))
            return FALSE;
          f->element = next;
          break;

        case AUGUR_ACTIVITY_SEND:
        case AUGUR_ACTIVITY_RECV:
          if (!whole (el, EXPR_PEER, slots, el->kind == AUGUR_ACTIVITY_SEND ? N_("the destination") : N_("the source"),
                      pid, w->prep->n_processes - 1, &peer, error) ||
              (el->kind == AUGUR_ACTIVITY_SEND && !value (el, EXPR_SIZE, slots, N_("the size"), pid, &size, error)) ||
              (act_expr_set (&el->exprs[EXPR_TAG]) &&
               !whole (el, EXPR_TAG, slots, N_("the tag"), pid, G_MAXINT32, &tag, error)))
            return FALSE;
          if (tag != 0)
            {
              g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                           _("line %d: '%s' has tag %.17g for p%u: on a platform, messages are matched in order and "
                             "carry no tag"), el->line, augur_message_token (el->path, -1), tag, pid);
              return FALSE;
            }
          if ((guint) peer == pid || size < 0)
            {
              g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                           (guint) peer == pid ? _("line %d: '%s' sends from p%u to itself")
                                               : _("line %d: the size of '%s' is negative for p%u"),
                           el->line, augur_message_token (el->path, -1), pid);
              return FALSE;
            }
          if (!emit (w, el, pid, el->kind == AUGUR_ACTIVITY_SEND ? AUGUR_TRACE_ACTION_ISEND : AUGUR_TRACE_ACTION_RECV,
                     (guint) peer, el->kind == AUGUR_ACTIVITY_SEND ? size : -1, 0, error))
            return FALSE;
          f->element = next;
          break;

        case AUGUR_ACTIVITY_BARRIER:
        case AUGUR_ACTIVITY_BROADCAST:
        case AUGUR_ACTIVITY_REDUCE:
        case AUGUR_ACTIVITY_ALLREDUCE:
          {
            double root = 0;
            AugurTraceActionKind kind = el->kind == AUGUR_ACTIVITY_BARRIER ? AUGUR_TRACE_ACTION_BARRIER :
                                        el->kind == AUGUR_ACTIVITY_BROADCAST ? AUGUR_TRACE_ACTION_BCAST :
                                        el->kind == AUGUR_ACTIVITY_REDUCE ? AUGUR_TRACE_ACTION_REDUCE :
                                        AUGUR_TRACE_ACTION_ALLREDUCE;
            if ((act_expr_set (&el->exprs[EXPR_SIZE]) && !value (el, EXPR_SIZE, slots, N_("the size"), pid, &size, error)) ||
                (act_expr_set (&el->exprs[EXPR_ROOT]) &&
                 !whole (el, EXPR_ROOT, slots, N_("the root"), pid, w->prep->n_processes - 1, &root, error)))
              return FALSE;
            if (root != 0)
              {
                g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                             _("line %d: the root of '%s' is p%.17g: on a platform, collectives have their root at p0"),
                             el->line, augur_message_token (el->path, -1), root);
                return FALSE;
              }
            if (size < 0)
              {
                g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                             _("line %d: the size of '%s' is negative for p%u"), el->line, augur_message_token (el->path, -1), pid);
                return FALSE;
              }
            if (!emit (w, el, pid, kind, G_MAXUINT, kind == AUGUR_TRACE_ACTION_BARRIER ? -1 : size,
                       kind == AUGUR_TRACE_ACTION_REDUCE || kind == AUGUR_TRACE_ACTION_ALLREDUCE ? 0 : 0, error))
              return FALSE;
            f->element = next;
          }
          break;

        case AUGUR_ACTIVITY_PARALLEL:
        case AUGUR_ACTIVITY_GATHER:
        case AUGUR_ACTIVITY_N_KINDS:
        default:
          /* refused by the checks */
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("'%s': a %s cannot run on a platform"), augur_message_token (el->path, -1), augur_activity_kind_to_string (el->kind));
          return FALSE;
        }
    }
  return emit (w, NULL, pid, AUGUR_TRACE_ACTION_FINALIZE, G_MAXUINT, -1, 0, error);
}

static gboolean
prepare (const AugurActivityModel *m, const AugurActivityBinding *binding, const AugurActivityOptions *options,
         ActPrepared *prep, GError **error)
{
  if (options == NULL || options->platform == NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("line %d: the machine is the platform %s: it has not been loaded"), m->platform_line,
                   m->platform_path);
      return FALSE;
    }
  return activity_prepare (m, binding, options, augur_platform_get_n_hosts (options->platform), prep, error);
}

static void
prepared_clear (ActPrepared *prep)
{
  g_free (prep->params);
  g_free (prep->node_of);
}

static void
give (const AugurTraceAction *action, gpointer data)
{
  augur_trace_set_give (data, action->process, action);
}

/* The replay's states stand for the categories: on a platform, time is
 * known per process and state, not per element. */
static void
fill_result (AugurActivityResult *r, const AugurReplayResult *rr, gboolean timeline)
{
  g_strfreev (r->categories);
  r->n_categories = AUGUR_STATE_N;
  r->categories = g_new0 (char *, AUGUR_STATE_N + 1);
  for (guint s = 0; s < AUGUR_STATE_N; s++)
    r->categories[s] = g_strdup (augur_rank_state_to_string (s));
  g_free (r->category_times);
  r->category_times = g_new0 (double, MAX ((gsize) r->n_processes * AUGUR_STATE_N, 1));
  for (guint e = 0; e < r->n_elements; e++)
    r->element_categories[e] = G_MAXUINT;
  for (guint p = 0; p < r->n_processes && p < augur_replay_result_get_n_ranks (rr); p++)
    {
      const AugurRankStats *st = augur_replay_result_get_stats (rr, p);
      r->process_times[p] = st->end;
      for (guint s = 0; s < AUGUR_STATE_N; s++)
        r->category_times[(gsize) p * AUGUR_STATE_N + s] = st->times[s];
    }
  /* times per element are not known: not a number, never 0 */
  for (gsize i = 0; i < (gsize) r->n_processes * r->n_elements; i++)
    if (augur_activity_kind_takes_time (r->element_kinds[i % r->n_elements]) && r->stats[i].count > 0)
      r->stats[i].total = r->stats[i].min = r->stats[i].max = NAN;
  r->time = augur_replay_result_get_time (rr);
  r->events = augur_replay_result_get_n_actions (rr);
  r->per_element_times = FALSE;
  if (timeline)
    r->timeline = augur_replay_result_build_timeline (rr);
}

AugurActivityResult *
activity_evaluate_on_platform (const AugurActivityModel   *m,
                               const AugurActivityBinding *binding,
                               const AugurActivityOptions *options,
                               AugurProgressFunc           progress,
                               gpointer                    progress_data,
                               GCancellable               *cancellable,
                               AugurActivityResult       **partial,
                               GError                    **error)
{
  ActPrepared prep = { 0 };
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AugurReplayResult) rr = NULL;
  g_autoptr(AugurReplayResult) rr_partial = NULL;
  AugurReplayOptions ropts = { 0 };
  AugurActivityResult *r;
  gint64 start = g_get_monotonic_time ();
  Walk w = { 0 };
  GError *run_error = NULL;

  if (!prepare (m, binding, options, &prep, error))
    return NULL;
  r = activity_result_new (m);
  activity_result_set_processes (r, prep.n_processes, prep.node_of);
  activity_result_set_params (r, prep.params, m->params->len);
  deployment = augur_deployment_new (prep.n_processes, prep.node_of);
  for (guint i = 0; i < prep.n_processes; i++)
    g_ptr_array_add (names, g_strdup_printf ("p%u", i));
  traces = augur_trace_set_new_given ((const char **) names->pdata, prep.n_processes, _("the model"), error);
  if (traces == NULL)
    {
      prepared_clear (&prep);
      augur_activity_result_free (r);
      return NULL;
    }
  w.m = m;
  w.prep = &prep;
  w.platform = options->platform;
  w.r = r;
  w.budget = augur_memory_budget () / ACTION_BYTES;
  if (options->max_events > 0)
    w.budget = MIN (w.budget, options->max_events);
  w.sink = give;
  w.sink_data = traces;
  w.cancellable = cancellable;
  for (guint p = 0; p < prep.n_processes; p++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, &run_error) || !walk_process (&w, p, &run_error))
        break;
      if (progress != NULL && (p & 255) == 255)
        progress (-1, _("Compiling the processes' actions"), progress_data);
    }
  g_free (w.spin);
  if (run_error == NULL)
    {
      ropts.model = m->network == ACT_NETWORK_CM02 ? AUGUR_NETWORK_CM02 : AUGUR_NETWORK_LV08;
      ropts.record_timeline = options->record_timeline;
      ropts.allow_empty = TRUE; /* a model with nothing to do takes 0 s */
      rr = augur_replay_run (options->platform, deployment, traces, &ropts, progress, progress_data, cancellable,
                             &rr_partial, &run_error);
      if (rr != NULL)
        fill_result (r, rr, options->record_timeline);
      else if (rr_partial != NULL)
        fill_result (r, rr_partial, options->record_timeline);
    }
  r->seconds = (g_get_monotonic_time () - start) / 1e6;
  prepared_clear (&prep);
  if (run_error != NULL)
    {
      if (run_error->domain == AUGUR_REPLAY_ERROR)
        {
          /* the replay's own error, in the activity's terms */
          int code = run_error->code == AUGUR_REPLAY_ERROR_DEADLOCK ? AUGUR_ACTIVITY_ERROR_DEADLOCK :
                     run_error->code == AUGUR_REPLAY_ERROR_UNMATCHED ? AUGUR_ACTIVITY_ERROR_UNMATCHED :
                     AUGUR_ACTIVITY_ERROR_RUNTIME;
          g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, code, run_error->message);
          g_error_free (run_error);
        }
      else
        g_propagate_error (error, run_error);
      if (partial != NULL)
        *partial = r;
      else
        augur_activity_result_free (r);
      return NULL;
    }
  return r;
}

/* ---- Traces in files ---------------------------------------------------------- */

static void
write_line (const AugurTraceAction *a, gpointer data)
{
  GString *s = data;

  g_string_append_printf (s, "p%u %s", a->process, augur_trace_action_kind_to_string (a->kind));
  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_COMPUTE:
      g_string_append_c (s, ' ');
      augur_format_append_double (s, a->flops);
      break;
    case AUGUR_TRACE_ACTION_ISEND:
      g_string_append_printf (s, " p%u ", a->peer);
      augur_format_append_double (s, a->bytes);
      break;
    case AUGUR_TRACE_ACTION_RECV:
      g_string_append_printf (s, " p%u", a->peer);
      break;
    case AUGUR_TRACE_ACTION_BCAST:
      g_string_append_c (s, ' ');
      augur_format_append_double (s, a->bytes);
      break;
    case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      g_string_append_c (s, ' ');
      augur_format_append_double (s, a->bytes);
      g_string_append (s, " 0");
      break;
    case AUGUR_TRACE_ACTION_COMM_SIZE:
      g_string_append_c (s, ' ');
      augur_format_append_double (s, a->value);
      break;
    default:
      break;
    }
  g_string_append_c (s, '\n');
}

gboolean
augur_activity_write_traces (const AugurActivityModel   *m,
                             const AugurActivityBinding *binding,
                             const AugurActivityOptions *options,
                             GFile                      *dir,
                             GError                    **error)
{
  ActPrepared prep = { 0 };
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GFile) trace_file = NULL;
  g_autoptr(GFile) deployment_file = NULL;
  g_autoptr(GFile) platform_file = NULL;
  g_autofree char *deployment_xml = NULL;
  g_autofree char *platform_xml = NULL;
  const AugurPlatform *platform;
  Walk w = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (m != NULL && G_IS_FILE (dir), FALSE);
  if (m->fits_skipped)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                           _("the model was read without fitting its cost functions: it cannot be evaluated"));
      return FALSE;
    }
  if (m->invalid != NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL, _("the model has errors: %s"),
                   m->invalid->message);
      return FALSE;
    }
  if (m->platform_path != NULL)
    {
      if (!prepare (m, binding, options, &prep, error))
        return FALSE;
      platform = options->platform;
    }
  else
    {
      /* the model's own machine as a platform of identical hosts would
       * time differently (shared CPUs, TCP): refuse rather than mislead */
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("traces are written for a model whose machine is a platform ('platform \"FILE\"' in 'machine'): "
                     "on the model's own nodes, a replay would share CPUs and links differently"));
      return FALSE;
    }
  w.m = m;
  w.prep = &prep;
  w.platform = platform;
  w.budget = augur_memory_budget () / 32;   /* about 32 bytes of text per action */
  w.sink = write_line;
  w.sink_data = text;
  for (guint p = 0; p < prep.n_processes && ok; p++)
    ok = walk_process (&w, p, error);
  g_free (w.spin);
  if (ok)
    {
      deployment = augur_deployment_new (prep.n_processes, prep.node_of);
      deployment_xml = augur_deployment_to_xml (deployment, platform);
      platform_xml = augur_platform_to_xml (platform);
      trace_file = g_file_get_child (dir, "trace.txt");
      deployment_file = g_file_get_child (dir, "deployment.xml");
      platform_file = g_file_get_child (dir, "platform.xml");
      {
        GFile *const files[] = { trace_file, deployment_file, platform_file };
        const char *const texts[] = { text->str, deployment_xml, platform_xml };
        const gsize lengths[] = { text->len, strlen (deployment_xml), strlen (platform_xml) };

        /* the three or none: a replay reads them together */
        ok = augur_file_write_contents_all (files, texts, lengths, G_N_ELEMENTS (files), error);
      }
    }
  prepared_clear (&prep);
  return ok;
}
