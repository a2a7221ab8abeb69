/* test_merton.c - Merton's jump-diffusion (models/merton.h) on the CPU
 * backend: every case of tests/reference/merton_refs.h (Merton's Poisson
 * series in mpmath, cross-checked by Fourier inversion and QuantLib)
 * priced by Monte Carlo within 4 std errors with philox and pcg64, single
 * and double precision, at one step and many (the count per step is exact
 * at any steps), including a step with 5 jumps expected (near the count
 * table's end), the martingale E[S_T] = S0 e^{(r-q)T} (an asset digital
 * struck near 0) and lambda = 0 against GBM's own run; the count table's
 * thresholds against scipy's; engine/analytic.c's series against the
 * references; the path-dependent pairs against what they must equal (an
 * Asian with one fixing and a barrier's in + out are the European); the
 * continuous monitors refused at config time (no bridge through jumps);
 * and a job with too many jumps a step refused, naming its keys (steps =
 * auto takes enough). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#define MCS_REAL_DOUBLE /* the count table in double, as the double kernels have it */
#include "merton.h"
#include "analytic.h"
#include "black_scholes.h"
#include "config.h"
#include "mc_test_util.h"
#include "product.h"
#include "product_test_util.h"
#include "../payoffs/asian_params.h"

#define PATHS mcs_test_paths(200000) /* a quarter under the sanitizers: mc_test_util.h */

/* The inverse normal CDF (models/normal_quantile.h) inverts the CDF, and
 * the count table's thresholds are scipy's (norm.isf of poisson.sf). */
static void test_count_thresholds(void **state)
{
    (void)state;
    /* the lower half, where p = cdf(x) keeps its relative precision (the
     * thresholds take the upper half as -quantile(upper tail)) */
    for (double x = -37.0; x <= 0.0; x += 0.37) {
        double p = mcs_normal_cdf(x), back = mcs_normal_quantile(p);
        if (!(fabs(back - x) <= 1e-13 * (1 + fabs(x))))
            fail_msg("quantile(cdf(%g)) = %.17g", x, back);
    }
    for (size_t i = 0; i < sizeof mcs_merton_threshold_refs / sizeof mcs_merton_threshold_refs[0];
         i++) {
        const mcs_merton_threshold_ref *r = &mcs_merton_threshold_refs[i];
        static mcs_model_params m;
        *mcs_merton_params_in(&m) = (mcs_merton_params){
            .id = MCS_MODEL_MERTON, .spot = 100, .volatility = 0.2, .jump_intensity = r->mean,
            .jump_mean = -0.1, .jump_vol = 0.15};
        mcs_merton_coef c = mcs_merton_coef_make(&m, 1.0);
        for (int j = 0; j < 8; j++)
            if (!(fabs(c.count_at[j] - r->threshold[j]) <= 1e-12 * (1 + fabs(r->threshold[j]))))
                fail_msg("mean %g: threshold %d is %.17g, scipy %.17g", r->mean, j,
                         c.count_at[j], r->threshold[j]);
        for (int j = 1; j < MCS_MERTON_COUNTS; j++)
            assert_true(c.count_at[j] >= c.count_at[j - 1]);
    }
    /* lambda = 0: no threshold is ever crossed */
    static mcs_model_params none = {.id = MCS_MODEL_MERTON, .spot = 100, .volatility = 0.2};
    mcs_merton_coef c = mcs_merton_coef_make(&none, 1.0);
    assert_true(c.count_at[0] >= 1e29);
    assert_true(mcs_merton_count(&c, 8.5) == 0);
    /* the table's end: lambda dt = 5 is served, 5.5 is not */
    assert_true(mcs_merton_beyond_table(5.0) <= MCS_MERTON_TAIL_LIMIT);
    assert_true(mcs_merton_beyond_table(5.5) > MCS_MERTON_TAIL_LIMIT);
    assert_true(mcs_merton_beyond_table(1e5) > MCS_MERTON_TAIL_LIMIT); /* e^-mean underflows */
}

/* engine/analytic.c's Merton series against the mpmath references. */
static void test_closed_forms_match_references(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_MERTON_REF_COUNT; i++) {
        const mcs_merton_ref *r = &mcs_merton_refs[i];
        mcs_job job = merton_ref_job(r, MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
        double price = 0;
        const char *source = NULL;
        if (!mcs_analytic_output(&job, 0, &price, &source))
            fail_msg("%s: no closed form", r->name);
        if (!(fabs(price - r->price) <= 1e-9 * (1 + fabs(r->price))))
            fail_msg("%s: closed form %.15g, reference %.15g", r->name, price, r->price);
        assert_non_null(strstr(source, "Merton"));
    }
}

/* Every case by Monte Carlo: philox and pcg64 in single precision, philox
 * and pcg64 in double. */
static void test_monte_carlo_matches_references(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_MERTON_REF_COUNT; i++) {
        const mcs_merton_ref *r = &mcs_merton_refs[i];
        for (int v = 0; v < 4; v++) {
            mcs_precision prec = v >= 2 ? MCS_DOUBLE : MCS_SINGLE;
            mcs_rng_id rng = v % 2 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
            uint64_t paths = r->steps > 50 ? PATHS / 2 : PATHS;
            mcs_job job = merton_ref_job(r, prec, rng, paths, 700 + 10 * i + v);
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            char what[160];
            snprintf(what, sizeof what, "%.32s %s %s", r->name, prec == MCS_DOUBLE ? "double" : "single",
                     rng == MCS_RNG_PHILOX ? "philox" : "pcg64");
            expect_near(what, res.price, res.std_error, r->price);
            /* the run's own diagnostics compare it with the series */
            assert_int_equal(res.has_analytic, 1);
            assert_true(fabs(res.analytic - r->price) <= 1e-9 * (1 + r->price));
        }
    }
}

/* lambda = 0 is GBM: the same keys priced as gbm, within both std errors. */
static void test_no_jumps_is_gbm(void **state)
{
    (void)state;
    const mcs_merton_ref *r = NULL;
    for (size_t i = 0; i < MCS_MERTON_REF_COUNT; i++)
        if (strstr(mcs_merton_refs[i].name, "lambda 0"))
            r = &mcs_merton_refs[i];
    assert_non_null(r);
    char gbm_sets[1024];
    snprintf(gbm_sets, sizeof gbm_sets,
             "model.type=gbm model.spot=100 model.rate=0.05 model.dividend=0 "
             "model.volatility=0.2 option.payoff=european option.type=call option.strike=100 "
             "option.maturity=1");
    for (int steps = 1; steps <= 12; steps += 11) {
        mcs_job m = sets_job(r->name, r->sets, steps, MCS_SINGLE, MCS_RNG_PHILOX, PATHS, 11);
        mcs_job g = sets_job("gbm", gbm_sets, steps, MCS_SINGLE, MCS_RNG_PHILOX, PATHS, 12);
        mcs_result rm = run_on("cpu", &m, 2, NULL, NULL), rg = run_on("cpu", &g, 2, NULL, NULL);
        char what[64];
        snprintf(what, sizeof what, "lambda 0 vs gbm, %d steps", steps);
        expect_near(what, rm.price, sqrt(rm.std_error * rm.std_error + rg.std_error * rg.std_error),
                    rg.price);
        expect_near("lambda 0 vs Black-Scholes", rm.price, rm.std_error,
                    mcs_black_scholes(100, 100, 0.05, 0, 0.2, 1, 1));
    }
}

/* The path-dependent pairs where they must equal the European: an Asian
 * on one fixing (at expiry), and a discrete barrier's in + out (both
 * outputs, path by path the European's payoff). */
static void test_path_dependent_pairs(void **state)
{
    (void)state;
    const mcs_merton_ref *r = &mcs_merton_refs[0]; /* standard call */
    const char *model = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
                        "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
                        "model.jump_vol=0.15 ";
    char sets[1024];
    snprintf(sets, sizeof sets, "%soption.payoff=asian option.type=call option.strike=100 "
             "option.maturity=1 option.fixings=1", model);
    mcs_job a = sets_job("asian", sets, 4, MCS_SINGLE, MCS_RNG_PHILOX, PATHS, 21);
    mcs_result ra = run_on("cpu", &a, 2, NULL, NULL);
    expect_near("asian, 1 fixing = european", ra.price, ra.std_error, r->price);
    assert_int_equal(ra.has_analytic, 0); /* no closed form borrowed from GBM */

    snprintf(sets, sizeof sets, "%soption.payoff=barrier option.type=call option.strike=100 "
             "option.maturity=1 option.barrier=85 option.barrier_type=down-out "
             "option.monitoring=discrete", model);
    mcs_job b = sets_job("barrier", sets, 50, MCS_SINGLE, MCS_RNG_PCG64, PATHS, 22);
    mcs_result rb = run_on("cpu", &b, 2, NULL, NULL);
    assert_int_equal(rb.n_outputs, 2);
    expect_near("barrier out + in = european", rb.outputs[0].price + rb.outputs[1].price,
                rb.outputs[0].std_error + rb.outputs[1].std_error, r->price);
    assert_true(rb.outputs[0].price > 0 && rb.outputs[1].price > 0);

    /* a discrete fixed-strike lookback call pays at least the European */
    snprintf(sets, sizeof sets, "%soption.payoff=lookback option.type=call option.strike=100 "
             "option.strike_type=fixed option.maturity=1 option.monitoring=discrete", model);
    mcs_job l = sets_job("lookback", sets, 12, MCS_DOUBLE, MCS_RNG_PHILOX, PATHS, 23);
    mcs_result rl = run_on("cpu", &l, 2, NULL, NULL);
    print_message("  lookback (discrete, 12 steps) %.4f se %.4f\n", rl.price, rl.std_error);
    assert_true(rl.price > r->price);
}

/* Continuous monitoring needs the log-space Brownian bridge, which the
 * jumps break: refused, naming both keys; the discrete monitors and the
 * geometric average (a log-spot) are served. */
static void test_pairs_refused_at_config_time(void **state)
{
    (void)state;
    mcs_job job;
    memset(&job, 0, sizeof job);
    char why[512];
    const struct {
        mcs_payoff_id payoff;
        mcs_average_kind average;
        mcs_monitoring monitoring;
        int ok;
    } cases[] = {
        {MCS_PAYOFF_EUROPEAN, 0, 0, 1},
        {MCS_PAYOFF_DIGITAL, 0, 0, 1},
        {MCS_PAYOFF_ASIAN, MCS_AVERAGE_ARITHMETIC, 0, 1},
        {MCS_PAYOFF_ASIAN, MCS_AVERAGE_GEOMETRIC, 0, 1},
        {MCS_PAYOFF_BARRIER, 0, MCS_MONITOR_DISCRETE, 1},
        {MCS_PAYOFF_BARRIER, 0, MCS_MONITOR_CONTINUOUS, 0},
        {MCS_PAYOFF_LOOKBACK, 0, MCS_MONITOR_DISCRETE, 1},
        {MCS_PAYOFF_LOOKBACK, 0, MCS_MONITOR_CONTINUOUS, 0},
    };
    job.model.id = MCS_MODEL_MERTON;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        job.option.payoff = cases[i].payoff;
        mcs_asian_params_in(&job.option)->average = cases[i].average;
        job.option.monitoring = cases[i].monitoring;
        why[0] = '\0';
        assert_int_equal(mcs_job_pair_works(&job, why, sizeof why), cases[i].ok);
        assert_int_equal(mcs_pair_compiled(MCS_MODEL_MERTON, cases[i].payoff), 1);
        if (!cases[i].ok) {
            assert_non_null(strstr(why, "type = merton"));
            assert_non_null(strstr(why, "payoff = "));
            assert_non_null(strstr(why, "monitoring = discrete"));
        }
    }
}

/* More jumps a step than the count table holds with probability over
 * 1e-15: refused at config time naming jump_intensity, maturity and
 * steps, and the steps that would do; those steps are accepted, and are
 * what steps = auto takes. */
static void test_too_many_jumps_a_step_refused(void **state)
{
    (void)state;
    const char *sets[] = {"model.type=merton", "model.spot=100", "model.volatility=0.2",
                          "model.jump_intensity=12", "model.jump_mean=-0.1",
                          "model.jump_vol=0.15", "option.payoff=european", "option.type=call",
                          "option.strike=100", "option.maturity=1", "simulation.steps=2",
                          "output.log=no"};
    mcs_override ov[16];
    int n = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        ov[n++] = (mcs_override){"--set", sets[i]};
    mcs_job job;
    char resolved[4096], err[1024] = "";
    assert_int_not_equal(mcs_config_load_text("merton.ini", "", 0, ov, n, &job, resolved,
                                              sizeof resolved, err, sizeof err),
                         MCS_OK);
    print_message("  %s\n", err);
    assert_non_null(strstr(err, "jump_intensity"));
    assert_non_null(strstr(err, "maturity"));
    assert_non_null(strstr(err, "steps"));
    assert_non_null(strstr(err, "raise [simulation] steps to at least 3"));
    ov[10] = (mcs_override){"--set", "simulation.steps=3"};
    assert_int_equal(mcs_config_load_text("merton.ini", "", 0, ov, n, &job, resolved,
                                          sizeof resolved, err, sizeof err),
                     MCS_OK);
    /* steps = auto takes the fewest the table serves: 3 for the European;
     * for an Asian on 12 fixings with 100 jumps a year, the fewest
     * multiple of 12 (its dates on the grid): 24 (100 / 24 < 5.4 < 100 / 12) */
    ov[10] = (mcs_override){"--set", "simulation.steps=auto"};
    assert_int_equal(mcs_config_load_text("merton.ini", "", 0, ov, n, &job, resolved,
                                          sizeof resolved, err, sizeof err),
                     MCS_OK);
    assert_int_equal(job.sim.steps, 3);
    ov[n++] = (mcs_override){"--set", "option.payoff=asian"};
    ov[n++] = (mcs_override){"--set", "option.fixings=12"};
    ov[3] = (mcs_override){"--set", "model.jump_intensity=100"};
    assert_int_equal(mcs_config_load_text("merton.ini", "", 0, ov, n, &job, resolved,
                                          sizeof resolved, err, sizeof err),
                     MCS_OK);
    assert_int_equal(job.sim.steps, 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_thresholds),
        cmocka_unit_test(test_closed_forms_match_references),
        cmocka_unit_test(test_monte_carlo_matches_references),
        cmocka_unit_test(test_no_jumps_is_gbm),
        cmocka_unit_test(test_path_dependent_pairs),
        cmocka_unit_test(test_pairs_refused_at_config_time),
        cmocka_unit_test(test_too_many_jumps_a_step_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
