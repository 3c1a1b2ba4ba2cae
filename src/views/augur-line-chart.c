/* augur-line-chart.c: line chart data, axis ticks, layout, drawing, hit
 * testing and export.
 *
 * The layout (plot rectangle, ticks, legend and marker label places) is a
 * pure function of the data, the size and the text metrics, so drawing and
 * hit testing compute the same one.
 *
 * (Over 800 lines: chart data, ticks, layout, drawing and hit testing
 * share one layout; the data and ticks are used by three views and are to
 * move to a file of their own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-line-chart.h"
#include "augur-draw.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"

G_DEFINE_BOXED_TYPE (AugurChartData, augur_chart_data, augur_chart_data_ref, augur_chart_data_unref)

#define TICK_PX        12.0
#define LABEL_PX       13.0
#define TITLE_PX       16.0
#define LEGEND_PX      12.0
#define MARKER_PX      11.5
#define PAD            14.0
#define TICK_LEN       5.0
#define LINE_WIDTH     1.7
#define EMPHASIS_WIDTH 3.4
#define MAX_MARKED     30     /* more points than this: no point markers */
#define HIT_RADIUS     8.0
#define BAND_ALPHA     0.2    /* of the fill; the edges are twice as strong */

typedef struct {
  char    *name;
  double  *x;
  double  *y;
  guint    n;
  gboolean emphasised;
  AugurChartSeriesStyle style;
} Series;

typedef struct {
  char   *name;
  double *x;
  double *lower;
  double *upper;
  guint   n;
  guint   series;   /* whose colour it takes */
} Band;

/* A vertical marker at x, or a horizontal line at y (an hline). */
typedef struct {
  double x;
  char  *label;
} Marker;

struct _AugurChartData
{
  gatomicrefcount ref_count;
  char           *title;
  char           *x_label;
  char           *x_unit;
  char           *y_label;
  char           *y_unit;
  gboolean        log_x;
  gboolean        log_y;
  gboolean        integer_x;
  GPtrArray      *series;
  GPtrArray      *bands;
  GArray         *markers;
  GArray         *hlines;   /* of Marker, x being the y value */
};

/* ---- data ------------------------------------------------------------- */

static void
series_free (gpointer data)
{
  Series *s = data;
  g_free (s->name);
  g_free (s->x);
  g_free (s->y);
  g_free (s);
}

static void
band_free (gpointer data)
{
  Band *b = data;
  g_free (b->name);
  g_free (b->x);
  g_free (b->lower);
  g_free (b->upper);
  g_free (b);
}

static void
marker_clear (gpointer data)
{
  Marker *m = data;
  g_free (m->label);
}

AugurChartData *
augur_chart_data_new (const char *title,
                      const char *x_label,
                      const char *x_unit,
                      const char *y_label,
                      const char *y_unit)
{
  AugurChartData *d = g_new0 (AugurChartData, 1);

  g_atomic_ref_count_init (&d->ref_count);
  d->title = title && *title ? g_strdup (title) : NULL;
  d->x_label = g_strdup (x_label ? x_label : "");
  d->x_unit = x_unit && *x_unit ? g_strdup (x_unit) : NULL;
  d->y_label = g_strdup (y_label ? y_label : "");
  d->y_unit = y_unit && *y_unit ? g_strdup (y_unit) : NULL;
  d->series = g_ptr_array_new_with_free_func (series_free);
  d->bands = g_ptr_array_new_with_free_func (band_free);
  d->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (d->markers, marker_clear);
  d->hlines = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (d->hlines, marker_clear);
  return d;
}

AugurChartData *
augur_chart_data_ref (AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_chart_data_unref (AugurChartData *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  g_free (d->title);
  g_free (d->x_label);
  g_free (d->x_unit);
  g_free (d->y_label);
  g_free (d->y_unit);
  g_ptr_array_unref (d->series);
  g_ptr_array_unref (d->bands);
  g_array_unref (d->markers);
  g_array_unref (d->hlines);
  g_free (d);
}

void
augur_chart_data_set_log_x (AugurChartData *d,
                            gboolean        log_x)
{
  g_return_if_fail (d != NULL);
  d->log_x = !!log_x;
}

void
augur_chart_data_set_integer_x (AugurChartData *d,
                                gboolean        integer_x)
{
  g_return_if_fail (d != NULL);
  d->integer_x = !!integer_x;
}

void
augur_chart_data_set_log_y (AugurChartData *d,
                            gboolean        log_y)
{
  g_return_if_fail (d != NULL);
  d->log_y = !!log_y;
}

guint
augur_chart_data_add_series (AugurChartData *d,
                             const char     *name,
                             const double   *x,
                             const double   *y,
                             guint           n)
{
  Series *s;

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (n == 0 || (x != NULL && y != NULL), 0);

  s = g_new0 (Series, 1);
  s->name = g_strdup (name ? name : "");
  s->x = g_memdup2 (x, sizeof (double) * n);
  s->y = g_memdup2 (y, sizeof (double) * n);
  s->n = n;
  g_ptr_array_add (d->series, s);
  return d->series->len - 1;
}

void
augur_chart_data_set_series_emphasis (AugurChartData *d,
                                      guint           series,
                                      gboolean        emphasised)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (series < d->series->len);
  ((Series *) g_ptr_array_index (d->series, series))->emphasised = !!emphasised;
}

void
augur_chart_data_set_series_style (AugurChartData       *d,
                                   guint                 series,
                                   AugurChartSeriesStyle style)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (series < d->series->len);
  g_return_if_fail (style <= AUGUR_CHART_SERIES_LINE);
  ((Series *) g_ptr_array_index (d->series, series))->style = style;
}

guint
augur_chart_data_add_band (AugurChartData *d,
                           const char     *name,
                           const double   *x,
                           const double   *lower,
                           const double   *upper,
                           guint           n)
{
  Band *b;

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (n == 0 || (x != NULL && lower != NULL && upper != NULL), 0);

  b = g_new0 (Band, 1);
  b->name = g_strdup (name ? name : "");
  b->x = g_memdup2 (x, sizeof (double) * n);
  b->lower = g_memdup2 (lower, sizeof (double) * n);
  b->upper = g_memdup2 (upper, sizeof (double) * n);
  b->n = n;
  /* the usual order is the fitted curve, then its interval */
  b->series = d->series->len > 0 ? d->series->len - 1 : 0;
  g_ptr_array_add (d->bands, b);
  return d->bands->len - 1;
}

void
augur_chart_data_set_band_series (AugurChartData *d,
                                  guint           band,
                                  guint           series)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (band < d->bands->len);
  g_return_if_fail (series < d->series->len);
  ((Band *) g_ptr_array_index (d->bands, band))->series = series;
}

void
augur_chart_data_add_marker (AugurChartData *d,
                             double          x,
                             const char     *label)
{
  Marker m = { x, g_strdup (label ? label : "") };

  g_return_if_fail (d != NULL);
  g_array_append_val (d->markers, m);
}

void
augur_chart_data_add_hline (AugurChartData *d,
                            double          y,
                            const char     *label)
{
  Marker m = { y, g_strdup (label ? label : "") };

  g_return_if_fail (d != NULL);
  g_array_append_val (d->hlines, m);
}

const char *
augur_chart_data_get_title (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->title;
}

gboolean
augur_chart_data_get_log_x (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, FALSE);
  return d->log_x;
}

gboolean
augur_chart_data_get_log_y (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, FALSE);
  return d->log_y;
}

guint
augur_chart_data_get_n_series (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->series->len;
}

static const Series *
get_series (const AugurChartData *d,
            guint                 series)
{
  return g_ptr_array_index (d->series, series);
}

const char *
augur_chart_data_get_series_name (const AugurChartData *d,
                                  guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, NULL);
  return get_series (d, series)->name;
}

gboolean
augur_chart_data_get_series_emphasis (const AugurChartData *d,
                                      guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, FALSE);
  return get_series (d, series)->emphasised;
}

guint
augur_chart_data_get_n_points (const AugurChartData *d,
                               guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, 0);
  return get_series (d, series)->n;
}

void
augur_chart_data_get_point (const AugurChartData *d,
                            guint                 series,
                            guint                 point,
                            double               *x,
                            double               *y)
{
  const Series *s;

  g_return_if_fail (d != NULL && series < d->series->len);
  s = get_series (d, series);
  g_return_if_fail (point < s->n);
  if (x)
    *x = s->x[point];
  if (y)
    *y = s->y[point];
}

guint
augur_chart_data_get_n_markers (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->markers->len;
}

AugurChartSeriesStyle
augur_chart_data_get_series_style (const AugurChartData *d,
                                   guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, AUGUR_CHART_SERIES_LINES_AND_POINTS);
  return get_series (d, series)->style;
}

guint
augur_chart_data_get_n_bands (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->bands->len;
}

static const Band *
get_band (const AugurChartData *d,
          guint                 band)
{
  return g_ptr_array_index (d->bands, band);
}

guint
augur_chart_data_get_band_series (const AugurChartData *d,
                                  guint                 band)
{
  g_return_val_if_fail (d != NULL && band < d->bands->len, 0);
  return get_band (d, band)->series;
}

guint
augur_chart_data_get_n_hlines (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->hlines->len;
}

static char *
format_value (double      v,
              const char *unit)
{
  if (unit != NULL)
    return g_strdup_printf ("%.5g %s", v, unit);
  return g_strdup_printf ("%.5g", v);
}

char *
augur_chart_data_format_point (const AugurChartData *d,
                               guint                 series,
                               guint                 point)
{
  g_autofree char *xs = NULL, *ys = NULL;
  const Series *s;

  g_return_val_if_fail (d != NULL && series < d->series->len, NULL);
  s = get_series (d, series);
  g_return_val_if_fail (point < s->n, NULL);
  xs = format_value (s->x[point], d->x_unit);
  ys = format_value (s->y[point], d->y_unit);
  /* TRANSLATORS: series name: x axis name = value, y axis name = value */
  return g_strdup_printf (_("%s: %s = %s, %s = %s"), s->name,
                          *d->x_label ? d->x_label : "x", xs,
                          *d->y_label ? d->y_label : "y", ys);
}

/* ---- style ------------------------------------------------------------ */

#define RGB(h) { ((h) >> 16 & 0xff) / 255.0, ((h) >> 8 & 0xff) / 255.0, ((h) & 0xff) / 255.0, 1.0 }

/* GNOME palette (and the newer accent colours for teal, pink and slate),
 * dark tones for white paper, light ones for a dark window. */
static const AugurChartColor light_palette[] = {
  RGB (0x1c71d8), RGB (0xe66100), RGB (0x26a269), RGB (0xc01c28), RGB (0x813d9c),
  RGB (0x2190a4), RGB (0x865e3c), RGB (0xd56199), RGB (0xc88800), RGB (0x5e5c64),
};
static const AugurChartColor dark_palette[] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xf66151), RGB (0xc061cb),
  RGB (0x4fc3d4), RGB (0xcdab8f), RGB (0xf49ac1), RGB (0xf8e45c), RGB (0xc0bfbc),
};

void
augur_chart_style_init (AugurChartStyle *style,
                        gboolean         dark)
{
  static const AugurChartStyle light_style = {
    .dark = FALSE,
    .background = RGB (0xffffff),
    .text = RGB (0x241f31),
    .axis = RGB (0x5e5c64),
    .grid = RGB (0xdedddb),
    .minor_grid = RGB (0xf0efee),
    .marker = RGB (0x3d3846),
    .tooltip_background = { 1, 1, 1, 0.95 },
    .palette = light_palette,
    .n_palette = G_N_ELEMENTS (light_palette),
    .hover_series = -1,
    .hover_point = -1,
  };
  static const AugurChartStyle dark_style = {
    .dark = TRUE,
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf6f5f4),
    .axis = RGB (0x9a9996),
    .grid = RGB (0x3d3d3d),
    .minor_grid = RGB (0x2a2a2a),
    .marker = RGB (0xdeddda),
    .tooltip_background = { 0x30 / 255.0, 0x30 / 255.0, 0x30 / 255.0, 0.95 },
    .palette = dark_palette,
    .n_palette = G_N_ELEMENTS (dark_palette),
    .hover_series = -1,
    .hover_point = -1,
  };

  g_return_if_fail (style != NULL);
  *style = dark ? dark_style : light_style;
}

void
augur_chart_style_get_series_color (const AugurChartStyle *style,
                                    guint                  series,
                                    AugurChartColor       *color,
                                    guint                 *dash)
{
  AugurChartStyle fallback;

  if (style == NULL || style->n_palette == 0)
    {
      augur_chart_style_init (&fallback, style ? style->dark : FALSE);
      style = &fallback;
    }
  if (color)
    *color = style->palette[series % style->n_palette];
  /* Solid, dashed, dotted, dash-dot in turn: where curves lie on top of
   * each other, the one underneath shows through the gaps. */
  if (dash)
    *dash = series % 4;
}

guint
augur_chart_style_get_series_shape (guint series)
{
  return series % AUGUR_CHART_N_SHAPES;
}

/* ---- ticks ------------------------------------------------------------ */

static double
nice_step (double raw)
{
  double mag = pow (10, floor (log10 (raw)));
  double norm = raw / mag;

  if (norm <= 1.0 + 1e-9)
    return mag;
  if (norm <= 2.0 + 1e-9)
    return 2 * mag;
  if (norm <= 5.0 + 1e-9)
    return 5 * mag;
  return 10 * mag;
}

void
augur_chart_ticks_compute (AugurChartTicks *t,
                           double           min,
                           double           max,
                           gboolean         log,
                           guint            max_ticks)
{
  GArray *major = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *minor = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_if_fail (t != NULL);

  memset (t, 0, sizeof *t);
  t->log = !!log;
  max_ticks = MAX (max_ticks, 2);
  if (!isfinite (min) || !isfinite (max))
    min = log ? 1 : 0, max = log ? 10 : 1;
  if (min > max)
    {
      double tmp = min;
      min = max;
      max = tmp;
    }

  if (log)
    {
      double lmin, lmax, span, stride;
      long dlo, dhi;

      if (max <= 0)
        max = 10;
      if (min <= 0)
        min = max / 10;
      lmin = log10 (min);
      lmax = log10 (max);
      if (lmax - lmin < 1e-9)
        lmin -= 0.5, lmax += 0.5;
      dlo = (long) floor (lmin + 1e-9);
      dhi = (long) ceil (lmax - 1e-9);
      span = dhi - dlo;
      if (span <= 1)
        {
          /* within a decade: 1-2-5 labelled, the other digits minor */
          static const int labelled[] = { 1, 2, 5 };
          for (long k = dlo; k <= dhi; k++)
            for (int m = 1; m <= 9 && (k < dhi || m == 1); m++)
              {
                double v = m * pow (10, k);
                gboolean is_major = m == 1;
                for (guint i = 0; i < G_N_ELEMENTS (labelled); i++)
                  is_major |= m == labelled[i];
                g_array_append_val (is_major ? major : minor, v);
              }
          stride = 1;
        }
      else
        {
          stride = span / (max_ticks - 1) <= 1 ? 1 : nice_step (span / (max_ticks - 1));
          if (stride == 10 && span / (max_ticks - 1) <= 3)
            stride = 3;
          dlo = (long) (floor (dlo / stride) * stride);
          dhi = (long) (ceil (dhi / stride) * stride);
          for (long k = dlo; k <= dhi; k++)
            {
              double v = pow (10, k);
              if ((k - dlo) % (long) stride == 0)
                g_array_append_val (major, v);
              else
                g_array_append_val (minor, v);
              if (stride == 1 && k < dhi)
                for (int m = 2; m <= 9; m++)
                  {
                    double mv = m * v;
                    g_array_append_val (minor, mv);
                  }
            }
        }
      t->min = pow (10, dlo);
      t->max = pow (10, dhi);
      t->step = stride;
    }
  else
    {
      double step;
      double lo, hi;

      if (max - min <= fabs (max) * 1e-12)
        {
          double delta = min == 0 ? 1 : fabs (min) * 0.1;
          min -= delta;
          max += delta;
        }
      step = nice_step ((max - min) / (max_ticks - 1));
      lo = floor (min / step + 1e-9);
      hi = ceil (max / step - 1e-9);
      for (double i = lo; i <= hi; i++)
        {
          double v = i * step;
          if (fabs (v) < step * 1e-9)
            v = 0;
          g_array_append_val (major, v);
        }
      t->min = lo * step;
      t->max = hi * step;
      t->step = step;
    }

  t->n_major = major->len;
  t->major = (double *) (void *) g_array_free (major, FALSE);
  t->n_minor = minor->len;
  t->minor = (double *) (void *) g_array_free (minor, FALSE);
}

void
augur_chart_ticks_clear (AugurChartTicks *t)
{
  g_return_if_fail (t != NULL);
  g_clear_pointer (&t->major, g_free);
  g_clear_pointer (&t->minor, g_free);
  t->n_major = t->n_minor = 0;
}

static void
append_superscript (GString *s,
                    long     n)
{
  static const char *digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  char buf[24];

  g_snprintf (buf, sizeof buf, "%ld", n);
  for (const char *p = buf; *p; p++)
    g_string_append (s, *p == '-' ? "⁻" : digits[*p - '0']);
}

/* Fixed decimals; a typographic minus; digits grouped by thin spaces from
 * five integer digits on (SI style, so 1000 stays 1000). */
static void
append_fixed (GString *s,
              double   v,
              int      decimals)
{
  g_autofree char *text = g_strdup_printf ("%.*f", CLAMP (decimals, 0, 12), fabs (v));
  const char *p = text;
  gsize int_digits = strspn (text, "0123456789");

  if (v < 0 && strspn (text, "0.,") != strlen (text))
    g_string_append (s, "−");
  if (int_digits >= 5)
    for (gsize i = 0; i < int_digits; i++)
      {
        if (i > 0 && (int_digits - i) % 3 == 0)
          g_string_append (s, " ");   /* thin space */
        g_string_append_c (s, *p++);
      }
  g_string_append (s, p);
}

static int
decimals_for (double step)
{
  return MAX (0, (int) -floor (log10 (step) + 1e-9));
}

char *
augur_chart_ticks_format (const AugurChartTicks *t,
                          double                 value)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (t != NULL, NULL);

  if (t->log)
    {
      long k = (long) floor (log10 (value) + 1e-9);
      double mant = value / pow (10, k);

      if (k < -4 || k > 5)
        {
          if (fabs (mant - 1) > 1e-6)
            g_string_append_printf (s, "%g×", round (mant * 1000) / 1000);
          g_string_append (s, "10");
          append_superscript (s, k);
        }
      else
        append_fixed (s, value, MAX (0, (int) -k));
    }
  else
    {
      double amax = MAX (fabs (t->min), fabs (t->max));

      if (value == 0)
        g_string_append (s, "0");
      else if (amax >= 1e6 || amax < 1e-3)
        {
          long e = (long) floor (log10 (amax) + 1e-9);
          double scale = pow (10, e);
          append_fixed (s, value / scale, decimals_for (t->step / scale));
          g_string_append (s, "×10");
          append_superscript (s, e);
        }
      else
        append_fixed (s, value, decimals_for (t->step));
    }
  return g_string_free (s, FALSE);
}

/* ---- layout ----------------------------------------------------------- */

typedef struct {
  double x, y, w, h;
} Rect;

enum {
  LEGEND_NONE,
  LEGEND_INSIDE,
  LEGEND_RIGHT,
  LEGEND_BELOW,
};

typedef struct {
  PangoLayout    *layout;
  gboolean        empty;
  Rect            plot;
  AugurChartTicks xt;
  AugurChartTicks yt;
  double          data_x0, data_x1, data_y0, data_y1;
  double          tick_h;       /* height of a tick label */
  double          label_h;      /* height of an axis label */
  double          title_h;
  int             legend;
  Rect            legend_box;
  double          legend_row_h;
  double          legend_col_w;
  guint           legend_cols;
  Rect           *marker_boxes; /* one per marker, by index */
  Rect           *hline_boxes;  /* one per hline, by index */
  gboolean        show_points;
} Layout;

static double
measure (PangoLayout *layout,
         const char  *text,
         double       px,
         gboolean     bold,
         double      *h)
{
  double w;
  augur_draw_set_text (layout, text, px, bold);
  augur_draw_text_size (layout, &w, h);
  return w;
}

static char *
axis_title (const char *label,
            const char *unit)
{
  if (unit != NULL)
    return g_strdup_printf ("%s (%s)", label, unit);
  return g_strdup (label);
}

static gboolean
valid (double v,
       gboolean log)
{
  return isfinite (v) && (!log || v > 0);
}

static gboolean
valid_point (const AugurChartData *d,
             const Series         *s,
             guint                 i)
{
  return valid (s->x[i], d->log_x) && valid (s->y[i], d->log_y);
}

/* A band sample is drawn only whole: a bound alone says nothing. */
static gboolean
valid_band_sample (const AugurChartData *d,
                   const Band           *b,
                   guint                 i)
{
  return valid (b->x[i], d->log_x) && valid (b->lower[i], d->log_y) && valid (b->upper[i], d->log_y);
}

static double
axis_pos (const AugurChartTicks *t,
          double                 v,
          double                 start,
          double                 length)
{
  if (t->log)
    return start + (log10 (v) - log10 (t->min)) / (log10 (t->max) - log10 (t->min)) * length;
  return start + (v - t->min) / (t->max - t->min) * length;
}

static double
to_px (const Layout *L,
       double        x)
{
  return axis_pos (&L->xt, x, L->plot.x, L->plot.w);
}

static double
to_py (const Layout *L,
       double        y)
{
  return L->plot.y + L->plot.h - axis_pos (&L->yt, y, 0, L->plot.h);
}

static gboolean
data_range (const AugurChartData *d,
            Layout               *L)
{
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;

  for (guint s = 0; s < d->series->len; s++)
    {
      const Series *se = get_series (d, s);
      for (guint i = 0; i < se->n; i++)
        if (valid_point (d, se, i))
          {
            x0 = MIN (x0, se->x[i]);
            x1 = MAX (x1, se->x[i]);
            y0 = MIN (y0, se->y[i]);
            y1 = MAX (y1, se->y[i]);
          }
    }
  /* an interval is read against its axis: it must fit whole */
  for (guint b = 0; b < d->bands->len; b++)
    {
      const Band *band = get_band (d, b);
      for (guint i = 0; i < band->n; i++)
        if (valid_band_sample (d, band, i))
          {
            x0 = MIN (x0, band->x[i]);
            x1 = MAX (x1, band->x[i]);
            y0 = MIN (y0, MIN (band->lower[i], band->upper[i]));
            y1 = MAX (y1, MAX (band->lower[i], band->upper[i]));
          }
    }
  if (!isfinite (x0))
    return FALSE;
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (valid (x, d->log_x))
        {
          x0 = MIN (x0, x);
          x1 = MAX (x1, x);
        }
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (valid (y, d->log_y))
        {
          y0 = MIN (y0, y);
          y1 = MAX (y1, y);
        }
    }
  /* throughput-like quantities read honestly from zero unless the data
   * sits far from it */
  if (!d->log_y && y0 > 0 && y0 <= 0.4 * y1)
    y0 = 0;
  /* a little headroom so curves do not run along the frame */
  if (!d->log_y && y1 > y0)
    y1 += 0.025 * (y1 - y0);
  L->data_x0 = x0;
  L->data_x1 = x1;
  L->data_y0 = y0;
  L->data_y1 = y1;
  return TRUE;
}

static double
max_label_width (PangoLayout           *layout,
                 const AugurChartTicks *t)
{
  double w = 0;
  for (guint i = 0; i < t->n_major; i++)
    {
      g_autofree char *text = augur_chart_ticks_format (t, t->major[i]);
      w = MAX (w, measure (layout, text, TICK_PX, FALSE, NULL));
    }
  return w;
}

static gboolean
rects_overlap (const Rect *a,
               const Rect *b,
               double      gap)
{
  return a->x < b->x + b->w + gap && b->x < a->x + a->w + gap &&
         a->y < b->y + b->h + gap && b->y < a->y + a->h + gap;
}

static void
place_marker_labels (const AugurChartData *d,
                     Layout               *L)
{
  g_autofree guint *order = g_new (guint, MAX (d->markers->len, 1));

  g_free (L->marker_boxes);
  L->marker_boxes = g_new0 (Rect, MAX (d->markers->len, 1));
  for (guint i = 0; i < d->markers->len; i++)
    order[i] = i;
  /* left to right, so staggering goes down as labels crowd */
  for (guint i = 1; i < d->markers->len; i++)
    for (guint j = i; j > 0 && g_array_index (d->markers, Marker, order[j]).x <
                               g_array_index (d->markers, Marker, order[j - 1]).x; j--)
      {
        guint tmp = order[j];
        order[j] = order[j - 1];
        order[j - 1] = tmp;
      }

  for (guint k = 0; k < d->markers->len; k++)
    {
      const Marker *m = &g_array_index (d->markers, Marker, order[k]);
      Rect *box = &L->marker_boxes[order[k]];
      double w, h, px;

      if (!valid (m->x, d->log_x) || *m->label == '\0')
        continue;
      w = measure (L->layout, m->label, MARKER_PX, FALSE, &h) + 10;
      h += 6;
      px = to_px (L, m->x);
      box->w = w;
      box->h = h;
      box->x = px + 5;
      if (box->x + w > L->plot.x + L->plot.w - 2)
        box->x = px - 5 - w;
      box->x = CLAMP (box->x, L->plot.x + 2, MAX (L->plot.x + 2, L->plot.x + L->plot.w - 2 - w));
      for (guint row = 0; ; row++)
        {
          gboolean clash = FALSE;
          box->y = L->plot.y + 6 + row * (h + 4);
          for (guint j = 0; j < k && !clash; j++)
            clash = L->marker_boxes[order[j]].w > 0 &&
                    rects_overlap (box, &L->marker_boxes[order[j]], 3);
          if (!clash || box->y + 2 * h > L->plot.y + L->plot.h)
            break;
        }
    }

  /* Horizontal lines: the label above the line at the right end (below
   * it when the line runs along the top), at the left end if that is
   * taken. */
  g_free (L->hline_boxes);
  L->hline_boxes = g_new0 (Rect, MAX (d->hlines->len, 1));
  for (guint k = 0; k < d->hlines->len; k++)
    {
      const Marker *m = &g_array_index (d->hlines, Marker, k);
      Rect *box = &L->hline_boxes[k];
      double w, h, py;

      if (!valid (m->x, d->log_y) || *m->label == '\0')
        continue;
      w = measure (L->layout, m->label, MARKER_PX, FALSE, &h) + 10;
      h += 6;
      py = to_py (L, m->x);
      box->w = w;
      box->h = h;
      box->y = py - 4 - h;
      if (box->y < L->plot.y + 2)
        box->y = py + 4;
      for (int side = 0; side < 2; side++)
        {
          gboolean clash = FALSE;

          box->x = side == 0 ? L->plot.x + L->plot.w - 6 - w : L->plot.x + 6;
          for (guint j = 0; j < d->markers->len && !clash; j++)
            clash = L->marker_boxes[j].w > 0 && rects_overlap (box, &L->marker_boxes[j], 3);
          for (guint j = 0; j < k && !clash; j++)
            clash = L->hline_boxes[j].w > 0 && rects_overlap (box, &L->hline_boxes[j], 3);
          if (!clash)
            break;
        }
    }
}

/* Liang-Barsky: does the segment cross the rectangle? */
static gboolean
segment_hits_rect (double      x0,
                   double      y0,
                   double      x1,
                   double      y1,
                   const Rect *r)
{
  double t0 = 0, t1 = 1;
  double dx = x1 - x0, dy = y1 - y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { x0 - r->x, r->x + r->w - x0, y0 - r->y, r->y + r->h - y0 };

  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      double t = q[i] / p[i];
      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* How much of the picture a legend at box would hide. */
static double
legend_cost (const AugurChartData *d,
             const Layout         *L,
             const Rect           *box)
{
  Rect r = { box->x - 4, box->y - 4, box->w + 8, box->h + 8 };
  double cost = 0;

  for (guint s = 0; s < d->series->len; s++)
    {
      const Series *se = get_series (d, s);
      for (guint i = 0; i < se->n; i++)
        {
          double x0, y0;
          if (!valid_point (d, se, i))
            continue;
          x0 = to_px (L, se->x[i]);
          y0 = to_py (L, se->y[i]);
          if (se->style != AUGUR_CHART_SERIES_POINTS && i + 1 < se->n && valid_point (d, se, i + 1))
            cost += segment_hits_rect (x0, y0, to_px (L, se->x[i + 1]), to_py (L, se->y[i + 1]), &r);
          else
            cost += segment_hits_rect (x0, y0, x0, y0, &r);
        }
    }
  /* a band hides under the legend where its edges or its span at a
   * sample cross it */
  for (guint b = 0; b < d->bands->len; b++)
    {
      const Band *band = get_band (d, b);
      for (guint i = 0; i < band->n; i++)
        {
          double x0, lo, hi;
          if (!valid_band_sample (d, band, i))
            continue;
          x0 = to_px (L, band->x[i]);
          lo = to_py (L, band->lower[i]);
          hi = to_py (L, band->upper[i]);
          cost += segment_hits_rect (x0, lo, x0, hi, &r);
          if (i + 1 < band->n && valid_band_sample (d, band, i + 1))
            {
              double x1 = to_px (L, band->x[i + 1]);
              cost += segment_hits_rect (x0, lo, x1, to_py (L, band->lower[i + 1]), &r);
              cost += segment_hits_rect (x0, hi, x1, to_py (L, band->upper[i + 1]), &r);
            }
        }
    }
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (valid (x, d->log_x) && segment_hits_rect (to_px (L, x), L->plot.y, to_px (L, x), L->plot.y + L->plot.h, &r))
        cost += 5;
      if (L->marker_boxes[m].w > 0 && rects_overlap (&L->marker_boxes[m], &r, 0))
        cost += 20;
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (valid (y, d->log_y) && segment_hits_rect (L->plot.x, to_py (L, y), L->plot.x + L->plot.w, to_py (L, y), &r))
        cost += 5;
      if (L->hline_boxes[m].w > 0 && rects_overlap (&L->hline_boxes[m], &r, 0))
        cost += 20;
    }
  return cost;
}

/* The legend lists every series if one of them has a name (so as not to
 * leave a curve out), then the bands that have one: an unnamed band is
 * taken as part of its curve. */
static gboolean
has_series_names (const AugurChartData *d)
{
  for (guint s = 0; s < d->series->len; s++)
    if (*get_series (d, s)->name != '\0')
      return TRUE;
  return FALSE;
}

static guint
legend_n_series (const AugurChartData *d)
{
  return has_series_names (d) ? d->series->len : 0;
}

static guint
legend_n_entries (const AugurChartData *d)
{
  guint n = legend_n_series (d);

  for (guint b = 0; b < d->bands->len; b++)
    n += *get_band (d, b)->name != '\0';
  return n;
}

static void
measure_legend (const AugurChartData *d,
                Layout               *L,
                double               *w,
                double               *h)
{
  double text_w = 0, text_h = 0;
  double tw, th;

  for (guint s = 0; s < legend_n_series (d); s++)
    {
      const Series *se = get_series (d, s);
      tw = measure (L->layout, se->name, LEGEND_PX, se->emphasised, &th);
      text_w = MAX (text_w, tw);
      text_h = MAX (text_h, th);
    }
  for (guint b = 0; b < d->bands->len; b++)
    if (*get_band (d, b)->name != '\0')
      {
        tw = measure (L->layout, get_band (d, b)->name, LEGEND_PX, FALSE, &th);
        text_w = MAX (text_w, tw);
        text_h = MAX (text_h, th);
      }
  L->legend_row_h = ceil (MAX (text_h, 12) + 4);
  L->legend_col_w = ceil (30 + 8 + text_w + 12);
  *w = L->legend_col_w + 10;
  *h = legend_n_entries (d) * L->legend_row_h + 12;
}

static gboolean
has_legend (const AugurChartData *d)
{
  return legend_n_entries (d) > 0;
}

/* The plot rectangle and ticks, given the space reserved to the right and
 * below for a legend. */
static void
layout_axes (const AugurChartData *d,
             Layout               *L,
             int                   width,
             int                   height,
             double                reserve_right,
             double                reserve_below)
{
  g_autofree char *xt = axis_title (d->x_label, d->x_unit);
  g_autofree char *yt = axis_title (d->y_label, d->y_unit);
  double top, bottom, left, right, yw, xw;
  guint target;

  augur_chart_ticks_clear (&L->xt);
  augur_chart_ticks_clear (&L->yt);

  measure (L->layout, "0.5", TICK_PX, FALSE, &L->tick_h);
  L->title_h = 0;
  if (d->title)
    measure (L->layout, d->title, TITLE_PX, TRUE, &L->title_h);
  L->label_h = 0;
  if (*xt || *yt)
    measure (L->layout, *xt ? xt : yt, LABEL_PX, FALSE, &L->label_h);

  top = PAD + (d->title ? L->title_h + 12 : L->tick_h / 2);
  bottom = PAD + reserve_below + (*xt ? L->label_h + 6 : 0) + TICK_LEN + 4 + L->tick_h;

  target = CLAMP ((guint) ((height - top - bottom) / 42), 2, 10);
  augur_chart_ticks_compute (&L->yt, L->data_y0, L->data_y1, d->log_y, target);
  yw = max_label_width (L->layout, &L->yt);
  left = PAD + (*yt ? L->label_h + 10 : 0) + yw + TICK_LEN + 5;
  right = PAD + reserve_right;

  /* x ticks: as many as fit without their labels touching */
  target = CLAMP ((guint) ((width - left - right) / 60), 2, 10);
  /* Whole x values (levels, counts): no tick between two of them. */
  if (d->integer_x && !d->log_x && isfinite (L->data_x1 - L->data_x0))
    target = MIN (target, (guint) MAX (2.0, floor (L->data_x1 - L->data_x0) + 1));
  for (;;)
    {
      augur_chart_ticks_compute (&L->xt, L->data_x0, L->data_x1, d->log_x, target);
      xw = max_label_width (L->layout, &L->xt);
      if (target <= 2 || L->xt.n_major * (xw + 36) <= width - left - right)
        break;
      augur_chart_ticks_clear (&L->xt);
      target--;
    }
  right = MAX (right, PAD + xw / 2);

  L->plot.x = floor (left) + 0.5;
  L->plot.y = floor (top) + 0.5;
  L->plot.w = MAX (10, floor (width - left - right));
  L->plot.h = MAX (10, floor (height - top - bottom));
}

static void
layout_clear (Layout *L)
{
  augur_chart_ticks_clear (&L->xt);
  augur_chart_ticks_clear (&L->yt);
  g_clear_pointer (&L->marker_boxes, g_free);
  g_clear_pointer (&L->hline_boxes, g_free);
  g_clear_object (&L->layout);
}

static void
layout_compute (cairo_t              *cr,
                int                   width,
                int                   height,
                const AugurChartData *d,
                Layout               *L)
{
  double lw = 0, lh = 0;

  memset (L, 0, sizeof *L);
  L->layout = augur_draw_create_layout (cr);
  if (d == NULL || !data_range (d, L))
    {
      L->empty = TRUE;
      return;
    }

  L->show_points = FALSE;
  for (guint s = 0; s < d->series->len; s++)
    if (get_series (d, s)->n <= MAX_MARKED)
      L->show_points = TRUE;

  layout_axes (d, L, width, height, 0, 0);
  place_marker_labels (d, L);
  if (!has_legend (d))
    return;

  measure_legend (d, L, &lw, &lh);
  if (lw <= L->plot.w * 0.45 && lh <= L->plot.h - 16)
    {
      /* inside, in the corner that hides least, top right first */
      const double inset = 8;
      Rect corners[4] = {
        { L->plot.x + L->plot.w - inset - lw, L->plot.y + inset, lw, lh },
        { L->plot.x + inset, L->plot.y + inset, lw, lh },
        { L->plot.x + L->plot.w - inset - lw, L->plot.y + L->plot.h - inset - lh, lw, lh },
        { L->plot.x + inset, L->plot.y + L->plot.h - inset - lh, lw, lh },
      };
      for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
        if (legend_cost (d, L, &corners[c]) == 0)
          {
            L->legend = LEGEND_INSIDE;
            L->legend_box = corners[c];
            L->legend_cols = 1;
            return;
          }
    }

  if (lw + 12 <= width * 0.25)
    {
      layout_axes (d, L, width, height, lw + 12, 0);
      L->legend = LEGEND_RIGHT;
      L->legend_cols = 1;
      L->legend_box = (Rect) { L->plot.x + L->plot.w + 16, L->plot.y, lw, lh };
    }
  else
    {
      guint cols = MAX (1, (guint) ((width - 2 * PAD) / L->legend_col_w));
      guint rows;

      cols = MIN (cols, legend_n_entries (d));
      rows = (legend_n_entries (d) + cols - 1) / cols;
      lh = rows * L->legend_row_h + 8;
      layout_axes (d, L, width, height, 0, lh + 8);
      L->legend = LEGEND_BELOW;
      L->legend_cols = cols;
      L->legend_box = (Rect) { PAD, height - PAD - lh, cols * L->legend_col_w, lh };
      L->legend_box.x = MAX (PAD, (width - L->legend_box.w) / 2);
    }
  place_marker_labels (d, L);
}

/* ---- drawing ---------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c,
           double                 alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
rounded_rect (cairo_t    *cr,
              const Rect *r,
              double      radius)
{
  augur_draw_rounded_rect (cr, r->x, r->y, r->w, r->h, radius);
}

static void
show_text (cairo_t               *cr,
           PangoLayout           *layout,
           const char            *text,
           double                 px,
           gboolean               bold,
           double                 x,
           double                 y,
           double                 align_x,  /* 0 left, 0.5 centre, 1 right */
           double                 align_y,
           const AugurChartColor *color)
{
  double w, h;

  augur_draw_set_text (layout, text, px, bold);
  augur_draw_text_size (layout, &w, &h);
  set_color (cr, color, 1);
  cairo_move_to (cr, x - w * align_x, y - h * align_y);
  pango_cairo_show_layout (cr, layout);
}

/* Centred over the plot if it fits there, else within the picture,
 * ellipsized as a last resort. */
static void
draw_title (cairo_t               *cr,
            PangoLayout           *layout,
            const char            *title,
            double                 centre,
            int                    width,
            const AugurChartColor *color)
{
  double w, h, x;

  augur_draw_set_text (layout, title, TITLE_PX, TRUE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  augur_draw_text_size (layout, &w, &h);
  if (w > width - 2 * PAD)
    {
      pango_layout_set_width (layout, (int) MAX (10, width - 2 * PAD) * PANGO_SCALE);
      w = width - 2 * PAD;
    }
  x = CLAMP (centre - w / 2, PAD, MAX (PAD, width - PAD - w));
  set_color (cr, color, 1);
  cairo_move_to (cr, x, PAD);
  pango_cairo_show_layout (cr, layout);
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
}

/* The broken patterns share one period and take turns in it: dashes in
 * its first third, pairs of dots in the second, a dash and a dot in the
 * last, with gaps between.  Curves that lie on top of each other thus
 * show each of their colours, the solid one (drawn first) through the
 * gaps. */
#define DASH_PERIOD 24.0

static void
set_series_line (cairo_t               *cr,
                 const AugurChartStyle *style,
                 guint                  s,
                 double                 width)
{
  static const double dashes[][4] = { { 0 }, { 7, 17 }, { 2, 2, 2, 18 }, { 4, 2, 1.5, 16.5 } };
  static const int n_dashes[] = { 0, 2, 4, 4 };
  /* where each pattern starts in the period */
  static const double starts[] = { 0, 0.5, 8.5, 16 };
  AugurChartColor color;
  guint dash;
  double scaled[4], factor;

  augur_chart_style_get_series_color (style, s, &color, &dash);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, width);
  factor = MAX (1, width / LINE_WIDTH);
  for (int i = 0; i < n_dashes[dash]; i++)
    scaled[i] = dashes[dash][i] * factor;
  cairo_set_dash (cr, scaled, n_dashes[dash], (DASH_PERIOD - starts[dash]) * factor);
  /* round caps would fill the gaps meant for the curves underneath */
  cairo_set_line_cap (cr, dash == 0 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
}

static void
draw_grid (cairo_t               *cr,
           const Layout          *L,
           const AugurChartStyle *style)
{
  cairo_set_line_width (cr, 1);
  set_color (cr, &style->minor_grid, 1);
  for (guint i = 0; i < L->xt.n_minor; i++)
    {
      double x = round (to_px (L, L->xt.minor[i])) + 0.5;
      cairo_move_to (cr, x, L->plot.y);
      cairo_line_to (cr, x, L->plot.y + L->plot.h);
    }
  for (guint i = 0; i < L->yt.n_minor; i++)
    {
      double y = round (to_py (L, L->yt.minor[i])) + 0.5;
      cairo_move_to (cr, L->plot.x, y);
      cairo_line_to (cr, L->plot.x + L->plot.w, y);
    }
  cairo_stroke (cr);

  set_color (cr, &style->grid, 1);
  for (guint i = 0; i < L->xt.n_major; i++)
    {
      double x = round (to_px (L, L->xt.major[i])) + 0.5;
      cairo_move_to (cr, x, L->plot.y);
      cairo_line_to (cr, x, L->plot.y + L->plot.h);
    }
  for (guint i = 0; i < L->yt.n_major; i++)
    {
      double y = round (to_py (L, L->yt.major[i])) + 0.5;
      cairo_move_to (cr, L->plot.x, y);
      cairo_line_to (cr, L->plot.x + L->plot.w, y);
    }
  cairo_stroke (cr);
}

static void
draw_axes (cairo_t               *cr,
           const AugurChartData  *d,
           const Layout          *L,
           const AugurChartStyle *style,
           int                    width)
{
  g_autofree char *xt = axis_title (d->x_label, d->x_unit);
  g_autofree char *yt = axis_title (d->y_label, d->y_unit);
  double bottom = L->plot.y + L->plot.h;

  cairo_set_line_width (cr, 1);
  set_color (cr, &style->axis, 1);
  cairo_rectangle (cr, L->plot.x, L->plot.y, L->plot.w, L->plot.h);
  for (guint i = 0; i < L->xt.n_major; i++)
    {
      double x = round (to_px (L, L->xt.major[i])) + 0.5;
      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + TICK_LEN);
    }
  for (guint i = 0; i < L->yt.n_major; i++)
    {
      double y = round (to_py (L, L->yt.major[i])) + 0.5;
      cairo_move_to (cr, L->plot.x, y);
      cairo_line_to (cr, L->plot.x - TICK_LEN, y);
    }
  cairo_stroke (cr);
  /* short minor ticks on log axes */
  for (guint i = 0; i < L->xt.n_minor && L->xt.log; i++)
    {
      double x = round (to_px (L, L->xt.minor[i])) + 0.5;
      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + TICK_LEN / 2);
    }
  for (guint i = 0; i < L->yt.n_minor && L->yt.log; i++)
    {
      double y = round (to_py (L, L->yt.minor[i])) + 0.5;
      cairo_move_to (cr, L->plot.x, y);
      cairo_line_to (cr, L->plot.x - TICK_LEN / 2, y);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < L->xt.n_major; i++)
    {
      g_autofree char *text = augur_chart_ticks_format (&L->xt, L->xt.major[i]);
      show_text (cr, L->layout, text, TICK_PX, FALSE, to_px (L, L->xt.major[i]),
                 bottom + TICK_LEN + 3, 0.5, 0, &style->text);
    }
  for (guint i = 0; i < L->yt.n_major; i++)
    {
      g_autofree char *text = augur_chart_ticks_format (&L->yt, L->yt.major[i]);
      show_text (cr, L->layout, text, TICK_PX, FALSE, L->plot.x - TICK_LEN - 4,
                 to_py (L, L->yt.major[i]), 1, 0.5, &style->text);
    }

  if (*xt)
    show_text (cr, L->layout, xt, LABEL_PX, FALSE, L->plot.x + L->plot.w / 2,
               bottom + TICK_LEN + 3 + L->tick_h + 6, 0.5, 0, &style->text);
  if (*yt)
    {
      cairo_save (cr);
      cairo_translate (cr, PAD, L->plot.y + L->plot.h / 2);
      cairo_rotate (cr, -G_PI / 2);
      show_text (cr, L->layout, yt, LABEL_PX, FALSE, 0, 0, 0.5, 0, &style->text);
      cairo_restore (cr);
    }
  if (d->title)
    draw_title (cr, L->layout, d->title, L->plot.x + L->plot.w / 2, width, &style->text);
}

/* The background, or plain white (black) when the target keeps its own. */
static void
set_opaque_background (cairo_t               *cr,
                       const AugurChartStyle *style,
                       double                 alpha)
{
  if (style->background.alpha > 0)
    cairo_set_source_rgba (cr, style->background.red, style->background.green, style->background.blue, alpha);
  else
    cairo_set_source_rgba (cr, style->dark ? 0.12 : 1, style->dark ? 0.12 : 1, style->dark ? 0.12 : 1, alpha);
}

/* A point of series s: a circle, square, diamond, triangle or upside-down
 * triangle (of about the same area), so that series remain told apart
 * where they meet and in grey print. */
static void
draw_point_mark (cairo_t               *cr,
                 const AugurChartStyle *style,
                 guint                  s,
                 double                 x,
                 double                 y,
                 double                 radius)
{
  double r;

  cairo_new_path (cr);
  switch (augur_chart_style_get_series_shape (s))
    {
    case AUGUR_CHART_SHAPE_SQUARE:
      r = radius * 0.89;
      cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      break;
    case AUGUR_CHART_SHAPE_DIAMOND:
      r = radius * 1.25;
      cairo_move_to (cr, x, y - r);
      cairo_line_to (cr, x + r, y);
      cairo_line_to (cr, x, y + r);
      cairo_line_to (cr, x - r, y);
      cairo_close_path (cr);
      break;
    case AUGUR_CHART_SHAPE_TRIANGLE:
    case AUGUR_CHART_SHAPE_TRIANGLE_DOWN:
      {
        double sign = augur_chart_style_get_series_shape (s) == AUGUR_CHART_SHAPE_TRIANGLE ? 1 : -1;

        r = radius * 1.35;
        cairo_move_to (cr, x, y - sign * r);
        cairo_line_to (cr, x + r * 0.866, y + sign * r * 0.5);
        cairo_line_to (cr, x - r * 0.866, y + sign * r * 0.5);
        cairo_close_path (cr);
      }
      break;
    case AUGUR_CHART_SHAPE_CIRCLE:
    default:
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      break;
    }
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1);
  set_opaque_background (cr, style, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_series (cairo_t               *cr,
             const AugurChartData  *d,
             const Layout          *L,
             const AugurChartStyle *style,
             guint                  s)
{
  const Series *se = get_series (d, s);
  double width = se->emphasised ? EMPHASIS_WIDTH : LINE_WIDTH;
  gboolean open = FALSE;

  if (se->style == AUGUR_CHART_SERIES_POINTS)
    {
      /* a scatter: every mark, however many, and nothing joining them */
      set_series_line (cr, style, s, width);
      cairo_set_dash (cr, NULL, 0, 0);
      for (guint i = 0; i < se->n; i++)
        if (valid_point (d, se, i))
          draw_point_mark (cr, style, s, to_px (L, se->x[i]), to_py (L, se->y[i]),
                           se->emphasised ? 3.8 : 2.8);
      return;
    }

  cairo_new_path (cr);
  for (guint i = 0; i < se->n; i++)
    {
      if (!valid_point (d, se, i))
        {
          open = FALSE;
          continue;
        }
      if (open)
        cairo_line_to (cr, to_px (L, se->x[i]), to_py (L, se->y[i]));
      else
        cairo_move_to (cr, to_px (L, se->x[i]), to_py (L, se->y[i]));
      open = TRUE;
    }
  if (se->emphasised)
    {
      /* a halo in the background colour lifts it off the others */
      cairo_path_t *path = cairo_copy_path (cr);
      set_opaque_background (cr, style, 0.85);
      cairo_set_line_width (cr, width + 3);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_stroke (cr);
      cairo_append_path (cr, path);
      cairo_path_destroy (path);
    }
  set_series_line (cr, style, s, width);
  cairo_stroke (cr);

  /* points: all of them when few, and always those standing alone; a
   * curve has no marks, but a sample alone is a dot rather than nothing */
  set_series_line (cr, style, s, width);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < se->n; i++)
    {
      gboolean alone;
      if (!valid_point (d, se, i))
        continue;
      alone = (i == 0 || !valid_point (d, se, i - 1)) && (i + 1 >= se->n || !valid_point (d, se, i + 1));
      if (se->style == AUGUR_CHART_SERIES_LINE)
        {
          if (alone)
            {
              cairo_new_path (cr);
              cairo_arc (cr, to_px (L, se->x[i]), to_py (L, se->y[i]), width, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
      else if (alone || se->n <= MAX_MARKED)
        draw_point_mark (cr, style, s, to_px (L, se->x[i]), to_py (L, se->y[i]),
                         se->emphasised ? 3.8 : 2.8);
    }
}

/* Band b: a translucent fill between its bounds, run by run of whole
 * samples, with its edges a little stronger so that where the interval
 * ends reads clearly, also in print. */
static void
draw_band (cairo_t               *cr,
           const AugurChartData  *d,
           const Layout          *L,
           const AugurChartStyle *style,
           guint                  b)
{
  const Band *band = get_band (d, b);
  AugurChartColor color;
  guint i = 0;

  augur_chart_style_get_series_color (style, band->series, &color, NULL);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* crossed bounds make a twisted outline; its lobes wind in opposite
   * directions and the default (winding) rule fills both */
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  while (i < band->n)
    {
      guint start, end;

      while (i < band->n && !valid_band_sample (d, band, i))
        i++;
      start = i;
      while (i < band->n && valid_band_sample (d, band, i))
        i++;
      end = i;
      if (start == end)
        break;

      cairo_new_path (cr);
      if (end - start == 1)
        {
          /* one sample between gaps: the interval as a bar */
          double x = to_px (L, band->x[start]);
          cairo_move_to (cr, x, to_py (L, band->lower[start]));
          cairo_line_to (cr, x, to_py (L, band->upper[start]));
          cairo_set_line_width (cr, 2);
          set_color (cr, &color, 2 * BAND_ALPHA);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 1);
          continue;
        }
      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->upper[j]));
      for (guint j = end; j-- > start; )
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->lower[j]));
      cairo_close_path (cr);
      set_color (cr, &color, BAND_ALPHA);
      cairo_fill (cr);

      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->upper[j]));
      cairo_new_sub_path (cr);
      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->lower[j]));
      set_color (cr, &color, 2 * BAND_ALPHA);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_marker_lines (cairo_t               *cr,
                   const AugurChartData  *d,
                   const Layout          *L,
                   const AugurChartStyle *style)
{
  static const double dash[] = { 5, 4 };

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_dash (cr, dash, 2, 0);
  set_color (cr, &style->marker, 0.8);
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (!valid (x, d->log_x))
        continue;
      x = round (to_px (L, x)) + 0.5;
      cairo_move_to (cr, x, L->plot.y);
      cairo_line_to (cr, x, L->plot.y + L->plot.h);
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (!valid (y, d->log_y))
        continue;
      y = round (to_py (L, y)) + 0.5;
      cairo_move_to (cr, L->plot.x, y);
      cairo_line_to (cr, L->plot.x + L->plot.w, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_marker_label (cairo_t               *cr,
                   const Layout          *L,
                   const AugurChartStyle *style,
                   const Rect            *box,
                   const char            *label)
{
  if (box->w <= 0)
    return;
  rounded_rect (cr, box, 3);
  set_color (cr, &style->tooltip_background, 0.92);
  cairo_fill_preserve (cr);
  set_color (cr, &style->marker, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  show_text (cr, L->layout, label, MARKER_PX, FALSE, box->x + 5, box->y + 3, 0, 0, &style->text);
}

static void
draw_marker_labels (cairo_t               *cr,
                    const AugurChartData  *d,
                    const Layout          *L,
                    const AugurChartStyle *style)
{
  for (guint m = 0; m < d->markers->len; m++)
    draw_marker_label (cr, L, style, &L->marker_boxes[m], g_array_index (d->markers, Marker, m).label);
  for (guint m = 0; m < d->hlines->len; m++)
    draw_marker_label (cr, L, style, &L->hline_boxes[m], g_array_index (d->hlines, Marker, m).label);
}

static void
draw_legend (cairo_t               *cr,
             const AugurChartData  *d,
             const Layout          *L,
             const AugurChartStyle *style)
{
  guint rows = (legend_n_entries (d) + L->legend_cols - 1) / L->legend_cols;
  guint e = 0;
  double x0 = L->legend_box.x + (L->legend == LEGEND_INSIDE ? 10 : 0);
  double y0 = L->legend_box.y + (L->legend == LEGEND_BELOW ? 4 : 6);

  if (L->legend == LEGEND_INSIDE)
    {
      rounded_rect (cr, &L->legend_box, 4);
      set_color (cr, &style->tooltip_background, 0.92);
      cairo_fill_preserve (cr);
      set_color (cr, &style->grid, 1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  for (guint s = 0; s < legend_n_series (d); s++, e++)
    {
      const Series *se = get_series (d, s);
      guint col = e / rows, row = e % rows;
      double x = x0 + col * L->legend_col_w;
      double y = y0 + row * L->legend_row_h + L->legend_row_h / 2;

      set_series_line (cr, style, s, se->emphasised ? EMPHASIS_WIDTH : LINE_WIDTH);
      if (se->style != AUGUR_CHART_SERIES_POINTS)
        {
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + 30, y);
          cairo_stroke (cr);
        }
      cairo_set_dash (cr, NULL, 0, 0);
      if (se->style == AUGUR_CHART_SERIES_POINTS ||
          (se->style == AUGUR_CHART_SERIES_LINES_AND_POINTS && L->show_points && se->n <= MAX_MARKED))
        draw_point_mark (cr, style, s, x + 15, y, se->emphasised ? 3.8 : 2.8);
      show_text (cr, L->layout, se->name, LEGEND_PX, se->emphasised, x + 38, y, 0, 0.5, &style->text);
    }

  /* a band: a swatch of its fill between its two edges */
  for (guint b = 0; b < d->bands->len; b++)
    {
      const Band *band = get_band (d, b);
      AugurChartColor color;
      guint col = e / rows, row = e % rows;
      double x = x0 + col * L->legend_col_w;
      double y = y0 + row * L->legend_row_h + L->legend_row_h / 2;

      if (*band->name == '\0')
        continue;
      e++;
      augur_chart_style_get_series_color (style, band->series, &color, NULL);
      cairo_rectangle (cr, x, y - 5, 30, 10);
      set_color (cr, &color, BAND_ALPHA);
      cairo_fill (cr);
      cairo_move_to (cr, x, y - 4.5);
      cairo_line_to (cr, x + 30, y - 4.5);
      cairo_move_to (cr, x, y + 4.5);
      cairo_line_to (cr, x + 30, y + 4.5);
      cairo_set_line_width (cr, 1);
      set_color (cr, &color, 2 * BAND_ALPHA);
      cairo_stroke (cr);
      show_text (cr, L->layout, band->name, LEGEND_PX, FALSE, x + 38, y, 0, 0.5, &style->text);
    }
}

static void
draw_hover (cairo_t               *cr,
            const AugurChartData  *d,
            const Layout          *L,
            const AugurChartStyle *style,
            int                    width,
            int                    height)
{
  const Series *se;
  guint s = style->hover_series, i = style->hover_point;
  g_autofree char *xs = NULL, *ys = NULL, *markup = NULL;
  AugurChartColor color;
  double px, py, tw, th;
  Rect box;

  if (style->hover_series < 0 || s >= d->series->len || style->hover_point < 0)
    return;
  se = get_series (d, s);
  if (i >= se->n || !valid_point (d, se, i))
    return;
  px = to_px (L, se->x[i]);
  py = to_py (L, se->y[i]);

  augur_chart_style_get_series_color (style, s, &color, NULL);
  cairo_new_path (cr);
  cairo_arc (cr, px, py, 7, 0, 2 * G_PI);
  set_color (cr, &style->tooltip_background, 0.6);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  cairo_arc (cr, px, py, 3, 0, 2 * G_PI);
  cairo_fill (cr);

  xs = format_value (se->x[i], d->x_unit);
  ys = format_value (se->y[i], d->y_unit);
  markup = g_markup_printf_escaped ("<b>%s</b>\n%s = %s\n%s = %s", se->name,
                                    *d->x_label ? d->x_label : "x", xs,
                                    *d->y_label ? d->y_label : "y", ys);
  augur_draw_set_text (L->layout, "", TICK_PX, FALSE);
  pango_layout_set_markup (L->layout, markup, -1);
  augur_draw_text_size (L->layout, &tw, &th);
  box = (Rect) { px + 12, py - 12 - th - 12, tw + 16, th + 12 };
  if (box.x + box.w > width - 2)
    box.x = px - 12 - box.w;
  if (box.y < 2)
    box.y = py + 12;
  box.x = MAX (2, box.x);
  box.y = MIN (box.y, height - 2 - box.h);

  rounded_rect (cr, &box, 5);
  set_color (cr, &style->tooltip_background, 1);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);
  set_color (cr, &style->text, 1);
  cairo_move_to (cr, box.x + 8, box.y + 6);
  pango_cairo_show_layout (cr, L->layout);
}

static void
draw_message (cairo_t               *cr,
              const Layout          *L,
              const AugurChartData  *d,
              const AugurChartStyle *style,
              int                    width,
              int                    height)
{
  if (d != NULL && d->title)
    draw_title (cr, L->layout, d->title, width / 2.0, width, &style->text);
  cairo_save (cr);
  show_text (cr, L->layout, _("No data to plot"), 15, TRUE, width / 2.0, height / 2.0 - 10, 0.5, 0.5,
             &(AugurChartColor) { style->text.red, style->text.green, style->text.blue, 0.55 });
  augur_draw_set_text (L->layout, _("Results appear here once the model has been solved for a range of values."), 12, FALSE);
  pango_layout_set_width (L->layout, (int) MAX (40, width - 2 * PAD) * PANGO_SCALE);
  pango_layout_set_wrap (L->layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (L->layout, PANGO_ALIGN_CENTER);
  cairo_set_source_rgba (cr, style->text.red, style->text.green, style->text.blue, 0.55);
  cairo_move_to (cr, PAD, height / 2.0 + 4);
  pango_cairo_show_layout (cr, L->layout);
  cairo_restore (cr);
}

void
augur_chart_draw (cairo_t               *cr,
                  int                    width,
                  int                    height,
                  const AugurChartData  *d,
                  const AugurChartStyle *style)
{
  AugurChartStyle default_style;
  Layout L;

  g_return_if_fail (cr != NULL);

  if (style == NULL)
    {
      augur_chart_style_init (&default_style, FALSE);
      style = &default_style;
    }
  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background, 1);
      cairo_paint (cr);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  layout_compute (cr, width, height, d, &L);
  if (L.empty)
    draw_message (cr, &L, d, style, width, height);
  else
    {
      draw_grid (cr, &L, style);
      /* bands under everything that is a line, within the plot */
      cairo_save (cr);
      cairo_rectangle (cr, L.plot.x, L.plot.y, L.plot.w, L.plot.h);
      cairo_clip (cr);
      for (guint b = 0; b < d->bands->len; b++)
        draw_band (cr, d, &L, style, b);
      cairo_restore (cr);
      draw_marker_lines (cr, d, &L, style);

      cairo_save (cr);
      cairo_rectangle (cr, L.plot.x - 6, L.plot.y - 6, L.plot.w + 12, L.plot.h + 12);
      cairo_clip (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      /* Solid curves first, broken ones over them: a curve hidden under
       * another still shows through the gaps.  Scatters over the curves,
       * so that no measurement hides under a fit.  The emphasised one
       * last. */
      for (int pass = 0; pass < 2; pass++)
        for (int scatter = 0; scatter < 2; scatter++)
          for (guint dash = 0; dash < 4; dash++)
            for (guint s = 0; s < d->series->len; s++)
              {
                const Series *se = get_series (d, s);
                guint series_dash;

                augur_chart_style_get_series_color (style, s, NULL, &series_dash);
                if (se->emphasised == (pass == 1) && series_dash == dash &&
                    (se->style == AUGUR_CHART_SERIES_POINTS) == (scatter == 1))
                  draw_series (cr, d, &L, style, s);
              }
      cairo_restore (cr);

      draw_axes (cr, d, &L, style, width);
      draw_marker_labels (cr, d, &L, style);
      if (L.legend != LEGEND_NONE)
        draw_legend (cr, d, &L, style);
      draw_hover (cr, d, &L, style, width, height);
    }
  layout_clear (&L);
  cairo_restore (cr);
}

gboolean
augur_chart_hit (const AugurChartData *d,
                 int                   width,
                 int                   height,
                 double                x,
                 double                y,
                 guint                *series,
                 guint                *point)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Layout L;
  /* tier 0: points with marks (or that could have them); tier 1: curves,
   * hit only where no point of tier 0 is within reach */
  double best[2] = { HIT_RADIUS * HIT_RADIUS, HIT_RADIUS * HIT_RADIUS };
  gboolean found[2] = { FALSE, FALSE };
  guint best_series[2] = { 0, 0 }, best_point[2] = { 0, 0 };

  g_return_val_if_fail (d != NULL, FALSE);
  if (width <= 0 || height <= 0)
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout_compute (cr, width, height, d, &L);
  if (!L.empty)
    for (guint s = 0; s < d->series->len; s++)
      {
        const Series *se = get_series (d, s);
        int tier = se->style == AUGUR_CHART_SERIES_LINE;
        for (guint i = 0; i < se->n; i++)
          {
            double dx, dy, dist;
            if (!valid_point (d, se, i))
              continue;
            dx = to_px (&L, se->x[i]) - x;
            dy = to_py (&L, se->y[i]) - y;
            dist = dx * dx + dy * dy;
            /* ties go to the emphasised series, drawn on top */
            if (dist < best[tier] || (dist == best[tier] && found[tier] && se->emphasised))
              {
                best[tier] = dist;
                found[tier] = TRUE;
                best_series[tier] = s;
                best_point[tier] = i;
              }
          }
      }
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (int tier = 0; tier < 2; tier++)
    if (found[tier])
      {
        if (series)
          *series = best_series[tier];
        if (point)
          *point = best_point[tier];
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_chart_get_point_position (const AugurChartData *d,
                                int                   width,
                                int                   height,
                                guint                 series,
                                guint                 point,
                                double               *x,
                                double               *y)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  const Series *se;
  Layout L;
  gboolean ok;

  g_return_val_if_fail (d != NULL && series < d->series->len, FALSE);
  se = get_series (d, series);
  g_return_val_if_fail (point < se->n, FALSE);
  if (width <= 0 || height <= 0 || !valid_point (d, se, point))
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout_compute (cr, width, height, d, &L);
  ok = !L.empty;
  if (ok)
    {
      if (x)
        *x = to_px (&L, se->x[point]);
      if (y)
        *y = to_py (&L, se->y[point]);
    }
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ok;
}

/* ---- export ----------------------------------------------------------- */

typedef struct {
  AugurChartData *d;
  double          scale;
} ChartDraw;

static void
draw_for_export (cairo_t *cr, int width, int height, gpointer data)
{
  ChartDraw *cd = data;

  cairo_scale (cr, cd->scale, cd->scale);
  augur_chart_draw (cr, (int) round (width / cd->scale), (int) round (height / cd->scale), cd->d, NULL);
}

gboolean
augur_chart_export_scaled (AugurChartData *d,
                           const char     *format,
                           int             width,
                           int             height,
                           double          scale,
                           GOutputStream  *out,
                           GError        **error)
{
  AugurExportFormat f;
  ChartDraw cd = { d, 1.0 };

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  if (f == AUGUR_EXPORT_PNG)
    cd.scale = CLAMP (scale, 0.1, 8.0);
  return augur_export_draw (draw_for_export, &cd, (int) round (width * cd.scale),
                            (int) round (height * cd.scale), f, out, error);
}

gboolean
augur_chart_export (AugurChartData *d,
                    const char     *format,
                    int             width,
                    int             height,
                    GOutputStream  *out,
                    GError        **error)
{
  return augur_chart_export_scaled (d, format, width, height, 1.0, out, error);
}
