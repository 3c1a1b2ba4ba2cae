/* augur-report.c: see augur-report.h.
 *
 * The PDF is laid out twice: the first pass, drawn to nowhere, finds how
 * many pages there are and where each section starts, so that the second
 * can number the pages "N of M" and the contents list can give pages.
 * Text is laid out by Pango line by line, so a paragraph or a table breaks
 * between pages at a line, never through one.  About 1080 lines on purpose:
 * one idea, the page layout of a report, whose PDF and HTML writers walk
 * the same blocks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* nl_langinfo's _NL_PAPER_WIDTH and _HEIGHT are GNU extensions. */
#define _GNU_SOURCE
#include "augur-report.h"
#include "augur-draw.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef enum {
  BLOCK_HEADING,
  BLOCK_PARAGRAPH,
  BLOCK_WARNING,
  BLOCK_CODE,
  BLOCK_TABLE,
  BLOCK_CHART,
} BlockKind;

typedef struct {
  BlockKind      kind;
  char          *text;
  /* tables */
  guint          n_columns;
  gboolean      *numeric;
  GPtrArray     *rows;        /* of GStrv; the first is the header */
  /* charts */
  AugurDrawFunc  draw;
  gpointer       data;
  GDestroyNotify destroy;
  int            width, height;
} Block;

typedef struct {
  char      *title;
  GPtrArray *blocks;
  int        page;            /* where it starts, from the first pass */
} Section;

struct _AugurReport
{
  char      *title;
  char      *generator;
  GPtrArray *facts;           /* label, value, label, value ... */
  GPtrArray *sections;
  guint      n_charts;
  GPtrArray *failures;        /* "section: why", one per document not computed */
};

static void
block_free (gpointer p)
{
  Block *b = p;

  g_free (b->text);
  g_free (b->numeric);
  if (b->rows != NULL)
    g_ptr_array_unref (b->rows);
  if (b->destroy != NULL)
    b->destroy (b->data);
  g_free (b);
}

static void
section_free (gpointer p)
{
  Section *s = p;

  g_free (s->title);
  g_ptr_array_unref (s->blocks);
  g_free (s);
}

AugurReport *
augur_report_new (const char *title,
                  const char *generator)
{
  AugurReport *r = g_new0 (AugurReport, 1);

  r->title = g_strdup (title);
  r->generator = g_strdup (generator);
  r->facts = g_ptr_array_new_with_free_func (g_free);
  r->sections = g_ptr_array_new_with_free_func (section_free);
  return r;
}

void
augur_report_free (AugurReport *r)
{
  if (r == NULL)
    return;
  g_free (r->title);
  g_free (r->generator);
  g_ptr_array_unref (r->facts);
  g_ptr_array_unref (r->sections);
  g_clear_pointer (&r->failures, g_ptr_array_unref);
  g_free (r);
}

void
augur_report_add_fact (AugurReport *r,
                       const char  *label,
                       const char  *value)
{
  g_ptr_array_add (r->facts, g_strdup (label));
  g_ptr_array_add (r->facts, g_strdup (value));
}

void
augur_report_begin_section (AugurReport *r,
                            const char  *title)
{
  Section *s = g_new0 (Section, 1);

  s->title = g_strdup (title);
  s->blocks = g_ptr_array_new_with_free_func (block_free);
  g_ptr_array_add (r->sections, s);
}

static Block *
add_block (AugurReport *r,
           BlockKind    kind,
           const char  *text)
{
  Block *b = g_new0 (Block, 1);

  if (r->sections->len == 0)
    augur_report_begin_section (r, "");
  b->kind = kind;
  b->text = g_strdup (text);
  g_ptr_array_add (((Section *) g_ptr_array_index (r->sections, r->sections->len - 1))->blocks, b);
  return b;
}

void
augur_report_add_heading (AugurReport *r, const char *text)
{
  add_block (r, BLOCK_HEADING, text);
}

void
augur_report_add_paragraph (AugurReport *r, const char *text)
{
  add_block (r, BLOCK_PARAGRAPH, text);
}

void
augur_report_add_warning (AugurReport *r, const char *text)
{
  add_block (r, BLOCK_WARNING, text);
}

void
augur_report_add_code (AugurReport *r, const char *text)
{
  add_block (r, BLOCK_CODE, text);
}

void
augur_report_add_table (AugurReport        *r,
                        guint               n_columns,
                        const char * const *headers,
                        const gboolean     *numeric)
{
  Block *b = add_block (r, BLOCK_TABLE, NULL);

  g_return_if_fail (n_columns > 0);
  b->n_columns = n_columns;
  b->numeric = g_new0 (gboolean, n_columns);
  if (numeric != NULL)
    memcpy (b->numeric, numeric, n_columns * sizeof (gboolean));
  b->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  augur_report_add_row (r, headers);
}

void
augur_report_add_row (AugurReport        *r,
                      const char * const *cells)
{
  Section *s = g_ptr_array_index (r->sections, r->sections->len - 1);
  Block *b = s->blocks->len ? g_ptr_array_index (s->blocks, s->blocks->len - 1) : NULL;
  char **row;

  g_return_if_fail (b != NULL && b->kind == BLOCK_TABLE);
  row = g_new0 (char *, b->n_columns + 1);
  for (guint c = 0; c < b->n_columns; c++)
    row[c] = g_strdup (cells[c] != NULL ? cells[c] : "");
  g_ptr_array_add (b->rows, row);
}

void
augur_report_add_chart (AugurReport   *r,
                        AugurDrawFunc  draw,
                        gpointer       data,
                        GDestroyNotify destroy,
                        int            width,
                        int            height,
                        const char    *title)
{
  Block *b = add_block (r, BLOCK_CHART, title);

  b->draw = draw;
  b->data = data;
  b->destroy = destroy;
  b->width = MAX (width, 1);
  b->height = MAX (height, 1);
  r->n_charts++;
}

/* As the charts lay their title out (augur-chart-layout.c): bold Sans of
 * 16 pixels, within 14 pixels of each side, and a few pixels to spare. */
#define CHART_TITLE_PX   16.0
#define CHART_TITLE_ROOM (2 * 14.0 + 8.0)

char *
augur_report_chart_title (const char *with_name,
                          const char *alone,
                          int         width)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = augur_draw_create_layout (cr);
  double w = augur_draw_measure (layout, with_name, CHART_TITLE_PX, TRUE, NULL);

  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_strdup (w <= width - CHART_TITLE_ROOM ? with_name : alone);
}

guint
augur_report_get_n_charts (const AugurReport *r)
{
  return r->n_charts;
}

void
augur_report_add_failure_note (AugurReport *r,
                               const char  *why)
{
  const Section *s = r->sections->len > 0 ? g_ptr_array_index (r->sections, r->sections->len - 1) : NULL;

  if (r->failures == NULL)
    r->failures = g_ptr_array_new_with_free_func (g_free);
  /* "TITLE:LINE:COLUMN: ..." names its document already: not twice */
  if (s != NULL && !(g_str_has_prefix (why, s->title) && why[strlen (s->title)] == ':'))
    g_ptr_array_add (r->failures, g_strdup_printf ("%s: %s", s->title, why));
  else
    g_ptr_array_add (r->failures, g_strdup (why));
}

guint
augur_report_get_n_failures (const AugurReport *r)
{
  return r->failures != NULL ? r->failures->len : 0;
}

const char *
augur_report_get_failure (const AugurReport *r,
                          guint              i)
{
  g_return_val_if_fail (i < augur_report_get_n_failures (r), NULL);
  return g_ptr_array_index (r->failures, i);
}

/* ---- PDF -------------------------------------------------------------- */

#define MARGIN      (20.0 * 72 / 25.4)    /* 2 cm */
#define FOOTER_Y    (13.0 * 72 / 25.4)    /* the footer's baseline above the edge */
#define BODY_PT     10.0
#define SMALL_PT    8.0
#define CODE_PT     8.5
#define H1_PT       18.0
#define H2_PT       12.5
#define TITLE_PT    26.0
#define CELL_PAD    3.0

typedef struct {
  AugurReport *r;
  cairo_t     *cr;
  PangoLayout *layout;
  PangoLayout *footer;        /* its own: a page may end while a layout flows */
  double       pw, ph;
  double       x0, width;     /* the text column */
  double       y, bottom;
  int          page;          /* 1-based; 0 before the first */
  int          n_pages;       /* from the first pass; 0 during it */
} Pdf;

static void
set_font (PangoLayout *layout,
          const char  *family,
          double       pt,
          gboolean     bold)
{
  PangoFontDescription *font = pango_font_description_from_string (family);

  pango_font_description_set_absolute_size (font, pt * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
}

/* Sets layout to text (markup when markup) in width points, wrapped. */
static void
prepare (PangoLayout *layout,
         const char  *text,
         const char  *family,
         double       pt,
         gboolean     bold,
         double       width,
         gboolean     markup)
{
  set_font (layout, family, pt, bold);
  pango_layout_set_attributes (layout, NULL);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
}

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return logical.height / (double) PANGO_SCALE;
}

static void
footer (Pdf *p)
{
  g_autofree char *number = NULL;
  double w;

  if (p->n_pages > 0)
    number = g_strdup_printf (_("Page %d of %d"), p->page, p->n_pages);
  else
    number = g_strdup_printf (_("Page %d of %d"), p->page, 999);
  cairo_set_source_rgb (p->cr, 0.35, 0.35, 0.35);
  prepare (p->footer, number, "Sans", SMALL_PT, FALSE, -1, FALSE);
  augur_draw_text_size (p->footer, &w, NULL);
  cairo_move_to (p->cr, p->x0 + p->width - w, p->ph - FOOTER_Y - pango_layout_get_baseline (p->footer) / (double) PANGO_SCALE);
  pango_cairo_show_layout (p->cr, p->footer);
  if (p->page > 1)
    {
      prepare (p->footer, p->r->title, "Sans", SMALL_PT, FALSE, p->width - w - 24, FALSE);
      pango_layout_set_ellipsize (p->footer, PANGO_ELLIPSIZE_END);
      cairo_move_to (p->cr, p->x0, p->ph - FOOTER_Y - pango_layout_get_baseline (p->footer) / (double) PANGO_SCALE);
      pango_cairo_show_layout (p->cr, p->footer);
      pango_layout_set_ellipsize (p->footer, PANGO_ELLIPSIZE_NONE);
    }
  cairo_set_source_rgb (p->cr, 0, 0, 0);
}

static void
new_page (Pdf *p)
{
  if (p->page > 0)
    {
      footer (p);
      cairo_show_page (p->cr);
    }
  p->page++;
  p->y = MARGIN;
}

/* Room for h more points on this page, or a new one (unless this one is
 * still empty: then whatever does not fit is drawn anyway, clipped). */
static void
ensure (Pdf   *p,
        double h)
{
  if (p->y + h > p->bottom && p->y > MARGIN + 0.5)
    new_page (p);
}

/* Draws the prepared layout at x, line by line, breaking pages between
 * lines; before each line, decorate (if any) draws beside it. */
static void
flow (Pdf    *p,
      double  x,
      void  (*decorate) (Pdf *p, double y, double h))
{
  PangoLayoutIter *iter = pango_layout_get_iter (p->layout);
  double top = -1;

  do
    {
      PangoRectangle logical;
      double baseline, h;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      baseline = pango_layout_iter_get_baseline (iter) / (double) PANGO_SCALE;
      h = logical.height / (double) PANGO_SCALE;
      if (top < 0)
        top = logical.y / (double) PANGO_SCALE;
      ensure (p, h);
      if (decorate != NULL)
        decorate (p, p->y, h);
      cairo_move_to (p->cr, x + logical.x / (double) PANGO_SCALE, p->y + baseline - logical.y / (double) PANGO_SCALE);
      pango_cairo_show_layout_line (p->cr, pango_layout_iter_get_line_readonly (iter));
      p->y += h;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static void
warning_bar (Pdf *p, double y, double h)
{
  cairo_save (p->cr);
  cairo_set_source_rgb (p->cr, 0.85, 0.45, 0.0);
  cairo_rectangle (p->cr, p->x0, y, 3, h);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

static void
code_band (Pdf *p, double y, double h)
{
  cairo_save (p->cr);
  cairo_set_source_rgb (p->cr, 0.94, 0.94, 0.94);
  cairo_rectangle (p->cr, p->x0, y, p->width, h);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

/* The width of text's longest word: what a cell cannot be narrower than
 * without breaking a word (a number, a mapping "[1,(1,2,1),1]"). */
static double
longest_word (Pdf        *p,
              const char *text,
              gboolean    bold)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  double most = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      double ww;

      prepare (p->layout, words[i], "Sans", BODY_PT, bold, -1, FALSE);
      augur_draw_text_size (p->layout, &ww, NULL);
      most = MAX (most, ww);
    }
  return most + 2 * CELL_PAD + 6;
}

/* Shares room among the columns in proportion to their widths w, none
 * below its least (those held at their least first), into w. */
static void
share_widths (double       *w,
              const double *least,
              guint         n,
              double        room)
{
  g_autofree gboolean *held = g_new0 (gboolean, n);
  double total = 0;
  gboolean changed = TRUE;

  for (guint c = 0; c < n; c++)
    total += w[c];
  while (changed)
    {
      changed = FALSE;
      for (guint c = 0; c < n; c++)
        if (!held[c] && total > 0 && room * w[c] / total < least[c])
          {
            held[c] = TRUE;
            room -= least[c];
            total -= w[c];
            changed = TRUE;
          }
    }
  for (guint c = 0; c < n; c++)
    w[c] = held[c] || total <= 0 ? least[c] : room * w[c] / total;
}

/* Column widths: every column as wide as its widest cell when they fit;
 * otherwise headers wrap between words, numbers keep their width, and the
 * text columns share the rest, none narrower than its longest word.  When
 * even the words do not fit (long headers, as French ones), the headers
 * and text break inside words, and still no number does: "354.0" over
 * "3" would be read as another number. */
static double *
table_widths (Pdf         *p,
              const Block *b)
{
  double *w = g_new0 (double, b->n_columns);
  g_autofree double *least = g_new0 (double, b->n_columns);
  g_autofree double *number = g_new0 (double, b->n_columns);
  double total = 0, fixed = 0, text_least = 0, numbers = 0;

  for (guint i = 0; i < b->rows->len; i++)
    {
      char **row = g_ptr_array_index (b->rows, i);

      for (guint c = 0; c < b->n_columns; c++)
        {
          double cw;

          prepare (p->layout, row[c], "Sans", BODY_PT, i == 0, -1, FALSE);
          augur_draw_text_size (p->layout, &cw, NULL);
          w[c] = MAX (w[c], cw + 2 * CELL_PAD + 6);
          /* a number never breaks */
          if (i > 0 && b->numeric[c])
            least[c] = MAX (least[c], cw + 2 * CELL_PAD + 6);
        }
    }
  for (guint c = 0; c < b->n_columns; c++)
    {
      total += w[c];
      number[c] = least[c];
      numbers += number[c];
    }
  if (total <= p->width)
    return w;
  /* a header or text breaks between words: measured only when needed */
  for (guint i = 0; i < b->rows->len; i++)
    {
      char **row = g_ptr_array_index (b->rows, i);

      for (guint c = 0; c < b->n_columns; c++)
        if (i == 0 || !b->numeric[c])
          least[c] = MAX (least[c], longest_word (p, row[c], i == 0));
    }
  for (guint c = 0; c < b->n_columns; c++)
    {
      if (b->numeric[c])
        fixed += least[c];
      else
        text_least += least[c];
    }
  if (fixed + text_least > p->width)
    {
      /* even words do not fit: everything shared, no number narrower
       * than itself (unless the numbers alone are wider than the page) */
      if (numbers <= p->width)
        {
          /* in proportion to the longest words: each header breaks as
           * little as the others */
          memcpy (w, least, sizeof *w * b->n_columns);
          share_widths (w, number, b->n_columns, p->width);
        }
      else
        for (guint c = 0; c < b->n_columns; c++)
          w[c] = p->width * w[c] / total;
      return w;
    }
  {
    /* the room left, shared by the text columns in proportion to their
     * width, none below its least: the ones held at their least first */
    g_autofree double *text_w = g_new0 (double, b->n_columns);
    g_autofree double *text_min = g_new0 (double, b->n_columns);
    guint n = 0;

    for (guint c = 0; c < b->n_columns; c++)
      if (!b->numeric[c])
        {
          text_w[n] = w[c];
          text_min[n++] = least[c];
        }
    share_widths (text_w, text_min, n, p->width - fixed);
    n = 0;
    for (guint c = 0; c < b->n_columns; c++)
      w[c] = b->numeric[c] ? least[c] : text_w[n++];
  }
  return w;
}

static double
row_height (Pdf          *p,
            const Block  *b,
            char        **row,
            const double *w,
            gboolean      header)
{
  double h = 0;

  for (guint c = 0; c < b->n_columns; c++)
    {
      prepare (p->layout, row[c], "Sans", BODY_PT, header, w[c] - 2 * CELL_PAD, FALSE);
      h = MAX (h, layout_height (p->layout));
    }
  return h + 2 * CELL_PAD;
}

static void
draw_row (Pdf          *p,
          const Block  *b,
          char        **row,
          const double *w,
          gboolean      header,
          gboolean      shade)
{
  double h = row_height (p, b, row, w, header), x = p->x0, total = 0;

  for (guint c = 0; c < b->n_columns; c++)
    total += w[c];
  if (shade || header)
    {
      cairo_set_source_rgb (p->cr, header ? 0.88 : 0.96, header ? 0.90 : 0.96, header ? 0.93 : 0.96);
      cairo_rectangle (p->cr, p->x0, p->y, total, h);
      cairo_fill (p->cr);
      cairo_set_source_rgb (p->cr, 0, 0, 0);
    }
  for (guint c = 0; c < b->n_columns; c++)
    {
      prepare (p->layout, row[c], "Sans", BODY_PT, header, w[c] - 2 * CELL_PAD, FALSE);
      if (b->numeric[c])
        pango_layout_set_alignment (p->layout, PANGO_ALIGN_RIGHT);
      cairo_move_to (p->cr, x + CELL_PAD, p->y + CELL_PAD);
      pango_cairo_show_layout (p->cr, p->layout);
      x += w[c];
    }
  p->y += h;
}

static void
draw_table (Pdf         *p,
            const Block *b)
{
  g_autofree double *w = table_widths (p, b);
  char **header = g_ptr_array_index (b->rows, 0);
  double hh = row_height (p, b, header, w, TRUE);

  /* the header and at least one row together */
  ensure (p, hh + (b->rows->len > 1 ? row_height (p, b, g_ptr_array_index (b->rows, 1), w, FALSE) : 0));
  draw_row (p, b, header, w, TRUE, FALSE);
  for (guint i = 1; i < b->rows->len; i++)
    {
      char **row = g_ptr_array_index (b->rows, i);
      double h = row_height (p, b, row, w, FALSE);

      if (p->y + h > p->bottom && p->y > MARGIN + 0.5)
        {
          new_page (p);
          draw_row (p, b, header, w, TRUE, FALSE);   /* again on each page */
        }
      draw_row (p, b, row, w, FALSE, i % 2 == 0);
    }
  p->y += 10;
}

/* A chart's scale: down to the text column, and to a page's height
 * under a heading. */
static double
chart_scale (const Pdf   *p,
             const Block *b)
{
  return MIN (1.0, MIN (p->width / b->width, (p->bottom - MARGIN - 40) / b->height));
}

static double
chart_height (const Pdf   *p,
              const Block *b)
{
  return b->height * chart_scale (p, b);
}

static void
draw_chart (Pdf         *p,
            const Block *b)
{
  double scale = chart_scale (p, b);
  double h = b->height * scale;

  ensure (p, h + 4);
  cairo_save (p->cr);
  cairo_translate (p->cr, p->x0 + (p->width - b->width * scale) / 2, p->y);
  cairo_scale (p->cr, scale, scale);
  cairo_rectangle (p->cr, 0, 0, b->width, b->height);
  cairo_clip (p->cr);
  b->draw (p->cr, b->width, b->height, b->data);
  cairo_restore (p->cr);
  p->y += h + 12;
}

static void
draw_block (Pdf         *p,
            const Block *b,
            const Block *next)
{
  switch (b->kind)
    {
    case BLOCK_HEADING:
      prepare (p->layout, b->text, "Sans", H2_PT, TRUE, p->width, FALSE);
      /* a heading is not left alone at the foot of a page: a chart
       * comes with it whole, as draw_chart() scales it */
      ensure (p, layout_height (p->layout) + 10 +
                 (next != NULL && next->kind == BLOCK_CHART ? chart_height (p, next) + 4 : 60));
      p->y += 6;
      flow (p, p->x0, NULL);
      p->y += 4;
      break;
    case BLOCK_PARAGRAPH:
      prepare (p->layout, b->text, "Sans", BODY_PT, FALSE, p->width, FALSE);
      flow (p, p->x0, NULL);
      p->y += 6;
      break;
    case BLOCK_WARNING:
      {
        g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b> %s", _("Warning:"), b->text);

        prepare (p->layout, markup, "Sans", BODY_PT, FALSE, p->width - 10, TRUE);
        flow (p, p->x0 + 10, warning_bar);
        p->y += 6;
      }
      break;
    case BLOCK_CODE:
      prepare (p->layout, b->text, "Monospace", CODE_PT, FALSE, p->width - 8, FALSE);
      flow (p, p->x0 + 4, code_band);
      p->y += 6;
      break;
    case BLOCK_TABLE:
      draw_table (p, b);
      break;
    case BLOCK_CHART:
      draw_chart (p, b);
      break;
    }
}

static void
title_page (Pdf *p)
{
  AugurReport *r = p->r;

  new_page (p);
  p->y = MARGIN + 60;
  prepare (p->layout, r->title, "Sans", TITLE_PT, TRUE, p->width, FALSE);
  flow (p, p->x0, NULL);
  p->y += 24;
  if (r->facts->len > 0)
    {
      Block facts = { .kind = BLOCK_TABLE, .n_columns = 2 };
      gboolean numeric[2] = { FALSE, FALSE };
      const char *header[3] = { "", "", NULL };

      /* a table without its header row: labels bold in the first column */
      facts.numeric = numeric;
      facts.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      g_ptr_array_add (facts.rows, g_strdupv ((char **) header));
      for (guint i = 0; i + 1 < r->facts->len; i += 2)
        {
          const char *row[3] = { g_ptr_array_index (r->facts, i), g_ptr_array_index (r->facts, i + 1), NULL };
          g_ptr_array_add (facts.rows, g_strdupv ((char **) row));
        }
      {
        g_autofree double *w = g_new0 (double, 2);

        for (guint i = 1; i < facts.rows->len; i++)
          {
            double lw;

            prepare (p->layout, ((char **) g_ptr_array_index (facts.rows, i))[0], "Sans", BODY_PT, TRUE, -1, FALSE);
            augur_draw_text_size (p->layout, &lw, NULL);
            w[0] = MAX (w[0], lw + 2 * CELL_PAD + 12);
          }
        w[1] = p->width - w[0];
        for (guint i = 1; i < facts.rows->len; i++)
          {
            char **row = g_ptr_array_index (facts.rows, i);
            double h = row_height (p, &facts, row, w, FALSE);

            ensure (p, h);
            prepare (p->layout, row[0], "Sans", BODY_PT, TRUE, w[0] - 2 * CELL_PAD, FALSE);
            cairo_move_to (p->cr, p->x0 + CELL_PAD, p->y + CELL_PAD);
            pango_cairo_show_layout (p->cr, p->layout);
            prepare (p->layout, row[1], "Sans", BODY_PT, FALSE, w[1] - 2 * CELL_PAD, FALSE);
            cairo_move_to (p->cr, p->x0 + w[0] + CELL_PAD, p->y + CELL_PAD);
            pango_cairo_show_layout (p->cr, p->layout);
            p->y += h;
          }
      }
      g_ptr_array_unref (facts.rows);
    }
  p->y += 24;
  prepare (p->layout, _("Contents"), "Sans", H2_PT, TRUE, p->width, FALSE);
  ensure (p, 60);
  flow (p, p->x0, NULL);
  p->y += 6;
  for (guint i = 0; i < r->sections->len; i++)
    {
      Section *s = g_ptr_array_index (r->sections, i);
      g_autofree char *page = g_strdup_printf ("%d", MAX (s->page, 0));
      g_autofree char *entry = g_strdup_printf ("%u  %s", i + 1, s->title);
      double pw;

      prepare (p->layout, page, "Sans", BODY_PT, FALSE, -1, FALSE);
      augur_draw_text_size (p->layout, &pw, NULL);
      prepare (p->layout, entry, "Sans", BODY_PT, FALSE, p->width - pw - 24, FALSE);
      ensure (p, layout_height (p->layout) + 3);
      {
        double y = p->y;

        flow (p, p->x0, NULL);
        prepare (p->layout, page, "Sans", BODY_PT, FALSE, -1, FALSE);
        cairo_move_to (p->cr, p->x0 + p->width - pw, y);
        pango_cairo_show_layout (p->cr, p->layout);
      }
      p->y += 3;
    }
}

static void
render (Pdf *p)
{
  AugurReport *r = p->r;

  p->page = 0;
  title_page (p);
  for (guint i = 0; i < r->sections->len; i++)
    {
      Section *s = g_ptr_array_index (r->sections, i);
      g_autofree char *heading = g_strdup_printf ("%u  %s", i + 1, s->title);

      new_page (p);
      s->page = p->page;
      prepare (p->layout, heading, "Sans", H1_PT, TRUE, p->width, FALSE);
      flow (p, p->x0, NULL);
      cairo_set_line_width (p->cr, 0.8);
      cairo_move_to (p->cr, p->x0, p->y + 4);
      cairo_line_to (p->cr, p->x0 + p->width, p->y + 4);
      cairo_stroke (p->cr);
      p->y += 14;
      for (guint j = 0; j < s->blocks->len; j++)
        draw_block (p, g_ptr_array_index (s->blocks, j),
                    j + 1 < s->blocks->len ? g_ptr_array_index (s->blocks, j + 1) : NULL);
    }
  footer (p);
  cairo_show_page (p->cr);
}

typedef struct {
  GOutputStream *out;
  GError        *error;
} Sink;

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  Sink *sink = closure;

  if (sink->out == NULL)
    return CAIRO_STATUS_SUCCESS;      /* the first pass: nowhere */
  if (sink->error != NULL ||
      !g_output_stream_write_all (sink->out, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
pass (AugurReport   *r,
      double         pw,
      double         ph,
      int            n_pages,
      Sink          *sink,
      int           *pages,
      GError       **error)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (sink_write, sink, pw, ph);
  Pdf p = { r, NULL, NULL, NULL, pw, ph, MARGIN, pw - 2 * MARGIN, 0, ph - MARGIN, 0, n_pages };
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, r->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, r->generator);
  p.cr = cairo_create (surface);
  p.layout = augur_draw_create_layout (p.cr);
  p.footer = augur_draw_create_layout (p.cr);
  render (&p);
  g_object_unref (p.layout);
  g_object_unref (p.footer);
  cairo_destroy (p.cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (sink->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&sink->error));
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw the report: %s"),
                   cairo_status_to_string (status));
      return FALSE;
    }
  *pages = p.page;
  return TRUE;
}

gboolean
augur_report_write_pdf (AugurReport   *r,
                        double         page_width,
                        double         page_height,
                        GOutputStream *out,
                        GError       **error)
{
  Sink nowhere = { NULL, NULL }, sink = { out, NULL };
  int n_pages = 0, again = 0;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  if (!(page_width >= 200 && page_height >= 200 && page_width < 10000 && page_height < 10000))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The page size %g × %g is out of range"),
                   page_width, page_height);
      return FALSE;
    }
  /* twice: the first finds the pages the contents list and "of M" give */
  return pass (r, page_width, page_height, 0, &nowhere, &n_pages, error) &&
         pass (r, page_width, page_height, n_pages, &sink, &again, error);
}

void
augur_report_paper_size (double *width,
                         double *height)
{
  double w_mm = 210, h_mm = 297;

  /* _NL_PAPER_WIDTH is an enumerator, not a macro: testing it with #ifdef
   * left every report on A4, whatever LC_PAPER said */
#ifdef __GLIBC__
  {
    /* glibc gives the size in millimetres as the pointer's value */
    int w = (int) (intptr_t) nl_langinfo (_NL_PAPER_WIDTH);
    int h = (int) (intptr_t) nl_langinfo (_NL_PAPER_HEIGHT);

    if (w >= 50 && w <= 2000 && h >= 50 && h <= 2000)
      {
        w_mm = w;
        h_mm = h;
      }
  }
#endif
  *width = w_mm * 72 / 25.4;
  *height = h_mm * 72 / 25.4;
}

/* ---- HTML ------------------------------------------------------------- */

static void
html_text (GString    *s,
           const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (s, escaped);
}

/* The chart as SVG, its ids made unique in the page (every cairo SVG
 * names its glyphs and clips alike: inline, the first chart's would be
 * used by all). */
static gboolean
html_chart (GString     *s,
            const Block *b,
            guint        n,
            GError     **error)
{
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autofree char *svg = NULL, *prefix = NULL;
  g_autoptr(GRegex) ids = NULL;
  char *start;

  if (!augur_export_chart (b->draw, b->data, "svg", b->width, b->height, 1.0, mem, error) ||
      !g_output_stream_write_all (mem, "", 1, NULL, NULL, error) ||
      !g_output_stream_close (mem, NULL, error))
    return FALSE;
  svg = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (mem));
  start = strstr (svg, "<svg");
  if (start == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw the report: %s"), "SVG");
      return FALSE;
    }
  prefix = g_strdup_printf ("c%u-", n);
  ids = g_regex_new ("(id=\"|href=\"#|url\\(#)", 0, 0, NULL);
  {
    g_autofree char *replacement = g_strdup_printf ("\\1%s", prefix);
    g_autofree char *unique = g_regex_replace (ids, start, -1, 0, replacement, 0, error);

    if (unique == NULL)
      return FALSE;
    g_string_append (s, "<figure>\n");
    g_string_append (s, unique);
    g_string_append (s, "<figcaption>");
    html_text (s, b->text != NULL ? b->text : "");
    g_string_append (s, "</figcaption></figure>\n");
  }
  return TRUE;
}

static gboolean
html_block (GString     *s,
            const Block *b,
            guint       *n_charts,
            GError     **error)
{
  switch (b->kind)
    {
    case BLOCK_HEADING:
      g_string_append (s, "<h3>");
      html_text (s, b->text);
      g_string_append (s, "</h3>\n");
      break;
    case BLOCK_PARAGRAPH:
      g_string_append (s, "<p>");
      html_text (s, b->text);
      g_string_append (s, "</p>\n");
      break;
    case BLOCK_WARNING:
      g_string_append (s, "<p class=\"warning\"><strong>");
      html_text (s, _("Warning:"));
      g_string_append (s, "</strong> ");
      html_text (s, b->text);
      g_string_append (s, "</p>\n");
      break;
    case BLOCK_CODE:
      g_string_append (s, "<pre>");
      html_text (s, b->text);
      g_string_append (s, "</pre>\n");
      break;
    case BLOCK_TABLE:
      g_string_append (s, "<table>\n");
      for (guint i = 0; i < b->rows->len; i++)
        {
          char **row = g_ptr_array_index (b->rows, i);

          g_string_append (s, "<tr>");
          for (guint c = 0; c < b->n_columns; c++)
            {
              g_string_append_printf (s, "<%s%s>", i == 0 ? "th" : "td", b->numeric[c] ? " class=\"num\"" : "");
              html_text (s, row[c]);
              g_string_append_printf (s, "</%s>", i == 0 ? "th" : "td");
            }
          g_string_append (s, "</tr>\n");
        }
      g_string_append (s, "</table>\n");
      break;
    case BLOCK_CHART:
      return html_chart (s, b, (*n_charts)++, error);
    }
  return TRUE;
}

static const char html_style[] =
  "body{font-family:sans-serif;max-width:56em;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}"
  "h1{font-size:2em}section{margin-top:3em;border-top:1px solid #888}"
  "table{border-collapse:collapse;margin:.5em 0 1em}th,td{padding:.2em .6em;text-align:left;vertical-align:top}"
  "th{background:#e0e6ee}tr:nth-child(odd) td{background:#f4f4f4}.num{text-align:right;font-variant-numeric:tabular-nums}"
  ".facts th{background:none}"
  ".warning{border-left:4px solid #d97300;padding-left:.6em}"
  "pre{background:#f0f0f0;padding:.5em;white-space:pre-wrap;word-break:break-all}"
  "figure{margin:1em 0}svg{max-width:100%;height:auto}figcaption{color:#555;font-size:.9em}";

char *
augur_report_language (void)
{
  const char *const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *stem = g_strndup (names[i], strcspn (names[i], "_.@"));

      /* "C.UTF-8" is no language either */
      if (strcmp (stem, "C") != 0 && strcmp (stem, "POSIX") != 0 && *stem != '\0')
        return g_steal_pointer (&stem);
    }
  return g_strdup ("en");
}

gboolean
augur_report_write_html (AugurReport   *r,
                         const char    *lang,
                         GOutputStream *out,
                         GError       **error)
{
  g_autoptr(GString) s = g_string_new ("<!DOCTYPE html>\n<html lang=\"");
  guint n_charts = 0;

  html_text (s, lang != NULL ? lang : "en");
  g_string_append (s, "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"");
  html_text (s, r->generator);
  g_string_append (s, "\">\n<title>");
  html_text (s, r->title);
  g_string_append_printf (s, "</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n<h1>", html_style);
  html_text (s, r->title);
  g_string_append (s, "</h1>\n<table class=\"facts\">\n");
  for (guint i = 0; i + 1 < r->facts->len; i += 2)
    {
      g_string_append (s, "<tr><th>");
      html_text (s, g_ptr_array_index (r->facts, i));
      g_string_append (s, "</th><td>");
      html_text (s, g_ptr_array_index (r->facts, i + 1));
      g_string_append (s, "</td></tr>\n");
    }
  g_string_append (s, "</table>\n<nav>\n<h2>");
  html_text (s, _("Contents"));
  g_string_append (s, "</h2>\n<ol>\n");
  for (guint i = 0; i < r->sections->len; i++)
    {
      Section *sec = g_ptr_array_index (r->sections, i);

      g_string_append_printf (s, "<li><a href=\"#section-%u\">", i + 1);
      html_text (s, sec->title);
      g_string_append (s, "</a></li>\n");
    }
  g_string_append (s, "</ol>\n</nav>\n</header>\n");
  for (guint i = 0; i < r->sections->len; i++)
    {
      Section *sec = g_ptr_array_index (r->sections, i);

      g_string_append_printf (s, "<section id=\"section-%u\">\n<h2>%u ", i + 1, i + 1);
      html_text (s, sec->title);
      g_string_append (s, "</h2>\n");
      for (guint j = 0; j < sec->blocks->len; j++)
        if (!html_block (s, g_ptr_array_index (sec->blocks, j), &n_charts, error))
          return FALSE;
      g_string_append (s, "</section>\n");
    }
  g_string_append (s, "</body>\n</html>\n");
  return g_output_stream_write_all (out, s->str, s->len, NULL, NULL, error);
}
