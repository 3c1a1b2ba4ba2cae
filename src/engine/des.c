/* des.c: activities, weighted max-min sharing and time advance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "des.h"

#include <math.h>
#include <string.h>

/* Relative precision of completions: an activity whose remaining amount is
 * below this fraction of its total is done (as SimGrid's precision). */
#define DONE_PRECISION 1e-12

struct _AugurActivity {
  AugurActivity     *next_free;
  double             remaining;
  double             total;
  double             delay;        /* left in the latency phase */
  double             bound;
  double             penalty;
  double             rate;
  guint              n_resources;
  const guint       *resources;      /* borrowed: outlive the activity */
  const double      *coefficients;
  AugurActivityDone  done;
  gpointer           data;
  guint              index;        /* in des->active */
  gboolean           fixed;        /* scratch: rate decided in this solve */
};

typedef struct {
  double capacity;
  double remaining;     /* scratch */
  double weight_sum;    /* scratch: sum of a / p of unfixed users */
  GPtrArray *users;     /* activities using it (in transfer phase) */
  guint  mark;          /* scratch: in the current solve's list */
} Resource;

struct _AugurDes {
  double         now;
  GArray        *resources;   /* Resource */
  GPtrArray     *active;      /* AugurActivity* */
  GArray        *in_use;      /* scratch: resources of the current solve */
  guint          generation;
  AugurActivity *free_list;
  GPtrArray     *blocks;      /* owns the activities, allocated in blocks */
  gboolean       dirty;       /* sharing must be solved again */
  gboolean       stop;
  guint          stalls;     /* steps in a row that changed nothing */
};

#define ACTIVITY_BLOCK 1024

AugurDes *
augur_des_new (void)
{
  AugurDes *des = g_new0 (AugurDes, 1);
  des->resources = g_array_new (FALSE, TRUE, sizeof (Resource));
  des->active = g_ptr_array_new ();
  des->in_use = g_array_new (FALSE, FALSE, sizeof (guint));
  des->blocks = g_ptr_array_new_with_free_func (g_free);
  return des;
}

static AugurActivity *
activity_alloc (AugurDes *des)
{
  AugurActivity *a;

  if (des->free_list == NULL)
    {
      AugurActivity *block = g_new (AugurActivity, ACTIVITY_BLOCK);
      g_ptr_array_add (des->blocks, block);
      for (guint i = 0; i < ACTIVITY_BLOCK; i++)
        {
          block[i].next_free = des->free_list;
          des->free_list = &block[i];
        }
    }
  a = des->free_list;
  des->free_list = a->next_free;
  memset (a, 0, sizeof *a);
  return a;
}

static void
activity_release (AugurDes *des, AugurActivity *a)
{
  a->next_free = des->free_list;
  des->free_list = a;
}

void
augur_des_free (AugurDes *des)
{
  if (des == NULL)
    return;
  for (guint r = 0; r < des->resources->len; r++)
    g_ptr_array_unref (g_array_index (des->resources, Resource, r).users);
  g_array_unref (des->resources);
  g_ptr_array_unref (des->active);
  g_array_unref (des->in_use);
  g_ptr_array_unref (des->blocks);
  g_free (des);
}

double
augur_des_now (const AugurDes *des)
{
  return des->now;
}

guint
augur_des_get_n_active (const AugurDes *des)
{
  return des->active->len;
}

guint
augur_des_add_resource (AugurDes *des,
                        double    capacity)
{
  Resource r = { 0 };
  r.capacity = capacity;
  r.users = g_ptr_array_new ();
  g_array_append_val (des->resources, r);
  return des->resources->len - 1;
}

static void
attach (AugurDes *des, AugurActivity *a)
{
  for (guint k = 0; k < a->n_resources; k++)
    g_ptr_array_add (g_array_index (des->resources, Resource, a->resources[k]).users, a);
}

static void
detach (AugurDes *des, AugurActivity *a)
{
  for (guint k = 0; k < a->n_resources; k++)
    g_ptr_array_remove_fast (g_array_index (des->resources, Resource, a->resources[k]).users, a);
}

AugurActivity *
augur_des_start (AugurDes          *des,
                 double             amount,
                 double             delay,
                 double             bound,
                 double             penalty,
                 guint              n_resources,
                 const guint       *resources,
                 const double      *coefficients,
                 AugurActivityDone  done,
                 gpointer           data)
{
  AugurActivity *a;

  g_return_val_if_fail (n_resources > 0 || bound > 0, NULL);
  a = activity_alloc (des);
  a->remaining = MAX (amount, 0.0);
  a->total = a->remaining;
  a->delay = MAX (delay, 0.0);
  a->bound = bound;
  a->penalty = penalty > 0 ? penalty : 1.0;
  a->n_resources = n_resources;
  a->resources = resources;
  a->coefficients = coefficients;
  a->done = done;
  a->data = data;
  a->index = des->active->len;
  g_ptr_array_add (des->active, a);
  if (a->delay == 0)
    attach (des, a);
  des->dirty = TRUE;
  return a;
}

/* Weighted max-min: progressive filling over the activities in their
 * transfer phase, on the resources they use. */
static void
solve_sharing (AugurDes *des)
{
  GPtrArray *active = des->active;
  GArray *in_use = des->in_use;
  guint unfixed = 0;

  des->generation++;
  g_array_set_size (in_use, 0);
  for (guint i = 0; i < active->len; i++)
    {
      AugurActivity *a = g_ptr_array_index (active, i);
      a->rate = 0;
      a->fixed = a->delay > 0 || a->remaining <= 0;
      if (a->fixed)
        continue;
      unfixed++;
      for (guint k = 0; k < a->n_resources; k++)
        {
          Resource *res = &g_array_index (des->resources, Resource, a->resources[k]);
          if (res->mark != des->generation)
            {
              res->mark = des->generation;
              res->remaining = res->capacity;
              g_array_append_val (in_use, a->resources[k]);
            }
        }
    }

  while (unfixed > 0)
    {
      double level = INFINITY;
      guint fixed_before = unfixed;

      /* the level at which the first resource fills or activity hits its bound */
      for (guint k = 0; k < in_use->len; k++)
        g_array_index (des->resources, Resource, g_array_index (in_use, guint, k)).weight_sum = 0;
      for (guint i = 0; i < active->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (active, i);
          if (a->fixed)
            continue;
          for (guint k = 0; k < a->n_resources; k++)
            g_array_index (des->resources, Resource, a->resources[k]).weight_sum +=
              a->coefficients[k] / a->penalty;
          if (a->bound > 0)
            level = MIN (level, a->bound * a->penalty);
        }
      for (guint k = 0; k < in_use->len; k++)
        {
          Resource *res = &g_array_index (des->resources, Resource, g_array_index (in_use, guint, k));
          if (res->weight_sum > 0)
            level = MIN (level, MAX (res->remaining, 0.0) / res->weight_sum);
        }
      if (!isfinite (level) || !(level >= 0))
        level = 0;   /* cannot happen: every activity has a resource or a bound */

      /* fix the activities on full resources and those at their bound, and
       * take what they use from their resources */
      for (guint i = 0; i < active->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (active, i);
          gboolean full;

          if (a->fixed)
            continue;
          full = a->bound > 0 && a->bound * a->penalty <= level * (1 + 1e-12);
          for (guint k = 0; k < a->n_resources && !full; k++)
            {
              Resource *res = &g_array_index (des->resources, Resource, a->resources[k]);
              full = res->weight_sum > 0 && MAX (res->remaining, 0.0) / res->weight_sum <= level * (1 + 1e-12);
            }
          if (!full)
            continue;
          a->rate = level / a->penalty;
          if (a->bound > 0)
            a->rate = MIN (a->rate, a->bound);
          a->fixed = TRUE;
          unfixed--;
        }
      if (unfixed == fixed_before)
        {
          /* No activity could be fixed (a resource without capacity, an
           * infinite penalty): what is left makes no progress, and the run
           * reports it instead of looping here. */
          for (guint i = 0; i < active->len; i++)
            {
              AugurActivity *a = g_ptr_array_index (active, i);
              if (!a->fixed)
                {
                  a->rate = 0;
                  a->fixed = TRUE;
                }
            }
          unfixed = 0;
        }
      for (guint k = 0; k < in_use->len; k++)
        {
          Resource *res = &g_array_index (des->resources, Resource, g_array_index (in_use, guint, k));
          res->remaining = res->capacity;
        }
      for (guint i = 0; i < active->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (active, i);
          if (!a->fixed || a->rate == 0)
            continue;
          for (guint k = 0; k < a->n_resources; k++)
            g_array_index (des->resources, Resource, a->resources[k]).remaining -= a->rate * a->coefficients[k];
        }
    }
  des->dirty = FALSE;
}

void
augur_des_stop (AugurDes *des)
{
  des->stop = TRUE;
}

guint64
augur_des_run (AugurDes      *des,
               GCancellable  *cancellable,
               GError       **error)
{
  guint64 completions = 0;

  des->stop = FALSE;
  while (des->active->len > 0 && !des->stop)
    {
      double dt = INFINITY;
      g_autoptr(GPtrArray) finished = g_ptr_array_new ();

      /* every step: a step can take long with many activities */
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return completions;
      if (des->dirty)
        solve_sharing (des);

      for (guint i = 0; i < des->active->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (des->active, i);
          if (a->delay > 0)
            dt = MIN (dt, a->delay);
          else if (a->remaining <= 0)
            dt = 0;
          else if (a->rate > 0)
            dt = MIN (dt, a->remaining / a->rate);
        }
      if (!isfinite (dt) || !(dt >= 0))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       "the simulation is stuck at %.9g s: %u activities make no progress "
                       "(a resource without capacity?)",
                       des->now, des->active->len);
          return completions;
        }

      des->now += dt;
      for (guint i = 0; i < des->active->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (des->active, i);
          if (a->delay > 0)
            {
              a->delay -= dt;
              if (a->delay <= 1e-15 * MAX (1.0, des->now))
                {
                  /* the latency phase is over: it starts sharing */
                  a->delay = 0;
                  attach (des, a);
                  des->dirty = TRUE;
                  if (a->remaining <= 0)
                    g_ptr_array_add (finished, a);
                }
            }
          else
            {
              a->remaining -= a->rate * dt;
              /* Done, also when what is left would end within the clock's
               * resolution (1e-320 flops at 1 Gf/s, or 1e-12 s at 1e6 s):
               * otherwise the clock would stop advancing. */
              if (a->remaining <= DONE_PRECISION * a->total || a->remaining <= 0 ||
                  (a->rate > 0 && des->now + a->remaining / a->rate == des->now))
                g_ptr_array_add (finished, a);
            }
        }
      /* a step that neither advances the clock nor ends anything repeats
       * forever: cannot happen after the rule above, but never loop */
      if (finished->len == 0 && dt == 0 && !des->dirty)
        {
          if (++des->stalls > 2)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "the simulation does not advance at %.9g s: %u activities are too small "
                           "for the clock", des->now, des->active->len);
              return completions;
            }
        }
      else
        des->stalls = 0;

      for (guint i = 0; i < finished->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (finished, i);
          guint idx = a->index;
          AugurActivity *last = g_ptr_array_index (des->active, des->active->len - 1);

          last->index = idx;
          g_ptr_array_remove_index_fast (des->active, idx);
          detach (des, a);
          des->dirty = TRUE;
        }
      for (guint i = 0; i < finished->len; i++)
        {
          AugurActivity *a = g_ptr_array_index (finished, i);
          completions++;
          if (a->done)
            a->done (des, a, a->data);
          activity_release (des, a);
        }
    }
  return completions;
}
