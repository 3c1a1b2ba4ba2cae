/* fuzz-otf2.c: libFuzzer target for the reader of Score-P's OTF2 archives
 * (trace-otf2.c).  An archive is a folder: at start-up a small one is
 * written with OTF2's writer API as Score-P writes it (3 ranks: point to
 * point, requests, collectives, compute; otf2-archive.h); each input
 * replaces one of its files (the other put back as written), then every rank's actions are read to their
 * end or to an error, which must name its file.  The actions read are
 * what the SMPI dialect allows (ranks within the run, sizes not negative
 * but for an unknown receive size, finite flops).  The measured run of
 * the same archive (augur_measured_run_read_otf2) is read too: a located
 * error, or a timeline of the ranks whose intervals and message arrows
 * are within the archive's time.
 *
 * The first byte chooses the file: bit 0 clear, rank 1's event file
 * (traces/1.evt); set, the global definitions (traces.def).  Bit 1 the
 * reading order.  The seeds (seeds-otf2) are the two files as written,
 * and rank 1's event file of archives written the same way (3 ranks,
 * otf2-archive.h) where the ranks also call v-collectives (alltoallv,
 * alltoallw, allgatherv, gatherv, scatterv, reduce-scatters, one on the
 * last two ranks' communicator: evt-rank1-vcollectives) or non-blocking
 * collectives (an iallreduce completed in MPI_Wait, an ibcast tested then
 * completed in MPI_Waitall beside an irecv and isend:
 * evt-rank1-nonblocking; and a request never completed:
 * evt-rank1-nonblocking-unfinished).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "extrap-private.h"
#include "replay-measured.h"
#include "trace.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#ifdef HAVE_OTF2
#include "../engine/replay/otf2-archive.h"

#define N_RANKS 3

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

static void
write_seed_archive (const char *dir)
{
  Otf2w *w = otf2w_open (dir, N_RANKS);

  for (guint r = 0; r < N_RANKS; r++)
    {
      guint left = (r + N_RANKS - 1) % N_RANKS, right = (r + 1) % N_RANKS;

      otf2w_call (w, r, OTF2W_INIT);
      otf2w_compute (w, r, 1000 * (r + 1));
      otf2w_irecv (w, r, left, 1, 4096);
      otf2w_isend (w, r, right, 1, 4096);
      otf2w_compute (w, r, 500);
      otf2w_waitall (w, r);
      if (r == 0)
        otf2w_send (w, r, 1, 2, 100000);
      else if (r == 1)
        otf2w_recv (w, r, 0, 2, 100000);
      otf2w_allreduce (w, r, 64);
      otf2w_bcast (w, r, 2, 1000);
      otf2w_reduce (w, r, 1, 800);
      otf2w_barrier (w, r);
      otf2w_compute (w, r, 200);
      otf2w_call (w, r, OTF2W_FINALIZE);
    }
  otf2w_close (w);
}

/* The measured run: every rank's intervals, 0 <= start <= end, finite;
 * or an error that names its file. */
static void
check_measured (GFile *file, guint n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurMeasuredRun) m = augur_measured_run_read_otf2 (file, NULL, &error);
  AugurTimelineData *d;

  if (m == NULL)
    {
      if (error == NULL || strstr (error->message, ": ") == NULL)
        __builtin_trap ();
      return;
    }
  d = augur_measured_run_get_timeline (m);
  if (augur_timeline_data_get_n_rows (d) != n || augur_measured_run_get_n_ranks (m) != n)
    __builtin_trap ();
  for (guint r = 0; r < n; r++)
    for (guint i = 0; i < augur_timeline_data_get_n_row_intervals (d, r); i++)
      {
        guint state;
        double start, end;

        augur_timeline_data_get_interval (d, r, i, &state, &start, &end, NULL);
        if (!(start >= 0 && end >= start && isfinite (end)) || state > AUGUR_MEASURED_STATE_MPI)
          __builtin_trap ();
      }
  if (!isfinite (augur_measured_run_get_origin (m)) || augur_measured_run_get_origin (m) < 0)
    __builtin_trap ();
  /* its arrows: between ranks, forward in time, sizes not negative */
  for (guint i = 0; i < augur_timeline_data_get_n_messages (d); i++)
    {
      guint src, dst;
      double start, end, bytes;

      augur_timeline_data_get_message (d, i, &src, &dst, &start, &end, &bytes);
      if (src >= n || dst >= n || !(start >= 0 && end >= start && isfinite (end)) || !(bytes >= 0))
        __builtin_trap ();
    }
}

static void
check (const AugurTraceAction *a, guint n)
{
  if (a->kind >= AUGUR_TRACE_ACTION_N_KINDS || a->line == 0 || (a->peer != G_MAXUINT && a->peer >= n) ||
      (a->root != G_MAXUINT && a->root >= n) || (a->src != G_MAXUINT && a->src >= n) ||
      (a->dst != G_MAXUINT && a->dst >= n) || !(a->flops >= 0) || isinf (a->flops))
    __builtin_trap ();
  if ((a->bytes < 0 && a->bytes != -1) || (a->recv_bytes < 0 && a->recv_bytes != -1) || isinf (a->bytes))
    __builtin_trap ();
}

/* The extrapolation's reading of the archive as a run (extrap-align.c's
 * entry, extrap-otf2.c), computes measured: every rank folded into a
 * program, or a located error (a refusal names the archive). */
static void
check_extrap (GFile *file, guint n)
{
  g_autoptr(GError) error = NULL;
  ExRun *run = ex_run_read_at_speed (file, INFINITY, 1e9, NULL, &error);

  if (run == NULL)
    {
      if (error == NULL || strstr (error->message, ": ") == NULL)
        __builtin_trap ();
      return;
    }
  if (run->n_ranks != n)
    __builtin_trap ();
  for (guint r = 0; r < n; r++)
    if (run->ranks[r] == NULL || run->ranks[r]->len == 0)
      __builtin_trap ();
  ex_run_free (run);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *dir, *anchor, *evt, *def;
  static GBytes *evt_as_written, *def_as_written;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autofree gboolean *ended = NULL;
  guint n, done = 0;
  guint64 steps = 0;
  guint8 setting;

  if (dir == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      dir = g_strdup_printf ("%s/augur-fuzz-otf2-%d", g_get_tmp_dir (), (int) getpid ());
      g_mkdir_with_parents (dir, 0700);
      anchor = g_build_filename (dir, "traces.otf2", NULL);
      evt = g_build_filename (dir, "traces", "1.evt", NULL);
      def = g_build_filename (dir, "traces.def", NULL);
      write_seed_archive (dir);
      {
        char *contents = NULL;
        gsize length = 0;

        if (!g_file_get_contents (evt, &contents, &length, NULL))
          __builtin_trap ();
        evt_as_written = g_bytes_new_take (contents, length);
        if (!g_file_get_contents (def, &contents, &length, NULL))
          __builtin_trap ();
        def_as_written = g_bytes_new_take (contents, length);
      }
    }
  if (size == 0)
    return 0;
  setting = data[0];
  data++;
  size--;
  /* the archive as written (the other file put back), one file replaced by the input */
  if (!g_file_set_contents (setting & 1 ? evt : def,
                            g_bytes_get_data (setting & 1 ? evt_as_written : def_as_written, NULL),
                            (gssize) g_bytes_get_size (setting & 1 ? evt_as_written : def_as_written), NULL) ||
      !g_file_set_contents (setting & 1 ? def : evt, (const char *) data, (gssize) size, NULL))
    __builtin_trap ();

  file = g_file_new_for_path (anchor);
  t = augur_trace_set_open_otf2 (file, 1e9, NULL, &error);
  if (t == NULL)
    {
      if (error == NULL || error->domain != AUGUR_TRACE_ERROR || strstr (error->message, ": ") == NULL)
        __builtin_trap ();
      return 0;
    }
  n = augur_trace_set_get_n_processes (t);
  if (n == 0)
    __builtin_trap ();
  if (n > 4096)
    return 0;
  ended = g_new0 (gboolean, n);
  while (done < n && steps < 100000)
    {
      guint p = setting & 2 ? (guint) ((steps * 7 + steps / 3) % n) : (guint) (steps % n);
      AugurTraceAction a;

      while (ended[p])
        p = (p + 1) % n;
      steps++;
      if (!augur_trace_set_next (t, p, &a, &error))
        {
          if (error != NULL)
            {
              if (error->domain != AUGUR_TRACE_ERROR || strstr (error->message, ".evt") == NULL)
                __builtin_trap ();
              break;
            }
          ended[p] = TRUE;
          done++;
          continue;
        }
      if (a.process != p)
        __builtin_trap ();
      check (&a, n);
    }
  check_measured (file, n);
  check_extrap (file, n);
  return 0;
}
#else
int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  /* built without OTF2: nothing to read */
  return 0;
}
#endif
