/* test-cli-long-input.c: every reader's message about a megabyte-long
 * token (a name, a number, a value) is a short line that still says where
 * (FILE:LINE[:COLUMN]) and is valid UTF-8, whatever the file holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include "augur-test.h"
#include <string.h>

#define TOKEN_BYTES (1 << 20)
/* a trace's line is at most 1 MB, an activity document's 64 KB */
#define TRACE_TOKEN_BYTES (1 << 19)
#define ACTIVITY_TOKEN_BYTES 60000
#define MESSAGE_MAX 1000

static const char *cli;
static char *dir;

static const char platform[] =
  "<?xml version='1.0'?>\n"
  "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
  "<platform version=\"4.1\">\n"
  "  <zone id=\"world\" routing=\"Full\">\n"
  "    <host id=\"h0\" speed=\"%s\"/>\n"
  "    <host id=\"h1\" speed=\"1Gf\"/>\n"
  "    <link id=\"l\" bandwidth=\"1Gbps\" latency=\"10us\"/>\n"
  "    <route src=\"h0\" dst=\"h1\"><link_ctn id=\"l\"/></route>\n"
  "  </zone>\n"
  "</platform>\n";

static const char deployment[] =
  "<?xml version='1.0'?>\n"
  "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
  "<platform version=\"4.1\">\n"
  "  <actor host=\"%s\" function=\"p0\"/>\n"
  "  <actor host=\"h1\" function=\"p1\"/>\n"
  "</platform>\n";

static char *
token (char c, gsize n)
{
  char *t = g_malloc (n + 1);

  memset (t, c, n);
  t[n] = '\0';
  return t;
}

static char *
write_file (const char *name,
            const char *contents,
            gssize      length)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, contents, length, &error));
  return path;
}

/* Runs augur-cli on args ("@NAME" is the file NAME of the test's folder):
 * it fails with a message under MESSAGE_MAX bytes, valid UTF-8 without
 * control characters (a terminal would obey them), that holds `where`. */
static void
check (const char *where,
       ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *arg;
  va_list ap;
  int status = 0;

  g_ptr_array_add (argv, g_strdup (cli));
  va_start (ap, where);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, arg[0] == '@' ? g_build_filename (dir, arg + 1, NULL) : g_strdup (arg));
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  for (const char *c = err; *c != '\0'; c++)
    if ((guchar) *c < 0x20 && *c != '\n')
      g_error ("%s %s: a control character (0x%02x) on stderr: %.300s", (char *) argv->pdata[1],
               (char *) argv->pdata[2], (guchar) *c, err);
  if (strlen (err) >= MESSAGE_MAX || strstr (err, where) == NULL || !g_utf8_validate (err, -1, NULL))
    g_error ("%s %s: %zu bytes on stderr, expected fewer than %d naming %s: %.300s", (char *) argv->pdata[1],
             (char *) argv->pdata[2], strlen (err), MESSAGE_MAX, where, err);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) != 0);
}

static void
test_models (void)
{
  g_autofree char *name = token ('a', TOKEN_BYTES);
  g_autofree char *digits = token ('1', TOKEN_BYTES);
  g_autofree char *rate = g_strdup_printf ("P = (a, %s).P;\nP\n", name);
  g_autofree char *number = g_strdup_printf ("r = %s;\nP = (a, r).P;\nP\n", digits);
  g_autofree char *constant = g_strdup_printf ("const N = %s;\n", digits);
  g_autofree char *line = token ('a', ACTIVITY_TOKEN_BYTES);
  g_autofree char *p1 = write_file ("name.pepa", name, -1);
  g_autofree char *p2 = write_file ("rate.pepa", rate, -1);
  g_autofree char *p3 = write_file ("number.pepa", number, -1);
  g_autofree char *p4 = write_file ("name.des", name, -1);
  g_autofree char *p5 = write_file ("name.ccdsm", name, -1);
  g_autofree char *p6 = write_file ("number.ccdsm", constant, -1);
  g_autofree char *p7 = write_file ("name.activity", line, -1);

  check ("name.pepa:1:1:", "pepa", "@name.pepa", NULL);
  check ("rate.pepa:1:9:", "pepa", "@rate.pepa", NULL);
  check ("number.pepa:1:5:", "pepa", "@number.pepa", NULL);
  check ("name.des:1:", "pipeline", "@name.des", NULL);
  check ("name.ccdsm:1:1:", "ccdsm", "@name.ccdsm", NULL);
  check ("number.ccdsm:1:11:", "ccdsm", "@number.ccdsm", NULL);
  check ("name.activity:1:1:", "activity", "@name.activity", NULL);
}

static void
test_replay (void)
{
  g_autofree char *name = token ('a', TRACE_TOKEN_BYTES);
  g_autofree char *huge = token ('a', TOKEN_BYTES);
  g_autofree char *plat = g_strdup_printf (platform, "1Gf");
  g_autofree char *bad_plat = g_strdup_printf (platform, huge);
  g_autofree char *dep = g_strdup_printf (deployment, "h0");
  g_autofree char *bad_dep = g_strdup_printf (deployment, huge);
  g_autofree char *process = g_strdup_printf ("p0 compute 1\n%s compute 1\n", name);
  g_autofree char *action = g_strdup_printf ("p0 %s 1\n", name);
  g_autofree char *value = g_strdup_printf ("p0 compute 1%s\n", name);
  g_autofree char *smpi_action = g_strdup_printf ("0 init\n0 %s\n", name);
  g_autofree char *smpi_value = g_strdup_printf ("0 init\n0 compute 1%s\n", name);
  g_autofree char *hosts = g_strdup_printf ("%s\n", huge);
  g_autofree char *document = g_strdup_printf ("%s\n", huge);
  char *files[] = {
    write_file ("plat.xml", plat, -1), write_file ("bad-plat.xml", bad_plat, -1),
    write_file ("dep.xml", dep, -1), write_file ("bad-dep.xml", bad_dep, -1),
    write_file ("ok.txt", "p0 compute 1\np1 compute 1\n", -1), write_file ("hosts.txt", "h0\nh1\n", -1),
    write_file ("process.txt", process, -1), write_file ("action.txt", action, -1),
    write_file ("value.txt", value, -1), write_file ("smpi-action.txt", smpi_action, -1),
    write_file ("smpi-value.txt", smpi_value, -1), write_file ("index.txt", huge, -1),
    write_file ("bad-hosts.txt", hosts, -1), write_file ("doc.replay", document, -1),
  };
  char junk[1024];

  /* an escape sequence (a terminal would clear its screen), control
   * characters, bytes that are not UTF-8 */
  for (guint i = 0; i < sizeof junk; i++)
    junk[i] = (char) (i * 7 + 128);
  memcpy (junk, ">\x1b[2J\x06\x1a", 7);
  g_free (write_file ("junk.txt", junk, sizeof junk));

  check ("process.txt:2:", "replay", "-p", "@plat.xml", "-d", "@dep.xml", "@process.txt", NULL);
  check ("action.txt:1:", "replay", "-p", "@plat.xml", "-d", "@dep.xml", "@action.txt", NULL);
  check ("value.txt:1:", "replay", "-p", "@plat.xml", "-d", "@dep.xml", "@value.txt", NULL);
  check ("smpi-action.txt:2:", "replay", "-p", "@plat.xml", "--hostfile", "@hosts.txt", "@smpi-action.txt", NULL);
  check ("smpi-value.txt:2:", "replay", "-p", "@plat.xml", "--hostfile", "@hosts.txt", "@smpi-value.txt", NULL);
  /* a line that is no action: an index of SMPI's traces naming a file */
  check ("index.txt:1:", "replay", "-p", "@plat.xml", "-d", "@dep.xml", "@index.txt", NULL);
  check ("index.txt:1:", "extrapolate", "@index.txt", "@index.txt", "--ranks", "4", "--platform", "@plat.xml", NULL);
  /* binary junk: its bytes are not echoed as they are */
  check ("junk.txt:1:", "replay", "-p", "@plat.xml", "-d", "@dep.xml", "@junk.txt", NULL);
  check ("bad-hosts.txt:1:", "replay", "-p", "@plat.xml", "--hostfile", "@bad-hosts.txt", "@ok.txt", NULL);
  check ("bad-plat.xml:5:", "replay", "-p", "@bad-plat.xml", "-d", "@dep.xml", "@ok.txt", NULL);
  check ("bad-dep.xml:4:", "replay", "-p", "@plat.xml", "-d", "@bad-dep.xml", "@ok.txt", NULL);
  check ("doc.replay:1:1: expected key=value", "replay", "--document", "@doc.replay", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_free (files[i]);
}

static void
test_project (void)
{
  g_autofree char *huge = token ('a', TOKEN_BYTES);
  g_autofree char *project = g_strdup_printf ("<augur-project version=\"%s\">\n</augur-project>\n", huge);
  g_autofree char *path = write_file ("project.augur", project, -1);

  check ("project.augur:1:", "replay", "--project", "@project.augur", NULL);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set");
      return 0;
    }
  dir = g_dir_make_tmp ("augur-long-input-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/cli/long-input/models", test_models);
  g_test_add_func ("/cli/long-input/replay", test_replay);
  g_test_add_func ("/cli/long-input/project", test_project);
  status = g_test_run ();
  augur_test_remove_tree (dir);
  g_free (dir);
  return status;
}
