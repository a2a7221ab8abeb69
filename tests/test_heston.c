/* test_heston.c - the Heston model on the CPU backend: the European cases of
 * tests/reference/heston_refs.h (QuantLib's AnalyticHestonEngine) priced by
 * Monte Carlo within 4 std errors with the QE scheme, in single and double
 * precision with both CPU generators: the standard cases on the default
 * (daily) grid of steps = auto, the cases where the Feller condition fails
 * at 50 steps a year; the full-truncation Euler scheme's bias shown
 * shrinking with the steps (12 against 200, beyond the noise); the
 * martingale property (a digital asset call struck near 0 pays S_T: its
 * value is S0 e^{-qT}, what QE's martingale correction makes exact); the
 * barrier's in-out parity against the European reference (the discrete
 * barrier through the view); which pairs the config accepts and refuses
 * (continuous monitoring, for want of a bridge), and steps = auto. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "analytic.h"
#include "mc_test_util.h"
#include "product.h"
#include "product_test_util.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/barrier_params.h"
#include "../payoffs/digital_params.h"

static const char *variant_name(mcs_precision prec, mcs_rng_id rng)
{
    if (prec == MCS_DOUBLE)
        return rng == MCS_RNG_PHILOX ? "double philox" : "double pcg64";
    return rng == MCS_RNG_PHILOX ? "single philox" : "single pcg64";
}

/* Every case of the given Feller kind with QE on its grid, four variants. */
static void qe_cases_match(int feller, uint64_t paths, uint64_t seed)
{
    int seen = 0;
    for (size_t i = 0; i < MCS_HESTON_REF_COUNT; i++) {
        const mcs_heston_ref *r = &mcs_heston_refs[i];
        if (r->feller != feller)
            continue;
        seen++;
        for (int v = 0; v < 4; v++) {
            mcs_precision prec = v >= 2 ? MCS_DOUBLE : MCS_SINGLE;
            mcs_rng_id rng = v % 2 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
            mcs_job job = heston_ref_job(r, MCS_HESTON_QE, 0, prec, rng, paths, seed + 4 * i + v);
            assert_int_equal(job.sim.steps, feller ? 252 : 50);
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            char what[128];
            snprintf(what, sizeof what, "%s qe %u %s", r->name, job.sim.steps,
                     variant_name(prec, rng));
            expect_near(what, res.price, res.std_error, r->price);
        }
    }
    assert_true(seen >= 2);
}

/* (a) The standard cases (Feller holds) at steps = auto, daily. */
static void test_qe_standard_cases(void **state)
{
    (void)state;
    qe_cases_match(1, mcs_test_paths(400000), 100);
}

/* (b) 2 kappa theta < xi^2: v reaches 0; QE at 50 steps a year is right. */
static void test_qe_feller_fails_at_50_steps(void **state)
{
    (void)state;
    qe_cases_match(0, mcs_test_paths(1000000), 200);
}

/* (c) Full-truncation Euler on a Feller-failing case: biased, the bias
 * shrinking with the steps; asserted beyond 4 std errors of each. */
static void test_euler_bias_shrinks_with_steps(void **state)
{
    (void)state;
    const mcs_heston_ref *r = NULL;
    for (size_t i = 0; i < MCS_HESTON_REF_COUNT && !r; i++)
        if (!mcs_heston_refs[i].feller && mcs_heston_refs[i].type == MCS_CALL)
            r = &mcs_heston_refs[i];
    assert_non_null(r);
    const uint32_t steps[] = {12, 50, 200};
    double bias[3], se[3];
    for (int k = 0; k < 3; k++) {
        mcs_job job = heston_ref_job(r, MCS_HESTON_EULER, steps[k], MCS_SINGLE, MCS_RNG_PHILOX,
                                     mcs_test_paths(1000000), 300 + k);
        mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
        bias[k] = res.price - r->price;
        se[k] = res.std_error;
        print_message("  euler %3u steps: %.6f (se %.2e), reference %.6f, bias %+.4f (%+.1f se)\n",
                      steps[k], res.price, se[k], r->price, bias[k], bias[k] / se[k]);
    }
    for (int k = 0; k + 1 < 3; k++)
        if (!(fabs(bias[k]) - 4 * se[k] > fabs(bias[k + 1]) + 4 * se[k + 1]))
            fail_msg("euler bias at %u steps %.4f (se %.1e) is not beyond the noise above the "
                     "bias at %u steps %.4f (se %.1e)",
                     steps[k], bias[k], se[k], steps[k + 1], bias[k + 1], se[k + 1]);
    /* and the bias is a bias: at 12 steps far outside the noise */
    assert_true(fabs(bias[0]) > 20 * se[0]);
}

/* (d) E[S_T] = S0 e^{(r-q)T}: a digital asset call struck at 1e-9 pays S_T
 * on every path, so its value is S0 e^{-qT}, exact under QE's martingale
 * correction on any grid (a coarse one too) and under Euler's log step. */
static void test_martingale(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_HESTON_REF_COUNT; i++) {
        const mcs_heston_ref *r = &mcs_heston_refs[i];
        if (r->type != MCS_CALL)
            continue;
        for (int v = 0; v < 3; v++) {
            mcs_heston_scheme scheme = v == 2 ? MCS_HESTON_EULER : MCS_HESTON_QE;
            uint32_t steps = v == 1 ? 4 : 0;
            mcs_job job = heston_ref_job(r, scheme, steps, v ? MCS_SINGLE : MCS_DOUBLE,
                                         MCS_RNG_PHILOX, mcs_test_paths(200000), 400 + 3 * i + v);
            job.option.payoff = MCS_PAYOFF_DIGITAL;
            mcs_digital_params_in(&job.option)->digital = MCS_DIGITAL_ASSET;
            job.option.strike = 1e-9;
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            char what[128];
            snprintf(what, sizeof what, "E[S_T] %s %s %u", r->name,
                     scheme == MCS_HESTON_QE ? "qe" : "euler", job.sim.steps);
            expect_near(what, res.price, res.std_error, r->spot * exp(-r->dividend * r->maturity));
        }
    }
}

/* A discretely monitored barrier through the view: out + in pays the
 * European on every path, so the two outputs' sum is within 4 std errors
 * (the sum's std error is at most the sum of theirs) of the European's
 * reference, for each barrier direction. */
static void test_barrier_in_out_parity(void **state)
{
    (void)state;
    const mcs_heston_ref *r = &mcs_heston_refs[0];
    const mcs_barrier_type types[] = {MCS_BARRIER_DOWN_OUT, MCS_BARRIER_UP_IN};
    const double barriers[] = {85, 120};
    for (int k = 0; k < 2; k++) {
        mcs_job job = heston_ref_job(r, MCS_HESTON_QE, 0, MCS_SINGLE, MCS_RNG_PHILOX,
                                     mcs_test_paths(400000), 500 + k);
        job.option.payoff = MCS_PAYOFF_BARRIER;
        mcs_barrier_params_in(&job.option)->barrier_type = types[k];
        mcs_barrier_params_in(&job.option)->barrier = barriers[k];
        job.option.monitoring = MCS_MONITOR_DISCRETE;
        job.sim.steps = mcs_job_default_steps(&job);
        char why[512];
        assert_int_equal(mcs_job_pair_works(&job, why, sizeof why), 1);
        mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
        assert_int_equal(res.n_outputs, 2);
        char what[128];
        snprintf(what, sizeof what, "barrier %s + complement, %u steps", res.outputs[0].name,
                 job.sim.steps);
        expect_near(what, res.outputs[0].price + res.outputs[1].price,
                    res.outputs[0].std_error + res.outputs[1].std_error, r->price);
        assert_true(res.outputs[0].price > 0.05 * r->price); /* both sides live */
        assert_true(res.outputs[1].price > 0.05 * r->price);
    }
}

/* The pairs: every one-asset payoff with discrete monitoring works;
 * continuous monitoring is refused naming both keys (no bridge). */
static void test_pairs_and_auto_steps(void **state)
{
    (void)state;
    mcs_job job = heston_ref_job(&mcs_heston_refs[0], MCS_HESTON_QE, 1, MCS_SINGLE,
                                 MCS_RNG_PHILOX, 1, 1);
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
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        job.option.payoff = cases[i].payoff;
        mcs_asian_params_in(&job.option)->average = cases[i].average;
        job.option.monitoring = cases[i].monitoring;
        why[0] = '\0';
        assert_int_equal(mcs_job_pair_works(&job, why, sizeof why), cases[i].ok);
        assert_true(mcs_pair_compiled(MCS_MODEL_HESTON, cases[i].payoff));
        if (!cases[i].ok) {
            assert_non_null(strstr(why, "type = heston"));
            assert_non_null(strstr(why, "payoff = "));
            assert_non_null(strstr(why, "use monitoring = discrete"));
        }
    }
    /* steps = auto: the larger of the model's daily grid and the payoff's */
    job.option.payoff = MCS_PAYOFF_EUROPEAN;
    job.option.maturity = 1;
    assert_int_equal(mcs_job_default_steps(&job), 252);
    job.option.maturity = 0.5;
    assert_int_equal(mcs_job_default_steps(&job), 126);
    job.option.maturity = 1.0 / 365;
    assert_int_equal(mcs_job_default_steps(&job), 1);
    job.option.maturity = 2;
    job.option.payoff = MCS_PAYOFF_ASIAN;
    mcs_asian_params_in(&job.option)->fixings = 1000; /* the payoff needs more */
    assert_int_equal(mcs_job_default_steps(&job), 1000);
    job.option.payoff = MCS_PAYOFF_EUROPEAN; /* GBM: one step, as before */
    job.model.id = MCS_MODEL_GBM;
    assert_int_equal(mcs_job_default_steps(&job), 1);
}

/* No closed form borrowed from GBM: the Heston European's semi-closed form
 * (engine/analytic.c, the little-trap integral) equals QuantLib's, and
 * nothing else has one; no GBM standard deviation either. The integral is
 * kept for the next call (a later run of the same job): the cases again in
 * reverse give the same bits, and the other option type of the same
 * parameters (the same integral) keeps put-call parity. */
static void test_closed_forms(void **state)
{
    (void)state;
    double price, sd, first[MCS_HESTON_REF_COUNT];
    const char *source;
    for (size_t i = 0; i < MCS_HESTON_REF_COUNT; i++) {
        const mcs_heston_ref *r = &mcs_heston_refs[i];
        mcs_job job = heston_ref_job(r, MCS_HESTON_QE, 0, MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
        assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 1);
        first[i] = price;
        print_message("  %-28s closed form %.12f reference %.12f\n", r->name, price, r->price);
        if (!(fabs(price - r->price) <= 1e-9 * (1 + fabs(r->price))))
            fail_msg("%s: closed form %.12g, QuantLib %.12g", r->name, price, r->price);
        assert_non_null(strstr(source, "Heston"));
        assert_int_equal(mcs_analytic_std_dev(&job, &sd, &source), 0);
        job.option.payoff = MCS_PAYOFF_ASIAN;
        mcs_asian_params_in(&job.option)->average = MCS_AVERAGE_GEOMETRIC;
        mcs_asian_params_in(&job.option)->fixings = 12;
        assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 0);
        job.option.payoff = MCS_PAYOFF_DIGITAL;
        assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 0);
    }
    for (size_t i = MCS_HESTON_REF_COUNT; i-- > 0;) {
        const mcs_heston_ref *r = &mcs_heston_refs[i];
        mcs_job job = heston_ref_job(r, MCS_HESTON_QE, 0, MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
        assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 1);
        assert_memory_equal(&price, &first[i], sizeof price);
        const mcs_model_params *m = &job.model;
        const double t = job.option.maturity, k = job.option.strike;
        const double forward = m->spot * exp(-m->dividend * t) - k * exp(-m->rate * t);
        const double sign = job.option.type == MCS_CALL ? 1 : -1; /* call - put = forward */
        job.option.type = job.option.type == MCS_CALL ? MCS_PUT : MCS_CALL;
        double other;
        assert_int_equal(mcs_analytic_output(&job, 0, &other, &source), 1);
        if (!(fabs(sign * (price - other) - forward) <= 1e-10 * (1 + fabs(price))))
            fail_msg("%s: parity off: %.15g and %.15g, forward %.15g", r->name, price, other,
                     forward);
    }
    /* a key that left out the maturity would give the first case's price to a
     * longer option of the same parameters and strike */
    mcs_job job = heston_ref_job(&mcs_heston_refs[0], MCS_HESTON_QE, 0, MCS_DOUBLE,
                                 MCS_RNG_PHILOX, 1, 1);
    double at_t, longer, again;
    assert_int_equal(mcs_analytic_output(&job, 0, &at_t, &source), 1);
    job.option.maturity *= 2;
    assert_int_equal(mcs_analytic_output(&job, 0, &longer, &source), 1);
    job.option.maturity /= 2;
    assert_int_equal(mcs_analytic_output(&job, 0, &again, &source), 1);
    assert_true(longer != at_t);
    assert_memory_equal(&again, &at_t, sizeof at_t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qe_standard_cases),
        cmocka_unit_test(test_qe_feller_fails_at_50_steps),
        cmocka_unit_test(test_euler_bias_shrinks_with_steps),
        cmocka_unit_test(test_martingale),
        cmocka_unit_test(test_barrier_in_out_parity),
        cmocka_unit_test(test_pairs_and_auto_steps),
        cmocka_unit_test(test_closed_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
