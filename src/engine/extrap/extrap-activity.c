/* extrap-activity.c: the extrapolated program written as an activity model
 * (docs/EXTRAPOLATE.md §9, docs/ACTIVITY.md): its loops, trip counts and
 * compute amounts as functions of the parameter P, its rank classes as a
 * decision on pid, on the SimGrid platform the extrapolation replays on.
 *
 * The activity format says less than the replay: what it cannot say is
 * refused at the action's file and line, with why, rather than written
 * as something else.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "extrap-private.h"
#include "trace-smpi.h"

typedef struct
{
  const AugurExtrapModel *m;
  const guint            *targets;
  guint                   n_targets;
  double                  eager;       /* bytes a send may carry without waiting for its receiver */
  GString                *params;      /* param lines of the fitted functions */
  GString                *diagrams;    /* the loops' bodies */
  guint                   n_params;
  guint                   n_diagrams;
  const char             *class_name;
  gboolean                collectives;  /* a barrier, broadcast, reduce or allreduce written */
} Writer;

static gboolean
refuse (const Writer *w,
        const XNode  *g,
        GError      **error,
        const char   *why)
{
  g_autofree char *at = augur_extrap_format_position (g->file, g->line);

  g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
               /* Translators: FILE:LINE (the rank class): 'the action' cannot be written ...: why */
               _("%s (%s): '%s' cannot be written as an activity model: %s"), at, w->class_name,
               g->is_loop ? "loop" : trace_smpi_kind_name (g->act.kind), why);
  return FALSE;
}

/* f as an expression of P, exactly as ex_fn_eval computes it (whole
 * numbers rounded half up: floor (x + 0.5), which nearbyint differs from
 * only at an exact half, which a fit that gives back whole values does
 * not reach by chance). */
static char *
fn_expression (const Fn *f,
               GError  **error)
{
  static const char *const names[] = { "P", NULL };
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];
  g_autofree char *e = NULL;

  switch (f->kind)
    {
    case AUGUR_EXTRAP_FN_CONSTANT:
      return g_strdup (augur_format_double (buf, f->c));
    case AUGUR_EXTRAP_FN_INVERSE:
      e = g_strdup_printf ("%s / P", augur_format_double (buf, f->c));
      break;
    default:
      e = augur_fit_model_to_expression (f->model, names, error);
      if (e == NULL)
        return NULL;
    }
  return f->whole ? g_strdup_printf ("floor((%s) + 0.5)", e) : g_steal_pointer (&e);
}

/* A constant inline; a function of P as a parameter of its own, named
 * after what it is, with where it comes from. */
static char *
fn_term (Writer     *w,
         const Fn   *f,
         const char *what,
         const XNode *g,
         GError    **error)
{
  g_autofree char *e = fn_expression (f, error);
  g_autofree char *at = NULL;
  char *name;

  if (e == NULL || f->kind == AUGUR_EXTRAP_FN_CONSTANT)
    return g_steal_pointer (&e);
  name = g_strdup_printf ("%s_%u", what, ++w->n_params);
  at = augur_extrap_format_position (g->file, g->line);
  g_string_append_printf (w->params, "param %s = %s   # %s (%s)\n", name, e, at, w->class_name);
  return name;
}

/* A rank form as an expression of pid and P; NULL (why set) when the
 * format has no way to say it. */
static char *
form_expression (const Form  *f,
                 const char **why)
{
  switch (f->kind)
    {
    case FORM_CONST:
      return g_strdup_printf ("%" G_GINT64_FORMAT, f->k);
    case FORM_SELF:
      return g_strdup ("pid");
    case FORM_RING:
      /* (r + k) mod P, with k in -P .. P at every size traced or given */
      return f->k >= 0 ? g_strdup_printf ("(pid + %" G_GINT64_FORMAT ") %% P", f->k)
                       : g_strdup_printf ("(pid + P - %" G_GINT64_FORMAT ") %% P", -f->k);
    case FORM_LAST:
      return g_strdup_printf ("P - 1 - %" G_GINT64_FORMAT, f->k);
    case FORM_HALF:
      return f->k >= 0 ? g_strdup_printf ("floor(P / 2) + %" G_GINT64_FORMAT, f->k)
                       : g_strdup_printf ("floor(P / 2) - %" G_GINT64_FORMAT, -f->k);
    case FORM_GRID2:
    case FORM_GRID3:
      *why = _("its peer is a neighbour on the grid MPI_Dims_create makes of P, and the activity format's "
               "expressions cannot factorise P");
      return NULL;
    case FORM_STEP:
      *why = _("its peer follows the iteration of its loop, and the activity format's loops have no counter");
      return NULL;
    case FORM_PARENT:
    default:
      *why = _("its peer is a binomial tree's parent, r & (r-1), and the activity format's expressions have no "
               "bit operations");
      return NULL;
    }
}

static gboolean
write_peer (const Writer *w,
            const XNode  *g,
            const Form   *f,
            GString      *line,
            const char   *key,
            GError      **error)
{
  const char *why = NULL;
  g_autofree char *e = form_expression (f, &why);

  /* the other forms that fit the traces were checked at the targets
   * (augur_extrap_model_check_target): there, they give the same ranks */
  if (e == NULL)
    return refuse (w, g, error, why);
  g_string_append_printf (line, " %s %s", key, e);
  return TRUE;
}

/* A message the replay's SMPI sends without waiting for its receiver at
 * every target (as the activity's send always does). */
static gboolean
check_eager (const Writer *w,
             const XNode  *g,
             GError      **error)
{
  for (guint i = 0; i < w->n_targets; i++)
    {
      double bytes = ex_fn_eval (&g->bytes, w->targets[i]);

      /* detached below the limit (replay-smpi.c) */
      if (bytes >= w->eager)
        {
          g_autofree char *why =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "at %u rank it sends %s bytes, not below the %s bytes under which SMPI's "
                                          "send returns at once, and the activity format's send never waits for its "
                                          "receiver",
                                          "at %u ranks it sends %s bytes, not below the %s bytes under which SMPI's "
                                          "send returns at once, and the activity format's send never waits for its "
                                          "receiver", w->targets[i]),
                             w->targets[i], NUM (bytes), NUM (w->eager));
          return refuse (w, g, error, why);
        }
    }
  return TRUE;
}

static gboolean write_body (Writer *w, const XNode *g, GString *out, GError **error);

/* One element of a body: its line in elements, its name appended to
 * chain (the flow through the body). */
static void
add_element (GString    *elements,
             GPtrArray  *chain,
             const char *kind,
             const char *rest,
             const XNode *g)
{
  /* named after its kind and its place in the body: "send3" */
  char *name = g_strdup_printf ("%s%u", kind, chain->len + 1);
  g_autofree char *at = augur_extrap_format_position (g->file, g->line);

  g_string_append_printf (elements, "  %s %s%s   # %s\n", kind, name, rest, at);
  g_ptr_array_add (chain, name);
}

static gboolean
write_node (Writer      *w,
            const XNode *g,
            GString     *elements,
            GPtrArray   *chain,
            GError     **error)
{
  AugurTraceActionKind k = g->act.kind;
  g_autoptr(GString) line = g_string_new (NULL);

  if (g->is_loop)
    {
      g_autofree char *count = NULL;
      g_autofree char *body = NULL;
      g_autoptr(GString) inner = g_string_new (NULL);

      if (g->tree_count)
        return refuse (w, g, error, _("its trip count is a binomial tree's children(r,P), and the activity "
                                      "format's expressions have no bit operations"));
      count = fn_term (w, &g->count, "trips", g, error);
      if (count == NULL)
        return FALSE;
      body = g_strdup_printf ("body_%u", ++w->n_diagrams);
      if (!write_body (w, g, inner, error))
        return FALSE;
      g_string_append_printf (w->diagrams, "\ndiagram %s\n%send\n", body, inner->str);
      g_string_append_printf (line, " count %s body %s", count, body);
      add_element (elements, chain, "loop", line->str, g);
      return TRUE;
    }
  if (g->pre.kind != AUGUR_EXTRAP_FN_CONSTANT || g->pre.c != 0)
    {
      /* the computes folded into the gap before the action */
      g_autofree char *pre = fn_term (w, &g->pre, "flops", g, error);
      g_autofree char *cost = NULL;

      if (pre == NULL)
        return FALSE;
      cost = g_strdup_printf (" cost %s / SPEED", pre);
      add_element (elements, chain, "action", cost, g);
    }
  switch (k)
    {
    case AUGUR_TRACE_ACTION_INIT:
    case AUGUR_TRACE_ACTION_FINALIZE:
    case AUGUR_TRACE_ACTION_COMM_SIZE:
      /* the activity engine begins and ends each process so itself */
      return TRUE;
    case AUGUR_TRACE_ACTION_COMPUTE:
      {
        g_autofree char *flops = fn_term (w, &g->flops, "flops", g, error);

        if (flops == NULL)
          return FALSE;
        g_string_append_printf (line, " cost %s / SPEED", flops);
        add_element (elements, chain, "action", line->str, g);
        return TRUE;
      }
    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_SENDRECV:
      {
        g_autofree char *bytes = NULL;

        if (g->act.tag != 0)
          return refuse (w, g, error, _("it has a tag, and on a platform the activity engine's messages carry "
                                        "none"));
        if (!check_eager (w, g, error))
          return FALSE;
        bytes = fn_term (w, &g->bytes, "bytes", g, error);
        if (bytes == NULL || !write_peer (w, g, &g->peer, line, "to", error))
          return FALSE;
        g_string_append_printf (line, " size %s + ENVELOPE", bytes);
        add_element (elements, chain, "send", line->str, g);
        if (k == AUGUR_TRACE_ACTION_SEND)
          return TRUE;
        /* SMPI's sendRecv: the send posted, then the receive waited for */
        g_string_truncate (line, 0);
        if (!write_peer (w, g, &g->src, line, "from", error))
          return FALSE;
        add_element (elements, chain, "recv", line->str, g);
        return TRUE;
      }
    case AUGUR_TRACE_ACTION_RECV:
      if (g->act.tag != 0)
        return refuse (w, g, error, _("it has a tag, and on a platform the activity engine's messages carry none"));
      if (!write_peer (w, g, &g->peer, line, "from", error))
        return FALSE;
      add_element (elements, chain, "recv", line->str, g);
      return TRUE;
    case AUGUR_TRACE_ACTION_BARRIER:
      w->collectives = TRUE;
      add_element (elements, chain, "barrier", "", g);
      return TRUE;
    case AUGUR_TRACE_ACTION_BCAST:
    case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      {
        g_autofree char *bytes = NULL;

        if (k != AUGUR_TRACE_ACTION_ALLREDUCE && (g->root.kind != FORM_CONST || g->root.k != 0))
          return refuse (w, g, error, _("its root is not rank 0, and on a platform the activity engine's "
                                        "collectives have their root at rank 0"));
        if (k != AUGUR_TRACE_ACTION_BCAST && (g->flops.kind != AUGUR_EXTRAP_FN_CONSTANT || g->flops.c != 0))
          return refuse (w, g, error, _("it computes while it reduces, and the activity format's reductions "
                                        "do not"));
        bytes = fn_term (w, &g->bytes, "bytes", g, error);
        if (bytes == NULL)
          return FALSE;
        w->collectives = TRUE;
        g_string_append_printf (line, "%s size %s + ENVELOPE", k == AUGUR_TRACE_ACTION_ALLREDUCE ? "" : " root 0",
                                bytes);
        add_element (elements, chain,
                     k == AUGUR_TRACE_ACTION_BCAST ? "broadcast" : k == AUGUR_TRACE_ACTION_REDUCE ? "reduce"
                                                                                                  : "allreduce",
                     line->str, g);
        return TRUE;
      }
    default:
      return refuse (w, g, error, _("the activity format has no element for it (it has send, recv, barrier, "
                                    "broadcast, reduce and allreduce, and computes)"));
    }
}

/* g's body as a diagram's elements and flows, from `initial` to `final`. */
static gboolean
write_body (Writer      *w,
            const XNode *g,
            GString     *out,
            GError     **error)
{
  g_autoptr(GString) elements = g_string_new (NULL);
  g_autoptr(GPtrArray) chain = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g->body->len; i++)
    if (!write_node (w, g_ptr_array_index (g->body, i), elements, chain, error))
      return FALSE;
  g_string_append (out, "  initial start\n");
  g_string_append (out, elements->str);
  g_string_append (out, "  final done\n  flow start");
  for (guint i = 0; i < chain->len; i++)
    g_string_append_printf (out, " -> %s", (const char *) g_ptr_array_index (chain, i));
  g_string_append (out, " -> done\n");
  return TRUE;
}

static const char *const class_diagrams[EX_N_CLASSES] = { "every_rank", "rank_0", "rank_last" };

char *
augur_extrap_model_to_activity (const AugurExtrapModel *m,
                                const guint            *targets,
                                guint                   n_targets,
                                const char             *platform_path,
                                const AugurPlatform    *platform,
                                AugurNetworkModel       network,
                                double                  eager_bytes,
                                GError                **error)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GString) classes = g_string_new (NULL);
  Writer w = { m, targets, n_targets, eager_bytes, g_string_new (NULL), g_string_new (NULL), 0, 0, NULL, FALSE };
  double speed;
  guint n_classes = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (m != NULL && n_targets > 0 && platform != NULL, NULL);

  for (guint i = 0; i < n_targets; i++)
    if (!augur_extrap_model_check_target (m, targets[i], NULL, error))
      return NULL;
  speed = augur_platform_get_host_speed (platform, 0);
  for (guint h = 1; h < augur_platform_get_n_hosts (platform); h++)
    if (augur_platform_get_host_speed (platform, h) != speed)
      {
        g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                     _("%s: its hosts compute at different speeds (%s and %s flop/s), and an activity model's "
                       "cost is seconds, the same on every host: the flops cannot be written"),
                     platform_path, NUM (speed), NUM (augur_platform_get_host_speed (platform, h)));
        ok = FALSE;
        break;
      }
  for (guint k = 0; ok && k < EX_N_CLASSES; k++)
    {
      if (m->classes[k] == NULL)
        continue;
      n_classes++;
      w.class_name = augur_extrap_model_get_class_name (m, n_classes - 1);
      g_string_append_printf (classes, "\n# %s\ndiagram %s\n", w.class_name, class_diagrams[k]);
      ok = write_body (&w, m->classes[k], classes, error);
      g_string_append (classes, "end\n");
    }
  if (!ok)
    {
      g_string_free (w.params, TRUE);
      g_string_free (w.diagrams, TRUE);
      return NULL;
    }

  g_string_append (s, "# The program traced at");
  for (guint i = 0; i < augur_extrap_model_get_n_runs (m); i++)
    g_string_append_printf (s, "%s %u", i > 0 ? "," : "", augur_extrap_model_get_run_ranks (m, i));
  g_string_append (s, " ranks, extrapolated by augur-cli extrapolate: every trip count, size and compute\n"
                      "# amount a function of P (docs/EXTRAPOLATE.md, section 9).  Evaluate it at a size with\n"
                      "# augur-cli activity FILE --param P=N, or every target with --configs.\n");
  if (network == AUGUR_NETWORK_SMPI)
    g_string_append (s, "# The activity engine has no SMPI network model: lv08 is SimGrid's, without SMPI's\n"
                        "# piecewise latency and bandwidth factors, so times differ from the replay's by those.\n");
  if (w.collectives)
    g_string_append (s, "# Its collectives are timed flat (every rank to rank 0, then back), SMPI's as binomial\n"
                        "# trees: with small messages this model predicts less than the replay.\n");
  g_string_append (s, "activity \"extrapolated program\"\n\n");
  g_string_append_printf (s, "param P = %u\n", targets[0]);
  g_string_append_printf (s, "param SPEED = %s   # flop/s of the platform's hosts: a cost is flops / SPEED\n",
                          NUM (speed));
  /* the replay sends what SMPI sends (docs/SMPI-REPLAY.md): n + 16 bytes */
  g_string_append (s, "param ENVELOPE = 16   # bytes SMPI adds to every message it sends\n");
  g_string_append (s, w.params->str);
  for (guint i = 0; i < n_targets; i++)
    g_string_append_printf (s, "config P%u P = %u\n", targets[i], targets[i]);
  {
    g_autoptr(GString) quoted = g_string_new (NULL);

    for (const char *c = platform_path; *c != '\0'; c++)
      {
        if (*c == '"' || *c == '\\')
          g_string_append_c (quoted, '\\');
        g_string_append_c (quoted, *c);
      }
    /* rank i on host i modulo the hosts, as the extrapolation places them */
    g_string_append_printf (s, "\nmachine\n  platform \"%s\"\n  network %s\n  processes P\n  mapping cyclic\nend\n",
                            quoted->str, network == AUGUR_NETWORK_CM02 ? "cm02" : "lv08");
  }
  g_string_append (s, "\ndiagram main\n  initial start\n");
  if (n_classes == 1)
    {
      for (guint k = 0; k < EX_N_CLASSES; k++)
        if (m->classes[k] != NULL)
          g_string_append_printf (s, "  call program diagram %s\n", class_diagrams[k]);
      g_string_append (s, "  final done\n  flow start -> program -> done\n");
    }
  else
    {
      /* the rank classes: rank 0, rank P-1, every other rank */
      g_string_append (s, "  decision which\n  merge joined\n  final done\n  flow start -> which\n");
      if (m->classes[EX_CLASS_ZERO] != NULL)
        g_string_append_printf (s, "  call zero diagram %s\n  flow which -> zero when pid == 0\n"
                                   "  flow zero -> joined\n", class_diagrams[EX_CLASS_ZERO]);
      if (m->classes[EX_CLASS_LAST] != NULL)
        g_string_append_printf (s, "  call last diagram %s\n  flow which -> last when pid == P - 1\n"
                                   "  flow last -> joined\n", class_diagrams[EX_CLASS_LAST]);
      g_string_append_printf (s, "  call others diagram %s\n  flow which -> others else\n  flow others -> joined\n"
                                 "  flow joined -> done\n", class_diagrams[EX_CLASS_OTHERS]);
    }
  g_string_append (s, "end\n");
  g_string_append (s, classes->str);
  g_string_append (s, w.diagrams->str);
  g_string_free (w.params, TRUE);
  g_string_free (w.diagrams, TRUE);
  return g_string_free (g_steal_pointer (&s), FALSE);
}
