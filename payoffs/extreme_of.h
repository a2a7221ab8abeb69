/* extreme_of.h - what best_of.h and worst_of.h are made of: a call or put on
 * the largest or the smallest terminal spot of a multi-asset model's view,
 * max_i S_i(T) or min_i S_i(T); the interface of payoffs/european.h
 * (payoffs/terminal_assets.h). A payoff here defines its MCS_NAME_*
 * constants and MCS_EXTREME_OF_PAYOFF(name, largest) makes the rest.
 * Include models/real.h first. */
#ifndef MCS_EXTREME_OF_H
#define MCS_EXTREME_OF_H

#include "terminal_assets.h"

/* The largest (largest = 1) or the smallest (0) terminal spot of the view,
 * assets in order: s replaces the extreme so far only when strictly beyond
 * it. */
MC_HD static inline mcs_real mcs_extreme_of_spot(const mcs_view *v, int largest)
{
    mcs_real x = mcs_view_asset(v, 0);
    for (uint32_t i = 1; i < v->assets; i++) {
        const mcs_real s = mcs_view_asset(v, i);
        if (largest)
            x = s > x ? s : x;
        else
            x = s < x ? s : x;
    }
    return x;
}

/* coef, coef_make, init, watches, mode, observe and finish of the payoff
 * NAME on the largest (largest = 1) or smallest (0) terminal spot */
#define MCS_EXTREME_OF_PAYOFF(name, largest)                                                    \
    MCS_STRIKE_COEF(name)                                                                       \
    MCS_TERMINAL_PAYOFF(name)                                                                   \
    MC_HD static inline void mcs_##name##_finish(const mcs_##name##_coef *c, int mode,          \
                                                 const mcs_real a[1], const mcs_view *v,        \
                                                 mcs_real out[1])                               \
    {                                                                                           \
        (void)a;                                                                                \
        out[0] = mcs_vanilla(mcs_extreme_of_spot(v, largest), c->strike, mode);                 \
    }

#endif
