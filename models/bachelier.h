/* bachelier.h - the Bachelier (normal) model, shared by both backends: the
 * spot is its forward plus a scaled Brownian motion,
 *   S_t = F_t + sigma_N W_t,   F_t = S0 e^{(r - q) t},
 * so S_t is normal and may be negative (spreads, rates, power prices). The
 * step is exact in distribution for any dt: the Gaussian part g = sigma_N W
 * takes g += sigma_N sqrt(dt) z, the forward F *= e^{(r - q) dt} (in
 * single precision F's rounding grows to about k 6e-8 of F after k steps,
 * 1.5e-5 at 252 steps, which moves a price by about that much of the spot:
 * below the std error up to about 1e8 paths; beyond, use double). The
 * interface is the one models/gbm.h describes. There is no log-spot and no
 * log-space bridge (MCS_BACHELIER_HAS_LOG, HAS_BRIDGE 0): the config
 * refuses the payoffs that read them (geometric averages, barriers,
 * lookbacks; engine/pair.c). The view's unit is 1, so a payoff's
 * accumulators hold S itself (the Asian's sum of S, negative or not). */
#ifndef MCS_BACHELIER_H
#define MCS_BACHELIER_H

#include "real.h"
#include "bachelier_params.h"

#define MCS_BACHELIER_DIM 2 /* s[0] = g = sigma_N W_t, s[1] = F_t */
#define MCS_BACHELIER_NORMALS 1
#define MCS_BACHELIER_UNIFORMS 0
#define MCS_BACHELIER_HAS_LOG 0
#define MCS_BACHELIER_HAS_BRIDGE 0

typedef struct {
    mcs_real vol_sqrt_dt; /* sigma_N sqrt(dt) */
    mcs_real growth;      /* e^{(r - q) dt} */
    mcs_real spot;        /* S0 */
} mcs_bachelier_coef;

MC_HD static inline mcs_bachelier_coef mcs_bachelier_coef_make(const mcs_model_params *params,
                                                               double dt)
{
    const mcs_bachelier_params *m = mcs_bachelier_params_of(params);
    mcs_bachelier_coef c;
    c.vol_sqrt_dt = (mcs_real)(m->normal_vol * sqrt(dt));
    c.growth = (mcs_real)exp((m->rate - m->dividend) * dt);
    c.spot = (mcs_real)m->spot;
    return c;
}

MC_HD static inline void mcs_bachelier_init(const mcs_bachelier_coef *c,
                                            mcs_real s[MCS_BACHELIER_DIM])
{
    s[0] = 0;
    s[1] = c->spot;
}

MC_HD static inline void mcs_bachelier_step(const mcs_bachelier_coef *c,
                                            mcs_real s[MCS_BACHELIER_DIM],
                                            const mcs_real z[MCS_BACHELIER_NORMALS],
                                            const mcs_real *u)
{
    (void)u;
    s[0] = s[0] + c->vol_sqrt_dt * z[0];
    s[1] = s[1] * c->growth;
}

MC_HD static inline mcs_real mcs_bachelier_spot(const mcs_bachelier_coef *c,
                                                const mcs_real s[MCS_BACHELIER_DIM])
{
    (void)c;
    return s[1] + s[0];
}

MC_HD static inline mcs_real mcs_bachelier_unit(const mcs_bachelier_coef *c)
{
    (void)c;
    return 1;
}

MC_HD static inline mcs_real mcs_bachelier_rel(const mcs_bachelier_coef *c,
                                               const mcs_real s[MCS_BACHELIER_DIM])
{
    return mcs_bachelier_spot(c, s);
}

#endif
