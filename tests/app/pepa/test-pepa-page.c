/* test-pepa-page.c: the PEPA page, headless (xvfb), end to end.
 *
 * (Over 800 lines: one program for the page's cases, which share its window and models.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "augur-test-gtk.h"
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-pepa-page.h"
#include "augur-pepa-page-private.h"
#include "augur-page-cluster.h"
#include "augur-diagram.h"

/* Figure B.1 of the pipeline paper, all rates 10. */
static const char pipeline_model[] =
  "// PIPELINE APPLICATION\n"
  "// 3 stages, 3 processors (1 stage per processor)\n"
  "\n"
  "// Variables declaration (all identical)\n"
  "mu1=10; mu2=10; mu3=10;\n"
  "la1=10; la2=10; la3=10; la4=10;\n"
  "\n"
  "// Definition of the Stages\n"
  "Stage1 = (move1, infty).(process1, infty).(move2, infty).Stage1;\n"
  "Stage2 = (move2, infty).(process2, infty).(move3, infty).Stage2;\n"
  "Stage3 = (move3, infty).(process3, infty).(move4, infty).Stage3;\n"
  "\n"
  "// Definition of the Processors\n"
  "Processor1 = (process1, mu1).Processor1;\n"
  "Processor2 = (process2, mu2).Processor2;\n"
  "Processor3 = (process3, mu3).Processor3;\n"
  "\n"
  "// Definition of the Network\n"
  "Network = (move1,la1).Network + (move2,la2).Network\n"
  "          + (move3,la3).Network + (move4,la4).Network;\n"
  "\n"
  "// The pipeline model\n"
  "Network <move1,move2,move3,move4>\n"
  "  (Stage1 <move2> Stage2 <move3> Stage3)\n"
  "  <process1,process2,process3> (Processor1||Processor2||Processor3)\n";

/* Three actions with distinct throughputs 1, 2, 3. */
static const char choice_model[] =
  "P = (a, 1).P + (b, 2).P + (c, 3).P;\n"
  "Q = (d, 5).Q;\n"
  "P || Q\n";

typedef struct {
  GtkWidget     *window;
  AugurPepaPage *page;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->page = AUGUR_PEPA_PAGE (augur_pepa_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  augur_page_set_title (AUGUR_PAGE (f->page), "pipeline.pepa");
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_iterate ();
}

static void
solve_and_wait (AugurPepaPage *page,
                const char    *text)
{
  augur_page_set_text (AUGUR_PAGE (page), text);
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

static AugurResultRow *
find_row (GListModel *model,
          guint       string_column,
          const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AugurResultRow) row = g_list_model_get_item (model, i);

      if (g_strcmp0 (augur_result_row_get_string (row, string_column), name) == 0)
        return row;
    }
  return NULL;
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* ---- Solving and tables ------------------------------------------------ */

static void
test_solve_pipeline (Fixture       *f,
                     gconstpointer  data)
{
  AugurResultTable *table;
  AugurResultRow *row;
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  GListModel *model;
  double previous = -1.0;

  solve_and_wait (f->page, pipeline_model);

  g_assert_nonnull (augur_pepa_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "27 states, 51 transitions"));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, pipeline_model);

  table = augur_pepa_page_get_result_table (f->page, "throughput");
  model = augur_result_table_get_model (table);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 7);
  row = find_row (model, 0, "process1");
  g_assert_nonnull (row);
  g_assert_cmpfloat_with_epsilon (augur_result_row_get_number (row, 0), 2.40765492702859, 1e-9);

  /* Column 0 is the action (string sorter), column 1 the throughput. */
  augur_result_table_sort_by (table, 0, GTK_SORT_DESCENDING);
  names = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (names, ==, "process3 process2 process1 move4 move3 move2 move1");
  g_clear_pointer (&names, g_free);
  augur_result_table_sort_by (table, 0, GTK_SORT_ASCENDING);
  names = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (names, ==, "move1 move2 move3 move4 process1 process2 process3");

  augur_result_table_sort_by (table, 1, GTK_SORT_ASCENDING);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AugurResultRow) r = g_list_model_get_item (model, i);
      double value = augur_result_row_get_number (r, 0);

      g_assert_cmpfloat (value, >=, previous);
      /* In a pipeline every action has the same throughput. */
      g_assert_cmpfloat_with_epsilon (value, 2.40765492702859, 1e-9);
      previous = value;
    }

  augur_result_table_set_filter (table, "move");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  augur_result_table_set_filter (table, "PROCESS2");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 1);
  augur_result_table_set_filter (table, "");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 7);

  /* Utilisation: every component's local states sum to 1. */
  {
    GHashTable *sums = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    GHashTableIter iter;
    gpointer key, value;

    table = augur_pepa_page_get_result_table (f->page, "utilisation");
    model = augur_result_table_get_model (table);
    g_assert_cmpuint (g_list_model_get_n_items (model), >=, 7);
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(AugurResultRow) r = g_list_model_get_item (model, i);
        const char *component = augur_result_row_get_string (r, 0);
        double *sum = g_hash_table_lookup (sums, component);

        if (sum == NULL)
          {
            sum = g_new0 (double, 1);
            g_hash_table_insert (sums, g_strdup (component), sum);
          }
        *sum += augur_result_row_get_number (r, 0);
        g_assert_cmpfloat (augur_result_row_get_number (r, 0), >=, 0.0);
      }
    g_assert_cmpuint (g_hash_table_size (sums), ==, 7);
    g_hash_table_iter_init (&iter, sums);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_assert_cmpfloat_with_epsilon (*(double *) value, 1.0, 1e-9);
    g_hash_table_unref (sums);

    augur_result_table_set_filter (table, "Stage1");
    g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 3);
  }

  /* States: 27 rows numbered 1..27, probabilities summing to 1. */
  {
    double total = 0.0;

    table = augur_pepa_page_get_result_table (f->page, "states");
    model = augur_result_table_get_model (table);
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 27);
    for (guint i = 0; i < 27; i++)
      {
        g_autoptr(AugurResultRow) r = g_list_model_get_item (model, i);

        g_assert_cmpfloat (augur_result_row_get_number (r, 0), ==, i + 1);
        total += augur_result_row_get_number (r, 1);
        g_assert_nonnull (strstr (augur_result_row_get_string (r, 0), "Network"));
      }
    g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);

    g_assert_true (augur_result_table_select_key (table, 5));
    g_assert_cmpuint (augur_result_table_get_selected_key (table), ==, 5);
  }
}

static void
test_sort_by_throughput (Fixture       *f,
                         gconstpointer  data)
{
  AugurResultTable *table;
  g_autofree char *names = NULL;
  g_autofree char *values = NULL;

  solve_and_wait (f->page, choice_model);
  table = augur_pepa_page_get_result_table (f->page, "throughput");

  augur_result_table_sort_by (table, 1, GTK_SORT_DESCENDING);
  names = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (names, ==, "d c b a");
  values = augur_result_table_dump_column (table, 1);
  g_assert_cmpstr (values, ==, "5 3 2 1");

  g_clear_pointer (&names, g_free);
  augur_result_table_sort_by (table, 1, GTK_SORT_ASCENDING);
  names = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (names, ==, "a b c d");
}

static void
test_properties (Fixture       *f,
                 gconstpointer  data)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_pepa_page_get_text_view (f->page));
  guint modified_notifies = 0, solver_notifies = 0;
  GtkTextIter end;

  g_signal_connect (f->page, "notify::modified", G_CALLBACK (count_notify), &modified_notifies);
  g_signal_connect (f->page, "notify::solver", G_CALLBACK (count_notify), &solver_notifies);

  augur_page_set_text (AUGUR_PAGE (f->page), pipeline_model);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "// more\n", -1);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_cmpuint (modified_notifies, ==, 1);
  augur_page_set_modified (AUGUR_PAGE (f->page), TRUE);
  g_assert_cmpuint (modified_notifies, ==, 1);
  augur_page_set_modified (AUGUR_PAGE (f->page), FALSE);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_cmpuint (modified_notifies, ==, 2);

  g_assert_cmpstr (augur_pepa_page_get_solver (f->page), ==, "auto");
  augur_pepa_page_set_solver (f->page, "gs");
  g_assert_cmpstr (augur_pepa_page_get_solver (f->page), ==, "gauss-seidel");
  g_assert_cmpuint (solver_notifies, ==, 1);
  augur_pepa_page_set_solver (f->page, "gauss-seidel");
  g_assert_cmpuint (solver_notifies, ==, 1);

  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "27 states, 51 transitions"));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "gauss-seidel"));

  augur_pepa_page_set_solver (f->page, "power");
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "power"));
  g_assert_cmpstr (augur_page_get_title (AUGUR_PAGE (f->page)), ==, "pipeline.pepa");
}

/* A derivation that deadlocks fails at once; a chain with an absorbing state
 * derives but does not solve, and its states are still shown and exported. */
static void
test_unsolvable (Fixture       *f,
                 gconstpointer  data)
{
  static const char deadlock_model[] =
    "P = (a, 1).Q;\nQ = (b, 1).Q;\nR = (c, 1).R;\nP <b, c> R\n";
  static const char absorbing_model[] =
    "P = (a, 1).Q;\nQ = (b, 2).Stop;\nStop = (c, 1).Stop;\n"
    "R = (c, 1).R2;\nR2 = (d, 1).R2;\nP <c> R\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  AugurResultTable *table;

  solve_and_wait (f->page, deadlock_model);
  g_assert_null (augur_pepa_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "eadlock"));

  solve_and_wait (f->page, absorbing_model);
  g_assert_null (augur_pepa_page_get_result (f->page));
  table = augur_pepa_page_get_result_table (f->page, "states");
  /* (P, R), (Q, R), (Stop, R), (Stop, R2): the last one only loops. */
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  {
    g_autoptr(AugurResultRow) row = g_list_model_get_item (augur_result_table_get_model (table), 0);

    g_assert_true (isnan (augur_result_row_get_number (row, 1)));
  }
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_pepa_page_get_result_table (f->page, "throughput")), ==, 0);

  dir = g_dir_make_tmp ("augur-page-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "s.dot", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "dot", file, &error));
  g_assert_no_error (error);
  g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "json", file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- Exports ----------------------------------------------------------- */

static char *
read_export (AugurPepaPage *page,
             const char    *dir,
             const char    *what,
             const char    *name,
             gsize         *length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (augur_page_export (AUGUR_PAGE (page), what, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (*length, >, 0);
  g_unlink (path);
  return contents;
}

static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  char *contents;
  gsize length;

  dir = g_dir_make_tmp ("augur-page-XXXXXX", &error);
  g_assert_no_error (error);

  /* Nothing to export before a solve: an error, not a crash. */
  {
    g_autofree char *path = g_build_filename (dir, "early.json", NULL);
    g_autoptr(GFile) early = g_file_new_for_path (path);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "json", early, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
    g_clear_error (&error);
  }

  solve_and_wait (f->page, pipeline_model);

  contents = read_export (f->page, dir, "throughput-csv", "t.csv", &length);
  g_assert_true (g_str_has_prefix (contents, "action,throughput\n"));
  g_assert_nonnull (strstr (contents, "process1,"));
  g_free (contents);

  contents = read_export (f->page, dir, "utilisation-csv", "u.csv", &length);
  g_assert_true (g_str_has_prefix (contents, "component,state,probability,population\n"));
  g_free (contents);

  contents = read_export (f->page, dir, "states-csv", "s.csv", &length);
  g_assert_true (g_str_has_prefix (contents, "state,term,probability\n"));
  g_free (contents);

  contents = read_export (f->page, dir, "json", "r.json", &length);
  g_assert_nonnull (strstr (contents, "\"states\""));
  g_assert_nonnull (strstr (contents, "27"));
  g_free (contents);

  contents = read_export (f->page, dir, "dot", "s.dot", &length);
  g_assert_nonnull (strstr (contents, "digraph"));
  g_free (contents);

  contents = read_export (f->page, dir, "png", "d.png", &length);
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  g_free (contents);

  contents = read_export (f->page, dir, "svg", "d.svg", &length);
  g_assert_nonnull (strstr (contents, "<svg"));
  g_free (contents);

  contents = read_export (f->page, dir, "pdf", "d.pdf", &length);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
  g_free (contents);

  /* An unknown format and an unwritable place are errors. */
  file = g_file_new_build_filename (dir, "x.txt", NULL);
  g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "bmp", file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_clear_object (&file);
  file = g_file_new_build_filename (dir, "no-such-dir", "x.csv", NULL);
  g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "throughput-csv", file, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Failed exports ---------------------------------------------------- */

/* A write that fails midway, deterministically and on any local file
 * system: the process' file size limit (RLIMIT_FSIZE) is lowered to a few
 * bytes, so write() past it fails with EFBIG (SIGXFSZ, which would kill the
 * process, is ignored).  Pipes and terminals have no such limit. */
/* The same for augur-cli, in the child before exec: both the limit and
 * the ignored signal are inherited. */
/* A failed export must not touch the file it would replace: GIO writes a
 * temporary file and renames it over the old one when the stream closes,
 * also when a stream left open after an error is finalised. */
static void
test_failed_exports (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-page-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "old.out", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *whats[] = { "throughput-csv", "states-csv", "json", "dot", "png", "svg", "pdf" };

  solve_and_wait (f->page, pipeline_model);

  for (guint i = 0; i < G_N_ELEMENTS (whats); i++)
    {
      g_autoptr(GError) error = NULL;
      struct rlimit saved;
      gboolean ok;

      g_test_message ("export %s", whats[i]);
      g_assert_true (g_file_set_contents (path, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
      augur_test_lower_file_size_limit (&saved);
      ok = augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      g_assert_false (ok);
      g_assert_nonnull (error);
      g_clear_error (&error);
      augur_test_assert_old_file_kept (dir, path);

      /* Without the limit the same export goes through. */
      g_assert_true (augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error));
      g_assert_no_error (error);
    }

  /* augur-cli pepa --export-dot: the same on the command line. */
  {
    const char *build = g_getenv ("AUGUR_BUILD_DIR");
    g_autofree char *cli = g_build_filename (build ? build : ".", "src", "cli", "augur-cli", NULL);
    g_autofree char *model_dir = g_dir_make_tmp ("augur-model-XXXXXX", NULL);
    g_autofree char *model = g_build_filename (model_dir, "pipeline.pepa", NULL);
    const char *argv[] = { cli, "pepa", model, "--export-dot", path, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
      g_test_message ("%s not built: its --export-dot failure is not checked", cli);
    else
      {
        g_assert_true (g_file_set_contents (model, pipeline_model, -1, NULL));
        g_assert_true (g_file_set_contents (path, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, augur_test_child_file_size_limit, NULL,
                                     &out, &err, &status, &error));
        g_assert_no_error (error);
        g_assert_true (WIFEXITED (status));
        g_assert_cmpint (WEXITSTATUS (status), !=, 0);
        g_assert_nonnull (strstr (err, path));
        augur_test_assert_old_file_kept (dir, path);
      }
    g_unlink (model);
    g_rmdir (model_dir);
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* ---- Diagnostics ------------------------------------------------------- */

static void
test_diagnostics (Fixture       *f,
                  gconstpointer  data)
{
  static const char bad_model[] =
    "r = 1.5;\n"
    "P = (a, r).P;\n"
    "Q = (b, r).Q $ ;\n"
    "P || Q\n";
  GListModel *diagnostics = augur_pepa_page_get_diagnostics (f->page);
  g_autoptr(AugurResultRow) row = NULL;
  g_autofree char *text = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter iter;

  augur_page_set_text (AUGUR_PAGE (f->page), bad_model);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  augur_test_spin (600);

  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), >=, 1);
  row = g_list_model_get_item (diagnostics, 0);
  g_assert_cmpstr (augur_result_row_get_string (row, 1), ==, "error");
  g_assert_cmpfloat (augur_result_row_get_number (row, 0), ==, 3);
  g_assert_cmpfloat (augur_result_row_get_number (row, 1), ==, 14);

  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, bad_model);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* The span is underlined with the error tag. */
  buffer = gtk_text_view_get_buffer (augur_pepa_page_get_text_view (f->page));
  gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, 2, 13);
  g_assert_true (gtk_text_iter_has_tag (&iter, gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "augur-error")));

  /* Activating the row puts the cursor on the error and focuses the editor. */
  {
    GtkWidget *list = find_widget (GTK_WIDGET (f->page), GTK_TYPE_LIST_BOX);
    GtkListBoxRow *list_row;
    GtkTextIter cursor;

    g_assert_nonnull (list);
    list_row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
    g_assert_nonnull (list_row);
    g_signal_emit_by_name (list, "row-activated", list_row);
    gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
    g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, 2);
    g_assert_cmpint (gtk_text_iter_get_line_offset (&cursor), ==, 13);
    g_assert_true (gtk_widget_is_focus (GTK_WIDGET (augur_pepa_page_get_text_view (f->page))));
  }

  /* Solving it fails with an error in the status, and keeps the text. */
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
  g_assert_null (augur_pepa_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "3:14"));
  g_clear_pointer (&text, g_free);
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, bad_model);

  /* Typing marks the page modified; fixing the error clears the list. */
  gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, 2, 13);
  {
    GtkTextIter end = iter;

    gtk_text_iter_forward_char (&end);
    gtk_text_buffer_delete (buffer, &iter, &end);
  }
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  augur_test_spin (600);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
}

static void
test_garbage (Fixture       *f,
              gconstpointer  data)
{
  static const char *inputs[] = {
    "", "(", ")", "P = ", "P = (a, 1).P", "P = (a, -1).P;\nP\n", "<<<>>>",
    "P = (a, 1).Q;\nP\n", "P = (a, infty).P;\nP\n", "\xff\xfe garbage",
    "P = (a, 1).P;\nP[1000000000]\n", "r = 1/0;\nP = (a, r).P;\nP\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *text = NULL;
      const char *expected = g_utf8_validate (inputs[i], -1, NULL) ? inputs[i] : NULL;

      augur_page_set_text (AUGUR_PAGE (f->page), inputs[i]);
      augur_page_run (AUGUR_PAGE (f->page));
      g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
      augur_test_spin (350);
      text = augur_page_get_text (AUGUR_PAGE (f->page));
      if (expected != NULL)
        g_assert_cmpstr (text, ==, expected);
    }
}

/* ---- Cancel ------------------------------------------------------------ */

static char *
make_pipeline (guint stages)
{
  GString *s = g_string_new ("la = 10; mu = 10;\n");

  for (guint i = 1; i <= stages; i++)
    g_string_append_printf (s, "Stage%u = (move%u, infty).(process%u, infty).(move%u, infty).Stage%u;\n"
                               "Processor%u = (process%u, mu).Processor%u;\n",
                            i, i, i, i + 1, i, i, i, i);
  g_string_append (s, "Network = ");
  for (guint i = 1; i <= stages + 1; i++)
    g_string_append_printf (s, "%s(move%u, la).Network", i > 1 ? " + " : "", i);
  g_string_append (s, ";\nNetwork <");
  for (guint i = 1; i <= stages + 1; i++)
    g_string_append_printf (s, "%smove%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  for (guint i = 1; i <= stages; i++)
    {
      if (i > 1)
        g_string_append_printf (s, " <move%u> ", i);
      g_string_append_printf (s, "Stage%u", i);
    }
  g_string_append (s, ") <");
  for (guint i = 1; i <= stages; i++)
    g_string_append_printf (s, "%sprocess%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  for (guint i = 1; i <= stages; i++)
    g_string_append_printf (s, "%sProcessor%u", i > 1 ? " || " : "", i);
  g_string_append (s, ")\n");

  return g_string_free (s, FALSE);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *big = make_pipeline (12);
  g_autofree char *text = NULL;
  gint64 start;

  augur_page_set_text (AUGUR_PAGE (f->page), big);
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));

  /* The UI keeps turning while the worker derives. */
  start = g_get_monotonic_time ();
  augur_test_spin (300);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));

  augur_page_cancel (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_null (augur_pepa_page_get_result (f->page));
  g_assert_cmpstr (augur_pepa_page_get_status_text (f->page), ==, "Cancelled");
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, big);

  /* A second solve replaces a running one; the page stays usable. */
  augur_page_run (AUGUR_PAGE (f->page));
  augur_test_spin (100);
  augur_page_set_text (AUGUR_PAGE (f->page), pipeline_model);
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_assert_nonnull (augur_pepa_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "27 states"));
}

/* ---- Rendering --------------------------------------------------------- */

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  AugurDiagramStyle style;
  GtkWidget *view;
  graphene_rect_t bounds;
  const char *screenshot = g_getenv ("AUGUR_PAGE_SCREENSHOT");
  int width, height;
  gsize stride;
  guint matches = 0, total = 0;

  solve_and_wait (f->page, pipeline_model);
  augur_pepa_page_show_results (f->page, "states");
  augur_test_spin (500);

  texture = augur_test_render_window (f->window);
  if (screenshot != NULL)
    g_assert_true (gdk_texture_save_to_png (texture, screenshot));

  view = augur_pepa_page_get_diagram_view (f->page);
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_true (gtk_widget_compute_bounds (view, f->window, &bounds));
  g_assert_cmpfloat (bounds.size.width, >, 100);
  g_assert_cmpfloat (bounds.size.height, >, 100);

  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  stride = (gsize) width * 4;
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);

  augur_diagram_style_init (&style, FALSE);
  for (int y = MAX (0, (int) bounds.origin.y); y < MIN (height, (int) (bounds.origin.y + bounds.size.height)); y++)
    for (int x = MAX (0, (int) bounds.origin.x); x < MIN (width, (int) (bounds.origin.x + bounds.size.width)); x++)
      {
        /* gdk_texture_download(): CAIRO_FORMAT_ARGB32, i.e. B G R A in memory. */
        const guchar *p = pixels + y * stride + x * 4;
        int b = p[0], g = p[1], r = p[2];

        total++;
        if (abs (r - (int) round (style.node_fill.red * 255)) <= 6 &&
            abs (g - (int) round (style.node_fill.green * 255)) <= 6 &&
            abs (b - (int) round (style.node_fill.blue * 255)) <= 6)
          matches++;
      }

  g_test_message ("%u of %u diagram pixels have the node colour", matches, total);
  /* 27 filled circles, however small the fitted zoom makes them. */
  g_assert_cmpuint (matches, >, 27 * 8);
  g_assert_cmpuint (matches, <, total / 2);
}

/* The texts of the labels shown in widget, into texts. */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

/* Saves the window as the PNG an environment variable names, when it
 * names one, at a width x height (0: as it is), for looking at a change. */
static void
screenshot_if (GtkWidget  *window,
               const char *variable,
               int         width,
               int         height)
{
  g_autoptr(GdkTexture) texture = NULL;
  int old_width = 0, old_height = 0;

  if (g_getenv (variable) == NULL)
    return;
  if (width > 0)
    {
      gtk_window_get_default_size (GTK_WINDOW (window), &old_width, &old_height);
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
    }
  augur_test_spin (500);
  texture = augur_test_render_window (window);
  if (width > 0)
    {
      g_assert_cmpint (gdk_texture_get_width (texture), <=, width);
      gtk_window_set_default_size (GTK_WINDOW (window), old_width, old_height);
    }
  g_assert_true (gdk_texture_save_to_png (texture, g_getenv (variable)));
}

/* The Over Time and Passage tabs: computed as the page's job, charted
 * (pixels of the series' colour), exported; a new solve clears them. */
static void
test_analyses (Fixture       *f,
               gconstpointer  data)
{
  const AugurPepaTransient *tr;
  const AugurPepaPassage *p;
  g_autofree char *dir = g_dir_make_tmp ("augur-pepa-XXXXXX", NULL);
  gsize length = 0;

  solve_and_wait (f->page, pipeline_model);
  g_assert_null (augur_pepa_page_get_transient (f->page));

  augur_pepa_page_show_results (f->page, "transient");
  augur_pepa_page_run_transient (f->page, 2, 21);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  tr = augur_pepa_page_get_transient (f->page);
  g_assert_nonnull (tr);
  g_assert_cmpuint (tr->n_times, ==, 21);
  g_assert_cmpfloat (tr->times[20], ==, 2.0);
  g_assert_cmpfloat (tr->info.error_bound, <=, 1e-10);
  {
    g_autofree char *csv = read_export (f->page, dir, "transient-csv", "t.csv", &length);
    g_autofree char *json = read_export (f->page, dir, "transient-json", "t.json", &length);
    g_autofree char *png = read_export (f->page, dir, "png", "t.png", &length);

    g_assert_true (g_str_has_prefix (csv, "time,throughput:"));
    g_assert_nonnull (strstr (json, "\"transient\": {"));
    g_assert_true (memcmp (png, "\x89PNG", 4) == 0);
  }

  /* a pattern's probability over time, from 1 at the start */
  augur_pepa_page_set_transient_patterns (f->page, "Stage1 = Stage1 & Stage3 = Stage3");
  augur_pepa_page_run_transient (f->page, 1, 11);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  tr = augur_pepa_page_get_transient (f->page);
  g_assert_cmpuint (tr->n_patterns, ==, 1);
  g_assert_cmpfloat (tr->probability[0], ==, 1.0);
  screenshot_if (f->window, "AUGUR_OVERTIME_SCREENSHOT", 1024, 700);
  augur_pepa_page_set_transient_patterns (f->page, "");

  /* a passage between state patterns */
  augur_pepa_page_show_results (f->page, "passage");
  augur_pepa_page_run_passage (f->page, "Stage1 = (process1, infty).(move2, infty).Stage1 -> Stage1 = Stage1", 0);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  p = augur_pepa_page_get_passage (f->page);
  g_assert_nonnull (p);
  g_assert_cmpstr (p->path[1], ==, "Stage1 = Stage1");
  g_assert_cmpfloat (p->mean, >, 0.1);

  augur_pepa_page_run_passage (f->page, "move1:move2:move3:move4", 0);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  p = augur_pepa_page_get_passage (f->page);
  g_assert_nonnull (p);
  /* Little's law from the steady state (test-pepa.c asserts it) */
  g_assert_cmpfloat (fabs (p->mean - 0.7751249453723388), <=, 1e-12);
  screenshot_if (f->window, "AUGUR_ANALYSIS_SCREENSHOT", 0, 0);
  {
    g_autofree char *csv = read_export (f->page, dir, "passage-csv", "p.csv", &length);

    g_assert_true (g_str_has_prefix (csv, "time,cdf,density\n0,0,"));
  }

  /* the steady state simulated, beside the exact values */
  augur_pepa_page_show_results (f->page, "simulation");
  augur_pepa_page_run_simulation (f->page, 10, 200, 3);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  {
    const AugurPepaSimulation *sim = augur_pepa_page_get_simulation (f->page);
    g_autofree char *csv = NULL;

    g_assert_nonnull (sim);
    g_assert_cmpuint (sim->options.replications, ==, 10);
    g_assert_cmpfloat (sim->options.warmup, ==, 20);
    for (guint a = 0; a < sim->n_actions; a++)
      g_assert_cmpfloat (fabs (sim->throughput[a] - 2.407654927028593), <, 0.1);
    screenshot_if (f->window, "AUGUR_SIMULATION_SCREENSHOT", 0, 0);
    /* on screen, what the precision supports: the interval to two digits,
     * the estimate to the interval's second digit; not every digit */
    {
      g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *half = augur_result_format_half_interval (sim->throughput_half_width[0]);
      g_autofree char *mean = augur_result_format_estimate (sim->throughput[0], sim->throughput_half_width[0]);
      g_autofree char *full = g_strdup_printf ("%.10g", sim->throughput[0]);

      collect_labels (f->page->simulation_table, texts);
      g_test_message ("move1: %s %s", mean, half);
      g_assert_true (g_ptr_array_find_with_equal_func (texts, half, g_str_equal, NULL));
      g_assert_true (g_ptr_array_find_with_equal_func (texts, mean, g_str_equal, NULL));
      g_assert_false (g_ptr_array_find_with_equal_func (texts, full, g_str_equal, NULL));
      g_assert_cmpuint (strlen (half), <=, strlen ("±0.012"));
    }
    csv = read_export (f->page, dir, "simulation-csv", "s.csv", &length);
    g_assert_true (g_str_has_prefix (csv, "measure,name,mean,half_width\nthroughput,"));
  }
  /* sampled over time too: charted, and the chart exported */
  augur_pepa_page_set_simulation_until (f->page, 1);
  augur_pepa_page_run_simulation (f->page, 20, 50, 4);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  {
    const AugurPepaSimulation *sim = augur_pepa_page_get_simulation (f->page);
    g_autofree char *png = NULL;

    g_assert_cmpuint (sim->n_times, ==, 51);
    g_assert_cmpfloat (sim->at_throughput[0], ==, 10.0);   /* move1 at 0 */
    screenshot_if (f->window, "AUGUR_SIMULATION_TIME_SCREENSHOT", 0, 0);
    png = read_export (f->page, dir, "png", "s.png", &length);
    g_assert_true (memcmp (png, "\x89PNG", 4) == 0);
  }
  augur_pepa_page_set_simulation_until (f->page, 0);
  /* the fluid approximation: single components, so a warning */
  augur_pepa_page_show_results (f->page, "fluid");
  augur_pepa_page_run_fluid (f->page, 5, 11);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  {
    const AugurPepaFluid *fl = augur_pepa_page_get_fluid (f->page);
    g_autofree char *csv = NULL;

    g_assert_nonnull (fl);
    g_assert_cmpuint (fl->n_times, ==, 11);
    g_assert_nonnull (fl->warning);
    csv = read_export (f->page, dir, "fluid-csv", "f.csv", &length);
    g_assert_true (g_str_has_prefix (csv, "time,throughput:"));
  }

  /* an experiment: throughput against mu1, a curve per la1 */
  augur_pepa_page_show_results (f->page, "experiment");
  augur_pepa_page_run_experiment (f->page, "mu1", 10, 30, 3, "la1", "5, 10", "throughput:process1");
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  {
    const AugurPepaExperiment *ex = augur_pepa_page_get_experiment (f->page);
    g_autofree char *csv = NULL;

    g_assert_nonnull (ex);
    g_assert_cmpuint (ex->n_values, ==, 3);
    g_assert_cmpuint (ex->n_values2, ==, 2);
    g_assert_cmpfloat (fabs (ex->y[3] - 2.407654927028593), <=, 1e-12);
    g_assert_cmpfloat (ex->y[0], <, ex->y[3]);
    screenshot_if (f->window, "AUGUR_EXPERIMENT_SMALL_SCREENSHOT", 1024, 700);
    screenshot_if (f->window, "AUGUR_EXPERIMENT_SCREENSHOT", 0, 0);
    csv = read_export (f->page, dir, "experiment-csv", "e.csv", &length);
    g_assert_true (g_str_has_prefix (csv, "mu1,la1,throughput:process1\n10,5,"));
  }
  /* a measure the model does not have is said in the tab */
  augur_pepa_page_run_experiment (f->page, "mu1", 10, 30, 3, NULL, NULL, "throughput:nothing");
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_assert_nonnull (augur_pepa_page_get_experiment (f->page));
  augur_pepa_page_show_results (f->page, "passage");

  /* a path of one action says what it needs and keeps the last result */
  augur_pepa_page_run_passage (f->page, "move1", 0);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_true (augur_pepa_page_get_passage (f->page) == p);

  /* a new solve clears them */
  solve_and_wait (f->page, pipeline_model);
  g_assert_null (augur_pepa_page_get_transient (f->page));
  g_assert_null (augur_pepa_page_get_passage (f->page));
  g_assert_null (augur_pepa_page_get_simulation (f->page));
  g_assert_null (augur_pepa_page_get_experiment (f->page));
  g_assert_null (augur_pepa_page_get_fluid (f->page));
  g_rmdir (dir);
}

/* A model whose state space is over the limit: the Fluid and Simulation
 * analyses still run on it; the others say why they cannot. */
static void
test_analyses_without_state_space (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.augur.Augur");
  const AugurPepaFluid *fl;
  const AugurPepaSimulation *sim;

  g_settings_set_uint (settings, "state-space-limit", 1000);
  augur_page_set_text (AUGUR_PAGE (f->page),
                       "Client = (request, 2).Client_think;\nClient_think = (think, 0.5).Client;\n"
                       "Server = (request, 5).Server_log;\nServer_log = (log, 10).Server;\n"
                       "Client[100000] <request> Server[10000]\n");
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_settings_reset (settings, "state-space-limit");
  g_assert_null (augur_pepa_page_get_result (f->page));
  g_test_message ("status: %s", augur_pepa_page_get_status_text (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "need no"));

  augur_pepa_page_run_fluid (f->page, 10, 11);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  fl = augur_pepa_page_get_fluid (f->page);
  g_assert_nonnull (fl);
  g_assert_true (fl->fixed_point_reached);
  g_assert_cmpfloat (fabs (fl->fixed_throughput[0] - 1e4 / 0.3), <=, 1e-6 * 1e4 / 0.3);

  augur_pepa_page_run_simulation (f->page, 4, 0.05, 1);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  sim = augur_pepa_page_get_simulation (f->page);
  g_assert_nonnull (sim);
  g_assert_cmpuint (sim->events, >, 1000);

  /* transient analyses need the chain: nothing runs */
  augur_pepa_page_run_transient (f->page, 1, 5);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_null (augur_pepa_page_get_transient (f->page));
}

/* The Experiment tab on a cluster: written and submitted through a
 * stand-in sbatch (in PATH) that runs the array's tasks here, collected
 * equal to the run here; a job of other settings refused. */
static void
test_experiment_cluster (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-pepa-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *old_path = augur_test_fake_sbatch (tmp);
  g_autofree char *local = NULL;
  gsize length = 0;
  double here[6];

  solve_and_wait (f->page, pipeline_model);
  augur_pepa_page_run_experiment (f->page, "mu1", 10, 30, 3, "la1", "5, 10", "throughput:process1");
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  memcpy (here, augur_pepa_page_get_experiment (f->page)->y, sizeof here);
  local = read_export (f->page, tmp, "experiment-csv", "here.csv", &length);

  augur_pepa_page_experiment_on_cluster (f->page, AUGUR_CLUSTER_RUN, job);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 120));
  g_test_message ("%s", augur_pepa_page_get_status_text (f->page));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "Submitted job 4242: 6 points"));
  augur_pepa_page_experiment_on_cluster (f->page, AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 120));
  {
    const AugurPepaExperiment *ex = augur_pepa_page_get_experiment (f->page);
    g_autofree char *collected = read_export (f->page, tmp, "experiment-csv", "there.csv", &length);

    g_assert_nonnull (ex);
    for (guint i = 0; i < 6; i++)
      g_assert_cmpfloat (ex->y[i], ==, here[i]);
    g_assert_cmpstr (collected, ==, local);
  }
  /* other settings than the job's: refused, the last result kept */
  augur_pepa_page_run_experiment (f->page, "mu1", 10, 30, 4, NULL, NULL, "throughput:process1");
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  augur_pepa_page_experiment_on_cluster (f->page, AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 120));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (f->page), "could not run"));
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

/* The fluid approximation of a solved model beside its exact steady
 * state: on the pipeline (single components) far from it, said first and
 * with both numbers; on a model where they agree, said so. */
static void
test_fluid_against_exact (Fixture       *f,
                          gconstpointer  data)
{
  const AugurPepaFluid *fl;
  AugurPepaResult *result;
  const char *text;
  double exact, fluid;
  g_autofree char *expected = NULL;

  solve_and_wait (f->page, pipeline_model);
  result = augur_pepa_page_get_result (f->page);
  augur_pepa_page_show_results (f->page, "fluid");
  augur_pepa_page_run_fluid (f->page, 10, 101);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  fl = augur_pepa_page_get_fluid (f->page);
  g_assert_nonnull (fl);
  g_assert_cmpstr (augur_pepa_model_get_action_name (fl->model, 0), ==, "move1");
  exact = augur_pepa_result_get_throughput (result, 0);
  fluid = fl->fixed_throughput[0];
  /* the numbers the issue saw: 0.333 beside the exact 2.41 */
  g_assert_cmpfloat (fabs (exact - 2.407654927028593), <=, 1e-9);
  g_assert_cmpfloat (fabs (fluid - 1.0 / 3.0), <=, 1e-3);
  text = augur_pepa_page_get_analysis_text (f->page, "fluid");
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "The fluid approximation is far from this model's exact steady state"));
  g_assert_nonnull (strstr (text, "up to 86 % off"));
  /* every action the same: one line */
  expected = g_strdup_printf ("move1, move2, move3, move4, process1, process2, process3: "
                              "fluid %.4g, exact %.4g (%.2g %% lower)", fluid, exact, (exact - fluid) / exact * 100);
  g_assert_true (g_str_has_suffix (expected, ": fluid 0.3333, exact 2.408 (86 % lower)"));
  g_assert_nonnull (strstr (text, expected));
  /* the engine's warning stays, after */
  g_assert_nonnull (strstr (text, fl->warning));

  /* throughputs of one component's choice: the fluid ones are exact */
  solve_and_wait (f->page, choice_model);
  augur_pepa_page_run_fluid (f->page, 10, 11);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  text = augur_pepa_page_get_analysis_text (f->page, "fluid");
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "The fluid approximation gives this model's exact steady state."));
  g_assert_nonnull (strstr (text, "\na: fluid 1, exact 1\nb: fluid 2, exact 2\nc: fluid 3, exact 3\n"));
}

/* The Experiment's Measure: an empty entry shows a hint that reads as one
 * ("e.g. throughput:move1", an action of this model), and Run refuses it
 * before anything runs, saying what to type; the menu beside it offers
 * the model's throughputs. */
static void
test_experiment_measure (Fixture       *f,
                         gconstpointer  data)
{
  const char *hint;
  GMenuModel *menu;
  const char *text;

  solve_and_wait (f->page, pipeline_model);
  augur_pepa_page_show_results (f->page, "experiment");
  hint = gtk_entry_get_placeholder_text (GTK_ENTRY (f->page->experiment_measure));
  g_assert_cmpstr (hint, ==, "e.g. throughput:move1");

  augur_pepa_page_run_experiment (f->page, "mu1", 1, 20, 3, NULL, NULL, "  ");
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_null (augur_pepa_page_get_experiment (f->page));
  text = augur_pepa_page_get_analysis_text (f->page, "experiment");
  g_assert_cmpstr (text, ==, "Type the measure to plot in Measure, e.g. throughput:move1, or choose one with the "
                             "button beside it");
  g_assert_null (strstr (text, "''"));
  g_assert_true (gtk_widget_has_focus (f->page->experiment_measure) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), f->page->experiment_measure));

  /* the menu: one throughput per action; picking one fills the entry */
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (f->page->experiment_measures));
  g_assert_nonnull (menu);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 7);
  g_assert_true (gtk_widget_activate_action (f->page->experiment_measures, "measure.pick", "s", "throughput:move4"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f->page->experiment_measure)), ==, "throughput:move4");
  augur_pepa_page_run_experiment (f->page, "mu1", 1, 20, 3, NULL, NULL, "throughput:move4");
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_assert_nonnull (augur_pepa_page_get_experiment (f->page));
  g_assert_cmpuint (augur_pepa_page_get_experiment (f->page)->n_values, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/app/pepa-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("solve-pipeline", test_solve_pipeline);
  ADD ("sort-by-throughput", test_sort_by_throughput);
  ADD ("properties", test_properties);
  ADD ("unsolvable", test_unsolvable);
  ADD ("exports", test_exports);
  ADD ("exports/failed", test_failed_exports);
  ADD ("diagnostics", test_diagnostics);
  ADD ("garbage", test_garbage);
  ADD ("cancel", test_cancel);
  ADD ("render", test_render);
  ADD ("analyses", test_analyses);
  ADD ("analyses/without-state-space", test_analyses_without_state_space);
  ADD ("experiment-cluster", test_experiment_cluster);
  ADD ("fluid-against-exact", test_fluid_against_exact);
  ADD ("experiment-measure", test_experiment_measure);
#undef ADD

  return g_test_run ();
}
