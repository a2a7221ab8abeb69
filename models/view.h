/* view.h - what a payoff sees of the model at one time step: the model's
 * per-step view. The kernels (cpu_backend/path_kernel.inc,
 * gpu_backend/gpu_kernel.cuh) fill it from the model's own inline functions
 * (models/gbm.h lists them) and hand it to the payoff's observe and finish,
 * so a payoff is written once against the view and works for every model
 * that provides what it reads. What a model lacks (a log-spot, a bridge) it
 * says at compile time (MCS_NAME_HAS_LOG, MCS_NAME_HAS_BRIDGE) and in its
 * type table entry (models/model_types.c), where the config refuses a pair
 * that would read it; the field is then NaN, so a payoff reading it
 * anyway gives NaN, never a plausible wrong price.
 * Include models/real.h (with the precision chosen) first. */
#ifndef MCS_VIEW_H
#define MCS_VIEW_H

#include <stdint.h>
#include "real.h"

typedef struct {
    mcs_real s1;       /* S after the step (at expiry in finish); may be < 0 */
    mcs_real rel1;     /* S / unit after the step, unit: the model's scale */
    mcs_real unit;     /* the model's scale: S0 for GBM, 1 for Bachelier */
    mcs_real x0, x1;   /* ln(S/S0) before and after the step (HAS_LOG) */
    mcs_real var;      /* the bridge: variance of ln S over the step, so
                          that ln S between the step's ends is a Brownian
                          bridge (HAS_BRIDGE) */
    const mcs_real *z; /* the step's normals: the model's, then the payoff's */
    const mcs_real *u; /* the payoff's uniforms of the step */
    /* every asset of the model: 1 and NULL for a one-asset model (S is
     * s1); a multi-asset model's (MCS_NAME_ASSETS) n, its state x_i =
     * ln(S_i/S0_i) and its S0_i: read them through mcs_view_asset */
    uint32_t assets;
    const mcs_real *asset_x, *asset_s0;
} mcs_view;

/* S_i of asset i (0-based) after the step (at expiry in finish). */
MC_HD static inline mcs_real mcs_view_asset(const mcs_view *v, uint32_t i)
{
    return v->asset_x ? v->asset_s0[i] * MCS_EXP(v->asset_x[i]) : v->s1;
}

#endif
