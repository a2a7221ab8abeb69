/* european.h - the European call/put, shared by both backends (the payoff
 * side of the hot loop; its type table entry is in payoffs/payoff_types.c).
 *
 * The payoff interface every payoff header gives (NAME = european here).
 * A payoff never sees the model's state, only the model's per-step view
 * (models/view.h: S, S in the model's unit, the log-spot and the bridge
 * where the model has them, the step's normals and uniforms); what it
 * reads beyond S its type table entry says (needs), so that a model
 * lacking it is refused at config time.
 *   MCS_NAME_DIM, MCS_NAME_OUTPUTS, MCS_NAME_NORMALS, MCS_NAME_UNIFORMS
 *                                  accumulators per path, outputs per path,
 *                                  normals per step it draws (after the
 *                                  model's), most uniforms per step it may
 *                                  read
 *   mcs_NAME_coef                  per-job coefficients
 *   mcs_NAME_coef_make(o, m, steps)
 *   mcs_NAME_init(c, a)            accumulators at t = 0
 *   mcs_NAME_watches(c, k)         1 when the end of step k (0-based) is a
 *                                  monitoring date: the same for every path
 *   MCS_NAME_MODES, mcs_NAME_mode(c)
 *                                  the job's variant of observe (e.g. discrete
 *                                  or continuous monitoring), 0..MODES-1 with
 *                                  MODES 1 or 2 (kernels/limits.h): the
 *                                  CPU compiles observe once per mode, so a
 *                                  loop does only its mode's work
 *   mcs_NAME_observe(c, mode, a, v) at a watched step: the view v of it
 *   mcs_NAME_finish(c, mode, a, v, out)  undiscounted outputs from the
 *                                  accumulators and the view at expiry
 * Optional (payoffs/lookback.h has them):
 *   MCS_NAME_SPARSE_MODE           a mode >= 1 whose observe changes the
 *                                  accumulators on few steps
 *   mcs_NAME_may_change(c, a, v)
 *                                  0 only where observe in that mode would
 *                                  leave a as it is (observe on the CPU
 *                                  makes the same test); the AVX-512 CPU
 *                                  kernel observes only the paths where it
 *                                  gives 1
 *   MCS_NAME_SPLIT_MODE            a sparse mode whose uniform Philox draws
 *                                  split (models/split_uniform.h), and
 *   mcs_NAME_sample(c, v), mcs_NAME_merge(c, a, value)
 *                                  its observation split in two: a value
 *                                  from the step alone, and its merge into
 *                                  the accumulators, in any order (a
 *                                  maximum). may_change must also hold for
 *                                  a lower bound of u (its byte, c / 256),
 *                                  observing a step in mode 0 then in this
 *                                  mode must equal observing it in this
 *                                  mode, and a step may_change rules out
 *                                  must stay ruled out against the
 *                                  accumulators of any later step (once
 *                                  they hold the step's grid points, as
 *                                  mode 0 makes them): the CPU
 *                                  kernel observes every step in mode 0 and,
 *                                  after a run of steps, merges the samples
 *                                  of only the steps may_change keeps
 *                                  against the accumulators at the run's end
 * Include models/real.h (with the precision chosen) first. */
#ifndef MCS_EUROPEAN_H
#define MCS_EUROPEAN_H

#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "../models/view.h"

#define MCS_EUROPEAN_DIM 1
#define MCS_EUROPEAN_OUTPUTS 1
#define MCS_EUROPEAN_UNIFORMS 0
#define MCS_EUROPEAN_NORMALS 0
#define MCS_EUROPEAN_MODES 2 /* 0 put, 1 call: the sign is fixed at compile time */

typedef struct {
    mcs_real strike;
    int is_call;
} mcs_european_coef;

/* Undiscounted max(S-K, 0) (call) or max(K-S, 0) (put). */
MC_HD static inline mcs_real mcs_vanilla(mcs_real s, mcs_real strike, int is_call)
{
    mcs_real d = is_call ? s - strike : strike - s;
    return d > (mcs_real)0 ? d : (mcs_real)0;
}

MC_HD static inline mcs_european_coef mcs_european_coef_make(const mcs_option_params *o,
                                                             const mcs_model_params *m,
                                                             uint32_t steps)
{
    (void)m;
    (void)steps;
    mcs_european_coef c;
    c.strike = (mcs_real)o->strike;
    c.is_call = o->type == MCS_CALL;
    return c;
}

MC_HD static inline void mcs_european_init(const mcs_european_coef *c, mcs_real a[1])
{
    (void)c;
    a[0] = 0;
}

MC_HD static inline int mcs_european_watches(const mcs_european_coef *c, uint32_t k)
{
    (void)c;
    (void)k;
    return 0;
}

MC_HD static inline int mcs_european_mode(const mcs_european_coef *c)
{
    return c->is_call;
}

MC_HD static inline void mcs_european_observe(const mcs_european_coef *c, int mode, mcs_real a[1],
                                              const mcs_view *v)
{
    (void)c, (void)mode, (void)a, (void)v;
}

MC_HD static inline void mcs_european_finish(const mcs_european_coef *c, int mode, const mcs_real a[1],
                                             const mcs_view *v, mcs_real out[1])
{
    (void)a;
    (void)c;
    out[0] = mcs_vanilla(v->s1, c->strike, mode);
}

#endif
