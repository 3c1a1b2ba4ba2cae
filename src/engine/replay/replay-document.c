/* replay-document.c: a trace replay document: what it replays (traces, a
 * SimGrid platform and deployment, or a cluster built in Augur with its
 * placement of ranks), its text form (key=value lines, kept in projects),
 * and loading what it names, ready for augur_replay_run().
 *
 * Used by the replay page and by augur-cli replay --document/--project.
 *
 * (Over 800 lines: the text form, the built cluster and its placement
 * rules, and the what-if sweeps read one document; the sweeps are to move
 * out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"
#include "augur-sweep.h"
#include "augur-format.h"
#include "augur-records.h"
#include "extrap.h"
#include "calibrate.h"
#include "validate.h"

#include <glib/gi18n.h>
#include <float.h>
#include <math.h>
#include <string.h>

const AugurReplayCluster augur_replay_default_cluster = {
  4, 1, 1e9, 125e6, 50e-6, 2.25e9, 500e-6,
};

/* ---- Inputs ----------------------------------------------------------- */

void
augur_replay_inputs_init (AugurReplayInputs *in)
{
  memset (in, 0, sizeof *in);
  in->network = AUGUR_NETWORK_LV08;
  in->traces = g_ptr_array_new_with_free_func (g_object_unref);
  in->cluster = augur_replay_default_cluster;
  in->placement = g_array_new (FALSE, TRUE, sizeof (guint));
  in->rule = AUGUR_REPLAY_PLACE_ROUND_ROBIN;
  in->factors = (AugurReplayFactors) { 1, 1, 1 };
  in->scaling_runs = g_ptr_array_new_with_free_func (g_object_unref);
  in->scaling_ranks = g_array_new (FALSE, TRUE, sizeof (guint));
  in->scaling_compute_tolerance = AUGUR_EXTRAP_COMPUTE_TOLERANCE;
  in->scaling_mpi_dims = AUGUR_EXTRAP_MPI_DIMS_AUTO;
  in->scaling_every_iteration = FALSE;
  in->scaling_sizes = g_array_new (FALSE, TRUE, sizeof (double));
  in->scaling_size = NAN;
  in->scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_replay_scenario_free);
}

void
augur_replay_inputs_clear (AugurReplayInputs *in)
{
  g_clear_pointer (&in->traces, g_ptr_array_unref);
  g_clear_object (&in->calibrated_platform);
  g_clear_object (&in->platform);
  g_clear_object (&in->deployment);
  g_clear_pointer (&in->placement, g_array_unref);
  g_clear_pointer (&in->scaling_runs, g_ptr_array_unref);
  g_clear_pointer (&in->scaling_ranks, g_array_unref);
  g_clear_pointer (&in->scaling_sizes, g_array_unref);
  g_clear_pointer (&in->scenarios, g_ptr_array_unref);
  g_clear_pointer (&in->validation, augur_validation_record_free);
}

void
augur_replay_inputs_copy (AugurReplayInputs       *dest,
                          const AugurReplayInputs *src)
{
  augur_replay_inputs_init (dest);
  dest->network = src->network;
  dest->host_speed = src->host_speed;
  g_set_object (&dest->calibrated_platform, src->calibrated_platform);
  for (guint i = 0; i < src->traces->len; i++)
    g_ptr_array_add (dest->traces, g_object_ref (g_ptr_array_index (src->traces, i)));
  g_set_object (&dest->platform, src->platform);
  g_set_object (&dest->deployment, src->deployment);
  dest->use_cluster = src->use_cluster;
  dest->cluster = src->cluster;
  g_array_append_vals (dest->placement, src->placement->data, src->placement->len);
  dest->rule = src->rule;
  dest->factors = src->factors;
  for (guint i = 0; i < src->scaling_runs->len; i++)
    g_ptr_array_add (dest->scaling_runs, g_object_ref (g_ptr_array_index (src->scaling_runs, i)));
  g_array_append_vals (dest->scaling_ranks, src->scaling_ranks->data, src->scaling_ranks->len);
  dest->scaling_compute_tolerance = src->scaling_compute_tolerance;
  dest->scaling_mpi_dims = src->scaling_mpi_dims;
  dest->scaling_every_iteration = src->scaling_every_iteration;
  g_array_append_vals (dest->scaling_sizes, src->scaling_sizes->data, src->scaling_sizes->len);
  dest->scaling_size = src->scaling_size;
  dest->sweep_parameter = src->sweep_parameter;
  dest->sweep_from = src->sweep_from;
  dest->sweep_to = src->sweep_to;
  dest->sweep_points = src->sweep_points;
  dest->sweep_log = src->sweep_log;
  for (guint i = 0; i < src->scenarios->len; i++)
    g_ptr_array_add (dest->scenarios, augur_replay_scenario_copy (g_ptr_array_index (src->scenarios, i)));
  dest->validation = augur_validation_record_copy (src->validation);
}

AugurPlatform *
augur_replay_inputs_build_platform (const AugurReplayInputs *in)
{
  const AugurReplayCluster *c = &in->cluster;

  if (!in->use_cluster)
    return NULL;
  return augur_platform_new_cluster ("augur_cluster", "node-", ".augur", c->nodes, c->cores,
                                     c->speed, c->bandwidth, c->latency,
                                     c->backbone_bandwidth, c->backbone_latency);
}

AugurDeployment *
augur_replay_inputs_build_deployment (const AugurReplayInputs *in)
{
  if (!in->use_cluster)
    return NULL;
  return augur_deployment_new (in->placement->len, (const guint *) in->placement->data);
}

void
augur_replay_placement_round_robin (GArray *placement,
                                    guint   n_ranks,
                                    guint   n_nodes)
{
  g_array_set_size (placement, n_ranks);
  for (guint i = 0; i < n_ranks; i++)
    g_array_index (placement, guint, i) = i % MAX (n_nodes, 1);
}

void
augur_replay_placement_block (GArray *placement,
                              guint   n_ranks,
                              guint   n_nodes,
                              guint   cores)
{
  guint nodes = MAX (n_nodes, 1);
  /* a node takes as many ranks as it has cores, or more when the ranks
   * outnumber the cores: evenly then, never past the last node */
  guint per = MAX (MAX (cores, 1u), (n_ranks + nodes - 1) / nodes);

  g_array_set_size (placement, n_ranks);
  for (guint i = 0; i < n_ranks; i++)
    g_array_index (placement, guint, i) = MIN (i / per, nodes - 1);
}

static const char *const rule_names[] = { "round-robin", "block", "manual" };

const char *
augur_replay_placement_rule_to_name (AugurReplayPlacementRule rule)
{
  g_return_val_if_fail (rule <= AUGUR_REPLAY_PLACE_MANUAL, NULL);
  return rule_names[rule];
}

gboolean
augur_replay_placement_rule_from_name (const char               *name,
                                       AugurReplayPlacementRule *rule)
{
  for (guint i = 0; i < G_N_ELEMENTS (rule_names); i++)
    if (g_strcmp0 (name, rule_names[i]) == 0)
      {
        *rule = (AugurReplayPlacementRule) i;
        return TRUE;
      }
  return FALSE;
}

guint
augur_replay_inputs_place (AugurReplayInputs *in,
                           guint              n_ranks)
{
  GArray *p = in->placement;
  guint nodes = MAX (in->cluster.nodes, 1), old = p->len, moved = 0;

  switch (in->rule)
    {
    case AUGUR_REPLAY_PLACE_ROUND_ROBIN:
      augur_replay_placement_round_robin (p, n_ranks, nodes);
      break;
    case AUGUR_REPLAY_PLACE_BLOCK:
      augur_replay_placement_block (p, n_ranks, nodes, in->cluster.cores);
      break;
    case AUGUR_REPLAY_PLACE_MANUAL:
    default:
      g_array_set_size (p, n_ranks);
      for (guint i = 0; i < n_ranks; i++)
        if (i >= old)
          g_array_index (p, guint, i) = i % nodes;
        else if (g_array_index (p, guint, i) >= nodes)
          {
            g_array_index (p, guint, i) = i % nodes;
            moved++;
          }
      break;
    }
  return moved;
}

/* Whether the placement is the one rule gives (by hand: any). */
static gboolean
follows_rule (const AugurReplayInputs  *in,
              AugurReplayPlacementRule  rule)
{
  g_autoptr(GArray) p = g_array_new (FALSE, TRUE, sizeof (guint));

  if (rule == AUGUR_REPLAY_PLACE_MANUAL)
    return TRUE;
  if (rule == AUGUR_REPLAY_PLACE_BLOCK)
    augur_replay_placement_block (p, in->placement->len, in->cluster.nodes, in->cluster.cores);
  else
    augur_replay_placement_round_robin (p, in->placement->len, in->cluster.nodes);
  return in->placement->len == 0 || memcmp (p->data, in->placement->data, in->placement->len * sizeof (guint)) == 0;
}

/* The rule a placement follows, for a text written without one (earlier
 * versions): a placement that no rule gives was made by hand. */
static AugurReplayPlacementRule
infer_rule (const AugurReplayInputs *in)
{
  if (follows_rule (in, AUGUR_REPLAY_PLACE_ROUND_ROBIN))
    return AUGUR_REPLAY_PLACE_ROUND_ROBIN;
  if (follows_rule (in, AUGUR_REPLAY_PLACE_BLOCK))
    return AUGUR_REPLAY_PLACE_BLOCK;
  return AUGUR_REPLAY_PLACE_MANUAL;
}

/* ---- Text form -------------------------------------------------------- */

/* A path as written in the text form: relative to the project's folder
 * when it is inside it; a URI (escaped) when the path holds a line break
 * or leading or trailing blanks, which a key=value line cannot keep. */
static char *
path_for_text (GFile *file,
               GFile *base)
{
  g_autofree char *relative = base ? g_file_get_relative_path (base, file) : NULL;
  g_autofree char *path = relative != NULL ? g_steal_pointer (&relative) : g_file_get_path (file);

  if (path == NULL || strpbrk (path, "\n\r") != NULL || g_ascii_isspace (path[0]) ||
      g_ascii_isspace (path[strlen (path) - 1]) || strstr (path, "://") != NULL)
    return g_file_get_uri (file);
  return g_steal_pointer (&path);
}

static GFile *
file_from_text (const char *text,
                GFile      *base)
{
  if (g_path_is_absolute (text) || base == NULL)
    return g_file_new_for_commandline_arg (text);
  if (strstr (text, "://") != NULL)
    return g_file_new_for_uri (text);
  return g_file_resolve_relative_path (base, text);
}

char *
augur_replay_inputs_to_text (const AugurReplayInputs *in,
                             GFile                   *base)
{
  GString *s = g_string_new (NULL);
  char buf[7][G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "network=%s\n", augur_network_model_to_name (in->network));
  /* one line per trace: a path may hold any character but a line break */
  for (guint i = 0; i < in->traces->len; i++)
    {
      g_autofree char *p = path_for_text (g_ptr_array_index (in->traces, i), base);
      g_string_append_printf (s, "trace=%s\n", p);
    }
  /* an OTF2 archive's compute is its measured time at this speed: read
   * back exactly, whatever the locale */
  if (in->host_speed > 0)
    {
      g_string_append (s, "host-speed=");
      augur_format_append_double (s, in->host_speed);
      g_string_append_c (s, '\n');
    }
  if (in->calibrated_platform != NULL)
    {
      g_autofree char *p = path_for_text (in->calibrated_platform, base);
      g_string_append_printf (s, "calibrated-platform=%s\n", p);
    }
  if (in->use_cluster)
    {
      const AugurReplayCluster *c = &in->cluster;

      g_string_append_printf (s, "cluster=%u,%u,%s,%s,%s,%s,%s\n", c->nodes, c->cores,
                              g_ascii_dtostr (buf[0], sizeof buf[0], c->speed),
                              g_ascii_dtostr (buf[1], sizeof buf[1], c->bandwidth),
                              g_ascii_dtostr (buf[2], sizeof buf[2], c->latency),
                              g_ascii_dtostr (buf[3], sizeof buf[3], c->backbone_bandwidth),
                              g_ascii_dtostr (buf[4], sizeof buf[4], c->backbone_latency));
      g_string_append_printf (s, "placement-rule=%s\n", augur_replay_placement_rule_to_name (in->rule));
      g_string_append (s, "placement=");
      for (guint i = 0; i < in->placement->len; i++)
        g_string_append_printf (s, "%s%u", i > 0 ? "," : "", g_array_index (in->placement, guint, i));
      g_string_append_c (s, '\n');
    }
  else
    {
      if (in->platform != NULL)
        {
          g_autofree char *p = path_for_text (in->platform, base);
          g_string_append_printf (s, "platform=%s\n", p);
        }
      if (in->deployment != NULL)
        {
          g_autofree char *p = path_for_text (in->deployment, base);
          g_string_append_printf (s, "deployment=%s\n", p);
        }
      /* the platform file's figures scaled, written only when not 1 */
      for (guint i = 0; i < 3; i++)
        {
          const double f[] = { in->factors.speed, in->factors.bandwidth, in->factors.latency };
          const char *const key[] = { "speed-factor", "bandwidth-factor", "latency-factor" };

          if (f[i] == 1)
            continue;
          g_string_append_printf (s, "%s=", key[i]);
          augur_format_append_double (s, f[i]);
          g_string_append_c (s, '\n');
        }
    }
  for (guint i = 0; i < in->scaling_runs->len; i++)
    {
      g_autofree char *p = path_for_text (g_ptr_array_index (in->scaling_runs, i), base);
      double n = augur_replay_inputs_scaling_size (in, i);

      g_string_append_printf (s, "scaling-run=%s\n", p);
      /* augur_format_append_double: the C locale, read back to the bit */
      if (!isnan (n))
        {
          g_string_append (s, "scaling-run-size=");
          augur_format_append_double (s, n);
          g_string_append_c (s, '\n');
        }
    }
  if (!isnan (in->scaling_size))
    {
      g_string_append (s, "scaling-size=");
      augur_format_append_double (s, in->scaling_size);
      g_string_append_c (s, '\n');
    }
  /* whole numbers in "%u": the same in every locale */
  if (in->scaling_ranks->len > 0)
    {
      g_string_append (s, "scaling-ranks=");
      for (guint i = 0; i < in->scaling_ranks->len; i++)
        g_string_append_printf (s, "%s%u", i > 0 ? "," : "", g_array_index (in->scaling_ranks, guint, i));
      g_string_append_c (s, '\n');
    }
  /* written only when not the default, in the C locale */
  if (isinf (in->scaling_compute_tolerance))
    g_string_append (s, "scaling-compute-tolerance=any\n");
  else if (in->scaling_compute_tolerance != AUGUR_EXTRAP_COMPUTE_TOLERANCE)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      /* 0.05 as people write it, unless it would not read back the same */
      g_ascii_formatd (buf, sizeof buf, "%.15g", in->scaling_compute_tolerance);
      if (g_ascii_strtod (buf, NULL) != in->scaling_compute_tolerance)
        g_ascii_dtostr (buf, sizeof buf, in->scaling_compute_tolerance);
      g_string_append_printf (s, "scaling-compute-tolerance=%s\n", buf);
    }
  if (in->scaling_mpi_dims != AUGUR_EXTRAP_MPI_DIMS_AUTO)
    g_string_append_printf (s, "scaling-mpi-dims=%s\n",
                            in->scaling_mpi_dims == AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI ? "openmpi" : "simgrid");
  if (in->scaling_every_iteration)
    g_string_append (s, "scaling-every-iteration=true\n");
  if (in->sweep_points > 0)
    {
      g_autofree char *arg = augur_replay_sweep_to_argument (in->sweep_parameter, in->sweep_from, in->sweep_to,
                                                             in->sweep_points);

      g_string_append_printf (s, "sweep=%s\n", arg);
      if (in->sweep_log)
        g_string_append (s, "sweep-spacing=log\n");
    }
  for (guint i = 0; i < in->scenarios->len; i++)
    augur_replay_scenario_append_text (s, g_ptr_array_index (in->scenarios, i));
  augur_validation_record_append_text (s, in->validation);
  return g_string_free (s, FALSE);
}

static gboolean
parse_double (const char *text,
              double     *value)
{
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*value);
}

double
augur_replay_inputs_scaling_size (const AugurReplayInputs *in,
                                  guint                    i)
{
  return i < in->scaling_sizes->len ? g_array_index (in->scaling_sizes, double, i) : NAN;
}

AugurReplaySizesUse
augur_replay_inputs_scaling_sizes_use (const AugurReplayInputs *in,
                                       GError                 **error)
{
  guint given = 0;
  double first = NAN;
  gboolean one_size = TRUE;

  for (guint i = 0; i < in->scaling_runs->len; i++)
    {
      double n = augur_replay_inputs_scaling_size (in, i);

      if (isnan (n))
        continue;
      if (given++ == 0)
        first = n;
      else if (n != first)
        one_size = FALSE;
    }
  /* no run yet (a target's n typed first): nothing to compare it with;
   * the runs, when added, are checked then */
  if (given == 0 && (isnan (in->scaling_size) || in->scaling_runs->len == 0))
    return AUGUR_REPLAY_SIZES_NONE;
  if (given < in->scaling_runs->len)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Give the problem size n of every run, or of none: %u of the %u runs have one."), given,
                   in->scaling_runs->len);
      return AUGUR_REPLAY_SIZES_BAD;
    }
  if (one_size && (isnan (in->scaling_size) || in->scaling_size == first))
    return AUGUR_REPLAY_SIZES_NONE;
  if (one_size)
    {
      char a[AUGUR_FORMAT_DOUBLE_SIZE], b[AUGUR_FORMAT_DOUBLE_SIZE];

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Every run is of n = %s: predicting at n = %s needs runs of 3 problem sizes or more."),
                   augur_format_double (a, first), augur_format_double (b, in->scaling_size));
      return AUGUR_REPLAY_SIZES_BAD;
    }
  if (isnan (in->scaling_size))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The runs are of several problem sizes: give the targets’ n."));
      return AUGUR_REPLAY_SIZES_BAD;
    }
  return AUGUR_REPLAY_SIZES_USED;
}

AugurExtrapSizedModel *
augur_replay_inputs_extrap_sized_model (const AugurReplayInputs *in,
                                        GCancellable            *cancellable,
                                        GError                 **error)
{
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (double));
  AugurExtrapOptions options;

  for (guint i = 0; i < in->scaling_runs->len; i++)
    {
      double n = augur_replay_inputs_scaling_size (in, i);

      g_array_append_val (sizes, n);
    }
  augur_extrap_options_init (&options);
  options.compute_tolerance = in->scaling_compute_tolerance;
  options.mpi_dims = in->scaling_mpi_dims;
  options.every_iteration = in->scaling_every_iteration;
  if (!augur_replay_inputs_scaling_host_speed (in, &options.host_speed, error))
    return NULL;
  return augur_extrap_sized_model_new ((GFile *const *) in->scaling_runs->pdata,
                                       (const double *) (gpointer) sizes->data, in->scaling_runs->len, &options,
                                       cancellable, error);
}

gboolean
augur_replay_parse_scaling_size (const char *text,
                                 double     *size)
{
  g_autofree char *copy = g_strstrip (g_strdup (text ? text : ""));
  double v = 0;

  if (!parse_double (copy, &v) || !(v > 0))
    return FALSE;
  *size = v;
  return TRUE;
}

gboolean
augur_replay_parse_scaling_ranks (const char *text,
                                  GArray     *ranks)
{
  g_auto(GStrv) parts = g_strsplit (text ? text : "", ",", -1);
  g_autoptr(GArray) read = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 v;
      const char *p = g_strstrip (parts[i]);

      /* "64, 256," as typed: blanks and a trailing comma are not sizes */
      if (*p == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (p, 10, 3, AUGUR_TRACE_MAX_RANKS, &v, NULL))
        return FALSE;
      g_array_append_val (read, (guint) { (guint) v });
    }
  g_array_set_size (ranks, 0);
  g_array_append_vals (ranks, read->data, read->len);
  return TRUE;
}

/* What a text read without a name goes by in its messages. */
#define UNNAMED "<replay description>"

static gboolean refuse (GError **error, const char *name, guint line, guint column, const char *format, ...)
  G_GNUC_PRINTF (5, 6);

/* An error at line and column (from 1, the column in characters) of the
 * description `name`: "NAME:LINE:COLUMN: what", as the other readers
 * say it.  FALSE. */
static gboolean
refuse (GError **error, const char *name, guint line, guint column, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list ap;

  va_start (ap, format);
  what = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u:%u: %s", name, line, column, what);
  return FALSE;
}

/* The column of `at` in line, from 1, in characters. */
static guint
column_of (const char *line,
           const char *at)
{
  return (guint) g_utf8_strlen (line, at - line) + 1;
}

/* The column of field k of value's comma-separated fields, at its first
 * character that is not a blank (value itself at column `column`); past
 * the end of value when it has fewer fields. */
static guint
field_column (const char *value,
              guint       column,
              guint       k)
{
  const char *p = value;

  for (guint i = 0; i < k; i++)
    {
      const char *comma = strchr (p, ',');

      if (comma == NULL)
        return column + (guint) g_utf8_strlen (value, -1);
      p = comma + 1;
    }
  while (g_ascii_isspace (*p))
    p++;
  return column + (guint) g_utf8_strlen (value, p - value);
}

gboolean
augur_replay_inputs_check_text (const char  *text,
                                gsize        length,
                                const char  *name,
                                GError     **error)
{
  guint line, column;
  /* where the reader's lines put it: LF, CR LF and a lone CR end a line,
   * a byte-order mark is none of the first */
  const char *bad = augur_text_find_not_text (text, length, &line, &column);

  if (bad == NULL)
    return TRUE;
  /* a binary file: said as such, its bytes never quoted */
  return refuse (error, name != NULL ? name : UNNAMED, line, column,
                 *bad == '\0' ? _("this line is not text (it holds a NUL byte): is this a replay document?")
                              : _("this line is not text (not valid UTF-8): is this a replay document?"));
}

/* Every key, for the message about one that is not. */
static const char *const all_keys =
  "network, trace, host-speed, calibrated-platform, platform, deployment, speed-factor, bandwidth-factor, "
  "latency-factor, cluster, placement-rule, placement, scaling-run, scaling-run-size, scaling-size, "
  "scaling-ranks, scaling-compute-tolerance, scaling-mpi-dims, scaling-every-iteration, sweep, sweep-spacing, "
  "scenario, validation, validation-host, validation-date, validation-runs, validation-platform";

gboolean
augur_replay_inputs_read (AugurReplayInputs  *in,
                          const char         *text,
                          gssize              length,
                          const char         *name,
                          GFile              *base,
                          GError            **error)
{
  gsize len;
  const char *end, *next = NULL;
  gboolean have_placement = FALSE;
  gboolean have_rule = FALSE;
  gboolean have_trace_lines = FALSE;
  gboolean run_size_allowed = FALSE;   /* the line above is a scaling-run= */
  guint n = 0, cluster_line = 0, placement_line = 0;
  /* speed, bandwidth, latency: where each was last set (line, column) */
  guint factor_line[3] = { 0, 0, 0 }, factor_column[3] = { 0, 0, 0 };
  g_autoptr(GArray) placement_columns = g_array_new (FALSE, FALSE, sizeof (guint));
  static const char *const single_keys[] = {
    "network", "platform", "deployment", "calibrated-platform", "cluster", "placement", "placement-rule",
    "host-speed", "speed-factor", "bandwidth-factor", "latency-factor", "sweep", "sweep-spacing", "traces",
    "scaling-ranks", "scaling-size", "scaling-compute-tolerance", "scaling-every-iteration", "scaling-mpi-dims",
    NULL
  };
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (name == NULL)
    name = UNNAMED;
  if (text == NULL)
    text = "";
  len = length < 0 ? strlen (text) : (gsize) length;
  end = text + len;
  /* the whole text first: a NUL byte is no end of the document, and a
   * binary file is said to be one before anything it seems to say */
  if (!augur_replay_inputs_check_text (text, len, name, error))
    return FALSE;

  /* a UTF-8 byte-order mark is no part of the first line; LF, CR LF and
   * a lone CR end lines, as in every text format Augur reads */
  for (const char *p = len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text; p != NULL; p = next)
    {
      const char *eol = p;
      g_autofree char *copy = NULL;
      char *line, *stop, *eq, *key_end;
      const char *key, *value;
      guint key_column, value_column;
      gboolean after_run;

      while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
      copy = g_strndup (p, (gsize) (eol - p));
      line = copy;
      stop = copy + strlen (copy);
      next = eol == end ? NULL : eol + (eol[0] == '\r' && eol + 1 < end && eol[1] == '\n' ? 2 : 1);
      n++;
      /* blanks around the line, its key and its value are not theirs */
      while (g_ascii_isspace (*line))
        line++;
      while (stop > line && g_ascii_isspace (stop[-1]))
        stop--;
      *stop = '\0';
      if (*line == '\0' || *line == '#')
        continue;
      after_run = run_size_allowed;
      run_size_allowed = FALSE;
      eq = strchr (line, '=');
      key_column = column_of (copy, line);
      if (eq == NULL)
        return refuse (error, name, n, key_column, _("expected key=value, found “%s”"),
                       augur_message_token (line, -1));
      value = eq + 1;
      while (g_ascii_isspace (*value))
        value++;
      value_column = column_of (copy, value);
      key_end = eq;
      while (key_end > line && g_ascii_isspace (key_end[-1]))
        key_end--;
      *key_end = '\0';
      key = line;

      /* a setting given twice: the second is refused, not taken silently
       * over the first (trace=, scenario= and scaling-run= lines are lists) */
      if (g_strv_contains (single_keys, key))
        {
          guint first = GPOINTER_TO_UINT (g_hash_table_lookup (seen, key));

          if (first != 0)
            return refuse (error, name, n, key_column, _("%s= is given twice (first at line %u): give it once"), key,
                           first);
          g_hash_table_insert (seen, g_strdup (key), GUINT_TO_POINTER (n));
        }

      if (g_str_equal (key, "network"))
        {
          if (!augur_network_model_from_name (value, &in->network))
            return refuse (error, name, n, value_column,
                           _("unknown network model “%s” (expected smpi, lv08 or cm02)"),
                           augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "trace") && *value != '\0')
        {
          if (!have_trace_lines)
            g_ptr_array_set_size (in->traces, 0);
          have_trace_lines = TRUE;
          g_ptr_array_add (in->traces, file_from_text (value, base));
        }
      else if (g_str_equal (key, "traces"))
        {
          /* the form of earlier versions: paths joined with ';' */
          g_auto(GStrv) parts = g_strsplit (value, ";", -1);

          g_ptr_array_set_size (in->traces, 0);
          for (guint i = 0; parts[i] != NULL; i++)
            if (*g_strstrip (parts[i]) != '\0')
              g_ptr_array_add (in->traces, file_from_text (parts[i], base));
        }
      else if (g_str_equal (key, "platform") && *value != '\0')
        {
          g_clear_object (&in->platform);
          in->platform = file_from_text (value, base);
        }
      else if (g_str_equal (key, "deployment") && *value != '\0')
        {
          g_clear_object (&in->deployment);
          in->deployment = file_from_text (value, base);
        }
      else if (g_str_equal (key, "cluster"))
        {
          g_auto(GStrv) f = g_strsplit (value, ",", -1);
          double v[7];
          guint k;

          for (k = 0; k < 7 && f[k] != NULL; k++)
            if (!parse_double (g_strstrip (f[k]), &v[k]) || v[k] <= 0)
              break;
          /* a field that is no number, or no whole number of nodes or
           * cores; else fewer or more than seven */
          if (k == 7 && f[7] == NULL && (v[0] != floor (v[0]) || v[0] > 65536))
            k = 0;
          else if (k == 7 && f[7] == NULL && (v[1] != floor (v[1]) || v[1] > 65536))
            k = 1;
          if (k != 7 || f[7] != NULL)
            return refuse (error, name, n, field_column (value, value_column, k),
                           _("cluster= needs seven positive numbers: nodes and cores (whole, at most 65536), "
                             "speed, bandwidth, latency, backbone bandwidth and backbone latency, found “%s”"),
                           augur_message_token (k < 7 && f[k] != NULL ? f[k] : value, -1));
          /* as a platform file's: 1e-320 is no speed or bandwidth but an
           * underflow, and the replay would never end */
          if (!(v[2] >= DBL_MIN))
            return refuse (error, name, n, field_column (value, value_column, 2),
                           _("cluster='s speed %s is too small: a host without speed never finishes a "
                             "computation (expected flop/s of at least 2.3e-308, like 1e9)"),
                           augur_message_token (f[2], -1));
          if (!(v[3] >= DBL_MIN) || !(v[5] >= DBL_MIN))
            {
              guint k_bad = v[3] >= DBL_MIN ? 5 : 3;

              return refuse (error, name, n, field_column (value, value_column, k_bad),
                             _("cluster='s bandwidth %s is too small: a link without bandwidth never delivers a "
                               "message (expected bytes/s of at least 2.3e-308, like 1.25e9)"),
                             augur_message_token (f[k_bad], -1));
            }
          in->use_cluster = TRUE;
          cluster_line = n;
          in->cluster = (AugurReplayCluster) { (guint) v[0], (guint) v[1], v[2], v[3], v[4], v[5], v[6] };
        }
      else if (g_str_equal (key, "speed-factor") || g_str_equal (key, "bandwidth-factor") ||
               g_str_equal (key, "latency-factor"))
        {
          guint which = key[0] == 's' ? 0 : key[0] == 'b' ? 1 : 2;
          double v = 0;

          if (!parse_double (value, &v) || !(v >= AUGUR_REPLAY_FACTOR_MIN) || !(v <= AUGUR_REPLAY_FACTOR_MAX))
            return refuse (error, name, n, value_column, _("%s= needs a factor from %g to %g, found “%s”"), key,
                           AUGUR_REPLAY_FACTOR_MIN, AUGUR_REPLAY_FACTOR_MAX, augur_message_token (value, -1));
          *(which == 0 ? &in->factors.speed : which == 1 ? &in->factors.bandwidth : &in->factors.latency) = v;
          factor_line[which] = n;
          factor_column[which] = key_column;
        }
      else if (g_str_equal (key, "host-speed"))
        {
          if (!parse_double (value, &in->host_speed) || !(in->host_speed > 0) || isinf (in->host_speed))
            return refuse (error, name, n, value_column,
                           _("host-speed= needs a speed in flop/s, more than 0 (like 2.5e9), found “%s”"),
                           augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "calibrated-platform") && *value != '\0')
        {
          g_clear_object (&in->calibrated_platform);
          in->calibrated_platform = file_from_text (value, base);
        }
      else if (g_str_equal (key, "placement-rule"))
        {
          if (!augur_replay_placement_rule_from_name (value, &in->rule))
            return refuse (error, name, n, value_column,
                           _("unknown placement rule “%s” (expected round-robin, block or manual)"),
                           augur_message_token (value, -1));
          have_rule = TRUE;
        }
      else if (g_str_equal (key, "placement"))
        {
          guint column = value_column;

          g_array_set_size (in->placement, 0);
          g_array_set_size (placement_columns, 0);
          /* field by field, each found from the last (one node a rank: a
           * split that searched the rest of the line for each was
           * quadratic where strstr() measures it, as under the sanitizers) */
          for (const char *p = value, *comma; p != NULL; p = comma != NULL ? comma + 1 : NULL)
            {
              g_autofree char *f = NULL;
              guint at;
              guint64 host;

              comma = strchr (p, ',');
              f = comma != NULL ? g_strndup (p, (gsize) (comma - p)) : g_strdup (p);
              at = field_column (f, column, 0);
              column += (guint) g_utf8_strlen (f, -1) + 1;
              if (*g_strstrip (f) == '\0')
                continue;
              if (!g_ascii_string_to_unsigned (f, 10, 0, 65535, &host, NULL))
                return refuse (error, name, n, at,
                               _("placement= needs the node of each rank, whole numbers from 0 to 65535 "
                                 "separated by commas, found “%s”"), augur_message_token (f, -1));
              g_array_append_vals (in->placement, &(guint) { (guint) host }, 1);
              g_array_append_val (placement_columns, at);
            }
          have_placement = TRUE;
          placement_line = n;
        }
      else if (g_str_equal (key, "scaling-run"))
        {
          if (*value != '\0')
            g_ptr_array_add (in->scaling_runs, file_from_text (value, base));
          run_size_allowed = *value != '\0';
        }
      else if (g_str_equal (key, "scaling-run-size") || g_str_equal (key, "scaling-size"))
        {
          gboolean of_run = g_str_equal (key, "scaling-run-size");
          double v = 0;

          if (!augur_replay_parse_scaling_size (value, &v))
            return refuse (error, name, n, value_column,
                           _("%s= needs a problem size, a number more than 0, found “%s”"), key,
                           augur_message_token (value, -1));
          if (of_run && !after_run)
            return refuse (error, name, n, key_column,
                           _("scaling-run-size= gives the size of the run on the line above, and that line is "
                             "not a scaling-run= without a size yet"));
          if (of_run)
            {
              double none = NAN;

              while (in->scaling_sizes->len < in->scaling_runs->len)
                g_array_append_val (in->scaling_sizes, none);
              g_array_index (in->scaling_sizes, double, in->scaling_runs->len - 1) = v;
            }
          else
            in->scaling_size = v;
        }
      else if (g_str_equal (key, "scaling-ranks"))
        {
          if (!augur_replay_parse_scaling_ranks (value, in->scaling_ranks))
            return refuse (error, name, n, value_column,
                           _("scaling-ranks= needs numbers of ranks from 3 to %u separated by commas, found “%s”"),
                           (guint) AUGUR_TRACE_MAX_RANKS, augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "scaling-compute-tolerance"))
        {
          double v = 0;

          /* the bounds of augur-cli extrapolate --compute-tolerance */
          if (g_str_equal (value, "any"))
            in->scaling_compute_tolerance = INFINITY;
          else if (parse_double (value, &v) && v >= 0 && v < 1e6)
            in->scaling_compute_tolerance = v;
          else
            return refuse (error, name, n, value_column,
                           _("scaling-compute-tolerance= needs “any” or a fraction of 0 or more (0.01 is 1 %%), "
                             "found “%s”"), augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "scaling-every-iteration"))
        {
          if (g_str_equal (value, "true") || g_str_equal (value, "false"))
            in->scaling_every_iteration = g_str_equal (value, "true");
          else
            return refuse (error, name, n, value_column,
                           _("scaling-every-iteration= needs “true” or “false”, found “%s”"),
                           augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "scaling-mpi-dims"))
        {
          if (g_str_equal (value, "simgrid"))
            in->scaling_mpi_dims = AUGUR_EXTRAP_MPI_DIMS_SIMGRID;
          else if (g_str_equal (value, "openmpi"))
            in->scaling_mpi_dims = AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI;
          else
            return refuse (error, name, n, value_column,
                           _("scaling-mpi-dims= needs “simgrid” or “openmpi”, found “%s”"),
                           augur_message_token (value, -1));
        }
      else if (g_str_equal (key, "sweep"))
        {
          AugurReplaySweepParameter parameter;
          double from, to;
          guint points;

          /* the bounds augur_replay_sweep_values and the page hold to */
          if (!augur_replay_sweep_parse (value, &parameter, &from, &to, &points) || !isfinite (from) ||
              !isfinite (to) || !(from > 0) || !(to > 0) || from == to || points < 2 || points > AUGUR_SWEEP_MAX_POINTS)
            return refuse (error, name, n, value_column,
                           _("sweep= needs PARAMETER=FROM:TO:POINTS with PARAMETER bandwidth, latency, speed, "
                             "ranks-per-node, speed-factor, bandwidth-factor or latency-factor, two different "
                             "positive bounds and 2 to %u points, found “%s”"),
                           (guint) AUGUR_SWEEP_MAX_POINTS, augur_message_token (value, -1));
          in->sweep_parameter = parameter;
          in->sweep_from = from;
          in->sweep_to = to;
          in->sweep_points = points;
        }
      else if (g_str_equal (key, "sweep-spacing"))
        {
          if (!g_str_equal (value, "linear") && !g_str_equal (value, "log"))
            return refuse (error, name, n, value_column, _("sweep-spacing= is linear or log, found “%s”"),
                           augur_message_token (value, -1));
          in->sweep_log = g_str_equal (value, "log");
        }
      else if (augur_validation_record_is_key (key))
        {
          g_autofree char *why = NULL;

          if (!augur_validation_record_read_line (&in->validation, key, value, &why))
            return refuse (error, name, n, value_column, "%s", why);
        }
      else if (g_str_equal (key, "scenario"))
        {
          g_autofree char *why = NULL;
          AugurReplayScenario *scenario = augur_replay_scenario_parse (value, &why);

          if (scenario != NULL && augur_replay_inputs_find_scenario (in, scenario->name) != NULL)
            why = g_strdup_printf (_("a second scenario named “%s”"), augur_message_token (scenario->name, -1));
          else if (scenario != NULL && in->scenarios->len >= AUGUR_REPLAY_MAX_SCENARIOS)
            why = g_strdup_printf (_("more than %u scenarios"), (guint) AUGUR_REPLAY_MAX_SCENARIOS);
          if (why != NULL)
            {
              augur_replay_scenario_free (scenario);
              return refuse (error, name, n, value_column, "%s", why);
            }
          g_ptr_array_add (in->scenarios, scenario);
        }
      else
        return refuse (error, name, n, key_column, _("unknown key “%s” (expected one of: %s)"),
                       augur_message_token (key, -1), all_keys);
    }

  if (in->use_cluster && !augur_replay_factors_are_identity (&in->factors))
    {
      static const char *const names[3] = { "speed-factor", "bandwidth-factor", "latency-factor" };
      const double f[3] = { in->factors.speed, in->factors.bandwidth, in->factors.latency };
      guint which = 0;

      /* the first factor, in the text's order, that is not 1 */
      for (guint k = 0; k < 3; k++)
        if (f[k] != 1.0 && (f[which] == 1.0 || factor_line[k] < factor_line[which]))
          which = k;
      return refuse (error, name, factor_line[which], factor_column[which],
                     _("%s= scales a platform file, but line %u builds the cluster in Augur (cluster=): change "
                       "the cluster's figures instead"), names[which], cluster_line);
    }
  if (in->use_cluster)
    {
      if (!have_placement)
        augur_replay_placement_round_robin (in->placement, in->cluster.nodes, in->cluster.nodes);
      for (guint i = 0; i < in->placement->len; i++)
        if (g_array_index (in->placement, guint, i) >= in->cluster.nodes)
          return refuse (error, name, placement_line, g_array_index (placement_columns, guint, i),
                         _("placement= places rank p%u on node %u, but the cluster (line %u) has %u nodes "
                           "(expected a node from 0 to %u)"),
                         i, g_array_index (in->placement, guint, i), cluster_line, in->cluster.nodes,
                         in->cluster.nodes - 1);
      /* The placement is what is replayed: a rule it does not follow (a
       * text edited by hand) is not claimed for it. */
      if (!have_rule)
        in->rule = infer_rule (in);
      else if (!follows_rule (in, in->rule))
        in->rule = AUGUR_REPLAY_PLACE_MANUAL;
    }
  return TRUE;
}

gboolean
augur_replay_inputs_from_text (AugurReplayInputs *in,
                               const char        *text,
                               GFile             *base,
                               GError           **error)
{
  return augur_replay_inputs_read (in, text, -1, NULL, base, error);
}

/* ---- Loading --------------------------------------------------------- */

gboolean
augur_replay_inputs_load (const AugurReplayInputs  *in,
                          AugurPlatform           **platform_out,
                          AugurDeployment         **deployment_out,
                          AugurTraceSet           **traces_out,
                          GError                  **error)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint n;

  if (in->use_cluster)
    {
      platform = augur_replay_inputs_build_platform (in);
      deployment = augur_replay_inputs_build_deployment (in);
    }
  else
    {
      /* a platform alone places no rank: the Scaling tab's extrapolation
       * places them itself, the replay of the traces by a deployment */
      if (in->platform != NULL && in->deployment == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The replay description names a platform (platform=) but no deployment "
                                 "(deployment=) to place its traces' ranks on the platform's hosts: give one, or "
                                 "build a cluster in Augur (cluster=)"));
          return FALSE;
        }
      if (in->platform == NULL || in->deployment == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The replay description names no platform and deployment, and no cluster"));
          return FALSE;
        }
      platform = augur_platform_load_file (in->platform, error);
      if (platform == NULL)
        return FALSE;
      augur_replay_factors_apply (&in->factors, platform);
      deployment = augur_deployment_load_file (in->deployment, platform, error);
      if (deployment == NULL)
        return FALSE;
    }

  n = augur_deployment_get_n_actors (deployment);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);

  if (in->traces->len == 1)
    {
      GFile *file = g_ptr_array_index (in->traces, 0);
      AugurTraceDialect dialect = AUGUR_TRACE_DIALECT_SEED;
      gboolean is_index = FALSE;

      /* Score-P's OTF2 archives: their compute is measured time, replayed
       * at the speed of the host they were taken on */
      if (augur_trace_given_as_otf2 (file))
        {
          double speed = in->host_speed;

          if (in->calibrated_platform != NULL && in->host_speed > 0)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                   _("The replay description gives both host-speed= and calibrated-platform=: "
                                     "the speed of the host the OTF2 archive was taken on is one or the other"));
              return FALSE;
            }
          /* as augur-cli replay --calibrated-platform reads it */
          if (in->calibrated_platform != NULL &&
              !augur_calibrate_read_host_speed (in->calibrated_platform, &speed, NULL, error))
            return FALSE;
          if (!(speed > 0))
            {
              g_autofree char *name = g_file_get_basename (file);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("%s is an OTF2 archive: its compute is measured time, so the replay needs the speed "
                             "of the host it was taken on (Traces → Speed of the host it was taken on, in flop/s, "
                             "e.g. 2e9)"), name);
              return FALSE;
            }
          traces = augur_trace_set_open_otf2 (file, speed, NULL, error);
          if (traces != NULL && augur_trace_set_get_n_processes (traces) != n)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The traces have %u ranks, the deployment %u"), augur_trace_set_get_n_processes (traces),
                           n);
              g_clear_pointer (&traces, augur_trace_set_free);
              return FALSE;
            }
        }
      /* SimGrid's SMPI traces, by their content: the index or one file */
      else if (!augur_trace_detect (file, &dialect, &is_index, NULL, error))
        return FALSE;
      else if (dialect == AUGUR_TRACE_DIALECT_SMPI)
        {
          traces = augur_trace_set_open_smpi (file, n, NULL, error);
          if (traces != NULL && augur_trace_set_get_n_processes (traces) != n)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The traces have %u ranks, the deployment %u"), augur_trace_set_get_n_processes (traces),
                           n);
              g_clear_pointer (&traces, augur_trace_set_free);
              return FALSE;
            }
        }
      else
        traces = augur_trace_set_open_merged (file, (const char **) names->pdata, n, error);
    }
  else if (in->traces->len > 1 && !augur_trace_check_replayable (g_ptr_array_index (in->traces, 0), NULL, error))
    return FALSE;
  else
    {
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GFile) dir = in->deployment ? g_file_get_parent (in->deployment) : NULL;

      if (in->traces->len > 1 && in->traces->len != n)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("%u trace files for %u ranks: choose one merged trace, or one file per rank"),
                       in->traces->len, n);
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        {
          const AugurActor *actor = augur_deployment_get_actor (deployment, i);

          if (in->traces->len > 0)
            g_ptr_array_add (files, g_object_ref (g_ptr_array_index (in->traces, i)));
          else if (dir != NULL && actor->arguments != NULL && actor->arguments[0] != NULL)
            g_ptr_array_add (files, g_file_resolve_relative_path (dir, actor->arguments[0]));
          else
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("No trace for rank %s: choose a trace (Traces → Choose…)"), actor->function);
              return FALSE;
            }
        }
      traces = augur_trace_set_open_per_process_full ((GFile **) files->pdata, (const char **) names->pdata, n,
                                                      in->traces->len > 0 ? AUGUR_TRACE_OPEN_NONE
                                                                          : AUGUR_TRACE_OPEN_HIDE_CONTENT,
                                                      error);
    }
  if (traces == NULL)
    return FALSE;

  *platform_out = g_steal_pointer (&platform);
  *deployment_out = g_steal_pointer (&deployment);
  *traces_out = g_steal_pointer (&traces);
  return TRUE;
}

/* ---- What-if sweeps ----------------------------------------------------- */

static const char *const sweep_names[] = {
  "bandwidth", "latency", "speed", "ranks-per-node", "speed-factor", "bandwidth-factor", "latency-factor",
};

gboolean
augur_replay_sweep_parameter_from_name (const char                *name,
                                        AugurReplaySweepParameter *parameter)
{
  for (guint i = 0; i < G_N_ELEMENTS (sweep_names); i++)
    if (g_strcmp0 (name, sweep_names[i]) == 0)
      {
        *parameter = i;
        return TRUE;
      }
  return FALSE;
}

const char *
augur_replay_sweep_parameter_to_name (AugurReplaySweepParameter parameter)
{
  g_return_val_if_fail (parameter < G_N_ELEMENTS (sweep_names), NULL);
  return sweep_names[parameter];
}

void
augur_replay_inputs_set_parameter (const AugurReplayInputs   *in,
                                   AugurReplaySweepParameter  parameter,
                                   double                     x,
                                   AugurReplayInputs         *out)
{
  augur_replay_inputs_copy (out, in);
  switch (parameter)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH:
      out->cluster.bandwidth = x;
      break;
    case AUGUR_REPLAY_SWEEP_LATENCY:
      out->cluster.latency = x;
      break;
    case AUGUR_REPLAY_SWEEP_SPEED:
      out->cluster.speed = x;
      break;
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE:
      {
        guint per = MAX (1u, (guint) x);
        guint n = out->placement->len;

        /* blocks of `per` consecutive ranks, as many nodes as needed */
        out->cluster.nodes = MAX (1u, (n + per - 1) / per);
        for (guint i = 0; i < n; i++)
          g_array_index (out->placement, guint, i) = i / per;
        out->rule = AUGUR_REPLAY_PLACE_MANUAL;
      }
      break;
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:
      out->factors.speed = x;
      break;
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR:
      out->factors.bandwidth = x;
      break;
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:
      out->factors.latency = x;
      break;
    default:
      g_return_if_reached ();
    }
}

typedef struct {
  const AugurReplayInputs   *in;
  AugurReplaySweepParameter  parameter;
  GArray                    *xs;
  double                    *ys;
  GStrv                     *warnings;
} Sweep;

static gboolean
sweep_point (guint          index,
             gpointer       data,
             GCancellable  *cancellable,
             GError       **error)
{
  Sweep *sw = data;
  AugurReplayInputs in;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  AugurReplayOptions options = { sw->in->network, FALSE };
  gboolean ok;

  augur_replay_inputs_set_parameter (sw->in, sw->parameter, g_array_index (sw->xs, double, index), &in);
  ok = augur_replay_inputs_load (&in, &platform, &deployment, &traces, error);
  augur_replay_inputs_clear (&in);
  if (!ok)
    return FALSE;
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, cancellable, NULL, error);
  if (result == NULL)
    return FALSE;
  sw->ys[index] = augur_replay_result_get_time (result);
  if (sw->warnings != NULL && augur_replay_result_get_n_warnings (result) > 0)
    {
      guint n = augur_replay_result_get_n_warnings (result);
      GStrv w = g_new0 (char *, n + 1);

      for (guint i = 0; i < n; i++)
        w[i] = g_strdup (augur_replay_result_get_warning (result, i));
      g_strfreev (sw->warnings[index]);
      sw->warnings[index] = w;
    }
  return TRUE;
}

GArray *
augur_replay_sweep_values (const AugurReplayInputs   *in,
                           AugurReplaySweepParameter  parameter,
                           double                     from,
                           double                     to,
                           guint                      n_points,
                           gboolean                   logarithmic,
                           GError                   **error)
{
  g_autofree double *points = NULL;
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_val_if_fail (parameter <= AUGUR_REPLAY_SWEEP_LATENCY_FACTOR, NULL);
  if (parameter >= AUGUR_REPLAY_SWEEP_SPEED_FACTOR)
    {
      if (in->use_cluster)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("Factor sweeps scale a platform file, and this replay description builds its "
                                 "cluster in Augur: sweep bandwidth, latency or speed instead"));
          return NULL;
        }
      if (!(from >= AUGUR_REPLAY_FACTOR_MIN) || !(to <= AUGUR_REPLAY_FACTOR_MAX) ||
          !(to >= AUGUR_REPLAY_FACTOR_MIN) || !(from <= AUGUR_REPLAY_FACTOR_MAX))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("A factor sweep goes from %g to %g at most."), AUGUR_REPLAY_FACTOR_MIN,
                       AUGUR_REPLAY_FACTOR_MAX);
          return NULL;
        }
    }
  else if (!in->use_cluster)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("What-if sweeps change a cluster built in Augur, and this replay description has no "
                             "cluster= line: on a platform file, sweep speed-factor, bandwidth-factor or "
                             "latency-factor"));
      return NULL;
    }
  if (!(from > 0) || !(to > 0) || from == to || !isfinite (from) || !isfinite (to) || n_points < 2)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("A sweep needs two different positive bounds and at least two points."));
      return NULL;
    }
  points = augur_sweep_points (from, to, n_points, logarithmic, error);
  if (points == NULL)
    return NULL;
  for (guint k = 0; k < n_points; k++)
    {
      double x = points[k];

      if (parameter == AUGUR_REPLAY_SWEEP_RANKS_PER_NODE)
        {
          x = MAX (1.0, round (x));
          if (xs->len > 0 && g_array_index (xs, double, xs->len - 1) == x)
            continue;
        }
      g_array_append_val (xs, x);
    }
  return g_steal_pointer (&xs);
}

gboolean
augur_replay_sweep_at (const AugurReplayInputs   *in,
                       AugurReplaySweepParameter  parameter,
                       GArray                    *xs,
                       guint                      first,
                       guint                      count,
                       double                    *ys,
                       GStrv                     *warnings,
                       guint                      max_threads,
                       AugurProgressFunc          progress,
                       gpointer                   progress_data,
                       GCancellable              *cancellable,
                       GError                   **error)
{
  g_autoptr(GArray) slice = g_array_new (FALSE, FALSE, sizeof (double));
  Sweep sw = { in, parameter, slice, ys + first, warnings != NULL ? warnings + first : NULL };

  g_return_val_if_fail (first <= xs->len && count <= xs->len - first, FALSE);
  g_array_append_vals (slice, &g_array_index (xs, double, first), count);
  return augur_sweep_run (count, max_threads, sweep_point, &sw, progress, progress_data, cancellable, error);
}

gboolean
augur_replay_sweep (const AugurReplayInputs   *in,
                    AugurReplaySweepParameter  parameter,
                    double                     from,
                    double                     to,
                    guint                      n_points,
                    gboolean                   logarithmic,
                    guint                      max_threads,
                    AugurProgressFunc          progress,
                    gpointer                   progress_data,
                    GCancellable              *cancellable,
                    GArray                   **xs_out,
                    GArray                   **ys_out,
                    GError                   **error)
{
  g_autoptr(GArray) xs = augur_replay_sweep_values (in, parameter, from, to, n_points, logarithmic, error);
  g_autoptr(GArray) ys = NULL;

  if (xs == NULL)
    return FALSE;
  ys = g_array_sized_new (FALSE, TRUE, sizeof (double), xs->len);
  g_array_set_size (ys, xs->len);
  if (!augur_replay_sweep_at (in, parameter, xs, 0, xs->len, (double *) (gpointer) ys->data, NULL, max_threads, progress,
                              progress_data, cancellable, error))
    return FALSE;
  *xs_out = g_steal_pointer (&xs);
  *ys_out = g_steal_pointer (&ys);
  return TRUE;
}

/* ---- A what-if sweep as a cluster job ------------------------------------ */

gboolean
augur_replay_sweep_parse (const char                *text,
                          AugurReplaySweepParameter *parameter,
                          double                    *from,
                          double                    *to,
                          guint                     *points)
{
  const char *eq = strchr (text, '=');
  g_autofree char *name = NULL;
  char *end;

  if (eq == NULL)
    return FALSE;
  name = g_strndup (text, eq - text);
  if (!augur_replay_sweep_parameter_from_name (name, parameter))
    return FALSE;
  *from = g_ascii_strtod (eq + 1, &end);
  if (*end != ':')
    return FALSE;
  *to = g_ascii_strtod (end + 1, &end);
  if (*end != ':')
    return FALSE;
  /* a whole number, all of what is left: no sign, no wrap past 2^32 */
  {
    guint64 count = 0;

    if (!g_ascii_string_to_unsigned (end + 1, 10, 0, G_MAXUINT, &count, NULL))
      return FALSE;
    *points = (guint) count;
  }
  return TRUE;
}

char *
augur_replay_sweep_to_argument (AugurReplaySweepParameter parameter,
                                double                    from,
                                double                    to,
                                guint                     points)
{
  GString *s = g_string_new (augur_replay_sweep_parameter_to_name (parameter));

  g_string_append_c (s, '=');
  augur_format_append_double (s, from);
  g_string_append_c (s, ':');
  augur_format_append_double (s, to);
  g_string_append_printf (s, ":%u", points);
  return g_string_free (s, FALSE);
}

#define SWEEP_RECORDS_KIND "replay-sweep"

char *
augur_replay_sweep_to_records (GArray       *xs,
                               const double *ys,
                               const GStrv  *warnings,
                               guint         first,
                               guint         count)
{
  GString *out = augur_records_begin (SWEEP_RECORDS_KIND, xs->len);

  for (guint i = first; i < first + count && i < xs->len; i++)
    {
      guint n = warnings != NULL && warnings[i] != NULL ? g_strv_length (warnings[i]) : 0;

      augur_records_point (out, i);
      augur_records_add_double (out, g_array_index (xs, double, i));
      augur_records_add_double (out, ys[i]);
      augur_records_add_uint (out, n);
      for (guint k = 0; k < n; k++)
        augur_records_add_text (out, warnings[i][k]);
    }
  return augur_records_end (out);
}

/* A point's warnings in records: no replay says more than this. */
#define SWEEP_MAX_WARNINGS 100000

typedef struct {
  GArray *xs;
  double *ys;
  GStrv  *warnings;
} SweepRead;

static gboolean
read_sweep_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  SweepRead *sr = data;
  char number[AUGUR_FORMAT_DOUBLE_SIZE];
  double x, y;
  guint64 n = 0;

  if (!augur_records_line_double (line, &x, error) || !augur_records_line_double (line, &y, error))
    return FALSE;
  if (x != g_array_index (sr->xs, double, index) || !(isfinite (y) && y >= 0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("expected point %u of this sweep (at %s) and its simulated time, finite and not negative"),
                   index + 1, augur_format_double (number, g_array_index (sr->xs, double, index)));
      return FALSE;
    }
  sr->ys[index] = y;
  if (!augur_records_line_uint (line, SWEEP_MAX_WARNINGS, &n, error))
    return FALSE;
  if (n > 0)
    {
      g_auto(GStrv) w = g_new0 (char *, n + 1);

      for (guint64 k = 0; k < n; k++)
        if (!augur_records_line_text (line, &w[k], error))
          return FALSE;
      if (sr->warnings != NULL)
        {
          g_strfreev (sr->warnings[index]);
          sr->warnings[index] = g_steal_pointer (&w);
        }
    }
  return TRUE;
}

gboolean
augur_replay_sweep_read_records_with_warnings (GArray             *xs,
                                               const char *const  *records,
                                               const char *const  *names,
                                               guint               n_records,
                                               double             *ys,
                                               GStrv              *warnings,
                                               GError            **error)
{
  SweepRead sr = { xs, ys, warnings };

  return augur_records_read (SWEEP_RECORDS_KIND, xs->len, records, names, n_records, read_sweep_point, &sr, error);
}

gboolean
augur_replay_sweep_read_records (GArray             *xs,
                                 const char *const  *records,
                                 const char *const  *names,
                                 guint               n_records,
                                 double             *ys,
                                 GError            **error)
{
  return augur_replay_sweep_read_records_with_warnings (xs, records, names, n_records, ys, NULL, error);
}
