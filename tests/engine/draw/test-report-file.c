/* test-report-file.c: a file on disk known as a report Augur wrote by its
 * metadata alone (augur_report_file_is_ours_at()), without reading it
 * whole: a report is recognised, and a 100 MB file that is none (empty,
 * or starting or ending as a report does) is refused having read at most
 * AUGUR_REPORT_FILE_READ_MAX bytes of it; a FIFO is refused unread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "augur-report.h"
#include "augur-test.h"

#define BIG ((goffset) 100 * 1024 * 1024)

/* A report of a few pages, as Augur writes it (PDF or HTML). */
static GBytes *
report_bytes (gboolean html)
{
  g_autoptr(AugurReport) report = augur_report_new ("Report on Tiny", "Augur 0.1.0");
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  gboolean ok;

  augur_report_add_fact (report, "Project", "Tiny");
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *title = g_strdup_printf ("Section %u", i + 1);

      augur_report_begin_section (report, title);
      augur_report_add_paragraph (report, "The throughput of the pipeline, as measured.");
    }
  ok = html ? augur_report_write_html (report, "en", out, &error)
            : augur_report_write_pdf (report, 595, 842, out, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
put (const char *dir,
     const char *name,
     const void *data,
     gsize       length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));
  return path;
}

/* A file of BIG bytes, a hole but for head at its start and tail at its
 * end (either NULL). */
static char *
put_sparse (const char *dir,
            const char *name,
            const char *head,
            const char *tail)
{
  char *path = g_build_filename (dir, name, NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, BIG), ==, 0);
  if (head != NULL)
    g_assert_cmpint (pwrite (fd, head, strlen (head), 0), ==, (gssize) strlen (head));
  if (tail != NULL)
    g_assert_cmpint (pwrite (fd, tail, strlen (tail), BIG - (off_t) strlen (tail)), ==, (gssize) strlen (tail));
  g_assert_cmpint (close (fd), ==, 0);
  return path;
}

static goffset
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_size;
}

/* Augur's reports are known, both ways, having read no more than their
 * length (and the bound). */
static void
test_own_reports (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-file-XXXXXX", NULL);

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GBytes) bytes = report_bytes (k == 1);
      gsize length = 0;
      const char *data = g_bytes_get_data (bytes, &length);
      g_autofree char *path = put (dir, k == 1 ? "report.html" : "report.pdf", data, length);
      guint64 n_read = G_MAXUINT64;

      g_assert_true (augur_report_file_is_ours (data, length));
      g_assert_true (augur_report_file_is_ours_at (path, &n_read));
      g_test_message ("%s: %" G_GSIZE_FORMAT " bytes, %" G_GUINT64_FORMAT " read",
                      k == 1 ? "HTML" : "PDF", length, n_read);
      g_assert_cmpuint (n_read, >, 0);
      g_assert_cmpuint (n_read, <=, AUGUR_REPORT_FILE_READ_MAX);
      /* a PDF's places: its head, its end, its table and Info, not more */
      g_assert_cmpuint (n_read, <=, 64 * 1024 + length);

      /* its Creator changed: no longer Augur's */
      if (k == 0)
        {
          g_autofree char *changed = g_memdup2 (data, length);
          char *creator = memmem (changed, length, "/Creator (Augur ", strlen ("/Creator (Augur "));
          g_autofree char *other = NULL;

          g_assert_nonnull (creator);
          memcpy (creator, "/Creator (Other ", strlen ("/Creator (Other "));
          other = put (dir, "other.pdf", changed, length);
          g_assert_false (augur_report_file_is_ours (changed, length));
          g_assert_false (augur_report_file_is_ours_at (other, NULL));
        }
    }
  augur_test_remove_tree (dir);
}

/* Files of 100 MB that are no report, however they start or end: refused
 * having read at most the bound, a fiftieth of them. */
static void
test_large_refused_unread (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-file-XXXXXX", NULL);
  g_autoptr(GBytes) pdf = report_bytes (FALSE);
  gsize pdf_length = 0;
  const char *pdf_data = g_bytes_get_data (pdf, &pdf_length);
  g_autofree char *pdf_head = g_strndup (pdf_data, MIN (pdf_length, 4096));
  g_autofree char *pdf_tail = NULL;
  g_autofree char *middle = g_strdup_printf ("trailer\n<< /Info 3 0 R >>\nstartxref\n%" G_GINT64_FORMAT "\n%%%%EOF\n",
                                             (gint64) (BIG / 2));
  struct {
    const char *name;
    const char *head;
    const char *tail;
  } cases[] = {
    /* nothing but a hole */
    { "empty.pdf", NULL, NULL },
    /* a report's first bytes, nothing after */
    { "head.pdf", NULL, NULL },
    /* an HTML report's head, then a hole */
    { "head.html", "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"x\" ", NULL },
    /* a PDF whose table would be in the middle of the hole */
    { "middle.pdf", "%PDF-1.7\n", middle },
    /* a PDF whose table is at its start, its trailer never found */
    { "start.pdf", "%PDF-1.7\n", "startxref\n9\n%%EOF\n" },
    /* a report's last bytes after a hole: its offsets point into it */
    { "tail.pdf", "%PDF-1.7\n", NULL },
  };

  cases[1].head = pdf_head;
  /* the report's own trailer and startxref */
  {
    const char *trailer = NULL;

    for (const char *at = pdf_data; (at = memmem (at, pdf_length - (gsize) (at - pdf_data), "trailer", 7)) != NULL; at++)
      trailer = at;

    g_assert_nonnull (trailer);
    pdf_tail = g_strndup (trailer, pdf_length - (gsize) (trailer - pdf_data));
    cases[5].tail = pdf_tail;
  }
  g_assert_cmpint (AUGUR_REPORT_FILE_READ_MAX, <=, BIG / 50);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = put_sparse (dir, cases[i].name, cases[i].head, cases[i].tail);
      guint64 n_read = G_MAXUINT64;
      gint64 start = g_get_monotonic_time ();

      g_assert_cmpint (file_size (path), ==, BIG);
      g_assert_false (augur_report_file_is_ours_at (path, &n_read));
      g_test_message ("%s: %" G_GUINT64_FORMAT " bytes of %" G_GINT64_FORMAT " read in %" G_GINT64_FORMAT " us",
                      cases[i].name, n_read, (gint64) BIG, g_get_monotonic_time () - start);
      g_assert_cmpuint (n_read, <=, AUGUR_REPORT_FILE_READ_MAX);
      g_assert_cmpuint (n_read, >, 0);
    }
  augur_test_remove_tree (dir);
}

/* What is no regular file is refused, a FIFO without waiting for a
 * writer and without reading. */
static void
test_not_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-file-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.pdf", NULL);
  g_autofree char *gone = g_build_filename (dir, "gone.pdf", NULL);
  guint64 n_read = G_MAXUINT64;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (augur_report_file_is_ours_at (fifo, &n_read));
  g_assert_cmpuint (n_read, ==, 0);
  n_read = G_MAXUINT64;
  g_assert_false (augur_report_file_is_ours_at (dir, &n_read));
  g_assert_cmpuint (n_read, ==, 0);
  g_assert_false (augur_report_file_is_ours_at (gone, &n_read));
  g_assert_cmpuint (n_read, ==, 0);
  augur_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report-file/own-reports", test_own_reports);
  g_test_add_func ("/report-file/large-refused-unread", test_large_refused_unread);
  g_test_add_func ("/report-file/not-regular", test_not_regular);
  return g_test_run ();
}
