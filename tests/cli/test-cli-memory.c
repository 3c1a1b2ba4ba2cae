/* test-cli-memory.c: augur-cli under a job's memory limit (an rlimit set
 * in the child, as `ulimit -v` or `ulimit -d` on a cluster node) stops with
 * a message naming the model and the budget, never a GLib abort.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)

typedef struct {
  int     resource;
  guint64 bytes;
} Limit;

static void
set_limit (gpointer data)
{
  const Limit *limit = data;
  struct rlimit rl = { limit->bytes, limit->bytes };

  setrlimit (limit->resource, &rl);
}

/* augur-cli args under the limit: its exit status (-1 on a signal: an
 * abort), standard output and error. */
static int
run_limited (const Limit *limit, const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_environ_unsetenv (g_get_environ (), "AUGUR_MEMORY_LIMIT_MB");
  int status = 0;

  g_ptr_array_add (argv, (char *) g_getenv ("AUGUR_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, set_limit, (gpointer) limit,
                     out, err, &status, &error))
    g_error ("cannot run augur-cli: %s", error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* 65,535 shared elements seen by 8 processors: a state of 139.8 kB, so the
 * first 4,096 states need 573 MB. */
static char *
write_wide_model (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "wide.ccdsm", NULL);
  g_autoptr(GString) s = g_string_new (NULL);

  for (int i = 0; i < 16; i++)
    g_string_append_printf (s, "var big%d[%d] : 0..1 = 0, kind data, home N0;\n", i, i < 15 ? 4096 : 4095);
  g_string_append (s, "var a : 0..1 = 0, kind data, home N0;\n"
                      "process P0 on cpu0 { loop { start; store a, 1; } }\n");
  for (int p = 1; p < 8; p++)
    g_string_append_printf (s, "process P%d on cpu%d { loop { store a, 0; } }\n", p, p);
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
  return g_steal_pointer (&path);
}

static gboolean
sanitized (void)
{
  /* AddressSanitizer reserves terabytes of address space: no RLIMIT_AS */
#if defined(__SANITIZE_ADDRESS__)
  return TRUE;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return TRUE;
#endif
#endif
  return g_getenv ("AUGUR_TRACE_PRELOAD") != NULL;
}

/* Refused before the first states are allocated: the message names the
 * model, what would not fit, the budget and the limit it comes from. */
static void
check_refused (int resource, const char *limit_name)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-memory-XXXXXX", NULL);
  g_autofree char *path = write_wide_model (dir);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = NULL;
  const char *args[] = { "ccdsm", path, NULL };
  Limit limit = { resource, 600 * MiB };

  g_assert_cmpint (run_limited (&limit, args, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  expected = g_strdup_printf ("%s: room for 4096 states of 139.8\u00a0kB each would need about 572.7\u00a0MB of memory, "
                              "more than the ", path);
  if (!g_str_has_prefix (err, expected) || strstr (err, " Augur may use (3/4 of the room under the ") == NULL ||
      strstr (err, limit_name) == NULL || strstr (err, "629.1\u00a0MB") == NULL ||
      strstr (err, "AUGUR_MEMORY_LIMIT_MB sets a lower one") == NULL)
    g_error ("expected \"%s ... %s\" in \"%s\"", expected, limit_name, err);
  g_assert_null (strstr (err, "GLib-ERROR"));
  g_assert_null (strchr (strchr (err, '\n') + 1, '\n'));   /* one line */
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_ccdsm_address_space (void)
{
  if (sanitized ())
    {
      g_test_skip ("AddressSanitizer needs more address space than the limit");
      return;
    }
  check_refused (RLIMIT_AS, "address-space limit (ulimit -v) of 629.1\u00a0MB");
}

static void
test_ccdsm_data (void)
{
  if (sanitized ())
    {
      g_test_skip ("AddressSanitizer needs more address space than the limit");
      return;
    }
  check_refused (RLIMIT_DATA, "data limit (ulimit -d) of 629.1\u00a0MB");
}

/* A PEPA model whose chain outgrows a 256 MiB address space: derivation
 * stops at the budget with the model's name, where it aborted. */
static void
test_pepa_address_space (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-memory-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "wide.pepa", NULL);
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = NULL, *table = NULL;
  const char *args[] = { "pepa", path, NULL };
  Limit limit = { RLIMIT_AS, 256 * MiB };

  if (sanitized ())
    {
      g_test_skip ("AddressSanitizer needs more address space than the limit");
      return;
    }
  for (int i = 0; i < 40; i++)
    g_string_append_printf (s, "P%d = (a%d, 1).Q%d;\nQ%d = (b%d, 1).R%d;\nR%d = (c%d, 1).P%d;\n",
                            i, i, i, i, i, i, i, i, i);
  /* waiting on Z (for an action none offers: the same states), so that
   * the structure gives only a bound and derivation runs into the limit */
  g_string_append (s, "Z = (z, 1).Z;\n(");
  for (int i = 0; i < 40; i++)
    g_string_append_printf (s, "%sP%d", i > 0 ? " || " : "", i);
  g_string_append (s, ") <z> Z\n");
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));

  g_assert_cmpint (run_limited (&limit, args, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  /* the budget is met either by the chain's estimate or, when the derivation's
   * threads have taken the room, by the growing table of states: both name the
   * model and the limit */
  expected = g_strdup_printf ("%s: the state space needs more memory than the ", path);
  table = g_strdup_printf ("%s: the table of the states found would need about ", path);
  if ((!g_str_has_prefix (err, expected) && !g_str_has_prefix (err, table)) ||
      strstr (err, "address-space limit (ulimit -v) of 268.4\u00a0MB") == NULL)
    g_error ("expected \"%s\" or \"%s\" in \"%s\"", expected, table, err);
  g_assert_null (strstr (err, "GLib-ERROR"));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/memory/ccdsm-address-space", test_ccdsm_address_space);
  g_test_add_func ("/cli/memory/ccdsm-data", test_ccdsm_data);
  g_test_add_func ("/cli/memory/pepa-address-space", test_pepa_address_space);
  return g_test_run ();
}
