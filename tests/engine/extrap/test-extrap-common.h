/* test-extrap-common.h: what the extrapolation's tests on SMPI's traces
 * of tests/fixtures/extrap share: a fixture's path, SMPI's time at a
 * target, a run altered by sed, and the check that a program synthesised
 * at a traced size is the traced run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "extrap.h"

/* A path under tests/fixtures/extrap, from its parts (NULL-terminated). */
static char *
fixture (const char *first, ...) G_GNUC_NULL_TERMINATED;

static char *
fixture (const char *first, ...)
{
  va_list args;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  g_ptr_array_add (parts, (gpointer) g_getenv ("AUGUR_SOURCE_DIR"));
  g_ptr_array_add (parts, "tests");
  g_ptr_array_add (parts, "fixtures");
  g_ptr_array_add (parts, "extrap");
  va_start (args, first);
  for (const char *p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* SMPI's simulated time of a program at a size, from times.csv. */
static G_GNUC_UNUSED double
smpi_time (const char *program,
           guint       ranks)
{
  g_autofree char *path = fixture ("times.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (f) == 5 && strcmp (f[0], program) == 0 && strcmp (f[2], "target") == 0 &&
          (guint) g_ascii_strtoull (f[1], NULL, 10) == ranks)
        return g_ascii_strtod (f[3], NULL);
    }
  g_assert_not_reached ();
  return NAN;
}

/* A copy of a run with its files changed by a sed expression. */
static G_GNUC_UNUSED char *
altered_copy (const char *set,
              const char *files,
              const char *sed)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-XXXXXX", &error);
  g_autofree char *from = fixture ("traces", set, NULL);
  g_autofree char *cmd = g_strdup_printf ("cp -r '%s' '%s/run' && sed -i '%s' '%s/run/index.txt_files/'%s", from,
                                          tmp, sed, tmp, files);

  g_assert_no_error (error);
  g_assert_cmpint (system (cmd), ==, 0);
  return g_steal_pointer (&tmp);
}

static G_GNUC_UNUSED void
remove_tree (const char *dir)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);

  g_assert_cmpint (system (cmd), ==, 0);
}

/* The program synthesised at a traced size is the traced run, action for
 * action, on every rank (counts per rank included). */
static G_GNUC_UNUSED void
assert_synthesised_is_traced (AugurExtrapModel *m,
                              const char       *program,
                              guint             P)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *set = g_strdup_printf ("%s-%u", program, P);
  g_autofree char *path = fixture ("traces", set, "index.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AugurTraceSet) traced = augur_trace_set_open_smpi (file, 0, NULL, &error);
  g_autoptr(AugurTraceSet) synth = NULL;

  g_assert_no_error (error);
  synth = augur_extrap_model_synthesize (m, P, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < P; r++)
    {
      AugurTraceAction x, y;

      while (augur_trace_set_next (traced, r, &x, &error))
        {
          g_assert_true (augur_trace_set_next (synth, r, &y, &error));
          g_assert_cmpint (x.kind, ==, y.kind);
          g_assert_cmpuint (x.peer, ==, y.peer);
          g_assert_cmpuint (x.root, ==, y.root);
          g_assert_cmpuint (x.src, ==, y.src);
          g_assert_cmpuint (x.dst, ==, y.dst);
          g_assert_cmpint (x.tag, ==, y.tag);
          g_assert_cmpfloat (x.bytes, ==, y.bytes);
          g_assert_cmpfloat (x.recv_bytes, ==, y.recv_bytes);
          g_assert_cmpfloat (x.flops, ==, y.flops);
          g_assert_cmpfloat (x.value, ==, y.value);
          g_assert_true ((x.counts == NULL) == (y.counts == NULL));
          g_assert_true ((x.recv_counts == NULL) == (y.recv_counts == NULL));
          for (guint j = 0; j < P; j++)
            {
              g_assert_true (x.counts == NULL || x.counts[j] == y.counts[j]);
              g_assert_true (x.recv_counts == NULL || x.recv_counts[j] == y.recv_counts[j]);
            }
        }
      g_assert_no_error (error);
      g_assert_false (augur_trace_set_next (synth, r, &y, &error));
      g_assert_no_error (error);
    }
}
