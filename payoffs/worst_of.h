/* worst_of.h - call or put on the smallest terminal spot, min_i S_i(T), of a
 * multi-asset model; the interface of payoffs/european.h
 * (payoffs/terminal_assets.h). Include models/real.h first. */
#ifndef MCS_WORST_OF_H
#define MCS_WORST_OF_H

#include "terminal_assets.h"

#define MCS_WORST_OF_DIM 1
#define MCS_WORST_OF_OUTPUTS 1
#define MCS_WORST_OF_UNIFORMS 0
#define MCS_WORST_OF_NORMALS 0
#define MCS_WORST_OF_MODES 2 /* 0 put, 1 call */

typedef struct {
    mcs_real strike;
    int is_call;
} mcs_worst_of_coef;

MC_HD static inline mcs_worst_of_coef mcs_worst_of_coef_make(const mcs_option_params *o,
                                                         const mcs_model_params *m,
                                                         uint32_t steps)
{
    (void)m;
    (void)steps;
    mcs_worst_of_coef c;
    c.strike = (mcs_real)o->strike;
    c.is_call = o->type == MCS_CALL;
    return c;
}

MCS_TERMINAL_PAYOFF(worst_of)

MC_HD static inline void mcs_worst_of_finish(const mcs_worst_of_coef *c, int mode,
                                           const mcs_real a[1], const mcs_view *v,
                                           mcs_real out[1])
{
    (void)a;
    mcs_real x = mcs_view_asset(v, 0);
    for (uint32_t i = 1; i < v->assets; i++) {
        const mcs_real s = mcs_view_asset(v, i);
        x = s < x ? s : x;
    }
    out[0] = mcs_vanilla(x, c->strike, mode);
}

#endif
