/* gbm.h - geometric Brownian motion with the exact log-normal step, shared by
 * both backends (the model side of the hot loop; its type table entry is in
 * models/model_types.c). The state is x = ln(S/S0); one step of length dt is
 *   x += (r - q - sigma^2/2) dt + sigma sqrt(dt) z,  z ~ N(0,1),
 * which is exact in distribution for any dt (no discretisation bias).
 *
 * The model interface every model header gives (NAME = gbm here; QuantLib's
 * StochasticProcess: size, factors, initial values, evolve). The model owns
 * its state; payoffs never read it, only the view (models/view.h) the
 * kernels fill from the functions below:
 *   MCS_NAME_DIM                     state variables per path
 *   MCS_NAME_NORMALS, MCS_NAME_UNIFORMS
 *                                    normal and uniform draws per step
 *                                    (counter slots: docs/reproducibility.md)
 *   MCS_NAME_HAS_LOG                 1: mcs_NAME_log exists (S > 0 always)
 *   MCS_NAME_HAS_BRIDGE              1: mcs_NAME_bridge_var exists (ln S
 *                                    between steps is a Brownian bridge)
 *   mcs_NAME_coef                    per-job coefficients
 *   mcs_NAME_coef_make(model, dt)    computed once in double, then rounded
 *   mcs_NAME_init(c, s)              state at t = 0
 *   mcs_NAME_step(c, s, z, u)        one time step with the step's normals
 *                                    z and uniforms u (the model's slots)
 *   mcs_NAME_spot(c, s)              S of a state
 *   mcs_NAME_unit(c), mcs_NAME_rel(c, s)
 *                                    the model's scale and S / scale (the
 *                                    view's unit, rel1: payoffs accumulate
 *                                    in it, e.g. the Asian's average)
 *   mcs_NAME_log(c, s)               ln(S/S0) of a state (HAS_LOG)
 *   mcs_NAME_bridge_var(c, s)        variance of ln S over the next step
 *                                    (HAS_BRIDGE)
 * and its type table entry (models/model_types.c) repeats the draws and
 * capabilities for the config, with its parameters and default steps.
 * Include models/real.h (with the precision chosen) first. */
#ifndef MCS_GBM_H
#define MCS_GBM_H

#include "real.h"
#include "gbm_params.h"

#define MCS_GBM_DIM 1
#define MCS_GBM_NORMALS 1
#define MCS_GBM_UNIFORMS 0
#define MCS_GBM_HAS_LOG 1
#define MCS_GBM_HAS_BRIDGE 1

typedef struct {
    mcs_real drift_dt;    /* (r - q - sigma^2/2) dt */
    mcs_real vol_sqrt_dt; /* sigma sqrt(dt) */
    mcs_real var_dt;      /* sigma^2 dt */
    mcs_real spot;        /* S0 */
} mcs_gbm_coef;

MC_HD static inline mcs_gbm_coef mcs_gbm_coef_make(const mcs_model_params *params, double dt)
{
    const mcs_gbm_params *m = mcs_gbm_params_of(params);
    mcs_gbm_coef c;
    c.drift_dt = (mcs_real)((m->rate - m->dividend - 0.5 * m->volatility * m->volatility) * dt);
    c.vol_sqrt_dt = (mcs_real)(m->volatility * sqrt(dt));
    c.var_dt = (mcs_real)(m->volatility * m->volatility * dt);
    c.spot = (mcs_real)m->spot;
    return c;
}

MC_HD static inline void mcs_gbm_init(const mcs_gbm_coef *c, mcs_real s[MCS_GBM_DIM])
{
    (void)c;
    s[0] = 0;
}

MC_HD static inline void mcs_gbm_step(const mcs_gbm_coef *c, mcs_real s[MCS_GBM_DIM],
                                      const mcs_real z[MCS_GBM_NORMALS], const mcs_real *u)
{
    (void)u;
    s[0] = s[0] + (c->drift_dt + c->vol_sqrt_dt * z[0]);
}

MC_HD static inline mcs_real mcs_gbm_log(const mcs_gbm_coef *c, const mcs_real s[MCS_GBM_DIM])
{
    (void)c;
    return s[0];
}

MC_HD static inline mcs_real mcs_gbm_spot(const mcs_gbm_coef *c, const mcs_real s[MCS_GBM_DIM])
{
    return c->spot * MCS_EXP(s[0]);
}

MC_HD static inline mcs_real mcs_gbm_unit(const mcs_gbm_coef *c)
{
    return c->spot;
}

MC_HD static inline mcs_real mcs_gbm_rel(const mcs_gbm_coef *c, const mcs_real s[MCS_GBM_DIM])
{
    (void)c;
    return MCS_EXP(s[0]);
}

MC_HD static inline mcs_real mcs_gbm_bridge_var(const mcs_gbm_coef *c,
                                              const mcs_real s[MCS_GBM_DIM])
{
    (void)s;
    return c->var_dt;
}

#endif
