/* test-validation-record.c: the validation a replay document keeps
 * (validate.h): its lines written in the C locale and read back to the
 * bit under fr_FR; malformed lines refused with their line's number and
 * what is wrong; the error computed from the times, never read; a change
 * of the document's platform said, points with more ranks than cores, and
 * this machine kept as a platform although its fit is poor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"
#include "validate.h"

#include "augur-test.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

static AugurValidationRow *
row (const char *program, guint ranks, double measured, double predicted, gboolean over)
{
  AugurValidationRow *r = g_new0 (AugurValidationRow, 1);

  r->program = g_strdup (program);
  r->ranks = ranks;
  r->measured = measured;
  r->measured_min = measured * (1 - 1e-3);
  r->measured_max = nextafter (measured * 1.01, INFINITY);
  r->traced = measured + 1e-7;
  r->predicted = predicted;
  r->error = (predicted - measured) / measured;
  r->actions = G_GUINT64_CONSTANT (18446744073709551615);
  r->oversubscribed = over;
  return r;
}

static void
cluster_inputs (AugurReplayInputs *in)
{
  augur_replay_inputs_init (in);
  in->use_cluster = TRUE;
  in->cluster = augur_replay_default_cluster;
  augur_replay_placement_round_robin (in->placement, 4, in->cluster.nodes);
}

/* Written in the C locale, read back to the bit under fr_FR (a decimal
 * comma), the error computed from the times */
static void
test_round_trip (void)
{
  AugurReplayInputs in, back;
  AugurValidationRecord *r = augur_validation_record_new ();
  g_autofree char *text = NULL, *again = NULL;
  g_autoptr(GError) error = NULL;
  const char *old = setlocale (LC_ALL, NULL);
  g_autofree char *saved = g_strdup (old);

  cluster_inputs (&in);
  g_ptr_array_add (r->rows, row ("stencil2d", 2, 0.1 + 0.2, 1.0 / 3.0, FALSE));
  g_ptr_array_add (r->rows, row ("cg", 4, 1.2345678901234567e-5, 2.5e-5, TRUE));
  r->host = g_strdup ("node7");
  r->date = g_strdup ("2026-11-29T02:31:07Z");
  r->runs = 3;
  r->platform = AUGUR_VALIDATION_ON_DOCUMENT;
  r->platform_id = augur_validation_platform_id (&in);
  in.validation = r;
  text = augur_replay_inputs_to_text (&in, NULL);
  g_assert_nonnull (strstr (text, "validation=stencil2d;ranks=2;measured=0.30000000000000004;"));
  g_assert_nonnull (strstr (text, "validation-platform=document:cluster,4,1,1000000000,125000000,5e-05,"));

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    g_test_message ("fr_FR.UTF-8 is not installed: read in the C locale");
  augur_replay_inputs_init (&back);
  g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
  g_assert_no_error (error);
  again = augur_replay_inputs_to_text (&back, NULL);
  setlocale (LC_ALL, saved);
  g_assert_cmpstr (again, ==, text);
  g_assert_nonnull (back.validation);
  g_assert_cmpuint (back.validation->rows->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const AugurValidationRow *a = g_ptr_array_index (r->rows, i), *b = g_ptr_array_index (back.validation->rows, i);

      g_assert_cmpstr (a->program, ==, b->program);
      g_assert_cmpuint (a->ranks, ==, b->ranks);
      g_assert_true (a->measured == b->measured && a->measured_min == b->measured_min &&
                     a->measured_max == b->measured_max && a->traced == b->traced && a->predicted == b->predicted);
      g_assert_true (a->error == b->error);
      g_assert_true (a->oversubscribed == b->oversubscribed);
      g_assert_true (a->actions == b->actions);
    }
  g_assert_cmpstr (back.validation->host, ==, "node7");
  g_assert_cmpuint (back.validation->runs, ==, 3);
  g_assert_cmpint (back.validation->platform, ==, AUGUR_VALIDATION_ON_DOCUMENT);

  /* a copy of the document keeps it too */
  {
    AugurReplayInputs copy;
    g_autofree char *copied = NULL;

    augur_replay_inputs_copy (&copy, &back);
    copied = augur_replay_inputs_to_text (&copy, NULL);
    g_assert_cmpstr (copied, ==, text);
    augur_replay_inputs_clear (&copy);
  }
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&back);
}

/* What the tab may hold that a line cannot (a program's name with ';' or
 * a line break, a host's name on two lines) is written so that it reads
 * back */
static void
test_written_reads_back (void)
{
  AugurReplayInputs in, back;
  AugurValidationRecord *r = augur_validation_record_new ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  augur_replay_inputs_init (&in);
  g_ptr_array_add (r->rows, row ("a;b=c\nd ", 2, 0.5, 0.4, FALSE));
  g_ptr_array_add (r->rows, row ("\t", 3, 0.5, 0.4, FALSE));
  g_ptr_array_add (r->rows, row ("  ", 4, 0.5, 0.4, FALSE));
  r->host = g_strdup ("two\nlines");
  in.validation = r;
  text = augur_replay_inputs_to_text (&in, NULL);
  augur_replay_inputs_init (&back);
  g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (((AugurValidationRow *) back.validation->rows->pdata[0])->program, ==, "a_b_c_d");
  g_assert_cmpstr (((AugurValidationRow *) back.validation->rows->pdata[1])->program, ==, "_");
  g_assert_cmpstr (((AugurValidationRow *) back.validation->rows->pdata[2])->program, ==, "program");
  g_assert_null (back.validation->host);
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&back);
}

/* Each malformed line refused with its number and what is wrong */
static void
test_refused (void)
{
  static const struct { const char *line, *says; } cases[] = {
    { "validation=cg;ranks=4;measured=0,5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1", "measured= needs a time" },
    { "validation=cg;ranks=0;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1", "ranks= needs" },
    { "validation=cg;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;actions=1", "predicted= is missing" },
    { "validation=cg;ranks=4;measured=0.5;min=0.6;max=0.7;traced=0.5;predicted=0.5;actions=1", "min ≤ measured ≤ max" },
    { "validation=cg;ranks=4;measured=0;min=0;max=0;traced=0.5;predicted=0.5;actions=1", "more than 0" },
    { "validation=cg;ranks=4;measured=nan;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1", "measured= needs" },
    { "validation=cg;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=-1;actions=1", "predicted= needs" },
    { "validation=cg;ranks=4;measured=0.5;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1", "given twice" },
    { "validation=cg;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1;colour=red", "unknown key" },
    { "validation=;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1", "program’s name" },
    { "validation=", "program’s name" },
    { "validation=   ", "program’s name" },
    { "validation=cg;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1;oversubscribed=maybe", "yes or no" },
    { "validation-date=yesterday", "validation-date= needs" },
    { "validation-runs=0", "validation-runs= needs" },
    { "validation-platform=elsewhere", "document:ID or this-machine:FLOPS" },
    { "validation-platform=this-machine:0", "document:ID or this-machine:FLOPS" },
    { "validation-poor-fit=0", "validation-poor-fit= needs a poor fit’s mean error, above 0.25 and at most 1e9" },
    { "validation-poor-fit=0.1", "validation-poor-fit= needs" },
    { "validation-poor-fit=1e308", "validation-poor-fit= needs" },
    { "validation-poor-fit=29 %", "validation-poor-fit= needs" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("network=smpi\n# measured\n%s\n", cases[i].line);
      /* line 3, at the value: just after the '=' */
      g_autofree char *where = g_strdup_printf ("<replay description>:3:%u: ",
                                                (guint) (strchr (cases[i].line, '=') - cases[i].line) + 2);
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      augur_replay_inputs_init (&in);
      g_assert_false (augur_replay_inputs_from_text (&in, text, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, cases[i].says));
      augur_replay_inputs_clear (&in);
    }
  /* a point given twice */
  {
    const char *p = "validation=cg;ranks=4;measured=0.5;min=0.4;max=0.6;traced=0.5;predicted=0.5;actions=1\n";
    g_autofree char *text = g_strconcat (p, p, NULL);
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in;

    augur_replay_inputs_init (&in);
    g_assert_false (augur_replay_inputs_from_text (&in, text, NULL, &error));
    g_assert_cmpstr (error->message, ==, "<replay description>:2:12: a second validation= point for cg on 4 "
                                         "ranks");
    augur_replay_inputs_clear (&in);
  }
}

/* The document's platform changed since: said; kept on it: not */
static void
test_warnings (void)
{
  AugurReplayInputs in;
  AugurValidationRecord *r = augur_validation_record_new ();
  g_auto(GStrv) same = NULL, changed = NULL, over = NULL;

  cluster_inputs (&in);
  g_ptr_array_add (r->rows, row ("cg", 2, 0.5, 0.4, FALSE));
  r->platform = AUGUR_VALIDATION_ON_DOCUMENT;
  r->platform_id = augur_validation_platform_id (&in);
  in.validation = r;
  same = augur_validation_record_warnings (r, &in);
  g_assert_cmpuint (g_strv_length (same), ==, 0);
  g_assert_cmpfloat_with_epsilon (r->rows->len > 0 ? ((AugurValidationRow *) r->rows->pdata[0])->error : 0, -0.2,
                                  1e-15);
  /* the link bandwidth halved: what the predictions replayed is no more */
  in.cluster.bandwidth /= 2;
  changed = augur_validation_record_warnings (r, &in);
  g_assert_cmpuint (g_strv_length (changed), ==, 1);
  g_assert_nonnull (strstr (changed[0], "the platform has changed since"));
  in.cluster.bandwidth *= 2;
  /* the placement is not what a validation replays on */
  augur_replay_placement_round_robin (in.placement, 4, 2);
  g_strfreev (same);
  same = augur_validation_record_warnings (r, &in);
  g_assert_cmpuint (g_strv_length (same), ==, 0);
  ((AugurValidationRow *) r->rows->pdata[0])->oversubscribed = TRUE;
  over = augur_validation_record_warnings (r, &in);
  g_assert_cmpuint (g_strv_length (over), ==, 1);
  g_assert_nonnull (strstr (over[0], "more ranks than cores"));
  augur_replay_inputs_clear (&in);
}

/* This machine measured with a poor fit, kept: written, read back, and
 * said first among the warnings, with the fit's mean error */
static void
test_poor_fit (void)
{
  AugurReplayInputs in, back;
  AugurValidationRecord *r = augur_validation_record_new ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;

  augur_replay_inputs_init (&in);
  g_ptr_array_add (r->rows, row ("cg", 2, 0.5, 0.4, FALSE));
  r->platform = AUGUR_VALIDATION_ON_THIS_MACHINE;
  r->speed = 3.2e9;
  r->poor_fit = 0.8304;
  in.validation = r;
  text = augur_replay_inputs_to_text (&in, NULL);
  g_assert_nonnull (strstr (text, "validation-platform=this-machine:3200000000\nvalidation-poor-fit=0.8304\n"));
  augur_replay_inputs_init (&back);
  g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (back.validation->poor_fit, ==, 0.8304);
  warnings = augur_validation_record_warnings (back.validation, &back);
  g_assert_cmpuint (g_strv_length (warnings), ==, 1);
  g_assert_cmpstr (warnings[0], ==, "This machine measured as a platform was kept although its fit to the measured "
                                    "ping-pong is poor (its times 83 % off the points on average): a prediction may "
                                    "be off for that alone; validate again when the machine is idle.");
  /* a good fit says nothing, and writes no line */
  back.validation->poor_fit = 0;
  g_strfreev (warnings);
  warnings = augur_validation_record_warnings (back.validation, &back);
  g_assert_cmpuint (g_strv_length (warnings), ==, 0);
  g_free (text);
  text = augur_replay_inputs_to_text (&back, NULL);
  g_assert_null (strstr (text, "poor-fit"));
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&back);
}

/* A platform file: its bytes are what the predictions were made on */
static void
test_platform_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-validation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "p.xml", NULL);
  g_autofree char *first = NULL, *same = NULL, *other = NULL;
  AugurReplayInputs in;

  augur_replay_inputs_init (&in);
  {
    g_autofree char *none = augur_validation_platform_id (&in);
    g_assert_cmpstr (none, ==, "none");
  }
  g_assert_true (g_file_set_contents (path, "<platform version=\"4.1\"/>\n", -1, NULL));
  in.platform = g_file_new_for_path (path);
  first = augur_validation_platform_id (&in);
  same = augur_validation_platform_id (&in);
  g_assert_true (g_str_has_prefix (first, "sha256,"));
  g_assert_cmpstr (first, ==, same);
  /* the file's figures scaled by the document (a what-if's bandwidth
   * ×2): another platform, which a kept validation's warnings say */
  {
    AugurValidationRecord *r = augur_validation_record_new ();
    g_autofree char *scaled = NULL, *back = NULL;
    g_auto(GStrv) kept = NULL, changed = NULL;

    g_ptr_array_add (r->rows, row ("cg", 2, 0.5, 0.4, FALSE));
    r->platform = AUGUR_VALIDATION_ON_DOCUMENT;
    r->platform_id = g_strdup (first);
    kept = augur_validation_record_warnings (r, &in);
    g_assert_cmpuint (g_strv_length (kept), ==, 0);
    in.factors.bandwidth = 2;
    scaled = augur_validation_platform_id (&in);
    g_test_message ("the file: %s; its bandwidth ×2: %s", first, scaled);
    g_assert_cmpstr (scaled, !=, first);
    changed = augur_validation_record_warnings (r, &in);
    g_assert_cmpuint (g_strv_length (changed), ==, 1);
    g_assert_nonnull (strstr (changed[0], "the platform has changed since"));
    /* all 1 again: the file's own fingerprint, as documents kept it */
    in.factors.bandwidth = 1;
    back = augur_validation_platform_id (&in);
    g_assert_cmpstr (back, ==, first);
    augur_validation_record_free (r);
  }
  g_assert_true (g_file_set_contents (path, "<platform version=\"4.1\"> </platform>\n", -1, NULL));
  other = augur_validation_platform_id (&in);
  g_assert_cmpstr (first, !=, other);
  augur_replay_inputs_clear (&in);
  g_unlink (path);
  g_rmdir (dir);
}

/* A validation on the document's platform file replays on it as the
 * document's replay does: its figures scaled by the document's factors
 * (the what-if's every link's bandwidth ×2 is validated as such). */
static void
test_document_platform (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "replay", "platform.xml", NULL);
  g_autoptr(GError) error = NULL;
  AugurReplayInputs in;
  AugurPlatform *as_file, *scaled;

  augur_replay_inputs_init (&in);
  g_assert_null (augur_validation_document_platform (&in, &error));
  g_assert_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL);
  g_clear_error (&error);
  in.platform = g_file_new_for_path (path);
  as_file = augur_validation_document_platform (&in, &error);
  g_assert_no_error (error);
  in.factors.bandwidth = 2;
  in.factors.speed = 0.5;
  scaled = augur_validation_document_platform (&in, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_platform_get_n_links (scaled), ==, augur_platform_get_n_links (as_file));
  g_assert_cmpuint (augur_platform_get_n_links (scaled), >, 0);
  g_test_message ("link 0: %g B/s in the file, %g B/s ×2; host 0: %g flop/s, %g ×0.5",
                  augur_platform_get_link_bandwidth (as_file, 0), augur_platform_get_link_bandwidth (scaled, 0),
                  augur_platform_get_host_speed (as_file, 0), augur_platform_get_host_speed (scaled, 0));
  g_assert_cmpfloat (augur_platform_get_link_bandwidth (scaled, 0), ==, 2 * augur_platform_get_link_bandwidth (as_file, 0));
  g_assert_cmpfloat (augur_platform_get_host_speed (scaled, 0), ==, 0.5 * augur_platform_get_host_speed (as_file, 0));
  /* every figure as the replay's own scaling gives it */
  augur_replay_factors_apply (&in.factors, as_file);
  for (guint l = 0; l < augur_platform_get_n_links (scaled); l++)
    {
      g_assert_cmpfloat (augur_platform_get_link_bandwidth (scaled, l), ==, augur_platform_get_link_bandwidth (as_file, l));
      g_assert_cmpfloat (augur_platform_get_link_latency (scaled, l), ==, augur_platform_get_link_latency (as_file, l));
    }
  for (guint h = 0; h < augur_platform_get_n_hosts (scaled); h++)
    g_assert_cmpfloat (augur_platform_get_host_speed (scaled, h), ==, augur_platform_get_host_speed (as_file, h));
  augur_platform_free (as_file);
  augur_platform_free (scaled);
  augur_replay_inputs_clear (&in);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/validation/round-trip", test_round_trip);
  g_test_add_func ("/replay/validation/refused", test_refused);
  g_test_add_func ("/replay/validation/written-reads-back", test_written_reads_back);
  g_test_add_func ("/replay/validation/warnings", test_warnings);
  g_test_add_func ("/replay/validation/platform-file", test_platform_file);
  g_test_add_func ("/replay/validation/document-platform", test_document_platform);
  g_test_add_func ("/replay/validation/poor-fit", test_poor_fit);
  return g_test_run ();
}
