/* test-ccdsm.c: cache-coherence models: protocol tables, closed forms,
 * the seed's results in shape, broken primitives caught, bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"

#include <glib/gstdio.h>
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
  assert_parse_error ("var a : 0..1, home N0;\nreg x;\nprocess P0 on cpu0 { loop { x := load a; } }\nlatency { hit -5; }", "positive");
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
  return g_test_run ();
}
