/* test-translation.c: the engine's messages in the user's language.
 *
 * Runs with LANGUAGE=fr and LC_ALL=fr_FR.UTF-8 (see tests/engine/meson.build)
 * and binds Augur's text domain to the catalogues compiled in <build>/po,
 * as the application and augur-cli do: a ccdsm parse error, a pipeline
 * parse error and PEPA errors (a derivation, a passive rate) then read in
 * French; under the C locale they read in English, word for word as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"
#include "pepa.h"
#include "pipeline.h"

#include <glib/gi18n.h>
#include <locale.h>

/* Runs test twice: in the environment's (French) locale, then in C. */
static void
in_french_then_c (void (*test) (gboolean french))
{
  g_assert_nonnull (setlocale (LC_ALL, ""));
  test (TRUE);
  g_assert_nonnull (setlocale (LC_ALL, "C"));
  test (FALSE);
  setlocale (LC_ALL, "");
}

static void
ccdsm_parse (gboolean french)
{
  g_autoptr(GError) error = NULL;
  AugurCcdsmProgram *program = augur_ccdsm_program_parse ("var a : 0..1, home N0;\n", -1, "np.ccdsm", NULL, &error);

  g_assert_null (program);
  g_assert_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   french ? "np.ccdsm:1:1: le programme n’a pas de processus (écrivez « process P0 on cpu0 { ... } »)"
                          : "np.ccdsm:1:1: the program has no process (write 'process P0 on cpu0 { ... }')");
  g_clear_error (&error);

  /* A message built from pieces: what was expected, what was found. */
  program = augur_ccdsm_program_parse ("process P0 on cpu0 { store x 1; }\n", -1, "p.ccdsm", NULL, &error);
  g_assert_null (program);
  g_assert_cmpstr (error->message, ==,
                   french ? "p.ccdsm:1:30: attendu : ',' ; trouvé : le nombre 1"
                          : "p.ccdsm:1:30: expected ',', found the number 1");
}

static void
test_ccdsm (void)
{
  in_french_then_c (ccdsm_parse);
}

static void
pipeline_parse (gboolean french)
{
  g_autoptr(GError) error = NULL;
  AugurPipeline *p = augur_pipeline_parse ("type = pipeline;\nnbproc = 2;\n", -1, "two.des", &error);

  g_assert_null (p);
  g_assert_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   french ? "two.des : nbstage (le nombre d’étages) manque (par ex. « nbstage = 3; »)"
                          : "two.des: nbstage (the number of stages) is missing (e.g. 'nbstage = 3;')");
  g_clear_error (&error);

  /* A message built from pieces: what is missing, and its meaning. */
  p = augur_pipeline_parse ("type = pipeline;\nnbproc = 2;\nnbstage = 1;\ncp1 = 1;\n", -1, "x.des", &error);
  g_assert_null (p);
  g_assert_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   french ? "x.des: cp2 (la puissance de calcul du processeur 2) : valeur manquante"
                          : "x.des: cp2 (the computing power of processor 2) is missing");
}

static void
test_pipeline (void)
{
  in_french_then_c (pipeline_parse);
}

static void
pepa_errors (gboolean french)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaModel) passive = NULL;
  AugurPepaStateSpace *space;

  /* Both components wait for the other: the first state is a deadlock. */
  model = augur_pepa_model_parse ("P = (a, 1).P;\nQ = (b, 1).Q;\nP <a, b> Q\n", -1, "dl.pepa", NULL, &error);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK);
  g_assert_cmpstr (error->message, ==,
                   french ? "dl.pepa : le modèle se bloque : l’état 1 n’a pas de transition sortante : (P, Q)"
                          : "dl.pepa: the model deadlocks: state 1 has no outgoing transition: (P, Q)");
  g_clear_error (&error);

  /* PEPA's passive arithmetic, in the expression language. */
  passive = augur_pepa_model_parse ("P = (a, infty * infty).P;\nQ = (a, 1).Q;\nP <a> Q\n", -1, "pr.pepa", NULL,
                                    &error);
  g_assert_null (passive);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
  g_assert_cmpstr (error->message, ==,
                   french ? "pr.pepa:1:15: impossible de multiplier deux taux passifs"
                          : "pr.pepa:1:15: cannot multiply two passive rates");
  g_clear_error (&error);

  /* A syntax error stays one in every language (the message cannot tell). */
  passive = augur_pepa_model_parse ("P = (a, 1).P\nP\n", -1, "semi.pepa", NULL, &error);
  g_assert_null (passive);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   french ? "semi.pepa:2:1: attendu : « ; », « + », « < », « || » ou « / » après le processus ; "
                            "trouvé : 'P'"
                          : "semi.pepa:2:1: expected ';', '+', '<', '||' or '/' after the process, found 'P'");
}

static void
test_pepa (void)
{
  in_french_then_c (pepa_errors);
}

int
main (int   argc,
      char *argv[])
{
  const char *build = g_getenv ("AUGUR_BUILD_DIR");
  g_autofree char *dir = NULL;
  g_autofree char *mo = NULL;

  g_test_init (&argc, &argv, NULL);
  if (build == NULL)
    {
      g_test_skip ("AUGUR_BUILD_DIR is not set");
      return g_test_run ();
    }
  dir = g_build_filename (build, "po", NULL);
  mo = g_build_filename (dir, "fr", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("the French translations are not compiled (gettext's msgfmt is missing)");
      return g_test_run ();
    }
  /* As augur_application_setup_i18n() and augur-cli do. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (setlocale (LC_MESSAGES, NULL) == NULL || g_str_equal (setlocale (LC_MESSAGES, NULL), "C"))
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return g_test_run ();
    }

  g_test_add_func ("/engine/translation/ccdsm-parse", test_ccdsm);
  g_test_add_func ("/engine/translation/pipeline-parse", test_pipeline);
  g_test_add_func ("/engine/translation/pepa", test_pepa);
  return g_test_run ();
}
