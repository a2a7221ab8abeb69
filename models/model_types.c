/* model_types.c - the model type table: each model's config keys (declared
 * once, in its key list models/<name>_params.def, engine/param_list.h).
 * The hot-loop code is models/<name>.h. */
#include <math.h>
#include <stddef.h>
#include "product.h"
#include "multi_gbm_derive.h"

/* Each model's spec rows, from its key list (engine/param_list.h). */
#define MCS_REAL(...) MCS_ROW_REAL(model, __VA_ARGS__)
#define MCS_COUNT(...) MCS_ROW_COUNT(model, __VA_ARGS__)
#define MCS_CHOICE(...) MCS_ROW_CHOICE(model, __VA_ARGS__)
#define MCS_LIST(...) MCS_ROW_LIST(model, __VA_ARGS__)
#define MCS_MATRIX(...) MCS_ROW_MATRIX(model, __VA_ARGS__)
#define MCS_HIDDEN MCS_ROW_HIDDEN
#define MCS_SHARED(row) row

static const mcs_param_spec gbm_params[] = {
#include "gbm_params.def"
    MCS_PARAM_END,
};

static const mcs_model_type gbm = {
    .name = "gbm",
    .description = "geometric Brownian motion, exact log-normal step",
    .id = MCS_MODEL_GBM,
    .params = gbm_params,
    .normals_per_step = 1,
    .uniforms_per_step = 0,
    .exact_steps = 1,
    .has_log = 1,
    .has_bridge = 1,
    .default_steps = 1,
    .calibration_sets = "model.spot=100 model.rate=0.05 model.volatility=0.2",
};

static const mcs_param_spec bachelier_params[] = {
#include "bachelier_params.def"
    MCS_PARAM_END,
};

static const mcs_model_type bachelier = {
    .name = "bachelier",
    .description = "normal model S_t = F_t + sigma_N W_t, exact step; S may go negative",
    .id = MCS_MODEL_BACHELIER,
    .params = bachelier_params,
    .normals_per_step = 1,
    .uniforms_per_step = 0,
    .exact_steps = 1,
    .has_log = 0,
    .has_bridge = 0,
    .default_steps = 1,
    .calibration_sets = "model.spot=100 model.rate=0.05 model.normal_vol=20",
};

/* multi_gbm: one correlation for every pair unless the matrix is given */
static int no_correlation_matrix(const mcs_job *job)
{
    return job->model.correlation_matrix.n == 0;
}

static const mcs_param_spec multi_gbm_params[] = {
#include "multi_gbm_params.def"
    MCS_PARAM_END,
};

static const mcs_model_type multi_gbm = {
    .name = "multi_gbm",
    .description = "n correlated geometric Brownian motions (Cholesky), exact log-normal step",
    .id = MCS_MODEL_MULTI_GBM,
    .params = multi_gbm_params,
    .normals_per_step = 0,
    .normals_per_asset = 1,
    .uniforms_per_step = 0,
    .exact_steps = 1,
    .has_log = 0,
    .has_bridge = 0,
    .multi_asset = 1,
    .derive = mcs_multi_gbm_derive,
    .default_steps = 1,
    .calibration_sets = "model.assets=2 model.spots=100,100 model.volatilities=0.2,0.3 "
                        "model.rate=0.05 model.correlation=0.5",
};

const mcs_model_type *const mcs_model_types[] = {&gbm, &bachelier, &multi_gbm, NULL};
_Static_assert(sizeof mcs_model_types / sizeof mcs_model_types[0] <= MCS_MAX_MODEL_TYPES + 1,
               "more model types than MCS_MAX_MODEL_TYPES (engine/product.h)");

const mcs_model_type *mcs_model_type_of(mcs_model_id id)
{
    for (int i = 0; mcs_model_types[i]; i++)
        if (mcs_model_types[i]->id == id)
            return mcs_model_types[i];
    return NULL;
}
