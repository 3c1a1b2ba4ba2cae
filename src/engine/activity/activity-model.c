/* activity-model.c: what the model says, and the model written back as
 * text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-private.h"
#include "activity-fit.h"
#include "augur-format.h"

#include <string.h>

const char *
augur_activity_model_get_title (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->title;
}

guint
augur_activity_model_get_n_params (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->params->len;
}

const char *
augur_activity_model_get_param_name (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->params->len, NULL);
  return ((ActParam *) g_ptr_array_index (m->params, index))->name;
}

const char *
augur_activity_model_get_param_text (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->params->len, NULL);
  return ((ActParam *) g_ptr_array_index (m->params, index))->value.text;
}

guint
augur_activity_model_get_n_elements (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->elements->len;
}

static const ActElement *
element (const AugurActivityModel *m, guint index)
{
  return g_ptr_array_index (m->elements, index);
}

AugurActivityKind
augur_activity_model_get_element_kind (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->elements->len, AUGUR_ACTIVITY_ACTION);
  return element (m, index)->kind;
}

const char *
augur_activity_model_get_element_path (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->elements->len, NULL);
  return element (m, index)->path;
}

const char *
augur_activity_model_get_element_category (const AugurActivityModel *m, guint index)
{
  const ActElement *el;

  g_return_val_if_fail (m != NULL && index < m->elements->len, NULL);
  el = element (m, index);
  if (!augur_activity_kind_takes_time (el->kind))
    return "";
  return g_ptr_array_index (m->categories, el->category_index);
}

void
augur_activity_model_get_element_location (const AugurActivityModel *m, guint index, int *line, int *column)
{
  g_return_if_fail (m != NULL && index < m->elements->len);
  if (line)
    *line = element (m, index)->line;
  if (column)
    *column = element (m, index)->column;
}

/* ---- The text format ---------------------------------------------------------- */

static void
append_quoted (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *c);
    }
  g_string_append_c (s, '"');
}

/* A category as a name when it is one, else quoted. */
static void
append_word (GString *s, const char *text)
{
  gboolean plain = g_ascii_isalpha (text[0]) || text[0] == '_';

  for (const char *c = text; *c && plain; c++)
    plain = g_ascii_isalnum (*c) || *c == '_';
  if (plain)
    g_string_append (s, text);
  else
    append_quoted (s, text);
}

static void
append_expr (GString *s, const char *key, const ActExpr *e)
{
  if (!act_expr_set (e))
    return;
  g_string_append_printf (s, " %s %s", key, e->text);
}

char *
augur_activity_model_to_text (const AugurActivityModel *m)
{
  static const char *role_keys[N_EXPRS] = { "cost", "count", "threads", NULL, "size", "root", "tag" };
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (m != NULL, NULL);
  if (m->title != NULL)
    {
      g_string_append (s, "activity ");
      append_quoted (s, m->title);
      g_string_append (s, "\n\n");
    }
  for (guint i = 0; i < m->params->len; i++)
    {
      const ActParam *param = g_ptr_array_index (m->params, i);
      if (param->fit_csv != NULL)
        {
          g_string_append_printf (s, "fit %s", param->name);
          if (param->fit_response != NULL)
            {
              g_string_append (s, " response ");
              append_word (s, param->fit_response);
            }
          if (param->fit_terms > 0)
            g_string_append_printf (s, " terms %u", param->fit_terms);
          g_string_append_printf (s, "\n%send\n", param->fit_csv->str);
        }
      else
        g_string_append_printf (s, "param %s = %s\n", param->name, param->value.text);
    }
  for (guint i = 0; i < m->configs->len; i++)
    {
      const ActConfig *c = g_ptr_array_index (m->configs, i);
      g_string_append_printf (s, "config %s", c->name);
      for (guint k = 0; k < c->names->len; k++)
        {
          g_string_append_printf (s, "%s %s = ", k ? "," : "", (const char *) g_ptr_array_index (c->names, k));
          augur_format_append_double (s, g_array_index (c->values, double, k));
        }
      if (c->has_measured)
        {
          g_string_append (s, " measured ");
          augur_format_append_double (s, c->measured);
        }
      g_string_append_c (s, '\n');
    }
  if (m->params->len > 0 || m->configs->len > 0)
    g_string_append_c (s, '\n');

  g_string_append (s, "machine\n");
  {
    const struct { const char *key; const ActExpr *e; } lines[] = {
      { "nodes", &m->nodes }, { "cpus", &m->cpus }, { "processes", &m->processes },
    };
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      if (act_expr_set (lines[i].e))
        g_string_append_printf (s, "  %s %s\n", lines[i].key, lines[i].e->text);
  }
  if (m->queue == AUGUR_ACTIVITY_QUEUE_RR)
    g_string_append_printf (s, "  queue rr %s\n", m->quantum.text);
  else if (m->platform_path == NULL)
    g_string_append (s, "  queue fcfs\n");
  if (m->mapping == AUGUR_ACTIVITY_MAPPING_EXPLICIT)
    {
      g_string_append (s, "  mapping explicit");
      for (guint i = 0; i < m->explicit_map->len; i++)
        {
          const ActExpr *e = g_ptr_array_index (m->explicit_map, i);
          /* an expression with blanks in parentheses, so the list reads back */
          if (strpbrk (e->text, " \t") != NULL || strchr ("(+-", e->text[0]) != NULL)
            g_string_append_printf (s, " (%s)", e->text);
          else
            g_string_append_printf (s, " %s", e->text);
        }
      g_string_append_c (s, '\n');
    }
  else
    g_string_append_printf (s, "  mapping %s\n", m->mapping == AUGUR_ACTIVITY_MAPPING_CYCLIC ? "cyclic" : "block");
  {
    const struct { const char *key; const ActExpr *e; } lines[] = {
      { "latency", &m->latency }, { "bandwidth", &m->bandwidth },
      { "local-latency", &m->local_latency }, { "local-bandwidth", &m->local_bandwidth },
    };
    gboolean network = FALSE;
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      network = network || act_expr_set (lines[i].e);
    if (m->platform_path != NULL)
      {
        g_string_append (s, "  platform ");
        append_quoted (s, m->platform_path);
        g_string_append_c (s, '\n');
      }
    if (m->network == ACT_NETWORK_LV08)
      g_string_append (s, "  network lv08\n");
    else if (m->network == ACT_NETWORK_CM02)
      g_string_append (s, "  network cm02\n");
    else if (network || m->network == ACT_NETWORK_SIMPLE)
      g_string_append (s, "  network simple\n");
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      if (act_expr_set (lines[i].e))
        g_string_append_printf (s, "  %s %s\n", lines[i].key, lines[i].e->text);
  }
  if (m->has_seed)
    g_string_append_printf (s, "  seed %" G_GUINT64_FORMAT "\n", m->seed);
  g_string_append (s, "end\n");

  for (guint d = 0; d < m->diagrams->len; d++)
    {
      const ActDiagram *diagram = g_ptr_array_index (m->diagrams, d);

      g_string_append_printf (s, "\ndiagram %s\n", diagram->name);
      for (guint i = 0; i < diagram->elements->len; i++)
        {
          const ActElement *el = g_ptr_array_index (diagram->elements, i);

          g_string_append_printf (s, "  %s %s", augur_activity_kind_to_string (el->kind), el->name);
          for (guint r = 0; r < N_EXPRS; r++)
            {
              const char *key = role_keys[r];
              if (r == EXPR_PEER)
                key = el->kind == AUGUR_ACTIVITY_SEND ? "to" : "from";
              append_expr (s, key, &el->exprs[r]);
            }
          if (el->vary == AUGUR_ACTIVITY_VARY_NORMAL)
            g_string_append_printf (s, " vary normal %s", el->vary_spread.text);
          else if (el->vary == AUGUR_ACTIVITY_VARY_UNIFORM)
            g_string_append_printf (s, " vary uniform %s", el->vary_spread.text);
          else if (el->vary == AUGUR_ACTIVITY_VARY_EXPONENTIAL)
            g_string_append (s, " vary exponential");
          if (el->target != NULL)
            g_string_append_printf (s, " %s %s", el->kind == AUGUR_ACTIVITY_CALL ? "diagram" : "body", el->target);
          if (el->category != NULL)
            {
              g_string_append (s, " category ");
              append_word (s, el->category);
            }
          if (el->has_position)
            {
              g_string_append (s, " at ");
              augur_format_append_double (s, el->x);
              g_string_append_c (s, ' ');
              augur_format_append_double (s, el->y);
            }
          g_string_append_c (s, '\n');
        }
      for (guint i = 0; i < diagram->elements->len; i++)
        {
          const ActElement *el = g_ptr_array_index (diagram->elements, i);
          for (guint f = 0; f < el->flows->len; f++)
            {
              const ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
              const ActElement *to = g_ptr_array_index (diagram->elements, flow->to);

              g_string_append_printf (s, "  flow %s -> %s", el->name, to->name);
              if (flow->guard == GUARD_WHEN)
                g_string_append_printf (s, " when %s", flow->expr.text);
              else if (flow->guard == GUARD_ELSE)
                g_string_append (s, " else");
              else if (flow->guard == GUARD_PROB)
                g_string_append_printf (s, " prob %s", flow->expr.text);
              g_string_append_c (s, '\n');
            }
        }
      g_string_append (s, "end\n");
    }
  return g_string_free (s, FALSE);
}

guint
augur_activity_model_get_n_configs (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->configs->len;
}

const char *
augur_activity_model_get_config_name (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->configs->len, NULL);
  return ((ActConfig *) g_ptr_array_index (m->configs, index))->name;
}

void
augur_activity_model_get_config (const AugurActivityModel *m, guint index, AugurActivityBinding *binding)
{
  const ActConfig *c;

  g_return_if_fail (m != NULL && index < m->configs->len && binding != NULL);
  c = g_ptr_array_index (m->configs, index);
  binding->n = c->names->len;
  binding->names = (const char **) c->names->pdata;
  binding->values = (const double *) c->values->data;
}

gboolean
augur_activity_model_param_is_fitted (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->params->len, FALSE);
  return ((ActParam *) g_ptr_array_index (m->params, index))->fit_csv != NULL;
}

const struct _AugurFitResult *
augur_activity_model_get_param_fit (const AugurActivityModel *m, guint index)
{
  g_return_val_if_fail (m != NULL && index < m->params->len, NULL);
  return ((ActParam *) g_ptr_array_index (m->params, index))->fit;
}

AugurFitData *
augur_activity_model_get_param_fit_data (const AugurActivityModel *m, guint index, int *line)
{
  const ActParam *param;
  AugurFitReadOptions read = { NULL, NULL };

  g_return_val_if_fail (m != NULL && index < m->params->len, NULL);
  param = g_ptr_array_index (m->params, index);
  if (line != NULL)
    *line = param->fit_csv != NULL ? param->fit_line : param->value.line;
  if (param->fit_csv == NULL)
    return NULL;
  read.response = param->fit_response;
  /* read once already, when the model was: it reads again */
  return augur_fit_data_parse (param->fit_csv->str, param->fit_csv->len, param->name, &read, NULL);
}

gboolean
augur_activity_model_get_config_measured (const AugurActivityModel *m, guint index, double *seconds)
{
  const ActConfig *c;

  g_return_val_if_fail (m != NULL && index < m->configs->len, FALSE);
  c = g_ptr_array_index (m->configs, index);
  if (seconds != NULL)
    *seconds = c->has_measured ? c->measured : 0;
  return c->has_measured;
}

gboolean
augur_activity_model_varies (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, FALSE);
  for (guint i = 0; i < m->elements->len; i++)
    if (((const ActElement *) g_ptr_array_index (m->elements, i))->vary != AUGUR_ACTIVITY_VARY_NONE)
      return TRUE;
  return FALSE;
}

const char *
augur_activity_model_get_platform (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->platform_path;
}
