/* augur-preferences.h: the Preferences window, bound to GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_TYPE_PREFERENCES (augur_preferences_get_type ())
G_DECLARE_FINAL_TYPE (AugurPreferences, augur_preferences, AUGUR, PREFERENCES, GtkWindow)

GtkWidget *augur_preferences_new (GSettings *settings);

/* For tests: the widgets bound to the keys. */
GtkSpinButton *augur_preferences_get_max_states_spin (AugurPreferences *self);
GtkSpinButton *augur_preferences_get_state_limit_spin (AugurPreferences *self);
GtkDropDown   *augur_preferences_get_solver_dropdown (AugurPreferences *self);

G_END_DECLS
