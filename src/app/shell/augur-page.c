/* augur-page.c: the page of one document, whatever its kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-page-private.h"

typedef struct
{
  char     *title;
  gboolean  modified;
  gboolean  running;
  GPtrArray *undo;    /* snapshots, oldest first; NULL until the first edit */
  GPtrArray *redo;
  AugurPageJobSlot      jobs;
  GtkFileChooserNative *chooser;    /* the file chooser shown, or NULL */
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
  gpointer snapshot;

  if (klass->snapshot == NULL || klass->restore == NULL || priv->undo == NULL)
    return FALSE;
  from = back ? priv->undo : priv->redo;
  to = back ? priv->redo : priv->undo;
  if (from->len == 0)
    return FALSE;
  snapshot = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, klass->snapshot (page));
  klass->restore (page, snapshot);
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
  if (priv->undo->len > AUGUR_PAGE_UNDO_LIMIT)
    g_ptr_array_remove_index (priv->undo, 0);
  g_ptr_array_set_size (priv->redo, 0);
}

void
augur_page_forget_last (AugurPage *page)
{
  AugurPagePrivate *priv;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  priv = augur_page_get_instance_private (page);
  if (priv->undo != NULL && priv->undo->len > 0)
    g_ptr_array_remove_index (priv->undo, priv->undo->len - 1);
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
  g_return_if_fail (GTK_IS_LABEL (label));
  gtk_label_set_text (GTK_LABEL (label), text);
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

char *
augur_page_export_name (AugurPage  *page,
                        const char *fallback,
                        const char *part,
                        const char *extension)
{
  const char *title;
  const char *stem;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  g_return_val_if_fail (extension != NULL, NULL);

  title = augur_page_get_title (page);
  stem = title != NULL && *title != '\0' ? title : fallback;
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
augur_page_class_init (AugurPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = augur_page_finalize;
  object_class->dispose = augur_page_dispose;
  object_class->get_property = augur_page_get_property;
  object_class->set_property = augur_page_set_property;

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
  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  return AUGUR_PAGE_GET_CLASS (page)->set_text (page, text);
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

void
augur_page_class_add_run_keys (GtkWidgetClass *widget_class,
                               const char     *run_action,
                               gboolean        with_history)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class) && run_action != NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, run_action, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, run_action, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, run_action, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "page.cancel", NULL);
  if (!with_history)
    return;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "page.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo", NULL);
}
