/* augur-report-pipeline.c: the section of a report on a pipeline mapping
 * (augur-report-sections.h), computed with the engine calls `augur-cli
 * pipeline FILE.des` makes: the listed mappings' throughput and
 * bottleneck, and when every mapping can be tried quickly, the search
 * `augur-cli pipeline --search` makes, so that a mapping is called the
 * best only when every other was evaluated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-draw.h"
#include "augur-format.h"
#include "augur-line-chart.h"
#include "pipeline.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* Searches of up to this many mappings are made for the report (27 for
 * the bundled example; a few thousand chains take well under a second);
 * beyond, the report says the best listed mapping is only that. */
#define MAX_SEARCHED 4096

/* More rows than a reviewer reads: the JSON has them all. */
#define MAX_ROWS 200

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

static void
draw_bars (cairo_t *cr, int width, int height, gpointer data)
{
  augur_bar_chart_draw (cr, width, height, data, NULL);
}

/* Which stages each processor runs under a mapping: "1 and 3". */
static char *
stages_on (const AugurMapping *m,
           guint               proc)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < m->n_stages; i++)
    if (m->stage[i] == proc)
      g_string_append_printf (s, "%s%u", s->len > 0 ? ", " : "", i + 1);
  return g_string_free (s, FALSE);
}

static void
pipeline_parameters (AugurReport         *report,
                     const AugurPipeline *p)
{
  guint np = augur_pipeline_get_n_processors (p), ns = augur_pipeline_get_n_stages (p);
  const char *pheaders[] = { _("Processor"), _("Computing power (cp)") };
  const char *sheaders[] = { _("Stage"), _("Work (w)"), _("Data in (ds)") };
  const gboolean pnumeric[] = { FALSE, TRUE }, snumeric[] = { FALSE, TRUE, TRUE };

  augur_report_add_heading (report, _("Parameters"));
  augur_report_add_paragraph (report, _("The processors' computing power and the stages' work and data sizes as "
                                        "the description gives them: a stage's rate on a processor is w × cp / "
                                        "(the stages on it), a transfer's rate is the link's nl / ds."));
  augur_report_add_table (report, 2, pheaders, pnumeric);
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *name = g_strdup_printf ("%u", j + 1);
      g_autofree char *cp = number (augur_pipeline_get_cp (p, j));
      const char *row[2] = { name, cp };

      augur_report_add_row (report, row);
    }
  augur_report_add_table (report, 3, sheaders, snumeric);
  for (guint i = 0; i <= ns; i++)
    {
      g_autofree char *name = i < ns ? g_strdup_printf ("%u", i + 1) : g_strdup (_("output"));
      g_autofree char *w = i < ns ? number (augur_pipeline_get_w (p, i)) : g_strdup ("");
      g_autofree char *ds = number (augur_pipeline_get_ds (p, i));
      const char *row[3] = { name, w, ds };

      augur_report_add_row (report, row);
    }
  if (np <= 8)
    {
      g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func (g_free);
      g_autofree gboolean *numeric = g_new0 (gboolean, np + 1);

      augur_report_add_paragraph (report, _("The links' speed nl from one processor (row) to another (column); "
                                            "the diagonal is a processor's speed to itself."));
      g_ptr_array_add (headers, g_strdup (_("From → to")));
      for (guint j = 0; j < np; j++)
        {
          g_ptr_array_add (headers, g_strdup_printf ("%u", j + 1));
          numeric[j + 1] = TRUE;
        }
      augur_report_add_table (report, np + 1, (const char *const *) headers->pdata, numeric);
      for (guint a = 0; a < np; a++)
        {
          g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

          g_ptr_array_add (cells, g_strdup_printf ("%u", a + 1));
          for (guint b = 0; b < np; b++)
            g_ptr_array_add (cells, number (augur_pipeline_get_link (p, a, b)));
          augur_report_add_row (report, (const char *const *) cells->pdata);
        }
    }
}

/* The mappings' table and chart, in the listed order. */
static void
pipeline_mappings (AugurReport                *report,
                   const char                 *name,
                   const AugurPipelineResults *results,
                   const AugurMapping         *working)
{
  guint n = augur_pipeline_results_get_n (results);
  const char *headers[] = { _("Mapping"), _("Throughput (items per unit of time)"), _("Bound"), _("Bottleneck"),
                            _("Utilisation") };
  const gboolean numeric[] = { FALSE, TRUE, TRUE, FALSE, TRUE };
  /* the section names the document: a chart title that fits its width */
  g_autofree char *title = g_strdup (_("Throughput per mapping"));
  AugurBarChartData *bars = augur_bar_chart_data_new (title, _("Throughput"), _("items per unit of time"));
  AugurChartColor color;

  augur_report_add_paragraph (report, _("Each mapping is written [input, (the processor of each stage), output]. "
                                        "Its throughput is how many items leave the pipeline per unit of time in "
                                        "the steady state, to five significant digits; the bound is what the mapping "
                                        "cannot exceed (a search skips mappings whose bound is below the best found); "
                                        "the bottleneck is the busiest activity."));
  augur_report_add_table (report, 5, headers, numeric);
  augur_chart_style_get_series_color (NULL, 0, &color, NULL);
  augur_bar_chart_data_add_category (bars, _("Throughput"), &color, NULL);
  for (guint i = 0; i < n; i++)
    {
      const AugurMappingResult *m = augur_pipeline_results_get (results, i);
      g_autofree char *mapping = augur_mapping_to_string (&m->mapping);
      g_autofree char *label = working != NULL && augur_mapping_equal (&m->mapping, working)
                                 /* Translators: the mapping on the page's canvas, e.g. "[1,(1,2,1),1] (working)". */
                                 ? g_strdup_printf (_("%s (working)"), mapping) : g_strdup (mapping);
      g_autofree char *tp = m->solved ? number (m->throughput) : g_strdup (_("pruned"));
      g_autofree char *bound = number (m->bound);
      g_autofree char *percent = m->solved ? number (m->bottleneck_utilisation * 100) : NULL;
      g_autofree char *util = m->solved ? g_strdup_printf ("%s %%", percent) : g_strdup ("");
      const char *row[5] = { label, tp, bound, m->solved ? m->bottleneck : "", util };

      if (i < MAX_ROWS)
        augur_report_add_row (report, row);
      if (m->solved && i < 60)
        augur_bar_chart_data_add_bar (bars, label, &m->throughput);
    }
  if (n > MAX_ROWS)
    {
      g_autofree char *note = g_strdup_printf (_("The first %u of %u rows; the command in the appendix gives them "
                                                 "all."), MAX_ROWS, n);
      augur_report_add_paragraph (report, note);
    }
  if (augur_bar_chart_data_get_n_bars (bars) > 0)
    augur_report_add_chart (report, draw_bars, bars, (GDestroyNotify) augur_bar_chart_data_unref,
                            640, CLAMP (120 + 26 * (int) augur_bar_chart_data_get_n_bars (bars), 240, 900), title);
  else
    augur_bar_chart_data_unref (bars);
}

/* ---- The mapping's picture ----------------------------------------------
 * As the pipeline page's canvas shows a mapping: a lane per processor, the
 * stages in pipeline order from left to right, each in its processor's
 * lane, the input before them and the output after, arrows along the
 * items' way (a transfer between lanes crosses them). */

typedef struct {
  AugurMapping mapping;
  guint        n_processors;
  char        *bottleneck;     /* "process2" or "move3", or NULL */
} Picture;

static void
picture_free (gpointer data)
{
  Picture *pic = data;

  g_free (pic->bottleneck);
  g_free (pic);
}

static void
draw_mapping (cairo_t *cr, int width, int height, gpointer data)
{
  const Picture *pic = data;
  guint ns = pic->mapping.n_stages, np = pic->n_processors;
  g_autoptr(PangoLayout) layout = augur_draw_create_layout (cr);
  double label_w = 0, lane_h = (height - 8.0) / np, col_w, box_w, box_h = MIN (28.0, lane_h - 8);
  AugurChartColor accent;
  double prev_x = 0, prev_y = 0;

  augur_chart_style_get_series_color (NULL, 0, &accent, NULL);
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *name = g_strdup_printf (_("Processor %u"), j + 1);

      label_w = MAX (label_w, augur_draw_measure (layout, name, 11, FALSE, NULL));
    }
  label_w += 14;
  col_w = (width - label_w) / (ns + 2);
  box_w = MIN (col_w - 18, 90);

  /* lanes */
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *name = g_strdup_printf (_("Processor %u"), j + 1);
      double y = 4 + j * lane_h, th;

      cairo_set_source_rgba (cr, 0.5, 0.55, 0.65, j % 2 == 0 ? 0.10 : 0.04);
      cairo_rectangle (cr, 0, y, width, lane_h);
      cairo_fill (cr);
      augur_draw_measure (layout, name, 11, FALSE, &th);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.3);
      cairo_move_to (cr, 6, y + (lane_h - th) / 2);
      pango_cairo_show_layout (cr, layout);
    }

  /* input, the stages, output: a box each, joined by arrows */
  for (guint k = 0; k < ns + 2; k++)
    {
      guint proc = k == 0 ? pic->mapping.input : k == ns + 1 ? pic->mapping.output : pic->mapping.stage[k - 1];
      double cx = label_w + (k + 0.5) * col_w, cy = 4 + (proc + 0.5) * lane_h;
      g_autofree char *text = k == 0 ? g_strdup (_("input")) : k == ns + 1 ? g_strdup (_("output"))
                                                                          : g_strdup_printf (_("Stage %u"), k);
      g_autofree char *activity = k >= 1 && k <= ns ? g_strdup_printf ("process%u", k) : NULL;
      gboolean neck = pic->bottleneck != NULL && activity != NULL && strcmp (pic->bottleneck, activity) == 0;
      double tw, th;

      if (k > 0)
        {
          g_autofree char *move = g_strdup_printf ("move%u", k);
          gboolean slow = pic->bottleneck != NULL && strcmp (pic->bottleneck, move) == 0;
          double x0 = prev_x + box_w / 2, x1 = cx - box_w / 2;

          cairo_set_source_rgb (cr, slow ? 0.8 : 0.35, slow ? 0.2 : 0.35, slow ? 0.1 : 0.4);
          cairo_set_line_width (cr, slow ? 2.5 : 1.4);
          cairo_move_to (cr, x0, prev_y);
          cairo_curve_to (cr, x0 + (x1 - x0) / 2, prev_y, x0 + (x1 - x0) / 2, cy, x1 - 6, cy);
          cairo_stroke (cr);
          cairo_move_to (cr, x1, cy);
          cairo_line_to (cr, x1 - 7, cy - 4);
          cairo_line_to (cr, x1 - 7, cy + 4);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      augur_draw_rounded_rect (cr, cx - box_w / 2, cy - box_h / 2, box_w, box_h, 6);
      if (k == 0 || k == ns + 1)
        cairo_set_source_rgb (cr, 0.93, 0.93, 0.95);
      else
        cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.18);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, neck ? 2.5 : 1.2);
      if (neck)
        cairo_set_source_rgb (cr, 0.8, 0.2, 0.1);
      else
        cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1);
      cairo_stroke (cr);
      tw = augur_draw_measure (layout, text, 10, k >= 1 && k <= ns, &th);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.15);
      cairo_move_to (cr, cx - MIN (tw, box_w - 4) / 2, cy - th / 2);
      pango_layout_set_width (layout, (int) ((box_w - 4) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_cairo_show_layout (cr, layout);
      pango_layout_set_width (layout, -1);
      prev_x = cx;
      prev_y = cy;
    }
}

/* The mapping's picture, when its lanes fit a page. */
static void
pipeline_picture (AugurReport         *report,
                  const AugurPipeline *p,
                  const AugurMappingResult *m)
{
  guint np = augur_pipeline_get_n_processors (p);
  g_autofree char *mapping = augur_mapping_to_string (&m->mapping);
  /* Translators: the picture of a mapping, e.g. "The mapping [1,(1,2,1),1]". */
  g_autofree char *title = g_strdup_printf (_("The mapping %s"), mapping);
  Picture *pic;

  if (np > 16 || m->mapping.n_stages > 16)
    return;
  pic = g_new0 (Picture, 1);
  pic->mapping = m->mapping;
  pic->n_processors = np;
  pic->bottleneck = m->solved ? g_strdup (m->bottleneck) : NULL;
  augur_report_add_chart (report, draw_mapping, pic, picture_free, 640, 16 + 46 * np, title);
  augur_report_add_paragraph (report, _("A lane per processor; the items go from the input through the stages to "
                                        "the output; the bottleneck is drawn in red."));
}

/* The mapping as a reader pictures it: each processor and its stages. */
static void
pipeline_placement (AugurReport         *report,
                    const AugurPipeline *p,
                    const AugurMapping  *m)
{
  const char *headers[] = { _("Processor"), _("Stages") };
  guint np = augur_pipeline_get_n_processors (p);

  augur_report_add_table (report, 2, headers, NULL);
  for (guint j = 0; j < np; j++)
    {
      g_autofree char *proc = g_strdup_printf ("%u", j + 1);
      g_autofree char *on = stages_on (m, j);
      GString *what = g_string_new (on);
      const char *row[2];

      if (m->input == j)
        g_string_append_printf (what, "%s%s", what->len > 0 ? "; " : "", _("input"));
      if (m->output == j)
        g_string_append_printf (what, "%s%s", what->len > 0 ? "; " : "", _("output"));
      if (what->len == 0)
        g_string_append (what, "—");
      row[0] = proc;
      row[1] = what->str;
      augur_report_add_row (report, row);
      g_string_free (what, TRUE);
    }
}

gboolean
augur_report_pipeline_from_source (AugurReport             *report,
                                   const AugurReportSource *src,
                                   GPtrArray               *how,
                                   GError                 **error_out)
{
  const char *name = src->name, *path = src->path;
  const char *working_text = src->doc != NULL ? augur_project_document_get_property (src->doc, "working-mapping")
                                              : NULL;
  g_autoptr(GError) error = NULL;
  AugurPipeline *p = NULL;
  AugurPipelineResults *listed = NULL, *searched = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED };
  AugurMapping working = { 0 };
  gboolean has_working = FALSE, working_added = FALSE;
  guint64 n_all = 0;
  guint n_points = 0;
  guint64 block = 0;
  const AugurMappingResult *best = NULL;
  gboolean ok = FALSE;

  augur_report_begin_source_section (report, src);
  p = augur_pipeline_parse (src->text, src->length, path, &error);
  if (p != NULL && working_text != NULL)
    {
      has_working = augur_mapping_parse (working_text, &working) &&
                    working.n_stages == augur_pipeline_get_n_stages (p);
      for (guint i = 0; has_working && i < working.n_stages; i++)
        has_working = working.stage[i] < augur_pipeline_get_n_processors (p);
      has_working = has_working && working.input < augur_pipeline_get_n_processors (p) &&
                    working.output < augur_pipeline_get_n_processors (p);
      if (!has_working)
        {
          g_autofree char *w = g_strdup_printf (_("The project keeps the working mapping %s, which does not fit "
                                                  "this description: it is left out."), working_text);
          augur_report_add_warning (report, w);
        }
      else
        {
          gboolean listed_already = FALSE;

          for (guint i = 0; i < augur_pipeline_get_n_mappings (p); i++)
            listed_already = listed_already || augur_mapping_equal (augur_pipeline_get_mapping (p, i), &working);
          if (!listed_already)
            {
              augur_pipeline_add_mapping (p, &working);
              working_added = TRUE;
            }
        }
    }
  if (p != NULL)
    listed = augur_pipeline_evaluate (p, &options, NULL, NULL, src->cancellable, &error);
  if (listed != NULL && augur_pipeline_search_size (p, &n_all, &n_points, &block, NULL) && n_all <= MAX_SEARCHED)
    {
      AugurPipelineOptions search = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 1, .threads = 1 };

      searched = augur_pipeline_evaluate (p, &search, NULL, NULL, src->cancellable, &error);
      if (searched == NULL)
        g_clear_pointer (&listed, augur_pipeline_results_free);
    }
  if (listed == NULL)
    {
      augur_report_add_failure (report, error);
      g_propagate_error (error_out, g_steal_pointer (&error));
      g_clear_pointer (&p, augur_pipeline_free);
      return FALSE;
    }

  {
    guint np = augur_pipeline_get_n_processors (p), ns = augur_pipeline_get_n_stages (p);
    guint nm = augur_pipeline_get_n_mappings (p);
    g_autofree char *stages = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stage", "%u stages", ns), ns);
    g_autofree char *procs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u processor", "%u processors", np),
                                              np);
    /* Translators: e.g. "A pipeline of 3 stages mapped onto 3 processors: for each of its 9 mappings ...". */
    g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "A pipeline of %s mapped onto %s: for its %u mapping (which "
                                                          "processor runs each stage), the PEPA model of the stages, "
                                                          "processors and links gives how many items the pipeline "
                                                          "delivers per unit of time and which activity limits it.",
                                                          "A pipeline of %s mapped onto %s: for each of its %u "
                                                          "mappings (which processor runs each stage), the PEPA model "
                                                          "of the stages, processors and links gives how many items "
                                                          "the pipeline delivers per unit of time and which activity "
                                                          "limits it.", nm),
                                             stages, procs, nm);
    g_autofree char *comment = NULL;

    augur_report_add_paragraph (report, what);
    /* the author's own words, as the other kinds quote them */
    {
      g_auto(GStrv) lines = g_strsplit (src->text, "\n", 40);
      GString *s = g_string_new (NULL);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          char *line = g_strstrip (lines[i]);

          if (!g_str_has_prefix (line, "//"))
            break;
          line += 2;
          while (*line == '/' || *line == ' ')
            line++;
          if (*line != '\0')
            g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", line);
        }
      comment = g_string_free (s, s->len == 0);
    }
    if (comment != NULL)
      {
        g_autofree char *said = g_strdup_printf (_("The file says: %s"), comment);
        augur_report_add_paragraph (report, said);
      }
  }
  pipeline_parameters (report, p);
  if (has_working)
    {
      g_autofree char *m = augur_mapping_to_string (&working);
      g_autofree char *said = working_added
                                ? g_strdup_printf (_("The working mapping set in Augur, %s, is kept with the document "
                                                     "in the project; it is not among the file's mappings and is "
                                                     "evaluated with them."), m)
                                : g_strdup_printf (_("The working mapping set in Augur, %s, is kept with the document "
                                                     "in the project."), m);

      augur_report_add_paragraph (report, said);
    }
  {
    static const char *const explained[] = { "working-mapping", NULL };

    augur_report_add_other_settings (report, src, explained);
  }

  augur_report_add_heading (report, _("Throughput and bottleneck"));
  pipeline_mappings (report, name, listed, has_working ? &working : NULL);
  if (augur_pipeline_results_get_n_best (listed) > 0)
    best = augur_pipeline_results_get (listed, augur_pipeline_results_get_best (listed, 0));

  augur_report_add_heading (report, _("Best mapping"));
  if (searched != NULL && augur_pipeline_results_get_n (searched) > 0)
    {
      const AugurMappingResult *top = augur_pipeline_results_get (searched, 0);
      g_autofree char *m = augur_mapping_to_string (&top->mapping);
      g_autofree char *tp = number (top->throughput);
      g_autofree char *all = g_strdup_printf ("%" G_GUINT64_FORMAT, augur_pipeline_results_get_n_mappings (searched));
      guint64 ties = augur_pipeline_results_get_n_ties (searched);
      /* Translators: e.g. "Every one of the 27 mappings was tried: the best is [1,(1,2,1),1], 3.3667 items per
       * unit of time (bottleneck process1)." */
      g_autofree char *said = g_strdup_printf (_("Every one of the %s mappings was tried: the best is %s, %s items "
                                                 "per unit of time (bottleneck %s)."),
                                               all, m, tp, top->bottleneck);

      augur_report_add_paragraph (report, said);
      if (ties > 1)
        {
          g_autofree char *t = g_strdup_printf ("%" G_GUINT64_FORMAT, ties);
          g_autofree char *tied = g_strdup_printf (_("%s mappings reach this throughput: the command in the "
                                                     "appendix lists them."), t);
          augur_report_add_paragraph (report, tied);
        }
      if (best != NULL && !augur_mapping_equal (&best->mapping, &top->mapping) &&
          top->throughput > best->throughput * (1 + 1e-9))
        {
          g_autofree char *b = augur_mapping_to_string (&best->mapping);
          g_autofree char *btp = number (best->throughput);
          g_autofree char *w = g_strdup_printf (_("None of the listed mappings is the best: the best of them, %s, "
                                                  "delivers %s."), b, btp);
          augur_report_add_warning (report, w);
        }
      pipeline_placement (report, p, &top->mapping);
      pipeline_picture (report, p, top);
    }
  else if (best != NULL)
    {
      g_autofree char *m = augur_mapping_to_string (&best->mapping);
      g_autofree char *tp = number (best->throughput);
      g_autofree char *all = n_all > 0 ? g_strdup_printf ("%" G_GUINT64_FORMAT, n_all) : g_strdup (_("too many"));
      /* Translators: e.g. "Of the 9 listed mappings, [1,(1,2,1),1] delivers the most, 3.3667 items per unit of time;
       * the other 59049 mappings were not tried, so it may not be the best (augur-cli pipeline --search tries
       * them all)." */
      g_autofree char *said = g_strdup_printf (_("Of the %u listed mappings, %s delivers the most, %s items per unit "
                                                 "of time; not every mapping was tried (there are %s), so it may not "
                                                 "be the best: augur-cli pipeline --search tries them all."),
                                               augur_pipeline_results_get_n (listed), m, tp, all);

      augur_report_add_warning (report, said);
      pipeline_placement (report, p, &best->mapping);
      pipeline_picture (report, p, best);
    }

  {
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    g_autofree char *method = NULL;
    g_autofree char *mapping = has_working && working_added ? augur_mapping_to_string (&working) : NULL;

    if (mapping != NULL)
      method = g_strdup_printf (_("%s: each mapping's PEPA model derived and its steady state solved for the "
                                  "throughput of its first stage (the working mapping %s added to the file's "
                                  "mappings= line)."), name, mapping);
    else
      method = g_strdup_printf (_("%s: each mapping's PEPA model derived and its steady state solved for the "
                                  "throughput of its first stage."), name);
    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_strdup_printf ("augur-cli pipeline %s --format json", quoted));
    if (searched != NULL)
      {
        g_ptr_array_add (how, g_strdup_printf (_("%s: every mapping tried, bounds pruning those that cannot be the "
                                                 "best."), name));
        g_ptr_array_add (how, g_strdup_printf ("augur-cli pipeline %s --search --format json", quoted));
      }
  }
  ok = TRUE;
  augur_pipeline_results_free (listed);
  if (searched != NULL)
    augur_pipeline_results_free (searched);
  augur_pipeline_free (p);
  return ok;
}
