/* bench-ccdsm.c: speed of the cache-coherence engine.
 *
 * 1. The seed's experiment: SR1 and SR2 x distance 0, 1, 2 x protocols A,
 *    B (12 configurations, checks included, in parallel on the available
 *    cores): wall time, and per configuration states, transitions,
 *    generation and solution times.
 * 2. A large model (two producer/consumer streams, four processes): states
 *    per second of the generation, solution time, peak memory.
 * 3. Reading: a machine of 100,000 processors written on one line (the
 *    editor parses as the user types).
 *
 *   bench-ccdsm [SOURCE_DIR]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"

#include <stdio.h>
#include <sys/resource.h>

static double
peak_mb (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0;
}

static AugurCcdsmProgram *
load (const char *dir, const char *sub, const char *name)
{
  g_autofree char *path = g_build_filename (dir, sub, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  AugurCcdsmProgram *p = augur_ccdsm_program_parse (text, -1, path, NULL, &error);
  if (!p)
    g_error ("%s", error->message);
  return p;
}

int
main (int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : g_getenv ("AUGUR_SOURCE_DIR");
  if (!dir)
    dir = ".";
  AugurCcdsmProgram *programs[2] = { load (dir, "data/examples", "sr1.ccdsm"),
                                     load (dir, "data/examples", "sr2.ccdsm") };
  const char *names[2] = { "SR1", "SR2" };
  AugurCcdsmOptions options = { 0 };
  g_autoptr(GError) error = NULL;

  printf ("Cache-coherence engine benchmark (%u cores)\n\n", g_get_num_processors ());
  gint64 t0 = g_get_monotonic_time ();
  GPtrArray *runs = augur_ccdsm_experiment (programs, NULL, 2, &options, NULL, NULL, NULL, &error);
  double wall = (g_get_monotonic_time () - t0) / 1e6;
  if (!runs)
    g_error ("%s", error->message);
  printf ("The seed's experiment: 12 configurations, checks included, in %.3f s (target: 30 s)\n", wall);
  printf ("  %-4s %-8s %-8s %12s %9s %12s %11s %10s %10s %s\n", "", "protocol", "distance", "latency (ns)",
          "states", "transitions", "states/s", "generate", "solve", "checks");
  for (guint i = 0; i < runs->len; i++)
    {
      AugurCcdsmRun *run = runs->pdata[i];
      if (!run->result)
        {
          printf ("  %s %c %u: %s\n", names[run->program], run->protocol, run->distance, run->error->message);
          continue;
        }
      AugurCcdsmResult *r = run->result;
      double gen = augur_ccdsm_result_get_generation_seconds (r);
      printf ("  %-4s %-8c %-8u %12.2f %9u %12" G_GUINT64_FORMAT " %11.0f %9.4fs %9.4fs %s\n",
              names[run->program], run->protocol, run->distance, augur_ccdsm_result_get_latency (r),
              augur_ccdsm_result_get_n_states (r), augur_ccdsm_result_get_n_transitions (r),
              gen > 0 ? augur_ccdsm_result_get_n_states (r) / gen : 0.0, gen,
              augur_ccdsm_result_get_solve_info (r)->seconds,
              augur_ccdsm_result_checks_passed (r) ? "ok" : "FAILED");
    }
  augur_ccdsm_runs_free (runs);
  printf ("  peak memory so far: %.1f MB\n\n", peak_mb ());

  AugurCcdsmProgram *big = load (dir, "tests/bench/data", "stream4.ccdsm");
  t0 = g_get_monotonic_time ();
  AugurCcdsmResult *r = augur_ccdsm_solve (big, NULL, &options, NULL, NULL, NULL, &error);
  wall = (g_get_monotonic_time () - t0) / 1e6;
  if (!r)
    g_error ("%s", error->message);
  double gen = augur_ccdsm_result_get_generation_seconds (r);
  const AugurSolveInfo *info = augur_ccdsm_result_get_solve_info (r);
  printf ("A large model: two producer/consumer streams, four processes (tests/bench/data/stream4.ccdsm)\n");
  printf ("  states: %u, transitions: %" G_GUINT64_FORMAT "\n", augur_ccdsm_result_get_n_states (r),
          augur_ccdsm_result_get_n_transitions (r));
  printf ("  generation (with the checks made on the fly): %.3f s, %.0f states/s (target: 1,000,000)\n", gen,
          augur_ccdsm_result_get_n_states (r) / gen);
  printf ("  solution: %s, %u iterations, residual %.1e, %.3f s\n", info->solver_name, info->iterations,
          info->residual, info->seconds);
  printf ("  total: %.3f s, peak memory: %.1f MB\n", wall, peak_mb ());
  printf ("  latency %.4f ns, checks %s\n", augur_ccdsm_result_get_latency (r),
          augur_ccdsm_result_checks_passed (r) ? "ok" : "FAILED");
  printf ("Peers: CADP is not installable; the seed reports 1,452,856 states in \"a few minutes\".\n\n");

  GString *line = g_string_new ("var a : 0..1, home n0;\nreg x;\nprocess P0 on c0 { loop { start; x := load a; } }\n"
                                "machine { module m { node n0 { cpu c0");
  for (int i = 1; i < 100000; i++)
    g_string_append_printf (line, ", c%d", i);
  g_string_append (line, "; } } }\n");
  t0 = g_get_monotonic_time ();
  AugurCcdsmProgram *wide = augur_ccdsm_program_parse (line->str, line->len, "wide.ccdsm", NULL, &error);
  wall = (g_get_monotonic_time () - t0) / 1e6;
  if (!wide)
    g_error ("%s", error->message);
  printf ("Reading 100,000 processors on one line (%.1f MB): %.3f s\n", line->len / 1e6, wall);
  augur_ccdsm_program_unref (wide);
  g_string_free (line, TRUE);
  augur_ccdsm_result_unref (r);
  augur_ccdsm_program_unref (big);
  augur_ccdsm_program_unref (programs[0]);
  augur_ccdsm_program_unref (programs[1]);
  return 0;
}
