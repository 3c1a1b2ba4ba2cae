/* augur-machine-edit.c: the machine view's edits of a setup.
 *
 * Placing processes on cpus and variables on memory banks, adding and
 * removing modules, nodes and cpus, and taking a selection off or putting
 * it back; every edit ends in machine_setup_changed().  A read-only view
 * (augur_machine_view_set_interactive()) refuses each of them here, where
 * the gestures, keys, actions and callers all end up.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-draw.h"
#include "augur-machine-view-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

static gboolean
contains_name (GPtrArray  *names,
               const char *name)
{
  return name != NULL && g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL);
}

/* Unmaps the processes on the processors named, and clears the homes set
 * to the nodes named (prefixes among them stay in the tray). */
static void
forget_places (AugurMachineView *self,
               GPtrArray        *cpus,
               GPtrArray        *nodes)
{
  g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (self->setup);

  for (guint p = 0; self->program != NULL && p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (self->program, p);

      if (contains_name (cpus, augur_ccdsm_setup_get_process_cpu (self->setup, name)))
        augur_ccdsm_setup_set_process_cpu (self->setup, name, NULL);
    }
  for (guint i = 0; homes[i] != NULL; i++)
    if (contains_name (nodes, augur_ccdsm_setup_get_home (self->setup, homes[i])))
      {
        if (strchr (homes[i], '[') != NULL && !contains_name (self->loose, homes[i]))
          g_ptr_array_add (self->loose, g_strdup (homes[i]));
        augur_ccdsm_setup_set_home (self->setup, homes[i], NULL);
      }
}

gboolean
augur_machine_view_place_process (AugurMachineView *self,
                                  const char       *process,
                                  guint             cpu)
{
  AugurMachine *m;
  g_autofree char *old = NULL;
  const char *name;
  gboolean old_valid;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  g_return_val_if_fail (process != NULL, FALSE);
  if (!self->interactive)
    return FALSE;

  m = augur_ccdsm_setup_get_machine (self->setup);
  if (machine_find_process (self->program, process) < 0 || cpu >= augur_machine_get_n_cpus (m))
    return FALSE;
  name = augur_machine_get_cpu_name (m, cpu);
  old = g_strdup (augur_ccdsm_setup_get_process_cpu (self->setup, process));
  if (g_strcmp0 (old, name) == 0)
    return FALSE;

  /* A processor runs one process: the one there takes the mover's place. */
  old_valid = augur_machine_find_cpu (m, old) >= 0;
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *other = augur_ccdsm_program_get_process_name (self->program, p);

      if (!g_str_equal (other, process) &&
          g_strcmp0 (augur_ccdsm_setup_get_process_cpu (self->setup, other), name) == 0)
        augur_ccdsm_setup_set_process_cpu (self->setup, other, old_valid ? old : NULL);
    }
  augur_ccdsm_setup_set_process_cpu (self->setup, process, name);
  machine_setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_place_variable (AugurMachineView *self,
                                   const char       *variable_or_prefix,
                                   guint             node)
{
  const AugurMachine *m;
  const char *name, *key = variable_or_prefix;
  gboolean changed = FALSE;
  int v;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  if (!self->interactive)
    return FALSE;

  m = augur_ccdsm_setup_peek_machine (self->setup);
  v = machine_find_variable (self->program, key);
  if (v < 0 || node >= augur_machine_get_n_nodes (m) ||
      (key[strcspn (key, "[")] == '[' && !g_str_has_suffix (key, "]")))
    return FALSE;
  name = augur_machine_get_node_name (m, node);

  /* A whole variable lives in one place: the homes of its elements go. */
  if (g_str_equal (key, augur_ccdsm_program_get_variable_name (self->program, v)))
    {
      g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (self->setup);

      for (guint i = 0; homes[i] != NULL; i++)
        if (!g_str_equal (homes[i], key) && machine_find_variable (self->program, homes[i]) == v)
          {
            augur_ccdsm_setup_set_home (self->setup, homes[i], NULL);
            changed = TRUE;
          }
      for (guint i = self->loose->len; i-- > 0;)
        if (machine_find_variable (self->program, self->loose->pdata[i]) == v)
          g_ptr_array_remove_index (self->loose, i);
    }
  if (g_strcmp0 (augur_ccdsm_setup_get_home (self->setup, key), name) != 0)
    {
      augur_ccdsm_setup_set_home (self->setup, key, name);
      changed = TRUE;
    }
  if (changed)
    machine_setup_changed (self);
  return changed;
}

/* Takes a chip off the machine, to the tray. */
gboolean
machine_unplace (AugurMachineView *self,
                 const char       *name,
                 gboolean          is_process)
{
  if (!self->interactive)
    return FALSE;
  if (is_process)
    {
      if (augur_ccdsm_setup_get_process_cpu (self->setup, name) == NULL)
        return FALSE;
      augur_ccdsm_setup_set_process_cpu (self->setup, name, NULL);
    }
  else
    {
      if (augur_ccdsm_setup_get_home (self->setup, name) == NULL)
        return FALSE;
      if (strchr (name, '[') != NULL && !contains_name (self->loose, name))
        g_ptr_array_add (self->loose, g_strdup (name));
      augur_ccdsm_setup_set_home (self->setup, name, NULL);
    }
  machine_setup_changed (self);
  return TRUE;
}

void
augur_machine_view_add_module (AugurMachineView *self)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  if (!self->interactive)
    return;

  augur_machine_add_module (augur_ccdsm_setup_get_machine (self->setup));
  machine_setup_changed (self);
}

void
augur_machine_view_add_node (AugurMachineView *self,
                             guint             module)
{
  AugurMachine *m;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  if (!self->interactive)
    return;
  m = augur_ccdsm_setup_get_machine (self->setup);
  g_return_if_fail (module < augur_machine_get_n_modules (m));

  augur_machine_add_node (m, module);
  machine_setup_changed (self);
}

void
augur_machine_view_add_cpu (AugurMachineView *self,
                            guint             node)
{
  AugurMachine *m;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  if (!self->interactive)
    return;
  m = augur_ccdsm_setup_get_machine (self->setup);
  g_return_if_fail (node < augur_machine_get_n_nodes (m));

  augur_machine_add_cpu (m, node);
  machine_setup_changed (self);
}

/* The names of the processors of node (and the node's) into the arrays. */
static void
gather_node (const AugurMachine *m,
             guint               node,
             GPtrArray          *cpus,
             GPtrArray          *nodes)
{
  g_ptr_array_add (nodes, g_strdup (augur_machine_get_node_name (m, node)));
  for (guint c = 0; c < augur_machine_get_n_cpus (m); c++)
    if (augur_machine_get_cpu_node (m, c) == node)
      g_ptr_array_add (cpus, g_strdup (augur_machine_get_cpu_name (m, c)));
}

gboolean
augur_machine_view_remove_module (AugurMachineView *self,
                                  guint             module)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  if (!self->interactive)
    return FALSE;
  m = augur_ccdsm_setup_get_machine (self->setup);
  for (guint n = 0; module < augur_machine_get_n_modules (m) && n < augur_machine_get_n_nodes (m); n++)
    if (augur_machine_get_node_module (m, n) == module)
      gather_node (m, n, cpus, nodes);
  if (!augur_machine_remove_module (m, module))
    return FALSE;
  forget_places (self, cpus, nodes);
  machine_setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_remove_node (AugurMachineView *self,
                                guint             node)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  if (!self->interactive)
    return FALSE;
  m = augur_ccdsm_setup_get_machine (self->setup);
  if (node < augur_machine_get_n_nodes (m))
    gather_node (m, node, cpus, nodes);
  if (!augur_machine_remove_node (m, node))
    return FALSE;
  forget_places (self, cpus, nodes);
  machine_setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_remove_cpu (AugurMachineView *self,
                               guint             cpu)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  if (!self->interactive)
    return FALSE;
  m = augur_ccdsm_setup_get_machine (self->setup);
  if (cpu < augur_machine_get_n_cpus (m))
    g_ptr_array_add (cpus, g_strdup (augur_machine_get_cpu_name (m, cpu)));
  if (!augur_machine_remove_cpu (m, cpu))
    return FALSE;
  forget_places (self, cpus, nodes);
  machine_setup_changed (self);
  return TRUE;
}

/* '+' on the selection: a node in a module, a processor in a node (or
 * beside a processor), a module when nothing is selected. */
void
machine_add_to_selection (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = machine_selected_index (self);

  if (i < 0)
    augur_machine_view_add_module (self);
  else if (self->sel_kind == HIT_MODULE)
    augur_machine_view_add_node (self, i);
  else if (self->sel_kind == HIT_NODE)
    augur_machine_view_add_cpu (self, i);
  else if (self->sel_kind == HIT_CPU)
    augur_machine_view_add_cpu (self, augur_machine_get_cpu_node (m, i));
}

/* Delete on the selection; the parent is selected next. */
void
machine_remove_selection (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = machine_selected_index (self);
  g_autofree char *parent = NULL;

  if (self->sel_kind == HIT_CHIP)
    {
      g_autofree char *name = g_strdup (self->sel_name);

      if (!machine_unplace (self, name, machine_find_process (self->program, name) >= 0))
        gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (i < 0)
    return;
  if (self->sel_kind == HIT_CPU)
    {
      parent = g_strdup (augur_machine_get_node_name (m, augur_machine_get_cpu_node (m, i)));
      if (augur_machine_view_remove_cpu (self, i))
        machine_select_item (self, HIT_NODE, parent);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->sel_kind == HIT_NODE)
    {
      parent = g_strdup (augur_machine_get_module_name (m, augur_machine_get_node_module (m, i)));
      if (augur_machine_view_remove_node (self, i))
        machine_select_item (self, HIT_MODULE, parent);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->sel_kind == HIT_MODULE)
    {
      if (augur_machine_view_remove_module (self, i))
        machine_select_item (self, HIT_NONE, NULL);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
}
