/* asset_factor.h - what the multi-asset model (models/multi_gbm.h) derives
 * from its keys when the config is read (models/multi_gbm.c), in both
 * precisions, so that the hot loops read it instead of recomputing it: the
 * Cholesky factor of the correlation scaled by each asset's volatility,
 * the drifts and the initial spots. The model's coefficients hold pointers
 * into it (the GPU's into a device copy of the model's parameters), so a
 * path reads the factor where it lies instead of copying it. */
#ifndef MCS_ASSET_FACTOR_H
#define MCS_ASSET_FACTOR_H

#include "param_list.h"

typedef struct {
    /* a[i * n + j] = sigma_i L_ij for j <= i (0 above the diagonal), L the
     * lower Cholesky factor of the correlation, n = [model] assets */
    double a_d[MCS_MOST_ASSETS * MCS_MOST_ASSETS];
    float a_f[MCS_MOST_ASSETS * MCS_MOST_ASSETS];
    double drift_d[MCS_MOST_ASSETS]; /* r - q_i - sigma_i^2 / 2 */
    float drift_f[MCS_MOST_ASSETS];
    double spot_d[MCS_MOST_ASSETS]; /* S0_i */
    float spot_f[MCS_MOST_ASSETS];
    uint32_t rank; /* the correlation's numerical rank (< n: semi-definite) */
} mcs_asset_factor;

#endif
