/* activity-fit.h: cost functions of activity diagrams, fitted to measured
 * run times.
 *
 * Measurements are read from a CSV file: a header row naming the columns,
 * then one row per measurement.  Every column but the response is a
 * parameter (or only those named); the response (the measured time) is the
 * last column unless named.  Repeated rows for the same parameter values
 * (repetitions) are welcome.
 *
 * Reading (augur_fit_data_parse, augur_fit_data_load):
 *   - fields are separated by ',' and may be quoted with '"' (a quote inside
 *     a quoted field is written ""); a quoted field may hold a line break;
 *     blanks around a field are ignored; lines end with LF, CR LF or CR; a
 *     UTF-8 byte order mark is skipped; lines that are empty are skipped;
 *   - numbers are read with '.' as the decimal point in every locale:
 *     [+-]digits[.digits][e[+-]digits]; NaN, infinities, hexadecimal, a
 *     value beyond 1.8e308 (1e400) and a non-zero value that rounds to 0
 *     (1e-400) are refused; subnormal values (1e-320) are read exactly;
 *   - a parameter value must be greater than 0 (the models take its
 *     logarithm and fractional powers); a response may be any finite
 *     number: only the relative weighting, which divides by it, needs it
 *     greater than 0 (augur_fit() then names the first row that is not);
 *   - bounds: at most AUGUR_FIT_MAX_ROWS data rows, AUGUR_FIT_MAX_PARAMS
 *     parameter columns, AUGUR_FIT_MAX_LINE bytes per line (and per row),
 *     so memory stays bounded whatever the file holds;
 *   - every error reads "FILE:LINE:COLUMN: message" (columns count
 *     characters, from 1): a byte that is not text (NUL and other control
 *     characters), an unclosed quote, a row with the wrong number of fields,
 *     a field that is not a number, duplicate or empty column names, an
 *     empty file, a header without data rows, a bound exceeded.
 *
 * Models (augur_fit) are Extra-P's performance model normal form:
 *
 *     f(x) = c0 + sum_k c_k * prod_p x_p^i(k,p) * log2(x_p)^j(k,p)
 *
 * with i in AUGUR_FIT_N_EXPONENTS exponents (0, 1/4, 1/3, 1/2, 2/3, 3/4,
 * 4/5, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2, 9/4, 7/3, 5/2, 8/3, 11/4, 3) and j in
 * {0, 1, 2}, a term having at least one of them non-zero.
 *
 * The search (what the result claims is what was done; see
 * augur_fit_result_get_search and augur_fit_result_get_method):
 *   - candidate terms: one parameter, all of its 59 terms.  Several
 *     parameters: every single-parameter term, and the products of one
 *     term per parameter over every subset of two or more parameters, those
 *     terms being, for each parameter, its terms_per_parameter best on the
 *     slices of the data where only that parameter varies (the whole data
 *     when no slice has 3 points); at most 2048 candidate terms;
 *   - every one-term model is fitted (exhaustive over the candidates);
 *   - every two-term model is fitted too when (candidate pairs) x
 *     (distinct points) <= 4,000,000 (one parameter: up to 2,338 points);
 *   - larger models, and two-term ones beyond that budget, by forward
 *     selection: the beam_width best models of each size are each extended
 *     by every candidate term; then the best model of the new size has each
 *     of its terms swapped for every other term, keeping the best swap while
 *     it lowers the cross-validation error (sequential replacement, at most
 *     8 rounds).  Not exhaustive, and the result says so.
 *
 * Coefficients: weighted least squares by Householder QR of the design
 * matrix with its columns scaled to unit norm (no normal equations); a
 * candidate term adds one Householder reflector to its base model's
 * factorization.  A model whose columns are dependent (the remaining norm
 * of a scaled column below 1e-8) is not fitted.  Repetitions are fitted as
 * every row counts, through the weighted means of each distinct point (the
 * same coefficients).
 *
 * Weighting: none (every row weighs 1), relative (weights 1/y^2: the noise
 * is a fraction of the value, as run times usually are), or automatic
 * (the default), which is relative only when every measurement is greater
 * than 0 and relative noise is clearly more likely, by a Gaussian
 * log-likelihood gain of at least 3 (odds of e^3, about 20 to 1):
 *   - with repetitions (n - D >= D): from the deviations of the repeated
 *     measurements from their point's mean, no model involved: standard
 *     deviation s * mean against s, each point counting its rows - 1;
 *   - otherwise both searches run, and the model chosen with relative
 *     weights under relative noise is compared with the one chosen
 *     unweighted under constant noise, each less its number of parameters
 *     (an exact fit is never weighted).
 *
 * The selection rule:
 *   - cv: the K-fold cross-validation error, the weighted mean squared error
 *     of predictions of rows held out, with K = min(10, D) folds over the D
 *     distinct parameter points (all repetitions of a point are held out
 *     together; K = D is leave-one-point-out, used when D <= 10).  The
 *     points are sorted (by their first parameter, then the next...) and
 *     point g goes to fold g mod K: deterministic, and each fold spreads
 *     over the range.  se: its standard error, the standard deviation of
 *     the K folds' mean errors over sqrt(K);
 *   - ic: the information criterion chosen in the options, AICc (default)
 *     or BIC, of the weighted residual sum of squares RSS over the n rows,
 *     with k = p + 1 estimated parameters (p coefficients and the noise):
 *         AICc = n ln(RSS/n) + 2k + 2k(k+1)/(n-k-1)
 *         BIC  = n ln(RSS/n) + k ln(n)
 *     (weighted: up to a constant that is the same for every model); AICc
 *     is +inf, not defined, when n-k-1 <= 0: a model of t terms needs
 *     n >= t + 4 rows under AICc (the largest size is lowered, and a
 *     warning says so);
 *   - errors below 1e-10 of the weighted root mean square of the data
 *     count as that floor in cv and ic, so that round-off never decides
 *     between models that both fit exactly;
 *   - models of one size are ranked by cv (then ic, then the order of
 *     their terms);
 *   - the best model of t + 1 terms replaces the chosen one of t terms (the
 *     constant model first) only when
 *       its cv + se < the chosen one's cv (the one-standard-error rule of
 *         Breiman et al., against terms that only fit the noise when many
 *         models are compared),
 *       its ic < the chosen one's ic, and,
 *       with repetitions (n - D >= D), the chosen one lacks fit: the
 *         pure-error F-test, ((RSS - SS_pe)/(D - p)) / (SS_pe/(n - D)),
 *         rejects it at the 5 % level;
 *     the search stops at the first size whose best model does not.
 *
 * Refused: fewer than 3 distinct parameter points.  A model of p
 * coefficients is only fitted when there are at least p + 1 distinct points
 * (so that its residuals and every cross-validation fold are determined);
 * with fewer points the largest size is lowered and a warning says so.
 * Warned (as Extra-P does): a parameter with fewer than 5 distinct values.
 *
 * Prediction (augur_fit_model_predict): the interval for one new
 * measurement at x0, at the given level:
 *     f(x0) -+ t_{n-p, (1+level)/2} * s * sqrt(1 + x0' (X'X)^-1 x0)
 * with s^2 = RSS/(n - p), X the design matrix of the rows and x0 the row
 * of x0 (1, then each term's value).  Weighted (relative noise, W =
 * diag(1/y_i^2), s^2 = sum w_i r_i^2/(n - p), a relative variance):
 *     f(x0) -+ t * s * sqrt(f(x0)^2 + x0' (X'WX)^-1 x0)
 * since a new measurement at x0 has the variance s^2 f(x0)^2.  Both are
 * computed from the QR factors, never from X'X.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_FIT_ERROR (augur_fit_error_quark ())
GQuark augur_fit_error_quark (void);

typedef enum {
  AUGUR_FIT_ERROR_SYNTAX,     /* the CSV structure: a byte, a quote, a row's number of fields */
  AUGUR_FIT_ERROR_NUMBER,     /* a field that is not a number the fit accepts */
  AUGUR_FIT_ERROR_HEADER,     /* a missing, duplicate or unknown column name */
  AUGUR_FIT_ERROR_EMPTY,      /* an empty file, or a header without data rows */
  AUGUR_FIT_ERROR_LIMIT,      /* beyond a bound: rows, parameters, line length */
  AUGUR_FIT_ERROR_TOO_FEW,    /* too few distinct points to fit a model */
  AUGUR_FIT_ERROR_VALUE,      /* a value the operation cannot use */
  AUGUR_FIT_ERROR_NAME,       /* a parameter name that an expression cannot hold */
} AugurFitError;

#define AUGUR_FIT_MAX_PARAMS    16
#define AUGUR_FIT_MAX_ROWS      1000000
#define AUGUR_FIT_MAX_LINE      65536
#define AUGUR_FIT_MAX_TERMS     8
#define AUGUR_FIT_N_EXPONENTS   20
#define AUGUR_FIT_N_LOG_EXPONENTS 3

/* Exponent `index` (0 .. AUGUR_FIT_N_EXPONENTS - 1) of x, as a fraction. */
void augur_fit_get_exponent (guint  index,
                             int   *numerator,
                             int   *denominator);

/* ---- Measurements --------------------------------------------------------- */

typedef struct _AugurFitData AugurFitData;

typedef struct {
  /* the response column's name; NULL: the last column */
  const char        *response;
  /* the parameter columns' names (NULL-terminated, in the order the model
   * uses them); NULL: every column but the response.  Other columns are
   * skipped (their fields still have to be there). */
  const char *const *parameters;
} AugurFitReadOptions;

/* Reads a CSV text of `length` bytes (strlen when negative).  filename
 * names it in errors (NULL: "<data>").  options may be NULL. */
AugurFitData *augur_fit_data_parse  (const char                *text,
                                     gssize                     length,
                                     const char                *filename,
                                     const AugurFitReadOptions *options,
                                     GError                   **error);
/* Reads a CSV file, streaming (memory stays bounded); only a regular file. */
AugurFitData *augur_fit_data_load   (GFile                     *file,
                                     const AugurFitReadOptions *options,
                                     GCancellable              *cancellable,
                                     GError                   **error);
/* Measurements given by a program: n_params names (1 .. AUGUR_FIT_MAX_PARAMS). */
AugurFitData *augur_fit_data_new    (guint                      n_params,
                                     const char *const         *param_names,
                                     const char                *response_name);
/* Adds a row; the same checks as a file's row (error names it "row N"). */
gboolean      augur_fit_data_add    (AugurFitData              *data,
                                     const double              *params,
                                     double                     response,
                                     GError                   **error);
void          augur_fit_data_free   (AugurFitData              *data);

guint         augur_fit_data_get_n_params     (const AugurFitData *data);
guint         augur_fit_data_get_n_rows       (const AugurFitData *data);
const char   *augur_fit_data_get_param_name   (const AugurFitData *data,
                                               guint               param);
const char   *augur_fit_data_get_response_name (const AugurFitData *data);
double        augur_fit_data_get_param        (const AugurFitData *data,
                                               guint               row,
                                               guint               param);
double        augur_fit_data_get_response     (const AugurFitData *data,
                                               guint               row);
/* The line of the file where row `row` starts. */
int           augur_fit_data_get_line         (const AugurFitData *data,
                                               guint               row);
/* The name given when read ("<data>" when none). */
const char   *augur_fit_data_get_filename     (const AugurFitData *data);

/* ---- Fitting ----------------------------------------------------------------- */

typedef enum {
  AUGUR_FIT_WEIGHTING_AUTO,       /* relative when the residuals clearly say so */
  AUGUR_FIT_WEIGHTING_NONE,       /* every row weighs 1 */
  AUGUR_FIT_WEIGHTING_RELATIVE,   /* weights 1/y^2: noise proportional to the value */
} AugurFitWeighting;

typedef enum {
  AUGUR_FIT_CRITERION_AICC,
  AUGUR_FIT_CRITERION_BIC,
} AugurFitCriterion;

typedef enum {
  AUGUR_FIT_SEARCH_EXHAUSTIVE,    /* one parameter: every model of its size (one or two terms) was fitted */
  AUGUR_FIT_SEARCH_CANDIDATES,    /* several: every model of its size over the candidate terms was fitted */
  AUGUR_FIT_SEARCH_FORWARD,       /* found by forward selection: the models of its size were not all tried */
} AugurFitSearch;

typedef struct {
  guint             max_terms;           /* 1 .. AUGUR_FIT_MAX_TERMS (3) */
  guint             beam_width;          /* models of each size extended (8, at most 64); 1 is greedy */
  guint             terms_per_parameter; /* several parameters: terms of each in products, at most 8
                                          * (0: 6 for 2 parameters, 4 for 3, 3 for 4, 2 for 5-6, 1 beyond) */
  AugurFitWeighting weighting;           /* (AUTO) */
  AugurFitCriterion criterion;           /* (AICC) */
  guint32           exponent_mask;       /* bit b allows exponent b of x (0: all) */
  guint32           log_mask;            /* bit j allows log2(x)^j (0: all) */
  guint             n_top;               /* candidate models listed in the result (10) */
  AugurProgressFunc progress;            /* may be NULL */
  gpointer          progress_data;
} AugurFitOptions;

void augur_fit_options_init (AugurFitOptions *options);

/* What describes a fitted model's quality.  RSS, R^2 and the criteria are
 * weighted when the fit is; residuals and SMAPE are not. */
typedef struct {
  guint  n_rows;          /* measurements n */
  guint  n_points;        /* distinct parameter points D */
  guint  n_coefficients;  /* p: the constant and one per term */
  double rss;             /* sum of w_i (y_i - f(x_i))^2 */
  double r2;              /* 1 - RSS/TSS (1 when TSS = RSS = 0) */
  double adj_r2;          /* 1 - (1 - R^2)(n - 1)/(n - p) */
  double smape;           /* 100/n sum |f - y| / ((|y| + |f|)/2), in %, 0/0 counting 0 */
  double aicc;
  double bic;
  double cv_error;        /* the cross-validation error (see above) */
  double cv_se;           /* its standard error: the spread of the K fold errors / sqrt(K) */
  double criterion;       /* the value of the information criterion chosen (aicc or bic) */
  double sigma;           /* s = sqrt(RSS/(n - p)) */
  guint  n_folds;         /* K */
} AugurFitStats;

typedef struct _AugurFitModel  AugurFitModel;
typedef struct _AugurFitResult AugurFitResult;

AugurFitResult *augur_fit (const AugurFitData    *data,
                           const AugurFitOptions *options,   /* NULL: defaults */
                           GCancellable          *cancellable,
                           GError               **error);
void            augur_fit_result_free (AugurFitResult *result);

const AugurFitModel *augur_fit_result_get_model     (const AugurFitResult *result);
/* The best models tried, sorted by cross-validation error (n_top of them,
 * the chosen one always among them: it need not be first, when a larger
 * model with a lower cv was refused because it did not lower the ic). */
guint                augur_fit_result_get_n_candidates (const AugurFitResult *result);
const AugurFitModel *augur_fit_result_get_candidate (const AugurFitResult *result,
                                                     guint                 index);
guint                augur_fit_result_get_chosen_index (const AugurFitResult *result);
/* How the model was found, and a sentence saying so. */
AugurFitSearch       augur_fit_result_get_search    (const AugurFitResult *result);
const char          *augur_fit_result_get_method    (const AugurFitResult *result);
/* The weighting used (NONE or RELATIVE, also when AUTO decided). */
AugurFitWeighting    augur_fit_result_get_weighting (const AugurFitResult *result);
guint                augur_fit_result_get_n_models_fitted (const AugurFitResult *result);
guint                augur_fit_result_get_n_warnings (const AugurFitResult *result);
const char          *augur_fit_result_get_warning   (const AugurFitResult *result,
                                                     guint                 index);

/* ---- A fitted model ------------------------------------------------------- */

guint        augur_fit_model_get_n_params   (const AugurFitModel *model);
const char  *augur_fit_model_get_param_name (const AugurFitModel *model,
                                             guint                param);
/* Terms, not counting the constant c0. */
guint        augur_fit_model_get_n_terms    (const AugurFitModel *model);
/* Coefficient 0 is the constant c0, coefficient k (1 .. n_terms) term k's. */
double       augur_fit_model_get_coefficient (const AugurFitModel *model,
                                              guint                index);
/* Term `term` (1 .. n_terms) in parameter `param`: x^(numerator/denominator)
 * * log2(x)^log_exponent (0/1 and 0 when the term does not use it). */
void         augur_fit_model_get_term       (const AugurFitModel *model,
                                             guint                term,
                                             guint                param,
                                             int                 *numerator,
                                             int                 *denominator,
                                             int                 *log_exponent);
const AugurFitStats *augur_fit_model_get_stats (const AugurFitModel *model);
/* y_i - f(x_i) for every row of the data, in order (the chosen model only;
 * NULL for the other candidates). */
const double *augur_fit_model_get_residuals (const AugurFitModel *model,
                                             guint               *n_rows);
gboolean     augur_fit_model_is_weighted    (const AugurFitModel *model);

/* f(params); NaN when a parameter is not greater than 0. */
double       augur_fit_model_eval           (const AugurFitModel *model,
                                             const double        *params);
/* f(params) and the prediction interval of one new measurement at `level`
 * (in (0, 1), e.g. 0.95).  lower and upper may be NULL. */
gboolean     augur_fit_model_predict        (const AugurFitModel *model,
                                             const double        *params,
                                             double               level,
                                             double              *value,
                                             double              *lower,
                                             double              *upper,
                                             GError             **error);
/* For people: "3 + 2 * x^(3/2) * log2(x)" with coefficients to 6 digits. */
char        *augur_fit_model_to_string      (const AugurFitModel *model);
/* In Augur's expression language (augur-expr.h), coefficients written so
 * that they read back exactly in every locale: evaluated with the
 * parameters' values in order of first use, it gives augur_fit_model_eval()
 * (the same operations in the same order).  names: one per parameter, to use
 * instead of the data's column names (NULL: those); each must be a name of
 * the language (a letter or '_', then letters, digits, '_'). */
char        *augur_fit_model_to_expression  (const AugurFitModel *model,
                                             const char *const   *names,
                                             GError             **error);

/* ---- Statistics ------------------------------------------------------------- */

/* The p-quantile of Student's t distribution with df degrees of freedom
 * (df > 0, not necessarily whole; INFINITY gives the normal quantile), for
 * 0 < p < 1; NaN otherwise.  Relative error below 1e-13. */
double       augur_fit_t_quantile           (double               p,
                                             double               df);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurFitData, augur_fit_data_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurFitResult, augur_fit_result_free)

G_END_DECLS
