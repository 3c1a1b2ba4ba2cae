/* augur-pipeline-page-panels.c: the side panels of the pipeline page.
 *
 * One entry per parameter, named as the parameter ("cp1", "w2", "ds4",
 * "nl1-2").  A value is checked as it is typed (error style) and applied
 * when the entry is activated or loses the focus; a value that is empty,
 * not a number or not positive is never applied and the message says why.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "augur-pipeline-page-private.h"
#include "augur-format.h"

#define PARAM_KEY "augur-param"

static guint
pair_key (guint a,
          guint b)
{
  return MIN (a, b) * AUGUR_PIPELINE_MAX_PROCESSORS + MAX (a, b) + 1;
}

gboolean
augur_pipeline_page_is_asymmetric (AugurPipelinePage *self,
                                   guint              a,
                                   guint              b)
{
  if (a == b || self->pipeline == NULL)
    return FALSE;
  if (g_hash_table_contains (self->asymmetric, GUINT_TO_POINTER (pair_key (a, b))))
    return TRUE;
  return augur_pipeline_get_link (self->pipeline, a, b) != augur_pipeline_get_link (self->pipeline, b, a);
}

/* Every digit the value has: a field left as shown (its focus moved on)
 * is applied, and must give the same number back. */
static char *
format_value (double value)
{
  char buffer[AUGUR_FORMAT_DOUBLE_SIZE];

  if (value <= 0 || !isfinite (value))
    return g_strdup ("");
  return g_strdup (augur_format_double (buffer, value));
}

/* A positive number, or FALSE with a message naming the parameter. */
static gboolean
parse_value (const char  *name,
             const char  *text,
             double      *value,
             char       **message)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  char *end = NULL;

  if (*trimmed == '\0')
    {
      *message = g_strdup_printf (_("%s is empty: enter a positive number"), name);
      return FALSE;
    }
  *value = g_ascii_strtod (trimmed, &end);
  if (end == trimmed || *end != '\0' || !isfinite (*value))
    {
      *message = g_strdup_printf (_("%s: “%s” is not a number"), name, trimmed);
      return FALSE;
    }
  if (*value <= 0)
    {
      *message = g_strdup_printf (_("%s must be positive, not %s"), name, trimmed);
      return FALSE;
    }
  return TRUE;
}

static double
current_value (AugurPipelinePage *self,
               const char        *name)
{
  guint a, b;

  if (sscanf (name, "nl%u-%u", &a, &b) == 2)
    return augur_pipeline_get_link (self->pipeline, a - 1, b - 1);
  if (sscanf (name, "cp%u", &a) == 1)
    return augur_pipeline_get_cp (self->pipeline, a - 1);
  if (sscanf (name, "ds%u", &a) == 1)
    return augur_pipeline_get_ds (self->pipeline, a - 1);
  if (sscanf (name, "w%u", &a) == 1)
    return augur_pipeline_get_w (self->pipeline, a - 1);
  return NAN;
}

static void
set_value (AugurPipelinePage *self,
           const char        *name,
           double             value)
{
  guint a, b;

  if (sscanf (name, "nl%u-%u", &a, &b) == 2)
    augur_pipeline_set_link (self->pipeline, a - 1, b - 1, value,
                             !augur_pipeline_page_is_asymmetric (self, a - 1, b - 1));
  else if (sscanf (name, "cp%u", &a) == 1)
    augur_pipeline_set_cp (self->pipeline, a - 1, value);
  else if (sscanf (name, "ds%u", &a) == 1)
    augur_pipeline_set_ds (self->pipeline, a - 1, value);
  else if (sscanf (name, "w%u", &a) == 1)
    augur_pipeline_set_w (self->pipeline, a - 1, value);
}

static void
on_entry_changed (GtkEditable       *entry,
                  AugurPipelinePage *self)
{
  const char *name = g_object_get_data (G_OBJECT (entry), PARAM_KEY);
  g_autofree char *message = NULL;
  double value;

  if (self->rebuilding > 0)
    return;
  if (parse_value (name, gtk_editable_get_text (entry), &value, &message))
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
}

static void
commit_entry (AugurPipelinePage *self,
              GtkEditable       *entry)
{
  const char *name = g_object_get_data (G_OBJECT (entry), PARAM_KEY);
  g_autofree char *message = NULL;
  double value;

  if (self->pipeline == NULL || self->rebuilding > 0 || !gtk_editable_get_editable (entry))
    return;
  if (!parse_value (name, gtk_editable_get_text (entry), &value, &message))
    {
      g_autofree char *full = g_strdup_printf (_("%s. The value was not applied."), message);

      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      augur_pipeline_page_show_error (self, full);
      return;
    }

  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  if (self->error_text != NULL && g_str_has_prefix (self->error_text, name))
    augur_pipeline_page_show_error (self, NULL);
  if (value == current_value (self, name))
    return;

  augur_pipeline_page_push_undo (self);
  set_value (self, name, value);
  augur_pipeline_page_changed (self, FALSE);
}

static void
on_entry_activate (GtkEntry          *entry,
                   AugurPipelinePage *self)
{
  commit_entry (self, GTK_EDITABLE (entry));
}

static void
on_entry_leave (GtkEventControllerFocus *focus,
                AugurPipelinePage       *self)
{
  commit_entry (self, GTK_EDITABLE (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus))));
}

static void
on_link_icon (GtkEntry             *entry,
              GtkEntryIconPosition  position,
              AugurPipelinePage    *self)
{
  const char *name = g_object_get_data (G_OBJECT (entry), PARAM_KEY);
  guint a, b, key;

  if (self->pipeline == NULL || sscanf (name, "nl%u-%u", &a, &b) != 2)
    return;
  a--, b--;
  key = pair_key (a, b);
  if (augur_pipeline_page_is_asymmetric (self, a, b))
    {
      /* Linking again: the lower direction takes the upper's value. */
      g_hash_table_remove (self->asymmetric, GUINT_TO_POINTER (key));
      if (augur_pipeline_get_link (self->pipeline, a, b) != augur_pipeline_get_link (self->pipeline, b, a))
        {
          augur_pipeline_page_push_undo (self);
          augur_pipeline_set_link (self->pipeline, MIN (a, b), MAX (a, b),
                                   augur_pipeline_get_link (self->pipeline, MIN (a, b), MAX (a, b)), TRUE);
          augur_pipeline_page_changed (self, FALSE);
          return;
        }
    }
  else
    g_hash_table_add (self->asymmetric, GUINT_TO_POINTER (key));
  augur_pipeline_page_refresh_links (self);
}

static GtkWidget *
make_entry (AugurPipelinePage *self,
            const char        *name,
            const char        *tooltip)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_autofree char *text = format_value (current_value (self, name));

  g_object_set_data_full (G_OBJECT (entry), PARAM_KEY, g_strdup (name), g_free);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 7);
  gtk_editable_set_alignment (GTK_EDITABLE (entry), 1.0f);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (entry, "augur-param");
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_tooltip_text (entry, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);

  g_signal_connect (entry, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_entry_leave), self);
  gtk_widget_add_controller (entry, focus);

  g_hash_table_insert (self->entries, g_strdup (name), entry);
  return entry;
}

static GtkWidget *
make_label (const char *text,
            gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
draw_chip (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  GdkRGBA color;

  augur_pipeline_processor_color (GPOINTER_TO_UINT (data), &color);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0 - 1, 0, 2 * G_PI);
  cairo_fill (cr);
}

static GtkWidget *
make_chip (guint processor)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 12);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 12);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_chip, GUINT_TO_POINTER (processor), NULL);
  return area;
}

static void
clear_grid (GtkWidget *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (grid)) != NULL)
    gtk_grid_remove (GTK_GRID (grid), child);
}

static void
update_texts (AugurPipelinePage *self)
{
  GHashTableIter iter;
  gpointer key, value;

  self->rebuilding++;
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *text = format_value (current_value (self, key));

      if (g_strcmp0 (gtk_editable_get_text (value), text) != 0)
        gtk_editable_set_text (value, text);
      gtk_widget_remove_css_class (value, "error");
    }
  self->rebuilding--;
}

void
augur_pipeline_page_refresh_links (AugurPipelinePage *self)
{
  guint np;

  if (self->pipeline == NULL)
    return;
  np = augur_pipeline_get_n_processors (self->pipeline);
  self->rebuilding++;
  for (guint a = 0; a < np; a++)
    for (guint b = 0; b < a; b++)
      {
        g_autofree char *name = g_strdup_printf ("nl%u-%u", a + 1, b + 1);
        GtkEditable *entry = g_hash_table_lookup (self->entries, name);
        gboolean asym = augur_pipeline_page_is_asymmetric (self, a, b);
        g_autofree char *text = format_value (augur_pipeline_get_link (self->pipeline, a, b));

        if (entry == NULL)
          continue;
        gtk_editable_set_editable (entry, asym);
        gtk_widget_set_can_focus (GTK_WIDGET (entry), asym);
        if (asym)
          gtk_widget_remove_css_class (GTK_WIDGET (entry), "dim-label");
        else
          gtk_widget_add_css_class (GTK_WIDGET (entry), "dim-label");
        gtk_entry_set_icon_from_icon_name (GTK_ENTRY (entry), GTK_ENTRY_ICON_SECONDARY,
                                           asym ? "changes-allow-symbolic" : "changes-prevent-symbolic");
        gtk_entry_set_icon_tooltip_text (GTK_ENTRY (entry), GTK_ENTRY_ICON_SECONDARY,
                                         asym ? _("Asymmetric: click to make the link symmetric again")
                                              : _("Symmetric: click to give this direction its own value"));
        if (g_strcmp0 (gtk_editable_get_text (entry), text) != 0)
          gtk_editable_set_text (entry, text);
      }
  self->rebuilding--;
}

void
augur_pipeline_page_rebuild_panels (AugurPipelinePage *self)
{
  guint np, ns;

  np = self->pipeline ? augur_pipeline_get_n_processors (self->pipeline) : 0;
  ns = self->pipeline ? augur_pipeline_get_n_stages (self->pipeline) : 0;

  /* Same structure: texts only (the focus stays where it is). */
  if (np == self->built_np && ns == self->built_ns && g_hash_table_size (self->entries) > 0)
    {
      update_texts (self);
      augur_pipeline_page_refresh_links (self);
      return;
    }
  self->built_np = np;
  self->built_ns = ns;

  self->rebuilding++;
  g_hash_table_remove_all (self->entries);
  clear_grid (self->processors_grid);
  clear_grid (self->stages_grid);
  clear_grid (self->links_grid);

  /* Processors: colour, name, cp. */
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *name = g_strdup_printf ("cp%u", j + 1);
      g_autofree char *label = g_strdup_printf (_("Processor %u"), j + 1);
      g_autofree char *tip = g_strdup_printf (_("cp%u: computing power of processor %u"), j + 1, j + 1);

      gtk_grid_attach (GTK_GRID (self->processors_grid), make_chip (j), 0, j, 1, 1);
      gtk_grid_attach (GTK_GRID (self->processors_grid), make_label (label, FALSE), 1, j, 1, 1);
      gtk_grid_attach (GTK_GRID (self->processors_grid), make_label ("cp", TRUE), 2, j, 1, 1);
      gtk_grid_attach (GTK_GRID (self->processors_grid), make_entry (self, name, tip), 3, j, 1, 1);
    }

  /* Stages: w and the data size into each; then the output's data size. */
  if (ns > 0)
    {
      gtk_grid_attach (GTK_GRID (self->stages_grid), make_label (_("work w"), TRUE), 1, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->stages_grid), make_label (_("data in ds"), TRUE), 2, 0, 1, 1);
    }
  for (guint i = 0; i < ns; i++)
    {
      g_autofree char *w = g_strdup_printf ("w%u", i + 1);
      g_autofree char *ds = g_strdup_printf ("ds%u", i + 1);
      g_autofree char *label = g_strdup_printf (_("Stage %u"), i + 1);
      g_autofree char *w_tip = g_strdup_printf (_("w%u: work of stage %u"), i + 1, i + 1);
      g_autofree char *ds_tip = g_strdup_printf (_("ds%u: size of the data sent to stage %u"), i + 1, i + 1);

      gtk_grid_attach (GTK_GRID (self->stages_grid), make_label (label, FALSE), 0, i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->stages_grid), make_entry (self, w, w_tip), 1, i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->stages_grid), make_entry (self, ds, ds_tip), 2, i + 1, 1, 1);
    }
  if (ns > 0)
    {
      g_autofree char *ds = g_strdup_printf ("ds%u", ns + 1);
      g_autofree char *ds_tip = g_strdup_printf (_("ds%u: size of the output data"), ns + 1);

      gtk_grid_attach (GTK_GRID (self->stages_grid), make_label (_("Output"), FALSE), 0, ns + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->stages_grid), make_entry (self, ds, ds_tip), 2, ns + 1, 1, 1);
    }

  /* Links: a matrix, rows "from", columns "to". */
  for (guint b = 0; b < np; b++)
    {
      g_autofree char *head = g_strdup_printf ("P%u", b + 1);
      GtkWidget *label = make_label (head, TRUE);

      gtk_label_set_xalign (GTK_LABEL (label), 0.5f);
      gtk_grid_attach (GTK_GRID (self->links_grid), label, b + 1, 0, 1, 1);
    }
  for (guint a = 0; a < np; a++)
    {
      g_autofree char *head = g_strdup_printf ("P%u", a + 1);

      gtk_grid_attach (GTK_GRID (self->links_grid), make_label (head, TRUE), 0, a + 1, 1, 1);
      for (guint b = 0; b < np; b++)
        {
          g_autofree char *name = g_strdup_printf ("nl%u-%u", a + 1, b + 1);
          g_autofree char *tip = a == b
            ? g_strdup_printf (_("nl%u-%u: the link within processor %u"), a + 1, b + 1, a + 1)
            : g_strdup_printf (_("nl%u-%u: the link from processor %u to processor %u"), a + 1, b + 1, a + 1, b + 1);
          GtkWidget *entry = make_entry (self, name, tip);

          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
          if (a > b)
            g_signal_connect (entry, "icon-press", G_CALLBACK (on_link_icon), self);
          gtk_grid_attach (GTK_GRID (self->links_grid), entry, b + 1, a + 1, 1, 1);
        }
    }
  self->rebuilding--;
  augur_pipeline_page_refresh_links (self);
}

/* ---- Listed mappings -------------------------------------------------- */

static void
on_mapping_activated (AugurPipelinePage *self,
                      GtkListBoxRow     *row)
{
  int index = gtk_list_box_row_get_index (row);
  g_autofree char *text = NULL;

  if (self->pipeline == NULL || index < 0 || (guint) index >= augur_pipeline_get_n_mappings (self->pipeline))
    return;
  text = augur_mapping_to_string (augur_pipeline_get_mapping (self->pipeline, (guint) index));
  augur_pipeline_page_set_working_mapping (self, text, TRUE);
}

static void
on_mapping_selected (AugurPipelinePage *self)
{
  augur_pipeline_page_update_actions (self);
}

void
augur_pipeline_page_rebuild_mappings (AugurPipelinePage *self)
{
  guint n = self->pipeline ? augur_pipeline_get_n_mappings (self->pipeline) : 0;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->mappings_list))) != NULL)
    gtk_list_box_remove (self->mappings_list, child);

  for (guint i = 0; i < n; i++)
    {
      const AugurMapping *m = augur_pipeline_get_mapping (self->pipeline, i);
      g_autofree char *text = augur_mapping_to_string (m);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = make_label (text, FALSE);

      gtk_widget_set_margin_start (box, 10);
      gtk_widget_set_margin_end (box, 10);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), label);
      if (augur_mapping_equal (m, &self->mapping))
        {
          GtkWidget *working = gtk_label_new (_("on canvas"));
          gtk_widget_add_css_class (working, "augur-working");
          gtk_widget_add_css_class (working, "caption");
          gtk_box_append (GTK_BOX (box), working);
        }
      gtk_widget_set_tooltip_text (box, _("Double-click to put this mapping on the canvas"));
      gtk_list_box_append (self->mappings_list, box);
    }
}

/* ---- Sweep parameters ------------------------------------------------- */

void
augur_pipeline_page_update_sweep_parameters (AugurPipelinePage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkStringObject *selected = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->sweep_parameter));
  g_autofree char *previous = selected ? g_strdup (gtk_string_object_get_string (selected)) : NULL;
  guint np, ns, keep = 0;

  if (self->pipeline == NULL)
    {
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->sweep_parameter), G_LIST_MODEL (names));
      return;
    }
  np = augur_pipeline_get_n_processors (self->pipeline);
  ns = augur_pipeline_get_n_stages (self->pipeline);

  /* Same names as before: leave the drop-down (and the user's choice). */
  {
    GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->sweep_parameter));
    guint expected = (ns + 1) + ns + (np + 1) + np * (np + 1) / 2 + 1;

    if (model != NULL && g_list_model_get_n_items (model) == expected &&
        GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self->sweep_parameter), "augur-np")) == np)
      return;
  }

  for (guint i = 0; i < ns + 1; i++)
    {
      g_autofree char *name = g_strdup_printf ("ds%u", i + 1);
      gtk_string_list_append (names, name);
    }
  for (guint i = 0; i < ns; i++)
    {
      g_autofree char *name = g_strdup_printf ("w%u", i + 1);
      gtk_string_list_append (names, name);
    }
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *name = g_strdup_printf ("cp%u", j + 1);
      gtk_string_list_append (names, name);
    }
  gtk_string_list_append (names, "cp");
  for (guint a = 0; a < np; a++)
    for (guint b = a; b < np; b++)
      {
        g_autofree char *name = g_strdup_printf ("nl%u-%u", a + 1, b + 1);
        gtk_string_list_append (names, name);
      }
  gtk_string_list_append (names, "links");
  for (guint k = 0; previous != NULL && k < g_list_model_get_n_items (G_LIST_MODEL (names)); k++)
    if (g_strcmp0 (gtk_string_list_get_string (names, k), previous) == 0)
      keep = k;
  g_object_set_data (G_OBJECT (self->sweep_parameter), "augur-np", GUINT_TO_POINTER (np));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->sweep_parameter), G_LIST_MODEL (names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->sweep_parameter), keep);
}

/* A parameter chosen: propose a range around its value. */
static void
on_sweep_parameter_selected (AugurPipelinePage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->sweep_parameter));
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double value = 0;

  augur_pipeline_page_update_sweep_buttons (self);
  if (item == NULL || self->pipeline == NULL)
    return;
  if (!augur_pipeline_get_parameter (self->pipeline, gtk_string_object_get_string (item), &value, NULL) ||
      !(value > 0))
    value = 1;
  gtk_editable_set_text (GTK_EDITABLE (self->sweep_from),
                         g_ascii_formatd (buffer, sizeof buffer, "%.6g", value / 10));
  gtk_editable_set_text (GTK_EDITABLE (self->sweep_to),
                         g_ascii_formatd (buffer, sizeof buffer, "%.6g", value * 10));
}

void
augur_pipeline_page_update_sweep_buttons (AugurPipelinePage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->sweep_parameter));
  g_autoptr(GError) error = NULL;
  double value;

  /* the check augur_pipeline_page_sweep makes ('links' needs two
   * processors); the fields are checked when pressed, and say so there */
  if (item != NULL && self->pipeline != NULL &&
      !augur_pipeline_get_parameter (self->pipeline, gtk_string_object_get_string (item), &value, &error))
    {
      /* Translators: why a sweep is off, e.g. "Cannot sweep links: 'links' needs at least two processors". */
      g_autofree char *why = g_strdup_printf (_("Cannot sweep %s: %s"), gtk_string_object_get_string (item),
                                              error->message);

      gtk_widget_set_sensitive (self->sweep_run, FALSE);
      gtk_widget_set_sensitive (self->sweep_cluster, FALSE);
      gtk_widget_set_tooltip_text (self->sweep_run, why);
      gtk_widget_set_tooltip_text (self->sweep_cluster, why);
      return;
    }
  gtk_widget_set_sensitive (self->sweep_run, TRUE);
  gtk_widget_set_sensitive (self->sweep_cluster, TRUE);
  gtk_widget_set_tooltip_text (self->sweep_run, NULL);
  gtk_widget_set_tooltip_text (self->sweep_cluster, _("Sweep the listed mappings as a Slurm job array"));
}

static void
on_sweep_curves_selected (AugurPipelinePage *self)
{
  gtk_widget_set_sensitive (self->sweep_best_k,
                            gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_curves)) == 1);
}

void
augur_pipeline_page_panels_init (AugurPipelinePage *self)
{
  g_signal_connect_object (self->mappings_list, "row-activated",
                           G_CALLBACK (on_mapping_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->mappings_list, "row-selected",
                           G_CALLBACK (on_mapping_selected), self, G_CONNECT_SWAPPED);
  gtk_list_box_set_activate_on_single_click (self->mappings_list, FALSE);
  {
    GtkWidget *placeholder = gtk_label_new (_("No mappings listed: add the working mapping with +"));

    gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
    gtk_widget_add_css_class (placeholder, "dim-label");
    gtk_widget_set_margin_top (placeholder, 10);
    gtk_widget_set_margin_bottom (placeholder, 10);
    gtk_widget_set_margin_start (placeholder, 10);
    gtk_widget_set_margin_end (placeholder, 10);
    gtk_list_box_set_placeholder (self->mappings_list, placeholder);
  }
  g_signal_connect_object (self->sweep_parameter, "notify::selected",
                           G_CALLBACK (on_sweep_parameter_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sweep_curves, "notify::selected",
                           G_CALLBACK (on_sweep_curves_selected), self, G_CONNECT_SWAPPED);
  on_sweep_curves_selected (self);
}
