/* lookback.h - the lookback call/put on the path's extreme (the spot at
 * t = 0 included): floating strike pays S_T - min S (call) or max S - S_T
 * (put); fixed strike pays max(max S - K, 0) (call) or max(K - min S, 0)
 * (put). Shared by both backends; the interface is described in
 * payoffs/european.h.
 *
 * The accumulator is the running maximum of y = sgn ln(S/S0), sgn = +1 for
 * the maximum and -1 for the minimum. Discrete monitoring looks at the grid
 * points. Continuous monitoring samples, for each step, the Brownian
 * bridge's maximum between the step's ends from one uniform u (exact for
 * GBM): M = (y0 + y1 + sqrt((y1 - y0)^2 - 2 var ln u)) / 2.
 * M exceeds the running maximum a >= y1 exactly when
 *   -ln u > 2 (a - y0)(a - y1) / var,
 * which a bound of -ln u from u's bits (no log; models/fastmath.h) rules
 * out on most steps: only where the path may set a new extreme does a step
 * take the log and the square root. Under Philox u is drawn split
 * (MCS_LOOKBACK_SPLIT_MODE, models/split_uniform.h): its top byte c alone,
 * u >= c / 256, rules out most steps, and the CPU kernel applies the test
 * after a run of up to 256 steps, against the extreme at the run's end, so
 * only 1.5% of the path-steps (252 steps, sigma 0.2, T 1) draw their fine
 * bits and take the log.
 * With PCG64 the AVX-512 CPU kernel observes, step by step, only the paths
 * the test keeps (MCS_LOOKBACK_SPARSE_MODE, about 7%); the skipped ones
 * would have left a as it was.
 * The GPU samples every step's maximum (see observe). */
#ifndef MCS_LOOKBACK_H
#define MCS_LOOKBACK_H

#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "../models/view.h"

#define MCS_LOOKBACK_DIM 1
#define MCS_LOOKBACK_OUTPUTS 1
#define MCS_LOOKBACK_UNIFORMS 1
#define MCS_LOOKBACK_NORMALS 0
#define MCS_LOOKBACK_MODES 2 /* 0 discrete, 1 continuous */
#define MCS_LOOKBACK_SPARSE_MODE 1 /* continuous: see mcs_lookback_may_change */
#define MCS_LOOKBACK_SPLIT_MODE 1  /* continuous: its uniform split under Philox */

typedef struct {
    mcs_real sgn;   /* +1: tracks the maximum, -1: the minimum */
    mcs_real strike;
    int is_call, fixed, continuous;
} mcs_lookback_coef;

MC_HD static inline mcs_lookback_coef mcs_lookback_coef_make(const mcs_option_params *o,
                                                             const mcs_model_params *m,
                                                             uint32_t steps)
{
    (void)steps;
    mcs_lookback_coef c;
    c.is_call = o->type == MCS_CALL;
    c.fixed = o->strike_type == MCS_STRIKE_FIXED;
    /* floating call and fixed put need the minimum; the others the maximum */
    c.sgn = (c.is_call != c.fixed) ? (mcs_real)-1 : (mcs_real)1;
    c.strike = (mcs_real)o->strike;
    (void)m;
    c.continuous = o->monitoring == MCS_MONITOR_CONTINUOUS;
    return c;
}

MC_HD static inline void mcs_lookback_init(const mcs_lookback_coef *c, mcs_real a[1])
{
    (void)c;
    a[0] = 0;
}

MC_HD static inline int mcs_lookback_watches(const mcs_lookback_coef *c, uint32_t k)
{
    (void)c;
    (void)k;
    return 1;
}

MC_HD static inline int mcs_lookback_mode(const mcs_lookback_coef *c)
{
    return c->continuous;
}

/* Continuous mode: 0 when the step's bridge maximum cannot exceed the
 * running maximum a[0] for this uniform or any uniform above u[0] (observe
 * would leave a[0] as it is); 1 when it may. Only where y1 <= a and
 * 2 (a - y0)(a - y1) is at least var times a bound of -ln u; a NaN
 * anywhere gives 1. Once a[0] >= y0, y1 (the step's grid points merged),
 * a larger a[0] only rules out more. */
MC_HD static inline int mcs_lookback_may_change(const mcs_lookback_coef *c, const mcs_real a[1],
                                                const mcs_view *v)
{
    mcs_real y0 = c->sgn * v->x0, y1 = c->sgn * v->x1;
    mcs_real gap = (mcs_real)2 * (a[0] - y0) * (a[0] - y1);
    return !(y1 <= a[0] && gap >= v->var * MCS_NEG_LOG_BOUND(v->u[0]));
}

/* Continuous mode's sample of one step: max(y1, the bridge's maximum M)
 * (M >= y1, but rounding could give less). */
MC_HD static inline mcs_real mcs_lookback_sample(const mcs_lookback_coef *c, const mcs_view *v)
{
    mcs_real y0 = c->sgn * v->x0, y1 = c->sgn * v->x1, dy = y1 - y0;
    return mcs_max(y1, (mcs_real)0.5 * (y0 + y1 + MCS_SQRT(dy * dy - (mcs_real)2 * v->var *
                                                                          MCS_LOG(v->u[0]))));
}

/* A sample into the accumulator. */
MC_HD static inline void mcs_lookback_merge(const mcs_lookback_coef *c, mcs_real a[1], mcs_real v)
{
    (void)c;
    a[0] = mcs_max(a[0], v);
}

MC_HD static inline void mcs_lookback_observe(const mcs_lookback_coef *c, int mode, mcs_real a[1],
                                              const mcs_view *v)
{
    if (mode == 1) {
#ifndef __CUDA_ARCH__
        /* the GPU computes m on every path: a warp of 32 paths would take
         * this branch on ~90% of the steps anyway, and the test cost it 15%
         * (H100, 252 steps); where the test is 0, m <= a[0] and a[0] stays */
        if (!mcs_lookback_may_change(c, a, v))
            return;
#endif
        mcs_lookback_merge(c, a, mcs_lookback_sample(c, v));
        return;
    }
    mcs_lookback_merge(c, a, c->sgn * v->x1);
}

MC_HD static inline void mcs_lookback_finish(const mcs_lookback_coef *c, int mode, const mcs_real a[1],
                                             const mcs_view *v, mcs_real out[1])
{
    (void)mode;
    const mcs_real s = v->s1;
    mcs_real ext = v->unit * MCS_EXP(c->sgn * a[0]);
    mcs_real d = c->fixed ? (c->is_call ? ext - c->strike : c->strike - ext)
                          : (c->is_call ? s - ext : ext - s);
    out[0] = d > (mcs_real)0 ? d : (mcs_real)0;
}

#endif
