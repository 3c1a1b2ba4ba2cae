/* augur-activity-diagram-layout.c: an activity diagram's scene: what is
 * drawn, copied from a model (names, the text under them, sizes measured
 * as they will be drawn, positions), the geometry of shapes and flows,
 * and hit tests.  See augur-activity-diagram.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-diagram.h"
#include "augur-draw.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define MIN_W     110.0
#define MAX_W     220.0
#define PAD       28.0
#define ICON_W    22.0

static void
item_clear (gpointer p)
{
  AugurActivityItem *it = p;

  g_free (it->name);
  g_free (it->path);
  g_free (it->caption);
  g_free (it->detail);
  g_free (it->tip);
  g_free (it->messages);
}

static void
link_clear (gpointer p)
{
  AugurActivityLink *l = p;

  g_free (l->label);
  g_free (l->messages);
}

void
augur_activity_scene_free (AugurActivityScene *s)
{
  if (s == NULL)
    return;
  g_free (s->diagram);
  g_free (s->messages);
  g_array_unref (s->items);
  g_array_unref (s->links);
  g_free (s);
}

static gboolean
is_box (AugurActivityKind kind)
{
  return kind != AUGUR_ACTIVITY_INITIAL && kind != AUGUR_ACTIVITY_FINAL && kind != AUGUR_ACTIVITY_DECISION &&
         kind != AUGUR_ACTIVITY_MERGE;
}

static gboolean
is_collective (AugurActivityKind kind)
{
  return kind >= AUGUR_ACTIVITY_BROADCAST;
}

/* The line under the name: what matters most of its settings. */
static char *
detail_of (const AugurActivityModel *m, guint e, AugurActivityKind kind)
{
#define S(setting) augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_##setting)
  const char *size = S (SIZE), *root = S (ROOT);

  switch (kind)
    {
    case AUGUR_ACTIVITY_ACTION:
      return S (COST) != NULL ? g_strdup_printf (_("cost %s"), S (COST)) : NULL;
    case AUGUR_ACTIVITY_LOOP:
      /* Translators: a loop's count and the diagram it runs: "× PNAT: multipole" */
      return g_strdup_printf (_("× %s: %s"), S (COUNT) != NULL ? S (COUNT) : "?", S (BODY) != NULL ? S (BODY) : "?");
    case AUGUR_ACTIVITY_PARALLEL:
      return g_strdup_printf (_("%s threads: %s"), S (THREADS) != NULL ? S (THREADS) : "?",
                              S (BODY) != NULL ? S (BODY) : "?");
    case AUGUR_ACTIVITY_CALL:
      return g_strdup_printf (_("runs %s"), S (DIAGRAM) != NULL ? S (DIAGRAM) : "?");
    case AUGUR_ACTIVITY_SEND:
      return size != NULL ? g_strdup_printf (_("to %s, %s B"), S (TO) != NULL ? S (TO) : "?", size)
                          : g_strdup_printf (_("to %s"), S (TO) != NULL ? S (TO) : "?");
    case AUGUR_ACTIVITY_RECV:
      return g_strdup_printf (_("from %s"), S (FROM) != NULL ? S (FROM) : "?");
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_REDUCE:
    case AUGUR_ACTIVITY_GATHER:
      return g_strdup_printf (_("root %s, %s B"), root != NULL ? root : "?", size != NULL ? size : "?");
    case AUGUR_ACTIVITY_ALLREDUCE:
      return g_strdup_printf (_("%s B"), size != NULL ? size : "?");
    case AUGUR_ACTIVITY_INITIAL:
    case AUGUR_ACTIVITY_FINAL:
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
    case AUGUR_ACTIVITY_BARRIER:
    case AUGUR_ACTIVITY_N_KINDS:
    default:
      return NULL;
    }
#undef S
}

/* Its settings, one per line. */
static char *
tip_of (const AugurActivityModel *m, guint e, const AugurActivityItem *it)
{
  GString *s = g_string_new (NULL);
  const char *spread;
  AugurActivityVariation vary;

  g_string_append_printf (s, "%s %s", augur_activity_kind_to_string (it->kind), it->name);
  for (guint k = 0; k < AUGUR_ACTIVITY_N_SETTINGS; k++)
    {
      const char *v = augur_activity_model_get_element_setting (m, e, k);
      if (v != NULL)
        g_string_append_printf (s, "\n%s %s", augur_activity_setting_to_string (k), v);
    }
  vary = augur_activity_model_get_element_variation (m, e, &spread);
  if (vary != AUGUR_ACTIVITY_VARY_NONE)
    g_string_append_printf (s, "\nvary %s%s%s",
                            vary == AUGUR_ACTIVITY_VARY_NORMAL ? "normal" :
                            vary == AUGUR_ACTIVITY_VARY_UNIFORM ? "uniform" : "exponential",
                            spread != NULL ? " " : "", spread != NULL ? spread : "");
  if (!it->placed)
    g_string_append_printf (s, "\n%s", _("placed by the automatic layout"));
  return g_string_free (s, FALSE);
}

static double
text_width (PangoLayout *layout, const char *text, double px, gboolean bold)
{
  double w;

  if (text == NULL)
    return 0;
  augur_draw_set_text (layout, text, px, bold);
  augur_draw_text_size (layout, &w, NULL);
  return w;
}

static void
measure (PangoLayout *layout, AugurActivityItem *it)
{
  double text = MAX (text_width (layout, it->name, AUGUR_ACTIVITY_NAME_PX, TRUE),
                     MAX (text_width (layout, it->detail, AUGUR_ACTIVITY_DETAIL_PX, FALSE),
                          text_width (layout, it->caption, AUGUR_ACTIVITY_CAPTION_PX, FALSE)));
  double extra = 0;

  switch (it->kind)
    {
    case AUGUR_ACTIVITY_INITIAL:
      it->w = it->h = 26;
      return;
    case AUGUR_ACTIVITY_FINAL:
      it->w = it->h = 30;
      return;
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
      it->w = it->h = 40;
      return;
    case AUGUR_ACTIVITY_LOOP:
    case AUGUR_ACTIVITY_PARALLEL:
    case AUGUR_ACTIVITY_CALL:
      extra = ICON_W;
      break;
    case AUGUR_ACTIVITY_SEND:
    case AUGUR_ACTIVITY_RECV:
      extra = 14;
      break;
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_BARRIER:
    case AUGUR_ACTIVITY_REDUCE:
    case AUGUR_ACTIVITY_ALLREDUCE:
    case AUGUR_ACTIVITY_GATHER:
      extra = 10;   /* the double edges */
      break;
    case AUGUR_ACTIVITY_ACTION:
    case AUGUR_ACTIVITY_N_KINDS:
    default:
      break;
    }
  it->w = CLAMP (ceil (text + PAD + extra), MIN_W + extra, MAX_W);
  it->h = 36 + (it->detail != NULL ? 15 : 0) + (it->caption != NULL ? 13 : 0);
}

AugurActivityScene *
augur_activity_scene_new (const AugurActivityModel *m,
                          const char               *diagram)
{
  AugurActivityScene *s = g_new0 (AugurActivityScene, 1);
  g_autoptr(GArray) flows = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  guint d, n, unplaced = 0;
  int line;

  s->items = g_array_new (FALSE, TRUE, sizeof (AugurActivityItem));
  g_array_set_clear_func (s->items, item_clear);
  s->links = g_array_new (FALSE, TRUE, sizeof (AugurActivityLink));
  g_array_set_clear_func (s->links, link_clear);
  if (m == NULL || augur_activity_model_get_n_diagrams (m) == 0)
    return s;
  if (diagram == NULL)
    d = 0;
  else if (!augur_activity_model_find_diagram (m, diagram, &d))
    return s;
  s->diagram = g_strdup (augur_activity_model_get_diagram_name (m, d));
  s->line = augur_activity_model_get_diagram_line (m, d);
  n = augur_activity_model_get_diagram_n_elements (m, d);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout = augur_draw_create_layout (cr);
  for (guint i = 0; i < n; i++)
    {
      guint e = augur_activity_model_get_diagram_element (m, d, i);
      AugurActivityItem it = { 0 };

      it.kind = augur_activity_model_get_element_kind (m, e);
      it.name = g_strdup (augur_activity_model_get_element_name (m, e));
      it.path = g_strdup (augur_activity_model_get_element_path (m, e));
      if (it.path == NULL)
        it.path = d == 0 ? g_strdup (it.name) : g_strdup_printf ("%s/%s", s->diagram, it.name);
      if (is_collective (it.kind))
        it.caption = g_strdup (augur_activity_kind_to_string (it.kind));
      it.detail = detail_of (m, e, it.kind);
      augur_activity_model_get_element_location (m, e, &line, NULL);
      it.line = line;
      it.placed = augur_activity_model_get_element_position (m, e, &it.x, &it.y);
      unplaced += !it.placed;
      it.tip = tip_of (m, e, &it);
      measure (layout, &it);
      g_array_append_val (s->items, it);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* what the document does not place, the layout does: beside what it
   * places, to its right */
  if (unplaced > 0)
    {
      g_autofree double *x = g_new0 (double, n);
      g_autofree double *y = g_new0 (double, n);
      double right = -INFINITY, top = INFINITY, lx = INFINITY, ly = INFINITY;

      augur_activity_model_layout_diagram (m, d, x, y, NULL);
      for (guint i = 0; i < n; i++)
        {
          const AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
          if (it->placed)
            {
              right = MAX (right, it->x + it->w / 2);
              top = MIN (top, it->y);
            }
          else
            {
              lx = MIN (lx, x[i] - it->w / 2);
              ly = MIN (ly, y[i]);
            }
        }
      for (guint i = 0; i < n; i++)
        {
          AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
          if (it->placed)
            continue;
          it->x = isfinite (right) ? x[i] - lx + right + 60 : x[i];
          it->y = isfinite (top) ? y[i] - ly + top : y[i];
        }
    }

  flows = augur_activity_model_get_diagram_flows (m, d);
  for (guint i = 0; i < flows->len; i++)
    {
      const AugurActivityFlow *f = &g_array_index (flows, AugurActivityFlow, i);
      guint first = augur_activity_model_get_diagram_element (m, d, 0);
      AugurActivityLink l = { f->from - first, f->to - first, f->guard, NULL, f->nth, f->line, FALSE, NULL };

      if (f->guard == AUGUR_ACTIVITY_GUARD_WHEN)
        l.label = g_strdup_printf ("[%s]", f->guard_text);
      else if (f->guard == AUGUR_ACTIVITY_GUARD_ELSE)
        l.label = g_strdup ("[else]");
      else if (f->guard == AUGUR_ACTIVITY_GUARD_PROB)
        l.label = g_strdup_printf ("[prob %s]", f->guard_text);
      g_array_append_val (s->links, l);
    }
  augur_activity_scene_route (s);
  return s;
}

int
augur_activity_scene_find (const AugurActivityScene *s, const char *name)
{
  for (guint i = 0; name != NULL && i < s->items->len; i++)
    if (g_strcmp0 (g_array_index (s->items, AugurActivityItem, i).name, name) == 0)
      return (int) i;
  return -1;
}

static void
append_message (char **messages, const char *message)
{
  char *joined = *messages == NULL ? g_strdup (message) : g_strconcat (*messages, "\n", message, NULL);

  g_free (*messages);
  *messages = joined;
}

void
augur_activity_scene_set_errors (AugurActivityScene *s, GPtrArray *diagnostics)
{
  for (guint i = 0; i < s->items->len; i++)
    {
      AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
      it->error = FALSE;
      g_clear_pointer (&it->messages, g_free);
    }
  for (guint i = 0; i < s->links->len; i++)
    {
      AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, i);
      l->error = FALSE;
      g_clear_pointer (&l->messages, g_free);
    }
  g_clear_pointer (&s->messages, g_free);
  for (guint k = 0; diagnostics != NULL && k < diagnostics->len; k++)
    {
      const AugurDiagnostic *dg = g_ptr_array_index (diagnostics, k);

      if (s->line > 0 && dg->line == s->line)
        append_message (&s->messages, dg->message);

      for (guint i = 0; i < s->items->len; i++)
        {
          AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
          if (it->line == dg->line)
            {
              it->error = it->error || dg->severity == AUGUR_SEVERITY_ERROR;
              append_message (&it->messages, dg->message);
            }
        }
      for (guint i = 0; i < s->links->len; i++)
        {
          AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, i);
          if (l->line == dg->line)
            {
              l->error = l->error || dg->severity == AUGUR_SEVERITY_ERROR;
              append_message (&l->messages, dg->message);
            }
        }
    }
}

void
augur_activity_scene_set_highlight (AugurActivityScene *s, const char * const *paths)
{
  for (guint i = 0; i < s->items->len; i++)
    {
      AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
      it->highlight = paths != NULL && g_strv_contains (paths, it->path);
    }
}

/* ---- Geometry ------------------------------------------------------------ */

gboolean
augur_activity_item_has_port (const AugurActivityItem *it)
{
  return it->kind != AUGUR_ACTIVITY_FINAL;
}

void
augur_activity_item_port (const AugurActivityItem *it, double *x, double *y)
{
  *x = it->x;
  *y = it->y + it->h / 2;
}

static gboolean
is_round (const AugurActivityItem *it)
{
  return it->kind == AUGUR_ACTIVITY_INITIAL || it->kind == AUGUR_ACTIVITY_FINAL;
}

static gboolean
is_diamond (const AugurActivityItem *it)
{
  return it->kind == AUGUR_ACTIVITY_DECISION || it->kind == AUGUR_ACTIVITY_MERGE;
}

gboolean
augur_activity_item_contains (const AugurActivityItem *it, double x, double y, double tol)
{
  double dx = fabs (x - it->x), dy = fabs (y - it->y);

  if (is_round (it))
    return hypot (dx, dy) <= it->w / 2 + tol;
  if (is_diamond (it))
    return dx / (it->w / 2 + tol) + dy / (it->h / 2 + tol) <= 1;
  return dx <= it->w / 2 + tol && dy <= it->h / 2 + tol;
}

void
augur_activity_item_boundary (const AugurActivityItem *it, double tx, double ty, double *bx, double *by)
{
  double ux = tx - it->x, uy = ty - it->y, len = hypot (ux, uy), t;

  if (!(len > 1e-9) || !isfinite (len))
    {
      *bx = it->x;
      *by = it->y + it->h / 2;
      return;
    }
  ux /= len;
  uy /= len;
  if (is_round (it))
    t = it->w / 2;
  else if (is_diamond (it))
    t = 1 / (fabs (ux) / (it->w / 2) + fabs (uy) / (it->h / 2));
  else
    t = MIN (fabs (ux) > 1e-9 ? it->w / 2 / fabs (ux) : INFINITY, fabs (uy) > 1e-9 ? it->h / 2 / fabs (uy) : INFINITY);
  *bx = it->x + ux * t;
  *by = it->y + uy * t;
}

static void
link_route (const AugurActivityScene *s, guint index, AugurActivityLinkGeom *g)
{
  const AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, index);
  const AugurActivityItem *a = &g_array_index (s->items, AugurActivityItem, l->from);
  const AugurActivityItem *b = &g_array_index (s->items, AugurActivityItem, l->to);

  memset (g, 0, sizeof *g);
  if (l->from == l->to || b->y < a->y - 1)
    {
      /* back up (or to itself): round the right of what is in between,
       * beside the loops routed before it */
      double top = MIN (a->y, b->y) - 1, bottom = MAX (a->y, b->y) + 1, clear;
      guint beside = 0;

      g->loop = TRUE;
      g->x0 = a->x + a->w / 2;
      g->y0 = l->from == l->to ? a->y - a->h / 4 : a->y;
      g->x3 = b->x + b->w / 2;
      g->y3 = l->from == l->to ? b->y + b->h / 4 : b->y;
      clear = MAX (g->x0, g->x3);
      for (guint i = 0; i < s->items->len; i++)
        {
          const AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
          if (it->y + it->h / 2 >= top && it->y - it->h / 2 <= bottom)
            clear = MAX (clear, it->x + it->w / 2);
        }
      for (guint k = index > 200 ? index - 200 : 0; k < index; k++)
        {
          const AugurActivityLinkGeom *o = &g_array_index (s->links, AugurActivityLink, k).geom;
          if (o->loop && MIN (o->y0, o->y3) <= bottom && MAX (o->y0, o->y3) >= top)
            beside++;
        }
      g->rx = clear + 28 + 14 * beside;
      g->lx = g->rx + 6;
      g->ly = (g->y0 + g->y3) / 2;
      return;
    }
  augur_activity_item_boundary (a, b->x, b->y, &g->x0, &g->y0);
  augur_activity_item_boundary (b, a->x, a->y, &g->x3, &g->y3);
  /* the guard near where it leaves the decision, beside the line */
  g->label_left = g->x3 < g->x0 - 1;
  g->lx = g->x0 + 0.3 * (g->x3 - g->x0) + (g->label_left ? -6 : 6);
  g->ly = g->y0 + 0.3 * (g->y3 - g->y0);
}

void
augur_activity_scene_route (AugurActivityScene *s)
{
  for (guint i = 0; i < s->links->len; i++)
    {
      AugurActivityLinkGeom g;
      link_route (s, i, &g);
      g_array_index (s->links, AugurActivityLink, i).geom = g;
    }
}

gboolean
augur_activity_scene_bounds (const AugurActivityScene *s, double *x0, double *y0, double *x1, double *y1)
{
  double a = INFINITY, b = INFINITY, c = -INFINITY, d = -INFINITY;

  for (guint i = 0; i < s->items->len; i++)
    {
      const AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
      double right = it->x + it->w / 2;

      /* the names beside small shapes */
      if (!is_box (it->kind))
        right += 8 + 7 * strlen (it->name);
      a = MIN (a, it->x - it->w / 2);
      b = MIN (b, it->y - it->h / 2 - (is_diamond (it) ? 20 : 0));
      c = MAX (c, right);
      d = MAX (d, it->y + it->h / 2 + AUGUR_ACTIVITY_PORT_R);
    }
  for (guint i = 0; i < s->links->len; i++)
    {
      const AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, i);

      if (l->geom.loop)
        c = MAX (c, l->geom.rx + 2);
      if (l->label != NULL && !l->geom.label_left)
        c = MAX (c, l->geom.lx + 6.5 * strlen (l->label) + 8);
      if (l->label != NULL && l->geom.label_left)
        a = MIN (a, l->geom.lx - 6.5 * strlen (l->label) - 8);
    }
  if (!isfinite (a) || !isfinite (b) || !isfinite (c) || !isfinite (d))
    return FALSE;
  *x0 = a;
  *y0 = b;
  *x1 = c;
  *y1 = d;
  return TRUE;
}

/* ---- Hit tests ---------------------------------------------------------- */

int
augur_activity_scene_item_at (const AugurActivityScene *s, double x, double y, double tol)
{
  for (guint i = s->items->len; i-- > 0;)
    if (augur_activity_item_contains (&g_array_index (s->items, AugurActivityItem, i), x, y, tol))
      return (int) i;
  return -1;
}

int
augur_activity_scene_port_at (const AugurActivityScene *s, double x, double y, double tol)
{
  for (guint i = s->items->len; i-- > 0;)
    {
      const AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
      double px, py;

      if (!augur_activity_item_has_port (it))
        continue;
      augur_activity_item_port (it, &px, &py);
      if (hypot (x - px, y - py) <= AUGUR_ACTIVITY_PORT_R + tol)
        return (int) i;
    }
  return -1;
}

static double
segment_distance (double x, double y, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? CLAMP (((x - ax) * dx + (y - ay) * dy) / len2, 0, 1) : 0;

  return hypot (x - (ax + t * dx), y - (ay + t * dy));
}

int
augur_activity_scene_link_at (const AugurActivityScene *s, double x, double y, double tol)
{
  for (guint i = s->links->len; i-- > 0;)
    {
      const AugurActivityLinkGeom *g = &g_array_index (s->links, AugurActivityLink, i).geom;

      if (g->loop ? segment_distance (x, y, g->x0, g->y0, g->rx, g->y0) <= tol ||
                    segment_distance (x, y, g->rx, g->y0, g->rx, g->y3) <= tol ||
                    segment_distance (x, y, g->rx, g->y3, g->x3, g->y3) <= tol
                  : segment_distance (x, y, g->x0, g->y0, g->x3, g->y3) <= tol)
        return (int) i;
    }
  return -1;
}
