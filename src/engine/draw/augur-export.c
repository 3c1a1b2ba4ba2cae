/* augur-export.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct {
  GOutputStream *out;
  GError        *error;
} StreamClosure;

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  StreamClosure *sc = closure;

  if (sc->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sc->out, data, length, NULL, NULL, &sc->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
augur_export_format_from_name (const char        *name,
                               AugurExportFormat *format)
{
  if (name == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (name, "png") == 0)
    *format = AUGUR_EXPORT_PNG;
  else if (g_ascii_strcasecmp (name, "svg") == 0)
    *format = AUGUR_EXPORT_SVG;
  else if (g_ascii_strcasecmp (name, "pdf") == 0)
    *format = AUGUR_EXPORT_PDF;
  else
    return FALSE;
  return TRUE;
}

gboolean
augur_export_format_parse (const char        *name,
                           AugurExportFormat *format,
                           GError           **error)
{
  if (augur_export_format_from_name (name, format))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("Unknown picture format “%s” (expected PNG, SVG or PDF)"), name != NULL ? name : "");
  return FALSE;
}

gboolean
augur_export_format_from_filename (const char        *filename,
                                   AugurExportFormat *format)
{
  const char *dot = filename ? strrchr (filename, '.') : NULL;
  return dot != NULL && augur_export_format_from_name (dot + 1, format);
}

static gboolean
finish (cairo_surface_t *surface,
        StreamClosure   *sc,
        GError         **error)
{
  cairo_status_t status;

  cairo_surface_flush (surface);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (sc->error != NULL)
    {
      g_propagate_error (error, sc->error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not draw the picture: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_export_draw (AugurDrawFunc      draw,
                   gpointer           data,
                   int                width,
                   int                height,
                   AugurExportFormat  format,
                   GOutputStream     *out,
                   GError           **error)
{
  StreamClosure sc = { out, NULL };
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (width <= 0 || height <= 0 || width > 32767 || height > 32767)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The picture size %d × %d is out of range"), width, height);
      return FALSE;
    }

  switch (format)
    {
    case AUGUR_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_stream, &sc, width, height);
      break;
    case AUGUR_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_stream, &sc, width, height);
      break;
    case AUGUR_EXPORT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      break;
    }
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return finish (surface, &sc, error);

  cr = cairo_create (surface);
  draw (cr, width, height, data);
  cairo_destroy (cr);

  if (format == AUGUR_EXPORT_PNG)
    {
      cairo_status_t status = cairo_surface_write_to_png_stream (surface, write_to_stream, &sc);
      if (status != CAIRO_STATUS_SUCCESS && sc.error == NULL)
        g_set_error (&sc.error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("Could not write the PNG image: %s"), cairo_status_to_string (status));
    }
  return finish (surface, &sc, error);
}

typedef struct {
  AugurDiagram *diagram;
  double        scale;
} DiagramDraw;

static void
draw_diagram (cairo_t *cr, int width, int height, gpointer data)
{
  DiagramDraw *dd = data;
  AugurDiagramViewport vp = { dd->scale, 0, 0 };
  AugurDiagramStyle style;

  augur_diagram_style_init (&style, FALSE);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  augur_diagram_draw (cr, width, height, dd->diagram, &vp, &style);
}

gboolean
augur_diagram_export (AugurDiagram   *diagram,
                      const char     *format,
                      GOutputStream  *out,
                      GError        **error)
{
  AugurExportFormat f;
  DiagramDraw dd = { diagram, 1.0 };
  double w, h;

  g_return_val_if_fail (diagram != NULL, FALSE);

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  augur_diagram_get_size (diagram, &w, &h);
  /* PNG at twice the natural size, but never a gigantic bitmap */
  if (f == AUGUR_EXPORT_PNG)
    dd.scale = MIN (2.0, 16000.0 / MAX (w, h));
  else
    dd.scale = MIN (1.0, 14000.0 / MAX (w, h));
  return augur_export_draw (draw_diagram, &dd, (int) ceil (w * dd.scale), (int) ceil (h * dd.scale),
                            f, out, error);
}

typedef struct {
  AugurDrawFunc draw;
  gpointer      data;
  double        scale;
} ScaledDraw;

static void
draw_scaled (cairo_t *cr,
             int      width,
             int      height,
             gpointer data)
{
  ScaledDraw *sd = data;

  cairo_scale (cr, sd->scale, sd->scale);
  sd->draw (cr, (int) round (width / sd->scale), (int) round (height / sd->scale), sd->data);
}

gboolean
augur_export_chart (AugurDrawFunc   draw,
                    gpointer        data,
                    const char     *format,
                    int             width,
                    int             height,
                    double          scale,
                    GOutputStream  *out,
                    GError        **error)
{
  ScaledDraw sd = { draw, data, 1.0 };
  AugurExportFormat f;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  if (f == AUGUR_EXPORT_PNG)
    sd.scale = CLAMP (scale, 0.1, 8.0);
  return augur_export_draw (draw_scaled, &sd, (int) round (width * sd.scale), (int) round (height * sd.scale),
                            f, out, error);
}
