/* test_bachelier.c - the Bachelier (normal) model on the CPU backend: every
 * case of tests/reference/bachelier_refs.h (numerical integration of the
 * payoff against the model's normal law, scipy; independent of the closed
 * forms) priced by Monte Carlo within 4 std errors, in single and double
 * precision and with both CPU generators, including cases where S < 0 is
 * likely (the average of |S| or a log taken of S would miss by many std
 * errors); engine/analytic.c's Bachelier closed forms equal the references
 * to 1e-9; and the pairs the model cannot serve (what reads a log-spot or
 * a bridge) are refused at config time while every GBM pair is accepted. */
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

/* The closed forms of engine/analytic.c against the integrated references. */
static void test_closed_forms_match_references(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_BACHELIER_REF_COUNT; i++) {
        const mcs_bachelier_ref *r = &mcs_bachelier_refs[i];
        mcs_job job = bachelier_ref_job(r, MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
        double price = 0;
        const char *source = NULL;
        if (!mcs_analytic_output(&job, 0, &price, &source))
            fail_msg("%s: no closed form", r->name);
        if (!(fabs(price - r->price) <= 1e-9 * (1 + fabs(r->price))))
            fail_msg("%s: closed form %.15g, reference %.15g", r->name, price, r->price);
        assert_non_null(strstr(source, "Bachelier"));
    }
}

/* Every case by Monte Carlo: philox and pcg64 in single precision, philox
 * in double; and at least four cases where S_T < 0 has probability > 0.4. */
static void test_monte_carlo_matches_references(void **state)
{
    (void)state;
    int negative = 0;
    for (size_t i = 0; i < MCS_BACHELIER_REF_COUNT; i++) {
        const mcs_bachelier_ref *r = &mcs_bachelier_refs[i];
        negative += r->p_negative > 0.4;
        for (int v = 0; v < 3; v++) {
            mcs_precision prec = v == 2 ? MCS_DOUBLE : MCS_SINGLE;
            mcs_rng_id rng = v == 1 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
            mcs_job job = bachelier_ref_job(r, prec, rng, 200000, 300 + i);
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            char what[128];
            snprintf(what, sizeof what, "%s %s %s", r->name, v == 2 ? "double" : "single",
                     rng == MCS_RNG_PHILOX ? "philox" : "pcg64");
            expect_near(what, res.price, res.std_error, r->price);
        }
    }
    assert_true(negative >= 4);
}

/* What reads the view's log-spot or bridge is refused with Bachelier, with
 * a message naming both keys; Bachelier's own pairs and every GBM pair
 * pass; steps = auto is the larger need. */
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
        int bachelier_ok;
        const char *word; /* in the refusal */
    } cases[] = {
        {MCS_PAYOFF_EUROPEAN, 0, 0, 1, NULL},
        {MCS_PAYOFF_DIGITAL, 0, 0, 1, NULL},
        {MCS_PAYOFF_ASIAN, MCS_AVERAGE_ARITHMETIC, 0, 1, NULL},
        {MCS_PAYOFF_ASIAN, MCS_AVERAGE_GEOMETRIC, 0, 0, "log-spot"},
        {MCS_PAYOFF_BARRIER, 0, MCS_MONITOR_DISCRETE, 0, "log-spot"},
        /* never "use monitoring = discrete", which is refused too (the audit) */
        {MCS_PAYOFF_BARRIER, 0, MCS_MONITOR_CONTINUOUS, 0, "monitoring = discrete still needs"},
        {MCS_PAYOFF_LOOKBACK, 0, MCS_MONITOR_CONTINUOUS, 0, "monitoring = discrete still needs"},
        {MCS_PAYOFF_LOOKBACK, 0, MCS_MONITOR_DISCRETE, 0, "log-spot"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        job.option.payoff = cases[i].payoff;
        mcs_asian_params_in(&job.option)->average = cases[i].average;
        job.option.monitoring = cases[i].monitoring;
        job.model.id = MCS_MODEL_GBM;
        assert_int_equal(mcs_job_pair_works(&job, why, sizeof why), 1);
        job.model.id = MCS_MODEL_BACHELIER;
        why[0] = '\0';
        assert_int_equal(mcs_job_pair_works(&job, why, sizeof why), cases[i].bachelier_ok);
        if (!cases[i].bachelier_ok) {
            assert_non_null(strstr(why, "type = bachelier"));
            assert_non_null(strstr(why, "payoff = "));
            assert_non_null(strstr(why, cases[i].word));
            assert_null(strstr(why, "use monitoring = discrete"));
        }
    }
}

/* A closed form that is GBM's only (the geometric Asian's) is not given
 * for Bachelier: analytic.c dispatches on the model. */
static void test_no_closed_form_borrowed_from_gbm(void **state)
{
    (void)state;
    mcs_job job = bachelier_ref_job(&mcs_bachelier_refs[7], MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
    double price;
    const char *source;
    mcs_asian_params_in(&job.option)->average = MCS_AVERAGE_GEOMETRIC;
    assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 0);
    job.model.id = MCS_MODEL_GBM; /* the same keys under GBM do have one */
    job.model.volatility = 0.2;
    assert_int_equal(mcs_analytic_output(&job, 0, &price, &source), 1);
    double sd;
    job = bachelier_ref_job(&mcs_bachelier_refs[0], MCS_DOUBLE, MCS_RNG_PHILOX, 1, 1);
    assert_int_equal(mcs_analytic_std_dev(&job, &sd, &source), 0); /* log-normal moments */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_forms_match_references),
        cmocka_unit_test(test_monte_carlo_matches_references),
        cmocka_unit_test(test_pairs_refused_at_config_time),
        cmocka_unit_test(test_no_closed_form_borrowed_from_gbm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
