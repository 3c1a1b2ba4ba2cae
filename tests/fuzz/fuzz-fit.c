/* fuzz-fit.c: libFuzzer target for the measurements reader of cost-function
 * fitting (activity-fit).  Any input gives data or a located error, never a
 * crash; data with few rows are fitted with a small search (one term, a few
 * exponents), and the model is evaluated, predicted and written as an
 * expression that must read back to the same values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-fit.h"
#include "augur-expr.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitData) d = augur_fit_data_parse ((const char *) data, (gssize) size, "fuzz", NULL, &error);
  g_autoptr(AugurFitResult) r = NULL;
  AugurFitOptions options;
  const AugurFitModel *m;
  guint n_params;

  if (d == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz:", 5) != 0)
        __builtin_trap ();
      return 0;
    }
  n_params = augur_fit_data_get_n_params (d);
  if (n_params == 0 || n_params > AUGUR_FIT_MAX_PARAMS || augur_fit_data_get_n_rows (d) == 0)
    __builtin_trap ();
  for (guint i = 0; i < augur_fit_data_get_n_rows (d); i++)
    {
      if (!isfinite (augur_fit_data_get_response (d, i)))
        __builtin_trap ();
      for (guint p = 0; p < n_params; p++)
        if (!(augur_fit_data_get_param (d, i, p) > 0) || !isfinite (augur_fit_data_get_param (d, i, p)))
          __builtin_trap ();
    }
  if (augur_fit_data_get_n_rows (d) > 64 || n_params > 2)
    return 0;

  /* a bounded fit: one term, exponents 0, 1/2, 1 and 2, log2 powers 0 and 1 */
  augur_fit_options_init (&options);
  options.max_terms = 1;
  options.beam_width = 1;
  options.terms_per_parameter = 2;
  options.exponent_mask = (1u << 0) | (1u << 3) | (1u << 7) | (1u << 13);
  options.log_mask = 0x3;
  options.n_top = 3;
  r = augur_fit (d, &options, NULL, &error);
  if (r == NULL)
    {
      if (error == NULL)
        __builtin_trap ();
      return 0;
    }
  m = augur_fit_result_get_model (r);
  if (augur_fit_model_get_n_terms (m) > 1 || augur_fit_result_get_n_candidates (r) == 0 ||
      augur_fit_result_get_method (r) == NULL)
    __builtin_trap ();
  {
    double x[AUGUR_FIT_MAX_PARAMS], v, lo, hi;
    g_autoptr(GError) e2 = NULL;
    g_autofree char *text = augur_fit_model_to_string (m);
    g_autofree char *expr_text = NULL;

    if (text == NULL || text[0] == '\0')
      __builtin_trap ();
    for (guint p = 0; p < n_params; p++)
      x[p] = augur_fit_data_get_param (d, 0, p);
    if (augur_fit_model_predict (m, x, 0.95, &v, &lo, &hi, NULL) && !(lo <= v && v <= hi))
      __builtin_trap ();
    expr_text = augur_fit_model_to_expression (m, NULL, &e2);
    if (expr_text != NULL)
      {
        g_autoptr(AugurExpr) e = augur_expr_parse (expr_text, -1, NULL, AUGUR_EXPR_FLAGS_NONE, NULL);
        double values[AUGUR_FIT_MAX_PARAMS] = { 0 };
        double a, b;

        if (e == NULL)
          __builtin_trap ();
        for (guint p = 0; p < n_params; p++)
          {
            int k = augur_expr_find_name (e, augur_fit_model_get_param_name (m, p));

            if (k >= 0)
              values[k] = x[p];
          }
        a = augur_expr_eval (e, values);
        b = augur_fit_model_eval (m, x);
        if (isfinite (b) && a != b)
          __builtin_trap ();
      }
    else if (e2 == NULL)
      __builtin_trap ();
  }
  return 0;
}
