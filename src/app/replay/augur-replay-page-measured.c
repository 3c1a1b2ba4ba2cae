/* augur-replay-page-measured.c: an OTF2 archive is a measured run, so
 * the Timeline tab shows it above its replay (docs/OTF2.md, "Measured
 * beside predicted"): the measured timeline, the predicted one below at
 * the same time scale (aligned where the replay's time 0 falls in the
 * measurement: the end of MPI_Init), a table of each rank's measured and
 * predicted time, and the first place they diverge, said in the status
 * and the message bar.  The measured run is read in the replay's worker
 * (augur_replay_measured_compute), after the replay.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-replay-page-private.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "augur-bar-chart.h"
#include "augur-page-job.h"
#include "augur-result-tables.h"
#include "augur-timeline-view.h"
#include "replay-measured.h"

struct _AugurReplayMeasured
{
  AugurMeasuredRun        *run;
  AugurMeasuredComparison *comparison;
  char                    *problem;   /* why it is not shown, or NULL */
};

typedef struct _AugurReplayMeasuredTab
{
  GtkWidget           *outer;            /* the timelines, beside the table */
  GtkWidget           *measured_box;     /* caption and measured timeline */
  GtkWidget           *measured_caption;
  GtkWidget           *measured_view;
  GtkWidget           *predicted_caption;
  GtkWidget           *export_button;    /* the replayed run as an OTF2 archive */
  GtkWidget           *table_box;
  GtkWidget           *table;
  AugurReplayMeasured *shown;
  guint                syncing;          /* one view follows the other */
} AugurReplayMeasuredTab;

enum { ROW_S_NAME, ROW_N_STRINGS };
enum { ROW_N_MEASURED, ROW_N_PREDICTED, ROW_N_DIFFERENCE, ROW_N_RELATIVE, ROW_N_NUMBERS };

/* ---- Worker ----------------------------------------------------------- */

AugurReplayMeasured *
augur_replay_measured_compute (const AugurReplayInputs *in,
                               const AugurReplayResult *result,
                               GCancellable            *cancellable)
{
  AugurReplayMeasured *m;
  GFile *anchor;
  g_autoptr(GError) error = NULL;

  if (in->traces == NULL || in->traces->len != 1)
    return NULL;
  anchor = g_ptr_array_index (in->traces, 0);
  if (!augur_trace_is_otf2 (anchor))
    return NULL;
  m = g_new0 (AugurReplayMeasured, 1);
  {
    /* its rows named as the predicted timeline's, which is below it */
    guint n = augur_replay_result_get_n_ranks (result);
    g_autofree const char **names = g_new0 (const char *, n + 1);

    for (guint i = 0; i < n; i++)
      names[i] = augur_replay_result_get_rank_name (result, i);
    m->run = augur_measured_run_read_otf2_named (anchor, names, n, cancellable, &error);
  }
  if (m->run != NULL)
    m->comparison = augur_measured_run_compare (m->run, result, &error);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    m->problem = g_strdup (error->message);
  return m;
}

void
augur_replay_measured_free (AugurReplayMeasured *m)
{
  if (m == NULL)
    return;
  g_clear_pointer (&m->run, augur_measured_run_free);
  g_clear_pointer (&m->comparison, augur_measured_comparison_free);
  g_free (m->problem);
  g_free (m);
}

/* ---- The views -------------------------------------------------------- */

static AugurReplayMeasuredTab *
tab_of (AugurReplayPage *self)
{
  return self->measured_tab;
}

static void
tab_free (gpointer data)
{
  AugurReplayMeasuredTab *tab = data;

  g_clear_pointer (&tab->shown, augur_replay_measured_free);
  g_free (tab);
}

static double
origin_of (const AugurReplayMeasuredTab *tab)
{
  return tab->shown != NULL && tab->shown->run != NULL ? augur_measured_run_get_origin (tab->shown->run) : 0;
}

/* One view panned or zoomed: the other shows the same span, the measured
 * one shifted by the origin (the replay's 0 is the end of MPI_Init). */
static void
follow (AugurReplayPage *self,
        GtkWidget       *from,
        GtkWidget       *to,
        double           shift)
{
  AugurReplayMeasuredTab *tab = tab_of (self);
  AugurTimelineViewport vp;

  if (tab == NULL || tab->syncing > 0 || tab->shown == NULL || tab->shown->run == NULL ||
      augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (to)) == NULL)
    return;
  tab->syncing++;
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (from), &vp);
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (to), vp.t0 + shift, vp.t1 + shift);
  tab->syncing--;
}

static void
on_measured_viewport (AugurReplayPage *self)
{
  AugurReplayMeasuredTab *tab = tab_of (self);

  follow (self, tab->measured_view, self->timeline, -origin_of (tab));
}

static void
on_predicted_viewport (AugurReplayPage *self)
{
  AugurReplayMeasuredTab *tab = tab_of (self);

  follow (self, self->timeline, tab->measured_view, origin_of (tab));
}

/* ---- Export as OTF2 --------------------------------------------------- */

typedef struct {
  AugurReplayRun *run;
  char           *dir;     /* new: Augur makes it */
} ExportJob;

static void
export_job_free (ExportJob *e)
{
  g_clear_pointer (&e->run, augur_replay_run_unref);
  g_free (e->dir);
  g_free (e);
}

static gpointer
export_thread (AugurPageJob  *job,
               gpointer       inputs,
               GCancellable  *cancellable,
               GError       **error)
{
  ExportJob *e = inputs;

  augur_page_job_progress (-1, _("Writing the OTF2 archive…"), job);
  if (!augur_replay_result_write_otf2 (e->run->result, e->dir, error))
    return NULL;
  return g_strdup (e->dir);
}

static void
export_done (AugurPage    *page,
             gpointer      inputs,
             gpointer      result,
             const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  ExportJob *e = inputs;

  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_replay_page_set_status (self, _("Cancelled"), FALSE);
  else if (error != NULL)
    {
      /* Translators: %s: the folder; then why the archive could not be written. */
      g_autofree char *message = g_strdup_printf (_("The OTF2 archive was not written in %s: %s"), e->dir,
                                                  error->message);

      augur_replay_page_set_status (self, message, TRUE);
      augur_replay_page_show_error (self, message);
    }
  else
    {
      /* Translators: %s: the folder Augur made for the archive. */
      g_autofree char *message = g_strdup_printf (_("Wrote the replayed run as an OTF2 archive: %s/traces.otf2"),
                                                  e->dir);

      augur_replay_page_set_status (self, message, FALSE);
    }
  augur_replay_page_update_actions (self);
}

/* A folder that does not exist yet in parent: "NAME", "NAME-2", ... */
static char *
new_folder_in (const char *parent, const char *name)
{
  for (guint i = 1; i < 1000; i++)
    {
      g_autofree char *base = i == 1 ? g_strdup (name) : g_strdup_printf ("%s-%u", name, i);
      char *dir = g_build_filename (parent, base, NULL);

      if (!g_file_test (dir, G_FILE_TEST_EXISTS))
        return dir;
      g_free (dir);
    }
  return NULL;
}

gboolean
augur_replay_page_export_otf2 (AugurReplayPage *page,
                               GFile           *parent,
                               GError         **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;
  ExportJob *e;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (page), FALSE);
  g_return_val_if_fail (G_IS_FILE (parent), FALSE);

  if (page->run == NULL || augur_page_get_running (AUGUR_PAGE (page)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("Nothing to export: replay first"));
      return FALSE;
    }
  path = g_file_get_path (parent);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                           _("An OTF2 archive is written in a local folder"));
      return FALSE;
    }
  /* never into the user's folder itself: OTF2 writes traces.otf2, .def and
   * a folder of event files; a new folder is made for them */
  name = augur_page_export_name (AUGUR_PAGE (page), _("replay"), _("otf2"), "x");
  name[strlen (name) - 2] = '\0';
  dir = new_folder_in (path, name);
  if (dir == NULL || !augur_replay_otf2_check_dir (dir, error))
    {
      if (dir == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s holds too many folders named %s"), path, name);
      return FALSE;
    }
  e = g_new0 (ExportJob, 1);
  e->run = augur_replay_run_ref (page->run);
  e->dir = g_steal_pointer (&dir);
  augur_page_start_job (AUGUR_PAGE (page), GTK_PROGRESS_BAR (page->progress_bar), NULL, e,
                        (GDestroyNotify) export_job_free, export_thread, g_free, export_done);
  augur_replay_page_show_error (page, NULL);
  augur_replay_page_set_status (page, _("Writing the OTF2 archive…"), FALSE);
  return TRUE;
}

static void
export_folder_chosen (AugurPage     *page,
                      GFile         *folder,
                      GtkFileFilter *filter,
                      gpointer       user_data)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  g_autoptr(GError) error = NULL;

  if (!augur_replay_page_export_otf2 (self, folder, &error))
    {
      augur_replay_page_set_status (self, error->message, TRUE);
      augur_replay_page_show_error (self, error->message);
    }
}

static void
on_export_clicked (AugurReplayPage *self)
{
  augur_page_choose_file (AUGUR_PAGE (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                          _("Export the Replayed Run as OTF2: the Folder to Make It In"), _("_Export"), NULL, NULL,
                          export_folder_chosen, NULL, NULL);
}

static void
update_export (AugurReplayPage *self)
{
  AugurReplayMeasuredTab *tab = tab_of (self);

  gtk_widget_set_sensitive (tab->export_button, self->run != NULL && augur_trace_otf2_supported () &&
                                                !augur_page_get_running (AUGUR_PAGE (self)));
}

static void
on_running_changed (GObject    *page,
                    GParamSpec *pspec,
                    gpointer    data)
{
  update_export (AUGUR_REPLAY_PAGE (page));
}

static GtkWidget *
caption_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* whole, on two lines when the timelines are narrow (at 1024x700 the
   * predicted one shares its row with Export as OTF2…): a caption cut
   * short says less than it should, and the tooltip only adds to it */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

void
augur_replay_page_measured_init (AugurReplayPage *self)
{
  const AugurResultColumn columns[] = {
    { _("Rank"), AUGUR_RESULT_COLUMN_STRING, ROW_S_NAME, FALSE, FALSE },
    { _("Measured"), AUGUR_RESULT_COLUMN_FIXED, ROW_N_MEASURED, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Predicted"), AUGUR_RESULT_COLUMN_FIXED, ROW_N_PREDICTED, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    /* Translators: a column: predicted minus measured time. */
    { _("Difference"), AUGUR_RESULT_COLUMN_FIXED, ROW_N_DIFFERENCE, TRUE, FALSE, 3,
      .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    /* Translators: a column: predicted minus measured, as a percentage of the measured time. */
    { _("Error (%)"), AUGUR_RESULT_COLUMN_FIXED, ROW_N_RELATIVE, TRUE, FALSE, 1, .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  AugurReplayMeasuredTab *tab = g_new0 (AugurReplayMeasuredTab, 1);
  GtkWidget *timelines, *predicted_box;

  self->measured_tab = tab;
  g_object_set_data_full (G_OBJECT (self), "augur-replay-measured-tab", tab, tab_free);

  tab->measured_caption = caption_new ();
  tab->measured_view = augur_timeline_view_new ();
  gtk_widget_set_vexpand (tab->measured_view, TRUE);
  gtk_widget_set_hexpand (tab->measured_view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tab->measured_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Measured timeline"), -1);
  tab->measured_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (tab->measured_box), tab->measured_caption);
  gtk_box_append (GTK_BOX (tab->measured_box), tab->measured_view);

  /* the page's timeline, made by augur-replay-page-solve.c, goes below,
   * under its caption and the button that exports it */
  tab->predicted_caption = caption_new ();
  gtk_widget_set_hexpand (tab->predicted_caption, TRUE);
  tab->export_button = gtk_button_new_with_mnemonic (_("Export as _OTF2…"));
  gtk_widget_set_tooltip_text (tab->export_button,
                               _("Write the replayed run as an OTF2 archive (Vampir, Scalasca, otf2-print) in a new "
                                 "folder that Augur makes in the folder you choose"));
  gtk_widget_set_margin_end (tab->export_button, 6);
  gtk_widget_set_margin_top (tab->export_button, 2);
  gtk_widget_set_margin_bottom (tab->export_button, 2);
  gtk_widget_add_css_class (tab->export_button, "flat");
  g_signal_connect_object (tab->export_button, "clicked", G_CALLBACK (on_export_clicked), self, G_CONNECT_SWAPPED);
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    gtk_box_append (GTK_BOX (row), tab->predicted_caption);
    gtk_box_append (GTK_BOX (row), tab->export_button);
    predicted_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append (GTK_BOX (predicted_box), row);
  }
  g_object_ref (self->timeline);
  gtk_box_remove (GTK_BOX (self->timeline_box), self->timeline);
  gtk_box_append (GTK_BOX (predicted_box), self->timeline);
  g_object_unref (self->timeline);

  timelines = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_paned_set_start_child (GTK_PANED (timelines), tab->measured_box);
  gtk_paned_set_end_child (GTK_PANED (timelines), predicted_box);
  gtk_paned_set_shrink_start_child (GTK_PANED (timelines), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (timelines), FALSE);

  tab->table = augur_result_table_new (columns, G_N_ELEMENTS (columns), ROW_S_NAME, _("Filter ranks"));
  gtk_widget_set_vexpand (tab->table, TRUE);
  tab->table_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  /* beside the timelines: below them, at 1024x700, it would have room
   * for its header alone; the columns it cannot show are hidden by
   * priority and named over it */
  gtk_widget_set_size_request (tab->table_box, 370, -1);
  gtk_box_append (GTK_BOX (tab->table_box), tab->table);

  tab->outer = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_wide_handle (GTK_PANED (tab->outer), TRUE);
  gtk_paned_set_start_child (GTK_PANED (tab->outer), timelines);
  gtk_paned_set_end_child (GTK_PANED (tab->outer), tab->table_box);
  gtk_paned_set_resize_end_child (GTK_PANED (tab->outer), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (tab->outer), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (tab->outer), FALSE);
  gtk_widget_set_vexpand (tab->outer, TRUE);
  gtk_box_append (GTK_BOX (self->timeline_box), tab->outer);

  g_signal_connect_object (tab->measured_view, "viewport-changed", G_CALLBACK (on_measured_viewport), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->timeline, "viewport-changed", G_CALLBACK (on_predicted_viewport), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::running", G_CALLBACK (on_running_changed), NULL);
  augur_replay_page_measured_present (self, NULL);
}

/* A row per rank, named as the timelines' rows (the replay's names, as
 * on the Ranks tab). */
static GListStore *
rows_new (const AugurMeasuredComparison *c, const AugurTimelineData *d, double scale)
{
  GListStore *rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);

  for (guint i = 0; i < c->n_ranks; i++)
    {
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, ROW_N_STRINGS, ROW_N_NUMBERS);

      augur_result_row_set_string (row, ROW_S_NAME, augur_timeline_data_get_row_name (d, i));
      augur_result_row_set_number (row, ROW_N_MEASURED, c->measured[i] * scale);
      augur_result_row_set_number (row, ROW_N_PREDICTED, c->predicted[i] * scale);
      augur_result_row_set_number (row, ROW_N_DIFFERENCE, (c->predicted[i] - c->measured[i]) * scale);
      augur_result_row_set_number (row, ROW_N_RELATIVE, c->measured[i] > 0
                                   ? 100 * (c->predicted[i] - c->measured[i]) / c->measured[i] : NAN);
      g_list_store_append (rows, row);
    }
  return rows;
}

/* "the first divergence: rank 1 at event 6 (MPI_Recv): measured 5.05 ms,
 * predicted 100 µs", or that there is none. */
static char *
divergence_sentence (const AugurMeasuredComparison *c)
{
  const AugurMeasuredDivergence *d = &c->divergence;
  g_autofree char *measured = NULL;
  g_autofree char *predicted = NULL;

  if (!d->found)
    /* Translators: %u: the number of measured intervals compared; %.0f %%: the tolerance. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "measured and predicted agree: %u interval compared, within %.0f %% + 10 µs",
                                         "measured and predicted agree: %u intervals compared, within %.0f %% + 10 µs",
                                         (gulong) MIN (c->n_compared, G_MAXULONG)),
                            (guint) MIN (c->n_compared, G_MAXUINT), AUGUR_MEASURED_REL_TOLERANCE * 100);
  measured = augur_replay_page_format_seconds (d->measured);
  predicted = augur_replay_page_format_seconds (d->predicted);
  /* Translators: where the measured run and its replay first differ by more than the tolerance. */
  return g_strdup_printf (_("measured and predicted first diverge at rank %u, OTF2 event %" PRIu64
                            " (%s): measured %s after MPI_Init, predicted %s"),
                          d->rank, d->event, d->what, measured, predicted);
}

/* Appended to the status; whole in the message bar too when it matters
 * (the status is one line, cut at narrow widths), after the replay's
 * warnings. */
static void
say_in_bars (AugurReplayPage *self,
             const char      *sentence,
             gboolean         message_bar,
             gboolean         warn)
{
  const char *status = augur_replay_page_get_status_text (self);
  const char *message = augur_replay_page_get_error_text (self);
  g_autofree char *with_status = g_strdup_printf ("%s · %s", status != NULL ? status : "", sentence);

  augur_replay_page_set_status (self, with_status, warn || gtk_widget_has_css_class (self->status_label, "error"));
  if (message_bar)
    {
      g_autofree char *upper = g_strdup_printf ("%c%s", g_ascii_toupper (sentence[0]), sentence + 1);
      g_autofree char *with_message = message != NULL ? g_strdup_printf ("%s\n%s", message, upper)
                                                      : g_strdup (upper);

      augur_replay_page_show_error (self, with_message);
    }
}

void
augur_replay_page_measured_present (AugurReplayPage     *self,
                                    AugurReplayMeasured *m)
{
  AugurReplayMeasuredTab *tab = tab_of (self);
  gboolean shown;
  const AugurReplayResult *r = augur_replay_page_get_result (self);

  if (tab == NULL)
    {
      augur_replay_measured_free (m);
      return;
    }
  g_clear_pointer (&tab->shown, augur_replay_measured_free);
  tab->shown = m;
  shown = m != NULL && m->comparison != NULL;
  gtk_widget_set_visible (tab->measured_box, shown);
  gtk_widget_set_visible (tab->table_box, shown);
  gtk_label_set_text (GTK_LABEL (tab->predicted_caption), _("Predicted"));
  gtk_widget_set_tooltip_text (tab->predicted_caption, NULL);
  update_export (self);
  if (!shown)
    {
      tab->syncing++;
      augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (tab->measured_view), NULL);
      /* the prediction alone: its own run is the whole of it */
      augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (tab->measured_view), NAN, NAN);
      augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (self->timeline), NAN, NAN);
      tab->syncing--;
      augur_result_table_set_rows (AUGUR_RESULT_TABLE (tab->table), NULL);
      if (m != NULL && m->problem != NULL)
        {
          /* Translators: the replay ran, but the archive's measured run could not be shown beside it. */
          g_autofree char *sentence = g_strdup_printf (_("the measured run is not shown: %s"), m->problem);
          say_in_bars (self, sentence, TRUE, TRUE);
        }
      return;
    }

  {
    const AugurMeasuredComparison *c = m->comparison;
    double origin = augur_measured_run_get_origin (m->run);
    double scale = 1, span;
    const char *unit = augur_time_unit_choose (MAX (c->measured_time, c->predicted_time), &scale);
    g_autoptr(GListStore) rows = rows_new (c, augur_measured_run_get_timeline (m->run), scale);
    g_autofree char *note = NULL;
    g_autofree char *at = augur_replay_page_format_seconds (origin);
    g_autofree char *caption = NULL;
    g_autofree char *sentence = divergence_sentence (c);
    double m0 = 0, m1 = 0;

    tab->syncing++;
    augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (tab->measured_view), augur_measured_run_get_timeline (m->run));
    /* one time scale: the same span in both, the replay's 0 under the
     * end of MPI_Init; the longer of the two runs is the whole of each
     * (what fitting shows, how far zooming out and panning reach), as
     * Compare's, so that a run that took less looks shorter whatever
     * the user does */
    augur_timeline_data_get_range (augur_measured_run_get_timeline (m->run), &m0, &m1);
    span = MAX (m1 - origin, r != NULL ? augur_replay_result_get_time (r) : 0);
    if (span > 0)
      {
        augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (self->timeline), 0, span);
        augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (tab->measured_view), origin, origin + span);
        augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (self->timeline), 0, span);
        augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (tab->measured_view), origin, origin + span);
      }
    else
      {
        augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (self->timeline), NAN, NAN);
        augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (tab->measured_view), NAN, NAN);
      }
    tab->syncing--;

    /* Translators: above the measured timeline; %s: when MPI_Init ended, e.g. "1.2 ms". */
    caption = g_strdup_printf (_("Measured · MPI_Init ends at %s"), at);
    gtk_label_set_text (GTK_LABEL (tab->measured_caption), caption);
    {
      GString *tip = g_string_new (_("The run as the OTF2 archive measured it: each rank's MPI calls and the "
                                     "compute between them, at their timestamps, from the archive's first event, "
                                     "and its messages from their send to their receive. It is shown at the "
                                     "prediction's time scale, the end of MPI_Init above the prediction's 0; "
                                     "zooming or panning one timeline moves the other."));
      guint64 unmatched = augur_measured_run_get_n_unmatched (m->run);
      guint64 backward = augur_measured_run_get_n_backward (m->run);

      /* what the arrows leave out is said, never silently */
      if (unmatched > 0)
        {
          /* Translators: %" PRIu64 ": a number of MPI sends and receives. */
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "%" PRIu64 " send or receive has no other end in "
                                                                "the archive: it has no arrow.",
                                                                "%" PRIu64 " sends or receives have no other end in "
                                                                "the archive: they have no arrow.",
                                                                (gulong) MIN (unmatched, G_MAXULONG)), unmatched);

          g_string_append_printf (tip, "\n%s", text);
        }
      if (backward > 0)
        {
          /* Translators: %" PRIu64 ": a number of messages. */
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "%" PRIu64 " message is received before it was "
                                                                "sent by the archive's clocks (its hosts' clocks "
                                                                "differ): it has no arrow.",
                                                                "%" PRIu64 " messages are received before they "
                                                                "were sent by the archive's clocks (its hosts' "
                                                                "clocks differ): they have no arrow.",
                                                                (gulong) MIN (backward, G_MAXULONG)), backward);

          g_string_append_printf (tip, "\n%s", text);
        }
      gtk_widget_set_tooltip_text (tab->measured_caption, tip->str);
      g_string_free (tip, TRUE);
    }
    gtk_label_set_text (GTK_LABEL (tab->predicted_caption), _("Predicted · from the end of MPI_Init"));
    gtk_widget_set_tooltip_text (tab->predicted_caption,
                                 _("The replay of the archive on this platform: it starts every rank at 0 when "
                                   "MPI_Init ends, as SMPI's traces do."));
    augur_result_table_set_rows (AUGUR_RESULT_TABLE (tab->table), G_LIST_MODEL (rows));
    /* Translators: %s: a time unit, e.g. "ms". */
    note = g_strdup_printf (_("Each rank's time from the end of MPI_Init to MPI_Finalize, measured and predicted, in %s"),
                            unit);
    augur_result_table_set_note (AUGUR_RESULT_TABLE (tab->table), note);
    say_in_bars (self, sentence, c->divergence.found, FALSE);
  }
}

/* ---- For tests -------------------------------------------------------- */

GtkWidget *
augur_replay_page_get_measured_timeline (AugurReplayPage *page)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (page), NULL);
  return page->measured_tab->measured_view;
}

AugurResultTable *
augur_replay_page_get_measured_table (AugurReplayPage *page)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (page), NULL);
  return AUGUR_RESULT_TABLE (page->measured_tab->table);
}

const AugurMeasuredComparison *
augur_replay_page_get_measured_comparison (AugurReplayPage *page)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (page), NULL);
  if (page->measured_tab->shown == NULL)
    return NULL;
  return page->measured_tab->shown->comparison;
}
