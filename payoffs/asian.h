/* asian.h - the Asian option on the average of S over `fixings` equally
 * spaced dates T/n, 2T/n, ..., T (the spot at t = 0 is not a fixing):
 * arithmetic or geometric average; fixed strike (average price: A vs K) or
 * floating strike (average strike: S_T vs A). Shared by both backends; the
 * interface is described in payoffs/european.h. The accumulator is the sum
 * of S in the model's unit (the view's rel1: S/S0 for GBM, S for
 * Bachelier, where S may be negative) for the arithmetic average, or of
 * ln(S/S0) for the geometric one (models with a log-spot only: the config
 * refuses the others). */
#ifndef MCS_ASIAN_H
#define MCS_ASIAN_H

#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "asian_params.h"
#include "../models/view.h"

#define MCS_ASIAN_DIM 1
#define MCS_ASIAN_OUTPUTS 1
#define MCS_ASIAN_UNIFORMS 0
#define MCS_ASIAN_NORMALS 0
#define MCS_ASIAN_MODES 2 /* 0 arithmetic, 1 geometric */

typedef struct {
    uint32_t stride;   /* grid steps between fixings, as the divisibility test below: */
    uint32_t odd_inv;  /* the inverse mod 2^32 of stride's odd part, */
    uint32_t shift;    /* its trailing zero bits, */
    uint32_t limit;    /* and UINT32_MAX / stride */
    mcs_real inv_n;    /* 1 / fixings */
    mcs_real strike;
    int is_call, arithmetic, fixed;
} mcs_asian_coef;

MC_HD static inline mcs_asian_coef mcs_asian_coef_make(const mcs_option_params *o,
                                                       const mcs_model_params *m,
                                                       uint32_t steps)
{
    const mcs_asian_params *a = mcs_asian_params_of(o);
    mcs_asian_coef c;
    c.stride = steps / a->fixings; /* >= 1 where the config loaded: a multiple of the fixings;
                                    * 0 for a grid it refuses (a sweep row's steps against its
                                    * file's fixings, asked only its mode) */
    c.shift = 0;
    while (c.shift < 31 && !((c.stride >> c.shift) & 1u))
        c.shift++;
    const uint32_t odd = c.stride >> c.shift;
    c.odd_inv = odd; /* right to 3 bits (odd^2 = 1 mod 8); Newton doubles them */
    for (int i = 0; i < 4; i++)
        c.odd_inv *= 2u - odd * c.odd_inv;
    c.limit = c.stride ? UINT32_MAX / c.stride : 0;
    c.inv_n = (mcs_real)(1.0 / a->fixings);
    c.strike = (mcs_real)o->strike;
    (void)m;
    c.is_call = o->type == MCS_CALL;
    c.arithmetic = a->average == MCS_AVERAGE_ARITHMETIC;
    c.fixed = o->strike_type == MCS_STRIKE_FIXED;
    return c;
}

MC_HD static inline void mcs_asian_init(const mcs_asian_coef *c, mcs_real a[1])
{
    (void)c;
    a[0] = 0;
}

/* Step k (from 0) is a fixing: stride divides k + 1, tested without a
 * division (Granlund and Montgomery's test, Hacker's Delight 10-17: n is a
 * multiple of d = odd 2^shift iff n x odd^-1 mod 2^32, rotated right by
 * shift, is at most UINT32_MAX / d). The GPU asks it of every thread at
 * every step of a job with fewer fixings than steps: with a 32-bit % there,
 * a chain of some 20 instructions, a Bachelier Asian of 252 steps and 12
 * fixings took 4.39 ms for 10^5 paths on the H200, 1.38 times a step of one
 * with 264 fixings; with this test 3.44 ms, 1.08 times (warm, 2026-11-29;
 * bench/results/estimator/h200-pipeline-session19/call3). */
MC_HD static inline int mcs_asian_watches(const mcs_asian_coef *c, uint32_t k)
{
    const uint32_t q = (k + 1) * c->odd_inv;
    return (c->shift ? (q >> c->shift) | (q << (32 - c->shift)) : q) <= c->limit;
}

MC_HD static inline int mcs_asian_mode(const mcs_asian_coef *c)
{
    return c->arithmetic ? 0 : 1;
}

MC_HD static inline void mcs_asian_observe(const mcs_asian_coef *c, int mode, mcs_real a[1],
                                           const mcs_view *v)
{
    (void)c;
    a[0] += mode == 0 ? v->rel1 : v->x1;
}

MC_HD static inline void mcs_asian_finish(const mcs_asian_coef *c, int mode, const mcs_real a[1],
                                          const mcs_view *v, mcs_real out[1])
{
    (void)mode;
    const mcs_real s = v->s1;
    mcs_real avg = v->unit * (c->arithmetic ? a[0] * c->inv_n : MCS_EXP(a[0] * c->inv_n));
    mcs_real d = c->fixed ? (c->is_call ? avg - c->strike : c->strike - avg)
                          : (c->is_call ? s - avg : avg - s);
    out[0] = d > (mcs_real)0 ? d : (mcs_real)0;
}

#endif
