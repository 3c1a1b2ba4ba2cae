/* pepa-model.c: static compilation of a PEPA syntax tree into sequential
 * components under a fixed cooperation/hiding structure.
 *
 * (Over 800 lines: the compilation of a syntax tree into sequential
 * components, their cooperation structure and rate evaluation works on one
 * model.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (augur-pepa-error-quark, augur_pepa_error)

typedef struct {
  PepaAst        *ast;
  AugurPepaModel *model;
  GPtrArray      *diagnostics;
  gboolean        failed;
} Compiler;

static void
report (Compiler   *c,
        int         line,
        int         column,
        const char *format,
        ...) G_GNUC_PRINTF (4, 5);

static void
report (Compiler   *c,
        int         line,
        int         column,
        const char *format,
        ...)
{
  va_list args;
  AugurDiagnostic *d = g_new0 (AugurDiagnostic, 1);

  va_start (args, format);
  d->severity = AUGUR_SEVERITY_ERROR;
  d->line = line;
  d->column = column;
  d->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (c->diagnostics, d);
  c->failed = TRUE;
}

static PepaDefinition *
lookup (Compiler *c, const char *name, int *index)
{
  gpointer v = g_hash_table_lookup (c->ast->by_name, name);
  if (v == NULL)
    return NULL;
  if (index)
    *index = GPOINTER_TO_INT (v) - 1;
  return g_ptr_array_index (c->ast->definitions, GPOINTER_TO_INT (v) - 1);
}

/* ---- rates ------------------------------------------------------------------ */

typedef struct {
  double   value;
  gboolean passive;
} Rate;

static gboolean eval_rate_definition (Compiler *c, PepaDefinition *d, int line, int column);

static gboolean
looks_like_infinity (const char *name)
{
  return g_ascii_strcasecmp (name, "inf") == 0 || g_ascii_strcasecmp (name, "infty") == 0 ||
         g_ascii_strcasecmp (name, "infinity") == 0 || g_ascii_strcasecmp (name, "infinite") == 0;
}

/* The names PEPA reads as the unspecified rate: passive, weight 1. */
static gboolean
is_infty (const char *name)
{
  return strcmp (name, "infty") == 0 || strcmp (name, "infinity") == 0;
}

/* A name used as a rate whose definition was read as a process because
 * some name in it is not a rate (r = inf;): report that name, which is
 * the real cause, rather than "'r' is a process". */
static gboolean
report_rate_defined_by_unknown_name (Compiler             *c,
                                     const PepaDefinition *d,
                                     int                   use_line)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, d->body);
  while (stack->len > 0)
    {
      const PepaNode *n = g_ptr_array_steal_index (stack, stack->len - 1);

      if (n == NULL)
        continue;
      if (n->kind == PEPA_NODE_CHOICE)
        {
          g_ptr_array_add (stack, n->right);
          g_ptr_array_add (stack, n->left);
        }
      else if (n->kind != PEPA_NODE_CONST)
        return FALSE;   /* a real process: activities, cooperation ... */
    }
  g_ptr_array_add (stack, d->body);
  while (stack->len > 0)
    {
      const PepaNode *n = g_ptr_array_steal_index (stack, stack->len - 1);

      if (n->kind == PEPA_NODE_CHOICE)
        {
          g_ptr_array_add (stack, n->right);
          g_ptr_array_add (stack, n->left);
          continue;
        }
      if (lookup (c, n->name, NULL) == NULL && strcmp (n->name, "T") != 0)
        {
          if (looks_like_infinity (n->name))
            report (c, n->line, n->column,
                    _("undefined rate '%s' in the definition of '%s', which is used as a rate at line %d; "
                      "the unspecified (passive) rate is written 'infty'"), augur_message_token (n->name, -1), augur_message_token (d->name, -1), use_line);
          else
            report (c, n->line, n->column,
                    _("undefined rate '%s' in the definition of '%s', which is used as a rate at line %d"), augur_message_token (n->name, -1), augur_message_token (d->name, -1), use_line);
          return TRUE;
        }
    }
  return FALSE;
}

/* The value of one name in a rate: the unspecified rate, or a rate
 * definition evaluated first. */
static gboolean
eval_name (Compiler   *c,
           const char *name,
           int         line,
           int         column,
           Rate       *out)
{
  PepaDefinition *d;

  if (is_infty (name))
    {
      out->value = 1.0;
      out->passive = TRUE;
      return TRUE;
    }
  d = lookup (c, name, NULL);
  if (d == NULL)
    {
      if (strcmp (name, "T") == 0)
        {
          out->value = 1.0;
          out->passive = TRUE;
          return TRUE;
        }
      if (looks_like_infinity (name))
        report (c, line, column, _("undefined rate '%s'; the unspecified (passive) rate is written 'infty'"), augur_message_token (name, -1));
      else
        report (c, line, column, _("undefined rate '%s'"), augur_message_token (name, -1));
      return FALSE;
    }
  if (d->kind != PEPA_DEF_RATE)
    {
      if (!report_rate_defined_by_unknown_name (c, d, line))
        report (c, line, column, _("'%s' is a process (defined at line %d), not a rate"), augur_message_token (name, -1), d->line);
      return FALSE;
    }
  d->used = TRUE;
  if (!eval_rate_definition (c, d, line, column))
    return FALSE;
  out->value = d->value;
  out->passive = d->passive;
  return TRUE;
}

/* Evaluates a rate expression: its names, then the expression in PEPA's
 * active-or-passive arithmetic (augur_expr_eval_rate). */
static gboolean
eval_expr (Compiler *c, const PepaExpr *e, Rate *out)
{
  guint n = augur_expr_get_n_names (e->code);
  g_autofree double *values = g_new (double, MAX (n, 1));
  g_autofree gboolean *passive = g_new (gboolean, MAX (n, 1));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      Rate r;
      int line, column;

      augur_expr_get_name_location (e->code, i, &line, &column);
      if (!eval_name (c, augur_expr_get_name (e->code, i), line, column, &r))
        return FALSE;
      values[i] = r.value;
      passive[i] = r.passive;
    }
  if (!augur_expr_eval_rate (e->code, values, passive, &out->value, &out->passive, &error))
    {
      int line = e->line, column = e->column;
      const char *message = augur_expr_error_split (error, &line, &column);

      report (c, line, column, "%s", message != NULL ? message : error->message);
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  PepaDefinition *d;
  guint           next;    /* the next name of d->expr to look at */
} RateFrame;

/* Evaluates a rate definition after the ones it depends on, depth first
 * with an explicit stack, so that a chain r1 = r0; r2 = r1; ... of any
 * length is evaluated without deep recursion. */
static gboolean
eval_rate_definition (Compiler *c, PepaDefinition *d, int line, int column)
{
  g_autoptr(GArray) stack = NULL;

  if (d->eval_state == 2)
    return TRUE;
  if (d->eval_state == 1)
    {
      report (c, line > 0 ? line : d->line, line > 0 ? column : d->column,
              _("the rate '%s' is defined in terms of itself"), augur_message_token (d->name, -1));
      return FALSE;
    }
  if (d->eval_state == 3)
    return FALSE;

  stack = g_array_new (FALSE, FALSE, sizeof (RateFrame));
  {
    RateFrame f = { d, 0 };
    d->eval_state = 1;
    g_array_append_val (stack, f);
  }
  while (stack->len > 0)
    {
      RateFrame *top = &g_array_index (stack, RateFrame, stack->len - 1);

      if (top->next < augur_expr_get_n_names (top->d->expr->code))
        {
          const char *name = augur_expr_get_name (top->d->expr->code, top->next++);
          PepaDefinition *dep = is_infty (name) ? NULL : lookup (c, name, NULL);

          if (dep != NULL && dep->kind == PEPA_DEF_RATE && dep->eval_state == 0)
            {
              RateFrame f = { dep, 0 };
              dep->eval_state = 1;
              g_array_append_val (stack, f);
            }
          continue;
        }
      {
        PepaDefinition *def = top->d;
        Rate r;

        g_array_set_size (stack, stack->len - 1);
        /* every rate it names is evaluated (or on the stack: a cycle) */
        if (eval_expr (c, def->expr, &r))
          {
            def->value = r.value;
            def->passive = r.passive;
            def->eval_state = 2;
          }
        else
          def->eval_state = 3;
      }
    }
  return d->eval_state == 2;
}

/* ---- sequential components ------------------------------------------------- */

/* The longest name shown for an anonymous derivative, in bytes; longer
 * terms are cut with an ellipsis (their identity is kept by term_key). */
#define MAX_TERM_NAME 1000

/* Appends the operands of a choice (however it is bracketed), left to
 * right, at most max of them. */
static void
choice_operands (const PepaNode *n, GPtrArray *out, guint max)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, (gpointer) n);
  while (stack->len > 0 && out->len < max)
    {
      const PepaNode *x = g_ptr_array_steal_index (stack, stack->len - 1);
      if (x->kind == PEPA_NODE_CHOICE)
        {
          g_ptr_array_add (stack, x->right);
          g_ptr_array_add (stack, x->left);
        }
      else
        g_ptr_array_add (out, (gpointer) x);
    }
}

/* Writes a term as it reads in the source, up to about `limit` bytes.
 * Sequences of activities are followed in a loop; only a bracketed choice
 * after an activity recurses, and it writes a '(' first, so the depth is
 * bounded by the limit. */
static void
print_term (GString *s, const PepaNode *n, gboolean top, gsize limit)
{
  while (n != NULL && s->len <= limit)
    {
      switch (n->kind)
        {
        case PEPA_NODE_PREFIX:
          g_string_append_printf (s, "(%s, %s).", n->name, n->rate_text ? n->rate_text : "?");
          n = n->left;
          top = FALSE;
          continue;
        case PEPA_NODE_CHOICE:
          {
            g_autoptr(GPtrArray) ops = g_ptr_array_new ();

            choice_operands (n, ops, (guint) limit + 2);
            if (!top)
              g_string_append_c (s, '(');
            for (guint i = 0; i < ops->len && s->len <= limit; i++)
              {
                if (i > 0)
                  g_string_append (s, " + ");
                print_term (s, g_ptr_array_index (ops, i), FALSE, limit);
              }
            if (!top)
              g_string_append_c (s, ')');
            return;
          }
        case PEPA_NODE_CONST:
          g_string_append (s, n->name);
          return;
        default:
          g_string_append (s, "…");
          return;
        }
    }
}

static char *
term_name (const PepaNode *n)
{
  GString *s = g_string_new (NULL);

  print_term (s, n, TRUE, MAX_TERM_NAME);
  if (s->len > MAX_TERM_NAME)
    {
      const char *end = g_utf8_find_prev_char (s->str, s->str + MAX_TERM_NAME);
      g_string_truncate (s, end != NULL ? (gsize) (end - s->str) : 0);
      g_string_append (s, "…");
    }
  return g_string_free (s, FALSE);
}

typedef struct {
  Compiler      *c;
  PepaComponent *comp;
  GHashTable    *index;    /* local state key (constant or term) -> local + 1 */
  GQueue         todo;     /* local indices to explore */
  GPtrArray     *bodies;   /* local -> const PepaNode* */
  GHashTable    *node_ids; /* PepaNode* -> structural id + 1 */
  GHashTable    *term_ids; /* structural key -> id + 1 (owns the keys) */
} LeafBuilder;

static guint
intern_term (LeafBuilder *b, char *key)
{
  gpointer v = g_hash_table_lookup (b->term_ids, key);

  if (v != NULL)
    {
      g_free (key);
      return GPOINTER_TO_UINT (v) - 1;
    }
  g_hash_table_insert (b->term_ids, key, GUINT_TO_POINTER (g_hash_table_size (b->term_ids) + 1));
  return g_hash_table_size (b->term_ids) - 1;
}

/* A short key, equal for structurally equal terms (choices compared by
 * their operands in order, however bracketed), computed bottom-up with an
 * explicit stack and remembered per node: a sequence of a million
 * activities gets its keys in linear time and memory. */
static char *
term_key (LeafBuilder *b, const PepaNode *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  g_autoptr(GPtrArray) ops = g_ptr_array_new ();

  g_ptr_array_add (stack, (gpointer) root);
  while (stack->len > 0)
    {
      const PepaNode *n = g_ptr_array_index (stack, stack->len - 1);
      char *key = NULL;

      if (g_hash_table_contains (b->node_ids, n))
        {
          g_ptr_array_set_size (stack, stack->len - 1);
          continue;
        }
      switch (n->kind)
        {
        case PEPA_NODE_CONST:
          key = g_strconcat ("C", n->name, NULL);
          break;
        case PEPA_NODE_PREFIX:
          {
            gpointer v = g_hash_table_lookup (b->node_ids, n->left);
            if (v == NULL)
              {
                g_ptr_array_add (stack, n->left);
                continue;
              }
            key = g_strdup_printf ("P%s\x1f%s\x1f%u", n->name, n->rate_text ? n->rate_text : "",
                                   GPOINTER_TO_UINT (v) - 1);
            break;
          }
        case PEPA_NODE_CHOICE:
          {
            gboolean ready = TRUE;
            GString *k;

            g_ptr_array_set_size (ops, 0);
            choice_operands (n, ops, G_MAXUINT);
            for (guint i = 0; i < ops->len; i++)
              if (!g_hash_table_contains (b->node_ids, ops->pdata[i]))
                {
                  g_ptr_array_add (stack, ops->pdata[i]);
                  ready = FALSE;
                }
            if (!ready)
              continue;
            k = g_string_new ("S");
            for (guint i = 0; i < ops->len; i++)
              g_string_append_printf (k, "%u,",
                                      GPOINTER_TO_UINT (g_hash_table_lookup (b->node_ids, ops->pdata[i])) - 1);
            key = g_string_free (k, FALSE);
            break;
          }
        default:
          key = g_strdup_printf ("X%p", (const void *) n);
          break;
        }
      g_hash_table_insert (b->node_ids, (gpointer) n, GUINT_TO_POINTER (intern_term (b, key) + 1));
      g_ptr_array_set_size (stack, stack->len - 1);
    }
  return g_strdup_printf ("#%u", GPOINTER_TO_UINT (g_hash_table_lookup (b->node_ids, root)) - 1);
}

/* Follows constants to the node that defines the behaviour. */
static const PepaNode *
deref (Compiler *c, const PepaNode *n, const char **name)
{
  guint steps = 0;

  *name = NULL;
  while (n != NULL && n->kind == PEPA_NODE_CONST)
    {
      PepaDefinition *d = lookup (c, n->name, NULL);
      /* the last constant of an alias chain P = Q; names the state */
      if (d == NULL)
        {
          report (c, n->line, n->column, _("undefined process '%s'"), augur_message_token (n->name, -1));
          return NULL;
        }
      if (d->kind != PEPA_DEF_PROCESS)
        {
          report (c, n->line, n->column, _("'%s' is a rate (defined at line %d), not a process"), augur_message_token (n->name, -1), d->line);
          return NULL;
        }
      d->used = TRUE;
      *name = d->name;
      if (++steps > c->ast->definitions->len)
        {
          report (c, n->line, n->column,
                  _("unguarded recursion: '%s' is defined in terms of itself without an activity first"), augur_message_token (n->name, -1));
          return NULL;
        }
      n = d->body;
    }
  return n;
}

static gboolean
is_structural (Compiler *c, const PepaNode *n, guint depth)
{
  /* follows a chain of constants in a loop */
  for (; n != NULL && depth <= c->ast->definitions->len + 1; depth++)
    {
      PepaDefinition *d;

      switch (n->kind)
        {
        case PEPA_NODE_COOP:
        case PEPA_NODE_HIDE:
        case PEPA_NODE_ARRAY:
          return TRUE;
        case PEPA_NODE_CONST:
          d = lookup (c, n->name, NULL);
          if (d == NULL || d->kind != PEPA_DEF_PROCESS)
            return FALSE;
          n = d->body;
          break;
        default:
          return FALSE;
        }
    }
  return FALSE;
}

static guint
leaf_local (LeafBuilder *b, const PepaNode *n)
{
  const char *name;
  const PepaNode *body = deref (b->c, n, &name);
  gpointer v;
  PepaLocalState *ls;

  g_autofree char *key = NULL;

  if (body == NULL)
    return G_MAXUINT;
  /* Structurally equal anonymous derivatives are one local state, so
   * that counting aggregation sees them as one. */
  if (name != NULL)
    key = g_strdup (name);
  else
    key = term_key (b, body);
  v = g_hash_table_lookup (b->index, key);
  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  if (body->kind == PEPA_NODE_COOP || body->kind == PEPA_NODE_HIDE || body->kind == PEPA_NODE_ARRAY)
    {
      report (b->c, body->line, body->column,
              _("cooperation, hiding and arrays are only allowed in the static structure of the model, "
                "not after an activity inside a sequential component"));
      return G_MAXUINT;
    }
  ls = g_new0 (PepaLocalState, 1);
  ls->name = name != NULL ? g_strdup (name) : term_name (body);
  ls->activities = g_array_new (FALSE, FALSE, sizeof (PepaActivity));
  g_ptr_array_add (b->comp->locals, ls);
  g_ptr_array_add (b->bodies, (gpointer) body);
  g_hash_table_insert (b->index, g_steal_pointer (&key), GUINT_TO_POINTER (b->comp->locals->len));
  g_queue_push_tail (&b->todo, GUINT_TO_POINTER (b->comp->locals->len - 1));
  return b->comp->locals->len - 1;
}

typedef struct {
  const PepaNode *node;
  PepaDefinition *leave;   /* non-NULL: the end of this definition's body */
} CollectItem;

/* Gathers the activities a local state offers: the prefixes reachable
 * through choices and constants.  An explicit stack, so that a choice of
 * any width is fine; a constant met again while its own body is being
 * gathered is recursion without an activity first. */
static gboolean
collect_activities (LeafBuilder *b, guint local, const PepaNode *root)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (CollectItem));
  gboolean ok = TRUE;

  {
    CollectItem it = { root, NULL };
    const PepaLocalState *ls = g_ptr_array_index (b->comp->locals, local);
    PepaDefinition *self = lookup (b->c, ls->name, NULL);

    /* the definition this local state is named after is on the path too */
    if (self != NULL && self->body == root && !self->on_path)
      {
        CollectItem leave = { NULL, self };
        self->on_path = TRUE;
        g_array_append_val (stack, leave);
      }
    g_array_append_val (stack, it);
  }
  while (stack->len > 0 && ok)
    {
      CollectItem it = g_array_index (stack, CollectItem, stack->len - 1);
      const PepaNode *n = it.node;

      g_array_set_size (stack, stack->len - 1);
      if (it.leave != NULL)
        {
          it.leave->on_path = FALSE;
          continue;
        }
      switch (n->kind)
        {
        case PEPA_NODE_PREFIX:
          {
            PepaActivity a = { 0 };
            Rate r;
            guint target;

            if (!eval_expr (b->c, n->rate, &r))
              {
                ok = FALSE;
                break;
              }
            if (!r.passive && r.value <= 0.0)
              {
                report (b->c, n->rate->line, n->rate->column,
                        _("the rate of '%s' must be positive, found %g"), augur_message_token (n->name, -1), r.value);
                ok = FALSE;
                break;
              }
            if (r.passive && r.value <= 0.0)
              {
                report (b->c, n->rate->line, n->rate->column,
                        _("the weight of the passive rate of '%s' must be positive, found %g"), augur_message_token (n->name, -1), r.value);
                ok = FALSE;
                break;
              }
            target = leaf_local (b, n->left);
            if (target == G_MAXUINT)
              {
                ok = FALSE;
                break;
              }
            a.action = pepa_model_intern_action (b->c->model, n->name);
            a.rate = r.value;
            a.passive = r.passive;
            a.target = target;
            {
              PepaLocalState *ls = g_ptr_array_index (b->comp->locals, local);
              g_array_append_val (ls->activities, a);
            }
            break;
          }
        case PEPA_NODE_CHOICE:
          {
            CollectItem right = { n->right, NULL }, left = { n->left, NULL };
            g_array_append_val (stack, right);
            g_array_append_val (stack, left);
            break;
          }
        case PEPA_NODE_CONST:
          {
            PepaDefinition *d = lookup (b->c, n->name, NULL);
            if (d == NULL)
              {
                report (b->c, n->line, n->column, _("undefined process '%s'"), augur_message_token (n->name, -1));
                ok = FALSE;
                break;
              }
            if (d->kind != PEPA_DEF_PROCESS)
              {
                report (b->c, n->line, n->column, _("'%s' is a rate, not a process"), augur_message_token (n->name, -1));
                ok = FALSE;
                break;
              }
            if (d->on_path)
              {
                report (b->c, n->line, n->column,
                        _("unguarded recursion: '%s' is defined in terms of itself without an activity first"), augur_message_token (n->name, -1));
                ok = FALSE;
                break;
              }
            d->used = TRUE;
            d->on_path = TRUE;
            {
              CollectItem leave = { NULL, d }, body = { d->body, NULL };
              g_array_append_val (stack, leave);
              g_array_append_val (stack, body);
            }
            break;
          }
        default:
          report (b->c, n->line, n->column,
                  _("cooperation, hiding and arrays cannot appear inside a choice"));
          ok = FALSE;
          break;
        }
    }
  /* leave no definition marked */
  for (guint i = 0; i < stack->len; i++)
    {
      CollectItem *it = &g_array_index (stack, CollectItem, i);
      if (it->leave != NULL)
        it->leave->on_path = FALSE;
    }
  return ok;
}

static void
local_state_free (gpointer p)
{
  PepaLocalState *ls = p;
  g_free (ls->name);
  g_array_unref (ls->activities);
  g_free (ls);
}

static void
component_free (gpointer p)
{
  PepaComponent *comp = p;
  g_free (comp->label);
  g_ptr_array_unref (comp->locals);
  g_free (comp);
}

static PepaStruct *
new_struct (Compiler *c, PepaStructKind kind)
{
  PepaStruct *s = g_new0 (PepaStruct, 1);
  s->kind = kind;
  g_ptr_array_add (c->model->structs, s);
  return s;
}

static PepaStruct *
compile_leaf (Compiler *c, const PepaNode *start, const char *label, guint copies)
{
  LeafBuilder b = { 0 };
  PepaComponent *comp = g_new0 (PepaComponent, 1);
  PepaStruct *s;
  guint initial;

  comp->locals = g_ptr_array_new_with_free_func (local_state_free);
  comp->copies = copies;
  g_ptr_array_add (c->model->components, comp);
  b.c = c;
  b.comp = comp;
  b.index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b.bodies = g_ptr_array_new ();
  b.node_ids = g_hash_table_new (g_direct_hash, g_direct_equal);
  b.term_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&b.todo);

  initial = leaf_local (&b, start);
  while (initial != G_MAXUINT && !g_queue_is_empty (&b.todo))
    {
      guint local = GPOINTER_TO_UINT (g_queue_pop_head (&b.todo));
      if (!collect_activities (&b, local, g_ptr_array_index (b.bodies, local)))
        break;
    }
  g_queue_clear (&b.todo);
  g_hash_table_unref (b.index);
  g_ptr_array_unref (b.bodies);
  g_hash_table_unref (b.node_ids);
  g_hash_table_unref (b.term_ids);

  comp->initial = initial == G_MAXUINT ? 0 : initial;
  if (label != NULL)
    comp->label = copies > 1 ? g_strdup_printf ("%s[%u]", label, copies) : g_strdup (label);
  else if (comp->locals->len > 0)
    {
      PepaLocalState *ls = g_ptr_array_index (comp->locals, comp->initial);
      comp->label = g_strdup (ls->name);
    }
  else
    comp->label = g_strdup ("?");

  s = new_struct (c, PEPA_STRUCT_LEAF);
  s->component = c->model->components->len - 1;
  return s;
}

/* Structure nodes keep their action sets as name lists until every action
 * is known; then they become bitmaps. */
typedef struct {
  PepaStruct *s;
  GPtrArray  *names;     /* borrowed from the AST; NULL for <*> */
  int         line;
  int         column;
} PendingSet;

/* The deepest static structure (cooperations, hidings, names, and the
 * copies of an array that synchronise among themselves): derivation walks
 * it recursively for every state. */
#define MAX_STRUCT_DEPTH 2000

static PepaStruct *
compile_struct (Compiler *c, const PepaNode *n, GArray *pending, guint depth)
{
  PepaStruct *s;

  if (c->failed || n == NULL)
    return NULL;
  if (depth > MAX_STRUCT_DEPTH)
    {
      report (c, n->line, n->column,
              _("the system equation nests cooperations, hidings and process names "
                "more than %d levels deep"), MAX_STRUCT_DEPTH);
      return NULL;
    }
  switch (n->kind)
    {
    case PEPA_NODE_COOP:
      {
        PendingSet ps = { 0 };
        s = new_struct (c, PEPA_STRUCT_COOP);
        s->group = n->parenthesised;
        s->left = compile_struct (c, n->left, pending, depth + 1);
        s->right = compile_struct (c, n->right, pending, depth + 1);
        ps.s = s;
        ps.names = n->wildcard ? NULL : n->actions;
        ps.line = n->line;
        ps.column = n->column;
        g_array_append_val (pending, ps);
        return c->failed ? NULL : s;
      }
    case PEPA_NODE_HIDE:
      {
        PendingSet ps = { 0 };
        s = new_struct (c, PEPA_STRUCT_HIDE);
        s->group = n->parenthesised;
        s->left = compile_struct (c, n->left, pending, depth + 1);
        ps.s = s;
        ps.names = n->actions;
        ps.line = n->line;
        ps.column = n->column;
        g_array_append_val (pending, ps);
        return c->failed ? NULL : s;
      }
    case PEPA_NODE_ARRAY:
      {
        Rate r;
        guint count;
        PepaNode tmp = { 0 };
        PepaDefinition *d = lookup (c, n->name, NULL);

        if (d == NULL)
          {
            report (c, n->line, n->column, _("undefined process '%s'"), augur_message_token (n->name, -1));
            return NULL;
          }
        if (d->kind != PEPA_DEF_PROCESS)
          {
            report (c, n->line, n->column, _("'%s' is a rate, not a process"), augur_message_token (n->name, -1));
            return NULL;
          }
        if (!eval_expr (c, n->count, &r))
          return NULL;
        if (r.passive || r.value < 1 || r.value != floor (r.value) || r.value > 1e6)
          {
            report (c, n->count->line, n->count->column,
                    _("the number of copies must be a whole number from 1 to 1000000, found %g"), r.value);
            return NULL;
          }
        count = (guint) r.value;
        if (is_structural (c, d->body, 0))
          {
            report (c, n->line, n->column,
                    _("an array needs a sequential component; '%s' contains cooperation or hiding"), augur_message_token (n->name, -1));
            return NULL;
          }
        tmp.kind = PEPA_NODE_CONST;
        tmp.name = n->name;
        tmp.line = n->line;
        tmp.column = n->column;
        if (n->actions == NULL || n->actions->len == 0 || count == 1)
          {
            s = compile_leaf (c, &tmp, n->name, count);
            if (s)
              s->group = n->parenthesised;
            return s;
          }
        /* copies synchronising among themselves: expand P <L> P <L> ... */
        if (depth + count > MAX_STRUCT_DEPTH)
          {
            report (c, n->count->line, n->count->column,
                    _("an array whose copies synchronise among themselves can have at most %u copies "
                      "here, found %u (each copy is a separate component)"),
                    MAX_STRUCT_DEPTH - MIN (depth, MAX_STRUCT_DEPTH), count);
            return NULL;
          }
        {
          PepaStruct *acc = compile_leaf (c, &tmp, n->name, 1);
          for (guint i = 1; i < count && !c->failed; i++)
            {
              PendingSet ps = { 0 };
              PepaStruct *coop = new_struct (c, PEPA_STRUCT_COOP);
              coop->left = acc;
              coop->right = compile_leaf (c, &tmp, n->name, 1);
              ps.s = coop;
              ps.names = n->actions;
              ps.line = n->line;
              ps.column = n->column;
              g_array_append_val (pending, ps);
              acc = coop;
            }
          if (acc)
            acc->group = TRUE;
          return c->failed ? NULL : acc;
        }
      }
    case PEPA_NODE_CONST:
      {
        PepaDefinition *d = lookup (c, n->name, NULL);
        if (d == NULL)
          {
            report (c, n->line, n->column, _("undefined process '%s'"), augur_message_token (n->name, -1));
            return NULL;
          }
        if (d->kind != PEPA_DEF_PROCESS)
          {
            report (c, n->line, n->column, _("'%s' is a rate (defined at line %d), not a process"), augur_message_token (n->name, -1), d->line);
            return NULL;
          }
        d->used = TRUE;
        if (is_structural (c, d->body, 0))
          {
            if (d->on_path)
              {
                report (c, n->line, n->column,
                        _("'%s' contains itself through cooperation or hiding: a model's structure cannot be recursive"), augur_message_token (n->name, -1));
                return NULL;
              }
            d->on_path = TRUE;
            s = compile_struct (c, d->body, pending, depth + 1);
            d->on_path = FALSE;
            if (s)
              s->group = TRUE;
            return s;
          }
        return compile_leaf (c, n, n->name, 1);
      }
    case PEPA_NODE_PREFIX:
    case PEPA_NODE_CHOICE:
      if (n->kind == PEPA_NODE_CHOICE &&
          (is_structural (c, n->left, 0) || is_structural (c, n->right, 0)))
        {
          report (c, n->line, n->column,
                  _("cooperation, hiding and arrays cannot appear inside a choice"));
          return NULL;
        }
      return compile_leaf (c, n, NULL, 1);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

/* Visible actions a structure can perform (bitmap over action ids). */
static void
alphabet (AugurPepaModel *model, const PepaStruct *s, guint8 *out)
{
  switch (s->kind)
    {
    case PEPA_STRUCT_LEAF:
      {
        PepaComponent *comp = g_ptr_array_index (model->components, s->component);
        for (guint l = 0; l < comp->locals->len; l++)
          {
            PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
            for (guint k = 0; k < ls->activities->len; k++)
              out[g_array_index (ls->activities, PepaActivity, k).action] = 1;
          }
        break;
      }
    case PEPA_STRUCT_HIDE:
      {
        guint n = model->actions->len;
        g_autofree guint8 *tmp = g_malloc0 (n);
        alphabet (model, s->left, tmp);
        for (guint a = 0; a < n; a++)
          if (tmp[a] && !s->in_set[a])
            out[a] = 1;
        break;
      }
    case PEPA_STRUCT_COOP:
      alphabet (model, s->left, out);
      alphabet (model, s->right, out);
      break;
    }
}

/* Actions that may still be passive at the top of a structure (passive),
 * and actions performed actively there (active).  Conservative only where it
 * is certain: an action both active and passive on one side (as in a
 * component that alternates) is left to the derivation, which names the
 * state where it stays passive. */
static void
modes_up (AugurPepaModel *model, const PepaStruct *s, guint8 *passive, guint8 *active)
{
  guint n = model->actions->len;

  switch (s->kind)
    {
    case PEPA_STRUCT_LEAF:
      {
        PepaComponent *comp = g_ptr_array_index (model->components, s->component);
        for (guint l = 0; l < comp->locals->len; l++)
          {
            PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
            for (guint k = 0; k < ls->activities->len; k++)
              {
                PepaActivity *a = &g_array_index (ls->activities, PepaActivity, k);
                if (a->passive)
                  passive[a->action] = 1;
                else
                  active[a->action] = 1;
              }
          }
        break;
      }
    case PEPA_STRUCT_HIDE:
      {
        g_autofree guint8 *p = g_malloc0 (n);
        g_autofree guint8 *a = g_malloc0 (n);
        modes_up (model, s->left, p, a);
        for (guint x = 0; x < n; x++)
          {
            guint y = s->in_set[x] ? model->tau : x;
            passive[y] |= p[x];
            active[y] |= a[x];
          }
        break;
      }
    case PEPA_STRUCT_COOP:
      {
        g_autofree guint8 *lp = g_malloc0 (n);
        g_autofree guint8 *la = g_malloc0 (n);
        g_autofree guint8 *rp = g_malloc0 (n);
        g_autofree guint8 *ra = g_malloc0 (n);
        modes_up (model, s->left, lp, la);
        modes_up (model, s->right, rp, ra);
        for (guint x = 0; x < n; x++)
          {
            if (s->in_set[x])
              {
                passive[x] |= lp[x] && rp[x] && !la[x] && !ra[x];
                active[x] |= (la[x] && (ra[x] || rp[x])) || (ra[x] && lp[x]);
              }
            else
              {
                passive[x] |= lp[x] || rp[x];
                active[x] |= la[x] || ra[x];
              }
          }
        break;
      }
    }
}

guint
pepa_model_intern_action (AugurPepaModel *model,
                          const char     *name)
{
  gpointer v = g_hash_table_lookup (model->action_ids, name);
  char *copy;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  copy = g_strdup (name);
  g_ptr_array_add (model->actions, copy);
  g_hash_table_insert (model->action_ids, copy, GUINT_TO_POINTER (model->actions->len));
  return model->actions->len - 1;
}

static void
struct_free (gpointer p)
{
  PepaStruct *s = p;
  g_free (s->in_set);
  g_free (s);
}

static void
assign_slots (AugurPepaModel *model)
{
  guint slot = 0;
  for (guint i = 0; i < model->components->len; i++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, i);
      comp->slot = slot;
      slot += comp->copies > 1 ? comp->locals->len : 1;
    }
  model->n_slots = slot;
}

AugurPepaModel *
pepa_model_compile (PepaAst    *ast,
                    const char *filename,
                    GPtrArray  *diagnostics)
{
  Compiler c = { 0 };
  AugurPepaModel *model = g_new0 (AugurPepaModel, 1);
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (PendingSet));

  g_atomic_ref_count_init (&model->ref_count);
  model->filename = g_strdup (filename ? filename : "<model>");
  model->actions = g_ptr_array_new_with_free_func (g_free);
  model->action_ids = g_hash_table_new (g_str_hash, g_str_equal);
  model->components = g_ptr_array_new_with_free_func (component_free);
  model->structs = g_ptr_array_new_with_free_func (struct_free);
  model->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c.ast = ast;
  c.model = model;
  c.diagnostics = diagnostics;

  /* every rate definition is evaluated, so that errors in unused ones show too */
  for (guint i = 0; i < ast->definitions->len; i++)
    {
      PepaDefinition *d = g_ptr_array_index (ast->definitions, i);
      if (d->kind == PEPA_DEF_RATE && eval_rate_definition (&c, d, 0, 0))
        {
          double *v = g_new (double, 1);
          *v = d->value;
          g_hash_table_insert (model->rates, g_strdup (d->name), v);
          if (!d->passive && d->value <= 0.0)
            {
              /* reported where it is used as an activity rate; a rate
               * definition itself may be zero or negative (e.g. an offset) */
            }
        }
    }

  model->root = compile_struct (&c, ast->system, pending, 0);

  if (!c.failed && model->root != NULL)
    {
      guint n;
      g_autofree guint8 *passive = NULL;

      gboolean hides = g_hash_table_contains (model->action_ids, "tau");
      for (guint i = 0; i < pending->len; i++)
        hides |= g_array_index (pending, PendingSet, i).s->kind == PEPA_STRUCT_HIDE;
      model->tau = hides ? pepa_model_intern_action (model, "tau") : G_MAXUINT;
      /* resolve cooperation and hiding sets (interning listed names) */
      for (guint i = 0; i < pending->len; i++)
        {
          PendingSet *ps = &g_array_index (pending, PendingSet, i);
          if (ps->names != NULL)
            for (guint k = 0; k < ps->names->len; k++)
              pepa_model_intern_action (model, g_ptr_array_index (ps->names, k));
        }
      if (model->tau == G_MAXUINT && g_hash_table_contains (model->action_ids, "tau"))
        model->tau = pepa_model_intern_action (model, "tau");
      n = model->actions->len;
      /* sets are filled bottom-up: pending is in post-order */
      for (guint i = 0; i < pending->len; i++)
        {
          PendingSet *ps = &g_array_index (pending, PendingSet, i);
          ps->s->in_set = g_malloc0 (n);
          if (ps->names == NULL)
            {
              g_autofree guint8 *l = g_malloc0 (n);
              g_autofree guint8 *r = g_malloc0 (n);
              alphabet (model, ps->s->left, l);
              alphabet (model, ps->s->right, r);
              for (guint a = 0; a < n; a++)
                ps->s->in_set[a] = l[a] && r[a] && a != model->tau;
            }
          else
            for (guint k = 0; k < ps->names->len; k++)
              {
                const char *name = g_ptr_array_index (ps->names, k);
                guint a = pepa_model_intern_action (model, name);
                if (a == model->tau)
                  {
                    if (ps->s->kind == PEPA_STRUCT_COOP)
                      report (&c, ps->line, ps->column,
                              _("'tau' cannot be in a cooperation set: silent actions never synchronise"));
                    continue;
                  }
                ps->s->in_set[a] = 1;
              }
        }
      /* a passive activity must meet an active one before the top */
      passive = g_malloc0 (n);
      {
        g_autofree guint8 *active = g_malloc0 (n);
        modes_up (model, model->root, passive, active);
        for (guint a = 0; a < n; a++)
          passive[a] = passive[a] && !active[a];
      }
      for (guint a = 0; a < n && !c.failed; a++)
        if (passive[a])
          {
            int line = 0, column = 0;
            for (guint i = 0; i < ast->nodes->len; i++)
              {
                PepaNode *node = g_ptr_array_index (ast->nodes, i);
                if (node->kind == PEPA_NODE_PREFIX && strcmp (node->name, g_ptr_array_index (model->actions, a)) == 0 &&
                    augur_expr_get_n_names (node->rate->code) > 0)
                  {
                    line = node->line;
                    column = node->column;
                    break;
                  }
              }
            report (&c, line, column,
                    _("the passive action '%s' is not synchronised with an active one: "
                      "add it to a cooperation set with a component that performs it at a rate"), augur_message_token ((const char *) g_ptr_array_index (model->actions, a), -1));
          }
      assign_slots (model);
    }

  if (!c.failed)
    for (guint i = 0; i < ast->definitions->len; i++)
      {
        PepaDefinition *d = g_ptr_array_index (ast->definitions, i);
        if (!d->used)
          g_ptr_array_add (diagnostics,
                           augur_diagnostic_new (AUGUR_SEVERITY_WARNING, d->line, d->column,
                                                 _("'%s' is defined but never used"), augur_message_token (d->name, -1)));
      }

  if (c.failed || model->root == NULL)
    {
      augur_pepa_model_unref (model);
      return NULL;
    }
  return model;
}

/* ---- public model API ------------------------------------------------------- */

static int
compare_diagnostics (gconstpointer a, gconstpointer b)
{
  const AugurDiagnostic *da = *(AugurDiagnostic * const *) a;
  const AugurDiagnostic *db = *(AugurDiagnostic * const *) b;
  if (da->line != db->line)
    return da->line < db->line ? -1 : 1;
  if (da->column != db->column)
    return da->column < db->column ? -1 : 1;
  return 0;
}

/* Line and column of a position as the lexer counts them: lines ending
 * with LF, CR LF or CR, columns in characters (bytes that start one), a
 * byte-order mark no character of the first line (augur_text_locate). */
static void
locate (const char *text, const char *at, int *line, int *column)
{
  guint l, c;

  augur_text_locate (text, at, &l, &c);
  *line = (int) l;
  *column = (int) c;
}

/* Sets rate constants of the AST to given values (as if defined so),
 * before compilation; FALSE with an error for a name that is not a rate
 * constant of the model or a value that is not a rate. */
static gboolean
override_rates (PepaAst            *ast,
                const char         *filename,
                const char * const *names,
                const double       *values,
                guint               n,
                GError            **error)
{
  for (guint k = 0; k < n; k++)
    {
      PepaDefinition *found = NULL;

      for (guint i = 0; i < ast->definitions->len && found == NULL; i++)
        {
          PepaDefinition *d = g_ptr_array_index (ast->definitions, i);

          if (d->kind == PEPA_DEF_RATE && strcmp (d->name, names[k]) == 0)
            found = d;
        }
      if (found == NULL)
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("%s: the model has no rate constant '%s' to vary"), filename, augur_message_token (names[k], -1));
          return FALSE;
        }
      if (!isfinite (values[k]) || !(values[k] > 0))
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("%s: the rate '%s' cannot be %g: a rate is finite and above 0"),
                       filename, augur_message_token (names[k], -1), values[k]);
          return FALSE;
        }
      found->value = values[k];
      found->passive = FALSE;
      found->eval_state = 2;
    }
  return TRUE;
}

static AugurPepaModel *
parse_model (const char          *text,
             gssize               length,
             const char          *filename,
             const char * const  *names,
             const double        *values,
             guint                n_overrides,
             GPtrArray          **diagnostics,
             GError             **error)
{
  g_autoptr(GPtrArray) diags = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);
  /* The diagnostics of diags that are syntax errors (not owned). */
  g_autoptr(GHashTable) syntax = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) tokens = NULL;
  PepaAst *ast;
  AugurPepaModel *model = NULL;
  const char *fname = filename ? filename : "<model>";
  gsize len;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  len = length < 0 ? strlen (text) : (gsize) length;
  if (len > 0 && memchr (text, '\0', len) != NULL)
    {
      const char *nul = memchr (text, '\0', len);
      int line, column;
      locate (text, nul, &line, &column);
      AugurDiagnostic *d = augur_diagnostic_new (AUGUR_SEVERITY_ERROR, line, column,
                                                 _("the file contains a NUL byte: is it a binary file?"));
      g_ptr_array_add (diags, d);
      g_hash_table_add (syntax, d);
    }
  else if (!g_utf8_validate (text, len, NULL))
    {
      const char *end;
      int line, column;
      g_utf8_validate (text, len, &end);
      locate (text, end, &line, &column);
      AugurDiagnostic *d = augur_diagnostic_new (AUGUR_SEVERITY_ERROR, line, column,
                                                 _("the text is not valid UTF-8"));
      g_ptr_array_add (diags, d);
      g_hash_table_add (syntax, d);
    }
  else
    {
      tokens = pepa_lex (text, len);
      ast = pepa_parse (text, len, tokens, diags, syntax);
      if (ast != NULL && n_overrides > 0 && !override_rates (ast, fname, names, values, n_overrides, error))
        {
          pepa_ast_free (ast);
          return NULL;
        }
      if (ast != NULL)
        {
          model = pepa_model_compile (ast, fname, diags);
          pepa_ast_free (ast);
        }
    }

  g_ptr_array_sort (diags, compare_diagnostics);
  if (model == NULL)
    {
      const AugurDiagnostic *first = NULL;
      for (guint i = 0; i < diags->len; i++)
        {
          const AugurDiagnostic *d = g_ptr_array_index (diags, i);
          if (d->severity == AUGUR_SEVERITY_ERROR)
            {
              first = d;
              break;
            }
        }
      if (first != NULL)
        g_set_error (error, AUGUR_PEPA_ERROR,
                     g_hash_table_contains (syntax, first) ? AUGUR_PEPA_ERROR_SYNTAX : AUGUR_PEPA_ERROR_SEMANTIC,
                     "%s:%d:%d: %s", fname, first->line, first->column, first->message);
      else
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("%s: the model could not be compiled"), fname);
    }
  if (diagnostics)
    *diagnostics = g_steal_pointer (&diags);
  return model;
}

AugurPepaModel *
augur_pepa_model_parse (const char  *text,
                        gssize       length,
                        const char  *filename,
                        GPtrArray  **diagnostics,
                        GError     **error)
{
  return parse_model (text, length, filename, NULL, NULL, 0, diagnostics, error);
}

AugurPepaModel *
augur_pepa_model_parse_with_rates (const char         *text,
                                   gssize              length,
                                   const char         *filename,
                                   const char * const *names,
                                   const double       *values,
                                   guint               n,
                                   GError            **error)
{
  return parse_model (text, length, filename, names, values, n, NULL, error);
}

AugurPepaModel *
augur_pepa_model_ref (AugurPepaModel *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_atomic_ref_count_inc (&model->ref_count);
  return model;
}

void
augur_pepa_model_unref (AugurPepaModel *model)
{
  if (model == NULL || !g_atomic_ref_count_dec (&model->ref_count))
    return;
  g_free (model->filename);
  g_hash_table_unref (model->action_ids);
  g_ptr_array_unref (model->actions);
  g_ptr_array_unref (model->components);
  g_ptr_array_unref (model->structs);
  g_hash_table_unref (model->rates);
  g_free (model);
}

guint
augur_pepa_model_get_n_actions (const AugurPepaModel *model)
{
  return model->actions->len;
}

const char *
augur_pepa_model_get_action_name (const AugurPepaModel *model,
                                  guint                 action)
{
  g_return_val_if_fail (action < model->actions->len, NULL);
  return g_ptr_array_index (model->actions, action);
}

guint
augur_pepa_model_get_n_components (const AugurPepaModel *model)
{
  return model->components->len;
}

const char *
augur_pepa_model_get_component_label (const AugurPepaModel *model,
                                      guint                 component)
{
  PepaComponent *comp;
  g_return_val_if_fail (component < model->components->len, NULL);
  comp = g_ptr_array_index (model->components, component);
  return comp->label;
}

guint
augur_pepa_model_get_n_local_states (const AugurPepaModel *model,
                                     guint                 component)
{
  PepaComponent *comp;
  g_return_val_if_fail (component < model->components->len, 0);
  comp = g_ptr_array_index (model->components, component);
  return comp->locals->len;
}

const char *
augur_pepa_model_get_local_state_name (const AugurPepaModel *model,
                                       guint                 component,
                                       guint                 local)
{
  PepaComponent *comp;
  PepaLocalState *ls;
  g_return_val_if_fail (component < model->components->len, NULL);
  comp = g_ptr_array_index (model->components, component);
  g_return_val_if_fail (local < comp->locals->len, NULL);
  ls = g_ptr_array_index (comp->locals, local);
  return ls->name;
}

guint
augur_pepa_model_get_component_copies (const AugurPepaModel *model,
                                       guint                 component)
{
  PepaComponent *comp;
  g_return_val_if_fail (component < model->components->len, 0);
  comp = g_ptr_array_index (model->components, component);
  return comp->copies;
}

gboolean
augur_pepa_model_lookup_rate (const AugurPepaModel *model,
                              const char           *name,
                              double               *value)
{
  double *v = g_hash_table_lookup (model->rates, name);
  if (v == NULL)
    return FALSE;
  if (value)
    *value = *v;
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

char **
augur_pepa_model_list_rates (const AugurPepaModel *model)
{
  GPtrArray *names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (model != NULL, NULL);
  g_hash_table_iter_init (&iter, model->rates);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, g_strdup (key));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}
