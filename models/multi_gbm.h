/* multi_gbm.h - n correlated geometric Brownian motions (n = [model]
 * assets, 1 to MCS_MOST_ASSETS), shared by both backends, with the exact
 * log-normal step: for asset i,
 *   x_i += (r - q_i - sigma_i^2/2) dt + sqrt(dt) sum_{j<=i} sigma_i L_ij z_j
 * with x_i = ln(S_i/S0_i), z the step's n independent normals and L the
 * Cholesky factor of the correlation (L L^T = C). The factor, scaled by
 * the volatilities, the drifts and the spots are derived once when the
 * config is read (models/multi_gbm.c, core/asset_factor.h) and the
 * coefficients only point at them (on the GPU at the device copy of the
 * model's parameters: every thread of a warp reads the same element).
 * The interface is the one models/gbm.h describes, with a runtime size
 * (MCS_MULTI_GBM_RUNTIME_DIM): MCS_MULTI_GBM_DIM and _NORMALS are the most
 * (the kernels' buffers), mcs_multi_gbm_dim and _normals the job's, and the
 * view holds every asset (MCS_MULTI_GBM_ASSETS: mcs_multi_gbm_assets, the
 * state x and the spots S0). S in the view is asset 1's; there is no
 * log-spot or bridge of one asset (the one-asset payoffs are refused on
 * it, engine/pair.c). Include models/real.h (with the precision chosen)
 * first. */
#ifndef MCS_MULTI_GBM_H
#define MCS_MULTI_GBM_H

#include "real.h"
#include "multi_gbm_params.h"

#define MCS_MULTI_GBM_DIM MCS_MOST_ASSETS
#define MCS_MULTI_GBM_NORMALS MCS_MOST_ASSETS
#define MCS_MULTI_GBM_UNIFORMS 0
#define MCS_MULTI_GBM_HAS_LOG 0
#define MCS_MULTI_GBM_HAS_BRIDGE 0
#define MCS_MULTI_GBM_RUNTIME_DIM 1
#define MCS_MULTI_GBM_ASSETS 1

typedef struct {
    uint32_t n;           /* assets */
    const mcs_real *a;    /* sigma_i L_ij, n x n row-major, lower triangular */
    const mcs_real *drift; /* r - q_i - sigma_i^2 / 2 */
    const mcs_real *spot; /* S0_i */
    mcs_real dt, sqrt_dt;
} mcs_multi_gbm_coef;

MC_HD static inline mcs_multi_gbm_coef mcs_multi_gbm_coef_make(const mcs_model_params *params,
                                                               double dt)
{
    const mcs_multi_gbm_params *m = mcs_multi_gbm_params_of(params);
    mcs_multi_gbm_coef c;
    c.n = m->assets;
#ifdef MCS_REAL_DOUBLE
    c.a = m->factor.a_d;
    c.drift = m->factor.drift_d;
    c.spot = m->factor.spot_d;
#else
    c.a = m->factor.a_f;
    c.drift = m->factor.drift_f;
    c.spot = m->factor.spot_f;
#endif
    c.dt = (mcs_real)dt;
    c.sqrt_dt = (mcs_real)sqrt(dt);
    return c;
}

MC_HD static inline uint32_t mcs_multi_gbm_dim(const mcs_multi_gbm_coef *c)
{
    return c->n;
}

MC_HD static inline uint32_t mcs_multi_gbm_normals(const mcs_multi_gbm_coef *c)
{
    return c->n;
}

MC_HD static inline uint32_t mcs_multi_gbm_assets(const mcs_multi_gbm_coef *c)
{
    return c->n;
}

MC_HD static inline void mcs_multi_gbm_init(const mcs_multi_gbm_coef *c, mcs_real *s)
{
    for (uint32_t i = 0; i < c->n; i++)
        s[i] = 0;
}

/* The linear-factor form of the step (MCS_MULTI_GBM_LINEAR_FACTOR): asset
 * i moves by its own row's sum y_i = sum_{j<=i} A_ij z_j, A = factor(), the
 * n x n lower-triangular sigma_i L_ij (row-major), so a kernel may compute
 * the rows apart (the GPU's warp kernel, gpu_backend/gpu_warp_kernel.cuh,
 * gives each lane two rows): step_asset is the one update of asset i. */
#define MCS_MULTI_GBM_LINEAR_FACTOR 1
MC_HD static inline const mcs_real *mcs_multi_gbm_factor(const mcs_multi_gbm_coef *c)
{
    return c->a;
}

MC_HD static inline mcs_real mcs_multi_gbm_step_asset(const mcs_multi_gbm_coef *c, uint32_t i,
                                                      mcs_real x, mcs_real y)
{
    return x + (c->drift[i] * c->dt + c->sqrt_dt * y);
}

/* One step: z holds the step's n normals (the model's slots). */
MC_HD static inline void mcs_multi_gbm_step(const mcs_multi_gbm_coef *c, mcs_real *s,
                                            const mcs_real *z, const mcs_real *u)
{
    (void)u;
    const uint32_t n = c->n;
    for (uint32_t i = 0; i < n; i++) {
        const mcs_real *row = c->a + (size_t)i * n;
        mcs_real y = 0;
        for (uint32_t j = 0; j <= i; j++)
            y += row[j] * z[j];
        s[i] = mcs_multi_gbm_step_asset(c, i, s[i], y);
    }
}

#ifndef __CUDACC__
/* The CPU kernel's step of a batch's paths when no payoff watches it
 * (cpu_backend/path_kernel.inc, MCS_NAME_BATCH_STEP): nb paths of state
 * st[i * stride + p] and normals z[j * stride + p], asset by asset over a
 * tile of paths, so the inner loops run over paths and vectorise; the same
 * operations in the same order as mcs_multi_gbm_step, so the same bits. */
#define MCS_MULTI_GBM_BATCH_STEP 1
#define MCS_MULTI_GBM_TILE 256u
static inline void mcs_multi_gbm_step_batch(const mcs_multi_gbm_coef *c, uint32_t nb,
                                            mcs_real *restrict st, const mcs_real *restrict z,
                                            uint32_t stride)
{
    const uint32_t n = c->n;
    for (uint32_t p0 = 0; p0 < nb; p0 += MCS_MULTI_GBM_TILE) {
        const uint32_t m = nb - p0 < MCS_MULTI_GBM_TILE ? nb - p0 : MCS_MULTI_GBM_TILE;
        for (uint32_t i = 0; i < n; i++) {
            const mcs_real *row = c->a + (size_t)i * n;
            mcs_real y[MCS_MULTI_GBM_TILE];
            for (uint32_t p = 0; p < m; p++)
                y[p] = 0;
            for (uint32_t j = 0; j <= i; j++) {
                const mcs_real a = row[j], *restrict zj = z + (size_t)j * stride + p0;
                for (uint32_t p = 0; p < m; p++)
                    y[p] += a * zj[p];
            }
            const mcs_real drift = c->drift[i] * c->dt, sqrt_dt = c->sqrt_dt;
            mcs_real *restrict si = st + (size_t)i * stride + p0;
            for (uint32_t p = 0; p < m; p++)
                si[p] = si[p] + (drift + sqrt_dt * y[p]);
        }
    }
}
#endif

/* S of asset 1 (the view's s1; the multi-asset payoffs read every asset) */
MC_HD static inline mcs_real mcs_multi_gbm_spot(const mcs_multi_gbm_coef *c, const mcs_real *s)
{
    return c->spot[0] * MCS_EXP(s[0]);
}

MC_HD static inline mcs_real mcs_multi_gbm_unit(const mcs_multi_gbm_coef *c)
{
    return c->spot[0];
}

MC_HD static inline mcs_real mcs_multi_gbm_rel(const mcs_multi_gbm_coef *c, const mcs_real *s)
{
    (void)c;
    return MCS_EXP(s[0]);
}

#endif
