/* ccdsm-solve.c: generation of the state space of a CCDSM program (an IMC
 * with maximal progress, kept as a CTMC), the checks, the solution and the
 * measures.
 *
 * A state holds, for every process, its program counter (the access in
 * flight, or the end), the Erlang phase and transfer of that access, its
 * registers and the locks it holds; for every variable element, its value
 * and the cache state of the line in every process's processor.  Each
 * process with an access in flight completes it (or its current phase) at
 * rate phases / latency; it then runs its register work, branches and
 * marks at once, and begins its next access: the transfer is decided from
 * the cache states of the line, which are updated (at once, or half-way
 * through the delay).
 *
 * (Over 800 lines: generation, checks, solution and measures of one IMC
 * share the state layout; setup and parsing are apart.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm-private.h"

#include "augur-file.h"
#include "augur-format.h"
#include "augur-state-set.h"
#include "augur-sweep.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#define N_XFER 13
#define NO_PARENT G_MAXUINT32

/* ---- Layout of a packed state ----------------------------------------- */

typedef struct {
  guint   n_fields;
  guint8 *bits;
  guint  *word;        /* a state may span any number of words */
  guint8 *shift;
  int    *min;
  guint   words;
  guint  *nz;          /* the fields with bits, in packing order */
  guint   n_nz;
  guint   np;
  guint  *proc_base;   /* per process: pc, phase, xfer, elem, regs..., holds... */
  guint  *n_regs;
  guint   n_locks;
  guint   elem_base;   /* per element: value, cache per process */
  guint   n_elems;
} Layout;

#define F_PC(L, p)      ((L)->proc_base[p] + 0)
#define F_PHASE(L, p)   ((L)->proc_base[p] + 1)
#define F_XFER(L, p)    ((L)->proc_base[p] + 2)
#define F_ELEM(L, p)    ((L)->proc_base[p] + 3)
#define F_REG(L, p, r)  ((L)->proc_base[p] + 4 + (r))
#define F_HOLD(L, p, l) ((L)->proc_base[p] + 4 + (L)->n_regs[p] + (l))
#define F_VAL(L, e)     ((L)->elem_base + (e) * (1 + (L)->np))
#define F_CACHE(L, e, p) ((L)->elem_base + (e) * (1 + (L)->np) + 1 + (p))

static guint
bits_for (gint64 n)
{
  return n <= 1 ? 0 : g_bit_storage ((gulong) (n - 1));
}

static void
layout_clear (Layout *L)
{
  g_free (L->bits);
  g_free (L->word);
  g_free (L->shift);
  g_free (L->min);
  g_free (L->nz);
  g_free (L->proc_base);
  g_free (L->n_regs);
  memset (L, 0, sizeof *L);
}

/* The most fields a state may have: the generator keeps a few unpacked
 * states of this many ints. */
#define CC_MAX_FIELDS (1u << 24)

static guint64
count_fields (const AugurCcdsmProgram *prog)
{
  guint64 n = 0, np = prog->procs->len;
  for (guint p = 0; p < np; p++)
    n += 4 + ((CcProcess *) prog->procs->pdata[p])->regs->len + (guint64) prog->n_lock_elems;
  return n + (guint64) prog->n_elems * (1 + np);
}

static void
layout_init (Layout *L, const AugurCcdsmProgram *prog, const AugurCcdsmSetup *setup)
{
  guint np = prog->procs->len;
  L->np = np;
  L->n_locks = prog->n_lock_elems;
  L->n_elems = prog->n_elems;
  L->proc_base = g_new0 (guint, np);
  L->n_regs = g_new0 (guint, np);
  guint n = 0;
  for (guint p = 0; p < np; p++)
    {
      CcProcess *pr = prog->procs->pdata[p];
      L->proc_base[p] = n;
      L->n_regs[p] = pr->regs->len;
      n += 4 + pr->regs->len + L->n_locks;
    }
  L->elem_base = n;
  n += prog->n_elems * (1 + np);
  L->n_fields = n;
  L->bits = g_new0 (guint8, n);
  L->word = g_new0 (guint, n);
  L->shift = g_new0 (guint8, n);
  L->min = g_new0 (int, n);
  for (guint p = 0; p < np; p++)
    {
      CcProcess *pr = prog->procs->pdata[p];
      L->bits[F_PC (L, p)] = bits_for (pr->code->len);
      L->bits[F_PHASE (L, p)] = bits_for (setup->phases);
      L->bits[F_XFER (L, p)] = bits_for (N_XFER);
      L->bits[F_ELEM (L, p)] = setup->update == AUGUR_CCDSM_UPDATE_MIDDLE ? bits_for (prog->n_elems) : 0;
      for (guint r = 0; r < pr->regs->len; r++)
        {
          CcReg *reg = prog->regs->pdata[g_array_index (pr->regs, int, r)];
          L->bits[F_REG (L, p, r)] = bits_for ((gint64) reg->hi - reg->lo + 1);
          L->min[F_REG (L, p, r)] = reg->lo;
        }
      for (guint l = 0; l < L->n_locks; l++)
        L->bits[F_HOLD (L, p, l)] = 1;
    }
  for (guint i = 0; i < prog->vars->len; i++)
    {
      CcVar *v = prog->vars->pdata[i];
      for (guint e = v->first_elem; e < v->first_elem + v->size; e++)
        {
          L->bits[F_VAL (L, e)] = bits_for ((gint64) v->hi - v->lo + 1);
          L->min[F_VAL (L, e)] = v->lo;
          for (guint p = 0; p < np; p++)
            L->bits[F_CACHE (L, e, p)] = 2;
        }
    }
  guint word = 0, used = 0;
  for (guint f = 0; f < n; f++)
    {
      if (L->bits[f] == 0)
        continue;
      if (used + L->bits[f] > 64)
        {
          word++;
          used = 0;
        }
      L->word[f] = word;
      L->shift[f] = used;
      used += L->bits[f];
    }
  L->words = word + 1;
  L->nz = g_new (guint, MAX (n, 1u));
  for (guint f = 0; f < n; f++)
    if (L->bits[f])
      L->nz[L->n_nz++] = f;
}

static inline void
encode (const Layout *L, const int *u, guint64 *out)
{
  guint64 acc = 0;
  guint w = 0;
  for (guint i = 0; i < L->n_nz; i++)
    {
      guint f = L->nz[i];
      if (L->word[f] != w)
        {
          out[w] = acc;
          acc = 0;
          w = L->word[f];
        }
      acc |= (guint64) (guint32) (u[f] - L->min[f]) << L->shift[f];
    }
  out[w] = acc;
  for (w = w + 1; w < L->words; w++)
    out[w] = 0;
}

/* Fields without bits keep their only value, which u must hold already
 * (see decode_full). */
static inline void
decode (const Layout *L, const guint64 *in, int *u)
{
  for (guint i = 0; i < L->n_nz; i++)
    {
      guint f = L->nz[i];
      u[f] = (int) ((in[L->word[f]] >> L->shift[f]) & ((G_GUINT64_CONSTANT (1) << L->bits[f]) - 1)) + L->min[f];
    }
}

static inline void
decode_full (const Layout *L, const guint64 *in, int *u)
{
  for (guint f = 0; f < L->n_fields; f++)
    u[f] = L->min[f];
  decode (L, in, u);
}

/* The packing of u, a successor of the state u0 packed as parent: only
 * the fields that changed are written again. */
static inline void
encode_delta (const Layout *L, const int *u0, const int *u, const guint64 *parent, guint64 *out)
{
  memcpy (out, parent, L->words * sizeof (guint64));
  for (guint f = 0; f < L->n_fields; f++)
    if (G_UNLIKELY (u[f] != u0[f]) && L->bits[f])
      {
        guint64 mask = ((G_GUINT64_CONSTANT (1) << L->bits[f]) - 1) << L->shift[f];
        out[L->word[f]] = (out[L->word[f]] & ~mask)
                          | (((guint64) (guint32) (u[f] - L->min[f]) << L->shift[f]) & mask);
      }
}

static inline int
get_field (const Layout *L, const guint64 *in, guint f)
{
  if (!L->bits[f])
    return L->min[f];
  return (int) ((in[L->word[f]] >> L->shift[f]) & ((G_GUINT64_CONSTANT (1) << L->bits[f]) - 1)) + L->min[f];
}

/* ---- Labels ------------------------------------------------------------ */

typedef struct {
  int    proc;
  int    pc;          /* the access begun, or -1 (a phase, a halt) */
  int    elem;
  int    xfer;        /* 0 hit, 1 + (transfer - 1) * 3 + distance; -1 none */
  int    n_marks;
  int    marks[CC_MAX_MARKS];
  int    kind;        /* 0 begin, 1 phase, 2 half-way update, 3 end (halt) */
} Label;

static guint
label_hash (gconstpointer p)
{
  const Label *l = p;
  guint h = 2166136261u;
  int head[] = { l->proc, l->pc, l->elem, l->xfer, l->n_marks, l->kind };
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    h = (h ^ (guint) head[i]) * 16777619u;
  for (int i = 0; i < l->n_marks; i++)
    h = (h ^ (guint) l->marks[i]) * 16777619u;
  return h;
}

static gboolean
label_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (Label)) == 0;
}

/* ---- Generation -------------------------------------------------------- */

typedef struct {
  gboolean found;
  guint    state;      /* the source state */
  int      label;      /* the transition from it (-1: in the state itself) */
  char    *what;
  GStrv    path;       /* when the check built it itself */
} Violation;

typedef struct {
  const AugurCcdsmProgram *prog;
  const AugurCcdsmSetup   *setup;
  Layout    L;
  guint     np;
  int      *cpu;          /* per process */
  int      *home;         /* per element: node */
  double    lat[N_XFER];
  guint     phases;
  gboolean  middle;
  guint64   max_states;
  guint64   budget;       /* bytes */
  AugurMemoryBudget memory; /* where the budget comes from, for messages */

  AugurStateSet set;      /* the states found (core/augur-state-set.h) */
  guint64  *scratch;

  GArray   *row_ptr;      /* guint64 */
  GArray   *col;          /* guint32 */
  GArray   *rate;         /* double */
  GArray   *lab;          /* guint32 */
  GArray   *parent;       /* guint32 */
  GArray   *parent_label; /* guint32 */

  GPtrArray  *labels;     /* Label* */
  GHashTable *label_index;
  guint       label_cache[4096];  /* label + 1 by hash, in front of label_index */

  Violation coherence, asserts, mutex, protocol_gap;
  GError   *error;
  guint     current;      /* the state being expanded */
  gboolean  initial;
} Gen;

static guint intern_label_slow (Gen *g, const Label *l);

static guint
intern_label (Gen *g, const Label *l)
{
  guint h = label_hash (l) & (G_N_ELEMENTS (g->label_cache) - 1);
  guint c = g->label_cache[h];
  if (c && memcmp (g->labels->pdata[c - 1], l, sizeof *l) == 0)
    return c - 1;
  guint id = intern_label_slow (g, l);
  g->label_cache[h] = id + 1;
  return id;
}

static guint
intern_label_slow (Gen *g, const Label *l)
{
  gpointer v;
  if (g_hash_table_lookup_extended (g->label_index, l, NULL, &v))
    return GPOINTER_TO_UINT (v);
  Label *copy = g_memdup2 (l, sizeof *l);
  g_ptr_array_add (g->labels, copy);
  g_hash_table_insert (g->label_index, copy, GUINT_TO_POINTER (g->labels->len - 1));
  return g->labels->len - 1;
}

/* Returns the number of the packed state, adding it when new; G_MAXUINT
 * on too many states.  full is augur_state_set_hash of it. */
static inline guint
add_packed (Gen *g, const guint64 *packed, guint64 full, guint parent, guint label)
{
  gboolean added;
  guint s = augur_state_set_insert (&g->set, packed, full, (guint) MIN (g->max_states, G_MAXUINT - 1), &added);

  if (added)
    {
      guint32 p32 = parent, l32 = label;
      g_array_append_val (g->parent, p32);
      g_array_append_val (g->parent_label, l32);
    }
  return s;
}

static guint
add_state (Gen *g, const int *u, guint parent, guint label)
{
  encode (&g->L, u, g->scratch);
  return add_packed (g, g->scratch, augur_state_set_hash (g->scratch, g->L.words), parent, label);
}

static void G_GNUC_PRINTF (4, 5)
violate (Gen *g, Violation *v, int label, const char *format, ...)
{
  if (v->found)
    return;
  va_list ap;
  va_start (ap, format);
  v->found = TRUE;
  v->state = g->current;
  v->label = label;
  v->what = g_strdup_vprintf (format, ap);
  va_end (ap);
}

static void G_GNUC_PRINTF (3, 4)
runtime_error (Gen *g, const CcInstr *in, const char *format, ...)
{
  if (g->error)
    return;
  va_list ap;
  va_start (ap, format);
  char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g->error = g_error_new (AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME, "%s:%d:%d: %s",
                          g->prog->filename, in->line, in->column, msg);
  g_free (msg);
}

static AugurOthers
summarise (const Gen *g, const int *u, guint e, guint p, int *provider)
{
  AugurOthers o = AUGUR_OTHERS_ALL_I;
  *provider = -1;
  for (guint q = 0; q < g->np; q++)
    {
      if (q == p)
        continue;
      int c = u[F_CACHE (&g->L, e, q)];
      if (c == AUGUR_MESI_M)
        {
          *provider = q;
          return AUGUR_OTHERS_ONE_M;
        }
      if (c == AUGUR_MESI_E && o != AUGUR_OTHERS_ONE_E)
        {
          o = AUGUR_OTHERS_ONE_E;
          *provider = q;
        }
      else if (c == AUGUR_MESI_S && o == AUGUR_OTHERS_ALL_I)
        o = AUGUR_OTHERS_SOME_S;
    }
  return o;
}

static gboolean
eval (Gen *g, guint p, const CcInstr *in, int expr, const int *regs, int *out)
{
  int err = 0;
  *out = cc_eval (&g_array_index (g->prog->expr, int, expr), regs, &err);
  if (err == CC_EVAL_OVERFLOW)
    {
      runtime_error (g, in, _("process %s: the value of the expression is outside %d..%d"),
                     augur_ccdsm_program_get_process_name (g->prog, p), G_MININT32, G_MAXINT32);
      return FALSE;
    }
  if (err)
    {
      runtime_error (g, in, _("process %s: division by zero"), augur_ccdsm_program_get_process_name (g->prog, p));
      return FALSE;
    }
  return TRUE;
}

static const CcReg *
reg_of (const Gen *g, guint p, int local)
{
  const CcProcess *pr = g->prog->procs->pdata[p];
  return g->prog->regs->pdata[g_array_index (pr->regs, int, local)];
}

static gboolean
set_reg (Gen *g, int *u, guint p, int local, int value, const CcInstr *in)
{
  const CcReg *r = reg_of (g, p, local);
  if (value < r->lo || value > r->hi)
    {
      runtime_error (g, in, _("process %s: the register '%s' gets %d, outside its range %d..%d"),
                     augur_ccdsm_program_get_process_name (g->prog, p), augur_message_token (r->name, -1), value, r->lo, r->hi);
      return FALSE;
    }
  u[F_REG (&g->L, p, local)] = value;
  return TRUE;
}

static void
check_coherence (Gen *g, const int *u, guint e, int label)
{
  guint exclusive = 0, valid = 0;
  for (guint q = 0; q < g->np; q++)
    {
      int c = u[F_CACHE (&g->L, e, q)];
      exclusive += c == AUGUR_MESI_M || c == AUGUR_MESI_E;
      valid += c != AUGUR_MESI_I;
    }
  if (exclusive > 1 || (exclusive == 1 && valid > 1))
    {
      g_autofree char *name = cc_program_element_name (g->prog, e);
      GString *st = g_string_new (NULL);
      for (guint q = 0; q < g->np; q++)
        g_string_append_printf (st, "%s%s %s", q ? ", " : "", augur_ccdsm_program_get_process_name (g->prog, q),
                                augur_mesi_state_to_string (u[F_CACHE (&g->L, e, q)]));
      /* Translators: a shared element, then its copies, e.g. "P0 M, P1 S". */
      violate (g, &g->coherence, label, _("%s is held as %s: two copies where one is M or E"), name, st->str);
      g_string_free (st, TRUE);
    }
}

/* The effect of the access of p on element e: cache states, value, register, locks. */
static gboolean
apply_access (Gen *g, int *u, guint p, const CcInstr *in, guint e)
{
  AugurAccess access = in->op == CC_I_LOAD ? AUGUR_ACCESS_LOAD : AUGUR_ACCESS_STORE;
  int provider;
  int req = u[F_CACHE (&g->L, e, p)];
  AugurOthers o = summarise (g, u, e, p, &provider);
  const AugurProtocolRule *rule = &g->setup->protocol.rule[access][req][o];
  if (!rule->possible)
    {
      g_autofree char *name = cc_program_element_name (g->prog, e);
      violate (g, &g->coherence, -1,
               /* Translators: an access (load or store), a shared element, a
                * process, its cache state (M, E, S or I), then the others' (all I,
                * some S, one E or one M). */
               _("the protocol has no rule for a %s of %s by %s in %s with others %s"),
               augur_access_to_string (access), name, augur_ccdsm_program_get_process_name (g->prog, p),
               augur_mesi_state_to_string (req), augur_others_to_string (o));
    }
  else
    {
      u[F_CACHE (&g->L, e, p)] = rule->requester;
      if (rule->others != AUGUR_MESI_KEEP)
        for (guint q = 0; q < g->np; q++)
          if (q != p && u[F_CACHE (&g->L, e, q)] != AUGUR_MESI_I)
            u[F_CACHE (&g->L, e, q)] = rule->others;
    }
  const CcVar *v = g->prog->vars->pdata[in->var];
  int *regs = &u[F_REG (&g->L, p, 0)];
  int old = u[F_VAL (&g->L, e)], written = -1;
  gboolean writes = FALSE;
  switch (in->op)
    {
    case CC_I_LOAD:
      if (!set_reg (g, u, p, in->reg, old, in))
        return FALSE;
      break;
    case CC_I_TAS:
      if (!set_reg (g, u, p, in->reg, old, in))
        return FALSE;
      written = 1;
      writes = TRUE;
      break;
    case CC_I_STORE:
      if (!eval (g, p, in, in->expr, regs, &written))
        return FALSE;
      if (written < v->lo || written > v->hi)
        {
          g_autofree char *name = cc_program_element_name (g->prog, e);
          runtime_error (g, in, _("process %s stores %d into %s, outside its range %d..%d"),
                         augur_ccdsm_program_get_process_name (g->prog, p), written, name, v->lo, v->hi);
          return FALSE;
        }
      writes = TRUE;
      break;
    default:
      break;
    }
  if (writes)
    u[F_VAL (&g->L, e)] = written;
  if (v->is_lock && writes)
    {
      guint l = v->first_lock + (e - v->first_elem);
      gboolean acquires = in->op == CC_I_TAS ? old == 0 : written != 0;
      if (acquires)
        {
          for (guint q = 0; q < g->np; q++)
            if (q != p && u[F_HOLD (&g->L, q, l)])
              {
                g_autofree char *name = cc_program_element_name (g->prog, e);
                /* Translators: two processes, a lock, then the line of the access. */
                violate (g, &g->mutex, -1, _("%s and %s both hold the lock %s (line %d)"),
                         augur_ccdsm_program_get_process_name (g->prog, q),
                         augur_ccdsm_program_get_process_name (g->prog, p), name, in->line);
              }
          u[F_HOLD (&g->L, p, l)] = 1;
        }
      else if (in->op == CC_I_STORE && written == 0)
        u[F_HOLD (&g->L, p, l)] = 0;
    }
  check_coherence (g, u, e, -1);
  return TRUE;
}

static int
xfer_index (AugurTransfer t, guint d)
{
  return t == AUGUR_TRANSFER_HIT ? 0 : 1 + (t - 1) * 3 + d;
}

/* Runs process p from its pc through register work, branches and marks
 * until it begins an access (or ends).  Fills the label. */
static gboolean
run_process (Gen *g, int *u, guint p, Label *lab)
{
  const CcProcess *pr = g->prog->procs->pdata[p];
  int *regs = &u[F_REG (&g->L, p, 0)];
  guint back = 0;
  GHashTable *seen = NULL;
  gboolean ok = TRUE;
  lab->proc = p;
  for (;;)
    {
      int pc = u[F_PC (&g->L, p)];
      const CcInstr *in = &g_array_index (pr->code, CcInstr, pc);
      int v;
      switch (in->op)
        {
        case CC_I_ASSIGN:
          if (!eval (g, p, in, in->expr, regs, &v) || !set_reg (g, u, p, in->reg, v, in))
            goto fail;
          u[F_PC (&g->L, p)] = pc + 1;
          break;
        case CC_I_JUMP:
          u[F_PC (&g->L, p)] = in->target;
          if (in->backward && ++back > 4096)
            {
              GString *sig = g_string_new (NULL);
              g_string_append_printf (sig, "%d", in->target);
              for (guint r = 0; r < g->L.n_regs[p]; r++)
                g_string_append_printf (sig, ",%d", regs[r]);
              if (!seen)
                seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
              if (g_hash_table_contains (seen, sig->str))
                {
                  g_string_free (sig, TRUE);
                  runtime_error (g, in, _("process %s loops forever without accessing memory (a Zeno loop)"),
                                 pr->name);
                  goto fail;
                }
              g_hash_table_add (seen, g_string_free (sig, FALSE));
            }
          break;
        case CC_I_JUMP_IF_FALSE:
          if (!eval (g, p, in, in->expr, regs, &v))
            goto fail;
          u[F_PC (&g->L, p)] = v ? pc + 1 : in->target;
          break;
        case CC_I_MARK:
          if (lab->n_marks == CC_MAX_MARKS)
            {
              runtime_error (g, in, _("process %s passes more than %d marks between two accesses"), pr->name, CC_MAX_MARKS);
              goto fail;
            }
          lab->marks[lab->n_marks++] = in->mark;
          u[F_PC (&g->L, p)] = pc + 1;
          break;
        case CC_I_ASSERT:
          if (!eval (g, p, in, in->expr, regs, &v))
            goto fail;
          if (!v)
            {
              /* The label is not known yet: the path shows the state. */
              if (!g->asserts.found)
                {
                  g->asserts.found = TRUE;
                  g->asserts.state = g->initial ? G_MAXUINT : g->current;
                  g->asserts.label = -2 - (int) p;
                  g->asserts.what = g_strdup_printf (_("process %s: the assertion at line %d fails"), pr->name, in->line);
                }
            }
          u[F_PC (&g->L, p)] = pc + 1;
          break;
        case CC_I_HALT:
          lab->pc = -1;
          lab->kind = 3;
          u[F_XFER (&g->L, p)] = 0;
          u[F_PHASE (&g->L, p)] = 0;
          goto done;
        case CC_I_LOAD:
        case CC_I_STORE:
        case CC_I_TAS:
          {
            const CcVar *var = g->prog->vars->pdata[in->var];
            guint off = 0;
            for (guint k = 0; k < in->n_idx; k++)
              {
                if (!eval (g, p, in, in->idx[k], regs, &v))
                  goto fail;
                if (v < 0 || v >= (int) var->dims[k])
                  {
                    runtime_error (g, in, _("process %s: index %d of '%s' is outside 0..%u"),
                                   pr->name, v, augur_message_token (var->name, -1), var->dims[k] - 1);
                    goto fail;
                  }
                off = off * var->dims[k] + v;
              }
            guint e = var->first_elem + off;
            AugurAccess access = in->op == CC_I_LOAD ? AUGUR_ACCESS_LOAD : AUGUR_ACCESS_STORE;
            int provider;
            int req = u[F_CACHE (&g->L, e, p)];
            AugurOthers o = summarise (g, u, e, p, &provider);
            const AugurProtocolRule *rule = &g->setup->protocol.rule[access][req][o];
            AugurTransfer t = rule->possible ? rule->transfer : AUGUR_TRANSFER_HIT;
            guint d = 0;
            if (t == AUGUR_TRANSFER_CACHE && provider >= 0)
              d = augur_machine_cpu_distance (g->setup->machine, g->cpu[p], g->cpu[provider]);
            else if (t != AUGUR_TRANSFER_HIT)
              d = augur_machine_node_distance (g->setup->machine, g->cpu[p], g->home[e]);
            int x = xfer_index (t, d);
            u[F_XFER (&g->L, p)] = x;
            u[F_PHASE (&g->L, p)] = 0;
            if (g->middle)
              u[F_ELEM (&g->L, p)] = e;
            lab->pc = pc;
            lab->elem = e;
            lab->xfer = x;
            lab->kind = 0;
            if (!g->middle && !apply_access (g, u, p, in, e))
              goto fail;
            goto done;
          }
        }
    }
fail:
  ok = FALSE;
done:
  if (seen)
    g_hash_table_unref (seen);
  return ok;
}

static void
label_init (Label *l)
{
  memset (l, 0, sizeof *l);
  l->pc = -1;
  l->elem = -1;
  l->xfer = -1;
}

static char *
describe_label (const AugurCcdsmProgram *prog, const Label *l)
{
  const CcProcess *pr = prog->procs->pdata[l->proc];
  GString *s = g_string_new (pr->name);
  if (l->kind == 1)
    g_string_append (s, ": next phase of the access");
  else if (l->kind == 2)
    g_string_append (s, ": half-way through the access (cache states change)");
  else if (l->kind == 3)
    g_string_append (s, ": completes its access and ends");
  else
    {
      const CcInstr *in = &g_array_index (pr->code, CcInstr, l->pc);
      g_autofree char *name = cc_program_element_name (prog, l->elem);
      const char *op = in->op == CC_I_LOAD ? "load" : in->op == CC_I_TAS ? "tas" : "store";
      if (l->xfer == 0)
        g_string_append_printf (s, ": %s %s (line %d), hit", op, name, in->line);
      else
        g_string_append_printf (s, ": %s %s (line %d), %s at distance %d", op, name, in->line,
                                augur_transfer_to_string (1 + (l->xfer - 1) / 3), (l->xfer - 1) % 3);
    }
  if (l->n_marks)
    {
      g_string_append (s, " [");
      for (int i = 0; i < l->n_marks; i++)
        g_string_append_printf (s, "%s%s", i ? ", " : "", (char *) prog->marks->pdata[l->marks[i]]);
      g_string_append (s, "]");
    }
  return g_string_free (s, FALSE);
}

/* Successor of state u0 when process p moves. */
static gboolean
step (Gen *g, const int *u0, int *u, guint p, Label *lab)
{
  memcpy (u, u0, g->L.n_fields * sizeof (int));
  label_init (lab);
  lab->proc = p;
  int phase = u[F_PHASE (&g->L, p)];
  if ((guint) phase + 1 < g->phases)
    {
      u[F_PHASE (&g->L, p)] = phase + 1;
      lab->kind = 1;
      if (g->middle && (guint) phase + 1 == g->phases / 2)
        {
          const CcProcess *pr = g->prog->procs->pdata[p];
          const CcInstr *in = &g_array_index (pr->code, CcInstr, u[F_PC (&g->L, p)]);
          lab->kind = 2;
          return apply_access (g, u, p, in, u[F_ELEM (&g->L, p)]);
        }
      return TRUE;
    }
  u[F_PC (&g->L, p)]++;
  u[F_PHASE (&g->L, p)] = 0;
  u[F_XFER (&g->L, p)] = 0;
  if (g->middle)
    u[F_ELEM (&g->L, p)] = 0;
  return run_process (g, u, p, lab);
}

/* ---- Result ------------------------------------------------------------ */

struct _AugurCcdsmResult {
  gint               ref_count;
  AugurCcdsmProgram *program;
  AugurCcdsmSetup   *setup;
  Layout             L;
  guint              n_states;
  guint64            n_transitions;
  double             gen_seconds, total_seconds;
  AugurSolveInfo     info;
  gboolean           solved;
  char              *solve_error;
  double             start_rate, latency;
  double            *misses, *accesses, *share, *misses_kind;
  double             total_misses;
  AugurCcdsmCheck    checks[AUGUR_CCDSM_CHECK_N];
  int                distance;
  /* Kept state space */
  guint64           *store;
  guint              space_states;
  guint64           *row_ptr;
  guint32           *col;
  double            *rate;
  guint32           *lab;
  GPtrArray         *labels;
  double            *pi;
};

const char *
augur_ccdsm_check_kind_to_string (AugurCcdsmCheckKind kind)
{
  static const char *names[] = { "deadlock_free", "coherence", "asserts", "lock_mutual_exclusion", "ping_pong_alternation" };
  return kind < AUGUR_CCDSM_CHECK_N ? names[kind] : "?";
}

AugurCcdsmResult *
augur_ccdsm_result_ref (AugurCcdsmResult *r)
{
  g_atomic_int_inc (&r->ref_count);
  return r;
}

void
augur_ccdsm_result_unref (AugurCcdsmResult *r)
{
  if (!r || !g_atomic_int_dec_and_test (&r->ref_count))
    return;
  augur_ccdsm_program_unref (r->program);
  augur_ccdsm_setup_free (r->setup);
  layout_clear (&r->L);
  augur_solve_info_clear (&r->info);
  g_free (r->solve_error);
  g_free (r->misses);
  g_free (r->accesses);
  g_free (r->share);
  g_free (r->misses_kind);
  for (guint i = 0; i < AUGUR_CCDSM_CHECK_N; i++)
    {
      g_free (r->checks[i].message);
      g_strfreev (r->checks[i].path);
    }
  g_free (r->store);
  g_free (r->row_ptr);
  g_free (r->col);
  g_free (r->rate);
  g_free (r->lab);
  if (r->labels)
    g_ptr_array_unref (r->labels);
  g_free (r->pi);
  g_free (r);
}

static char *
describe_packed (const AugurCcdsmProgram *prog, const Layout *L, const guint64 *packed)
{
  int *u = g_new (int, L->n_fields);
  decode_full (L, packed, u);
  GString *s = g_string_new (NULL);
  for (guint p = 0; p < L->np; p++)
    {
      const CcProcess *pr = prog->procs->pdata[p];
      const CcInstr *in = &g_array_index (pr->code, CcInstr, u[F_PC (L, p)]);
      if (p)
        g_string_append (s, "; ");
      if (in->op == CC_I_HALT)
        g_string_append_printf (s, "%s ended", pr->name);
      else
        {
          const CcVar *v = prog->vars->pdata[in->var];
          g_string_append_printf (s, "%s at line %d (%s %s, %s", pr->name, in->line,
                                  in->op == CC_I_LOAD ? "load" : in->op == CC_I_TAS ? "tas" : "store", v->name,
                                  u[F_XFER (L, p)] == 0 ? "hit"
                                                        : augur_transfer_to_string (1 + (u[F_XFER (L, p)] - 1) / 3));
          if (L->bits[F_PHASE (L, p)])
            g_string_append_printf (s, ", phase %d", u[F_PHASE (L, p)] + 1);
          g_string_append (s, ")");
        }
      for (guint r = 0; r < L->n_regs[p]; r++)
        {
          const CcReg *reg = prog->regs->pdata[g_array_index (pr->regs, int, r)];
          g_string_append_printf (s, " %s=%d", reg->name, u[F_REG (L, p, r)]);
        }
    }
  g_string_append (s, " |");
  for (guint e = 0; e < L->n_elems; e++)
    {
      g_autofree char *name = cc_program_element_name (prog, e);
      g_string_append_printf (s, " %s=%d ", name, u[F_VAL (L, e)]);
      for (guint p = 0; p < L->np; p++)
        g_string_append (s, augur_mesi_state_to_string (u[F_CACHE (L, e, p)]));
    }
  g_free (u);
  return g_string_free (s, FALSE);
}

static GStrv
build_path (Gen *g, guint state, const char *last)
{
  GPtrArray *steps = g_ptr_array_new ();
  if (state != G_MAXUINT)
    for (guint s = state; s != 0 && s < g->set.n_states;)
      {
        guint32 par = g_array_index (g->parent, guint32, s);
        guint32 l = g_array_index (g->parent_label, guint32, s);
        if (par == NO_PARENT)
          break;
        g_ptr_array_add (steps, describe_label (g->prog, g->labels->pdata[l]));
        s = par;
      }
  GPtrArray *out = g_ptr_array_new ();
  g_ptr_array_add (out, g_strdup (_("initial state: every cache I, every process at its first access")));
  for (guint i = steps->len; i-- > 0;)
    g_ptr_array_add (out, steps->pdata[i]);
  g_ptr_array_unref (steps);
  if (state != G_MAXUINT && state < g->set.n_states)
    {
      g_autofree char *d = describe_packed (g->prog, &g->L, g->set.words + (guint64) state * g->L.words);
      /* Translators: a state number, then the state (processes, values and cache states). */
      g_ptr_array_add (out, g_strdup_printf (_("state %u: %s"), state + 1, d));
    }
  if (last)
    g_ptr_array_add (out, g_strdup (last));
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

static void
set_check (AugurCcdsmResult *r, Gen *g, AugurCcdsmCheckKind kind, gboolean applicable,
           Violation *v, const char *ok_message)
{
  AugurCcdsmCheck *c = &r->checks[kind];
  c->kind = kind;
  c->applicable = applicable;
  c->passed = !v || !v->found;
  if (!applicable)
    {
      c->passed = TRUE;
      c->message = g_strdup (ok_message);
      return;
    }
  if (c->passed)
    c->message = g_strdup (ok_message);
  else if (v->path)
    {
      c->message = g_strdup (v->what);
      c->path = g_strdupv (v->path);
    }
  else
    {
      c->message = g_strdup (v->what);
      g_autofree char *last = NULL;
      if (v->label >= 0)
        last = describe_label (g->prog, g->labels->pdata[v->label]);
      else if (v->label <= -2)
        /* Translators: a process, then what went wrong, e.g. "process P0: the assertion at line 4 fails". */
        last = g_strdup_printf (_("%s completes its access and runs on: %s"),
                                augur_ccdsm_program_get_process_name (g->prog, -2 - v->label), v->what);
      else
        last = g_strdup (v->what);
      c->path = build_path (g, v->state, last);
    }
}

static void
gen_clear (Gen *g)
{
  layout_clear (&g->L);
  g_free (g->cpu);
  g_free (g->home);
  augur_state_set_clear (&g->set);
  g_free (g->scratch);
  if (g->row_ptr) g_array_unref (g->row_ptr);
  if (g->col) g_array_unref (g->col);
  if (g->rate) g_array_unref (g->rate);
  if (g->lab) g_array_unref (g->lab);
  if (g->parent) g_array_unref (g->parent);
  if (g->parent_label) g_array_unref (g->parent_label);
  if (g->labels) g_ptr_array_unref (g->labels);
  if (g->label_index) g_hash_table_unref (g->label_index);
  g_free (g->coherence.what);
  g_free (g->asserts.what);
  g_free (g->mutex.what);
  g_free (g->protocol_gap.what);
  g_strfreev (g->coherence.path);
  g_strfreev (g->asserts.path);
  g_strfreev (g->mutex.path);
  g_clear_error (&g->error);
}

static gboolean
resolve_setup (Gen *g, GError **error)
{
  const AugurCcdsmProgram *prog = g->prog;
  const AugurCcdsmSetup *s = g->setup;
  const AugurMachine *m = s->machine;
  if (!augur_protocol_validate (&s->protocol, error) || !augur_latency_table_validate (&s->latency, error))
    return FALSE;
  g->np = prog->procs->len;
  g->cpu = g_new (int, g->np);
  for (guint p = 0; p < g->np; p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (prog, p);
      const char *cpu = augur_ccdsm_setup_get_process_cpu (s, name);
      const CcProcess *pr = prog->procs->pdata[p];
      if (!cpu)
        {
          g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                       _("%s:%d:%d: process %s is not mapped to a processor (write 'process %s on cpu0' or map it)"),
                       prog->filename, pr->line, pr->column, name, name);
          return FALSE;
        }
      g->cpu[p] = augur_machine_find_cpu (m, cpu);
      if (g->cpu[p] < 0)
        {
          g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                       _("%s:%d:%d: process %s runs on '%s', which is not a processor of the machine"),
                       prog->filename, pr->line, pr->column, name, augur_message_token (cpu, -1));
          return FALSE;
        }
      for (guint q = 0; q < p; q++)
        if (g->cpu[q] == g->cpu[p])
          {
            g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                         _("%s:%d:%d: processes %s and %s are both on %s; a processor runs one process"),
                         prog->filename, pr->line, pr->column, augur_ccdsm_program_get_process_name (prog, q), name, cpu);
            return FALSE;
          }
    }
  g->home = g_new (int, MAX (prog->n_elems, 1u));
  for (guint e = 0; e < prog->n_elems; e++)
    g->home[e] = -1;
  for (guint i = 0; i < s->homes->len; i++)
    {
      CcMapEntry *h = s->homes->pdata[i];
      guint first, count;
      if (!cc_program_resolve_prefix (prog, h->name, &first, &count))
        {
          g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                       _("%s: the home of '%s': not a shared variable or element"), prog->filename, augur_message_token (h->name, -1));
          return FALSE;
        }
      int node = augur_machine_find_node (m, h->cpu);
      if (node < 0)
        for (guint p = 0; p < g->np && node < 0; p++)
          if (g_str_equal (augur_ccdsm_program_get_process_name (prog, p), h->cpu))
            node = augur_machine_get_cpu_node (m, g->cpu[p]);
      if (node < 0)
        {
          g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                       _("%s: the home of '%s' is '%s', which is neither a node of the machine nor a process"),
                       prog->filename, augur_message_token (h->name, -1), augur_message_token (h->cpu, -1));
          return FALSE;
        }
      for (guint e = first; e < first + count; e++)
        g->home[e] = node;
    }
  for (guint i = 0; i < prog->vars->len; i++)
    {
      const CcVar *v = prog->vars->pdata[i];
      for (guint e = v->first_elem; e < v->first_elem + v->size; e++)
        if (g->home[e] < 0)
          {
            g_autofree char *name = cc_program_element_name (prog, e);
            g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                         _("%s:%d:%d: the variable %s has no home memory bank (add 'home N0' or map it)"),
                         prog->filename, v->line, v->column, name);
            return FALSE;
          }
    }
  g->phases = MAX (s->phases, 1u);
  g->middle = s->update == AUGUR_CCDSM_UPDATE_MIDDLE;
  if (g->middle && (g->phases < 2 || g->phases % 2))
    g->phases = MAX (2u, g->phases + g->phases % 2);
  for (guint t = 0; t < AUGUR_TRANSFER_N; t++)
    for (guint d = 0; d < 3; d++)
      g->lat[xfer_index (t, d)] = augur_latency_table_get (&s->latency, t, d);
  return TRUE;
}

/* The memory generation, the checks and the solution will need, estimated
 * from what generation holds now: per state its packed form and the
 * growable arrays at twice their use (capacity and the next doubling), the
 * hash table at up to four entries, then what solving adds (the chain's
 * rows and exit rates, its structure analysis, the solver's vectors, the
 * probabilities) and the product search of the ping-pong check; per
 * transition its entries, twice, and the chain's copy in both directions. */
#define CC_BYTES_PER_STATE_AFTER      152
#define CC_BYTES_PER_TRANSITION_AFTER 36

static guint64
estimate_bytes (const Gen *g, guint64 n_states, guint64 n_trans)
{
  const AugurCcdsmProgram *prog = g->prog;
  guint64 per_state = 2 * 8 * (guint64) g->L.words + 4 * 8 + 2 * 8 + 2 * 8 + CC_BYTES_PER_STATE_AFTER;
  guint64 per_trans = 2 * (4 + 8 + 4) + CC_BYTES_PER_TRANSITION_AFTER;
  if (prog->mark_sent >= 0 && prog->mark_received >= 0)
    per_state += 3 * 8 * (1 + 2 * (guint64) g->np);
  return (guint64) g->L.n_fields * 24 + (guint64) g->np * 64 * g->L.words + n_states * per_state + n_trans * per_trans;
}

static gboolean
check_memory (Gen *g, GError **error)
{
  guint64 need = estimate_bytes (g, g->set.n_states, g->col->len);
  if (need <= g->budget)
    return TRUE;
  g_autofree char *need_text = g_format_size (need);
  g_autofree char *limit_text = g_format_size (g->budget);
  g_autofree char *why = augur_memory_budget_describe (&g->memory);
  g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE,
               /* Translators: the file, the memory needed, the states and the
                * transitions so far, the limit, then where it comes from (the name of
                * an environment variable, or a sentence). */
               _("%s: the state space would need more than about %s of memory (%u states and %u transitions "
                 "so far, and what solving them takes); the limit is %s (%s)"),
               g->prog->filename, need_text, g->set.n_states, g->col->len, limit_text, why);
  return FALSE;
}

/* The initial state: every process at its first instruction with its
 * registers' initial values and no lock, every variable at its initial
 * value and in no cache. */
static void
initial_state (const Gen               *g,
               const AugurCcdsmProgram *prog,
               int                     *u0)
{
  const Layout *L = &g->L;

  for (guint f = 0; f < L->n_fields; f++)
    u0[f] = L->min[f];
  for (guint p = 0; p < g->np; p++)
    {
      const CcProcess *pr = prog->procs->pdata[p];
      u0[F_PC (L, p)] = 0;
      for (guint r = 0; r < pr->regs->len; r++)
        u0[F_REG (L, p, r)] = ((CcReg *) prog->regs->pdata[g_array_index (pr->regs, int, r)])->init;
      for (guint l = 0; l < L->n_locks; l++)
        u0[F_HOLD (L, p, l)] = 0;
    }
  for (guint i = 0; i < prog->vars->len; i++)
    {
      const CcVar *v = prog->vars->pdata[i];
      for (guint e = v->first_elem; e < v->first_elem + v->size; e++)
        {
          u0[F_VAL (L, e)] = v->init;
          for (guint p = 0; p < g->np; p++)
            u0[F_CACHE (L, e, p)] = AUGUR_MESI_I;
        }
    }
}

static gboolean
generate (Gen *g, AugurProgressFunc progress, gpointer data, GCancellable *cancellable, GError **error)
{
  const AugurCcdsmProgram *prog = g->prog;
  Layout *L = &g->L;
  guint64 n_fields = count_fields (prog);
  if (n_fields > CC_MAX_FIELDS)
    {
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE,
                   _("%s: a state of this model has %llu values (registers, and a value and a "
                     "cache state per process for every shared element); expected at most %u: "
                     "fewer processes or smaller arrays"),
                   prog->filename, (unsigned long long) n_fields, CC_MAX_FIELDS);
      return FALSE;
    }
  layout_init (L, prog, g->setup);
  g->scratch = g_new0 (guint64, L->words);
  augur_state_set_init (&g->set, L->words);
  g->row_ptr = g_array_new (FALSE, FALSE, sizeof (guint64));
  g->col = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->rate = g_array_new (FALSE, FALSE, sizeof (double));
  g->lab = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->parent_label = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->labels = g_ptr_array_new_with_free_func (g_free);
  g->label_index = g_hash_table_new (label_hash, label_equal);

  int *u0 = g_new0 (int, L->n_fields), *u = g_new0 (int, L->n_fields);
  guint64 *succ = g_new0 (guint64, (gsize) MAX (g->np, 1u) * L->words);
  guint64 *hashes = g_new0 (guint64, MAX (g->np, 1u));
  guint *labels = g_new0 (guint, MAX (g->np, 1u));
  double *rates = g_new0 (double, MAX (g->np, 1u));
  initial_state (g, prog, u0);
  g->initial = TRUE;
  g->current = G_MAXUINT;
  gboolean ok = TRUE;
  for (guint p = 0; p < g->np && ok; p++)
    {
      Label lab;
      label_init (&lab);
      ok = run_process (g, u0, p, &lab);
    }
  g->initial = FALSE;
  if (ok && add_state (g, u0, NO_PARENT, 0) == G_MAXUINT)
    {
      /* The first states do not fit: a state this wide is refused before
       * anything is generated. */
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE, "%s: %s", prog->filename,
                   g->set.error ? g->set.error->message : "");
      ok = FALSE;
    }
  ok = ok && check_memory (g, error);
  guint next_check = g->set.n_states + 1024;

  gint64 t0 = g_get_monotonic_time (), last = t0;
  for (guint s = 0; ok && s < g->set.n_states; s++)
    {
      guint64 rp = g->col->len;
      g_array_append_val (g->row_ptr, rp);
      decode (L, g->set.words + (guint64) s * L->words, u0);
      g->current = s;
      /* All successors first, so that the table lines they need are
       * fetched from memory together. */
      guint n_succ = 0;
      for (guint p = 0; p < g->np && ok; p++)
        {
          const CcProcess *pr = prog->procs->pdata[p];
          if (g_array_index (pr->code, CcInstr, u0[F_PC (L, p)]).op == CC_I_HALT)
            continue;
          Label lab;
          rates[n_succ] = g->phases / g->lat[u0[F_XFER (L, p)]];
          if (!step (g, u0, u, p, &lab))
            {
              ok = FALSE;
              break;
            }
          labels[n_succ] = intern_label (g, &lab);
          guint64 *packed = succ + (gsize) n_succ * L->words;
          encode_delta (L, u0, u, g->set.words + (guint64) s * L->words, packed);
          hashes[n_succ] = augur_state_set_hash (packed, L->words);
          augur_state_set_prefetch (&g->set, hashes[n_succ]);
          n_succ++;
        }
      for (guint i = 0; i < n_succ && ok; i++)
        {
          guint l = labels[i];
          double rate = rates[i];
          guint t = add_packed (g, succ + (gsize) i * L->words, hashes[i], s, l);
          if (t == G_MAXUINT && g->set.error != NULL)
            {
              /* Translators: the file, then why the states found cannot grow. */
              g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE, _("%s: %s (stopped at %u states)"),
                           prog->filename, g->set.error->message, g->set.n_states);
              ok = FALSE;
              break;
            }
          if (t == G_MAXUINT)
            {
              g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE,
                           _("%s: the state space has more than %llu states (the limit); "
                             "raise it in Preferences or make the model smaller (fewer slots, smaller ranges)"),
                           prog->filename, (unsigned long long) g->max_states);
              ok = FALSE;
              break;
            }
          guint32 t32 = t, l32 = l;
          g_array_append_val (g->col, t32);
          g_array_append_val (g->rate, rate);
          g_array_append_val (g->lab, l32);
        }
      if (ok && ((s & 0x3ff) == 0x3ff || g->set.n_states >= next_check))
        {
          next_check = g->set.n_states + 1024;
          ok = check_memory (g, error);
        }
      if ((s & 0xffff) == 0xffff)
        {
          if (ok && g_cancellable_is_cancelled (cancellable))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("cancelled"));
              ok = FALSE;
            }
          gint64 now = g_get_monotonic_time ();
          if (progress && now - last > 50000)
            {
              last = now;
              char phase[96];
              /* The phases stay in English: the page reads them (augur-ccdsm-page-solve.c). */
              g_snprintf (phase, sizeof phase, "Generating: %u states", g->set.n_states);
              progress (-1, phase, data);
            }
        }
    }
  if (ok)
    {
      guint64 rp = g->col->len;
      g_array_append_val (g->row_ptr, rp);
    }
  else if (g->error && error && !*error)
    {
      /* A runtime error: say where, and how the program got there. */
      GStrv path = build_path (g, g->current, NULL);
      GString *msg = g_string_new (g->error->message);
      guint n = g_strv_length (path);
      g_string_append_c (msg, '\n');
      /* Translators: followed by the steps that lead to a runtime error, one per line. */
      g_string_append_printf (msg, g_dngettext (NULL, "reached after %u step:", "reached after %u steps:", n - 1),
                              n - 1);
      for (guint i = (n > 12 ? n - 12 : 0); i < n; i++)
        g_string_append_printf (msg, "\n  %s", path[i]);
      g_set_error_literal (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME, msg->str);
      g_string_free (msg, TRUE);
      g_strfreev (path);
    }
  else if (g->error && error && *error == NULL)
    g_propagate_error (error, g_steal_pointer (&g->error));
  g_free (u0);
  g_free (u);
  g_free (succ);
  g_free (hashes);
  g_free (labels);
  g_free (rates);
  return ok;
}

/* Ping-pong: the marks "sent" and "received" alternate: sent by p, received
 * by q != p, sent by q, ...  A search of the product of the state space and
 * that automaton. */
static void
check_alternation (Gen *g, Violation *v)
{
  const AugurCcdsmProgram *prog = g->prog;
  guint np = g->np, M = 1 + 2 * np, n = g->set.n_states;
  guint64 total = (guint64) n * M;
  /* Product states number n * M: more than 32 bits hold for many processes. */
  guint64 *parent = g_new (guint64, total);
  memset (parent, 0xff, total * sizeof (guint64));
  GArray *queue = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 start = 0;
  parent[0] = 0;
  g_array_append_val (queue, start);
  const guint64 *row = (const guint64 *) g->row_ptr->data;
  const guint32 *col = (const guint32 *) g->col->data;
  const guint32 *lab = (const guint32 *) g->lab->data;
  for (guint64 qi = 0; qi < queue->len && !v->found; qi++)
    {
      guint64 x = g_array_index (queue, guint64, qi);
      guint s = (guint) (x / M), m = (guint) (x % M);
      for (guint64 t = row[s]; t < row[s + 1] && !v->found; t++)
        {
          const Label *l = g->labels->pdata[lab[t]];
          guint mm = m;
          for (int k = 0; k < l->n_marks; k++)
            {
              int mk = l->marks[k];
              guint p = l->proc;
              if (mk != prog->mark_sent && mk != prog->mark_received)
                continue;
              gboolean sent = mk == prog->mark_sent;
              guint next = G_MAXUINT;
              if (mm == 0)
                next = sent ? 1 + p : G_MAXUINT;
              else if (mm <= np)
                next = (!sent && p != mm - 1) ? 1 + np + p : G_MAXUINT;
              else
                next = (sent && p == mm - 1 - np) ? 1 + p : G_MAXUINT;
              if (next == G_MAXUINT)
                {
                  const char *who = augur_ccdsm_program_get_process_name (prog, p);
                  char *expect;
                  if (mm == 0)
                    /* Translators: this and the next two end "P0 marks 'sent' where the ping-pong expects %s". */
                    expect = g_strdup (_("a first 'sent'"));
                  else if (mm <= np)
                    expect = g_strdup_printf (_("'received' by the peer of %s"), augur_ccdsm_program_get_process_name (prog, mm - 1));
                  else
                    expect = g_strdup_printf (_("'sent' by %s, which received last"), augur_ccdsm_program_get_process_name (prog, mm - 1 - np));
                  v->found = TRUE;
                  v->label = lab[t];
                  /* Translators: a process, a mark (sent or received), then what the ping-pong
                   * expects, e.g. "'received' by the peer of P0". */
                  v->what = g_strdup_printf (_("%s marks '%s' where the ping-pong expects %s"), who,
                                             sent ? "sent" : "received", expect);
                  g_free (expect);
                  /* The path: follow the product's parents back to the initial state. */
                  GPtrArray *steps = g_ptr_array_new_with_free_func (g_free);
                  for (guint64 y = x; y != 0;)
                    {
                      guint64 py = parent[y];
                      guint ps = (guint) (py / M), ys = (guint) (y / M);
                      for (guint64 tt = row[ps]; tt < row[ps + 1]; tt++)
                        if (col[tt] == ys)
                          {
                            g_ptr_array_add (steps, describe_label (prog, g->labels->pdata[lab[tt]]));
                            break;
                          }
                      y = py;
                    }
                  v->state = G_MAXUINT;
                  GPtrArray *out = g_ptr_array_new ();
                  g_ptr_array_add (out, g_strdup (_("initial state: every cache I, every process at its first access")));
                  for (guint i = steps->len; i-- > 0;)
                    g_ptr_array_add (out, g_strdup (steps->pdata[i]));
                  g_ptr_array_add (out, describe_label (prog, l));
                  g_ptr_array_add (out, NULL);
                  g_ptr_array_unref (steps);
                  v->path = (GStrv) g_ptr_array_free (out, FALSE);
                  break;
                }
              mm = next;
            }
          if (v->found)
            break;
          guint64 y = (guint64) col[t] * M + mm;
          if (parent[y] == G_MAXUINT64)
            {
              parent[y] = x;
              g_array_append_val (queue, y);
            }
        }
    }
  g_array_unref (queue);
  g_free (parent);
}

/* ---- Solve -------------------------------------------------------------- */

/* The measures from the throughput of every label (all but the time
 * share, which needs the states). */
static void
measures_from_throughput (AugurCcdsmResult *r, Gen *g, const double *thr)
{
  const AugurCcdsmProgram *prog = g->prog;
  guint nl = g->labels->len, np = g->np, nv = prog->vars->len, nk = prog->kinds->len;

  double fs = 0;
  for (guint l = 0; l < nl; l++)
    {
      const Label *lb = g->labels->pdata[l];
      if (lb->proc != prog->start_process)
        continue;
      for (int k = 0; k < lb->n_marks; k++)
        if (lb->marks[k] == prog->mark_start)
          fs += thr[l];
    }
  r->start_rate = fs;
  r->latency = fs > 0 ? 1.0 / (2.0 * fs) : NAN;
  double per = fs > 0 ? 1.0 / fs : NAN;
  r->misses = g_new0 (double, MAX (nv * np, 1u));
  r->accesses = g_new0 (double, MAX (nv * np, 1u));
  r->share = g_new0 (double, MAX (nv * np, 1u));
  r->misses_kind = g_new0 (double, MAX (nk * np, 1u));
  r->total_misses = 0;
  for (guint l = 0; l < nl; l++)
    {
      const Label *lb = g->labels->pdata[l];
      if (lb->kind != 0 || lb->pc < 0)
        continue;
      const CcProcess *pr = prog->procs->pdata[lb->proc];
      const CcInstr *in = &g_array_index (pr->code, CcInstr, lb->pc);
      const CcVar *v = prog->vars->pdata[in->var];
      r->accesses[in->var * np + lb->proc] += thr[l] * per;
      if (lb->xfer > 0)
        {
          r->misses[in->var * np + lb->proc] += thr[l] * per;
          r->misses_kind[v->kind_index * np + lb->proc] += thr[l] * per;
          r->total_misses += thr[l] * per;
        }
    }
}

static void
compute_measures (AugurCcdsmResult *r, Gen *g, const double *pi)
{
  const AugurCcdsmProgram *prog = g->prog;
  guint nl = g->labels->len, np = g->np;
  double *thr = g_new0 (double, nl);
  const guint64 *row = (const guint64 *) g->row_ptr->data;
  const double *rate = (const double *) g->rate->data;
  const guint32 *lab = (const guint32 *) g->lab->data;
  for (guint s = 0; s < g->set.n_states; s++)
    for (guint64 t = row[s]; t < row[s + 1]; t++)
      thr[lab[t]] += pi[s] * rate[t];

  measures_from_throughput (r, g, thr);
  /* Time share: where each process's access in flight is. */
  for (guint s = 0; s < g->set.n_states; s++)
    {
      const guint64 *packed = g->set.words + (guint64) s * g->L.words;
      for (guint p = 0; p < np; p++)
        {
          const CcProcess *pr = prog->procs->pdata[p];
          const CcInstr *in = &g_array_index (pr->code, CcInstr, get_field (&g->L, packed, F_PC (&g->L, p)));
          if (in->op != CC_I_HALT)
            r->share[in->var * np + p] += pi[s];
        }
    }
  g_free (thr);
}

/* A chain whose only closed class is one state that only loops on itself
 * (a process making progress on hits alone): all the probability is
 * there.  NULL when there is no such state. */
static double *
absorbing_solution (Gen *g)
{
  const guint64 *row = (const guint64 *) g->row_ptr->data;
  const guint32 *col = (const guint32 *) g->col->data;
  guint n = g->set.n_states, found = G_MAXUINT;
  for (guint s = 0; s < n; s++)
    {
      gboolean leaves = FALSE;
      for (guint64 t = row[s]; t < row[s + 1] && !leaves; t++)
        leaves = col[t] != s;
      if (!leaves)
        {
          if (found != G_MAXUINT)
            return NULL;
          found = s;
        }
    }
  if (found == G_MAXUINT)
    return NULL;
  /* Every state must reach it: a search backwards from it. */
  guint *indeg = g_new0 (guint, n + 1);
  for (guint64 t = 0; t < row[n]; t++)
    indeg[col[t]]++;
  guint64 *rstart = g_new0 (guint64, n + 1);
  for (guint s = 0; s < n; s++)
    rstart[s + 1] = rstart[s] + indeg[s];
  guint32 *rcol = g_new (guint32, MAX (row[n], 1));
  guint64 *fill = g_memdup2 (rstart, (n + 1) * sizeof (guint64));
  for (guint s = 0; s < n; s++)
    for (guint64 t = row[s]; t < row[s + 1]; t++)
      rcol[fill[col[t]]++] = s;
  guint8 *seen = g_new0 (guint8, n);
  guint32 *stack = g_new (guint32, n);
  guint sp = 0, count = 1;
  seen[found] = 1;
  stack[sp++] = found;
  while (sp)
    {
      guint s = stack[--sp];
      for (guint64 t = rstart[s]; t < rstart[s + 1]; t++)
        if (!seen[rcol[t]])
          {
            seen[rcol[t]] = 1;
            count++;
            stack[sp++] = rcol[t];
          }
    }
  double *pi = NULL;
  if (count == n)
    {
      pi = g_new0 (double, n);
      pi[found] = 1.0;
    }
  g_free (indeg);
  g_free (rstart);
  g_free (rcol);
  g_free (fill);
  g_free (seen);
  g_free (stack);
  return pi;
}

AugurCcdsmResult *
augur_ccdsm_solve (const AugurCcdsmProgram *program,
                   const AugurCcdsmSetup   *setup,
                   const AugurCcdsmOptions *options,
                   AugurProgressFunc        progress,
                   gpointer                 progress_data,
                   GCancellable            *cancellable,
                   GError                 **error)
{
  g_return_val_if_fail (program != NULL, NULL);
  if (!setup)
    setup = program->setup;
  AugurCcdsmOptions defaults = { 0 };
  if (!options)
    options = &defaults;
  gint64 t0 = g_get_monotonic_time ();
  Gen g = { 0 };
  g.prog = program;
  g.setup = setup;
  /* No count by default: the memory budget, checked as the states come,
   * decides how large a space this machine can hold. */
  g.max_states = options->max_states ? options->max_states : G_MAXUINT32 - 2;
  augur_memory_budget_get (0, &g.memory);
  g.budget = g.memory.bytes;
  if (g.max_states > G_MAXUINT32 - 2)
    g.max_states = G_MAXUINT32 - 2;
  if (!resolve_setup (&g, error))
    {
      gen_clear (&g);
      return NULL;
    }
  if (progress)
    progress (-1, "Generating", progress_data);
  if (!generate (&g, progress, progress_data, cancellable, error))
    {
      gen_clear (&g);
      return NULL;
    }
  gint64 t1 = g_get_monotonic_time ();

  AugurCcdsmResult *r = g_new0 (AugurCcdsmResult, 1);
  r->ref_count = 1;
  r->program = augur_ccdsm_program_ref ((AugurCcdsmProgram *) program);
  r->setup = augur_ccdsm_setup_copy (setup);
  r->n_states = g.set.n_states;
  r->n_transitions = g.col->len;
  r->gen_seconds = (t1 - t0) / 1e6;
  r->distance = augur_ccdsm_setup_get_distance (setup, program);

  /* Checks. */
  Violation deadlock = { 0 }, alternation = { 0 };
  {
    const guint64 *row = (const guint64 *) g.row_ptr->data;
    const guint32 *col = (const guint32 *) g.col->data;
    for (guint s = 0; s < g.set.n_states && !deadlock.found; s++)
      {
        gboolean moves = FALSE;
        for (guint64 t = row[s]; t < row[s + 1] && !moves; t++)
          moves = col[t] != s || ((const Label *) g.labels->pdata[g_array_index (g.lab, guint32, t)])->n_marks > 0;
        if (!moves)
          {
            deadlock.found = TRUE;
            deadlock.state = s;
            deadlock.label = -1;
            deadlock.what = g_strdup_printf (row[s] == row[s + 1]
                                             ? _("state %u: every process has ended; nothing can happen any more")
                                             : _("state %u: every process spins on its own cached copy; nothing else can happen"),
                                             s + 1);
          }
      }
  }
  gboolean alternation_applicable = program->mark_sent >= 0 && program->mark_received >= 0;
  if (alternation_applicable)
    check_alternation (&g, &alternation);
  set_check (r, &g, AUGUR_CCDSM_CHECK_DEADLOCK, TRUE, &deadlock, _("no deadlock: every state can move on"));
  set_check (r, &g, AUGUR_CCDSM_CHECK_COHERENCE, TRUE, &g.coherence,
             _("at most one cache holds a line in M or E, and then no other cache holds it"));
  set_check (r, &g, AUGUR_CCDSM_CHECK_ASSERTS, TRUE, &g.asserts, _("every assertion holds in every reachable state"));
  set_check (r, &g, AUGUR_CCDSM_CHECK_MUTEX, program->n_lock_elems > 0, &g.mutex,
             program->n_lock_elems > 0 ? _("no two processes ever hold the same lock") : _("no variable of kind lock"));
  set_check (r, &g, AUGUR_CCDSM_CHECK_ALTERNATION, alternation_applicable, &alternation,
             alternation_applicable ? _("the marks 'sent' and 'received' alternate as ping-pong requires")
                                    : _("no 'sent' and 'received' marks"));
  g_free (deadlock.what);
  g_free (alternation.what);
  g_strfreev (alternation.path);

  /* Solution. */
  if (deadlock.found)
    r->solve_error = g_strdup (_("not solved: the state space has a deadlock"));
  else
    {
      guint n = g.set.n_states;
      guint64 *row = g_memdup2 (g.row_ptr->data, (n + 1) * sizeof (guint64));
      guint *col = g_memdup2 (g.col->data, MAX (g.col->len, 1u) * sizeof (guint));
      double *rate = g_memdup2 (g.rate->data, MAX (g.rate->len, 1u) * sizeof (double));
      GError *local = NULL;
      double *pi = absorbing_solution (&g);
      AugurCtmc *ctmc = pi ? NULL : augur_ctmc_new_from_csr (n, row, col, rate, &local);
      if (pi)
        {
          g_free (row);
          g_free (col);
          g_free (rate);
          r->info.solver_name = g_strdup ("absorbing state");
          r->info.converged = TRUE;
        }
      if (ctmc)
        {
          if (progress)
            progress (-1, "Solving", progress_data);
          pi = augur_ctmc_steady_state (ctmc, &options->solver, NULL, progress, progress_data,
                                        cancellable, &r->info, &local);
          augur_ctmc_free (ctmc);
        }
      if (pi)
        {
          r->solved = TRUE;
          compute_measures (r, &g, pi);
          /* The measures are per round trip: without one, there are none. */
          if (program->start_process < 0)
            r->solve_error = g_strdup (cc_no_start_message ());
          else if (!(r->start_rate > 0))
            r->solve_error = g_strdup (_("the 'start' mark is never passed once the chain settles (in its steady "
                                         "state): there is no latency nor misses per round trip"));
          if (r->solve_error)
            {
              r->solved = FALSE;
              g_clear_pointer (&r->misses, g_free);
              g_clear_pointer (&r->accesses, g_free);
              g_clear_pointer (&r->share, g_free);
              g_clear_pointer (&r->misses_kind, g_free);
            }
          if (options->keep_state_space)
            r->pi = pi;
          else
            g_free (pi);
        }
      else
        {
          gboolean cancelled = g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED);
          if (cancelled || augur_ccdsm_result_checks_passed (r))
            {
              if (cancelled)
                g_propagate_error (error, local);
              else
                {
                  g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME, "%s", local->message);
                  g_error_free (local);
                }
              augur_ccdsm_result_unref (r);
              gen_clear (&g);
              return NULL;
            }
          r->solve_error = g_strdup (local->message);
          g_error_free (local);
        }
    }
  if (!r->solved)
    {
      /* Not known, rather than zero. */
      guint nv = program->vars->len, np = g.np, nk = program->kinds->len;
      r->misses = g_new (double, MAX (nv * np, 1u));
      r->accesses = g_new (double, MAX (nv * np, 1u));
      r->share = g_new (double, MAX (nv * np, 1u));
      r->misses_kind = g_new (double, MAX (nk * np, 1u));
      for (guint i = 0; i < MAX (nv * np, 1u); i++)
        r->misses[i] = r->accesses[i] = r->share[i] = NAN;
      for (guint i = 0; i < MAX (nk * np, 1u); i++)
        r->misses_kind[i] = NAN;
      r->latency = r->start_rate = r->total_misses = NAN;
    }

  if (options->keep_state_space)
    {
      r->L = g.L;
      memset (&g.L, 0, sizeof g.L);
      r->space_states = g.set.n_states;
      r->store = augur_state_set_steal_words (&g.set);
      r->row_ptr = (guint64 *) g_array_free (g_steal_pointer (&g.row_ptr), FALSE);
      r->col = (guint32 *) g_array_free (g_steal_pointer (&g.col), FALSE);
      r->rate = (double *) g_array_free (g_steal_pointer (&g.rate), FALSE);
      r->lab = (guint32 *) g_array_free (g_steal_pointer (&g.lab), FALSE);
      r->labels = g_steal_pointer (&g.labels);
    }
  gen_clear (&g);
  r->total_seconds = (g_get_monotonic_time () - t0) / 1e6;
  return r;
}

/* ---- Accessors ---------------------------------------------------------- */

const AugurCcdsmProgram *augur_ccdsm_result_get_program (const AugurCcdsmResult *r) { return r->program; }
const AugurCcdsmSetup *augur_ccdsm_result_get_setup (const AugurCcdsmResult *r) { return r->setup; }
double augur_ccdsm_result_get_latency (const AugurCcdsmResult *r) { return r->latency; }
double augur_ccdsm_result_get_start_rate (const AugurCcdsmResult *r) { return r->start_rate; }
gboolean augur_ccdsm_result_is_solved (const AugurCcdsmResult *r) { return r->solved; }
const char *augur_ccdsm_result_get_solve_error (const AugurCcdsmResult *r) { return r->solve_error; }
guint augur_ccdsm_result_get_n_states (const AugurCcdsmResult *r) { return r->n_states; }
guint64 augur_ccdsm_result_get_n_transitions (const AugurCcdsmResult *r) { return r->n_transitions; }
double augur_ccdsm_result_get_generation_seconds (const AugurCcdsmResult *r) { return r->gen_seconds; }
double augur_ccdsm_result_get_total_seconds (const AugurCcdsmResult *r) { return r->total_seconds; }
const AugurSolveInfo *augur_ccdsm_result_get_solve_info (const AugurCcdsmResult *r) { return &r->info; }
double augur_ccdsm_result_get_total_misses (const AugurCcdsmResult *r) { return r->total_misses; }

double
augur_ccdsm_result_get_misses (const AugurCcdsmResult *r, guint v, guint p)
{
  guint np = r->program->procs->len;
  g_return_val_if_fail (v < r->program->vars->len && p < np, NAN);
  return r->misses[v * np + p];
}

double
augur_ccdsm_result_get_misses_by_kind (const AugurCcdsmResult *r, guint k, guint p)
{
  guint np = r->program->procs->len;
  g_return_val_if_fail (k < r->program->kinds->len && p < np, NAN);
  return r->misses_kind[k * np + p];
}

double
augur_ccdsm_result_get_accesses (const AugurCcdsmResult *r, guint v, guint p)
{
  guint np = r->program->procs->len;
  g_return_val_if_fail (v < r->program->vars->len && p < np, NAN);
  return r->accesses[v * np + p];
}

double
augur_ccdsm_result_get_time_share (const AugurCcdsmResult *r, guint v, guint p)
{
  guint np = r->program->procs->len;
  g_return_val_if_fail (v < r->program->vars->len && p < np, NAN);
  return r->share[v * np + p];
}

const AugurCcdsmCheck *
augur_ccdsm_result_get_check (const AugurCcdsmResult *r, AugurCcdsmCheckKind kind)
{
  g_return_val_if_fail (kind < AUGUR_CCDSM_CHECK_N, NULL);
  return &r->checks[kind];
}

gboolean
augur_ccdsm_result_checks_passed (const AugurCcdsmResult *r)
{
  for (guint i = 0; i < AUGUR_CCDSM_CHECK_N; i++)
    if (!r->checks[i].passed)
      return FALSE;
  return TRUE;
}

guint augur_ccdsm_result_get_space_n_states (const AugurCcdsmResult *r) { return r->space_states; }

char *
augur_ccdsm_result_describe_state (const AugurCcdsmResult *r, guint state)
{
  g_return_val_if_fail (state < r->space_states, NULL);
  return describe_packed (r->program, &r->L, r->store + (guint64) state * r->L.words);
}

guint
augur_ccdsm_result_get_space_n_transitions (const AugurCcdsmResult *r)
{
  return r->space_states ? (guint) r->row_ptr[r->space_states] : 0;
}

void
augur_ccdsm_result_get_space_transition (const AugurCcdsmResult *r, guint t, guint *source,
                                         guint *target, double *rate, char **label)
{
  g_return_if_fail (r->space_states && t < r->row_ptr[r->space_states]);
  /* Binary search of the row. */
  guint lo = 0, hi = r->space_states;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (r->row_ptr[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  if (source)
    *source = lo;
  if (target)
    *target = r->col[t];
  if (rate)
    *rate = r->rate[t];
  if (label)
    *label = describe_label (r->program, r->labels->pdata[r->lab[t]]);
}

double
augur_ccdsm_result_get_probability (const AugurCcdsmResult *r, guint state)
{
  return r->pi && state < r->space_states ? r->pi[state] : 0.0;
}

/* ---- Exports ------------------------------------------------------------ */

#define json_string augur_json_append_string
#define json_number augur_json_append_number

static void
result_json (GString *out, const AugurCcdsmResult *r, const char *indent)
{
  const AugurCcdsmProgram *prog = r->program;
  guint np = prog->procs->len;
  g_string_append_printf (out, "{\n%s  \"latency_ns\": ", indent);
  json_number (out, r->latency);
  g_string_append_printf (out, ",\n%s  \"states\": %u,\n%s  \"transitions\": %" G_GUINT64_FORMAT ",\n",
                          indent, r->n_states, indent, r->n_transitions);
  g_string_append_printf (out, "%s  \"distance\": %d,\n%s  \"protocol\": ", indent, r->distance, indent);
  json_string (out, r->setup->protocol.name);
  g_string_append_printf (out, ",\n%s  \"solved\": %s,\n", indent, r->solved ? "true" : "false");
  if (r->solve_error)
    {
      g_string_append_printf (out, "%s  \"solve_error\": ", indent);
      json_string (out, r->solve_error);
      g_string_append (out, ",\n");
    }
  g_string_append_printf (out, "%s  \"total_misses\": ", indent);
  json_number (out, r->total_misses);
  g_string_append_printf (out, ",\n%s  \"misses\": {", indent);
  for (guint v = 0; v < prog->vars->len; v++)
    {
      g_string_append_printf (out, "%s\n%s    ", v ? "," : "", indent);
      json_string (out, augur_ccdsm_program_get_variable_name (prog, v));
      g_string_append (out, ": {");
      for (guint p = 0; p < np; p++)
        {
          g_string_append (out, p ? ", " : "");
          json_string (out, augur_ccdsm_program_get_process_name (prog, p));
          g_string_append (out, ": ");
          json_number (out, r->misses[v * np + p]);
        }
      g_string_append (out, "}");
    }
  g_string_append_printf (out, "\n%s  },\n%s  \"misses_by_kind\": {", indent, indent);
  for (guint k = 0; k < prog->kinds->len; k++)
    {
      g_string_append_printf (out, "%s\n%s    ", k ? "," : "", indent);
      json_string (out, prog->kinds->pdata[k]);
      g_string_append (out, ": {");
      for (guint p = 0; p < np; p++)
        {
          g_string_append (out, p ? ", " : "");
          json_string (out, augur_ccdsm_program_get_process_name (prog, p));
          g_string_append (out, ": ");
          json_number (out, r->misses_kind[k * np + p]);
        }
      g_string_append (out, "}");
    }
  g_string_append_printf (out, "\n%s  },\n%s  \"checks\": {", indent, indent);
  for (guint c = 0; c < AUGUR_CCDSM_CHECK_N; c++)
    g_string_append_printf (out, "%s\n%s    \"%s\": %s", c ? "," : "", indent,
                            augur_ccdsm_check_kind_to_string (c), r->checks[c].passed ? "true" : "false");
  g_string_append_printf (out, "\n%s  },\n%s  \"violations\": [", indent, indent);
  gboolean first = TRUE;
  for (guint c = 0; c < AUGUR_CCDSM_CHECK_N; c++)
    {
      if (r->checks[c].passed)
        continue;
      g_string_append_printf (out, "%s\n%s    {\"check\": \"%s\", \"message\": ", first ? "" : ",", indent,
                              augur_ccdsm_check_kind_to_string (c));
      json_string (out, r->checks[c].message);
      g_string_append (out, ", \"path\": [");
      for (guint i = 0; r->checks[c].path && r->checks[c].path[i]; i++)
        {
          g_string_append (out, i ? ", " : "");
          json_string (out, r->checks[c].path[i]);
        }
      g_string_append (out, "]}");
      first = FALSE;
    }
  g_string_append_printf (out, "%s],\n%s  \"generation_seconds\": ", first ? "" : "\n    ", indent);
  augur_format_append_double (out, round (r->gen_seconds * 1000) / 1000);
  g_string_append_printf (out, ",\n%s  \"total_seconds\": ", indent);
  augur_format_append_double (out, round (r->total_seconds * 1000) / 1000);
  g_string_append_printf (out, "\n%s}", indent);
}

char *
augur_ccdsm_result_to_json (const AugurCcdsmResult *r)
{
  GString *out = g_string_new (NULL);
  result_json (out, r, "");
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* v with `decimals` decimals and '.' in every locale, for reports. */
static const char *
fixed (char buf[G_ASCII_DTOSTR_BUF_SIZE], int decimals, double v)
{
  char format[8];
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, format, v);
}

char *
augur_ccdsm_result_to_text (const AugurCcdsmResult *r)
{
  char b[G_ASCII_DTOSTR_BUF_SIZE];
  const AugurCcdsmProgram *prog = r->program;
  guint np = prog->procs->len;
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "states: %u, transitions: %" G_GUINT64_FORMAT " (generated in %s s)\n",
                          r->n_states, r->n_transitions, fixed (b, 3, r->gen_seconds));
  g_string_append_printf (out, "protocol: %s, distance: %d\n", r->setup->protocol.name, r->distance);
  if (r->solved)
    {
      g_string_append_printf (out, "solver: %s, %u iterations, residual %s\n", r->info.solver_name,
                              r->info.iterations, g_ascii_formatd (b, sizeof b, "%.2g", r->info.residual));
      g_string_append_printf (out, "one-way latency: %s ns\n", fixed (b, 4, r->latency));
      g_string_append_printf (out, "misses per round trip: %s\n", fixed (b, 4, r->total_misses));
      g_string_append (out, "\nmisses per round trip by variable:\n");
      g_string_append_printf (out, "  %-16s %-10s", "variable", "kind");
      for (guint p = 0; p < np; p++)
        g_string_append_printf (out, " %10s", augur_ccdsm_program_get_process_name (prog, p));
      g_string_append_c (out, '\n');
      for (guint v = 0; v < prog->vars->len; v++)
        {
          g_string_append_printf (out, "  %-16s %-10s", augur_ccdsm_program_get_variable_name (prog, v),
                                  augur_ccdsm_program_get_variable_kind (prog, v));
          for (guint p = 0; p < np; p++)
            g_string_append_printf (out, " %10s", fixed (b, 4, r->misses[v * np + p]));
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "misses per round trip by kind:\n");
      for (guint k = 0; k < prog->kinds->len; k++)
        {
          double sum = 0;
          g_string_append_printf (out, "  %-27s", (char *) prog->kinds->pdata[k]);
          for (guint p = 0; p < np; p++)
            {
              g_string_append_printf (out, " %10s", fixed (b, 4, r->misses_kind[k * np + p]));
              sum += r->misses_kind[k * np + p];
            }
          g_string_append_printf (out, "   (%s %%)\n", fixed (b, 1, r->total_misses > 0 ? 100 * sum / r->total_misses : 0));
        }
    }
  else
    g_string_append_printf (out, "%s\n", r->solve_error ? r->solve_error : "not solved");
  g_string_append (out, "\nchecks:\n");
  for (guint c = 0; c < AUGUR_CCDSM_CHECK_N; c++)
    {
      const AugurCcdsmCheck *ch = &r->checks[c];
      g_string_append_printf (out, "  %-22s %s: %s\n", augur_ccdsm_check_kind_to_string (c),
                              !ch->applicable ? "n/a" : ch->passed ? "ok" : "FAILED", ch->message);
      for (guint i = 0; ch->path && ch->path[i]; i++)
        g_string_append_printf (out, "      %u. %s\n", i + 1, ch->path[i]);
    }
  return g_string_free (out, FALSE);
}

#define csv_field augur_csv_append_field

/* A CSV number: every digit, '.' in every locale; empty when not known. */
static void
csv_number (GString *out, double v)
{
  if (isfinite (v))
    augur_format_append_double (out, v);
}

char *
augur_ccdsm_result_to_csv (const AugurCcdsmResult *r)
{
  const AugurCcdsmProgram *prog = r->program;
  guint np = prog->procs->len;
  GString *out = g_string_new ("variable,kind,process,accesses,misses,time_share\n");
  for (guint v = 0; v < prog->vars->len; v++)
    for (guint p = 0; p < np; p++)
      {
        csv_field (out, augur_ccdsm_program_get_variable_name (prog, v));
        g_string_append_c (out, ',');
        csv_field (out, augur_ccdsm_program_get_variable_kind (prog, v));
        g_string_append_c (out, ',');
        csv_field (out, augur_ccdsm_program_get_process_name (prog, p));
        g_string_append_c (out, ',');
        csv_number (out, r->accesses[v * np + p]);
        g_string_append_c (out, ',');
        csv_number (out, r->misses[v * np + p]);
        g_string_append_c (out, ',');
        csv_number (out, r->share[v * np + p]);
        g_string_append_c (out, '\n');
      }
  return g_string_free (out, FALSE);
}

gboolean
augur_ccdsm_result_export_ctmc (const AugurCcdsmResult *r, const char *prefix, GError **error)
{
  if (!r->space_states)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the state space was not kept; solve with it kept to export the chain"));
      return FALSE;
    }
  GString *sta = g_string_new ("(description)\n");
  for (guint s = 0; s < r->space_states; s++)
    {
      g_autofree char *d = augur_ccdsm_result_describe_state (r, s);
      g_string_append_printf (sta, "%u:(\"", s);
      for (const char *p = d; *p; p++)
        g_string_append_c (sta, *p == '"' ? '\'' : *p);
      g_string_append (sta, "\")\n");
    }
  guint64 nt = 0;
  GString *tra = g_string_new (NULL);
  for (guint s = 0; s < r->space_states; s++)
    for (guint64 t = r->row_ptr[s]; t < r->row_ptr[s + 1]; t++)
      if (r->col[t] != s)
        {
          g_autofree char *l = describe_label (r->program, r->labels->pdata[r->lab[t]]);
          g_string_append_printf (tra, "%u %u ", s, r->col[t]);
          augur_format_append_double (tra, r->rate[t]);
          g_string_append_printf (tra, " %s\n", l);
          nt++;
        }
  g_autofree char *tra_head = g_strdup_printf ("%u %" G_GUINT64_FORMAT "\n", r->space_states, nt);
  g_string_prepend (tra, tra_head);
  GString *lab = g_string_new ("0=\"init\" 1=\"deadlock\"\n0: 0\n");
  g_autofree char *f_sta = g_strconcat (prefix, ".sta", NULL);
  g_autofree char *f_tra = g_strconcat (prefix, ".tra", NULL);
  g_autofree char *f_lab = g_strconcat (prefix, ".lab", NULL);
  g_autoptr(GFile) file_sta = g_file_new_for_path (f_sta);
  g_autoptr(GFile) file_tra = g_file_new_for_path (f_tra);
  g_autoptr(GFile) file_lab = g_file_new_for_path (f_lab);
  GFile *const files[] = { file_sta, file_tra, file_lab };
  const char *const texts[] = { sta->str, tra->str, lab->str };
  const gsize lengths[] = { sta->len, tra->len, lab->len };
  /* the three or none: PRISM reads them together */
  gboolean ok = augur_file_write_contents_all (files, texts, lengths, G_N_ELEMENTS (files), error);
  g_string_free (sta, TRUE);
  g_string_free (tra, TRUE);
  g_string_free (lab, TRUE);
  return ok;
}

/* ---- Experiment --------------------------------------------------------- */

typedef struct {
  AugurCcdsmProgram *const *programs;
  const AugurCcdsmSetup *const *setups;
  const AugurCcdsmOptions *options;
  GPtrArray *runs;
  AugurProgressFunc progress;
  gpointer data;
} Experiment;

/* One configuration, on the sweep runner's threads: its error stays with
 * it (the others still run); only Cancel stops the experiment. */
static gboolean
experiment_point (guint          index,
                  gpointer       user_data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  Experiment *x = user_data;
  AugurCcdsmRun *run = x->runs->pdata[index];
  const AugurCcdsmSetup *base = x->setups && x->setups[run->program] ? x->setups[run->program]
                                                                     : x->programs[run->program]->setup;
  AugurCcdsmSetup *setup = augur_ccdsm_setup_copy (base);

  augur_protocol_init_mesi (&setup->protocol, run->protocol);
  if (augur_ccdsm_setup_place_at_distance (setup, x->programs[run->program], run->distance, &run->error))
    run->result = augur_ccdsm_solve (x->programs[run->program], setup, x->options, NULL, NULL,
                                     cancellable, &run->error);
  augur_ccdsm_setup_free (setup);
  if (g_error_matches (run->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&run->error));
      return FALSE;
    }
  return TRUE;
}

static void
experiment_progress (double      fraction,
                     const char *phase,
                     gpointer    user_data)
{
  Experiment *x = user_data;
  char text[64];

  g_snprintf (text, sizeof text, "Solved %u of %u configurations",
              (guint) (CLAMP (fraction, 0.0, 1.0) * x->runs->len + 0.5), x->runs->len);
  x->progress (fraction, text, x->data);
}

static void
run_free (gpointer p)
{
  AugurCcdsmRun *run = p;
  if (run->result)
    augur_ccdsm_result_unref (run->result);
  g_clear_error (&run->error);
  g_free (run);
}

void
augur_ccdsm_runs_free (GPtrArray *runs)
{
  if (runs)
    g_ptr_array_unref (runs);
}

GPtrArray *
augur_ccdsm_experiment (AugurCcdsmProgram *const *programs,
                        const AugurCcdsmSetup   *const *setups,
                        guint                    n_programs,
                        const AugurCcdsmOptions *options,
                        AugurProgressFunc        progress,
                        gpointer                 progress_data,
                        GCancellable            *cancellable,
                        GError                 **error)
{
  Experiment x = { programs, setups, options, g_ptr_array_new_with_free_func (run_free), progress, progress_data };
  static const char protocols[] = { 'A', 'B' };

  for (guint p = 0; p < n_programs; p++)
    for (guint k = 0; k < 2; k++)
      for (guint d = 0; d < 3; d++)
        {
          AugurCcdsmRun *run = g_new0 (AugurCcdsmRun, 1);
          run->program = p;
          run->protocol = protocols[k];
          run->distance = d;
          g_ptr_array_add (x.runs, run);
        }
  if (progress)
    progress (0, "Solving the configurations", progress_data);
  /* in parallel, one configuration per processor */
  if (!augur_sweep_run (x.runs->len, 0, experiment_point, &x, progress ? experiment_progress : NULL, &x,
                        cancellable, error))
    {
      g_ptr_array_unref (x.runs);
      return NULL;
    }
  return x.runs;
}

char *
augur_ccdsm_experiment_to_json (GPtrArray *runs, const char *const *names)
{
  GString *out = g_string_new ("{\"configurations\": [");
  for (guint i = 0; i < runs->len; i++)
    {
      AugurCcdsmRun *run = runs->pdata[i];
      g_string_append_printf (out, "%s\n  ", i ? "," : "");
      if (run->result)
        {
          GString *one = g_string_new (NULL);
          result_json (one, run->result, "  ");
          /* Name the configuration in front. */
          g_string_append_printf (out, "{\"program\": ");
          json_string (out, names && names[run->program] ? names[run->program] : "program");
          g_string_append (out, ",");
          g_string_append (out, one->str + 1);
          g_string_free (one, TRUE);
        }
      else
        {
          g_string_append (out, "{\"program\": ");
          json_string (out, names && names[run->program] ? names[run->program] : "program");
          g_string_append_printf (out, ", \"distance\": %u, \"protocol\": \"%c\", \"error\": ", run->distance, run->protocol);
          json_string (out, run->error ? run->error->message : "unknown error");
          g_string_append (out, "}");
        }
    }
  g_string_append (out, "\n]}\n");
  return g_string_free (out, FALSE);
}

char *
augur_ccdsm_experiment_to_csv (GPtrArray *runs, const char *const *names)
{
  GString *out = g_string_new ("program,protocol,distance,latency_ns,states,total_misses,kind,kind_misses\n");
  for (guint i = 0; i < runs->len; i++)
    {
      AugurCcdsmRun *run = runs->pdata[i];
      const char *name = names && names[run->program] ? names[run->program] : "program";
      if (!run->result)
        continue;
      const AugurCcdsmProgram *prog = run->result->program;
      guint np = prog->procs->len;
      for (guint k = 0; k < prog->kinds->len; k++)
        {
          double sum = 0;
          for (guint p = 0; p < np; p++)
            sum += run->result->misses_kind[k * np + p];
          csv_field (out, name);
          g_string_append_printf (out, ",%c,%u,", run->protocol, run->distance);
          csv_number (out, run->result->latency);
          g_string_append_printf (out, ",%u,", run->result->n_states);
          csv_number (out, run->result->total_misses);
          g_string_append_c (out, ',');
          csv_field (out, prog->kinds->pdata[k]);
          g_string_append_c (out, ',');
          csv_number (out, sum);
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}

/* ---- One state's successors, for generators that keep their own states ---- */

/* The generator above for a caller that stores the states itself
 * (augur-mpi spreads them over MPI ranks): the same layout, steps and
 * labels; the checks made while stepping (coherence, assertions, mutual
 * exclusion) are kept with the state where they failed, without the path
 * to it, which needs every state's parent. */
struct _CcdsmSuccessors {
  Gen       g;
  int      *u0, *u;
  guint64  *initial;
  guint64  *source;
  guint64  *targets;
  double   *rates;
  guint    *labels;
  gsize     cap;
  char     *where[AUGUR_CCDSM_CHECK_N];   /* the state a check failed in */
};

static const guint violation_kinds[] = {
  AUGUR_CCDSM_CHECK_COHERENCE, AUGUR_CCDSM_CHECK_ASSERTS, AUGUR_CCDSM_CHECK_MUTEX,
};

static Violation *
successors_violation (CcdsmSuccessors *succ, guint kind)
{
  switch (kind)
    {
    case AUGUR_CCDSM_CHECK_COHERENCE: return &succ->g.coherence;
    case AUGUR_CCDSM_CHECK_ASSERTS: return &succ->g.asserts;
    case AUGUR_CCDSM_CHECK_MUTEX: return &succ->g.mutex;
    default: return NULL;
    }
}

/* Notes the state in which a check failed first. */
static void
successors_note_violations (CcdsmSuccessors *succ, const guint64 *packed)
{
  for (guint i = 0; i < G_N_ELEMENTS (violation_kinds); i++)
    {
      guint kind = violation_kinds[i];
      if (successors_violation (succ, kind)->found && succ->where[kind] == NULL)
        succ->where[kind] = packed != NULL
                            ? describe_packed (succ->g.prog, &succ->g.L, packed)
                            : g_strdup (_("initial state: every cache I, every process at its first access"));
    }
}

CcdsmSuccessors *
ccdsm_successors_new (const AugurCcdsmProgram *program,
                      const AugurCcdsmSetup   *setup,
                      GError                 **error)
{
  CcdsmSuccessors *succ = g_new0 (CcdsmSuccessors, 1);
  Gen *g = &succ->g;
  guint64 n_fields;
  gboolean ok = TRUE;

  g->prog = program;
  g->setup = setup != NULL ? setup : program->setup;
  g->max_states = G_MAXUINT32 - 2;
  augur_memory_budget_get (0, &g->memory);
  g->budget = g->memory.bytes;
  g->labels = g_ptr_array_new_with_free_func (g_free);
  g->label_index = g_hash_table_new (label_hash, label_equal);
  if (!resolve_setup (g, error))
    {
      ccdsm_successors_free (succ);
      return NULL;
    }
  n_fields = count_fields (program);
  if (n_fields > CC_MAX_FIELDS)
    {
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_TOO_LARGE,
                   _("%s: a state of this model has %llu values (registers, and a value and a "
                     "cache state per process for every shared element); expected at most %u: "
                     "fewer processes or smaller arrays"),
                   program->filename, (unsigned long long) n_fields, CC_MAX_FIELDS);
      ccdsm_successors_free (succ);
      return NULL;
    }
  layout_init (&g->L, program, g->setup);
  g->scratch = g_new0 (guint64, g->L.words);
  succ->u0 = g_new0 (int, MAX (1, g->L.n_fields));
  succ->u = g_new0 (int, MAX (1, g->L.n_fields));
  succ->initial = g_new0 (guint64, g->L.words);
  succ->source = g_new0 (guint64, g->L.words);

  /* the initial state, as generate () makes it */
  {
    const Layout *L = &g->L;
    int *u0 = succ->u0;

    initial_state (g, program, u0);
    g->initial = TRUE;
    g->current = G_MAXUINT;
    for (guint p = 0; p < g->np && ok; p++)
      {
        Label lab;
        label_init (&lab);
        ok = run_process (g, u0, p, &lab);
      }
    g->initial = FALSE;
    if (ok)
      encode (L, u0, succ->initial);
  }
  successors_note_violations (succ, NULL);
  if (!ok)
    {
      if (g->error != NULL)
        g_propagate_error (error, g_steal_pointer (&g->error));
      else
        g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME, "%s", program->filename);
      ccdsm_successors_free (succ);
      return NULL;
    }
  return succ;
}

void
ccdsm_successors_free (CcdsmSuccessors *succ)
{
  if (succ == NULL)
    return;
  gen_clear (&succ->g);
  g_free (succ->u0);
  g_free (succ->u);
  g_free (succ->initial);
  g_free (succ->source);
  g_free (succ->targets);
  g_free (succ->rates);
  g_free (succ->labels);
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    g_free (succ->where[k]);
  g_free (succ);
}

guint
ccdsm_successors_get_n_words (const CcdsmSuccessors *succ)
{
  return succ->g.L.words;
}

const guint64 *
ccdsm_successors_get_initial (const CcdsmSuccessors *succ)
{
  return succ->initial;
}

gboolean
ccdsm_successors_of (CcdsmSuccessors  *succ,
                     const guint64    *packed,
                     gsize            *n,
                     const guint64   **targets,
                     const double    **rates,
                     const guint     **labels,
                     gboolean         *stuck,
                     GError          **error)
{
  Gen *g = &succ->g;
  const Layout *L = &g->L;
  const AugurCcdsmProgram *prog = g->prog;
  gsize k = 0;
  gboolean moves = FALSE;

  memcpy (succ->source, packed, L->words * sizeof (guint64));
  if (succ->cap < MAX (g->np, 1u))
    {
      succ->cap = MAX (g->np, 1u);
      succ->targets = g_renew (guint64, succ->targets, succ->cap * L->words);
      succ->rates = g_renew (double, succ->rates, succ->cap);
      succ->labels = g_renew (guint, succ->labels, succ->cap);
    }
  decode (L, succ->source, succ->u0);
  g->current = G_MAXUINT;
  for (guint p = 0; p < g->np; p++)
    {
      const CcProcess *pr = prog->procs->pdata[p];
      Label lab;
      guint64 *out;

      if (g_array_index (pr->code, CcInstr, succ->u0[F_PC (L, p)]).op == CC_I_HALT)
        continue;
      succ->rates[k] = g->phases / g->lat[succ->u0[F_XFER (L, p)]];
      if (!step (g, succ->u0, succ->u, p, &lab))
        {
          g_autofree char *where = describe_packed (prog, L, succ->source);
          if (g->error != NULL)
            g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME,
                         "%s\nreached from the state %s (augur-mpi does not keep the path to it; "
                         "augur-cli ccdsm gives it)", g->error->message, where);
          else
            g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_RUNTIME, "%s: %s", prog->filename, where);
          g_clear_error (&g->error);
          return FALSE;
        }
      succ->labels[k] = intern_label (g, &lab);
      out = succ->targets + k * L->words;
      encode_delta (L, succ->u0, succ->u, succ->source, out);
      /* as augur_ccdsm_solve's deadlock check: a move changes the state or marks */
      if (memcmp (out, succ->source, L->words * sizeof (guint64)) != 0 || lab.n_marks > 0)
        moves = TRUE;
      k++;
    }
  successors_note_violations (succ, succ->source);
  *n = k;
  *targets = succ->targets;
  *rates = succ->rates;
  *labels = succ->labels;
  *stuck = !moves;
  return TRUE;
}

char *
ccdsm_successors_describe (CcdsmSuccessors *succ,
                           const guint64   *packed)
{
  return describe_packed (succ->g.prog, &succ->g.L, packed);
}

/* Labels travel between processes as their bytes. */
gsize
ccdsm_successors_label_size (void)
{
  return sizeof (Label);
}

guint
ccdsm_successors_get_n_labels (const CcdsmSuccessors *succ)
{
  return succ->g.labels->len;
}

const void *
ccdsm_successors_get_label (const CcdsmSuccessors *succ,
                            guint                  label)
{
  return succ->g.labels->pdata[label];
}

guint
ccdsm_successors_intern_label (CcdsmSuccessors *succ,
                               const void      *bytes)
{
  Label l;

  memcpy (&l, bytes, sizeof l);
  return intern_label (&succ->g, &l);
}

guint
ccdsm_successors_alternation_size (const CcdsmSuccessors *succ)
{
  const AugurCcdsmProgram *prog = succ->g.prog;

  if (prog->mark_sent < 0 || prog->mark_received < 0)
    return 0;
  return 1 + 2 * succ->g.np;
}

guint
ccdsm_successors_alternation_step (const CcdsmSuccessors *succ,
                                   guint                  label,
                                   guint                  m,
                                   char                 **what)
{
  const AugurCcdsmProgram *prog = succ->g.prog;
  const Label *l = succ->g.labels->pdata[label];
  guint np = succ->g.np;
  guint mm = m;

  /* check_alternation ()'s automaton */
  for (int k = 0; k < l->n_marks; k++)
    {
      int mk = l->marks[k];
      guint p = l->proc, next;
      gboolean sent;

      if (mk != prog->mark_sent && mk != prog->mark_received)
        continue;
      sent = mk == prog->mark_sent;
      if (mm == 0)
        next = sent ? 1 + p : G_MAXUINT;
      else if (mm <= np)
        next = (!sent && p != mm - 1) ? 1 + np + p : G_MAXUINT;
      else
        next = (sent && p == mm - 1 - np) ? 1 + p : G_MAXUINT;
      if (next == G_MAXUINT)
        {
          const char *who = augur_ccdsm_program_get_process_name (prog, p);
          g_autofree char *expect = NULL;
          if (mm == 0)
            expect = g_strdup (_("a first 'sent'"));
          else if (mm <= np)
            expect = g_strdup_printf (_("'received' by the peer of %s"), augur_ccdsm_program_get_process_name (prog, mm - 1));
          else
            expect = g_strdup_printf (_("'sent' by %s, which received last"), augur_ccdsm_program_get_process_name (prog, mm - 1 - np));
          *what = g_strdup_printf (_("%s marks '%s' where the ping-pong expects %s"), who,
                                   sent ? "sent" : "received", expect);
          return G_MAXUINT;
        }
      mm = next;
    }
  return mm;
}

char *
ccdsm_successors_describe_label (const CcdsmSuccessors *succ,
                                 guint                  label)
{
  return describe_label (succ->g.prog, succ->g.labels->pdata[label]);
}

guint
ccdsm_successors_get_n_shares (const CcdsmSuccessors *succ)
{
  return MAX (succ->g.prog->vars->len * succ->g.np, 1u);
}

void
ccdsm_successors_add_share (CcdsmSuccessors *succ,
                            const guint64   *packed,
                            double           p,
                            double          *share)
{
  const AugurCcdsmProgram *prog = succ->g.prog;
  const Layout *L = &succ->g.L;
  guint np = succ->g.np;

  /* as compute_measures () */
  for (guint q = 0; q < np; q++)
    {
      const CcProcess *pr = prog->procs->pdata[q];
      const CcInstr *in = &g_array_index (pr->code, CcInstr, get_field (L, packed, F_PC (L, q)));
      if (in->op != CC_I_HALT)
        share[in->var * np + q] += p;
    }
}

gboolean
ccdsm_successors_get_violation (CcdsmSuccessors     *succ,
                                AugurCcdsmCheckKind  kind,
                                char               **what,
                                char               **last,
                                char               **where)
{
  Violation *v = successors_violation (succ, kind);

  if (v == NULL || !v->found)
    return FALSE;
  *what = g_strdup (v->what);
  /* as set_check () */
  if (v->label >= 0)
    *last = describe_label (succ->g.prog, succ->g.labels->pdata[v->label]);
  else if (v->label <= -2)
    *last = g_strdup_printf (_("%s completes its access and runs on: %s"),
                             augur_ccdsm_program_get_process_name (succ->g.prog, -2 - v->label), v->what);
  else
    *last = g_strdup (v->what);
  *where = g_strdup (succ->where[kind] != NULL ? succ->where[kind] : "?");
  return TRUE;
}

AugurCcdsmResult *
ccdsm_result_new_distributed (CcdsmSuccessors       *succ,
                              guint64                n_states,
                              guint64                n_transitions,
                              double                 gen_seconds,
                              double                 total_seconds,
                              const AugurCcdsmCheck *checks,
                              const AugurSolveInfo  *info,
                              const double          *throughput,
                              const double          *share,
                              const char            *solve_error)
{
  Gen *g = &succ->g;
  const AugurCcdsmProgram *program = g->prog;
  AugurCcdsmResult *r = g_new0 (AugurCcdsmResult, 1);
  guint nv = program->vars->len, np = g->np, nk = program->kinds->len;

  r->ref_count = 1;
  r->program = augur_ccdsm_program_ref ((AugurCcdsmProgram *) program);
  r->setup = augur_ccdsm_setup_copy (g->setup);
  r->n_states = (guint) MIN (n_states, G_MAXUINT);
  r->n_transitions = n_transitions;
  r->gen_seconds = gen_seconds;
  r->total_seconds = total_seconds;
  r->distance = augur_ccdsm_setup_get_distance (g->setup, program);
  for (guint c = 0; c < AUGUR_CCDSM_CHECK_N; c++)
    {
      r->checks[c] = checks[c];
      r->checks[c].message = g_strdup (checks[c].message);
      r->checks[c].path = g_strdupv (checks[c].path);
    }
  if (info != NULL)
    {
      r->info = *info;
      r->info.solver_name = g_strdup (info->solver_name);
    }
  if (solve_error == NULL && throughput != NULL)
    {
      /* as augur_ccdsm_solve () */
      r->solved = TRUE;
      measures_from_throughput (r, g, throughput);
      memcpy (r->share, share, sizeof (double) * MAX (nv * np, 1u));
      if (program->start_process < 0)
        r->solve_error = g_strdup (cc_no_start_message ());
      else if (!(r->start_rate > 0))
        r->solve_error = g_strdup (_("the 'start' mark is never passed once the chain settles (in its steady "
                                     "state): there is no latency nor misses per round trip"));
      if (r->solve_error)
        {
          r->solved = FALSE;
          g_clear_pointer (&r->misses, g_free);
          g_clear_pointer (&r->accesses, g_free);
          g_clear_pointer (&r->share, g_free);
          g_clear_pointer (&r->misses_kind, g_free);
        }
    }
  else
    r->solve_error = g_strdup (solve_error);
  if (!r->solved)
    {
      r->misses = g_new (double, MAX (nv * np, 1u));
      r->accesses = g_new (double, MAX (nv * np, 1u));
      r->share = g_new (double, MAX (nv * np, 1u));
      r->misses_kind = g_new (double, MAX (nk * np, 1u));
      for (guint i = 0; i < MAX (nv * np, 1u); i++)
        r->misses[i] = r->accesses[i] = r->share[i] = NAN;
      for (guint i = 0; i < MAX (nk * np, 1u); i++)
        r->misses_kind[i] = NAN;
      r->latency = r->start_rate = r->total_misses = NAN;
    }
  return r;
}
