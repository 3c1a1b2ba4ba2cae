/* test-paje.c: the replay timeline as a Paje trace.  The file is checked
 * by a small reader here (every event defined, dates in order, one
 * container per rank, a state per interval, a link per message) and, when
 * pajeng is installed, by pj_dump itself, whose states must add up to the
 * replay's time per rank and state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

typedef struct {
  char      *name;
  GPtrArray *fields;   /* field names */
} EventDef;

static void
event_def_free (gpointer p)
{
  EventDef *def = p;
  g_free (def->name);
  g_ptr_array_unref (def->fields);
  g_free (def);
}

static char *
case_dir (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", name, NULL);
}

static AugurReplayResult *
replay_case (const char        *dir,
             AugurNetworkModel  model,
             gboolean           record_timeline)
{
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment_file = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) trace_file = g_file_new_for_path (trace_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  AugurReplayOptions options = { .model = model, .record_timeline = record_timeline };
  AugurReplayResult *r;

  platform = augur_platform_load_file (platform_file, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_load_file (deployment_file, platform, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < augur_deployment_get_n_actors (deployment); i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
  traces = augur_trace_set_open_merged (trace_file, (const char **) names->pdata, names->len, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return r;
}

/* Replays a small trace on 4 one-core nodes; *partial gets the result of
 * a failed replay. */
static AugurReplayResult *
replay_text (const char          *trace,
             guint                n,
             AugurReplayResult  **partial,
             GError             **error)
{
  g_autoptr(AugurPlatform) platform =
    augur_platform_new_cluster ("c", "node-", ".augur", 4, 1, 1e9, 125e6, 50e-6, 1.25e9, 100e-6);
  const guint hosts[] = { 0, 1, 2, 3 };
  g_autoptr(AugurDeployment) deployment = augur_deployment_new (n, hosts);
  g_autofree char *dir = g_dir_make_tmp ("augur-paje-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(AugurTraceSet) traces = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_CM02, .record_timeline = TRUE };
  AugurReplayResult *r = NULL;

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (hosts));
  g_assert_true (g_file_set_contents (path, trace, -1, NULL));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
  traces = augur_trace_set_open_merged (file, (const char **) names->pdata, n, error);
  if (traces != NULL)
    r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, partial, error);
  g_clear_pointer (&traces, augur_trace_set_free);
  g_unlink (path);
  g_rmdir (dir);
  return r;
}

/* Writes r to a new temporary file; the caller removes it with remove_paje. */
static char *
write_paje (const AugurReplayResult *r)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-paje-XXXXXX", NULL);
  char *path = g_build_filename (dir, "replay.paje", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (augur_replay_result_write_paje (r, G_OUTPUT_STREAM (out), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error));
  g_assert_no_error (error);
  return path;
}

static void
remove_paje (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_unlink (path);
  g_rmdir (dir);
}

/* Splits a Paje line into fields; a quoted string is one field. */
static GPtrArray *
split_fields (const char *line)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  const char *p = line;

  for (;;)
    {
      const char *start;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      if (*p == '"')
        {
          start = ++p;
          while (*p && *p != '"')
            p++;
          g_assert_cmpint (*p, ==, '"');
          g_ptr_array_add (fields, g_strndup (start, p - start));
          p++;
        }
      else
        {
          start = p;
          while (*p && *p != ' ' && *p != '\t')
            p++;
          g_ptr_array_add (fields, g_strndup (start, p - start));
        }
    }
  return fields;
}

static int
field_index (const EventDef *def,
             const char     *name)
{
  for (guint i = 0; i < def->fields->len; i++)
    if (g_str_equal (g_ptr_array_index (def->fields, i), name))
      return (int) i;
  return -1;
}

static const char *
field (GPtrArray      *fields,
       const EventDef *def,
       const char     *name)
{
  int i = field_index (def, name);
  g_assert_cmpint (i, >=, 0);
  return g_ptr_array_index (fields, i + 1);
}

/* (a): reads the file as a Paje reader would, and checks it against r. */
static void
check_paje_text (const AugurReplayResult *r,
                 const char              *text)
{
  static const char * const known[] = {
    "PajeDefineContainerType", "PajeDefineStateType", "PajeDefineEntityValue", "PajeDefineLinkType",
    "PajeCreateContainer", "PajeDestroyContainer", "PajeSetState", "PajePushState", "PajePopState",
    "PajeStartLink", "PajeEndLink",
  };
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GHashTable) defs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, event_def_free);
  g_autoptr(GHashTable) rank_containers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) started = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) in_state = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  EventDef *open_def = NULL;
  guint n_push = 0, n_pop = 0, n_start = 0, n_end = 0, n_destroyed = 0;
  double last = -INFINITY;
  gboolean body = FALSE;

  g_assert_true (g_str_has_suffix (text, "\n"));
  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *line = lines[l];
      g_autoptr(GPtrArray) fields = NULL;
      EventDef *def;
      int t;

      if (*line == '\0')
        {
          g_assert_null (lines[l + 1]);   /* only after the last newline */
          continue;
        }
      if (*line == '#')
        {
          /* a comment (Augur's mark, after the definitions), before the events */
          g_assert_false (body);
          continue;
        }
      if (*line == '%')
        {
          g_auto(GStrv) words = g_strsplit_set (line + 1, " \t", -1);
          g_autoptr(GPtrArray) w = g_ptr_array_new ();

          g_assert_false (body);   /* the definitions come first */
          for (guint i = 0; words[i]; i++)
            if (*words[i])
              g_ptr_array_add (w, words[i]);
          g_assert_cmpuint (w->len, >, 0);
          if (g_str_equal (g_ptr_array_index (w, 0), "EventDef"))
            {
              g_assert_null (open_def);
              g_assert_cmpuint (w->len, ==, 3);
              g_assert_true (g_strv_contains (known, g_ptr_array_index (w, 1)));
              g_assert_false (g_hash_table_contains (defs, g_ptr_array_index (w, 2)));
              open_def = g_new0 (EventDef, 1);
              open_def->name = g_strdup (g_ptr_array_index (w, 1));
              open_def->fields = g_ptr_array_new_with_free_func (g_free);
              g_hash_table_insert (defs, g_strdup (g_ptr_array_index (w, 2)), open_def);
            }
          else if (g_str_equal (g_ptr_array_index (w, 0), "EndEventDef"))
            {
              g_assert_nonnull (open_def);
              open_def = NULL;
            }
          else
            {
              g_assert_nonnull (open_def);
              g_assert_cmpuint (w->len, ==, 2);
              g_ptr_array_add (open_def->fields, g_strdup (g_ptr_array_index (w, 0)));
            }
          continue;
        }

      g_assert_null (open_def);
      body = TRUE;
      fields = split_fields (line);
      def = g_hash_table_lookup (defs, g_ptr_array_index (fields, 0));
      if (def == NULL)
        g_error ("line %u uses the undefined event %s", l + 1, (char *) g_ptr_array_index (fields, 0));
      if (fields->len != def->fields->len + 1)
        g_error ("line %u: %u fields for %s, which defines %u", l + 1, fields->len - 1, def->name, def->fields->len);

      t = field_index (def, "Time");
      if (t >= 0)
        {
          char *end;
          double time = g_ascii_strtod (g_ptr_array_index (fields, t + 1), &end);

          g_assert_cmpint (*end, ==, '\0');
          if (time < last)
            g_error ("line %u goes back in time: %.17g after %.17g", l + 1, time, last);
          last = time;
        }

      if (g_str_equal (def->name, "PajeCreateContainer") && g_str_equal (field (fields, def, "Type"), "R"))
        g_hash_table_insert (rank_containers, g_strdup (field (fields, def, "Name")),
                             g_strdup (field (fields, def, "Alias")));
      else if (g_str_equal (def->name, "PajeDestroyContainer"))
        n_destroyed++;
      else if (g_str_equal (def->name, "PajePushState"))
        {
          const char *c = field (fields, def, "Container");

          /* a rank is in one state at a time: a state that ends where the
           * next one starts must be popped first */
          if (g_hash_table_contains (in_state, c))
            g_error ("line %u pushes a state on %s before popping the last one", l + 1, c);
          g_hash_table_add (in_state, g_strdup (c));
          n_push++;
        }
      else if (g_str_equal (def->name, "PajePopState"))
        {
          const char *c = field (fields, def, "Container");
          if (!g_hash_table_remove (in_state, c))
            g_error ("line %u pops a state that %s never pushed", l + 1, c);
          n_pop++;
        }
      else if (g_str_equal (def->name, "PajeSetState"))
        g_error ("line %u: the states are pushed and popped", l + 1);
      else if (g_str_equal (def->name, "PajeStartLink"))
        {
          g_assert_true (g_hash_table_add (started, g_strdup (field (fields, def, "Key"))));
          n_start++;
        }
      else if (g_str_equal (def->name, "PajeEndLink"))
        {
          /* each key ends once, after its start */
          g_assert_true (g_hash_table_remove (started, field (fields, def, "Key")));
          n_end++;
        }
    }
  g_assert_null (open_def);

  for (guint i = 0; i < augur_replay_result_get_n_ranks (r); i++)
    if (!g_hash_table_contains (rank_containers, augur_replay_result_get_rank_name (r, i)))
      g_error ("no container for rank %s", augur_replay_result_get_rank_name (r, i));
  g_assert_cmpuint (g_hash_table_size (rank_containers), ==, augur_replay_result_get_n_ranks (r));
  g_assert_cmpuint (n_destroyed, ==, augur_replay_result_get_n_ranks (r) + 1);
  g_assert_cmpuint (n_push, ==, augur_replay_result_get_n_intervals (r));
  g_assert_cmpuint (n_pop, ==, augur_replay_result_get_n_intervals (r));
  g_assert_cmpuint (n_start, ==, augur_replay_result_get_n_messages (r));
  g_assert_cmpuint (n_end, ==, augur_replay_result_get_n_messages (r));
  g_assert_cmpuint (g_hash_table_size (started), ==, 0);
  g_assert_cmpuint (g_hash_table_size (in_state), ==, 0);
  g_assert_cmpfloat (last, <=, augur_replay_result_get_time (r));
}

static void
check_paje_file (const AugurReplayResult *r,
                 const char              *path)
{
  g_autofree char *text = NULL;
  g_autofree char *same = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  check_paje_text (r, text);
  /* the string form is the same text */
  same = augur_replay_result_to_paje (r, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (same, ==, text);
}

/* (b): pj_dump reads the file without a word on stderr; its states add up
 * to the replay's time per rank and state. */
static void
check_pj_dump (const AugurReplayResult *r,
               const char              *path)
{
  g_autofree char *pj_dump = g_find_program_in_path ("pj_dump");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) rank_of = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = augur_replay_result_get_n_ranks (r);
  g_autofree double *sums = g_new0 (double, (gsize) MAX (n, 1) * AUGUR_STATE_N);
  guint n_states = 0, n_links = 0;
  int status;

  if (pj_dump == NULL)
    {
      g_test_skip ("pj_dump (Debian package pajeng) is not installed");
      return;
    }
  {
    const char *argv[] = { pj_dump, "-l", "17", path, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &status, &error));
    g_assert_no_error (error);
  }
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("pj_dump %s: %s\n%s", path, error->message, err);
  g_assert_cmpstr (err, ==, "");

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (rank_of, (gpointer) augur_replay_result_get_rank_name (r, i), GUINT_TO_POINTER (i + 1));
  lines = g_strsplit (out, "\n", -1);
  for (guint l = 0; lines[l]; l++)
    {
      g_auto(GStrv) f = NULL;
      guint rank, state;
      double duration;
      char *end;

      if (g_str_has_prefix (lines[l], "Link, "))
        n_links++;
      if (!g_str_has_prefix (lines[l], "State, "))
        continue;
      /* State, container, type, start, end, duration, imbrication, value */
      f = g_strsplit (lines[l], ", ", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 8);
      g_assert_cmpstr (f[2], ==, "MPI state");
      rank = GPOINTER_TO_UINT (g_hash_table_lookup (rank_of, f[1]));
      g_assert_cmpuint (rank, >, 0);
      for (state = 0; state < AUGUR_STATE_N; state++)
        if (g_str_equal (f[7], augur_rank_state_to_string (state)))
          break;
      g_assert_cmpuint (state, <, AUGUR_STATE_N);
      duration = g_ascii_strtod (f[5], &end);
      g_assert_cmpint (*end, ==, '\0');
      g_assert_cmpfloat (duration, >, 0);
      g_assert_cmpfloat (g_ascii_strtod (f[6], NULL), ==, 0);   /* never nested */
      sums[(rank - 1) * AUGUR_STATE_N + state] += duration;
      n_states++;
    }
  g_assert_cmpuint (n_states, ==, augur_replay_result_get_n_intervals (r));
  g_assert_cmpuint (n_links, ==, augur_replay_result_get_n_messages (r));
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < AUGUR_STATE_N; k++)
      {
        double want = augur_replay_result_get_stats (r, i)->times[k];
        double got = sums[i * AUGUR_STATE_N + k];

        if (fabs (got - want) > 1e-9 * MAX (fabs (want), 1e-12))
          g_error ("%s %s: pj_dump's states add up to %.17g s, the replay says %.17g s",
                   augur_replay_result_get_rank_name (r, i), augur_rank_state_to_string (k), got, want);
      }
}

static void
test_case_format (gconstpointer data)
{
  g_autofree char *dir = case_dir (data);

  for (int m = 0; m < 2; m++)
    {
      g_autoptr(AugurReplayResult) r = replay_case (dir, m ? AUGUR_NETWORK_CM02 : AUGUR_NETWORK_LV08, TRUE);
      g_autofree char *path = write_paje (r);

      g_assert_cmpuint (augur_replay_result_get_n_intervals (r), >, 0);
      g_assert_cmpuint (augur_replay_result_get_n_messages (r), >, 0);
      check_paje_file (r, path);
      remove_paje (path);
    }
}

static void
test_case_pj_dump (gconstpointer data)
{
  g_autofree char *dir = case_dir (data);

  for (int m = 0; m < 2; m++)
    {
      g_autoptr(AugurReplayResult) r = replay_case (dir, m ? AUGUR_NETWORK_CM02 : AUGUR_NETWORK_LV08, TRUE);
      g_autofree char *path = write_paje (r);

      check_pj_dump (r, path);
      remove_paje (path);
    }
}

static void
test_no_timeline (void)
{
  g_autofree char *dir = case_dir ("ring");
  g_autoptr(AugurReplayResult) r = replay_case (dir, AUGUR_NETWORK_LV08, FALSE);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_false (augur_replay_result_write_paje (r, out, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "timeline"));
  g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), ==, 0);
  g_clear_error (&error);

  text = augur_replay_result_to_paje (r, &error);
  g_assert_null (text);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* A replay where no rank ever waits has an empty timeline, not a missing
 * one: the trace still holds the containers. */
static void
test_no_intervals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = replay_text ("p0 init\np1 init\np0 finalize\np1 finalize\n", 2, NULL, &error);
  g_autofree char *pj_dump = g_find_program_in_path ("pj_dump");
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_replay_result_get_n_intervals (r), ==, 0);
  path = write_paje (r);
  check_paje_file (r, path);
  if (pj_dump != NULL)
    check_pj_dump (r, path);
  remove_paje (path);
}

/* What a deadlocked replay did before it stuck exports too. */
static void
test_partial (void)
{
  g_autoptr(GError) error = NULL;
  AugurReplayResult *partial = NULL;
  AugurReplayResult *r = replay_text ("p0 compute 1e8\np0 send p1 1e6\np0 recv p1\np1 recv p0\np1 recv p0\n",
                                      2, &partial, &error);
  g_autofree char *path = NULL;

  g_assert_null (r);
  g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_DEADLOCK);
  g_assert_nonnull (partial);
  g_assert_cmpuint (augur_replay_result_get_n_intervals (partial), >=, 3);
  g_assert_cmpuint (augur_replay_result_get_n_messages (partial), ==, 1);
  path = write_paje (partial);
  check_paje_file (partial, path);
  {
    g_autofree char *pj_dump = g_find_program_in_path ("pj_dump");
    if (pj_dump != NULL)
      check_pj_dump (partial, path);
  }
  remove_paje (path);
  augur_replay_result_free (partial);
}

static void
test_cancelled (void)
{
  g_autofree char *dir = case_dir ("collectives");
  g_autoptr(AugurReplayResult) r = replay_case (dir, AUGUR_NETWORK_LV08, TRUE);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (augur_replay_result_write_paje (r, out, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  static const char * const cases[] = { "ring", "collectives", "stencil64", "ring-folded" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *format = g_strdup_printf ("/engine/paje/%s/format", cases[i]);
      g_autofree char *pj_dump = g_strdup_printf ("/engine/paje/%s/pj-dump", cases[i]);

      g_test_add_data_func (format, cases[i], test_case_format);
      g_test_add_data_func (pj_dump, cases[i], test_case_pj_dump);
    }
  g_test_add_func ("/engine/paje/no-timeline", test_no_timeline);
  g_test_add_func ("/engine/paje/no-intervals", test_no_intervals);
  g_test_add_func ("/engine/paje/partial", test_partial);
  g_test_add_func ("/engine/paje/cancelled", test_cancelled);
  return g_test_run ();
}
