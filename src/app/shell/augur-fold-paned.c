/* augur-fold-paned.c: a page's main pane that gives way before anything
 * is cut.
 *
 * Each child of the paned is put in a folding container (AugurFoldBin)
 * that shows either the child or, when it is folded, a narrow strip that
 * is one button.  The side's container asks only for the strip's width,
 * so the paned (and the window) never need both minimums at once; given
 * less than its child's minimum, it shows the strip instead of cutting the
 * child (nothing is ever allocated below its minimum).  After each
 * allocation, the paned's width is compared with what both panes need and
 * the divider moved: the folded side shrinks to its strip, the results get
 * the room, and the side opens again when the room returns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-fold-paned.h"

typedef struct _FoldState FoldState;

#define AUGUR_TYPE_FOLD_BIN (augur_fold_bin_get_type ())
G_DECLARE_FINAL_TYPE (AugurFoldBin, augur_fold_bin, AUGUR, FOLD_BIN, GtkWidget)

struct _AugurFoldBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  GtkWidget *strip;
  gboolean   folds_itself;   /* the side: folds when given too little */
  gboolean   forced;         /* folded on request (the results, swapped) */
  gboolean   folded;         /* the strip is shown now */
  FoldState *state;
};

struct _FoldState
{
  GtkPaned     *paned;
  GtkPackType   side;
  AugurFoldBin *side_bin;
  AugurFoldBin *results_bin;
  int           wanted;        /* the side's width before it folded */
  int           last_width;
  int           last_results_min;
  gboolean      swapped;       /* the side shown, the results folded */
  guint         idle;
};

G_DEFINE_FINAL_TYPE (AugurFoldBin, augur_fold_bin, GTK_TYPE_WIDGET)

static void state_queue_check (FoldState *state);

static int
min_width (GtkWidget *widget)
{
  int min = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

static void
augur_fold_bin_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  AugurFoldBin *self = AUGUR_FOLD_BIN (widget);
  int strip_min, strip_nat, child_min, child_nat;

  gtk_widget_measure (self->strip, orientation, -1, &strip_min, &strip_nat, NULL, NULL);
  if (self->forced)
    {
      *minimum = strip_min;
      *natural = strip_nat;
      return;
    }
  /* the child is measured only for a width it can take */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0 && for_size < min_width (self->child))
    for_size = -1;
  gtk_widget_measure (self->child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->folds_itself)
    *minimum = strip_min;
  else
    *minimum = MAX (child_min, strip_min);
  *natural = MAX (child_nat, strip_nat);
}

static void
augur_fold_bin_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  AugurFoldBin *self = AUGUR_FOLD_BIN (widget);
  int child_w = min_width (self->child), child_h = 0, strip_w = min_width (self->strip);
  gboolean folded = self->forced || width < child_w;

  gtk_widget_set_child_visible (self->child, !folded);
  gtk_widget_set_child_visible (self->strip, folded);
  if (folded)
    {
      /* the hidden child keeps a size it can take, out of sight */
      child_w = MAX (width, child_w);
      gtk_widget_measure (self->child, GTK_ORIENTATION_VERTICAL, child_w, &child_h, NULL, NULL, NULL);
      gtk_widget_size_allocate (self->child, &(GtkAllocation) { 0, 0, child_w, MAX (height, child_h) }, -1);
      gtk_widget_size_allocate (self->strip, &(GtkAllocation) { 0, 0, width, height }, -1);
    }
  else
    {
      gtk_widget_size_allocate (self->child, &(GtkAllocation) { 0, 0, width, height }, baseline);
      gtk_widget_size_allocate (self->strip, &(GtkAllocation) { 0, 0, MIN (width, strip_w), height }, -1);
    }
  self->folded = folded;
  if (self->state != NULL)
    state_queue_check (self->state);
}

static void
augur_fold_bin_dispose (GObject *object)
{
  AugurFoldBin *self = AUGUR_FOLD_BIN (object);

  if (self->state != NULL)
    {
      g_clear_handle_id (&self->state->idle, g_source_remove);
      if (self->state->side_bin == self)
        self->state->side_bin = NULL;
      else
        self->state->results_bin = NULL;
      self->state = NULL;
    }
  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_pointer (&self->strip, gtk_widget_unparent);
  G_OBJECT_CLASS (augur_fold_bin_parent_class)->dispose (object);
}

static void
augur_fold_bin_class_init (AugurFoldBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_fold_bin_dispose;
  widget_class->measure = augur_fold_bin_measure;
  widget_class->size_allocate = augur_fold_bin_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "augurfoldbin");
}

static void
augur_fold_bin_init (AugurFoldBin *self)
{
}

static AugurFoldBin *
fold_bin_new (GtkWidget  *child,
              gboolean    folds_itself,
              const char *icon,
              const char *label)
{
  AugurFoldBin *self = g_object_new (AUGUR_TYPE_FOLD_BIN, NULL);
  GtkWidget *image = gtk_image_new_from_icon_name (icon);

  self->folds_itself = folds_itself;
  self->child = child;
  gtk_widget_set_parent (child, GTK_WIDGET (self));
  self->strip = gtk_button_new ();
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_widget_set_margin_top (image, 6);
  gtk_button_set_child (GTK_BUTTON (self->strip), image);
  gtk_widget_add_css_class (self->strip, "flat");
  gtk_widget_add_css_class (self->strip, "augur-fold-strip");
  gtk_widget_set_tooltip_text (self->strip, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->strip), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_child_visible (self->strip, FALSE);
  gtk_widget_set_parent (self->strip, GTK_WIDGET (self));
  return self;
}

/* ---- The rule --------------------------------------------------------- */

static int
paned_handle (FoldState *state)
{
  int width = gtk_widget_get_width (GTK_WIDGET (state->paned));
  int side = gtk_widget_get_width (GTK_WIDGET (state->side_bin));
  int results = gtk_widget_get_width (GTK_WIDGET (state->results_bin));

  return side > 0 && results > 0 ? MAX (0, width - side - results) : 1;
}

/* Gives the side width px (within what the results leave). */
static void
set_side_width (FoldState *state,
                int        width)
{
  int total = gtk_widget_get_width (GTK_WIDGET (state->paned)) - paned_handle (state);
  int results_min = min_width (GTK_WIDGET (state->results_bin));

  width = CLAMP (width, min_width (state->side_bin->strip), MAX (0, total - results_min));
  gtk_paned_set_position (state->paned, state->side == GTK_PACK_START ? width : total - width);
}

static gboolean
has_room (FoldState *state)
{
  int total = gtk_widget_get_width (GTK_WIDGET (state->paned)) - paned_handle (state);

  return total >= min_width (state->side_bin->child) + min_width (state->results_bin->child);
}

static void
unswap (FoldState *state)
{
  state->swapped = FALSE;
  state->results_bin->forced = FALSE;
  gtk_widget_queue_resize (GTK_WIDGET (state->results_bin));
}

static gboolean
state_check (gpointer data)
{
  FoldState *state = data;
  int width, side, results_min;
  gboolean changed;

  state->idle = 0;
  if (state->side_bin == NULL || state->results_bin == NULL)
    return G_SOURCE_REMOVE;
  width = gtk_widget_get_width (GTK_WIDGET (state->paned));
  side = gtk_widget_get_width (GTK_WIDGET (state->side_bin));
  results_min = min_width (state->results_bin->child);
  changed = width != state->last_width || results_min != state->last_results_min;
  if (width <= 0)
    return G_SOURCE_REMOVE;
  state->last_width = width;
  state->last_results_min = results_min;
  if (state->swapped)
    {
      if (has_room (state))
        {
          unswap (state);
          set_side_width (state, MAX (state->wanted, min_width (state->side_bin->child)));
        }
      else if (changed)
        set_side_width (state, width);
    }
  else if (state->side_bin->folded)
    {
      /* only a change of room moves the divider: not a user's drag */
      if (changed && has_room (state))
        set_side_width (state, MAX (state->wanted, min_width (state->side_bin->child)));
      else if (changed && side > min_width (state->side_bin->strip))
        set_side_width (state, 0);
    }
  else
    state->wanted = side;
  return G_SOURCE_REMOVE;
}

static void
state_queue_check (FoldState *state)
{
  if (state->idle == 0)
    state->idle = g_idle_add_full (GDK_PRIORITY_REDRAW + 5, state_check, state, NULL);
}

static void
state_free (gpointer data)
{
  FoldState *state = data;

  g_clear_handle_id (&state->idle, g_source_remove);
  if (state->side_bin != NULL)
    state->side_bin->state = NULL;
  if (state->results_bin != NULL)
    state->results_bin->state = NULL;
  g_free (state);
}

static void
side_strip_clicked (FoldState *state)
{
  if (has_room (state))
    {
      set_side_width (state, MAX (state->wanted, min_width (state->side_bin->child)));
      return;
    }
  /* no room for both: the side takes the pane, the results fold */
  state->swapped = TRUE;
  state->results_bin->forced = TRUE;
  gtk_widget_queue_resize (GTK_WIDGET (state->results_bin));
  gtk_paned_set_position (state->paned, state->side == GTK_PACK_START ? G_MAXINT / 2 : 0);
}

static void
results_strip_clicked (FoldState *state)
{
  unswap (state);
  gtk_paned_set_position (state->paned, state->side == GTK_PACK_START ? 0 : G_MAXINT / 2);
}

void
augur_fold_paned (GtkPaned    *paned,
                  GtkPackType  side)
{
  FoldState *state;
  g_autoptr(GtkWidget) start = NULL;
  g_autoptr(GtkWidget) end = NULL;
  gboolean side_start = side == GTK_PACK_START;

  g_return_if_fail (GTK_IS_PANED (paned));
  g_return_if_fail (gtk_paned_get_start_child (paned) != NULL && gtk_paned_get_end_child (paned) != NULL);
  g_return_if_fail (g_object_get_data (G_OBJECT (paned), "augur-fold") == NULL);

  start = g_object_ref (gtk_paned_get_start_child (paned));
  end = g_object_ref (gtk_paned_get_end_child (paned));
  gtk_paned_set_start_child (paned, NULL);
  gtk_paned_set_end_child (paned, NULL);

  state = g_new0 (FoldState, 1);
  state->paned = paned;
  state->side = side;
  state->wanted = side_start ? gtk_paned_get_position (paned) : 0;
  state->side_bin = fold_bin_new (side_start ? start : end, TRUE,
                                  side_start ? "sidebar-show-symbolic" : "sidebar-show-right-symbolic",
                                  _("Show the Document"));
  state->results_bin = fold_bin_new (side_start ? end : start, FALSE,
                                     side_start ? "sidebar-show-right-symbolic" : "sidebar-show-symbolic",
                                     _("Show the Results"));
  state->side_bin->state = state;
  state->results_bin->state = state;
  g_signal_connect_swapped (state->side_bin->strip, "clicked", G_CALLBACK (side_strip_clicked), state);
  g_signal_connect_swapped (state->results_bin->strip, "clicked", G_CALLBACK (results_strip_clicked), state);

  gtk_paned_set_start_child (paned, GTK_WIDGET (side_start ? state->side_bin : state->results_bin));
  gtk_paned_set_end_child (paned, GTK_WIDGET (side_start ? state->results_bin : state->side_bin));
  /* the containers never take less than they ask for */
  gtk_paned_set_shrink_start_child (paned, FALSE);
  gtk_paned_set_shrink_end_child (paned, FALSE);
  g_object_set_data_full (G_OBJECT (paned), "augur-fold", state, state_free);
}

static GtkWidget *
find_by_id (GtkWidget  *widget,
            const char *id)
{
  if (GTK_IS_PANED (widget) && g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
augur_fold_main_paned (GtkWidget   *page,
                       GtkPackType  side)
{
  GtkWidget *paned = find_by_id (page, "main_paned");

  g_return_if_fail (paned != NULL);
  augur_fold_paned (GTK_PANED (paned), side);
}

static FoldState *
get_state (GtkPaned *paned)
{
  return g_object_get_data (G_OBJECT (paned), "augur-fold");
}

gboolean
augur_fold_paned_side_folded (GtkPaned *paned)
{
  FoldState *state = get_state (paned);

  return state != NULL && state->side_bin != NULL && state->side_bin->folded;
}

gboolean
augur_fold_paned_results_folded (GtkPaned *paned)
{
  FoldState *state = get_state (paned);

  return state != NULL && state->results_bin != NULL && state->results_bin->folded;
}

GtkWidget *
augur_fold_paned_get_side_button (GtkPaned *paned)
{
  FoldState *state = get_state (paned);

  return state != NULL && state->side_bin != NULL ? state->side_bin->strip : NULL;
}

GtkWidget *
augur_fold_paned_get_results_button (GtkPaned *paned)
{
  FoldState *state = get_state (paned);

  return state != NULL && state->results_bin != NULL ? state->results_bin->strip : NULL;
}
