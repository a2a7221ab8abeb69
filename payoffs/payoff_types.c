/* payoff_types.c - the payoff type table: each payoff's config keys
 * (declared once, in its key list payoffs/<name>_params.def,
 * core/param_list.h), outputs, draws and time grid. The
 * hot-loop code is payoffs/<name>.h. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include "../core/type_table.h"
#include "asian_params.h"
#include "barrier_params.h"
#include "basket_params.h"
#include "best_of_params.h"
#include "digital_params.h"
#include "european_params.h"
#include "lookback_params.h"
#include "spread_params.h"
#include "worst_of_params.h"

/* --- choices ------------------------------------------------------------ */
static const mcs_named digital_kinds[] = {
    {"cash", MCS_DIGITAL_CASH, "pays `cash` when it ends in the money"},
    {"asset", MCS_DIGITAL_ASSET, "pays S_T when it ends in the money"},
    {NULL, 0, NULL},
};
static const mcs_named averages[] = {
    {"arithmetic", MCS_AVERAGE_ARITHMETIC, "(S_1 + ... + S_n) / n"},
    {"geometric", MCS_AVERAGE_GEOMETRIC, "(S_1 ... S_n)^(1/n)"},
    {NULL, 0, NULL},
};
static const mcs_named strike_types[] = {
    {"fixed", MCS_STRIKE_FIXED, "against the strike K"},
    {"floating", MCS_STRIKE_FLOATING, "against the path (average or extreme) instead of a strike"},
    {NULL, 0, NULL},
};
static const mcs_named barrier_types[] = {
    {"down-out", MCS_BARRIER_DOWN_OUT, "dies when S <= barrier"},
    {"down-in", MCS_BARRIER_DOWN_IN, "lives once S <= barrier"},
    {"up-out", MCS_BARRIER_UP_OUT, "dies when S >= barrier"},
    {"up-in", MCS_BARRIER_UP_IN, "lives once S >= barrier"},
    {NULL, 0, NULL},
};
static const mcs_named monitorings[] = {
    {"discrete", MCS_MONITOR_DISCRETE, "at every step of the time grid"},
    {"continuous", MCS_MONITOR_CONTINUOUS, "between grid steps too, by the Brownian bridge"},
    {NULL, 0, NULL},
};

/* --- keys: each payoff's spec rows, from its key list (core/param_list.h), each
 * row's field in the payoff's block (MCS_ROW_BLOCK_option, named before each
 * list) --- */
static int fixed_strike(const mcs_job *job)
{
    return job->option.strike_type == MCS_STRIKE_FIXED;
}

#define MCS_REAL(...) MCS_ROW_REAL(option, __VA_ARGS__)
#define MCS_COUNT(...) MCS_ROW_COUNT(option, __VA_ARGS__)
#define MCS_CHOICE(...) MCS_ROW_CHOICE(option, __VA_ARGS__)
#define MCS_LIST(...) MCS_ROW_LIST(option, __VA_ARGS__)
#define MCS_MATRIX(...) MCS_ROW_MATRIX(option, __VA_ARGS__)
#define MCS_HIDDEN MCS_ROW_HIDDEN
#define MCS_SHARED(row) row

#define MCS_ROW_BLOCK_option mcs_european_params
static const mcs_param_spec european_params[] = {
#include "european_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_digital_params
static const mcs_param_spec digital_params[] = {
#include "digital_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_asian_params
static const mcs_param_spec asian_params[] = {
#include "asian_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_barrier_params
static const mcs_param_spec barrier_params[] = {
#include "barrier_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_lookback_params
static const mcs_param_spec lookback_params[] = {
#include "lookback_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_basket_params
static const mcs_param_spec basket_params[] = {
#include "basket_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_best_of_params
static const mcs_param_spec best_of_params[] = {
#include "best_of_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_worst_of_params
static const mcs_param_spec worst_of_params[] = {
#include "worst_of_params.def"
    MCS_PARAM_END,
};
#undef MCS_ROW_BLOCK_option
#define MCS_ROW_BLOCK_option mcs_spread_params
static const mcs_param_spec spread_params[] = {
#include "spread_params.def"
    MCS_PARAM_END,
};

/* --- behaviour -------------------------------------------------------------- */
static uint16_t no_uniforms(const mcs_job *job)
{
    (void)job;
    return 0;
}
static uint16_t bridge_uniform(const mcs_job *job)
{
    return job->option.monitoring == MCS_MONITOR_CONTINUOUS ? 1 : 0;
}
/* What of the model's view (models/view.h) a payoff reads beyond S. */
static unsigned asian_needs(const mcs_job *job)
{
    return mcs_asian_params_of(&job->option)->average == MCS_AVERAGE_GEOMETRIC ? MCS_NEEDS_LOG : 0;
}
/* the barrier and the extreme are tracked in ln S; continuous: the bridge */
static unsigned log_monitor_needs(const mcs_job *job)
{
    return MCS_NEEDS_LOG |
           (job->option.monitoring == MCS_MONITOR_CONTINUOUS ? MCS_NEEDS_BRIDGE : 0u);
}
static const char *price_name(const mcs_job *job, int j)
{
    (void)job;
    (void)j;
    return "price";
}
/* Output 0: the barrier option as configured; 1: the same barrier with in
 * and out swapped, on the same paths (in + out = vanilla + rebate). */
static const char *barrier_output_name(const mcs_job *job, int j)
{
    int t = (int)mcs_barrier_params_of(&job->option)->barrier_type;
    if (j == 1)
        t ^= 1; /* down-out <-> down-in, up-out <-> up-in */
    return mcs_named_by_id(barrier_types, t)->name;
}
static uint32_t one_step(const mcs_job *job)
{
    (void)job;
    return 1;
}
static uint32_t fixings_steps(const mcs_job *job)
{
    return mcs_asian_params_of(&job->option)->fixings;
}
/* Discrete monitoring: daily (252 a year); continuous: the bridge is exact
 * for GBM between any two grid points, so one step is enough. */
static uint32_t monitoring_steps(const mcs_job *job)
{
    if (job->option.monitoring == MCS_MONITOR_CONTINUOUS)
        return 1;
    double days = ceil(252.0 * job->option.maturity - 1e-9);
    return days < 1 ? 1 : (uint32_t)days;
}
static int asian_grid(const mcs_job *job, char *why, size_t len)
{
    if (job->sim.steps % mcs_asian_params_of(&job->option)->fixings == 0)
        return 1;
    snprintf(why, len,
             "the time grid of %u steps misses the [option] fixings = %u dates "
             "(T/n, 2T/n, ..., T): [simulation] steps must be a multiple of fixings",
             job->sim.steps, mcs_asian_params_of(&job->option)->fixings);
    return 0;
}

/* --- calibration (estimator/kernel_plan.c) ------------------------------------ */
/* the keys that select each mode of the hot loop, in the order of the
 * MCS_NAME_MODES comment of payoffs/<name>.h */
static const char *const european_modes[] = {"option.type=put", "option.type=call", NULL};
static const char *const one_mode[] = {"", NULL};
static const char *const average_modes[] = {"option.average=arithmetic",
                                            "option.average=geometric", NULL};
static const char *const monitoring_modes[] = {"option.monitoring=discrete",
                                               "option.monitoring=continuous", NULL};
/* the fixings are the monitored steps: timed at 12 of 12 and 264 steps, and
 * at 264 of 264, so that the cost of a fixing parts from that of a step */
static const char *const asian_points[] = {"simulation.steps=12", "simulation.steps=264",
                                           "simulation.steps=264 option.fixings=264", NULL};

static const mcs_payoff_type european = {
    .name = "european",
    .description = "max(S_T - K, 0) (call) or max(K - S_T, 0) (put)",
    .id = MCS_PAYOFF_EUROPEAN,
    .params = european_params,
    .uniforms_per_step = no_uniforms,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.strike=100 option.maturity=1",
    .mode_sets = european_modes,
};
/* digital's cash with digital = asset: accepted and unused */
static int digital_unused_note(const mcs_job *job, char *buf, size_t len)
{
    const mcs_digital_params *d = mcs_digital_params_of(&job->option);
    if (d->digital != MCS_DIGITAL_ASSET || d->cash == 1)
        return 0;
    snprintf(buf, len, "cash = %g is unused: digital = asset pays S_T", d->cash);
    return 1;
}

static const mcs_payoff_type digital = {
    .name = "digital",
    .description = "pays cash (or S_T) when S_T > K (call) or S_T < K (put)",
    .id = MCS_PAYOFF_DIGITAL,
    .params = digital_params,
    .uniforms_per_step = no_uniforms,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.type=call option.strike=100 option.maturity=1",
    .mode_sets = one_mode,
    .unused_note = digital_unused_note,
};
static const mcs_payoff_type asian = {
    .name = "asian",
    .description = "on the average of S over the fixings (average price or average strike)",
    .id = MCS_PAYOFF_ASIAN,
    .params = asian_params,
    .path_dependent = 1,
    .uniforms_per_step = no_uniforms,
    .needs = asian_needs,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = fixings_steps,
    .check_grid = asian_grid,
    .calibration_sets = "option.type=call option.strike=100 option.maturity=1",
    .mode_sets = average_modes,
    .calibration_points = asian_points,
};
static const mcs_payoff_type barrier = {
    .name = "barrier",
    .description = "a European that is knocked out (or in) when S crosses the barrier",
    .id = MCS_PAYOFF_BARRIER,
    .params = barrier_params,
    .path_dependent = 1,
    .uniforms_per_step = no_uniforms,
    .needs = log_monitor_needs,
    .outputs = 2,
    .output_name = barrier_output_name,
    .default_steps = monitoring_steps,
    .calibration_sets = "option.type=call option.strike=100 option.maturity=1 "
                        "option.barrier=90 option.barrier_type=down-out",
    .mode_sets = monitoring_modes,
};
static const mcs_payoff_type lookback = {
    .name = "lookback",
    .description = "on the path's extreme: S_T - min S (call), max S - S_T (put), or vs K",
    .id = MCS_PAYOFF_LOOKBACK,
    .params = lookback_params,
    .path_dependent = 1,
    .uniforms_per_step = bridge_uniform,
    .needs = log_monitor_needs,
    .splits_uniform = 1, /* MCS_LOOKBACK_SPLIT_MODE */
    .outputs = 1,
    .output_name = price_name,
    .default_steps = monitoring_steps,
    .calibration_sets = "option.type=call option.maturity=1",
    .mode_sets = monitoring_modes,
};

/* the multi-asset payoffs: European-style on the terminal spots of a
 * multi-asset model (payoffs/basket.h, best_of.h, worst_of.h, spread.h) */
static const mcs_payoff_type basket = {
    .name = "basket",
    .description = "max(sum w_i S_i(T) - K, 0) (call) or max(K - sum w_i S_i(T), 0) (put)",
    .id = MCS_PAYOFF_BASKET,
    .params = basket_params,
    .uniforms_per_step = no_uniforms,
    .min_assets = 1,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.strike=100 option.maturity=1",
    .mode_sets = european_modes,
};
static const mcs_payoff_type best_of = {
    .name = "best_of",
    .description = "call or put on max_i S_i(T), the best of the assets",
    .id = MCS_PAYOFF_BEST_OF,
    .params = best_of_params,
    .uniforms_per_step = no_uniforms,
    .min_assets = 1,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.strike=100 option.maturity=1",
    .mode_sets = european_modes,
};
static const mcs_payoff_type worst_of = {
    .name = "worst_of",
    .description = "call or put on min_i S_i(T), the worst of the assets",
    .id = MCS_PAYOFF_WORST_OF,
    .params = worst_of_params,
    .uniforms_per_step = no_uniforms,
    .min_assets = 1,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.strike=100 option.maturity=1",
    .mode_sets = european_modes,
};
static const mcs_payoff_type spread = {
    .name = "spread",
    .description = "max(S_1(T) - S_2(T) - K, 0) (call) or max(K - S_1(T) + S_2(T), 0) (put), "
                   "on the model's first two assets; K = 0: the exchange option",
    .id = MCS_PAYOFF_SPREAD,
    .params = spread_params,
    .uniforms_per_step = no_uniforms,
    .min_assets = 2,
    .outputs = 1,
    .output_name = price_name,
    .default_steps = one_step,
    .calibration_sets = "option.strike=0 option.maturity=1",
    .mode_sets = european_modes,
};

const mcs_payoff_type *const mcs_payoff_types[] = {&european, &digital, &asian,  &barrier,
                                                   &lookback, &basket,  &best_of, &worst_of,
                                                   &spread,   NULL};
_Static_assert(sizeof mcs_payoff_types / sizeof mcs_payoff_types[0] <= MCS_MAX_PAYOFF_TYPES + 1,
               "more payoff types than MCS_MAX_PAYOFF_TYPES (core/type_table.h)");

const mcs_payoff_type *mcs_payoff_type_of(mcs_payoff_id id)
{
    for (int i = 0; mcs_payoff_types[i]; i++)
        if (mcs_payoff_types[i]->id == id)
            return mcs_payoff_types[i];
    return NULL;
}
