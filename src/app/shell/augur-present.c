/* augur-present.c: View -> Present, a document's results full screen.
 *
 * The charts are the views' own widgets, built by the page's kind for each
 * step (augur-<kind>-page-present.c) and scaled as a whole by a small
 * container (PresentScale), so that the Cairo drawing's text grows with
 * the screen as the window's labels do with the style sheet: a chart made
 * for a 1280x720 projector reads from the back of the room, and one for a
 * 1920x1080 one is drawn larger again, never blurred (the drawing is
 * vector, scaled before it is rendered).
 *
 * About 840 lines on purpose: one idea, the presentation window (its steps,
 * their scaling, the keys and the what-if row that re-solves in the page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "augur-chart-view.h"
#include "augur-present.h"
#include "augur-state-diagram-view.h"

/* ---- Steps ---------------------------------------------------------------- */

AugurPresentStep *
augur_present_step_new (const char *title,
                        const char *caption,
                        GtkWidget  *widget)
{
  AugurPresentStep *step = g_new0 (AugurPresentStep, 1);

  g_return_val_if_fail (GTK_IS_WIDGET (widget), step);
  step->title = g_strdup (title);
  step->caption = g_strdup (caption);
  step->widget = g_object_ref_sink (widget);
  return step;
}

void
augur_present_step_free (AugurPresentStep *step)
{
  if (step == NULL)
    return;
  g_free (step->title);
  g_free (step->caption);
  g_clear_object (&step->widget);
  g_free (step);
}

GtkWidget *
augur_present_text_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_add_css_class (label, "present-text");
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_vexpand (label, TRUE);
  return label;
}

AugurPresentStep *
augur_present_diagram_step_new (const char   *title,
                                AugurDiagram *diagram)
{
  GtkWidget *view = augur_state_diagram_view_new ();
  AugurPresentStep *step;

  /* the page drew it: so does the presentation, on a part of it when
   * the whole would draw its labels smaller than a room reads */
  augur_state_diagram_view_set_max_nodes (AUGUR_STATE_DIAGRAM_VIEW (view),
                                          MAX (augur_diagram_get_n_nodes (diagram), 1));
  augur_state_diagram_view_set_min_label_px (AUGUR_STATE_DIAGRAM_VIEW (view), AUGUR_PRESENT_MIN_LABEL_PX);
  augur_state_diagram_view_set_diagram (AUGUR_STATE_DIAGRAM_VIEW (view), diagram);
  step = augur_present_step_new (title, NULL, view);
  /* dragged and zoomed to see the rest */
  step->interactive = TRUE;
  return step;
}

/* ---- The scaling container -------------------------------------------------
 *
 * Its child is allocated a size 1/scale of its own and drawn scaled by
 * scale: everything in it, text included, is scale times larger.  The
 * scale follows the room there is, from 1 (a small window) to 3. */

#define PRESENT_TYPE_SCALE (present_scale_get_type ())
G_DECLARE_FINAL_TYPE (PresentScale, present_scale, PRESENT, SCALE, GtkWidget)

struct _PresentScale
{
  GtkWidget  parent_instance;
  GtkWidget *child;
  double     scale;
  double     max_scale;  /* the step's (0: none) */
};

G_DEFINE_FINAL_TYPE (PresentScale, present_scale, GTK_TYPE_WIDGET)

/* The logical size a step is laid out in before it is scaled: a chart at
 * the chart views' projector size (600x300: a 1280x720 screen's stage
 * gives about 1.6, a 1280x1024 one's 2.0, a 1920x1080 one's about 2.8),
 * anything else (a line of large text, a machine) at a page's size. */
#define PRESENT_LOGICAL_WIDTH  820.0
#define PRESENT_LOGICAL_HEIGHT 380.0

static void
present_scale_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  /* As much as it is given: the window is the screen's size. */
  *minimum = *natural = 0;
}

static void
present_scale_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  PresentScale *self = PRESENT_SCALE (widget);
  gboolean chart = self->child != NULL && AUGUR_IS_CHART_VIEW (self->child);
  double s = chart ? MIN (width / AUGUR_CHART_VIEW_PROJECTOR_WIDTH, height / AUGUR_CHART_VIEW_PROJECTOR_HEIGHT)
                   : MIN (width / PRESENT_LOGICAL_WIDTH, height / PRESENT_LOGICAL_HEIGHT);
  int cw, ch, min_w, min_h;

  self->scale = CLAMP (s, 1.0, 3.0);
  if (self->child == NULL || !gtk_widget_get_visible (self->child))
    return;
  gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  if (self->max_scale > 0)
    self->scale = MAX (1.0, MIN (self->scale, self->max_scale));
  /* A drawing taller than the stage at that scale (a machine of many
   * nodes) is scaled down until it fits rather than cut, down to half
   * its size. */
  for (int i = 0; ; i++)
    {
      cw = (int) floor (width / self->scale);
      ch = (int) floor (height / self->scale);
      cw = MAX (cw, min_w);
      gtk_widget_measure (self->child, GTK_ORIENTATION_VERTICAL, cw, &min_h, NULL, NULL, NULL);
      if (min_h <= ch || i == 3 || self->scale <= 0.5)
        break;
      self->scale = MAX (0.5, self->scale * ch / (double) min_h);
    }
  ch = MAX (ch, min_h);
  gtk_widget_allocate (self->child, cw, ch, -1,
                       gsk_transform_scale (NULL, (float) self->scale, (float) self->scale));
}

static void
present_scale_dispose (GObject *object)
{
  PresentScale *self = PRESENT_SCALE (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (present_scale_parent_class)->dispose (object);
}

static void
present_scale_class_init (PresentScaleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = present_scale_dispose;
  widget_class->measure = present_scale_measure;
  widget_class->size_allocate = present_scale_size_allocate;
}

static void
present_scale_init (PresentScale *self)
{
  self->scale = 1.0;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  /* The stage takes the keyboard, so that Space and the arrows step
   * rather than reach the what-if row's fields. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

/* Shows child (NULL: nothing); the previous child is unparented. */
static void
present_scale_set_child (PresentScale *self,
                         GtkWidget    *child,
                         gboolean      interactive,
                         double        max_scale)
{
  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child == NULL)
    return;
  self->child = child;
  /* an interactive view fits itself to the screen's pixels */
  self->max_scale = interactive ? 1.0 : max_scale;
  /* A projected chart is looked at, not worked with: clicks step the
   * presentation and the keyboard stays on the stage. */
  gtk_widget_set_can_target (child, interactive);
  gtk_widget_set_can_focus (child, interactive);
  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

/* ---- The what-if row -------------------------------------------------------- */

typedef struct
{
  GWeakRef             page;
  char               **names;
  double              *values;       /* as the spin button shows them */
  double              *applied;      /* as the document has them */
  AugurPresentSetFunc  set;
  guint                digits;
  gboolean             factors;      /* values multiply figures: decimals, above 0 */
  GtkWidget           *dropdown;
  GtkWidget           *spin;
  GtkWidget           *problem;
  gulong               spin_handler;
  guint                timeout;
} WhatIf;

static void
whatif_free (gpointer data)
{
  WhatIf *w = data;

  g_clear_handle_id (&w->timeout, g_source_remove);
  g_weak_ref_clear (&w->page);
  g_strfreev (w->names);
  g_free (w->values);
  g_free (w->applied);
  g_free (w);
}

static void
whatif_set_range (WhatIf *w,
                  double  value)
{
  double mag = fabs (value) > 0 ? pow (10, floor (log10 (fabs (value)))) : 1.0;
  gboolean whole = value == floor (value);

  /* Steps of a tenth of the value's magnitude (whole steps for a whole
   * number: atoms, ranks), from 0 (or the value, when it is negative) to a
   * thousand times it; decimals only for a value that has them. */
  g_signal_handler_block (w->spin, w->spin_handler);
  if (w->factors)
    {
      /* ×1 is no whole count: ×0.5 must be reachable, ×0 never */
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (w->spin), w->digits);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (w->spin), pow (10, -(double) w->digits), 1000);
      gtk_spin_button_set_increments (GTK_SPIN_BUTTON (w->spin), 0.1, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (w->spin), value);
      g_signal_handler_unblock (w->spin, w->spin_handler);
      return;
    }
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (w->spin), whole ? 0 : w->digits);
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (w->spin), MIN (0.0, value), MAX (1000 * fabs (value), 100.0));
  gtk_spin_button_set_increments (GTK_SPIN_BUTTON (w->spin), whole ? MAX (1.0, mag / 10) : mag / 10, mag);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (w->spin), value);
  g_signal_handler_unblock (w->spin, w->spin_handler);
}

static gboolean
whatif_apply (gpointer data)
{
  WhatIf *w = data;
  g_autoptr(AugurPage) page = g_weak_ref_get (&w->page);
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (w->dropdown));

  g_autofree char *problem = NULL;

  w->timeout = 0;
  if (page == NULL || i >= g_strv_length (w->names))
    return G_SOURCE_REMOVE;
  problem = w->set (page, w->names[i], w->values[i]);
  if (problem != NULL)
    {
      /* never a value shown that the document does not have */
      w->values[i] = w->applied[i];
      whatif_set_range (w, w->values[i]);
    }
  else
    w->applied[i] = w->values[i];
  gtk_label_set_text (GTK_LABEL (w->problem), problem != NULL ? problem : "");
  gtk_widget_set_visible (w->problem, problem != NULL);
  return G_SOURCE_REMOVE;
}

static void
whatif_value_changed (GtkSpinButton *spin,
                      WhatIf        *w)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (w->dropdown));

  if (i >= g_strv_length (w->names))
    return;
  w->values[i] = gtk_spin_button_get_value (spin);
  /* One run for a burst of changes (an arrow held, digits typed). */
  g_clear_handle_id (&w->timeout, g_source_remove);
  w->timeout = g_timeout_add (350, whatif_apply, w);
}

static void
whatif_selected (GtkDropDown *dropdown,
                 GParamSpec  *pspec,
                 WhatIf      *w)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (i < g_strv_length (w->names))
    whatif_set_range (w, w->values[i]);
}

GtkWidget *
augur_present_whatif_new (AugurPage           *page,
                          const char          *label,
                          const char *const   *names,
                          const double        *values,
                          guint                digits,
                          AugurPresentSetFunc  set)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  WhatIf *w = g_new0 (WhatIf, 1);
  guint n = g_strv_length ((char **) names);

  g_return_val_if_fail (AUGUR_IS_PAGE (page) && set != NULL && n > 0, box);
  g_weak_ref_init (&w->page, page);
  w->names = g_strdupv ((char **) names);
  w->values = g_memdup2 (values, n * sizeof (double));
  w->applied = g_memdup2 (values, n * sizeof (double));
  w->set = set;
  w->digits = digits;
  gtk_widget_add_css_class (box, "present-whatif");
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), gtk_label_new (label));
  w->dropdown = gtk_drop_down_new_from_strings (names);
  gtk_accessible_update_property (GTK_ACCESSIBLE (w->dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Parameter"), -1);
  gtk_box_append (GTK_BOX (box), w->dropdown);
  gtk_box_append (GTK_BOX (box), gtk_label_new ("="));
  w->spin = gtk_spin_button_new_with_range (0, 100, 1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (w->spin), digits);
  gtk_editable_set_width_chars (GTK_EDITABLE (w->spin), 10);
  gtk_accessible_update_property (GTK_ACCESSIBLE (w->spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Value"), -1);
  w->spin_handler = g_signal_connect (w->spin, "value-changed", G_CALLBACK (whatif_value_changed), w);
  gtk_box_append (GTK_BOX (box), w->spin);
  w->problem = gtk_label_new (NULL);
  gtk_widget_add_css_class (w->problem, "error");
  gtk_label_set_wrap (GTK_LABEL (w->problem), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (w->problem), 60);
  gtk_widget_set_visible (w->problem, FALSE);
  gtk_box_append (GTK_BOX (box), w->problem);
  whatif_set_range (w, w->values[0]);
  g_signal_connect (w->dropdown, "notify::selected", G_CALLBACK (whatif_selected), w);
  g_object_set_data_full (G_OBJECT (box), "augur-present-whatif", w, whatif_free);
  return box;
}

void
augur_present_whatif_set_factors (GtkWidget *row)
{
  WhatIf *w = g_object_get_data (G_OBJECT (row), "augur-present-whatif");

  g_return_if_fail (w != NULL);
  w->factors = TRUE;
  whatif_set_range (w, w->values[gtk_drop_down_get_selected (GTK_DROP_DOWN (w->dropdown))]);
}

/* ---- The presentation --------------------------------------------------------- */

struct _AugurPresent
{
  GtkWindow   parent_instance;

  AugurPage  *page;          /* weak */
  GPtrArray  *steps;         /* AugurPresentStep */
  guint       step;
  char       *title;
  char       *caption;

  GtkWidget  *title_label;
  GtkWidget  *counter_label;
  GtkWidget  *caption_label;
  GtkWidget  *stage;         /* PresentScale */
  GtkWidget  *empty_box;
  GtkWidget  *empty_label;
  GtkWidget  *run_button;
  GtkWidget  *busy_box;
  GtkWidget  *stale_box;
  GtkWidget  *stale_label;
  GtkWidget  *stale_button;
  GtkWidget  *whatif;
  /* A run of the page ended since the presentation opened: no steps then
   * means that run gave no result (a what-if value the model refuses),
   * not that the document was never run. */
  gboolean    ran;
};

G_DEFINE_FINAL_TYPE (AugurPresent, augur_present, GTK_TYPE_WINDOW)

/* How much of a result that is being replaced still shows. */
#define PRESENT_OUTDATED_OPACITY 0.3
/* How much of a result of the model before its last change shows: read,
 * but not taken for the model's as it is. */
#define PRESENT_STALE_OPACITY 0.5

/* Whether the page shows results of another state of its document (an
 * edit, a what-if changed since they were computed). */
static gboolean
page_results_stale (AugurPage *page)
{
  GtkWidget *area;

  for (guint i = 0; (area = augur_page_get_result_area (page, i)) != NULL; i++)
    if (augur_page_result_area_is_stale (page, area))
      return TRUE;
  return FALSE;
}

/* A chart is never shown as the document's when it is not: while a run
 * goes the row says it is computing, and after an edit not run yet it
 * says so. */
static void
present_update_state (AugurPresent *self)
{
  gboolean running = self->page != NULL && augur_page_get_running (self->page);
  AugurPresentStep *shown = self->steps->len > 0 ? g_ptr_array_index (self->steps, MIN (self->step, self->steps->len - 1))
                                                 : NULL;
  gboolean stale = FALSE;
  const char *rerun = NULL;

  /* The step's own area: after a what-if the evaluation shown is the new
   * one while a sweep's plot is of the value before; each is said as it
   * is, never the whole presentation at once. */
  if (self->page != NULL && shown != NULL)
    stale = shown->area != NULL ? augur_page_result_area_is_stale (self->page, shown->area)
                                : page_results_stale (self->page);
  if (stale && shown->area != NULL)
    rerun = augur_page_result_area_get_rerun_action (self->page, shown->area);

  /* A sweep is run on its own (a what-if runs the model, not the sweep):
   * the note says which, and its button does what the page's banner's
   * does, the sweep again or a run. */
  if (rerun != NULL && g_str_has_prefix (rerun, "page.sweep"))
    {
      gtk_label_set_text (GTK_LABEL (self->stale_label),
                          _("This sweep is of the model before its last change: sweep again to see the model as it is."));
      gtk_button_set_label (GTK_BUTTON (self->stale_button), _("_Sweep Again"));
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->stale_label),
                          _("These results are of the model before its last change: run it again "
                            "to see the model as it is."));
      gtk_button_set_label (GTK_BUTTON (self->stale_button), _("_Run Again"));
    }
  gtk_widget_set_visible (self->busy_box, running);
  gtk_widget_set_visible (self->stale_box, stale && !running);
  /* While the what-if's run goes, the row already shows its new value:
   * the chart and its caption (the main number) are of the value before,
   * and are faded until the new result replaces them, so that nobody in
   * the room reads them as the new value's. */
  gtk_widget_set_opacity (self->stage, running ? PRESENT_OUTDATED_OPACITY : stale ? PRESENT_STALE_OPACITY : 1.0);
  gtk_widget_set_opacity (self->caption_label, running ? PRESENT_OUTDATED_OPACITY : 1.0);
  gtk_widget_set_sensitive (self->run_button, !running);
}

/* The title as the room reads it: what the step shows in large type, the
 * document's name after it smaller (a name is often a sentence: "Pipeline
 * mapping, slow third processor (table 5.1)"), so that both fit on two
 * lines rather than the name be cut. */
static void
present_set_title_label (AugurPresent *self,
                         const char   *shown)
{
  g_autofree char *markup = NULL;

  if (shown == NULL || !g_str_has_prefix (self->title, shown) || self->title[strlen (shown)] == '\0')
    {
      gtk_label_set_text (GTK_LABEL (self->title_label), self->title);
      return;
    }
  markup = g_markup_printf_escaped ("%s<span size=\"70%%\" weight=\"normal\">%s</span>",
                                    shown, self->title + strlen (shown));
  gtk_label_set_markup (GTK_LABEL (self->title_label), markup);
}

static void
present_show_step (AugurPresent *self)
{
  const char *model = self->page != NULL ? augur_page_get_title (self->page) : NULL;
  guint n = self->steps->len;

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->caption, g_free);
  if (n == 0)
    {
      g_autofree char *text = NULL;

      self->title = g_strdup (model != NULL ? model : "");
      if (self->ran)
        text = g_strdup_printf (_("The last run of “%s” gave no result: its page says why."), self->title);
      else
        text = g_strdup_printf (_("“%s” has no result to present yet: run it first."), self->title);
      gtk_label_set_text (GTK_LABEL (self->empty_label), text);
      present_scale_set_child (PRESENT_SCALE (self->stage), NULL, FALSE, 0);
      gtk_widget_set_visible (self->stage, FALSE);
      gtk_widget_set_visible (self->empty_box, TRUE);
      gtk_label_set_text (GTK_LABEL (self->counter_label), "");
    }
  else
    {
      AugurPresentStep *step = g_ptr_array_index (self->steps, MIN (self->step, n - 1));
      g_autofree char *counter = g_strdup_printf (_("%u of %u"), MIN (self->step, n - 1) + 1, n);

      self->title = model != NULL && *model != '\0'
                      ? g_strdup_printf (_("%s — %s"), step->title, model) : g_strdup (step->title);
      self->caption = g_strdup (step->caption);
      gtk_widget_set_visible (self->empty_box, FALSE);
      gtk_widget_set_visible (self->stage, TRUE);
      present_scale_set_child (PRESENT_SCALE (self->stage), step->widget, step->interactive, step->max_scale);
      gtk_label_set_text (GTK_LABEL (self->counter_label), counter);
    }
  present_set_title_label (self, n > 0 ? ((AugurPresentStep *) g_ptr_array_index (self->steps, MIN (self->step, n - 1)))->title
                                        : NULL);
  gtk_label_set_text (GTK_LABEL (self->caption_label), self->caption != NULL ? self->caption : "");
  gtk_widget_set_visible (self->caption_label, self->caption != NULL);
  present_update_state (self);
  {
    g_autofree char *window_title = g_strdup_printf (_("Presentation — %s"), self->title);
    gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
}

/* The steps built again from the page's result; the step shown stays (by
 * its title) when the new result still has it. */
static void
present_refresh (AugurPresent *self)
{
  g_autofree char *shown = NULL;

  if (self->steps->len > 0 && self->step < self->steps->len)
    shown = g_strdup (((AugurPresentStep *) g_ptr_array_index (self->steps, self->step))->title);
  present_scale_set_child (PRESENT_SCALE (self->stage), NULL, FALSE, 0);
  g_ptr_array_unref (self->steps);
  self->steps = self->page != NULL ? augur_page_get_present_steps (self->page)
                                   : g_ptr_array_new_with_free_func ((GDestroyNotify) augur_present_step_free);
  for (guint i = 0; shown != NULL && i < self->steps->len; i++)
    if (g_strcmp0 (((AugurPresentStep *) g_ptr_array_index (self->steps, i))->title, shown) == 0)
      {
        self->step = i;
        break;
      }
  if (self->step >= self->steps->len)
    self->step = self->steps->len > 0 ? self->steps->len - 1 : 0;
  present_show_step (self);
}

static void
page_finished_cb (AugurPage    *page,
                  AugurPresent *self)
{
  self->ran = TRUE;
  present_refresh (self);
}

static void
page_running_cb (AugurPage    *page,
                 GParamSpec   *pspec,
                 AugurPresent *self)
{
  present_update_state (self);
}

static void
page_gone_cb (gpointer  data,
              GObject  *where_the_page_was)
{
  AugurPresent *self = data;

  self->page = NULL;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
run_clicked_cb (GtkButton    *button,
                AugurPresent *self)
{
  if (self->page != NULL && !augur_page_get_running (self->page))
    augur_page_run (self->page);
}

static void
stale_clicked_cb (GtkButton    *button,
                  AugurPresent *self)
{
  AugurPresentStep *shown;

  if (self->page == NULL || self->steps->len == 0 || augur_page_get_running (self->page))
    return;
  shown = g_ptr_array_index (self->steps, MIN (self->step, self->steps->len - 1));
  if (shown->area != NULL)
    augur_page_result_area_rerun (self->page, shown->area);
  else
    augur_page_run (self->page);
  gtk_widget_grab_focus (self->stage);
}

static void
present_move (AugurPresent *self,
              int           delta)
{
  guint n = self->steps->len;
  int to = (int) self->step + delta;

  if (n == 0)
    return;
  augur_present_set_step (self, (guint) CLAMP (to, 0, (int) n - 1));
}

static gboolean
key_next (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  present_move (AUGUR_PRESENT (widget), 1);
  return TRUE;
}

static gboolean
key_previous (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  present_move (AUGUR_PRESENT (widget), -1);
  return TRUE;
}

static gboolean
key_first (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  augur_present_set_step (AUGUR_PRESENT (widget), 0);
  return TRUE;
}

static gboolean
key_last (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  AugurPresent *self = AUGUR_PRESENT (widget);

  augur_present_set_step (self, self->steps->len > 0 ? self->steps->len - 1 : 0);
  return TRUE;
}

static gboolean
key_leave (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  gtk_window_destroy (GTK_WINDOW (widget));
  return TRUE;
}

static void
add_key (GtkEventController *controller,
         guint               keyval,
         GtkShortcutFunc     func)
{
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                                          gtk_callback_action_new (func, NULL, NULL)));
}

static void
present_keys_install (AugurPresent *self)
{
  GtkEventController *capture = gtk_shortcut_controller_new ();
  GtkEventController *bubble = gtk_shortcut_controller_new ();

  /* Page Down and Up and Escape always step or leave (a spin button would
   * take Page Down and Up for its own); the others only when the focus is
   * not in a field that uses them. */
  gtk_event_controller_set_propagation_phase (capture, GTK_PHASE_CAPTURE);
  add_key (capture, GDK_KEY_Page_Down, key_next);
  add_key (capture, GDK_KEY_KP_Page_Down, key_next);
  add_key (capture, GDK_KEY_Page_Up, key_previous);
  add_key (capture, GDK_KEY_KP_Page_Up, key_previous);
  add_key (capture, GDK_KEY_Escape, key_leave);
  add_key (bubble, GDK_KEY_Right, key_next);
  add_key (bubble, GDK_KEY_Down, key_next);
  add_key (bubble, GDK_KEY_space, key_next);
  add_key (bubble, GDK_KEY_Left, key_previous);
  add_key (bubble, GDK_KEY_Up, key_previous);
  add_key (bubble, GDK_KEY_BackSpace, key_previous);
  add_key (bubble, GDK_KEY_Home, key_first);
  add_key (bubble, GDK_KEY_End, key_last);
  gtk_widget_add_controller (GTK_WIDGET (self), capture);
  gtk_widget_add_controller (GTK_WIDGET (self), bubble);
}

static void
stage_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  AugurPresent    *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (self->stage);
  present_move (self, button == GDK_BUTTON_SECONDARY ? -1 : 1);
}

static void
augur_present_dispose (GObject *object)
{
  AugurPresent *self = AUGUR_PRESENT (object);

  if (self->page != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->page, self);
      g_object_weak_unref (G_OBJECT (self->page), page_gone_cb, self);
      self->page = NULL;
    }
  if (self->stage != NULL)
    present_scale_set_child (PRESENT_SCALE (self->stage), NULL, FALSE, 0);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  G_OBJECT_CLASS (augur_present_parent_class)->dispose (object);
}

static void
augur_present_finalize (GObject *object)
{
  AugurPresent *self = AUGUR_PRESENT (object);

  g_free (self->title);
  g_free (self->caption);
  G_OBJECT_CLASS (augur_present_parent_class)->finalize (object);
}

static void
augur_present_class_init (AugurPresentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = augur_present_dispose;
  object_class->finalize = augur_present_finalize;
}

static void
augur_present_init (AugurPresent *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  GtkWidget *spinner, *busy_label, *hint;
  GtkGesture *click;

  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_present_step_free);
  gtk_widget_add_css_class (GTK_WIDGET (self), "augur-present");
  gtk_widget_add_css_class (box, "present-box");

  self->title_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->title_label, "present-title");
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  /* A document's name is often a sentence ("Pipeline mapping, slow third
   * processor (table 5.1)"), and French titles are longer still: the
   * title takes a second line rather than lose the end of the name the
   * room is told about; only a third is cut. */
  gtk_label_set_wrap (GTK_LABEL (self->title_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->title_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (self->title_label), 2);
  gtk_label_set_ellipsize (GTK_LABEL (self->title_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (self->title_label, TRUE);
  gtk_box_append (GTK_BOX (header), self->title_label);
  self->counter_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->counter_label, "present-counter");
  /* beside the title's first line when it takes two */
  gtk_widget_set_valign (self->counter_label, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (header), self->counter_label);
  gtk_box_append (GTK_BOX (box), header);

  self->caption_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->caption_label, "present-caption");
  gtk_label_set_xalign (GTK_LABEL (self->caption_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->caption_label), TRUE);
  gtk_box_append (GTK_BOX (box), self->caption_label);

  self->stage = g_object_new (PRESENT_TYPE_SCALE, NULL);
  gtk_widget_add_css_class (self->stage, "present-stage");
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (stage_pressed_cb), self);
  gtk_widget_add_controller (self->stage, GTK_EVENT_CONTROLLER (click));
  gtk_box_append (GTK_BOX (box), self->stage);

  self->empty_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_set_vexpand (self->empty_box, TRUE);
  gtk_widget_set_valign (self->empty_box, GTK_ALIGN_CENTER);
  self->empty_label = augur_present_text_new (NULL);
  gtk_widget_set_vexpand (self->empty_label, FALSE);
  gtk_box_append (GTK_BOX (self->empty_box), self->empty_label);
  self->run_button = gtk_button_new_with_mnemonic (_("_Run It Now"));
  gtk_widget_add_css_class (self->run_button, "suggested-action");
  gtk_widget_set_halign (self->run_button, GTK_ALIGN_CENTER);
  g_signal_connect (self->run_button, "clicked", G_CALLBACK (run_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->empty_box), self->run_button);
  gtk_widget_set_visible (self->empty_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->empty_box);

  self->busy_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (self->busy_box, GTK_ALIGN_CENTER);
  spinner = gtk_spinner_new ();
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_box_append (GTK_BOX (self->busy_box), spinner);
  busy_label = gtk_label_new (_("Computing the new result…"));
  gtk_box_append (GTK_BOX (self->busy_box), busy_label);
  gtk_widget_add_css_class (self->busy_box, "present-busy");
  gtk_widget_set_visible (self->busy_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->busy_box);
  self->stale_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (self->stale_box, "present-stale");
  gtk_widget_set_halign (self->stale_box, GTK_ALIGN_CENTER);
  self->stale_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->stale_label, "warning");
  gtk_label_set_wrap (GTK_LABEL (self->stale_label), TRUE);
  gtk_widget_set_hexpand (self->stale_label, TRUE);
  gtk_box_append (GTK_BOX (self->stale_box), self->stale_label);
  self->stale_button = gtk_button_new_with_mnemonic (_("_Run Again"));
  gtk_widget_set_valign (self->stale_button, GTK_ALIGN_CENTER);
  g_signal_connect (self->stale_button, "clicked", G_CALLBACK (stale_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->stale_box), self->stale_button);
  gtk_widget_set_visible (self->stale_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->stale_box);

  /* The keys are said where there is nothing else to show, and in the
   * counter's tooltip: every line taken from the chart is lost to the room. */
  hint = gtk_label_new (_("Page Down or a click: next · Page Up: previous · Esc: leave"));
  gtk_widget_add_css_class (hint, "present-hint");
  gtk_box_append (GTK_BOX (self->empty_box), hint);
  gtk_widget_set_tooltip_text (self->counter_label, gtk_label_get_text (GTK_LABEL (hint)));

  gtk_window_set_child (GTK_WINDOW (self), box);
  present_keys_install (self);
}

GtkWidget *
augur_present_new (GtkWindow *parent,
                   AugurPage *page)
{
  AugurPresent *self;
  GdkDisplay *display;
  GdkMonitor *monitor = NULL;
  GdkRectangle geometry = { 0, 0, 1280, 720 };

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  self = g_object_new (AUGUR_TYPE_PRESENT, NULL);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
    }
  display = parent != NULL ? gtk_widget_get_display (GTK_WIDGET (parent)) : gdk_display_get_default ();
  if (parent != NULL && gtk_native_get_surface (GTK_NATIVE (parent)) != NULL)
    monitor = gdk_display_get_monitor_at_surface (display, gtk_native_get_surface (GTK_NATIVE (parent)));
  if (monitor == NULL && g_list_model_get_n_items (gdk_display_get_monitors (display)) > 0)
    {
      g_autoptr(GdkMonitor) first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
      monitor = first;
    }
  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &geometry);
  /* Type for the back of the room: larger again on a full-HD projector. */
  if (geometry.height >= 1000)
    gtk_widget_add_css_class (GTK_WIDGET (self), "present-large");
  gtk_window_set_default_size (GTK_WINDOW (self), geometry.width, geometry.height);
  if (monitor != NULL)
    gtk_window_fullscreen_on_monitor (GTK_WINDOW (self), monitor);
  else
    gtk_window_fullscreen (GTK_WINDOW (self));

  self->page = page;
  g_object_weak_ref (G_OBJECT (page), page_gone_cb, self);
  g_signal_connect (page, "finished", G_CALLBACK (page_finished_cb), self);
  g_signal_connect (page, "notify::running", G_CALLBACK (page_running_cb), self);
  g_signal_connect_swapped (page, "notify::title", G_CALLBACK (present_show_step), self);

  self->whatif = augur_page_get_present_whatif (page);
  if (self->whatif != NULL)
    {
      GtkWidget *box = gtk_window_get_child (GTK_WINDOW (self));
      /* The row stays at the bottom. */
      gtk_box_append (GTK_BOX (box), self->whatif);
    }
  present_refresh (self);
  page_running_cb (page, NULL, self);
  gtk_widget_grab_focus (self->stage);
  return GTK_WIDGET (self);
}

AugurPage *
augur_present_get_page (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return self->page;
}

guint
augur_present_get_n_steps (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), 0);
  return self->steps->len;
}

guint
augur_present_get_step (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), 0);
  return self->step;
}

void
augur_present_set_step (AugurPresent *self,
                        guint         i)
{
  g_return_if_fail (AUGUR_IS_PRESENT (self));
  if (self->steps->len == 0)
    return;
  self->step = MIN (i, self->steps->len - 1);
  present_show_step (self);
}

const char *
augur_present_get_title (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return self->title;
}

const char *
augur_present_get_caption (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return self->caption;
}

GtkWidget *
augur_present_get_step_widget (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return PRESENT_SCALE (self->stage)->child;
}

GtkWidget *
augur_present_get_whatif (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return self->whatif;
}

GtkWidget *
augur_present_get_stale_button (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return gtk_widget_get_visible (self->stale_box) ? self->stale_button : NULL;
}

GtkWidget *
augur_present_get_run_button (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), NULL);
  return self->run_button;
}

double
augur_present_get_scale (AugurPresent *self)
{
  g_return_val_if_fail (AUGUR_IS_PRESENT (self), 1.0);
  return PRESENT_SCALE (self->stage)->scale;
}
