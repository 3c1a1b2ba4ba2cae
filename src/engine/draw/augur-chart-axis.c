/* augur-chart-axis.c: the charts' axes: ticks at 1-2-5 steps or decades,
 * their labels, and the mapping from values (or categories) to pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-chart-layout.h"

#include <math.h>
#include <string.h>

/* ---- ticks ------------------------------------------------------------ */

/* The 1-2-5 value next to v, below it or above it. */
static double
snap_125 (double   v,
          gboolean up)
{
  static const double steps[] = { 1, 2, 5, 10 };
  double mag = pow (10, floor (log10 (v) + 1e-9));
  double m = v / mag;

  if (up)
    {
      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        if (steps[i] >= m * (1 - 1e-9))
          return steps[i] * mag;
      return 10 * mag;
    }
  for (guint i = G_N_ELEMENTS (steps) - 1; i > 0; i--)
    if (steps[i] <= m * (1 + 1e-9))
      return steps[i] * mag;
  return mag;
}

double
augur_chart_nice_step (double raw)
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
      double lmin, lmax, span, stride, range_lo = NAN, range_hi = NAN;
      long dlo, dhi;

      if (max <= 0)
        max = 10;
      if (min <= 0)
        min = max / 10;
      lmin = log10 (min);
      lmax = log10 (max);
      if (lmax - lmin < 1e-9)
        {
          /* one value: half a decade either side (the 1-2-5 ends below
           * are taken from min and max, so they move too) */
          lmin -= 0.5, lmax += 0.5;
          min = pow (10, lmin), max = pow (10, lmax);
        }
      dlo = (long) floor (lmin + 1e-9);
      dhi = (long) ceil (lmax - 1e-9);
      span = dhi - dlo;
      /* data within one decade (1 to 4) also ends at the next 1-2-5 value
       * (5), not at the decade (10), unless that leaves no range */
      if (span <= 1 && !(snap_125 (max, TRUE) > snap_125 (min, FALSE) * (1 + 1e-9)))
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
      else if (span <= 3)
        {
          /* a few decades (sizes from 4 to 128): the axis follows the data
           * to the next 1-2-5 value, not to whole decades or strides of
           * them (4 to 128 on a narrow chart ran from 1 to 100,000);
           * decades labelled, or the 1-2-5 values when one decade is */
          double lo = snap_125 (min, FALSE), hi = snap_125 (max, TRUE);
          guint decades = 0;

          for (long k = dlo; k <= dhi; k++)
            decades += pow (10, k) >= lo * (1 - 1e-9) && pow (10, k) <= hi * (1 + 1e-9);
          for (long k = dlo; k <= dhi; k++)
            for (int m = 1; m <= 9; m++)
              {
                double v = m * pow (10, k);
                gboolean is_major = m == 1 || ((decades < 2 || hi <= lo * 10 * (1 + 1e-9)) && (m == 2 || m == 5));

                if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
                  continue;
                g_array_append_val (is_major ? major : minor, v);
              }
          range_lo = lo;
          range_hi = hi;
          stride = 1;
        }
      else
        {
          stride = span / (max_ticks - 1) <= 1 ? 1 : augur_chart_nice_step (span / (max_ticks - 1));
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
      t->min = isnan (range_lo) ? pow (10, dlo) : range_lo;
      t->max = isnan (range_hi) ? pow (10, dhi) : range_hi;
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
      step = augur_chart_nice_step ((max - min) / (max_ticks - 1));
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
  char format[8], text[G_ASCII_DTOSTR_BUF_SIZE + 320];
  const char *p = text;
  gsize int_digits;

  /* '.' in every locale, as the JSON writes numbers (printf would write
   * "0,5" in French): the layout measures it so, exports and reports
   * print it so, and a view draws it with the user's mark
   * (augur_chart_layout_draw_axes) */
  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 12));
  g_ascii_formatd (text, sizeof text, format, fabs (v));
  int_digits = strspn (text, "0123456789");

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
            {
              char buf[G_ASCII_DTOSTR_BUF_SIZE];

              g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%g", round (mant * 1000) / 1000));
              g_string_append (s, "×");
            }
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


/* ---- axes ------------------------------------------------------------- */

static void
tick_label_clear (gpointer data)
{
  g_free (((AugurChartTickLabel *) data)->text);
}

void
augur_chart_axis_init (AugurChartAxis *axis)
{
  memset (axis, 0, sizeof *axis);
  axis->labels = g_array_new (FALSE, TRUE, sizeof (AugurChartTickLabel));
  g_array_set_clear_func (axis->labels, tick_label_clear);
  axis->label_every = 1;
}

void
augur_chart_axis_clear (AugurChartAxis *axis)
{
  g_clear_pointer (&axis->title, g_free);
  g_clear_pointer (&axis->categories, g_ptr_array_unref);
  g_clear_pointer (&axis->labels, g_array_unref);
  augur_chart_ticks_clear (&axis->ticks);
}

void
augur_chart_axis_set_value (AugurChartAxis *axis,
                            const char     *title,
                            double          min,
                            double          max,
                            gboolean        log)
{
  axis->kind = AUGUR_CHART_AXIS_VALUE;
  g_free (axis->title);
  axis->title = g_strdup (title);
  axis->min = min;
  axis->max = max;
  axis->log = log;
}

void
augur_chart_axis_set_categories (AugurChartAxis     *axis,
                                 const char         *title,
                                 const char * const *labels,
                                 guint               n)
{
  axis->kind = AUGUR_CHART_AXIS_CATEGORY;
  g_free (axis->title);
  axis->title = g_strdup (title);
  g_clear_pointer (&axis->categories, g_ptr_array_unref);
  axis->categories = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (axis->categories, g_strdup (labels[i]));
}

gboolean
augur_chart_axis_has_title (const AugurChartAxis *axis)
{
  return axis->kind != AUGUR_CHART_AXIS_NONE && axis->title != NULL && *axis->title != '\0';
}


double
augur_chart_axis_to_pixel (const AugurChartAxis *axis,
                           double                value)
{
  const AugurChartTicks *t = &axis->ticks;
  double f = 0;

  if (axis->kind == AUGUR_CHART_AXIS_CATEGORY)
    {
      guint n = axis->categories != NULL ? axis->categories->len : 0;
      return axis->start + (value + 0.5) * axis->length / MAX (n, 1u);
    }
  if (t->log && t->min > 0 && t->max > t->min)
    f = (log10 (value) - log10 (t->min)) / (log10 (t->max) - log10 (t->min));
  else if (!t->log && t->max > t->min)
    f = (value - t->min) / (t->max - t->min);
  return axis->vertical ? axis->start + axis->length - f * axis->length : axis->start + f * axis->length;
}
