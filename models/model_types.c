/* model_types.c - the model type table: each model's config keys (declared
 * once, in its key list models/<name>_params.def, core/param_list.h).
 * The hot-loop code is models/<name>.h. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include "../core/type_table.h"
#include "bachelier_params.h"
#include "gbm_params.h"
#include "heston_cost.h"
#include "heston_params.h"
#include "merton.h"
#include "multi_gbm_derive.h"
#include "multi_gbm_params.h"

/* Each model's spec rows, from its key list (core/param_list.h), each
 * row's field in the model's block (MCS_ROW_BLOCK_model, named before
 * each list). */
#define MCS_REAL(...) MCS_ROW_REAL(model, __VA_ARGS__)
#define MCS_COUNT(...) MCS_ROW_COUNT(model, __VA_ARGS__)
#define MCS_CHOICE(...) MCS_ROW_CHOICE(model, __VA_ARGS__)
#define MCS_LIST(...) MCS_ROW_LIST(model, __VA_ARGS__)
#define MCS_MATRIX(...) MCS_ROW_MATRIX(model, __VA_ARGS__)
#define MCS_HIDDEN MCS_ROW_HIDDEN
#define MCS_SHARED(row) row

#define MCS_ROW_BLOCK_model mcs_gbm_params
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

#undef MCS_ROW_BLOCK_model
#define MCS_ROW_BLOCK_model mcs_bachelier_params
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

/* Heston's variant point's step: the Euler scheme's */
static int heston_euler(const mcs_job *job)
{
    return mcs_heston_params_of(&job->model)->scheme == MCS_HESTON_EULER;
}

/* Heston's time-step bias: Euler's, far larger than QE's */
static const char *heston_less_bias(const mcs_job *job)
{
    return mcs_heston_params_of(&job->model)->scheme == MCS_HESTON_EULER ? "scheme = qe" : NULL;
}

static const mcs_named heston_schemes[] = {
    {"qe", MCS_HESTON_QE, "Andersen's quadratic-exponential scheme, martingale-corrected"},
    {"euler", MCS_HESTON_EULER, "full-truncation Euler (biased; the bias shrinks with steps)"},
    {NULL, 0, NULL},
};

#undef MCS_ROW_BLOCK_model
#define MCS_ROW_BLOCK_model mcs_heston_params
static const mcs_param_spec heston_params[] = {
#include "heston_params.def"
    MCS_PARAM_END,
};

static const mcs_model_type heston = {
    .name = "heston",
    .description = "Heston stochastic volatility (log-spot and variance), QE or Euler step",
    .id = MCS_MODEL_HESTON,
    .params = heston_params,
    .normals_per_step = 2,
    .uniforms_per_step = 0,
    .exact_steps = 0,
    .less_bias = heston_less_bias,
    .has_log = 1,
    .has_bridge = 0,
    .default_steps = 1,
    .steps_per_year = 252, /* daily */
    .calibration_sets = "model.spot=100 model.rate=0.05 model.v0=0.04 model.kappa=1.5 "
                        "model.theta=0.04 model.xi=0.3 model.rho=-0.7",
    .dear_share = mcs_heston_dear_share,
    .dear_cpu_group = mcs_heston_dear_cpu_group,
    .variant_sets = "model.scheme=euler",
    .variant_applies = heston_euler,
    .dear_branch = "QE's exponential branch (the variance near 0)",
    .dear_sets = "model.xi=1", /* 2 kappa theta / xi^2 = 0.12: 99% of a CPU batch's steps */
};

#undef MCS_ROW_BLOCK_model
#define MCS_ROW_BLOCK_model mcs_merton_params
static const mcs_param_spec merton_params[] = {
#include "merton_params.def"
    MCS_PARAM_END,
};

_Static_assert(MCS_MERTON_COUNTS >= 8 && MCS_MERTON_COUNTS <= 64,
               "merton's count table (models/merton.h): big enough for about 1 jump a step, "
               "small enough to scan every step");

/* The most jumps expected per step, lambda dt, that merton's count table
 * serves: its tail beyond the table is at most MCS_MERTON_TAIL_LIMIT
 * (about 5.4 for 32 counts; bisection on the tail, which grows with it). */
static double merton_most_per_step(void)
{
    double lo = 0.0, hi = MCS_MERTON_COUNTS;
    for (int i = 0; i < 100; i++) {
        double mid = 0.5 * (lo + hi);
        if (mcs_merton_beyond_table(mid) <= MCS_MERTON_TAIL_LIMIT)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* A job whose steps are too long for merton's count table: more jumps in
 * a step than the table holds would have a probability over
 * MCS_MERTON_TAIL_LIMIT. Names the keys and the fewest steps that do. */
static int merton_check_grid(const mcs_job *job, char *why, size_t len)
{
    const double lambda = mcs_merton_params_of(&job->model)->jump_intensity;
    const double t = job->option.maturity;
    const uint32_t steps = job->sim.steps;
    const double mean = lambda * t / steps, beyond = mcs_merton_beyond_table(mean);
    if (beyond <= MCS_MERTON_TAIL_LIMIT)
        return 1;
    double need = ceil(lambda * t / merton_most_per_step());
    while (mcs_merton_beyond_table(lambda * t / need) > MCS_MERTON_TAIL_LIMIT)
        need += 1;
    char chance[32];
    if (mean > MCS_MERTON_COUNTS) /* mcs_merton_beyond_table says 1 there */
        snprintf(chance, sizeof chance, "about 1/2 or more");
    else
        snprintf(chance, sizeof chance, "%.2g", beyond);
    snprintf(why, len,
             "[model] jump_intensity = %g with [option] maturity = %g and [simulation] steps = "
             "%u expects %.3g jumps a step; more than %d jumps in a step (the count table of "
             "models/merton.h) would have probability %s, over %g: raise [simulation] steps "
             "to at least %.0f",
             lambda, t, steps, mean, MCS_MERTON_COUNTS, chance, MCS_MERTON_TAIL_LIMIT, need);
    return 0;
}

static const mcs_model_type merton = {
    .name = "merton",
    .description = "Merton jump-diffusion: GBM with log-normal jumps, exact Poisson counts a step",
    .id = MCS_MODEL_MERTON,
    .params = merton_params,
    .normals_per_step = MCS_MERTON_NORMALS,
    .uniforms_per_step = MCS_MERTON_UNIFORMS,
    .exact_steps = 1,
    .has_log = MCS_MERTON_HAS_LOG,
    .has_bridge = MCS_MERTON_HAS_BRIDGE,
    .default_steps = 1,
    .check_grid = merton_check_grid,
    .calibration_sets = "model.spot=100 model.rate=0.05 model.volatility=0.2 "
                        "model.jump_intensity=1 model.jump_mean=-0.1 model.jump_vol=0.15",
};

/* multi_gbm: one correlation for every pair unless the matrix is given */
static int no_correlation_matrix(const mcs_job *job)
{
    return mcs_multi_gbm_params_of(&job->model)->correlation_matrix.n == 0;
}

#undef MCS_ROW_BLOCK_model
#define MCS_ROW_BLOCK_model mcs_multi_gbm_params
static const mcs_param_spec multi_gbm_params[] = {
#include "multi_gbm_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_model
#include "../core/rows_end.h"

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
    .linear_factor = 1, /* MCS_MULTI_GBM_LINEAR_FACTOR, models/multi_gbm.h */
    .derive = mcs_multi_gbm_derive,
    .default_steps = 1,
    .calibration_sets = "model.assets=2 model.spots=100,100 model.volatilities=0.2,0.3 "
                        "model.rate=0.05 model.correlation=0.5",
};

const mcs_model_type *const mcs_model_types[] = {&gbm, &bachelier, &heston, &merton, &multi_gbm,
                                                   NULL};
_Static_assert(sizeof mcs_model_types / sizeof mcs_model_types[0] <= MCS_MAX_MODEL_TYPES + 1,
               "more model types than MCS_MAX_MODEL_TYPES (core/type_table.h)");

const mcs_model_type *mcs_model_type_of(mcs_model_id id)
{
    for (int i = 0; mcs_model_types[i]; i++)
        if (mcs_model_types[i]->id == id)
            return mcs_model_types[i];
    return NULL;
}
