/* test-cli-slurm.c: every kind of study augur-cli writes as a Slurm job
 * array (--slurm DIR --no-submit), its tasks run here by hand as Slurm
 * runs them (SLURM_ARRAY_TASK_ID=T sh DIR/job.sh), then `augur-cli
 * collect`: a missing task is named, --resubmit (through a stand-in
 * sbatch) writes an array of that task alone, and the merged output is
 * the local run's, byte for byte, in every format and in French too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include "augur-test.h"
#include <string.h>

static const char *cli;
static char *tmp;

/* augur-cli with args, then extra (both NULL-terminated), under LC_ALL=locale. */
static int
run (const char *locale, const char *const *args, const char *const *extra, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", locale, TRUE);
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) extra[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* One task of a job's script, as Slurm runs it. */
static void
run_task (const char *script, guint task)
{
  g_autofree char *id = g_strdup_printf ("%u", task);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "SLURM_ARRAY_TASK_ID", id, TRUE);
  const char *argv[] = { "/bin/sh", script, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("task %u of %s failed: %s", task, script, err);
}

/* JSON's timings, which differ from run to run, and what a search's
 * tasks evaluated and solved, which depends on how it is split (each task
 * prunes with its own best) */
static char *
without_seconds (const char *text)
{
  g_autoptr(GRegex) re = g_regex_new ("seconds\": [^\n,}]*", 0, 0, NULL);
  g_autoptr(GRegex) json = g_regex_new ("\"evaluated\": [0-9]+, \"chains_solved\": [0-9]+", 0, 0, NULL);
  g_autoptr(GRegex) plain = g_regex_new ("mappings in [0-9.,]+ s: [0-9]+ evaluated \\([0-9]+ chains solved\\)", 0, 0,
                                         NULL);
  g_autofree char *a = g_regex_replace_literal (re, text, -1, 0, "seconds\": _", 0, NULL);
  g_autofree char *b = g_regex_replace_literal (json, a, -1, 0, "\"evaluated\": _", 0, NULL);
  return g_regex_replace_literal (plain, b, -1, 0, "mappings: _ evaluated", 0, NULL);
}

/* The study `local` as a job of `tasks` tasks in `name`: task `skipped`
 * first missing, then resubmitted and run; collected equal to local. */
static void
check_job (const char *name, const char *const *local, guint tasks, guint skipped, const char *announce)
{
  g_autofree char *job = g_build_filename (tmp, name, NULL);
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *again = g_build_filename (job, "job-again-1.sh", NULL);
  g_autofree char *n_tasks = g_strdup_printf ("%u", tasks);
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *line = NULL, *where = NULL;
  const char *write[] = { "--slurm", job, "--tasks", n_tasks, "--no-submit", NULL };
  const char *collect[] = { "collect", job, NULL };
  const char *resubmit[] = { "collect", job, "--resubmit", NULL };
  const char *formats[] = { "text", "json", "csv" };

  g_assert_cmpint (run ("C", local, write, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, announce));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  for (guint t = 0; t < tasks; t++)
    if (t != skipped)
      run_task (script, t);
  /* the missing task, named */
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 1);
  where = g_strdup_printf ("1 of %u slices are missing", tasks);
  g_assert_nonnull (strstr (err, where));
  g_free (where);
  where = g_strdup_printf ("task %u (points ", skipped);
  g_assert_nonnull (strstr (err, where));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* resubmitted alone (the stand-in sbatch only answers), then run */
  g_assert_cmpint (run ("C", resubmit, NULL, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "again as job 77"));
  g_assert_true (g_file_get_contents (again, &text, NULL, NULL));
  line = g_strdup_printf ("#SBATCH --array=%u\n", skipped);
  g_assert_nonnull (strstr (text, line));
  run_task (again, skipped);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      const char *format[] = { "--format", formats[f], NULL };
      g_autofree char *lo = NULL, *le = NULL, *mo = NULL, *me = NULL, *fo = NULL, *fe = NULL;
      g_autofree char *flo = NULL, *fle = NULL;
      g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
      int status = run ("C", local, format, &lo, &le);

      g_assert_cmpint (run ("C", collect, format, &mo, &me), ==, status);
      g_assert_cmpint (run ("fr_FR.UTF-8", collect, format, &fo, &fe), ==, status);
      /* in French, as the local run in French (a text may use the
       * locale's decimal comma; JSON and CSV never do) */
      g_assert_cmpint (run ("fr_FR.UTF-8", local, format, &flo, &fle), ==, status);
      a = without_seconds (lo);
      b = without_seconds (mo);
      c = without_seconds (fo);
      d = without_seconds (flo);
      g_assert_cmpstr (b, ==, a);
      g_assert_cmpstr (c, ==, d);
      if (strcmp (formats[f], "text") != 0)
        g_assert_cmpstr (c, ==, a);
      if (strcmp (formats[f], "text") == 0 && strstr (lo, "Searched: ") == NULL)
        g_assert_cmpstr (mo, ==, lo);
    }
}

static void
test_activity (void)
{
  g_autofree char *model = augur_test_source_path ("data", "examples", "lapw0-cluster.activity", NULL);
  g_autofree char *measured = g_build_filename (tmp, "measured.csv", NULL);
  const char *sweep[] = { "activity", model, "--sweep", "NP=2:32:7", "--param", "NAT=48", NULL };
  const char *configs[] = { "activity", model, "--configs", "--measured", measured, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *job = g_build_filename (tmp, "bare", NULL);
  const char *bare[] = { "activity", model, "--slurm", job, "--no-submit", NULL };

  g_assert_true (g_file_set_contents (measured, "NP,time\n4,0.6\n8,0.41\n8,0.43\n32,0.35\n", -1, NULL));
  /* the platform beside the model goes into the job's folder */
  check_job ("activity-sweep", sweep, 3, 1, "7 points in 3 tasks of up to 3");
  check_job ("activity-configs", configs, 4, 2, "4 points in 4 tasks of up to 1");
  {
    g_autofree char *copy = g_build_filename (tmp, "activity-sweep", "cluster32.xml", NULL);
    g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  }
  /* one evaluation is not a study */
  g_assert_cmpint (run ("C", bare, NULL, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "give --sweep or --configs"));
}

static void
test_ccdsm (void)
{
  g_autofree char *model = augur_test_source_path ("data", "examples", "sr1.ccdsm", NULL);
  const char *experiment[] = { "ccdsm", model, "--experiment", NULL };

  check_job ("ccdsm-experiment", experiment, 3, 1, "6 points in 3 tasks of up to 2");
}

/* A PEPA experiment: each task derives and solves its points. */
static void
test_pepa_experiment (void)
{
  g_autofree char *model = augur_test_source_path ("data", "examples", "pipeline.pepa", NULL);
  const char *experiment[] = { "pepa", model, "--vary", "mu1=2:20:7", "--vary2", "la1=5,10",
                               "--measure", "throughput:process1", NULL };

  g_autofree char *plan = g_build_filename (tmp, "pepa-experiment", "plan.ini", NULL);
  g_autofree char *text = NULL;

  check_job ("pepa-experiment", experiment, 3, 1, "14 points in 3 tasks of up to 5");
  /* No count given: each task's memory budget on its node limits its
   * state spaces, not a count written into the job. */
  g_assert_true (g_file_get_contents (plan, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "--vary"));
  g_assert_null (strstr (text, "--max-states"));
}

/* A search of every mapping keeping the best: each task searches its
 * blocks; collect merges the best and the ties, equal to the local run's,
 * however the search is split. */
static void
test_pipeline_search (void)
{
  g_autofree char *des = augur_test_source_path ("tests", "fuzz", "seeds-des", "template.des", NULL);
  const char *search[] = { "pipeline", des, "--search", "--keep", "4", NULL };

  check_job ("pipeline-search", search, 5, 3, "27 points in 5 tasks of up to 6");
}

/* A sweep of the best mappings: each task solves every mapping at its
 * points; collect chooses the curves and plots them as the local run. */
static void
test_pipeline_best (void)
{
  g_autofree char *des = augur_test_source_path ("tests", "fuzz", "seeds-des", "template.des", NULL);
  const char *best[] = { "pipeline", des, "--sweep", "cp2=0.1:100:12", "--log", "--best", "3", NULL };

  check_job ("pipeline-best", best, 4, 1, "12 points in 4 tasks of up to 3");
}

/* A replay what-if sweep: the job's copy of the document names the
 * traces by their absolute paths, so the tasks find them where they are. */
static void
test_replay (void)
{
  g_autofree char *ring = augur_test_source_path ("tests", "fixtures", "replay", "ring", "trace.txt", NULL);
  g_autofree char *folder = g_build_filename (tmp, "replay-document", NULL);
  g_autofree char *trace = g_build_filename (folder, "trace.txt", NULL);
  g_autofree char *doc = g_build_filename (folder, "cluster.replay", NULL);
  g_autofree char *text = NULL;
  const char *sweep[] = { "replay", "--document", doc, "--sweep", "bandwidth=1e7:1e9:5", "--log", NULL };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_true (g_file_get_contents (ring, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (trace, text, -1, NULL));
  /* the trace next to the document, by a relative path */
  g_assert_true (g_file_set_contents (doc, "network=lv08\ntrace=trace.txt\ncluster=4,1,1.5e9,1.25e8,5e-05,2.25e9,0.0005\n",
                                      -1, NULL));
  check_job ("replay-sweep", sweep, 3, 1, "5 points in 3 tasks of up to 2");
}

/* A replay sweep whose points warn (requests never waited for): the
 * tasks' records keep each point's warnings, so the collected JSON says
 * them as the local run does.  (Not check_job: a warning is text in the
 * language the task ran in, so a task run in C and collected in French
 * keeps its English warnings.) */
static void
test_replay_warnings (void)
{
  g_autofree char *folder = g_build_filename (tmp, "replay-warnings", NULL);
  g_autofree char *index = g_build_filename (folder, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (folder, "r0.txt", NULL);
  g_autofree char *r1 = g_build_filename (folder, "r1.txt", NULL);
  g_autofree char *doc = g_build_filename (folder, "unwaited.replay", NULL);
  g_autofree char *job = g_build_filename (tmp, "replay-sweep-warnings", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *local = NULL, *local_err = NULL;
  const char *sweep[] = { "replay", "--document", doc, "--sweep", "bandwidth=1e7:1e9:4", "--log", NULL };
  const char *write[] = { "--slurm", job, "--tasks", "2", "--no-submit", NULL };
  const char *json[] = { "--format", "json", NULL };
  const char *collect[] = { "collect", job, "--format", "json", NULL };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_true (g_file_set_contents (index, "r0.txt\nr1.txt\n", -1, NULL));
  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 10000000\n0 isend 1 0 1000\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 10000000\n1 irecv 0 0 1000\n1 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (doc, "network=cm02\ntrace=index.txt\ncluster=2,1,1e9,1.25e8,5e-05,2.25e9,0.0005\n",
                                      -1, NULL));
  g_assert_cmpint (run ("C", sweep, write, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "4 points in 2 tasks of up to 2"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  run_task (script, 0);
  run_task (script, 1);
  g_assert_cmpint (run ("C", sweep, json, &local, &local_err), ==, 0);
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, local);
  g_assert_nonnull (strstr (out, "{\"x\": 10000000, \"simulated_time\": 0.0008032, \"warnings\": [\"rank 0 ends with 1 "
                                 "request it never waited for still in flight ("));
  g_assert_nonnull (strstr (out, "{\"x\": 1000000000, \"simulated_time\": 0.0006020320000000001, \"warnings\": ["));
}

/* A validation campaign: each configuration (program x ranks) a point,
 * built and run for real by its task with as many processors as the most
 * ranks; collected in the local run's order.  Measured times are the
 * runs' own, so the rows are compared, not the times.  Skips without MPI
 * or the tracer. */
static void
test_validate (void)
{
  g_autofree char *mpicc = g_find_program_in_path ("mpicc"), *mpirun = g_find_program_in_path ("mpirun");
  g_autofree char *tracer = g_build_filename (g_getenv ("AUGUR_BUILD_DIR"), "src", "tracer", "libaugur-trace.so", NULL);
  g_autofree char *points = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
  g_autofree char *cg = augur_test_source_path ("data", "examples", "mpi", "cg.c", NULL);
  g_autofree char *cg_arg = g_strdup_printf ("%s:20000,20", cg);
  g_autofree char *transpose = augur_test_source_path ("data", "examples", "mpi", "transpose.c", NULL);
  g_autofree char *platform = g_build_filename (tmp, "machine.xml", NULL);
  g_autofree char *job = g_build_filename (tmp, "validate", NULL);
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *again = g_build_filename (job, "job-again-1.sh", NULL);
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  const char *calibrate[] = { "calibrate", "--points", points, "--seconds", "0.2", "-o", platform, NULL };
  const char *write[] = { "validate", "--platform", platform, "--ranks", "1,2", "--runs", "1", "--program", cg_arg,
                          "--program", transpose, "--slurm", job, "--tasks", "2", "--no-submit", NULL };
  const char *collect[] = { "collect", job, "--format", "csv", NULL };
  const char *resubmit[] = { "collect", job, "--resubmit", NULL };

  if (mpicc == NULL || mpirun == NULL || !g_file_test (tracer, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no mpicc, mpirun or tracer: Augur built without MPI");
      return;
    }
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  g_assert_cmpint (run ("C", calibrate, NULL, &out, &err), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ("C", write, NULL, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "4 points in 2 tasks of up to 2"));
  g_assert_true (g_file_get_contents (script, &text, NULL, NULL));
  /* two ranks at most: two processors per task */
  g_assert_nonnull (strstr (text, "#SBATCH --ntasks=2\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  run_task (script, 0);
  g_assert_cmpint (run ("C", resubmit, NULL, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "task 1 (points 3 to 4)"));
  run_task (again, 1);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (g_str_has_prefix (out, "program,ranks,oversubscribed,measured,"));
  g_assert_nonnull (strstr (out, "\ncg,1,no,"));
  g_assert_nonnull (strstr (strstr (out, "\ncg,1,no,"), "\ncg,2,no,"));
  g_assert_nonnull (strstr (strstr (out, "\ncg,2,no,"), "\ntranspose,1,no,"));
  g_assert_nonnull (strstr (strstr (out, "\ntranspose,1,no,"), "\ntranspose,2,no,"));
  /* --slurm needs the nodes' platform */
  {
    const char *bare[] = { "validate", "--slurm", job, NULL };
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run ("C", bare, NULL, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "give --platform"));
  }
}

/* A job's records read as another kind's, or damaged: an error naming
 * the file and the line, and never a merge. */
static void
test_hostile (void)
{
  g_autofree char *records = g_build_filename (tmp, "activity-sweep", "results", "task-0.records", NULL);
  g_autofree char *job = g_build_filename (tmp, "activity-sweep", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL, *damaged = NULL;
  const char *collect[] = { "collect", job, NULL };

  g_assert_true (g_file_get_contents (records, &text, NULL, NULL));
  /* a ccdsm task's records in an activity job */
  g_assert_true (g_file_set_contents (records, "augur-records 1 ccdsm-experiment 6\nend\n", -1, NULL));
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "task-0.records:1:1: not the records of this job"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* a point's time that is no number */
  damaged = g_strdup (text);
  *strchr (strchr (damaged, '\t') + 1, '.') = 'x';
  g_assert_true (g_file_set_contents (records, damaged, -1, NULL));
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "task-0.records:2:3: field 2: "));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* a NUL byte in a point's line: refused where it is, the records never
   * read as if they ended there */
  {
    g_autofree char *nul = g_strdup (text);
    gsize length = strlen (nul);

    *(strchr (nul, '\t') + 1) = '\0';
    g_assert_true (g_file_set_contents (records, nul, (gssize) length, NULL));
    g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "task-0.records:2:3: not text (a NUL byte): a task's records are text, one point "
                                   "a line"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* cut short: every line whole, but not its end */
  *strstr (text, "end\n") = '\0';
  g_assert_true (g_file_set_contents (records, text, -1, NULL));
  g_assert_cmpint (run ("C", collect, NULL, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "end before their last line"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* a ccdsm job merged as an activity study: refused by kind */
  {
    g_autofree char *cjob = g_build_filename (tmp, "ccdsm-experiment", NULL);
    g_autofree char *model = augur_test_source_path ("data", "examples", "lapw0-cluster.activity", NULL);
    const char *as_activity[] = { "activity", model, "--configs", "--collect-job", cjob, NULL };
    g_assert_cmpint (run ("C", as_activity, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "is a job of kind 'ccdsm-experiment'"));
  }
}

/* The bytes of path, which must be there. */
static char *
bytes_of (const char *path)
{
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* --slurm writes a new or an empty folder only: a user's job.sh or
 * another model of the model's name is named and kept byte for byte,
 * and nothing of the job is written beside it. */
static void
test_user_files (void)
{
  g_autofree char *des = augur_test_source_path ("tests", "fuzz", "seeds-des", "template.des", NULL);
  g_autofree char *theirs = g_build_filename (tmp, "theirs", NULL);
  g_autofree char *script = g_build_filename (theirs, "job.sh", NULL);
  g_autofree char *model = g_build_filename (tmp, "same-name", NULL);
  g_autofree char *copy = g_build_filename (model, "template.des", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty", NULL);
  g_autofree char *fresh = g_build_filename (tmp, "not-yet", "deeper", NULL);
  const char *user_script = "#!/bin/sh\n#SBATCH --job-name=mine\nsrun ./my-own-run\n";
  const char *user_model = "a different model of the same name\n";
  const char *folders[] = { theirs, model, empty, fresh };
  const char *kept[] = { script, copy };

  g_assert_cmpint (g_mkdir (theirs, 0755), ==, 0);
  g_assert_true (g_file_set_contents (script, user_script, -1, NULL));
  g_assert_cmpint (g_mkdir (model, 0755), ==, 0);
  g_assert_true (g_file_set_contents (copy, user_model, -1, NULL));
  g_assert_cmpint (g_mkdir (empty, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      const char *write[] = { "pipeline", des, "--all-mappings", "--slurm", folders[i], "--tasks", "3", "--no-submit",
                              NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autofree char *plan = g_build_filename (folders[i], "plan.ini", NULL);
      g_autofree char *results = g_build_filename (folders[i], "results", NULL);
      int status = run ("C", write, NULL, &out, &err);

      g_test_message ("%s: %s%s", folders[i], out, err);
      if (i < G_N_ELEMENTS (kept))
        {
          g_autofree char *base = g_path_get_basename (kept[i]);
          g_autofree char *named = g_strdup_printf ("%s is not empty (it holds %s)", folders[i], base);
          g_autofree char *now = bytes_of (kept[i]);
          g_assert_cmpint (status, ==, 1);
          g_assert_nonnull (strstr (err, named));
          g_assert_cmpstr (now, ==, i == 0 ? user_script : user_model);
          g_assert_false (g_file_test (plan, G_FILE_TEST_EXISTS));
          g_assert_false (g_file_test (results, G_FILE_TEST_EXISTS));
        }
      else
        {
          g_assert_cmpint (status, ==, 0);
          g_assert_nonnull (strstr (out, "27 points in 3 tasks of up to 9"));
          g_assert_true (g_file_test (plan, G_FILE_TEST_IS_REGULAR));
          g_assert_true (g_file_test (results, G_FILE_TEST_IS_DIR));
        }
    }
}

/* The hint to submit a job by hand, pasted into a shell as it is printed,
 * runs no command that the folder's name holds. */
static void
test_hint_quoted (void)
{
  g_autofree char *des = augur_test_source_path ("tests", "fuzz", "seeds-des", "template.des", NULL);
  g_autofree char *base = g_build_filename (tmp, "hint", NULL);
  const char *names[] = { "a$(touch${IFS}ran)b", "c`touch${IFS}ran`d" };

  g_assert_cmpint (g_mkdir (base, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *job = g_build_filename (base, names[i], NULL);
      g_autofree char *ran = g_build_filename (base, "ran", NULL);
      g_autofree char *out = NULL, *err = NULL, *expected = NULL, *sh_out = NULL, *sh_err = NULL;
      const char *write[] = { "pipeline", des, "--all-mappings", "--slurm", job, "--tasks", "3", "--no-submit", NULL };
      const char *hint;
      const char *sh[] = { "/bin/sh", "-c", NULL, NULL };
      int status = 0;

      g_assert_cmpint (run ("C", write, NULL, &out, &err), ==, 0);
      expected = g_strdup_printf ("Submit it with: sbatch '%s/job.sh'; then: augur-cli collect '%s'\n", job, job);
      hint = strstr (out, "Submit it with: ");
      g_assert_nonnull (hint);
      g_assert_cmpstr (hint, ==, expected);
      /* pasted: the stand-in sbatch answers, nothing in the name runs */
      sh[2] = hint + strlen ("Submit it with: ");
      g_assert_true (g_spawn_sync (base, (char **) sh, NULL, G_SPAWN_DEFAULT, NULL, NULL, &sh_out, &sh_err, &status,
                                   NULL));
      g_assert_cmpstr (sh_out, ==, "77\n");
      g_assert_false (g_file_test (ran, G_FILE_TEST_EXISTS));
    }
}

/* --tasks and --throttle below 1, typed, are refused with the usage's exit
 * code and nothing written (0 was the writer's "not given": the default
 * ran instead), with --slurm or without; 1 is written as asked. */
static void
test_counts_refused (void)
{
  g_autofree char *des = augur_test_source_path ("tests", "fuzz", "seeds-des", "template.des", NULL);
  g_autofree char *model = augur_test_source_path ("data", "examples", "lapw0-cluster.activity", NULL);
  g_autofree char *job = g_build_filename (tmp, "counts", NULL);
  const char *bad[][2] = { { "--tasks", "0" }, { "--tasks", "-1" }, { "--throttle", "0" }, { "--throttle", "-3" },
                           { "--tasks=0", NULL }, { "--throttle=0", NULL } };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    for (guint with_dir = 0; with_dir < 2; with_dir++)
      for (guint kind = 0; kind < 2; kind++)
        {
          const char *pipeline[] = { "pipeline", des, "--all-mappings", "--no-submit", NULL };
          const char *activity[] = { "activity", model, "--configs", "--no-submit", NULL };
          const char *extra[] = { bad[i][0], bad[i][1], NULL, NULL, NULL };
          g_autofree char *out = NULL, *err = NULL;

          if (with_dir)
            {
              extra[bad[i][1] != NULL ? 2 : 1] = "--slurm";
              extra[bad[i][1] != NULL ? 3 : 2] = job;
            }
          g_assert_cmpint (run ("C", kind == 0 ? pipeline : activity, extra, &out, &err), ==, 2);
          g_assert_nonnull (strstr (err, "--tasks, --throttle and --no-submit go with --slurm DIR, and are positive"));
          g_assert_false (g_file_test (job, G_FILE_TEST_EXISTS));
        }
  {
    const char *one[] = { "pipeline", des, "--all-mappings", "--slurm", job, "--tasks", "1", "--throttle", "1",
                          "--no-submit", NULL };
    g_autofree char *out = NULL, *err = NULL, *script = NULL;
    g_autofree char *path = g_build_filename (job, "job.sh", NULL);

    g_assert_cmpint (run ("C", one, NULL, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "27 points in 1 tasks of up to 27"));
    g_assert_true (g_file_get_contents (path, &script, NULL, NULL));
    g_assert_nonnull (strstr (script, "#SBATCH --array=0-0%1\n"));
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *bin = NULL, *sbatch = NULL, *path = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_setenv ("LC_ALL", "C", TRUE);
  g_unsetenv ("LANGUAGE");
  tmp = g_dir_make_tmp ("augur-cli-slurm-XXXXXX", NULL);
  /* a stand-in sbatch that only answers a job's id */
  bin = g_build_filename (tmp, "bin", NULL);
  sbatch = g_build_filename (bin, "sbatch", NULL);
  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  g_assert_true (g_file_set_contents (sbatch, "#!/bin/sh\necho 77\n", -1, NULL));
  g_assert_cmpint (g_chmod (sbatch, 0755), ==, 0);
  path = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));
  g_setenv ("PATH", path, TRUE);
  g_test_add_func ("/cli/slurm/activity", test_activity);
  g_test_add_func ("/cli/slurm/ccdsm", test_ccdsm);
  g_test_add_func ("/cli/slurm/pepa-experiment", test_pepa_experiment);
  g_test_add_func ("/cli/slurm/pipeline-best", test_pipeline_best);
  g_test_add_func ("/cli/slurm/pipeline-search", test_pipeline_search);
  g_test_add_func ("/cli/slurm/validate", test_validate);
  g_test_add_func ("/cli/slurm/replay", test_replay);
  g_test_add_func ("/cli/slurm/replay-warnings", test_replay_warnings);
  g_test_add_func ("/cli/slurm/hostile", test_hostile);
  g_test_add_func ("/cli/slurm/user-files", test_user_files);
  g_test_add_func ("/cli/slurm/hint-quoted", test_hint_quoted);
  g_test_add_func ("/cli/slurm/counts-refused", test_counts_refused);
  status = g_test_run ();
  augur_test_remove_tree (tmp);
  return status;
}
