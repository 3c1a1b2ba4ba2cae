/* augur-view-style.c: see augur-view-style.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"

#include <locale.h>

gboolean
augur_view_is_dark (GtkWidget *widget,
                    GdkRGBA   *fg)
{
  GdkRGBA c;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &c);
  if (fg != NULL)
    *fg = c;
  return 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.5;
}

const char *
augur_view_decimal_mark (void)
{
  const char *mark = localeconv ()->decimal_point;

  return mark != NULL && *mark != '\0' ? mark : ".";
}

typedef struct {
  AugurViewHitFunc   hit;
  AugurViewHoverFunc hover;
  AugurViewTipFunc   tip;
  char              *background_tip;
  gboolean           inside;     /* the pointer is over the view */
  double             x, y;       /* where it was last seen */
} Tracker;

static void
tracker_free (gpointer p)
{
  Tracker *t = p;
  g_free (t->background_tip);
  g_free (t);
}

static Tracker *
tracker_of (GtkWidget *view)
{
  return g_object_get_data (G_OBJECT (view), "augur-hover-tracker");
}

static void
track_at (GtkWidget *view,
          Tracker   *t)
{
  int a = -1, b = -1;

  if (!t->inside || !t->hit (view, t->x, t->y, &a, &b))
    a = b = -1;
  t->hover (view, a, b);
}

static void
track_motion (GtkEventControllerMotion *motion,
              double                    x,
              double                    y,
              Tracker                  *t)
{
  t->inside = TRUE;
  t->x = x;
  t->y = y;
  track_at (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion)), t);
}

static void
track_enter (GtkEventControllerMotion *motion,
             double                    x,
             double                    y,
             Tracker                  *t)
{
  track_motion (motion, x, y, t);
}

static void
track_leave (GtkEventControllerMotion *motion,
             Tracker                  *t)
{
  t->inside = FALSE;
  t->hover (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion)), -1, -1);
}

/* The tooltip at (x, y): the item's there, or the background's. */
static char *
tip_at (GtkWidget *view,
        Tracker   *t,
        double     x,
        double     y)
{
  int a, b;

  if (t->hit (view, x, y, &a, &b))
    return t->tip (view, a, b);
  return g_strdup (t->background_tip);
}

static gboolean
track_tooltip (GtkWidget  *view,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip,
               Tracker    *t)
{
  g_autofree char *text = tip_at (view, t, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
augur_view_track_hover (GtkWidget          *view,
                        AugurViewHitFunc    hit,
                        AugurViewHoverFunc  hover,
                        AugurViewTipFunc    tip)
{
  Tracker *t = g_new0 (Tracker, 1);
  GtkEventController *motion = gtk_event_controller_motion_new ();

  t->hit = hit;
  t->hover = hover;
  t->tip = tip;
  g_object_set_data_full (G_OBJECT (view), "augur-hover-tracker", t, tracker_free);
  g_signal_connect (motion, "enter", G_CALLBACK (track_enter), t);
  g_signal_connect (motion, "motion", G_CALLBACK (track_motion), t);
  g_signal_connect (motion, "leave", G_CALLBACK (track_leave), t);
  gtk_widget_add_controller (view, motion);
  gtk_widget_set_has_tooltip (view, TRUE);
  g_signal_connect (view, "query-tooltip", G_CALLBACK (track_tooltip), t);
}

void
augur_view_set_background_tip (GtkWidget  *view,
                               const char *text)
{
  Tracker *t = tracker_of (view);

  g_return_if_fail (t != NULL);
  g_free (t->background_tip);
  t->background_tip = g_strdup (text);
}

void
augur_view_refresh_hover (GtkWidget *view)
{
  Tracker *t = tracker_of (view);

  g_return_if_fail (t != NULL);
  track_at (view, t);
}

char *
augur_view_get_tip_at (GtkWidget *view,
                       double     x,
                       double     y)
{
  Tracker *t = tracker_of (view);
  gboolean inside;
  double seen_x, seen_y;
  char *text;

  g_return_val_if_fail (t != NULL, NULL);
  /* as if the pointer were there: a legend's tip asks where it is */
  inside = t->inside, seen_x = t->x, seen_y = t->y;
  t->inside = TRUE, t->x = x, t->y = y;
  text = tip_at (view, t, x, y);
  t->inside = inside, t->x = seen_x, t->y = seen_y;
  return text;
}

gboolean
augur_view_get_pointer (GtkWidget *view,
                        double    *x,
                        double    *y)
{
  Tracker *t = tracker_of (view);

  g_return_val_if_fail (t != NULL, FALSE);
  if (x != NULL)
    *x = t->x;
  if (y != NULL)
    *y = t->y;
  return t->inside;
}

char *
augur_chart_view_legend_tip (GtkWidget            *view,
                             AugurChartLayoutFunc  get_layout,
                             gconstpointer         chart)
{
  char *tip;
  double x, y;

  if (!augur_view_get_pointer (view, &x, &y))
    return NULL;
  augur_chart_legend_hit_at (get_layout, chart, gtk_widget_get_width (view), gtk_widget_get_height (view), x, y, &tip);
  return tip;
}
