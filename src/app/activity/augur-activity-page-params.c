/* augur-activity-page-params.c: the parameters panel of an activity page
 * and the values that replace parameters ("overrides").
 *
 * One row per parameter of the last text that read: its name, its
 * expression (as written), its value (with the overrides, parameters after
 * an overridden one computed again, as the engine does) and an entry for
 * a value that replaces it.  The overrides are a name -> value table kept
 * apart from the text: they go to the engine as an AugurActivityBinding,
 * and with the document into a project; a name the text does not define
 * (yet) keeps its value, unused, until it does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-activity-page-private.h"
#include "augur-expr.h"
#include "augur-format.h"

typedef struct {
  char      *name;
  char      *text;
  GtkWidget *value_label;   /* unowned: the grid's */
  GtkWidget *entry;
} ParamRow;

static void
param_row_free (gpointer data)
{
  ParamRow *row = data;

  g_free (row->name);
  g_free (row->text);
  g_free (row);
}

/* ---- Overrides --------------------------------------------------------- */

/* A number as people type it: "16", "1e3", "0.5" or "0,5". */
static gboolean
parse_number (const char *text,
              double     *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *comma = strchr (copy, ',');
  char *end;

  if (comma != NULL && strchr (copy, '.') == NULL && strchr (comma + 1, ',') == NULL)
    *comma = '.';
  if (*copy == '\0')
    return FALSE;
  *value = g_ascii_strtod (copy, &end);
  return *end == '\0' && isfinite (*value);
}

static void
set_value (AugurActivityPage *self,
           const char        *name,
           double             value)
{
  if (isnan (value))
    g_hash_table_remove (self->overrides, name);
  else
    g_hash_table_insert (self->overrides, g_strdup (name), g_memdup2 (&value, sizeof value));
}

static int
compare_names (const void *a,
               const void *b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char *
augur_activity_page_overrides_to_text (AugurActivityPage *self)
{
  g_autofree const char **names = (const char **) g_hash_table_get_keys_as_array (self->overrides, NULL);
  GString *s;
  guint n = g_hash_table_size (self->overrides);

  if (n == 0)
    return NULL;
  qsort (names, n, sizeof (char *), compare_names);
  s = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      char number[AUGUR_FORMAT_DOUBLE_SIZE];

      g_string_append_printf (s, "%s%s=%s", i > 0 ? " " : "", names[i],
                              augur_format_double (number, *(double *) g_hash_table_lookup (self->overrides, names[i])));
    }
  return g_string_free (s, FALSE);
}

void
augur_activity_page_overrides_from_text (AugurActivityPage *self,
                                         const char        *text)
{
  g_auto(GStrv) parts = g_strsplit_set (text != NULL ? text : "", " \t\n;", -1);

  g_hash_table_remove_all (self->overrides);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');
      g_autofree char *name = NULL;
      double value;

      if (eq == NULL || eq == parts[i] || !parse_number (eq + 1, &value))
        continue;
      name = g_strndup (parts[i], eq - parts[i]);
      set_value (self, name, value);
    }
}

void
augur_activity_page_overrides_collect (AugurActivityPage *self,
                                       GStrv             *names,
                                       GArray           **values)
{
  GHashTableIter iter;
  gpointer key, value;
  GPtrArray *n = g_ptr_array_new ();

  *values = g_array_new (FALSE, FALSE, sizeof (double));
  g_hash_table_iter_init (&iter, self->overrides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_ptr_array_add (n, g_strdup (key));
      g_array_append_val (*values, *(double *) value);
    }
  g_ptr_array_add (n, NULL);
  *names = (GStrv) g_ptr_array_free (n, FALSE);
}

void
augur_activity_page_set_override (AugurActivityPage *self,
                                  const char        *name,
                                  double             value)
{
  double *old;

  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  g_return_if_fail (name != NULL && *name != '\0');

  old = g_hash_table_lookup (self->overrides, name);
  if ((old == NULL && isnan (value)) || (old != NULL && *old == value))
    return;
  augur_activity_page_edit_begin (self);
  set_value (self, name, value);
  self->last_entry = NULL;
  augur_activity_page_edit_end (self);
}

double
augur_activity_page_get_override (AugurActivityPage *self,
                                  const char        *name)
{
  double *value;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NAN);
  value = g_hash_table_lookup (self->overrides, name);
  return value != NULL ? *value : NAN;
}

/* ---- Values ------------------------------------------------------------ */

/* The value of each parameter, as the engine computes it: each over the
 * ones before it, an override replacing the expression.  NAN where it
 * cannot be computed. */
GHashTable *
augur_activity_page_param_values (AugurActivityPage *self)
{
  GHashTable *values = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  const AugurActivityModel *m = self->model;

  for (guint i = 0; m != NULL && i < augur_activity_model_get_n_params (m); i++)
    {
      const char *name = augur_activity_model_get_param_name (m, i);
      double *override = g_hash_table_lookup (self->overrides, name);
      double value = NAN;

      if (override != NULL)
        value = *override;
      else
        {
          g_autoptr(AugurExpr) expr = augur_expr_parse (augur_activity_model_get_param_text (m, i), -1, NULL,
                                                        AUGUR_EXPR_FLAGS_NONE, NULL);
          guint n = expr != NULL ? augur_expr_get_n_names (expr) : 0;
          g_autofree double *args = g_new0 (double, MAX (n, 1));
          gboolean known = expr != NULL;

          for (guint k = 0; k < n && known; k++)
            {
              double *v = g_hash_table_lookup (values, augur_expr_get_name (expr, k));

              known = v != NULL;
              if (known)
                args[k] = *v;
            }
          if (known)
            value = augur_expr_eval (expr, args);
        }
      g_hash_table_insert (values, (gpointer) name, g_memdup2 (&value, sizeof value));
    }
  return values;
}

/* A value set on the page reads apart from the computed ones. */
static void
set_overridden (GtkWidget *label,
                gboolean   overridden)
{
  if (overridden)
    gtk_widget_add_css_class (label, "augur-param-overridden");
  else
    gtk_widget_remove_css_class (label, "augur-param-overridden");
}

static char *
format_value (double value)
{
  return isfinite (value) ? g_strdup_printf ("%.6g", value) : g_strdup ("—");
}

void
augur_activity_page_params_sync (AugurActivityPage *self)
{
  g_autoptr(GHashTable) values = augur_activity_page_param_values (self);

  /* The overrides are as they are: an entry emptied meanwhile follows. */
  g_clear_handle_id (&self->clear_source, g_source_remove);
  self->clear_entry = NULL;

  self->syncing++;
  for (guint i = 0; i < self->param_rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->param_rows, i);
      double *override = g_hash_table_lookup (self->overrides, row->name);
      double *value = g_hash_table_lookup (values, row->name);
      g_autofree char *shown = format_value (value != NULL ? *value : NAN);
      double typed;
      const char *text = gtk_editable_get_text (GTK_EDITABLE (row->entry));

      gtk_label_set_text (GTK_LABEL (row->value_label), shown);
      set_overridden (row->value_label, override != NULL);
      /* The entry shows the override, unless it already reads as it. */
      if (override == NULL && *text != '\0')
        gtk_editable_set_text (GTK_EDITABLE (row->entry), "");
      else if (override != NULL && (!parse_number (text, &typed) || typed != *override))
        {
          char number[AUGUR_FORMAT_DOUBLE_SIZE];

          gtk_editable_set_text (GTK_EDITABLE (row->entry), augur_format_double (number, *override));
        }
      gtk_widget_remove_css_class (row->entry, "error");
      gtk_entry_set_icon_from_icon_name (GTK_ENTRY (row->entry), GTK_ENTRY_ICON_SECONDARY,
                                         override != NULL ? "edit-clear-symbolic" : NULL);
    }
  self->syncing--;
  augur_activity_page_machine_refresh (self);
}

/* ---- The panel --------------------------------------------------------- */

/* The value of an entry changed: the override follows. */
static void
apply_entry (AugurActivityPage *self,
             GtkWidget         *entry,
             double             value)
{
  const char *name = g_object_get_data (G_OBJECT (entry), "augur-param");
  double *old = g_hash_table_lookup (self->overrides, name);
  g_autoptr(GHashTable) values = NULL;

  if ((old == NULL && isnan (value)) || (old != NULL && *old == value))
    return;
  /* One undo step per value being typed, not per keystroke. */
  if (self->last_entry != entry || !augur_page_can_undo (AUGUR_PAGE (self)))
    augur_activity_page_edit_begin (self);
  set_value (self, name, value);
  self->last_entry = entry;
  /* The values and the clear icon follow; the text typed stays as it is. */
  self->syncing++;
  gtk_entry_set_icon_from_icon_name (GTK_ENTRY (entry), GTK_ENTRY_ICON_SECONDARY,
                                     isnan (value) ? NULL : "edit-clear-symbolic");
  values = augur_activity_page_param_values (self);
  for (guint i = 0; i < self->param_rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->param_rows, i);
      double *v = g_hash_table_lookup (values, row->name);
      g_autofree char *shown = format_value (v != NULL ? *v : NAN);

      gtk_label_set_text (GTK_LABEL (row->value_label), shown);
      set_overridden (row->value_label, g_hash_table_contains (self->overrides, row->name));
    }
  self->syncing--;
  augur_activity_page_machine_refresh (self);
  augur_activity_page_update_actions (self);
  augur_page_settings_changed (AUGUR_PAGE (self));
}

static gboolean
clear_entry_cb (gpointer user_data)
{
  AugurActivityPage *self = user_data;
  GtkWidget *entry = self->clear_entry;

  self->clear_source = 0;
  self->clear_entry = NULL;
  if (entry != NULL && gtk_widget_get_parent (entry) != NULL)
    apply_entry (self, entry, NAN);
  return G_SOURCE_REMOVE;
}

static void
on_entry_changed (AugurActivityPage *self,
                  GtkEditable       *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  double value;

  if (self->syncing > 0)
    return;
  /* Emptied: the expression again, unless a value is typed at once (a
   * text replaced is deleted, then inserted). */
  g_clear_handle_id (&self->clear_source, g_source_remove);
  self->clear_entry = NULL;
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (entry), _("The value used instead of the expression when evaluating; "
                                                     "empty: the expression"));
  if (*text == '\0')
    {
      self->clear_entry = GTK_WIDGET (entry);
      self->clear_source = g_idle_add (clear_entry_cb, self);
      return;
    }
  if (!parse_number (text, &value))
    {
      /* Not applied until it reads as a number. */
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), _("Not a number: type a value such as 16 or 2.5e-3"));
      return;
    }
  apply_entry (self, GTK_WIDGET (entry), value);
}

static void
on_entry_icon (AugurActivityPage    *self,
               GtkEntryIconPosition  position,
               GtkEntry             *entry)
{
  augur_activity_page_set_override (self, g_object_get_data (G_OBJECT (entry), "augur-param"), NAN);
}

/* Enter in an entry evaluates, as Ctrl+Return does. */
static void
on_entry_activate (AugurActivityPage *self)
{
  if (!augur_page_get_running (AUGUR_PAGE (self)))
    augur_page_run (AUGUR_PAGE (self));
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

static void
add_row (AugurActivityPage *self,
         guint              index,
         const char        *name,
         const char        *text)
{
  ParamRow *row = g_new0 (ParamRow, 1);
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *expr_label = gtk_label_new (text);
  g_autofree char *tip = g_strdup_printf ("%s = %s", name, text);
  int y = (int) index + 1;

  row->name = g_strdup (name);
  row->text = g_strdup (text);
  gtk_label_set_xalign (GTK_LABEL (name_label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name_label), 14);
  gtk_widget_set_tooltip_text (name_label, tip);
  gtk_widget_add_css_class (name_label, "augur-param-name");
  gtk_label_set_xalign (GTK_LABEL (expr_label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (expr_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (expr_label), 6);
  gtk_widget_set_hexpand (expr_label, TRUE);
  gtk_widget_set_tooltip_text (expr_label, tip);
  gtk_widget_add_css_class (expr_label, "augur-param-expression");
  gtk_widget_add_css_class (expr_label, "dim-label");

  row->value_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->value_label), 1.0f);
  gtk_widget_add_css_class (row->value_label, "numeric");

  row->entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (row->entry), 7);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (row->entry), 10);
  gtk_entry_set_input_purpose (GTK_ENTRY (row->entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_entry_set_placeholder_text (GTK_ENTRY (row->entry), _("as written"));
  gtk_entry_set_icon_tooltip_text (GTK_ENTRY (row->entry), GTK_ENTRY_ICON_SECONDARY, _("Use the expression again"));
  gtk_widget_set_tooltip_text (row->entry, _("The value used instead of the expression when evaluating; "
                                             "empty: the expression"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (row->entry), "augur-param", g_strdup (name), g_free);
  g_signal_connect_object (row->entry, "changed", G_CALLBACK (on_entry_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row->entry, "icon-release", G_CALLBACK (on_entry_icon), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row->entry, "activate", G_CALLBACK (on_entry_activate), self, G_CONNECT_SWAPPED);

  gtk_grid_attach (GTK_GRID (self->params_grid), name_label, 0, y, 1, 1);
  gtk_grid_attach (GTK_GRID (self->params_grid), expr_label, 1, y, 1, 1);
  gtk_grid_attach (GTK_GRID (self->params_grid), row->value_label, 2, y, 1, 1);
  gtk_grid_attach (GTK_GRID (self->params_grid), row->entry, 3, y, 1, 1);
  g_ptr_array_add (self->param_rows, row);
}

static gboolean
rows_match (AugurActivityPage *self)
{
  const AugurActivityModel *m = self->model;
  guint n = m != NULL ? augur_activity_model_get_n_params (m) : 0;

  if (n != self->param_rows->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      ParamRow *row = g_ptr_array_index (self->param_rows, i);

      if (g_strcmp0 (row->name, augur_activity_model_get_param_name (m, i)) != 0 ||
          g_strcmp0 (row->text, augur_activity_model_get_param_text (m, i)) != 0)
        return FALSE;
    }
  return TRUE;
}

void
augur_activity_page_params_refresh (AugurActivityPage *self)
{
  const AugurActivityModel *m = self->model;
  guint n = m != NULL ? augur_activity_model_get_n_params (m) : 0;
  GtkWidget *child;

  if (!rows_match (self))
    {
      augur_activity_page_params_flush (self);
      while ((child = gtk_widget_get_first_child (self->params_grid)) != NULL)
        gtk_grid_remove (GTK_GRID (self->params_grid), child);
      g_ptr_array_set_size (self->param_rows, 0);
      if (n > 0)
        {
          gtk_grid_attach (GTK_GRID (self->params_grid), heading (_("Parameter")), 0, 0, 1, 1);
          gtk_grid_attach (GTK_GRID (self->params_grid), heading (_("Expression")), 1, 0, 1, 1);
          gtk_grid_attach (GTK_GRID (self->params_grid), heading (_("Value")), 2, 0, 1, 1);
          gtk_grid_attach (GTK_GRID (self->params_grid), heading (_("What if")), 3, 0, 1, 1);
        }
      for (guint i = 0; i < n; i++)
        add_row (self, i, augur_activity_model_get_param_name (m, i), augur_activity_model_get_param_text (m, i));
      gtk_widget_set_visible (self->params_placeholder, n == 0);
    }
  augur_activity_page_params_sync (self);
}

void
augur_activity_page_params_flush (AugurActivityPage *self)
{
  if (self->clear_source != 0)
    {
      g_source_remove (self->clear_source);
      clear_entry_cb (self);
    }
}

void
augur_activity_page_params_init (AugurActivityPage *self)
{
  self->overrides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->param_rows = g_ptr_array_new_with_free_func (param_row_free);
}

GtkWidget *
augur_activity_page_get_override_entry (AugurActivityPage *self,
                                        const char        *name)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);

  for (guint i = 0; i < self->param_rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->param_rows, i);

      if (g_strcmp0 (row->name, name) == 0)
        return row->entry;
    }
  return NULL;
}
