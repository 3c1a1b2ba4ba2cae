/* activity-parse.c: the activity text format, read and checked.
 *
 * The format is line-oriented (docs/ACTIVITY.md): `param`, `machine ...
 * end` and `diagram NAME ... end` blocks, one element or flow per line,
 * `#` comments.  Values are expressions in Augur's expression language,
 * parsed where they stand, so errors point into the user's line.
 *
 * (Over 800 lines: reading and the checks before evaluation share the
 * located diagnostics and the model being built.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-private.h"
#include "augur-format.h"
#include "activity-fit.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (augur-activity-error-quark, augur_activity_error)

/* Lines longer than this are refused (a binary file, say). */
#define MAX_LINE (64 * 1024)
/* Elements, diagrams, parameters: at most this many each. */
#define MAX_ITEMS 100000

static const char *kind_names[AUGUR_ACTIVITY_N_KINDS] = {
  "initial", "final", "action", "decision", "merge", "loop", "parallel", "call",
  "send", "recv", "broadcast", "barrier", "reduce", "allreduce", "gather",
};

const char *
augur_activity_kind_to_string (AugurActivityKind kind)
{
  return kind < AUGUR_ACTIVITY_N_KINDS ? kind_names[kind] : "?";
}

gboolean
augur_activity_kind_from_string (const char *name, AugurActivityKind *kind)
{
  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    if (g_strcmp0 (name, kind_names[k]) == 0)
      {
        *kind = k;
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_activity_kind_takes_time (AugurActivityKind kind)
{
  return kind == AUGUR_ACTIVITY_ACTION || kind >= AUGUR_ACTIVITY_SEND;
}

static gboolean
kind_communicates (AugurActivityKind kind)
{
  return kind >= AUGUR_ACTIVITY_SEND;
}

/* ---- The model ------------------------------------------------------------ */

static void
act_expr_clear (ActExpr *e)
{
  g_clear_pointer (&e->text, g_free);
  g_clear_pointer (&e->expr, augur_expr_free);
  g_clear_pointer (&e->slots, g_free);
}

static void
element_free (gpointer p)
{
  ActElement *el = p;

  g_free (el->name);
  g_free (el->path);
  g_free (el->category);
  g_free (el->target);
  for (guint i = 0; i < N_EXPRS; i++)
    act_expr_clear (&el->exprs[i]);
  act_expr_clear (&el->vary_spread);
  if (el->spans != NULL)
    g_array_unref (el->spans);
  if (el->flows != NULL)
    {
      for (guint i = 0; i < el->flows->len; i++)
        act_expr_clear (&g_array_index (el->flows, ActFlow, i).expr);
      g_array_unref (el->flows);
    }
  g_free (el);
}

static void
flow_name_clear (gpointer p)
{
  g_free (((ActFlowName *) p)->name);
}

static void
flow_line_clear (gpointer p)
{
  g_array_unref (((ActFlowLine *) p)->names);
}

static void
diagram_free (gpointer p)
{
  ActDiagram *d = p;

  g_hash_table_unref (d->by_name);
  g_free (d->name);
  g_ptr_array_unref (d->elements);
  g_array_unref (d->flow_lines);
  g_free (d);
}

static void
param_free (gpointer p)
{
  ActParam *param = p;

  g_free (param->name);
  act_expr_clear (&param->value);
  if (param->fit_csv != NULL)
    g_string_free (param->fit_csv, TRUE);
  g_free (param->fit_response);
  g_clear_pointer (&param->fit, augur_fit_result_free);
  g_free (param->fit_slots);
  g_free (param);
}

static void
config_free (gpointer p)
{
  ActConfig *c = p;

  g_free (c->name);
  g_ptr_array_unref (c->names);
  g_array_unref (c->values);
  g_free (c);
}

static void
expr_ptr_free (gpointer p)
{
  act_expr_clear (p);
  g_free (p);
}

void
augur_activity_model_free (AugurActivityModel *m)
{
  if (m == NULL)
    return;
  g_free (m->title);
  g_hash_table_unref (m->param_index);
  g_hash_table_unref (m->diagram_index);
  g_ptr_array_unref (m->params);
  act_expr_clear (&m->nodes);
  act_expr_clear (&m->cpus);
  act_expr_clear (&m->processes);
  act_expr_clear (&m->quantum);
  g_ptr_array_unref (m->explicit_map);
  act_expr_clear (&m->latency);
  act_expr_clear (&m->bandwidth);
  act_expr_clear (&m->local_latency);
  act_expr_clear (&m->local_bandwidth);
  g_ptr_array_unref (m->diagrams);
  g_ptr_array_unref (m->elements);
  g_ptr_array_unref (m->categories);
  g_ptr_array_unref (m->configs);
  g_free (m->platform_path);
  g_clear_error (&m->invalid);
  g_free (m);
}

static AugurActivityModel *
model_new (void)
{
  AugurActivityModel *m = g_new0 (AugurActivityModel, 1);

  m->params = g_ptr_array_new_with_free_func (param_free);
  m->explicit_map = g_ptr_array_new_with_free_func (expr_ptr_free);
  m->diagrams = g_ptr_array_new_with_free_func (diagram_free);
  m->elements = g_ptr_array_new ();
  m->categories = g_ptr_array_new_with_free_func (g_free);
  m->configs = g_ptr_array_new_with_free_func (config_free);
  m->param_index = g_hash_table_new (g_str_hash, g_str_equal);
  m->diagram_index = g_hash_table_new (g_str_hash, g_str_equal);
  return m;
}

/* ---- Reading --------------------------------------------------------------- */

typedef struct {
  const char         *filename;
  GPtrArray          *diags;      /* AugurDiagnostic* */
  GError             *error;      /* the first error */
  int                 error_line;
  int                 error_column;
  gboolean            syntax_error;   /* an error while reading, not in the checks */
  AugurActivityParseFlags flags;
  AugurActivityModel *m;
  /* the line being read */
  const char         *line;       /* without its comment */
  gsize               len;
  gsize               pos;
  int                 lineno;
  /* the block being read */
  enum { TOP, MACHINE, DIAGRAM, FIT } block;
  int                 block_line;
  /* where each setting that is given once was first given (0: not yet) */
  int                 title_line;
  int                 machine_first;
  int                 machine_setting_lines[12];   /* as machine_settings[] */
  ActDiagram         *diagram;
  ActParam           *fit;        /* the fit block being read */
  /* flows by element name, resolved at the end of the diagram */
  GArray             *pending;    /* PendingFlow */
  /* names (borrowed) -> ActConfig*, and category -> index + 1 */
  GHashTable         *configs;
  GHashTable         *categories;
} Parser;

typedef struct {
  char     *from;
  char     *to;
  GuardKind guard;
  ActExpr   expr;
  int       line, column;
} PendingFlow;

static void
diag (Parser *p, AugurSeverity severity, int line, int column, const char *message)
{
  g_ptr_array_add (p->diags, augur_diagnostic_new (severity, line, column, "%s", message));
  if (severity == AUGUR_SEVERITY_ERROR)
    p->syntax_error = TRUE;
  if (severity == AUGUR_SEVERITY_ERROR && p->error == NULL)
    p->error = g_error_new (AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_SYNTAX,
                            "%s:%d:%d: %s", p->filename, line, column, message);
}

static void error_at (Parser *p, int column, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* An error in the current line, at column (1-based). */
static void
error_at (Parser *p, int column, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  diag (p, AUGUR_SEVERITY_ERROR, p->lineno, column, message);
}

static void model_error (Parser *p, int line, int column, const char *format, ...) G_GNUC_PRINTF (4, 5);

/* An error found by the checks, located at an element or a flow. */
static void
model_error (Parser *p, int line, int column, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (p->diags, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, line, column, "%s", message));
  /* the checks run after reading: the error returned is the first in the
   * text */
  if (p->error != NULL && (line > p->error_line || (line == p->error_line && column >= p->error_column)))
    return;
  g_clear_error (&p->error);
  p->error = g_error_new (AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL, "%s:%d:%d: %s",
                          p->filename, line, column, message);
  p->error_line = line;
  p->error_column = column;
}

static int
column (Parser *p)
{
  /* in characters, as editors count them */
  return (int) g_utf8_strlen (p->line, p->pos) + 1;
}

static void
skip_blanks (Parser *p)
{
  while (p->pos < p->len && (p->line[p->pos] == ' ' || p->line[p->pos] == '\t' || p->line[p->pos] == '\r'))
    p->pos++;
}

static gboolean
at_end (Parser *p)
{
  skip_blanks (p);
  return p->pos >= p->len;
}

/* The current position less the blanks before it: just after the last
 * token read (for the spans editors use). */
static guint
trimmed (Parser *p)
{
  gsize end = p->pos;

  while (end > 0 && (p->line[end - 1] == ' ' || p->line[end - 1] == '\t' || p->line[end - 1] == '\r'))
    end--;
  return (guint) end;
}

/* What stands at the current position, quoted for a message. */
static char *
found (Parser *p)
{
  gsize end;

  skip_blanks (p);
  if (p->pos >= p->len)
    return g_strdup (_("the end of the line"));
  end = p->pos;
  while (end < p->len && p->line[end] != ' ' && p->line[end] != '\t')
    end++;
  return g_strdup_printf ("'%s'", augur_message_token (p->line + p->pos, end - p->pos));
}

static gboolean
is_word_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

/* A keyword or name: letters, digits, '_' and (for keywords) '-'. */
static char *
read_word (Parser *p, gboolean dashes)
{
  gsize start;

  skip_blanks (p);
  if (p->pos >= p->len || !is_word_start (p->line[p->pos]))
    return NULL;
  start = p->pos;
  while (p->pos < p->len && (g_ascii_isalnum (p->line[p->pos]) || p->line[p->pos] == '_' ||
                             (dashes && p->line[p->pos] == '-' && p->pos + 1 < p->len &&
                              g_ascii_isalpha (p->line[p->pos + 1]))))
    p->pos++;
  return g_strndup (p->line + start, p->pos - start);
}

static char *
expect_name (Parser *p, const char *what)
{
  int col;
  char *name;

  skip_blanks (p);
  col = column (p);
  name = read_word (p, FALSE);
  if (name == NULL)
    {
      g_autofree char *f = found (p);
      /* Translators: the first %s is what is expected ("a diagram name"),
       * the second what the line has instead */
      error_at (p, col, _("expected %s, found %s"), what, f);
    }
  return name;
}

static gboolean
expect_keyword (Parser *p, const char *keyword)
{
  gsize save = p->pos;
  g_autofree char *word = read_word (p, TRUE);

  if (g_strcmp0 (word, keyword) == 0)
    return TRUE;
  p->pos = save;
  return FALSE;
}

static char *
read_string (Parser *p)
{
  GString *s;

  skip_blanks (p);
  if (p->pos >= p->len || p->line[p->pos] != '"')
    {
      g_autofree char *f = found (p);
      error_at (p, column (p), _("expected a quoted text, found %s"), f);
      return NULL;
    }
  s = g_string_new (NULL);
  for (gsize i = p->pos + 1; i < p->len; i++)
    {
      char c = p->line[i];
      if (c == '\\' && i + 1 < p->len && (p->line[i + 1] == '"' || p->line[i + 1] == '\\'))
        c = p->line[++i];
      else if (c == '"')
        {
          p->pos = i + 1;
          if (!g_utf8_validate (s->str, s->len, NULL))
            {
              error_at (p, column (p), _("the text is not valid UTF-8"));
              g_string_free (s, TRUE);
              return NULL;
            }
          return g_string_free (s, FALSE);
        }
      g_string_append_c (s, c);
    }
  error_at (p, column (p), _("this quoted text has no closing quote"));
  g_string_free (s, TRUE);
  return NULL;
}

/* An expression at the current position, up to the first token that
 * cannot continue it. */
static gboolean
read_expr (Parser *p, ActExpr *e, const char *what)
{
  AugurExprOrigin origin = { "", p->lineno, 0 };
  g_autoptr(GError) error = NULL;
  AugurExpr *expr;
  int col;

  skip_blanks (p);
  col = column (p);
  if (p->pos >= p->len)
    {
      error_at (p, col, _("expected %s, found the end of the line"), what);
      return FALSE;
    }
  origin.column = col;
  expr = augur_expr_parse (p->line + p->pos, p->len - p->pos, &origin, AUGUR_EXPR_FLAGS_PREFIX, &error);
  if (expr == NULL)
    {
      int line = p->lineno, c = col;
      const char *message = augur_expr_error_split (error, &line, &c);
      diag (p, AUGUR_SEVERITY_ERROR, line, c, message != NULL ? message : error->message);
      return FALSE;
    }
  act_expr_clear (e);
  e->text = g_strstrip (g_strndup (p->line + p->pos, augur_expr_get_end (expr, NULL, NULL)));
  e->expr = expr;
  e->line = p->lineno;
  e->column = col;
  p->pos += augur_expr_get_end (expr, NULL, NULL);
  return TRUE;
}

static gboolean
read_number (Parser *p, double *value)
{
  g_autofree char *number = NULL;
  char *end;
  int col;

  skip_blanks (p);
  col = column (p);
  /* the line's own bytes: the text may end right after it, no NUL there */
  number = g_strndup (p->line + p->pos, p->len - p->pos);
  *value = g_ascii_strtod (number, &end);
  if (end == number || !isfinite (*value))
    {
      g_autofree char *f = found (p);
      error_at (p, col, _("expected a number, found %s"), f);
      return FALSE;
    }
  p->pos += (gsize) (end - number);
  return TRUE;
}

static gboolean
expect_line_end (Parser *p)
{
  if (at_end (p))
    return TRUE;
  {
    g_autofree char *f = found (p);
    error_at (p, column (p), _("expected the end of the line, found %s"), f);
  }
  return FALSE;
}

/* "(x)" becomes "x" when the parentheses enclose all of it: the writer
 * puts an entry of a list in parentheses, and this keeps it as it was. */
static void
unwrap (char *text)
{
  gsize len = strlen (text);
  int depth = 0;

  if (len < 2 || text[0] != '(' || text[len - 1] != ')')
    return;
  for (gsize i = 0; i < len; i++)
    {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < len)
        return;
    }
  memmove (text, text + 1, len - 2);
  text[len - 2] = '\0';
  g_strstrip (text);
}

/* ---- machine ----------------------------------------------------------------- */

static const char *const machine_settings[] = {
  "nodes", "cpus", "processes", "latency", "bandwidth", "local-latency", "local-bandwidth",
  "queue", "mapping", "network", "platform", "seed",
};

/* A setting given twice is an error, not "the last wins": with the line
 * of the first, as for elements and parameters given twice. */
static gboolean
machine_setting_once (Parser *p, const char *word, int col)
{
  G_STATIC_ASSERT (G_N_ELEMENTS (machine_settings) == G_N_ELEMENTS (((Parser *) NULL)->machine_setting_lines));

  for (guint i = 0; i < G_N_ELEMENTS (machine_settings); i++)
    if (g_strcmp0 (word, machine_settings[i]) == 0)
      {
        if (p->machine_setting_lines[i] > 0)
          {
            error_at (p, col, _("the machine's '%s' is already given (line %d)"), augur_message_token (word, -1),
                      p->machine_setting_lines[i]);
            return FALSE;
          }
        p->machine_setting_lines[i] = p->lineno;
        return TRUE;
      }
  return TRUE;
}

/* A key given twice in one line (an element's, a fit's): the column of the
 * first. */
static void
key_again (Parser *p, int col, const char *key, guint first_start)
{
  error_at (p, col, _("'%s' is already given in this line (column %d)"), augur_message_token (key, -1),
            (int) g_utf8_strlen (p->line, first_start) + 1);
}

static void
machine_line (Parser *p, const char *word, int col)
{
  AugurActivityModel *m = p->m;
  ActExpr *target = NULL;
  const char *what = NULL;

  if (!machine_setting_once (p, word, col))
    return;
  if (g_strcmp0 (word, "nodes") == 0)
    target = &m->nodes, what = _("the number of nodes");
  else if (g_strcmp0 (word, "cpus") == 0)
    target = &m->cpus, what = _("the number of CPUs per node");
  else if (g_strcmp0 (word, "processes") == 0)
    target = &m->processes, what = _("the number of processes");
  else if (g_strcmp0 (word, "latency") == 0)
    target = &m->latency, what = _("a latency in seconds");
  else if (g_strcmp0 (word, "bandwidth") == 0)
    target = &m->bandwidth, what = _("a bandwidth in bytes per second");
  else if (g_strcmp0 (word, "local-latency") == 0)
    target = &m->local_latency, what = _("a latency in seconds");
  else if (g_strcmp0 (word, "local-bandwidth") == 0)
    target = &m->local_bandwidth, what = _("a bandwidth in bytes per second");
  if (target != NULL)
    {
      if (read_expr (p, target, what))
        expect_line_end (p);
      return;
    }
  if (g_strcmp0 (word, "queue") == 0)
    {
      if (expect_keyword (p, "fcfs"))
        m->queue = AUGUR_ACTIVITY_QUEUE_FCFS;
      else if (expect_keyword (p, "rr"))
        {
          m->queue = AUGUR_ACTIVITY_QUEUE_RR;
          if (!read_expr (p, &m->quantum, _("a quantum in seconds")))
            return;
        }
      else
        {
          g_autofree char *f = found (p);
          error_at (p, column (p), _("expected 'fcfs' or 'rr QUANTUM', found %s"), f);
          return;
        }
      expect_line_end (p);
    }
  else if (g_strcmp0 (word, "mapping") == 0)
    {
      m->mapping_line = p->lineno;
      g_ptr_array_set_size (m->explicit_map, 0);
      if (expect_keyword (p, "block"))
        m->mapping = AUGUR_ACTIVITY_MAPPING_BLOCK;
      else if (expect_keyword (p, "cyclic"))
        m->mapping = AUGUR_ACTIVITY_MAPPING_CYCLIC;
      else if (expect_keyword (p, "explicit"))
        {
          m->mapping = AUGUR_ACTIVITY_MAPPING_EXPLICIT;
          if (at_end (p))
            {
              error_at (p, column (p), _("expected the node of each process, found the end of the line"));
              return;
            }
          while (!at_end (p))
            {
              ActExpr *e = g_new0 (ActExpr, 1);
              g_ptr_array_add (m->explicit_map, e);
              if (m->explicit_map->len > MAX_ITEMS)
                {
                  error_at (p, column (p), _("more than %d processes"), MAX_ITEMS);
                  return;
                }
              if (!read_expr (p, e, _("the node of a process")))
                return;
              unwrap (e->text);
            }
          return;
        }
      else
        {
          g_autofree char *f = found (p);
          error_at (p, column (p), _("expected 'block', 'cyclic' or 'explicit', found %s"), f);
          return;
        }
      expect_line_end (p);
    }
  else if (g_strcmp0 (word, "network") == 0)
    {
      if (expect_keyword (p, "simple"))
        m->network = ACT_NETWORK_SIMPLE;
      else if (expect_keyword (p, "lv08"))
        m->network = ACT_NETWORK_LV08;
      else if (expect_keyword (p, "cm02"))
        m->network = ACT_NETWORK_CM02;
      else
        {
          g_autofree char *f = found (p);
          error_at (p, column (p), _("expected 'simple', 'lv08' or 'cm02', found %s"), f);
          return;
        }
      expect_line_end (p);
    }
  else if (g_strcmp0 (word, "platform") == 0)
    {
      char *path;
      m->platform_line = p->lineno;
      path = read_string (p);
      if (path == NULL)
        return;
      if (*path == '\0')
        {
          error_at (p, col, _("expected the platform's file name, found an empty text"));
          g_free (path);
          return;
        }
      g_free (m->platform_path);
      m->platform_path = path;
      expect_line_end (p);
    }
  else if (g_strcmp0 (word, "seed") == 0)
    {
      double v;
      int c;
      skip_blanks (p);
      c = column (p);
      if (!read_number (p, &v))
        return;
      if (v < 0 || v > 18446744073709549568.0 || v != floor (v))
        {
          error_at (p, c, _("the seed must be a whole number from 0 to 2^64"));
          return;
        }
      m->seed = (guint64) v;
      m->has_seed = TRUE;
      expect_line_end (p);
    }
  else
    error_at (p, col, _("expected a machine setting (nodes, cpus, processes, queue, mapping, network, platform, "
                        "latency, bandwidth, local-latency, local-bandwidth, seed) or 'end', found '%s'"), augur_message_token (word, -1));
}

/* ---- diagrams ---------------------------------------------------------------- */

static ActDiagram *
find_diagram (AugurActivityModel *m, const char *name, guint *index)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (m->diagram_index, name));

  if (i == 0)
    return NULL;
  if (index)
    *index = i - 1;
  return g_ptr_array_index (m->diagrams, i - 1);
}

static ActElement *
find_element (ActDiagram *d, const char *name, guint *index)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (d->by_name, name));

  if (i == 0)
    return NULL;
  if (index)
    *index = i - 1;
  return g_ptr_array_index (d->elements, i - 1);
}

/* The index of parameter name + 1 (0: none). */
static guint
param_index (const AugurActivityModel *m, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (m->param_index, name));
}

static void
pending_clear (gpointer p)
{
  PendingFlow *f = p;
  g_free (f->from);
  g_free (f->to);
  act_expr_clear (&f->expr);
}

static void
flow_line (Parser *p)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) columns = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
  GuardKind guard = GUARD_NONE;
  ActExpr expr = { 0 };
  int guard_col = 0;

  for (;;)
    {
      int col;
      guint start;
      char *name;

      skip_blanks (p);
      col = column (p);
      start = (guint) p->pos;
      name = expect_name (p, names->len == 0 ? _("the name of the element a flow leaves") : _("an element name"));
      if (name == NULL)
        return;
      g_ptr_array_add (names, name);
      g_array_append_val (columns, col);
      g_array_append_val (starts, start);
      skip_blanks (p);
      if (p->pos + 1 < p->len && p->line[p->pos] == '-' && p->line[p->pos + 1] == '>')
        {
          p->pos += 2;
          continue;
        }
      break;
    }
  if (names->len < 2)
    {
      g_autofree char *f = found (p);
      error_at (p, column (p), _("expected '->', found %s"), f);
      return;
    }
  skip_blanks (p);
  guard_col = column (p);
  if (expect_keyword (p, "when"))
    {
      guard = GUARD_WHEN;
      if (!read_expr (p, &expr, _("a condition")))
        return;
    }
  else if (expect_keyword (p, "else"))
    guard = GUARD_ELSE;
  else if (expect_keyword (p, "prob"))
    {
      guard = GUARD_PROB;
      if (!read_expr (p, &expr, _("a probability")))
        return;
    }
  if (!expect_line_end (p))
    {
      act_expr_clear (&expr);
      return;
    }
  if (guard != GUARD_NONE && names->len > 2)
    {
      error_at (p, guard_col, _("a guard belongs to one flow: write 'flow DECISION -> ELEMENT %s' on a line of its own"),
                guard == GUARD_WHEN ? "when ..." : guard == GUARD_ELSE ? "else" : "prob ...");
      act_expr_clear (&expr);
      return;
    }
  {
    ActFlowLine fl = { p->lineno, g_array_new (FALSE, FALSE, sizeof (ActFlowName)), guard, trimmed (p) };

    g_array_set_clear_func (fl.names, flow_name_clear);
    for (guint i = 0; i < names->len; i++)
      {
        ActFlowName n = { g_strdup (g_ptr_array_index (names, i)), g_array_index (starts, guint, i), 0 };
        n.end = n.start + (guint) strlen (n.name);
        g_array_append_val (fl.names, n);
      }
    g_array_append_val (p->diagram->flow_lines, fl);
  }
  for (guint i = 0; i + 1 < names->len; i++)
    {
      PendingFlow f = { 0 };
      f.from = g_strdup (g_ptr_array_index (names, i));
      f.to = g_strdup (g_ptr_array_index (names, i + 1));
      f.line = p->lineno;
      f.column = g_array_index (columns, int, i + 1);
      if (guard != GUARD_NONE)
        {
          f.guard = guard;
          f.expr = expr;
          f.column = guard_col;
          memset (&expr, 0, sizeof expr);
        }
      g_array_append_val (p->pending, f);
    }
}

/* Which expression a key of an element sets, for its kind. */
static gboolean
element_key (AugurActivityKind kind, const char *key, ExprRole *role, const char **what)
{
  static const struct {
    const char *key;
    ExprRole    role;
    guint32     kinds;
    const char *what;
  } keys[] = {
    { "cost",    EXPR_COST,    1u << AUGUR_ACTIVITY_ACTION, N_("a cost in seconds") },
    { "count",   EXPR_COUNT,   1u << AUGUR_ACTIVITY_LOOP, N_("a number of iterations") },
    { "threads", EXPR_THREADS, 1u << AUGUR_ACTIVITY_PARALLEL, N_("a number of threads") },
    { "to",      EXPR_PEER,    1u << AUGUR_ACTIVITY_SEND, N_("the process it sends to") },
    { "from",    EXPR_PEER,    1u << AUGUR_ACTIVITY_RECV, N_("the process it receives from") },
    { "size",    EXPR_SIZE,    (1u << AUGUR_ACTIVITY_SEND) | (1u << AUGUR_ACTIVITY_RECV) |
                               (1u << AUGUR_ACTIVITY_BROADCAST) | (1u << AUGUR_ACTIVITY_REDUCE) |
                               (1u << AUGUR_ACTIVITY_ALLREDUCE) | (1u << AUGUR_ACTIVITY_GATHER), N_("a size in bytes") },
    { "root",    EXPR_ROOT,    (1u << AUGUR_ACTIVITY_BROADCAST) | (1u << AUGUR_ACTIVITY_REDUCE) |
                               (1u << AUGUR_ACTIVITY_GATHER), N_("the root process") },
    { "tag",     EXPR_TAG,     (1u << AUGUR_ACTIVITY_SEND) | (1u << AUGUR_ACTIVITY_RECV), N_("a tag") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_strcmp0 (key, keys[i].key) == 0 && (keys[i].kinds & (1u << kind)))
      {
        *role = keys[i].role;
        *what = _(keys[i].what);
        return TRUE;
      }
  return FALSE;
}

static const char *
keys_of (AugurActivityKind kind)
{
  switch (kind)
    {
    case AUGUR_ACTIVITY_ACTION:    return "cost, vary, category, at";
    case AUGUR_ACTIVITY_LOOP:      return "count, body, at";
    case AUGUR_ACTIVITY_PARALLEL:  return "threads, body, at";
    case AUGUR_ACTIVITY_CALL:      return "diagram, at";
    case AUGUR_ACTIVITY_SEND:      return "to, size, tag, category, at";
    case AUGUR_ACTIVITY_RECV:      return "from, size, tag, category, at";
    case AUGUR_ACTIVITY_BARRIER:   return "category, at";
    case AUGUR_ACTIVITY_ALLREDUCE: return "size, category, at";
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_REDUCE:
    case AUGUR_ACTIVITY_GATHER:    return "root, size, category, at";
    default:                       return "at";
    }
}

static void
element_line (Parser *p, AugurActivityKind kind, int kind_col)
{
  ActDiagram *d = p->diagram;
  ActElement *el;
  int col;
  guint name_start;
  char *name;

  skip_blanks (p);
  col = column (p);
  name_start = (guint) p->pos;
  name = expect_name (p, _("an element name"));
  if (name == NULL)
    return;
  if (find_element (d, name, NULL) != NULL)
    {
      ActElement *first = find_element (d, name, NULL);
      error_at (p, col, _("'%s' is already an element of diagram '%s' (line %d)"), augur_message_token (name, -1), augur_message_token (d->name, -1), first->line);
      g_free (name);
      return;
    }
  if (p->m->elements->len >= MAX_ITEMS)
    {
      error_at (p, col, _("more than %d elements"), MAX_ITEMS);
      g_free (name);
      return;
    }
  el = g_new0 (ActElement, 1);
  el->kind = kind;
  el->name = name;
  el->flows = g_array_new (FALSE, TRUE, sizeof (ActFlow));
  el->line = p->lineno;
  el->column = kind_col;
  el->name_start = name_start;
  el->name_end = (guint) p->pos;
  g_ptr_array_add (d->elements, el);
  g_ptr_array_add (p->m->elements, el);
  g_hash_table_insert (d->by_name, el->name, GUINT_TO_POINTER (d->elements->len));

  while (!at_end (p))
    {
      int key_col = column (p);
      ActSpan span = { N_SPANS, (guint) p->pos, 0, 0 };
      g_autofree char *key = read_word (p, TRUE);
      ExprRole role;
      const char *what;

      if (key == NULL)
        {
          g_autofree char *f = found (p);
          error_at (p, key_col, _("expected a setting of this %s (%s), found %s"),
                    augur_activity_kind_to_string (kind), keys_of (kind), f);
          return;
        }
      skip_blanks (p);
      span.value = (guint) p->pos;
      for (guint i = 0; el->spans != NULL && i < el->spans->len; i++)
        {
          const ActSpan *first = &g_array_index (el->spans, ActSpan, i);
          gsize n = strlen (key);
          if (strncmp (p->line + first->start, key, n) == 0 && first->start + n < p->len &&
              !g_ascii_isalnum (p->line[first->start + n]) && p->line[first->start + n] != '-' &&
              p->line[first->start + n] != '_')
            {
              /* read on: the model is kept for an editor, which can
               * set the setting once again (and drop the others) */
              model_error (p, p->lineno, key_col, _("'%s' is already given in this line (column %d)"), augur_message_token (key, -1),
                           (int) g_utf8_strlen (p->line, first->start) + 1);
              break;
            }
        }
      if (element_key (kind, key, &role, &what))
        {
          if (!read_expr (p, &el->exprs[role], what))
            return;
          span.key = role;
        }
      else if (g_strcmp0 (key, "category") == 0 && augur_activity_kind_takes_time (kind))
        {
          g_free (el->category);
          span.key = SPAN_CATEGORY;
          skip_blanks (p);
          if (p->pos < p->len && p->line[p->pos] == '"')
            el->category = read_string (p);
          else
            el->category = expect_name (p, _("a category"));
          if (el->category == NULL)
            return;
        }
      else if ((g_strcmp0 (key, "body") == 0 &&
                (kind == AUGUR_ACTIVITY_LOOP || kind == AUGUR_ACTIVITY_PARALLEL)) ||
               (g_strcmp0 (key, "diagram") == 0 && kind == AUGUR_ACTIVITY_CALL))
        {
          g_free (el->target);
          span.key = SPAN_TARGET;
          el->target = expect_name (p, _("a diagram name"));
          if (el->target == NULL)
            return;
        }
      else if (g_strcmp0 (key, "vary") == 0 && kind == AUGUR_ACTIVITY_ACTION)
        {
          span.key = SPAN_VARY;
          if (expect_keyword (p, "normal"))
            el->vary = AUGUR_ACTIVITY_VARY_NORMAL;
          else if (expect_keyword (p, "uniform"))
            el->vary = AUGUR_ACTIVITY_VARY_UNIFORM;
          else if (expect_keyword (p, "exponential"))
            el->vary = AUGUR_ACTIVITY_VARY_EXPONENTIAL;
          else
            {
              g_autofree char *f = found (p);
              error_at (p, column (p), _("expected 'normal SPREAD', 'uniform SPREAD' or 'exponential', found %s"), f);
              return;
            }
          if (el->vary != AUGUR_ACTIVITY_VARY_EXPONENTIAL &&
              !read_expr (p, &el->vary_spread, _("a relative spread (0.05 for 5 %)")))
            return;
        }
      else if (g_strcmp0 (key, "at") == 0)
        {
          span.key = SPAN_AT;
          if (!read_number (p, &el->x) || !read_number (p, &el->y))
            return;
          el->has_position = TRUE;
        }
      else
        {
          error_at (p, key_col, _("'%s' is not a setting of a %s (it has: %s)"), augur_message_token (key, -1),
                    augur_activity_kind_to_string (kind), keys_of (kind));
          return;
        }
      span.end = trimmed (p);
      if (el->spans == NULL)
        el->spans = g_array_new (FALSE, FALSE, sizeof (ActSpan));
      g_array_append_val (el->spans, span);
    }
  el->end = trimmed (p);
}

static void
diagram_end (Parser *p)
{
  ActDiagram *d = p->diagram;

  for (guint i = 0; i < p->pending->len; i++)
    {
      PendingFlow *f = &g_array_index (p->pending, PendingFlow, i);
      ActElement *from = find_element (d, f->from, NULL);
      guint to;
      ActFlow flow = { 0 };

      if (from == NULL)
        {
          model_error (p, f->line, f->column, _("diagram '%s' has no element '%s'"), augur_message_token (d->name, -1), augur_message_token (f->from, -1));
          continue;
        }
      if (find_element (d, f->to, &to) == NULL)
        {
          model_error (p, f->line, f->column, _("diagram '%s' has no element '%s'"), augur_message_token (d->name, -1), augur_message_token (f->to, -1));
          continue;
        }
      flow.to = to;
      flow.guard = f->guard;
      flow.expr = f->expr;
      memset (&f->expr, 0, sizeof f->expr);
      flow.line = f->line;
      flow.column = f->column;
      g_array_append_val (from->flows, flow);
    }
  g_array_set_size (p->pending, 0);
  p->diagram = NULL;
}

static ActParam *
new_param (Parser *p, int name_col, char *name)
{
  AugurActivityModel *m = p->m;
  ActParam *param;
  guint i = param_index (m, name);

  if (i > 0)
    {
      ActParam *other = g_ptr_array_index (m->params, i - 1);
      error_at (p, name_col, _("parameter '%s' is already defined (line %d)"), augur_message_token (name, -1),
                other->fit_csv != NULL ? other->fit_line : other->value.line);
      g_free (name);
      return NULL;
    }
  if (g_strcmp0 (name, "pid") == 0 || g_strcmp0 (name, "tid") == 0)
    {
      error_at (p, name_col, _("'%s' is bound to each processing unit and cannot be a parameter"), augur_message_token (name, -1));
      g_free (name);
      return NULL;
    }
  if (m->params->len >= MAX_ITEMS)
    {
      error_at (p, name_col, _("more than %d parameters"), MAX_ITEMS);
      g_free (name);
      return NULL;
    }
  param = g_new0 (ActParam, 1);
  param->name = name;
  g_ptr_array_add (m->params, param);
  g_hash_table_insert (m->param_index, param->name, GUINT_TO_POINTER (m->params->len));
  return param;
}

/* fit NAME [response COLUMN] [terms N], then the measurements (CSV: a
 * header naming parameters and the response, one row per measurement),
 * then end. */
static void
fit_line (Parser *p, int col)
{
  int name_col;
  char *name;
  ActParam *param;
  gssize response_at = -1, terms_at = -1;

  skip_blanks (p);
  name_col = column (p);
  name = expect_name (p, _("the name of the fitted function"));
  if (name == NULL || (param = new_param (p, name_col, name)) == NULL)
    return;
  param->fit_csv = g_string_new (NULL);
  param->fit_line = p->lineno;
  param->fit_column = col;
  while (!at_end (p))
    {
      int key_col = column (p);
      gsize key_at = p->pos;
      g_autofree char *key = read_word (p, TRUE);
      gssize *seen = g_strcmp0 (key, "response") == 0 ? &response_at
                   : g_strcmp0 (key, "terms") == 0 ? &terms_at : NULL;

      if (seen != NULL && *seen >= 0)
        {
          key_again (p, key_col, key, (guint) *seen);
          return;
        }
      if (seen != NULL)
        *seen = (gssize) key_at;
      if (g_strcmp0 (key, "response") == 0)
        {
          g_free (param->fit_response);
          skip_blanks (p);
          if (p->pos < p->len && p->line[p->pos] == '"')
            param->fit_response = read_string (p);
          else
            param->fit_response = expect_name (p, _("the response column"));
          if (param->fit_response == NULL)
            return;
        }
      else if (g_strcmp0 (key, "terms") == 0)
        {
          double v;
          int c;
          skip_blanks (p);
          c = column (p);
          if (!read_number (p, &v))
            return;
          if (v < 1 || v > AUGUR_FIT_MAX_TERMS || v != floor (v))
            {
              error_at (p, c, _("the number of terms is a whole number from 1 to %d"), AUGUR_FIT_MAX_TERMS);
              return;
            }
          param->fit_terms = (guint) v;
        }
      else
        {
          g_autofree char *f = key != NULL ? g_strdup_printf ("'%s'", augur_message_token (key, -1)) : found (p);
          error_at (p, key_col, _("expected 'response COLUMN', 'terms N' or the end of the line, found %s"), f);
          return;
        }
    }
  p->fit = param;
  p->block = FIT;
  p->block_line = p->lineno;
}

/* A measurement line of a fit block, as written. */
static void
fit_data_line (Parser *p)
{
  if (p->fit->fit_csv->len == 0)
    p->fit->value.line = p->lineno;   /* where the measurements start */
  g_string_append_len (p->fit->fit_csv, p->line, p->len);
  g_string_append_c (p->fit->fit_csv, '\n');
}

/* The end of a fit block: the measurements read and fitted; the fitted
 * model becomes the parameter's value. */
static void
fit_end (Parser *p)
{
  ActParam *param = p->fit;
  AugurFitReadOptions read = { param->fit_response, NULL };
  AugurFitOptions options;
  g_autoptr(GError) error = NULL;
  AugurFitData *data;
  AugurFitModel *model;
  g_autofree char *text = NULL;
  int first = param->value.line > 0 ? param->value.line : p->lineno;

  p->fit = NULL;
  data = augur_fit_data_parse (param->fit_csv->str, param->fit_csv->len, "", &read, &error);
  if (data == NULL)
    {
      /* ":LINE:COLUMN: message", LINE counted in the block */
      int line = 0, c = 0, n = 0;
      if (sscanf (error->message, ":%d:%d: %n", &line, &c, &n) == 2 && n > 0)
        diag (p, AUGUR_SEVERITY_ERROR, first + line - 1, c, error->message + n);
      else
        diag (p, AUGUR_SEVERITY_ERROR, param->fit_line, param->fit_column, error->message);
      return;
    }
  if ((p->flags & AUGUR_ACTIVITY_PARSE_SKIP_FITS) && augur_fit_data_get_n_rows (data) > AUGUR_ACTIVITY_LIVE_FIT_ROWS)
    {
      /* read, not fitted: a placeholder value, and the model says so */
      augur_fit_data_free (data);
      act_expr_clear (&param->value);
      param->value.text = g_strdup (_("fitted when evaluated"));
      param->value.expr = augur_expr_parse ("0", -1, NULL, AUGUR_EXPR_FLAGS_NONE, NULL);
      param->value.line = param->fit_line;
      param->value.column = param->fit_column;
      p->m->fits_skipped = TRUE;
      return;
    }
  augur_fit_options_init (&options);
  if (param->fit_terms > 0)
    options.max_terms = param->fit_terms;
  param->fit = augur_fit (data, &options, NULL, &error);
  augur_fit_data_free (data);
  if (param->fit == NULL)
    {
      /* the measurements have no file name of their own */
      const char *what = g_str_has_prefix (error->message, ": ") ? error->message + 2 : error->message;
      g_autofree char *message = g_strdup_printf (_("fit '%s': %s"), augur_message_token (param->name, -1), what);
      diag (p, AUGUR_SEVERITY_ERROR, param->fit_line, param->fit_column, message);
      return;
    }
  for (guint i = 0; i < augur_fit_result_get_n_warnings (param->fit); i++)
    {
      g_autofree char *message = g_strdup_printf (_("fit '%s': %s"), augur_message_token (param->name, -1),
                                                  augur_fit_result_get_warning (param->fit, i));
      g_ptr_array_add (p->diags, augur_diagnostic_new (AUGUR_SEVERITY_WARNING, param->fit_line, param->fit_column,
                                                       "%s", message));
    }
  model = (AugurFitModel *) augur_fit_result_get_model (param->fit);
  text = augur_fit_model_to_expression (model, NULL, &error);
  if (text == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("fit '%s': %s"), augur_message_token (param->name, -1), error->message);
      diag (p, AUGUR_SEVERITY_ERROR, param->fit_line, param->fit_column, message);
      return;
    }
  {
    /* names located at the fit's line */
    AugurExprOrigin origin = { "", param->fit_line, param->fit_column };
    AugurExpr *expr = augur_expr_parse (text, -1, &origin, AUGUR_EXPR_FLAGS_NONE, &error);
    if (expr == NULL)
      {
        diag (p, AUGUR_SEVERITY_ERROR, param->fit_line, param->fit_column, error->message);
        return;
      }
    act_expr_clear (&param->value);
    param->value.text = g_steal_pointer (&text);
    param->value.expr = expr;
    param->value.line = param->fit_line;
    param->value.column = param->fit_column;
  }
}

/* config NAME PARAM = VALUE, PARAM = VALUE ... (values are constant
 * expressions; the parameters are checked once all are read). */
static void
config_line (Parser *p, int col)
{
  AugurActivityModel *m = p->m;
  g_autoptr(GHashTable) given = NULL;
  ActConfig *c;
  int name_col;
  char *name;

  skip_blanks (p);
  name_col = column (p);
  name = expect_name (p, _("a configuration name"));
  if (name == NULL)
    return;
  if ((c = g_hash_table_lookup (p->configs, name)) != NULL)
    {
      error_at (p, name_col, _("configuration '%s' is already defined (line %d)"), augur_message_token (name, -1), c->line);
      g_free (name);
      return;
    }
  if (m->configs->len >= MAX_ITEMS)
    {
      error_at (p, name_col, _("more than %d configurations"), MAX_ITEMS);
      g_free (name);
      return;
    }
  c = g_new0 (ActConfig, 1);
  c->name = name;
  c->names = g_ptr_array_new_with_free_func (g_free);
  c->values = g_array_new (FALSE, FALSE, sizeof (double));
  c->line = p->lineno;
  c->column = col;
  g_ptr_array_add (m->configs, c);
  g_hash_table_insert (p->configs, c->name, c);
  given = g_hash_table_new (g_str_hash, g_str_equal);
  do
    {
      ActExpr value = { 0 };
      char *param;
      double v;

      skip_blanks (p);
      skip_blanks (p);
      name_col = column (p);
      param = expect_name (p, _("a parameter name"));
      if (param == NULL)
        return;
      if (g_hash_table_contains (given, param))
        {
          /* the last would silently win */
          error_at (p, name_col, _("configuration '%s' already gives '%s'"), augur_message_token (c->name, -1), augur_message_token (param, -1));
          g_free (param);
          return;
        }
      g_ptr_array_add (c->names, param);
      g_hash_table_add (given, param);
      skip_blanks (p);
      if (p->pos >= p->len || p->line[p->pos] != '=')
        {
          g_autofree char *f = found (p);
          error_at (p, column (p), _("expected '=', found %s"), f);
          return;
        }
      p->pos++;
      if (!read_expr (p, &value, _("a value")))
        return;
      if (!augur_expr_is_constant (value.expr))
        {
          int line, ncol;
          augur_expr_get_name_location (value.expr, 0, &line, &ncol);
          error_at (p, ncol, _("a configuration gives numbers: '%s' is not one"), augur_message_token (augur_expr_get_name (value.expr, 0), -1));
          act_expr_clear (&value);
          return;
        }
      v = augur_expr_eval (value.expr, NULL);
      if (!isfinite (v))
        {
          error_at (p, value.column, _("'%s' is not a finite number"), augur_message_token (value.text, -1));
          act_expr_clear (&value);
          return;
        }
      g_array_append_val (c->values, v);
      act_expr_clear (&value);
      skip_blanks (p);
    }
  while (p->pos < p->len && p->line[p->pos] == ',' && ++p->pos);
  if (expect_keyword (p, "measured"))
    {
      int mcol;
      skip_blanks (p);
      mcol = column (p);
      if (!read_number (p, &c->measured))
        return;
      if (!(c->measured > 0))
        {
          error_at (p, mcol, _("a measured time is a number of seconds greater than 0"));
          return;
        }
      c->has_measured = TRUE;
    }
  expect_line_end (p);
}

static void
top_line (Parser *p, const char *word, int col)
{
  AugurActivityModel *m = p->m;

  if (g_strcmp0 (word, "activity") == 0)
    {
      char *title;
      if (p->title_line > 0)
        {
          error_at (p, col, _("the title is already given (line %d)"), p->title_line);
          return;
        }
      p->title_line = p->lineno;
      title = read_string (p);
      if (title == NULL)
        return;
      g_free (m->title);
      m->title = title;
      expect_line_end (p);
    }
  else if (g_strcmp0 (word, "param") == 0)
    {
      int name_col;
      ActParam *param;
      char *name;

      skip_blanks (p);
      name_col = column (p);
      name = expect_name (p, _("a parameter name"));
      if (name == NULL || (param = new_param (p, name_col, name)) == NULL)
        return;
      skip_blanks (p);
      if (p->pos >= p->len || p->line[p->pos] != '=')
        {
          g_autofree char *f = found (p);
          error_at (p, column (p), _("expected '=', found %s"), f);
          return;
        }
      p->pos++;
      if (read_expr (p, &param->value, _("a value")))
        expect_line_end (p);
    }
  else if (g_strcmp0 (word, "config") == 0)
    config_line (p, col);
  else if (g_strcmp0 (word, "fit") == 0)
    fit_line (p, col);
  else if (g_strcmp0 (word, "machine") == 0)
    {
      if (p->machine_first > 0)
        {
          /* its settings are still read, so that each is checked */
          error_at (p, col, _("the machine is already described (line %d): one 'machine' block holds all its "
                              "settings"), p->machine_first);
          p->block = MACHINE;
          p->block_line = p->lineno;
          return;
        }
      if (expect_line_end (p))
        {
          p->block = MACHINE;
          p->block_line = p->lineno;
          p->m->machine_line = p->lineno;
          p->machine_first = p->lineno;
        }
    }
  else if (g_strcmp0 (word, "diagram") == 0)
    {
      int name_col;
      guint name_start;
      char *name;
      ActDiagram *d;

      skip_blanks (p);
      name_col = column (p);
      name_start = (guint) p->pos;
      name = expect_name (p, _("a diagram name"));
      if (name == NULL)
        return;
      if (find_diagram (m, name, NULL) != NULL)
        {
          error_at (p, name_col, _("diagram '%s' is already defined (line %d)"), augur_message_token (name, -1),
                    find_diagram (m, name, NULL)->line);
          g_free (name);
          return;
        }
      d = g_new0 (ActDiagram, 1);
      d->name = name;
      d->elements = g_ptr_array_new_with_free_func (element_free);
      d->by_name = g_hash_table_new (g_str_hash, g_str_equal);
      d->line = p->lineno;
      d->column = col;
      d->name_start = name_start;
      d->name_end = (guint) p->pos;
      d->flow_lines = g_array_new (FALSE, FALSE, sizeof (ActFlowLine));
      g_array_set_clear_func (d->flow_lines, flow_line_clear);
      g_ptr_array_add (m->diagrams, d);
      g_hash_table_insert (m->diagram_index, d->name, GUINT_TO_POINTER (m->diagrams->len));
      p->diagram = d;
      p->block = DIAGRAM;
      p->block_line = p->lineno;
      expect_line_end (p);
    }
  else
    error_at (p, col, _("expected 'activity', 'param', 'config', 'machine' or 'diagram', found '%s'"), augur_message_token (word, -1));
}

static void
read_line (Parser *p)
{
  int col;
  g_autofree char *word = NULL;

  if (at_end (p))
    return;
  col = column (p);
  if (p->block == FIT)
    {
      gsize save = p->pos;
      g_autofree char *end = read_word (p, FALSE);
      if (g_strcmp0 (end, "end") == 0 && at_end (p))
        {
          p->block = TOP;
          fit_end (p);
          return;
        }
      p->pos = save;
      fit_data_line (p);
      return;
    }
  word = read_word (p, TRUE);
  if (word == NULL)
    {
      g_autofree char *f = found (p);
      error_at (p, col, _("expected a keyword, found %s"), f);
      return;
    }
  if (g_strcmp0 (word, "end") == 0 && p->block != TOP)
    {
      if (p->block == DIAGRAM)
        {
          p->diagram->end_line = p->lineno;
          diagram_end (p);
        }
      else if (p->block == MACHINE)
        p->m->machine_end_line = p->lineno;
      p->block = TOP;
      expect_line_end (p);
      return;
    }
  switch (p->block)
    {
    case TOP:
      top_line (p, word, col);
      break;
    case MACHINE:
      machine_line (p, word, col);
      break;
    case FIT:
      g_assert_not_reached ();
      break;
    case DIAGRAM:
      {
        AugurActivityKind kind;
        if (g_strcmp0 (word, "flow") == 0)
          flow_line (p);
        else if (augur_activity_kind_from_string (word, &kind))
          element_line (p, kind, col);
        else
          error_at (p, col, _("expected an element (initial, final, action, decision, merge, loop, parallel, "
                              "call, send, recv, broadcast, barrier, reduce, allreduce, gather), 'flow' "
                              "or 'end', found '%s'"), augur_message_token (word, -1));
      }
      break;
    }
}

/* ---- Checks ------------------------------------------------------------------------ */

/* Maps an expression's names to value slots; unknown names are errors. */
static void
bind_expr (Parser *p, ActExpr *e, guint n_params, const char *context)
{
  AugurActivityModel *m = p->m;
  guint n;

  if (e->expr == NULL)
    return;
  n = augur_expr_get_n_names (e->expr);
  g_free (e->slots);
  e->slots = g_new0 (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const char *name = augur_expr_get_name (e->expr, i);
      guint k = param_index (m, name);
      gboolean known = FALSE;

      if (g_strcmp0 (name, "pid") == 0 && n_params == m->params->len)
        e->slots[i] = SLOT_PID (m), known = TRUE;
      else if (g_strcmp0 (name, "tid") == 0 && n_params == m->params->len)
        e->slots[i] = SLOT_TID (m), known = TRUE;
      else if (k > 0 && k - 1 < n_params)
        {
          e->slots[i] = k - 1;
          known = TRUE;
        }
      if (!known)
        {
          int line, col;
          augur_expr_get_name_location (e->expr, i, &line, &col);
          if (n_params < m->params->len)
            {
              gboolean later = k > n_params;
              if (later)
                model_error (p, line, col, _("parameter '%s' is defined after %s: define it first"), augur_message_token (name, -1), context);
              else if (g_strcmp0 (name, "pid") == 0 || g_strcmp0 (name, "tid") == 0)
                model_error (p, line, col, _("a parameter cannot depend on '%s': use it in the elements' expressions"), augur_message_token (name, -1));
              else
                model_error (p, line, col, _("unknown name '%s' in %s"), augur_message_token (name, -1), context);
            }
          else
            model_error (p, line, col, _("unknown name '%s' in %s (not a parameter, pid or tid)"), augur_message_token (name, -1), context);
        }
    }
}

static guint
category_index (Parser *p, const char *name)
{
  AugurActivityModel *m = p->m;
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (p->categories, name));
  char *copy;

  if (i > 0)
    return i - 1;
  copy = g_strdup (name);
  g_ptr_array_add (m->categories, copy);
  g_hash_table_insert (p->categories, copy, GUINT_TO_POINTER (m->categories->len));
  return m->categories->len - 1;
}

static const char *
default_category (AugurActivityKind kind)
{
  return kind == AUGUR_ACTIVITY_ACTION ? "compute" : "communication";
}

/* Whether a final node can be reached from each element: backwards from
 * the finals over the flows reversed (once each, so a long chain written
 * in any order is checked in linear time). */
static void
check_exits (Parser *p, ActDiagram *d)
{
  guint n = d->elements->len, n_flows = 0;
  g_autofree gboolean *reaches = g_new0 (gboolean, MAX (n, 1));
  g_autofree gboolean *reached = g_new0 (gboolean, MAX (n, 1));
  g_autofree guint *first_in = g_new0 (guint, n + 1);   /* flows into i: from[first_in[i] .. first_in[i + 1]) */
  g_autofree guint *from = NULL;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n; i++)
    {
      ActElement *el = g_ptr_array_index (d->elements, i);
      for (guint f = 0; f < el->flows->len; f++)
        first_in[g_array_index (el->flows, ActFlow, f).to + 1]++;
      n_flows += el->flows->len;
    }
  for (guint i = 0; i < n; i++)
    first_in[i + 1] += first_in[i];
  from = g_new (guint, MAX (n_flows, 1));
  {
    g_autofree guint *fill = g_memdup2 (first_in, (n + 1) * sizeof (guint));
    for (guint i = 0; i < n; i++)
      {
        ActElement *el = g_ptr_array_index (d->elements, i);
        for (guint f = 0; f < el->flows->len; f++)
          from[fill[g_array_index (el->flows, ActFlow, f).to]++] = i;
      }
  }
  for (guint i = 0; i < n; i++)
    if (((ActElement *) g_ptr_array_index (d->elements, i))->kind == AUGUR_ACTIVITY_FINAL)
      {
        reaches[i] = TRUE;
        g_array_append_val (stack, i);
      }
  while (stack->len > 0)
    {
      guint i = g_array_index (stack, guint, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      for (guint k = first_in[i]; k < first_in[i + 1]; k++)
        if (!reaches[from[k]])
          {
            reaches[from[k]] = TRUE;
            g_array_append_val (stack, from[k]);
          }
    }
  /* reachable from the initial node */
  if (d->initial < n)
    {
      g_array_append_val (stack, d->initial);
      reached[d->initial] = TRUE;
      while (stack->len > 0)
        {
          guint i = g_array_index (stack, guint, stack->len - 1);
          ActElement *el = g_ptr_array_index (d->elements, i);
          g_array_set_size (stack, stack->len - 1);
          for (guint f = 0; f < el->flows->len; f++)
            {
              guint to = g_array_index (el->flows, ActFlow, f).to;
              if (!reached[to])
                {
                  reached[to] = TRUE;
                  g_array_append_val (stack, to);
                }
            }
        }
    }
  for (guint i = 0; i < n; i++)
    {
      ActElement *el = g_ptr_array_index (d->elements, i);
      if (d->initial < n && !reached[i])
        model_error (p, el->line, el->column, _("'%s' is never reached from the initial node of diagram '%s'"), augur_message_token (el->name, -1), augur_message_token (d->name, -1));
    }
  /* What cannot reach a final node leads, by its first flows, into a loop
   * without an exit (every element but a final has a flow out): name the
   * element where that loop closes. */
  for (guint i = 0; i < n; i++)
    if (reached[i] && !reaches[i])
      {
        g_autofree gboolean *seen = g_new0 (gboolean, n);
        guint x = i;
        ActElement *el;

        while (!seen[x])
          {
            ActElement *at = g_ptr_array_index (d->elements, x);
            seen[x] = TRUE;
            if (at->flows->len == 0)
              break;
            x = g_array_index (at->flows, ActFlow, 0).to;
          }
        el = g_ptr_array_index (d->elements, x);
        model_error (p, el->line, el->column,
                     _("'%s' is in a loop without an exit: no flow from it leads to a final node of diagram '%s'"), augur_message_token (el->name, -1), augur_message_token (d->name, -1));
        break;
      }
}

static void
check_flows (Parser *p, ActDiagram *d)
{
  guint n = d->elements->len;
  g_autofree guint *incoming = g_new0 (guint, MAX (n, 1));
  guint n_initial = 0, n_final = 0;

  for (guint i = 0; i < n; i++)
    {
      ActElement *el = g_ptr_array_index (d->elements, i);
      for (guint f = 0; f < el->flows->len; f++)
        incoming[g_array_index (el->flows, ActFlow, f).to]++;
    }
  d->initial = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      ActElement *el = g_ptr_array_index (d->elements, i);
      guint out = el->flows->len;

      if (el->kind == AUGUR_ACTIVITY_INITIAL)
        {
          if (n_initial++ == 0)
            d->initial = i;
          else
            model_error (p, el->line, el->column, _("diagram '%s' has a second initial node, '%s'"), augur_message_token (d->name, -1), augur_message_token (el->name, -1));
          if (incoming[i] > 0)
            model_error (p, el->line, el->column, _("no flow may enter the initial node '%s'"), augur_message_token (el->name, -1));
        }
      if (el->kind == AUGUR_ACTIVITY_FINAL)
        {
          n_final++;
          if (out > 0)
            model_error (p, el->line, el->column, _("no flow may leave the final node '%s'"), augur_message_token (el->name, -1));
          continue;
        }
      if (el->kind == AUGUR_ACTIVITY_DECISION)
        {
          guint n_when = 0, n_else = 0, n_prob = 0;
          for (guint f = 0; f < out; f++)
            {
              ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
              n_when += flow->guard == GUARD_WHEN;
              n_else += flow->guard == GUARD_ELSE;
              n_prob += flow->guard == GUARD_PROB;
              if (flow->guard == GUARD_NONE)
                model_error (p, flow->line, flow->column,
                             _("a flow leaving decision '%s' needs 'when CONDITION', 'else' or 'prob P'"), augur_message_token (el->name, -1));
            }
          if (out < 2)
            model_error (p, el->line, el->column, _("decision '%s' needs at least two flows leaving it"), augur_message_token (el->name, -1));
          else if (n_prob > 0 && n_prob < out)
            model_error (p, el->line, el->column,
                         _("decision '%s' mixes probabilities with conditions: use one or the other"), augur_message_token (el->name, -1));
          else if (n_else > 1)
            model_error (p, el->line, el->column, _("decision '%s' has more than one 'else'"), augur_message_token (el->name, -1));
          if (n_prob > 0)
            p->m->uses_random = TRUE;
          (void) n_when;
        }
      else
        {
          if (out != 1)
            model_error (p, el->line, el->column,
                         out == 0 ? _("no flow leaves '%s': where does it go next?")
                                  : _("more than one flow leaves '%s': only a decision branches"), augur_message_token (el->name, -1));
          for (guint f = 0; f < out; f++)
            {
              ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
              if (flow->guard != GUARD_NONE)
                model_error (p, flow->line, flow->column, _("only a flow leaving a decision has a guard ('%s' is a %s)"), augur_message_token (el->name, -1), augur_activity_kind_to_string (el->kind));
            }
        }
    }
  if (n_initial == 0)
    model_error (p, d->line, d->column, _("diagram '%s' has no initial node"), augur_message_token (d->name, -1));
  if (n_final == 0)
    model_error (p, d->line, d->column, _("diagram '%s' has no final node"), augur_message_token (d->name, -1));
  if (n_initial > 0 && n_final > 0)
    check_exits (p, d);
}

static void
check_required (Parser *p, ActElement *el)
{
  static const struct { AugurActivityKind kind; ExprRole role; const char *key; } required[] = {
    { AUGUR_ACTIVITY_ACTION, EXPR_COST, "cost" },
    { AUGUR_ACTIVITY_LOOP, EXPR_COUNT, "count" },
    { AUGUR_ACTIVITY_PARALLEL, EXPR_THREADS, "threads" },
    { AUGUR_ACTIVITY_SEND, EXPR_PEER, "to" },
    { AUGUR_ACTIVITY_SEND, EXPR_SIZE, "size" },
    { AUGUR_ACTIVITY_RECV, EXPR_PEER, "from" },
    { AUGUR_ACTIVITY_BROADCAST, EXPR_ROOT, "root" },
    { AUGUR_ACTIVITY_BROADCAST, EXPR_SIZE, "size" },
    { AUGUR_ACTIVITY_REDUCE, EXPR_ROOT, "root" },
    { AUGUR_ACTIVITY_REDUCE, EXPR_SIZE, "size" },
    { AUGUR_ACTIVITY_ALLREDUCE, EXPR_SIZE, "size" },
    { AUGUR_ACTIVITY_GATHER, EXPR_ROOT, "root" },
    { AUGUR_ACTIVITY_GATHER, EXPR_SIZE, "size" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    if (required[i].kind == el->kind && !act_expr_set (&el->exprs[required[i].role]))
      model_error (p, el->line, el->column, _("%s '%s' needs '%s'"), augur_activity_kind_to_string (el->kind), augur_message_token (el->name, -1), augur_message_token (required[i].key, -1));
  if ((el->kind == AUGUR_ACTIVITY_LOOP || el->kind == AUGUR_ACTIVITY_PARALLEL) && el->target == NULL)
    model_error (p, el->line, el->column, _("%s '%s' needs 'body DIAGRAM'"), augur_activity_kind_to_string (el->kind), augur_message_token (el->name, -1));
  if (el->kind == AUGUR_ACTIVITY_CALL && el->target == NULL)
    model_error (p, el->line, el->column, _("call '%s' needs 'diagram DIAGRAM'"), augur_message_token (el->name, -1));
}

/* Depth-first over the call graph: a diagram that calls itself, and the
 * diagrams run by threads. */
static gboolean
check_calls (Parser *p, guint d, guint8 *state, gboolean in_parallel)
{
  AugurActivityModel *m = p->m;
  ActDiagram *diagram = g_ptr_array_index (m->diagrams, d);

  if (in_parallel)
    diagram->in_parallel = TRUE;
  if (state[d] == 1)
    return FALSE;
  if (state[d] == 2 && !in_parallel)
    return TRUE;
  state[d] = 1;
  for (guint i = 0; i < diagram->elements->len; i++)
    {
      ActElement *el = g_ptr_array_index (diagram->elements, i);
      if (el->target == NULL || el->target_index == G_MAXUINT)
        continue;
      if (!check_calls (p, el->target_index, state, in_parallel || el->kind == AUGUR_ACTIVITY_PARALLEL))
        {
          model_error (p, el->line, el->column, _("'%s' runs diagram '%s', which runs '%s' again: diagrams cannot recurse"), augur_message_token (el->path, -1), augur_message_token (el->target, -1), augur_message_token (diagram->name, -1));
          state[d] = 2;
          return TRUE;   /* reported once */
        }
    }
  state[d] = 2;
  return TRUE;
}

static void
check_model (Parser *p)
{
  AugurActivityModel *m = p->m;
  guint main_index = 0;
  g_autofree guint8 *state = NULL;
  gboolean communicates = FALSE;

  /* parameters, each over the ones before it */
  for (guint i = 0; i < m->params->len; i++)
    {
      ActParam *param = g_ptr_array_index (m->params, i);
      g_autofree char *context = param->fit_csv != NULL ? g_strdup_printf (_("the measurements of fit '%s'"), augur_message_token (param->name, -1))
                                                        : g_strdup_printf (_("parameter '%s'"), augur_message_token (param->name, -1));
      bind_expr (p, &param->value, i, context);
      if (param->fit != NULL && param->value.expr != NULL)
        {
          const AugurFitModel *fm = augur_fit_result_get_model (param->fit);
          guint n = augur_fit_model_get_n_params (fm);
          param->fit_slots = g_new0 (guint, MAX (n, 1));
          for (guint k = 0; k < n; k++)
            {
              guint j = param_index (m, augur_fit_model_get_param_name (fm, k));
              if (j > 0 && j - 1 < i)
                param->fit_slots[k] = j - 1;
            }
        }
    }
  for (guint i = 0; i < m->configs->len; i++)
    {
      ActConfig *c = g_ptr_array_index (m->configs, i);
      for (guint k = 0; k < c->names->len; k++)
        {
          if (param_index (m, g_ptr_array_index (c->names, k)) == 0)
            model_error (p, c->line, c->column, _("configuration '%s' gives '%s', which is not a parameter"), augur_message_token (c->name, -1), augur_message_token ((const char *) g_ptr_array_index (c->names, k), -1));
        }
    }
  if (m->diagrams->len == 0)
    {
      model_error (p, 1, 1, _("the model has no diagram: add 'diagram main' with its elements"));
      return;
    }
  /* the main diagram first */
  if (find_diagram (m, "main", &main_index) != NULL && main_index != 0)
    {
      gpointer main = m->diagrams->pdata[main_index];
      memmove (m->diagrams->pdata + 1, m->diagrams->pdata, main_index * sizeof (gpointer));
      m->diagrams->pdata[0] = main;
      for (guint d = 0; d <= main_index; d++)
        g_hash_table_insert (m->diagram_index, ((ActDiagram *) g_ptr_array_index (m->diagrams, d))->name,
                             GUINT_TO_POINTER (d + 1));
    }
  g_ptr_array_set_size (m->elements, 0);
  for (guint d = 0; d < m->diagrams->len; d++)
    {
      ActDiagram *diagram = g_ptr_array_index (m->diagrams, d);
      for (guint i = 0; i < diagram->elements->len; i++)
        {
          ActElement *el = g_ptr_array_index (diagram->elements, i);
          el->global = m->elements->len;
          el->diagram = d;
          g_ptr_array_add (m->elements, el);
          g_free (el->path);
          el->path = d == 0 ? g_strdup (el->name) : g_strdup_printf ("%s/%s", diagram->name, el->name);
          el->target_index = G_MAXUINT;
          if (el->target != NULL && find_diagram (m, el->target, &el->target_index) == NULL)
            model_error (p, el->line, el->column, _("there is no diagram '%s' for '%s' to run"), augur_message_token (el->target, -1), augur_message_token (el->name, -1));
          else if (el->target != NULL && el->target_index == 0)
            model_error (p, el->line, el->column, _("'%s' runs the main diagram, which would run it again"), augur_message_token (el->name, -1));
          check_required (p, el);
          if (augur_activity_kind_takes_time (el->kind))
            el->category_index = category_index (p, el->category != NULL ? el->category : default_category (el->kind));
          communicates = communicates || kind_communicates (el->kind);
          for (guint r = 0; r < N_EXPRS; r++)
            if (act_expr_set (&el->exprs[r]))
              {
                g_autofree char *context = g_strdup_printf (_("'%s'"), augur_message_token (el->path, -1));
                bind_expr (p, &el->exprs[r], m->params->len, context);
              }
          if (el->vary != AUGUR_ACTIVITY_VARY_NONE)
            {
              g_autofree char *context = g_strdup_printf (_("the variation of '%s'"), augur_message_token (el->path, -1));
              bind_expr (p, &el->vary_spread, m->params->len, context);
              m->uses_random = TRUE;
            }
          for (guint f = 0; f < el->flows->len; f++)
            if (act_expr_set (&g_array_index (el->flows, ActFlow, f).expr))
              {
                g_autofree char *context = g_strdup_printf (_("a guard of '%s'"), augur_message_token (el->path, -1));
                bind_expr (p, &g_array_index (el->flows, ActFlow, f).expr, m->params->len, context);
              }
        }
      check_flows (p, diagram);
    }
  state = g_new0 (guint8, m->diagrams->len);
  check_calls (p, 0, state, FALSE);
  for (guint d = 1; d < m->diagrams->len; d++)
    if (state[d] == 0)
      {
        ActDiagram *diagram = g_ptr_array_index (m->diagrams, d);
        check_calls (p, d, state, FALSE);
        g_ptr_array_add (p->diags, augur_diagnostic_new (AUGUR_SEVERITY_WARNING, diagram->line, diagram->column,
                                                         _("diagram '%s' is never run"), augur_message_token (diagram->name, -1)));
      }
  for (guint d = 0; d < m->diagrams->len; d++)
    {
      ActDiagram *diagram = g_ptr_array_index (m->diagrams, d);
      for (guint i = 0; diagram->in_parallel && i < diagram->elements->len; i++)
        {
          ActElement *el = g_ptr_array_index (diagram->elements, i);
          if (kind_communicates (el->kind))
            model_error (p, el->line, el->column,
                         _("'%s' communicates inside a parallel region (diagram '%s' is run by threads): "
                           "processes communicate, threads do not"), augur_message_token (el->path, -1), augur_message_token (diagram->name, -1));
        }
    }

  /* the machine */
  {
    ActExpr *machine[] = { &m->nodes, &m->cpus, &m->processes, &m->quantum, &m->latency, &m->bandwidth,
                           &m->local_latency, &m->local_bandwidth };
    for (guint i = 0; i < G_N_ELEMENTS (machine); i++)
      bind_expr (p, machine[i], m->params->len, _("the machine"));
    for (guint i = 0; i < m->explicit_map->len; i++)
      bind_expr (p, g_ptr_array_index (m->explicit_map, i), m->params->len, _("the machine"));
    if (m->platform_path != NULL)
      {
        /* the platform is the machine: its hosts, cores, speeds and links */
        const struct { const ActExpr *e; const char *key; } own[] = {
          { &m->nodes, "nodes" }, { &m->cpus, "cpus" }, { &m->latency, "latency" }, { &m->bandwidth, "bandwidth" },
          { &m->local_latency, "local-latency" }, { &m->local_bandwidth, "local-bandwidth" }, { &m->quantum, "queue rr" },
        };
        for (guint i = 0; i < G_N_ELEMENTS (own); i++)
          if (act_expr_set (own[i].e))
            model_error (p, own[i].e->line, own[i].e->column,
                         _("with a platform, '%s' comes from the platform's hosts and links: remove it"), augur_message_token (own[i].key, -1));
        if (m->network == ACT_NETWORK_SIMPLE)
          model_error (p, m->platform_line, 1, _("a platform's network is 'lv08' or 'cm02', not 'simple'"));
        for (guint i = 0; i < m->elements->len; i++)
          {
            ActElement *el = g_ptr_array_index (m->elements, i);
            if (el->kind == AUGUR_ACTIVITY_PARALLEL || el->kind == AUGUR_ACTIVITY_GATHER)
              model_error (p, el->line, el->column,
                           _("'%s': a %s cannot run on a platform (its processes replay time-independent actions, "
                             "which have no threads and no gather)"), augur_message_token (el->path, -1), augur_activity_kind_to_string (el->kind));
          }
      }
    else if (m->network == ACT_NETWORK_LV08 || m->network == ACT_NETWORK_CM02)
      model_error (p, 1, 1, _("the 'lv08' and 'cm02' networks need a platform: give 'platform \"FILE\"' in 'machine'"));
    if (m->platform_path == NULL && communicates && (!act_expr_set (&m->latency) || !act_expr_set (&m->bandwidth)))
      {
        ActElement *first = NULL;
        for (guint i = 0; i < m->elements->len && first == NULL; i++)
          if (kind_communicates (((ActElement *) g_ptr_array_index (m->elements, i))->kind))
            first = g_ptr_array_index (m->elements, i);
        model_error (p, first->line, first->column,
                     _("'%s' communicates, but the machine has no network: give 'latency' and 'bandwidth' in 'machine'"), augur_message_token (first->path, -1));
      }
  }
}

static int
by_line (gconstpointer a, gconstpointer b)
{
  const AugurDiagnostic *x = *(AugurDiagnostic * const *) a;
  const AugurDiagnostic *y = *(AugurDiagnostic * const *) b;

  return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->column > y->column) - (x->column < y->column);
}

AugurActivityModel *
augur_activity_model_parse (const char  *text,
                            gssize       length,
                            const char  *filename,
                            GPtrArray  **diagnostics,
                            GError     **error)
{
  return augur_activity_model_parse_full (text, length, filename, AUGUR_ACTIVITY_PARSE_NONE, diagnostics, error);
}

gboolean
augur_activity_model_is_valid (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, FALSE);
  return m->invalid == NULL;
}

AugurActivityModel *
augur_activity_model_parse_full (const char              *text,
                                 gssize                   length,
                                 const char              *filename,
                                 AugurActivityParseFlags  flags,
                                 GPtrArray              **diagnostics,
                                 GError                 **error)
{
  Parser p = { 0 };
  gsize len, start = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (diagnostics)
    *diagnostics = NULL;
  len = length < 0 ? strlen (text) : (gsize) length;
  p.filename = filename != NULL ? filename : "<activity>";
  p.flags = flags;
  p.diags = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);
  p.m = model_new ();
  p.pending = g_array_new (FALSE, TRUE, sizeof (PendingFlow));
  g_array_set_clear_func (p.pending, pending_clear);
  p.configs = g_hash_table_new (g_str_hash, g_str_equal);
  p.categories = g_hash_table_new (g_str_hash, g_str_equal);

  /* a UTF-8 byte-order mark is no part of the first line */
  start = augur_text_bom_length (text, len);
  while (start < len && p.diags->len < 200)
    {
      const char *at = text + start, *bad = NULL;
      gsize end, cut;
      gboolean quoted = FALSE;

      /* LF, CR LF and a lone CR end a line, as in every text Augur reads */
      augur_text_next_line (&at, text + len, &end);
      end += start;
      cut = end;
      p.lineno++;
      p.line = text + start;
      p.pos = 0;
      if (end - start > MAX_LINE)
        {
          p.len = 0;
          error_at (&p, 1, _("this line is longer than %d bytes (is this an activity document?)"), MAX_LINE);
          break;
        }
      /* a NUL byte is no end of the document: refused where it is, as a
       * byte that is not UTF-8 is */
      if (end > start && !g_utf8_validate_len (p.line, end - start, &bad))
        {
          int col = (int) g_utf8_strlen (p.line, bad - p.line) + 1;

          p.len = 0;
          if (*bad == '\0')
            error_at (&p, col, _("this line is not text (it holds a NUL byte): is this an activity document?"));
          else
            error_at (&p, col, _("this line is not text (not valid UTF-8): is this an activity document?"));
          break;
        }
      /* the comment, outside quoted text */
      for (gsize i = start; i < end; i++)
        {
          if (text[i] == '"' && (i == start || text[i - 1] != '\\'))
            quoted = !quoted;
          else if (text[i] == '#' && !quoted)
            {
              cut = i;
              break;
            }
        }
      p.len = cut - start;
      read_line (&p);
      start = (gsize) (at - text);
    }
  if (start < len)
    p.syntax_error = TRUE;   /* not read to its end: nothing to keep */
  else if (p.block != TOP && !p.syntax_error)
    {
      p.len = 0;
      diag (&p, AUGUR_SEVERITY_ERROR, p.block_line, 1,
            p.block == MACHINE ? _("this 'machine' has no 'end'") :
            p.block == FIT ? _("this 'fit' has no 'end'") : _("this 'diagram' has no 'end'"));
    }
  /* a model kept for an editor is checked too, even when a flow names an
   * element that is not there (its paths and indices are then set) */
  if (p.error == NULL || ((flags & AUGUR_ACTIVITY_PARSE_KEEP_INVALID) && !p.syntax_error))
    check_model (&p);
  g_array_unref (p.pending);
  g_hash_table_unref (p.configs);
  g_hash_table_unref (p.categories);

  g_ptr_array_sort (p.diags, by_line);
  if (diagnostics)
    *diagnostics = g_ptr_array_ref (p.diags);
  g_ptr_array_unref (p.diags);
  if (p.error != NULL && (flags & AUGUR_ACTIVITY_PARSE_KEEP_INVALID) && !p.syntax_error)
    {
      /* read, but the checks failed: kept for an editor, not evaluated */
      p.m->invalid = p.error;
      return p.m;
    }
  if (p.error != NULL)
    {
      g_propagate_error (error, p.error);
      augur_activity_model_free (p.m);
      return NULL;
    }
  return p.m;
}
