/* augur-test.c: what Augur's tests share (GLib only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

char *
augur_test_source_path (const char *first, ...)
{
  const char *root = g_getenv ("AUGUR_SOURCE_DIR");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, (gpointer) (root != NULL ? root : "."));
  va_start (args, first);
  for (const char *p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* How long augur_test_iterate runs what is pending, at most: a window
 * whose frames each take longer than the frame interval (a loaded
 * machine, AddressSanitizer) always has its next frame due, and running
 * "until nothing is pending" would then never return, the test ending in
 * a silent time-out instead of its assertion. */
#define ITERATE_MAX_SECONDS 10

/* The names of the timeouts of the default main context due now and of its
 * idles (among the last thousand sources added), for a log: what kept it
 * busy. */
static char *
due_sources (void)
{
  GSource *probe = g_idle_source_new ();
  guint last = g_source_attach (probe, NULL);   /* the newest id */
  GString *names = g_string_new (NULL);
  gint64 now = g_get_monotonic_time ();

  g_source_destroy (probe);
  g_source_unref (probe);
  for (guint id = last > 1000 ? last - 1000 : 1; id < last; id++)
    {
      GSource *source = g_main_context_find_source_by_id (NULL, id);
      gint64 ready;

      if (source == NULL)
        continue;
      ready = g_source_get_ready_time (source);
      if ((ready >= 0 && ready <= now) || source->source_funcs == &g_idle_funcs)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                g_source_get_name (source) ? g_source_get_name (source) : "(unnamed)");
    }
  return g_string_free (names, FALSE);
}

void
augur_test_iterate (void)
{
  gint64 end = g_get_monotonic_time () + (gint64) ITERATE_MAX_SECONDS * G_USEC_PER_SEC;

  for (guint i = 0; i < 5; i++)
    while (g_main_context_iteration (NULL, FALSE))
      if (g_get_monotonic_time () >= end)
        {
          g_autofree char *due = due_sources ();

          g_test_message ("augur_test_iterate: still busy after %d s (due: %s)", ITERATE_MAX_SECONDS, due);
          return;
        }
}

static gboolean
flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
augur_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, flag, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

typedef struct {
  gboolean done;
} Wait;

static void
wait_marshal (GClosure     *closure,
              GValue       *return_value,
              guint         n_params,
              const GValue *params,
              gpointer      hint,
              gpointer      marshal_data)
{
  ((Wait *) closure->data)->done = TRUE;
}

gboolean
augur_test_wait_signal (gpointer    object,
                        const char *signal,
                        guint       seconds)
{
  Wait wait = { FALSE };
  gboolean timed_out = FALSE;
  GClosure *closure = g_closure_new_simple (sizeof (GClosure), &wait);
  gulong handler;
  guint timeout;

  /* any signature: the marshaller only notes that it came */
  g_closure_set_marshal (closure, wait_marshal);
  handler = g_signal_connect_closure (object, signal, closure, FALSE);
  timeout = g_timeout_add_seconds (seconds, flag, &timed_out);
  while (!wait.done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (object, handler);
  if (!timed_out)
    g_source_remove (timeout);
  return wait.done;
}

void
augur_test_lower_file_size_limit (struct rlimit *saved)
{
  struct rlimit lowered;

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, saved), ==, 0);
  lowered = *saved;
  lowered.rlim_cur = 32;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lowered), ==, 0);
}

void
augur_test_child_file_size_limit (gpointer data)
{
  struct rlimit limit;

  signal (SIGXFSZ, SIG_IGN);
  if (getrlimit (RLIMIT_FSIZE, &limit) == 0)
    {
      limit.rlim_cur = 32;
      setrlimit (RLIMIT_FSIZE, &limit);
    }
}

void
augur_test_assert_old_file_kept (const char *dir,
                                 const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autofree char *base = g_path_get_basename (path);
  const char *name;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, AUGUR_TEST_OLD_CONTENTS);
  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_assert_cmpstr (name, ==, base);
}

void
augur_test_remove_tree (const char *path)
{
  GDir *dir;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK) && (dir = g_dir_open (path, 0, NULL)) != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          augur_test_remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

char *
augur_test_fake_sbatch (const char *dir)
{
  g_autofree char *bin = g_build_filename (dir, "bin", NULL);
  g_autofree char *sbatch = g_build_filename (bin, "sbatch", NULL);
  g_autofree char *path = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));
  char *old = g_strdup (g_getenv ("PATH"));

  g_assert_cmpint (g_mkdir_with_parents (bin, 0755), ==, 0);
  g_assert_true (g_file_set_contents (sbatch,
    "#!/bin/sh\n"
    "script=$2\n"
    "spec=$(sed -n 's/^#SBATCH --array=\\([0-9,-]*\\).*/\\1/p' \"$script\")\n"
    "case $spec in *-*) ids=$(seq ${spec%-*} ${spec#*-}) ;; *) ids=$(echo $spec | tr , ' ') ;; esac\n"
    "for t in $ids; do SLURM_ARRAY_TASK_ID=$t sh \"$script\" 2>\"$(dirname \"$script\")/logs/task-$t.err\"; done\n"
    "echo 4242\n", -1, NULL));
  g_assert_cmpint (g_chmod (sbatch, 0755), ==, 0);
  g_setenv ("PATH", path, TRUE);
  return old;
}

/* Figure B.1 of the pipeline paper extended to n stages on n processors,
 * every rate 10 (named mu1.., la1..), as PEPA text. */
char *
augur_test_pepa_pipeline (guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "mu%u = 10;\n", i);
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "la%u = 10;\n", i);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "Stage%u = (move%u, infty).(process%u, infty).(move%u, infty).Stage%u;\n",
                            i, i, i, i + 1, i);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "Processor%u = (process%u, mu%u).Processor%u;\n", i, i, i, i);
  g_string_append (s, "Network = ");
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "%s(move%u, la%u).Network", i > 1 ? " + " : "", i, i);
  g_string_append (s, ";\nNetwork <");
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "%smove%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (Stage1");
  for (guint i = 2; i <= n; i++)
    g_string_append_printf (s, " <move%u> Stage%u", i, i);
  g_string_append (s, ") <");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%sprocess%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%sProcessor%u", i > 1 ? "||" : "", i);
  g_string_append (s, ")\n");
  return g_string_free (s, FALSE);
}

int
augur_test_spawn (const char *const *argv,
                  const char *const *env,
                  char             **out,
                  char             **err)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  GSpawnFlags flags = G_SPAWN_SEARCH_PATH;
  int status = 0;

  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = env[i + 1] != NULL ? g_environ_setenv (envp, env[i], env[i + 1], TRUE) : g_environ_unsetenv (envp, env[i]);
  if (out == NULL)
    flags |= G_SPAWN_STDOUT_TO_DEV_NULL;
  if (err == NULL)
    flags |= G_SPAWN_STDERR_TO_DEV_NULL;
  if (!g_spawn_sync (NULL, (char **) argv, envp, flags, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

gboolean
augur_test_measure (char  **argv,
                    char  **out,
                    double *wall,
                    double *peak_mb,
                    double *cpu,
                    char  **why)
{
  g_autoptr(GError) error = NULL;
  GString *text = g_string_new (NULL);
  GPid pid;
  int fd, status;
  struct rusage ru;
  gint64 start = g_get_monotonic_time ();
  char buf[65536];
  ssize_t n;

  *out = NULL;
  *why = NULL;
  *wall = *peak_mb = *cpu = 0;
  if (!g_spawn_async_with_pipes (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 &pid, NULL, &fd, NULL, &error))
    {
      *why = g_strdup_printf ("cannot run %s: %s", argv[0], error->message);
      g_string_free (text, TRUE);
      return FALSE;
    }
  while ((n = read (fd, buf, sizeof buf)) != 0)
    {
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          break;
        }
      g_string_append_len (text, buf, n);
    }
  close (fd);
  *out = g_string_free (text, FALSE);
  while (wait4 (pid, &status, 0, &ru) < 0)
    if (errno != EINTR)
      {
        *why = g_strdup_printf ("wait4: %s", g_strerror (errno));
        return FALSE;
      }
  *wall = (g_get_monotonic_time () - start) / 1e6;
  *peak_mb = ru.ru_maxrss / 1024.0;   /* kilobytes on Linux */
  *cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  if (WIFSIGNALED (status))
    *why = g_strdup_printf ("%s killed by signal %d (%s)", argv[0], WTERMSIG (status), g_strsignal (WTERMSIG (status)));
  else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    *why = g_strdup_printf ("%s exited with status %d", argv[0], WEXITSTATUS (status));
  return *why == NULL;
}

/* The grid's neighbours of rank r: row ones 32 KiB, column ones 128 KiB. */
static guint
stencil_neighbours (guint side, guint r, guint peer[4], guint size[4])
{
  guint x = r % side, y = r / side, n = 0;

  if (x > 0)
    peer[n] = r - 1, size[n++] = 32768;
  if (x < side - 1)
    peer[n] = r + 1, size[n++] = 32768;
  if (y > 0)
    peer[n] = r - side, size[n++] = 131072;
  if (y < side - 1)
    peer[n] = r + side, size[n++] = 131072;
  return n;
}

guint64
augur_test_write_smpi_stencil (const char *dir, guint side, guint iterations, GError **error)
{
  g_autofree char *folder = g_build_filename (dir, "index.txt_files", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  guint64 lines = 0;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", folder, g_strerror (e));
      return 0;
    }
  for (guint r = 0; r < side * side; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GString) block = g_string_new (NULL), text = NULL;
      guint peer[4], size[4];
      guint n = stencil_neighbours (side, r, peer, size);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (block, "%u irecv %u 0 %u 6\n", r, peer[i], size[i]);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (block, "%u isend %u 0 %u 6\n", r, peer[i], size[i]);
      g_string_append_printf (block, "%u compute %u\n%u waitall %u\n%u allreduce 1 0 0\n", r,
                              5000000 + 250000 * (r % 3), r, 2 * n, r);
      text = g_string_sized_new (32 + (gsize) iterations * block->len);
      g_string_append_printf (text, "%u init\n", r);
      for (guint it = 0; it < iterations; it++)
        g_string_append_len (text, block->str, (gssize) block->len);
      g_string_append_printf (text, "%u finalize\n", r);
      if (!g_file_set_contents (path, text->str, (gssize) text->len, error))
        return 0;
      g_string_append_printf (index, "index.txt_files/%s\n", name);
      lines += 2 + (guint64) iterations * (2 * n + 3);
    }
  if (!g_file_set_contents (index_path, index->str, index->len, error))
    return 0;
  return lines;
}
