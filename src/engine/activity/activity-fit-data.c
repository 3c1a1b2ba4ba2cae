/* activity-fit-data.c: the measurements a cost function is fitted to:
 * the streaming CSV reader with located errors, and data given in code.
 *
 * (About 860 lines: the reader is one byte-level state machine, quoting,
 * limits and located errors included.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-fit-private.h"

#include "augur-file.h"
#include "augur-format.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

/* ==== Measurements ========================================================= */



static AugurFitData *
data_new (const char *filename,
          guint       n_params)
{
  AugurFitData *d = g_new0 (AugurFitData, 1);

  d->filename = g_strdup (filename);
  d->n_params = n_params;
  d->names = g_new0 (char *, n_params + 1);
  d->values = g_array_new (FALSE, FALSE, sizeof (double));
  d->lines = g_array_new (FALSE, FALSE, sizeof (int));
  return d;
}

void
augur_fit_data_free (AugurFitData *data)
{
  if (data == NULL)
    return;
  g_free (data->filename);
  g_strfreev (data->names);
  g_free (data->response);
  g_array_unref (data->values);
  g_array_unref (data->lines);
  g_free (data);
}

guint
augur_fit_data_get_n_params (const AugurFitData *data)
{
  return data->n_params;
}

guint
augur_fit_data_get_n_rows (const AugurFitData *data)
{
  return data->lines->len;
}

const char *
augur_fit_data_get_param_name (const AugurFitData *data,
                               guint               param)
{
  g_return_val_if_fail (param < data->n_params, NULL);
  return data->names[param];
}

const char *
augur_fit_data_get_response_name (const AugurFitData *data)
{
  return data->response;
}


double
augur_fit_data_get_param (const AugurFitData *data,
                          guint               row,
                          guint               param)
{
  g_return_val_if_fail (row < data->lines->len && param < data->n_params, NAN);
  return data_row (data, row)[param];
}

double
augur_fit_data_get_response (const AugurFitData *data,
                             guint               row)
{
  g_return_val_if_fail (row < data->lines->len, NAN);
  return data_row (data, row)[data->n_params];
}

int
augur_fit_data_get_line (const AugurFitData *data,
                         guint               row)
{
  g_return_val_if_fail (row < data->lines->len, 0);
  return g_array_index (data->lines, int, row);
}

const char *
augur_fit_data_get_filename (const AugurFitData *data)
{
  return data->filename;
}

/* ---- Numbers ----------------------------------------------------------------- */

typedef enum {
  NUM_OK,
  NUM_EMPTY,
  NUM_SYNTAX,
  NUM_NOT_FINITE,
  NUM_TOO_LARGE,
  NUM_TOO_SMALL,
} NumStatus;

/* A decimal number, all of s (NUL-terminated, length len): no hexadecimal,
 * no "nan" or "inf", read with '.' whatever the locale. */
static NumStatus
parse_number (const char *s,
              gsize       len,
              double     *value)
{
  gsize i = 0;
  gboolean digits = FALSE, nonzero = FALSE;
  char *end = NULL;
  double v;

  if (len == 0)
    return NUM_EMPTY;
  if (s[i] == '+' || s[i] == '-')
    i++;
  if (g_ascii_strcasecmp (s + i, "nan") == 0 || g_ascii_strcasecmp (s + i, "inf") == 0 ||
      g_ascii_strcasecmp (s + i, "infinity") == 0)
    return NUM_NOT_FINITE;
  for (; i < len && g_ascii_isdigit (s[i]); i++)
    {
      digits = TRUE;
      nonzero |= s[i] != '0';
    }
  if (i < len && s[i] == '.')
    for (i++; i < len && g_ascii_isdigit (s[i]); i++)
      {
        digits = TRUE;
        nonzero |= s[i] != '0';
      }
  if (!digits)
    return NUM_SYNTAX;
  if (i < len && (s[i] == 'e' || s[i] == 'E'))
    {
      gboolean exponent_digits = FALSE;

      i++;
      if (i < len && (s[i] == '+' || s[i] == '-'))
        i++;
      for (; i < len && g_ascii_isdigit (s[i]); i++)
        exponent_digits = TRUE;
      if (!exponent_digits)
        return NUM_SYNTAX;
    }
  if (i != len)
    return NUM_SYNTAX;
  v = g_ascii_strtod (s, &end);
  if (end != s + len)
    return NUM_SYNTAX;
  if (!isfinite (v))
    return NUM_TOO_LARGE;
  if (v == 0 && nonzero)
    return NUM_TOO_SMALL;
  *value = v;
  return NUM_OK;
}

/* A field as a message quotes it: short, valid UTF-8. */
static char *
quote_field (const char *text,
             gsize       len)
{
  return g_strdup_printf ("'%s'", augur_message_token (text, (gssize) len));
}

/* ---- The reader ----------------------------------------------------------------- */

typedef enum {
  ST_START,        /* before a field: blanks skipped */
  ST_UNQUOTED,
  ST_QUOTED,
  ST_QUOTE,        /* a '"' in a quoted field: the end, or the first of "" */
  ST_AFTER,        /* blanks after a closing quote */
} State;

typedef struct {
  int      line;
  int      column;
  gsize    start;     /* in Reader.text */
  gsize    length;
  gboolean quoted;
} Field;

typedef struct {
  const char                *filename;
  const AugurFitReadOptions *options;
  AugurFitData              *data;
  GError                    *error;

  State     state;
  int       line;           /* where the next byte is */
  int       column;
  gsize     line_bytes;
  gsize     row_bytes;
  gboolean  after_cr;

  GString  *text;           /* the fields of the row, each NUL-terminated */
  GArray   *fields;         /* Field */
  Field     field;          /* the field being read */

  gboolean  header_done;
  guint     n_columns;
  int      *role;           /* per column: -1 skipped, 0 .. P-1 a parameter, P the response */
  double   *row;
} Reader;

static void reader_fail (Reader     *r,
                         int         code,
                         int         line,
                         int         column,
                         const char *format,
                         ...) G_GNUC_PRINTF (5, 6);

static void
reader_fail (Reader     *r,
             int         code,
             int         line,
             int         column,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (r->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&r->error, AUGUR_FIT_ERROR, code, "%s:%d:%d: %s", r->filename, line, column, message);
}

static void
reader_init (Reader                    *r,
             const char                *filename,
             const AugurFitReadOptions *options)
{
  memset (r, 0, sizeof *r);
  r->filename = filename;
  r->options = options;
  r->line = 1;
  r->column = 1;
  r->text = g_string_new (NULL);
  r->fields = g_array_new (FALSE, FALSE, sizeof (Field));
}

static AugurFitData *
reader_end (Reader  *r,
            GError **error)
{
  AugurFitData *data = NULL;

  g_string_free (r->text, TRUE);
  g_array_unref (r->fields);
  g_free (r->role);
  g_free (r->row);
  if (r->error != NULL)
    {
      g_propagate_error (error, r->error);
      augur_fit_data_free (r->data);
    }
  else
    data = r->data;
  return data;
}

static const char *
field_text (Reader      *r,
            const Field *f)
{
  return r->text->str + f->start;
}

static void
begin_field (Reader  *r,
             int      line,
             int      column,
             gboolean quoted)
{
  r->field.line = line;
  r->field.column = column;
  r->field.start = r->text->len;
  r->field.quoted = quoted;
}

static void
end_field (Reader *r)
{
  if (!r->field.quoted)
    while (r->text->len > r->field.start &&
           (r->text->str[r->text->len - 1] == ' ' || r->text->str[r->text->len - 1] == '\t'))
      g_string_truncate (r->text, r->text->len - 1);
  r->field.length = r->text->len - r->field.start;
  g_string_append_c (r->text, '\0');
  g_array_append_val (r->fields, r->field);
  r->state = ST_START;
}

static int
find_column (Reader     *r,
             const char *name)
{
  for (guint c = 0; c < r->fields->len; c++)
    if (strcmp (field_text (r, &g_array_index (r->fields, Field, c)), name) == 0)
      return (int) c;
  return -1;
}

static char *
column_list (Reader *r)
{
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < r->fields->len && s->len < 200; c++)
    {
      if (c > 0)
        g_string_append (s, ", ");
      g_string_append (s, field_text (r, &g_array_index (r->fields, Field, c)));
    }
  if (s->len >= 200)
    g_string_append (s, ", …");
  return g_string_free (s, FALSE);
}

static void
read_header (Reader *r)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = r->fields->len, n_params = 0;
  const Field *first = &g_array_index (r->fields, Field, 0);
  int response;

  for (guint c = 0; c < n; c++)
    {
      const Field *f = &g_array_index (r->fields, Field, c);
      const char *name = field_text (r, f);
      gpointer other;

      if (f->length == 0)
        {
          reader_fail (r, AUGUR_FIT_ERROR_HEADER, f->line, f->column, _("column %u has no name"), c + 1);
          return;
        }
      if (!g_utf8_validate (name, (gssize) f->length, NULL))
        {
          reader_fail (r, AUGUR_FIT_ERROR_HEADER, f->line, f->column,
                       _("the name of column %u is not valid UTF-8 text"), c + 1);
          return;
        }
      if (g_hash_table_lookup_extended (seen, name, NULL, &other))
        {
          g_autofree char *quoted = quote_field (name, f->length);

          reader_fail (r, AUGUR_FIT_ERROR_HEADER, f->line, f->column,
                       _("two columns are named %s (columns %u and %u)"), quoted,
                       GPOINTER_TO_UINT (other) + 1, c + 1);
          return;
        }
      g_hash_table_insert (seen, (gpointer) name, GUINT_TO_POINTER (c));
    }
  if (n < 2)
    {
      reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                   _("the header names only one column: a fit needs parameter columns and a response column"));
      return;
    }

  if (r->options != NULL && r->options->response != NULL)
    {
      response = find_column (r, r->options->response);
      if (response < 0)
        {
          g_autofree char *list = column_list (r);

          reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                       _("no column is named '%s' (the columns are: %s)"), augur_message_token (r->options->response, -1), list);
          return;
        }
    }
  else
    response = (int) n - 1;

  r->n_columns = n;
  r->role = g_new (int, n);
  for (guint c = 0; c < n; c++)
    r->role[c] = -1;
  if (r->options != NULL && r->options->parameters != NULL)
    {
      for (guint k = 0; r->options->parameters[k] != NULL; k++)
        {
          const char *name = r->options->parameters[k];
          int c = find_column (r, name);

          if (c < 0)
            {
              g_autofree char *list = column_list (r);

              reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                           _("no column is named '%s' (the columns are: %s)"), augur_message_token (name, -1), list);
              return;
            }
          if (c == response)
            {
              reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                           _("the column '%s' cannot be both the response and a parameter"), augur_message_token (name, -1));
              return;
            }
          if (r->role[c] >= 0)
            {
              reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                           _("the parameter '%s' is named twice"), augur_message_token (name, -1));
              return;
            }
          if (n_params == AUGUR_FIT_MAX_PARAMS)
            {
              reader_fail (r, AUGUR_FIT_ERROR_LIMIT, first->line, first->column,
                           _("more than %d parameters: a fit takes at most %d"),
                           AUGUR_FIT_MAX_PARAMS, AUGUR_FIT_MAX_PARAMS);
              return;
            }
          r->role[c] = (int) n_params++;
        }
      if (n_params == 0)
        {
          reader_fail (r, AUGUR_FIT_ERROR_HEADER, first->line, first->column,
                       _("no parameter column was named"));
          return;
        }
    }
  else
    {
      for (guint c = 0; c < n; c++)
        if ((int) c != response)
          {
            if (n_params == AUGUR_FIT_MAX_PARAMS)
              {
                const Field *f = &g_array_index (r->fields, Field, c);

                reader_fail (r, AUGUR_FIT_ERROR_LIMIT, f->line, f->column,
                             _("the header has %u columns: a fit takes at most %d parameters and the "
                               "response (name the parameter columns to use)"), n, AUGUR_FIT_MAX_PARAMS);
                return;
              }
            r->role[c] = (int) n_params++;
          }
    }
  r->role[response] = (int) n_params;

  r->data = data_new (r->filename, n_params);
  for (guint c = 0; c < n; c++)
    if (r->role[c] >= 0 && r->role[c] < (int) n_params)
      r->data->names[r->role[c]] = g_strdup (field_text (r, &g_array_index (r->fields, Field, c)));
  r->data->response = g_strdup (field_text (r, &g_array_index (r->fields, Field, response)));
  r->row = g_new0 (double, n_params + 1);
  r->header_done = TRUE;
}

static void
read_row (Reader *r,
          int     end_line,
          int     end_column)
{
  guint n = r->fields->len, n_params = r->data->n_params;
  const Field *first = &g_array_index (r->fields, Field, 0);

  if (n != r->n_columns)
    {
      int line = end_line, column = end_column;

      if (n > r->n_columns)
        {
          line = g_array_index (r->fields, Field, r->n_columns).line;
          column = g_array_index (r->fields, Field, r->n_columns).column;
        }
      reader_fail (r, AUGUR_FIT_ERROR_SYNTAX, line, column,
                   g_dngettext (NULL, "a row has %u field, the header %u", "a row has %u fields, the header %u", n),
                   n, r->n_columns);
      return;
    }
  if (r->data->lines->len >= AUGUR_FIT_MAX_ROWS)
    {
      reader_fail (r, AUGUR_FIT_ERROR_LIMIT, first->line, first->column,
                   _("more than %d data rows: a fit reads at most %d"), AUGUR_FIT_MAX_ROWS, AUGUR_FIT_MAX_ROWS);
      return;
    }
  for (guint c = 0; c < n; c++)
    {
      const Field *f = &g_array_index (r->fields, Field, c);
      const char *text = field_text (r, f);
      double v = 0;
      NumStatus status;
      g_autofree char *quoted = NULL;

      if (r->role[c] < 0)
        continue;
      status = parse_number (text, f->length, &v);
      if (status != NUM_OK && status != NUM_EMPTY)
        quoted = quote_field (text, f->length);
      switch (status)
        {
        case NUM_OK:
          break;
        case NUM_EMPTY:
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column, _("expected a number, found an empty field"));
          return;
        case NUM_SYNTAX:
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column, _("expected a number, found %s"), quoted);
          return;
        case NUM_NOT_FINITE:
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column,
                       _("expected a number, found %s (not a number and infinities are not measurements)"), quoted);
          return;
        case NUM_TOO_LARGE:
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column,
                       _("%s is too large for a number (the largest is about 1.8e308)"), quoted);
          return;
        case NUM_TOO_SMALL:
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column,
                       _("%s is too small for a number (the smallest is about 4.9e-324)"), quoted);
          return;
        }
      if (r->role[c] < (int) n_params && !(v > 0))
        {
          quoted = quote_field (text, f->length);
          reader_fail (r, AUGUR_FIT_ERROR_NUMBER, f->line, f->column,
                       _("a parameter must be greater than 0 (the models take its logarithm), found %s"), quoted);
          return;
        }
      r->row[r->role[c]] = v;
    }
  g_array_append_vals (r->data->values, r->row, n_params + 1);
  g_array_append_val (r->data->lines, first->line);
}

static void
end_row (Reader *r,
         int     line,
         int     column)
{
  const Field *first = &g_array_index (r->fields, Field, 0);

  /* an empty line (not a lone "") is skipped */
  if (!(r->fields->len == 1 && first->length == 0 && !first->quoted))
    {
      if (!r->header_done)
        read_header (r);
      else
        read_row (r, line, column);
    }
  g_array_set_size (r->fields, 0);
  g_string_truncate (r->text, 0);
  r->row_bytes = 0;
  r->state = ST_START;
}

static void
reader_byte (Reader *r,
             guchar  c)
{
  int line = r->line, column = r->column;
  gboolean newline = c == '\n' || c == '\r';

  if (r->after_cr)
    {
      r->after_cr = FALSE;
      if (c == '\n')
        return;                   /* the LF of CR LF */
    }
  if ((c < 0x20 && c != '\t' && !newline) || c == 0x7f)
    {
      reader_fail (r, AUGUR_FIT_ERROR_SYNTAX, line, column,
                   _("the byte 0x%02X cannot appear in a CSV file (is this a binary file?)"), c);
      return;
    }
  if (newline)
    {
      r->line++;
      r->column = 1;
      r->line_bytes = 0;
      r->after_cr = c == '\r';
    }
  else
    {
      if (++r->line_bytes > AUGUR_FIT_MAX_LINE)
        {
          reader_fail (r, AUGUR_FIT_ERROR_LIMIT, line, column,
                       _("this line is longer than %d bytes"), AUGUR_FIT_MAX_LINE);
          return;
        }
      if ((c & 0xC0) != 0x80)
        r->column++;
    }
  if (++r->row_bytes > AUGUR_FIT_MAX_LINE)
    {
      reader_fail (r, AUGUR_FIT_ERROR_LIMIT, line, column,
                   _("this row is longer than %d bytes"), AUGUR_FIT_MAX_LINE);
      return;
    }

  switch (r->state)
    {
    case ST_START:
      if (c == ' ' || c == '\t')
        break;
      begin_field (r, line, column, c == '"');
      if (c == '"')
        r->state = ST_QUOTED;
      else if (c == ',')
        end_field (r);
      else if (newline)
        {
          end_field (r);
          end_row (r, line, column);
        }
      else
        {
          g_string_append_c (r->text, (char) c);
          r->state = ST_UNQUOTED;
        }
      break;

    case ST_UNQUOTED:
      if (c == ',')
        end_field (r);
      else if (newline)
        {
          end_field (r);
          end_row (r, line, column);
        }
      else if (c == '"')
        reader_fail (r, AUGUR_FIT_ERROR_SYNTAX, line, column,
                     _("a '\"' inside a field that does not start with one (quote the whole field, "
                       "and write a quote inside it as \"\")"));
      else
        g_string_append_c (r->text, (char) c);
      break;

    case ST_QUOTED:
      if (c == '"')
        r->state = ST_QUOTE;
      else
        g_string_append_c (r->text, (char) c);
      break;

    case ST_QUOTE:
    case ST_AFTER:
      if (c == '"' && r->state == ST_QUOTE)
        {
          g_string_append_c (r->text, '"');
          r->state = ST_QUOTED;
        }
      else if (c == ',')
        end_field (r);
      else if (newline)
        {
          end_field (r);
          end_row (r, line, column);
        }
      else if (c == ' ' || c == '\t')
        r->state = ST_AFTER;
      else
        {
          char found[8] = { 0 };

          if (c >= 0x20 && c < 0x7f)
            found[0] = (char) c;
          else
            g_snprintf (found, sizeof found, "0x%02X", c);
          reader_fail (r, AUGUR_FIT_ERROR_SYNTAX, line, column,
                       _("expected ',' or the end of the line after the closing '\"', found '%s'"), augur_message_token (found, -1));
        }
      break;
    }
}

static void
reader_feed (Reader     *r,
             const char *bytes,
             gsize       length)
{
  for (gsize i = 0; i < length && r->error == NULL; i++)
    reader_byte (r, (guchar) bytes[i]);
}

static void
reader_finish (Reader *r)
{
  if (r->error != NULL)
    return;
  if (r->state == ST_QUOTED)
    {
      reader_fail (r, AUGUR_FIT_ERROR_SYNTAX, r->field.line, r->field.column,
                   _("this quoted field is not closed (expected '\"')"));
      return;
    }
  if (r->fields->len > 0 || r->state != ST_START)
    {
      end_field (r);
      end_row (r, r->line, r->column);
    }
  if (r->error != NULL)
    return;
  if (!r->header_done)
    reader_fail (r, AUGUR_FIT_ERROR_EMPTY, r->line, r->column,
                 _("the file is empty (expected a header row naming the columns)"));
  else if (r->data->lines->len == 0)
    reader_fail (r, AUGUR_FIT_ERROR_EMPTY, r->line, r->column, _("no data rows after the header"));
}

static gsize
bom_length (const char *bytes,
            gsize       length)
{
  return length >= 3 && memcmp (bytes, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

AugurFitData *
augur_fit_data_parse (const char                *text,
                      gssize                     length,
                      const char                *filename,
                      const AugurFitReadOptions *options,
                      GError                   **error)
{
  Reader r;
  gsize skip;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (length < 0)
    length = (gssize) strlen (text);
  reader_init (&r, filename != NULL ? filename : "<data>", options);
  skip = bom_length (text, (gsize) length);
  reader_feed (&r, text + skip, (gsize) length - skip);
  reader_finish (&r);
  return reader_end (&r, error);
}

AugurFitData *
augur_fit_data_load (GFile                     *file,
                     const AugurFitReadOptions *options,
                     GCancellable              *cancellable,
                     GError                   **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *name = NULL;
  g_autofree char *buffer = NULL;
  gboolean first = TRUE;
  Reader r;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);
  /* a FIFO would block, a device never end */
  stream = augur_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;

  reader_init (&r, name, options);
  buffer = g_malloc (AUGUR_FIT_MAX_LINE);
  while (r.error == NULL)
    {
      gsize got = 0, skip = 0;

      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, AUGUR_FIT_MAX_LINE, &got,
                                    cancellable, &r.error))
        break;
      if (first)
        skip = bom_length (buffer, got);
      first = FALSE;
      reader_feed (&r, buffer + skip, got - skip);
      if (got < AUGUR_FIT_MAX_LINE)
        {
          reader_finish (&r);
          break;
        }
    }
  return reader_end (&r, error);
}

AugurFitData *
augur_fit_data_new (guint              n_params,
                    const char *const *param_names,
                    const char        *response_name)
{
  AugurFitData *d;

  g_return_val_if_fail (n_params >= 1 && n_params <= AUGUR_FIT_MAX_PARAMS, NULL);
  g_return_val_if_fail (param_names != NULL, NULL);
  d = data_new ("<data>", n_params);
  for (guint p = 0; p < n_params; p++)
    d->names[p] = g_strdup (param_names[p]);
  d->response = g_strdup (response_name != NULL ? response_name : "y");
  return d;
}

gboolean
augur_fit_data_add (AugurFitData *data,
                    const double *params,
                    double        response,
                    GError      **error)
{
  guint row = data->lines->len;
  int line = (int) row + 2;     /* as if a header preceded the rows */

  if (row >= AUGUR_FIT_MAX_ROWS)
    {
      g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_LIMIT, "%s:%d:1: %s", data->filename, line,
                   _("too many rows"));
      return FALSE;
    }
  for (guint p = 0; p < data->n_params; p++)
    if (!(params[p] > 0) || !isfinite (params[p]))
      {
        char buf[AUGUR_FORMAT_DOUBLE_SIZE];

        g_autofree char *message = g_strdup_printf (_("a parameter must be a finite number greater than 0, not %s"),
                                                     augur_format_double (buf, params[p]));

        g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NUMBER, "%s:%d:%u: %s", data->filename, line,
                     p + 1, message);
        return FALSE;
      }
  if (!isfinite (response))
    {
      g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NUMBER, "%s:%d:%u: %s", data->filename, line,
                   data->n_params + 1, _("the response must be a finite number"));
      return FALSE;
    }
  g_array_append_vals (data->values, params, data->n_params);
  g_array_append_val (data->values, response);
  g_array_append_val (data->lines, line);
  return TRUE;
}

