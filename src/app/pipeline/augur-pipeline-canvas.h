/* augur-pipeline-canvas.h: the mapping editor of a pipeline document.
 *
 * Stages are a chain of boxes on top (input → Stage 1 → … → Stage Ns →
 * output, each arrow labelled with its rate λi), processors are boxes
 * below.  Dragging a stage, or the input or output marker, onto a
 * processor maps it there; each item is drawn in the colour of its
 * processor with a line to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pipeline.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_PIPELINE_ITEM_NONE,
  AUGUR_PIPELINE_ITEM_INPUT,
  AUGUR_PIPELINE_ITEM_STAGE,
  AUGUR_PIPELINE_ITEM_OUTPUT,
  AUGUR_PIPELINE_ITEM_PROCESSOR,
} AugurPipelineItem;

#define AUGUR_TYPE_PIPELINE_CANVAS (augur_pipeline_canvas_get_type ())
G_DECLARE_FINAL_TYPE (AugurPipelineCanvas, augur_pipeline_canvas, AUGUR, PIPELINE_CANVAS, GtkWidget)

GtkWidget          *augur_pipeline_canvas_new          (void);

/* The description drawn (copied; NULL shows an empty canvas).  The
 * mapping is clamped to its stages and processors. */
void                augur_pipeline_canvas_set_pipeline (AugurPipelineCanvas *self,
                                                        const AugurPipeline *pipeline);
/* The working mapping.  Setting it emits no signal. */
void                augur_pipeline_canvas_set_mapping  (AugurPipelineCanvas *self,
                                                        const AugurMapping  *mapping);
const AugurMapping *augur_pipeline_canvas_get_mapping  (AugurPipelineCanvas *self);
/* The best mappings of the last evaluation (n_best = 0 forgets them). */
void                augur_pipeline_canvas_set_best     (AugurPipelineCanvas *self,
                                                        const AugurMapping  *best,
                                                        guint                n_best,
                                                        double               throughput,
                                                        gboolean             exhaustive);

/* What a drop does (the drag gesture calls these): maps a stage (0-based),
 * the input or the output onto a processor (0-based) and emits
 * "mapping-changed" when the mapping changed.  Returns whether it did. */
gboolean            augur_pipeline_canvas_drop_stage   (AugurPipelineCanvas *self,
                                                        guint                stage,
                                                        guint                processor);
gboolean            augur_pipeline_canvas_drop_input   (AugurPipelineCanvas *self,
                                                        guint                processor);
gboolean            augur_pipeline_canvas_drop_output  (AugurPipelineCanvas *self,
                                                        guint                processor);

/* Hit testing and geometry in widget coordinates, for the gesture and for
 * tests that synthesize one. */
AugurPipelineItem   augur_pipeline_canvas_pick         (AugurPipelineCanvas *self,
                                                        double               x,
                                                        double               y,
                                                        guint               *index);
gboolean            augur_pipeline_canvas_get_item_bounds (AugurPipelineCanvas *self,
                                                           AugurPipelineItem    item,
                                                           guint                index,
                                                           graphene_rect_t     *bounds);

/* Where the input's or the output's marker draws its label ("output ·
 * P3"), in widget coordinates: inside its marker, so that the dashed line
 * from the marker's foot to its processor never crosses it. */
gboolean            augur_pipeline_canvas_get_label_bounds (AugurPipelineCanvas *self,
                                                            AugurPipelineItem    item,
                                                            graphene_rect_t     *bounds);

/* How many of the data path's labels (the arrows' rates and links, the
 * stages' titles and rates, the input's and output's markers) are
 * ellipsized at the canvas's size, as it draws them: 0 when every one
 * reads whole. */
guint               augur_pipeline_canvas_count_elided_labels (AugurPipelineCanvas *self);
/* The colour of a processor (also used by the side panels). */
void                augur_pipeline_processor_color     (guint                processor,
                                                        GdkRGBA             *color);

G_END_DECLS
