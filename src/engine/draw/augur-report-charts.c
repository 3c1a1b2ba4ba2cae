/* augur-report-charts.c: timelines and pies in a report
 * (augur-report-charts.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-charts.h"
#include "augur-timeline.h"

#include <glib/gi18n.h>
#include <math.h>

/* The tallest timeline: what a page holds under its heading. */
#define TIMELINE_MAX_H  600
#define TIMELINE_MIN_H  200
/* The ruler, the legend and the margins around the rows. */
#define TIMELINE_CHROME 110
#define TIMELINE_ROW    22

#define PIE_CELL_H      300

static void
draw_timeline (cairo_t *cr, int width, int height, gpointer data)
{
  augur_timeline_draw (cr, width, height, data, NULL, NULL);
}

void
augur_report_add_timeline (AugurReport       *report,
                           AugurTimelineData *data,
                           const char        *title)
{
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  guint n_rows = data != NULL ? augur_timeline_data_get_n_rows (data) : 0;
  double t0, t1;
  guint shown;
  int height;

  if (n_rows == 0 || !augur_timeline_data_get_range (data, &t0, &t1))
    return;
  height = CLAMP (TIMELINE_CHROME + TIMELINE_ROW * (int) MIN (n_rows, 1000u), TIMELINE_MIN_H, TIMELINE_MAX_H);
  augur_timeline_viewport_fit (data, &vp);
  augur_timeline_get_geometry (data, &vp, AUGUR_REPORT_CHART_WIDTH, height, &g);
  /* a row is one point at the least: the others would be below the plot */
  shown = (guint) MIN ((double) n_rows, floor (g.h / g.row_pitch + 1e-6));
  augur_report_add_heading (report, title);
  augur_report_add_chart (report, draw_timeline, augur_timeline_data_ref (data),
                          (GDestroyNotify) augur_timeline_data_unref, AUGUR_REPORT_CHART_WIDTH, height, title);
  if (shown < n_rows)
    {
      /* Translators: under a timeline cut short, e.g. "The first 560 of 4096 rows are drawn, one point each; the
       * command in the appendix gives them all." */
      g_autofree char *note = g_strdup_printf (_("The first %u of %u rows are drawn, one point each; the command "
                                                 "in the appendix gives them all."), shown, n_rows);

      augur_report_add_paragraph (report, note);
    }
}

static void
draw_pies (cairo_t *cr, int width, int height, gpointer data)
{
  GPtrArray *pies = data;
  guint columns = pies->len > 1 ? 2 : 1;
  guint rows = (pies->len + columns - 1) / columns;
  int cell_w = width / (int) columns, cell_h = height / (int) MAX (rows, 1u);

  for (guint i = 0; i < pies->len; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, (i % columns) * cell_w, (i / columns) * cell_h);
      /* a pie paints its whole target: each keeps to its cell */
      cairo_rectangle (cr, 0, 0, cell_w, cell_h);
      cairo_clip (cr);
      augur_pie_chart_draw (cr, cell_w, cell_h, g_ptr_array_index (pies, i), NULL);
      cairo_restore (cr);
    }
}

void
augur_report_add_pies (AugurReport *report,
                       GPtrArray   *pies,
                       const char  *title)
{
  guint columns = pies->len > 1 ? 2 : 1;
  guint rows = (pies->len + columns - 1) / columns;

  if (pies->len == 0)
    {
      g_ptr_array_unref (pies);
      return;
    }
  g_ptr_array_set_free_func (pies, (GDestroyNotify) augur_pie_chart_data_unref);
  augur_report_add_chart (report, draw_pies, pies, (GDestroyNotify) g_ptr_array_unref, AUGUR_REPORT_CHART_WIDTH,
                          PIE_CELL_H * (int) rows, title);
}
