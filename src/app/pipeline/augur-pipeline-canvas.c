/* augur-pipeline-canvas.c: the mapping editor of a pipeline document.
 *
 * The geometry is computed from the widget's size on every draw and hit
 * test (a handful of boxes), so there is no layout state to keep in sync.
 *
 * (Over 800 lines: geometry, drawing, hit testing and drag gestures of one
 * editor computed from one layout.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-pipeline-canvas.h"

#define MARGIN        20.0
#define STAGE_H       58.0
#define MARKER_W      64.0
#define MARKER_H      30.0
#define PROC_H        70.0
#define CHAIN_TOP     44.0
#define MIN_GAP       40.0
#define MAX_GAP       76.0
#define MIN_STAGE_W   60.0
#define MAX_STAGE_W   116.0
#define MAX_PROC_W    150.0
#define PROC_SPACING  18.0
/* An arrow's labels: its rate above, its link below, at these scales of
 * the font; narrower than they need, they shrink to MIN_LABEL_SCALE of
 * that before they are ellipsized. */
#define EDGE_SCALE      0.78
#define LINK_SCALE      0.7
#define MIN_LABEL_SCALE 0.75
/* room left between an arrow's label and the boxes at its ends */
#define LABEL_PADDING   3.0
/* room a stage's and a marker's texts leave in their boxes (the stage's
 * colour bar and the borders) */
#define STAGE_TEXT_PAD  20.0
/* A marker's label keeps clear of its dashed outline: the pill's round
 * ends cut into the box, so the label stays MARKER_TEXT_INSET in from
 * each end, and MARKER_TEXT_VPAD from the top and the foot (where the
 * dashed line to its processor leaves). */
#define MARKER_TEXT_INSET 4.5
#define MARKER_TEXT_PAD  12.0
#define MARKER_TEXT_VPAD 3.0
#define MARKER_CORNER    6.0
#define STAGE_TITLE_SCALE  0.95
#define STAGE_DETAIL_SCALE 0.8

struct _AugurPipelineCanvas
{
  GtkWidget      parent_instance;

  AugurPipeline *pipeline;
  AugurMapping   mapping;

  AugurMapping  *best;
  guint          n_best;
  double         best_throughput;
  gboolean       best_exhaustive;  /* every mapping tried: else "best listed" */

  /* A drag in progress. */
  AugurPipelineItem drag_item;
  guint          drag_index;
  double         drag_x;
  double         drag_y;
  double         drag_start_x;
  double         drag_start_y;
  int            drag_target;    /* processor under the pointer, or -1 */
  gboolean       drag_moved;
};

G_DEFINE_FINAL_TYPE (AugurPipelineCanvas, augur_pipeline_canvas, GTK_TYPE_WIDGET)

enum {
  MAPPING_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- Geometry --------------------------------------------------------- */

typedef struct {
  guint           n_stages;
  guint           n_procs;
  graphene_rect_t input;
  graphene_rect_t output;
  graphene_rect_t stage[AUGUR_PIPELINE_MAX_STAGES];
  graphene_rect_t proc[AUGUR_PIPELINE_MAX_PROCESSORS];
  double          proc_top;
} Layout;

static PangoLayout *text_layout (AugurPipelineCanvas *self, const char *text, double max_width, double scale,
                                  gboolean bold);
static int          layout_height (PangoLayout *layout);
static double       text_width (AugurPipelineCanvas *self, const char *text, double scale, gboolean bold);
static char        *format_rate (double value);

/* The labels of arrow i (0: input to stage 1, Ns: the last stage to
 * output): its rate and the link it uses. */
static void
edge_labels (AugurPipelineCanvas *self,
             const double        *la,
             guint                i,
             char               **label,
             char               **link)
{
  const AugurMapping *m = &self->mapping;
  guint ns = augur_pipeline_get_n_stages (self->pipeline);
  guint pa = i == 0 ? m->input : m->stage[i - 1];
  guint pb = i == ns ? m->output : m->stage[i];
  g_autofree char *rate = format_rate (la[i]);

  *label = g_strdup_printf ("λ%u %s", i + 1, rate);
  *link = g_strdup_printf ("nl%u-%u", pa + 1, pb + 1);
}

/* A stage's title and its processor and rate, e.g. "Stage 2", "P2 · μ 10". */
static void
stage_texts (guint   stage,
             guint   proc,
             double  mu,
             char  **title,
             char  **detail)
{
  g_autofree char *rate = format_rate (mu);

  *title = g_strdup_printf (_("Stage %u"), stage + 1);
  /* Translators: a stage's processor and rate, e.g. "P2 · μ 10". */
  *detail = g_strdup_printf (_("P%u · μ %s"), proc + 1, rate);
}

/* The input's or the output's marker, e.g. "input · P1". */
static char *
marker_text (const char *what,
             guint       proc)
{
  /* broken, when it must be, before the processor: "output ·" over "P3" */
  return g_strdup_printf ("%s\u00a0· P%u", what, proc + 1);
}

/* A marker's label laid out in a marker width wide, as it is drawn: on
 * one line, its type down to MIN_LABEL_SCALE; else on two, broken before
 * the processor ("output ·" over "P3"), its type as large as they allow;
 * ellipsized only past that (compute_layout keeps markers wide enough). */
static PangoLayout *
marker_layout (AugurPipelineCanvas *self,
               const char          *label,
               double               width)
{
  double room = width - 2 * MARKER_TEXT_INSET;
  double w = text_width (self, label, EDGE_SCALE, FALSE);
  const char *space = strrchr (label, ' ');
  g_autofree char *head = NULL, *broken = NULL;
  double widest;

  if (w <= room)
    return text_layout (self, label, room, EDGE_SCALE, FALSE);
  if ((floor (room) - 1) / w >= MIN_LABEL_SCALE || space == NULL)
    return text_layout (self, label, room, EDGE_SCALE * MAX (MIN_LABEL_SCALE, (floor (room) - 1) / w), FALSE);
  head = g_strndup (label, space - label);
  broken = g_strdup_printf ("%s\n%s", head, space + 1);
  widest = MAX (text_width (self, head, EDGE_SCALE, FALSE), text_width (self, space + 1, EDGE_SCALE, FALSE));
  return text_layout (self, broken, room,
                      EDGE_SCALE * CLAMP ((floor (room) - 1) / widest, MIN_LABEL_SCALE, 1.0), FALSE);
}

static double
text_width (AugurPipelineCanvas *self,
            const char          *text,
            double               scale,
            gboolean             bold)
{
  PangoLayout *layout = text_layout (self, text, 0, scale, bold);
  int w;

  pango_layout_get_pixel_size (layout, &w, NULL);
  g_object_unref (layout);
  return w;
}

/* The widths the data path's texts need to be read whole at their own
 * scale: an arrow (its rate and link), a stage box, a marker. */
typedef struct {
  double edge;
  double stage;
  double marker;
  double marker_broken;   /* over two lines, at the smallest type */
} Needs;

static void
measure_needs (AugurPipelineCanvas *self,
               Needs               *needs)
{
  double mu[AUGUR_PIPELINE_MAX_STAGES];
  double la[AUGUR_PIPELINE_MAX_STAGES + 1];
  const AugurMapping *m = &self->mapping;
  guint ns = augur_pipeline_get_n_stages (self->pipeline);
  g_autofree char *input = marker_text (_("input"), m->input);
  g_autofree char *output = marker_text (_("output"), m->output);

  memset (needs, 0, sizeof *needs);
  augur_pipeline_get_rates (self->pipeline, m, mu, la);
  for (guint i = 0; i <= ns; i++)
    {
      g_autofree char *label = NULL, *link = NULL;

      edge_labels (self, la, i, &label, &link);
      needs->edge = MAX (needs->edge, text_width (self, label, EDGE_SCALE, FALSE));
      needs->edge = MAX (needs->edge, text_width (self, link, LINK_SCALE, FALSE));
    }
  needs->edge += 2 * LABEL_PADDING;
  for (guint i = 0; i < ns; i++)
    {
      g_autofree char *title = NULL, *detail = NULL;

      stage_texts (i, m->stage[i], mu[i], &title, &detail);
      needs->stage = MAX (needs->stage, text_width (self, title, STAGE_TITLE_SCALE, TRUE));
      needs->stage = MAX (needs->stage, text_width (self, detail, STAGE_DETAIL_SCALE, FALSE));
    }
  needs->stage += STAGE_TEXT_PAD;
  needs->marker = MAX (text_width (self, input, EDGE_SCALE, FALSE), text_width (self, output, EDGE_SCALE, FALSE)) +
                  MARKER_TEXT_PAD;
  /* each line of "output ·" / "P3": the text up to its last space, and after */
  for (guint k = 0; k < 2; k++)
    {
      const char *text = k == 0 ? input : output;
      const char *space = strrchr (text, ' ');
      g_autofree char *head = g_strndup (text, space != NULL ? (gsize) (space - text) : strlen (text));
      double line = text_width (self, head, EDGE_SCALE * MIN_LABEL_SCALE, FALSE);

      if (space != NULL)
        line = MAX (line, text_width (self, space + 1, EDGE_SCALE * MIN_LABEL_SCALE, FALSE));
      needs->marker_broken = MAX (needs->marker_broken, line + 2 * MARKER_TEXT_INSET + 1);
    }
}

static void
compute_layout (AugurPipelineCanvas *self,
                Layout              *l)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double avail = MAX (width - 2 * MARGIN, 100);
  guint ns = self->pipeline ? augur_pipeline_get_n_stages (self->pipeline) : 0;
  guint np = self->pipeline ? augur_pipeline_get_n_processors (self->pipeline) : 0;
  double gap, sw, mw, mh, total, x, pw, proc_y;
  Needs needs;

  memset (l, 0, sizeof *l);
  l->n_stages = ns;
  l->n_procs = np;
  if (ns == 0 || np == 0)
    return;

  /* Every box and arrow as wide as its texts need to be read whole (a
   * rate such as "λ2 0.909091" is wider than a comfortable arrow; the
   * presentation's type is larger); then, to fit, the stage boxes shrink
   * first, then the arrows, each down to its texts, then everything
   * together (the texts' type shrinks, and past a point they are
   * ellipsized: the canvas is then simply crowded). */
  measure_needs (self, &needs);
  mw = MAX (MARKER_W, needs.marker);
  sw = MAX (MAX_STAGE_W, needs.stage);
  gap = MAX (MAX_GAP, needs.edge);
  total = 2 * mw + ns * sw + (ns + 1) * gap;
  if (total > avail)
    sw = MAX (MAX (MIN_STAGE_W, needs.stage), (avail - 2 * mw - (ns + 1) * gap) / ns);
  total = 2 * mw + ns * sw + (ns + 1) * gap;
  if (total > avail)
    gap = MAX (MAX (MIN_GAP, needs.edge), (avail - 2 * mw - ns * sw) / (ns + 1));
  total = 2 * mw + ns * sw + (ns + 1) * gap;
  if (total > avail)
    {
      double scale = avail / total;
      /* a marker no narrower than its label broken before the processor,
       * at the smallest type ("output ·" over "P3"): narrower, the label
       * would spill over the marker's outline */
      double mw_min = MIN (mw, needs.marker_broken);

      mw = MAX (mw * scale, mw_min);
      scale = MAX (0, avail - 2 * mw) / (ns * sw + (ns + 1) * gap);
      sw *= scale;
      gap *= scale;
      total = avail;
    }

  /* A marker as tall as its label: a label broken over two lines in a
   * narrow marker would otherwise hang out of it, across the dashed line
   * that leaves the marker's foot for its processor. */
  {
    g_autofree char *input = marker_text (_("input"), self->mapping.input);
    g_autofree char *output = marker_text (_("output"), self->mapping.output);
    PangoLayout *a = marker_layout (self, input, mw), *b = marker_layout (self, output, mw);

    mh = MAX (MARKER_H, MAX (layout_height (a), layout_height (b)) + 2 * MARKER_TEXT_VPAD);
    g_object_unref (a);
    g_object_unref (b);
  }

  x = MARGIN + (avail - total) / 2;
  graphene_rect_init (&l->input, x, CHAIN_TOP + (STAGE_H - mh) / 2, mw, mh);
  x += mw + gap;
  for (guint i = 0; i < ns; i++)
    {
      graphene_rect_init (&l->stage[i], x, CHAIN_TOP, sw, STAGE_H);
      x += sw + gap;
    }
  graphene_rect_init (&l->output, x, CHAIN_TOP + (STAGE_H - mh) / 2, mw, mh);

  pw = MIN (MAX_PROC_W, (avail - (np - 1) * PROC_SPACING) / np);
  total = np * pw + (np - 1) * PROC_SPACING;
  proc_y = MAX (CHAIN_TOP + STAGE_H + 110, height - MARGIN - PROC_H);
  l->proc_top = proc_y;
  x = MARGIN + (avail - total) / 2;
  for (guint j = 0; j < np; j++)
    {
      graphene_rect_init (&l->proc[j], x, proc_y, pw, PROC_H);
      x += pw + PROC_SPACING;
    }
}

static const graphene_rect_t *
item_rect (const Layout      *l,
           AugurPipelineItem  item,
           guint              index)
{
  switch (item)
    {
    case AUGUR_PIPELINE_ITEM_INPUT:
      return &l->input;
    case AUGUR_PIPELINE_ITEM_OUTPUT:
      return &l->output;
    case AUGUR_PIPELINE_ITEM_STAGE:
      return index < l->n_stages ? &l->stage[index] : NULL;
    case AUGUR_PIPELINE_ITEM_PROCESSOR:
      return index < l->n_procs ? &l->proc[index] : NULL;
    case AUGUR_PIPELINE_ITEM_NONE:
    default:
      return NULL;
    }
}

AugurPipelineItem
augur_pipeline_canvas_pick (AugurPipelineCanvas *self,
                            double               x,
                            double               y,
                            guint               *index)
{
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);
  Layout l;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), AUGUR_PIPELINE_ITEM_NONE);

  compute_layout (self, &l);
  if (index != NULL)
    *index = 0;
  if (l.n_stages == 0)
    return AUGUR_PIPELINE_ITEM_NONE;
  if (graphene_rect_contains_point (&l.input, &p))
    return AUGUR_PIPELINE_ITEM_INPUT;
  if (graphene_rect_contains_point (&l.output, &p))
    return AUGUR_PIPELINE_ITEM_OUTPUT;
  for (guint i = 0; i < l.n_stages; i++)
    if (graphene_rect_contains_point (&l.stage[i], &p))
      {
        if (index != NULL)
          *index = i;
        return AUGUR_PIPELINE_ITEM_STAGE;
      }
  for (guint j = 0; j < l.n_procs; j++)
    if (graphene_rect_contains_point (&l.proc[j], &p))
      {
        if (index != NULL)
          *index = j;
        return AUGUR_PIPELINE_ITEM_PROCESSOR;
      }
  return AUGUR_PIPELINE_ITEM_NONE;
}

gboolean
augur_pipeline_canvas_get_item_bounds (AugurPipelineCanvas *self,
                                       AugurPipelineItem    item,
                                       guint                index,
                                       graphene_rect_t     *bounds)
{
  const graphene_rect_t *r;
  Layout l;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), FALSE);

  compute_layout (self, &l);
  if (l.n_stages == 0)
    return FALSE;
  r = item_rect (&l, item, index);
  if (r == NULL)
    return FALSE;
  *bounds = *r;
  return TRUE;
}

gboolean
augur_pipeline_canvas_get_label_bounds (AugurPipelineCanvas *self,
                                        AugurPipelineItem    item,
                                        graphene_rect_t     *bounds)
{
  const graphene_rect_t *r;
  g_autofree char *label = NULL;
  PangoLayout *layout;
  PangoRectangle ink;
  Layout l;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), FALSE);

  compute_layout (self, &l);
  if (l.n_stages == 0 || (item != AUGUR_PIPELINE_ITEM_INPUT && item != AUGUR_PIPELINE_ITEM_OUTPUT))
    return FALSE;
  r = item_rect (&l, item, 0);
  label = item == AUGUR_PIPELINE_ITEM_INPUT ? marker_text (_("input"), self->mapping.input)
                                            : marker_text (_("output"), self->mapping.output);
  layout = marker_layout (self, label, r->size.width);
  /* where draw_marker puts it: the layout's box centred in the marker,
   * and the ink in it */
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  graphene_rect_init (bounds, r->origin.x + MARKER_TEXT_INSET + ink.x,
                      r->origin.y + (r->size.height - layout_height (layout)) / 2 + ink.y, ink.width, ink.height);
  g_object_unref (layout);
  return TRUE;
}

/* ---- Colours ---------------------------------------------------------- */

/* The GNOME palette, dark enough for white text and for lines on white. */
static const guint32 palette[] = {
  0x1c71d8, 0xe66100, 0x26a269, 0x9141ac, 0xc01c28, 0x865e3c, 0x0e7c86, 0xa51d2d,
};

void
augur_pipeline_processor_color (guint    processor,
                                GdkRGBA *color)
{
  guint32 rgb = palette[processor % G_N_ELEMENTS (palette)];
  guint round = processor / G_N_ELEMENTS (palette);
  /* Beyond the palette, lighter variants of the same hues. */
  double mix = MIN (0.5, 0.22 * round);

  color->red = ((rgb >> 16) & 0xff) / 255.0 * (1 - mix) + mix;
  color->green = ((rgb >> 8) & 0xff) / 255.0 * (1 - mix) + mix;
  color->blue = (rgb & 0xff) / 255.0 * (1 - mix) + mix;
  color->alpha = 1.0;
}

/* ---- Drawing ---------------------------------------------------------- */

static void
rounded_rect (cairo_t               *cr,
              const graphene_rect_t *r,
              double                 radius)
{
  double x = r->origin.x, y = r->origin.y, w = r->size.width, h = r->size.height;

  radius = MIN (radius, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
set_color (cairo_t       *cr,
           const GdkRGBA *c,
           double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* The layout of a label: scale times the widget's font, ellipsized at
 * max_width (0: as wide as it is). */
static PangoLayout *
text_layout (AugurPipelineCanvas *self,
             const char          *text,
             double               max_width,
             double               scale,
             gboolean             bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum"));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
    }
  pango_attr_list_unref (attrs);
  return layout;
}

/* A data path's label's layout in max_width: at its scale; or smaller
 * (down to MIN_LABEL_SCALE of it); or at its scale over up to lines lines,
 * broken between words; only then, smaller and over those lines,
 * ellipsized. */
static PangoLayout *
fit_layout (AugurPipelineCanvas *self,
            const char          *text,
            double               max_width,
            double               scale,
            gboolean             bold,
            int                  lines)
{
  double w = text_width (self, text, scale, bold);
  PangoLayout *layout;

  if (w <= max_width)
    return text_layout (self, text, max_width, scale, bold);
  /* a pixel to spare: the type's width is not quite proportional to its size */
  if ((floor (max_width) - 1) / w >= MIN_LABEL_SCALE || lines < 2)
    return text_layout (self, text, max_width, scale * MAX (MIN_LABEL_SCALE, (floor (max_width) - 1) / w), bold);
  layout = text_layout (self, text, max_width, scale, bold);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_height (layout, -lines);
  if (!pango_layout_is_ellipsized (layout))
    return layout;
  g_object_unref (layout);
  layout = text_layout (self, text, max_width, scale * MIN_LABEL_SCALE, bold);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_height (layout, -lines);
  return layout;
}

/* layout's height, in pixels. */
static int
layout_height (PangoLayout *layout)
{
  int h;

  pango_layout_get_pixel_size (layout, NULL, &h);
  return h;
}

/* layout centred at (cx, y), y being the top; returns its height. */
static double
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       cx,
             double       y,
             double       max_width)
{
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, max_width > 0 ? cx - max_width / 2 : cx - w / 2.0, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return h;
}

/* Text centred at (cx, y), y being the top; returns its height. */
static double
draw_text (AugurPipelineCanvas *self,
           cairo_t             *cr,
           const char          *text,
           double               cx,
           double               y,
           double               max_width,
           double               scale,
           gboolean             bold)
{
  return show_layout (cr, text_layout (self, text, max_width, scale, bold), cx, y, max_width);
}

static char *
format_rate (double value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  return g_strdup_printf ("%.6g", value);
}

static guint
processor_of (const AugurMapping *m,
              AugurPipelineItem   item,
              guint               index)
{
  switch (item)
    {
    case AUGUR_PIPELINE_ITEM_INPUT:
      return m->input;
    case AUGUR_PIPELINE_ITEM_OUTPUT:
      return m->output;
    case AUGUR_PIPELINE_ITEM_STAGE:
      return m->stage[index];
    case AUGUR_PIPELINE_ITEM_PROCESSOR:
    case AUGUR_PIPELINE_ITEM_NONE:
    default:
      return index;
    }
}

/* Where the line from an item lands on its processor's top edge: spread
 * over the edge in chain order, so several items stay distinguishable. */
static double
attach_x (const Layout       *l,
          const AugurMapping *m,
          guint               proc,
          guint               position)
{
  guint count = 0, rank = 0;
  const graphene_rect_t *r = &l->proc[proc];

  /* Chain positions: 0 input, 1..Ns stages, Ns+1 output. */
  for (guint k = 0; k < l->n_stages + 2; k++)
    {
      guint p = k == 0 ? m->input : k == l->n_stages + 1 ? m->output : m->stage[k - 1];

      if (p != proc)
        continue;
      if (k == position)
        rank = count;
      count++;
    }
  return r->origin.x + r->size.width * (rank + 1) / (count + 1);
}

static void
draw_link_line (cairo_t               *cr,
                const graphene_rect_t *from,
                double                 to_x,
                double                 to_y,
                const GdkRGBA         *color,
                gboolean               dashed)
{
  double x0 = from->origin.x + from->size.width / 2;
  double y0 = from->origin.y + from->size.height;
  double dy = (to_y - y0) / 2;

  cairo_save (cr);
  cairo_move_to (cr, x0, y0);
  cairo_curve_to (cr, x0, y0 + dy, to_x, to_y - dy, to_x, to_y);
  set_color (cr, color, 0.75);
  cairo_set_line_width (cr, 2.0);
  if (dashed)
    {
      static const double dash[] = { 5.0, 4.0 };
      cairo_set_dash (cr, dash, 2, 0);
    }
  cairo_stroke (cr);
  cairo_arc (cr, to_x, to_y, 3.0, 0, 2 * G_PI);
  set_color (cr, color, 1.0);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_arrow (AugurPipelineCanvas *self,
            cairo_t             *cr,
            double               x0,
            double               x1,
            double               y,
            const char          *label,
            const char          *sublabel,
            const GdkRGBA       *fg,
            gboolean             remote)
{
  double head = 7.0;
  PangoLayout *layout;

  cairo_save (cr);
  set_color (cr, fg, remote ? 0.85 : 0.45);
  cairo_set_line_width (cr, remote ? 2.0 : 1.5);
  cairo_move_to (cr, x0 + 3, y);
  cairo_line_to (cr, x1 - head - 1, y);
  cairo_stroke (cr);
  cairo_move_to (cr, x1 - 1, y);
  cairo_line_to (cr, x1 - head - 2, y - head / 1.6);
  cairo_line_to (cr, x1 - head - 2, y + head / 1.6);
  cairo_close_path (cr);
  cairo_fill (cr);

  set_color (cr, fg, 0.9);
  /* the rate over the arrow, on two lines when it is narrow (it grows upwards) */
  layout = fit_layout (self, label, x1 - x0 - 2 * LABEL_PADDING, EDGE_SCALE, FALSE, 2);
  show_layout (cr, layout, (x0 + x1) / 2, y - 6 - layout_height (layout), x1 - x0 - 2 * LABEL_PADDING);
  set_color (cr, fg, 0.55);
  show_layout (cr, fit_layout (self, sublabel, x1 - x0 - 2 * LABEL_PADDING, LINK_SCALE, FALSE, 1), (x0 + x1) / 2,
               y + 4, x1 - x0 - 2 * LABEL_PADDING);
  cairo_restore (cr);
}

static void
draw_stage (AugurPipelineCanvas   *self,
            cairo_t               *cr,
            const graphene_rect_t *r,
            guint                  stage,
            guint                  proc,
            double                 mu,
            const GdkRGBA         *fg,
            double                 alpha)
{
  GdkRGBA color;
  g_autofree char *title = NULL, *detail = NULL;
  double cx = r->origin.x + r->size.width / 2;

  stage_texts (stage, proc, mu, &title, &detail);
  augur_pipeline_processor_color (proc, &color);
  cairo_save (cr);
  rounded_rect (cr, r, 8);
  cairo_set_source_rgba (cr, 1, 1, 1, alpha);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 0.14 * alpha);
  cairo_fill_preserve (cr);
  set_color (cr, &color, alpha);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);

  /* A colour bar on the left edge: which processor, at a glance. */
  {
    graphene_rect_t bar = GRAPHENE_RECT_INIT (r->origin.x + 1, r->origin.y + 1, 6, r->size.height - 2);
    cairo_save (cr);
    rounded_rect (cr, r, 8);
    cairo_clip (cr);
    cairo_rectangle (cr, bar.origin.x, bar.origin.y, bar.size.width, bar.size.height);
    set_color (cr, &color, alpha);
    cairo_fill (cr);
    cairo_restore (cr);
  }

  set_color (cr, fg, alpha);
  show_layout (cr, fit_layout (self, title, r->size.width - 14, STAGE_TITLE_SCALE, TRUE, 1), cx + 3, r->origin.y + 9,
               r->size.width - 14);
  set_color (cr, &color, alpha);
  show_layout (cr, fit_layout (self, detail, r->size.width - 14, STAGE_DETAIL_SCALE, FALSE, 2), cx + 3,
               r->origin.y + 32, r->size.width - 14);
  cairo_restore (cr);
}

static void
draw_marker (AugurPipelineCanvas   *self,
             cairo_t               *cr,
             const graphene_rect_t *r,
             const char            *text,
             guint                  proc,
             const GdkRGBA         *fg,
             double                 alpha)
{
  GdkRGBA color;
  g_autofree char *label = marker_text (text, proc);
  /* centred in the marker, on two lines when it is narrow (the marker
   * is then as tall: compute_layout) */
  PangoLayout *layout = marker_layout (self, label, r->size.width);

  augur_pipeline_processor_color (proc, &color);
  cairo_save (cr);
  /* a pill around one line; around two, the pill's round ends would cut
   * through the label's first and last letters: small corners */
  rounded_rect (cr, r, pango_layout_get_line_count (layout) > 1 ? MARKER_CORNER : r->size.height / 2);
  cairo_set_source_rgba (cr, 1, 1, 1, alpha);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 0.10 * alpha);
  cairo_fill_preserve (cr);
  set_color (cr, &color, alpha);
  cairo_set_line_width (cr, 1.5);
  {
    static const double dash[] = { 4.0, 3.0 };
    cairo_set_dash (cr, dash, 2, 0);
  }
  cairo_stroke (cr);
  set_color (cr, fg, 0.85 * alpha);
  show_layout (cr, layout, r->origin.x + r->size.width / 2, r->origin.y + (r->size.height - layout_height (layout)) / 2,
               r->size.width - 2 * MARKER_TEXT_INSET);
  cairo_restore (cr);
}

static void
draw_processor (AugurPipelineCanvas   *self,
                cairo_t               *cr,
                const graphene_rect_t *r,
                guint                  proc,
                guint                  n_hosted,
                const GdkRGBA         *fg,
                gboolean               target)
{
  GdkRGBA color;
  g_autofree char *title = g_strdup_printf (_("P%u"), proc + 1);
  g_autofree char *cp_text = format_rate (augur_pipeline_get_cp (self->pipeline, proc));
  g_autofree char *cp = g_strdup_printf (_("cp = %s"), cp_text);
  g_autofree char *hosted = NULL;
  double cx = r->origin.x + r->size.width / 2;

  if (n_hosted == 0)
    hosted = g_strdup (_("idle"));
  else
    hosted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stage", "%u stages", n_hosted), n_hosted);

  augur_pipeline_processor_color (proc, &color);
  cairo_save (cr);
  if (target)
    {
      graphene_rect_t glow;
      graphene_rect_inset_r (r, -5, -5, &glow);
      rounded_rect (cr, &glow, 12);
      set_color (cr, &color, 0.25);
      cairo_fill (cr);
    }
  rounded_rect (cr, r, 8);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  set_color (cr, fg, 0.03);
  cairo_fill_preserve (cr);
  set_color (cr, &color, n_hosted > 0 || target ? 1.0 : 0.5);
  cairo_set_line_width (cr, target ? 3.0 : 1.5);
  cairo_stroke (cr);

  /* Header band in the processor's colour. */
  cairo_save (cr);
  rounded_rect (cr, r, 8);
  cairo_clip (cr);
  cairo_rectangle (cr, r->origin.x, r->origin.y, r->size.width, 24);
  set_color (cr, &color, n_hosted > 0 ? 1.0 : 0.55);
  cairo_fill (cr);
  cairo_restore (cr);

  cairo_set_source_rgb (cr, 1, 1, 1);
  draw_text (self, cr, title, cx, r->origin.y + 3, r->size.width - 8, 0.95, TRUE);
  set_color (cr, fg, 0.9);
  draw_text (self, cr, cp, cx, r->origin.y + 28, r->size.width - 8, 0.85, FALSE);
  set_color (cr, fg, 0.55);
  draw_text (self, cr, hosted, cx, r->origin.y + 47, r->size.width - 8, 0.75, FALSE);
  cairo_restore (cr);
}

static void
get_foreground (AugurPipelineCanvas *self,
                GdkRGBA             *fg)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
draw_banner (AugurPipelineCanvas *self,
             cairo_t             *cr,
             const GdkRGBA       *fg,
             double               width)
{
  gboolean is_best = FALSE;
  g_autofree char *text = NULL;
  GdkRGBA green = { 0.15, 0.52, 0.30, 1.0 };

  if (self->n_best == 0)
    return;
  for (guint k = 0; k < self->n_best; k++)
    if (augur_mapping_equal (&self->best[k], &self->mapping))
      is_best = TRUE;

  /* the best of every mapping only when every one was tried */
  if (is_best && self->n_best > 1)
    text = g_strdup_printf (self->best_exhaustive ? _("★ Best mapping (one of %u tied) · %.6g")
                                                  : _("★ Best listed mapping (one of %u tied) · %.6g"),
                            self->n_best, self->best_throughput);
  else if (is_best)
    text = g_strdup_printf (self->best_exhaustive ? _("★ Best mapping · %.6g") : _("★ Best listed mapping · %.6g"),
                            self->best_throughput);
  else
    {
      g_autofree char *best = augur_mapping_to_string (&self->best[0]);
      text = g_strdup_printf (self->best_exhaustive ? _("Best: %s · %.6g") : _("Best listed: %s · %.6g"), best,
                              self->best_throughput);
    }

  cairo_save (cr);
  {
    PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
    PangoAttrList *attrs = pango_attr_list_new ();
    int w, h;
    graphene_rect_t r;

    pango_attr_list_insert (attrs, pango_attr_scale_new (0.85));
    pango_attr_list_insert (attrs, pango_attr_weight_new (is_best ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL));
    pango_layout_set_attributes (layout, attrs);
    pango_layout_get_pixel_size (layout, &w, &h);
    graphene_rect_init (&r, width - MARGIN - w - 20, 10, w + 20, h + 8);
    rounded_rect (cr, &r, r.size.height / 2);
    if (is_best)
      set_color (cr, &green, 0.15);
    else
      set_color (cr, fg, 0.06);
    cairo_fill (cr);
    if (is_best)
      set_color (cr, &green, 1.0);
    else
      set_color (cr, fg, 0.7);
    cairo_move_to (cr, r.origin.x + 10, r.origin.y + 4);
    pango_cairo_show_layout (cr, layout);
    pango_attr_list_unref (attrs);
    g_object_unref (layout);
  }
  cairo_restore (cr);
}

static void
draw_canvas (AugurPipelineCanvas *self,
             cairo_t             *cr,
             double               width,
             double               height)
{
  double mu[AUGUR_PIPELINE_MAX_STAGES];
  double la[AUGUR_PIPELINE_MAX_STAGES + 1];
  guint hosted[AUGUR_PIPELINE_MAX_PROCESSORS] = { 0 };
  const AugurMapping *m = &self->mapping;
  GdkRGBA fg;
  Layout l;
  double arrow_y;

  get_foreground (self, &fg);
  compute_layout (self, &l);

  if (l.n_stages == 0)
    {
      set_color (cr, &fg, 0.5);
      draw_text (self, cr, _("No valid description to draw: see the message above"),
                 width / 2, height / 2 - 10, width - 40, 1.0, FALSE);
      return;
    }

  augur_pipeline_get_rates (self->pipeline, m, mu, la);
  for (guint i = 0; i < l.n_stages; i++)
    hosted[m->stage[i]]++;

  /* Section captions. */
  set_color (cr, &fg, 0.55);
  {
    PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), _("Data path"));
    PangoAttrList *attrs = pango_attr_list_new ();

    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
    pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
    pango_layout_set_attributes (layout, attrs);
    cairo_move_to (cr, MARGIN, 14);
    pango_cairo_show_layout (cr, layout);
    pango_layout_set_text (layout, _("Processors"), -1);
    cairo_move_to (cr, MARGIN, l.proc_top - 22);
    pango_cairo_show_layout (cr, layout);
    pango_attr_list_unref (attrs);
    g_object_unref (layout);
  }
  draw_banner (self, cr, &fg, width);

  /* Lines from the chain items to their processors, under everything. */
  {
    GdkRGBA color;

    augur_pipeline_processor_color (m->input, &color);
    draw_link_line (cr, &l.input, attach_x (&l, m, m->input, 0), l.proc[m->input].origin.y, &color, TRUE);
    for (guint i = 0; i < l.n_stages; i++)
      {
        if (self->drag_item == AUGUR_PIPELINE_ITEM_STAGE && self->drag_index == i && self->drag_moved)
          continue;
        augur_pipeline_processor_color (m->stage[i], &color);
        draw_link_line (cr, &l.stage[i], attach_x (&l, m, m->stage[i], i + 1),
                        l.proc[m->stage[i]].origin.y, &color, FALSE);
      }
    augur_pipeline_processor_color (m->output, &color);
    draw_link_line (cr, &l.output, attach_x (&l, m, m->output, l.n_stages + 1),
                    l.proc[m->output].origin.y, &color, TRUE);
  }

  /* The data path: input → stages → output, each arrow with its λ and
   * the link it uses. */
  arrow_y = CHAIN_TOP + STAGE_H / 2;
  for (guint i = 0; i <= l.n_stages; i++)
    {
      const graphene_rect_t *a = i == 0 ? &l.input : &l.stage[i - 1];
      const graphene_rect_t *b = i == l.n_stages ? &l.output : &l.stage[i];
      guint pa = i == 0 ? m->input : m->stage[i - 1];
      guint pb = i == l.n_stages ? m->output : m->stage[i];
      g_autofree char *label = NULL, *link = NULL;

      edge_labels (self, la, i, &label, &link);

      draw_arrow (self, cr, a->origin.x + a->size.width, b->origin.x, arrow_y,
                  label, link, &fg, pa != pb);
    }

  for (guint j = 0; j < l.n_procs; j++)
    draw_processor (self, cr, &l.proc[j], j, hosted[j], &fg,
                    self->drag_item != AUGUR_PIPELINE_ITEM_NONE && self->drag_moved &&
                    self->drag_target == (int) j);

  draw_marker (self, cr, &l.input, _("input"), m->input, &fg,
               self->drag_item == AUGUR_PIPELINE_ITEM_INPUT && self->drag_moved ? 0.35 : 1.0);
  draw_marker (self, cr, &l.output, _("output"), m->output, &fg,
               self->drag_item == AUGUR_PIPELINE_ITEM_OUTPUT && self->drag_moved ? 0.35 : 1.0);
  for (guint i = 0; i < l.n_stages; i++)
    draw_stage (self, cr, &l.stage[i], i, m->stage[i], mu[i], &fg,
                self->drag_item == AUGUR_PIPELINE_ITEM_STAGE && self->drag_index == i && self->drag_moved
                  ? 0.35 : 1.0);

  /* The dragged item follows the pointer, in the colour of the processor
   * it would land on. */
  if (self->drag_item != AUGUR_PIPELINE_ITEM_NONE && self->drag_moved)
    {
      const graphene_rect_t *r = item_rect (&l, self->drag_item, self->drag_index);
      guint proc = self->drag_target >= 0 ? (guint) self->drag_target
                                          : processor_of (m, self->drag_item, self->drag_index);
      graphene_rect_t ghost;

      graphene_rect_init (&ghost, self->drag_x - r->size.width / 2, self->drag_y - r->size.height / 2,
                          r->size.width, r->size.height);
      if (self->drag_target >= 0)
        {
          GdkRGBA color;
          augur_pipeline_processor_color (proc, &color);
          cairo_save (cr);
          cairo_move_to (cr, self->drag_x, self->drag_y + r->size.height / 2);
          cairo_line_to (cr, l.proc[proc].origin.x + l.proc[proc].size.width / 2, l.proc[proc].origin.y);
          set_color (cr, &color, 0.6);
          cairo_set_line_width (cr, 2);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      cairo_save (cr);
      cairo_push_group (cr);
      if (self->drag_item == AUGUR_PIPELINE_ITEM_STAGE)
        draw_stage (self, cr, &ghost, self->drag_index, proc, mu[self->drag_index], &fg, 1.0);
      else
        draw_marker (self, cr, &ghost,
                     self->drag_item == AUGUR_PIPELINE_ITEM_INPUT ? _("input") : _("output"),
                     proc, &fg, 1.0);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.9);
      cairo_restore (cr);
    }
}

static void
augur_pipeline_canvas_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  AugurPipelineCanvas *self = AUGUR_PIPELINE_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_canvas (self, cr, width, height);
  cairo_destroy (cr);
}

static void
augur_pipeline_canvas_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 420;
      *natural = 760;
    }
  else
    {
      *minimum = (int) (CHAIN_TOP + STAGE_H + 110 + PROC_H + MARGIN);
      *natural = *minimum + 40;
    }
}

/* ---- Drops ------------------------------------------------------------ */

static gboolean
apply_mapping (AugurPipelineCanvas *self,
               const AugurMapping  *m)
{
  if (augur_mapping_equal (m, &self->mapping))
    return FALSE;
  self->mapping = *m;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[MAPPING_CHANGED], 0);
  return TRUE;
}

static gboolean
valid_processor (AugurPipelineCanvas *self,
                 guint                processor)
{
  return self->pipeline != NULL && processor < augur_pipeline_get_n_processors (self->pipeline);
}

gboolean
augur_pipeline_canvas_drop_stage (AugurPipelineCanvas *self,
                                  guint                stage,
                                  guint                processor)
{
  AugurMapping m;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), FALSE);
  if (!valid_processor (self, processor) || stage >= self->mapping.n_stages)
    return FALSE;

  m = self->mapping;
  m.stage[stage] = processor;
  return apply_mapping (self, &m);
}

gboolean
augur_pipeline_canvas_drop_input (AugurPipelineCanvas *self,
                                  guint                processor)
{
  AugurMapping m;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), FALSE);
  if (!valid_processor (self, processor))
    return FALSE;
  m = self->mapping;
  m.input = processor;
  return apply_mapping (self, &m);
}

gboolean
augur_pipeline_canvas_drop_output (AugurPipelineCanvas *self,
                                   guint                processor)
{
  AugurMapping m;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), FALSE);
  if (!valid_processor (self, processor))
    return FALSE;
  m = self->mapping;
  m.output = processor;
  return apply_mapping (self, &m);
}

/* ---- Gestures --------------------------------------------------------- */

static int
processor_at (AugurPipelineCanvas *self,
              double               x,
              double               y)
{
  Layout l;

  compute_layout (self, &l);
  for (guint j = 0; j < l.n_procs; j++)
    {
      graphene_rect_t grown;

      /* A generous target: the box and a margin around it. */
      graphene_rect_inset_r (&l.proc[j], -PROC_SPACING / 2, -16, &grown);
      if (graphene_rect_contains_point (&grown, &GRAPHENE_POINT_INIT (x, y)))
        return (int) j;
    }
  return -1;
}

static void
drag_begin_cb (GtkGestureDrag      *gesture,
               double               x,
               double               y,
               AugurPipelineCanvas *self)
{
  guint index;
  AugurPipelineItem item = augur_pipeline_canvas_pick (self, x, y, &index);

  if (item == AUGUR_PIPELINE_ITEM_NONE || item == AUGUR_PIPELINE_ITEM_PROCESSOR)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_item = item;
  self->drag_index = index;
  self->drag_start_x = self->drag_x = x;
  self->drag_start_y = self->drag_y = y;
  self->drag_target = -1;
  self->drag_moved = FALSE;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
drag_update_cb (GtkGestureDrag      *gesture,
                double               dx,
                double               dy,
                AugurPipelineCanvas *self)
{
  if (self->drag_item == AUGUR_PIPELINE_ITEM_NONE)
    return;
  self->drag_x = self->drag_start_x + dx;
  self->drag_y = self->drag_start_y + dy;
  if (!self->drag_moved && hypot (dx, dy) > 4)
    self->drag_moved = TRUE;
  self->drag_target = processor_at (self, self->drag_x, self->drag_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag      *gesture,
             double               dx,
             double               dy,
             AugurPipelineCanvas *self)
{
  AugurPipelineItem item = self->drag_item;
  guint index = self->drag_index;
  int target;

  if (item == AUGUR_PIPELINE_ITEM_NONE)
    return;
  target = processor_at (self, self->drag_start_x + dx, self->drag_start_y + dy);
  self->drag_item = AUGUR_PIPELINE_ITEM_NONE;
  self->drag_moved = FALSE;
  self->drag_target = -1;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (target < 0)
    return;
  switch (item)
    {
    case AUGUR_PIPELINE_ITEM_STAGE:
      augur_pipeline_canvas_drop_stage (self, index, (guint) target);
      break;
    case AUGUR_PIPELINE_ITEM_INPUT:
      augur_pipeline_canvas_drop_input (self, (guint) target);
      break;
    case AUGUR_PIPELINE_ITEM_OUTPUT:
      augur_pipeline_canvas_drop_output (self, (guint) target);
      break;
    case AUGUR_PIPELINE_ITEM_PROCESSOR:
    case AUGUR_PIPELINE_ITEM_NONE:
    default:
      break;
    }
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           AugurPipelineCanvas      *self)
{
  AugurPipelineItem item;

  if (self->drag_item != AUGUR_PIPELINE_ITEM_NONE)
    return;
  item = augur_pipeline_canvas_pick (self, x, y, NULL);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   item == AUGUR_PIPELINE_ITEM_NONE || item == AUGUR_PIPELINE_ITEM_PROCESSOR
                                     ? NULL : "grab");
}

static gboolean
query_tooltip_cb (GtkWidget           *widget,
                  int                  x,
                  int                  y,
                  gboolean             keyboard,
                  GtkTooltip          *tooltip,
                  AugurPipelineCanvas *self)
{
  double mu[AUGUR_PIPELINE_MAX_STAGES];
  double la[AUGUR_PIPELINE_MAX_STAGES + 1];
  g_autofree char *text = NULL;
  guint index;
  AugurPipelineItem item = augur_pipeline_canvas_pick (self, x, y, &index);

  if (item == AUGUR_PIPELINE_ITEM_NONE || self->pipeline == NULL)
    return FALSE;
  augur_pipeline_get_rates (self->pipeline, &self->mapping, mu, la);
  switch (item)
    {
    case AUGUR_PIPELINE_ITEM_STAGE:
      {
        guint proc = self->mapping.stage[index], nbst = 0;

        for (guint i = 0; i < self->mapping.n_stages; i++)
          nbst += self->mapping.stage[i] == proc;
        text = g_strdup_printf (_("Stage %u on processor %u\n"
                                  "μ%u = w%u · cp%u / nbst%u = %g · %g / %u = %g\n"
                                  "Drag it onto another processor to move it."),
                                index + 1, proc + 1, index + 1, index + 1, proc + 1, proc + 1,
                                augur_pipeline_get_w (self->pipeline, index),
                                augur_pipeline_get_cp (self->pipeline, proc), nbst, mu[index]);
      }
      break;
    case AUGUR_PIPELINE_ITEM_INPUT:
      text = g_strdup_printf (_("The input data is on processor %u.\nDrag the marker onto another processor to move it."),
                              self->mapping.input + 1);
      break;
    case AUGUR_PIPELINE_ITEM_OUTPUT:
      text = g_strdup_printf (_("The output data goes to processor %u.\nDrag the marker onto another processor to move it."),
                              self->mapping.output + 1);
      break;
    case AUGUR_PIPELINE_ITEM_PROCESSOR:
      text = g_strdup_printf (_("Processor %u: computing power cp%u = %g"),
                              index + 1, index + 1, augur_pipeline_get_cp (self->pipeline, index));
      break;
    case AUGUR_PIPELINE_ITEM_NONE:
    default:
      return FALSE;
    }
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_pipeline_canvas_finalize (GObject *object)
{
  AugurPipelineCanvas *self = AUGUR_PIPELINE_CANVAS (object);

  g_clear_pointer (&self->pipeline, augur_pipeline_free);
  g_free (self->best);
  G_OBJECT_CLASS (augur_pipeline_canvas_parent_class)->finalize (object);
}

static void
augur_pipeline_canvas_class_init (AugurPipelineCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = augur_pipeline_canvas_finalize;
  widget_class->snapshot = augur_pipeline_canvas_snapshot;
  widget_class->measure = augur_pipeline_canvas_measure;

  /* The user dropped an item on another processor (not emitted by
   * augur_pipeline_canvas_set_mapping()). */
  signals[MAPPING_CHANGED] =
    g_signal_new ("mapping-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "augurpipelinecanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_pipeline_canvas_init (AugurPipelineCanvas *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->drag_target = -1;
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pipeline mapping"),
                                  -1);
}

GtkWidget *
augur_pipeline_canvas_new (void)
{
  return g_object_new (AUGUR_TYPE_PIPELINE_CANVAS, NULL);
}

/* Keeps the mapping within the description's stages and processors. */
static void
clamp_mapping (AugurPipelineCanvas *self)
{
  guint ns, np;

  if (self->pipeline == NULL)
    return;
  ns = augur_pipeline_get_n_stages (self->pipeline);
  np = augur_pipeline_get_n_processors (self->pipeline);
  for (guint i = self->mapping.n_stages; i < ns; i++)
    self->mapping.stage[i] = MIN (i, np - 1);
  self->mapping.n_stages = ns;
  for (guint i = 0; i < ns; i++)
    self->mapping.stage[i] = MIN (self->mapping.stage[i], np - 1);
  self->mapping.input = MIN (self->mapping.input, np - 1);
  self->mapping.output = MIN (self->mapping.output, np - 1);
}

void
augur_pipeline_canvas_set_pipeline (AugurPipelineCanvas *self,
                                    const AugurPipeline *pipeline)
{
  g_return_if_fail (AUGUR_IS_PIPELINE_CANVAS (self));

  g_clear_pointer (&self->pipeline, augur_pipeline_free);
  if (pipeline != NULL && augur_pipeline_get_n_stages (pipeline) > 0 &&
      augur_pipeline_get_n_processors (pipeline) > 0)
    self->pipeline = augur_pipeline_copy (pipeline);
  self->drag_item = AUGUR_PIPELINE_ITEM_NONE;
  clamp_mapping (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
augur_pipeline_canvas_set_mapping (AugurPipelineCanvas *self,
                                   const AugurMapping  *mapping)
{
  g_return_if_fail (AUGUR_IS_PIPELINE_CANVAS (self));
  g_return_if_fail (mapping != NULL);

  self->mapping = *mapping;
  clamp_mapping (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const AugurMapping *
augur_pipeline_canvas_get_mapping (AugurPipelineCanvas *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), NULL);
  return &self->mapping;
}

void
augur_pipeline_canvas_set_best (AugurPipelineCanvas *self,
                                const AugurMapping  *best,
                                guint                n_best,
                                double               throughput,
                                gboolean             exhaustive)
{
  g_return_if_fail (AUGUR_IS_PIPELINE_CANVAS (self));

  g_clear_pointer (&self->best, g_free);
  self->n_best = 0;
  if (best != NULL && n_best > 0)
    {
      self->best = g_memdup2 (best, sizeof *best * n_best);
      self->n_best = n_best;
    }
  self->best_throughput = throughput;
  self->best_exhaustive = exhaustive;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Checks ----------------------------------------------------------- */

/* Whether text, fitted into max_width as the drawing fits it, is
 * ellipsized. */
static guint
elided (AugurPipelineCanvas *self,
        const char          *text,
        double               max_width,
        double               scale,
        gboolean             bold,
        int                  lines)
{
  PangoLayout *layout = fit_layout (self, text, max_width, scale, bold, lines);
  guint n = pango_layout_is_ellipsized (layout);

  g_object_unref (layout);
  return n;
}

guint
augur_pipeline_canvas_count_elided_labels (AugurPipelineCanvas *self)
{
  double mu[AUGUR_PIPELINE_MAX_STAGES];
  double la[AUGUR_PIPELINE_MAX_STAGES + 1];
  const AugurMapping *m = &self->mapping;
  g_autofree char *input = NULL, *output = NULL;
  guint n = 0;
  Layout l;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_CANVAS (self), 0);

  compute_layout (self, &l);
  if (l.n_stages == 0)
    return 0;
  augur_pipeline_get_rates (self->pipeline, m, mu, la);
  for (guint i = 0; i <= l.n_stages; i++)
    {
      const graphene_rect_t *a = i == 0 ? &l.input : &l.stage[i - 1];
      const graphene_rect_t *b = i == l.n_stages ? &l.output : &l.stage[i];
      double width = b->origin.x - (a->origin.x + a->size.width) - 2 * LABEL_PADDING;
      g_autofree char *label = NULL, *link = NULL;

      edge_labels (self, la, i, &label, &link);
      n += elided (self, label, width, EDGE_SCALE, FALSE, 2) + elided (self, link, width, LINK_SCALE, FALSE, 1);
    }
  for (guint i = 0; i < l.n_stages; i++)
    {
      g_autofree char *title = NULL, *detail = NULL;

      stage_texts (i, m->stage[i], mu[i], &title, &detail);
      n += elided (self, title, l.stage[i].size.width - 14, STAGE_TITLE_SCALE, TRUE, 1) +
           elided (self, detail, l.stage[i].size.width - 14, STAGE_DETAIL_SCALE, FALSE, 2);
    }
  input = marker_text (_("input"), m->input);
  output = marker_text (_("output"), m->output);
  for (guint k = 0; k < 2; k++)
    {
      PangoLayout *layout = marker_layout (self, k == 0 ? input : output,
                                           k == 0 ? l.input.size.width : l.output.size.width);

      n += pango_layout_is_ellipsized (layout);
      g_object_unref (layout);
    }
  return n;
}
