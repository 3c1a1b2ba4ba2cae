/* augur-ccdsm-page-setup.c: the Protocol and Latencies tabs and the
 * distance menu of the cache-coherence page.
 *
 * A change in a tab builds a new setup and hands it to apply_setup(); a
 * table that augur_protocol_validate() or augur_latency_table_validate()
 * refuses stays on screen as typed, with the reason, and is not applied.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-ccdsm-page-private.h"

#define RULE_KEY "augur-rule"

static const char * const state_names[] = { "M", "E", "S", "I" };

/* ---- Messages --------------------------------------------------------- */

static void
show_message (AugurCcdsmPage *self,
              GtkWidget      *label,
              const char     *message)
{
  GtkWidget *labels[] = { self->protocol_error, self->latency_error, self->timing_error };

  if (message != NULL)
    {
      gboolean stop = g_str_has_suffix (message, ".");
      /* Translators: the first %s is a message of the engine, in English. */
      g_autofree char *text = g_strdup_printf (stop ? _("%s The change was not applied.")
                                                    : _("%s. The change was not applied."), message);

      gtk_label_set_text (GTK_LABEL (label), text);
      g_free (self->setup_error);
      self->setup_error = g_steal_pointer (&text);
    }
  gtk_widget_set_visible (label, message != NULL);
  if (message == NULL)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        any |= gtk_widget_get_visible (labels[i]);
      if (!any)
        g_clear_pointer (&self->setup_error, g_free);
    }
}

/* ---- Protocol --------------------------------------------------------- */

static void
read_protocol (AugurCcdsmPage *self,
               AugurProtocol  *protocol)
{
  AugurProtocol builtin;

  memset (protocol, 0, sizeof *protocol);
  for (guint a = 0; a < AUGUR_ACCESS_N; a++)
    for (guint s = 0; s < 4; s++)
      for (guint o = 0; o < AUGUR_OTHERS_N; o++)
        {
          GtkWidget **w = self->rule_widgets[a][s][o];
          AugurProtocolRule *r = &protocol->rule[a][s][o];

          r->possible = gtk_check_button_get_active (GTK_CHECK_BUTTON (w[AUGUR_CCDSM_RULE_POSSIBLE]));
          if (!r->possible)
            continue;
          r->requester = gtk_drop_down_get_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_REQUESTER]));
          r->others = gtk_drop_down_get_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_OTHERS]));
          r->transfer = gtk_drop_down_get_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_TRANSFER]));
        }
  /* Named after the built-in variant it equals, if any. */
  g_strlcpy (protocol->name, "custom", sizeof protocol->name);
  for (const char *v = "AB"; *v != '\0'; v++)
    if (augur_protocol_init_mesi (&builtin, *v) &&
        memcmp (builtin.rule, protocol->rule, sizeof builtin.rule) == 0)
      g_strlcpy (protocol->name, builtin.name, sizeof protocol->name);
}

/* 0: MESI A, 1: MESI B, 2: custom. */
static guint
protocol_variant (const AugurProtocol *protocol)
{
  AugurProtocol builtin;

  for (guint i = 0; i < 2; i++)
    if (augur_protocol_init_mesi (&builtin, "AB"[i]) &&
        memcmp (builtin.rule, protocol->rule, sizeof builtin.rule) == 0)
      return i;
  return 2;
}

static void
show_rule_sensitivity (AugurCcdsmPage *self)
{
  for (guint a = 0; a < AUGUR_ACCESS_N; a++)
    for (guint s = 0; s < 4; s++)
      for (guint o = 0; o < AUGUR_OTHERS_N; o++)
        {
          GtkWidget **w = self->rule_widgets[a][s][o];
          gboolean possible = gtk_check_button_get_active (GTK_CHECK_BUTTON (w[AUGUR_CCDSM_RULE_POSSIBLE]));

          for (guint c = AUGUR_CCDSM_RULE_REQUESTER; c <= AUGUR_CCDSM_RULE_TRANSFER; c++)
            gtk_widget_set_sensitive (w[c], possible);
        }
}

static void
show_protocol (AugurCcdsmPage      *self,
               const AugurProtocol *protocol)
{
  self->updating++;
  for (guint a = 0; a < AUGUR_ACCESS_N; a++)
    for (guint s = 0; s < 4; s++)
      for (guint o = 0; o < AUGUR_OTHERS_N; o++)
        {
          GtkWidget **w = self->rule_widgets[a][s][o];
          const AugurProtocolRule *r = &protocol->rule[a][s][o];

          gtk_check_button_set_active (GTK_CHECK_BUTTON (w[AUGUR_CCDSM_RULE_POSSIBLE]), r->possible);
          /* An impossible rule keeps a sensible default in its menus. */
          gtk_drop_down_set_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_REQUESTER]),
                                      r->possible ? r->requester : (a == AUGUR_ACCESS_STORE ? AUGUR_MESI_M : s));
          gtk_drop_down_set_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_OTHERS]),
                                      r->possible ? r->others : AUGUR_MESI_KEEP);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (w[AUGUR_CCDSM_RULE_TRANSFER]),
                                      r->possible ? r->transfer : AUGUR_TRANSFER_HIT);
        }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->variant_dropdown), protocol_variant (protocol));
  show_rule_sensitivity (self);
  self->updating--;
  self->shown_protocol = *protocol;
}

static void
apply_changed_setup (AugurCcdsmPage   *self,
                     AugurCcdsmSetup  *setup,
                     GtkWidget        *message_label)
{
  g_autoptr(GError) error = NULL;

  if (augur_ccdsm_page_apply_setup (self, setup, &error))
    show_message (self, message_label, NULL);
  else
    show_message (self, message_label, error->message);
}

static void
on_rule_changed (AugurCcdsmPage *self)
{
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  AugurProtocol protocol;

  if (self->updating > 0)
    return;
  show_rule_sensitivity (self);
  read_protocol (self, &protocol);
  self->updating++;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->variant_dropdown), protocol_variant (&protocol));
  self->updating--;
  if (!augur_protocol_validate (&protocol, &error))
    {
      show_message (self, self->protocol_error, error->message);
      return;
    }
  setup = augur_ccdsm_setup_copy (self->setup);
  *augur_ccdsm_setup_get_protocol (setup) = protocol;
  self->shown_protocol = protocol;
  apply_changed_setup (self, setup, self->protocol_error);
}

static void
on_variant_selected (AugurCcdsmPage *self)
{
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->variant_dropdown));

  if (self->updating > 0 || selected > 1)
    return;
  setup = augur_ccdsm_setup_copy (self->setup);
  augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), "AB"[selected]);
  show_protocol (self, augur_ccdsm_setup_get_protocol (setup));
  apply_changed_setup (self, setup, self->protocol_error);
}

static GtkWidget *
rule_dropdown (const char * const *items,
               guint               n_items,
               const char         *tooltip)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint i = 0; i < n_items; i++)
    gtk_string_list_append (model, items[i]);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&model)), NULL);
  gtk_widget_set_tooltip_text (dropdown, tooltip);
  return dropdown;
}

static GtkWidget *
header_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

static void
build_protocol_grid (AugurCcdsmPage *self,
                     AugurAccess     access,
                     GtkGrid        *grid)
{
  const char *others_names[] = {
    /* Translators: what the other caches hold of the line (protocol table). */
    C_("others", "all I"), C_("others", "some S"), C_("others", "one E"), C_("others", "one M"),
  };
  const char *new_others[] = { "M", "E", "S", "I", C_("others", "keep") };
  const char *transfers[] = {
    C_("transfer", "hit"), C_("transfer", "memory"), C_("transfer", "memory + lookup"),
    C_("transfer", "memory + invalidation"), C_("transfer", "another cache"),
  };
  const char *headers[] = {
    _("Requester"), _("Others"), _("Possible"), _("New Requester"), _("New Others"), _("Transfer"),
  };

  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    gtk_grid_attach (grid, header_label (headers[c]), (int) c, 0, 1, 1);

  for (guint s = 0; s < 4; s++)
    for (guint o = 0; o < AUGUR_OTHERS_N; o++)
      {
        int row = 1 + (int) (s * AUGUR_OTHERS_N + o);
        GtkWidget **w = self->rule_widgets[access][s][o];
        GtkWidget *state = gtk_label_new (o == 0 ? state_names[s] : "");
        GtkWidget *others = gtk_label_new (others_names[o]);

        gtk_label_set_xalign (GTK_LABEL (state), 0.5f);
        gtk_widget_add_css_class (state, "augur-rule-head");
        gtk_label_set_xalign (GTK_LABEL (others), 0.0f);
        gtk_grid_attach (grid, state, 0, row, 1, 1);
        gtk_grid_attach (grid, others, 1, row, 1, 1);
        if (o == 0 && s > 0)
          {
            gtk_widget_set_margin_top (state, 6);
            gtk_widget_set_margin_top (others, 6);
          }

        w[AUGUR_CCDSM_RULE_POSSIBLE] = gtk_check_button_new ();
        gtk_widget_set_halign (w[AUGUR_CCDSM_RULE_POSSIBLE], GTK_ALIGN_CENTER);
        gtk_widget_set_tooltip_text (w[AUGUR_CCDSM_RULE_POSSIBLE],
                                     _("Whether the situation can occur under the protocol"));
        w[AUGUR_CCDSM_RULE_REQUESTER] = rule_dropdown (state_names, 4, _("The requester’s copy afterwards"));
        w[AUGUR_CCDSM_RULE_OTHERS] = rule_dropdown (new_others, G_N_ELEMENTS (new_others),
                                                    _("Every other valid copy afterwards, or keep their states"));
        w[AUGUR_CCDSM_RULE_TRANSFER] = rule_dropdown (transfers, G_N_ELEMENTS (transfers),
                                                      _("Where the data comes from: this decides the latency"));
        for (guint c = 0; c <= AUGUR_CCDSM_RULE_TRANSFER; c++)
          {
            if (o == 0 && s > 0)
              gtk_widget_set_margin_top (w[c], 6);
            gtk_grid_attach (grid, w[c], 2 + (int) c, row, 1, 1);
            g_signal_connect_object (w[c], c == AUGUR_CCDSM_RULE_POSSIBLE ? "toggled" : "notify::selected",
                                     G_CALLBACK (on_rule_changed), self, G_CONNECT_SWAPPED);
          }
      }
}

/* ---- Latencies and timing --------------------------------------------- */

static void
show_latency (AugurCcdsmPage          *self,
              const AugurLatencyTable *latency)
{
  self->updating++;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->latency_spins[AUGUR_TRANSFER_HIT][0]), latency->hit);
  for (guint t = AUGUR_TRANSFER_MEMORY; t < AUGUR_TRANSFER_N; t++)
    for (guint d = 0; d < 3; d++)
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->latency_spins[t][d]),
                                 augur_latency_table_get (latency, t, d));
  self->updating--;
  self->shown_latency = *latency;
}

static void
on_latency_changed (AugurCcdsmPage *self)
{
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  AugurLatencyTable latency;

  if (self->updating > 0)
    return;
  memset (&latency, 0, sizeof latency);
  latency.hit = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->latency_spins[AUGUR_TRANSFER_HIT][0]));
  for (guint t = AUGUR_TRANSFER_MEMORY; t < AUGUR_TRANSFER_N; t++)
    for (guint d = 0; d < 3; d++)
      augur_latency_table_set (&latency, t, d,
                               gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->latency_spins[t][d])));
  if (!augur_latency_table_validate (&latency, &error))
    {
      show_message (self, self->latency_error, error->message);
      return;
    }
  setup = augur_ccdsm_setup_copy (self->setup);
  *augur_ccdsm_setup_get_latency (setup) = latency;
  self->shown_latency = latency;
  apply_changed_setup (self, setup, self->latency_error);
}

static GtkWidget *
latency_spin (AugurCcdsmPage *self)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0.0, 100000.0, 1.0);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 5);
  gtk_widget_add_css_class (spin, "numeric");
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_latency_changed), self, G_CONNECT_SWAPPED);
  return spin;
}

static void
build_latency_grid (AugurCcdsmPage *self)
{
  GtkGrid *grid = GTK_GRID (self->latency_grid);
  const char *rows[] = {
    C_("transfer", "Hit"), C_("transfer", "From memory"), C_("transfer", "Memory with lookup"),
    C_("transfer", "Memory with invalidation"), C_("transfer", "From another cache"),
  };
  const char *columns[] = { _("Distance 0"), _("Distance 1"), _("Distance 2") };

  /* Each transfer's name on a line of its own, its three distances under
   * it: the table is as narrow as three values, so every distance stays in
   * sight beside the results on a laptop's screen. */
  for (guint d = 0; d < 3; d++)
    gtk_grid_attach (grid, header_label (columns[d]), (int) d, 0, 1, 1);
  for (guint t = 0; t < AUGUR_TRANSFER_N; t++)
    {
      GtkWidget *label = gtk_label_new (rows[t]);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_set_margin_top (label, 4);
      gtk_grid_attach (grid, label, 0, 1 + 2 * (int) t, 3, 1);
      for (guint d = 0; d < (t == AUGUR_TRANSFER_HIT ? 1u : 3u); d++)
        {
          self->latency_spins[t][d] = latency_spin (self);
          gtk_accessible_update_relation (GTK_ACCESSIBLE (self->latency_spins[t][d]),
                                          GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
          gtk_grid_attach (grid, self->latency_spins[t][d], (int) d, 2 + 2 * (int) t, 1, 1);
        }
      if (t == AUGUR_TRANSFER_HIT)
        {
          GtkWidget *note = gtk_label_new (_("at any distance"));

          gtk_label_set_xalign (GTK_LABEL (note), 0.0f);
          gtk_widget_add_css_class (note, "dim-label");
          gtk_grid_attach (grid, note, 1, 2, 2, 1);
        }
    }
}

static void
on_timing_changed (AugurCcdsmPage *self)
{
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  AugurCcdsmUpdate update;
  guint phases;

  if (self->updating > 0)
    return;
  update = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->update_dropdown)) == 1
           ? AUGUR_CCDSM_UPDATE_MIDDLE : AUGUR_CCDSM_UPDATE_BEGIN;
  phases = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->phases_spin));
  setup = augur_ccdsm_setup_copy (self->setup);
  augur_ccdsm_setup_set_update (setup, update);
  augur_ccdsm_setup_set_phases (setup, phases);
  self->shown_update = update;
  self->shown_phases = phases;
  apply_changed_setup (self, setup, self->timing_error);
}

static void
reset_latencies_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (widget);
  g_autoptr(AugurCcdsmSetup) setup = augur_ccdsm_setup_copy (self->setup);

  augur_latency_table_init_default (augur_ccdsm_setup_get_latency (setup));
  show_latency (self, augur_ccdsm_setup_peek_latency (setup));
  apply_changed_setup (self, setup, self->latency_error);
}

/* ---- Distance --------------------------------------------------------- */

static void
on_distance_selected (AugurCcdsmPage *self)
{
  g_autoptr(GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->distance_dropdown));

  if (self->updating > 0 || selected > 2)
    return;
  if (!augur_ccdsm_page_set_distance (self, selected, &error))
    {
      augur_ccdsm_page_set_status (self, error->message, TRUE);
      augur_ccdsm_page_refresh_setup (self);
    }
}

/* ---- Refresh ---------------------------------------------------------- */

void
augur_ccdsm_page_refresh_setup (AugurCcdsmPage *self)
{
  const AugurCcdsmSetup *setup = self->setup;
  const AugurProtocol *protocol = augur_ccdsm_setup_peek_protocol (setup);
  const AugurLatencyTable *latency = augur_ccdsm_setup_peek_latency (setup);
  int distance = -1;

  /* Leave a table being typed alone unless the setup itself changed. */
  if (!self->shown_valid || memcmp (protocol, &self->shown_protocol, sizeof *protocol) != 0)
    {
      show_protocol (self, protocol);
      show_message (self, self->protocol_error, NULL);
    }
  if (!self->shown_valid || memcmp (latency, &self->shown_latency, sizeof *latency) != 0)
    {
      show_latency (self, latency);
      show_message (self, self->latency_error, NULL);
    }
  if (!self->shown_valid || augur_ccdsm_setup_get_update (setup) != self->shown_update ||
      augur_ccdsm_setup_get_phases (setup) != self->shown_phases)
    {
      self->updating++;
      self->shown_update = augur_ccdsm_setup_get_update (setup);
      self->shown_phases = augur_ccdsm_setup_get_phases (setup);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->update_dropdown),
                                  self->shown_update == AUGUR_CCDSM_UPDATE_MIDDLE ? 1 : 0);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->phases_spin), self->shown_phases);
      self->updating--;
      show_message (self, self->timing_error, NULL);
    }
  self->shown_valid = TRUE;

  if (self->program != NULL)
    distance = augur_ccdsm_setup_get_distance (augur_ccdsm_program_get_setup (self->program), self->program);
  self->updating++;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->distance_dropdown), distance >= 0 ? (guint) distance : 3);
  self->updating--;
}

void
augur_ccdsm_page_class_setup_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "page.reset-latencies", NULL, reset_latencies_action);
}

void
augur_ccdsm_page_setup_init (AugurCcdsmPage *self)
{
  build_protocol_grid (self, AUGUR_ACCESS_LOAD, GTK_GRID (self->load_grid));
  build_protocol_grid (self, AUGUR_ACCESS_STORE, GTK_GRID (self->store_grid));
  build_latency_grid (self);

  g_signal_connect_object (self->variant_dropdown, "notify::selected",
                           G_CALLBACK (on_variant_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->update_dropdown, "notify::selected",
                           G_CALLBACK (on_timing_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->phases_spin, "value-changed",
                           G_CALLBACK (on_timing_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->distance_dropdown, "notify::selected",
                           G_CALLBACK (on_distance_selected), self, G_CONNECT_SWAPPED);
}
