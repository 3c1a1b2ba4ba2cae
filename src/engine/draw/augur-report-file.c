/* augur-report-file.c: whether a file is a report Augur wrote, so that
 * writing a report over it destroys nothing of the user's
 * (augur_report_file_is_ours(), augur-report.h).
 *
 * A report is known by its metadata where its writer puts it, never by
 * the mark anywhere in its bytes: a model whose comment quotes an old
 * report's first lines, or a page that shows them, is the user's.  An
 * HTML report begins with its doctype, <html> and <head>, whose first
 * elements are <meta> ones, the generator's among them
 * (augur_report_write_html()); a PDF's Info dictionary, which the trailer
 * at the file's end names and its cross-reference table places, has
 * Augur as its /Creator (cairo_pdf_surface_set_metadata()).
 *
 * Only those places are read: the HTML head's first bytes, a PDF's last
 * kilobyte, its cross-reference table and trailer, and the Info object's
 * first bytes, each within a bound (AUGUR_REPORT_FILE_READ_MAX in all),
 * so a file on disk is known without reading it whole, whatever its size
 * (augur_report_file_is_ours_at()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

/* What the generator's mark begins with: "Augur 0.1.0". */
#define GENERATOR "Augur "

/* The bounds of what is read (AUGUR_REPORT_FILE_READ_MAX in all): an
 * HTML report's generator is its head's second <meta>; a PDF's
 * "startxref" is in its last kilobyte, its table and trailer are 20 bytes
 * an object (52,428 objects: far more than a report's), and its Info
 * dictionary a title, a creator and dates. */
#define HEAD_MAX  (64 * 1024)
#define TAIL_MAX  1024
#define XREF_MAX  (1024 * 1024)
#define INFO_MAX  (64 * 1024)

G_STATIC_ASSERT (HEAD_MAX <= AUGUR_REPORT_FILE_READ_MAX &&
                 TAIL_MAX + XREF_MAX + INFO_MAX <= AUGUR_REPORT_FILE_READ_MAX);

/* Where the bytes come from: a file's contents in memory, or a file
 * read at the places asked for. */
typedef struct
{
  const char *contents;   /* NULL: read fd */
  int         fd;
  guint64     length;
  guint64     n_read;
  GPtrArray  *buffers;    /* what was read from fd */
} Source;

/* The bytes at [offset, offset + max) (fewer at the end); NULL when they
 * cannot be read.  *got: how many. */
static const char *
source_window (Source  *src,
               guint64  offset,
               gsize    max,
               gsize   *got)
{
  gsize want, have = 0;
  char *buffer;

  *got = 0;
  if (offset > src->length)
    return NULL;
  want = (gsize) MIN ((guint64) max, src->length - offset);
  if (src->contents != NULL)
    {
      *got = want;
      return src->contents + offset;
    }
  buffer = g_malloc (want + 1);
  while (have < want)
    {
      gssize n = pread (src->fd, buffer + have, want - have, (off_t) (offset + have));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      have += (gsize) n;
    }
  src->n_read += have;
  g_ptr_array_add (src->buffers, buffer);
  if (have < want)
    return NULL;   /* changed under us: none of Augur's to decide on */
  *got = have;
  return buffer;
}

/* ---- HTML ------------------------------------------------------------- */

static gboolean
skip_prefix (const char **p,
             const char  *end,
             const char  *prefix,
             gboolean     any_case)
{
  gsize n = strlen (prefix);

  if ((gsize) (end - *p) < n ||
      (any_case ? g_ascii_strncasecmp (*p, prefix, n) : memcmp (*p, prefix, n)) != 0)
    return FALSE;
  *p += n;
  return TRUE;
}

static void
skip_blanks (const char **p,
             const char  *end)
{
  while (*p < end && g_ascii_isspace (**p))
    (*p)++;
}

/* "<!DOCTYPE html>", "<html ...>", "<head>", then <meta> elements only
 * until the generator's. */
static gboolean
html_is_ours (const char *p,
              const char *end)
{
  static const char generator[] = "<meta name=\"generator\" content=\"" GENERATOR;

  if (!skip_prefix (&p, end, "<!DOCTYPE html>", TRUE))
    return FALSE;
  skip_blanks (&p, end);
  if (!skip_prefix (&p, end, "<html", FALSE) || p == end || (*p != '>' && !g_ascii_isspace (*p)))
    return FALSE;
  /* the language attribute is escaped: no '>' in it */
  p = memchr (p, '>', end - p);
  if (p == NULL)
    return FALSE;
  p++;
  skip_blanks (&p, end);
  if (!skip_prefix (&p, end, "<head>", FALSE))
    return FALSE;
  for (;;)
    {
      skip_blanks (&p, end);
      if (skip_prefix (&p, end, generator, FALSE))
        return TRUE;
      if (!skip_prefix (&p, end, "<meta ", FALSE))
        return FALSE;
      p = memchr (p, '>', end - p);
      if (p == NULL)
        return FALSE;
      p++;
    }
}

/* ---- PDF -------------------------------------------------------------- */

/* PDF's white space and delimiters (ISO 32000-1, 7.2.2). */
static gboolean
pdf_blank (char c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}

static gboolean
pdf_delimiter (char c)
{
  return pdf_blank (c) || strchr ("()<>[]{}/%", c) != NULL;
}

static void
pdf_skip_blanks (const char **p,
                 const char  *end)
{
  while (*p < end && pdf_blank (**p))
    (*p)++;
}

/* A whole number that is not negative; FALSE when there is none or it
 * is past max. */
static gboolean
pdf_number (const char **p,
            const char  *end,
            guint64      max,
            guint64     *value)
{
  guint64 v = 0;
  const char *start = *p;

  while (*p < end && g_ascii_isdigit (**p))
    {
      v = v * 10 + (guint64) (**p - '0');
      if (v > max)
        return FALSE;
      (*p)++;
    }
  *value = v;
  return *p > start;
}

/* Skips one value of a dictionary: a string (its parentheses balanced,
 * escapes honoured), a hexadecimal string, a nested dictionary or an
 * array, or a token up to the next delimiter.  FALSE at the end. */
static gboolean
pdf_skip_value (const char **p,
                const char  *end,
                guint        depth)
{
  if (*p >= end || depth > 16)
    return FALSE;
  if (**p == '(')
    {
      guint open = 0;

      for (; *p < end; (*p)++)
        if (**p == '\\' && *p + 1 < end)
          (*p)++;
        else if (**p == '(')
          open++;
        else if (**p == ')' && --open == 0)
          {
            (*p)++;
            return TRUE;
          }
      return FALSE;
    }
  if (**p == '<' && !(*p + 1 < end && (*p)[1] == '<'))
    {
      /* a hexadecimal string */
      *p = memchr (*p, '>', end - *p);
      if (*p == NULL)
        return FALSE;
      (*p)++;
      return TRUE;
    }
  if (**p == '<' || **p == '[')
    {
      const char *close = **p == '[' ? "]" : ">>";

      *p += strlen (close);
      for (;;)
        {
          pdf_skip_blanks (p, end);
          if (skip_prefix (p, end, close, FALSE))
            return TRUE;
          if (!pdf_skip_value (p, end, depth + 1))
            return FALSE;
        }
    }
  {
    const char *start = *p;

    if (**p == '/')
      (*p)++;
    while (*p < end && !pdf_delimiter (**p))
      (*p)++;
    /* a stray ')' or '>' is no value */
    return *p > start;
  }
}

/* In the dictionary at p ("<< ... >>"), where the value of key ("/Info")
 * starts; NULL when the dictionary has no such key. */
static const char *
pdf_dict_find (const char *p,
               const char *end,
               const char *key)
{
  gsize n = strlen (key);

  pdf_skip_blanks (&p, end);
  if (!skip_prefix (&p, end, "<<", FALSE))
    return NULL;
  for (;;)
    {
      const char *name;

      pdf_skip_blanks (&p, end);
      if (p >= end || *p != '/')
        return NULL;   /* ">>" or not a dictionary */
      name = p;
      p++;
      while (p < end && !pdf_delimiter (*p))
        p++;
      if ((gsize) (p - name) == n && memcmp (name, key, n) == 0)
        {
          pdf_skip_blanks (&p, end);
          return p;
        }
      /* its value: one, or a reference's three tokens ("44 0 R") */
      pdf_skip_blanks (&p, end);
      if (!pdf_skip_value (&p, end, 0))
        return NULL;
      for (;;)
        {
          pdf_skip_blanks (&p, end);
          if (p >= end || *p == '/' || *p == '>')
            break;
          if (!pdf_skip_value (&p, end, 0))
            return NULL;
        }
    }
}

/* The offset of object `number` in the cross-reference table at xref,
 * or 0 when the table does not give it. */
static guint64
pdf_object_offset (const char *p,
                   const char *end,
                   guint64     number,
                   guint64     length)
{
  if (!skip_prefix (&p, end, "xref", FALSE))
    return 0;
  for (;;)
    {
      guint64 first, count;

      pdf_skip_blanks (&p, end);
      if (!pdf_number (&p, end, G_MAXUINT32, &first))
        return 0;   /* "trailer": the table ended without it */
      pdf_skip_blanks (&p, end);
      if (!pdf_number (&p, end, G_MAXUINT32, &count))
        return 0;
      /* the line's end, then entries of 20 bytes: "0000183018 00000 n \n" */
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      if (p < end && *p == '\r')
        p++;
      if (p < end && *p == '\n')
        p++;
      if ((guint64) (end - p) / 20 < count)
        return 0;
      if (number >= first && number - first < count)
        {
          const char *entry = p + 20 * (number - first);
          const char *digits = entry;
          guint64 offset;

          if (!pdf_number (&digits, entry + 10, length - 1, &offset) || digits != entry + 10 ||
              entry[10] != ' ' || entry[16] != ' ' || entry[17] != 'n')
            return 0;
          return offset;
        }
      p += 20 * count;
    }
}

/* The trailer's /Info names an object, placed by the cross-reference
 * table, whose dictionary's /Creator is a string that begins with
 * "Augur ".  Read in three windows: the last kilobyte, the table (from
 * the offset "startxref" gives, its trailer within it), and the object. */
static gboolean
pdf_is_ours (Source *src)
{
  guint64 length = src->length;
  const char *tail, *tail_end, *table, *table_end, *object, *object_end;
  const char *p = NULL, *value, *trailer;
  guint64 xref, info, generation, offset, n;
  gsize got;

  /* the last "startxref" of the file's last kilobyte */
  tail = source_window (src, length - MIN (length, TAIL_MAX), TAIL_MAX, &got);
  if (tail == NULL)
    return FALSE;
  tail_end = tail + got;
  for (const char *at = tail; at + 9 <= tail_end; at++)
    if (memcmp (at, "startxref", 9) == 0)
      p = at + 9;
  if (p == NULL)
    return FALSE;
  pdf_skip_blanks (&p, tail_end);
  if (!pdf_number (&p, tail_end, length, &xref) || xref >= length)
    return FALSE;
  /* the table, then its trailer's dictionary */
  table = source_window (src, xref, XREF_MAX, &got);
  if (table == NULL)
    return FALSE;
  table_end = table + got;
  trailer = g_strstr_len (table, table_end - table, "trailer");
  if (trailer == NULL)
    return FALSE;
  value = pdf_dict_find (trailer + strlen ("trailer"), table_end, "/Info");
  if (value == NULL || !pdf_number (&value, table_end, G_MAXUINT32, &info))
    return FALSE;
  pdf_skip_blanks (&value, table_end);
  if (!pdf_number (&value, table_end, G_MAXUINT16, &generation))
    return FALSE;
  pdf_skip_blanks (&value, table_end);
  if (!skip_prefix (&value, table_end, "R", FALSE))
    return FALSE;
  offset = pdf_object_offset (table, trailer, info, length);
  if (offset == 0)
    return FALSE;
  /* "152 0 obj" there, then its dictionary */
  object = source_window (src, offset, INFO_MAX, &got);
  if (object == NULL)
    return FALSE;
  object_end = object + got;
  p = object;
  if (!pdf_number (&p, object_end, G_MAXUINT32, &n) || n != info)
    return FALSE;
  pdf_skip_blanks (&p, object_end);
  if (!pdf_number (&p, object_end, G_MAXUINT16, &n) || n != generation)
    return FALSE;
  pdf_skip_blanks (&p, object_end);
  if (!skip_prefix (&p, object_end, "obj", FALSE))
    return FALSE;
  value = pdf_dict_find (p, object_end, "/Creator");
  return value != NULL && skip_prefix (&value, object_end, "(" GENERATOR, FALSE);
}

static gboolean
source_is_ours (Source *src)
{
  const char *head;
  gsize got;

  head = source_window (src, 0, HEAD_MAX, &got);
  if (head == NULL)
    return FALSE;
  if (got >= 5 && memcmp (head, "%PDF-", 5) == 0)
    return pdf_is_ours (src);
  return html_is_ours (head, head + got);
}

gboolean
augur_report_file_is_ours (const char *contents,
                           gsize       length)
{
  Source src = { contents, -1, length, 0, NULL };

  if (contents == NULL)
    return FALSE;
  return source_is_ours (&src);
}

gboolean
augur_report_file_is_ours_at (const char *path,
                              guint64    *bytes_read)
{
  Source src = { NULL, -1, 0, 0, NULL };
  struct stat st;
  gboolean ours = FALSE;

  if (bytes_read != NULL)
    *bytes_read = 0;
  g_return_val_if_fail (path != NULL, FALSE);

  /* a FIFO or a device is no report: opened without waiting, never read */
  src.fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (src.fd < 0)
    return FALSE;
  if (fstat (src.fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      src.length = (guint64) st.st_size;
      src.buffers = g_ptr_array_new_with_free_func (g_free);
      ours = source_is_ours (&src);
      g_ptr_array_unref (src.buffers);
    }
  close (src.fd);
  if (bytes_read != NULL)
    *bytes_read = src.n_read;
  return ours;
}
