/* pair.c - what a (model, payoff) pair of a job needs of each other: the
 * steps when none are given (the larger need), and whether the model's
 * per-step view (models/view.h) holds what the payoff reads (a log-spot, a
 * bridge), so that a pair that cannot work is refused at config time. */
#include <stdio.h>
#include "product.h"

uint32_t mcs_job_default_steps(const mcs_job *job)
{
    const uint32_t model = mcs_model_type_of(job->model.id)->default_steps;
    const uint32_t payoff = mcs_payoff_type_of(job->option.payoff)->default_steps(job);
    return model > payoff ? model : payoff;
}

int mcs_job_pair_works(const mcs_job *job, char *why, size_t len)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    const unsigned needs = pt->needs ? pt->needs(job) : 0;
    const char *lacks = NULL, *hint = "";
    if ((needs & MCS_NEEDS_BRIDGE) && !mt->has_bridge) {
        lacks = "a Brownian bridge between steps (continuous monitoring)";
        hint = "; use monitoring = discrete";
    } else if ((needs & MCS_NEEDS_LOG) && !mt->has_log) {
        lacks = "a log-spot (its S may be zero or negative)";
    }
    if (!lacks)
        return 1;
    snprintf(why, len, "[option] payoff = %s as configured needs %s, which [model] type = %s "
                       "does not have%s", pt->name, lacks, mt->name, hint);
    return 0;
}

int mcs_job_pair_assets(const mcs_job *job, char *why, size_t len)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    if (!pt->min_assets && mt->multi_asset) {
        snprintf(why, len, "[option] payoff = %s prices one asset and [model] type = %s has "
                           "[model] assets = %u (use basket, best_of, worst_of or spread, or "
                           "a one-asset model)", pt->name, mt->name, job->model.assets);
        return 0;
    }
    if (pt->min_assets && !mt->multi_asset) {
        snprintf(why, len, "[option] payoff = %s reads several assets and [model] type = %s "
                           "has one (use type = multi_gbm)", pt->name, mt->name);
        return 0;
    }
    if (pt->min_assets && job->model.assets < pt->min_assets) {
        snprintf(why, len, "[option] payoff = %s needs at least %u assets and [model] type = "
                           "%s has [model] assets = %u", pt->name, pt->min_assets, mt->name,
                 job->model.assets);
        return 0;
    }
    return 1;
}
