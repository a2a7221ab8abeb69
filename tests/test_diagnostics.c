/* test_diagnostics.c - the result checks (engine/diagnostics.c) and the
 * bounds they use (engine/bounds.c): every reference price of
 * tests/reference/products_refs.h lies within its product's bounds and
 * draws no warning; the issue-27 cases (a discrete lookback far below the
 * European struck at the spot, outputs of 0 +/- 0 where the product is
 * worth about the spot, a barrier's complementary output) are errors; a
 * legitimately constant or tiny result is not; the tail check's thresholds;
 * the printed lines and status; and the advice each error gives. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analytic.h"
#include "black_scholes.h"
#include "bounds.h"
#include "diagnostics.h"
#include "engine.h"
#include "product.h"
#include "product_test_util.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/barrier_params.h"
#include "../payoffs/digital_params.h"
#include "option_block.h"

/* A job of the model and option given, in single precision. */
static mcs_job gbm_job(double spot, double rate, double volatility, mcs_option_params option)
{
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = spot, .rate = rate, .dividend = 0, .volatility = volatility};
    job.option = option;
    job.sim = (mcs_sim_params){.paths = 1, .steps = 1, .seed = 1,
        .rng = MCS_RNG_PHILOX, .precision = MCS_SINGLE, .block_size = 65536};
    return job;
}

/* The result a run of `paths` paths gives when its outputs come out at
 * `price` with standard errors `se` (discounted), through the engine's own
 * fill (so the checks run as in a run). */
static mcs_result result_of(const mcs_job *job, uint64_t paths, const double *price,
                            const double *se)
{
    int k = mcs_job_outputs(job);
    double disc = mcs_job_discount(job), n = (double)paths;
    mcs_moments m;
    memset(&m, 0, sizeof m);
    m.n = paths;
    for (int j = 0; j < k; j++) {
        m.mean[j] = price[j] / disc;
        m.cm[mcs_cross_index(k, j, j)] = pow(se[j] / disc, 2) * n * (n - 1);
    }
    mcs_result res;
    memset(&res, 0, sizeof res);
    mcs_engine_fill_result(job, &m, &res);
    return res;
}

/* The warning of `check` on `output`, or NULL. */
static const mcs_warning *find(const mcs_result *res, const char *output, const char *check)
{
    for (int i = 0; i < res->n_warnings; i++)
        if (strcmp(res->warnings[i].output, output) == 0 &&
            strcmp(res->warnings[i].check, check) == 0)
            return &res->warnings[i];
    return NULL;
}

static void print_warnings(const mcs_result *res)
{
    for (int i = 0; i < res->n_warnings; i++)
        print_error("  %s %s %s: %s\n", res->warnings[i].severity ? "error" : "warning",
                    res->warnings[i].output, res->warnings[i].check, res->warnings[i].message);
}

static void expect_error(const mcs_result *res, const char *output, const char *check,
                         const char *words)
{
    const mcs_warning *w = find(res, output, check);
    if (!w || w->severity != MCS_SEVERITY_ERROR || !strstr(w->message, words)) {
        print_error("no %s error on %s saying \"%s\"; the result has:\n", check, output, words);
        print_warnings(res);
        fail();
    }
    assert_true(mcs_result_untrusted(res));
}

static void expect_none(const mcs_result *res, const char *what)
{
    if (res->n_warnings != 0) {
        print_error("%s: expected no warning, got:\n", what);
        print_warnings(res);
        fail();
    }
}

/* Every reference price (QuantLib closed forms and Monte Carlo values)
 * lies within its output's bounds, and a result at it draws no warning:
 * the bounds are true and the checks do not cry wolf. */
static void test_reference_prices_are_within_bounds_and_draw_no_warning(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof mcs_product_refs / sizeof mcs_product_refs[0]; i++) {
        const mcs_product_ref *r = &mcs_product_refs[i];
        mcs_job job = product_ref_job(r, MCS_DOUBLE, MCS_RNG_PHILOX, 1000000, 1);
        mcs_bounds b;
        mcs_output_bounds(&job, 0, &b);
        double slack = 6 * r->ref_se + 1e-9 * (1 + fabs(r->price));
        if (!(b.lower <= r->price + slack) || !(r->price - slack <= b.upper)) {
            print_error("%s: %.10g outside [%.10g (%s), %.10g (%s)]\n", r->name, r->price,
                        b.lower, b.lower_source, b.upper, b.upper_source ? b.upper_source : "-");
            fail();
        }
        /* the other output of a barrier: the European plus the rebate, less this one */
        double price[2] = {r->price, 0}, se[2] = {1e-3 * r->price + 1e-4, 1e-4};
        double sum;
        const char *source;
        mcs_tail tail;
        if (mcs_job_outputs(&job) == 2) {
            assert_true(mcs_outputs_sum(&job, &sum, &source, &tail));
            price[1] = sum - r->price;
        }
        mcs_result res = result_of(&job, 1000000, price, se);
        expect_none(&res, r->name);
    }
}

/* Issue 27: a discrete floating lookback at sigma 2, T 10 priced 8.34 +/-
 * 5.10 (seed 1), 18 std errors below the European call struck at the spot
 * (99.84), which it is always worth at least. */
static void test_discrete_lookback_below_the_european_is_an_error(void **state)
{
    (void)state;
    mcs_job job = gbm_job(100, 0.05, 2, (mcs_option_params){
        .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL, .maturity = 10,
        .strike_type = MCS_STRIKE_FLOATING, .monitoring = MCS_MONITOR_DISCRETE});
    mcs_bounds b;
    mcs_output_bounds(&job, 0, &b);
    assert_true(fabs(b.lower - mcs_black_scholes(100, 100, 0.05, 0, 2, 10, 1)) < 1e-9);
    double price = 8.34, se = 5.10;
    mcs_result res = result_of(&job, 10000000, &price, &se);
    expect_error(&res, "price", "lower_bound", "the European call struck at the spot");
    expect_error(&res, "price", "tail", "paths rarer than 1 in 1e7");
}

/* Issue 27: at sigma 10, T 100 the paths underflow: the discrete lookback
 * and the arithmetic Asian gave 0 +/- 0, CI [0, 0], exit 0. */
static void test_zero_outputs_of_huge_volatility_are_errors(void **state)
{
    (void)state;
    double zero[2] = {0, 0};
    mcs_job lookback = gbm_job(100, 0.05, 10, (mcs_option_params){
        .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL, .maturity = 100,
        .strike_type = MCS_STRIKE_FLOATING, .monitoring = MCS_MONITOR_DISCRETE});
    mcs_result res = result_of(&lookback, 10000000, zero, zero);
    expect_error(&res, "price", "lower_bound", "std error 0: all 1e7 paths gave this value");
    mcs_job asian = gbm_job(100, 0.05, 10, MCS_TEST_OPTION(asian,
        .payoff = MCS_PAYOFF_ASIAN, .type = MCS_CALL, .strike = 100, .maturity = 100,
        .average = MCS_AVERAGE_ARITHMETIC, .fixings = 12, .strike_type = MCS_STRIKE_FIXED));
    res = result_of(&asian, 10000000, zero, zero);
    expect_error(&res, "price", "lower_bound", "the discounted mean payoff");
    expect_error(&res, "price", "tail", "volatility x sqrt(maturity) = 100");
}

/* Issue 27: a barrier's complementary output reported 0 +/- 0 against a
 * closed form near the spot, unchecked (only output 0 was); discretely
 * monitored, where neither output has a closed form, in + out catches it. */
static void test_barrier_complement_and_sum_are_checked(void **state)
{
    (void)state;
    mcs_option_params o = MCS_TEST_OPTION(barrier, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
                                          .strike = 100, .maturity = 100, .barrier = 90,
                                          .barrier_type = MCS_BARRIER_DOWN_OUT,
                                          .monitoring = MCS_MONITOR_CONTINUOUS);
    mcs_job job = gbm_job(100, 0.05, 10, o);
    double zero[2] = {0, 0};
    mcs_result res = result_of(&job, 100000, zero, zero);
    expect_error(&res, "down-in", "closed_form", "is far from its closed form");
    job.option.monitoring = MCS_MONITOR_DISCRETE;
    res = result_of(&job, 100000, zero, zero);
    expect_error(&res, "down-out + down-in", "sum", "the European plus the rebate");
    /* a discrete barrier whose outputs add up: nothing to say */
    job = gbm_job(100, 0.05, 0.2, o);
    job.option.maturity = 1;
    job.option.monitoring = MCS_MONITOR_DISCRETE;
    double vanilla = mcs_black_scholes(100, 100, 0.05, 0, 0.2, 1, 1);
    double price[2] = {vanilla - 1.5, 1.5}, se[2] = {0.01, 0.005};
    res = result_of(&job, 1000000, price, se);
    expect_none(&res, "a discrete barrier whose in + out is the European");
    /* the complement 20 std errors from the European less output 0 */
    price[1] = 1.7;
    res = result_of(&job, 1000000, price, se);
    expect_error(&res, "down-out + down-in", "sum", "std errors from");
}

/* A constant sample is not wrong in itself: a deep out-of-the-money call
 * whose paths all pay 0, a cash digital whose paths all pay the cash, a
 * result of one path. */
static void test_legitimate_constant_or_tiny_results_draw_nothing(void **state)
{
    (void)state;
    double zero = 0;
    mcs_job call = gbm_job(100, 0.05, 0.2, (mcs_option_params){
        .payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL, .strike = 300, .maturity = 1});
    mcs_result res = result_of(&call, 10000, &zero, &zero);
    expect_none(&res, "a call at strike 300, all paths 0");
    mcs_job digital = gbm_job(100, 0.05, 0.01, MCS_TEST_OPTION(digital,
        .payoff = MCS_PAYOFF_DIGITAL, .type = MCS_CALL, .strike = 80, .maturity = 1,
        .digital = MCS_DIGITAL_CASH, .cash = 10));
    double cash = 10 * exp(-0.05);
    res = result_of(&digital, 10000, &cash, &zero);
    expect_none(&res, "a cash digital deep in the money, all paths pay");
    double price = 0;
    res = result_of(&call, 1, &price, &zero);
    expect_none(&res, "one path");
    /* an up-in worth 5e-4 whose 1e4 paths never reach the barrier: a
     * difference below 1e-5 of the job's amounts is not reported */
    mcs_job up = gbm_job(100, 0.05, 0.05, MCS_TEST_OPTION(barrier,
        .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL, .strike = 100, .maturity = 1,
        .barrier = 130, .barrier_type = MCS_BARRIER_UP_OUT,
        .monitoring = MCS_MONITOR_CONTINUOUS));
    double out, in;
    const char *source;
    assert_true(mcs_analytic_output(&up, 0, &out, &source));
    assert_true(mcs_analytic_output(&up, 1, &in, &source));
    assert_true(in > 1e-4 && in < 1e-3);
    double prices[2] = {out + in, 0}, ses[2] = {0.01, 0};
    res = result_of(&up, 10000, prices, ses);
    expect_none(&res, "an up-in of 5e-4 that no path reached");
}

/* The tail: the value in paths rarer than 1 in n against the std error,
 * none up to MCS_DIAG_TAIL_WARN, a warning up to MCS_DIAG_TAIL_ERROR, an
 * error beyond; nothing for a bounded output (a put) or for light tails. */
static void test_tail_thresholds(void **state)
{
    (void)state;
    mcs_job call = gbm_job(100, 0, 3, (mcs_option_params){
        .payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL, .strike = 100, .maturity = 1});
    double unseen = mcs_tail_unseen(&call, MCS_TAIL_TERMINAL, 1e5);
    assert_true(unseen > 5 && unseen < 50); /* sigma sqrt(T) = 3 at 1e5 paths */
    double analytic = mcs_black_scholes(100, 100, 0, 0, 3, 1, 1);
    double se[3] = {unseen / 0.9, unseen / 2, unseen / 4};
    mcs_result res = result_of(&call, 100000, &analytic, &se[0]);
    expect_none(&res, "tail at 0.9 std errors");
    res = result_of(&call, 100000, &analytic, &se[1]);
    const mcs_warning *w = find(&res, "price", "tail");
    assert_non_null(w);
    assert_int_equal(w->severity, MCS_SEVERITY_WARNING);
    assert_false(mcs_result_untrusted(&res));
    assert_non_null(strstr(w->message, "its std error may understate the error (2 std errors)"));
    res = result_of(&call, 100000, &analytic, &se[2]);
    expect_error(&res, "price", "tail", "likely that much too low");
    /* a put is bounded by the discounted strike: no tail */
    call.option.type = MCS_PUT;
    double put = mcs_black_scholes(100, 100, 0, 0, 3, 1, 0), tiny = 1e-3;
    res = result_of(&call, 100000, &put, &tiny);
    expect_none(&res, "a put");
    /* sigma 0.2: the value beyond the sample's edge is negligible at any size */
    for (double n = 100; n <= 1e12; n *= 10) {
        call = gbm_job(100, 0.05, 0.2, (mcs_option_params){
            .payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL, .strike = 100, .maturity = 1});
        double se_n = 14.7 / sqrt(n); /* the payoff's std deviation is about 14.7 */
        assert_true(mcs_tail_unseen(&call, MCS_TAIL_TERMINAL, n) < 0.2 * se_n);
    }
}

/* The lines on stderr and the status: errors end with the verdict and
 * MCS_E_DATA; a warning alone leaves MCS_OK. */
static void test_print_says_error_or_warning_and_the_verdict(void **state)
{
    (void)state;
    mcs_job job = gbm_job(100, 0.05, 2, (mcs_option_params){
        .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL, .maturity = 10,
        .strike_type = MCS_STRIKE_FLOATING, .monitoring = MCS_MONITOR_DISCRETE});
    double price = 8.34, se = 5.10;
    mcs_result res = result_of(&job, 10000000, &price, &se);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(mcs_warnings_print(f, "mcsim", &res), MCS_E_DATA);
    fclose(f);
    assert_non_null(strstr(text, "mcsim: error: price: 8.34 +/- 5.1 is "));
    assert_non_null(strstr(text, "mcsim: the result cannot be trusted"));
    free(text);
    res.n_warnings = 1;
    res.warnings[0].severity = MCS_SEVERITY_WARNING;
    f = open_memstream(&text, &len);
    assert_int_equal(mcs_warnings_print(f, "mcsim merge", &res), MCS_OK);
    fclose(f);
    assert_non_null(strstr(text, "mcsim merge: warning: price: "));
    assert_null(strstr(text, "cannot be trusted"));
    free(text);
}

/* The advice after a closed form's miss follows the job: a model whose
 * step is not exact (Heston) names more steps, and Euler's scheme = qe;
 * an exact model a smaller volatility x sqrt(maturity), and double
 * precision only where the job is in single. The audit's case: a Heston
 * Euler put at 12 steps, 51 std errors from its closed form, was told that
 * double precision, which it had, may help. */
static void test_advice_follows_the_model_and_precision(void **state)
{
    (void)state;
    static const struct {
        const char *sets;
        const char *want, *not_want;
    } cases[] = {
        {"model.scheme=euler", "its bias at 12 steps a path may be why: more steps "
                               "(simulation.steps) or scheme = qe shrink it", "precision"},
        {"model.scheme=qe", "more steps (simulation.steps) shrink it", "scheme = qe"},
    };
    const char *heston = "model.type=heston model.spot=100 model.rate=0.05 model.dividend=0.02 "
                         "model.v0=0.09 model.kappa=0.5 model.theta=0.04 model.xi=1 model.rho=-0.6 "
                         "option.type=put option.strike=100 option.maturity=1";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char sets[512];
        snprintf(sets, sizeof sets, "%s %s", heston, cases[i].sets);
        mcs_job job = sets_job("advice", sets, 12, MCS_DOUBLE, MCS_RNG_PHILOX, 400000, 1);
        mcs_result probe = result_of(&job, 400000, &(double){1}, &(double){1});
        assert_true(probe.outputs[0].has_analytic);
        double price = probe.outputs[0].analytic + 1.3, se = 0.0257; /* 51 std errors */
        mcs_result res = result_of(&job, 400000, &price, &se);
        expect_error(&res, "price", "closed_form", cases[i].want);
        assert_null(strstr(find(&res, "price", "closed_form")->message, cases[i].not_want));
    }
    mcs_job gbm = gbm_job(100, 0.05, 0.2, (mcs_option_params){
        .payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL, .strike = 100, .maturity = 1});
    double price = 11.45, se = 0.01; /* the closed form is 10.45 */
    for (int p = 0; p < 2; p++) {
        gbm.sim.precision = p ? MCS_DOUBLE : MCS_SINGLE;
        mcs_result res = result_of(&gbm, 1000000, &price, &se);
        expect_error(&res, "price", "closed_form", "a smaller volatility x sqrt(maturity)");
        const char *m = find(&res, "price", "closed_form")->message;
        assert_true((strstr(m, "precision = double") != NULL) == !p);
        assert_null(strstr(m, "steps"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_prices_are_within_bounds_and_draw_no_warning),
        cmocka_unit_test(test_discrete_lookback_below_the_european_is_an_error),
        cmocka_unit_test(test_zero_outputs_of_huge_volatility_are_errors),
        cmocka_unit_test(test_barrier_complement_and_sum_are_checked),
        cmocka_unit_test(test_legitimate_constant_or_tiny_results_draw_nothing),
        cmocka_unit_test(test_tail_thresholds),
        cmocka_unit_test(test_print_says_error_or_warning_and_the_verdict),
        cmocka_unit_test(test_advice_follows_the_model_and_precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
