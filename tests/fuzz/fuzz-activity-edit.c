/* fuzz-activity-edit.c: libFuzzer target for the editor's operations on
 * activity documents.  The input is a document; the operations (which,
 * on what, with which values, some of them hostile) are decoded from its
 * bytes, read from the end.  Each operation either fails with an error of
 * the editor's domain, or gives a text that reads, in which what it made
 * is there (an added element, a renamed one) and what it removed is not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-edit.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

typedef struct {
  const uint8_t *data;
  size_t         size;
  size_t         k;
} Bytes;

static guint
next (Bytes *b)
{
  guint v;

  if (b->size == 0)
    return 0;
  v = b->data[b->size - 1 - b->k % b->size];
  b->k++;
  return v;
}

static const char *values[] = {
  "1", "pid % 2", "2 * NP + 1", "", "  ", "1 +", "(1", "x y", "1 category z", "1 at 2 3", "1 # c", "a\nb",
  "\"q\"", "1e308", "1e-320", "tid", "normal 0.1", "uniform 0.5", "exponential", "gauss", "body", "main",
  "a \"b\" # c", "\\", "end", "é",
};

static const char *names[] = { "x", "x1", "end", "main", "a b", "", "2x", "flow", "_", "action1", "initial1" };

static double
coordinate (Bytes *b)
{
  static const double special[] = { 0, -0.0, 1e300, -1e300, 1e-320, 0.1, NAN, INFINITY, 123456789.125 };
  guint v = next (b);

  if (v < 200)
    return (double) v * 3 - 100;
  return special[v % G_N_ELEMENTS (special)];
}

static AugurActivityModel *
read_text (const char *text)
{
  return augur_activity_model_parse_full (text, -1, "fuzz", AUGUR_ACTIVITY_PARSE_KEEP_INVALID, NULL, NULL);
}

/* The name of some element of diagram d, or some name. */
static const char *
some_element (const AugurActivityModel *m, guint d, Bytes *b)
{
  guint n = augur_activity_model_get_diagram_n_elements (m, d);
  guint v = next (b);

  if (n == 0 || v % 8 == 7)
    return names[v % G_N_ELEMENTS (names)];
  return augur_activity_model_get_element_name (m, augur_activity_model_get_diagram_element (m, d, v % n));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static gboolean initialised;
  g_autofree char *text = NULL;
  Bytes b = { data, MIN (size, 64), 0 };

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }
  if (size > 256 * 1024)
    return 0;
  text = g_strndup ((const char *) data, size);
  b.data = data + size - b.size;

  for (guint op = 0; op < 6; op++)
    {
      g_autoptr(AugurActivityModel) m = read_text (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurActivityModel) after = NULL;
      g_autofree char *made = NULL;
      guint n_d = m != NULL ? augur_activity_model_get_n_diagrams (m) : 0;
      guint d = n_d > 0 ? next (&b) % n_d : 0;
      const char *diagram = n_d > 0 && next (&b) % 4 != 0 ? augur_activity_model_get_diagram_name (m, d) : NULL;
      const char *el = m != NULL && n_d > 0 ? some_element (m, d, &b) : "x";
      const char *el2 = m != NULL && n_d > 0 ? some_element (m, d, &b) : "y";
      const char *value = values[next (&b) % G_N_ELEMENTS (values)];
      const char *name = names[next (&b) % G_N_ELEMENTS (names)];
      char *out = NULL;
      guint code = next (&b) % 13;
      guint nodes[8];

      if (n_d > 0 && diagram == NULL)
        d = 0;   /* NULL: the main diagram */
      switch (code)
        {
        case 0:
          out = augur_activity_edit_add_element (text, diagram, next (&b) % (AUGUR_ACTIVITY_N_KINDS + 1),
                                                 coordinate (&b), coordinate (&b), &made, &error);
          break;
        case 1:
          out = augur_activity_edit_remove_element (text, diagram, el, &error);
          break;
        case 2:
          out = augur_activity_edit_rename_element (text, diagram, el, name, &error);
          break;
        case 3:
          out = augur_activity_edit_move_element (text, diagram, el, coordinate (&b), coordinate (&b), &error);
          break;
        case 4:
          out = augur_activity_edit_set_setting (text, diagram, el, next (&b) % (AUGUR_ACTIVITY_N_SETTINGS + 1), value,
                                                 &error);
          break;
        case 5:
          out = augur_activity_edit_add_flow (text, diagram, el, el2, next (&b) % 5, value, &error);
          break;
        case 6:
          out = augur_activity_edit_remove_flow (text, diagram, el, el2, next (&b) % 3, &error);
          break;
        case 7:
          out = augur_activity_edit_set_flow_guard (text, diagram, el, el2, next (&b) % 2, next (&b) % 5, value, &error);
          break;
        case 8:
          out = augur_activity_edit_add_diagram (text, next (&b) % 2 ? name : NULL, &made, &error);
          break;
        case 9:
          out = augur_activity_edit_rename_diagram (text, diagram, name, &error);
          break;
        case 10:
          out = augur_activity_edit_remove_diagram (text, diagram, &error);
          break;
        case 12:
          for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
            nodes[i] = next (&b) % 4;
          out = augur_activity_edit_set_mapping (text, nodes, next (&b) % (G_N_ELEMENTS (nodes) + 1), &error);
          break;
        default:
          out = augur_activity_edit_layout (text, diagram, &error);
          break;
        }
      if (out == NULL)
        {
          if (error == NULL || error->domain != AUGUR_ACTIVITY_EDIT_ERROR)
            __builtin_trap ();
          /* an unreadable text is said so, unless what was asked for
           * was refused first */
          if (m != NULL && error->code == AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE)
            __builtin_trap ();
          if (m == NULL && error->code != AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE &&
              error->code != AUGUR_ACTIVITY_EDIT_ERROR_INVALID)
            __builtin_trap ();
          continue;
        }
      if (m == NULL || error != NULL)
        __builtin_trap ();
      after = read_text (out);
      if (after == NULL)
        __builtin_trap ();
      /* what was made is there, what was removed is not */
      if (code == 0 && !augur_activity_model_find_element (after, d, made, NULL))
        __builtin_trap ();
      if (code == 1 && augur_activity_model_find_element (after, d, el, NULL))
        __builtin_trap ();
      if (code == 2 && ((strcmp (el, name) != 0 && augur_activity_model_find_element (after, d, el, NULL)) ||
                        !augur_activity_model_find_element (after, d, name, NULL)))
        __builtin_trap ();
      if (code == 8 && !augur_activity_model_find_diagram (after, made, NULL))
        __builtin_trap ();
      if (code == 9 && !augur_activity_model_find_diagram (after, name, NULL))
        __builtin_trap ();
      if (code == 11)
        {
          /* every element of the diagram placed, apart */
          guint n = augur_activity_model_get_diagram_n_elements (after, d);
          for (guint i = 0; i < n && n < 200; i++)
            {
              double xi, yi;
              if (!augur_activity_model_get_element_position (after, augur_activity_model_get_diagram_element (after, d, i),
                                                              &xi, &yi))
                __builtin_trap ();
              for (guint j = 0; j < i; j++)
                {
                  double xj, yj;
                  augur_activity_model_get_element_position (after, augur_activity_model_get_diagram_element (after, d, j),
                                                             &xj, &yj);
                  if (xi == xj && yi == yj)
                    __builtin_trap ();
                }
            }
        }
      g_free (text);
      text = out;
    }
  return 0;
}
