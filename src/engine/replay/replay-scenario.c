/* replay-scenario.c: a replay document's what-if scenarios (the document
 * with some settings changed), their line of the text form, and where two
 * swept series cross.
 *
 * The page keeps its scenarios in the document so that a report computes
 * them again from it, as augur-cli replay --scenario does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* In the order of the bits. */
static const char *const setting_keys[] = {
  "network", "nodes", "cores", "speed", "bandwidth", "latency", "backbone-bandwidth", "backbone-latency",
  "placement-rule", "speed-factor", "bandwidth-factor", "latency-factor",
};

AugurReplayScenario *
augur_replay_scenario_new (const char *name)
{
  AugurReplayScenario *scenario = g_new0 (AugurReplayScenario, 1);

  scenario->name = g_strdup (name);
  scenario->network = AUGUR_NETWORK_LV08;
  scenario->cluster = augur_replay_default_cluster;
  scenario->factors = (AugurReplayFactors) { 1, 1, 1 };
  return scenario;
}

AugurReplayScenario *
augur_replay_scenario_copy (const AugurReplayScenario *scenario)
{
  AugurReplayScenario *copy = g_memdup2 (scenario, sizeof *scenario);

  copy->name = g_strdup (scenario->name);
  return copy;
}

void
augur_replay_scenario_free (AugurReplayScenario *scenario)
{
  if (scenario == NULL)
    return;
  g_free (scenario->name);
  g_free (scenario);
}

const char *
augur_replay_scenario_setting_to_key (AugurReplayScenarioSetting setting)
{
  for (guint i = 0; i < G_N_ELEMENTS (setting_keys); i++)
    if (setting == (1u << i))
      return setting_keys[i];
  g_return_val_if_reached (NULL);
}

/* The double field of a cluster a setting names, or NULL. */
static double *
cluster_double (AugurReplayCluster *c,
                guint               setting)
{
  switch (setting)
    {
    case AUGUR_REPLAY_SCENARIO_SPEED:              return &c->speed;
    case AUGUR_REPLAY_SCENARIO_BANDWIDTH:          return &c->bandwidth;
    case AUGUR_REPLAY_SCENARIO_LATENCY:            return &c->latency;
    case AUGUR_REPLAY_SCENARIO_BACKBONE_BANDWIDTH: return &c->backbone_bandwidth;
    case AUGUR_REPLAY_SCENARIO_BACKBONE_LATENCY:   return &c->backbone_latency;
    default:                                       return NULL;
    }
}

/* The factor a setting names, or NULL. */
static double *
factor_double (AugurReplayFactors *f,
               guint               setting)
{
  switch (setting)
    {
    case AUGUR_REPLAY_SCENARIO_SPEED_FACTOR:     return &f->speed;
    case AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR: return &f->bandwidth;
    case AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR:   return &f->latency;
    default:                                     return NULL;
    }
}

static guint *
cluster_count (AugurReplayCluster *c,
               guint               setting)
{
  return setting == AUGUR_REPLAY_SCENARIO_NODES ? &c->nodes
       : setting == AUGUR_REPLAY_SCENARIO_CORES ? &c->cores : NULL;
}

AugurReplayScenario *
augur_replay_scenario_new_from_inputs (const char              *name,
                                       const AugurReplayInputs *in)
{
  AugurReplayScenario *scenario = augur_replay_scenario_new (name);

  scenario->set = AUGUR_REPLAY_SCENARIO_NETWORK;
  scenario->network = in->network;
  if (in->use_cluster)
    {
      scenario->set |= AUGUR_REPLAY_SCENARIO_CLUSTER & ~AUGUR_REPLAY_SCENARIO_RULE;
      scenario->cluster = in->cluster;
      /* a placement by hand is no setting a scenario can give again */
      if (in->rule != AUGUR_REPLAY_PLACE_MANUAL)
        {
          scenario->set |= AUGUR_REPLAY_SCENARIO_RULE;
          scenario->rule = in->rule;
        }
    }
  else
    {
      scenario->set |= AUGUR_REPLAY_SCENARIO_FACTORS;
      scenario->factors = in->factors;
    }
  return scenario;
}

guint
augur_replay_scenario_changes (const AugurReplayScenario *scenario,
                               const AugurReplayInputs   *in)
{
  AugurReplayCluster base = in->cluster, mine = scenario->cluster;
  AugurReplayFactors base_f = in->factors, mine_f = scenario->factors;
  guint changed = 0;

  for (guint bit = 1; bit <= AUGUR_REPLAY_SCENARIO_LAST; bit <<= 1)
    {
      gboolean differs;

      if (!(scenario->set & bit))
        continue;
      if (bit == AUGUR_REPLAY_SCENARIO_NETWORK)
        differs = scenario->network != in->network;
      else if (factor_double (&mine_f, bit) != NULL)
        /* a factor where the document builds a cluster changes what it cannot */
        differs = in->use_cluster || *factor_double (&mine_f, bit) != *factor_double (&base_f, bit);
      else if (!in->use_cluster)
        differs = TRUE;   /* a cluster where the document has none */
      else if (bit == AUGUR_REPLAY_SCENARIO_RULE)
        differs = scenario->rule != in->rule;
      else if (cluster_count (&mine, bit) != NULL)
        differs = *cluster_count (&mine, bit) != *cluster_count (&base, bit);
      else
        differs = *cluster_double (&mine, bit) != *cluster_double (&base, bit);
      if (differs)
        changed |= bit;
    }
  return changed;
}

const AugurReplayScenario *
augur_replay_inputs_find_scenario (const AugurReplayInputs *in,
                                   const char              *name)
{
  for (guint i = 0; i < in->scenarios->len; i++)
    {
      const AugurReplayScenario *s = g_ptr_array_index (in->scenarios, i);

      if (g_strcmp0 (s->name, name) == 0)
        return s;
    }
  return NULL;
}

void
augur_replay_inputs_set_scenario (AugurReplayInputs   *in,
                                  AugurReplayScenario *scenario)
{
  for (guint i = 0; i < in->scenarios->len; i++)
    if (g_strcmp0 (((AugurReplayScenario *) g_ptr_array_index (in->scenarios, i))->name, scenario->name) == 0)
      {
        augur_replay_scenario_free (g_ptr_array_index (in->scenarios, i));
        g_ptr_array_index (in->scenarios, i) = scenario;
        return;
      }
  g_ptr_array_add (in->scenarios, scenario);
}

gboolean
augur_replay_inputs_apply_scenario (const AugurReplayInputs   *in,
                                    const AugurReplayScenario *scenario,
                                    AugurReplayInputs         *out,
                                    GError                   **error)
{
  AugurReplayCluster mine = scenario->cluster;
  gboolean replace = FALSE;

  if ((scenario->set & AUGUR_REPLAY_SCENARIO_CLUSTER) && !in->use_cluster)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The scenario “%s” changes a cluster built in Augur, and this replay description has no "
                     "cluster= line"), augur_message_token (scenario->name, -1));
      return FALSE;
    }
  if ((scenario->set & AUGUR_REPLAY_SCENARIO_FACTORS) && in->use_cluster)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The scenario “%s” scales a platform file, and this replay description builds its cluster "
                     "in Augur: change the cluster's figures instead"), augur_message_token (scenario->name, -1));
      return FALSE;
    }
  augur_replay_inputs_copy (out, in);
  for (guint bit = AUGUR_REPLAY_SCENARIO_SPEED_FACTOR; bit <= AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR; bit <<= 1)
    if (scenario->set & bit)
      {
        AugurReplayFactors given = scenario->factors;

        *factor_double (&out->factors, bit) = *factor_double (&given, bit);
      }
  /* the document's own what-ifs are not the scenario's */
  g_ptr_array_set_size (out->scenarios, 0);
  if (scenario->set & AUGUR_REPLAY_SCENARIO_NETWORK)
    out->network = scenario->network;
  for (guint bit = AUGUR_REPLAY_SCENARIO_NODES; bit < AUGUR_REPLAY_SCENARIO_RULE; bit <<= 1)
    {
      if (!(scenario->set & bit))
        continue;
      if (cluster_count (&mine, bit) != NULL)
        {
          *cluster_count (&out->cluster, bit) = *cluster_count (&mine, bit);
          replace = TRUE;   /* the ranks go where the rule puts them on this cluster */
        }
      else
        *cluster_double (&out->cluster, bit) = *cluster_double (&mine, bit);
    }
  if (scenario->set & AUGUR_REPLAY_SCENARIO_RULE)
    {
      replace = replace || out->rule != scenario->rule;
      out->rule = scenario->rule;
    }
  if (replace)
    augur_replay_inputs_place (out, out->placement->len);
  return TRUE;
}

/* ---- The text form ---------------------------------------------------- */

/* Each setting of `bits` the scenario gives, as KEY=VALUE, after sep. */
static void
append_settings (GString                   *s,
                 const AugurReplayScenario *scenario,
                 guint                      bits,
                 const char                *sep)
{
  AugurReplayCluster c = scenario->cluster;
  AugurReplayFactors f = scenario->factors;
  gboolean first = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (setting_keys); i++)
    {
      guint bit = 1u << i;

      if (!(scenario->set & bits & bit))
        continue;
      g_string_append_printf (s, "%s%s=", first && *sep != ';' ? "" : sep, setting_keys[i]);
      first = FALSE;
      if (bit == AUGUR_REPLAY_SCENARIO_NETWORK)
        g_string_append (s, augur_network_model_to_name (scenario->network));
      else if (bit == AUGUR_REPLAY_SCENARIO_RULE)
        g_string_append (s, augur_replay_placement_rule_to_name (scenario->rule));
      else if (cluster_count (&c, bit) != NULL)
        g_string_append_printf (s, "%u", *cluster_count (&c, bit));
      else if (factor_double (&f, bit) != NULL)
        augur_format_append_double (s, *factor_double (&f, bit));
      else
        /* the shortest form that reads back exactly, in the C locale */
        augur_format_append_double (s, *cluster_double (&c, bit));
    }
}

void
augur_replay_scenario_append_text (GString                   *s,
                                   const AugurReplayScenario *scenario)
{
  g_string_append_printf (s, "scenario=%s", scenario->name);
  append_settings (s, scenario, ~0u, ";");
  g_string_append_c (s, '\n');
}

/* ---- A scenario swept ---------------------------------------------------- */

guint
augur_replay_sweep_parameter_settings (AugurReplaySweepParameter parameter)
{
  switch (parameter)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH:        return AUGUR_REPLAY_SCENARIO_BANDWIDTH;
    case AUGUR_REPLAY_SWEEP_LATENCY:          return AUGUR_REPLAY_SCENARIO_LATENCY;
    case AUGUR_REPLAY_SWEEP_SPEED:            return AUGUR_REPLAY_SCENARIO_SPEED;
    /* blocks of each point's size, on as many nodes as they need */
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE:   return AUGUR_REPLAY_SCENARIO_NODES | AUGUR_REPLAY_SCENARIO_RULE;
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:     return AUGUR_REPLAY_SCENARIO_SPEED_FACTOR;
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR;
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:   return AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR;
    default:                                  return 0;
    }
}

guint
augur_replay_scenario_swept (const AugurReplayScenario *scenario,
                             const AugurReplayInputs   *in,
                             AugurReplaySweepParameter  parameter,
                             gboolean                  *only)
{
  guint swept = scenario->set & augur_replay_sweep_parameter_settings (parameter);

  if (only != NULL)
    *only = swept != 0 && (augur_replay_scenario_changes (scenario, in) & ~swept) == 0;
  return swept;
}

char *
augur_replay_scenario_describe_settings (const AugurReplayScenario *scenario,
                                         guint                      bits)
{
  GString *s = g_string_new (NULL);

  append_settings (s, scenario, bits, ", ");
  return g_string_free (s, FALSE);
}

/* A name a line can hold and a report can print. */
static gboolean
name_ok (const char *name)
{
  if (*name == '\0' || strlen (name) > 200 || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (*p == ';' || g_ascii_iscntrl (*p))
      return FALSE;
  return TRUE;
}

AugurReplayScenario *
augur_replay_scenario_parse (const char  *value,
                             char       **why)
{
  g_auto(GStrv) parts = g_strsplit (value, ";", -1);
  g_autoptr(AugurReplayScenario) scenario = NULL;
  /* "" splits into no part at all */
  char *name = parts[0] != NULL ? g_strstrip (parts[0]) : "";

  if (!name_ok (name))
    {
      *why = g_strdup (_("scenario= needs a name (without “;”) before its settings"));
      return NULL;
    }
  scenario = augur_replay_scenario_new (name);
  for (guint k = 1; parts[k] != NULL; k++)
    {
      char *part = g_strstrip (parts[k]);
      char *eq = strchr (part, '=');
      const char *key, *v;
      guint bit = 0;

      if (*part == '\0')
        continue;
      if (eq == NULL)
        {
          *why = g_strdup_printf (_("scenario= expects KEY=VALUE after its name, found “%s”"), augur_message_token (part, -1));
          return NULL;
        }
      *eq = '\0';
      key = g_strstrip (part);
      v = g_strstrip (eq + 1);
      for (guint i = 0; i < G_N_ELEMENTS (setting_keys); i++)
        if (g_str_equal (key, setting_keys[i]))
          bit = 1u << i;
      if (bit == 0)
        {
          *why = g_strdup_printf (_("unknown scenario setting “%s” (expected network, nodes, cores, speed, "
                                    "bandwidth, latency, backbone-bandwidth, backbone-latency, placement-rule, "
                                    "speed-factor, bandwidth-factor or latency-factor)"), augur_message_token (key, -1));
          return NULL;
        }
      if (scenario->set & bit)
        {
          *why = g_strdup_printf (_("the scenario “%s” gives %s twice"), augur_message_token (scenario->name, -1), key);
          return NULL;
        }
      scenario->set |= bit;
      if (bit == AUGUR_REPLAY_SCENARIO_NETWORK)
        {
          if (!augur_network_model_from_name (v, &scenario->network))
            {
              *why = g_strdup_printf (_("unknown network model “%s” (expected smpi, lv08 or cm02)"), augur_message_token (v, -1));
              return NULL;
            }
        }
      else if (bit == AUGUR_REPLAY_SCENARIO_RULE)
        {
          if (!augur_replay_placement_rule_from_name (v, &scenario->rule) || scenario->rule == AUGUR_REPLAY_PLACE_MANUAL)
            {
              *why = g_strdup_printf (_("a scenario's placement-rule is round-robin or block, found “%s”"), augur_message_token (v, -1));
              return NULL;
            }
        }
      else if (cluster_count (&scenario->cluster, bit) != NULL)
        {
          guint64 count;

          /* the bounds of cluster= */
          if (!g_ascii_string_to_unsigned (v, 10, 1, 65536, &count, NULL))
            {
              *why = g_strdup_printf (_("%s= needs a whole number from 1 to 65536, found “%s”"), key, augur_message_token (v, -1));
              return NULL;
            }
          *cluster_count (&scenario->cluster, bit) = (guint) count;
        }
      else
        {
          char *end = NULL;
          double x = g_ascii_strtod (v, &end);

          if (end == v || *end != '\0' || !isfinite (x) || !(x > 0))
            {
              *why = g_strdup_printf (_("%s= needs a positive number, found “%s”"), key, augur_message_token (v, -1));
              return NULL;
            }
          if (factor_double (&scenario->factors, bit) != NULL)
            {
              /* the bounds of the document's own factor lines */
              if (x < AUGUR_REPLAY_FACTOR_MIN || x > AUGUR_REPLAY_FACTOR_MAX)
                {
                  *why = g_strdup_printf (_("%s= needs a factor from %g to %g, found “%s”"), key,
                                          AUGUR_REPLAY_FACTOR_MIN, AUGUR_REPLAY_FACTOR_MAX, augur_message_token (v, -1));
                  return NULL;
                }
              *factor_double (&scenario->factors, bit) = x;
            }
          else
            *cluster_double (&scenario->cluster, bit) = x;
        }
    }
  if ((scenario->set & AUGUR_REPLAY_SCENARIO_FACTORS) && (scenario->set & AUGUR_REPLAY_SCENARIO_CLUSTER))
    {
      *why = g_strdup_printf (_("the scenario “%s” both scales a platform file and changes a cluster built in "
                                "Augur: a document has one or the other"), augur_message_token (scenario->name, -1));
      return NULL;
    }
  if (scenario->set == 0)
    {
      *why = g_strdup_printf (_("the scenario “%s” changes no setting"), augur_message_token (scenario->name, -1));
      return NULL;
    }
  return g_steal_pointer (&scenario);
}

/* ---- A platform file's figures scaled ------------------------------------ */

gboolean
augur_replay_factors_are_identity (const AugurReplayFactors *f)
{
  return f->speed == 1 && f->bandwidth == 1 && f->latency == 1;
}

guint
augur_replay_factors_apply (const AugurReplayFactors *f,
                            AugurPlatform            *platform)
{
  if (augur_replay_factors_are_identity (f))
    return 0;
  augur_platform_scale (platform, f->speed, f->bandwidth, f->latency);
  return augur_replay_factors_unchanged (f, platform);
}

guint
augur_replay_factors_unchanged (const AugurReplayFactors *f,
                                const AugurPlatform      *platform)
{
  gboolean any_link = FALSE, any_latency = FALSE;
  guint unchanged = 0;

  for (guint l = 0; l < augur_platform_get_n_links (platform); l++)
    {
      /* the network model's own loopback is no link of the file */
      if (g_strcmp0 (augur_platform_get_link_name (platform, l), "__loopback__") == 0)
        continue;
      any_link = TRUE;
      any_latency = any_latency || augur_platform_get_link_latency (platform, l) > 0;
    }
  if (f->bandwidth != 1 && !any_link)
    unchanged |= AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR;
  if (f->latency != 1 && !any_latency)
    unchanged |= AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR;
  if (f->speed != 1 && augur_platform_get_n_hosts (platform) == 0)
    unchanged |= AUGUR_REPLAY_SCENARIO_SPEED_FACTOR;
  return unchanged;
}

char *
augur_replay_factors_describe (const AugurReplayFactors *f)
{
  GString *s = g_string_new (NULL);
  /* Translators: what a platform file's figures are multiplied by, e.g. "every link's bandwidth ×2". */
  const char *names[] = { N_("every host's speed"), N_("every link's bandwidth"), N_("every link's latency") };
  const double values[] = { f->speed, f->bandwidth, f->latency };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    if (values[i] != 1)
      {
        g_autofree char *x = augur_format_readable (values[i], AUGUR_FORMAT_SCREEN_DIGITS);

        g_string_append_printf (s, "%s%s ×%s", s->len > 0 ? ", " : "", _(names[i]), x);
      }
  return g_string_free (s, FALSE);
}

char *
augur_replay_factors_explain_unchanged (guint unchanged)
{
  GString *s;

  if (unchanged == 0)
    return NULL;
  s = g_string_new (NULL);
  if (unchanged & AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR)
    g_string_append (s, _("Every link of this platform has a latency of 0: the latency factor changes nothing."));
  if (unchanged & AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR)
    g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "",
                            _("This platform declares no link: the bandwidth factor changes nothing."));
  if (unchanged & AUGUR_REPLAY_SCENARIO_SPEED_FACTOR)
    g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "",
                            _("This platform has no host: the speed factor changes nothing."));
  return g_string_free (s, FALSE);
}

/* ---- Crossovers ------------------------------------------------------- */

GArray *
augur_replay_sweep_crossovers (const double *xs,
                               const double *ya,
                               const double *yb,
                               guint         n,
                               gboolean      logarithmic)
{
  GArray *at = g_array_new (FALSE, FALSE, sizeof (double));
  int last = 0;   /* the sign of ya - yb at the last point where it was not 0 */

  for (guint i = 0; i < n; i++)
    {
      double d = ya[i] - yb[i];
      int sign = d > 0 ? 1 : d < 0 ? -1 : 0;

      if (!isfinite (d))
        {
          last = 0;   /* no crossing is claimed across a point not computed */
          continue;
        }
      if (sign != 0 && last != 0 && sign != last)
        {
          /* the point before this one had the other sign, or was 0 with
           * the other sign before it: the crossing lies between them */
          guint j = i - 1;
          double dj = ya[j] - yb[j], x;

          if (dj == 0)
            x = xs[j];
          else if (logarithmic && xs[j] > 0 && xs[i] > 0)
            x = exp (log (xs[j]) + (log (xs[i]) - log (xs[j])) * dj / (dj - d));
          else
            x = xs[j] + (xs[i] - xs[j]) * dj / (dj - d);
          g_array_append_val (at, x);
        }
      if (sign != 0)
        last = sign;
    }
  return at;
}
