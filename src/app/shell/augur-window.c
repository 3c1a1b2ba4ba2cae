/* augur-window.c: the main window.
 *
 * The window owns one project: a GListStore of AugurWindowDocument (name,
 * kind, page) shown in the sidebar, one page per document in a GtkStack.
 * Documents of kinds this version cannot edit keep their text and settings
 * untouched and are saved back as they were read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "augur-accessible.h"
#include "augur-kinds.h"
#include "augur-start-screen.h"
#include "augur-window-private.h"


G_DEFINE_FINAL_TYPE (AugurWindow, augur_window, GTK_TYPE_APPLICATION_WINDOW)

AugurApplication *
_augur_window_get_application (AugurWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return AUGUR_IS_APPLICATION (app) ? AUGUR_APPLICATION (app) : NULL;
}

AugurWindowDocument *
_augur_window_get_document (AugurWindow *self,
                            guint        index)
{
  g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (G_LIST_MODEL (self->documents), index);

  return doc; /* the store keeps it alive */
}

guint
_augur_window_get_n_documents (AugurWindow *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->documents));
}

GListModel *
augur_window_get_documents (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  return G_LIST_MODEL (self->documents);
}

GFile *
augur_window_get_file (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  return self->file;
}

gboolean
augur_window_is_empty (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), FALSE);
  return self->file == NULL && _augur_window_get_n_documents (self) == 0;
}

gboolean
augur_window_get_modified (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), FALSE);

  if (augur_window_is_empty (self))
    return FALSE;
  if (self->structure_modified)
    return TRUE;
  for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
    if (_augur_window_get_document (self, i)->modified)
      return TRUE;
  return FALSE;
}

GtkWidget *
augur_window_get_sidebar (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->sidebar);
}

guint
augur_window_get_selected_index (AugurWindow *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), GTK_INVALID_LIST_POSITION);

  row = gtk_list_box_get_selected_row (self->sidebar);
  return row != NULL ? (guint) gtk_list_box_row_get_index (row) : GTK_INVALID_LIST_POSITION;
}

AugurWindowDocument *
_augur_window_get_selected_document (AugurWindow *self)
{
  guint index = augur_window_get_selected_index (self);

  return index != GTK_INVALID_LIST_POSITION ? _augur_window_get_document (self, index) : NULL;
}

GtkWidget *
augur_window_get_current_page (AugurWindow *self)
{
  AugurWindowDocument *doc;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);

  doc = _augur_window_get_selected_document (self);
  return doc != NULL ? doc->page : NULL;
}

/* The current document's page, when it is a page of a kind Augur edits. */
AugurPage *
_augur_window_get_current_kind_page (AugurWindow *self)
{
  GtkWidget *page = augur_window_get_current_page (self);

  return AUGUR_IS_PAGE (page) ? AUGUR_PAGE (page) : NULL;
}
/* ---- Title and action state ------------------------------------------- */

char *
_augur_window_get_project_name (AugurWindow *self)
{
  g_autofree char *basename = NULL;

  if (self->file == NULL && self->example_name != NULL && _augur_window_get_n_documents (self) > 0)
    /* Translators: the title of a window holding an untitled copy of a
     * bundled example, e.g. "examples (example)". */
    return g_strdup_printf (_("%s (example)"), self->example_name);
  if (self->file == NULL)
    return g_strdup (_("Untitled Project"));

  basename = g_file_get_basename (self->file);
  if (g_str_has_suffix (basename, ".augur") && strlen (basename) > strlen (".augur"))
    basename[strlen (basename) - strlen (".augur")] = '\0';
  return g_filename_display_name (basename);
}

static char *
get_display_directory (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return NULL;
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    {
      g_autofree char *display = g_filename_display_name (relative);
      return g_strconcat ("~/", display, NULL);
    }
  return g_file_get_parse_name (parent);
}

void
_augur_window_update_title (AugurWindow *self)
{
  g_autofree char *name = _augur_window_get_project_name (self);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  gboolean modified = augur_window_get_modified (self);

  /* Translators: "•" marks a project with unsaved changes. */
  title = modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  gtk_label_set_label (self->title_label, title);
  window_title = g_strdup_printf (_("%s — Augur"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  if (self->file != NULL)
    {
      g_autofree char *directory = get_display_directory (self->file);

      gtk_label_set_label (self->subtitle_label, directory);
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), directory != NULL);
    }
  else if (self->example_name != NULL && _augur_window_get_n_documents (self) > 0)
    {
      /* the user must not believe the work is kept with the examples */
      gtk_label_set_label (self->subtitle_label, _("A copy of a bundled example: Save asks where to keep it"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
    }
  /* a narrow window ellipsizes them: the tooltips say them whole */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->subtitle_label),
                               gtk_label_get_label (self->subtitle_label));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", !augur_window_is_empty (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", !augur_window_is_empty (self));
  /* Reload is offered only while nothing is unsaved */
  _augur_window_disk_update_bar (self);
}

void
_augur_window_update_actions (AugurWindow *self)
{
  static const char *exports[] = { "csv", "json", "png", "svg", "pdf", "dot", "paje", "ctmc" };
  AugurPage *page = _augur_window_get_current_kind_page (self);
  gboolean has_doc = _augur_window_get_selected_document (self) != NULL;
  guint n = _augur_window_get_n_documents (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve", page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.present", page != NULL);
  /* each export that the page has (a Paje trace once a replay has a
   * timeline, PRISM files once a chain is solved) */
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      g_autofree char *action = g_strconcat ("win.export-", exports[i], NULL);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), action,
                                     page != NULL && augur_page_can_export (page, exports[i]));
    }
  /* Escape must reach other widgets when there is nothing to cancel. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel",
                                 page != NULL && augur_page_get_running (page));
  gtk_widget_set_sensitive (self->export_button, page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-document", has_doc);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.rename-document", has_doc);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-document", n > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-document", n > 1);
  _augur_window_report_update_actions (self);
}

/* ---- Documents -------------------------------------------------------- */

static void
document_modified_cb (AugurWindow *self)
{
  _augur_window_update_title (self);
}

/* A setting saved with the document (the PEPA solver) is a change. */
static void
page_settings_cb (AugurWindow *self)
{
  self->structure_modified = TRUE;
  _augur_window_update_title (self);
}

static void
page_running_cb (AugurWindow *self)
{
  _augur_window_update_actions (self);
}

static guint add_document (AugurWindow *self, const char *kind, const char *name, const char *text, GFile *dir);

/* A page asks for a new document (a pipeline, the PEPA model of a mapping). */
static void
page_open_document_cb (AugurWindow *self,
                       const char  *kind,
                       const char  *name,
                       const char  *text)
{
  add_document (self, kind, name, text, NULL);
}

/* dir: the folder paths in the document's text are relative to (NULL: the
 * project's). */
static guint
insert_document (AugurWindow          *self,
                 AugurProjectDocument *source,
                 GFile                *dir)
{
  g_autoptr(GFile) base_dir = dir ? g_object_ref (dir) : self->file ? g_file_get_parent (self->file) : NULL;
  g_autoptr(AugurWindowDocument) doc = _augur_window_document_new (source, base_dir);
  guint index = _augur_window_get_n_documents (self);

  g_signal_connect_object (doc, "notify::modified", G_CALLBACK (document_modified_cb),
                           self, G_CONNECT_SWAPPED);
  if (AUGUR_IS_PAGE (doc->page))
    {
      g_signal_connect_object (doc->page, "notify::running", G_CALLBACK (page_running_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (doc->page, "finished", G_CALLBACK (page_running_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (doc->page, "settings-changed", G_CALLBACK (page_settings_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (doc->page, "open-document", G_CALLBACK (page_open_document_cb),
                               self, G_CONNECT_SWAPPED);
    }
  gtk_stack_add_child (self->stack, doc->page);
  g_list_store_append (self->documents, doc);
  return index;
}

void
augur_window_select_document (AugurWindow *self,
                              guint        index)
{
  GtkListBoxRow *row;

  g_return_if_fail (AUGUR_IS_WINDOW (self));

  row = gtk_list_box_get_row_at_index (self->sidebar, (int) index);
  g_return_if_fail (row != NULL);
  gtk_list_box_select_row (self->sidebar, row);
}

static gboolean
name_in_use (AugurWindow *self,
             const char  *name)
{
  for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
    if (g_strcmp0 (_augur_window_get_document (self, i)->name, name) == 0)
      return TRUE;
  return FALSE;
}

static char *
make_unique_name (AugurWindow *self,
                  const char  *base)
{
  char *name = g_strdup (base);

  for (guint i = 2; name_in_use (self, name); i++)
    {
      g_free (name);
      /* Translators: a document name made unique, e.g. "Model (2)". */
      name = g_strdup_printf (_("%s (%u)"), base, i);
    }
  return name;
}

static guint
add_document (AugurWindow *self,
              const char  *kind,
              const char  *name,
              const char  *text,
              GFile       *dir)
{
  g_autoptr(AugurProjectDocument) source = NULL;
  g_autofree char *unique = NULL;
  guint index;

  unique = make_unique_name (self, name);
  source = augur_project_document_new (kind, unique, text);
  index = insert_document (self, source, dir);
  self->structure_modified = TRUE;
  augur_window_select_document (self, index);
  _augur_window_update_title (self);
  return index;
}

/* A new document of kind (AUGUR_KIND_PEPA...) named name (made unique)
 * with text; it is selected.  Returns its index. */
guint
augur_window_add_document (AugurWindow *self,
                           const char  *kind,
                           const char  *name,
                           const char  *text)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), 0);
  g_return_val_if_fail (kind != NULL && name != NULL, 0);

  return add_document (self, kind, name, text, NULL);
}

guint
_augur_window_add_file_document (AugurWindow *self,
                                 const char  *kind,
                                 const char  *name,
                                 const char  *text,
                                 GFile       *dir)
{
  return add_document (self, kind, name, text, dir);
}

void
augur_window_remove_document (AugurWindow *self,
                              guint        index)
{
  g_autoptr(AugurWindowDocument) doc = NULL;
  guint n;

  g_return_if_fail (AUGUR_IS_WINDOW (self));
  g_return_if_fail (index < _augur_window_get_n_documents (self));

  doc = g_list_model_get_item (G_LIST_MODEL (self->documents), index);
  g_list_store_remove (self->documents, index);
  gtk_stack_remove (self->stack, doc->page);
  self->structure_modified = TRUE;

  n = _augur_window_get_n_documents (self);
  if (n > 0)
    augur_window_select_document (self, MIN (index, n - 1));
  else
    gtk_stack_set_visible_child (self->stack, self->empty_page);
  _augur_window_update_title (self);
  _augur_window_update_actions (self);
}

void
augur_window_rename_document (AugurWindow *self,
                              guint        index,
                              const char  *name)
{
  AugurWindowDocument *doc;

  g_return_if_fail (AUGUR_IS_WINDOW (self));
  g_return_if_fail (index < _augur_window_get_n_documents (self));
  g_return_if_fail (name != NULL);

  doc = _augur_window_get_document (self, index);
  if (g_strcmp0 (doc->name, name) == 0)
    return;
  _augur_window_document_set_name (doc, name);
  self->structure_modified = TRUE;
  _augur_window_update_title (self);
}

static void
clear_documents (AugurWindow *self)
{
  while (_augur_window_get_n_documents (self) > 0)
    {
      AugurWindowDocument *doc = _augur_window_get_document (self, 0);

      gtk_stack_remove (self->stack, doc->page);
      g_list_store_remove (self->documents, 0);
    }
  gtk_stack_set_visible_child (self->stack, self->empty_page);
}

void
_augur_window_set_project (AugurWindow  *self,
                           AugurProject *project,
                           GFile        *file,
                           GFile        *dir)
{
  clear_documents (self);
  /* First: documents resolve their paths against the project's folder. */
  g_set_object (&self->file, file);
  /* the caller says how the file was when it read it */
  _augur_window_disk_set (self, NULL);
  g_clear_pointer (&self->example_name, g_free);
  g_clear_object (&self->example_dir);
  for (guint i = 0; i < augur_project_get_n_documents (project); i++)
    insert_document (self, augur_project_get_nth_document (project, i), dir);
  self->structure_modified = FALSE;
  if (_augur_window_get_n_documents (self) > 0)
    augur_window_select_document (self, 0);
  _augur_window_update_title (self);
  _augur_window_update_actions (self);
}

AugurProject *
augur_window_build_project (AugurWindow *self)
{
  AugurProject *project;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);

  project = augur_project_new ();
  for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
    {
      g_autoptr(AugurProjectDocument) snapshot = _augur_window_document_snapshot (_augur_window_get_document (self, i));
      augur_project_add_document (project, snapshot);
    }
  return project;
}
/* ---- Sidebar ---------------------------------------------------------- */

static GtkWidget *
create_sidebar_row (gpointer item,
                    gpointer user_data)
{
  AugurWindowDocument *doc = item;
  const AugurKind *kind = augur_kind_for_page (doc->page);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name (kind != NULL ? kind->icon : "text-x-generic-symbolic");

  if (kind != NULL)
    gtk_widget_set_tooltip_text (icon, _(kind->name));
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *dot = gtk_label_new ("•");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "document-name");
  gtk_widget_add_css_class (dot, "augur-modified-dot");
  gtk_widget_set_tooltip_text (dot, _("Unsaved changes"));
  g_object_bind_property (doc, "name", label, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (doc, "name", row, "tooltip-text", G_BINDING_SYNC_CREATE);
  g_object_bind_property (doc, "modified", dot, "visible", G_BINDING_SYNC_CREATE);

  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), dot);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
sidebar_row_selected_cb (GtkListBox    *sidebar,
                         GtkListBoxRow *row,
                         AugurWindow   *self)
{
  if (row != NULL)
    {
      AugurWindowDocument *doc = _augur_window_get_document (self, gtk_list_box_row_get_index (row));
      gtk_stack_set_visible_child (self->stack, doc->page);
    }
  else if (_augur_window_get_n_documents (self) == 0)
    {
      gtk_stack_set_visible_child (self->stack, self->empty_page);
    }
  _augur_window_update_actions (self);
}

static void
sidebar_row_activated_cb (GtkListBox    *sidebar,
                          GtkListBoxRow *row,
                          AugurWindow   *self)
{
  gtk_list_box_select_row (sidebar, row);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.rename-document", NULL);
}

static void
sidebar_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    AugurWindow     *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->sidebar, (int) y);
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  if (row == NULL)
    return;
  gtk_list_box_select_row (self->sidebar, row);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->document_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->document_popover));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* ---- Recent files ----------------------------------------------------- */

static void
update_recent_menu (AugurWindow *self)
{
  g_auto(GStrv) uris = g_settings_get_strv (self->settings, "recent-files");
  g_autoptr(GMenu) submenu = NULL;
  g_autoptr(GMenu) files = NULL;
  g_autoptr(GMenu) clear = NULL;

  g_menu_remove_all (self->recent_section);
  if (uris[0] == NULL)
    return;

  submenu = g_menu_new ();
  files = g_menu_new ();
  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uris[i]);
      g_autofree char *parse_name = g_file_get_parse_name (file);
      g_autofree char *label = g_path_get_basename (parse_name);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (uris[i]));
      g_menu_append_item (files, item);
    }
  clear = g_menu_new ();
  g_menu_append (clear, _("_Clear List"), "app.clear-recent");
  g_menu_append_section (submenu, NULL, G_MENU_MODEL (files));
  g_menu_append_section (submenu, NULL, G_MENU_MODEL (clear));
  g_menu_append_submenu (self->recent_section, _("Open _Recent"), G_MENU_MODEL (submenu));
}
/* ---- Window life ------------------------------------------------------ */

static void
save_window_state (AugurWindow *self)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* The schema's ranges are 640..10000 and 480..10000. */
  if (width > 0)
    g_settings_set_int (self->settings, "window-width", CLAMP (width, 640, 10000));
  if (height > 0)
    g_settings_set_int (self->settings, "window-height", CLAMP (height, 480, 10000));
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}


static gboolean
augur_window_close_request (GtkWindow *window)
{
  AugurWindow *self = AUGUR_WINDOW (window);

  if (!self->close_confirmed && augur_window_get_modified (self))
    {
      _augur_window_confirm_close (self);
      return TRUE;
    }

  save_window_state (self);
  return GTK_WINDOW_CLASS (augur_window_parent_class)->close_request (window);
}

static void
augur_window_constructed (GObject *object)
{
  AugurWindow *self = AUGUR_WINDOW (object);

  G_OBJECT_CLASS (augur_window_parent_class)->constructed (object);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_object (self->settings, "changed::recent-files",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);
  _augur_window_update_title (self);
  _augur_window_update_actions (self);
  augur_accessible_name_icon_buttons (GTK_WIDGET (self));
}

static void
augur_window_dispose (GObject *object)
{
  AugurWindow *self = AUGUR_WINDOW (object);

  _augur_window_disk_dispose (self);
  if (self->rename_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->rename_popover));
  if (self->document_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->document_popover));
  self->rename_popover = NULL;
  self->document_popover = NULL;

  g_clear_object (&self->renaming);
  if (self->documents != NULL)
    g_list_store_remove_all (self->documents);
  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_WINDOW);

  G_OBJECT_CLASS (augur_window_parent_class)->dispose (object);
}

static void
augur_window_finalize (GObject *object)
{
  AugurWindow *self = AUGUR_WINDOW (object);

  g_clear_object (&self->documents);
  g_clear_object (&self->file);
  g_free (self->example_name);
  g_clear_object (&self->example_dir);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (augur_window_parent_class)->finalize (object);
}

static void
augur_window_class_init (AugurWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = augur_window_constructed;
  object_class->dispose = augur_window_dispose;
  object_class->finalize = augur_window_finalize;
  window_class->close_request = augur_window_close_request;

  /* The user kept the window open when asked about its unsaved changes
   * (Cancel, or a Save that did not happen): a quit stops there. */
  g_signal_new ("close-cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (AUGUR_TYPE_START_SCREEN);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, rename_popover);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, rename_button);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, document_popover);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, AugurWindow, new_section);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_row_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_row_activated_cb);

  _augur_window_class_actions_init (widget_class);
  _augur_window_report_class_init (widget_class);
  _augur_window_disk_class_init (widget_class);

  {
    guint n_kinds;
    const AugurKind *kinds = augur_kinds_get (&n_kinds);

    for (guint i = 0; i < n_kinds; i++)
      g_type_ensure (kinds[i].get_type ());
  }
}

static void
augur_window_init (AugurWindow *self)
{
  GtkGesture *gesture;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->documents = g_list_store_new (AUGUR_TYPE_WINDOW_DOCUMENT);
  gtk_list_box_bind_model (self->sidebar, G_LIST_MODEL (self->documents),
                           create_sidebar_row, self, NULL);

  gtk_widget_set_parent (GTK_WIDGET (self->rename_popover), GTK_WIDGET (self->sidebar));
  gtk_widget_set_parent (GTK_WIDGET (self->document_popover), GTK_WIDGET (self->sidebar));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (sidebar_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->sidebar), GTK_EVENT_CONTROLLER (gesture));

  /* New: one entry per kind */
  {
    guint n_kinds;
    const AugurKind *kinds = augur_kinds_get (&n_kinds);

    for (guint i = 0; i < n_kinds; i++)
      {
        g_autoptr(GMenuItem) item = g_menu_item_new (_(kinds[i].new_label), NULL);
        g_menu_item_set_action_and_target_value (item, "win.new", g_variant_new_string (kinds[i].id));
        g_menu_append_item (self->new_section, item);
      }
  }

  gtk_stack_set_visible_child (self->stack, self->empty_page);
  _augur_window_report_init (self);
  _augur_window_disk_init (self);
}

AugurWindow *
augur_window_new (AugurApplication *app)
{
  g_return_val_if_fail (AUGUR_IS_APPLICATION (app), NULL);
  return g_object_new (AUGUR_TYPE_WINDOW, "application", app, NULL);
}
