/* mc_test_util.h - helpers shared by the Monte Carlo tests: a job for a
 * reference case, a run through the engine, and the 4-std-error check. */
#ifndef MC_TEST_UTIL_H
#define MC_TEST_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "engine.h"
#include "reference/european_refs.h"

#define K_SE 4.0 /* a statistical check passes within 4 standard errors */

/* The path count of a statistical check: n as written, or n divided by
 * MCS_TEST_LIGHT (never below 10000 paths) where that environment variable
 * holds a divisor: the sanitizer suite sets 4 (tests/CMakeLists.txt), since
 * ASan and UBSan check memory, not statistics. The same kernels and code
 * paths run on fewer paths, and each check is the same comparison within
 * K_SE of its (wider) standard error; `make test` runs the full sizes. */
static inline uint64_t mcs_test_paths(uint64_t n)
{
    const char *light = getenv("MCS_TEST_LIGHT");
    unsigned long k = light && *light ? strtoul(light, NULL, 10) : 0;
    if (k <= 1 || n <= 10000)
        return n;
    return n / k < 10000 ? 10000 : n / k;
}

/* One-step European job for reference case c. */
static inline mcs_job job_for_case(const mcs_ref_case *c, mcs_option_type type,
                                   mcs_precision prec, mcs_rng_id rng, uint64_t paths,
                                   uint64_t seed)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model.id = MCS_MODEL_GBM;
    job.model.spot = c->spot;
    job.model.rate = c->rate;
    job.model.dividend = c->dividend;
    job.model.volatility = c->volatility;
    job.option.payoff = MCS_PAYOFF_EUROPEAN;
    job.option.type = type;
    job.option.strike = c->strike;
    job.option.maturity = c->maturity;
    job.sim.paths = paths;
    job.sim.steps = 1;
    job.sim.seed = seed;
    job.sim.rng = rng;
    job.sim.precision = prec;
    job.sim.block_size = 65536;
    return job;
}

/* Run `job` on the named backend; fails the test on any error. t and gpu
 * may be NULL. */
static inline mcs_result run_on(const char *backend, const mcs_job *job, int threads,
                                mcs_timings *t, mcs_gpu_info *gpu)
{
    mcs_result res;
    mcs_timings own;
    char err[512] = "";
    int used;
    memset(&res, 0, sizeof res);
    memset(&own, 0, sizeof own);
    mcs_placement where = {threads, 0, 0};
    mcs_status st = mcs_engine_run(job, mcs_backend_find(backend), &where, NULL, NULL, &res,
                                   &used, gpu, t ? t : &own, err, sizeof err);
    if (st != MCS_OK)
        fail_msg("%s engine: %s", backend, err);
    return res;
}

/* Fails unless got is within K_SE standard errors of want. */
static inline void expect_near(const char *what, double got, double se, double want)
{
    double z = (got - want) / se;
    print_message("  %-44s %12.6f  ref %12.6f  se %.2e  z %+.2f\n", what, got, want, se, z);
    if (!(se > 0) || fabs(z) > K_SE)
        fail_msg("%s: %.8f is %.2f std errors from the reference %.8f", what, got, z, want);
}

static inline int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

#endif
