/* gbm.h - geometric Brownian motion with the exact log-normal step, shared by
 * both backends. The state is x = ln(S/S0); one step of length dt is
 *   x += (r - q - sigma^2/2) dt + sigma sqrt(dt) z,  z ~ N(0,1),
 * which is exact in distribution for any dt (no discretisation bias).
 * Include models/real.h (with the precision chosen) first. */
#ifndef MCS_GBM_H
#define MCS_GBM_H

#include <math.h>
#include "real.h"

typedef struct {
    mcs_real drift_dt;    /* (r - q - sigma^2/2) dt */
    mcs_real vol_sqrt_dt; /* sigma sqrt(dt) */
    mcs_real spot;        /* S0 */
} mcs_gbm_coef;

/* Per-step coefficients, computed once in double then rounded. */
MC_HD static inline mcs_gbm_coef mcs_gbm_coef_make(double spot, double rate, double dividend,
                                                   double volatility, double dt)
{
    mcs_gbm_coef c;
    c.drift_dt = (mcs_real)((rate - dividend - 0.5 * volatility * volatility) * dt);
    c.vol_sqrt_dt = (mcs_real)(volatility * sqrt(dt));
    c.spot = (mcs_real)spot;
    return c;
}

/* One exact step of the log-price. */
MC_HD static inline mcs_real mcs_gbm_step(mcs_real x, mcs_real z, const mcs_gbm_coef *c)
{
    return x + (c->drift_dt + c->vol_sqrt_dt * z);
}

/* Price level S = S0 e^x from the log-price state. */
MC_HD static inline mcs_real mcs_gbm_price(mcs_real x, const mcs_gbm_coef *c)
{
    return c->spot * MCS_EXP(x);
}

#endif
