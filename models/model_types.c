/* model_types.c - the model type table: each model's config keys, declared
 * once (engine/product.h). The hot-loop code is models/<name>.h. */
#include <math.h>
#include <stddef.h>
#include "product.h"

#define P(key, field, lo, hi, lo_open, dflt, meaning) \
    {"model", key, MCS_PARAM_REAL, offsetof(mcs_job, model.field), lo, hi, lo_open, dflt, meaning, NULL, NULL, NULL}

static const mcs_param_spec gbm_params[] = {
    P("spot", spot, 0, INFINITY, 1, NULL, "initial price S0 > 0"),
    P("rate", rate, -1, 1, 0, "0", "risk-free rate r, continuous, in [-1, 1]"),
    P("dividend", dividend, -1, 1, 0, "0", "dividend yield q, continuous, in [-1, 1]"),
    P("volatility", volatility, 0, 10, 1, NULL, "volatility sigma, in (0, 10]"),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, NULL},
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
    P("spot", spot, -INFINITY, INFINITY, 0, NULL, "initial price S0 (any sign)"),
    P("rate", rate, -1, 1, 0, "0", "risk-free rate r, continuous, in [-1, 1]"),
    P("dividend", dividend, -1, 1, 0, "0", "dividend yield q, continuous, in [-1, 1]"),
    P("normal_vol", normal_vol, 0, INFINITY, 1, NULL,
      "normal volatility sigma_N > 0, price units per sqrt(year)"),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, NULL},
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

const mcs_model_type *const mcs_model_types[] = {&gbm, &bachelier, NULL};
_Static_assert(sizeof mcs_model_types / sizeof mcs_model_types[0] <= MCS_MAX_MODEL_TYPES + 1,
               "more model types than MCS_MAX_MODEL_TYPES (engine/product.h)");

const mcs_model_type *mcs_model_type_of(mcs_model_id id)
{
    for (int i = 0; mcs_model_types[i]; i++)
        if (mcs_model_types[i]->id == id)
            return mcs_model_types[i];
    return NULL;
}
