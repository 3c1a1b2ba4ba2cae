/* bench-otf2.c: events of an OTF2 archive read per second by Augur's
 * reader (trace-otf2.c: the archive streamed rank by rank into actions)
 * and by `otf2-print` (OTF2's own tool, which prints every event; its
 * output goes to /dev/null), on the same archive, in turns, best of each.
 * Not a timed test (`meson test --benchmark`).
 *
 * The archive is a ring of R ranks written as Score-P writes one
 * (tests/engine/replay/otf2-archive.h): each iteration an irecv, an
 * isend, compute, a waitall and an allreduce every 10 iterations.
 *
 * Usage: bench-otf2 [--ranks R] [--iterations N] [--rounds K]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "trace.h"

#ifdef HAVE_OTF2
#include "../engine/replay/otf2-archive.h"

static void
write_ring (const char *dir, guint n, guint iterations)
{
  Otf2w *w = otf2w_open (dir, n);

  for (guint r = 0; r < n; r++)
    {
      otf2w_call (w, r, OTF2W_INIT);
      for (guint k = 0; k < iterations; k++)
        {
          otf2w_compute (w, r, 1000 + r);
          otf2w_irecv (w, r, (r + n - 1) % n, 0, 8192);
          otf2w_isend (w, r, (r + 1) % n, 0, 8192);
          otf2w_compute (w, r, 500);
          otf2w_waitall (w, r);
          if (k % 10 == 9)
            otf2w_allreduce (w, r, 64);
        }
      otf2w_call (w, r, OTF2W_FINALIZE);
    }
  otf2w_close (w);
}

/* Every rank's actions read to its end: events and actions counted. */
static double
read_augur (const char *anchor, guint64 *events, guint64 *actions)
{
  g_autoptr(GFile) file = g_file_new_for_path (anchor);
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_otf2 (file, 1e9, NULL, &error);
  AugurTraceOtf2Report report;
  AugurTraceAction a;

  if (t == NULL)
    g_error ("%s", error->message);
  for (guint p = 0; p < augur_trace_set_get_n_processes (t); p++)
    while (augur_trace_set_next (t, p, &a, &error))
      ;
  if (error != NULL)
    g_error ("%s", error->message);
  augur_trace_set_get_otf2_report (t, &report);
  *events = report.n_events;
  *actions = report.n_actions;
  return (g_get_monotonic_time () - start) / 1e6;
}

static double
read_otf2_print (const char *tool, const char *anchor)
{
  g_autofree char *command = g_strdup_printf ("'%s' '%s' > /dev/null", tool, anchor);
  gint64 start = g_get_monotonic_time ();
  int status = system (command);

  if (status != 0)
    g_error ("otf2-print failed on %s", anchor);
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (int argc, char **argv)
{
  gint ranks = 16, iterations = 20000, rounds = 3;
  GOptionEntry entries[] = {
    { "ranks", 0, 0, G_OPTION_ARG_INT, &ranks, "Ranks of the ring", "R" },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, "Iterations", "N" },
    { "rounds", 0, 0, G_OPTION_ARG_INT, &rounds, "Turns of each reader", "K" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- OTF2 events read per second");
  g_autofree char *dir = g_dir_make_tmp ("augur-bench-otf2-XXXXXX", NULL);
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_autofree char *tool = g_find_program_in_path ("otf2-print");
  g_autofree char *rm = NULL;
  double best_augur = G_MAXDOUBLE, best_print = G_MAXDOUBLE;
  guint64 events = 0, actions = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, NULL) || ranks < 2 || iterations < 1 || rounds < 1)
    return 2;
  write_ring (dir, (guint) ranks, (guint) iterations);
  for (gint i = 0; i < rounds; i++)
    {
      best_augur = MIN (best_augur, read_augur (anchor, &events, &actions));
      if (tool != NULL)
        best_print = MIN (best_print, read_otf2_print (tool, anchor));
    }
  printf ("archive: %d ranks, %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT " actions\n", ranks, events,
          actions);
  printf ("augur (read into actions): %.3f s, %.3g events/s\n", best_augur, events / best_augur);
  if (tool != NULL)
    printf ("otf2-print (to /dev/null): %.3f s, %.3g events/s; augur / otf2-print: %.2f\n", best_print,
            events / best_print, best_print / best_augur);
  else
    printf ("otf2-print is not installed: no peer\n");
  rm = g_strdup_printf ("rm -rf '%s'", dir);
  return system (rm) == 0 ? 0 : 1;
}
#else
int
main (void)
{
  printf ("Augur was built without OTF2: nothing to measure\n");
  return 0;
}
#endif
