/* augur-page.c: the page of one document, whatever its kind.
 *
 * (Over 800 lines: the history, the results that no longer describe the
 * document and the run keys all number or follow the same document
 * states; the stale results and the keys are to move to files of their
 * own, sharing augur-page-private.h.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gi18n.h>

#include "augur-accessible.h"
#include "augur-page-private.h"
#include "augur-tab-switcher.h"

typedef struct
{
  char     *title;
  gboolean  modified;
  gboolean  running;
  GPtrArray *undo;    /* snapshots, oldest first; NULL until the first edit */
  GPtrArray *redo;
  AugurPageJobSlot      jobs;
  GtkFileChooserNative *chooser;    /* the file chooser shown, or NULL */
  /* The number of the document's state (augur_page_document_changed):
   * version is the present one, last_version the last one given. */
  guint64    version;
  guint64    last_version;
  guint64    remembered_version;    /* given by the last remember */
  GArray    *undo_versions;         /* guint64: the state of each snapshot */
  GArray    *redo_versions;
  gboolean   restoring;             /* an undo or redo is under way */
  GPtrArray *result_areas;          /* ResultArea */
} AugurPagePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (AugurPage, augur_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_MODIFIED,
  PROP_RUNNING,
  N_PROPS
};

enum {
  FINISHED,
  SETTINGS_CHANGED,
  OPEN_DOCUMENT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static char *
augur_page_real_get_text (AugurPage *page)
{
  return g_strdup ("");
}

static gboolean
augur_page_real_set_text (AugurPage  *page,
                          const char *text)
{
  return FALSE;
}

static void
augur_page_real_load (AugurPage                  *page,
                      const AugurProjectDocument *doc)
{
  augur_page_set_text (page, augur_project_document_get_text (doc));
}

static void
augur_page_real_save (AugurPage            *page,
                      AugurProjectDocument *doc)
{
  g_autofree char *text = augur_page_get_text (page);

  augur_project_document_set_text (doc, text);
}

static void
augur_page_real_cancel (AugurPage *page)
{
  augur_page_cancel_job (page);
}

static gboolean
augur_page_real_can_export (AugurPage  *page,
                            const char *what)
{
  static const char *common[] = { "csv", "json", "png", "svg", "pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (common); i++)
    if (g_strcmp0 (what, common[i]) == 0)
      return TRUE;
  return FALSE;
}

/* ---- History ------------------------------------------------------------- */

static void
ensure_history (AugurPage *page)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);
  GDestroyNotify free_func = AUGUR_PAGE_GET_CLASS (page)->snapshot_free;

  if (priv->undo == NULL)
    {
      priv->undo = g_ptr_array_new_with_free_func (free_func);
      priv->redo = g_ptr_array_new_with_free_func (free_func);
      priv->undo_versions = g_array_new (FALSE, FALSE, sizeof (guint64));
      priv->redo_versions = g_array_new (FALSE, FALSE, sizeof (guint64));
    }
}

static void update_result_areas (AugurPage *page);

/* Takes the newest snapshot of from, keeps the document as it is on to,
 * and restores the snapshot. */
static gboolean
step (AugurPage *page,
      gboolean   back)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);
  AugurPageClass *klass = AUGUR_PAGE_GET_CLASS (page);
  GPtrArray *from, *to;
  GArray *from_versions, *to_versions;
  gpointer snapshot;
  guint64 version;

  if (klass->snapshot == NULL || klass->restore == NULL || priv->undo == NULL)
    return FALSE;
  from = back ? priv->undo : priv->redo;
  to = back ? priv->redo : priv->undo;
  from_versions = back ? priv->undo_versions : priv->redo_versions;
  to_versions = back ? priv->redo_versions : priv->undo_versions;
  if (from->len == 0)
    return FALSE;
  snapshot = g_ptr_array_steal_index (from, from->len - 1);
  version = g_array_index (from_versions, guint64, from_versions->len - 1);
  g_array_set_size (from_versions, from_versions->len - 1);
  g_ptr_array_add (to, klass->snapshot (page));
  g_array_append_val (to_versions, priv->version);
  /* The document goes back to a state it had: results of that state are
   * current again, whatever the restore signals on its way. */
  priv->restoring = TRUE;
  klass->restore (page, snapshot);
  priv->restoring = FALSE;
  priv->version = version;
  update_result_areas (page);
  return TRUE;
}

static gboolean
augur_page_real_undo (AugurPage *page)
{
  return step (page, TRUE);
}

static gboolean
augur_page_real_redo (AugurPage *page)
{
  return step (page, FALSE);
}

void
augur_page_remember (AugurPage *page)
{
  AugurPagePrivate *priv;
  AugurPageClass *klass;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  klass = AUGUR_PAGE_GET_CLASS (page);
  g_return_if_fail (klass->snapshot != NULL);
  priv = augur_page_get_instance_private (page);
  ensure_history (page);
  g_ptr_array_add (priv->undo, klass->snapshot (page));
  g_array_append_val (priv->undo_versions, priv->version);
  if (priv->undo->len > AUGUR_PAGE_UNDO_LIMIT)
    {
      g_ptr_array_remove_index (priv->undo, 0);
      g_array_remove_index (priv->undo_versions, 0);
    }
  g_ptr_array_set_size (priv->redo, 0);
  g_array_set_size (priv->redo_versions, 0);
  augur_page_document_changed (page);
  priv->remembered_version = priv->version;
}

void
augur_page_forget_last (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (priv->undo != NULL && priv->undo->len > 0)
    {
      guint64 before = g_array_index (priv->undo_versions, guint64, priv->undo_versions->len - 1);

      g_ptr_array_remove_index (priv->undo, priv->undo->len - 1);
      g_array_set_size (priv->undo_versions, priv->undo_versions->len - 1);
      /* Nothing changed since: the document is as it was. */
      if (priv->version == priv->remembered_version && !priv->restoring)
        {
          priv->version = before;
          update_result_areas (page);
        }
    }
}

void
augur_page_clear_history (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (priv->undo != NULL)
    {
      g_ptr_array_set_size (priv->undo, 0);
      g_ptr_array_set_size (priv->redo, 0);
      g_array_set_size (priv->undo_versions, 0);
      g_array_set_size (priv->redo_versions, 0);
    }
}

gboolean
augur_page_can_undo (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  priv = augur_page_get_instance_private (page);
  return priv->undo != NULL && priv->undo->len > 0;
}

gboolean
augur_page_can_redo (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  priv = augur_page_get_instance_private (page);
  return priv->redo != NULL && priv->redo->len > 0;
}

/* ---- Status line and error bar --------------------------------------------- */

void
augur_page_ensure_css (const char *css)
{
  static GHashTable *loaded;     /* css -> itself: the sheets added */
  g_autoptr(GtkCssProvider) provider = NULL;
  GdkDisplay *display = gdk_display_get_default ();

  g_return_if_fail (css != NULL);
  if (display == NULL)
    return;
  if (loaded == NULL)
    loaded = g_hash_table_new (g_direct_hash, g_direct_equal);
  if (g_hash_table_contains (loaded, css))
    return;
  g_hash_table_add (loaded, (gpointer) css);
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

void
augur_page_style_status (GtkWidget  *label,
                         const char *text,
                         gboolean    is_error)
{
  g_autofree char *line = NULL;

  g_return_if_fail (GTK_IS_LABEL (label));
  /* A status never grows its toolbar: one line, ellipsized, whatever the
   * text (a cluster's refusal runs to several); the whole text is in the
   * tooltip and, for an error, in the page's error bar. */
  if (text != NULL && strchr (text, '\n') != NULL)
    {
      g_autofree char *copy = g_strstrip (g_strdup (text));
      g_auto(GStrv) lines = g_strsplit (copy, "\n", -1);

      line = g_strjoinv (" ", lines);
    }
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), FALSE);
  if (gtk_label_get_ellipsize (GTK_LABEL (label)) == PANGO_ELLIPSIZE_NONE)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_text (GTK_LABEL (label), line != NULL ? line : text);
  gtk_widget_set_tooltip_text (label, text);
  gtk_widget_remove_css_class (label, is_error ? "dim-label" : "error");
  gtk_widget_add_css_class (label, is_error ? "error" : "dim-label");
}

void
augur_page_reveal_error (GtkWidget  *revealer,
                         GtkWidget  *label,
                         const char *message)
{
  g_return_if_fail (GTK_IS_REVEALER (revealer) && GTK_IS_LABEL (label));
  if (message != NULL)
    gtk_label_set_text (GTK_LABEL (label), message);
  gtk_revealer_set_reveal_child (GTK_REVEALER (revealer), message != NULL);
}

/* ---- Results that no longer describe the document -------------------------- */

/* Dimmed, not hidden: the old numbers still tell where things were; the
 * banner above says they are old. */
static const char stale_css[] =
  ".augur-stale { opacity: 0.35; }\n"
  ".augur-stale-banner { padding: 4px 6px 4px 12px; border-bottom: 1px solid alpha(currentColor, 0.15);"
  " background-color: alpha(@theme_selected_bg_color, 0.15); }\n";

typedef struct
{
  AugurPage *page;         /* not a reference: the page owns the areas */
  GtkWidget *area;
  GtkWidget *banner;       /* GtkRevealer, in the kind's slot */
  GtkWidget *button;
  GtkWidget *label;        /* the banner's text */
  char      *rerun_action;
  gboolean   shown;        /* the area shows results */
  guint64    version;      /* of the document they were computed from */
  gboolean   other;        /* ... which the page never held (a cluster job's copy) */
} ResultArea;

/* The version of results computed from a document the page never held:
 * the page's own numbers count up from 0 and never reach it. */
#define OTHER_VERSION G_MAXUINT64

static void
result_area_free (ResultArea *ra)
{
  g_object_unref (ra->area);
  g_clear_object (&ra->banner);
  g_free (ra->rerun_action);
  g_free (ra);
}

static ResultArea *
find_result_area (AugurPage *page,
                  GtkWidget *area)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);

  for (guint i = 0; priv->result_areas != NULL && i < priv->result_areas->len; i++)
    {
      ResultArea *ra = g_ptr_array_index (priv->result_areas, i);

      if (ra->area == area)
        return ra;
    }
  return NULL;
}

static gboolean
result_area_stale (AugurPage  *page,
                   ResultArea *ra)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);

  return ra->shown && ra->version != priv->version;
}

static void
set_stale_class (GtkWidget *widget,
                 gboolean   stale)
{
  if (stale)
    gtk_widget_add_css_class (widget, "augur-stale");
  else
    gtk_widget_remove_css_class (widget, "augur-stale");
}

static void
update_result_areas (AugurPage *page)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);

  for (guint i = 0; priv->result_areas != NULL && i < priv->result_areas->len; i++)
    {
      ResultArea *ra = g_ptr_array_index (priv->result_areas, i);
      gboolean stale = result_area_stale (page, ra);

      /* An area that holds its own banner dims all but the banner. */
      if (ra->banner != NULL && gtk_widget_get_parent (ra->banner) == ra->area)
        for (GtkWidget *child = gtk_widget_get_first_child (ra->area); child != NULL;
             child = gtk_widget_get_next_sibling (child))
          {
            if (child != ra->banner)
              set_stale_class (child, stale);
          }
      else
        set_stale_class (ra->area, stale);
      if (ra->banner == NULL)
        continue;
      gtk_label_set_label (GTK_LABEL (ra->label),
                           ra->other ? _("These results were computed on the cluster from another version of the model")
                                     : _("These results are from the model before your last edit"));
      gtk_widget_set_visible (ra->banner, stale);
      gtk_revealer_set_reveal_child (GTK_REVEALER (ra->banner), stale);
    }
}

static void
on_rerun_clicked (GtkButton  *button,
                  ResultArea *ra)
{
  if (ra->rerun_action != NULL)
    gtk_widget_activate_action (GTK_WIDGET (ra->page), ra->rerun_action, NULL);
  else
    augur_page_run (ra->page);
}

static void
on_running_changed (AugurPage  *page,
                    GParamSpec *pspec,
                    GtkWidget  *button)
{
  gtk_widget_set_sensitive (button, !augur_page_get_running (page));
}

static GtkWidget *
new_banner (ResultArea *ra)
{
  GtkWidget *revealer = gtk_revealer_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  GtkWidget *label = gtk_label_new (_("These results are from the model before your last edit"));

  ra->label = label;

  gtk_widget_add_css_class (box, "augur-stale-banner");
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_set_hexpand (label, TRUE);
  ra->button = gtk_button_new_with_mnemonic (_("_Run Again"));
  gtk_widget_set_valign (ra->button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (ra->button, _("Compute the results again from the model as it is now"));
  g_signal_connect (ra->button, "clicked", G_CALLBACK (on_rerun_clicked), ra);
  g_signal_connect_object (ra->page, "notify::running", G_CALLBACK (on_running_changed), ra->button, 0);
  gtk_widget_set_sensitive (ra->button, !augur_page_get_running (ra->page));
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), ra->button);
  gtk_revealer_set_child (GTK_REVEALER (revealer), box);
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_widget_set_visible (revealer, FALSE);
  return revealer;
}

guint64
_augur_page_get_version (AugurPage *page)
{
  return ((AugurPagePrivate *) augur_page_get_instance_private (page))->version;
}

void
augur_page_document_changed (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (priv->restoring)
    return;
  priv->version = ++priv->last_version;
  update_result_areas (page);
}

void
augur_page_edit_keeps_results (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (priv->restoring || priv->undo_versions == NULL || priv->undo_versions->len == 0)
    return;
  priv->version = g_array_index (priv->undo_versions, guint64, priv->undo_versions->len - 1);
  update_result_areas (page);
}

void
augur_page_add_result_area (AugurPage  *page,
                            GtkWidget  *area,
                            GtkWidget  *banner_slot,
                            const char *rerun_action)
{
  AugurPagePrivate *priv;
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (GTK_IS_WIDGET (area));
  g_return_if_fail (banner_slot == NULL || GTK_IS_BOX (banner_slot));
  g_return_if_fail (find_result_area (page, area) == NULL);

  priv = augur_page_get_instance_private (page);
  augur_page_ensure_css (stale_css);
  if (priv->result_areas == NULL)
    priv->result_areas = g_ptr_array_new_with_free_func ((GDestroyNotify) result_area_free);
  ra = g_new0 (ResultArea, 1);
  ra->page = page;
  ra->area = g_object_ref (area);
  ra->rerun_action = g_strdup (rerun_action);
  g_ptr_array_add (priv->result_areas, ra);
  if (banner_slot == NULL)
    return;
  ra->banner = g_object_ref (new_banner (ra));
  if (area == banner_slot)
    gtk_box_prepend (GTK_BOX (banner_slot), ra->banner);
  else if (gtk_widget_get_parent (area) == banner_slot)
    gtk_box_insert_child_after (GTK_BOX (banner_slot), ra->banner, gtk_widget_get_prev_sibling (area));
  else
    gtk_box_prepend (GTK_BOX (banner_slot), ra->banner);
}

void
augur_page_result_area_updated (AugurPage *page,
                                GtkWidget *area)
{
  AugurPageJobSlot *slot;
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  ra = find_result_area (page, area);
  g_return_if_fail (ra != NULL);
  slot = _augur_page_get_job_slot (page);
  ra->shown = TRUE;
  ra->version = slot->ending ? slot->ending_version : _augur_page_get_version (page);
  ra->other = FALSE;
  update_result_areas (page);
}

void
augur_page_result_area_updated_from_other (AugurPage *page,
                                           GtkWidget *area)
{
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  ra = find_result_area (page, area);
  g_return_if_fail (ra != NULL);
  ra->shown = TRUE;
  ra->version = OTHER_VERSION;
  ra->other = TRUE;
  update_result_areas (page);
}

void
augur_page_result_area_cleared (AugurPage *page,
                                GtkWidget *area)
{
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  /* A page clears its results before it registers the area, too. */
  ra = find_result_area (page, area);
  if (ra == NULL)
    return;
  ra->shown = FALSE;
  update_result_areas (page);
}

gboolean
augur_page_result_area_is_stale (AugurPage *page,
                                 GtkWidget *area)
{
  ResultArea *ra;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  ra = find_result_area (page, area);
  g_return_val_if_fail (ra != NULL, FALSE);
  return result_area_stale (page, ra);
}

GtkWidget *
augur_page_result_area_get_banner (AugurPage *page,
                                   GtkWidget *area)
{
  ResultArea *ra;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  ra = find_result_area (page, area);
  g_return_val_if_fail (ra != NULL, NULL);
  return ra->banner;
}

GtkWidget *
augur_page_get_result_area (AugurPage *page,
                            guint      i)
{
  AugurPagePrivate *priv;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  priv = augur_page_get_instance_private (page);
  if (priv->result_areas == NULL || i >= priv->result_areas->len)
    return NULL;
  return ((ResultArea *) g_ptr_array_index (priv->result_areas, i))->area;
}

/* ---- File choosers --------------------------------------------------------- */

typedef struct
{
  AugurPageFileFunc  file_func;
  AugurPageFilesFunc files_func;
  gpointer           user_data;
  GDestroyNotify     user_data_free;
} Choice;

static void
choice_free (Choice *choice)
{
  if (choice->user_data_free != NULL)
    choice->user_data_free (choice->user_data);
  g_free (choice);
}

static void
close_chooser (AugurPage *page)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);
  g_autoptr(GtkFileChooserNative) chooser = g_steal_pointer (&priv->chooser);

  if (chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (chooser));
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     AugurPage       *page)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);
  /* Alive until the callback has run (its data goes with the dialog). */
  g_autoptr(GtkNativeDialog) chooser = g_object_ref (dialog);
  Choice *choice = g_object_get_data (G_OBJECT (dialog), "augur-choice");
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GtkFileFilter) filter = NULL;

  if ((GtkNativeDialog *) priv->chooser != dialog)
    return;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      if (choice->files_func != NULL)
        files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      else
        file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      if (filter != NULL)
        g_object_ref (filter);
    }
  close_chooser (page);

  g_object_ref (page);
  if (files != NULL && g_list_model_get_n_items (files) > 0)
    choice->files_func (page, files, choice->user_data);
  else if (file != NULL)
    choice->file_func (page, file, filter, choice->user_data);
  g_object_unref (page);
}

static void
show_chooser (AugurPage            *page,
              GtkFileChooserAction  action,
              const char           *title,
              const char           *accept_label,
              const char           *suggested_name,
              GListModel           *filters,
              Choice               *choice)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (page);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (page));
  guint n_filters = filters != NULL ? g_list_model_get_n_items (filters) : 0;

  close_chooser (page);
  priv->chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               action, accept_label, _("_Cancel"));
  g_object_set_data_full (G_OBJECT (priv->chooser), "augur-choice", choice, (GDestroyNotify) choice_free);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (priv->chooser), choice->files_func != NULL);
  for (guint i = 0; i < n_filters; i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (priv->chooser), filter);
      if (i == 0)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (priv->chooser), filter);
    }
  if (suggested_name != NULL && action == GTK_FILE_CHOOSER_ACTION_SAVE)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (priv->chooser), suggested_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (priv->chooser), TRUE);
  g_signal_connect_object (priv->chooser, "response", G_CALLBACK (chooser_response_cb), page, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (priv->chooser));
}

void
augur_page_choose_file (AugurPage            *page,
                        GtkFileChooserAction  action,
                        const char           *title,
                        const char           *accept_label,
                        const char           *suggested_name,
                        GListModel           *filters,
                        AugurPageFileFunc     callback,
                        gpointer              user_data,
                        GDestroyNotify        user_data_free)
{
  Choice *choice;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (action == GTK_FILE_CHOOSER_ACTION_OPEN || action == GTK_FILE_CHOOSER_ACTION_SAVE ||
                    action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
  g_return_if_fail (filters == NULL || G_IS_LIST_MODEL (filters));
  g_return_if_fail (callback != NULL);

  choice = g_new0 (Choice, 1);
  choice->file_func = callback;
  choice->user_data = user_data;
  choice->user_data_free = user_data_free;
  show_chooser (page, action, title, accept_label, suggested_name, filters, choice);
}

void
augur_page_choose_files (AugurPage          *page,
                         const char         *title,
                         GListModel         *filters,
                         AugurPageFilesFunc  callback,
                         gpointer            user_data,
                         GDestroyNotify      user_data_free)
{
  Choice *choice;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (filters == NULL || G_IS_LIST_MODEL (filters));
  g_return_if_fail (callback != NULL);

  choice = g_new0 (Choice, 1);
  choice->files_func = callback;
  choice->user_data = user_data;
  choice->user_data_free = user_data_free;
  show_chooser (page, GTK_FILE_CHOOSER_ACTION_OPEN, title, NULL, NULL, filters, choice);
}

void
augur_page_choose_export (AugurPage         *page,
                          const char        *title,
                          const char        *suggested_name,
                          GListModel        *filters,
                          AugurPageFileFunc  callback,
                          gpointer           user_data,
                          GDestroyNotify     user_data_free)
{
  augur_page_choose_file (page, GTK_FILE_CHOOSER_ACTION_SAVE, title != NULL ? title : _("Export"),
                          _("_Export"), suggested_name, filters, callback, user_data, user_data_free);
}

/* Longest stem kept of a title, in characters: a name stays readable in a
 * file chooser and far below the 255 bytes a file system allows. */
#define EXPORT_STEM_MAX 96

/* A title as the stem of a file name, kept whole and readable: a title is
 * no file name, so nothing is taken off after its last dot ("figure B.1");
 * what no file name can hold (a slash, a control character, what Windows
 * forbids) becomes a space, spaces run together, and a long title is cut
 * at a word, before any parenthesis it would leave open.  NULL when
 * nothing is left. */
static char *
export_stem (const char *title)
{
  GString *stem = g_string_new (NULL);
  glong n_chars = 0;

  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        break;
      if (c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' || c == '"' ||
          c == '<' || c == '>' || c == '|' || g_unichar_iscntrl (c) || g_unichar_isspace (c))
        c = ' ';
      if (c == ' ' && (stem->len == 0 || stem->str[stem->len - 1] == ' '))
        continue;
      /* a leading dot would hide the file */
      if (c == '.' && stem->len == 0)
        continue;
      g_string_append_unichar (stem, c);
      n_chars++;
    }
  if (n_chars > EXPORT_STEM_MAX)
    {
      const char *end = g_utf8_offset_to_pointer (stem->str, EXPORT_STEM_MAX);
      const char *space = g_strrstr_len (stem->str, end - stem->str, " ");
      int depth = 0;

      g_string_truncate (stem, (space != NULL ? space : end) - stem->str);
      for (gsize i = 0; i < stem->len; i++)
        depth += stem->str[i] == '(' ? 1 : stem->str[i] == ')' ? -1 : 0;
      while (depth > 0)
        {
          char *open = strrchr (stem->str, '(');

          g_string_truncate (stem, open - stem->str);
          depth--;
        }
    }
  /* no trailing space, dot, comma or dash before "-part.ext" */
  while (stem->len > 0 && strchr (" .,;-", stem->str[stem->len - 1]) != NULL)
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    {
      g_string_free (stem, TRUE);
      return NULL;
    }
  return g_string_free (stem, FALSE);
}

char *
augur_page_export_name (AugurPage  *page,
                        const char *fallback,
                        const char *part,
                        const char *extension)
{
  const char *title;
  g_autofree char *stem = NULL;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  g_return_val_if_fail (extension != NULL, NULL);

  title = augur_page_get_title (page);
  if (title != NULL)
    stem = export_stem (title);
  if (stem == NULL)
    stem = export_stem (fallback != NULL ? fallback : "");
  if (stem == NULL)
    stem = g_strdup ("augur");
  if (part != NULL)
    return g_strdup_printf ("%s-%s.%s", stem, part, extension);
  return g_strdup_printf ("%s.%s", stem, extension);
}

AugurPageJobSlot *
_augur_page_get_job_slot (AugurPage *page)
{
  return &((AugurPagePrivate *) augur_page_get_instance_private (page))->jobs;
}

/* ---- Object ---------------------------------------------------------------- */

static void
augur_page_finalize (GObject *object)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (AUGUR_PAGE (object));

  g_free (priv->title);
  g_clear_pointer (&priv->undo, g_ptr_array_unref);
  g_clear_pointer (&priv->redo, g_ptr_array_unref);
  g_clear_pointer (&priv->undo_versions, g_array_unref);
  g_clear_pointer (&priv->redo_versions, g_array_unref);
  G_OBJECT_CLASS (augur_page_parent_class)->finalize (object);
}

static void
augur_page_dispose (GObject *object)
{
  AugurPagePrivate *priv = augur_page_get_instance_private (AUGUR_PAGE (object));
  GtkWidget *child;

  /* The job is cancelled and its result dropped; the dialog goes. */
  _augur_page_job_slot_clear (&priv->jobs);
  close_chooser (AUGUR_PAGE (object));
  g_clear_pointer (&priv->result_areas, g_ptr_array_unref);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (augur_page_parent_class)->dispose (object);
}

static void
augur_page_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  AugurPage *self = AUGUR_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, augur_page_get_title (self));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, augur_page_get_modified (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, augur_page_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_page_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  AugurPage *self = AUGUR_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      augur_page_set_title (self, g_value_get_string (value));
      break;
    case PROP_MODIFIED:
      augur_page_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void page_keys_install (AugurPage *self);

static void
augur_page_constructed (GObject *object)
{
  G_OBJECT_CLASS (augur_page_parent_class)->constructed (object);
  page_keys_install (AUGUR_PAGE (object));
  /* the template's icon buttons now, the results' when they come */
  augur_accessible_name_icon_buttons (GTK_WIDGET (object));
  g_signal_connect (object, "finished", G_CALLBACK (augur_accessible_name_icon_buttons), NULL);
}

static void
augur_page_class_init (AugurPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = augur_page_finalize;
  object_class->dispose = augur_page_dispose;
  object_class->get_property = augur_page_get_property;
  object_class->set_property = augur_page_set_property;
  object_class->constructed = augur_page_constructed;
  /* every page's template may use the shared row of tabs */
  g_type_ensure (AUGUR_TYPE_TAB_SWITCHER);

  klass->get_text = augur_page_real_get_text;
  klass->undo = augur_page_real_undo;
  klass->redo = augur_page_real_redo;
  klass->set_text = augur_page_real_set_text;
  klass->load = augur_page_real_load;
  klass->save = augur_page_real_save;
  klass->can_export = augur_page_real_can_export;
  klass->cancel = augur_page_real_cancel;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A job ended (done, failed or cancelled: the run action, a sweep...);
   * "running" is FALSE.  Also emitted by a run that ends before it starts
   * a job (an invalid document). */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SETTINGS_CHANGED] =
    g_signal_new ("settings-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[OPEN_DOCUMENT] =
    g_signal_new ("open-document", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
augur_page_init (AugurPage *self)
{
}

const char *
augur_page_get_title (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  return ((AugurPagePrivate *) augur_page_get_instance_private (page))->title;
}

void
augur_page_set_title (AugurPage  *page,
                      const char *title)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  g_object_notify_by_pspec (G_OBJECT (page), properties[PROP_TITLE]);
}

gboolean
augur_page_get_modified (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return ((AugurPagePrivate *) augur_page_get_instance_private (page))->modified;
}

void
augur_page_set_modified (AugurPage *page,
                         gboolean   modified)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  modified = !!modified;
  if (priv->modified == modified)
    return;
  priv->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (page), properties[PROP_MODIFIED]);
}

gboolean
augur_page_get_running (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return ((AugurPagePrivate *) augur_page_get_instance_private (page))->running;
}

void
augur_page_set_running (AugurPage *page,
                        gboolean   running)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  running = !!running;
  if (priv->running == running)
    return;
  priv->running = running;
  g_object_notify_by_pspec (G_OBJECT (page), properties[PROP_RUNNING]);
}

void
augur_page_finished (AugurPage *page)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_signal_emit (page, signals[FINISHED], 0);
}

void
augur_page_settings_changed (AugurPage *page)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  augur_page_document_changed (page);
  g_signal_emit (page, signals[SETTINGS_CHANGED], 0);
}

void
augur_page_open_document (AugurPage  *page,
                          const char *kind,
                          const char *name,
                          const char *text)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_signal_emit (page, signals[OPEN_DOCUMENT], 0, kind, name, text);
}

char *
augur_page_get_text (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  return AUGUR_PAGE_GET_CLASS (page)->get_text (page);
}

gboolean
augur_page_set_text (AugurPage  *page,
                     const char *text)
{
  gboolean shown;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  shown = AUGUR_PAGE_GET_CLASS (page)->set_text (page, text);
  augur_page_document_changed (page);
  return shown;
}

void
augur_page_set_base_dir (AugurPage *page,
                         GFile     *dir)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  if (AUGUR_PAGE_GET_CLASS (page)->set_base_dir != NULL)
    AUGUR_PAGE_GET_CLASS (page)->set_base_dir (page, dir);
}

void
augur_page_load (AugurPage                  *page,
                 const AugurProjectDocument *doc,
                 GFile                      *base_dir)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  augur_page_set_title (page, augur_project_document_get_name (doc));
  augur_page_set_base_dir (page, base_dir);
  AUGUR_PAGE_GET_CLASS (page)->load (page, doc);
  augur_page_document_changed (page);
}

void
augur_page_save (AugurPage            *page,
                 AugurProjectDocument *doc)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  AUGUR_PAGE_GET_CLASS (page)->save (page, doc);
}

void
augur_page_run (AugurPage *page)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  if (AUGUR_PAGE_GET_CLASS (page)->run != NULL)
    AUGUR_PAGE_GET_CLASS (page)->run (page);
}

void
augur_page_cancel (AugurPage *page)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  if (AUGUR_PAGE_GET_CLASS (page)->cancel != NULL)
    AUGUR_PAGE_GET_CLASS (page)->cancel (page);
}

gboolean
augur_page_undo (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return AUGUR_PAGE_GET_CLASS (page)->undo != NULL && AUGUR_PAGE_GET_CLASS (page)->undo (page);
}

gboolean
augur_page_redo (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return AUGUR_PAGE_GET_CLASS (page)->redo != NULL && AUGUR_PAGE_GET_CLASS (page)->redo (page);
}

gboolean
augur_page_can_export (AugurPage  *page,
                       const char *what)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return AUGUR_PAGE_GET_CLASS (page)->can_export (page, what);
}

gboolean
augur_page_export (AugurPage   *page,
                   const char  *what,
                   GFile       *file,
                   GError     **error)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  if (AUGUR_PAGE_GET_CLASS (page)->export == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "This page has no %s export", what);
      return FALSE;
    }
  return AUGUR_PAGE_GET_CLASS (page)->export (page, what, file, error);
}

void
augur_page_focus_document (AugurPage *page)
{
  g_return_if_fail (AUGUR_IS_PAGE (page));
  if (AUGUR_PAGE_GET_CLASS (page)->focus_document != NULL)
    AUGUR_PAGE_GET_CLASS (page)->focus_document (page);
}

/* ---- Keys ------------------------------------------------------------------
 *
 * A page's keys are not class bindings (those answer only when the focus is
 * inside the page, after the focused widget had its say: a text view types
 * a newline for Ctrl+Shift+Return).  Each page gets two controllers the
 * window manages (GTK_SHORTCUT_SCOPE_MANAGED: they answer wherever the focus
 * is in the window, and only for the page shown, as GTK skips unmapped
 * widgets).  Keys that start work run in the capture phase, before any
 * editor, and are swallowed even when their action is disabled (a run
 * already going): they never type.  Cancel, undo and redo run in the bubble
 * phase, after the focused widget: an entry's own undo or a view's Escape
 * comes first. */

static GQuark
page_keys_quark (GtkPropagationPhase phase)
{
  return phase == GTK_PHASE_CAPTURE ? g_quark_from_static_string ("augur-page-keys-capture")
                                    : g_quark_from_static_string ("augur-page-keys-bubble");
}

static gboolean
swallow_key (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  return TRUE;
}

static void
page_keys_add (GtkWidgetClass      *widget_class,
               GtkPropagationPhase  phase,
               guint                keyval,
               GdkModifierType      mods,
               const char          *action)
{
  GType type = G_TYPE_FROM_CLASS (widget_class);
  GListStore *store = g_type_get_qdata (type, page_keys_quark (phase));
  g_autoptr(GtkShortcut) shortcut = NULL;

  if (store == NULL)
    {
      store = g_list_store_new (GTK_TYPE_SHORTCUT);
      g_type_set_qdata (type, page_keys_quark (phase), store);
    }
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, mods), gtk_named_action_new (action));
  g_list_store_append (store, shortcut);
  /* Tried after the action: a disabled action still keeps the key. */
  if (phase == GTK_PHASE_CAPTURE)
    {
      g_autoptr(GtkShortcut) swallow = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, mods),
                                                         gtk_callback_action_new (swallow_key, NULL, NULL));
      g_list_store_append (store, swallow);
    }
}

/* The zoom keys of the views (a state diagram, a timeline, a canvas: each
 * binds them while it has the focus) reach the first view shown on the
 * page wherever the focus is; "what" is "zoom-in", "zoom-out" or "fit". */
static gboolean
zoom_shown_view (GtkWidget  *widget,
                 const char *what)
{
  static const char *groups[] = { "diagram", "timeline", "canvas" };

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (!AUGUR_IS_PAGE (widget) && g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Augur"))
    for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
      {
        g_autofree char *name = g_strconcat (groups[i], ".", what, NULL);

        if (gtk_widget_activate_action (widget, name, NULL))
          return TRUE;
      }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (zoom_shown_view (child, what))
      return TRUE;
  return FALSE;
}

static gboolean
zoom_key (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  return zoom_shown_view (widget, user_data);
}

static void
page_zoom_keys_install (AugurPage *self)
{
  static GListStore *store;
  GtkEventController *controller;

  if (store == NULL)
    {
      static const struct { guint keyval; const char *what; } keys[] = {
        { GDK_KEY_plus, "zoom-in" }, { GDK_KEY_equal, "zoom-in" }, { GDK_KEY_KP_Add, "zoom-in" },
        { GDK_KEY_minus, "zoom-out" }, { GDK_KEY_KP_Subtract, "zoom-out" },
        { GDK_KEY_0, "fit" }, { GDK_KEY_KP_0, "fit" },
      };

      store = g_list_store_new (GTK_TYPE_SHORTCUT);
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          g_autoptr(GtkShortcut) shortcut =
            gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, GDK_CONTROL_MASK),
                              gtk_callback_action_new (zoom_key, (gpointer) keys[i].what, NULL));

          g_list_store_append (store, shortcut);
        }
    }
  controller = gtk_shortcut_controller_new_for_model (G_LIST_MODEL (store));
  gtk_event_controller_set_static_name (controller, "augur-page-zoom-keys");
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* From constructed: the final class's keys, as the page's controllers. */
static void
page_keys_install (AugurPage *self)
{
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_BUBBLE };

  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    for (GType type = G_OBJECT_TYPE (self); type != AUGUR_TYPE_PAGE; type = g_type_parent (type))
      {
        GListStore *store = g_type_get_qdata (type, page_keys_quark (phases[i]));
        GtkEventController *controller;

        if (store == NULL)
          continue;
        controller = gtk_shortcut_controller_new_for_model (G_LIST_MODEL (store));
        gtk_event_controller_set_static_name (controller, "augur-page-keys");
        gtk_event_controller_set_propagation_phase (controller, phases[i]);
        gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
        gtk_widget_add_controller (GTK_WIDGET (self), controller);
      }
  page_zoom_keys_install (self);
}

void
augur_page_class_add_run_key (GtkWidgetClass  *widget_class,
                              guint            keyval,
                              GdkModifierType  mods,
                              const char      *action)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class) && action != NULL);
  page_keys_add (widget_class, GTK_PHASE_CAPTURE, keyval, mods, action);
}

void
augur_page_class_add_run_keys (GtkWidgetClass *widget_class,
                               const char     *run_action,
                               gboolean        with_history)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class) && run_action != NULL);

  augur_page_class_add_run_key (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, run_action);
  augur_page_class_add_run_key (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, run_action);
  augur_page_class_add_run_key (widget_class, GDK_KEY_F5, 0, run_action);
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_Escape, 0, "page.cancel");
  if (!with_history)
    return;
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_z, GDK_CONTROL_MASK, "page.undo");
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo");
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo");
}
