/* augur-export.h: render any of Augur's pictures to PNG, SVG or PDF.
 *
 * Views never open files: the caller passes an output stream.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "augur-diagram.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_EXPORT_PNG,
  AUGUR_EXPORT_SVG,
  AUGUR_EXPORT_PDF,
} AugurExportFormat;

/* Draws a picture of width x height (pixels for PNG, points for SVG and PDF). */
typedef void (*AugurDrawFunc) (cairo_t *cr,
                               int      width,
                               int      height,
                               gpointer data);

/* "png", "svg", "pdf" (any case); FALSE for anything else. */
gboolean augur_export_format_from_name     (const char        *name,
                                            AugurExportFormat *format);
/* As augur_export_format_from_name(), with the error a user reads
 * (G_IO_ERROR_INVALID_ARGUMENT) for anything else. */
gboolean augur_export_format_parse         (const char        *name,
                                            AugurExportFormat *format,
                                            GError           **error);
/* From a file name's extension. */
gboolean augur_export_format_from_filename (const char        *filename,
                                            AugurExportFormat *format);

gboolean augur_export_draw (AugurDrawFunc      draw,
                            gpointer           data,
                            int                width,
                            int                height,
                            AugurExportFormat  format,
                            GOutputStream     *out,
                            GError           **error);

/* A chart by name of format ("png", "svg", "pdf"): laid out at width x
 * height, a PNG's pixels scaled by scale
 * (e.g. 2 for sharp slides; SVG and PDF are not scaled): what every
 * chart's export shares. */
gboolean augur_export_chart (AugurDrawFunc   draw,
                             gpointer        data,
                             const char     *format,
                             int             width,
                             int             height,
                             double          scale,
                             GOutputStream  *out,
                             GError        **error);

/* The whole diagram at its natural size (PNG at twice that for sharpness);
 * format is "png", "svg" or "pdf". */
gboolean augur_diagram_export (AugurDiagram   *diagram,
                               const char     *format,
                               GOutputStream  *out,
                               GError        **error);

G_END_DECLS
