/* augur-page.c: the page of one document, whatever its kind.
 *
 * The page's parts share augur-page-private.h: its job (augur-page-job.c),
 * the results that no longer describe the document (-results.c), its keys
 * (-keys.c) and its file choosers and export names (-files.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gi18n.h>

#include "augur-accessible.h"
#include "augur-page-private.h"
#include "augur-present.h"
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
  _augur_page_update_result_areas (page);
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
          _augur_page_update_result_areas (page);
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

/* ---- The document's states (results follow them: augur-page-results.c) ---- */

guint64
_augur_page_get_version (AugurPage *page)
{
  return ((AugurPagePrivate *) augur_page_get_instance_private (page))->version;
}

GPtrArray **
_augur_page_get_result_areas (AugurPage *page)
{
  return &((AugurPagePrivate *) augur_page_get_instance_private (page))->result_areas;
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
  _augur_page_update_result_areas (page);
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
  _augur_page_update_result_areas (page);
}

GtkFileChooserNative **
_augur_page_get_chooser (AugurPage *page)
{
  return &((AugurPagePrivate *) augur_page_get_instance_private (page))->chooser;
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
  _augur_page_close_chooser (AUGUR_PAGE (object));
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

static void
augur_page_constructed (GObject *object)
{
  G_OBJECT_CLASS (augur_page_parent_class)->constructed (object);
  _augur_page_keys_install (AUGUR_PAGE (object));
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

GPtrArray *
augur_page_get_present_steps (AugurPage *page)
{
  GPtrArray *steps = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_present_step_free);

  g_return_val_if_fail (AUGUR_IS_PAGE (page), steps);
  if (AUGUR_PAGE_GET_CLASS (page)->present_steps != NULL)
    AUGUR_PAGE_GET_CLASS (page)->present_steps (page, steps);
  return steps;
}

GtkWidget *
augur_page_get_present_whatif (AugurPage *page)
{
  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  if (AUGUR_PAGE_GET_CLASS (page)->present_whatif == NULL)
    return NULL;
  return AUGUR_PAGE_GET_CLASS (page)->present_whatif (page);
}
