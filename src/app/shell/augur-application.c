/* augur-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <sys/stat.h>

#include <glib/gi18n.h>

#include "augur-application.h"
#include "augur-kinds.h"
#include "augur-memory.h"
#include "augur-preferences.h"
#include "augur-window.h"

struct _AugurApplication
{
  GtkApplication  parent_instance;
  GSettings      *settings;
  /* The windows a quit has still to close, the one asked first; NULL
   * when no quit is going on. */
  GQueue         *quitting;
};

G_DEFINE_FINAL_TYPE (AugurApplication, augur_application, GTK_TYPE_APPLICATION)

static AugurWindow *
get_or_create_window (AugurApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (AUGUR_IS_WINDOW (window))
    return AUGUR_WINDOW (window);
  return augur_window_new (self);
}

GtkWindow *
augur_application_find_window (AugurApplication *self,
                               GFile            *file)
{
  g_autofree char *path = NULL;
  struct stat st;

  g_return_val_if_fail (AUGUR_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* the same file by any name: a link to it, another hard link */
  path = g_file_get_path (file);
  if (path != NULL && stat (path, &st) != 0)
    return NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *held = AUGUR_IS_WINDOW (l->data) ? augur_window_get_file (l->data) : NULL;
      g_autofree char *held_path = NULL;
      struct stat held_st;

      if (held == NULL)
        continue;
      held_path = g_file_get_path (held);
      if (path == NULL || held_path == NULL)
        {
          /* not a local file (GVfs): by its name */
          if (g_file_equal (held, file))
            return l->data;
          continue;
        }
      if (stat (held_path, &held_st) == 0 && held_st.st_dev == st.st_dev && held_st.st_ino == st.st_ino)
        return l->data;
    }
  return NULL;
}

static void
augur_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_or_create_window (AUGUR_APPLICATION (app))));
}

static void
augur_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  AugurWindow *window = get_or_create_window (AUGUR_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < n_files; i++)
    augur_window_open_file_interactive (window, files[i]);
}

/* Quit closes the windows one at a time: a window with unsaved work is
 * brought to the front and asks, and the next is asked only once it has
 * gone; Cancel in any of them cancels the whole quit.  Closing (not
 * destroying) lets each window ask; the application ends when the last
 * one has gone. */
static void quit_next (AugurApplication *self);
static void quit_window_gone (AugurApplication *self,
                              GtkWindow        *window);

static void
quit_stop (AugurApplication *self)
{
  GtkWindow *window;

  if (self->quitting == NULL)
    return;
  while ((window = g_queue_pop_head (self->quitting)) != NULL)
    {
      g_signal_handlers_disconnect_by_data (window, self);
      g_object_unref (window);
    }
  g_clear_pointer (&self->quitting, g_queue_free);
  g_signal_handlers_disconnect_by_func (self, quit_window_gone, NULL);
}

static gboolean
quit_next_idle (gpointer data)
{
  quit_next (data);
  return G_SOURCE_REMOVE;
}

/* GtkApplication::window-removed: "destroy" would not come while the
 * queue holds the window. */
static void
quit_window_gone (AugurApplication *self,
                  GtkWindow        *window)
{
  if (self->quitting == NULL || g_queue_peek_head (self->quitting) != window)
    return;
  g_signal_handlers_disconnect_by_data (window, self);
  g_object_unref (g_queue_pop_head (self->quitting));
  /* out of the window's destruction */
  g_idle_add_full (G_PRIORITY_DEFAULT, quit_next_idle, g_object_ref (self), g_object_unref);
}

static void
quit_next (AugurApplication *self)
{
  GtkWindow *window;

  if (self->quitting == NULL)
    return;
  /* a window closed meanwhile by other means */
  while ((window = g_queue_peek_head (self->quitting)) != NULL &&
         g_list_find (gtk_application_get_windows (GTK_APPLICATION (self)), window) == NULL)
    g_object_unref (g_queue_pop_head (self->quitting));
  if (window == NULL)
    {
      quit_stop (self);
      return;
    }
  g_signal_connect_swapped (window, "close-cancelled", G_CALLBACK (quit_stop), self);
  /* The window that asks is the one in front. */
  gtk_window_present (window);
  gtk_window_close (window);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  AugurApplication *self = AUGUR_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Ctrl+Q again while a window asks: that window's question stands. */
  if (self->quitting != NULL)
    return;
  self->quitting = g_queue_new ();
  g_signal_connect (self, "window-removed", G_CALLBACK (quit_window_gone), NULL);
  /* the windows in their stacking order: the active one asks first */
  for (GList *l = windows; l != NULL; l = l->next)
    if (AUGUR_IS_WINDOW (l->data))
      g_queue_push_tail (self->quitting, g_object_ref (l->data));
  quit_next (self);
}

gboolean
augur_application_get_quitting (AugurApplication *self)
{
  g_return_val_if_fail (AUGUR_IS_APPLICATION (self), FALSE);
  return self->quitting != NULL;
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  AugurApplication *self = AUGUR_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *preferences = augur_preferences_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Augur developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Augur"),
                         "version", PACKAGE_VERSION,
                         "logo-icon-name", APP_ID,
                         "comments", _("Predict the performance of parallel programs from models"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "copyright", _("© The Augur developers"),
                         "authors", developers,
                         /* Translators: put your name here, one per line. */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
clear_recent_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  AugurApplication *self = AUGUR_APPLICATION (user_data);

  g_settings_reset (self->settings, "recent-files");
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_action },
  { .name = "preferences", .activate = preferences_action },
  { .name = "about", .activate = about_action },
  { .name = "clear-recent", .activate = clear_recent_action },
};

static void
set_accels (GtkApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.solve", { "<Control>Return", "<Control>KP_Enter", NULL } },
    { "win.cancel", { "Escape", NULL } },
    /* F5 is Solve; presentation programs present with Shift+F5 */
    { "win.present", { "<Shift>F5", NULL } },
    { "win.rename-document", { "F2", NULL } },
    { "win.previous-document", { "<Control>Page_Up", NULL } },
    { "win.next-document", { "<Control>Page_Down", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.help", { "F1", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
  /* Ctrl+N: a new document of the first kind of the table */
  {
    guint n_kinds;
    const AugurKind *kinds = augur_kinds_get (&n_kinds);
    g_autofree char *detailed = g_strdup_printf ("win.new('%s')", kinds[0].id);
    const char *new_accels[] = { "<Control>n", NULL };

    gtk_application_set_accels_for_action (app, detailed, new_accels);
  }
}

static void
augur_application_startup (GApplication *app)
{
  AugurApplication *self = AUGUR_APPLICATION (app);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  g_autoptr(GError) error = NULL;

  G_APPLICATION_CLASS (augur_application_parent_class)->startup (app);
  /* A budget set in the environment and not taken says so where it was set. */
  if (!augur_memory_limit_setting_check (&error))
    g_printerr ("augur: %s; %s\n", error->message,
                _("the memory budget is taken from this machine's and the job's limits"));

  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  set_accels (GTK_APPLICATION (self));

  gtk_css_provider_load_from_resource (css, "/io/github/augur/Augur/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APP_ID);
}

static void
augur_application_dispose (GObject *object)
{
  AugurApplication *self = AUGUR_APPLICATION (object);

  quit_stop (self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (augur_application_parent_class)->dispose (object);
}

static void
augur_application_class_init (AugurApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = augur_application_dispose;
  app_class->startup = augur_application_startup;
  app_class->activate = augur_application_activate;
  app_class->open = augur_application_open;
}

static void
augur_application_init (AugurApplication *self)
{
}

/* TRUE when the running executable lies under the build tree Augur was
 * compiled in: then the translations are those compiled into <build>/po,
 * not (or not yet) installed ones. */
static gboolean
running_uninstalled (void)
{
#ifdef AUGUR_BUILD_ROOT
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_canonicalize_filename (AUGUR_BUILD_ROOT, NULL);
  g_autofree char *prefix = g_strconcat (root, G_DIR_SEPARATOR_S, NULL);

  return exe != NULL && g_str_has_prefix (exe, prefix);
#else
  return FALSE;
#endif
}

const char *
augur_application_get_locale_dir (void)
{
  static char *dir = NULL;
  const char *env;

  if (dir != NULL)
    return dir;
  env = g_getenv ("AUGUR_LOCALEDIR");
  if (env != NULL && *env != '\0')
    dir = g_strdup (env);
#ifdef AUGUR_BUILD_LOCALEDIR
  else if (running_uninstalled ())
    dir = g_strdup (AUGUR_BUILD_LOCALEDIR);
#endif
  else
    dir = g_strdup (LOCALEDIR);
  return dir;
}

const char *
augur_application_get_tracer_library (void)
{
  static char *path = NULL;
  const char *env;

  if (path != NULL)
    return path;
  env = g_getenv ("AUGUR_TRACE_LIB");
  if (env != NULL && *env != '\0')
    path = g_strdup (env);
#ifdef AUGUR_BUILD_ROOT
  else if (running_uninstalled ())
    path = g_build_filename (AUGUR_BUILD_ROOT, "src", "tracer", "libaugur-trace.so", NULL);
#endif
#ifdef AUGUR_LIBDIR
  else
    path = g_build_filename (AUGUR_LIBDIR, "libaugur-trace.so", NULL);
#else
  else
    path = g_strdup ("libaugur-trace.so");
#endif
  return path;
}

const char *
augur_application_get_pingpong (void)
{
  static char *path = NULL;
  const char *env;

  if (path != NULL)
    return path;
  env = g_getenv ("AUGUR_PINGPONG");
  if (env != NULL && *env != '\0')
    path = g_strdup (env);
#ifdef AUGUR_BUILD_ROOT
  else if (running_uninstalled ())
    path = g_build_filename (AUGUR_BUILD_ROOT, "src", "tracer", "augur-pingpong", NULL);
#endif
#ifdef AUGUR_LIBEXECDIR
  else
    path = g_build_filename (AUGUR_LIBEXECDIR, "augur", "augur-pingpong", NULL);
#else
  else
    path = g_strdup ("augur-pingpong");
#endif
  return path;
}

const char *
augur_application_get_cli (void)
{
  static char *path = NULL;
  const char *env;

  if (path != NULL)
    return path;
  env = g_getenv ("AUGUR_CLI");
  if (env != NULL && *env != '\0')
    path = g_strdup (env);
#ifdef AUGUR_BUILD_ROOT
  else if (running_uninstalled ())
    path = g_build_filename (AUGUR_BUILD_ROOT, "src", "cli", "augur-cli", NULL);
#endif
#ifdef AUGUR_BINDIR
  else
    path = g_build_filename (AUGUR_BINDIR, "augur-cli", NULL);
#else
  else
    path = g_strdup ("augur-cli");
#endif
  return path;
}

const char *
augur_application_get_examples_dir (void)
{
  static char *dir = NULL;
  const char *env;

  if (dir != NULL)
    return dir;
  env = g_getenv ("AUGUR_EXAMPLES_DIR");
  if (env != NULL && *env != '\0')
    dir = g_strdup (env);
#ifdef AUGUR_SOURCE_ROOT
  if (dir == NULL && running_uninstalled ())
    dir = g_build_filename (AUGUR_SOURCE_ROOT, "data", "examples", NULL);
#endif
#ifdef AUGUR_DATADIR
  if (dir == NULL)
    dir = g_build_filename (AUGUR_DATADIR, "augur", "examples", NULL);
#endif
  if (dir == NULL)
    dir = g_strdup ("examples");
  return dir;
}

const char *
augur_application_get_mpi_examples_dir (void)
{
  static char *dir = NULL;

  if (dir != NULL)
    return dir;
#ifdef AUGUR_SOURCE_ROOT
  if (running_uninstalled ())
    dir = g_build_filename (AUGUR_SOURCE_ROOT, "data", "examples", "mpi", NULL);
#endif
#ifdef AUGUR_DATADIR
  if (dir == NULL)
    dir = g_build_filename (AUGUR_DATADIR, "augur", "examples", "mpi", NULL);
#endif
  if (dir == NULL)
    dir = g_strdup ("examples/mpi");
  return dir;
}

void
augur_application_setup_i18n (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, augur_application_get_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

AugurApplication *
augur_application_new (void)
{
  return g_object_new (AUGUR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/augur/Augur",
                       NULL);
}

GSettings *
augur_application_get_settings (AugurApplication *self)
{
  g_return_val_if_fail (AUGUR_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (self->settings != NULL, NULL);
  return self->settings;
}

static void
update_recent (AugurApplication *self,
               GFile            *file,
               gboolean          add)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) recent = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  guint n = 0;

  g_return_if_fail (self->settings != NULL);

  old = g_settings_get_strv (self->settings, "recent-files");
  if (add)
    {
      g_strv_builder_add (builder, uri);
      n++;
    }
  for (guint i = 0; old[i] != NULL && n < AUGUR_RECENT_FILES_MAX; i++)
    {
      if (g_strcmp0 (old[i], uri) == 0)
        continue;
      g_strv_builder_add (builder, old[i]);
      n++;
    }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) recent);
}

void
augur_application_add_recent_file (AugurApplication *self,
                                   GFile            *file)
{
  g_return_if_fail (AUGUR_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));
  update_recent (self, file, TRUE);
}

void
augur_application_remove_recent_file (AugurApplication *self,
                                      GFile            *file)
{
  g_return_if_fail (AUGUR_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));
  update_recent (self, file, FALSE);
}
