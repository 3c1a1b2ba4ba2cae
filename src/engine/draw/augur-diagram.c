/* augur-diagram.c: state transition diagrams: model, PEPA adapter, drawing
 * and hit testing.  The layout lives in augur-diagram-layout.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "augur-diagram-private.h"
#include "augur-draw.h"

G_DEFINE_BOXED_TYPE (AugurDiagram, augur_diagram, augur_diagram_ref, augur_diagram_unref)

/* Below these zoom levels the text would be a smudge: leave it out. */
#define MIN_LABEL_SCALE  0.4
#define MIN_NUMBER_SCALE 0.3

typedef struct {
  guint source;
  guint target;
  guint order;
  const AugurDiagramEdgeSpec *spec;
} SortedSpec;

static int
compare_specs (gconstpointer a,
               gconstpointer b)
{
  const SortedSpec *x = a, *y = b;

  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  if (x->target != y->target)
    return x->target < y->target ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static gboolean
has_line (const GString *text,
          const char    *line)
{
  gsize len = strlen (line);

  for (const char *p = text->str; p != NULL && *p != '\0'; )
    {
      const char *end = strchr (p, '\n');
      gsize n = end ? (gsize) (end - p) : strlen (p);

      if (n == len && strncmp (p, line, len) == 0)
        return TRUE;
      p = end ? end + 1 : NULL;
    }
  return FALSE;
}

/**
 * augur_diagram_new:
 * @n_nodes: number of states
 * @tooltips: (nullable): @n_nodes full descriptions, shown on hover
 * @n_edges: number of arcs
 * @edges: the arcs; sources and targets below @n_nodes
 *
 * Builds and lays out a diagram.  Arcs between the same ordered pair are
 * merged into one arrow whose label has one line per distinct label.
 */
AugurDiagram *
augur_diagram_new (guint                       n_nodes,
                   const char * const         *tooltips,
                   guint                       n_edges,
                   const AugurDiagramEdgeSpec *edges)
{
  AugurDiagram *d = g_new0 (AugurDiagram, 1);
  g_autofree SortedSpec *sorted = g_new (SortedSpec, MAX (n_edges, 1));
  guint n_merged = 0;

  g_atomic_ref_count_init (&d->ref_count);
  d->n_nodes = n_nodes;
  d->nodes = g_new0 (AugurDiagramNode, MAX (n_nodes, 1));
  for (guint i = 0; i < n_nodes; i++)
    {
      d->nodes[i].label = g_strdup_printf ("%u", i + 1);
      d->nodes[i].tooltip = g_strdup (tooltips && tooltips[i] ? tooltips[i] : d->nodes[i].label);
    }

  for (guint e = 0; e < n_edges; e++)
    {
      g_return_val_if_fail (edges[e].source < n_nodes && edges[e].target < n_nodes, d);
      sorted[e] = (SortedSpec) { edges[e].source, edges[e].target, e, &edges[e] };
    }
  qsort (sorted, n_edges, sizeof (SortedSpec), compare_specs);

  d->edges = g_new0 (AugurDiagramEdge, MAX (n_edges, 1));
  for (guint e = 0; e < n_edges; )
    {
      AugurDiagramEdge *edge = &d->edges[n_merged++];
      GString *label = g_string_new (NULL);
      guint f = e;

      edge->source = sorted[e].source;
      edge->target = sorted[e].target;
      edge->kind = sorted[e].spec->kind;
      for (; f < n_edges && sorted[f].source == edge->source && sorted[f].target == edge->target; f++)
        {
          const char *text = sorted[f].spec->label ? sorted[f].spec->label : "";

          if (sorted[f].spec->kind != edge->kind)
            edge->kind = -1;
          if (has_line (label, text))
            continue;
          if (label->len > 0)
            g_string_append_c (label, '\n');
          g_string_append (label, text);
        }
      edge->label = g_string_free (label, FALSE);
      e = f;
    }
  d->n_edges = n_merged;

  _augur_diagram_layout (d);
  return d;
}

typedef struct {
  guint  source;
  guint  target;
  guint  action;
  double rate;
} PepaArc;

static int
compare_arcs (gconstpointer a,
              gconstpointer b)
{
  const PepaArc *x = a, *y = b;

  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  if (x->target != y->target)
    return x->target < y->target ? -1 : 1;
  return (x->action > y->action) - (x->action < y->action);
}

/**
 * augur_diagram_new_from_pepa:
 * @space: a derived state space
 *
 * One node per state (tooltip: the state's term), one arc per source,
 * target and action, labelled "action, rate" with the rates of the
 * derivations summed, as in figure 2.2 of the pipeline paper.
 */
AugurDiagram *
augur_diagram_new_from_pepa (const AugurPepaStateSpace *space)
{
  AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  guint n_states = augur_pepa_state_space_get_n_states (space);
  g_autoptr(GArray) arcs = g_array_new (FALSE, FALSE, sizeof (PepaArc));
  g_autoptr(GPtrArray) tooltips = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree AugurDiagramEdgeSpec *specs = NULL;
  guint n = 0;

  for (guint s = 0; s < n_states; s++)
    {
      const AugurPepaTransition *t = NULL;
      guint n_t = augur_pepa_state_space_get_transitions (space, s, &t);

      g_ptr_array_add (tooltips, augur_pepa_state_space_describe_state (space, s));
      for (guint i = 0; i < n_t; i++)
        {
          PepaArc arc = { s, t[i].target, t[i].action, t[i].rate };
          g_array_append_val (arcs, arc);
        }
    }
  g_array_sort (arcs, compare_arcs);

  specs = g_new (AugurDiagramEdgeSpec, MAX (arcs->len, 1));
  for (guint i = 0; i < arcs->len; )
    {
      const PepaArc *arc = &g_array_index (arcs, PepaArc, i);
      char rate[G_ASCII_DTOSTR_BUF_SIZE];
      double sum = 0;
      guint j = i;

      /* one line per action: the derivations of the same move add up */
      for (; j < arcs->len; j++)
        {
          const PepaArc *other = &g_array_index (arcs, PepaArc, j);
          if (other->source != arc->source || other->target != arc->target || other->action != arc->action)
            break;
          sum += other->rate;
        }
      /* C locale: a decimal comma would read as the separator */
      g_ascii_formatd (rate, sizeof rate, "%g", sum);
      g_ptr_array_add (labels, g_strdup_printf ("%s, %s",
                                                augur_pepa_model_get_action_name (model, arc->action),
                                                rate));
      specs[n++] = (AugurDiagramEdgeSpec) { arc->source, arc->target,
                                            g_ptr_array_index (labels, labels->len - 1),
                                            (int) arc->action };
      i = j;
    }

  return augur_diagram_new (n_states, (const char * const *) tooltips->pdata, n, specs);
}

AugurDiagram *
augur_diagram_ref (AugurDiagram *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_diagram_unref (AugurDiagram *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  for (guint i = 0; i < d->n_nodes; i++)
    {
      g_free (d->nodes[i].label);
      g_free (d->nodes[i].tooltip);
    }
  for (guint e = 0; e < d->n_edges; e++)
    {
      g_free (d->edges[e].label);
      g_free (d->edges[e].path);
    }
  g_free (d->nodes);
  g_free (d->edges);
  g_free (d);
}

guint
augur_diagram_get_n_nodes (const AugurDiagram *d)
{
  return d->n_nodes;
}

guint
augur_diagram_get_n_edges (const AugurDiagram *d)
{
  return d->n_edges;
}

const char *
augur_diagram_get_node_label (const AugurDiagram *d,
                              guint               node)
{
  g_return_val_if_fail (node < d->n_nodes, NULL);
  return d->nodes[node].label;
}

const char *
augur_diagram_get_node_tooltip (const AugurDiagram *d,
                                guint               node)
{
  g_return_val_if_fail (node < d->n_nodes, NULL);
  return d->nodes[node].tooltip;
}

char *
augur_diagram_wrap_text (const char *text,
                         guint       width)
{
  GString *out;
  gsize line_start = 0;   /* in out */
  gsize last_break = 0;   /* in out: where a new line may begin; 0: none */
  guint line_chars = 0;

  g_return_val_if_fail (text != NULL, NULL);
  width = MAX (width, 8);
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        {
          g_string_append_c (out, '\n');
          line_start = out->len;
          last_break = 0;
          line_chars = 0;
          continue;
        }
      if (c == '<' && out->len > line_start)
        last_break = out->len;            /* before an opening bracket */
      if (line_chars >= width)
        {
          if (last_break > line_start)
            {
              gsize at = last_break;
              /* a space at the break point goes */
              if (at > 0 && out->str[at - 1] == ' ')
                {
                  g_string_erase (out, at - 1, 1);
                  at--;
                }
              g_string_insert_c (out, at, '\n');
              line_start = at + 1;
            }
          else
            {
              g_string_append_c (out, '\n');
              line_start = out->len;
            }
          last_break = 0;
          line_chars = (guint) g_utf8_strlen (out->str + line_start, out->len - line_start);
          if (c == ' ' && line_chars == 0)
            continue;                     /* no line starts with a space */
        }
      g_string_append_unichar (out, c);
      line_chars++;
      if (c == ' ' || c == ',' || c == '|' || c == '>' || c == ';')
        last_break = out->len;            /* after these */
    }
  return g_string_free (out, FALSE);
}

void
augur_diagram_get_node_position (const AugurDiagram *d,
                                 guint               node,
                                 double             *x,
                                 double             *y,
                                 double             *radius)
{
  g_return_if_fail (node < d->n_nodes);
  if (x)
    *x = d->nodes[node].x;
  if (y)
    *y = d->nodes[node].y;
  if (radius)
    *radius = d->radius;
}

guint
augur_diagram_get_edge_source (const AugurDiagram *d,
                               guint               edge)
{
  g_return_val_if_fail (edge < d->n_edges, 0);
  return d->edges[edge].source;
}

guint
augur_diagram_get_edge_target (const AugurDiagram *d,
                               guint               edge)
{
  g_return_val_if_fail (edge < d->n_edges, 0);
  return d->edges[edge].target;
}

const char *
augur_diagram_get_edge_label (const AugurDiagram *d,
                              guint               edge)
{
  g_return_val_if_fail (edge < d->n_edges, NULL);
  return d->edges[edge].label;
}

int
augur_diagram_get_edge_kind (const AugurDiagram *d,
                             guint               edge)
{
  g_return_val_if_fail (edge < d->n_edges, -1);
  return d->edges[edge].kind;
}

void
augur_diagram_get_edge_midpoint (const AugurDiagram *d,
                                 guint               edge,
                                 double             *x,
                                 double             *y)
{
  g_return_if_fail (edge < d->n_edges);
  *x = d->edges[edge].mid_x;
  *y = d->edges[edge].mid_y;
}

void
augur_diagram_get_size (const AugurDiagram *d,
                        double             *width,
                        double             *height)
{
  *width = d->width;
  *height = d->height;
}

void
augur_diagram_fit_viewport (const AugurDiagram   *d,
                            int                   width,
                            int                   height,
                            double                max_scale,
                            AugurDiagramViewport *vp)
{
  double sx = width / MAX (d->width, 1.0);
  double sy = height / MAX (d->height, 1.0);

  vp->scale = MIN (MIN (sx, sy), max_scale);
  if (!(vp->scale > 0))
    vp->scale = 1e-3;
  vp->offset_x = (width - d->width * vp->scale) / 2;
  vp->offset_y = (height - d->height * vp->scale) / 2;
}

/* ---- style ------------------------------------------------------------ */

#define RGB(h) { ((h) >> 16 & 0xff) / 255.0, ((h) >> 8 & 0xff) / 255.0, ((h) & 0xff) / 255.0, 1.0 }

/* GNOME palette, dark tones for a light background and light ones for a
 * dark background; neighbours differ in hue so parallel arcs stay apart. */
static const AugurDiagramColor light_palette[] = {
  RGB (0x1a5fb4), RGB (0xc64600), RGB (0x26a269), RGB (0x813d9c),
  RGB (0xa51d2d), RGB (0x0b7285), RGB (0x865e3c), RGB (0x9c6d00),
};
static const AugurDiagramColor dark_palette[] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xc061cb),
  RGB (0xf66151), RGB (0x5bc8d9), RGB (0xcdab8f), RGB (0xf6d32d),
};

void
augur_diagram_style_init (AugurDiagramStyle *style,
                          gboolean           dark)
{
  static const AugurDiagramStyle light_style = {
    .background = RGB (0xffffff),
    .node_fill = RGB (0xe7f0fc),
    .node_stroke = RGB (0x3a6fb0),
    .node_text = RGB (0x1c2b3f),
    .hover_fill = RGB (0xc3dbf8),
    .selected_fill = RGB (0x1c71d8),
    .selected_stroke = RGB (0x0f4a94),
    .selected_text = RGB (0xffffff),
    .edge = RGB (0x5e5c64),
    .label_background = { 1, 1, 1, 0.9 },
    .palette = light_palette,
    .n_palette = G_N_ELEMENTS (light_palette),
    .selected_node = -1,
    .hovered_node = -1,
  };
  static const AugurDiagramStyle dark_style = {
    .background = RGB (0x242424),
    .node_fill = RGB (0x1f3552),
    .node_stroke = RGB (0x78aeed),
    .node_text = RGB (0xf6f5f4),
    .hover_fill = RGB (0x2f5482),
    .selected_fill = RGB (0x3584e4),
    .selected_stroke = RGB (0x99c1f1),
    .selected_text = RGB (0xffffff),
    .edge = RGB (0xc0bfbc),
    .label_background = { 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0, 0.9 },
    .palette = dark_palette,
    .n_palette = G_N_ELEMENTS (dark_palette),
    .selected_node = -1,
    .hovered_node = -1,
  };

  *style = dark ? dark_style : light_style;
}

const AugurDiagramColor *
augur_diagram_style_get_kind_color (const AugurDiagramStyle *style,
                                    int                      kind)
{
  if (kind < 0 || style->n_palette == 0)
    return &style->edge;
  return &style->palette[kind % style->n_palette];
}

/* ---- drawing ---------------------------------------------------------- */

PangoLayout *
_augur_diagram_create_layout (cairo_t  *cr,
                              gboolean  number)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (number ? "Sans Bold" : "Sans");
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_layout_context_changed (layout);
  pango_font_description_set_absolute_size (font, (number ? AUGUR_DIAGRAM_NUMBER_PX : AUGUR_DIAGRAM_LABEL_PX) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);

  pango_font_description_free (font);
  cairo_font_options_destroy (options);
  return layout;
}

static void
set_color (cairo_t                 *cr,
           const AugurDiagramColor *c,
           double                   fade)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * fade);
}

static void
resolve_viewport (const AugurDiagram         *d,
                  int                         width,
                  int                         height,
                  const AugurDiagramViewport *vp,
                  AugurDiagramViewport       *out)
{
  if (vp != NULL)
    *out = *vp;
  else
    augur_diagram_fit_viewport (d, width, height, G_MAXDOUBLE, out);
}

static void
draw_edge (cairo_t                 *cr,
           const AugurDiagramEdge  *e,
           const AugurDiagramColor *color,
           double                   fade,
           double                   width)
{
  const double *p = e->path;
  double px = -e->dir_y, py = e->dir_x;
  double bx = e->tip_x - e->dir_x * AUGUR_DIAGRAM_ARROW_LEN;
  double by = e->tip_y - e->dir_y * AUGUR_DIAGRAM_ARROW_LEN;

  set_color (cr, color, fade);
  cairo_set_line_width (cr, width);
  cairo_move_to (cr, p[0], p[1]);
  for (guint s = 0; s < e->n_segments; s++)
    {
      const double *q = p + 2 + 6 * s;
      cairo_curve_to (cr, q[0], q[1], q[2], q[3], q[4], q[5]);
    }
  cairo_stroke (cr);

  cairo_move_to (cr, e->tip_x, e->tip_y);
  cairo_line_to (cr, bx + px * AUGUR_DIAGRAM_ARROW_HALF, by + py * AUGUR_DIAGRAM_ARROW_HALF);
  cairo_line_to (cr, bx + e->dir_x * 2, by + e->dir_y * 2);
  cairo_line_to (cr, bx - px * AUGUR_DIAGRAM_ARROW_HALF, by - py * AUGUR_DIAGRAM_ARROW_HALF);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_label (cairo_t                 *cr,
            PangoLayout             *layout,
            const AugurDiagramEdge  *e,
            const AugurDiagramStyle *style,
            const AugurDiagramColor *color,
            double                   fade)
{
  PangoRectangle logical;
  double x = e->label_x - e->label_w / 2, y = e->label_y - e->label_h / 2;

  augur_draw_rounded_rect (cr, x, y, e->label_w, e->label_h, 3);
  set_color (cr, &style->label_background, fade);
  cairo_fill (cr);

  pango_layout_set_text (layout, e->label, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (cr,
                 e->label_x - (double) logical.width / PANGO_SCALE / 2 - (double) logical.x / PANGO_SCALE,
                 e->label_y - (double) logical.height / PANGO_SCALE / 2);
  set_color (cr, color, fade);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_node (cairo_t                 *cr,
           PangoLayout             *layout,
           const AugurDiagram      *d,
           guint                    i,
           const AugurDiagramStyle *style,
           gboolean                 numbers)
{
  const AugurDiagramNode *n = &d->nodes[i];
  gboolean selected = (int) i == style->selected_node;
  gboolean hovered = (int) i == style->hovered_node;
  const AugurDiagramColor *fill = selected ? &style->selected_fill : hovered ? &style->hover_fill : &style->node_fill;

  cairo_new_path (cr);   /* show_layout leaves a current point */
  cairo_arc (cr, n->x, n->y, d->radius, 0, 2 * G_PI);
  set_color (cr, fill, 1);
  cairo_fill_preserve (cr);
  set_color (cr, selected ? &style->selected_stroke : &style->node_stroke, 1);
  cairo_set_line_width (cr, selected || hovered ? 2.5 : 1.5);
  cairo_stroke (cr);

  if (numbers)
    {
      PangoRectangle ink;

      pango_layout_set_text (layout, n->label, -1);
      pango_layout_get_extents (layout, &ink, NULL);
      cairo_move_to (cr,
                     n->x - (ink.x + ink.width / 2.0) / PANGO_SCALE,
                     n->y - (ink.y + ink.height / 2.0) / PANGO_SCALE);
      set_color (cr, selected ? &style->selected_text : &style->node_text, 1);
      pango_cairo_show_layout (cr, layout);
    }
}

/**
 * augur_diagram_draw:
 * @vp: (nullable): zoom and pan; %NULL fits the whole diagram
 * @style: (nullable): colours and highlighted nodes; %NULL for the light style
 *
 * Draws the diagram into the rectangle (0, 0, width, height) of @cr.  Only
 * what is visible is drawn; text is left out when too small to read.  When
 * a node is hovered, the arcs not touching it fade.
 */
void
augur_diagram_draw (cairo_t                    *cr,
                    int                         width,
                    int                         height,
                    const AugurDiagram         *d,
                    const AugurDiagramViewport *vp,
                    const AugurDiagramStyle    *style)
{
  AugurDiagramStyle default_style;
  AugurDiagramViewport view;
  PangoLayout *label_layout, *number_layout;
  double vx0, vy0, vx1, vy1;
  int focus;

  g_return_if_fail (cr != NULL && d != NULL);

  if (style == NULL)
    {
      augur_diagram_style_init (&default_style, FALSE);
      style = &default_style;
    }
  resolve_viewport (d, width, height, vp, &view);
  focus = style->hovered_node;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background, 1);
      cairo_paint (cr);
    }

  cairo_translate (cr, view.offset_x, view.offset_y);
  cairo_scale (cr, view.scale, view.scale);
  vx0 = -view.offset_x / view.scale;
  vy0 = -view.offset_y / view.scale;
  vx1 = vx0 + width / view.scale;
  vy1 = vy0 + height / view.scale;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (int pass = 0; pass < 2; pass++)
    for (guint e = 0; e < d->n_edges; e++)
      {
        const AugurDiagramEdge *edge = &d->edges[e];
        gboolean touches = focus >= 0 && ((int) edge->source == focus || (int) edge->target == focus);
        double fade = (focus >= 0 && !touches) ? 0.2 : 1.0;

        /* arcs of the hovered node last, so they sit on top */
        if ((pass == 1) != touches)
          continue;
        if (edge->x1 < vx0 || edge->x0 > vx1 || edge->y1 < vy0 || edge->y0 > vy1)
          continue;
        draw_edge (cr, edge, augur_diagram_style_get_kind_color (style, edge->kind),
                   fade, touches ? 2.2 : 1.4);
      }

  if (view.scale >= MIN_LABEL_SCALE && !style->hide_arc_labels)
    {
      label_layout = _augur_diagram_create_layout (cr, FALSE);
      for (int pass = 0; pass < 2; pass++)
        for (guint e = 0; e < d->n_edges; e++)
          {
            const AugurDiagramEdge *edge = &d->edges[e];
            gboolean touches = focus >= 0 && ((int) edge->source == focus || (int) edge->target == focus);
            double fade = (focus >= 0 && !touches) ? 0.2 : 1.0;

            if ((pass == 1) != touches)
              continue;
            if (edge->x1 < vx0 || edge->x0 > vx1 || edge->y1 < vy0 || edge->y0 > vy1)
              continue;
            draw_label (cr, label_layout, edge, style,
                        augur_diagram_style_get_kind_color (style, edge->kind), fade);
          }
      g_object_unref (label_layout);
    }

  number_layout = _augur_diagram_create_layout (cr, TRUE);
  for (guint i = 0; i < d->n_nodes; i++)
    {
      const AugurDiagramNode *n = &d->nodes[i];

      if (n->x + d->radius < vx0 || n->x - d->radius > vx1 ||
          n->y + d->radius < vy0 || n->y - d->radius > vy1)
        continue;
      draw_node (cr, number_layout, d, i, style, view.scale >= MIN_NUMBER_SCALE);
    }
  g_object_unref (number_layout);

  cairo_restore (cr);
}

int
augur_diagram_node_at (const AugurDiagram         *d,
                       const AugurDiagramViewport *vp,
                       int                         width,
                       int                         height,
                       double                      x,
                       double                      y)
{
  AugurDiagramViewport view;
  double dx, dy;

  g_return_val_if_fail (d != NULL, -1);

  resolve_viewport (d, width, height, vp, &view);
  dx = (x - view.offset_x) / view.scale;
  dy = (y - view.offset_y) / view.scale;
  for (guint i = 0; i < d->n_nodes; i++)
    {
      double ex = dx - d->nodes[i].x, ey = dy - d->nodes[i].y;
      if (ex * ex + ey * ey <= d->radius * d->radius)
        return i;
    }
  return -1;
}
