/* pipeline.c: pipeline descriptions (AMoGeT .des files), rates of a
 * mapping, the PEPA model of a mapping, and named parameters.
 *
 * (Over 800 lines: the .des grammar, its canonical writer and the PEPA
 * text of a mapping share the description's structures; solving and sweeps
 * are apart.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline.h"
#include "augur-format.h"
#include "augur-expr.h"

#include <glib/gi18n.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (augur-pipeline-error-quark, augur_pipeline_error)

struct _AugurPipeline {
  guint   n_proc;
  guint   n_stages;
  double *cp;         /* n_proc */
  double *nl;         /* n_proc * n_proc, row = from */
  double *w;          /* n_stages */
  double *ds;         /* n_stages + 1 */
  GArray *mappings;   /* AugurMapping */
};

/* ---- mappings ------------------------------------------------------------- */

char *
augur_mapping_to_string (const AugurMapping *m)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "[%u,(", m->input + 1);
  for (guint i = 0; i < m->n_stages; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", m->stage[i] + 1);
  g_string_append_printf (s, "),%u]", m->output + 1);
  return g_string_free (s, FALSE);
}

/* The mapping parser reads only up to `end`: the text need not end with a
 * NUL there (a .des file is parsed in place). */
static void
skip_spaces (const char **p, const char *end)
{
  while (*p < end && g_ascii_isspace (**p))
    (*p)++;
}

static gboolean
parse_uint (const char **p, const char *end, guint *out)
{
  guint64 v = 0;

  skip_spaces (p, end);
  if (*p >= end || !g_ascii_isdigit (**p))
    return FALSE;
  for (; *p < end && g_ascii_isdigit (**p); (*p)++)
    {
      v = v * 10 + (guint64) (**p - '0');
      if (v > AUGUR_PIPELINE_MAX_PROCESSORS)
        return FALSE;
    }
  if (v < 1)
    return FALSE;
  *out = (guint) v - 1;
  skip_spaces (p, end);
  return TRUE;
}

static gboolean
expect_char (const char **p, const char *end, char c)
{
  skip_spaces (p, end);
  if (*p >= end || **p != c)
    return FALSE;
  (*p)++;
  skip_spaces (p, end);
  return TRUE;
}

/* Parses one mapping at *p, advancing it. */
static gboolean
parse_mapping_at (const char **p, const char *end, AugurMapping *m)
{
  memset (m, 0, sizeof *m);
  if (!expect_char (p, end, '[') || !parse_uint (p, end, &m->input) || !expect_char (p, end, ',') ||
      !expect_char (p, end, '('))
    return FALSE;
  for (;;)
    {
      if (m->n_stages == AUGUR_PIPELINE_MAX_STAGES || !parse_uint (p, end, &m->stage[m->n_stages]))
        return FALSE;
      m->n_stages++;
      if (expect_char (p, end, ')'))
        break;
      if (!expect_char (p, end, ','))
        return FALSE;
    }
  return expect_char (p, end, ',') && parse_uint (p, end, &m->output) && expect_char (p, end, ']');
}

gboolean
augur_mapping_parse (const char   *text,
                     AugurMapping *m)
{
  const char *p = text;
  AugurMapping tmp;

  if (text == NULL || !parse_mapping_at (&p, text + strlen (text), &tmp) || *p != '\0')
    return FALSE;
  *m = tmp;
  return TRUE;
}

gboolean
augur_mapping_equal (const AugurMapping *a,
                     const AugurMapping *b)
{
  if (a->n_stages != b->n_stages || a->input != b->input || a->output != b->output)
    return FALSE;
  for (guint i = 0; i < a->n_stages; i++)
    if (a->stage[i] != b->stage[i])
      return FALSE;
  return TRUE;
}

/* ---- description ------------------------------------------------------------ */

AugurPipeline *
augur_pipeline_new (guint n_processors,
                    guint n_stages)
{
  AugurPipeline *p = g_new0 (AugurPipeline, 1);

  p->mappings = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
  augur_pipeline_set_n_processors (p, MAX (1, n_processors));
  augur_pipeline_set_n_stages (p, MAX (1, n_stages));
  return p;
}

static AugurPipeline *
pipeline_alloc_empty (guint n_proc, guint n_stages)
{
  AugurPipeline *p = g_new0 (AugurPipeline, 1);
  p->n_proc = n_proc;
  p->n_stages = n_stages;
  p->cp = g_new0 (double, n_proc);
  p->nl = g_new0 (double, (gsize) n_proc * n_proc);
  p->w = g_new0 (double, n_stages);
  p->ds = g_new0 (double, n_stages + 1);
  p->mappings = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
  return p;
}

AugurPipeline *
augur_pipeline_copy (const AugurPipeline *p)
{
  AugurPipeline *c = pipeline_alloc_empty (p->n_proc, p->n_stages);

  memcpy (c->cp, p->cp, p->n_proc * sizeof (double));
  memcpy (c->nl, p->nl, (gsize) p->n_proc * p->n_proc * sizeof (double));
  memcpy (c->w, p->w, p->n_stages * sizeof (double));
  memcpy (c->ds, p->ds, (p->n_stages + 1) * sizeof (double));
  g_array_append_vals (c->mappings, p->mappings->data, p->mappings->len);
  return c;
}

void
augur_pipeline_free (AugurPipeline *p)
{
  if (p == NULL)
    return;
  g_free (p->cp);
  g_free (p->nl);
  g_free (p->w);
  g_free (p->ds);
  g_array_unref (p->mappings);
  g_free (p);
}

gboolean
augur_pipeline_equal (const AugurPipeline *a,
                      const AugurPipeline *b)
{
  if (a->n_proc != b->n_proc || a->n_stages != b->n_stages || a->mappings->len != b->mappings->len)
    return FALSE;
  if (memcmp (a->cp, b->cp, a->n_proc * sizeof (double)) != 0 ||
      memcmp (a->nl, b->nl, (gsize) a->n_proc * a->n_proc * sizeof (double)) != 0 ||
      memcmp (a->w, b->w, a->n_stages * sizeof (double)) != 0 ||
      memcmp (a->ds, b->ds, (a->n_stages + 1) * sizeof (double)) != 0)
    return FALSE;
  for (guint i = 0; i < a->mappings->len; i++)
    if (!augur_mapping_equal (&g_array_index (a->mappings, AugurMapping, i),
                              &g_array_index (b->mappings, AugurMapping, i)))
      return FALSE;
  return TRUE;
}

guint
augur_pipeline_get_n_processors (const AugurPipeline *p)
{
  return p->n_proc;
}

guint
augur_pipeline_get_n_stages (const AugurPipeline *p)
{
  return p->n_stages;
}

void
augur_pipeline_set_n_processors (AugurPipeline *p,
                                 guint          n)
{
  double *cp, *nl;

  n = CLAMP (n, 1, AUGUR_PIPELINE_MAX_PROCESSORS);
  if (n == p->n_proc && p->cp != NULL)
    return;
  cp = g_new0 (double, n);
  nl = g_new0 (double, (gsize) n * n);
  for (guint a = 0; a < n; a++)
    {
      cp[a] = a < p->n_proc ? p->cp[a] : 1.0;
      for (guint b = 0; b < n; b++)
        nl[a * n + b] = a < p->n_proc && b < p->n_proc ? p->nl[a * p->n_proc + b] : (a == b ? 10000.0 : 1.0);
    }
  g_free (p->cp);
  g_free (p->nl);
  p->cp = cp;
  p->nl = nl;
  p->n_proc = n;
  for (guint i = p->mappings->len; i-- > 0;)
    {
      AugurMapping *m = &g_array_index (p->mappings, AugurMapping, i);
      gboolean bad = m->input >= n || m->output >= n;
      for (guint s = 0; s < m->n_stages; s++)
        bad |= m->stage[s] >= n;
      if (bad)
        g_array_remove_index (p->mappings, i);
    }
}

void
augur_pipeline_set_n_stages (AugurPipeline *p,
                             guint          n)
{
  double *w, *ds;

  n = CLAMP (n, 1, AUGUR_PIPELINE_MAX_STAGES);
  if (n == p->n_stages && p->w != NULL)
    return;
  w = g_new0 (double, n);
  ds = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      w[i] = i < p->n_stages ? p->w[i] : 1.0;
      ds[i] = i < p->n_stages ? p->ds[i] : 1.0;
    }
  ds[n] = p->ds != NULL ? p->ds[p->n_stages] : 1.0;
  g_free (p->w);
  g_free (p->ds);
  p->w = w;
  p->ds = ds;
  for (guint i = 0; i < p->mappings->len; i++)
    {
      AugurMapping *m = &g_array_index (p->mappings, AugurMapping, i);
      for (guint s = m->n_stages; s < n; s++)
        m->stage[s] = m->n_stages > 0 ? m->stage[m->n_stages - 1] : 0;
      m->n_stages = n;
    }
  p->n_stages = n;
}

double augur_pipeline_get_cp (const AugurPipeline *p, guint i) { g_return_val_if_fail (i < p->n_proc, 0); return p->cp[i]; }
void   augur_pipeline_set_cp (AugurPipeline *p, guint i, double v) { g_return_if_fail (i < p->n_proc); p->cp[i] = v; }
double augur_pipeline_get_w  (const AugurPipeline *p, guint i) { g_return_val_if_fail (i < p->n_stages, 0); return p->w[i]; }
void   augur_pipeline_set_w  (AugurPipeline *p, guint i, double v) { g_return_if_fail (i < p->n_stages); p->w[i] = v; }
double augur_pipeline_get_ds (const AugurPipeline *p, guint i) { g_return_val_if_fail (i <= p->n_stages, 0); return p->ds[i]; }
void   augur_pipeline_set_ds (AugurPipeline *p, guint i, double v) { g_return_if_fail (i <= p->n_stages); p->ds[i] = v; }

double
augur_pipeline_get_link (const AugurPipeline *p, guint a, guint b)
{
  g_return_val_if_fail (a < p->n_proc && b < p->n_proc, 0);
  return p->nl[a * p->n_proc + b];
}

void
augur_pipeline_set_link (AugurPipeline *p, guint a, guint b, double value, gboolean symmetric)
{
  g_return_if_fail (a < p->n_proc && b < p->n_proc);
  p->nl[a * p->n_proc + b] = value;
  if (symmetric)
    p->nl[b * p->n_proc + a] = value;
}

guint
augur_pipeline_get_n_mappings (const AugurPipeline *p)
{
  return p->mappings->len;
}

const AugurMapping *
augur_pipeline_get_mapping (const AugurPipeline *p, guint i)
{
  g_return_val_if_fail (i < p->mappings->len, NULL);
  return &g_array_index (p->mappings, AugurMapping, i);
}

void
augur_pipeline_add_mapping (AugurPipeline *p, const AugurMapping *m)
{
  g_array_append_val (p->mappings, *m);
}

void
augur_pipeline_remove_mapping (AugurPipeline *p, guint i)
{
  g_return_if_fail (i < p->mappings->len);
  g_array_remove_index (p->mappings, i);
}

void
augur_pipeline_clear_mappings (AugurPipeline *p)
{
  g_array_set_size (p->mappings, 0);
}

static gboolean
mapping_check (const AugurPipeline *p, const AugurMapping *m, GError **error)
{
  g_autofree char *s = augur_mapping_to_string (m);

  if (m->n_stages != p->n_stages)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the mapping %s places %u stages, but the pipeline has %u"), s, m->n_stages, p->n_stages);
      return FALSE;
    }
  if (m->input >= p->n_proc || m->output >= p->n_proc)
    {
      if (m->input >= p->n_proc)
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("the mapping %s puts its input on processor %u, but there are only %u processors"),
                     s, m->input + 1, p->n_proc);
      else
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("the mapping %s puts its output on processor %u, but there are only %u processors"),
                     s, m->output + 1, p->n_proc);
      return FALSE;
    }
  for (guint i = 0; i < m->n_stages; i++)
    if (m->stage[i] >= p->n_proc)
      {
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("the mapping %s puts stage %u on processor %u, but there are only %u processors"),
                     s, i + 1, m->stage[i] + 1, p->n_proc);
        return FALSE;
      }
  return TRUE;
}

static gboolean
check_positive (double v, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
check_positive (double v, GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  if (isfinite (v) && v > 0)
    return TRUE;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  if (v == 0)
    /* Translators: a parameter, e.g. "cp1 (the computing power of processor 1)". */
    g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID, _("%s is missing"), what);
  else
    /* Translators: a parameter, e.g. "cp1 (the computing power of processor 1)", then its value. */
    g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                 _("%s must be positive, found %g"), what, v);
  return FALSE;
}

gboolean
augur_pipeline_validate (const AugurPipeline *p,
                         GError             **error)
{
  for (guint j = 0; j < p->n_proc; j++)
    if (!check_positive (p->cp[j], error, _("cp%u (the computing power of processor %u)"), j + 1, j + 1))
      return FALSE;
  for (guint a = 0; a < p->n_proc; a++)
    for (guint b = 0; b < p->n_proc; b++)
      if (!check_positive (p->nl[a * p->n_proc + b], error, _("nl%u-%u (the link from processor %u to %u)"),
                           a + 1, b + 1, a + 1, b + 1))
        return FALSE;
  for (guint i = 0; i < p->n_stages; i++)
    if (!check_positive (p->w[i], error, _("w%u (the work of stage %u)"), i + 1, i + 1))
      return FALSE;
  for (guint i = 0; i < p->n_stages; i++)
    if (!check_positive (p->ds[i], error, _("ds%u (the data size into stage %u)"), i + 1, i + 1))
      return FALSE;
  if (!check_positive (p->ds[p->n_stages], error, _("ds%u (the size of the output data)"), p->n_stages + 1))
    return FALSE;
  for (guint i = 0; i < p->mappings->len; i++)
    if (!mapping_check (p, &g_array_index (p->mappings, AugurMapping, i), error))
      return FALSE;
  return TRUE;
}

/* ---- rates and the PEPA model ------------------------------------------------- */

void
augur_pipeline_get_rates (const AugurPipeline *p,
                          const AugurMapping  *m,
                          double              *mu,
                          double              *la)
{
  guint nbst[AUGUR_PIPELINE_MAX_PROCESSORS] = { 0 };
  guint ns = p->n_stages;

  for (guint i = 0; i < ns; i++)
    nbst[m->stage[i]]++;
  for (guint i = 0; i < ns; i++)
    mu[i] = p->w[i] * p->cp[m->stage[i]] / nbst[m->stage[i]];
  for (guint i = 0; i <= ns; i++)
    {
      guint from = i == 0 ? m->input : m->stage[i - 1];
      guint to = i == ns ? m->output : m->stage[i];
      la[i] = p->nl[from * p->n_proc + to] / p->ds[i];
    }
}

char *
augur_pipeline_to_pepa (const AugurPipeline *p,
                        const AugurMapping  *m)
{
  double mu[AUGUR_PIPELINE_MAX_STAGES], la[AUGUR_PIPELINE_MAX_STAGES + 1];
  g_autofree char *name = augur_mapping_to_string (m);
  guint ns = p->n_stages;
  gboolean used[AUGUR_PIPELINE_MAX_PROCESSORS] = { FALSE };
  gboolean first;
  GString *s = g_string_new (NULL);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  augur_pipeline_get_rates (p, m, mu, la);
  g_string_append_printf (s, "// Pipeline of %u stages on %u processors, mapping %s\n"
                             "// mu_i = w_i * cp_j / nbst_j, la_i = nl / ds_i (section 4.3)\n\n",
                          ns, p->n_proc, name);
  for (guint i = 0; i < ns; i++)
    g_string_append_printf (s, "mu%u = %s;\n", i + 1, g_ascii_dtostr (buf, sizeof buf, mu[i]));
  for (guint i = 0; i <= ns; i++)
    g_string_append_printf (s, "la%u = %s;\n", i + 1, g_ascii_dtostr (buf, sizeof buf, la[i]));
  g_string_append (s, "\n");
  for (guint i = 1; i <= ns; i++)
    g_string_append_printf (s, "Stage%u = (move%u, infty).(process%u, infty).(move%u, infty).Stage%u;\n",
                            i, i, i, i + 1, i);
  g_string_append (s, "\n");
  for (guint i = 0; i < ns; i++)
    used[m->stage[i]] = TRUE;
  for (guint j = 0; j < p->n_proc; j++)
    {
      if (!used[j])
        continue;
      g_string_append_printf (s, "Processor%u = ", j + 1);
      first = TRUE;
      for (guint i = 0; i < ns; i++)
        if (m->stage[i] == j)
          {
            g_string_append_printf (s, "%s(process%u, mu%u).Processor%u", first ? "" : " + ", i + 1, i + 1, j + 1);
            first = FALSE;
          }
      g_string_append (s, ";\n");
    }
  g_string_append (s, "\nNetwork = ");
  for (guint i = 1; i <= ns + 1; i++)
    g_string_append_printf (s, "%s(move%u, la%u).Network", i > 1 ? " + " : "", i, i);
  g_string_append (s, ";\n\nNetwork <");
  for (guint i = 1; i <= ns + 1; i++)
    g_string_append_printf (s, "%smove%u", i > 1 ? "," : "", i);
  g_string_append (s, ">\n  (Stage1");
  for (guint i = 2; i <= ns; i++)
    g_string_append_printf (s, " <move%u> Stage%u", i, i);
  g_string_append (s, ")\n  <");
  for (guint i = 1; i <= ns; i++)
    g_string_append_printf (s, "%sprocess%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  first = TRUE;
  for (guint j = 0; j < p->n_proc; j++)
    if (used[j])
      {
        g_string_append_printf (s, "%sProcessor%u", first ? "" : " || ", j + 1);
        first = FALSE;
      }
  g_string_append (s, ")\n");
  return g_string_free (s, FALSE);
}

/* ---- the .des format ------------------------------------------------------------ */

typedef struct {
  const char *text;
  const char *end;
  const char *p;
  const char *filename;
  int         line;
  const char *line_start;
} DesLexer;

/* The line and column of at, which may lie on a line before the lexer's
 * (a value that spans lines is reported where it starts): back from the
 * lexer's line start, a line break at a time, never before the text. */
static void
des_where (DesLexer *lx, const char *at, int *line, int *column)
{
  const char *start = lx->line_start;
  int n = lx->line;

  at = CLAMP (at, lx->text, lx->end);
  while (start > at)
    {
      const char *q = start - 1;   /* the break that ended the line before */

      if (*q == '\n' && q > lx->text && q[-1] == '\r')
        q--;
      n--;
      start = q;
      while (start > lx->text && start[-1] != '\n' && start[-1] != '\r')
        start--;
      /* the first line begins after a byte-order mark */
      if (start == lx->text && at - start >= 3 && memcmp (start, "\xEF\xBB\xBF", 3) == 0)
        start += 3;
    }
  if (line != NULL)
    *line = MAX (n, 1);
  *column = (int) g_utf8_strlen (start, at - start) + 1;
}

static int
des_column (DesLexer *lx, const char *at)
{
  int column;

  des_where (lx, at, NULL, &column);
  return column;
}

static void
des_skip (DesLexer *lx)
{
  while (lx->p < lx->end)
    {
      if (*lx->p == '\n' || *lx->p == '\r')
        {
          /* LF, CR LF and a lone CR each end a line */
          if (*lx->p == '\r' && lx->p + 1 < lx->end && lx->p[1] == '\n')
            lx->p++;
          lx->line++;
          lx->p++;
          lx->line_start = lx->p;
        }
      else if (g_ascii_isspace (*lx->p))
        lx->p++;
      else if (*lx->p == '#' || (*lx->p == '/' && lx->p + 1 < lx->end && lx->p[1] == '/'))
        while (lx->p < lx->end && *lx->p != '\n' && *lx->p != '\r')
          lx->p++;
      else
        break;
    }
}

static gboolean
des_error (DesLexer *lx, const char *at, GError **error, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
des_error (DesLexer *lx, const char *at, GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  int line, column;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  des_where (lx, at, &line, &column);
  g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_SYNTAX, "%s:%d:%d: %s",
               lx->filename, line, column, msg);
  return FALSE;
}

static char *
des_found (DesLexer *lx, const char *at)
{
  const char *e = at;
  if (at >= lx->end)
    return g_strdup (_("the end of the file"));
  while (e < lx->end && e - at < 20 && *e != '\n' && *e != ';')
    e++;
  if (e == at)
    e++;
  return g_strdup_printf ("'%s'", augur_message_token (at, (e - at)));
}

typedef struct {
  int    line;
  int    column;
  double value;
} DesValue;

/* The largest index a key may carry: more than any pipeline has. */
#define DES_MAX_INDEX 1000000

/* One index of a key: digits, 1 to DES_MAX_INDEX; leading zeros allowed
 * ("cp02" is "cp2").  FALSE when there are no digits; *a = 0 when the
 * number is 0 or too large (an error the caller reports). */
static gboolean
des_index (const char **p, guint *a)
{
  guint64 v = 0;

  if (!g_ascii_isdigit (**p))
    return FALSE;
  for (; g_ascii_isdigit (**p); (*p)++)
    if (v <= DES_MAX_INDEX)
      v = v * 10 + (guint64) (**p - '0');
  *a = v >= 1 && v <= DES_MAX_INDEX ? (guint) v : 0;
  return TRUE;
}

/* Parses "key" into (kind, a, b); kind is one of 'c' (cpJ), 'w' (wI),
 * 'd' (dsI), 'n' (nlA-B, or n1A-B as the paper's text extraction spells
 * it).  FALSE when the key is not an indexed one; TRUE with a or b 0 when
 * an index is 0 or beyond DES_MAX_INDEX. */
static gboolean
des_indexed_key (const char *key, char *kind, guint *a, guint *b)
{
  const char *rest;

  *a = *b = 0;
  if (g_str_has_prefix (key, "cp"))
    { *kind = 'c'; rest = key + 2; }
  else if (g_str_has_prefix (key, "ds"))
    { *kind = 'd'; rest = key + 2; }
  else if (key[0] == 'w')
    { *kind = 'w'; rest = key + 1; }
  else if (g_str_has_prefix (key, "nl") || (g_str_has_prefix (key, "n1") && strchr (key, '-')))
    { *kind = 'n'; rest = key + 2; }
  else
    return FALSE;
  if (!des_index (&rest, a))
    return FALSE;
  if (*kind == 'n')
    {
      if (*rest != '-')
        return FALSE;
      rest++;
      if (!des_index (&rest, b))
        return FALSE;
    }
  else
    *b = 1;
  return *rest == '\0';
}

/* The one spelling of an indexed key: "cp2" for "cp02", "nl1-2" for
 * "n11-2", so that duplicates are found whatever the spelling. */
static char *
des_canonical_key (char kind, guint a, guint b)
{
  switch (kind)
    {
    case 'c': return g_strdup_printf ("cp%u", a);
    case 'd': return g_strdup_printf ("ds%u", a);
    case 'w': return g_strdup_printf ("w%u", a);
    default:  return g_strdup_printf ("nl%u-%u", a, b);
    }
}

AugurPipeline *
augur_pipeline_parse (const char  *text,
                      gssize       length,
                      const char  *filename,
                      GError     **error)
{
  DesLexer lx = { 0 };
  g_autoptr(GHashTable) values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GArray) mappings = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
  g_autoptr(GArray) mapping_places = g_array_new (FALSE, TRUE, sizeof (int));
  AugurPipeline *p;
  DesValue *nbproc, *nbstage;
  GHashTableIter iter;
  gpointer k, v;
  gboolean *given;

  lx.text = text;
  lx.end = text + (length < 0 ? strlen (text) : (gsize) length);
  lx.p = text;
  lx.filename = filename ? filename : "<description>";
  lx.line = 1;
  lx.line_start = text;

  {
    guint line, column;
    /* where it stops being text, never read as its end (LF, CR LF and a
     * lone CR end lines there, as here) */
    const char *bad = augur_text_find_not_text (text, (gsize) (lx.end - text), &line, &column);

    if (bad != NULL)
      {
        if (*bad == '\0')
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_SYNTAX,
                       _("%s:%u:%u: not text (a NUL byte): is this a pipeline description?"), lx.filename, line,
                       column);
        else
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_SYNTAX,
                       _("%s:%u:%u: the file is not UTF-8 text"), lx.filename, line, column);
        return NULL;
      }
  }
  /* a UTF-8 byte-order mark is not part of the text */
  if (lx.end - text >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    lx.p = lx.line_start = text + 3;

  for (;;)
    {
      const char *key_start;
      g_autofree char *key = NULL;
      int key_line, key_column;

      des_skip (&lx);
      if (lx.p >= lx.end)
        break;
      if (*lx.p == ';')
        {
          lx.p++;
          continue;
        }
      key_start = lx.p;
      while (lx.p < lx.end && (g_ascii_isalnum (*lx.p) || *lx.p == '_' || *lx.p == '-'))
        lx.p++;
      if (lx.p == key_start)
        {
          g_autofree char *found = des_found (&lx, key_start);
          des_error (&lx, key_start, error, _("expected a parameter name, found %s"), found);
          return NULL;
        }
      key = g_strndup (key_start, lx.p - key_start);
      key_line = lx.line;
      key_column = des_column (&lx, key_start);
      des_skip (&lx);

      if (strcmp (key, "throughput") == 0)
        {
          if (lx.p < lx.end && *lx.p != ';')
            {
              g_autofree char *found = des_found (&lx, lx.p);
              des_error (&lx, lx.p, error, _("expected ';' after 'throughput', found %s"), found);
              return NULL;
            }
          continue;
        }
      if (lx.p >= lx.end || *lx.p != '=')
        {
          g_autofree char *found = des_found (&lx, lx.p);
          des_error (&lx, lx.p, error, _("expected '=' after '%s', found %s"), augur_message_token (key, -1), found);
          return NULL;
        }
      lx.p++;
      des_skip (&lx);

      if (strcmp (key, "type") == 0)
        {
          const char *start = lx.p;
          while (lx.p < lx.end && g_ascii_isalpha (*lx.p))
            lx.p++;
          if (lx.p - start != 8 || strncmp (start, "pipeline", 8) != 0)
            {
              g_autofree char *found = des_found (&lx, start);
              des_error (&lx, start, error, _("expected 'pipeline' (the only model type), found %s"), found);
              return NULL;
            }
        }
      else if (strcmp (key, "mappings") == 0)
        {
          for (;;)
            {
              AugurMapping m;
              const char *start;
              int where[2];

              des_skip (&lx);
              start = lx.p;
              des_where (&lx, start, &where[0], &where[1]);
              if (!parse_mapping_at (&lx.p, lx.end, &m))
                {
                  g_autofree char *found = des_found (&lx, start);
                  lx.p = start;
                  des_error (&lx, start, error,
                             _("expected a mapping such as [1,(1,2,3),3] (processors from 1), found %s"), found);
                  return NULL;
                }
              g_array_append_val (mappings, m);
              g_array_append_vals (mapping_places, where, 2);
              des_skip (&lx);
              if (lx.p < lx.end && *lx.p == ',')
                {
                  lx.p++;
                  continue;
                }
              break;
            }
        }
      else
        {
          char kind;
          guint a, b;
          const char *start = lx.p;
          char *num_end;
          double value;
          DesValue *dv;

          gboolean indexed = des_indexed_key (key, &kind, &a, &b);

          if (strcmp (key, "nbproc") != 0 && strcmp (key, "nbstage") != 0 && !indexed)
            {
              lx.p = key_start;
              des_error (&lx, key_start, error,
                         _("unknown parameter '%s' (expected type, nbproc, cpJ, nlA-B, nbstage, wI, dsI, mappings or throughput)"), augur_message_token (key, -1));
              return NULL;
            }
          /* A number, or an expression of numbers in Augur's one language
           * (augur-expr.h), up to the end of the statement or the line. */
          while (lx.p < lx.end && *lx.p != ';' && *lx.p != '\n' && *lx.p != '\r' && *lx.p != '#' &&
                 !(*lx.p == '/' && lx.p + 1 < lx.end && lx.p[1] == '/'))
            lx.p++;
          {
            g_autofree char *num = g_strndup (start, lx.p - start);
            g_autoptr(AugurExpr) expr = NULL;
            AugurExprOrigin origin = { lx.filename, 0, 0 };

            des_where (&lx, start, &origin.line, &origin.column);

            (void) num_end;
            expr = augur_expr_parse (num, -1, &origin, AUGUR_EXPR_FLAGS_PREFIX, NULL);
            if (expr == NULL || !augur_expr_is_constant (expr))
              {
                g_autofree char *found = des_found (&lx, start);
                lx.p = start;
                des_error (&lx, start, error, _("expected a number for '%s', found %s"), augur_message_token (key, -1), found);
                return NULL;
              }
            if (!augur_expr_eval_finite (expr, NULL, &value, error))
              return NULL;
            lx.p = start + augur_expr_get_end (expr, NULL, NULL);
            num[augur_expr_get_end (expr, NULL, NULL)] = '\0';
            g_strchomp (num);
            if (value != 0 && fabs (value) < DBL_MIN)
              {
                des_error (&lx, start, error, _("%s is too small for '%s' (the smallest is about 2.2e-308)"),
                           num, augur_message_token (key, -1));
                return NULL;
              }
          }
          if (indexed && (a == 0 || b == 0))
            {
              lx.p = key_start;
              if (kind == 'c' || kind == 'n')
                des_error (&lx, key_start, error, _("'%s': processors are numbered from 1 (to at most %d)"), augur_message_token (key, -1),
                           DES_MAX_INDEX);
              else if (kind == 'd')
                des_error (&lx, key_start, error, _("'%s': data sizes are numbered from 1 (to at most %d)"), augur_message_token (key, -1),
                           DES_MAX_INDEX);
              else
                des_error (&lx, key_start, error, _("'%s': stages are numbered from 1 (to at most %d)"), augur_message_token (key, -1),
                           DES_MAX_INDEX);
              return NULL;
            }
          if (indexed)
            {
              /* one spelling, so that "cp02" meets "cp2" */
              g_autofree char *canonical = des_canonical_key (kind, a, b);

              if (strcmp (canonical, key) != 0 && g_hash_table_contains (values, canonical))
                {
                  DesValue *prev = g_hash_table_lookup (values, canonical);
                  lx.p = key_start;
                  des_error (&lx, key_start, error, _("'%s' is '%s', given already at line %d"), augur_message_token (key, -1), augur_message_token (canonical, -1),
                             prev->line);
                  return NULL;
                }
              g_free (key);
              key = g_steal_pointer (&canonical);
            }
          if (g_hash_table_contains (values, key))
            {
              DesValue *prev = g_hash_table_lookup (values, key);
              des_error (&lx, key_start, error, _("'%s' is given twice (first at line %d)"), augur_message_token (key, -1), prev->line);
              return NULL;
            }
          dv = g_new0 (DesValue, 1);
          dv->line = key_line;
          dv->column = key_column;
          dv->value = value;
          g_hash_table_insert (values, g_steal_pointer (&key), dv);
        }

      des_skip (&lx);
      if (lx.p < lx.end && *lx.p != ';')
        {
          g_autofree char *found = des_found (&lx, lx.p);
          des_error (&lx, lx.p, error, _("expected ';', found %s"), found);
          return NULL;
        }
    }

  nbproc = g_hash_table_lookup (values, "nbproc");
  nbstage = g_hash_table_lookup (values, "nbstage");
  if (nbproc == NULL || nbstage == NULL)
    {
      if (nbproc == NULL)
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("%s: nbproc (the number of processors) is missing (e.g. 'nbproc = 3;')"), lx.filename);
      else
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("%s: nbstage (the number of stages) is missing (e.g. 'nbstage = 3;')"), lx.filename);
      return NULL;
    }
  if (nbproc->value < 1 || nbproc->value > AUGUR_PIPELINE_MAX_PROCESSORS || nbproc->value != floor (nbproc->value))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("%s:%d:%d: nbproc must be a whole number from 1 to %d"), lx.filename,
                   nbproc->line, nbproc->column, AUGUR_PIPELINE_MAX_PROCESSORS);
      return NULL;
    }
  if (nbstage->value < 1 || nbstage->value > AUGUR_PIPELINE_MAX_STAGES || nbstage->value != floor (nbstage->value))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("%s:%d:%d: nbstage must be a whole number from 1 to %d"), lx.filename,
                   nbstage->line, nbstage->column, AUGUR_PIPELINE_MAX_STAGES);
      return NULL;
    }

  p = pipeline_alloc_empty ((guint) nbproc->value, (guint) nbstage->value);
  given = g_new0 (gboolean, (gsize) p->n_proc * p->n_proc);
  g_hash_table_iter_init (&iter, values);
  while (g_hash_table_iter_next (&iter, &k, &v))
    {
      const char *key = k;
      DesValue *dv = v;
      char kind;
      guint a, b, limit;

      if (!des_indexed_key (key, &kind, &a, &b))
        continue;
      limit = kind == 'c' || kind == 'n' ? p->n_proc : kind == 'd' ? p->n_stages + 1 : p->n_stages;
      if (a > limit || b > limit)
        {
          if (kind == 'c' || kind == 'n')
            g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                         _("%s:%d:%d: '%s' names processor %u, but there are only %u (nbproc)"), lx.filename,
                         dv->line, dv->column, augur_message_token (key, -1), MAX (a, b), limit);
          else if (kind == 'd')
            g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                         _("%s:%d:%d: '%s' names data size %u, but there are only %u (nbstage + 1)"), lx.filename,
                         dv->line, dv->column, augur_message_token (key, -1), MAX (a, b), limit);
          else
            g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                         _("%s:%d:%d: '%s' names stage %u, but there are only %u (nbstage)"), lx.filename,
                         dv->line, dv->column, augur_message_token (key, -1), MAX (a, b), limit);
          g_free (given);
          augur_pipeline_free (p);
          return NULL;
        }
      switch (kind)
        {
        case 'c': p->cp[a - 1] = dv->value; break;
        case 'w': p->w[a - 1] = dv->value; break;
        case 'd': p->ds[a - 1] = dv->value; break;
        case 'n':
          p->nl[(a - 1) * p->n_proc + (b - 1)] = dv->value;
          given[(a - 1) * p->n_proc + (b - 1)] = TRUE;
          break;
        }
      if (!(dv->value > 0))
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("%s:%d:%d: '%s' must be positive, found %g"), lx.filename, dv->line, dv->column, augur_message_token (key, -1), dv->value);
          g_free (given);
          augur_pipeline_free (p);
          return NULL;
        }
    }
  /* links are symmetric unless both directions are given */
  for (guint a = 0; a < p->n_proc; a++)
    for (guint b = 0; b < p->n_proc; b++)
      if (!given[a * p->n_proc + b] && given[b * p->n_proc + a])
        p->nl[a * p->n_proc + b] = p->nl[b * p->n_proc + a];
  g_free (given);

  for (guint i = 0; i < mappings->len; i++)
    {
      AugurMapping *m = &g_array_index (mappings, AugurMapping, i);
      g_autoptr(GError) local = NULL;
      if (!mapping_check (p, m, &local))
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID, "%s:%d:%d: %s", lx.filename,
                       g_array_index (mapping_places, int, 2 * i), g_array_index (mapping_places, int, 2 * i + 1),
                       local->message);
          augur_pipeline_free (p);
          return NULL;
        }
      g_array_append_val (p->mappings, *m);
    }

  {
    g_autoptr(GError) local = NULL;
    if (!augur_pipeline_validate (p, &local))
      {
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID, "%s: %s",
                     lx.filename, local->message);
        augur_pipeline_free (p);
        return NULL;
      }
  }
  return p;
}

char *
augur_pipeline_to_des (const AugurPipeline *p)
{
  GString *s = g_string_new ("type = pipeline;\n");
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "nbproc = %u;\n", p->n_proc);
  for (guint j = 0; j < p->n_proc; j++)
    g_string_append_printf (s, "%scp%u=%s;", j ? " " : "", j + 1, g_ascii_dtostr (buf, sizeof buf, p->cp[j]));
  g_string_append_c (s, '\n');
  for (guint a = 0; a < p->n_proc; a++)
    {
      gboolean any = FALSE;
      for (guint b = 0; b < p->n_proc; b++)
        {
          double ab = p->nl[a * p->n_proc + b], ba = p->nl[b * p->n_proc + a];
          if (b < a && ab == ba)
            continue;   /* written once, symmetric */
          g_string_append_printf (s, "%snl%u-%u=%s;", any ? " " : "", a + 1, b + 1,
                                  g_ascii_dtostr (buf, sizeof buf, ab));
          any = TRUE;
        }
      if (any)
        g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "nbstage = %u;\n", p->n_stages);
  for (guint i = 0; i < p->n_stages; i++)
    g_string_append_printf (s, "%sw%u=%s;", i ? " " : "", i + 1, g_ascii_dtostr (buf, sizeof buf, p->w[i]));
  g_string_append_c (s, '\n');
  for (guint i = 0; i <= p->n_stages; i++)
    g_string_append_printf (s, "%sds%u=%s;", i ? " " : "", i + 1, g_ascii_dtostr (buf, sizeof buf, p->ds[i]));
  g_string_append_c (s, '\n');
  if (p->mappings->len > 0)
    {
      g_string_append (s, "mappings=");
      for (guint i = 0; i < p->mappings->len; i++)
        {
          g_autofree char *m = augur_mapping_to_string (&g_array_index (p->mappings, AugurMapping, i));
          g_string_append_printf (s, "%s%s", i ? ", " : "", m);
        }
      g_string_append (s, ";\n");
    }
  g_string_append (s, "throughput;\n");
  return g_string_free (s, FALSE);
}

/* ---- named parameters ----------------------------------------------------------- */

static gboolean
parameter_access (AugurPipeline *p, const char *name, double *get, const double *set, GError **error)
{
  char kind;
  guint a, b;

  if (name == NULL)
    goto unknown;
  if (strcmp (name, "links") == 0 || strcmp (name, "cp") == 0)
    {
      gboolean links = name[0] == 'l';
      if (links && p->n_proc < 2)
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                       _("'links' needs at least two processors"));
          return FALSE;
        }
      if (get)
        *get = links ? p->nl[1] : p->cp[0];
      if (set)
        {
          if (links)
            {
              for (guint x = 0; x < p->n_proc; x++)
                for (guint y = 0; y < p->n_proc; y++)
                  if (x != y)
                    p->nl[x * p->n_proc + y] = *set;
            }
          else
            for (guint x = 0; x < p->n_proc; x++)
              p->cp[x] = *set;
        }
      return TRUE;
    }
  if (g_str_has_prefix (name, "n1") && strchr (name, '-'))
    {
      g_autofree char *fixed = g_strdup (name);
      fixed[1] = 'l';
      return parameter_access (p, fixed, get, set, error);
    }
  if (!des_indexed_key (name, &kind, &a, &b))
    goto unknown;
  switch (kind)
    {
    case 'c':
      if (a > p->n_proc) goto range;
      if (get) *get = p->cp[a - 1];
      if (set) p->cp[a - 1] = *set;
      return TRUE;
    case 'w':
      if (a > p->n_stages) goto range;
      if (get) *get = p->w[a - 1];
      if (set) p->w[a - 1] = *set;
      return TRUE;
    case 'd':
      if (a > p->n_stages + 1) goto range;
      if (get) *get = p->ds[a - 1];
      if (set) p->ds[a - 1] = *set;
      return TRUE;
    case 'n':
      if (a > p->n_proc || b > p->n_proc || b < 1) goto range;
      if (get) *get = p->nl[(a - 1) * p->n_proc + (b - 1)];
      if (set)
        {
          gboolean symmetric = p->nl[(a - 1) * p->n_proc + (b - 1)] == p->nl[(b - 1) * p->n_proc + (a - 1)];
          augur_pipeline_set_link (p, a - 1, b - 1, *set, symmetric);
        }
      return TRUE;
    }
unknown:
  g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
               _("unknown parameter '%s' (expected cpJ, wI, dsI, nlA-B, links or cp)"), augur_message_token (name ? name : "", -1));
  return FALSE;
range:
  g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
               _("the parameter '%s' does not exist: the pipeline has %u processors and %u stages"), augur_message_token (name, -1), p->n_proc, p->n_stages);
  return FALSE;
}

gboolean
augur_pipeline_get_parameter (const AugurPipeline *p,
                              const char          *name,
                              double              *value,
                              GError             **error)
{
  double v = 0;
  if (!parameter_access ((AugurPipeline *) p, name, &v, NULL, error))
    return FALSE;
  if (value)
    *value = v;
  return TRUE;
}

gboolean
augur_pipeline_set_parameter (AugurPipeline *p,
                              const char    *name,
                              double         value,
                              GError       **error)
{
  if (!(isfinite (value) && value > 0))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("'%s' must be positive, found %g"), augur_message_token (name ? name : "", -1), value);
      return FALSE;
    }
  return parameter_access (p, name, NULL, &value, error);
}
