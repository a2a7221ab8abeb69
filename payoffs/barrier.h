/* barrier.h - the single-barrier call/put: knocked out (or in) when S
 * reaches the barrier H (down: S <= H, up: S >= H), with a rebate paid at
 * expiry when knocked out / never knocked in. Shared by both backends; the
 * interface is described in payoffs/european.h.
 *
 * The accumulator is the path's survival weight w: the probability, given
 * the simulated grid points, that the barrier was never reached. Discrete
 * monitoring looks at the grid points only (w is 0 or 1). Continuous
 * monitoring also multiplies, for each step, by the Brownian bridge's
 * probability of not crossing between the step's ends,
 *   1 - exp(-2 d0 d1 / var),  d = distance of ln S to ln H, var = the step's
 * log-variance (exact for GBM). A weight instead of a uniform draw: it is
 * the conditional expectation of the 0/1 survival, so it has less variance,
 * draws no extra numbers, and keeps the European's paths (in + out equals
 * the vanilla plus the rebate path by path). A barrier already breached at
 * the spot knocks at once (w = 0 from the start).
 * Outputs: 0 = the option as configured, 1 = the same barrier with in and
 * out swapped, on the same paths. */
#ifndef MCS_BARRIER_H
#define MCS_BARRIER_H

#include <math.h>
#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "barrier_params.h"
#include "../models/view.h"
#include "european.h"

#define MCS_BARRIER_DIM 1
#define MCS_BARRIER_OUTPUTS 2
#define MCS_BARRIER_UNIFORMS 0
#define MCS_BARRIER_NORMALS 0
#define MCS_BARRIER_MODES 2 /* 0 discrete, 1 continuous */

typedef struct {
    mcs_real b;       /* ln(H / S0) */
    mcs_real dir;     /* +1 down barrier (safe above), -1 up (safe below) */
    mcs_real strike, rebate;
    int is_call, knock_out, continuous;
} mcs_barrier_coef;

MC_HD static inline mcs_barrier_coef mcs_barrier_coef_make(const mcs_option_params *o,
                                                           const mcs_model_params *m,
                                                           uint32_t steps)
{
    (void)steps;
    const mcs_barrier_params *p = mcs_barrier_params_of(o);
    mcs_barrier_coef c;
    c.b = (mcs_real)log(p->barrier / m->spot);
    c.dir = (p->barrier_type == MCS_BARRIER_DOWN_OUT || p->barrier_type == MCS_BARRIER_DOWN_IN)
                ? (mcs_real)1
                : (mcs_real)-1;
    c.strike = (mcs_real)o->strike;
    c.rebate = (mcs_real)p->rebate;
    c.is_call = o->type == MCS_CALL;
    c.knock_out = p->barrier_type == MCS_BARRIER_DOWN_OUT || p->barrier_type == MCS_BARRIER_UP_OUT;
    c.continuous = o->monitoring == MCS_MONITOR_CONTINUOUS;
    return c;
}

MC_HD static inline void mcs_barrier_init(const mcs_barrier_coef *c, mcs_real a[1])
{
    a[0] = c->dir * (0 - c->b) > (mcs_real)0 ? (mcs_real)1 : (mcs_real)0;
}

MC_HD static inline int mcs_barrier_watches(const mcs_barrier_coef *c, uint32_t k)
{
    (void)c;
    (void)k;
    return 1;
}

MC_HD static inline int mcs_barrier_mode(const mcs_barrier_coef *c)
{
    return c->continuous;
}

MC_HD static inline void mcs_barrier_observe(const mcs_barrier_coef *c, int mode, mcs_real a[1],
                                             const mcs_view *v)
{
    mcs_real d1 = c->dir * (v->x1 - c->b);
    mcs_real keep = (mcs_real)1;
    if (mode == 1) {
        mcs_real d0 = c->dir * (v->x0 - c->b);
        /* -2/var first: with a constant step variance (GBM) it leaves the loop */
        mcs_real scale = (mcs_real)-2 / v->var;
        keep = (mcs_real)1 - MCS_EXP(scale * d0 * d1);
    }
    a[0] = d1 > (mcs_real)0 ? a[0] * keep : (mcs_real)0;
}

MC_HD static inline void mcs_barrier_finish(const mcs_barrier_coef *c, int mode, const mcs_real a[1],
                                            const mcs_view *v, mcs_real out[2])
{
    (void)mode;
    mcs_real w = a[0], pay = mcs_vanilla(v->s1, c->strike, c->is_call);
    mcs_real knocked_out = w * pay + ((mcs_real)1 - w) * c->rebate;
    mcs_real knocked_in = ((mcs_real)1 - w) * pay + w * c->rebate;
    out[0] = c->knock_out ? knocked_out : knocked_in;
    out[1] = c->knock_out ? knocked_in : knocked_out;
}

#endif
