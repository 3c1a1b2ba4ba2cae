/* test-slurm.c: a mapping search and a sweep, an activity study's sweep and
 * the ccdsm experiment run as Slurm job arrays on a real,
 * private, single-node Slurm (munged, slurmctld and slurmd started here in
 * a temporary folder on free ports, stopped at the end) gives what the
 * local run gives; a task that fails is named by `augur-cli collect`, and
 * `collect --resubmit` runs it alone again.  Skips, saying why, when Slurm
 * or munge is not installed or cannot start.
 *
 * Environment (from meson): AUGUR_CLI, AUGUR_SOURCE_DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

typedef struct {
  char     *dir;
  char     *conf;
  gboolean  up;
} Cluster;

static guint
free_port (void)
{
  g_autoptr(GSocket) s = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new (lo, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  if (s == NULL || !g_socket_bind (s, any, TRUE, NULL) || (bound = g_socket_get_local_address (s, NULL)) == NULL)
    return 0;
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

/* Runs argv (searched in PATH) with SLURM_CONF set; its exit status,
 * standard output and error. */
static int
run (Cluster *c, const char *const *argv, char **out, char **err)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  env = g_environ_setenv (env, "SLURM_CONF", c->conf, TRUE);
  if (!g_spawn_sync (c->dir, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, out, err, &status, &error))
    {
      if (err != NULL)
        *err = g_strdup (error->message);
      return -1;
    }
  return g_spawn_check_wait_status (status, NULL) ? 0 : (WIFEXITED (status) ? WEXITSTATUS (status) : -1);
}

static void
kill_pid_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  gint64 pid;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  pid = g_ascii_strtoll (text, NULL, 10);
  if (pid > 1)
    kill ((pid_t) pid, SIGTERM);
}

static void
cluster_stop (Cluster *c)
{
  kill_pid_file (c->dir, "slurmd.pid");
  kill_pid_file (c->dir, "slurmctld.pid");
  kill_pid_file (c->dir, "munged.pid");
  g_usleep (G_USEC_PER_SEC / 2);
  augur_test_remove_tree (c->dir);
  g_free (c->dir);
  g_free (c->conf);
}

/* Starts the private Slurm; NULL-free reason in *why when it cannot. */
static gboolean
cluster_start (Cluster *c, char **why)
{
  const char *tools[] = { "munged", "slurmctld", "slurmd", "sbatch", "squeue", NULL };
  g_autofree char *key = NULL, *conf = NULL, *out = NULL, *err = NULL;
  g_autofree char *sock = NULL, *state = NULL, *spool = NULL, *keytext = NULL;
  guint ctld_port = free_port (), d_port = free_port ();
  gint64 deadline;

  c->dir = g_dir_make_tmp ("augur-slurm-XXXXXX", NULL);
  c->conf = g_build_filename (c->dir, "slurm.conf", NULL);
  for (guint i = 0; tools[i] != NULL; i++)
    {
      g_autofree char *found = g_find_program_in_path (tools[i]);
      g_autofree char *sbin = g_build_filename ("/usr/sbin", tools[i], NULL);
      if (found == NULL && !g_file_test (sbin, G_FILE_TEST_IS_EXECUTABLE))
        {
          *why = g_strdup_printf ("%s is not installed (Debian: slurm-wlm munge)", tools[i]);
          return FALSE;
        }
    }
  if (getuid () != 0)
    {
      *why = g_strdup ("a private slurmd runs jobs as root here: the test needs root");
      return FALSE;
    }
  if (ctld_port == 0 || d_port == 0 || ctld_port == d_port)
    {
      *why = g_strdup ("no free TCP port on the loopback");
      return FALSE;
    }
  key = g_build_filename (c->dir, "munge.key", NULL);
  sock = g_build_filename (c->dir, "munge.sock", NULL);
  state = g_build_filename (c->dir, "state", NULL);
  spool = g_build_filename (c->dir, "spool", NULL);
  g_mkdir (state, 0700);
  g_mkdir (spool, 0700);
  g_chmod (c->dir, 0700);
  keytext = g_malloc (1024);
  for (guint i = 0; i < 1024; i++)
    keytext[i] = (char) g_random_int_range (0, 256);
  g_assert_true (g_file_set_contents (key, keytext, 1024, NULL));
  g_chmod (key, 0400);
  conf = g_strdup_printf ("ClusterName=augurtest\nSlurmctldHost=localhost\nSlurmUser=root\nSlurmdUser=root\n"
                          "SlurmctldPort=%u\nSlurmdPort=%u\nAuthType=auth/munge\nAuthInfo=socket=%s\n"
                          "CredType=cred/munge\nStateSaveLocation=%s\nSlurmdSpoolDir=%s\n"
                          "SlurmctldPidFile=%s/slurmctld.pid\nSlurmdPidFile=%s/slurmd.pid\n"
                          "SlurmctldLogFile=%s/slurmctld.log\nSlurmdLogFile=%s/slurmd.log\n"
                          "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSchedulerType=sched/backfill\n"
                          "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nMaxArraySize=1001\n"
                          "ReturnToService=2\nJobCompType=jobcomp/none\n"
                          "AccountingStorageType=accounting_storage/none\nMpiDefault=none\n"
                          "NodeName=localhost NodeAddr=127.0.0.1 CPUs=%u State=UNKNOWN\n"
                          "PartitionName=augur Nodes=localhost Default=YES MaxTime=INFINITE State=UP\n",
                          ctld_port, d_port, sock, state, spool, c->dir, c->dir, c->dir, c->dir,
                          MAX (1u, g_get_num_processors ()));
  g_assert_true (g_file_set_contents (c->conf, conf, -1, NULL));
  {
    g_autofree char *a_sock = g_strdup_printf ("--socket=%s", sock);
    g_autofree char *a_key = g_strdup_printf ("--key-file=%s", key);
    g_autofree char *a_pid = g_strdup_printf ("--pid-file=%s/munged.pid", c->dir);
    g_autofree char *a_log = g_strdup_printf ("--log-file=%s/munged.log", c->dir);
    g_autofree char *a_seed = g_strdup_printf ("--seed-file=%s/munge.seed", c->dir);
    const char *munged[] = { "/usr/sbin/munged", "--force", a_sock, a_key, a_pid, a_log, a_seed, NULL };
    const char *ctld[] = { "/usr/sbin/slurmctld", "-f", c->conf, NULL };
    const char *d[] = { "/usr/sbin/slurmd", "-f", c->conf, "-N", "localhost", NULL };

    if (run (c, munged, &out, &err) != 0)
      {
        *why = g_strdup_printf ("munged does not start: %s", err != NULL ? err : "");
        return FALSE;
      }
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    if (run (c, ctld, &out, &err) != 0)
      {
        *why = g_strdup_printf ("slurmctld does not start: %s", err != NULL ? err : "");
        return FALSE;
      }
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    if (run (c, d, &out, &err) != 0)
      {
        *why = g_strdup_printf ("slurmd does not start: %s", err != NULL ? err : "");
        return FALSE;
      }
  }
  /* a watchdog stops the daemons and removes the folder when this
   * process ends, even on a failed assertion (which aborts it) */
  {
    g_autofree char *script = g_strdup_printf (
      "while kill -0 %d 2>/dev/null; do sleep 1; done; "
      "for f in slurmd slurmctld munged; do [ -f '%s'/$f.pid ] && kill $(cat '%s'/$f.pid) 2>/dev/null; done; "
      "sleep 1; rm -rf '%s'", (int) getpid (), c->dir, c->dir, c->dir);
    const char *watch[] = { "/bin/sh", "-c", script, NULL };
    g_spawn_async (NULL, (char **) watch, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                   NULL, NULL);
  }
  /* until the node is idle */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    {
      const char *sinfo[] = { "sinfo", "-h", "-o", "%t", NULL };
      g_clear_pointer (&err, g_free);
      g_clear_pointer (&out, g_free);
      if (run (c, sinfo, &out, &err) == 0 && out != NULL && g_str_has_prefix (out, "idle"))
        {
          c->up = TRUE;
          return TRUE;
        }
      g_usleep (G_USEC_PER_SEC / 4);
    }
  *why = g_strdup_printf ("the private Slurm's node did not become idle in 30 s (sinfo: %s%s)", out ? out : "",
                          err ? err : "");
  return FALSE;
}

/* Waits until job `id` has left the queue. */
static void
wait_job (Cluster *c, const char *id)
{
  gint64 deadline = g_get_monotonic_time () + 180 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autofree char *out = NULL, *err = NULL;
      const char *squeue[] = { "squeue", "-h", "-j", id, NULL };
      if (run (c, squeue, &out, &err) == 0 && out != NULL && *g_strstrip (out) == '\0')
        return;
      g_usleep (G_USEC_PER_SEC / 4);
    }
  g_error ("job %s did not end in 180 s", id);
}

/* "Submitted job 12; ..." -> "12" */
static char *
job_id (const char *text)
{
  const char *at = strstr (text, "job ");
  g_assert_nonnull (at);
  return g_strndup (at + 4, strspn (at + 4, "0123456789"));
}

static char *
without_seconds (const char *json)
{
  g_autoptr(GRegex) re = g_regex_new ("\"seconds\": [^\n,}]*", 0, 0, NULL);
  return g_regex_replace_literal (re, json, -1, 0, "\"seconds\": _", 0, NULL);
}

static void
test_mapping_search (void)
{
  Cluster c = { 0 };
  g_autofree char *why = NULL, *des = NULL, *job = NULL, *local = NULL, *merged = NULL, *out = NULL, *err = NULL;
  g_autofree char *blocked = NULL, *id = NULL, *script = NULL;
  const char *cli = g_getenv ("AUGUR_CLI");

  if (!cluster_start (&c, &why))
    {
      g_test_skip (why);
      if (c.dir != NULL)
        cluster_stop (&c);
      return;
    }
  des = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fuzz", "seeds-des", "template.des", NULL);
  job = g_build_filename (c.dir, "job", NULL);

  /* the local run: every mapping solved */
  {
    const char *argv[] = { cli, "pipeline", des, "--all-mappings", "--no-prune", "--format", "json", NULL };
    g_assert_cmpint (run (&c, argv, &local, &err), ==, 0);
    g_clear_pointer (&err, g_free);
  }
  /* as 5 tasks (27 mappings: 6, 6, 6, 6, 3), 2 at once, written only */
  {
    const char *argv[] = { cli, "pipeline", des, "--all-mappings", "--slurm", job, "--tasks", "5", "--throttle", "2",
                           "--no-submit", NULL };
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "27 points in 5 tasks of up to 6 (MaxArraySize 1001)"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  script = g_build_filename (job, "job.sh", NULL);
  {
    g_autofree char *text = NULL;
    g_assert_true (g_file_get_contents (script, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "#SBATCH --array=0-4%2\n"));
  }
  /* task 1 cannot write its records: it fails */
  blocked = g_build_filename (job, "results", "task-1.records", NULL);
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  {
    const char *argv[] = { "sbatch", "--parsable", script, NULL };
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 0);
    id = g_strdup (g_strstrip (out));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  wait_job (&c, id);
  {
    const char *argv[] = { cli, "collect", job, NULL };
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "1 of 5 slices are missing"));
    g_assert_nonnull (strstr (err, "task 1 (points 7 to 12)"));
    g_assert_nonnull (strstr (err, "task-1.records"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* the cause gone, task 1 alone again */
  g_assert_cmpint (g_rmdir (blocked), ==, 0);
  {
    const char *argv[] = { cli, "collect", job, "--resubmit", NULL };
    g_autofree char *again = g_build_filename (job, "job-again-1.sh", NULL);
    g_autofree char *text = NULL;
    g_autofree char *again_id = NULL;

    g_assert_cmpint (run (&c, argv, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "submitted tasks 1 again as job "));
    g_assert_true (g_file_get_contents (again, &text, NULL, NULL));
    /* the job's throttle kept */
    g_assert_nonnull (strstr (text, "#SBATCH --array=1%2\n"));
    again_id = job_id (strstr (err, "again as job") + 9);
    wait_job (&c, again_id);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *argv[] = { cli, "collect", job, "--format", "json", NULL };
    g_autofree char *a = NULL, *b = NULL;
    g_assert_cmpint (run (&c, argv, &merged, &err), ==, 0);
    a = without_seconds (local);
    b = without_seconds (merged);
    g_assert_cmpstr (a, ==, b);
    g_assert_nonnull (strstr (merged, "\"solved\": 27"));
  }
  /* submitted by augur-cli itself, in 3 tasks */
  {
    g_autofree char *job2 = g_build_filename (c.dir, "job2", NULL);
    const char *argv[] = { cli, "pipeline", des, "--all-mappings", "--slurm", job2, "--tasks", "3", NULL };
    const char *collect[] = { cli, "collect", job2, "--format", "json", NULL };
    g_autofree char *id2 = NULL, *merged2 = NULL, *a = NULL, *b = NULL;

    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 0);
    id2 = job_id (strstr (out, "Submitted job"));
    wait_job (&c, id2);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, collect, &merged2, &err), ==, 0);
    a = without_seconds (local);
    b = without_seconds (merged2);
    g_assert_cmpstr (a, ==, b);
  }
  /* a search of every mapping of 5 stages on 4 processors keeping the best
   * 5, in 4 tasks: the same best and ties as searching here (each task
   * prunes with its own best, so what they evaluated adds up to more) */
  {
    g_autofree char *job4 = g_build_filename (c.dir, "search-job", NULL);
    g_autofree char *des4 = g_build_filename (c.dir, "search.des", NULL);
    const char *local_argv[] = { cli, "pipeline", des4, "--search", "--keep", "5", "--format", "json", NULL };
    const char *argv[] = { cli, "pipeline", des4, "--search", "--keep", "5", "--slurm", job4, "--tasks", "4", NULL };
    const char *collect[] = { cli, "collect", job4, "--format", "json", NULL };
    g_autoptr(GRegex) counts = g_regex_new ("\"evaluated\": [0-9]+, \"chains_solved\": [0-9]+", 0, 0, NULL);
    g_autofree char *id4 = NULL, *local4 = NULL, *merged4 = NULL, *a = NULL, *b = NULL, *a2 = NULL, *b2 = NULL;

    g_assert_true (g_file_set_contents (des4,
                                        "type = pipeline; nbproc = 4; cp1=10; cp2=8; cp3=12; cp4=5;\n"
                                        "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl4-4=10000;\n"
                                        "nl1-2=20; nl1-3=50; nl1-4=7; nl2-3=15; nl2-4=3; nl3-4=50;\n"
                                        "nbstage=5; w1=1; w2=2; w3=1; w4=3; w5=1; ds1=1; ds2=2; ds3=5; ds4=1; ds5=1; "
                                        "ds6=3;\nmappings=[1,(1,2,3,4,1),1];\nthroughput;\n", -1, NULL));
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, local_argv, &local4, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "1024 points in 4 tasks of up to 256"));
    id4 = job_id (strstr (out, "Submitted job"));
    wait_job (&c, id4);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, collect, &merged4, &err), ==, 0);
    a = without_seconds (local4);
    b = without_seconds (merged4);
    a2 = g_regex_replace_literal (counts, a, -1, 0, "_", 0, NULL);
    b2 = g_regex_replace_literal (counts, b, -1, 0, "_", 0, NULL);
    g_assert_cmpstr (a2, ==, b2);
    g_assert_nonnull (strstr (merged4, "\"search\": {\"mappings\": 1024, "));
  }
  /* a sweep of the listed mappings, 40 points in 6 tasks: the merged
   * output is the local run's, byte for byte (crossovers refined by
   * collect as the local run refines them) */
  {
    g_autofree char *job3 = g_build_filename (c.dir, "job3", NULL);
    const char *local_argv[] = { cli, "pipeline", des, "--sweep", "cp2=0.1:100:40", "--log", NULL };
    const char *argv[] = { cli, "pipeline", des, "--sweep", "cp2=0.1:100:40", "--log", "--slurm", job3, "--tasks", "6",
                           NULL };
    const char *collect[] = { cli, "collect", job3, NULL };
    g_autofree char *local3 = NULL, *merged3 = NULL, *id3 = NULL;

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, local_argv, &local3, &err), ==, 0);
    g_assert_nonnull (strstr (local3, "Best changes from "));
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, argv, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "40 points in 6 tasks of up to 7"));
    id3 = job_id (strstr (out, "Submitted job"));
    wait_job (&c, id3);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, collect, &merged3, &err), ==, 0);
    g_assert_cmpstr (merged3, ==, local3);
  }
  /* an activity study's sweep (its platform copied into the job) and the
   * ccdsm experiment, each in 3 tasks: collected, byte for byte the local
   * run's */
  {
    g_autofree char *activity = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples",
                                                  "lapw0-cluster.activity", NULL);
    g_autofree char *ccdsm = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr1.ccdsm", NULL);
    g_autofree char *job4 = g_build_filename (c.dir, "job4", NULL);
    g_autofree char *job5 = g_build_filename (c.dir, "job5", NULL);
    const char *local4[] = { cli, "activity", activity, "--sweep", "NP=2:32:6", "--format", "csv", NULL };
    const char *argv4[] = { cli, "activity", activity, "--sweep", "NP=2:32:6", "--slurm", job4, "--tasks", "3", NULL };
    const char *collect4[] = { cli, "collect", job4, "--format", "csv", NULL };
    const char *local5[] = { cli, "ccdsm", ccdsm, "--experiment", NULL };
    const char *argv5[] = { cli, "ccdsm", ccdsm, "--experiment", "--slurm", job5, "--tasks", "3", NULL };
    const char *collect5[] = { cli, "collect", job5, NULL };
    g_autofree char *l4 = NULL, *m4 = NULL, *l5 = NULL, *m5 = NULL, *id4 = NULL, *id5 = NULL, *out5 = NULL;

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, local4, &l4, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, local5, &l5, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, argv4, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "6 points in 3 tasks of up to 2"));
    id4 = job_id (strstr (out, "Submitted job"));
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, argv5, &out5, &err), ==, 0);
    id5 = job_id (strstr (out5, "Submitted job"));
    wait_job (&c, id4);
    wait_job (&c, id5);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, collect4, &m4, &err), ==, 0);
    g_assert_cmpstr (m4, ==, l4);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (&c, collect5, &m5, &err), ==, 0);
    g_assert_cmpstr (m5, ==, l5);
  }
  cluster_stop (&c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/slurm/search-and-sweep", test_mapping_search);
  return g_test_run ();
}
