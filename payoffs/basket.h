/* basket.h - call or put on the weighted arithmetic average of the
 * terminal spots, sum_i w_i S_i(T), of a multi-asset model (weights:
 * [option] weights, default 1/n each); the interface of payoffs/european.h
 * (payoffs/terminal_assets.h). Include models/real.h first. */
#ifndef MCS_BASKET_H
#define MCS_BASKET_H

#include "basket_params.h"
#include "terminal_assets.h"

#define MCS_BASKET_DIM 1
#define MCS_BASKET_OUTPUTS 1
#define MCS_BASKET_UNIFORMS 0
#define MCS_BASKET_NORMALS 0
#define MCS_BASKET_MODES 2 /* 0 put, 1 call */

typedef struct {
    mcs_real strike;
    int is_call;
    const double *weights; /* n of them: the job's (on the GPU its device copy) */
} mcs_basket_coef;

MC_HD static inline mcs_basket_coef mcs_basket_coef_make(const mcs_option_params *o,
                                                         const mcs_model_params *m,
                                                         uint32_t steps)
{
    (void)m;
    (void)steps;
    mcs_basket_coef c;
    c.strike = (mcs_real)o->strike;
    c.is_call = o->type == MCS_CALL;
    c.weights = mcs_basket_params_of(o)->weights.v;
    return c;
}

MCS_TERMINAL_PAYOFF(basket)

MC_HD static inline void mcs_basket_finish(const mcs_basket_coef *c, int mode, const mcs_real a[1],
                                           const mcs_view *v, mcs_real out[1])
{
    (void)a;
    mcs_real sum = 0;
    for (uint32_t i = 0; i < v->assets; i++)
        sum += (mcs_real)c->weights[i] * mcs_view_asset(v, i);
    out[0] = mcs_vanilla(sum, c->strike, mode);
}

#endif
