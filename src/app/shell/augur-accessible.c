/* augur-accessible.c: names for the buttons that show only an icon.
 *
 * A button that shows only an icon has nothing a screen reader can read:
 * GTK 4.8 names a button by its text, not its tooltip.  Every such button
 * of Augur has a tooltip that says what it does; its name is that tooltip,
 * without the key hint in parentheses at its end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "augur-accessible.h"

gboolean
augur_accessible_is_icon_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)) != NULL &&
           gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  if (GTK_IS_BUTTON (widget))
    {
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (widget));

      return gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL ||
             (GTK_IS_IMAGE (child) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL);
    }
  return FALSE;
}

/* "Undo (Ctrl+Z)" → "Undo"; NULL without a tooltip. */
static char *
name_of_tooltip (const char *tooltip)
{
  char *name;
  char *hint;

  if (tooltip == NULL || *tooltip == '\0')
    return NULL;
  name = g_strstrip (g_strdup (tooltip));
  hint = strrchr (name, '(');
  if (hint != NULL && hint != name && g_str_has_suffix (name, ")"))
    {
      *hint = '\0';
      g_strchomp (name);
    }
  return name;
}

void
augur_accessible_name_from_tooltip (GtkWidget *button)
{
  g_autofree char *name = NULL;

  g_return_if_fail (GTK_IS_WIDGET (button));
  name = name_of_tooltip (gtk_widget_get_tooltip_text (button));
  if (name == NULL)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  /* a menu button's own button is what the reader lands on */
  if (GTK_IS_MENU_BUTTON (button))
    for (GtkWidget *child = gtk_widget_get_first_child (button); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_BUTTON (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

void
augur_accessible_name_icon_buttons (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  /* a name given in a ui file stays */
  if (augur_accessible_is_icon_button (root) &&
      !gtk_test_accessible_has_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL))
    augur_accessible_name_from_tooltip (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    augur_accessible_name_icon_buttons (child);
}
