/* augur-replay-page.c: one trace replay document: the description of its
 * inputs, their panel, the text form and undo/redo.
 *
 * Every edit goes through edit_begin() (one step of the history the page
 * base keeps; a snapshot is the description as text, paths absolute) and edit_end() (widgets, "modified"), so undo
 * covers the file choices, the cluster's fields, the placement and the
 * network model alike.
 *
 * (Over 800 lines: the inputs, their panel, text form and undo are one
 * document model; solving and placement are apart.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-file.h"
#include "augur-fold-paned.h"
#include "augur-replay-page-private.h"

/* Ranks are counted from the start of a merged trace (all ranks appear in
 * its first lines in practice); this much is read at most. */
#define RANK_SCAN_BYTES (4 << 20)

G_DEFINE_FINAL_TYPE (AugurReplayPage, augur_replay_page, AUGUR_TYPE_PAGE)

static char *get_text (AugurPage *page);
static gboolean set_text (AugurPage *page, const char *text);
static void set_base_dir (AugurPage *page, GFile *dir);
static gboolean can_export (AugurPage *page, const char *what);

/* ---- Formatting ------------------------------------------------------- */

/* A SimGrid quantity, as the platform files write them. */
static char *
format_quantity (double      v,
                 const char *kind)
{
  static const char *speed_units[] = { "f", "kf", "Mf", "Gf", "Tf" };
  static const char *bw_units[] = { "Bps", "kBps", "MBps", "GBps", "TBps" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (g_str_equal (kind, "time"))
    {
      if (v >= 1)
        return g_strdup_printf ("%ss", g_ascii_formatd (buf, sizeof buf, "%.6g", v));
      if (v >= 1e-3)
        return g_strdup_printf ("%sms", g_ascii_formatd (buf, sizeof buf, "%.6g", v * 1e3));
      if (v >= 1e-6)
        return g_strdup_printf ("%sus", g_ascii_formatd (buf, sizeof buf, "%.6g", v * 1e6));
      return g_strdup_printf ("%sns", g_ascii_formatd (buf, sizeof buf, "%.6g", v * 1e9));
    }
  else
    {
      const char **units = g_str_equal (kind, "speed") ? speed_units : bw_units;
      guint k = 0;

      while (k < 4 && v >= 1000.0)
        {
          v /= 1000.0;
          k++;
        }
      return g_strdup_printf ("%s%s", g_ascii_formatd (buf, sizeof buf, "%.6g", v), units[k]);
    }
}

char *
augur_replay_format_quantity (double      v,
                              const char *kind)
{
  return format_quantity (v, kind);
}

char *
augur_replay_page_format_seconds (double seconds)
{
  return augur_result_localize_point (augur_replay_format_seconds (seconds));
}

/* ---- What a placement replays ----------------------------------------- */

char *
augur_replay_describe_placement (const guint *hosts,
                                 guint        n_ranks,
                                 const guint *cores,
                                 guint        n_hosts,
                                 gboolean     nodes)
{
  g_autofree guint *count = g_new0 (guint, MAX (n_hosts, 1));
  guint used = 0, least = G_MAXUINT, most = 0, busy = 0, all_cores = 0, share = 1;
  g_autofree char *ranks = NULL;
  g_autofree char *where = NULL;
  g_autofree char *per = NULL;
  g_autofree char *load = NULL;

  for (guint i = 0; i < n_ranks; i++)
    if (hosts[i] < n_hosts)
      count[hosts[i]]++;
  for (guint h = 0; h < n_hosts; h++)
    {
      guint c = MAX (cores[h], 1);

      all_cores += c;
      if (count[h] == 0)
        continue;
      used++;
      least = MIN (least, count[h]);
      most = MAX (most, count[h]);
      busy += MIN (count[h], c);
      share = MAX (share, (count[h] + c - 1) / c);
    }
  ranks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", n_ranks), n_ranks);
  if (used == n_hosts)
    where = g_strdup_printf (nodes ? g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", used)
                                   : g_dngettext (GETTEXT_PACKAGE, "%u host", "%u hosts", used), used);
  else
    /* Translators: the nodes a placement uses, e.g. "4 of 16 nodes". */
    where = g_strdup_printf (nodes ? g_dngettext (GETTEXT_PACKAGE, "%u of %u node", "%u of %u nodes", n_hosts)
                                   : g_dngettext (GETTEXT_PACKAGE, "%u of %u host", "%u of %u hosts", n_hosts),
                             used, n_hosts);
  if (used == 0)
    return g_strdup_printf (_("%s on %s"), ranks, where);
  if (least == most)
    /* Translators: ranks on each node, e.g. "16 per node". */
    per = g_strdup_printf (nodes ? _("%u per node") : _("%u per host"), most);
  else
    /* Translators: ranks on each node, e.g. "1 to 3 per node". */
    per = g_strdup_printf (nodes ? _("%u to %u per node") : _("%u to %u per host"), least, most);
  /* Translators: cores running a rank, e.g. "4 of 16 cores busy". */
  load = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u core busy", "%u of %u cores busy", all_cores),
                          busy, all_cores);
  if (share > 1)
    {
      /* Translators: appended to "4 of 16 cores busy": ranks folded onto one core. */
      char *more = g_strdup_printf (_("%s, up to %u ranks share a core"), load, share);

      g_free (load);
      load = more;
    }
  /* Translators: a placement, e.g. "64 ranks" "on" "4 of 16 nodes" ", " "16 per node" " · " "4 of 16 cores busy". */
  return g_strdup_printf (_("%s on %s, %s · %s"), ranks, where, per, load);
}

static const char *
rule_text (AugurReplayPlacementRule rule)
{
  switch (rule)
    {
    case AUGUR_REPLAY_PLACE_ROUND_ROBIN: return _("placed round-robin");
    case AUGUR_REPLAY_PLACE_BLOCK: return _("placed in blocks");
    case AUGUR_REPLAY_PLACE_MANUAL:
    default: return _("placed by hand");
    }
}

char *
augur_replay_describe_inputs (const AugurReplayInputs *in)
{
  guint n = MAX (in->cluster.nodes, 1);
  g_autofree guint *cores = g_new (guint, n);
  g_autofree char *placement = NULL;

  for (guint h = 0; h < n; h++)
    cores[h] = in->cluster.cores;
  placement = augur_replay_describe_placement ((const guint *) in->placement->data, in->placement->len, cores, n, TRUE);
  return g_strdup_printf ("%s · %s", placement, rule_text (in->rule));
}

/* ---- Status and errors ------------------------------------------------ */

void
augur_replay_page_set_status (AugurReplayPage *self,
                              const char      *text,
                              gboolean         is_error)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  augur_page_style_status (self->status_label, text, is_error);
}

/* The message bar holds a message about the whole page, shown on every
 * tab, or one about a tab, shown on that tab only: a sweep refused on
 * What-If says nothing about the Scaling tab's runs. */
static void
reveal_error (AugurReplayPage *self)
{
  const char *tab = gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack));
  gboolean here = self->error_tab == NULL || g_strcmp0 (tab, self->error_tab) == 0;

  augur_page_reveal_error (self->error_revealer, self->error_label, here ? self->error_text : NULL);
}

void
augur_replay_page_show_error (AugurReplayPage *self,
                              const char      *message)
{
  augur_replay_page_show_tab_error (self, NULL, message);
}

/* The message's button and what it does go with the message. */
static void
clear_offer (AugurReplayPage *self)
{
  GDestroyNotify destroy = self->offer_destroy;
  gpointer data = self->offer_data;

  self->offer_func = NULL;
  self->offer_data = NULL;
  self->offer_destroy = NULL;
  if (self->error_action != NULL)
    gtk_widget_set_visible (self->error_action, FALSE);
  if (destroy != NULL)
    destroy (data);
}

void
augur_replay_page_show_tab_error (AugurReplayPage *self,
                                  const char      *tab,
                                  const char      *message)
{
  clear_offer (self);
  g_free (self->error_text);
  self->error_text = g_strdup (message);
  g_free (self->error_tab);
  self->error_tab = message != NULL ? g_strdup (tab) : NULL;
  reveal_error (self);
}

void
augur_replay_page_offer (AugurReplayPage      *self,
                         const char           *message,
                         const char           *button,
                         AugurReplayOfferFunc  func,
                         gpointer              data,
                         GDestroyNotify        destroy)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self) && message != NULL && func != NULL);
  augur_replay_page_show_error (self, message);
  self->offer_func = func;
  self->offer_data = data;
  self->offer_destroy = destroy;
  gtk_button_set_label (GTK_BUTTON (self->error_action), button);
  gtk_widget_set_visible (self->error_action, TRUE);
}

/* The offer is taken once: what it starts may show another message. */
static void
on_error_action (AugurReplayPage *self)
{
  AugurReplayOfferFunc func = self->offer_func;
  GDestroyNotify destroy = self->offer_destroy;
  gpointer data = self->offer_data;

  if (func == NULL)
    return;
  self->offer_func = NULL;
  self->offer_data = NULL;
  self->offer_destroy = NULL;
  gtk_widget_set_visible (self->error_action, FALSE);
  func (self, data);
  if (destroy != NULL)
    destroy (data);
}

void
augur_replay_page_clear_tab_error (AugurReplayPage *self,
                                   const char      *tab)
{
  if (self->error_text != NULL && self->error_tab != NULL && g_strcmp0 (self->error_tab, tab) == 0)
    augur_replay_page_show_error (self, NULL);
}

/* ---- Widgets from the inputs ------------------------------------------ */

static void
set_file_label (GtkWidget  *label,
                GFile      *file,
                const char *none)
{
  g_autofree char *name = file ? g_file_get_basename (file) : NULL;
  g_autofree char *path = file ? g_file_get_parse_name (file) : NULL;

  gtk_label_set_text (GTK_LABEL (label), name ? name : none);
  gtk_widget_set_tooltip_text (label, path);
  if (file == NULL)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
}

/* ---- What the chosen platform and deployment hold ----------------------- */

typedef struct {
  GFile *platform;
  GFile *deployment;
  char  *platform_summary;
  char  *deployment_summary;
  char  *platform_problem;
  char  *deployment_problem;
} FileCheck;

static void
file_check_free (FileCheck *check)
{
  g_clear_object (&check->platform);
  g_clear_object (&check->deployment);
  g_free (check->platform_summary);
  g_free (check->deployment_summary);
  g_free (check->platform_problem);
  g_free (check->deployment_problem);
  g_free (check);
}

/* In a worker: a platform file may be large. */
static void
file_check_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  FileCheck *check = data;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(GError) error = NULL;

  if (check->platform == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  platform = augur_platform_load_file (check->platform, &error);
  if (platform == NULL)
    check->platform_problem = g_strdup (error->message);
  else
    {
      guint hosts = augur_platform_get_n_hosts (platform), links = augur_platform_get_n_links (platform);
      g_autofree char *h = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u host", "%u hosts", hosts), hosts);
      g_autofree char *l = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u link", "%u links", links), links);

      /* what a platform file holds, e.g. "8 hosts, 9 links" */
      check->platform_summary = g_strdup_printf ("%s, %s", h, l);
    }
  if (platform != NULL && check->deployment != NULL && !g_cancellable_is_cancelled (cancellable))
    {
      g_autoptr(AugurDeployment) d = augur_deployment_load_file (check->deployment, platform, &error);

      if (d == NULL)
        check->deployment_problem = g_strdup (error->message);
      else
        {
          guint n = augur_deployment_get_n_actors (d);
          g_autoptr(GHashTable) hosts = g_hash_table_new (NULL, NULL);

          for (guint i = 0; i < n; i++)
            g_hash_table_add (hosts, GUINT_TO_POINTER (augur_deployment_get_actor (d, i)->host + 1));
          guint n_hosts = g_hash_table_size (hosts);
          g_autofree char *r = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", n), n);
          g_autofree char *h = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u host", "%u hosts", n_hosts),
                                                n_hosts);

          /* Translators: what a deployment holds, e.g. "16 ranks" "on" "4 hosts". */
          check->deployment_summary = g_strdup_printf (_("%s on %s"), r, h);
        }
    }
  g_task_return_boolean (task, TRUE);
}

static void show_file_checks (AugurReplayPage *self);

/* A check's worker holds no reference to the page: the page is then
 * always let go on the main thread (a worker that dropped the last one
 * would take its widgets down off it), and its dispose cancels the check.
 * The callback gets the page back, if it is still there. */
static GWeakRef *
page_ref_new (AugurReplayPage *self)
{
  GWeakRef *ref = g_new (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  return ref;
}

static AugurReplayPage *
page_ref_take (gpointer data)
{
  GWeakRef *ref = data;
  AugurReplayPage *self = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return self;
}

static void
file_check_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(AugurReplayPage) self = page_ref_take (data);
  FileCheck *check = g_task_get_task_data (G_TASK (result));

  if (self == NULL || g_task_had_error (G_TASK (result)) ||
      g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_free (self->platform_summary);
  g_free (self->deployment_summary);
  g_free (self->platform_problem);
  g_free (self->deployment_problem);
  self->platform_summary = g_strdup (check->platform_summary);
  self->deployment_summary = g_strdup (check->deployment_summary);
  self->platform_problem = g_strdup (check->platform_problem);
  self->deployment_problem = g_strdup (check->deployment_problem);
  show_file_checks (self);
}

static void
show_file_check (GtkWidget  *label,
                 GFile      *file,
                 const char *summary,
                 const char *problem)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  if (file == NULL)
    return;
  name = g_file_get_basename (file);
  path = g_file_get_parse_name (file);
  if (problem != NULL)
    {
      /* Translators: a file name and what is wrong with it, in a narrow field. */
      text = g_strdup_printf (_("%s\ncannot be used: see its tooltip"), name);
      gtk_widget_add_css_class (label, "error");
      gtk_widget_set_tooltip_text (label, problem);
    }
  else
    {
      /* the name, and below it what the file holds */
      text = summary != NULL ? g_strdup_printf ("%s\n%s", name, summary) : g_strdup (name);
      gtk_widget_remove_css_class (label, "error");
      gtk_widget_set_tooltip_text (label, path);
    }
  gtk_label_set_text (GTK_LABEL (label), text);
}

static void
show_file_checks (AugurReplayPage *self)
{
  show_file_check (self->platform_label, self->inputs.platform, self->platform_summary, self->platform_problem);
  show_file_check (self->deployment_label, self->inputs.deployment, self->deployment_summary,
                   self->deployment_problem);
}

/* Checks the chosen files when they change; shows the last result. */
static void
check_files (AugurReplayPage *self)
{
  AugurReplayInputs *in = &self->inputs;
  g_autoptr(GTask) task = NULL;
  FileCheck *check;

  if (in->use_cluster)
    return;
  if ((in->platform == self->checked_platform ||
       (in->platform != NULL && self->checked_platform != NULL && g_file_equal (in->platform, self->checked_platform))) &&
      (in->deployment == self->checked_deployment ||
       (in->deployment != NULL && self->checked_deployment != NULL &&
        g_file_equal (in->deployment, self->checked_deployment))))
    {
      show_file_checks (self);
      return;
    }
  g_set_object (&self->checked_platform, in->platform);
  g_set_object (&self->checked_deployment, in->deployment);
  g_clear_pointer (&self->platform_summary, g_free);
  g_clear_pointer (&self->deployment_summary, g_free);
  g_clear_pointer (&self->platform_problem, g_free);
  g_clear_pointer (&self->deployment_problem, g_free);
  if (self->check_cancellable != NULL)
    g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  if (in->platform == NULL)
    return;
  self->check_cancellable = g_cancellable_new ();
  check = g_new0 (FileCheck, 1);
  check->platform = g_object_ref (in->platform);
  check->deployment = in->deployment ? g_object_ref (in->deployment) : NULL;
  task = g_task_new (NULL, self->check_cancellable, file_check_done, page_ref_new (self));
  g_task_set_task_data (task, check, (GDestroyNotify) file_check_free);
  g_task_run_in_thread (task, file_check_thread);
}

/* ---- What the chosen traces hold --------------------------------------- */

/* Checked in a worker: a trace may be large.  This much is read at most;
 * the rest is the replay's to read. */
#define TRACE_CHECK_BYTES ((guint64) 256 << 20)

typedef struct {
  GPtrArray *files;
  char      *summary;
  char      *problem;
  gboolean   is_otf2;
} TraceCheck;

static void
trace_check_free (TraceCheck *check)
{
  g_ptr_array_unref (check->files);
  g_free (check->summary);
  g_free (check->problem);
  g_free (check);
}

static void
trace_check_thread (GTask        *task,
                    gpointer      source,
                    gpointer      data,
                    GCancellable *cancellable)
{
  TraceCheck *check = data;
  g_autoptr(GError) error = NULL;
  AugurTraceSummary s;

  if (!augur_trace_summarize ((GFile **) check->files->pdata, check->files->len, TRACE_CHECK_BYTES, &s,
                              cancellable, &error))
    check->problem = g_strdup (error->message);
  else if (s.is_otf2)
    {
      g_autofree char *ranks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", s.n_ranks),
                                                s.n_ranks);

      check->is_otf2 = TRUE;
      /* Translators: what a trace holds, below its name: "4 ranks", then this. */
      check->summary = g_strdup_printf ("%s\n%s", ranks, _("Score-P OTF2 archive"));
    }
  else
    {
      g_autofree char *ranks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", s.n_ranks),
                                                s.n_ranks);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, s.n_actions);
      g_autofree char *actions = NULL;
      const char *dialect = s.dialect == AUGUR_TRACE_DIALECT_SMPI
                              ? (s.is_index ? _("index of SimGrid SMPI traces") : _("SimGrid SMPI trace"))
                              : _("time-independent trace");

      if (s.n_actions > 0)
        /* Translators: the action lines of a trace; "at least" when only its beginning was read. */
        actions = g_strdup_printf (s.complete ? g_dngettext (GETTEXT_PACKAGE, "%s action", "%s actions",
                                                             (gulong) MIN (s.n_actions, G_MAXULONG))
                                              : _("over %s actions"), count);
      /* what a trace holds, below its name in a narrow field:
       * "64 ranks, 1280 actions", then "time-independent trace" */
      check->summary = actions != NULL ? g_strdup_printf ("%s, %s\n%s", ranks, actions, dialect)
                                       : g_strdup_printf ("%s\n%s", ranks, dialect);
    }
  g_task_return_boolean (task, TRUE);
}

static void show_trace_check (AugurReplayPage *self);

static void
trace_check_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(AugurReplayPage) self = page_ref_take (data);
  TraceCheck *check = g_task_get_task_data (G_TASK (result));

  if (self == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_free (self->trace_summary);
  self->trace_summary = g_strdup (check->summary);
  /* the problem said at once, where errors are read; gone with it */
  if (check->problem != NULL)
    augur_replay_page_show_error (self, check->problem);
  g_free (self->trace_problem);
  self->trace_problem = g_strdup (check->problem);
  self->trace_is_otf2 = check->is_otf2;
  show_trace_check (self);
  g_signal_emit_by_name (self, "traces-checked");
}

/* The host speed is asked for where it is needed: beside an OTF2 archive
 * chosen as the trace, or for the Scaling tab's runs that are archives
 * (docs/EXTRAPOLATE.md, "OTF2 archives"); and shown while it is given. */
static gboolean
host_speed_wanted (AugurReplayPage *self)
{
  if (self->trace_is_otf2 || self->inputs.host_speed > 0 || self->inputs.calibrated_platform != NULL)
    return TRUE;
  for (guint i = 0; i < self->inputs.scaling_runs->len; i++)
    if (augur_trace_is_otf2 (g_ptr_array_index (self->inputs.scaling_runs, i)))
      return TRUE;
  return FALSE;
}

static void
show_trace_check (AugurReplayPage *self)
{
  GPtrArray *traces = self->inputs.traces;
  GtkWidget *label = self->trace_label;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  /* the host speed is asked for where it is needed: beside an OTF2 archive */
  gtk_widget_set_visible (self->host_speed_box, host_speed_wanted (self));
  if (traces->len == 0)
    return;
  if (traces->len == 1)
    name = g_file_get_basename (g_ptr_array_index (traces, 0));
  else
    name = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
  if (strchr (name, '\n') != NULL)
    *strchr (name, '\n') = '\0';
  if (self->trace_problem != NULL)
    {
      /* Translators: a file name and what is wrong with it, in a narrow field. */
      text = g_strdup_printf (_("%s\ncannot be replayed: see the message above"), name);
      gtk_widget_add_css_class (label, "error");
      gtk_widget_set_tooltip_text (label, self->trace_problem);
    }
  else
    {
      text = self->trace_summary != NULL ? g_strdup_printf ("%s\n%s", name, self->trace_summary) : g_strdup (name);
      gtk_widget_remove_css_class (label, "error");
    }
  gtk_label_set_text (GTK_LABEL (label), text);
}

static gboolean
same_files (GPtrArray *a,
            GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return a == b;
  for (guint i = 0; i < a->len; i++)
    if (!g_file_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

/* Checks the traces when they change; shows the last result. */
static void
check_traces (AugurReplayPage *self)
{
  GPtrArray *traces = self->inputs.traces;
  g_autoptr(GTask) task = NULL;
  TraceCheck *check;

  if (self->checked_traces != NULL && same_files (traces, self->checked_traces))
    {
      show_trace_check (self);
      return;
    }
  g_clear_pointer (&self->checked_traces, g_ptr_array_unref);
  self->checked_traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < traces->len; i++)
    g_ptr_array_add (self->checked_traces, g_object_ref (g_ptr_array_index (traces, i)));
  g_clear_pointer (&self->trace_summary, g_free);
  /* the last files' problem goes with them */
  if (self->trace_problem != NULL && g_strcmp0 (self->error_text, self->trace_problem) == 0)
    augur_replay_page_show_error (self, NULL);
  g_clear_pointer (&self->trace_problem, g_free);
  self->trace_is_otf2 = FALSE;
  gtk_widget_set_visible (self->host_speed_box, host_speed_wanted (self));
  gtk_widget_remove_css_class (self->trace_label, "error");
  if (self->trace_cancellable != NULL)
    g_cancellable_cancel (self->trace_cancellable);
  g_clear_object (&self->trace_cancellable);
  if (traces->len == 0)
    return;
  self->trace_cancellable = g_cancellable_new ();
  check = g_new0 (TraceCheck, 1);
  check->files = g_ptr_array_ref (self->checked_traces);
  task = g_task_new (NULL, self->trace_cancellable, trace_check_done, page_ref_new (self));
  g_task_set_task_data (task, check, (GDestroyNotify) trace_check_free);
  g_task_run_in_thread (task, trace_check_thread);
}

static void
sync_entry (GtkWidget  *entry,
            double      value,
            const char *kind)
{
  double shown;

  /* Leave what the user typed when it means the same. */
  if (augur_parse_quantity (gtk_editable_get_text (GTK_EDITABLE (entry)), kind, &shown) &&
      fabs (shown - value) <= 1e-12 * fabs (value))
    return;
  {
    g_autofree char *text = format_quantity (value, kind);
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
  }
  gtk_widget_remove_css_class (entry, "error");
}

/* Under the placement's heading, outside its scroller: what the ranks
 * occupy, and plainly when a placement by hand overrides the cluster. */
static void
sync_host_speed (AugurReplayPage *self)
{
  double shown;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->host_speed_entry));

  if (self->inputs.host_speed > 0)
    sync_entry (self->host_speed_entry, self->inputs.host_speed, "speed");
  else if (augur_parse_quantity (text, "speed", &shown) && shown > 0)
    gtk_editable_set_text (GTK_EDITABLE (self->host_speed_entry), "");
  /* a value that is not a speed stays as typed, with its error */

  /* a calibrated platform gives the speed: nothing is typed then */
  set_file_label (self->calibrated_label, self->inputs.calibrated_platform, _("No calibrated platform"));
  gtk_widget_set_visible (self->calibrated_clear, self->inputs.calibrated_platform != NULL);
  gtk_widget_set_sensitive (self->host_speed_entry, self->inputs.calibrated_platform == NULL);
  /* no example speed in a field that gives none */
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->host_speed_entry),
                                  self->inputs.calibrated_platform == NULL ? "2e9" : NULL);
  if (self->inputs.calibrated_platform != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->host_speed_entry), "");
      gtk_widget_remove_css_class (self->host_speed_entry, "error");
      gtk_widget_set_visible (self->host_speed_error, FALSE);
    }
}

static void
show_placement_summary (AugurReplayPage *self)
{
  AugurReplayInputs *in = &self->inputs;
  g_autofree char *what = augur_replay_describe_inputs (in);
  g_autoptr(GString) text = g_string_new (what);

  if (in->rule == AUGUR_REPLAY_PLACE_MANUAL)
    g_string_append_printf (text, "\n%s", _("Placed by hand: a change of the cluster does not move these ranks. "
                                            "Choose a rule to place them again."));
  if (self->placement_note != NULL)
    g_string_append_printf (text, "\n%s", self->placement_note);
  gtk_label_set_text (GTK_LABEL (self->placement_summary), text->str);
  if (in->rule == AUGUR_REPLAY_PLACE_MANUAL || self->placement_note != NULL)
    gtk_widget_add_css_class (self->placement_summary, "warning");
  else
    gtk_widget_remove_css_class (self->placement_summary, "warning");
}

static void
sync_widgets (AugurReplayPage *self)
{
  AugurReplayInputs *in = &self->inputs;

  self->syncing++;

  if (in->traces->len == 0)
    set_file_label (self->trace_label, NULL, _("No trace chosen"));
  else if (in->traces->len == 1)
    set_file_label (self->trace_label, g_ptr_array_index (in->traces, 0), NULL);
  else
    {
      g_autofree char *first = g_file_get_basename (g_ptr_array_index (in->traces, 0));
      /* Translators: e.g. "4 files (p0.txt, …)". */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file (%s, …)",
                                                            "%u files (%s, …)", in->traces->len),
                                               in->traces->len, first);
      gtk_label_set_text (GTK_LABEL (self->trace_label), text);
      gtk_widget_remove_css_class (self->trace_label, "dim-label");
    }
  sync_host_speed (self);
  check_traces (self);
  set_file_label (self->platform_label, in->platform, _("None"));
  set_file_label (self->deployment_label, in->deployment, _("None"));
  check_files (self);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (in->use_cluster ? self->cluster_toggle : self->files_toggle), TRUE);
  gtk_stack_set_visible_child_name (GTK_STACK (self->source_stack), in->use_cluster ? "cluster" : "files");

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->nodes_spin), in->cluster.nodes);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->cores_spin), in->cluster.cores);
  if (in->placement->len > 0)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->ranks_spin), in->placement->len);
  sync_entry (self->speed_entry, in->cluster.speed, "speed");
  sync_entry (self->bandwidth_entry, in->cluster.bandwidth, "bandwidth");
  sync_entry (self->latency_entry, in->cluster.latency, "time");
  sync_entry (self->bb_bandwidth_entry, in->cluster.backbone_bandwidth, "bandwidth");
  sync_entry (self->bb_latency_entry, in->cluster.backbone_latency, "time");
  augur_replay_placement_set (AUGUR_REPLAY_PLACEMENT (self->placement), in->cluster.nodes, in->cluster.cores,
                              (const guint *) in->placement->data, in->placement->len);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->placement_rule), in->rule);
  show_placement_summary (self);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->network_dropdown),
                              in->network == AUGUR_NETWORK_CM02 ? 1 : in->network == AUGUR_NETWORK_SMPI ? 2 : 0);
  augur_replay_page_scaling_sync (self);
  augur_replay_page_validation_sync (self);
  augur_replay_page_sweep_follow_platform (self);

  self->syncing--;
}

/* ---- Edits, modified, undo -------------------------------------------- */

static char *
absolute_text (AugurReplayPage *self)
{
  return augur_replay_inputs_to_text (&self->inputs, NULL);
}

static gboolean
compute_modified (AugurReplayPage *self)
{
  g_autofree char *text = NULL;

  if (self->raw_text != NULL)
    return self->force_modified;
  text = absolute_text (self);
  return self->force_modified || g_strcmp0 (text, self->saved_text) != 0;
}

static void
update_modified (AugurReplayPage *self)
{
  augur_page_set_modified (AUGUR_PAGE (self), compute_modified (self));
}

static void
mark_saved (AugurReplayPage *self)
{
  g_free (self->saved_text);
  self->saved_text = absolute_text (self);
  self->force_modified = FALSE;
  update_modified (self);
}

/* "modified" set from outside: FALSE when the document was saved, TRUE to
 * keep it unsaved. */
static void
on_page_modified (AugurReplayPage *self)
{
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (self));

  if (modified == compute_modified (self))
    return;
  if (modified)
    {
      self->force_modified = TRUE;
      update_modified (self);
    }
  else
    mark_saved (self);
}

/* On a Cluster's tooltip where the sweep may run there. */
static const char *
sweep_cluster_tip (void)
{
  return _("Run the sweep as a Slurm job array on a cluster, and collect its results");
}

void
augur_replay_page_update_actions (AugurReplayPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = augur_page_get_running (AUGUR_PAGE (self));

  gtk_widget_action_set_enabled (widget, "page.replay", !running);
  /* a built cluster's figures, or a platform file's factors */
  gtk_widget_action_set_enabled (widget, "page.sweep",
                                 !running && (self->inputs.use_cluster || self->inputs.platform != NULL) &&
                                   augur_replay_page_sweep_applies (self));
  gtk_widget_action_set_enabled (widget, "page.sweep-again",
                                 !running && (self->inputs.use_cluster || self->inputs.platform != NULL));
  gtk_widget_action_set_enabled (widget, "page.validate", !running);
  gtk_widget_action_set_enabled (widget, "page.calibrate", !running);
  gtk_widget_action_set_enabled (widget, "page.cancel", running);
  gtk_widget_action_set_enabled (widget, "page.undo", augur_page_can_undo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.redo", augur_page_can_redo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.keep-scenario", self->run != NULL && !self->run->partial);
  gtk_widget_action_set_enabled (widget, "page.save-platform", self->inputs.use_cluster);
  /* On a Cluster beside it: off where the sweep would be refused, saying
   * why; its parameter is checked as Sweep checks it */
  {
    const char *refusal = augur_replay_page_sweep_refusal (self);

    gtk_widget_set_sensitive (self->sweep_cluster, refusal == NULL);
    gtk_widget_set_tooltip_text (self->sweep_cluster, refusal != NULL ? refusal : sweep_cluster_tip ());
  }
}

static void
edit_begin (AugurReplayPage *self)
{
  augur_page_remember (AUGUR_PAGE (self));
  g_clear_pointer (&self->raw_text, g_free);
  g_clear_pointer (&self->placement_note, g_free);
}

static void
edit_end (AugurReplayPage *self)
{
  sync_widgets (self);
  update_modified (self);
  augur_replay_page_update_actions (self);
}

void
augur_replay_page_edit_begin (AugurReplayPage *self)
{
  edit_begin (self);
}

void
augur_replay_page_edit_end (AugurReplayPage *self)
{
  edit_end (self);
}

/* The page keeps the history; a snapshot is the document's text, with
 * absolute paths. */
static gpointer
snapshot (AugurPage *page)
{
  return absolute_text (AUGUR_REPLAY_PAGE (page));
}

static void
restore (AugurPage *page,
         gpointer   snapshot)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  g_autofree char *text = snapshot;
  AugurReplayInputs in;

  augur_replay_inputs_init (&in);
  if (!augur_replay_inputs_from_text (&in, text, NULL, NULL))
    {
      /* Augur's own text: kept as it is if it ever fails to read. */
      augur_replay_inputs_clear (&in);
      edit_end (self);
      return;
    }
  augur_replay_inputs_clear (&self->inputs);
  self->inputs = in;
  g_clear_pointer (&self->placement_note, g_free);
  edit_end (self);
  augur_replay_page_show_sweep_settings (self);
}

/* ---- Ranks in a trace ------------------------------------------------- */

/* The number of ranks p0..pN-1 named in the first lines of a merged trace
 * (plain or gzip), or 0. */
static guint
count_ranks (GFile *file)
{
  g_autoptr(GInputStream) raw = G_INPUT_STREAM (augur_file_read (file, NULL, NULL));
  g_autoptr(GBufferedInputStream) buffered = NULL;
  g_autoptr(GInputStream) text = NULL;
  g_autoptr(GDataInputStream) data = NULL;
  const guchar *head;
  gsize head_len = 0;
  guint64 read = 0;
  guint n = 0;
  char *line;

  if (raw == NULL)
    return 0;
  buffered = G_BUFFERED_INPUT_STREAM (g_buffered_input_stream_new (raw));
  g_buffered_input_stream_fill (buffered, 2, NULL, NULL);
  head = g_buffered_input_stream_peek_buffer (buffered, &head_len);
  if (head_len >= 2 && head[0] == 0x1f && head[1] == 0x8b)
    {
      g_autoptr(GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      text = g_converter_input_stream_new (G_INPUT_STREAM (buffered), G_CONVERTER (gz));
    }
  else
    text = g_object_ref (G_INPUT_STREAM (buffered));
  data = g_data_input_stream_new (text);

  while (read < RANK_SCAN_BYTES && (line = g_data_input_stream_read_line (data, NULL, NULL, NULL)) != NULL)
    {
      const char *p = line;
      guint64 rank;
      char *end = NULL;

      read += strlen (line) + 1;
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == 'p' && g_ascii_isdigit (p[1]))
        {
          rank = g_ascii_strtoull (p + 1, &end, 10);
          if ((*end == ' ' || *end == '\t' || *end == '\0') && rank < 1 << 20)
            n = MAX (n, (guint) rank + 1);
        }
      g_free (line);
    }
  return n;
}

/* ---- Public setters --------------------------------------------------- */

/* Places the ranks again by the document's rule after the cluster or the
 * number of ranks changed (n_ranks 0: as many as now); ranks placed by
 * hand on nodes that are gone are moved, and the panel says so. */
static void
place_ranks (AugurReplayPage *self,
             guint            n_ranks)
{
  guint moved = augur_replay_inputs_place (&self->inputs, n_ranks > 0 ? n_ranks : self->inputs.placement->len);

  if (moved > 0)
    {
      g_free (self->placement_note);
      self->placement_note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u rank placed by hand was on a node the cluster no "
                                                           "longer has: it was moved round-robin onto the nodes left.",
                                                           "%u ranks placed by hand were on nodes the cluster no "
                                                           "longer has: they were moved round-robin onto the nodes "
                                                           "left.", moved),
                                              moved);
      augur_replay_page_set_status (self, self->placement_note, TRUE);
    }
}

static void
set_n_ranks (AugurReplayPage *self,
             guint            n_ranks)
{
  if (n_ranks == 0 || n_ranks == self->inputs.placement->len)
    return;
  place_ranks (self, n_ranks);
}

void
augur_replay_page_set_traces (AugurReplayPage *self,
                              GFile          **files,
                              guint            n_files)
{
  guint n_ranks;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  edit_begin (self);
  g_ptr_array_set_size (self->inputs.traces, 0);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->inputs.traces, g_object_ref (files[i]));
  n_ranks = n_files > 1 ? n_files : n_files == 1 ? count_ranks (files[0]) : 0;
  set_n_ranks (self, n_ranks);
  edit_end (self);
}

void
augur_replay_page_set_platform_file (AugurReplayPage *self,
                                     GFile           *platform,
                                     GFile           *deployment)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  edit_begin (self);
  self->inputs.use_cluster = FALSE;
  if (platform != NULL)
    g_set_object (&self->inputs.platform, platform);
  if (deployment != NULL)
    g_set_object (&self->inputs.deployment, deployment);
  edit_end (self);
}

void
augur_replay_page_set_cluster (AugurReplayPage          *self,
                               const AugurReplayCluster *cluster,
                               guint                     n_ranks)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (cluster != NULL && cluster->nodes > 0 && cluster->cores > 0);

  edit_begin (self);
  self->inputs.use_cluster = TRUE;
  self->inputs.cluster = *cluster;
  self->inputs.rule = AUGUR_REPLAY_PLACE_ROUND_ROBIN;
  place_ranks (self, n_ranks > 0 ? n_ranks : cluster->nodes);
  edit_end (self);
}

gboolean
augur_replay_page_get_cluster (AugurReplayPage    *self,
                               AugurReplayCluster *cluster)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  if (cluster)
    *cluster = self->inputs.cluster;
  return self->inputs.use_cluster;
}

gboolean
augur_replay_page_set_placement (AugurReplayPage *self,
                                 const guint     *hosts,
                                 guint            n_ranks)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  for (guint i = 0; i < n_ranks; i++)
    if (hosts[i] >= self->inputs.cluster.nodes)
      return FALSE;
  if (n_ranks == self->inputs.placement->len && self->inputs.rule == AUGUR_REPLAY_PLACE_MANUAL &&
      memcmp (hosts, self->inputs.placement->data, n_ranks * sizeof (guint)) == 0)
    return TRUE;
  edit_begin (self);
  g_array_set_size (self->inputs.placement, 0);
  g_array_append_vals (self->inputs.placement, hosts, n_ranks);
  self->inputs.rule = AUGUR_REPLAY_PLACE_MANUAL;
  edit_end (self);
  return TRUE;
}

void
augur_replay_page_set_placement_rule (AugurReplayPage          *self,
                                      AugurReplayPlacementRule  rule)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (rule <= AUGUR_REPLAY_PLACE_MANUAL);

  /* a placement follows its rule already */
  if (rule == self->inputs.rule)
    return;
  edit_begin (self);
  self->inputs.rule = rule;
  place_ranks (self, 0);
  edit_end (self);
}

AugurReplayPlacementRule
augur_replay_page_get_placement_rule (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), AUGUR_REPLAY_PLACE_ROUND_ROBIN);
  return self->inputs.rule;
}

const char *
augur_replay_page_get_placement_summary (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->placement_summary));
}

const char *
augur_replay_page_get_replayed_text (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return gtk_widget_get_visible (self->replayed_label) ? gtk_label_get_text (GTK_LABEL (self->replayed_label)) : "";
}

const guint *
augur_replay_page_get_placement (AugurReplayPage *self,
                                 guint           *n_ranks)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);

  if (n_ranks)
    *n_ranks = self->inputs.placement->len;
  return (const guint *) self->inputs.placement->data;
}

void
augur_replay_page_set_network (AugurReplayPage   *self,
                               AugurNetworkModel  model)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  if (self->inputs.network == model)
    return;
  edit_begin (self);
  self->inputs.network = model;
  edit_end (self);
}

AugurNetworkModel
augur_replay_page_get_network (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), AUGUR_NETWORK_LV08);
  return self->inputs.network;
}

/* ---- Widget callbacks ------------------------------------------------- */

static void
on_source_toggled (AugurReplayPage *self)
{
  gboolean cluster = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->cluster_toggle));

  if (self->syncing || cluster == self->inputs.use_cluster)
    return;
  edit_begin (self);
  self->inputs.use_cluster = cluster;
  if (cluster && self->inputs.placement->len == 0)
    place_ranks (self, (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->ranks_spin)));
  edit_end (self);
}

static void
on_spin_changed (AugurReplayPage *self,
                 GtkSpinButton   *spin)
{
  guint value = (guint) gtk_spin_button_get_value_as_int (spin);
  AugurReplayInputs *in = &self->inputs;

  if (self->syncing)
    return;
  /* The ranks follow the cluster by the placement's rule (a placement by
   * hand keeps them where they are, as the panel says). */
  if (GTK_WIDGET (spin) == self->nodes_spin && value != in->cluster.nodes)
    {
      edit_begin (self);
      in->cluster.nodes = value;
      place_ranks (self, 0);
      edit_end (self);
    }
  else if (GTK_WIDGET (spin) == self->cores_spin && value != in->cluster.cores)
    {
      edit_begin (self);
      in->cluster.cores = value;
      place_ranks (self, 0);
      edit_end (self);
    }
  else if (GTK_WIDGET (spin) == self->ranks_spin && value != in->placement->len)
    {
      edit_begin (self);
      set_n_ranks (self, value);
      edit_end (self);
    }
}

static void
on_entry_changed (AugurReplayPage *self,
                  GtkEditable     *entry)
{
  AugurReplayCluster *c = &self->inputs.cluster;
  GtkWidget *w = GTK_WIDGET (entry);
  const char *kind = w == self->speed_entry ? "speed"
                     : (w == self->latency_entry || w == self->bb_latency_entry) ? "time" : "bandwidth";
  double *field = w == self->speed_entry ? &c->speed
                  : w == self->bandwidth_entry ? &c->bandwidth
                  : w == self->latency_entry ? &c->latency
                  : w == self->bb_bandwidth_entry ? &c->backbone_bandwidth : &c->backbone_latency;
  double value;

  if (self->syncing)
    return;
  if (!augur_parse_quantity (gtk_editable_get_text (entry), kind, &value) || value <= 0 || !isfinite (value))
    {
      gtk_widget_add_css_class (w, "error");
      return;
    }
  gtk_widget_remove_css_class (w, "error");
  if (value == *field)
    return;
  /* One undo step per field being typed, not per keystroke. */
  if (g_object_get_data (G_OBJECT (self), "augur-last-entry") != w || !augur_page_can_undo (AUGUR_PAGE (self)))
    edit_begin (self);
  g_object_set_data (G_OBJECT (self), "augur-last-entry", w);
  *field = value;
  /* A field typed on is one undo step, but every value is an edit. */
  augur_page_document_changed (AUGUR_PAGE (self));
  self->syncing++;
  update_modified (self);
  augur_replay_page_update_actions (self);
  self->syncing--;
}

/* The host speed is an edit of the document, as a cluster's field is:
 * one undo step per field typed; empty means not given. */
static void
on_host_speed_changed (AugurReplayPage *self,
                       GtkEditable     *entry)
{
  const char *text = gtk_editable_get_text (entry);
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  double value = 0;

  if (self->syncing)
    return;
  if (*stripped != '\0' &&
      (!augur_parse_quantity (stripped, "speed", &value) || !(value > 0) || !isfinite (value)))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_label_set_text (GTK_LABEL (self->host_speed_error),
                          _("Expected a speed in flop/s, more than 0, e.g. 2e9"));
      gtk_widget_set_visible (self->host_speed_error, TRUE);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_set_visible (self->host_speed_error, FALSE);
  if (value == self->inputs.host_speed)
    return;
  if (g_object_get_data (G_OBJECT (self), "augur-last-entry") != entry || !augur_page_can_undo (AUGUR_PAGE (self)))
    edit_begin (self);
  g_object_set_data (G_OBJECT (self), "augur-last-entry", entry);
  self->inputs.host_speed = value;
  augur_page_document_changed (AUGUR_PAGE (self));
  self->syncing++;
  update_modified (self);
  augur_replay_page_update_actions (self);
  self->syncing--;
}

GtkWidget *
augur_replay_page_get_host_speed_entry (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->host_speed_entry;
}

void
augur_replay_page_set_calibrated_platform (AugurReplayPage *self,
                                           GFile           *platform)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (platform == NULL || G_IS_FILE (platform));

  if (platform == self->inputs.calibrated_platform ||
      (platform != NULL && self->inputs.calibrated_platform != NULL &&
       g_file_equal (platform, self->inputs.calibrated_platform)))
    return;
  edit_begin (self);
  g_set_object (&self->inputs.calibrated_platform, platform);
  /* one or the other, as augur-cli replay takes them */
  if (platform != NULL)
    self->inputs.host_speed = 0;
  edit_end (self);
}

GtkWidget *
augur_replay_page_get_calibrated_label (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->calibrated_label;
}

static void
on_calibrated_clear (AugurReplayPage *self)
{
  /* an edit of its own: not coalesced with the speed typed before */
  g_object_set_data (G_OBJECT (self), "augur-last-entry", NULL);
  augur_replay_page_set_calibrated_platform (self, NULL);
}

static void
on_network_changed (AugurReplayPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->network_dropdown));

  if (self->syncing)
    return;
  augur_replay_page_set_network (self, selected == 1   ? AUGUR_NETWORK_CM02
                                       : selected == 2 ? AUGUR_NETWORK_SMPI
                                                       : AUGUR_NETWORK_LV08);
}

static void
on_rank_moved (AugurReplayPage *self,
               guint            rank,
               guint            host)
{
  if (rank >= self->inputs.placement->len || host >= self->inputs.cluster.nodes)
    return;
  edit_begin (self);
  g_array_index (self->inputs.placement, guint, rank) = host;
  self->inputs.rule = AUGUR_REPLAY_PLACE_MANUAL;
  edit_end (self);
}

static void forget_last_entry (AugurReplayPage *self);

static void
on_rule_changed (AugurReplayPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->placement_rule));

  if (self->syncing || selected > AUGUR_REPLAY_PLACE_MANUAL)
    return;
  forget_last_entry (self);
  augur_replay_page_set_placement_rule (self, (AugurReplayPlacementRule) selected);
}

/* Any other edit ends the coalescing of typed entries. */
static void
forget_last_entry (AugurReplayPage *self)
{
  g_object_set_data (G_OBJECT (self), "augur-last-entry", NULL);
}

/* ---- File choosers ---------------------------------------------------- */

static int
compare_files (gconstpointer a,
               gconstpointer b)
{
  g_autofree char *na = g_file_get_basename (*(GFile **) a);
  g_autofree char *nb = g_file_get_basename (*(GFile **) b);
  g_autofree char *ka = g_utf8_collate_key_for_filename (na, -1);
  g_autofree char *kb = g_utf8_collate_key_for_filename (nb, -1);

  return strcmp (ka, kb);
}

static void
traces_chosen (AugurPage  *page,
               GListModel *files,
               gpointer    user_data)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    g_ptr_array_add (list, g_list_model_get_item (files, i));
  /* A per-rank set is in rank order: p0.txt, p1.txt, ..., p10.txt. */
  g_ptr_array_sort (list, compare_files);
  augur_replay_page_set_traces (AUGUR_REPLAY_PAGE (page), (GFile **) list->pdata, list->len);
}

static void
file_chosen (AugurPage     *page,
             GFile         *file,
             GtkFileFilter *filter,
             gpointer       user_data)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  const char *what = user_data;

  if (g_str_equal (what, "platform"))
    augur_replay_page_set_platform_file (self, file, NULL);
  else if (g_str_equal (what, "calibrated"))
    augur_replay_page_set_calibrated_platform (self, file);
  else if (g_str_equal (what, "deployment"))
    augur_replay_page_set_platform_file (self, NULL, file);
  else if (g_str_equal (what, "save-platform"))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GFile) deployment = NULL;
      g_autofree char *dpath = NULL;

      if (path != NULL && g_str_has_suffix (path, ".xml"))
        path[strlen (path) - 4] = '\0';
      dpath = g_strconcat (path ? path : "platform", "-deployment.xml", NULL);
      deployment = g_file_new_for_path (dpath);
      if (augur_replay_page_save_platform (self, file, deployment, &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *dname = g_file_get_basename (deployment);
          g_autofree char *text = g_strdup_printf (_("Saved %s and %s"), name, dname);
          augur_replay_page_set_status (self, text, FALSE);
        }
      else
        augur_replay_page_set_status (self, error->message, TRUE);
    }
}

/* Traces (one or more files), or a SimGrid XML file to open or save. */
static void
open_chooser (AugurReplayPage     *self,
              const char          *what,
              const char          *title,
              GtkFileChooserAction action)
{
  g_autoptr(GListStore) filters = NULL;
  g_autoptr(GtkFileFilter) xml = NULL;

  if (g_str_equal (what, "traces"))
    {
      augur_page_choose_files (AUGUR_PAGE (self), title, NULL, traces_chosen, NULL, NULL);
      return;
    }
  xml = gtk_file_filter_new ();
  gtk_file_filter_set_name (xml, _("SimGrid XML files"));
  gtk_file_filter_add_suffix (xml, "xml");
  filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_list_store_append (filters, xml);
  augur_page_choose_file (AUGUR_PAGE (self), action, title, NULL,
                          action == GTK_FILE_CHOOSER_ACTION_SAVE ? "platform.xml" : NULL,
                          G_LIST_MODEL (filters), file_chosen, g_strdup (what), g_free);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (widget);

  forget_last_entry (self);
  if (g_str_equal (action_name, "page.choose-traces"))
    open_chooser (self, "traces", _("Choose Traces"), GTK_FILE_CHOOSER_ACTION_OPEN);
  else if (g_str_equal (action_name, "page.choose-platform"))
    open_chooser (self, "platform", _("Choose a SimGrid Platform"), GTK_FILE_CHOOSER_ACTION_OPEN);
  else if (g_str_equal (action_name, "page.choose-deployment"))
    open_chooser (self, "deployment", _("Choose a SimGrid Deployment"), GTK_FILE_CHOOSER_ACTION_OPEN);
  else if (g_str_equal (action_name, "page.choose-calibrated-platform"))
    open_chooser (self, "calibrated", _("Choose a Calibrated Platform"), GTK_FILE_CHOOSER_ACTION_OPEN);
  else
    open_chooser (self, "save-platform", _("Save Platform"), GTK_FILE_CHOOSER_ACTION_SAVE);
}

/* A SimGrid file as Augur writes it, with its mark before the root
 * element (where calibrate puts it): a file Augur may write over later. */
static char *
with_mark (const char *xml)
{
  const char *root = strstr (xml, "\n<platform");

  if (root == NULL)
    return g_strdup (xml);
  return g_strdup_printf ("%.*s\n" AUGUR_FILE_MARK_XML "%s", (int) (root - xml), xml, root);
}

gboolean
augur_replay_page_save_platform (AugurReplayPage *self,
                                 GFile           *platform_file,
                                 GFile           *deployment_file,
                                 GError         **error)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autofree char *xml = NULL, *dxml = NULL;
  GFile *files[2] = { platform_file, deployment_file };
  const char *contents[2];
  gsize lengths[2];
  guint n = deployment_file != NULL ? 2 : 1;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (platform_file), FALSE);

  if (!self->inputs.use_cluster)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Only a cluster built in Augur can be saved: the platform comes from a file already"));
      return FALSE;
    }
  /* neither over a file of the user's (the deployment's name was never
   * asked about: it is the platform's with "-deployment"), and both or
   * none */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path != NULL && !augur_file_check_target (path, AUGUR_FILE_MARK_XML, NULL, error))
        return FALSE;
    }
  if (n == 2 && g_file_equal (platform_file, deployment_file))
    {
      g_autofree char *name = g_file_get_parse_name (platform_file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s is given for both the platform and the deployment: give each its own file"), name);
      return FALSE;
    }
  platform = augur_replay_inputs_build_platform (&self->inputs);
  {
    g_autofree char *plain = augur_platform_to_xml (platform);
    xml = with_mark (plain);
  }
  contents[0] = xml;
  lengths[0] = strlen (xml);
  if (n == 2)
    {
      g_autofree char *plain = NULL;

      deployment = augur_replay_inputs_build_deployment (&self->inputs);
      plain = augur_deployment_to_xml (deployment, platform);
      dxml = with_mark (plain);
      contents[1] = dxml;
      lengths[1] = strlen (dxml);
    }
  return augur_file_write_contents_all (files, contents, lengths, n, error);
}

/* ---- Actions ---------------------------------------------------------- */

static void
replay_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  forget_last_entry (AUGUR_REPLAY_PAGE (widget));
  augur_replay_page_replay (AUGUR_PAGE (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  augur_page_cancel (AUGUR_PAGE (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  forget_last_entry (AUGUR_REPLAY_PAGE (widget));
  augur_page_undo (AUGUR_PAGE (widget));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  forget_last_entry (AUGUR_REPLAY_PAGE (widget));
  augur_page_redo (AUGUR_PAGE (widget));
}

static void
round_robin_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (widget);

  forget_last_entry (self);
  augur_replay_page_set_placement_rule (self, AUGUR_REPLAY_PLACE_ROUND_ROBIN);
}

static void
keep_scenario_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  augur_replay_page_keep_scenario (AUGUR_REPLAY_PAGE (widget));
}

static void
validate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  augur_replay_page_validate (AUGUR_REPLAY_PAGE (widget));
}

static void
calibrate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  augur_replay_page_calibrate (AUGUR_REPLAY_PAGE (widget));
}

static void
sweep_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  forget_last_entry (AUGUR_REPLAY_PAGE (widget));
  augur_replay_page_sweep_from_fields (AUGUR_REPLAY_PAGE (widget));
}

static void
sweep_again_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  forget_last_entry (AUGUR_REPLAY_PAGE (widget));
  augur_replay_page_sweep_again (AUGUR_REPLAY_PAGE (widget));
}

gboolean
augur_replay_page_check_inputs (AugurReplayPage *self,
                                GError         **error)
{
  const AugurReplayInputs *in = &self->inputs;

  if (self->raw_text != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s",
                   self->error_text ? self->error_text : _("The replay description could not be read"));
      return FALSE;
    }
  /* refused as soon as it was chosen: not replayed into a misleading chart */
  if (self->trace_problem != NULL && same_files (in->traces, self->checked_traces))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", self->trace_problem);
      return FALSE;
    }
  /* an OTF2 archive's compute is measured time: not replayed at a guessed speed */
  if (self->trace_is_otf2 && !(in->host_speed > 0) && in->calibrated_platform == NULL &&
      same_files (in->traces, self->checked_traces))
    {
      g_autofree char *name = g_file_get_basename (g_ptr_array_index (in->traces, 0));

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is an OTF2 archive: its compute is measured time, so the replay needs the speed "
                     "of the host it was taken on (Traces → Speed of the host it was taken on, in flop/s, "
                     "e.g. 2e9)"), name);
      return FALSE;
    }
  if (in->use_cluster)
    {
      if (in->placement->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Place at least one rank on the cluster (Ranks)"));
          return FALSE;
        }
      if (in->traces->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Choose the trace to replay (Traces → Choose…)"));
          return FALSE;
        }
      if (in->traces->len > 1 && in->traces->len != in->placement->len)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%u trace files for %u ranks: choose one merged trace, or one file per rank"),
                       in->traces->len, in->placement->len);
          return FALSE;
        }
    }
  else if (in->platform == NULL || in->deployment == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   in->platform == NULL ? _("Choose a SimGrid platform file, or build a cluster")
                                        : _("Choose a SimGrid deployment file: it says which rank runs on which host"));
      return FALSE;
    }
  return TRUE;
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_replay_page_dispose (GObject *object)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (object);
  GtkWidget *child;

  if (self->check_cancellable != NULL)
    g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  g_clear_object (&self->checked_platform);
  g_clear_object (&self->checked_deployment);
  if (self->trace_cancellable != NULL)
    g_cancellable_cancel (self->trace_cancellable);
  g_clear_object (&self->trace_cancellable);
  g_clear_pointer (&self->checked_traces, g_ptr_array_unref);
  /* before its widgets go: nothing of the tab is touched after this */
  augur_replay_page_scaling_free (self);
  clear_offer (self);
  self->error_action = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_REPLAY_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (augur_replay_page_parent_class)->dispose (object);
}

static void
augur_replay_page_finalize (GObject *object)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (object);

  augur_replay_inputs_clear (&self->inputs);
  g_clear_object (&self->base_dir);
  g_free (self->platform_summary);
  g_free (self->deployment_summary);
  g_free (self->platform_problem);
  g_free (self->deployment_problem);
  g_free (self->placement_note);
  g_free (self->trace_summary);
  g_free (self->trace_problem);
  g_clear_pointer (&self->run, augur_replay_run_unref);
  g_clear_pointer (&self->scenario, augur_replay_run_unref);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  g_clear_pointer (&self->chart, augur_chart_data_unref);
  g_clear_pointer (&self->validation_chart_data, augur_chart_data_unref);
  g_clear_pointer (&self->sweep_times, g_array_unref);
  g_clear_pointer (&self->sweep_xs, g_array_unref);
  g_clear_pointer (&self->validation_rows, g_ptr_array_unref);
  g_clear_pointer (&self->validation_shown, g_free);
  g_free (self->saved_text);
  g_free (self->raw_text);
  g_free (self->status_text);
  g_free (self->error_text);
  g_free (self->error_tab);
  g_free (self->time_text);
  G_OBJECT_CLASS (augur_replay_page_parent_class)->finalize (object);
}

static const char page_css[] =
  /* six tabs beside the inputs at 1280x800 */
  "augurreplaypage .augur-result-tabs > button { padding-left: 8px; padding-right: 8px; min-width: 0; }\n"
  "augurreplaypage .augur-replay-error { background-color: alpha(@error_color, 0.12);"
  " padding: 8px 12px; border-bottom: 1px solid alpha(@error_color, 0.3); }\n"
  "augurreplaypage .augur-replay-error image { color: @error_color; }\n"
  "augurreplaypage .augur-replay-inputs { background-color: alpha(currentColor, 0.03);"
  " border-right: 1px solid alpha(currentColor, 0.1); }\n"
  "augurreplaypage .augur-replay-time { font-size: 26pt; font-weight: 300; font-feature-settings: \"tnum\"; }\n"
  "augurreplaypage .augur-placement-frame { border: 1px solid alpha(currentColor, 0.15); border-radius: 6px;"
  " background-color: @theme_base_color; }\n"
  "augurreplaypage entry.error { color: @error_color; }\n"
  "augurreplaypage .augur-file-label { font-weight: bold; }\n";

static void
augur_replay_page_class_init (AugurReplayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);
  static const char * const exports[] = {
    "page.export-csv", "page.export-json", "page.export-png", "page.export-svg", "page.export-pdf",
    "page.export-paje",
  };
  static const char * const choosers[] = {
    "page.choose-traces", "page.choose-platform", "page.choose-deployment", "page.save-platform",
    "page.choose-calibrated-platform",
  };

  object_class->dispose = augur_replay_page_dispose;
  object_class->finalize = augur_replay_page_finalize;
  page_class->get_text = get_text;
  page_class->set_text = set_text;
  page_class->set_base_dir = set_base_dir;
  page_class->run = augur_replay_page_replay;
  page_class->present_steps = augur_replay_page_present_steps;
  page_class->present_whatif = augur_replay_page_present_whatif;
  page_class->snapshot = snapshot;
  page_class->restore = restore;
  page_class->snapshot_free = g_free;
  page_class->can_export = can_export;
  page_class->export = augur_replay_page_export;

  /* A sweep ended, successfully or not. */
  /* Work on a cluster (submitted, collected or resubmitted) ended,
   * successfully or not. */
  g_signal_new ("clustered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  g_signal_new ("swept", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The chosen traces were checked (what they hold, or their problem). */
  g_signal_new ("traces-checked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A validation ended, successfully or not. */
  g_signal_new ("validated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A calibration ended, successfully or not. */
  g_signal_new ("calibrated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-replay-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, AugurReplayPage, name)
  BIND (trace_label);
  BIND (source_stack);
  BIND (files_toggle);
  BIND (cluster_toggle);
  BIND (platform_label);
  BIND (deployment_label);
  BIND (nodes_spin);
  BIND (cores_spin);
  BIND (ranks_spin);
  BIND (speed_entry);
  BIND (bandwidth_entry);
  BIND (latency_entry);
  BIND (bb_bandwidth_entry);
  BIND (bb_latency_entry);
  BIND (placement_scroller);
  BIND (placement_rule);
  BIND (placement_summary);
  BIND (replayed_label);
  BIND (network_dropdown);
  BIND (replay_button);
  BIND (progress_bar);
  BIND (status_label);
  BIND (error_revealer);
  BIND (error_label);
  BIND (error_action);
  BIND (time_label);
  BIND (time_caption);
  BIND (view_stack);
  BIND (bars_box);
  BIND (rank_box);
  BIND (action_box);
  BIND (timeline_box);
  BIND (whatif_box);
  BIND (whatif_stack);
  BIND (whatif_plot);
  BIND (sweep_parameter);
  BIND (sweep_from);
  BIND (sweep_to);
  BIND (sweep_points);
  BIND (sweep_log);
  BIND (sweep_button);
  BIND (sweep_error);
  BIND (compare_stack);
  BIND (compare_a_label);
  BIND (compare_b_label);
  BIND (compare_delta_label);
  BIND (compare_a_box);
  BIND (compare_b_box);
  BIND (validation_platform);
  BIND (validation_ranks);
  BIND (validation_runs);
  BIND (validation_stack);
  BIND (validation_chart_box);
  BIND (validation_table_box);
#undef BIND

  gtk_widget_class_install_action (widget_class, "page.replay", NULL, replay_action);
  gtk_widget_class_install_action (widget_class, "page.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "page.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "page.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "page.round-robin", NULL, round_robin_action);
  gtk_widget_class_install_action (widget_class, "page.keep-scenario", NULL, keep_scenario_action);
  gtk_widget_class_install_action (widget_class, "page.sweep", NULL, sweep_action);
  gtk_widget_class_install_action (widget_class, "page.sweep-again", NULL, sweep_again_action);
  augur_cluster_install_actions (widget_class, augur_replay_page_on_cluster);
  augur_replay_page_scaling_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "page.validate", NULL, validate_action);
  gtk_widget_class_install_action (widget_class, "page.calibrate", NULL, calibrate_action);
  for (guint i = 0; i < G_N_ELEMENTS (choosers); i++)
    gtk_widget_class_install_action (widget_class, choosers[i], NULL, choose_action);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    gtk_widget_class_install_action (widget_class, exports[i], NULL, augur_replay_page_export_action);

  augur_page_class_add_run_keys (widget_class, "page.replay", TRUE);

  gtk_widget_class_set_css_name (widget_class, "augurreplaypage");

  g_type_ensure (AUGUR_TYPE_RESULT_ROW);
}

static void
augur_replay_page_init (AugurReplayPage *self)
{
  GtkWidget *entries[5];

  augur_page_ensure_css (page_css);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the inputs fold away before the window is asked for more */
  augur_fold_main_paned (GTK_WIDGET (self), GTK_PACK_START);
  {
    /* beside Sweep: the same sweep on a cluster */
    g_autoptr(GMenuModel) menu = augur_cluster_menu_new ();
    GtkWidget *cluster = gtk_menu_button_new ();

    gtk_menu_button_set_label (GTK_MENU_BUTTON (cluster), _("On a _Cluster"));
    gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (cluster), TRUE);
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (cluster), menu);
    gtk_widget_set_tooltip_text (cluster, sweep_cluster_tip ());
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->sweep_button)), cluster, self->sweep_button);
    self->sweep_cluster = cluster;
  }

  g_signal_connect_object (self->error_action, "clicked", G_CALLBACK (on_error_action), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::modified", G_CALLBACK (on_page_modified), NULL);
  /* a tab's message shown on that tab alone */
  g_signal_connect_object (self->view_stack, "notify::visible-child", G_CALLBACK (reveal_error), self,
                           G_CONNECT_SWAPPED);
  /* Replay and What-If while idle, Cancel while a job runs. */
  g_signal_connect (self, "notify::running", G_CALLBACK (augur_replay_page_update_actions), NULL);
  augur_replay_inputs_init (&self->inputs);

  self->placement = augur_replay_placement_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->placement_scroller), self->placement);
  g_signal_connect_object (self->placement, "rank-moved", G_CALLBACK (on_rank_moved), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->cluster_toggle, "toggled", G_CALLBACK (on_source_toggled), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->nodes_spin, "value-changed", G_CALLBACK (on_spin_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->cores_spin, "value-changed", G_CALLBACK (on_spin_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->ranks_spin, "value-changed", G_CALLBACK (on_spin_changed), self, G_CONNECT_SWAPPED);
  entries[0] = self->speed_entry;
  entries[1] = self->bandwidth_entry;
  entries[2] = self->latency_entry;
  entries[3] = self->bb_bandwidth_entry;
  entries[4] = self->bb_latency_entry;
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_signal_connect_object (entries[i], "changed", G_CALLBACK (on_entry_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->network_dropdown, "notify::selected",
                           G_CALLBACK (on_network_changed), self, G_CONNECT_SWAPPED);
  {
    /* below the trace's name and its Choose button, shown for an OTF2 archive */
    GtkWidget *row = gtk_widget_get_parent (self->trace_label);
    GtkWidget *label = gtk_label_new_with_mnemonic (_("_Speed of the host it was taken on (flop/s)"));

    self->host_speed_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    self->host_speed_entry = gtk_entry_new ();
    gtk_entry_set_placeholder_text (GTK_ENTRY (self->host_speed_entry), "2e9");
    gtk_widget_set_tooltip_text (self->host_speed_entry,
                                 _("An OTF2 archive's compute is measured time: the replay turns it into flops at "
                                   "this speed, as augur-cli replay --host-speed does"));
    gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->host_speed_entry);
    self->host_speed_error = gtk_label_new (NULL);
    gtk_label_set_xalign (GTK_LABEL (self->host_speed_error), 0);
    gtk_label_set_wrap (GTK_LABEL (self->host_speed_error), TRUE);
    gtk_widget_add_css_class (self->host_speed_error, "error");
    gtk_widget_set_visible (self->host_speed_error, FALSE);
    gtk_box_append (GTK_BOX (self->host_speed_box), label);
    gtk_box_append (GTK_BOX (self->host_speed_box), self->host_speed_entry);
    gtk_box_append (GTK_BOX (self->host_speed_box), self->host_speed_error);
    {
      /* or a platform augur-cli calibrate wrote on that host: its name,
       * Choose… and Clear, as the trace's row */
      GtkWidget *or_label = gtk_label_new (_("or from a platform calibrated on it"));
      GtkWidget *calibrated_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *choose = gtk_button_new_with_mnemonic (_("C_hoose…"));

      gtk_label_set_xalign (GTK_LABEL (or_label), 0);
      gtk_label_set_wrap (GTK_LABEL (or_label), TRUE);
      gtk_widget_add_css_class (or_label, "dim-label");
      self->calibrated_label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->calibrated_label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (self->calibrated_label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_hexpand (self->calibrated_label, TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (choose), "page.choose-calibrated-platform");
      gtk_widget_set_tooltip_text (choose, _("Take the host speed from a platform that augur-cli calibrate wrote on "
                                             "the machine the trace was taken on (its first host's), as augur-cli "
                                             "replay --calibrated-platform does"));
      gtk_widget_set_valign (choose, GTK_ALIGN_CENTER);
      self->calibrated_clear = gtk_button_new_from_icon_name ("edit-clear-symbolic");
      gtk_widget_set_tooltip_text (self->calibrated_clear, _("Type the host speed instead"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->calibrated_clear), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Forget the calibrated platform"), -1);
      gtk_widget_set_valign (self->calibrated_clear, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (self->calibrated_clear, "flat");
      g_signal_connect_object (self->calibrated_clear, "clicked", G_CALLBACK (on_calibrated_clear), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (calibrated_row), self->calibrated_label);
      gtk_box_append (GTK_BOX (calibrated_row), self->calibrated_clear);
      gtk_box_append (GTK_BOX (calibrated_row), choose);
      gtk_box_append (GTK_BOX (self->host_speed_box), or_label);
      gtk_box_append (GTK_BOX (self->host_speed_box), calibrated_row);
    }
    gtk_widget_set_visible (self->host_speed_box, FALSE);
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (row)), self->host_speed_box, row);
    g_signal_connect_object (self->host_speed_entry, "changed", G_CALLBACK (on_host_speed_changed), self,
                             G_CONNECT_SWAPPED);
  }
  g_signal_connect_object (self->placement_rule, "notify::selected",
                           G_CALLBACK (on_rule_changed), self, G_CONNECT_SWAPPED);

  augur_replay_page_solve_init (self);
  augur_replay_page_validation_init (self);
  sync_widgets (self);
  mark_saved (self);
  augur_replay_page_clear_results (self);
  augur_replay_page_add_result_areas (self);
  /* its result area after the run's: the run's time is the page's first */
  augur_replay_page_scaling_init (self);
  augur_replay_page_update_actions (self);
}

/* ---- Public API ------------------------------------------------------- */

GtkWidget *
augur_replay_page_new (void)
{
  return g_object_new (AUGUR_TYPE_REPLAY_PAGE, NULL);
}

/* Paths in the text are relative to dir (a project's folder). */
static void
set_base_dir (AugurPage *page,
              GFile     *dir)
{
  g_set_object (&AUGUR_REPLAY_PAGE (page)->base_dir, dir);
}

/* A Paje trace once there is a timeline: the result is in place when
 * "running" goes off. */
static gboolean
can_export (AugurPage  *page,
            const char *what)
{
  if (g_strcmp0 (what, "paje") == 0)
    return AUGUR_REPLAY_PAGE (page)->run != NULL;
  return AUGUR_PAGE_CLASS (augur_replay_page_parent_class)->can_export (page, what);
}

static gboolean
set_text (AugurPage  *page,
          const char *text)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  g_autoptr(GError) error = NULL;
  AugurReplayInputs in;
  gboolean ok;

  augur_replay_inputs_init (&in);
  /* its errors name the document as the other pages' do */
  ok = augur_replay_inputs_read (&in, text, -1, augur_page_get_title (page), self->base_dir, &error);
  augur_replay_inputs_clear (&self->inputs);
  augur_page_clear_history (AUGUR_PAGE (self));
  g_clear_pointer (&self->raw_text, g_free);
  augur_replay_page_clear_results (self);
  if (ok)
    {
      self->inputs = in;
      augur_replay_page_show_error (self, NULL);
    }
  else
    {
      augur_replay_inputs_clear (&in);
      augur_replay_inputs_init (&self->inputs);
      /* Kept as it is: saving the project must not lose it. */
      self->raw_text = g_strdup (text ? text : "");
      augur_replay_page_show_error (self, error->message);
    }
  sync_widgets (self);
  augur_replay_page_show_sweep_settings (self);
  mark_saved (self);
  augur_replay_page_update_actions (self);
  augur_replay_page_set_status (self, _("Not replayed yet"), FALSE);
  return ok;
}

static char *
get_text (AugurPage *page)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);

  if (self->raw_text != NULL)
    return g_strdup (self->raw_text);
  return augur_replay_inputs_to_text (&self->inputs, self->base_dir);
}

void
augur_replay_page_show_view (AugurReplayPage *self,
                             const char      *name)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->view_stack), name);
}

GtkWidget *
augur_replay_page_get_bar_chart (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->bar_chart;
}

GtkWidget *
augur_replay_page_get_placement_view (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->placement;
}

GtkWidget *
augur_replay_page_get_timeline (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->timeline;
}

AugurResultTable *
augur_replay_page_get_rank_table (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (self->rank_table);
}

AugurResultTable *
augur_replay_page_get_action_table (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (self->action_table);
}

const char *
augur_replay_page_get_status_text (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->status_text;
}

const char *
augur_replay_page_get_error_text (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->error_text;
}

const char *
augur_replay_page_get_time_text (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->time_text ? self->time_text : "";
}
