/* pair.c - what a (model, payoff) pair of a job needs of each other: the
 * steps when none are given (the larger need: the model's, e.g. Heston's
 * daily grid, and the payoff's, raised to what the model's grid check
 * accepts), and whether the model's
 * per-step view (models/view.h) holds what the payoff reads (a log-spot, a
 * bridge), so that a pair that cannot work is refused at config time. */
#include <math.h>
#include <stdio.h>
#include "config.h"
#include "product.h"

/* The model's need: its default steps, or steps_per_year a year of the
 * maturity (rounded up, less a hair of rounding so that 252 x 1.0 is 252),
 * at most MCS_MAX_STEPS. */
static uint32_t model_steps(const mcs_job *job)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    uint32_t steps = mt->default_steps;
    if (mt->steps_per_year > 0) {
        const double per_year = ceil(mt->steps_per_year * job->option.maturity - 1e-9);
        const double capped = per_year < MCS_MAX_STEPS ? per_year : MCS_MAX_STEPS;
        if (capped > steps)
            steps = (uint32_t)capped;
    }
    return steps;
}

uint32_t mcs_job_default_steps(const mcs_job *job)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    const uint32_t model = model_steps(job);
    const uint32_t payoff = mcs_payoff_type_of(job->option.payoff)->default_steps(job);
    const uint32_t need = model > payoff ? model : payoff;
    if (!mt->check_grid || need == 0)
        return need;
    /* the model limits the steps (merton's jumps a step): the fewest
     * multiple of the need it accepts, so the payoff's dates stay on the
     * grid; none up to MCS_MAX_STEPS: the need, which the check refuses */
    mcs_job grid = *job;
    char why[512];
    for (uint64_t steps = need; steps <= MCS_MAX_STEPS; steps += need) {
        grid.sim.steps = (uint32_t)steps;
        if (mt->check_grid(&grid, why, sizeof why))
            return grid.sim.steps;
    }
    return need;
}

int mcs_job_pair_works(const mcs_job *job, char *why, size_t len)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    const unsigned needs = pt->needs ? pt->needs(job) : 0;
    const int no_bridge = (needs & MCS_NEEDS_BRIDGE) && !mt->has_bridge,
              no_log = (needs & MCS_NEEDS_LOG) && !mt->has_log;
    if (!no_bridge && !no_log)
        return 1;
    /* monitoring = discrete is advice only where the pair then works */
    mcs_job discrete = *job;
    discrete.option.monitoring = MCS_MONITOR_DISCRETE;
    const unsigned discrete_needs = pt->needs ? pt->needs(&discrete) : 0;
    const int discrete_works = !(discrete_needs & MCS_NEEDS_LOG) || mt->has_log;
    snprintf(why, len, "[option] payoff = %s as configured needs %s%s%s, which [model] type = %s "
                       "does not have%s", pt->name,
             no_bridge ? "a Brownian bridge between steps (continuous monitoring)" : "",
             no_bridge && no_log ? " and " : "",
             no_log ? "a log-spot (its S may be zero or negative)" : "", mt->name,
             no_bridge && discrete_works ? "; use monitoring = discrete"
             : no_bridge ? "; monitoring = discrete still needs the log-spot" : "");
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
