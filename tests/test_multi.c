/* test_multi.c - the multi-asset GBM (models/multi_gbm.h) and its payoffs
 * (basket, best_of, worst_of, spread) on the CPU backend: every case of
 * tests/reference/multi_refs.h (QuantLib's StulzEngine for the two-asset
 * best-of and worst-of, Margrabe's formula for the exchange option, exact
 * 1-D integration for the spread with a strike and the two-asset baskets,
 * an independent numpy Monte Carlo for a 64-asset basket) within 4 std
 * errors with philox and pcg64, single and double; the correlation
 * recovered from the simulated paths (the variance of S1 + S2); the
 * config's refusals (not positive semi-definite, not symmetric, a list of
 * the wrong length, both correlation keys, pairs of one and several
 * assets) and what it takes (correlation = 1, one number for every
 * asset, lists over continuation lines, the resolved config of a 64 x 64
 * matrix read back the same). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catalog.h"
#include "config.h"
#include "mc_test_util.h"
#include "product.h"
#include "product_test_util.h"
#include "../models/multi_gbm_params.h"
#include "../payoffs/basket_params.h"

/* a job's multi_gbm block (models/multi_gbm_params.h) */
#define MULTI(job) mcs_multi_gbm_params_of(&(job).model)

/* Every reference case: philox and pcg64 in single precision, philox in
 * double. */
static void test_monte_carlo_matches_references(void **state)
{
    (void)state;
    static mcs_job job;
    for (size_t i = 0; i < MCS_MULTI_REF_COUNT; i++) {
        const mcs_multi_ref *r = &mcs_multi_refs[i];
        for (int v = 0; v < 3; v++) {
            mcs_precision prec = v == 2 ? MCS_DOUBLE : MCS_SINGLE;
            mcs_rng_id rng = v == 1 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
            multi_ref_job(&job, r->sets, r->steps, prec, rng, 200000, 700 + i);
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            char what[160];
            snprintf(what, sizeof what, "%s %s %s", r->name, v == 2 ? "double" : "single",
                     rng == MCS_RNG_PHILOX ? "philox" : "pcg64");
            expect_near(what, res.price, res.std_error, r->price);
        }
    }
}

/* 64 assets, correlation 0.3: within 4 std errors of the difference from
 * the numpy reference, above the geometric basket (its lower bound), in
 * both precisions and generators, at 1 and 3 steps (exact steps: the same
 * law). */
static void test_basket_64_assets(void **state)
{
    (void)state;
    static mcs_job job;
    for (int v = 0; v < 3; v++) {
        mcs_precision prec = v == 2 ? MCS_DOUBLE : MCS_SINGLE;
        mcs_rng_id rng = v == 1 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
        multi_ref_job(&job, MCS_BASKET64_SETS, v == 1 ? 3 : 1, prec, rng, 100000, 64 + v);
        assert_int_equal(job.model.assets, 64);
        assert_int_equal(mcs_job_draws(&job), 64);
        mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
        const double se = sqrt(res.std_error * res.std_error + MCS_BASKET64_SE * MCS_BASKET64_SE);
        char what[96];
        snprintf(what, sizeof what, "basket 64 assets %s %s", v == 2 ? "double" : "single",
                 rng == MCS_RNG_PHILOX ? "philox" : "pcg64");
        assert_true(isfinite(res.price));
        expect_near(what, res.price, se, MCS_BASKET64_PRICE);
        assert_true(res.price > MCS_BASKET64_GEOMETRIC);
    }
}

/* The correlation the paths carry: the sample variance of S1(T) + S2(T)
 * (a basket call of weights 1, 1 and a strike near 0 pays it, minus the
 * strike) equals the exact variance at correlation 0.5 within 4 of its
 * std errors, and is many std errors from the variance at correlation 0,
 * so a correlation lost on the way (the normals of the two assets drawn
 * independently) fails here. */
static void test_correlation_recovered(void **state)
{
    (void)state;
    static mcs_job job;
    const char *sets = "model.type=multi_gbm model.assets=2 model.spots=100,95 "
                       "model.volatilities=0.2,0.3 model.dividends=0.01,0.02 model.rate=0.05 "
                       "model.correlation=0.5 option.payoff=basket option.weights=1,1 "
                       "option.strike=1e-9 option.type=call option.maturity=1";
    assert_true(fabs(MCS_SUMVAR_RHO05 - MCS_SUMVAR_RHO0) > 20 * MCS_SUMVAR_RHO05_SE);
    for (int v = 0; v < 2; v++) {
        mcs_rng_id rng = v ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
        multi_ref_job(&job, sets, 1, MCS_DOUBLE, rng, MCS_SUMVAR_PATHS, 11 + v);
        mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
        /* the discounted payoff's sample variance, undiscounted */
        const double var = res.std_error * res.std_error * (double)res.paths * exp(2 * 0.05);
        expect_near(v ? "var(S1 + S2) pcg64" : "var(S1 + S2) philox", var, MCS_SUMVAR_RHO05_SE,
                    MCS_SUMVAR_RHO05);
    }
}

/* A config the loader must refuse with exit status 78 (MCS_E_CONFIG) and
 * a message holding every word of `words` ('|'-separated). */
static void expect_refused(const char *what, const char *text, const char *sets, const char *words)
{
    static mcs_job job;
    char err[2048] = "", list[256];
    mcs_status st = load_sets(text, sets, &job, err, sizeof err);
    print_message("  %-40s %s\n", what, err);
    if (st != MCS_E_CONFIG)
        fail_msg("%s: status %d, expected a config error (%s)", what, (int)st, err);
    snprintf(list, sizeof list, "%s", words);
    for (char *w = strtok(list, "|"); w; w = strtok(NULL, "|"))
        if (!strstr(err, w))
            fail_msg("%s: '%s' not in the message: %s", what, w, err);
}

#define TWO "model.type=multi_gbm model.assets=2 model.spots=100,95 model.volatilities=0.2,0.3 " \
            "option.payoff=spread option.maturity=1 "
#define THREE "model.type=multi_gbm model.assets=3 model.spots=100,95,110 " \
              "model.volatilities=0.2,0.3,0.25 option.payoff=basket option.strike=100 " \
              "option.maturity=1 "

static void test_config_refusals(void **state)
{
    (void)state;
    expect_refused("not positive semi-definite", "",
                   THREE "model.correlation_matrix=1,0.9,-0.9,0.9,1,0.9,-0.9,0.9,1",
                   "correlation_matrix|not positive semi-definite");
    expect_refused("not symmetric", "",
                   THREE "model.correlation_matrix=1,0.5,0,0.4,1,0,0,0,1",
                   "correlation_matrix|not symmetric");
    expect_refused("diagonal not 1", "", THREE "model.correlation_matrix=1,0,0,0,0.9,0,0,0,1",
                   "correlation_matrix|diagonal");
    expect_refused("correlation below -1/(n-1)", "", THREE "model.correlation=-0.6",
                   "correlation|not positive semi-definite");
    expect_refused("spots too short", "", THREE "model.spots=100,95",
                   "spots|has 2 numbers|assets = 3|needs 3");
    expect_refused("volatilities too long", "", TWO "model.volatilities=0.2,0.3,0.4",
                   "volatilities|has 3 numbers|assets = 2|needs 2");
    expect_refused("matrix of the wrong size", "", TWO "model.correlation_matrix=1,0.5,0.5",
                   "correlation_matrix|has 3 numbers|needs 4");
    expect_refused("a matrix of one number", "", TWO "model.correlation_matrix=1",
                   "correlation_matrix|has 1 numbers|needs 4");
    expect_refused("weights of the wrong length", "", THREE "option.weights=0.5,0.5",
                   "weights|has 2 numbers|assets = 3");
    expect_refused("a list element not a number", "", TWO "model.spots=100,abc",
                   "spots|element 2|not a number");
    expect_refused("a list element out of range", "", TWO "model.volatilities=0.2,-0.3",
                   "volatilities|element 2");
    expect_refused("both correlation keys", "",
                   TWO "model.correlation=0.5 model.correlation_matrix=1,0.5,0.5,1",
                   "correlation_matrix|correlation|not both");
    expect_refused("assets over the limit", "", TWO "model.assets=65", "assets|64");
    expect_refused("one-asset payoff on multi_gbm", "", TWO "option.payoff=european option.strike=100",
                   "european|multi_gbm");
    expect_refused("multi-asset payoff on gbm", "",
                   "model.type=gbm model.spot=100 model.volatilities=0.2 option.payoff=basket",
                   "volatilities");
    expect_refused("basket on gbm", "",
                   "model.type=gbm model.spot=100 model.volatility=0.2 option.payoff=basket "
                   "option.strike=100 option.maturity=1",
                   "basket|gbm|multi_gbm");
    expect_refused("spread on one asset", "",
                   "model.type=multi_gbm model.assets=1 model.spots=100 model.volatilities=0.2 "
                   "option.payoff=spread option.maturity=1",
                   "spread|at least 2|assets = 1");
}

/* What the config takes: correlation = 1 (semi-definite, a zero column),
 * a rank-2 matrix of 3 assets, lists over indented continuation lines,
 * and a 64 x 64 matrix whose resolved config reads back the same. */
static void test_config_accepts(void **state)
{
    (void)state;
    static mcs_job job, again;
    char err[2048] = "";
    assert_int_equal(load_sets("", THREE "model.correlation=1", &job, err, sizeof err), MCS_OK);
    assert_int_equal(MULTI(job)->factor.rank, 1);
    /* one number is every asset's; "equal" weights are 1/n; brackets read as a list */
    assert_int_equal(load_sets("", THREE "model.dividends=0.01 option.weights=equal "
                                         "model.spots=[100,95,110]", &job, err, sizeof err),
                     MCS_OK);
    assert_true(MULTI(job)->dividends.n == 3 && MULTI(job)->dividends.v[2] == 0.01);
    assert_true(mcs_basket_params_in(&job.option)->weights.n == 3 && mcs_basket_params_in(&job.option)->weights.v[1] == 1.0 / 3);
    assert_true(MULTI(job)->spots.v[2] == 110);
    /* rank 2: assets 1 and 3 equal in law */
    assert_int_equal(load_sets("", THREE "model.correlation_matrix=1,0.5,1,0.5,1,0.5,1,0.5,1", &job,
                               err, sizeof err),
                     MCS_OK);
    assert_int_equal(MULTI(job)->factor.rank, 2);
    const char *lines = "[model]\ntype = multi_gbm\nassets = 3\nspots = 100,\n    95,\n"
                        "    110\nvolatilities = 0.2, 0.3\n  0.25\ncorrelation_matrix = 1, 0.2, 0.1,\n"
                        "  0.2, 1, 0.3,\n  0.1, 0.3, 1\n[option]\npayoff = worst_of\nstrike = 90\n"
                        "maturity = 1\n";
    if (load_sets(lines, "", &job, err, sizeof err) != MCS_OK)
        fail_msg("continuation lines: %s", err);
    assert_int_equal(MULTI(job)->spots.n, 3);
    assert_true(MULTI(job)->spots.v[2] == 110 && MULTI(job)->volatilities.v[2] == 0.25);
    assert_int_equal(MULTI(job)->correlation_matrix.n, 3);
    assert_true(MULTI(job)->correlation_matrix.v[5] == 0.3);
    assert_true(MULTI(job)->dividends.n == 3 && MULTI(job)->dividends.v[1] == 0);
    /* 64 x 64: correlation 0.3 + 0.01 (i + j) / 128 off the diagonal (positive
     * definite), its resolved config read back gives the same numbers */
    static char sets[200000];
    size_t used = (size_t)snprintf(sets, sizeof sets,
                                   "model.type=multi_gbm model.assets=64 option.payoff=basket "
                                   "option.strike=100 option.maturity=1 model.spots=");
    for (int i = 0; i < 64; i++)
        used += (size_t)snprintf(sets + used, sizeof sets - used, "%s%d", i ? "," : "", 90 + i);
    used += (size_t)snprintf(sets + used, sizeof sets - used, " model.volatilities=");
    for (int i = 0; i < 64; i++)
        used += (size_t)snprintf(sets + used, sizeof sets - used, "%s0.%02d", i ? "," : "", 10 + i);
    used += (size_t)snprintf(sets + used, sizeof sets - used, " model.correlation_matrix=");
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            used += (size_t)snprintf(sets + used, sizeof sets - used, "%s%.17g",
                                     i + j ? "," : "", i == j ? 1.0 : 0.3 + 0.01 * (i + j) / 128);
    if (load_sets("", sets, &job, err, sizeof err) != MCS_OK)
        fail_msg("64 x 64: %s", err);
    assert_int_equal(MULTI(job)->correlation_matrix.n, 64);
    static char text[MCS_TEST_RESOLVED];
    snprintf(text, sizeof text, "%s", mcs_test_resolved);
    for (const char *line = text; *line;) { /* every line fits the INI reader */
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        assert_true(len <= 199);
        line += len + (end != NULL);
    }
    if (load_sets(text, "", &again, err, sizeof err) != MCS_OK)
        fail_msg("64 x 64 read back: %s", err);
    assert_memory_equal(&MULTI(job)->correlation_matrix, &MULTI(again)->correlation_matrix,
                        sizeof MULTI(job)->correlation_matrix);
    assert_memory_equal(&MULTI(job)->factor, &MULTI(again)->factor, sizeof MULTI(job)->factor);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_refusals),
        cmocka_unit_test(test_config_accepts),
        cmocka_unit_test(test_correlation_recovered),
        cmocka_unit_test(test_monte_carlo_matches_references),
        cmocka_unit_test(test_basket_64_assets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
