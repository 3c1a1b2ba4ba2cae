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
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report.h"

#include <string.h>

/* What the generator's mark begins with: "Augur 0.1.0". */
#define GENERATOR "Augur "

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
 * "Augur ". */
static gboolean
pdf_is_ours (const char *contents,
             gsize       length)
{
  const char *end = contents + length;
  gsize tail = MIN (length, 1024);
  const char *p = NULL, *value, *trailer;
  guint64 xref, info, generation, offset, n;

  /* the last "startxref" of the file's last kilobyte */
  for (const char *at = end - tail; at + 9 <= end; at++)
    if (memcmp (at, "startxref", 9) == 0)
      p = at + 9;
  if (p == NULL)
    return FALSE;
  pdf_skip_blanks (&p, end);
  if (!pdf_number (&p, end, length, &xref) || xref >= length)
    return FALSE;
  /* the table, then its trailer's dictionary */
  trailer = g_strstr_len (contents + xref, end - (contents + xref), "trailer");
  if (trailer == NULL)
    return FALSE;
  value = pdf_dict_find (trailer + strlen ("trailer"), end, "/Info");
  if (value == NULL || !pdf_number (&value, end, G_MAXUINT32, &info))
    return FALSE;
  pdf_skip_blanks (&value, end);
  if (!pdf_number (&value, end, G_MAXUINT16, &generation))
    return FALSE;
  pdf_skip_blanks (&value, end);
  if (!skip_prefix (&value, end, "R", FALSE))
    return FALSE;
  offset = pdf_object_offset (contents + xref, trailer, info, length);
  if (offset == 0)
    return FALSE;
  /* "152 0 obj" there, then its dictionary */
  p = contents + offset;
  if (!pdf_number (&p, end, G_MAXUINT32, &n) || n != info)
    return FALSE;
  pdf_skip_blanks (&p, end);
  if (!pdf_number (&p, end, G_MAXUINT16, &n) || n != generation)
    return FALSE;
  pdf_skip_blanks (&p, end);
  if (!skip_prefix (&p, end, "obj", FALSE))
    return FALSE;
  value = pdf_dict_find (p, end, "/Creator");
  return value != NULL && skip_prefix (&value, end, "(" GENERATOR, FALSE);
}

gboolean
augur_report_file_is_ours (const char *contents,
                           gsize       length)
{
  if (contents == NULL)
    return FALSE;
  if (length >= 5 && memcmp (contents, "%PDF-", 5) == 0)
    return pdf_is_ours (contents, length);
  return html_is_ours (contents, contents + length);
}
