/* test_mc_products.c - the path-dependent products on the CPU backend
 * against references nobody in this project wrote (tests/reference/
 * products_refs.h, from QuantLib 1.29: closed forms, QuantLib Monte Carlo
 * for the arithmetic Asian, and the Broadie-Glasserman-Kou shifted barrier
 * for discrete monitoring), plus identities on the same paths: knock-in +
 * knock-out = vanilla + rebate, a one-fixing Asian is the European, a
 * barrier breached at the spot knocks at once; and bit-identical results
 * for any thread count with two outputs per path and for every compiled
 * instruction-set variant. */
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
#include "product.h"
#include "product_test_util.h"
#include "../payoffs/asian.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/barrier_params.h"

/* The Broadie-Glasserman-Kou correction is an approximation: its error on
 * the discrete cases of products_refs.h was measured by the reference
 * script at up to 0.25% of the price against an exact discrete Monte Carlo,
 * so those cases may also differ by that much (tests/reference/
 * products_refs.py). */
#define BGK_RELATIVE_ERROR 0.0025

/* Every reference case in single precision on both generators, every
 * fourth also in double precision; within 4 combined std errors (plus the
 * BGK allowance for discrete barriers). */
static void test_products_match_references(void **state)
{
    (void)state;
    int checked = 0;
    for (size_t i = 0; i < MCS_PRODUCT_REF_COUNT; i++) {
        const mcs_product_ref *r = &mcs_product_refs[i];
        for (int v = 0; v < 3; v++) {
            if (v == 2 && i % 4 != 0)
                continue;
            mcs_precision prec = v == 2 ? MCS_DOUBLE : MCS_SINGLE;
            mcs_rng_id rng = v == 1 ? MCS_RNG_PCG64 : MCS_RNG_PHILOX;
            uint64_t paths = mcs_test_paths(r->steps > 12 ? 100000 : 400000);
            mcs_job job = product_ref_job(r, prec, rng, paths, 100 + i);
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            double se = sqrt(res.std_error * res.std_error + r->ref_se * r->ref_se);
            double allowance = strncmp(r->origin, "APPROXIMATION", 13) == 0
                                   ? BGK_RELATIVE_ERROR * fabs(r->price)
                                   : 0.0;
            double gap = fabs(res.price - r->price);
            char what[128];
            snprintf(what, sizeof what, "%s %s %s", r->name, v == 2 ? "double" : "single",
                     rng == MCS_RNG_PHILOX ? "philox" : "pcg64");
            print_message("  %-52s %11.6f ref %11.6f se %.1e z %+.2f\n", what, res.price,
                          r->price, se, (res.price - r->price) / se);
            /* a product worth exactly 0 (a down-out put struck below its
             * barrier) has no spread: then the price must be the reference */
            if (se == 0 ? gap > 1e-12 * (1 + fabs(r->price)) : gap > K_SE * se + allowance)
                fail_msg("%s: %.8f is %.2f std errors from the reference %.8f (%s)", what,
                         res.price, (res.price - r->price) / se, r->price, r->origin);
            checked++;
        }
    }
    assert_true(checked > 150);
}

/* A continuous lookback's price does not depend on the grid: the bridge
 * samples the extreme between steps exactly. Every lookback reference (its
 * steps = 1) again on finer grids: 13 steps (not a multiple of the split
 * uniform's byte span, models/split_uniform.h), 252 (one run of the CPU
 * kernel's split mode) and 300 (two runs: MCS_SPLIT_RUN = 256), with
 * Philox in single precision; 300 in double; 252 with PCG64 (the sparse
 * step instead). Under the sanitizers (MCS_TEST_LIGHT) on a quarter of the
 * paths: on all of them it took 201 s of the file's 4.5 minutes there. */
static void test_continuous_lookback_on_any_grid(void **state)
{
    (void)state;
    const struct {
        uint32_t steps;
        mcs_precision prec;
        mcs_rng_id rng;
    } grids[] = {{13, MCS_SINGLE, MCS_RNG_PHILOX},
                 {252, MCS_SINGLE, MCS_RNG_PHILOX},
                 {300, MCS_SINGLE, MCS_RNG_PHILOX},
                 {300, MCS_DOUBLE, MCS_RNG_PHILOX},
                 {252, MCS_SINGLE, MCS_RNG_PCG64}};
    _Static_assert(MCS_SPLIT_RUN < 300, "the 300-step grid takes two runs");
    int checked = 0;
    for (size_t i = 0; i < MCS_PRODUCT_REF_COUNT; i++) {
        const mcs_product_ref *r = &mcs_product_refs[i];
        if (r->payoff != MCS_PAYOFF_LOOKBACK || r->monitoring != MCS_MONITOR_CONTINUOUS)
            continue;
        for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++) {
            /* seeds 900 + i: with 700 + i the fixed call k90 at 300 steps lay
             * 4.4 std errors low, and a European on the same normals 3.4
             * (an unlucky stream: a plain dense loop over the same numbers,
             * written apart from the kernel, gave the same bits) */
            mcs_job job = product_ref_job(r, grids[g].prec, grids[g].rng, mcs_test_paths(50000),
                                          900 + i);
            job.sim.steps = grids[g].steps;
            mcs_result res = run_on("cpu", &job, 2, NULL, NULL);
            double z = (res.price - r->price) / res.std_error;
            print_message("  %-28s %3u steps %s %s %11.6f ref %11.6f z %+.2f\n", r->name,
                          grids[g].steps, grids[g].prec == MCS_DOUBLE ? "double" : "single",
                          grids[g].rng == MCS_RNG_PHILOX ? "philox" : "pcg64", res.price, r->price,
                          z);
            if (!(fabs(z) <= K_SE))
                fail_msg("%s at %u steps: %.8f is %.2f std errors from %.8f (%s)", r->name,
                         grids[g].steps, res.price, z, r->price, r->origin);
            checked++;
        }
    }
    assert_true(checked >= 16 * 5);
}

/* Knock-in + knock-out = the vanilla + the rebate, path by path, so on the
 * same paths (the barrier's two outputs against a European with the same
 * seed, grid and generator) the prices agree to float rounding; for both
 * monitorings, every barrier type and both precisions. */
static void test_in_plus_out_is_vanilla(void **state)
{
    (void)state;
    for (int b = 0; b < 4; b++)
        for (int m = 0; m < 2; m++)
            for (int p = 0; p < 2; p++) {
                mcs_job job;
                memset(&job, 0, sizeof job);
                job.model = (mcs_model_params){.id = MCS_MODEL_GBM, .spot = 100, .rate = 0.03,
                                               .dividend = 0.01, .volatility = 0.25};
                job.option.payoff = MCS_PAYOFF_BARRIER;
                job.option.type = b % 2 ? MCS_PUT : MCS_CALL;
                job.option.strike = 100;
                job.option.maturity = 1;
                mcs_barrier_params_in(&job.option)->barrier = b < 2 ? 85 : 120;
                mcs_barrier_params_in(&job.option)->barrier_type = (mcs_barrier_type)b;
                mcs_barrier_params_in(&job.option)->rebate = 2;
                job.option.monitoring = (mcs_monitoring)m;
                job.sim = (mcs_sim_params){.paths = mcs_test_paths(200000), .steps = 50, .seed = 7,
                    .rng = MCS_RNG_PHILOX, .precision = p ? MCS_DOUBLE : MCS_SINGLE,
                    .block_size = 65536};
                mcs_result bar = run_on("cpu", &job, 2, NULL, NULL);
                job.option.payoff = MCS_PAYOFF_EUROPEAN;
                mcs_result eur = run_on("cpu", &job, 2, NULL, NULL);
                double sum = bar.outputs[0].price + bar.outputs[1].price;
                double want = eur.price + 2 * exp(-0.03);
                double tol = (p ? 1e-12 : 2e-6) * want;
                print_message("  barrier type %d monitoring %d %s: in + out %.10f, vanilla + "
                              "rebate %.10f\n", b, m, p ? "double" : "single", sum, want);
                assert_int_equal(bar.n_outputs, 2);
                assert_true(fabs(sum - want) <= tol);
            }
}

/* A geometric (or arithmetic) Asian with one fixing at T is the European:
 * the same bits on the same paths. */
static void test_one_fixing_asian_is_european(void **state)
{
    (void)state;
    for (int a = 0; a < 2; a++)
        for (int p = 0; p < 2; p++) {
            mcs_job job;
            memset(&job, 0, sizeof job);
            job.model = (mcs_model_params){
                .id = MCS_MODEL_GBM, .spot = 100, .rate = 0.05, .dividend = 0, .volatility = 0.2};
            job.option.payoff = MCS_PAYOFF_ASIAN;
            job.option.type = MCS_CALL;
            job.option.strike = 95;
            job.option.maturity = 1;
            mcs_asian_params_in(&job.option)->average = (mcs_average_kind)a;
            mcs_asian_params_in(&job.option)->fixings = 1;
            job.option.strike_type = MCS_STRIKE_FIXED;
            job.sim = (mcs_sim_params){.paths = 300000, .steps = 1, .seed = 11,
                .rng = MCS_RNG_PHILOX, .precision = p ? MCS_DOUBLE : MCS_SINGLE,
                .block_size = 65536};
            mcs_result asian = run_on("cpu", &job, 2, NULL, NULL);
            job.option.payoff = MCS_PAYOFF_EUROPEAN;
            mcs_result eur = run_on("cpu", &job, 2, NULL, NULL);
            print_message("  %s, %s: asian %.17g european %.17g\n", a ? "geometric" : "arithmetic",
                          p ? "double" : "single", asian.price, eur.price);
            assert_true(same_bits(asian.price, eur.price));
            assert_true(same_bits(asian.std_error, eur.std_error));
        }
}

/* An Asian's fixing dates (payoffs/asian.h mcs_asian_watches, a test of
 * divisibility without a division): step k is a fixing exactly when the
 * stride (steps / fixings) divides k + 1, for every stride to 3000, odd,
 * even and powers of two, over the first steps and the last before 2^32. */
static void test_asian_fixings_without_division(void **state)
{
    (void)state;
    long checked = 0;
    for (uint32_t stride = 1; stride <= 3000; stride++) {
        mcs_option_params o;
        memset(&o, 0, sizeof o);
        const uint32_t fixings = 7, steps = fixings * stride;
        mcs_asian_params_in(&o)->fixings = fixings;
        const mcs_asian_coef c = mcs_asian_coef_make(&o, NULL, steps);
        assert_true(c.stride == stride);
        const uint32_t starts[2] = {0, UINT32_MAX - 3 * stride - 2};
        for (int r = 0; r < 2; r++)
            for (uint32_t k = starts[r]; k < starts[r] + 3 * stride + 2; k++, checked++)
                if (mcs_asian_watches(&c, k) != ((k + 1) % stride == 0)) {
                    print_message("stride %u, step %u: watches %d\n", stride, k,
                                  mcs_asian_watches(&c, k));
                    fail();
                }
    }
    assert_true(checked > 9000000);
    /* a grid the config refuses (5 steps, 12 fixings: a sweep row's steps
     * against its file's fixings, asked only its mode) is coefficients
     * all the same, not a division by its stride of 0 */
    mcs_option_params o;
    memset(&o, 0, sizeof o);
    mcs_asian_params_in(&o)->fixings = 12;
    const mcs_asian_coef c = mcs_asian_coef_make(&o, NULL, 5);
    assert_true(c.stride == 0 && c.limit == 0);
}

/* A barrier already breached at the spot knocks at once: the knock-out
 * pays its rebate on every path, the knock-in is the European. */
static void test_breached_barrier_knocks_at_once(void **state)
{
    (void)state;
    for (int m = 0; m < 2; m++) {
        mcs_job job;
        memset(&job, 0, sizeof job);
        job.model = (mcs_model_params){
            .id = MCS_MODEL_GBM, .spot = 100, .rate = 0.05, .dividend = 0, .volatility = 0.2};
        job.option.payoff = MCS_PAYOFF_BARRIER;
        job.option.type = MCS_CALL;
        job.option.strike = 100;
        job.option.maturity = 1;
        mcs_barrier_params_in(&job.option)->barrier = 105; /* an up barrier above... a down barrier at 105 is breached */
        mcs_barrier_params_in(&job.option)->barrier_type = MCS_BARRIER_DOWN_OUT;
        mcs_barrier_params_in(&job.option)->rebate = 3;
        job.option.monitoring = (mcs_monitoring)m;
        job.sim = (mcs_sim_params){.paths = 100000, .steps = 10, .seed = 3,
            .rng = MCS_RNG_PHILOX, .precision = MCS_DOUBLE, .block_size = 65536};
        mcs_result r = run_on("cpu", &job, 2, NULL, NULL);
        assert_true(fabs(r.price - 3 * exp(-0.05)) < 1e-12);
        assert_true(r.std_error < 1e-12);
        job.option.payoff = MCS_PAYOFF_EUROPEAN;
        mcs_result eur = run_on("cpu", &job, 2, NULL, NULL);
        assert_true(fabs(r.outputs[1].price - eur.price) < 1e-12 * eur.price);
    }
}

/* Payoff i of {barrier (two outputs), 12-fixing Asian, lookback (uniforms)},
 * continuous monitoring, 12 steps, on generator g (0 philox, 1 pcg64). */
static mcs_job multi_step_job(int i, int g, mcs_precision precision, uint64_t paths)
{
    const mcs_payoff_id payoffs[] = {MCS_PAYOFF_BARRIER, MCS_PAYOFF_ASIAN, MCS_PAYOFF_LOOKBACK};
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = 100, .rate = 0.05, .dividend = 0, .volatility = 0.2};
    job.option.payoff = payoffs[i];
    job.option.type = MCS_CALL;
    job.option.strike = 100;
    job.option.maturity = 1;
    if (payoffs[i] == MCS_PAYOFF_BARRIER) /* each payoff's own block */
        mcs_barrier_params_in(&job.option)->barrier = 90;
    if (payoffs[i] == MCS_PAYOFF_ASIAN)
        mcs_asian_params_in(&job.option)->fixings = 12;
    job.option.strike_type = i == 2 ? MCS_STRIKE_FLOATING : MCS_STRIKE_FIXED;
    job.option.monitoring = MCS_MONITOR_CONTINUOUS;
    job.sim = (mcs_sim_params){.paths = paths, .steps = 12, .seed = 5,
        .rng = g ? MCS_RNG_PCG64 : MCS_RNG_PHILOX, .precision = precision, .block_size = 1000};
    return job;
}

/* Every compiled instruction-set variant (MCSIM_CPU_ISA; the AVX-512 one
 * builds Philox counters and interleaves its words in vector registers,
 * packs the continuous lookback's kept path-steps with vpcompressd, and
 * with pcg64 observes it sparsely) gives the same bits for normals and
 * uniforms, in both precisions. Cases 3 and 4: the lookback over 252 steps
 * on the minimum (floating call) and on the maximum (fixed-strike call),
 * Philox (the split mode); case 5: over 300 steps (two runs); case 6: over
 * 252 steps with pcg64 (the sparse step). */
static void test_bit_identical_across_instruction_sets(void **state)
{
    (void)state;
    const char *isas[] = {"v1", "v3", "v4"};
    int compared = 0; /* variants run: fewer than two compare nothing */
    for (int i = 0; i < 7; i++)
        for (int prec = 0; prec < 2; prec++) {
            mcs_job job = multi_step_job(i < 3 ? i : 2, i == 6, prec ? MCS_DOUBLE : MCS_SINGLE,
                                         20011);
            if (i >= 3) {
                job.sim.steps = i == 5 ? 300 : 252;
                job.option.strike_type = i == 4 ? MCS_STRIKE_FIXED : MCS_STRIKE_FLOATING;
            }
            unsetenv("MCSIM_CPU_ISA");
            mcs_result ref = run_on("cpu", &job, 2, NULL, NULL);
            for (int k = 0; k < 3; k++) {
                setenv("MCSIM_CPU_ISA", isas[k], 1);
                if (!mcs_block_kernel(&job)) {
                    print_message("  %s not available on this CPU or build: not compared\n",
                                  isas[k]);
                    continue;
                }
                mcs_result r = run_on("cpu", &job, 2, NULL, NULL);
                compared += i == 0 && prec == 0;
                for (int j = 0; j < ref.n_outputs; j++)
                    assert_true(same_bits(r.outputs[j].price, ref.outputs[j].price));
            }
            unsetenv("MCSIM_CPU_ISA");
        }
    if (compared < 2)
        skip(); /* reported as skipped, not passed */
}

/* Two outputs per path, a 12-fixing Asian and a lookback with uniforms:
 * the same bits for any thread count (the fixed merge tree). */
static void test_bit_identical_across_thread_counts(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++)
        for (int g = 0; g < 2; g++) {
            mcs_job job = multi_step_job(i, g, MCS_SINGLE, 100003);
            mcs_result ref = run_on("cpu", &job, 1, NULL, NULL);
            int threads[] = {2, 3, 7};
            for (int t = 0; t < 3; t++) {
                mcs_result r = run_on("cpu", &job, threads[t], NULL, NULL);
                for (int j = 0; j < ref.n_outputs; j++) {
                    assert_true(same_bits(r.outputs[j].price, ref.outputs[j].price));
                    assert_true(same_bits(r.outputs[j].std_error, ref.outputs[j].std_error));
                }
            }
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_products_match_references),
        cmocka_unit_test(test_continuous_lookback_on_any_grid),
        cmocka_unit_test(test_in_plus_out_is_vanilla),
        cmocka_unit_test(test_one_fixing_asian_is_european),
        cmocka_unit_test(test_asian_fixings_without_division),
        cmocka_unit_test(test_breached_barrier_knocks_at_once),
        cmocka_unit_test(test_bit_identical_across_thread_counts),
        cmocka_unit_test(test_bit_identical_across_instruction_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
