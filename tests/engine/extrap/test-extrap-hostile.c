/* test-extrap-hostile.c: what a careless or hostile user gives the
 * extrapolation and its readers (docs/EXTRAPOLATE.md §4, §8, §11).
 *
 * - A FIFO named as a run (index.txt, a rank's file, an OTF2 archive's
 *   anchor, definitions or events) or as a platform is refused at once,
 *   naming the file, never opened to block until someone writes to it:
 *   each read runs in a thread, and one still reading after 3 s fails the
 *   test (the FIFO is then opened for writing and closed, so that it
 *   ends).
 * - A host speed outside 1e3 to 1e18 flop/s (2e-9 typed for 2e9) is warned
 *   of, with the model's warnings.
 * - One rank, one problem size: "1 rank", "1 problem size".
 * - Traces written (augur_extrap_model_write_traces, --trace-out, the
 *   Scaling tab's Write) never over a run already in the folder, and
 *   never half: a rank's file that cannot be written (a full disk, here a
 *   file size limit) takes every file and folder written with it; traces
 *   that no disk holds (a loop of P^2 iterations at 10^5 ranks) are
 *   refused before anything is written, in bounded memory.
 * - Numbers that are no amount: a subnormal compute, hexadecimal, a
 *   rank's flops past a quarter of the largest double (its loops' means
 *   would be inf), each refused at its line.
 * - Compute amounts that are a constant or c / P have the traces' 6
 *   printed digits as their interval, as the sized model gives them: the
 *   time at the fit stays the same to the bit, its interval holds it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "augur-file.h"
#include "extrap.h"
#include "platform.h"
#include "replay.h"
#include "test-extrap-common.h"

/* ---- A read in a thread, bounded in time ------------------------------ */

typedef gboolean (*ReadFunc) (gpointer data, GError **error);

typedef struct
{
  ReadFunc  read;
  gpointer  data;
  GMutex    lock;
  GCond     cond;
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Bounded;

static gpointer
bounded_thread (gpointer data)
{
  Bounded *b = data;
  GError *error = NULL;
  gboolean ok = b->read (b->data, &error);

  g_mutex_lock (&b->lock);
  b->ok = ok;
  b->error = error;
  b->done = TRUE;
  g_cond_signal (&b->cond);
  g_mutex_unlock (&b->lock);
  return NULL;
}

/* Runs read(data) and says whether it ended within 3 s; *error its error.
 * A read that blocks on `fifo` is let go by writing nothing to it. */
static gboolean
read_bounded (ReadFunc     read,
              gpointer     data,
              const char  *fifo,
              GError     **error)
{
  Bounded b = { .read = read, .data = data };
  gint64 until = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;
  GThread *thread;
  gboolean in_time;

  g_mutex_init (&b.lock);
  g_cond_init (&b.cond);
  thread = g_thread_new ("read", bounded_thread, &b);
  g_mutex_lock (&b.lock);
  while (!b.done)
    if (!g_cond_wait_until (&b.cond, &b.lock, until))
      break;
  in_time = b.done;
  g_mutex_unlock (&b.lock);
  if (!in_time)
    {
      /* a reader blocked in open(2) or read(2) on the FIFO: give it an
       * end, so that the thread ends and the test reports */
      for (int i = 0; i < 50 && !b.done; i++)
        {
          int fd = open (fifo, O_WRONLY | O_NONBLOCK);

          if (fd >= 0)
            close (fd);
          g_usleep (100000);
        }
    }
  g_thread_join (thread);
  g_mutex_clear (&b.lock);
  g_cond_clear (&b.cond);
  g_assert_false (b.ok);
  g_propagate_error (error, b.error);
  return in_time;
}

static gboolean
read_model (gpointer   data,
            GError   **error)
{
  GPtrArray *files = data;
  AugurExtrapOptions options;
  AugurExtrapModel *m;

  augur_extrap_options_init (&options);
  options.host_speed = 1e9;
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, error);
  if (m != NULL)
    augur_extrap_model_free (m);
  return m != NULL;
}

static gboolean
read_traces (gpointer   data,
             GError   **error)
{
  AugurTraceSet *t = augur_trace_set_open_smpi (data, 0, NULL, error);

  if (t != NULL)
    augur_trace_set_free (t);
  return t != NULL;
}

static gboolean
read_otf2 (gpointer   data,
           GError   **error)
{
  AugurTraceSet *t = augur_trace_set_open_otf2 (data, 1e9, NULL, error);

  if (t != NULL)
    augur_trace_set_free (t);
  return t != NULL;
}

static gboolean
read_platform (gpointer   data,
               GError   **error)
{
  AugurPlatform *p = augur_platform_load_file (data, error);

  if (p != NULL)
    augur_platform_free (p);
  return p != NULL;
}

/* The runs: the halo's traced runs at 4, 8 and 16 ranks, the first
 * replaced by `first`. */
static GPtrArray *
runs_with (const char *first)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  g_ptr_array_add (files, g_file_new_for_path (first));
  for (guint p = 8; p <= 16; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", p);
      g_autofree char *path = fixture ("traces", set, "index.txt", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  return files;
}

static void
assert_refused (GError     *error,
                const char *path)
{
  g_autofree char *expected = g_strconcat (path, " is not a regular file", NULL);

  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, expected));
}

/* index.txt a FIFO: the run, and the trace reader, refuse it at once. */
static void
test_fifo_index (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-hostile-XXXXXX", NULL);
  g_autofree char *index = g_build_filename (dir, "index.txt", NULL);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (index, 0600), ==, 0);
  files = runs_with (index);
  g_assert_true (read_bounded (read_model, files, index, &error));
  assert_refused (error, index);
  g_clear_error (&error);

  file = g_file_new_for_path (index);
  g_assert_true (read_bounded (read_traces, file, index, &error));
  assert_refused (error, index);
  g_assert_false (augur_trace_is_otf2 (file));
  g_unlink (index);
  g_rmdir (dir);
}

/* A rank's file that an index names, a FIFO: refused at the index's line. */
static void
test_fifo_rank (void)
{
  g_autofree char *dir = altered_copy ("halo2d-4", "rank-1.txt", "s/^/ /");
  g_autofree char *index = g_build_filename (dir, "run", "index.txt", NULL);
  g_autofree char *rank = g_build_filename (dir, "run", "index.txt_files", "rank-1.txt", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_unlink (rank), ==, 0);
  g_assert_cmpint (mkfifo (rank, 0600), ==, 0);
  files = runs_with (index);
  g_assert_true (read_bounded (read_model, files, rank, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "rank-1.txt"));
  g_assert_nonnull (strstr (error->message, "is not a regular file"));
  g_assert_cmpint (system (cmd), ==, 0);
}

/* An OTF2 archive's anchor, definitions or a rank's events a FIFO: the
 * OTF2 library, which would open it blocking, is never given it. */
static void
test_fifo_otf2 (void)
{
  const char *parts[] = { "traces.otf2", "traces.def", "traces/0.evt", "traces/1.evt", "traces/0.def" };

  if (!augur_trace_otf2_supported ())
    {
      g_test_skip ("built without OTF2");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("augur-hostile-XXXXXX", NULL);
      g_autofree char *from = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "extrap-otf2",
                                                "traces", "halo2d-4", NULL);
      g_autofree char *copy = g_strdup_printf ("cp -r '%s' '%s/run'", from, dir);
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
      g_autofree char *anchor = g_build_filename (dir, "run", "traces.otf2", NULL);
      g_autofree char *fifo = g_build_filename (dir, "run", parts[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (anchor);
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (system (copy), ==, 0);
      g_unlink (fifo);
      g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
      g_test_message ("%s a FIFO", parts[i]);
      g_assert_true (read_bounded (read_otf2, file, fifo, &error));
      assert_refused (error, fifo);
      g_assert_cmpint (system (cmd), ==, 0);
    }
}

/* The platform a FIFO (as every document Augur reads). */
static void
test_fifo_platform (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "platform.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_true (read_bounded (read_platform, file, path, &error));
  assert_refused (error, path);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- The host speed ----------------------------------------------------- */

static AugurExtrapModel *
otf2_model (double speed)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  AugurExtrapOptions options;
  AugurExtrapModel *m;

  augur_extrap_options_init (&options);
  options.compute_tolerance = INFINITY;
  options.host_speed = speed;
  for (guint p = 4; p <= 16; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", p);
      g_autofree char *path = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "extrap-otf2",
                                                "traces", set, "traces.otf2", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, &error);
  g_assert_no_error (error);
  return m;
}

static guint
speed_warnings (const AugurExtrapModel *m,
                const char             *word)
{
  const char *const *w = augur_extrap_model_get_warnings (m);
  guint n = 0;

  for (guint i = 0; w[i] != NULL; i++)
    if (strstr (w[i], "the host speed") != NULL)
      {
        g_test_message ("%s", w[i]);
        g_assert_nonnull (strstr (w[i], word));
        g_assert_nonnull (strstr (w[i], "1e3 to 1e18 flop/s"));
        n++;
      }
  return n;
}

static void
test_host_speed (void)
{
  struct { double speed; const char *word; guint n; } cases[] = {
    { 2e-9, "2e-09 flop/s, is below", 1 },
    { 1e-300, "1e-300 flop/s, is below", 1 },
    { 999, "999 flop/s, is below", 1 },
    { 1e3, "", 0 },
    { 2e9, "", 0 },
    { 1e18, "", 0 },
    { 2e19, "2e+19 flop/s, is above", 1 },
  };
  g_autofree char *none = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *w = augur_extrap_host_speed_warning (cases[i].speed);

      g_assert_cmpint (w != NULL, ==, cases[i].n == 1);
      if (w != NULL)
        g_assert_nonnull (strstr (w, cases[i].word));
    }
  none = augur_extrap_host_speed_warning (0);
  g_assert_null (none);
  if (!augur_trace_otf2_supported ())
    {
      g_test_skip ("built without OTF2");
      return;
    }
  {
    g_autoptr(AugurExtrapModel) low = otf2_model (2e-9);
    g_autoptr(AugurExtrapModel) good = otf2_model (2e9);

    /* once for the runs, however many archives */
    g_assert_cmpuint (speed_warnings (low, "2e-09 flop/s, is below"), ==, 1);
    g_assert_cmpuint (speed_warnings (good, ""), ==, 0);
  }
}

/* ---- Numbers agree with their counts ------------------------------------ */

static void
test_plural (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-hostile-XXXXXX", NULL);
  g_autofree char *one = g_build_filename (dir, "one.txt", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_autoptr(GPtrArray) files = runs_with (one);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  AugurExtrapSizedModel *s;
  double sizes[3] = { 100, 100, 100 };

  /* a run of one rank */
  g_assert_true (g_file_set_contents (one, "0 init\n0 compute 1e+06\n0 finalize\n", -1, NULL));
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_null (m);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "one.txt has 1 rank: runs of 3 ranks or more"));
  g_clear_error (&error);

  /* one problem size */
  {
    g_autofree char *four = fixture ("traces", "halo2d-4", "index.txt", NULL);

    g_object_unref (g_ptr_array_index (files, 0));
    g_ptr_array_index (files, 0) = g_file_new_for_path (four);
  }
  s = augur_extrap_sized_model_new ((GFile *const *) files->pdata, sizes, files->len, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the runs have 1 problem size: 3 or more"));
  g_assert_cmpint (system (cmd), ==, 0);
}

/* ---- The traces' printed digits ----------------------------------------- */

/* imbalance's slowest rank computes 5.2e8 / P flops, SMPI's traces
 * written to 6 digits: c / P, once exact (no interval), now has their
 * rounding as its interval, and the prediction's interval holds its time,
 * the same as before to the bit. */
static void
test_digits (void)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autofree char *platform_path = fixture ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurExtrapPrediction p = { 0 };
  guint inverse = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("imbalance-%u", sizes[i]);
      g_autofree char *path = fixture ("traces", set, "index.txt", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      const AugurExtrapParameter *q = augur_extrap_model_get_parameter (m, i);
      double lo, hi, v = augur_extrap_model_eval_parameter (m, i, 64, &lo, &hi);

      if (q->kind != AUGUR_EXTRAP_FN_INVERSE || strstr (q->what, "flops") == NULL)
        continue;
      g_test_message ("%s: %.17g (%.17g to %.17g)", q->function, v, lo, hi);
      g_assert_cmpfloat (lo, ==, v - 5e-6 * fabs (v));
      g_assert_cmpfloat (hi, ==, v + 5e-6 * fabs (v));
      inverse++;
    }
  g_assert_cmpuint (inverse, >, 0);

  platform = augur_platform_load_file (platform_file, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, 64, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_predict (m, 64, platform, deployment, &options, NULL, NULL, NULL, &p, &error));
  g_assert_no_error (error);
  g_test_message ("64 ranks: %.17g s (%.17g to %.17g)", p.time, p.low, p.high);
  /* the time at the fit, as before the interval (+0.02 % from SMPI's) */
  g_assert_cmpfloat (p.time, ==, 0.1670636050251623);
  g_assert_cmpfloat (p.low, <, p.time);
  g_assert_cmpfloat (p.high, >, p.time);
  g_assert_cmpfloat (p.high - p.low, <, 2e-5 * p.time);
  augur_extrap_prediction_clear (&p);
}

/* ---- Numbers that are no amount ---------------------------------------- */

/* A compute of 1e-320 flops (a subnormal double) in a run of halo2d: its
 * relative errors overflowed and the fit was "within inf %"; now refused
 * at its line.  0x10, which g_ascii_strtod reads as 16, is refused by the
 * trace reader, as the activity format's numbers refuse it. */
static void
test_numbers (void)
{
  static const struct { const char *set, *sed, *expected; } cases[] = {
    { "halo2d-8", "11s/compute 327680/compute 1e-320/",
      "%s/run/index.txt_files/rank-1.txt:11: rank 0: 'compute' gives 1e-320, a number between 0 and 2.2e-308 (a "
      "double's smallest normal number): no amount of a run, and no fit can be relative to it (write 0, or the "
      "amount)" },
    { "halo2d-8", "11s/compute 327680/compute 0x10/",
      "%s/run/index.txt_files/rank-1.txt:11:11: compute: expected a number of flops as value 1, found '0x10'" },
    /* 1e307 flops an iteration: their sum, for the loop's mean, passed the
     * largest double; the loops broke, and the runs were said not to run
     * one program, at another run's line */
    { "halo2d-4", "s/compute 327680/compute 1e307/",
      "%s/run/index.txt_files/rank-1.txt:51: rank 0: 'compute' brings the rank's flops to 5e+307, past "
      "4.5e307 (a quarter of the largest double): the means of its loops' amounts could not be taken" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *tmp = altered_copy (cases[c].set, "rank-1.txt", cases[c].sed);
      g_autofree char *index = g_build_filename (tmp, "run", "index.txt", NULL);
      g_autofree char *expected = g_strdup_printf (cases[c].expected, tmp);
      g_autoptr(GPtrArray) files = runs_with (index);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurExtrapModel) m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL,
                                                              NULL, &error);

      g_assert_null (m);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_suffix (error->message, expected));
      remove_tree (tmp);
    }
}

/* ---- Traces written --------------------------------------------------- */

static AugurExtrapModel *
cg_model (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  AugurExtrapModel *m;

  for (guint p = 4; p <= 32; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("cg-%u", p);
      g_autofree char *path = fixture ("traces", set, "index.txt", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  return m;
}

/* A folder holding a run already (the traced run of 64 ranks, say): its
 * index.txt is left as it is, the write refused naming the folder. */
static void
test_write_over (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = cg_model ();
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-XXXXXX", &error);
  g_autofree char *run = g_build_filename (tmp, "64", NULL);
  g_autofree char *index = g_build_filename (run, "index.txt", NULL);
  g_autofree char *files = g_build_filename (run, "index.txt_files", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (run);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (run, 0755), ==, 0);
  g_assert_true (g_file_set_contents (index, "traced/rank-1.txt\n", -1, &error));
  g_assert_false (augur_extrap_model_write_traces (m, 64, dir, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, run));
  g_assert_nonnull (strstr (error->message, "holds traces already"));
  g_assert_true (g_file_get_contents (index, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "traced/rank-1.txt\n");
  g_assert_false (g_file_test (files, G_FILE_TEST_EXISTS));
  remove_tree (tmp);
}

/* The child: a file size limit of 5,300 bytes (SIGXFSZ ignored, so that a
 * write past it fails with EFBIG as on a full disk): cg's files at 64
 * ranks are 5,153 to 5,250 bytes up to rank-10.txt, 5,476 for
 * rank-11.txt. */
static void
write_limited (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = cg_model ();
  const char *run = g_getenv ("AUGUR_TEST_RUN");
  g_autoptr(GFile) dir = g_file_new_for_path (run);
  g_autofree char *rank11 = g_build_filename (run, "index.txt_files", "rank-11.txt", NULL);
  struct rlimit limit = { 5300, 5300 };

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (augur_extrap_model_write_traces (m, 64, dir, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, run));
  g_assert_nonnull (strstr (error->message, "nothing of them is kept"));
  g_assert_nonnull (strstr (error->message, rank11));
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
}

/* A rank's file cut short: nothing is left (neither ranks 1 to 10 nor the
 * folders made), and the write then goes through in the same folder. */
static void
test_write_half (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *run = NULL;
  g_autoptr(GFile) dir = NULL;
  g_autofree char *out = NULL;
  g_autofree char *rank64 = NULL;

  if (g_test_subprocess ())
    {
      write_limited ();
      return;
    }
  tmp = g_dir_make_tmp ("augur-extrap-XXXXXX", &error);
  g_assert_no_error (error);
  out = g_build_filename (tmp, "out", NULL);
  run = g_build_filename (out, "64", NULL);
  g_setenv ("AUGUR_TEST_RUN", run, TRUE);
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  /* not even the folder "out" made on the way */
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (tmp, G_FILE_TEST_IS_DIR));

  m = cg_model ();
  dir = g_file_new_for_path (run);
  g_assert_true (augur_extrap_model_write_traces (m, 64, dir, NULL, &error));
  g_assert_no_error (error);
  rank64 = g_build_filename (run, "index.txt_files", "rank-64.txt", NULL);
  g_assert_true (g_file_test (rank64, G_FILE_TEST_IS_REGULAR));
  remove_tree (tmp);
}

/* A write cancelled (the Scaling tab's Stop): the folders it made go too,
 * so that the next write there is not refused. */
static void
test_write_cancelled (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = cg_model ();
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-XXXXXX", &error);
  g_autofree char *out = g_build_filename (tmp, "out", NULL);
  g_autofree char *run = g_build_filename (out, "64", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (run);
  g_autoptr(GCancellable) cancel = g_cancellable_new ();

  g_assert_no_error (error);
  g_cancellable_cancel (cancel);
  g_assert_false (augur_extrap_model_write_traces (m, 64, dir, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, run));
  g_assert_nonnull (strstr (error->message, "nothing of them is kept"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_assert_true (augur_extrap_model_write_traces (m, 64, dir, NULL, &error));
  g_assert_no_error (error);
  remove_tree (tmp);
}

/* A run of P ranks, each: init, P * P times (compute 1000, allreduce),
 * finalize; its index.txt's path. */
static char *
square_run (const char *tmp,
            guint       P)
{
  g_autofree char *dir = g_strdup_printf ("%s/sq%u", tmp, P);
  g_autofree char *files = g_build_filename (dir, "index.txt_files", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "index.txt", NULL);

  g_assert_cmpint (g_mkdir_with_parents (files, 0755), ==, 0);
  for (guint r = 0; r < P; r++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *file = g_build_filename (files, name, NULL);

      g_string_append_printf (text, "%u init\n", r);
      for (guint k = 0; k < P * P; k++)
        g_string_append_printf (text, "%u compute 1000\n%u allreduce 1 0 0\n", r, r);
      g_string_append_printf (text, "%u finalize\n", r);
      g_assert_true (g_file_set_contents (file, text->str, text->len, &error));
      g_string_append_printf (index, "index.txt_files/%s\n", name);
    }
  g_assert_true (g_file_set_contents (path, index->str, index->len, &error));
  return path;
}

/* The child: the traces at 10^5 ranks of a loop of P^2 iterations, 2 x
 * 10^15 lines, refused at once: no disk holds them (each rank's text was
 * held whole in memory, then written). */
static void
write_huge (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  const char *tmp = g_getenv ("AUGUR_TEST_RUN");
  g_autofree char *run = g_build_filename (tmp, "out", "100000", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (run);
  g_autoptr(AugurExtrapModel) m = NULL;

  for (guint p = 4; p <= 32; p *= 2)
    {
      g_autofree char *index = square_run (tmp, p);

      g_ptr_array_add (files, g_file_new_for_path (index));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (augur_extrap_model_write_traces (m, 100000, dir, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, run));
  /* 1e5 ranks x (2 x 1e10 + 2) lines */
  g_assert_nonnull (strstr (error->message, "their 2000000000200000 lines take"));
}

/* Bounded in time and memory: within 10 s, nothing written. */
static void
test_write_huge (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *out = NULL;

  if (g_test_subprocess ())
    {
      write_huge ();
      return;
    }
  tmp = g_dir_make_tmp ("augur-extrap-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("AUGUR_TEST_RUN", tmp, TRUE);
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  out = g_build_filename (tmp, "out", NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  remove_tree (tmp);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/hostile/fifo/index", test_fifo_index);
  g_test_add_func ("/extrap/hostile/fifo/rank", test_fifo_rank);
  g_test_add_func ("/extrap/hostile/fifo/otf2", test_fifo_otf2);
  g_test_add_func ("/extrap/hostile/fifo/platform", test_fifo_platform);
  g_test_add_func ("/extrap/hostile/host-speed", test_host_speed);
  g_test_add_func ("/extrap/hostile/plural", test_plural);
  g_test_add_func ("/extrap/hostile/digits", test_digits);
  g_test_add_func ("/extrap/hostile/numbers", test_numbers);
  g_test_add_func ("/extrap/hostile/write/over", test_write_over);
  g_test_add_func ("/extrap/hostile/write/half", test_write_half);
  g_test_add_func ("/extrap/hostile/write/cancelled", test_write_cancelled);
  g_test_add_func ("/extrap/hostile/write/huge", test_write_huge);
  return g_test_run ();
}
