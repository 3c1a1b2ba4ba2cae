/* test-memory.c: the memory budget read from fake cgroup v1 and v2 trees
 * and /proc files in a temporary folder, from rlimits set in a child, the
 * override, and the checks every large allocation goes through (the state
 * set refusing to grow past the budget instead of aborting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-memory.h"
#include "augur-state-set.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)

typedef struct {
  char *root;     /* the temporary folder */
  char *proc;     /* root/proc */
  char *cgroup;   /* root/cgroup */
} Tree;

static void
put (const char *dir,
     const char *rel,
     const char *text)
{
  g_autofree char *path = g_build_filename (dir, rel, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* A machine of 64 GiB with 60 GiB available; a process of 100 MiB mapped,
 * 50 MiB of data. */
static void
tree_init (Tree       *t,
           const char *self_cgroup)
{
  t->root = g_dir_make_tmp ("augur-memory-XXXXXX", NULL);
  g_assert_nonnull (t->root);
  t->proc = g_build_filename (t->root, "proc", NULL);
  t->cgroup = g_build_filename (t->root, "cgroup", NULL);
  put (t->proc, "meminfo", "MemTotal:       67108864 kB\nMemFree:         1000000 kB\nMemAvailable:   62914560 kB\n");
  put (t->proc, "self/status", "Name:\ttest\nVmPeak:\t  200000 kB\nVmSize:\t  102400 kB\nVmData:\t   51200 kB\n");
  put (t->proc, "self/cgroup", self_cgroup);
  g_assert_cmpint (g_mkdir_with_parents (t->cgroup, 0755), ==, 0);
}

static void
remove_all (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_all (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
tree_clear (Tree *t)
{
  remove_all (t->root);
  g_free (t->root);
  g_free (t->proc);
  g_free (t->cgroup);
}

/* The fake trees cannot hide this process's own rlimits: under a shell's
 * `ulimit -v` or `-d` the cases that expect another limit are skipped. */
static gboolean
rlimits_unlimited (void)
{
  struct rlimit as, data;

  if (getrlimit (RLIMIT_AS, &as) == 0 && getrlimit (RLIMIT_DATA, &data) == 0 &&
      as.rlim_cur == RLIM_INFINITY && data.rlim_cur == RLIM_INFINITY)
    return TRUE;
  g_test_skip ("this process runs under an address-space or data rlimit");
  return FALSE;
}

static void
probe (const Tree        *t,
       const char        *env,
       guint              ranks,
       AugurMemoryBudget *b)
{
  augur_memory_budget_probe (t->proc, t->cgroup, env, ranks, b);
}

/* No limit anywhere: 3/4 of the 60 GiB available. */
static void
test_machine (void)
{
  Tree t;
  AugurMemoryBudget b;

  if (!rlimits_unlimited ())
    return;
  tree_init (&t, "0::/user.slice\n");
  put (t.cgroup, "cgroup.controllers", "cpu memory\n");
  put (t.cgroup, "user.slice/memory.max", "max\n");
  put (t.cgroup, "user.slice/memory.high", "max\n");
  put (t.cgroup, "user.slice/memory.current", "4000000000\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_MACHINE);
  g_assert_cmpuint (b.bytes, ==, 60 * GiB / 4 * 3);
  /* ranks of one job share the node's memory */
  probe (&t, NULL, 4, &b);
  g_assert_cmpuint (b.bytes, ==, 60 * GiB / 4 * 3 / 4);
  tree_clear (&t);
}

/* cgroup v2: Slurm's limit on the job, the step below it without one, a
 * memory.high lower still on the step; "max" is no limit. */
static void
test_cgroup_v2 (void)
{
  Tree t;
  AugurMemoryBudget b;
  g_autofree char *expected = NULL;
  g_autofree char *why = NULL;

  if (!rlimits_unlimited ())
    return;
  tree_init (&t, "0::/system.slice/slurmstepd.scope/job_12/step_0\n");
  put (t.cgroup, "cgroup.controllers", "cpu memory\n");
  put (t.cgroup, "system.slice/memory.max", "max\n");
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/memory.max", "2147483648\n");
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/memory.current", "1073741824\n");
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/step_0/memory.max", "max\n");
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/step_0/memory.high", "max\n");
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/step_0/memory.current", "536870912\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_CGROUP);
  g_assert_cmpuint (b.limit, ==, 2 * GiB);
  g_assert_cmpuint (b.in_use, ==, GiB);
  g_assert_cmpuint (b.bytes, ==, 768 * MiB);
  expected = g_build_filename (t.cgroup, "system.slice/slurmstepd.scope/job_12/memory.max", NULL);
  g_assert_cmpstr (b.file, ==, expected);
  why = augur_memory_budget_describe (&b);
  g_assert_nonnull (strstr (why, expected));
  g_assert_nonnull (strstr (why, "cgroup"));

  /* two ranks on the node share the job's room */
  probe (&t, NULL, 2, &b);
  g_assert_cmpuint (b.bytes, ==, 384 * MiB);

  /* memory.high of the step, lower: 3/4 of (1 GiB − 512 MiB) */
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/step_0/memory.high", "1073741824\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpuint (b.bytes, ==, 384 * MiB);
  g_assert_true (g_str_has_suffix (b.file, "step_0/memory.high"));

  /* the override lowers the budget, never raises it past the cgroup */
  probe (&t, "64", 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_ENVIRONMENT);
  g_assert_cmpuint (b.bytes, ==, 64 * MiB);
  /* it is the node's: two ranks share it */
  probe (&t, "64", 2, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_ENVIRONMENT);
  g_assert_cmpuint (b.bytes, ==, 32 * MiB);
  probe (&t, "100000", 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_CGROUP);
  g_assert_cmpuint (b.bytes, ==, 384 * MiB);
  /* not a number: ignored */
  probe (&t, "12abc", 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_CGROUP);

  /* a process over its cgroup's limit has no room at all */
  put (t.cgroup, "system.slice/slurmstepd.scope/job_12/memory.current", "3221225472\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpuint (b.bytes, ==, 0);
  tree_clear (&t);
}

/* A hybrid system: v2 under unified/, v1's memory controller beside it with
 * the limit (a job of 4 GiB with 1 GiB used); the v1 root's "no limit" is
 * the largest page-aligned value. */
static void
test_cgroup_v1 (void)
{
  Tree t;
  AugurMemoryBudget b;

  if (!rlimits_unlimited ())
    return;
  tree_init (&t, "12:pids:/slurm/uid_0/job_7\n4:cpuacct,memory:/slurm/uid_0/job_7\n0::/\n");
  put (t.cgroup, "unified/cgroup.controllers", "");
  put (t.cgroup, "memory/memory.limit_in_bytes", "9223372036854771712\n");
  put (t.cgroup, "memory/memory.usage_in_bytes", "30000000000\n");
  put (t.cgroup, "memory/slurm/memory.limit_in_bytes", "9223372036854771712\n");
  put (t.cgroup, "memory/slurm/uid_0/job_7/memory.limit_in_bytes", "4294967296\n");
  put (t.cgroup, "memory/slurm/uid_0/job_7/memory.usage_in_bytes", "1073741824\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_CGROUP);
  g_assert_cmpuint (b.bytes, ==, 3 * GiB / 4 * 3);
  g_assert_true (g_str_has_suffix (b.file, "memory/slurm/uid_0/job_7/memory.limit_in_bytes"));

  /* a path that climbs out of the mount is not followed */
  put (t.proc, "self/cgroup", "4:memory:/../../etc\n");
  probe (&t, NULL, 1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_MACHINE);
  tree_clear (&t);
}

/* In a child: RLIMIT_AS and RLIMIT_DATA against the fake process's 100 MiB
 * mapped and 50 MiB of data. */
static void
test_rlimits (void)
{
#if defined(__SANITIZE_ADDRESS__)
  /* AddressSanitizer reserves terabytes of address space: no RLIMIT_AS */
  g_test_skip ("AddressSanitizer needs more address space than the limits");
  return;
#endif
  if (g_test_subprocess ())
    {
      Tree t;
      AugurMemoryBudget b;
      struct rlimit as = { 2 * GiB, 2 * GiB }, data = { GiB, GiB };
      g_autofree char *why = NULL;

      tree_init (&t, "0::/\n");
      put (t.cgroup, "cgroup.controllers", "memory\n");
      g_assert_cmpint (setrlimit (RLIMIT_AS, &as), ==, 0);
      probe (&t, NULL, 1, &b);
      g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_RLIMIT_AS);
      g_assert_cmpuint (b.bytes, ==, (2 * GiB - 100 * MiB) / 4 * 3);
      why = augur_memory_budget_describe (&b);
      g_assert_nonnull (strstr (why, "ulimit -v"));
      /* the rlimit is the process's own: ranks do not divide it */
      probe (&t, NULL, 8, &b);
      g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_RLIMIT_AS);
      g_assert_cmpuint (b.bytes, ==, (2 * GiB - 100 * MiB) / 4 * 3);

      g_assert_cmpint (setrlimit (RLIMIT_DATA, &data), ==, 0);
      probe (&t, NULL, 1, &b);
      g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_RLIMIT_DATA);
      g_assert_cmpuint (b.bytes, ==, (GiB - 50 * MiB) / 4 * 3);

      /* the real process: no more than 3/4 of the address space left */
      g_assert_cmpuint (augur_memory_budget (), <=, GiB / 4 * 3);
      g_assert_cmpuint (augur_memory_budget (), >, 0);
      tree_clear (&t);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* The checks name what, the size and the budget; an allocation past it
 * fails with that error, not an abort. */
static void
test_check (void)
{
  g_autoptr(GError) error = NULL;
  gpointer mem;

  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "16", TRUE);
  g_assert_true (augur_memory_check (15 * MiB, "x", NULL));
  g_assert_false (augur_memory_check (17 * MiB, "model.ccdsm: the chain", &error));
  g_assert_error (error, AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET);
  g_assert_true (g_str_has_prefix (error->message, "model.ccdsm: the chain would need about 17.8"));
  g_assert_nonnull (strstr (error->message, "16.8\u00a0MB Augur may use (AUGUR_MEMORY_LIMIT_MB)"));
  g_clear_error (&error);

  mem = augur_memory_try_alloc (G_IO_ERROR, G_IO_ERROR_NO_SPACE, G_MAXSIZE / 4, 8, "a trace", &error);
  g_assert_null (mem);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_clear_error (&error);

  mem = augur_memory_try_alloc (G_IO_ERROR, G_IO_ERROR_NO_SPACE, 1024, 8, "a trace", &error);
  g_assert_no_error (error);
  /* growing checks what it adds: 1 MiB more fits, 32 MiB more does not */
  g_assert_true (augur_memory_try_realloc (G_IO_ERROR, G_IO_ERROR_NO_SPACE, &mem, 1024, 1024 + 131072, 8, "a trace",
                                           &error));
  g_assert_false (augur_memory_try_realloc (G_IO_ERROR, G_IO_ERROR_NO_SPACE, &mem, 1024 + 131072, 8 * 1048576, 8,
                                            "a trace", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (mem);
  g_free (mem);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
}

/* Whether the mapping that holds [mem, mem + bytes) is one mapping with
 * the huge-page advice (VmFlags "hg" in /proc/self/smaps). */
static gboolean
advised_huge (gconstpointer mem,
              gsize         bytes)
{
  g_autofree char *smaps = NULL;
  g_auto(GStrv) lines = NULL;
  guintptr from = (guintptr) mem, to = from + bytes;
  gboolean inside = FALSE;

  g_assert_true (g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL));
  lines = g_strsplit (smaps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      unsigned long a, b;

      if (sscanf (lines[i], "%lx-%lx ", &a, &b) == 2 && strchr (lines[i], '-') < strchr (lines[i], ' '))
        inside = a <= from && to <= b;
      else if (inside && g_str_has_prefix (lines[i], "VmFlags:"))
        return strstr (lines[i], " hg") != NULL;
    }
  return FALSE;
}

/* Large arrays on huge pages: zeroed where asked, grown in place with
 * their contents, the advice on the whole of one mapping (a part would
 * split it, and growing it would then copy), a block aligned to 2 MB;
 * small blocks are left alone. */
static void
test_huge (void)
{
  g_autoptr(GError) error = NULL;
  const gsize n = 3 << 20;   /* 12 MiB of guint32 */
  guint32 *a = augur_memory_huge_new0 (n, sizeof (guint32));
  gpointer b = augur_memory_huge_new (16, 8);
  gpointer c = augur_memory_huge_aligned_new (5 << 20);
  gpointer grown;

  for (gsize i = 0; i < n; i += 4099)
    g_assert_cmpuint (a[i], ==, 0);
  for (gsize i = 0; i < n; i++)
    a[i] = (guint32) i;
  grown = a;
  g_assert_true (augur_memory_try_realloc (G_IO_ERROR, G_IO_ERROR_NO_SPACE, &grown, n, 2 * n, sizeof (guint32),
                                           "an array", &error));
  g_assert_no_error (error);
  a = grown;
  for (gsize i = 0; i < n; i++)
    g_assert_cmpuint (a[i], ==, i);
  g_assert_cmpuint ((guintptr) c % AUGUR_MEMORY_HUGE_PAGE, ==, 0);
  memset (c, 7, 5 << 20);
  if (g_file_test ("/sys/kernel/mm/transparent_hugepage/enabled", G_FILE_TEST_EXISTS))
    {
      g_assert_true (advised_huge (a, 2 * n * sizeof (guint32)));
      g_assert_true (advised_huge (c, 5 << 20));
      g_assert_false (advised_huge (b, 16 * 8));
    }
  else
    g_test_message ("no transparent huge pages here: the advice is not checked");
  augur_memory_advise_huge (NULL, 8 << 20);   /* nothing */
  g_free (a);
  g_free (b);
  augur_memory_huge_aligned_free (c);
}

/* States of 64 words: the first 4,096 take 2 MiB, over a 1 MiB budget:
 * refused with the set's error, nothing added, no abort. */
static void
test_state_set_budget (void)
{
  AugurStateSet set;
  guint64 w[64] = { 0 };
  gboolean added = TRUE;

  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "1", TRUE);
  augur_state_set_init (&set, 64);
  g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, 64), G_MAXUINT - 1, &added), ==,
                    G_MAXUINT);
  g_assert_false (added);
  g_assert_cmpuint (set.n_states, ==, 0);
  g_assert_error (set.error, AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET);
  g_assert_true (g_str_has_prefix (set.error->message, "room for 4096 states of 512 bytes each would need about 2.1"));
  augur_state_set_clear (&set);

  /* with room, the same states go in */
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "8", TRUE);
  augur_state_set_init (&set, 64);
  g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, 64), G_MAXUINT - 1, &added), ==, 0);
  g_assert_true (added);
  g_assert_null (set.error);
  augur_state_set_clear (&set);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
}

/* AUGUR_MEMORY_LIMIT_MB that is not a whole number of megabytes from 1 is
 * said, not ignored; a good one is taken. */
static void
test_setting (void)
{
  const char *bad[] = { "0", "-5", "abc", "1e400", "12MB", " 12", "99999999999999999999", "18446744073709551615" };
  AugurMemoryBudget b;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_setenv ("AUGUR_MEMORY_LIMIT_MB", bad[i], TRUE);
      g_assert_false (augur_memory_limit_setting_check (&error));
      g_assert_error (error, AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_SETTING);
      g_assert_nonnull (strstr (error->message, bad[i]));
      augur_memory_budget_get (1, &b);
      g_assert_cmpint (b.source, !=, AUGUR_MEMORY_FROM_ENVIRONMENT);
    }
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "", TRUE);
  g_assert_true (augur_memory_limit_setting_check (NULL));
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "12", TRUE);
  g_assert_true (augur_memory_limit_setting_check (NULL));
  augur_memory_budget_get (1, &b);
  g_assert_cmpint (b.source, ==, AUGUR_MEMORY_FROM_ENVIRONMENT);
  g_assert_cmpuint (b.bytes, ==, 12 * 1024 * 1024);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_true (augur_memory_limit_setting_check (NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_test_add_func ("/engine/core/memory/machine", test_machine);
  g_test_add_func ("/engine/core/memory/cgroup-v2", test_cgroup_v2);
  g_test_add_func ("/engine/core/memory/cgroup-v1", test_cgroup_v1);
  g_test_add_func ("/engine/core/memory/rlimits", test_rlimits);
  g_test_add_func ("/engine/core/memory/check", test_check);
  g_test_add_func ("/engine/core/memory/huge", test_huge);
  g_test_add_func ("/engine/core/memory/state-set", test_state_set_budget);
  g_test_add_func ("/engine/core/memory/setting", test_setting);
  return g_test_run ();
}
