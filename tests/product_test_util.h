/* product_test_util.h - the job of a product reference case
 * (tests/reference/products_refs.h, bachelier_refs.h, heston_refs.h,
 * merton_refs.h), shared by the tests
 * that price them: a products_refs.h case's key=value list is loaded
 * through the config code, as the command line would load it, with the
 * test's simulation settings. */
#ifndef PRODUCT_TEST_UTIL_H
#define PRODUCT_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catalog.h"
#include "config.h"
#include "job.h"
#include "product.h"
#include "../models/bachelier_params.h"
#include "../models/heston_params.h"
#include "reference/bachelier_refs.h"
#include "reference/heston_refs.h"
#include "reference/merton_refs.h"
#include "reference/products_refs.h"
#include "reference/multi_refs.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/digital_params.h"

/* The job of the config assignments `sets` ("model.spot=100 ...") on
 * `paths` paths of `steps` steps, loaded through the config code as the
 * command line would; a list the config refuses is a broken test: it says
 * why (naming the case `name`) and aborts. */
static inline mcs_job sets_job(const char *name, const char *sets, uint32_t steps,
                               mcs_precision prec, mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    char words[1024], sim[6][64], err[1024], resolved[4096];
    mcs_override ov[40];
    int n = 0;
    snprintf(words, sizeof words, "%s", sets);
    for (char *w = strtok(words, " "); w && n < 32; w = strtok(NULL, " "))
        ov[n++] = (mcs_override){"--set", w};
    snprintf(sim[0], sizeof sim[0], "simulation.paths=%llu", (unsigned long long)paths);
    snprintf(sim[1], sizeof sim[1], "simulation.steps=%u", steps);
    snprintf(sim[2], sizeof sim[2], "simulation.seed=%llu", (unsigned long long)seed);
    snprintf(sim[3], sizeof sim[3], "simulation.rng=%s", mcs_named_by_id(mcs_rngs, rng)->name);
    snprintf(sim[4], sizeof sim[4], "simulation.precision=%s",
             mcs_named_by_id(mcs_precisions, prec)->name);
    snprintf(sim[5], sizeof sim[5], "output.log=no");
    for (int i = 0; i < 6; i++)
        ov[n++] = (mcs_override){"--set", sim[i]};
    mcs_job job;
    if (mcs_config_load_text(name, "", 0, ov, n, &job, resolved, sizeof resolved, err,
                             sizeof err) != MCS_OK) {
        fprintf(stderr, "sets_job: reference %s: %s\n", name, err);
        abort();
    }
    return job;
}

/* The job of reference case r on `paths` paths of its time grid. */
static inline mcs_job product_ref_job(const mcs_product_ref *r, mcs_precision prec,
                                      mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    return sets_job(r->name, r->sets, r->steps, prec, rng, paths, seed);
}

/* The job of Merton reference case r (tests/reference/merton_refs.h). */
static inline mcs_job merton_ref_job(const mcs_merton_ref *r, mcs_precision prec,
                                     mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    return sets_job(r->name, r->sets, r->steps, prec, rng, paths, seed);
}

/* The job of Bachelier reference case r. */
static inline mcs_job bachelier_ref_job(const mcs_bachelier_ref *r, mcs_precision prec,
                                        mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    *mcs_bachelier_params_in(&job.model) = (mcs_bachelier_params){
        .id = MCS_MODEL_BACHELIER, .spot = r->spot, .rate = r->rate, .dividend = r->dividend,
        .normal_vol = r->normal_vol};
    job.option = (mcs_option_params){.payoff = r->payoff, .type = r->type, .strike = r->strike,
                                     .maturity = r->maturity, .strike_type = r->strike_type};
    if (r->payoff == MCS_PAYOFF_DIGITAL) {
        mcs_digital_params_in(&job.option)->digital = r->digital;
        mcs_digital_params_in(&job.option)->cash = r->cash;
    }
    if (r->payoff == MCS_PAYOFF_ASIAN) {
        mcs_asian_params_in(&job.option)->average = MCS_AVERAGE_ARITHMETIC;
        mcs_asian_params_in(&job.option)->fixings = r->fixings;
    }
    job.sim = (mcs_sim_params){.paths = paths, .steps = r->steps, .seed = seed, .rng = rng,
                               .precision = prec, .block_size = 65536};
    return job;
}

/* The job of Heston reference case r (a European) with `scheme` on `steps`
 * steps (0: the case's grid; a case's 0 is steps = auto, the model's
 * daily grid). */
static inline mcs_job heston_ref_job(const mcs_heston_ref *r, mcs_heston_scheme scheme,
                                     uint32_t steps, mcs_precision prec, mcs_rng_id rng,
                                     uint64_t paths, uint64_t seed)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    *mcs_heston_params_in(&job.model) = (mcs_heston_params){
        .id = MCS_MODEL_HESTON, .spot = r->spot, .rate = r->rate, .dividend = r->dividend,
        .v0 = r->v0, .kappa = r->kappa, .theta = r->theta, .xi = r->xi, .rho = r->rho,
        .scheme = scheme};
    job.option = (mcs_option_params){.payoff = MCS_PAYOFF_EUROPEAN, .type = r->type,
                                     .strike = r->strike, .maturity = r->maturity};
    job.sim = (mcs_sim_params){.paths = paths, .steps = steps ? steps : r->steps, .seed = seed,
                               .rng = rng, .precision = prec, .block_size = 65536};
    if (job.sim.steps == 0)
        job.sim.steps = mcs_job_default_steps(&job);
    return job;
}


/* Load config text plus space-separated key=value overrides (lists, a
 * 64 x 64 matrix among them); the status, and the message in err. The
 * resolved config is left in mcs_test_resolved. */
#define MCS_TEST_RESOLVED (256 * 1024)
static char mcs_test_resolved[MCS_TEST_RESOLVED];
static inline mcs_status load_sets(const char *text, const char *sets, mcs_job *job, char *err,
                                   size_t err_len)
{
    static char words[256 * 1024];
    mcs_override ov[64];
    int n = 0;
    snprintf(words, sizeof words, "%s", sets);
    for (char *w = strtok(words, " "); w && n < 64; w = strtok(NULL, " "))
        ov[n++] = (mcs_override){"--set", w};
    return mcs_config_load_text("test", text, strlen(text), ov, n, job, mcs_test_resolved,
                                sizeof mcs_test_resolved, err, err_len);
}

/* The job of a multi-asset reference case's `sets` (tests/reference/
 * multi_refs.h) with the test's simulation settings; a config the loader
 * refuses is a broken test: it says why and aborts. */
static inline void multi_ref_job(mcs_job *job, const char *sets, unsigned steps,
                                 mcs_precision prec, mcs_rng_id rng, uint64_t paths,
                                 uint64_t seed)
{
    char text[512], err[1024];
    snprintf(text, sizeof text,
             "[simulation]\npaths = %llu\nsteps = %u\nseed = %llu\nrng = %s\nprecision = %s\n"
             "[output]\nlog = no\n",
             (unsigned long long)paths, steps, (unsigned long long)seed,
             mcs_named_by_id(mcs_rngs, rng)->name, mcs_named_by_id(mcs_precisions, prec)->name);
    if (load_sets(text, sets, job, err, sizeof err) != MCS_OK) {
        fprintf(stderr, "multi_ref_job: %s\n", err);
        abort();
    }
}

#endif
