/* augur-preferences.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-preferences.h"

struct _AugurPreferences
{
  GtkWindow       parent_instance;

  GtkSpinButton  *max_states_spin;
  GtkSpinButton  *space_limit_spin;
  GtkDropDown    *solver_dropdown;

  GSettings      *settings;
};

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AugurPreferences, augur_preferences, GTK_TYPE_WINDOW)

/* Same order as the GtkStringList in augur-preferences.ui. */
static const char * const solver_ids[] = {
  "auto", "direct", "gauss-seidel", "sor", "jacobi", "power",
};

static gboolean
solver_get_mapping (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (solver_ids); i++)
    if (g_str_equal (id, solver_ids[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
solver_set_mapping (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  guint index = g_value_get_uint (value);

  if (index >= G_N_ELEMENTS (solver_ids))
    return NULL;
  return g_variant_new_string (solver_ids[index]);
}

static void
augur_preferences_constructed (GObject *object)
{
  AugurPreferences *self = AUGUR_PREFERENCES (object);

  G_OBJECT_CLASS (augur_preferences_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (self->settings));

  g_settings_bind (self->settings, "diagram-max-states",
                   gtk_spin_button_get_adjustment (self->max_states_spin), "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "state-space-limit",
                   gtk_spin_button_get_adjustment (self->space_limit_spin), "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "solver",
                                self->solver_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                solver_get_mapping, solver_set_mapping,
                                NULL, NULL);
}

static void
augur_preferences_dispose (GObject *object)
{
  AugurPreferences *self = AUGUR_PREFERENCES (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (augur_preferences_parent_class)->dispose (object);
}

static void
augur_preferences_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  AugurPreferences *self = AUGUR_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_preferences_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AugurPreferences *self = AUGUR_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_preferences_class_init (AugurPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = augur_preferences_constructed;
  object_class->dispose = augur_preferences_dispose;
  object_class->get_property = augur_preferences_get_property;
  object_class->set_property = augur_preferences_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, AugurPreferences, max_states_spin);
  gtk_widget_class_bind_template_child (widget_class, AugurPreferences, space_limit_spin);
  gtk_widget_class_bind_template_child (widget_class, AugurPreferences, solver_dropdown);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
augur_preferences_init (AugurPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
augur_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  return g_object_new (AUGUR_TYPE_PREFERENCES, "settings", settings, NULL);
}

GtkSpinButton *
augur_preferences_get_max_states_spin (AugurPreferences *self)
{
  g_return_val_if_fail (AUGUR_IS_PREFERENCES (self), NULL);
  return self->max_states_spin;
}

GtkSpinButton *
augur_preferences_get_state_limit_spin (AugurPreferences *self)
{
  g_return_val_if_fail (AUGUR_IS_PREFERENCES (self), NULL);
  return self->space_limit_spin;
}

GtkDropDown *
augur_preferences_get_solver_dropdown (AugurPreferences *self)
{
  g_return_val_if_fail (AUGUR_IS_PREFERENCES (self), NULL);
  return self->solver_dropdown;
}
