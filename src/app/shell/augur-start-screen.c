/* augur-start-screen.c: what an empty window shows.
 *
 * One row per kind of the kind table (its icon, name and summary, New and
 * Open Example), then Open, the example project and Help.  The buttons
 * only name window actions (win.new, win.open-example, win.open, win.help):
 * the window does the work.  The rows scroll when the window is short, so
 * the start screen never asks for more height than a laptop has.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-start-screen.h"

#include <glib/gi18n.h>

#include "augur-kinds.h"

struct _AugurStartScreen
{
  GtkWidget  parent_instance;
  GtkWidget *scroller;
};

G_DEFINE_FINAL_TYPE (AugurStartScreen, augur_start_screen, GTK_TYPE_WIDGET)

static GtkWidget *
action_button (const char *label,
               const char *action,
               const char *kind_id)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (kind_id != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", kind_id);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

/* A kind's row in the grid: icon, name over summary, New, Open Example. */
static void
add_kind_row (GtkGrid         *grid,
              const AugurKind *kind,
              int              row)
{
  GtkWidget *icon = gtk_image_new_from_icon_name (kind->icon);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (_(kind->name));
  GtkWidget *summary = gtk_label_new (_(kind->summary));
  GtkWidget *new_button = action_button (_("New"), "win.new", kind->id);
  GtkWidget *example = action_button (_("Open Example"), "win.open-example", kind->id);
  g_autofree char *basename = g_path_get_basename (kind->example);
  /* Translators: the tooltip of a kind's Open Example button, with the
   * example's file name. */
  g_autofree char *tip = g_strdup_printf (_("Open the bundled example, %s"), basename);
  /* Translators: what a screen reader says of a kind's Open Example
   * button: "Open the example of Trace Replay". */
  g_autofree char *example_name = g_strdup_printf (_("Open the example of %s"), _(kind->name));
  /* Translators: what a screen reader says of a kind's New button. */
  g_autofree char *new_name = g_strdup_printf (_("New %s"), _(kind->name));

  gtk_image_set_pixel_size (GTK_IMAGE (icon), 24);
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (icon, "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _(kind->name), -1);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 56);
  gtk_label_set_width_chars (GTK_LABEL (summary), 24);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), summary);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);

  gtk_widget_set_tooltip_text (example, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (example), GTK_ACCESSIBLE_PROPERTY_LABEL, example_name, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (new_button), GTK_ACCESSIBLE_PROPERTY_LABEL, new_name, -1);

  gtk_grid_attach (grid, icon, 0, row, 1, 1);
  gtk_grid_attach (grid, text, 1, row, 1, 1);
  gtk_grid_attach (grid, new_button, 2, row, 1, 1);
  gtk_grid_attach (grid, example, 3, row, 1, 1);
}

static void
augur_start_screen_dispose (GObject *object)
{
  AugurStartScreen *self = AUGUR_START_SCREEN (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (augur_start_screen_parent_class)->dispose (object);
}

static void
augur_start_screen_class_init (AugurStartScreenClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = augur_start_screen_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "augur-start-screen");
}

static void
augur_start_screen_init (AugurStartScreen *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *icon = gtk_image_new_from_icon_name ("io.github.augur.Augur");
  GtkWidget *title = gtk_label_new (_("Welcome to Augur"));
  GtkWidget *intro = gtk_label_new (_("Augur predicts how fast parallel programs run, from models. "
                                      "There are five kinds of document; open an example, "
                                      "run it (Ctrl+Return) and read its results."));
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *button;
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);

  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);

  gtk_image_set_pixel_size (GTK_IMAGE (icon), 64);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "Augur", -1);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_widget_add_css_class (title, "augur-status-title");
  gtk_box_append (GTK_BOX (box), title);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_justify (GTK_LABEL (intro), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (intro), 60);
  gtk_widget_add_css_class (intro, "dim-label");
  gtk_box_append (GTK_BOX (box), intro);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 10);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_add_css_class (grid, "augur-start-kinds");
  for (guint i = 0; i < n_kinds; i++)
    add_kind_row (GTK_GRID (grid), &kinds[i], (int) i);
  gtk_box_append (GTK_BOX (box), grid);

  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (buttons, 6);
  button = action_button (_("_Open…"), "win.open", NULL);
  gtk_widget_add_css_class (button, "augur-pill");
  gtk_box_append (GTK_BOX (buttons), button);
  button = action_button (_("Open the Example _Project"), "win.open-example", "project");
  gtk_widget_set_tooltip_text (button, _("Every kind of document in one project, examples.augur"));
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_add_css_class (button, "augur-pill");
  gtk_box_append (GTK_BOX (buttons), button);
  button = action_button (_("_Help"), "win.help", NULL);
  gtk_widget_add_css_class (button, "augur-pill");
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (box), buttons);

  self->scroller = gtk_scrolled_window_new ();
  /* a narrow window scrolls sideways rather than growing */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
augur_start_screen_new (void)
{
  return g_object_new (AUGUR_TYPE_START_SCREEN, NULL);
}
