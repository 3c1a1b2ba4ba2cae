/* augur-activity-page-machine.c: the Machine page beside the parameters:
 * the nodes of the document's machine with the processes on each, at the
 * parameters' current values (what-if values included), as the engine
 * places them (block, cyclic or explicit).  Dragging a process onto
 * another node (or Alt+arrow on a selected one) writes the mapping as
 * `mapping explicit ...` into the text, one undo step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-activity-page-private.h"
#include "augur-process-map.h"
#include "activity-edit.h"

/* The binding of the page's overrides the model has parameters for. */
static void
overrides_binding (AugurActivityPage *self,
                   GPtrArray         *names,
                   GArray            *values)
{
  g_auto(GStrv) all = NULL;
  g_autoptr(GArray) all_values = NULL;

  augur_activity_page_overrides_collect (self, &all, &all_values);
  for (guint k = 0; all[k] != NULL; k++)
    for (guint i = 0; i < augur_activity_model_get_n_params (self->model); i++)
      if (g_strcmp0 (all[k], augur_activity_model_get_param_name (self->model, i)) == 0)
        {
          g_ptr_array_add (names, g_strdup (all[k]));
          g_array_append_val (values, g_array_index (all_values, double, k));
        }
}

void
augur_activity_page_machine_refresh (AugurActivityPage *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_autofree guint *node_of = NULL;
  guint n_nodes = 0, cpus = 0, n_processes = 0;
  g_autofree char *text = NULL;

  if (self->process_map == NULL)
    return;
  if (self->model == NULL)
    {
      augur_process_map_set_mapping (AUGUR_PROCESS_MAP (self->process_map), 0, 0, NULL, 0);
      gtk_label_set_text (GTK_LABEL (self->machine_label), _("The text does not read yet."));
      return;
    }
  overrides_binding (self, names, values);
  {
    AugurActivityBinding binding = { names->len, (const char **) names->pdata, (const double *) values->data };

    if (!augur_activity_model_get_placement (self->model, &binding, &n_nodes, &cpus, &node_of, &n_processes, &error))
      {
        augur_process_map_set_mapping (AUGUR_PROCESS_MAP (self->process_map), 0, 0, NULL, 0);
        gtk_label_set_text (GTK_LABEL (self->machine_label), error->message);
        g_free (self->machine_node_of);
        self->machine_node_of = NULL;
        self->machine_n_processes = 0;
        return;
      }
  }
  augur_process_map_set_mapping (AUGUR_PROCESS_MAP (self->process_map), n_nodes, cpus, node_of, n_processes);
  augur_process_map_set_editable (AUGUR_PROCESS_MAP (self->process_map), n_nodes > 1);
  {
    g_autofree char *p = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes", n_processes),
                                          n_processes);
    g_autofree char *n = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", n_nodes), n_nodes);
    g_autofree char *c = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u CPU each", "%u CPUs each", cpus), cpus);

    /* Translators: e.g. "8 processes on 2 nodes, 4 CPUs each: drag a process onto another node to move it". */
    text = g_strdup_printf (_("%s on %s, %s: drag a process onto another node to move it"), p, n, c);
    gtk_label_set_text (GTK_LABEL (self->machine_label), text);
  }
  g_free (self->machine_node_of);
  self->machine_node_of = g_steal_pointer (&node_of);
  self->machine_n_processes = n_processes;
  self->machine_n_nodes = n_nodes;
}

/* The configurations the document lists that its machine cannot place
 * (an explicit mapping written for fewer processes or more nodes, say),
 * separated by commas; NULL when every one can. */
static char *
configs_not_placed (AugurActivityPage *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_user;

  if (self->model == NULL)
    return NULL;
  overrides_binding (self, names, values);
  n_user = names->len;
  for (guint i = 0; i < augur_activity_model_get_n_configs (self->model); i++)
    {
      AugurActivityBinding own = { 0 };
      g_autofree guint *node_of = NULL;
      guint n_nodes, cpus, n_processes;

      /* the configuration's values after the what-ifs: the study's order */
      g_ptr_array_set_size (names, n_user);
      g_array_set_size (values, n_user);
      augur_activity_model_get_config (self->model, i, &own);
      for (guint k = 0; k < own.n; k++)
        {
          g_ptr_array_add (names, g_strdup (own.names[k]));
          g_array_append_val (values, own.values[k]);
        }
      {
        AugurActivityBinding binding = { names->len, (const char **) names->pdata, (const double *) values->data };

        if (augur_activity_model_get_placement (self->model, &binding, &n_nodes, &cpus, &node_of, &n_processes,
                                                NULL))
          continue;
      }
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, augur_activity_model_get_config_name (self->model, i));
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
on_process_moved (AugurActivityPage *self,
                  guint              pid,
                  guint              node)
{
  g_autofree guint *node_of = NULL;
  g_autofree char *current = NULL, *status = NULL, *unplaced = NULL;
  g_autoptr(GError) error = NULL;
  guint n_nodes = self->machine_n_nodes;
  char *text;

  if (self->machine_node_of == NULL || pid >= self->machine_n_processes)
    return;
  node_of = g_memdup2 (self->machine_node_of, sizeof (guint) * self->machine_n_processes);
  node_of[pid] = node;
  current = augur_activity_page_buffer_text (self);
  text = augur_activity_edit_set_mapping (current, node_of, self->machine_n_processes, &error);
  if (!augur_activity_page_apply_edit (self, text, &error))
    return;
  unplaced = configs_not_placed (self);
  if (unplaced != NULL)
    /* Translators: e.g. "p3 moved to node 1: the mapping is now explicit, for 8 processes on 2 nodes; the study
     * cannot place configurations N1P4, N4P16 and will show them as not evaluated". */
    status = g_strdup_printf (_("p%u moved to node %u: the mapping is now explicit, for %u processes on %u nodes; the "
                                "study cannot place configurations %s and will show them as not evaluated"),
                              pid, node, self->machine_n_processes, n_nodes, unplaced);
  else
    /* Translators: e.g. "p3 moved to node 1: the mapping is now explicit". */
    status = g_strdup_printf (_("p%u moved to node %u: the mapping is now explicit"), pid, node);
  augur_activity_page_set_status (self, status, unplaced != NULL);
}

void
augur_activity_page_machine_init (AugurActivityPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->machine_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->machine_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->machine_label), TRUE);
  gtk_widget_add_css_class (self->machine_label, "dim-label");
  gtk_widget_set_margin_start (self->machine_label, 12);
  gtk_widget_set_margin_end (self->machine_label, 12);
  gtk_widget_set_margin_top (self->machine_label, 6);
  self->process_map = augur_process_map_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->process_map);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), self->machine_label);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_stack_add_titled (GTK_STACK (self->side_stack), box, "machine", _("Machine"));
  g_signal_connect_object (self->process_map, "process-moved", G_CALLBACK (on_process_moved), self,
                           G_CONNECT_SWAPPED);
}

void
augur_activity_page_machine_dispose (AugurActivityPage *self)
{
  g_clear_pointer (&self->machine_node_of, g_free);
}

void
augur_activity_page_show_side (AugurActivityPage *self,
                               const char        *name)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), name);
}

GtkWidget *
augur_activity_page_get_process_map (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->process_map;
}
