/* pepa-pattern.c: state patterns, the PEPA Eclipse Plug-in's "state
 * finder": a conjunction of conditions on the components' local states,
 *
 *   Stage1 = Stage1_done & Processor2 = Processor2
 *   Client:Client_think >= 50 & Server:Server_log = 0
 *
 * "COMPONENT = LOCAL" holds when a single component is in that local state;
 * "COMPONENT:LOCAL OP N" compares how many copies of an array are there
 * (OP one of = != < <= > >=).  A component is named by its label
 * ("Client[100]") or by that label before its "[".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

typedef enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE } Op;

typedef struct {
  guint  component;
  guint  local;
  gboolean count;    /* COMPONENT:LOCAL OP N */
  Op     op;
  double value;
} Condition;

struct _AugurPepaPattern {
  char   *text;
  GArray *conditions;
};

/* How many components the name fits (the first in *component). */
static guint
find_component (const AugurPepaModel *model,
                const char           *name,
                guint                *component)
{
  guint found = 0;

  for (guint c = 0; c < model->components->len; c++)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, c);
      const char *bracket = strchr (comp->label, '[');

      if (strcmp (comp->label, name) == 0 ||
          (bracket != NULL && strlen (name) == (gsize) (bracket - comp->label) &&
           strncmp (comp->label, name, bracket - comp->label) == 0))
        {
          if (found++ == 0)
            *component = c;
        }
    }
  return found;
}

static gboolean
find_local (const AugurPepaModel *model,
            guint                 component,
            const char           *name,
            guint                *local)
{
  const PepaComponent *comp = g_ptr_array_index (model->components, component);

  for (guint l = 0; l < comp->locals->len; l++)
    if (strcmp (((PepaLocalState *) g_ptr_array_index (comp->locals, l))->name, name) == 0)
      {
        *local = l;
        return TRUE;
      }
  return FALSE;
}

AugurPepaPattern *
augur_pepa_pattern_parse (const AugurPepaModel *model,
                          const char           *text,
                          GError              **error)
{
  g_auto(GStrv) terms = NULL;
  AugurPepaPattern *p;

  g_return_val_if_fail (model != NULL && text != NULL, NULL);

  p = g_new0 (AugurPepaPattern, 1);
  p->text = g_strstrip (g_strdup (text));
  p->conditions = g_array_new (FALSE, FALSE, sizeof (Condition));
  terms = g_strsplit (text, "&", -1);
  if (terms[0] == NULL)
    goto bad;
  for (guint i = 0; terms[i] != NULL; i++)
    {
      char *term = g_strstrip (terms[i]);
      Condition cond = { 0 };
      char *colon = strchr (term, ':'), *eq = strchr (term, '=');
      g_autofree char *component = NULL, *local = NULL;
      guint n_found;

      if (*term == '\0')
        goto bad;
      /* a count: COMPONENT:LOCAL OP N, the operator the last one in the term */
      if (colon != NULL && (eq == NULL || colon < eq))
        {
          static const struct { const char *text; Op op; } ops[] = {
            { "!=", OP_NE }, { "<=", OP_LE }, { ">=", OP_GE }, { "=", OP_EQ }, { "<", OP_LT }, { ">", OP_GT },
          };
          char *at = NULL, *end = NULL;
          guint which = 0;

          for (guint k = 0; k < G_N_ELEMENTS (ops) && at == NULL; k++)
            if ((at = g_strrstr (colon + 1, ops[k].text)) != NULL)
              which = k;
          if (at == NULL)
            goto bad;
          /* "<=" found as "=": prefer the two-character operator there */
          if (ops[which].text[1] == '\0' && at > colon + 1 && strchr ("<>!", at[-1]) != NULL)
            {
              at--;
              for (guint k = 0; k < 3; k++)
                if (strncmp (at, ops[k].text, 2) == 0)
                  which = k;
            }
          cond.count = TRUE;
          cond.op = ops[which].op;
          cond.value = g_ascii_strtod (at + strlen (ops[which].text), &end);
          if (end == at + strlen (ops[which].text) || !isfinite (cond.value))
            goto bad;
          while (g_ascii_isspace (*end))
            end++;
          if (*end != '\0')
            goto bad;
          component = g_strstrip (g_strndup (term, colon - term));
          local = g_strstrip (g_strndup (colon + 1, at - colon - 1));
        }
      else if (eq != NULL)
        {
          component = g_strstrip (g_strndup (term, eq - term));
          local = g_strstrip (g_strdup (eq + 1));
        }
      else
        goto bad;
      n_found = find_component (model, component, &cond.component);
      if (n_found > 1)
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("The pattern “%s” names '%s', which %u components of the model are: it cannot tell them apart"), augur_message_token (p->text, -1), augur_message_token (component, -1), n_found);
          augur_pepa_pattern_free (p);
          return NULL;
        }
      if (n_found == 0)
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("The pattern “%s” names the component '%s', which the model does not have"), augur_message_token (p->text, -1), augur_message_token (component, -1));
          augur_pepa_pattern_free (p);
          return NULL;
        }
      if (!find_local (model, cond.component, local, &cond.local))
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("The pattern “%s” names the local state '%s' of '%s', which it does not have"), augur_message_token (p->text, -1), augur_message_token (local, -1), augur_message_token (component, -1));
          augur_pepa_pattern_free (p);
          return NULL;
        }
      g_array_append_val (p->conditions, cond);
    }
  return p;

bad:
  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
               _("The pattern “%s” is not one Augur reads: COMPONENT = LOCAL, or COMPONENT:LOCAL >= N for an "
                 "array (= != < <= > >=), joined by &"), augur_message_token (p->text, -1));
  augur_pepa_pattern_free (p);
  return NULL;
}

void
augur_pepa_pattern_free (AugurPepaPattern *p)
{
  if (p == NULL)
    return;
  g_free (p->text);
  g_array_unref (p->conditions);
  g_free (p);
}

const char *
augur_pepa_pattern_get_text (const AugurPepaPattern *p)
{
  return p->text;
}

gboolean
pepa_pattern_matches_slots (const AugurPepaPattern *p,
                            const AugurPepaModel   *model,
                            const guint32          *slots)
{
  for (guint i = 0; i < p->conditions->len; i++)
    {
      const Condition *cond = &g_array_index (p->conditions, Condition, i);
      const PepaComponent *comp = g_ptr_array_index (model->components, cond->component);
      double v;
      gboolean ok;

      if (comp->copies > 1)
        v = slots[comp->slot + cond->local];
      else
        v = slots[comp->slot] == cond->local;
      if (!cond->count)
        {
          /* COMPONENT = LOCAL: a single component there, or any copy of an array */
          if (!(v > 0))
            return FALSE;
          continue;
        }
      switch (cond->op)
        {
        case OP_EQ: ok = v == cond->value; break;
        case OP_NE: ok = v != cond->value; break;
        case OP_LT: ok = v < cond->value; break;
        case OP_LE: ok = v <= cond->value; break;
        case OP_GT: ok = v > cond->value; break;
        default:    ok = v >= cond->value; break;
        }
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

gboolean
augur_pepa_pattern_matches (const AugurPepaPattern    *p,
                            const AugurPepaStateSpace *space,
                            guint                      state)
{
  g_autofree guint32 *slots = g_new (guint32, MAX (1, space->model->n_slots));

  g_return_val_if_fail (state < space->n_states, FALSE);
  pepa_state_space_unpack (space, state, slots);
  return pepa_pattern_matches_slots (p, space->model, slots);
}
