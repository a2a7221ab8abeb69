/* test_mc_european.c - Monte Carlo European prices on the CPU backend against
 * independent references (QuantLib, tests/reference/european_refs.h), put-call
 * parity, and the reproducibility contract (bit-identical for any thread
 * count, chunking and instruction-set variant); every test runs once with
 * each CPU generator (pcg64, philox). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "block_kernel.h"
#include "mc_test_util.h"

static mcs_rng_id test_rng; /* the generator of the group being run */

static mcs_job job_for(const mcs_ref_case *c, mcs_option_type type, mcs_precision prec,
                       uint64_t paths, uint64_t seed)
{
    return job_for_case(c, type, prec, test_rng, paths, seed);
}

static mcs_result run(const mcs_job *job, int threads)
{
    return run_on("cpu", job, threads, NULL, NULL);
}

static void prices_match_quantlib(mcs_precision prec, uint64_t paths)
{
    for (size_t i = 0; i < MCS_REF_CASE_COUNT; i++) {
        const mcs_ref_case *c = &mcs_ref_cases[i];
        char what[96];
        mcs_job job = job_for(c, MCS_CALL, prec, paths, 1000 + i);
        mcs_result r = run(&job, 2);
        snprintf(what, sizeof what, "%s call %s", c->name, prec == MCS_DOUBLE ? "double" : "single");
        expect_near(what, r.price, r.std_error, c->call);
        job = job_for(c, MCS_PUT, prec, paths, 2000 + i);
        r = run(&job, 2);
        snprintf(what, sizeof what, "%s put %s", c->name, prec == MCS_DOUBLE ? "double" : "single");
        expect_near(what, r.price, r.std_error, c->put);
    }
}

static void test_single_precision_prices_match_quantlib(void **state)
{
    (void)state;
    prices_match_quantlib(MCS_SINGLE, 2000000);
}

static void test_double_precision_prices_match_quantlib(void **state)
{
    (void)state;
    prices_match_quantlib(MCS_DOUBLE, 1000000);
}

/* Exact steps: a 12-step path has the same terminal law as one step. Odd
 * steps with an odd block size also exercise the dropped last normal. */
static void test_multi_step_paths_match_quantlib(void **state)
{
    (void)state;
    const mcs_ref_case *c = &mcs_ref_cases[0];
    uint32_t steps[] = {12, 3};
    for (int k = 0; k < 2; k++) {
        for (int p = 0; p < 2; p++) {
            mcs_job job = job_for(c, MCS_CALL, p ? MCS_DOUBLE : MCS_SINGLE, 500000, 77 + k);
            job.sim.steps = steps[k];
            job.sim.block_size = 9999;
            mcs_result r = run(&job, 2);
            char what[64];
            snprintf(what, sizeof what, "%s call, %u steps, %s", c->name, steps[k],
                     p ? "double" : "single");
            expect_near(what, r.price, r.std_error, c->call);
        }
    }
}

/* Same seed for call and put: per path, call - put payoffs = S_T - K, so
 * C - P must match S e^{-qT} - K e^{-rT} within 4 std errors of
 * e^{-rT} sd(S_T) / sqrt(N), with Var(S_T) = S^2 e^{2(r-q)T} (e^{s^2 T} - 1). */
static void test_put_call_parity(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_REF_CASE_COUNT; i++) {
        const mcs_ref_case *c = &mcs_ref_cases[i];
        for (int p = 0; p < 2; p++) {
            mcs_precision prec = p ? MCS_DOUBLE : MCS_SINGLE;
            const uint64_t n = 1000000;
            mcs_job call = job_for(c, MCS_CALL, prec, n, 99), put = job_for(c, MCS_PUT, prec, n, 99);
            double diff = run(&call, 2).price - run(&put, 2).price;
            double T = c->maturity;
            double parity = c->spot * exp(-c->dividend * T) - c->strike * exp(-c->rate * T);
            double var_st = c->spot * c->spot * exp(2 * (c->rate - c->dividend) * T) *
                            expm1(c->volatility * c->volatility * T);
            double se = exp(-c->rate * T) * sqrt(var_st / n);
            char what[64];
            snprintf(what, sizeof what, "%s parity %s", c->name, p ? "double" : "single");
            expect_near(what, diff, se, parity);
        }
    }
}

/* 1000 blocks, so thread counts also change the engine's chunking. */
static void test_bit_identical_across_thread_counts(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        mcs_job job = job_for(&mcs_ref_cases[0], MCS_CALL, p ? MCS_DOUBLE : MCS_SINGLE, 1000000, 5);
        job.sim.block_size = 1000;
        mcs_result ref = run(&job, 1);
        int threads[] = {2, 3, 8};
        for (int k = 0; k < 3; k++) {
            mcs_result r = run(&job, threads[k]);
            assert_true(same_bits(r.price, ref.price));
            assert_true(same_bits(r.std_error, ref.std_error));
            assert_int_equal(r.n_convergence, ref.n_convergence);
            for (int i = 0; i < r.n_convergence; i++)
                assert_true(same_bits(r.convergence[i].price, ref.convergence[i].price));
        }
    }
}

/* Every compiled instruction-set variant gives the same bits. */
static void test_bit_identical_across_instruction_sets(void **state)
{
    (void)state;
    const char *isas[] = {"v1", "v3", "v4"};
    int compared = 0; /* variants run: fewer than two compare nothing */
    for (int p = 0; p < 2; p++) {
        mcs_job job = job_for(&mcs_ref_cases[1], MCS_PUT, p ? MCS_DOUBLE : MCS_SINGLE, 200000, 6);
        unsetenv("MCSIM_CPU_ISA");
        mcs_result ref = run(&job, 2);
        for (int k = 0; k < 3; k++) {
            setenv("MCSIM_CPU_ISA", isas[k], 1);
            if (!mcs_block_kernel(&job)) {
                print_message("  %s not available on this CPU or build: not compared\n", isas[k]);
                continue;
            }
            mcs_result r = run(&job, 2);
            compared += p == 0;
            print_message("  %s: %.17g\n", isas[k], r.price);
            assert_true(same_bits(r.price, ref.price));
            assert_true(same_bits(r.std_error, ref.std_error));
        }
        unsetenv("MCSIM_CPU_ISA");
    }
    if (compared < 2)
        skip(); /* reported as skipped, not passed */
}

/* One path has no spread: the std error and interval are undefined (NaN,
 * "n/a" in the table, null in JSON), not a zero-width interval. */
static void test_one_path_has_undefined_std_error(void **state)
{
    (void)state;
    mcs_job job = job_for(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, 1, 3);
    mcs_result r = run(&job, 4);
    assert_int_equal(r.paths, 1);
    assert_true(isfinite(r.price) && r.price >= 0);
    assert_true(isnan(r.std_error) && isnan(r.ci_low) && isnan(r.ci_high));
    assert_true(isnan(r.outputs[0].std_error));
    /* two paths have a spread again */
    job.sim.paths = 2;
    r = run(&job, 4);
    assert_true(isfinite(r.std_error) && r.std_error >= 0);
}

/* Partial last block: 65536 + 3 paths are all counted. */
static void test_partial_last_block_counts_every_path(void **state)
{
    (void)state;
    mcs_job job = job_for(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, 65539, 3);
    mcs_result r = run(&job, 2);
    assert_int_equal(r.paths, 65539);
    assert_int_equal(r.convergence[r.n_convergence - 1].paths, 65539);
}

/* The threads' buffers a run leaves are kept for the next run of as many
 * threads (the same buffers, pages already touched), and a run of another
 * thread count gets new ones; reused buffers give the same bits. */
static void test_scratch_kept_between_runs(void **state)
{
    (void)state;
    mcs_job job = job_for(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, 3 * 65536 + 5, 11);
    mcs_result first = run(&job, 3);
    mcs_scratch_set *kept = mcs_scratch_set_take(3);
    assert_non_null(kept);
    assert_int_equal(kept->threads, 3);
    void *draws = kept->s[0].draws;
    assert_non_null(draws); /* filled by the run */
    mcs_scratch_set_keep(kept);
    mcs_result again = run(&job, 3);
    assert_memory_equal(&first.price, &again.price, sizeof first.price);
    assert_memory_equal(&first.std_error, &again.std_error, sizeof first.std_error);
    mcs_scratch_set *same = mcs_scratch_set_take(3);
    assert_ptr_equal(same, kept);
    assert_ptr_equal(same->s[0].draws, draws);
    mcs_scratch_set_keep(same);
    mcs_scratch_set *other = mcs_scratch_set_take(2); /* frees the kept one */
    assert_non_null(other);
    assert_int_equal(other->threads, 2);
    assert_null(other->s[0].draws);
    assert_null(other->s[1].bits);
    mcs_scratch_set_free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_precision_prices_match_quantlib),
        cmocka_unit_test(test_double_precision_prices_match_quantlib),
        cmocka_unit_test(test_multi_step_paths_match_quantlib),
        cmocka_unit_test(test_put_call_parity),
        cmocka_unit_test(test_bit_identical_across_thread_counts),
        cmocka_unit_test(test_bit_identical_across_instruction_sets),
        cmocka_unit_test(test_one_path_has_undefined_std_error),
        cmocka_unit_test(test_partial_last_block_counts_every_path),
        cmocka_unit_test(test_scratch_kept_between_runs),
    };
    test_rng = MCS_RNG_PCG64;
    int failed = cmocka_run_group_tests_name("pcg64", tests, NULL, NULL);
    test_rng = MCS_RNG_PHILOX;
    failed += cmocka_run_group_tests_name("philox", tests, NULL, NULL);
    return failed;
}
