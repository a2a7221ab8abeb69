/* spread.h - call or put on S_1(T) - S_2(T) against K >= 0 (K = 0: the
 * exchange option, Margrabe's), on the first two assets of a multi-asset
 * model (the config refuses fewer than 2: payoffs/payoff_types.c
 * min_assets); the interface of payoffs/european.h
 * (payoffs/terminal_assets.h). Include models/real.h first. */
#ifndef MCS_SPREAD_H
#define MCS_SPREAD_H

#include "terminal_assets.h"

#define MCS_SPREAD_DIM 1
#define MCS_SPREAD_OUTPUTS 1
#define MCS_SPREAD_UNIFORMS 0
#define MCS_SPREAD_NORMALS 0
#define MCS_SPREAD_MODES 2 /* 0 put, 1 call */

MCS_STRIKE_COEF(spread)
MCS_TERMINAL_PAYOFF(spread)

MC_HD static inline void mcs_spread_finish(const mcs_spread_coef *c, int mode, const mcs_real a[1],
                                           const mcs_view *v, mcs_real out[1])
{
    (void)a;
    out[0] = mcs_vanilla(mcs_view_asset(v, 0) - mcs_view_asset(v, 1), c->strike, mode);
}

#endif
