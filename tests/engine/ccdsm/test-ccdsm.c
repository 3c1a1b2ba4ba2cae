/* test-ccdsm.c: cache-coherence models: protocol tables, closed forms,
 * the seed's results in shape, broken primitives caught, bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static char *
example_path (const char *name)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  return g_build_filename (src ? src : ".", "data", "examples", name, NULL);
}

static char *
read_example (const char *name)
{
  g_autofree char *path = example_path (name);
  char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static AugurCcdsmProgram *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurCcdsmProgram *p = augur_ccdsm_program_parse (text, -1, "test.ccdsm", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

static AugurCcdsmResult *
solve_ok (AugurCcdsmProgram *p, const AugurCcdsmSetup *setup)
{
  g_autoptr(GError) error = NULL;
  AugurCcdsmOptions options = { 0 };
  options.keep_state_space = TRUE;
  AugurCcdsmResult *r = augur_ccdsm_solve (p, setup, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static int
kind_index (const AugurCcdsmProgram *p, const char *name)
{
  for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (p); k++)
    if (g_str_equal (augur_ccdsm_program_get_kind_name (p, k), name))
      return k;
  return -1;
}

static double
kind_total (const AugurCcdsmResult *r, const char *kind)
{
  const AugurCcdsmProgram *p = augur_ccdsm_result_get_program (r);
  int k = kind_index (p, kind);
  if (k < 0)
    return 0;
  double sum = 0;
  for (guint q = 0; q < augur_ccdsm_program_get_n_processes (p); q++)
    sum += augur_ccdsm_result_get_misses_by_kind (r, k, q);
  return sum;
}

/* ---- Protocol tables: METHODS.md section 3, one test per row ----------- */

typedef struct {
  const char     *name;
  char            variant;    /* 0: both */
  AugurAccess     access;
  AugurMesiState  req;
  AugurOthers     others;
  AugurMesiState  new_req;
  AugurMesiState  new_others;
  AugurTransfer   transfer;
} Row;

static const Row rows[] = {
  { "load-hit-M", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_M, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT },
  { "load-hit-E", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_E, AUGUR_OTHERS_ALL_I, AUGUR_MESI_E, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT },
  { "load-hit-S", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_S, AUGUR_OTHERS_SOME_S, AUGUR_MESI_S, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT },
  { "load-miss-all-I", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ALL_I, AUGUR_MESI_E, AUGUR_MESI_KEEP, AUGUR_TRANSFER_MEMORY },
  { "load-miss-some-S", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_SOME_S, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_MEMORY },
  { "load-miss-one-E", 0, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_E, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_LOOKUP },
  { "load-miss-one-M-A", 'A', AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_E, AUGUR_MESI_I, AUGUR_TRANSFER_CACHE },
  { "load-miss-one-M-B", 'B', AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_CACHE },
  { "store-hit-M", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_M, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT },
  { "store-hit-E", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_E, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT },
  { "store-I-all-I", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_MEMORY },
  { "store-S-all-I", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_S, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_MEMORY },
  { "store-I-some-S", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_SOME_S, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_INVALIDATION },
  { "store-S-some-S", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_S, AUGUR_OTHERS_SOME_S, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_INVALIDATION },
  { "store-I-one-E", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_ONE_E, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_INVALIDATION },
  { "store-I-one-M", 0, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_CACHE },
};

static void
check_row (const Row *row, char variant)
{
  AugurProtocol p;
  g_assert_true (augur_protocol_init_mesi (&p, variant));
  const AugurProtocolRule *r = &p.rule[row->access][row->req][row->others];
  g_assert_true (r->possible);
  g_assert_cmpint (r->requester, ==, row->new_req);
  g_assert_cmpint (r->others, ==, row->new_others);
  g_assert_cmpint (r->transfer, ==, row->transfer);
}

static void
test_protocol_row (gconstpointer data)
{
  const Row *row = data;
  if (row->variant)
    check_row (row, row->variant);
  else
    {
      check_row (row, 'A');
      check_row (row, 'B');
    }
}

static void
test_protocol_impossible (void)
{
  /* The rows not in the tables cannot occur under MESI; both variants
   * validate and say so. */
  for (char v = 'A'; v <= 'B'; v++)
    {
      AugurProtocol p;
      g_autoptr(GError) error = NULL;
      g_assert_true (augur_protocol_init_mesi (&p, v));
      g_assert_true (augur_protocol_validate (&p, &error));
      g_assert_false (p.rule[AUGUR_ACCESS_STORE][AUGUR_MESI_S][AUGUR_OTHERS_ONE_M].possible);
      g_assert_false (p.rule[AUGUR_ACCESS_LOAD][AUGUR_MESI_M][AUGUR_OTHERS_SOME_S].possible);
      guint possible = 0;
      for (guint a = 0; a < AUGUR_ACCESS_N; a++)
        for (guint s = 0; s < 4; s++)
          for (guint o = 0; o < AUGUR_OTHERS_N; o++)
            possible += p.rule[a][s][o].possible;
      g_assert_cmpuint (possible, ==, 16);
    }
  g_assert_false (augur_protocol_init_mesi (&(AugurProtocol) { 0 }, 'C'));
  /* A broken table is refused with the row named. */
  AugurProtocol p;
  g_autoptr(GError) error = NULL;
  augur_protocol_init_mesi (&p, 'A');
  p.rule[AUGUR_ACCESS_STORE][AUGUR_MESI_I][AUGUR_OTHERS_SOME_S].others = AUGUR_MESI_S;
  g_assert_false (augur_protocol_validate (&p, &error));
  g_assert_nonnull (strstr (error->message, "store in I with others some S"));
}

static void
test_latency_table (void)
{
  AugurLatencyTable t;
  augur_latency_table_init_default (&t);
  g_assert_cmpfloat (augur_latency_table_get (&t, AUGUR_TRANSFER_HIT, 2), ==, 5);
  g_assert_cmpfloat (augur_latency_table_get (&t, AUGUR_TRANSFER_MEMORY, 0), ==, 160);
  g_assert_cmpfloat (augur_latency_table_get (&t, AUGUR_TRANSFER_LOOKUP, 1), ==, 360);
  g_assert_cmpfloat (augur_latency_table_get (&t, AUGUR_TRANSFER_INVALIDATION, 2), ==, 650);
  g_assert_cmpfloat (augur_latency_table_get (&t, AUGUR_TRANSFER_CACHE, 1), ==, 350);
  g_autoptr(GError) error = NULL;
  augur_latency_table_set (&t, AUGUR_TRANSFER_CACHE, 2, -1);
  g_assert_false (augur_latency_table_validate (&t, &error));
  g_assert_nonnull (strstr (error->message, "cache transfer at distance 2"));
}

static void
test_machine (void)
{
  g_autoptr(AugurMachine) m = augur_machine_new (2, 2, 2);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 8);
  g_assert_cmpuint (augur_machine_cpu_distance (m, 0, 1), ==, 0);
  g_assert_cmpuint (augur_machine_cpu_distance (m, 0, 2), ==, 1);
  g_assert_cmpuint (augur_machine_cpu_distance (m, 0, 4), ==, 2);
  guint node = augur_machine_add_node (m, 0);
  g_assert_cmpuint (augur_machine_get_n_nodes (m), ==, 5);
  g_assert_cmpuint (augur_machine_get_node_module (m, node), ==, 0);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 9);
  g_assert_true (augur_machine_remove_node (m, node));
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 8);
  g_assert_true (augur_machine_remove_module (m, 1));
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 4);
  g_assert_false (augur_machine_remove_module (m, 0));
  g_assert_true (augur_machine_remove_cpu (m, 0));
  g_assert_false (augur_machine_remove_cpu (m, 0));   /* the last of its node */
}

/* ---- Closed forms ------------------------------------------------------- */

static void
test_hit_loop (void)
{
  /* One process loading one variable forever: after the first miss every
   * access is a hit, so one iteration (one 'start') takes the hit latency. */
  static const char *text =
    "var a : 0..1 = 0, kind data, home N0;\n"
    "reg x : 0..1;\n"
    "process P0 on cpu0 { loop { start; x := load a; } }\n";
  for (guint phases = 1; phases <= 4; phases += 3)
    {
      g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
      g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
      augur_ccdsm_setup_set_phases (s, phases);
      g_autoptr(AugurCcdsmResult) r = solve_ok (p, s);
      g_assert_cmpfloat_with_epsilon (1.0 / augur_ccdsm_result_get_start_rate (r), 5.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_latency (r), 2.5, 1e-12);
      g_assert_cmpfloat (augur_ccdsm_result_get_total_misses (r), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_accesses (r, 0, 0), 1.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_time_share (r, 0, 0), 1.0, 1e-12);
      g_assert_true (augur_ccdsm_result_checks_passed (r));
    }
}

/* Two processes storing one variable forever.  Steady state by hand: a
 * state is (what P0's store in flight is, what P1's is, who stored last),
 * a store is a hit when its process stored last, else a cache-to-cache
 * transfer at the distance of the two processors. */
static void
closed_form_two_stores (double hit, double cache, double *start_rate, double *misses_p0)
{
  /* index = x0 + 2 x1 + 4 o, x = 0 hit, 1 cache miss */
  double Q[8][9] = { { 0 } };
  for (int s = 0; s < 8; s++)
    {
      int x0 = s & 1, x1 = (s >> 1) & 1, o = s >> 2;
      double r0 = 1.0 / (x0 ? cache : hit), r1 = 1.0 / (x1 ? cache : hit);
      int t0 = (o == 0 ? 0 : 1) + 2 * x1 + 4 * 0;
      int t1 = x0 + 2 * (o == 1 ? 0 : 1) + 4 * 1;
      Q[s][t0] += r0;
      Q[s][s] -= r0;
      Q[s][t1] += r1;
      Q[s][s] -= r1;
    }
  /* Solve pi Q = 0, sum pi = 1: transpose, replace one equation. */
  double A[8][9];
  for (int i = 0; i < 8; i++)
    {
      for (int j = 0; j < 8; j++)
        A[i][j] = Q[j][i];
      A[i][8] = 0;
    }
  for (int j = 0; j < 8; j++)
    A[7][j] = 1;
  A[7][8] = 1;
  for (int c = 0; c < 8; c++)
    {
      int piv = c;
      for (int r = c + 1; r < 8; r++)
        if (fabs (A[r][c]) > fabs (A[piv][c]))
          piv = r;
      for (int k = 0; k < 9; k++)
        {
          double t = A[c][k];
          A[c][k] = A[piv][k];
          A[piv][k] = t;
        }
      for (int r = 0; r < 8; r++)
        if (r != c && A[c][c] != 0)
          {
            double f = A[r][c] / A[c][c];
            for (int k = c; k < 9; k++)
              A[r][k] -= f * A[c][k];
          }
    }
  double pi[8], fs = 0, miss = 0;
  for (int i = 0; i < 8; i++)
    pi[i] = A[i][i] != 0 ? A[i][8] / A[i][i] : 0;
  for (int s = 0; s < 8; s++)
    {
      int x0 = s & 1, o = s >> 2;
      double r0 = 1.0 / (x0 ? cache : hit);
      fs += pi[s] * r0;
      if (o == 1)
        miss += pi[s] * r0;
    }
  *start_rate = fs;
  *misses_p0 = miss / fs;
}

static void
test_two_stores (void)
{
  static const char *text =
    "var a : 0..1 = 0, kind data, home N0;\n"
    "process P0 on cpu0 { loop { start; store a, 1; } }\n"
    "process P1 on cpu1 { loop { store a, 0; } }\n";
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  for (guint d = 0; d <= 2; d++)
    {
      g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
      g_autoptr(GError) error = NULL;
      g_assert_true (augur_ccdsm_setup_place_at_distance (s, p, d, &error));
      g_assert_cmpint (augur_ccdsm_setup_get_distance (s, p), ==, d);
      g_autoptr(AugurCcdsmResult) r = solve_ok (p, s);
      double fs, misses;
      closed_form_two_stores (5, augur_latency_table_get (augur_ccdsm_setup_peek_latency (s), AUGUR_TRANSFER_CACHE, d),
                              &fs, &misses);
      g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_start_rate (r) / fs, 1.0, 1e-10);
      g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_misses (r, 0, 0) / misses, 1.0, 1e-10);
      g_assert_true (augur_ccdsm_result_checks_passed (r));
    }
}

/* Test-and-set is an access of kind store: two processes test-and-setting
 * one line give the chain of two stores. */
static void
test_two_tas (void)
{
  static const char *text =
    "var turn : 0..1 = 0, kind flag, home N0;\n"
    "reg x : 0..1;\n"
    "process P0 on cpu0 { loop { start; x := tas turn; } }\n"
    "process P1 on cpu1 { loop { x := tas turn; } }\n";
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  g_autoptr(GError) error = NULL;
  g_assert_true (augur_ccdsm_setup_place_at_distance (s, p, 2, &error));
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, s);
  double fs, misses;
  closed_form_two_stores (5, 600, &fs, &misses);
  g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_start_rate (r) / fs, 1.0, 1e-10);
  g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_misses (r, 0, 0) / misses, 1.0, 1e-10);
}

/* ---- The seed's experiment, in shape ----------------------------------- */

typedef struct {
  double latency[2][2][3];  /* [program sr1, sr2][protocol A, B][distance] */
  double misses[2][2][3];
  double packets[2][2][3], pointers[2][2][3], locks[2][2][3];
} Experiment;

static void
run_experiment (Experiment *x)
{
  g_autofree char *t1 = read_example ("sr1.ccdsm");
  g_autofree char *t2 = read_example ("sr2.ccdsm");
  AugurCcdsmProgram *programs[2] = { parse_ok (t1), parse_ok (t2) };
  g_autoptr(GError) error = NULL;
  AugurCcdsmOptions options = { 0 };
  GPtrArray *runs = augur_ccdsm_experiment (programs, NULL, 2, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, ==, 12);
  for (guint i = 0; i < runs->len; i++)
    {
      AugurCcdsmRun *run = runs->pdata[i];
      g_assert_no_error (run->error);
      g_assert_true (augur_ccdsm_result_checks_passed (run->result));
      g_assert_true (augur_ccdsm_result_is_solved (run->result));
      g_assert_cmpint (augur_ccdsm_result_get_check (run->result, AUGUR_CCDSM_CHECK_ALTERNATION)->applicable, ==, TRUE);
      int k = run->protocol == 'A' ? 0 : 1;
      x->latency[run->program][k][run->distance] = augur_ccdsm_result_get_latency (run->result);
      x->misses[run->program][k][run->distance] = augur_ccdsm_result_get_total_misses (run->result);
      x->packets[run->program][k][run->distance] = kind_total (run->result, "packet");
      x->pointers[run->program][k][run->distance] = kind_total (run->result, "pointer");
      x->locks[run->program][k][run->distance] = kind_total (run->result, "lock");
      /* The JSON names the configuration. */
      g_autofree char *json = augur_ccdsm_result_to_json (run->result);
      g_assert_nonnull (strstr (json, "\"latency_ns\""));
      g_assert_nonnull (strstr (json, "\"misses_by_kind\""));
      g_assert_nonnull (strstr (json, "\"deadlock_free\": true"));
    }
  const char *names[] = { "sr1", "sr2" };
  g_autofree char *json = augur_ccdsm_experiment_to_json (runs, names);
  g_assert_nonnull (strstr (json, "{\"configurations\": ["));
  g_assert_nonnull (strstr (json, "\"program\": \"sr2\""));
  g_autofree char *csv = augur_ccdsm_experiment_to_csv (runs, names);
  g_assert_true (g_str_has_prefix (csv, "program,protocol,distance,latency_ns"));
  augur_ccdsm_runs_free (runs);
  augur_ccdsm_program_unref (programs[0]);
  augur_ccdsm_program_unref (programs[1]);
}

static void
test_seed_shape (void)
{
  Experiment x = { 0 };
  run_experiment (&x);
  for (int prog = 0; prog < 2; prog++)
    for (int k = 0; k < 2; k++)
      {
        /* Latency grows with distance (A1, A2, B1, B2). */
        g_assert_cmpfloat (x.latency[prog][k][0], <, x.latency[prog][k][1]);
        g_assert_cmpfloat (x.latency[prog][k][1], <, x.latency[prog][k][2]);
      }
  for (int d = 0; d < 3; d++)
    {
      for (int prog = 0; prog < 2; prog++)
        {
          /* Protocol A is faster than B, with fewer misses. */
          g_assert_cmpfloat (x.latency[prog][0][d], <, x.latency[prog][1][d]);
          g_assert_cmpfloat (x.misses[prog][0][d], <, x.misses[prog][1][d]);
        }
      for (int k = 0; k < 2; k++)
        {
          /* SR2 is faster than SR1, with fewer misses. */
          g_assert_cmpfloat (x.latency[1][k][d], <, x.latency[0][k][d]);
          g_assert_cmpfloat (x.misses[1][k][d], <, x.misses[0][k][d]);
        }
      /* SR1: misses on packets, pointers and locks; SR2: packets and
       * pointers only, 12 per round trip under A, one third packets. */
      g_assert_cmpfloat (x.packets[0][0][d], >, 0);
      g_assert_cmpfloat (x.pointers[0][0][d], >, 0);
      g_assert_cmpfloat (x.locks[0][0][d], >, 0);
      g_assert_cmpfloat (x.locks[1][0][d], ==, 0);
      g_assert_cmpfloat_with_epsilon (x.misses[1][0][d], 12.0, 1e-9);
      g_assert_cmpfloat_with_epsilon (x.packets[1][0][d], 4.0, 1e-9);
      g_assert_cmpfloat_with_epsilon (x.pointers[1][0][d], 8.0, 1e-9);
      g_test_message ("d=%d: A1 %.1f ns (%.1f misses), B1 %.1f, A2 %.1f (%.1f), B2 %.1f", d,
                      x.latency[0][0][d], x.misses[0][0][d], x.latency[0][1][d], x.latency[1][0][d],
                      x.misses[1][0][d], x.latency[1][1][d]);
    }
}

/* ---- Broken primitives -------------------------------------------------- */

static char *
replace_once (const char *text, const char *from, const char *to)
{
  const char *at = strstr (text, from);
  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
assert_check_fails (const char *text, AugurCcdsmCheckKind kind, const char *needle)
{
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  g_autoptr(GError) error = NULL;
  AugurCcdsmOptions options = { 0 };
  g_autoptr(AugurCcdsmResult) r = augur_ccdsm_solve (p, NULL, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  const AugurCcdsmCheck *c = augur_ccdsm_result_get_check (r, kind);
  g_assert_true (c->applicable);
  g_assert_false (c->passed);
  g_assert_false (augur_ccdsm_result_checks_passed (r));
  g_assert_nonnull (c->path);
  g_assert_cmpuint (g_strv_length (c->path), >=, 3);
  g_assert_true (g_str_has_prefix (c->path[0], "initial state"));
  if (needle)
    g_assert_nonnull (strstr (c->message, needle));
  g_autofree char *text_out = augur_ccdsm_result_to_text (r);
  g_assert_nonnull (strstr (text_out, "FAILED"));
}

static void
test_missing_lock_release (void)
{
  /* SR1 whose send forgets to release the receiver's queue lock. */
  g_autofree char *sr1 = read_example ("sr1.ccdsm");
  g_autofree char *broken = replace_once (sr1, "  store in_lock[peer], 0;\n", "");
  assert_check_fails (broken, AUGUR_CCDSM_CHECK_DEADLOCK, "spins");
}

static void
test_payload_after_index (void)
{
  /* SR2 whose send publishes the index before writing the payload. */
  g_autofree char *sr2 = read_example ("sr2.ccdsm");
  g_autofree char *a = replace_once (sr2, "  store slot[d][h], seq;\n", "");
  g_autofree char *b = replace_once (a, "  store head[d], h;", "  store head[d], h;\n  store slot[d][(h + K - 1) % K], 3 - seq;");
  assert_check_fails (b, AUGUR_CCDSM_CHECK_ASSERTS, "assertion");
}

static void
test_broken_lock (void)
{
  /* A lock taken with a load and a store instead of test-and-set. */
  static const char *text =
    "var l : 0..1 = 0, kind lock, home N0;\n"
    "var c : 0..1 = 0, kind data, home N0;\n"
    "reg x : 0..1;\n"
    "proc work() { x := load l; while (x == 1) { x := load l; } store l, 1; x := load c; store l, 0; }\n"
    "process P0 on cpu0 { loop { start; work(); } }\n"
    "process P1 on cpu4 { loop { work(); } }\n";
  assert_check_fails (text, AUGUR_CCDSM_CHECK_MUTEX, "both hold the lock");
}

static void
test_broken_protocol (void)
{
  /* A table whose load miss on a modified line leaves both in E. */
  g_autofree char *sr2 = read_example ("sr2.ccdsm");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (sr2);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  AugurProtocol *proto = augur_ccdsm_setup_get_protocol (s);
  proto->rule[AUGUR_ACCESS_LOAD][AUGUR_MESI_I][AUGUR_OTHERS_ONE_M].requester = AUGUR_MESI_E;
  proto->rule[AUGUR_ACCESS_LOAD][AUGUR_MESI_I][AUGUR_OTHERS_ONE_M].others = AUGUR_MESI_KEEP;
  g_strlcpy (proto->name, "broken", sizeof proto->name);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurCcdsmResult) r = augur_ccdsm_solve (p, s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  const AugurCcdsmCheck *c = augur_ccdsm_result_get_check (r, AUGUR_CCDSM_CHECK_COHERENCE);
  g_assert_false (c->passed);
  g_assert_nonnull (c->path);
}

/* ---- Bad input ---------------------------------------------------------- */

static void
assert_parse_error (const char *text, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diags = NULL;
  AugurCcdsmProgram *p = augur_ccdsm_program_parse (text, -1, "bad.ccdsm", &diags, &error);
  g_assert_null (p);
  g_assert_nonnull (error);
  if (!strstr (error->message, needle))
    g_error ("expected \"%s\" in \"%s\"", needle, error->message);
  g_assert_true (g_str_has_prefix (error->message, "bad.ccdsm:"));
  g_assert_cmpuint (diags->len, >=, 1);
}

static void
assert_solve_error (const char *text, gint code, const char *needle, guint64 max_states)
{
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  g_autoptr(GError) error = NULL;
  AugurCcdsmOptions options = { 0 };
  options.max_states = max_states;
  AugurCcdsmResult *r = augur_ccdsm_solve (p, NULL, &options, NULL, NULL, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_CCDSM_ERROR, code);
  if (!strstr (error->message, needle))
    g_error ("expected \"%s\" in \"%s\"", needle, error->message);
}

static void
test_bad_input (void)
{
  assert_parse_error ("var a : 0..1 home N0\nprocess P { }", "bad.ccdsm:2:1: expected");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load b; } }", "unknown shared variable 'b'");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; f(); } }", "unknown procedure 'f'");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nproc f() { x := load a; f(); }\nprocess P0 on cpu0 { loop { f(); } }",
                      "recursion");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := x + 1; } }", "Zeno");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { y := load a; } }", "unknown register 'y'");
  assert_parse_error ("var a : 0..1, home N0;\nreg x : 3..1;\n", "empty");
  assert_parse_error ("var a[2] : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }", "dimension");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }\nprotocol Z;", "unknown protocol");
  assert_parse_error ("var a : 0..1 = 4, home N0;", "outside");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }\nlatency { hit -5; }", "expected a latency between 1e-300 and 1e+300 nanoseconds");
  assert_parse_error ("\xff\xfe", "UTF-8");
  assert_parse_error ("", "no process");
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }\nmap { Q -> cpu1; }", "not a process");

  /* Found while generating: values out of range, bad indices, Zeno loops. */
  assert_solve_error ("var a : 0..1, home N0;\nreg x : 0..1;\nprocess P0 on cpu0 { loop { start; x := load a; x := x + 1; store a, x; } }",
                      AUGUR_CCDSM_ERROR_RUNTIME, "test.ccdsm:3:", 0);
  assert_solve_error ("var a : 0..1, home N0;\nreg x : 0..1;\nprocess P0 on cpu0 { loop { start; x := load a; store a, x + 1; } }",
                      AUGUR_CCDSM_ERROR_RUNTIME, "outside its range 0..1", 0);
  assert_solve_error ("var a[2] : 0..3, home N0;\nreg x : 0..3;\nprocess P0 on cpu0 { loop { x := load a[x]; store a[0], 3; } }",
                      AUGUR_CCDSM_ERROR_RUNTIME, "index 3 of 'a' is outside 0..1", 0);
  assert_solve_error ("var a : 0..1, home N0;\nreg x : 0..1;\nreg y : 0..3;\n"
                      "process P0 on cpu0 { loop { x := load a; while (x == 0) { y := (y + 1) % 4; } } }",
                      AUGUR_CCDSM_ERROR_RUNTIME, "Zeno", 0);
  assert_solve_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 { loop { x := load a; } }",
                      AUGUR_CCDSM_ERROR_SEMANTIC, "not mapped to a processor", 0);
  assert_solve_error ("var a : 0..1;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }",
                      AUGUR_CCDSM_ERROR_SEMANTIC, "has no home", 0);
  assert_solve_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }\nprocess P1 on cpu0 { loop { x := load a; } }",
                      AUGUR_CCDSM_ERROR_SEMANTIC, "both on cpu0", 0);
  g_autofree char *sr1 = read_example ("sr1.ccdsm");
  assert_solve_error (sr1, AUGUR_CCDSM_ERROR_TOO_LARGE, "more than 50 states", 50);
}

/* ---- Setup as text ------------------------------------------------------ */

static void
test_setup_round_trip (void)
{
  g_autofree char *sr1 = read_example ("sr1.ccdsm");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (sr1);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  g_assert_true (augur_ccdsm_setup_place_at_distance (s, p, 2, NULL));
  augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (s), 'B');
  augur_latency_table_set (augur_ccdsm_setup_get_latency (s), AUGUR_TRANSFER_CACHE, 2, 777);
  augur_machine_add_cpu (augur_ccdsm_setup_get_machine (s), 0);
  g_autoptr(AugurCcdsmResult) r1 = solve_ok (p, s);

  g_autofree char *program = augur_ccdsm_program_get_program_text (p);
  g_assert_null (strstr (program, "map {"));
  g_assert_nonnull (strstr (program, "proc send(me, peer)"));
  g_autofree char *setup = augur_ccdsm_setup_to_text (s);
  g_autofree char *saved = g_strconcat (program, "\n", setup, NULL);
  g_autoptr(AugurCcdsmProgram) q = parse_ok (saved);
  g_autoptr(AugurCcdsmResult) r2 = solve_ok (q, NULL);
  g_assert_cmpfloat (augur_ccdsm_result_get_latency (r1), ==, augur_ccdsm_result_get_latency (r2));
  g_assert_cmpint (augur_ccdsm_setup_get_distance (augur_ccdsm_program_get_setup (q), q), ==, 2);
  g_assert_cmpuint (augur_machine_get_n_cpus (augur_ccdsm_setup_peek_machine (augur_ccdsm_program_get_setup (q))), ==, 9);
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_program_get_setup (q))->name, ==, "B");

  /* A custom protocol table is written row by row and read back. */
  AugurProtocol *proto = augur_ccdsm_setup_get_protocol (s);
  g_strlcpy (proto->name, "mine", sizeof proto->name);
  g_autofree char *setup2 = augur_ccdsm_setup_to_text (s);
  g_assert_nonnull (strstr (setup2, "protocol mine {"));
  g_autofree char *saved2 = g_strconcat (program, "\n", setup2, NULL);
  g_autoptr(AugurCcdsmProgram) q2 = parse_ok (saved2);
  g_assert_true (memcmp (&augur_ccdsm_setup_peek_protocol (augur_ccdsm_program_get_setup (q2))->rule,
                         &proto->rule, sizeof proto->rule) == 0);
}

static void
test_refinements (void)
{
  /* Updating half-way and Erlang phases change the numbers, not the shape. */
  g_autofree char *sr2 = read_example ("sr2.ccdsm");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (sr2);
  g_autoptr(AugurCcdsmResult) base = solve_ok (p, NULL);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  augur_ccdsm_setup_set_update (s, AUGUR_CCDSM_UPDATE_MIDDLE);
  augur_ccdsm_setup_set_phases (s, 2);
  g_autoptr(AugurCcdsmResult) mid = solve_ok (p, s);
  g_assert_true (augur_ccdsm_result_checks_passed (mid));
  g_assert_cmpuint (augur_ccdsm_result_get_n_states (mid), >, augur_ccdsm_result_get_n_states (base));
  double ratio = augur_ccdsm_result_get_latency (mid) / augur_ccdsm_result_get_latency (base);
  g_assert_cmpfloat (ratio, >, 0.5);
  g_assert_cmpfloat (ratio, <, 2.0);
  augur_ccdsm_setup_set_update (s, AUGUR_CCDSM_UPDATE_BEGIN);
  augur_ccdsm_setup_set_phases (s, 4);
  g_autoptr(AugurCcdsmResult) erl = solve_ok (p, s);
  g_assert_true (augur_ccdsm_result_checks_passed (erl));
  g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_total_misses (erl), 12.0, 1e-9);
}

static void
test_state_space_export (void)
{
  g_autofree char *sr2 = read_example ("sr2.ccdsm");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (sr2);
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, NULL);
  guint n = augur_ccdsm_result_get_space_n_states (r);
  g_assert_cmpuint (n, ==, augur_ccdsm_result_get_n_states (r));
  double sum = 0;
  for (guint s = 0; s < n; s++)
    sum += augur_ccdsm_result_get_probability (r, s);
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
  g_autofree char *d0 = augur_ccdsm_result_describe_state (r, 0);
  g_assert_nonnull (strstr (d0, "P0 at line"));
  guint src, dst;
  double rate;
  g_autofree char *label = NULL;
  augur_ccdsm_result_get_space_transition (r, 0, &src, &dst, &rate, &label);
  g_assert_cmpuint (src, ==, 0);
  g_assert_cmpfloat (rate, >, 0);
  g_assert_true (g_str_has_prefix (label, "P"));

  g_autofree char *dir = g_dir_make_tmp ("augur-ccdsm-XXXXXX", NULL);
  g_autofree char *prefix = g_build_filename (dir, "sr2", NULL);
  g_autoptr(GError) error = NULL;
  g_assert_true (augur_ccdsm_result_export_ctmc (r, prefix, &error));
  g_autofree char *tra_path = g_strconcat (prefix, ".tra", NULL);
  g_autofree char *tra = NULL;
  g_assert_true (g_file_get_contents (tra_path, &tra, NULL, NULL));
  guint64 states = 0, transitions = 0;
  g_assert_cmpint (sscanf (tra, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &states, &transitions), ==, 2);
  g_assert_cmpuint (states, ==, n);
  guint lines = 0;
  for (const char *c = tra; *c; c++)
    lines += *c == '\n';
  g_assert_cmpuint (lines, ==, transitions + 1);
  for (const char *ext[] = { ".sta", ".tra", ".lab", NULL }, **e = ext; *e; e++)
    {
      g_autofree char *f = g_strconcat (prefix, *e, NULL);
      g_remove (f);
    }
  g_rmdir (dir);
  g_autofree char *csv = augur_ccdsm_result_to_csv (r);
  g_assert_true (g_str_has_prefix (csv, "variable,kind,process,accesses,misses,time_share\nslot,packet,P0,"));
}

/* ---- Numbers written the same in every locale ---------------------------- */

static guint
count_char (const char *s, char c)
{
  guint n = 0;
  for (; *s; s++)
    n += *s == c;
  return n;
}

/* The number after `key` in s, read as the C locale reads it: every digit
 * written, nothing left over before `end`. */
static double
number_after (const char *s, const char *key, char end)
{
  const char *at = strstr (s, key);
  g_assert_nonnull (at);
  at += strlen (key);
  char *stop = NULL;
  double v = g_ascii_strtod (at, &stop);
  g_assert_true (stop > at);
  if (*stop != end)
    g_error ("after \"%s\": \"%.20s\" does not end with '%c'", key, at, end);
  return v;
}

static void
test_exports_locale (void)
{
  if (!setlocale (LC_ALL, "fr_FR.UTF-8"))
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  g_autofree char *sr2 = read_example ("sr2.ccdsm");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (sr2);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  g_assert_true (augur_ccdsm_setup_place_at_distance (s, p, 1, NULL));
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, s);
  double latency = augur_ccdsm_result_get_latency (r);
  g_assert_cmpfloat_with_epsilon (latency, 1631.958899, 1e-6);

  g_autofree char *json = augur_ccdsm_result_to_json (r);
  g_assert_cmpfloat (number_after (json, "\"latency_ns\": ", ','), ==, latency);
  g_assert_cmpfloat (number_after (json, "\"total_misses\": ", ','), ==, augur_ccdsm_result_get_total_misses (r));
  number_after (json, "\"generation_seconds\": ", ',');
  number_after (json, "\"total_seconds\": ", '\n');
  g_assert_null (strstr (json, "1631,"));

  /* CSV: six fields on every line, the numbers exactly. */
  g_autofree char *csv = augur_ccdsm_result_to_csv (r);
  g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i]; i++)
    g_assert_cmpuint (count_char (lines[i], ','), ==, 5);
  g_assert_true (g_str_has_prefix (lines[1], "slot,packet,P0,"));
  g_assert_cmpfloat (g_ascii_strtod (strrchr (lines[1], ',') + 1, NULL), ==, augur_ccdsm_result_get_time_share (r, 0, 0));

  /* The text report also writes '.'. */
  g_autofree char *text = augur_ccdsm_result_to_text (r);
  g_assert_nonnull (strstr (text, "one-way latency: 1631.9589 ns"));

  /* PRISM: every rate reads back exactly. */
  g_autofree char *dir = g_dir_make_tmp ("augur-ccdsm-XXXXXX", NULL);
  g_autofree char *prefix = g_build_filename (dir, "sr2", NULL);
  g_autoptr(GError) error = NULL;
  g_assert_true (augur_ccdsm_result_export_ctmc (r, prefix, &error));
  g_assert_no_error (error);
  g_autofree char *tra_path = g_strconcat (prefix, ".tra", NULL);
  g_autofree char *tra = NULL;
  g_assert_true (g_file_get_contents (tra_path, &tra, NULL, NULL));
  g_auto(GStrv) tl = g_strsplit (tra, "\n", -1);
  guint checked = 0;
  for (guint i = 1; tl[i] && *tl[i]; i++)
    {
      guint src, dst;
      char rate_text[64];
      g_assert_cmpint (sscanf (tl[i], "%u %u %63s", &src, &dst, rate_text), ==, 3);
      char *stop;
      double rate = g_ascii_strtod (rate_text, &stop);
      g_assert_cmpint (*stop, ==, '\0');
      g_assert_cmpfloat (rate, >, 0);
      /* The chain's rates are phases / latency: 1/5, 1/160, ... */
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
  for (const char *ext[] = { ".sta", ".tra", ".lab", NULL }, **e = ext; *e; e++)
    {
      g_autofree char *f = g_strconcat (prefix, *e, NULL);
      g_remove (f);
    }
  g_rmdir (dir);

  /* The experiment: eight fields on every CSV line. */
  AugurCcdsmProgram *programs[1] = { p };
  AugurCcdsmOptions options = { 0 };
  GPtrArray *runs = augur_ccdsm_experiment (programs, NULL, 1, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  const char *names[] = { "sr2" };
  g_autofree char *xcsv = augur_ccdsm_experiment_to_csv (runs, names);
  g_auto(GStrv) xl = g_strsplit (xcsv, "\n", -1);
  guint n_lines = 0;
  for (guint i = 0; xl[i] && *xl[i]; i++, n_lines++)
    g_assert_cmpuint (count_char (xl[i], ','), ==, 7);
  g_assert_cmpuint (n_lines, ==, 1 + 6 * 2);
  g_assert_nonnull (strstr (xcsv, "sr2,A,1,1631.9588"));
  g_autofree char *xjson = augur_ccdsm_experiment_to_json (runs, names);
  g_assert_null (strstr (xjson, "1631,"));
  augur_ccdsm_runs_free (runs);
  setlocale (LC_ALL, "C");
}

static void
test_setup_exact_round_trip (void)
{
  gboolean french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;
  static const char *text =
    "var a : 0..1 = 0, kind data, home N0;\n"
    "process P0 on cpu0 { loop { start; store a, 1; } }\n"
    "process P1 on cpu1 { loop { store a, 0; } }\n";
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  g_autoptr(AugurCcdsmSetup) s = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (p));
  AugurLatencyTable *lt = augur_ccdsm_setup_get_latency (s);
  const double values[] = { 2.5, 1234.5678, 0.1, 1e-7, 1e20, 1.0 / 3.0, 160.00000000000003, 7, 9.87654321e-5,
                            123456789.123, 0.3, 2e-300, 5e299 };
  guint i = 0;
  lt->hit = values[i++];
  for (guint t = 0; t < 4; t++)
    for (guint d = 0; d < 3; d++)
      lt->miss[t][d] = values[i++];
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (values));
  g_autofree char *setup = augur_ccdsm_setup_to_text (s);
  g_assert_nonnull (strstr (setup, "  hit 2.5;\n"));
  g_assert_nonnull (strstr (setup, "  memory 1234.5678 0.1 1e-07;\n"));
  g_autofree char *program = augur_ccdsm_program_get_program_text (p);
  g_autofree char *saved = g_strconcat (program, "\n", setup, NULL);
  g_autoptr(AugurCcdsmProgram) q = parse_ok (saved);
  const AugurLatencyTable *back = augur_ccdsm_setup_peek_latency (augur_ccdsm_program_get_setup (q));
  g_assert_cmpfloat (back->hit, ==, lt->hit);
  for (guint t = 0; t < 4; t++)
    for (guint d = 0; d < 3; d++)
      g_assert_cmpfloat (back->miss[t][d], ==, lt->miss[t][d]);
  if (french)
    setlocale (LC_ALL, "C");
}

/* ---- Wide states ----------------------------------------------------------- */

static void
test_wide_state (void)
{
  /* The two stores again, with an array nobody uses that takes 320 words
   * of the packed state: the same chain. */
  static const char *narrow =
    "var a : 0..1 = 0, kind data, home N0;\n"
    "process P0 on cpu0 { loop { start; store a, 1; } }\n"
    "process P1 on cpu1 { loop { store a, 0; } }\n";
  static const char *wide =
    "var big[4096] : 0..1 = 0, kind data, home N0;\n"
    "var a : 0..1 = 0, kind data, home N0;\n"
    "process P0 on cpu0 { loop { start; store a, 1; } }\n"
    "process P1 on cpu1 { loop { store a, 0; } }\n";
  g_autoptr(AugurCcdsmProgram) p = parse_ok (narrow);
  g_autoptr(AugurCcdsmProgram) q = parse_ok (wide);
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, NULL);
  g_autoptr(AugurCcdsmResult) w = solve_ok (q, NULL);
  g_assert_true (augur_ccdsm_result_checks_passed (w));
  g_assert_true (augur_ccdsm_result_is_solved (w));
  g_assert_cmpuint (augur_ccdsm_result_get_n_states (w), ==, augur_ccdsm_result_get_n_states (r));
  g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_latency (w) / augur_ccdsm_result_get_latency (r), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (augur_ccdsm_result_get_misses (w, 1, 0) / augur_ccdsm_result_get_misses (r, 0, 0),
                                  1.0, 1e-12);
  g_assert_cmpfloat (augur_ccdsm_result_get_misses (w, 0, 0), ==, 0);
}

/* ---- A program without 'start' -------------------------------------------- */

static void
test_no_start (void)
{
  static const char *text =
    "var a : 0..1 = 0, kind data, home N0;\n"
    "process P0 on cpu0 { loop { store a, 1; } }\n"
    "process P1 on cpu1 { loop { store a, 0; } }\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diags = NULL;
  g_autoptr(AugurCcdsmProgram) p = augur_ccdsm_program_parse (text, -1, "test.ccdsm", &diags, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  /* A warning as the user types, where the first process is. */
  g_assert_cmpuint (diags->len, ==, 1);
  const AugurDiagnostic *d = diags->pdata[0];
  g_assert_cmpint (d->severity, ==, AUGUR_SEVERITY_WARNING);
  g_assert_cmpint (d->line, ==, 2);
  g_assert_cmpint (d->column, ==, 9);
  g_assert_nonnull (strstr (d->message, "no process marks 'start'"));
  /* The checks run; the measures per round trip do not exist. */
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, NULL);
  g_assert_true (augur_ccdsm_result_checks_passed (r));
  g_assert_false (augur_ccdsm_result_is_solved (r));
  g_assert_nonnull (strstr (augur_ccdsm_result_get_solve_error (r), "no process marks 'start'"));
  g_assert_true (isnan (augur_ccdsm_result_get_latency (r)));
  g_assert_true (isnan (augur_ccdsm_result_get_total_misses (r)));
  g_autofree char *json = augur_ccdsm_result_to_json (r);
  g_assert_nonnull (strstr (json, "\"latency_ns\": null,"));
  g_assert_nonnull (strstr (json, "\"total_misses\": null,"));
  g_assert_null (strstr (json, "nan"));
  g_autofree char *csv = augur_ccdsm_result_to_csv (r);
  g_assert_null (strstr (csv, "nan"));
}

/* ---- Deep input ------------------------------------------------------------- */

static void
test_deep_input (void)
{
  const char *head = "var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { start; x := load a; x := ";
  GString *s = g_string_new (head);
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, ')');
  g_string_append (s, "; } }\n");
  /* The 256th parenthesis, inside the loop. */
  assert_parse_error (s->str, "bad.ccdsm:3:309: expected at most 256 nested parentheses, operators and blocks");

  g_string_assign (s, head);
  for (int i = 0; i < 30000; i++)
    g_string_append (s, "- ");
  g_string_append (s, "1; } }\n");
  assert_parse_error (s->str, "bad.ccdsm:3:564: expected at most 256 nested");

  g_string_assign (s, "var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { start; x := load a;\n");
  for (int i = 0; i < 40000; i++)
    g_string_append (s, "if (x == 0) {\n");
  assert_parse_error (s->str, "bad.ccdsm:259:1: expected at most 256 nested");

  /* else-if chains nest as well. */
  g_string_assign (s, "var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { start; x := load a;\n");
  for (int i = 0; i < 40000; i++)
    g_string_append (s, "if (x == 0) { x := load a; } else\n");
  g_string_append (s, "{ x := load a; } } }\n");
  assert_parse_error (s->str, "expected at most 256 nested");

  /* A long chain of operators. */
  g_string_assign (s, head);
  for (int i = 0; i < 100000; i++)
    g_string_append (s, "1 + ");
  g_string_append (s, "1; } }\n");
  assert_parse_error (s->str, "an expression of at most 1000 operators");

  /* Procedures calling procedures, deeper than blocks may nest. */
  g_string_assign (s, "var a : 0..1, home N0;\nreg x;\nproc f0() { x := load a; }\n");
  for (int i = 1; i < 2000; i++)
    g_string_append_printf (s, "proc f%d() { f%d(); }\n", i, i - 1);
  g_string_append (s, "process P0 on cpu0 { loop { start; f1999(); } }\n");
  assert_parse_error (s->str, "at most 256 nested");

  /* Inlining that doubles at every level: stopped, not run out of memory. */
  g_string_assign (s, "var a : 0..1, home N0;\nreg x;\nproc f0() { x := load a; }\n");
  for (int i = 1; i < 40; i++)
    g_string_append_printf (s, "proc f%d() { f%d(); f%d(); }\n", i, i - 1, i - 1);
  g_string_append (s, "process P0 on cpu0 { loop { start; f39(); } }\n");
  assert_parse_error (s->str, "is too large once its procedures are inlined");

  /* A right-nested expression deeper than 64 evaluates right. */
  g_string_assign (s, "var a : 0..100, home N0;\nreg x : 0..100;\nprocess P0 on cpu0 { loop { start; x := load a; x := ");
  for (int i = 0; i < 200; i++)
    g_string_append (s, "x + (");
  g_string_append (s, "1");
  for (int i = 0; i < 200; i++)
    g_string_append (s, ")");
  g_string_append (s, "; store a, x - 1; assert x == 1; x := 0; } }\n");
  g_autoptr(AugurCcdsmProgram) p = parse_ok (s->str);
  g_autoptr(AugurCcdsmResult) r = solve_ok (p, NULL);
  g_assert_true (augur_ccdsm_result_checks_passed (r));
  g_string_free (s, TRUE);
}

static void
test_arithmetic_overflow (void)
{
  assert_parse_error ("const A = 1000000000 * 1000000000;\n", "bad.ccdsm:1:22: the value is outside -2147483648..2147483647");
  assert_parse_error ("const A = -1000000000 - 1000000000 - 147483648;\nconst B = A / -1;\n",
                      "bad.ccdsm:2:13: the value is outside -2147483648..2147483647");
  assert_parse_error ("const A = -1000000000 - 1000000000 - 147483648;\nconst B = A % -1 + -A;\n",
                      "bad.ccdsm:2:20: the value is outside");
  assert_solve_error ("var a : 0..1, home N0;\nreg x : 999999999..1000000000 = 1000000000;\n"
                      "process P0 on cpu0 { loop { start; store a, 0; x := x * x; } }",
                      AUGUR_CCDSM_ERROR_RUNTIME, "test.ccdsm:3:48: process P0: the value of the expression is outside -2147483648..2147483647", 0);
}

/* ---- Limits --------------------------------------------------------------- */

static void
test_memory_limit (void)
{
  /* 100,000 states: more than 1 MB. */
  static const char *text =
    "var a : 0..1, home N0;\nreg x : 0..99999;\n"
    "process P0 on cpu0 { loop { start; store a, 0; x := (x + 1) % 100000; } }\n";
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "1", TRUE);
  g_autoptr(AugurCcdsmProgram) p = parse_ok (text);
  g_autoptr(GError) error = NULL;
  AugurCcdsmResult *r = augur_ccdsm_solve (p, NULL, NULL, NULL, NULL, NULL, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (r);
  g_assert_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE);
  if (!strstr (error->message, "the limit is 1.0\u00a0MB (AUGUR_MEMORY_LIMIT_MB)") ||
      !g_str_has_prefix (error->message, "test.ccdsm: the state space would need more than about "))
    g_error ("unexpected: %s", error->message);
}

static void
test_long_line (void)
{
  /* A machine of 100,000 processors on one line parses at once. */
  GString *s = g_string_new ("var a : 0..1, home n0;\nreg x;\nprocess P0 on c0 { loop { start; x := load a; } }\n"
                             "machine { module m { node n0 { cpu c0");
  for (int i = 1; i < 100000; i++)
    g_string_append_printf (s, ", c%d", i);
  g_string_append (s, "; } } }\n");
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(AugurCcdsmProgram) p = parse_ok (s->str);
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_test_message ("100,000 processors on one line: %.3f s", seconds);
  g_assert_cmpfloat (seconds, <, 10);
  g_assert_cmpuint (augur_machine_get_n_cpus (augur_ccdsm_setup_peek_machine (augur_ccdsm_program_get_setup (p))), ==, 100000);
  /* A position at the end of it is right. */
  g_string_truncate (s, s->len - strlen ("; } } }\n"));
  g_string_append (s, ", c5; } } }\n");
  g_autoptr(GError) error = NULL;
  g_assert_null (augur_ccdsm_program_parse (s->str, -1, "bad.ccdsm", NULL, &error));
  const char *line4 = strstr (s->str, "machine");
  guint column = (guint) (strstr (line4, ", c5;") + 2 - line4) + 1;
  g_autofree char *expected = g_strdup_printf ("bad.ccdsm:4:%u: 'c5' already names a part of the machine", column);
  g_assert_cmpstr (error->message, ==, expected);
  g_string_free (s, TRUE);
}

/* ---- Hostile input --------------------------------------------------------- */

static void
test_hostile_input (void)
{
  const char *prog = "var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { start; x := load a; } }\n";
  static const struct { const char *setup; const char *message; } cases[] = {
    { "latency { hit 1e-320; }", "bad.ccdsm:4:15: expected a latency between 1e-300 and 1e+300 nanoseconds, found 1e-320" },
    { "latency { hit 0; }", "bad.ccdsm:4:15: expected a latency between 1e-300 and 1e+300 nanoseconds, found 0" },
    { "latency { hit 1e400; }", "bad.ccdsm:4:15: expected a latency between 1e-300 and 1e+300 nanoseconds, found 1e400" },
    { "latency { hit -5; }", "bad.ccdsm:4:15: expected a latency between 1e-300 and 1e+300 nanoseconds, found '-'" },
    { "latency { hit 1.5.3; }", "bad.ccdsm:4:15: expected a number, found '1.5.3'" },
    { "latency { hit 2,5; }", "bad.ccdsm:4:16: expected ';', found ','" },
    { "latency { hit 5; }\nlatency { hit 6; }", "bad.ccdsm:5:1: a second 'latency' section (the first is at line 4)" },
    { "latency { hit 5; hit 6; }", "bad.ccdsm:4:18: a second latency for 'hit' (the first is at line 4, column 11)" },
    { "protocol A;\nprotocol B;", "bad.ccdsm:5:1: a second 'protocol' section (the first is at line 4)" },
    { "timing phases 2;\ntiming phases 4;", "bad.ccdsm:5:1: a second 'timing' section (the first is at line 4)" },
    { "machine { module M0 { node N0 { cpu cpu0; } } }\nmachine { module M0 { node N0 { cpu cpu0; } } }",
      "bad.ccdsm:5:1: a second 'machine' section (the first is at line 4)" },
    { "map { P0 -> cpu1; P0 -> cpu2; }", "bad.ccdsm:4:19: process P0 is already placed by the map (on cpu1, at line 4)" },
    { "map { home a -> N1; }\nmap { home a -> N0; }", "bad.ccdsm:5:1: a second 'map' section (the first is at line 4)" },
    { "/* not closed\n", "bad.ccdsm:4:1: expected '*/' to close this comment, found the end of the file" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (prog, cases[i].setup, "\n", NULL);
      assert_parse_error (text, cases[i].message);
    }
  /* The same home twice in one map, or in one declaration. */
  g_autofree char *two = g_strconcat ("var a : 0..1;\nreg x;\nprocess P0 { loop { start; x := load a; } }\n",
                                      "map { P0 -> cpu1; home a -> N0; home a -> N0; }\n", NULL);
  assert_parse_error (two, "bad.ccdsm:4:38: 'a' already has a home (N0, at line 4)");
  assert_parse_error ("var a : 0..1, home N0, home N1;", "bad.ccdsm:1:5: 'a' already has a home (N0, at line 1)");
  /* The map places over the declarations (a saved document has both). */
  g_autofree char *over = g_strconcat (prog, "map { P0 -> cpu3; home a -> N1; }\n", NULL);
  g_autoptr(AugurCcdsmProgram) po = parse_ok (over);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (augur_ccdsm_program_get_setup (po), "P0"), ==, "cpu3");
  g_assert_cmpstr (augur_ccdsm_setup_get_home (augur_ccdsm_program_get_setup (po), "a"), ==, "N1");

  /* A byte-order mark is skipped; columns count from after it. */
  g_autofree char *bom = g_strconcat ("\xEF\xBB\xBF", prog, NULL);
  g_autoptr(AugurCcdsmProgram) p = parse_ok (bom);
  g_autofree char *body = augur_ccdsm_program_get_program_text (p);
  g_assert_true (g_str_has_prefix (body, "var a"));
  assert_parse_error ("\xEF\xBB\xBFvar 1;", "bad.ccdsm:1:5: expected the name of the variable");

  /* CR alone ends a line, as CR LF and LF do. */
  assert_parse_error ("var a : 0..1 home N0\rprocess P { }", "bad.ccdsm:2:1: expected");
  assert_parse_error ("var a : 0..1,\r\nhome N0\r\n\rprocess P { }", "bad.ccdsm:4:1: expected");
  assert_parse_error ("// a comment\rvar 1;", "bad.ccdsm:2:5: expected");
  assert_parse_error ("/* a\r comment */ var 1;", "bad.ccdsm:2:17: expected");

  /* LF, CR LF or a lone CR, a byte-order mark or none: an error, a NUL
   * byte and a byte that is not UTF-8 each at the same line and column
   * (characters), the NUL never taken for the program's end */
  {
    static const char *const eols[] = { "\n", "\r\n", "\r" };

    for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
      for (guint bom = 0; bom < 2; bom++)
        {
          const char *eol = eols[e], *mark = bom ? "\xEF\xBB\xBF" : "";
          g_autofree char *head = g_strconcat (mark, "// é", eol, "var a : 0..1 = 0, kind data, home N0;", eol, NULL);
          g_autofree char *wrong = g_strconcat (head, "process é P0 on cpu0 { loop { start; } }", eol, NULL);
          g_autofree char *nul = g_strconcat (head, "process P0 on cpu0 { loop { /* é */ start;@ } }", eol, NULL);
          g_autofree char *binary = g_strconcat (head, "process P0 on cpu0 { loop { /* é\xff */ start; } }", eol,
                                                 NULL);
          gsize nul_length = strlen (nul);
          g_autoptr(GError) error = NULL;
          AugurCcdsmProgram *none;

          *strchr (nul, '@') = '\0';
          none = augur_ccdsm_program_parse (nul, (gssize) nul_length, "bad.ccdsm", NULL, &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "bad.ccdsm:3:43: the file contains a NUL byte (is it a text file?)");
          g_clear_error (&error);
          none = augur_ccdsm_program_parse (binary, -1, "bad.ccdsm", NULL, &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "bad.ccdsm:3:33: the text is not valid UTF-8");
          g_clear_error (&error);
          none = augur_ccdsm_program_parse (wrong, -1, "bad.ccdsm", NULL, &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "bad.ccdsm:3:9: unexpected character 'é'");
        }
  }

  /* Numbers in messages are written with '.'. */
  if (setlocale (LC_ALL, "fr_FR.UTF-8"))
    {
      assert_parse_error ("const A = 2.5;", "bad.ccdsm:1:11: expected an integer between -1000000000 and 1000000000, found 2.5");
      setlocale (LC_ALL, "C");
    }

  /* Latencies set apart from the text are checked the same way. */
  AugurLatencyTable t;
  augur_latency_table_init_default (&t);
  t.hit = 1e-320;
  g_autoptr(GError) error = NULL;
  g_assert_false (augur_latency_table_validate (&t, &error));
  g_assert_cmpstr (error->message, ==, "the latency of a hit must be between 1e-300 and 1e+300 nanoseconds, not 1e-320");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ccdsm/protocol/%s", rows[i].name);
      g_test_add_data_func (path, &rows[i], test_protocol_row);
    }
  g_test_add_func ("/ccdsm/protocol/impossible-and-validation", test_protocol_impossible);
  g_test_add_func ("/ccdsm/latency-table", test_latency_table);
  g_test_add_func ("/ccdsm/machine", test_machine);
  g_test_add_func ("/ccdsm/closed-form/hit-loop", test_hit_loop);
  g_test_add_func ("/ccdsm/closed-form/two-stores", test_two_stores);
  g_test_add_func ("/ccdsm/closed-form/test-and-set", test_two_tas);
  g_test_add_func ("/ccdsm/seed/shape", test_seed_shape);
  g_test_add_func ("/ccdsm/broken/missing-lock-release", test_missing_lock_release);
  g_test_add_func ("/ccdsm/broken/payload-after-index", test_payload_after_index);
  g_test_add_func ("/ccdsm/broken/lock-without-tas", test_broken_lock);
  g_test_add_func ("/ccdsm/broken/protocol-table", test_broken_protocol);
  g_test_add_func ("/ccdsm/bad-input", test_bad_input);
  g_test_add_func ("/ccdsm/setup-round-trip", test_setup_round_trip);
  g_test_add_func ("/ccdsm/refinements", test_refinements);
  g_test_add_func ("/ccdsm/state-space-export", test_state_space_export);
  g_test_add_func ("/ccdsm/exports-locale", test_exports_locale);
  g_test_add_func ("/ccdsm/setup-exact-round-trip", test_setup_exact_round_trip);
  g_test_add_func ("/ccdsm/wide-state", test_wide_state);
  g_test_add_func ("/ccdsm/no-start", test_no_start);
  g_test_add_func ("/ccdsm/deep-input", test_deep_input);
  g_test_add_func ("/ccdsm/arithmetic-overflow", test_arithmetic_overflow);
  g_test_add_func ("/ccdsm/memory-limit", test_memory_limit);
  g_test_add_func ("/ccdsm/long-line", test_long_line);
  g_test_add_func ("/ccdsm/hostile-input", test_hostile_input);
  return g_test_run ();
}
