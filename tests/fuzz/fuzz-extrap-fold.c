/* fuzz-extrap-fold.c: libFuzzer target for how the extrapolation reads a
 * run (extrap-align.c, ex_run_read): SMPI's one-file trace of every rank's
 * lines, each rank's actions packed and folded into loops.  Any input is
 * folded or refused with an error of the extrapolation or of the trace
 * reader; a folded rank gives back as many actions as it read (each loop's
 * trip count times its body's, every action merged from as many
 * occurrences as its loops run), and its shape is its program's.
 *
 * The first byte chooses the compute tolerance: 0 exact amounts, 1 the
 * default 1 %, 2 any amounts (computes folded before the next action).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "extrap-private.h"
#include "trace.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

/* The actions the program gives back; every action's n is the number of
 * times its loops run it (times: of the loops around seq). */
static guint64
unfold (GPtrArray *seq,
        guint64    times)
{
  guint64 n = 0;

  for (guint i = 0; i < seq->len; i++)
    {
      const ExNode *node = g_ptr_array_index (seq, i);

      if (node->is_loop)
        {
          if (node->count < 2 || node->body == NULL || node->body->len == 0)
            __builtin_trap ();
          n += node->count * unfold (node->body, times * node->count);
        }
      else
        {
          if (node->n != times || node->line == 0)
            __builtin_trap ();
          n++;
        }
    }
  return n;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *dir, *path;
  static const double tolerances[] = { 0, AUGUR_EXTRAP_COMPUTE_TOLERANCE, INFINITY };
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  ExRun *run;
  double tolerance;
  guint64 given = 0;

  if (path == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      dir = g_strdup_printf ("%s/augur-fuzz-extrap-%d", g_get_tmp_dir (), (int) getpid ());
      g_mkdir_with_parents (dir, 0700);
      path = g_build_filename (dir, "trace.txt", NULL);
    }
  if (size == 0)
    return 0;
  tolerance = tolerances[data[0] % G_N_ELEMENTS (tolerances)];
  data++;
  size--;
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    __builtin_trap ();
  file = g_file_new_for_path (path);
  run = ex_run_read (file, tolerance, NULL, &error);
  if (run == NULL)
    {
      if (error == NULL || (error->domain != AUGUR_EXTRAP_ERROR && error->domain != AUGUR_TRACE_ERROR &&
                            error->domain != G_IO_ERROR))
        __builtin_trap ();
      return 0;
    }
  for (guint r = 0; r < run->n_ranks; r++)
    {
      if (run->ranks[r] == NULL || run->shapes[r] == NULL)
        __builtin_trap ();
      given += unfold (run->ranks[r], 1);
    }
  /* computes folded before the next action are no nodes; a trailing one
   * is dropped with its rank's end */
  if (isinf (tolerance) ? given > run->n_actions : given != run->n_actions)
    __builtin_trap ();
  ex_run_free (run);
  return 0;
}
