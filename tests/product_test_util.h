/* product_test_util.h - the job of a product reference case
 * (tests/reference/products_refs.h, bachelier_refs.h), shared by the tests
 * that price them. */
#ifndef PRODUCT_TEST_UTIL_H
#define PRODUCT_TEST_UTIL_H

#include <string.h>
#include "job.h"
#include "reference/bachelier_refs.h"
#include "reference/products_refs.h"

/* The job of reference case r on `paths` paths of its time grid. */
static inline mcs_job product_ref_job(const mcs_product_ref *r, mcs_precision prec,
                                      mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = r->spot, .rate = r->rate, .dividend = r->dividend, .volatility = r->volatility};
    job.option = (mcs_option_params){.payoff = r->payoff, .type = r->type, .strike = r->strike,
                                     .maturity = r->maturity, .digital = r->digital,
                                     .cash = r->cash, .average = r->average,
                                     .fixings = r->fixings, .strike_type = r->strike_type,
                                     .barrier = r->barrier, .barrier_type = r->barrier_type,
                                     .rebate = r->rebate, .monitoring = r->monitoring};
    job.sim = (mcs_sim_params){paths, r->steps, seed, rng, prec, 65536};
    return job;
}

/* The job of Bachelier reference case r. */
static inline mcs_job bachelier_ref_job(const mcs_bachelier_ref *r, mcs_precision prec,
                                        mcs_rng_id rng, uint64_t paths, uint64_t seed)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model = (mcs_model_params){.id = MCS_MODEL_BACHELIER, .spot = r->spot, .rate = r->rate,
                                   .dividend = r->dividend, .normal_vol = r->normal_vol};
    job.option = (mcs_option_params){.payoff = r->payoff, .type = r->type, .strike = r->strike,
                                     .maturity = r->maturity, .digital = r->digital,
                                     .cash = r->cash, .average = MCS_AVERAGE_ARITHMETIC,
                                     .fixings = r->fixings, .strike_type = r->strike_type};
    job.sim = (mcs_sim_params){paths, r->steps, seed, rng, prec, 65536};
    return job;
}

#endif
